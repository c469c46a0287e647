//! Which rules a game follows (SEMANTICS §1).

use crate::error::{Error, Reason, Result};
use crate::keywords::Types;

/// Which rules the game follows (SEMANTICS §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Ruleset {
    /// Current Magic rules (proliferate: each kind, 701.34a).
    Mtg = 0,
    /// Magic as in 2010 (proliferate: one chosen kind, old 701.23a).
    Mtg2010 = 1,
    /// The Berserk CCG property rules.
    Berserk = 2,
}

pub const RULESET_NAMES: [&str; 3] = ["mtg", "mtg-2010", "berserk"];

impl Ruleset {
    pub fn parse(name: &str) -> Result<Ruleset> {
        match name {
            "mtg" => Ok(Ruleset::Mtg),
            "mtg-2010" => Ok(Ruleset::Mtg2010),
            "berserk" => Ok(Ruleset::Berserk),
            _ => Err(Error::refused(
                Reason::UnknownName,
                format!(
                    "unknown ruleset {name:?}; valid rulesets: {}",
                    RULESET_NAMES.join(", ")
                ),
            )),
        }
    }
    pub fn as_str(self) -> &'static str {
        RULESET_NAMES[self as usize]
    }
    pub fn from_u8(v: u8) -> Option<Ruleset> {
        [Ruleset::Mtg, Ruleset::Mtg2010, Ruleset::Berserk]
            .get(v as usize)
            .copied()
    }
    pub fn is_magic(self) -> bool {
        self != Ruleset::Berserk
    }
    pub fn types(self) -> Types {
        if self.is_magic() {
            Types::MAGIC
        } else {
            Types::BERSERK
        }
    }
}
