//! cardstate-envs: the duel as a batched environment, the hot path of a training loop.
//!
//! [`DuelBatch`] holds `n` duels and steps them all in one call: the caller passes one action per
//! game and gets back, written into its own buffers, each game's observation and legal-action
//! mask for the player to act, the reward of the player who acted and whether its game ended.
//! A game that ends starts again at once, from a seed derived from `(seed, index, episode)`
//! only ([`game_seed`]), so a batch's games are reproducible one by one. One side of every game
//! can be played by a built-in agent ([`Opponent`]), or by a policy outside the batch asked for
//! all its games' actions at once (`policy.rs`, [`DuelBatch::set_policy_opponent`]), so that the
//! caller only ever sees its own decisions.
#![forbid(unsafe_code)]

pub mod batch;
pub mod legal;
mod policy;
mod workers;

pub use batch::{
    game_seed, ActionError, BatchError, DuelBatch, Opponent, Outputs, Seat, LEAST_GAMES_PER_THREAD,
    SPIN_AFTER_STEP,
};
pub use legal::LegalSet;
