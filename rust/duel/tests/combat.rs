//! Combat (506–511) by CR number, on made-up test cards.
mod common;

use cardstate_core::Zone;
use cardstate_duel::{actions, Duel, Options, Pending, Step};
use common::*;

struct Fight {
    d: Duel,
    a: usize,
    attackers: Vec<u32>,
    blockers: Vec<u32>,
}

/// The active player attacks with every creature named; `blocks[i]` is the attacker (by its
/// place in `attackers`) the defender's i-th creature blocks (None: no block). Stops at the end of combat.
fn fight(attackers: &[&str], blockers: &[(&str, Option<u32>)]) -> Fight {
    let t = table();
    let f = forests(&t);
    let mut d = Duel::with_options(t, &f, &f, 11, 40, Options::FAST).unwrap();
    d.set_auto_pass(false);
    let a = d.active_player() as usize;
    pass_until(&mut d, 1, Step::Main1);
    let att: Vec<u32> = attackers
        .iter()
        .map(|n| {
            d.add_card(a, id(&t, n), Zone::Battlefield)
                .unwrap()
                .unwrap()
        })
        .collect();
    let blk: Vec<u32> = blockers
        .iter()
        .map(|(n, _)| {
            d.add_card(1 - a, id(&t, n), Zone::Battlefield)
                .unwrap()
                .unwrap()
        })
        .collect();
    while d.pending() == Pending::Priority && d.step() != Step::DeclareAttackers {
        d.apply_action(actions::PASS).unwrap();
    }
    while let Pending::Attack(_) = d.pending() {
        d.apply_action(actions::OPPONENT).unwrap();
    }
    loop {
        match d.pending() {
            Pending::Block(i) => {
                let b = d.combat().candidates[i as usize];
                let k = blk.iter().position(|&x| x == b).unwrap();
                let a = match blockers[k].1 {
                    // The attacker by its permanent slot.
                    Some(s) => {
                        let j = d.battlefield(a).iter().position(|&x| x == att[s as usize]);
                        actions::THEIRS + j.unwrap() as u32
                    }
                    None => actions::NO,
                };
                d.apply_action(a).unwrap();
            }
            Pending::Priority if d.step() == Step::EndCombat => break,
            Pending::Priority => d.apply_action(actions::PASS).unwrap(),
            p => panic!("unexpected {p:?}"),
        }
    }
    Fight {
        d,
        a,
        attackers: att,
        blockers: blk,
    }
}

fn life(f: &Fight, p: usize) -> i64 {
    f.d.game().life(p as u32).unwrap()
}

fn dead(f: &Fight, id: u32) -> bool {
    f.d.game().entity(id).unwrap().zone == Zone::Graveyard
}

#[test]
fn an_unblocked_attacker_damages_the_player_510_1a() {
    let f = fight(&["Bear"], &[]);
    assert_eq!(life(&f, 1 - f.a), 18);
    assert!(f.d.is_tapped(f.attackers[0]), "508.1f: attacking taps");
}

#[test]
fn vigilance_doesnt_tap_702_20b() {
    let f = fight(&["Guard"], &[]);
    assert!(!f.d.is_tapped(f.attackers[0]));
}

#[test]
fn defender_cant_attack_702_3b() {
    let f = fight(&["Wall"], &[]);
    assert!(f.d.combat().attackers.is_empty());
    assert_eq!(life(&f, 1 - f.a), 20);
}

#[test]
fn blocked_creatures_trade_510_1c() {
    let f = fight(&["Bear"], &[("Bear", Some(0))]);
    assert_eq!(life(&f, 1 - f.a), 20);
    assert!(dead(&f, f.attackers[0]) && dead(&f, f.blockers[0]));
}

#[test]
fn flying_needs_flying_or_reach_to_block_702_9b_702_17b() {
    let f = fight(&["Bird"], &[("Bear", None), ("Spider", Some(0))]);
    // The Bear was never a candidate for the bird: only the Spider blocked.
    assert!(dead(&f, f.attackers[0]));
    assert_eq!(life(&f, 1 - f.a), 20);
    let mut legal = Vec::new();
    let t = table();
    let fo = forests(&t);
    let mut d = Duel::with_options(t, &fo, &fo, 11, 40, Options::FAST).unwrap();
    d.set_auto_pass(false);
    let a = d.active_player() as usize;
    pass_until(&mut d, 1, Step::Main1);
    d.add_card(a, id(&t, "Bird"), Zone::Battlefield).unwrap();
    d.add_card(1 - a, id(&t, "Bear"), Zone::Battlefield)
        .unwrap();
    while d.pending() == Pending::Priority {
        d.apply_action(actions::PASS).unwrap();
    }
    d.apply_action(actions::OPPONENT).unwrap();
    while d.pending() == Pending::Priority {
        d.apply_action(actions::PASS).unwrap();
        d.legal_actions(&mut legal);
        assert!(
            !matches!(d.pending(), Pending::Block(_)),
            "the Bear can't block a flyer"
        );
    }
}

#[test]
fn first_strike_kills_before_regular_damage_702_7b_510_4() {
    let f = fight(&["Knight"], &[("Bear", Some(0))]);
    assert!(dead(&f, f.blockers[0]));
    assert!(
        !dead(&f, f.attackers[0]),
        "the Bear died before dealing damage"
    );
}

#[test]
fn double_strike_deals_damage_twice_702_4b() {
    let f = fight(&["Twin"], &[]);
    assert_eq!(life(&f, 1 - f.a), 16);
}

#[test]
fn trample_assigns_the_rest_to_the_player_702_19b() {
    let f = fight(&["Rhino"], &[("Bear", Some(0))]);
    assert_eq!(life(&f, 1 - f.a), 18);
    assert!(dead(&f, f.blockers[0]));
}

#[test]
fn trample_with_deathtouch_one_is_lethal_702_2c_702_19b() {
    let f = fight(&["Viper"], &[("Wall", Some(0))]);
    assert_eq!(life(&f, 1 - f.a), 18, "1 to the 0/4 wall, 2 tramples over");
    assert!(
        dead(&f, f.blockers[0]),
        "704.5h: deathtouch damage destroys"
    );
}

#[test]
fn menace_needs_two_blockers_702_110b() {
    let f = fight(&["Ogre"], &[("Bear", Some(0))]);
    assert_eq!(life(&f, 1 - f.a), 17, "a single block is dropped");
    let f = fight(&["Ogre"], &[("Bear", Some(0)), ("Bear", Some(0))]);
    assert_eq!(life(&f, 1 - f.a), 20);
    assert!(dead(&f, f.attackers[0]));
}

#[test]
fn several_blockers_lethal_in_order_510_1c() {
    // A 6/6 blocked by a 2/2 and a 0/4: 2 to the first, 4 to the second; both die.
    let f = fight(&["Giant"], &[("Bear", Some(0)), ("Wall", Some(0))]);
    assert!(dead(&f, f.blockers[0]) && dead(&f, f.blockers[1]));
    assert!(!dead(&f, f.attackers[0]));
}

#[test]
fn infect_gives_poison_to_players_and_minus_counters_to_creatures_702_90b() {
    let f = fight(&["Blight"], &[]);
    assert_eq!(life(&f, 1 - f.a), 20);
    let p = cardstate_core::kinds::POISON;
    assert_eq!(f.d.game().count(1 - f.a as u32, p).unwrap(), 2);
    let f = fight(&["Blight"], &[("Wall", Some(0))]);
    let m = cardstate_core::kinds::MINUS_ONE;
    assert_eq!(f.d.game().count(f.blockers[0], m).unwrap(), 2);
}

#[test]
fn wither_gives_minus_counters_702_80a() {
    let f = fight(&["Thorn"], &[("Wall", Some(0))]);
    let m = cardstate_core::kinds::MINUS_ONE;
    assert_eq!(f.d.game().count(f.blockers[0], m).unwrap(), 2);
}

#[test]
fn lifelink_gains_life_702_15b() {
    let f = fight(&["Leech"], &[]);
    assert_eq!(life(&f, f.a), 22);
    assert_eq!(life(&f, 1 - f.a), 18);
}

#[test]
fn toxic_gives_poison_with_combat_damage_702_164c() {
    let f = fight(&["Sting"], &[]);
    let p = cardstate_core::kinds::POISON;
    assert_eq!(f.d.game().count(1 - f.a as u32, p).unwrap(), 2);
    assert_eq!(life(&f, 1 - f.a), 19);
}
