//! Combat (506–511) by CR number, on made-up test cards.
mod common;

use cardstate_core::Zone;
use cardstate_duel::{actions, Decision, Duel, Options, Pending, Step, Subject};
use common::*;

/// The attacking player divides combat damage (510.1c); no mulligans, to start at once.
const DIVIDING: Options = Options {
    mulligans: false,
    assign_damage: true,
};

struct Fight {
    d: Duel,
    a: usize,
    attackers: Vec<u32>,
    blockers: Vec<u32>,
    /// The shares asked of the attacking player (510.1c): (the step, the subject, the
    /// lowest and highest numbers offered).
    asked: Vec<(Step, u32, u32, u32)>,
}

/// The active player attacks with every creature named; `blocks[i]` is the attacker (by its
/// place in `attackers`) the defender's i-th creature blocks (None: no block). Stops at the end of combat.
fn fight(attackers: &[&str], blockers: &[(&str, Option<u32>)]) -> Fight {
    fight_with(attackers, blockers, &[], true)
}

/// `fight` where the attacking player assigns the amounts `shares` in turn to the shares it is
/// asked (510.1c), with `assign_damage` as given (off: the automatic division rule).
fn fight_with(
    attackers: &[&str],
    blockers: &[(&str, Option<u32>)],
    shares: &[u32],
    assign_damage: bool,
) -> Fight {
    fight_at(attackers, blockers, shares, assign_damage, None).0
}

/// `fight_with` where the defending player controls a Test Walker (loyalty 3) and the
/// attackers whose places are in `at_walker` attack it (506.3, 508.1b), the others the player;
/// returns the walker too.
fn fight_at(
    attackers: &[&str],
    blockers: &[(&str, Option<u32>)],
    shares: &[u32],
    assign_damage: bool,
    at_walker: Option<&[usize]>,
) -> (Fight, u32) {
    let t = table();
    let f = forests(&t);
    let options = Options {
        mulligans: false,
        assign_damage,
    };
    let mut d = Duel::with_options(t, &f, &f, 11, 40, options).unwrap();
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
    let walker = match at_walker {
        Some(_) => d
            .add_card(1 - a, id(&t, "Test Walker"), Zone::Battlefield)
            .unwrap()
            .unwrap(),
        None => 0,
    };
    while d.pending() == Pending::Priority && d.step() != Step::DeclareAttackers {
        d.apply_action(actions::PASS).unwrap();
    }
    while let Pending::Attack(i) = d.pending() {
        let c = d.combat().candidates[i as usize];
        let k = att.iter().position(|&x| x == c).unwrap();
        let x = match at_walker {
            Some(w) if w.contains(&k) => {
                let j = d.battlefield(1 - a).iter().position(|&x| x == walker);
                actions::THEIRS + j.unwrap() as u32
            }
            _ => actions::OPPONENT,
        };
        d.apply_action(x).unwrap();
    }
    let mut shares = shares.iter();
    let mut asked = Vec::new();
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
            Pending::AssignDamage => {
                let (lo, hi) = d.number_range().unwrap();
                let to = match d.decision_subject() {
                    Subject::Permanent(x) | Subject::Player(x) => x,
                    Subject::None => panic!("a share has a subject"),
                };
                asked.push((d.step(), to, lo, hi));
                let n = *shares.next().expect("a share to assign");
                d.apply_action(actions::NUMBER + n).unwrap();
            }
            Pending::Priority if d.step() == Step::EndCombat => break,
            Pending::Priority => d.apply_action(actions::PASS).unwrap(),
            p => panic!("unexpected {p:?}"),
        }
    }
    assert!(shares.next().is_none(), "every share given was asked");
    let f = Fight {
        d,
        a,
        attackers: att,
        blockers: blk,
        asked,
    };
    (f, walker)
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
fn trample_assigns_the_excess_as_its_controller_chooses_702_19b() {
    // A 4/4 trampler blocked by a 2/2: lethal 2 to the Bear, the excess of 2 divided between
    // the Bear and the player as its controller chooses (one share: the player's).
    let f = fight_with(&["Rhino"], &[("Bear", Some(0))], &[2], true);
    let defending = 1 - f.a as u32;
    assert_eq!(
        f.asked,
        [(Step::CombatDamage, defending, 0, 2)],
        "0 to 2 to the player"
    );
    assert_eq!(life(&f, 1 - f.a), 18);
    assert!(dead(&f, f.blockers[0]));
    let f = fight_with(&["Rhino"], &[("Bear", Some(0))], &[0], true);
    assert_eq!(life(&f, 1 - f.a), 20, "all 4 may go to the blocker");
    assert!(dead(&f, f.blockers[0]));
}

#[test]
fn trample_reaches_the_player_only_past_lethal_damage_to_every_blocker_702_19b() {
    // A 4/4 trampler blocked by a 2/2 and a 1/1.
    let f = fight_with(
        &["Rhino"],
        &[("Bear", Some(0)), ("Bird", Some(0))],
        &[1],
        true,
    );
    assert_eq!(
        f.asked.len(),
        1,
        "1 to the Bear is not lethal: the rest goes to the Bird"
    );
    assert_eq!(life(&f, 1 - f.a), 20);
    assert!(!dead(&f, f.blockers[0]) && dead(&f, f.blockers[1]));
    let f = fight_with(
        &["Rhino"],
        &[("Bear", Some(0)), ("Bird", Some(0))],
        &[2, 1],
        true,
    );
    let defending = 1 - f.a as u32;
    assert_eq!(
        f.asked,
        [
            (Step::CombatDamage, f.blockers[0], 0, 4),
            (Step::CombatDamage, defending, 0, 1),
        ],
        "2 is lethal to the Bear; of the 2 left, 1 is lethal to the Bird"
    );
    assert_eq!(life(&f, 1 - f.a), 19);
    assert!(dead(&f, f.blockers[0]) && dead(&f, f.blockers[1]));
}

#[test]
fn deathtouch_makes_one_damage_lethal_for_trample_702_2c_702_19b() {
    // A 3/1 trampler with deathtouch blocked by a 2/2 and a 0/4: 1 is lethal to each.
    let f = fight_with(
        &["Viper"],
        &[("Bear", Some(0)), ("Wall", Some(0))],
        &[1, 1],
        true,
    );
    let defending = 1 - f.a as u32;
    assert_eq!(
        f.asked,
        [
            (Step::CombatDamage, f.blockers[0], 0, 3),
            (Step::CombatDamage, defending, 0, 1),
        ]
    );
    assert_eq!(life(&f, 1 - f.a), 19);
    assert!(
        dead(&f, f.blockers[0]) && dead(&f, f.blockers[1]),
        "704.5h: deathtouch damage destroys"
    );
    let f = fight_with(&["Viper"], &[("Wall", Some(0))], &[2], true);
    assert_eq!(life(&f, 1 - f.a), 18, "1 to the 0/4 wall, 2 trample over");
    assert!(dead(&f, f.blockers[0]));
}

#[test]
fn two_blockers_get_the_damage_divided_as_chosen_510_1c() {
    // A 3/3 blocked by two 2/2s: no damage assignment order; any division.
    for first in 0..=3 {
        let f = fight_with(
            &["Brute"],
            &[("Bear", Some(0)), ("Bear", Some(0))],
            &[first],
            true,
        );
        assert_eq!(f.asked, [(Step::CombatDamage, f.blockers[0], 0, 3)]);
        assert_eq!(dead(&f, f.blockers[0]), first >= 2, "{first} to the first");
        assert_eq!(
            dead(&f, f.blockers[1]),
            first <= 1,
            "{} to the second",
            3 - first
        );
        assert!(dead(&f, f.attackers[0]), "4 damage from the Bears (510.2)");
        assert_eq!(life(&f, 1 - f.a), 20);
    }
}

#[test]
fn the_division_is_made_in_the_first_strike_step_too_510_1c_510_4() {
    // A 3/3 first striker blocked by two 2/2s: 2 and 1 in the first-strike step; the Bear
    // that survives deals its 2 in the regular step.
    let f = fight_with(
        &["Lancer"],
        &[("Bear", Some(0)), ("Bear", Some(0))],
        &[2],
        true,
    );
    assert_eq!(f.asked, [(Step::FirstStrikeDamage, f.blockers[0], 0, 3)]);
    assert!(dead(&f, f.blockers[0]) && !dead(&f, f.blockers[1]));
    assert_eq!(f.d.game().entity(f.attackers[0]).unwrap().damage, 2);
}

#[test]
fn the_automatic_division_rule_without_assign_damage() {
    // A 6/6 blocked by a 2/2 and a 0/4: 2 to the first, 4 to the second; both die.
    let f = fight_with(
        &["Giant"],
        &[("Bear", Some(0)), ("Wall", Some(0))],
        &[],
        false,
    );
    assert!(f.asked.is_empty());
    assert!(dead(&f, f.blockers[0]) && dead(&f, f.blockers[1]));
    assert!(!dead(&f, f.attackers[0]));
    // Trample: lethal to the blocker, the rest to the player (702.19b).
    let f = fight_with(&["Rhino"], &[("Bear", Some(0))], &[], false);
    assert_eq!(life(&f, 1 - f.a), 18);
    let f = fight_with(&["Viper"], &[("Wall", Some(0))], &[], false);
    assert_eq!(life(&f, 1 - f.a), 18, "702.2c: 1 is lethal from deathtouch");
    // Without trample the rest goes to the first blocker.
    let f = fight_with(
        &["Brute"],
        &[("Bird", Some(0)), ("Bird", Some(0))],
        &[],
        false,
    );
    assert!(dead(&f, f.blockers[0]) && dead(&f, f.blockers[1]));
}

#[test]
fn a_division_decision_is_seen_and_worded_510_1c() {
    let t = table();
    let f = forests(&t);
    let mut d = Duel::with_options(t, &f, &f, 11, 40, DIVIDING).unwrap();
    d.set_auto_pass(false);
    let a = d.active_player() as usize;
    pass_until(&mut d, 1, Step::Main1);
    let brute = d
        .add_card(a, id(&t, "Brute"), Zone::Battlefield)
        .unwrap()
        .unwrap();
    let b1 = d
        .add_card(1 - a, id(&t, "Bear"), Zone::Battlefield)
        .unwrap()
        .unwrap();
    d.add_card(1 - a, id(&t, "Bear"), Zone::Battlefield)
        .unwrap();
    while d.pending() != Pending::AssignDamage {
        let a = match d.pending() {
            Pending::Attack(_) => actions::OPPONENT,
            Pending::Block(_) => actions::THEIRS,
            _ => actions::PASS,
        };
        d.apply_action(a).unwrap();
    }
    assert_eq!(d.decision(), Decision::AssignDamage);
    assert_eq!(d.current_player(), a as i32, "510.1: the attacking player");
    assert_eq!(d.decision_subject(), Subject::Permanent(b1));
    assert_eq!(d.decision_source(), Some(id(&t, "Brute")));
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert_eq!(
        legal,
        (0..=3).map(|n| actions::NUMBER + n).collect::<Vec<_>>()
    );
    assert_eq!(
        d.action_to_string(actions::NUMBER + 2),
        format!("assign 2 damage from Brute ({brute}) to Bear ({b1})")
    );
    let mut obs = vec![0.0; d.observation_len()];
    d.observation(a, &mut obs);
    let at = |name: &str| {
        cardstate_duel::observe::features()
            .iter()
            .find(|f| f.name == name)
            .unwrap()
            .offset
    };
    assert_eq!(obs[at("decision") + Decision::AssignDamage as usize], 1.0);
    assert_eq!(obs[at("number_max")], 0.1, "3 / 30");
    let j = d.battlefield(1 - a).iter().position(|&x| x == b1).unwrap();
    assert_eq!(obs[at("subject") + 24 + j], 1.0, "the blocker, in its slot");
    assert_eq!(obs[at("source.card")], id(&t, "Brute") as f32 + 1.0);
    // The option is part of the set-up: the bytes replay with it.
    let again = Duel::from_bytes(t, &d.to_bytes()).unwrap();
    assert_eq!(again, d);
}

#[test]
fn menace_can_be_blocked_only_by_two_or_more_509_1c_702_111b() {
    // One possible blocker: blocking the Ogre alone is not offered.
    let t = table();
    let f = forests(&t);
    let mut d = Duel::with_options(t, &f, &f, 11, 40, DIVIDING).unwrap();
    d.set_auto_pass(false);
    let a = d.active_player() as usize;
    pass_until(&mut d, 1, Step::Main1);
    d.add_card(a, id(&t, "Ogre"), Zone::Battlefield).unwrap();
    d.add_card(1 - a, id(&t, "Bear"), Zone::Battlefield)
        .unwrap();
    while !matches!(d.pending(), Pending::Block(_)) {
        let x = match d.pending() {
            Pending::Attack(_) => actions::OPPONENT,
            _ => actions::PASS,
        };
        d.apply_action(x).unwrap();
    }
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert_eq!(legal, [actions::NO]);
    assert!(d.apply_action(actions::THEIRS).is_err());
    // Two: the first may block if the second can join it; then the second must.
    let f2 = fight_with(
        &["Ogre"],
        &[("Bear", Some(0)), ("Bear", Some(0))],
        &[2],
        true,
    );
    assert_eq!(life(&f2, 1 - f2.a), 20);
    assert!(dead(&f2, f2.attackers[0]));
    let mut d = Duel::with_options(t, &f, &f, 11, 40, DIVIDING).unwrap();
    d.set_auto_pass(false);
    pass_until(&mut d, 1, Step::Main1);
    d.add_card(a, id(&t, "Ogre"), Zone::Battlefield).unwrap();
    let ogre_slot = d.battlefield(a).len() as u32 - 1;
    d.add_card(1 - a, id(&t, "Bear"), Zone::Battlefield)
        .unwrap();
    d.add_card(1 - a, id(&t, "Bear"), Zone::Battlefield)
        .unwrap();
    while !matches!(d.pending(), Pending::Block(_)) {
        let x = match d.pending() {
            Pending::Attack(_) => actions::OPPONENT,
            _ => actions::PASS,
        };
        d.apply_action(x).unwrap();
    }
    d.legal_actions(&mut legal);
    assert_eq!(legal, [actions::NO, actions::THEIRS + ogre_slot]);
    d.apply_action(actions::THEIRS + ogre_slot).unwrap();
    d.legal_actions(&mut legal);
    assert_eq!(
        legal,
        [actions::THEIRS + ogre_slot],
        "509.1c: not left blocked by one"
    );
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

fn loyalty(f: &Fight, id: u32) -> u64 {
    f.d.game()
        .count(id, cardstate_core::kinds::LOYALTY)
        .unwrap_or(0)
}

#[test]
fn a_planeswalker_of_the_defending_player_can_be_attacked_506_3_508_1b() {
    let t = table();
    let f = forests(&t);
    let mut d = Duel::with_options(t, &f, &f, 11, 40, DIVIDING).unwrap();
    d.set_auto_pass(false);
    let a = d.active_player() as usize;
    pass_until(&mut d, 1, Step::Main1);
    let bear = d
        .add_card(a, id(&t, "Bear"), Zone::Battlefield)
        .unwrap()
        .unwrap();
    // The active player's own planeswalker can't be attacked.
    d.add_card(a, id(&t, "Test Walker"), Zone::Battlefield)
        .unwrap();
    d.add_card(1 - a, id(&t, "Test Forest"), Zone::Battlefield)
        .unwrap();
    let walker = d
        .add_card(1 - a, id(&t, "Test Walker"), Zone::Battlefield)
        .unwrap()
        .unwrap();
    while !matches!(d.pending(), Pending::Attack(_)) {
        d.apply_action(actions::PASS).unwrap();
    }
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert_eq!(legal, [actions::NO, actions::OPPONENT, actions::THEIRS + 1]);
    assert_eq!(
        d.action_to_string(actions::THEIRS + 1),
        format!("attack Test Walker ({walker}) with Bear ({bear})")
    );
    d.apply_action(actions::THEIRS + 1).unwrap();
    assert_eq!(d.combat().attackers[0].target, walker);
    // The observation shows the planeswalker attacked (its `attacking` column).
    let mut obs = vec![0.0; d.observation_len()];
    d.observation(1 - a, &mut obs);
    let at = cardstate_duel::observe::features()
        .iter()
        .find(|f| f.name == "mine[1].attacking")
        .unwrap()
        .offset;
    assert_eq!(obs[at], 1.0);
    assert_eq!(obs[at - 69], 0.0, "the forest is not attacked");
    // Replayed from the bytes: the attack is an action of the log.
    let again = Duel::from_bytes(t, &d.to_bytes()).unwrap();
    assert_eq!(again, d);
}

#[test]
fn combat_damage_to_a_planeswalker_removes_loyalty_510_1b_120_3c() {
    let (f, walker) = fight_at(&["Bear"], &[], &[], true, Some(&[0]));
    assert_eq!(
        loyalty(&f, walker),
        1,
        "2 damage: 2 loyalty counters removed"
    );
    assert_eq!(life(&f, 1 - f.a), 20);
    let (f, walker) = fight_at(&["Brute", "Bear"], &[], &[], true, Some(&[0]));
    assert!(dead(&f, walker), "704.5i: no loyalty left");
    assert_eq!(life(&f, 1 - f.a), 18, "the Bear attacked the player");
}

#[test]
fn trample_over_a_blocker_reaches_the_planeswalker_it_attacks_702_19b() {
    // A 4/4 trampler attacking the walker, blocked by a 1/1: 1 lethal, up to 3 to the walker.
    let (f, walker) = fight_at(&["Rhino"], &[("Bird", Some(0))], &[3], true, Some(&[0]));
    assert_eq!(f.asked, [(Step::CombatDamage, walker, 0, 3)]);
    assert!(dead(&f, walker) && dead(&f, f.blockers[0]));
    assert_eq!(life(&f, 1 - f.a), 20, "nothing tramples over to the player");
    let (f, walker) = fight_at(&["Rhino"], &[("Bird", Some(0))], &[], false, Some(&[0]));
    assert!(
        dead(&f, walker),
        "the automatic rule: the rest to what it attacks"
    );
}

#[test]
fn an_attacker_whose_planeswalker_is_gone_deals_no_damage_506_4_510_1b() {
    // The first striker kills the walker in the first-strike step: the Bear attacks nothing.
    let (f, walker) = fight_at(&["Lancer", "Bear"], &[], &[], true, Some(&[0, 1]));
    assert!(dead(&f, walker));
    assert_eq!(life(&f, 1 - f.a), 20);
}

#[test]
fn menace_blockers_are_matched_to_the_attackers_left_with_one_509_1c() {
    // Two menace attackers, three possible blockers. After the first Bear blocks one Ogre the
    // second may not block the other (the third alone can't give both a second blocker).
    let t = table();
    let f = forests(&t);
    let mut d = Duel::with_options(t, &f, &f, 11, 40, DIVIDING).unwrap();
    d.set_auto_pass(false);
    let a = d.active_player() as usize;
    pass_until(&mut d, 1, Step::Main1);
    for _ in 0..2 {
        d.add_card(a, id(&t, "Ogre"), Zone::Battlefield).unwrap();
    }
    for _ in 0..3 {
        d.add_card(1 - a, id(&t, "Bear"), Zone::Battlefield)
            .unwrap();
    }
    while !matches!(d.pending(), Pending::Block(_)) {
        let x = match d.pending() {
            Pending::Attack(_) => actions::OPPONENT,
            _ => actions::PASS,
        };
        d.apply_action(x).unwrap();
    }
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    let (o1, o2) = (actions::THEIRS, actions::THEIRS + 1);
    assert_eq!(legal, [actions::NO, o1, o2]);
    d.apply_action(o1).unwrap();
    d.legal_actions(&mut legal);
    assert_eq!(
        legal,
        [actions::NO, o1],
        "blocking the other Ogre would leave one short"
    );
    d.apply_action(actions::NO).unwrap();
    d.legal_actions(&mut legal);
    assert_eq!(legal, [o1], "the last Bear must join the single block");
    d.apply_action(o1).unwrap();
    assert_eq!(d.combat().blocks.len(), 2);
}
