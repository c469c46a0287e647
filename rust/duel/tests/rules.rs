//! The duel's rules, by CR number, on made-up test cards.
mod common;

use cardstate_core::Zone;
use cardstate_duel::{actions, Duel, Outcome, Pending, Step};
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
    let mut d = Duel::new(t, &f, &f, 1, 40).unwrap();
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
    let mut d = Duel::new(t, &f, &f, 1, 10).unwrap();
    random_game(&mut d, 0);
    assert_eq!(d.outcome(), Some(Outcome::Draw));
    assert_eq!(d.returns(), [0.0, 0.0]);
    assert_eq!(d.turn(), 10);
}

#[test]
fn summoning_sickness_302_6_and_haste_702_10() {
    let mut d = manual(2);
    let t = d.cards().clone();
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
    d.apply_action(actions::PLAY + s).unwrap();
    pass_until_resolved(&mut d);
    let s = slot(&d, "Bear");
    d.apply_action(actions::PLAY + s).unwrap();
    pass_until_resolved(&mut d);
    assert_eq!(d.side(a).battlefield.len(), 5);
    while d.step() != Step::DeclareAttackers || d.pending() == Pending::Priority {
        d.apply_action(actions::PASS).unwrap();
    }
    // Only the Goblin is a candidate.
    assert_eq!(d.combat().candidates.len(), 1);
    let gob = d.combat().candidates[0];
    assert_eq!(d.obj(gob).card, id(&t, "Goblin"));
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
    assert!(d.apply_action(actions::CHOOSE + 5).is_err());
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
