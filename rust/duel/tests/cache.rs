//! The duel's cache is derived from its state alone (docs/DUEL.md, "State, record and cache"):
//! along seeded random games of the pool's decks, a twin whose cache is dropped before every
//! decision has the same legal actions, observations, position (`==`, `state_hash`) and bytes,
//! and plays on identically; so does a copy made at every step.

use cardstate_duel::rng::SplitMix;
use cardstate_duel::{Duel, Pool};

fn deck(name: &str) -> Vec<u16> {
    Pool::builtin()
        .registered_deck(name)
        .expect("a registered deck")
}

#[test]
fn a_duel_with_its_cache_dropped_plays_the_same() {
    let pool = Pool::builtin();
    let pairs = [("infect", "energy"), ("proliferate", "evergreen")];
    let mut steps = 0;
    for (i, (a, b)) in pairs.iter().enumerate() {
        for seed in 0..4u64 {
            let mut d = Duel::new(pool, &deck(a), &deck(b), seed + 10 * i as u64, 40).unwrap();
            let mut twin = d.clone();
            let mut rng = SplitMix::new(seed);
            let (mut legal, mut twin_legal) = (Vec::new(), Vec::new());
            let mut obs = vec![0.0; d.observation_len()];
            let mut twin_obs = obs.clone();
            while !d.is_terminal() {
                twin.drop_cache();
                d.legal_actions(&mut legal);
                twin.legal_actions(&mut twin_legal);
                assert_eq!(legal, twin_legal, "legal actions");
                for p in 0..2 {
                    d.observation(p, &mut obs);
                    twin.observation(p, &mut twin_obs);
                    assert_eq!(obs, twin_obs, "observation of player {p}");
                }
                assert!(d == twin, "the same position");
                assert_eq!(d.state_hash(), twin.state_hash());
                let copy = d.clone();
                assert!(copy == d && copy.state_hash() == d.state_hash());
                let x = legal[rng.below(legal.len() as u32) as usize];
                d.apply_action(x).unwrap();
                twin.apply_action(x).unwrap();
                steps += 1;
            }
            assert!(twin.is_terminal());
            assert_eq!(d.returns(), twin.returns());
            assert_eq!(d.to_bytes(), twin.to_bytes());
        }
    }
    assert!(steps > 500, "games were played ({steps} decisions)");
}
