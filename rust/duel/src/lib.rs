//! cardstate-duel: a two-player game of Magic on the cardstate kernel.
//!
//! The rules it plays, the action space and every simplification are in docs/DUEL.md. The
//! duel is `Clone` (its state, record and cache; the card pool is shared), deterministic from
//! its seed, and writes its legal actions and observations into the caller's buffers.
#![forbid(unsafe_code)]

pub mod actions;
pub mod cards;
pub mod deck;
pub mod duel;
pub mod mana;
pub mod rng;
pub mod testing;

pub use actions::{Action, NUM_ACTIONS};
pub use cards::{CardId, Pool};
pub use deck::Format;
pub use duel::observe::{self, Written};
pub use duel::{
    effects, Decision, Duel, DuelError, Options, Outcome, Pending, Prior, Share, Step, Subject,
    DECISION_NAMES, TERMINAL,
};
