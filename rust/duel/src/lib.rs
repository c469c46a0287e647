//! cardstate-duel: a two-player game of Magic on the cardstate kernel.
//!
//! The rules it plays, the action space and every simplification are in docs/DUEL.md. The
//! duel is `Clone` (a memory copy plus shared card tables), deterministic from its seed, and
//! writes its legal actions and observations into the caller's buffers.
#![forbid(unsafe_code)]

pub mod actions;
pub mod cards;
pub mod codec;
pub mod duel;
pub mod effects;
pub mod mana;
pub mod observe;
pub mod rng;
pub mod text;

pub use actions::{Action, NUM_ACTIONS};
pub use cards::{CardId, CardTable};
pub use duel::{Duel, DuelError, Outcome, Pending, Step, TERMINAL};
pub use observe::Written;
