//! Effects the game holds besides the replacement effects (which include prevention shields
//! and redirections): cost modifiers.

use crate::keywords::Types;
use crate::names::Subtypes;

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
