//! A card's printed characteristics, shared by every object the card becomes, and their hash.

use super::{Cost, Entity};
use crate::hash::{combine, name_hash};
use crate::keywords::{Keywords, Supertypes, Types};
use crate::names::{NameTable, Subtypes};
use crate::zones::Zone;

/// What a card says (its printed characteristics); shared by every object the card becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    pub name: Box<str>,
    pub types: Types,
    /// Supertypes (205.4: legendary, basic, ...).
    pub supertypes: Supertypes,
    /// Ids in the game's subtype table (compare names across games: `Game::eq`).
    pub subtypes: Subtypes,
    pub keywords: Keywords,
    pub toxic: u32,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub loyalty: Option<u32>,
    pub defense: Option<u32>,
    pub cost: Option<Cost>,
    pub strength: Option<i32>,
    pub lives: Option<i32>,
    pub movement: Option<i32>,
    pub elite: bool,
    /// A token (111.1), not a card: every object it becomes is a token (111.8, 704.5d).
    pub token: bool,
    /// `compute_hash()`, cached (the card never changes).
    pub hash: u64,
    /// The characteristics hash of a fresh object of this card, cached for `spawn`.
    pub fresh_chars: u64,
}

impl Printed {
    /// Fills in the cached hash.
    pub(crate) fn finish(mut self, names: &NameTable) -> Printed {
        self.hash = self.compute_hash(names);
        self.fresh_chars = Entity::object(0, &self, 0, Zone::Library).chars_hash(names);
        self
    }

    pub(crate) fn compute_hash(&self, names: &NameTable) -> u64 {
        let mut h = name_hash(&self.name);
        h = combine(h, self.types.0 as u64);
        for &s in &self.subtypes {
            h = combine(h, names.hash(s));
        }
        h = combine(h, self.keywords.0 as u64 | (self.toxic as u64) << 32);
        for v in [
            self.power,
            self.toughness,
            self.strength,
            self.lives,
            self.movement,
        ] {
            h = combine(h, opt_i32(v));
        }
        for v in [self.loyalty, self.defense] {
            h = combine(h, v.map_or(u64::MAX, |v| v as u64));
        }
        h = combine(
            h,
            self.cost
                .map_or(u64::MAX, |c| c.base as u64 | (c.xs as u64) << 32),
        );
        combine(
            h,
            self.elite as u64 | (self.token as u64) << 1 | (self.supertypes.0 as u64) << 8,
        )
    }
}

pub(super) fn opt_i32(v: Option<i32>) -> u64 {
    v.map_or(u64::MAX, |v| v as u32 as u64)
}
