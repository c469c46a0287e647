//! Effects the game holds besides the replacement effects: prevention shields,
//! redirections and cost modifiers.

use crate::keywords::Types;
use crate::names::Subtypes;

/// A prevention shield (615): prevents damage to `target`, from `source` if given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shield {
    pub target: u32,
    /// Remaining amount; `None` prevents all damage until cleanup.
    pub amount: Option<u64>,
    pub source: Option<u32>,
}

/// A redirection effect (614.9-style replacement): the next damage to `from` goes to `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redirect {
    pub from: u32,
    pub to: u32,
    pub amount: Option<u64>,
    pub source: Option<u32>,
}

/// A cost modifier (Berserk Heroes 104.3): one-off for a `card` in hand, or static from a
/// `source` on the battlefield applying to matching cards in hand and on the battlefield.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostModifier {
    pub amount: i64,
    pub card: Option<u32>,
    pub source: Option<u32>,
    pub subtypes: Subtypes,
    pub types: Types,
    pub controller: Option<u32>,
}
