//! `Duel::observation_over` (the batch's sparse write over its last observation) equals
//! `Duel::observation` along seeded random games of the pool's decks: for the player to act,
//! for the other player, and for both in turn into one buffer (the permanents' slots written
//! again or left as they were, by the player and the state).
use cardstate_core::Zone;
use cardstate_duel::observe::slot_features_at;
use cardstate_duel::rng::SplitMix;
use cardstate_duel::testing::card;
use cardstate_duel::{Duel, Pool, Written};

fn deck(name: &str) -> Vec<u16> {
    Pool::builtin()
        .registered_deck(name)
        .expect("a registered deck")
}

/// One buffer written over and over with `observation_over`, checked against `observation`.
struct Over {
    out: Vec<f32>,
    written: Written,
}

impl Over {
    fn new(len: usize) -> Over {
        Over {
            out: vec![0.0; len],
            written: Written::default(),
        }
    }

    fn check(&mut self, d: &Duel, p: usize, fresh: &mut [f32]) {
        d.observation_over(p, &mut self.out, &mut self.written);
        d.observation(p, fresh);
        // Bit for bit: a -0.0 left where a +0.0 belongs would be a difference.
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&self.out), bits(fresh), "player {p}");
    }
}

#[test]
fn observation_over_equals_observation_along_random_games() {
    let t = Pool::builtin();
    let names: Vec<String> = cardstate_effects::CardDb::pool()
        .decks()
        .keys()
        .cloned()
        .collect();
    let mut checked = 0u64;
    for (g, pair) in names.windows(2).chain([&names[..1]]).enumerate() {
        let (a, b) = (deck(&pair[0]), deck(&pair[pair.len() - 1]));
        for seed in 0..4u64 {
            let mut d = Duel::new(t, &a, &b, seed + 10 * g as u64, 40).unwrap();
            let len = d.observation_len();
            let mut fresh = vec![0.0; len];
            // The player to act, always player 0, and both players one after the other.
            let (mut acting, mut zero, mut both) = (Over::new(len), Over::new(len), Over::new(len));
            let mut rng = SplitMix::new(seed);
            let mut legal = Vec::new();
            while !d.is_terminal() {
                let p = d.current_player() as usize;
                acting.check(&d, p, &mut fresh);
                zero.check(&d, 0, &mut fresh);
                both.check(&d, p, &mut fresh);
                both.check(&d, 1 - p, &mut fresh);
                checked += 1;
                d.legal_actions(&mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                d.apply_action(a).unwrap();
            }
            // A buffer of zeros with its description forgotten is written whole.
            acting.out.fill(0.0);
            acting.written.forget();
            acting.check(&d, 0, &mut fresh);
        }
    }
    assert!(checked > 1000, "games were played ({checked} states)");
}

/// One buffer written for a game and then for a copy of it played on differently: each
/// observation still equals `observation` (the copy's unchanged-looking entities are not the
/// original's).
#[test]
fn observation_over_a_copys_observation_equals_observation() {
    let t = Pool::builtin();
    let names: Vec<String> = cardstate_effects::CardDb::pool()
        .decks()
        .keys()
        .cloned()
        .collect();
    let (a, b) = (deck(&names[0]), deck(&names[names.len() - 1]));
    let mut checked = 0u64;
    for seed in 0..6u64 {
        let mut d = Duel::new(t, &a, &b, seed, 40).unwrap();
        let len = d.observation_len();
        let (mut fresh, mut over) = (vec![0.0; len], Over::new(len));
        let mut rng = SplitMix::new(seed);
        let mut legal = Vec::new();
        while !d.is_terminal() {
            let mut copy = d.clone();
            over.check(&d, 0, &mut fresh);
            // The same number of changes in each, different ones where the choices differ.
            for g in [&mut d, &mut copy] {
                if g.is_terminal() {
                    continue;
                }
                g.legal_actions(&mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                g.apply_action(a).unwrap();
            }
            over.check(&copy, 0, &mut fresh);
            checked += 1;
        }
    }
    assert!(checked > 100, "games were played ({checked} states)");
}

/// Each permanent slot says whether its permanent is a token (111.1: none of these is) and
/// whether it is legendary (205.4d), for both sides, in `observation` and `observation_over`
/// alike.
#[test]
fn permanent_slots_show_legendary_permanents_205_4d() {
    let mut legend = card("Legend", &["creature"], &[], "{G}", Some((1, 1)), &[]);
    legend.supertypes = vec!["legendary".into()];
    let t = cardstate_duel::testing::pool(vec![
        card("Test Forest", &["land"], &["Forest"], "", None, &[]),
        card("Bear", &["creature"], &[], "{1}{G}", Some((2, 2)), &[]),
        legend,
        card("Cub", &["creature"], &[], "{G}", Some((1, 1)), &[]),
    ]);
    let (forest, bear, legend, cub) = (0, 1, 2, 3);
    let n = t.len();
    let deck = vec![forest; 40];
    let mut d = Duel::new(t, &deck, &deck, 3, 40).unwrap();
    for (p, c) in [(0, bear), (0, legend), (1, cub)] {
        d.add_card(p, c, Zone::Battlefield).unwrap();
    }
    let mut obs = vec![0.0; d.observation_len()];
    let mut over = Over::new(d.observation_len());
    for p in 0..2 {
        d.observation(p, &mut obs);
        over.check(&d, p, &mut vec![0.0; d.observation_len()]);
        // (side relative to p, slot) -> (token, legendary); the features after 11 others.
        let mine = if p == 0 { 0 } else { 1 };
        for (side, slot, want) in [
            (mine, 0, (0.0, 0.0)),
            (mine, 1, (0.0, 1.0)),
            (1 - mine, 0, (0.0, 0.0)),
            (1 - mine, 1, (0.0, 0.0)),
        ] {
            let at = slot_features_at(n, side, slot);
            let present = if (side == mine) || slot == 0 {
                1.0
            } else {
                0.0
            };
            assert_eq!(
                obs[at], present,
                "player {p} side {side} slot {slot} present"
            );
            assert_eq!(
                (obs[at + 11], obs[at + 12]),
                want,
                "player {p} side {side} slot {slot}"
            );
        }
    }
}
