//! The duel's rules, by CR number, on made-up test cards.
mod common;

use cardstate_core::Zone;
use cardstate_duel::{actions, Duel, Options, Outcome, Pending, Step};
use common::*;

fn manual(seed: u64) -> Duel {
    let mut d = duel(seed);
    d.set_auto_pass(false);
    d
}

#[test]
fn random_games_end_and_are_reproducible() {
    for seed in 0..30 {
        let mut a = duel(seed);
        let mut b = duel(seed);
        let na = random_game(&mut a, seed);
        let nb = random_game(&mut b, seed);
        assert_eq!(na, nb);
        assert_eq!(a.log(), b.log());
        assert_eq!(a.returns(), b.returns());
        assert!(a.is_terminal());
    }
}

#[test]
fn opening_hands_are_seven_cards_103_5() {
    let d = manual(3);
    assert_eq!(d.side(0).hand.len() + d.side(1).hand.len(), 14);
    assert_eq!(d.side(0).library.len() + d.side(1).library.len(), 66);
}

#[test]
fn the_starting_player_skips_the_first_draw_103_8a() {
    let mut d = manual(5);
    let first = d.active_player() as usize;
    pass_until(&mut d, 1, Step::Main1);
    assert_eq!(d.side(first).hand.len(), 7);
    pass_until(&mut d, 2, Step::Main1);
    assert_eq!(d.side(1 - first).hand.len(), 8);
    assert_eq!(
        d.active_player() as usize,
        1 - first,
        "turns alternate (500.1)"
    );
}

#[test]
fn drawing_from_an_empty_library_loses_704_5b() {
    let t = table();
    let f = vec![id(&t, "Test Forest"); 7];
    let mut d = Duel::with_options(t, &f, &f, 1, 40, Options::FAST).unwrap();
    let first = d.active_player();
    // Nobody can do anything but play lands; the second player draws from an empty library.
    random_game(&mut d, 0);
    assert_eq!(d.outcome(), Some(Outcome::Winner(first)));
    assert_eq!(d.turn(), 2);
}

#[test]
fn the_turn_limit_ends_in_a_draw() {
    let t = table();
    let f = forests(&t);
    let mut d = Duel::with_options(t, &f, &f, 1, 10, Options::FAST).unwrap();
    random_game(&mut d, 0);
    assert_eq!(d.outcome(), Some(Outcome::Draw));
    assert_eq!(d.returns(), [0.0, 0.0]);
    assert_eq!(d.turn(), 10);
}

#[test]
fn summoning_sickness_302_6_and_haste_702_10() {
    let mut d = manual(2);
    let t = d.pool();
    let a = d.active_player() as usize;
    pass_until(&mut d, 1, Step::Main1);
    // Cast a Goblin (haste) and a Bear, both new this turn.
    d.add_card(a, id(&t, "Test Mountain"), Zone::Battlefield)
        .unwrap();
    d.add_card(a, id(&t, "Test Forest"), Zone::Battlefield)
        .unwrap();
    d.add_card(a, id(&t, "Test Forest"), Zone::Battlefield)
        .unwrap();
    d.add_card(a, id(&t, "Goblin"), Zone::Hand).unwrap();
    d.add_card(a, id(&t, "Bear"), Zone::Hand).unwrap();
    let slot = |d: &Duel, name: &str| {
        let c = id(&t, name);
        d.side(a).hand.iter().position(|&x| x == c).unwrap() as u32
    };
    let s = slot(&d, "Goblin");
    d.apply_action(actions::HAND + s).unwrap();
    pass_until_resolved(&mut d);
    let s = slot(&d, "Bear");
    d.apply_action(actions::HAND + s).unwrap();
    pass_until_resolved(&mut d);
    assert_eq!(d.battlefield(a).len(), 5);
    while d.step() != Step::DeclareAttackers || d.pending() == Pending::Priority {
        d.apply_action(actions::PASS).unwrap();
    }
    // Only the Goblin is a candidate.
    assert_eq!(d.combat().candidates.len(), 1);
    let gob = d.combat().candidates[0];
    assert_eq!(d.card_of(gob), id(&t, "Goblin"));
}

fn pass_until_resolved(d: &mut Duel) {
    while !d.stack().is_empty() {
        d.apply_action(actions::PASS).unwrap();
    }
}

#[test]
fn illegal_actions_change_nothing() {
    let mut d = duel(4);
    let before = d.log().len();
    assert!(d.apply_action(actions::NUM_ACTIONS).is_err());
    assert!(d.apply_action(actions::NUMBER + 5).is_err());
    assert_eq!(d.log().len(), before);
}

#[test]
fn the_mask_lists_only_applicable_actions() {
    let mut d = duel(9);
    let mut legal = Vec::new();
    for step in 0..300 {
        if d.is_terminal() {
            break;
        }
        d.legal_actions(&mut legal);
        assert!(legal.windows(2).all(|w| w[0] < w[1]), "ascending");
        for &a in &legal {
            let s = d.action_to_string(a);
            let w = s.split(' ').next().unwrap();
            assert!(
                [
                    "pass",
                    "play",
                    "cast",
                    "activate",
                    "target",
                    "attack",
                    "block",
                    "proliferate",
                    "choose",
                    "assign",
                    "sacrifice",
                    "yes",
                    "no"
                ]
                .contains(&w),
                "{s}"
            );
            assert_eq!(d.string_to_action(&s), Some(a), "{s}");
        }
        d.apply_action(legal[step % legal.len()]).unwrap();
    }
}

#[test]
fn bytes_replay_to_the_same_state() {
    for seed in 0..20 {
        let mut d = duel(seed);
        let mut rng = cardstate_duel::rng::SplitMix::new(seed);
        let mut legal = Vec::new();
        let mut k = 0;
        while !d.is_terminal() {
            if k % 17 == 0 {
                let b = d.to_bytes();
                let e = Duel::from_bytes(d.pool(), &b).unwrap();
                assert_eq!(e.state_hash(), d.state_hash());
                assert_eq!(e.to_bytes(), b);
                let r = d.resample(k % 2, seed);
                let rb = Duel::from_bytes(d.pool(), &r.to_bytes()).unwrap();
                assert_eq!(rb.state_hash(), r.state_hash());
            }
            d.legal_actions(&mut legal);
            d.apply_action(legal[rng.below(legal.len() as u32) as usize])
                .unwrap();
            k += 1;
        }
    }
}

#[test]
fn hostile_bytes_are_refused() {
    let d = duel(1);
    let b = d.to_bytes();
    for cut in 0..b.len() {
        assert!(Duel::from_bytes(table(), &b[..cut]).is_err());
    }
    let mut rng = cardstate_duel::rng::SplitMix::new(5);
    for _ in 0..2000 {
        let mut m = b.clone();
        let i = rng.below(m.len() as u32) as usize;
        m[i] ^= 1 << rng.below(8);
        let _ = Duel::from_bytes(table(), &m);
    }
}

#[test]
fn resample_keeps_the_observation_and_changes_the_hidden_cards() {
    let mut changed = 0;
    for seed in 0..20 {
        let mut d = duel(seed);
        let mut rng = cardstate_duel::rng::SplitMix::new(seed);
        let mut legal = Vec::new();
        for _ in 0..30 {
            if d.is_terminal() {
                break;
            }
            d.legal_actions(&mut legal);
            d.apply_action(legal[rng.below(legal.len() as u32) as usize])
                .unwrap();
        }
        let n = d.observation_len();
        for p in 0..2 {
            let mut a = vec![0.0; n];
            let mut b = vec![0.0; n];
            let r = d.resample(p, seed + 100);
            d.observation(p, &mut a);
            r.observation(p, &mut b);
            assert_eq!(a, b);
            assert_eq!(r.side(p).hand, d.side(p).hand);
            let q = 1 - p;
            let mut before: Vec<u16> = d
                .side(q)
                .hand
                .iter()
                .chain(&d.side(q).library)
                .copied()
                .collect();
            let mut after: Vec<u16> = r
                .side(q)
                .hand
                .iter()
                .chain(&r.side(q).library)
                .copied()
                .collect();
            if r.side(q).hand != d.side(q).hand || r.side(q).library != d.side(q).library {
                changed += 1;
            }
            before.sort();
            after.sort();
            assert_eq!(before, after, "the same cards, dealt again");
        }
    }
    assert!(changed > 30);
}

#[test]
fn clone_from_equals_clone() {
    let mut a = duel(3);
    let mut b = duel(4);
    random_game(&mut b, 1);
    let mut legal = Vec::new();
    for _ in 0..40 {
        a.legal_actions(&mut legal);
        a.apply_action(legal[legal.len() / 2]).unwrap();
    }
    b.clone_from(&a);
    assert_eq!(b.state_hash(), a.state_hash());
    assert_eq!(b.to_bytes(), a.to_bytes());
    let mut f = a.fork();
    random_game(&mut f, 2);
    assert_eq!(b.state_hash(), a.state_hash(), "a fork is independent");
}

#[test]
fn a_fork_written_over_a_spare_equals_a_fork() {
    let mut a = duel_after(3, 40);
    // A spare from a duel of other buffers (a finished game of another seed).
    let mut b = duel(4);
    random_game(&mut b, 1);
    let mut c = cardstate_duel::duel::Spare::new(Box::new(b)).fork_from(&mut a);
    let mut f = a.fork();
    let (mut lc, mut lf) = (Vec::new(), Vec::new());
    while !f.is_terminal() {
        assert_eq!(c.state_hash(), f.state_hash());
        assert_eq!(c.to_bytes(), f.to_bytes());
        c.legal_actions(&mut lc);
        f.legal_actions(&mut lf);
        assert_eq!(lc, lf);
        let x = lf[lf.len() / 3];
        c.apply_action(x).unwrap();
        f.apply_action(x).unwrap();
    }
    assert!(c.is_terminal());
    let fresh = duel_after(3, 40);
    assert_eq!(
        a.state_hash(),
        fresh.state_hash(),
        "the original is independent"
    );
    a.legal_actions(&mut lc);
    fresh.legal_actions(&mut lf);
    assert_eq!(lc, lf);
}

/// Seed `seed`'s duel after `n` decisions of the middle legal action.
fn duel_after(seed: u64, n: usize) -> Duel {
    let mut d = duel(seed);
    let mut legal = Vec::new();
    for _ in 0..n {
        d.legal_actions(&mut legal);
        d.apply_action(legal[legal.len() / 2]).unwrap();
    }
    d
}

fn pool_duel(d0: &str, d1: &str, seed: u64) -> Duel {
    let db = cardstate_effects::CardDb::pool();
    let a: Vec<u16> = db.deck(d0).unwrap().iter().map(|c| c.0).collect();
    let b: Vec<u16> = db.deck(d1).unwrap().iter().map(|c| c.0).collect();
    Duel::new(cardstate_duel::Pool::builtin(), &a, &b, seed, 40).unwrap()
}

#[test]
fn random_games_on_the_pool_decks() {
    let decks = ["infect", "proliferate", "energy", "evergreen"];
    let mut legal = Vec::new();
    for seed in 0..200u64 {
        let d0 = decks[seed as usize % 4];
        let d1 = decks[(seed as usize / 4) % 4];
        let mut d = pool_duel(d0, d1, seed);
        let mut rng = cardstate_duel::rng::SplitMix::new(seed);
        let mut n = 0;
        while !d.is_terminal() {
            d.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "{:?} {}", d.pending(), d.board());
            for &a in &legal {
                let s = d.action_to_string(a);
                assert_eq!(d.string_to_action(&s), Some(a), "{s}");
            }
            d.apply_action(legal[rng.below(legal.len() as u32) as usize])
                .unwrap();
            n += 1;
            assert!(n < 20_000);
        }
        let b = d.to_bytes();
        let e = Duel::from_bytes(cardstate_duel::Pool::builtin(), &b).unwrap();
        assert_eq!(e.state_hash(), d.state_hash());
    }
}

#[test]
fn resample_into_equals_resample() {
    let mut d = duel(8);
    let mut legal = Vec::new();
    for _ in 0..30 {
        d.legal_actions(&mut legal);
        d.apply_action(legal[0]).unwrap();
    }
    let mut out = duel(1);
    d.resample_into(1, 77, &mut out);
    assert_eq!(out.state_hash(), d.resample(1, 77).state_hash());
    assert_eq!(out.to_bytes(), d.resample(1, 77).to_bytes());
}

#[test]
fn the_decision_cap_bounds_every_game() {
    let t = table();
    let f = forests(&t);
    let mut d = Duel::with_options(t, &f, &f, 1, 2, Options::FAST).unwrap();
    d.set_auto_pass(false);
    assert_eq!(d.max_game_length(), 512);
    let n = random_game(&mut d, 0);
    assert!(n <= 512);
}
