//! Pinned trajectories: a digest of everything observable along seeded random games (the player
//! to act, the legal actions, both players' observations, the duel's state hash, the kernel's
//! bytes, the returns, the duel's bytes at the end). Code shaped for speed must leave every game
//! playing exactly as before: these digests prove it. A digest changes only with a change of the
//! rules or of the pool's cards, and then it is pinned again with the reason in the commit.
use std::hash::Hasher;

use cardstate_duel::rng::SplitMix;
use cardstate_duel::{Duel, Options, Pool};

fn deck(name: &str) -> Vec<u16> {
    Pool::builtin()
        .registered_deck(name)
        .expect("a registered deck")
}

/// FNV-1a over bytes: stable on every machine.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Plays `games` random games from `first_seed` on, hashing every step; returns the digest and
/// the decisions taken (so a digest can't pass by playing nothing).
fn digest(
    d0: &str,
    d1: &str,
    first_seed: u64,
    games: u64,
    auto_pass: bool,
    options: Options,
) -> (u64, u64) {
    let t = Pool::builtin();
    let (a, b) = (deck(d0), deck(d1));
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut legal = Vec::new();
    let mut obs = Vec::new();
    let mut decisions = 0;
    for seed in first_seed..first_seed + games {
        let mut d = Duel::with_options(t, &a, &b, seed, 40, options).unwrap();
        if !auto_pass {
            d.set_auto_pass(false);
        }
        obs.resize(d.observation_len(), 0.0);
        let mut rng = SplitMix::new(seed ^ 0x5eed);
        loop {
            h.write_i32(d.current_player());
            h.write_u64(d.state_hash());
            h.write(&d.game().to_bytes());
            for p in 0..2 {
                d.observation(p, &mut obs);
                for v in &obs {
                    h.write_u32(v.to_bits());
                }
            }
            for r in d.returns() {
                h.write_u64(r.to_bits());
            }
            if d.is_terminal() {
                break;
            }
            d.legal_actions(&mut legal);
            for &x in &legal {
                h.write_u32(x);
            }
            let x = legal[rng.below(legal.len() as u32) as usize];
            d.apply_legal(x);
            decisions += 1;
        }
        h.write(&d.to_bytes());
    }
    (h.finish(), decisions)
}

#[test]
fn infect_against_energy_plays_as_pinned() {
    assert_eq!(
        // The fast variant (every option off): the play the benchmarks measure.
        digest("infect", "energy", 1, 12, true, Options::FAST),
        (1671475110004010773, 1515),
        "a change of behaviour"
    );
}

#[test]
fn proliferate_against_evergreen_plays_as_pinned() {
    assert_eq!(
        digest("proliferate", "evergreen", 100, 12, true, Options::FAST),
        (480384446718792310, 1478),
        "a change of behaviour"
    );
}

#[test]
fn energy_against_proliferate_without_auto_pass_plays_as_pinned() {
    assert_eq!(
        // By the rules: every decision (mulligans, the division of combat damage, each
        // priority).
        digest("energy", "proliferate", 200, 4, false, Options::RULES),
        (15506648568601739960, 2483),
        "a change of behaviour"
    );
}

#[test]
fn infect_against_energy_by_the_rules_plays_as_pinned() {
    assert_eq!(
        digest("infect", "energy", 1, 12, true, Options::RULES),
        (1840184250687133600, 1715),
        "a change of behaviour"
    );
}
