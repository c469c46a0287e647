//! The London mulligan (103.5) and the cleanup discard (514.1), decisions of the duel.
mod common;

use cardstate_core::Zone;
use cardstate_duel::{actions, Decision, Duel, Options, Pending, Step};
use common::*;

/// A duel by the rules on the test deck, waiting for the first mulligan decision.
fn rules_duel(seed: u64) -> Duel {
    let t = table();
    let d = deck(&t);
    Duel::new(t, &d, &d, seed, 40).unwrap()
}

/// The cards of p's hand and library, sorted (a mulligan keeps them all).
fn cards_of(d: &Duel, p: usize) -> Vec<u16> {
    let s = d.side(p);
    let mut all: Vec<u16> = s.hand.iter().chain(s.library.iter()).copied().collect();
    all.sort_unstable();
    all
}

#[test]
fn the_starting_player_declares_first_then_the_other_103_5() {
    let mut d = rules_duel(1);
    let first = d.active_player() as i32;
    assert_eq!(
        (d.turn(), d.step()),
        (1, Step::Untap),
        "before the first turn"
    );
    assert_eq!(d.decision(), Decision::Mulligan);
    assert_eq!(d.current_player(), first);
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert_eq!(legal, vec![actions::YES, actions::NO]);
    assert_eq!(d.action_to_string(actions::YES), "keep your hand");
    assert_eq!(d.action_to_string(actions::NO), "mulligan");
    d.apply_action(actions::YES).unwrap();
    assert_eq!(
        d.current_player(),
        1 - first,
        "then the other player (103.5)"
    );
    d.apply_action(actions::YES).unwrap();
    assert_ne!(
        d.decision(),
        Decision::Mulligan,
        "both kept: the game begins"
    );
    assert_eq!(d.side(0).hand.len(), 7);
    assert_eq!(d.side(1).hand.len(), 7);
    assert_eq!((d.side(0).mulligans, d.side(1).mulligans), (0, 0));
}

#[test]
fn without_mulligans_the_game_begins_at_once() {
    let t = table();
    let d = deck(&t);
    let d = Duel::with_options(t, &d, &d, 1, 40, Options::FAST).unwrap();
    assert_eq!(d.pending(), Pending::Priority);
    assert!(!d.options().mulligans);
}

#[test]
fn a_mulligan_is_a_fresh_seven_then_one_card_on_the_bottom_103_5() {
    let mut d = rules_duel(2);
    let s = d.active_player() as usize;
    let before = cards_of(&d, s);
    let hand_before = d.side(s).hand.clone();
    d.apply_action(actions::NO).unwrap(); // the starting player declares a mulligan
    assert_eq!(
        d.side(s).hand,
        hand_before,
        "taken once every player has declared"
    );
    d.apply_action(actions::YES).unwrap(); // the other keeps
                                           // 103.5: the hand shuffled into the library, seven drawn, one to put on the bottom.
    assert_eq!(d.side(s).mulligans, 1);
    assert_eq!(d.side(s).hand.len(), 7);
    assert_eq!(d.side(s).library.len(), 33);
    assert_eq!(cards_of(&d, s), before, "the same cards, dealt again");
    assert_eq!(d.decision(), Decision::Bottom);
    assert_eq!(d.current_player(), s as i32);
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    let hand = d.side(s).hand.clone();
    let distinct = hand.windows(2).filter(|w| w[0] != w[1]).count() + 1;
    assert_eq!(legal.len(), distinct, "each hand slot, equal cards once");
    let chosen = hand[0];
    let words = d.action_to_string(actions::HAND);
    assert!(words.starts_with("put ") && words.contains("on the bottom of your library"));
    d.apply_action(actions::HAND).unwrap();
    assert_eq!(d.side(s).hand.len(), 6);
    assert_eq!(d.side(s).library[0], chosen, "on the bottom");
    assert_eq!(d.side(s).bottom, 1);
    // The next round: the starting player again (the other kept and may not mulligan).
    assert_eq!(d.decision(), Decision::Mulligan);
    assert_eq!(d.current_player(), s as i32);
    d.apply_action(actions::YES).unwrap();
    assert_eq!(d.side(s).hand.len(), 6, "7 - 1 after one mulligan");
    assert_ne!(d.decision(), Decision::Mulligan);
    let mut obs = vec![0.0; d.observation_len()];
    d.observation(s, &mut obs);
    let at = cardstate_duel::observe::features()
        .iter()
        .find(|f| f.name == "players[0].mulligans")
        .unwrap()
        .offset;
    assert_eq!(obs[at], 1.0 / 7.0, "the observation counts the mulligans");
    // The bytes replay it.
    let e = Duel::from_bytes(d.pool(), &d.to_bytes()).unwrap();
    assert_eq!(e, d);
    assert_eq!(e.state_hash(), d.state_hash());
}

#[test]
fn the_cards_go_to_the_bottom_in_the_order_chosen_103_5() {
    let mut d = rules_duel(3);
    let s = d.active_player() as usize;
    for _ in 0..2 {
        d.apply_action(actions::NO).unwrap();
        if d.decision() == Decision::Mulligan {
            d.apply_action(actions::YES).unwrap(); // the other keeps (first round)
        }
        while d.decision() == Decision::Bottom {
            d.apply_action(actions::HAND).unwrap();
        }
    }
    assert_eq!(d.side(s).mulligans, 2);
    assert_eq!(d.side(s).hand.len(), 5);
    // One more: choose the last slot, then the first.
    d.apply_action(actions::NO).unwrap();
    let hand = d.side(s).hand.clone();
    let (x, y) = (hand[6], hand[0]);
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    d.apply_action(*legal.last().unwrap()).unwrap();
    d.apply_action(actions::HAND).unwrap();
    d.apply_action(actions::HAND).unwrap();
    let lib = &d.side(s).library;
    // Each card chosen goes under those put there already: the first chosen is the highest.
    assert_eq!(lib[2], x);
    assert_eq!(lib[1], y);
    assert_eq!(d.side(s).bottom, 3);
    assert_eq!(d.side(s).hand.len(), 4, "7 - 3 after three mulligans");
}

#[test]
fn a_mulligan_to_zero_103_5() {
    let mut d = rules_duel(4);
    d.set_auto_pass(false);
    let s = d.active_player() as usize;
    let before = cards_of(&d, s);
    let mut asked = 0;
    while d.decision() == Decision::Mulligan || d.decision() == Decision::Bottom {
        if d.decision() == Decision::Bottom {
            d.apply_action(actions::HAND).unwrap();
        } else if d.current_player() == s as i32 {
            asked += 1;
            d.apply_action(actions::NO).unwrap();
        } else {
            d.apply_action(actions::YES).unwrap();
        }
    }
    // Seven mulligans: the seventh puts all seven cards on the bottom, and then the player may
    // take no further mulligan (its opening hand would be zero cards).
    assert_eq!(asked, 7);
    assert_eq!(d.side(s).mulligans, 7);
    assert!(d.side(s).hand.is_empty());
    assert_eq!(d.side(s).bottom, 7);
    assert_eq!(cards_of(&d, s), before);
    assert_eq!(d.side(1 - s).hand.len(), 7);
    assert_eq!(
        (d.turn(), d.step()),
        (1, Step::Upkeep),
        "the first turn begins"
    );
}

#[test]
fn resample_keeps_the_cards_a_player_put_on_the_bottom_103_5() {
    let mut d = rules_duel(5);
    let s = d.active_player() as usize;
    d.apply_action(actions::NO).unwrap();
    d.apply_action(actions::NO).unwrap();
    // Both mulligan: the starting player's card first, then the other's.
    assert_eq!(d.current_player(), s as i32);
    d.apply_action(actions::HAND).unwrap();
    assert_eq!(d.current_player(), 1 - s as i32);
    d.apply_action(actions::HAND).unwrap();
    let bottom = d.side(s).library[0];
    for seed in 0..20 {
        let r = d.resample(s, seed);
        assert_eq!(r.side(s).library[0], bottom, "p knows its bottom card");
        assert_eq!(r.side(s).hand, d.side(s).hand);
        assert_eq!(cards_of(&r, s), cards_of(&d, s));
        assert_eq!(r.side(1 - s).hand.len(), 6);
    }
}

#[test]
fn random_games_with_mulligans_end_and_are_reproducible() {
    for seed in 0..20 {
        let mut a = rules_duel(seed);
        let mut b = rules_duel(seed);
        assert_eq!(random_game(&mut a, seed), random_game(&mut b, seed));
        assert_eq!(a.log(), b.log());
        assert_eq!(a.state_hash(), b.state_hash());
        let e = Duel::from_bytes(a.pool(), &a.to_bytes()).unwrap();
        assert_eq!(e, a);
    }
}

#[test]
fn the_active_player_discards_to_seven_in_cleanup_514_1() {
    let t = table();
    let f = forests(&t);
    let mut d = Duel::with_options(t, &f, &f, 6, 40, Options::FAST).unwrap();
    d.set_auto_pass(false);
    let a = d.active_player() as usize;
    for name in ["Bear", "Giant", "Giant"] {
        d.add_card(a, id(&t, name), Zone::Hand).unwrap();
    }
    assert_eq!(d.side(a).hand.len(), 10);
    while d.decision() != Decision::Discard {
        assert_eq!(d.turn(), 1);
        let x = if d.pending() == Pending::Priority {
            actions::PASS
        } else {
            actions::NO
        };
        d.apply_action(x).unwrap();
    }
    assert_eq!(d.step(), Step::Cleanup);
    assert_eq!(d.current_player(), a as i32);
    // Three discards, each the active player's choice: the Bear, then both Giants.
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert_eq!(legal.len(), 3, "Bear, Giant, Test Forest: equal cards once");
    for name in ["Bear", "Giant", "Giant"] {
        assert_eq!(d.decision(), Decision::Discard);
        d.legal_actions(&mut legal);
        let x = legal
            .iter()
            .copied()
            .find(|&x| {
                d.action_to_string(x)
                    .starts_with(&format!("discard {name} "))
            })
            .expect("the card is offered");
        d.apply_action(x).unwrap();
    }
    assert_eq!(d.side(a).hand.len(), 7);
    assert!(d.side(a).hand.iter().all(|&c| c == id(&t, "Test Forest")));
    let names: Vec<u16> = d.graveyard(a).iter().map(|&g| d.card_of(g)).collect();
    assert_eq!(
        names,
        vec![id(&t, "Bear"), id(&t, "Giant"), id(&t, "Giant")]
    );
    assert_eq!(
        (d.turn(), d.active_player() as usize),
        (2, 1 - a),
        "the next turn"
    );
}
