//! The agents' random numbers: a PCG stream per agent and per game, seeds mixed with SplitMix64
//! (the duel's, `cardstate_duel::rng::mix64`: one definition for both crates).

use rand_core::{RngCore, SeedableRng};

pub use cardstate_duel::rng::mix64;

/// The random stream of an agent.
pub type Rng = rand_pcg::Pcg64Mcg;

/// A seed derived from two values (order matters): distinct pairs give unrelated streams.
#[inline]
pub fn derive(a: u64, b: u64) -> u64 {
    mix64(mix64(a) ^ b.rotate_left(32) ^ 0xD1B5_4A32_D192_ED03)
}

/// A new stream from a seed.
pub fn rng_from(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// A uniform integer in `0..n` (`n > 0`), by Lemire's multiply-shift (the bias is below 2^-32
/// for the small `n` of action lists).
#[inline]
pub fn below(rng: &mut Rng, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// A uniform float in `[0, 1)`.
#[inline]
pub fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}
