//! Rules tests of the kernel, one per rule, in Rust (the Python suite runs the same rules
//! against both the native engine and the reference model).

use cardstate_core::kinds;
use cardstate_core::Destroyed;
use cardstate_core::{CardSpec, EventKind, Game, Ruleset, Zone};
use cardstate_core::{DamageKind, Prevention};

fn creature(power: i64, toughness: i64, keywords: &[&str]) -> CardSpec {
    CardSpec {
        types: vec!["creature".into()],
        power: Some(power),
        toughness: Some(toughness),
        keywords: keywords.iter().map(|k| (k.to_string(), 1)).collect(),
        ..CardSpec::default()
    }
}

fn mtg() -> Game {
    Game::new(2, Ruleset::Mtg, 0).unwrap()
}

fn kinds_of(g: &Game) -> Vec<EventKind> {
    g.events().iter().map(|e| e.kind()).collect()
}

#[test]
fn cr_120_3a_damage_to_a_player_is_life_loss() {
    let mut g = mtg();
    let bear = g
        .create(0, Zone::Battlefield, &creature(2, 2, &[]))
        .unwrap();
    assert_eq!(kinds_of(&g), [EventKind::Created], "603.6a: it entered");
    g.clear_events();
    assert_eq!(g.deal_damage(bear, 1, 2, true, true).unwrap(), 2);
    assert_eq!(g.life(1).unwrap(), 18);
    assert_eq!(kinds_of(&g), [EventKind::LifeLost, EventKind::Damage]);
}

#[test]
fn cr_120_3b_infect_damage_to_a_player_is_poison() {
    let mut g = mtg();
    let x = g
        .create(0, Zone::Battlefield, &creature(1, 1, &["infect"]))
        .unwrap();
    g.deal_damage(x, 1, 3, false, true).unwrap();
    assert_eq!(g.life(1).unwrap(), 20);
    assert_eq!(g.count_by_name(1, "poison").unwrap(), 3);
}

#[test]
fn cr_120_3c_planeswalker_loses_loyalty_even_from_infect() {
    let mut g = mtg();
    let x = g
        .create(0, Zone::Battlefield, &creature(1, 1, &["infect"]))
        .unwrap();
    let pw = g
        .create(
            1,
            Zone::Battlefield,
            &CardSpec {
                types: vec!["planeswalker".into()],
                loyalty: Some(3),
                ..CardSpec::default()
            },
        )
        .unwrap();
    g.take_events();
    g.deal_damage(x, pw, 5, false, true).unwrap();
    assert_eq!(g.count(pw, kinds::LOYALTY).unwrap(), 0);
    // The event says what was removed: min(damage, loyalty).
    assert_eq!(g.events()[0].amount(), Some(3));
    g.check_state_based_actions().unwrap();
    assert_eq!(g.entity(pw).unwrap().zone, Zone::Graveyard); // 704.5i
}

#[test]
fn cr_120_3d_wither_makes_minus_counters_that_survive_cleanup() {
    let mut g = mtg();
    let w = g
        .create(0, Zone::Battlefield, &creature(2, 2, &["wither"]))
        .unwrap();
    let b = g
        .create(1, Zone::Battlefield, &creature(3, 3, &[]))
        .unwrap();
    g.deal_damage(w, b, 2, true, true).unwrap();
    assert_eq!(g.count(b, kinds::MINUS_ONE).unwrap(), 2);
    assert_eq!(g.damage(b).unwrap(), 0);
    g.cleanup();
    assert_eq!(g.toughness(b).unwrap(), Some(1));
}

#[test]
fn cr_120_3e_and_704_5g_marked_damage_destroys_then_wears_off() {
    let mut g = mtg();
    let a = g
        .create(0, Zone::Battlefield, &creature(2, 2, &[]))
        .unwrap();
    let b = g
        .create(1, Zone::Battlefield, &creature(3, 3, &[]))
        .unwrap();
    g.deal_damage(a, b, 2, true, true).unwrap();
    assert_eq!(g.damage(b).unwrap(), 2);
    g.check_state_based_actions().unwrap();
    assert_eq!(g.entity(b).unwrap().zone, Zone::Battlefield);
    g.deal_damage(a, b, 1, true, true).unwrap();
    g.check_state_based_actions().unwrap();
    assert!(g.entity(b).unwrap().gone);
    assert_eq!(g.entity(b).unwrap().zone, Zone::Graveyard);
}

#[test]
fn cr_120_3f_lifelink_separate_per_source_702_15e() {
    let mut g = mtg();
    let a = g
        .create(0, Zone::Battlefield, &creature(2, 2, &["lifelink"]))
        .unwrap();
    let b = g
        .create(0, Zone::Battlefield, &creature(2, 2, &["lifelink"]))
        .unwrap();
    let mut dealt = [0; 3];
    g.deal_simultaneous_damage(&[(a, 1, 2), (b, 1, 3), (a, 1, 1)], true, true, &mut dealt)
        .unwrap();
    assert_eq!(dealt, [2, 3, 1]);
    assert_eq!(g.life(0).unwrap(), 26);
    let gains: Vec<_> = g
        .events()
        .iter()
        .filter(|e| e.kind() == EventKind::LifeGained)
        .map(|e| (e.source(), e.amount()))
        .collect();
    assert_eq!(gains, [(Some(a), Some(3)), (Some(b), Some(3))]);
}

#[test]
fn cr_120_3g_toxic_only_on_combat_damage_to_players() {
    let mut g = mtg();
    let mut spec = creature(1, 1, &[]);
    spec.keywords = vec![("toxic".into(), 2)];
    let t = g.create(0, Zone::Battlefield, &spec).unwrap();
    g.deal_damage(t, 1, 1, false, true).unwrap();
    assert_eq!(g.count_by_name(1, "poison").unwrap(), 0);
    g.deal_damage(t, 1, 1, true, true).unwrap();
    assert_eq!(g.count_by_name(1, "poison").unwrap(), 2);
    assert_eq!(g.life(1).unwrap(), 18);
}

#[test]
fn cr_120_3h_battle_loses_defense_and_704_5v() {
    let mut g = mtg();
    let a = g
        .create(0, Zone::Battlefield, &creature(5, 5, &[]))
        .unwrap();
    let battle = g
        .create(
            1,
            Zone::Battlefield,
            &CardSpec {
                types: vec!["battle".into()],
                defense: Some(4),
                ..CardSpec::default()
            },
        )
        .unwrap();
    g.deal_damage(a, battle, 5, true, true).unwrap();
    assert_eq!(g.count(battle, kinds::DEFENSE).unwrap(), 0);
    g.check_state_based_actions().unwrap();
    assert_eq!(g.entity(battle).unwrap().zone, Zone::Graveyard);
}

#[test]
fn cr_120_8_zero_damage_is_no_event() {
    let mut g = mtg();
    let a = g
        .create(0, Zone::Battlefield, &creature(0, 1, &["lifelink"]))
        .unwrap();
    g.clear_events();
    assert_eq!(g.deal_damage(a, 1, 0, true, true).unwrap(), 0);
    assert!(g.events().is_empty());
}

#[test]
fn cr_122_1c_shield_counter_prevents_damage_but_not_state_based_destruction() {
    let mut g = mtg();
    let a = g
        .create(0, Zone::Battlefield, &creature(9, 9, &["deathtouch"]))
        .unwrap();
    let b = g
        .create(1, Zone::Battlefield, &creature(2, 2, &[]))
        .unwrap();
    g.add_counters(b, "shield", 2).unwrap();
    assert_eq!(g.deal_damage(a, b, 9, true, true).unwrap(), 0);
    assert_eq!(g.count(b, kinds::SHIELD).unwrap(), 1);
    // "Can't be prevented": dealt in full and a shield counter is still removed (615.12,
    // 122.1c); deathtouch then destroys it by a state-based action, which shield counters
    // don't replace (they stay on it).
    g.add_counters(b, "shield", 1).unwrap();
    assert_eq!(g.deal_damage(a, b, 1, true, false).unwrap(), 1);
    assert_eq!(g.count(b, kinds::SHIELD).unwrap(), 1);
    g.check_state_based_actions().unwrap();
    assert_eq!(g.count(b, kinds::SHIELD).unwrap(), 1);
    assert_eq!(g.entity(b).unwrap().zone, Zone::Graveyard);
    // A destroy effect is what a shield counter replaces.
    let c = g
        .create(1, Zone::Battlefield, &creature(2, 2, &[]))
        .unwrap();
    g.add_counters(c, "shield", 1).unwrap();
    assert_eq!(g.destroy(c).unwrap(), Destroyed::Shield);
    assert_eq!(g.destroy(c).unwrap(), Destroyed::Yes);
}

#[test]
fn cr_615_prevention_and_redirection_follow_the_new_recipient() {
    let mut g = mtg();
    let x = g
        .create(0, Zone::Battlefield, &creature(2, 2, &["infect"]))
        .unwrap();
    let b = g
        .create(1, Zone::Battlefield, &creature(2, 2, &[]))
        .unwrap();
    g.redirect_damage(b, 1, None, None).unwrap();
    g.deal_damage(x, b, 2, false, true).unwrap();
    assert_eq!(g.count(b, kinds::MINUS_ONE).unwrap(), 0);
    assert_eq!(g.count_by_name(1, "poison").unwrap(), 2);
    g.prevent_damage(1, Some(1), None).unwrap();
    assert_eq!(g.deal_damage(x, 1, 3, false, true).unwrap(), 2);
    assert_eq!(g.count_by_name(1, "poison").unwrap(), 4);
}

#[test]
fn cr_616_1_a_prevention_may_be_chosen_before_a_redirection() {
    // 616.1: the affected object's controller chooses the order, redirections included:
    // "prevent the next 2 damage to A" before "the next 1 damage to A is dealt to B instead".
    let setup = || {
        let mut g = mtg();
        let s = g
            .create(0, Zone::Battlefield, &creature(3, 3, &[]))
            .unwrap();
        let a = g
            .create(1, Zone::Battlefield, &creature(5, 5, &[]))
            .unwrap();
        let b = g
            .create(1, Zone::Battlefield, &creature(5, 5, &[]))
            .unwrap();
        let shield = g.prevent_damage(a, Some(2), None).unwrap().unwrap();
        let moved = g.redirect_damage(a, b, Some(1), None).unwrap().unwrap();
        (g, s, a, b, shield, moved)
    };
    // The default: the redirection first (1 to B), then 2 of A's 2 prevented.
    let (mut g, s, a, b, _, _) = setup();
    assert_eq!(g.deal_damage(s, a, 4, false, true).unwrap(), 2);
    assert_eq!((g.damage(a).unwrap(), g.damage(b).unwrap()), (1, 1));
    // Prevention chosen first: 2 of 3 prevented, then the redirection moves the last 1 (614.5:
    // each applies to the event once).
    let (mut g, s, a, b, shield, moved) = setup();
    g.order_replacement_effects_across_groups(&[shield, moved])
        .unwrap();
    assert_eq!(g.deal_damage(s, a, 3, false, true).unwrap(), 1);
    assert_eq!((g.damage(a).unwrap(), g.damage(b).unwrap()), (0, 1));
    assert!(g.replacement_effects().is_empty());
}

#[test]
fn cr_616_1f_a_chosen_redirection_is_a_new_event_for_the_new_recipient() {
    // 616.1f, 616.2: B's own redirection to player 1 applies to the damage moved to B.
    let mut g = mtg();
    let s = g
        .create(0, Zone::Battlefield, &creature(3, 3, &[]))
        .unwrap();
    let a = g
        .create(1, Zone::Battlefield, &creature(5, 5, &[]))
        .unwrap();
    let b = g
        .create(1, Zone::Battlefield, &creature(5, 5, &[]))
        .unwrap();
    let shield = g.prevent_damage(a, Some(1), None).unwrap().unwrap();
    let moved = g.redirect_damage(a, b, None, None).unwrap().unwrap();
    g.redirect_damage(b, 1, None, None).unwrap();
    g.order_replacement_effects_across_groups(&[shield, moved])
        .unwrap();
    assert_eq!(g.deal_damage(s, a, 3, false, true).unwrap(), 2);
    assert_eq!((g.damage(a).unwrap(), g.damage(b).unwrap()), (0, 0));
    assert_eq!(g.life(1).unwrap(), 18);
}

#[test]
fn cr_702_90d_infect_from_last_known_information() {
    let mut g = mtg();
    let x = g
        .create(0, Zone::Battlefield, &creature(1, 1, &["infect"]))
        .unwrap();
    g.move_to(x, Zone::Graveyard).unwrap();
    g.deal_damage(x, 1, 2, false, true).unwrap();
    assert_eq!(g.count_by_name(1, "poison").unwrap(), 2);
}

#[test]
fn cr_704_5a_c_players_lose_and_the_game_ends() {
    let mut g = mtg();
    g.add_counters(1, "poison", 10).unwrap();
    let ev = g.check_state_based_actions().unwrap();
    assert_eq!(ev[0].kind(), EventKind::PlayerLost);
    assert!(g.is_over());
    assert_eq!(g.winner(), Some(0));
}

#[test]
fn cr_704_5f_toughness_zero_beats_indestructible() {
    let mut g = mtg();
    let b = g
        .create(1, Zone::Battlefield, &creature(1, 1, &["indestructible"]))
        .unwrap();
    g.add_counters(b, "-1/-1", 1).unwrap();
    g.check_state_based_actions().unwrap();
    assert_eq!(g.entity(b).unwrap().zone, Zone::Graveyard);
}

#[test]
fn cr_704_5q_annihilation_is_symmetric() {
    let mut g = mtg();
    let b = g
        .create(1, Zone::Battlefield, &creature(3, 3, &[]))
        .unwrap();
    g.add_counters(b, "+1/+1", 2).unwrap();
    g.add_counters(b, "-1/-1", 3).unwrap();
    g.check_state_based_actions().unwrap();
    let left: Vec<_> = g.entity(b).unwrap().counters.iter().collect();
    assert_eq!(left, [(kinds::MINUS_ONE, 1)]);
}

#[test]
fn cr_701_34a_proliferate_each_kind_and_old_701_23a_one_kind() {
    let mut g = mtg();
    let b = g
        .create(1, Zone::Battlefield, &creature(3, 3, &[]))
        .unwrap();
    g.add_counters(b, "+1/+1", 1).unwrap();
    g.add_counters(b, "quest", 1).unwrap();
    g.proliferate(0, &[b]).unwrap();
    assert_eq!(g.count_by_name(b, "+1/+1").unwrap(), 2);
    assert_eq!(g.count_by_name(b, "quest").unwrap(), 2);
    let mut old = Game::new(2, Ruleset::Mtg2010, 0).unwrap();
    let c = old
        .create(1, Zone::Battlefield, &creature(3, 3, &[]))
        .unwrap();
    old.add_counters(c, "+1/+1", 1).unwrap();
    old.add_counters(c, "quest", 1).unwrap();
    old.proliferate_one_kind(0, &[(c, "quest")]).unwrap();
    assert_eq!(old.count_by_name(c, "+1/+1").unwrap(), 1);
    assert_eq!(old.count_by_name(c, "quest").unwrap(), 2);
    // A card in hand with counters is never a candidate (SoM 2010 notes).
    let h = g.create(0, Zone::Hand, &creature(1, 1, &[])).unwrap();
    g.add_counters(h, "time", 3).unwrap();
    assert!(g.proliferate(0, &[h]).is_err());
}

#[test]
fn cr_701_34a_proliferate_all_is_proliferate_with_every_candidate() {
    // Choosing every candidate (players and permanents with counters, 701.34a) at once: the
    // same state, hash and events as the list; all or nothing on overflow. 200 creatures: more
    // candidates (94) than the list kept on the stack.
    let mut g = mtg();
    g.add_counters(1, "poison", 2).unwrap();
    for i in 0..200u32 {
        let x = g
            .create(i % 2, Zone::Battlefield, &creature(2, 2, &[]))
            .unwrap();
        if i % 3 == 0 {
            g.add_counters(x, "+1/+1", 1).unwrap();
        }
        if i % 5 == 0 {
            g.add_counters(x, "quest", 2).unwrap();
        }
    }
    let h = g.create(0, Zone::Hand, &creature(1, 1, &[])).unwrap();
    g.add_counters(h, "time", 3).unwrap();
    g.take_events();
    let mut listed = g.clone();
    let all = listed.proliferate_candidates();
    listed.proliferate(0, &all).unwrap();
    // A clone sharing the chunks: only the candidates' chunks are copied, the original kept.
    let before = g.clone();
    let mut fresh = g.clone();
    fresh.proliferate_all(0).unwrap();
    assert_eq!(fresh, listed);
    assert_eq!(fresh.hash(), listed.hash());
    assert_eq!(fresh.hash(), fresh.recompute_hash());
    assert_eq!(fresh.events(), listed.events());
    assert_eq!(g, before);
    assert_eq!(g.count_by_name(h, "time").unwrap(), 3);
    assert!(all.len() > 64, "{} candidates", all.len());
    // An overflow at the last candidate: nothing changes, no event.
    let last = *all.last().unwrap();
    g.add_counters(last, "+1/+1", u64::MAX - 1).unwrap();
    g.take_events();
    let bytes = g.to_bytes();
    assert!(g.proliferate_all(0).is_err());
    assert_eq!(g.to_bytes(), bytes);
    assert!(g.events().is_empty());
    assert_eq!(g.hash(), g.recompute_hash());
    // "mtg-2010" proliferates one chosen kind: the every-kind form is refused.
    let mut old = Game::new(2, Ruleset::Mtg2010, 0).unwrap();
    assert!(old.proliferate_all(0).is_err());
}

#[test]
fn berserk_104_3_1_lives_become_x_without_wounds_or_healing() {
    let mut g = Game::new(2, Ruleset::Berserk, 0).unwrap();
    let spec = CardSpec {
        types: vec!["creature".into()],
        strength: Some(0),
        lives: Some(4),
        ..CardSpec::default()
    };
    let x = g.create(0, Zone::Battlefield, &spec).unwrap();
    g.add_counters(x, "wound", 2).unwrap();
    g.take_events();
    g.set_lives(x, 1).unwrap();
    assert_eq!(g.lives(x).unwrap(), Some(1));
    assert_eq!(g.wounds(x).unwrap(), 0);
    assert!(g
        .events()
        .iter()
        .all(|e| !matches!(e.kind(), EventKind::Wounded | EventKind::Healed)));
    g.set_strength(x, 1).unwrap();
    assert_eq!(g.strength(x).unwrap(), Some(1));
}

#[test]
fn failed_calls_change_nothing_and_hash_is_incremental() {
    let mut g = mtg();
    let a = g
        .create(0, Zone::Battlefield, &creature(2, 2, &["lifelink"]))
        .unwrap();
    g.add_counters(a, "+1/+1", u64::MAX - 1).unwrap();
    let before = g.to_bytes();
    assert!(g.add_counters(a, "+1/+1", 2).is_err());
    assert!(g.proliferate(0, &[a, a]).is_err());
    assert_eq!(g.to_bytes(), before);
    assert_eq!(g.hash(), g.recompute_hash());
    let c = g.clone();
    g.deal_damage(a, 1, 5, true, true).unwrap();
    assert_ne!(g.hash(), c.hash());
    assert_eq!(g.hash(), g.recompute_hash());
    assert_eq!(Game::from_bytes(&g.to_bytes()).unwrap(), g);
}

/// A failing `apply_ops` puts back everything the earlier operations changed: entities on
/// several chunks, objects created by moves and SBAs, effects used up, and the inner
/// transaction of a huge `deal_damage` (nested: the outer one undoes it).
#[test]
fn all_or_nothing_operations_undo_every_change() {
    use cardstate_core::ops::Op;
    let mut g = mtg();
    let ids: Vec<u32> = (0..70)
        .map(|i| {
            g.create(i % 2, Zone::Battlefield, &creature(2, 2, &[]))
                .unwrap()
        })
        .collect();
    g.add_counters(ids[40], "+1/+1", 2).unwrap();
    g.prevent_damage(ids[65], Some(1), None).unwrap();
    g.take_events();
    let before = g.clone();
    let (bytes, hash) = (g.to_bytes(), g.hash());
    let ops = vec![
        Op::AddCounters(ids[0], "oil".into(), 3),
        Op::DealDamage {
            source: ids[1],
            target: ids[65],
            amount: 5,
            kind: DamageKind::Combat,
            prevention: Prevention::Preventable,
        },
        Op::DealDamage {
            source: ids[2],
            target: 1,
            amount: u64::MAX / 2,
            kind: DamageKind::Noncombat,
            prevention: Prevention::Preventable,
        },
        Op::Move(ids[40], Zone::Graveyard),
        Op::CheckStateBasedActions,
        Op::Cleanup,
        Op::PayCounters(ids[3], "oil".into(), 1),
    ];
    let (failed, _) = g.apply_ops(&ops).unwrap_err();
    assert_eq!(failed, ops.len() - 1);
    assert!(g == before && g.to_bytes() == bytes && g.hash() == hash);
    assert_eq!(g.hash(), g.recompute_hash());
    assert!(g.events().is_empty());
    // Without the failing operation everything stays.
    g.apply_ops(&ops[..ops.len() - 1]).unwrap();
    assert_eq!(g.count_by_name(ids[0], "oil").unwrap(), 3);
    assert_eq!(g.entity(ids[40]).unwrap().zone, Zone::Graveyard);
    assert!(g.hash() == g.recompute_hash() && g != before);
}

fn token(power: i64, toughness: i64) -> CardSpec {
    CardSpec {
        name: "Soldier".into(),
        token: true,
        ..creature(power, toughness, &[])
    }
}

fn legend(name: &str) -> CardSpec {
    CardSpec {
        name: name.into(),
        supertypes: vec!["legendary".into()],
        ..creature(2, 2, &[])
    }
}

#[test]
fn cr_704_5d_a_token_that_died_ceases_to_exist() {
    let mut g = mtg();
    let t = g.create(0, Zone::Battlefield, &token(1, 1)).unwrap();
    assert!(g.is_token(t).unwrap());
    g.deal_damage(t, t, 1, false, true).unwrap();
    g.clear_events();
    g.check_state_based_actions().unwrap();
    let dead = g.entity(t).unwrap().new_id;
    assert!(
        g.is_token(dead).unwrap(),
        "111.8: it is still a token in the graveyard"
    );
    // Pass 1: it dies (its "dies" triggers see the zone change); pass 2: it ceases to exist.
    assert_eq!(
        kinds_of(&g),
        [
            EventKind::Destroyed,
            EventKind::ZoneChange,
            EventKind::CeasedToExist
        ]
    );
    let ceased = g.events()[2];
    assert_eq!(ceased.target(), Some(dead));
    assert_eq!(ceased.zone_from(), Some(Zone::Graveyard));
    assert_eq!(ceased.new_id(), None);
    assert!(g.entity(dead).unwrap().gone);
    assert!(g.objects_in(Zone::Graveyard, None).unwrap().is_empty());
    assert_eq!(g.power(dead).unwrap(), Some(1), "last known information");
    assert!(g.move_to(dead, Zone::Hand).is_err(), "it no longer exists");
    assert_eq!(g.recompute_hash(), g.hash());
    let back = Game::from_bytes(&g.to_bytes()).unwrap();
    assert!(back == g && back.hash() == g.hash());
}

#[test]
fn cr_111_8_a_token_that_left_the_battlefield_cant_move() {
    let mut g = mtg();
    let t = g.create(0, Zone::Battlefield, &token(1, 1)).unwrap();
    let exiled = g.move_to(t, Zone::Exile).unwrap();
    g.clear_events();
    let before = g.hash();
    assert_eq!(g.move_to(exiled, Zone::Battlefield).unwrap(), exiled);
    assert_eq!(g.hash(), before);
    assert!(g.events().is_empty(), "it stays where it is: no event");
    // 704.5d also for a token created outside the battlefield.
    let h = g.create(1, Zone::Hand, &token(2, 2)).unwrap();
    assert!(g.check_state_based_actions().is_ok());
    assert!(g.entity(h).unwrap().gone && g.entity(exiled).unwrap().gone);
    assert_eq!(
        kinds_of(&g),
        [EventKind::CeasedToExist, EventKind::CeasedToExist]
    );
}

#[test]
fn cr_704_5d_a_card_is_not_a_token() {
    let mut g = mtg();
    let c = g.create(0, Zone::Graveyard, &creature(1, 1, &[])).unwrap();
    assert!(!g.is_token(c).unwrap());
    g.check_state_based_actions().unwrap();
    assert!(!g.entity(c).unwrap().gone);
}

#[test]
fn cr_704_5j_the_legend_rule_keeps_the_newest_by_default() {
    let mut g = mtg();
    let a = g.create(0, Zone::Battlefield, &legend("Melira")).unwrap();
    let b = g.create(0, Zone::Battlefield, &legend("Melira")).unwrap();
    let other = g.create(1, Zone::Battlefield, &legend("Melira")).unwrap();
    let unnamed = [
        g.create(0, Zone::Battlefield, &legend("")).unwrap(),
        g.create(0, Zone::Battlefield, &legend("")).unwrap(),
    ];
    g.clear_events();
    g.check_state_based_actions().unwrap();
    assert!(g.entity(a).unwrap().gone, "the older one goes");
    assert_eq!(g.entity(a).unwrap().zone, Zone::Graveyard);
    assert!(!g.entity(b).unwrap().gone);
    assert!(
        !g.entity(other).unwrap().gone,
        "another player's legend stays"
    );
    assert!(unnamed.iter().all(|&u| !g.entity(u).unwrap().gone), "201.2");
    assert_eq!(kinds_of(&g), [EventKind::ZoneChange], "not a destruction");
}

#[test]
fn cr_704_5j_the_player_chooses_which_legend_stays() {
    let mut g = mtg();
    let a = g.create(0, Zone::Battlefield, &legend("Torbran")).unwrap();
    let b = g.create(0, Zone::Battlefield, &legend("Torbran")).unwrap();
    g.add_counters(a, "+1/+1", 1).unwrap();
    let mut h = g.clone();
    assert!(h
        .check_state_based_actions_keeping(&[a, b], |_, _| ())
        .is_err());
    assert!(h
        .check_state_based_actions_keeping(&[0], |_, _| ())
        .is_err());
    assert!(h == g, "a refused choice changes nothing");
    h.check_state_based_actions_keeping(&[a], |_, _| ())
        .unwrap();
    assert!(!h.entity(a).unwrap().gone && h.entity(b).unwrap().gone);
    // Indestructible doesn't help: it is not destruction.
    let mut g = mtg();
    let a = g.create(0, Zone::Battlefield, &legend("Avacyn")).unwrap();
    g.grant(a, "indestructible", false).unwrap();
    g.create(0, Zone::Battlefield, &legend("Avacyn")).unwrap();
    g.check_state_based_actions().unwrap();
    assert!(g.entity(a).unwrap().gone);
}

#[test]
fn cr_205_4_supertypes_are_printed_and_berserk_has_none() {
    let mut g = mtg();
    let x = g.create(0, Zone::Battlefield, &legend("Melira")).unwrap();
    assert_eq!(
        g.supertypes_of(x).unwrap().names().collect::<Vec<_>>(),
        ["legendary"]
    );
    let bad = CardSpec {
        supertypes: vec!["legend".into()],
        ..CardSpec::default()
    };
    assert!(g.create(0, Zone::Battlefield, &bad).is_err());
    let mut b = Game::new(2, Ruleset::Berserk, 0).unwrap();
    assert!(b.create(0, Zone::Battlefield, &legend("Hero")).is_err());
}

#[test]
fn fog_prevents_combat_damage_only_510_2_615_1() {
    // Fog: "Prevent all combat damage that would be dealt this turn."
    let mut g = mtg();
    let bear = g
        .create(0, Zone::Battlefield, &creature(2, 2, &[]))
        .unwrap();
    let every = ["players".to_string(), "permanents".to_string()];
    let fog = g
        .add_replacement_effect("prevent", &every, &[], None, None, None, None, true, true)
        .unwrap();
    assert!(g.replacement_effects()[0].combat);
    assert_eq!(g.deal_damage(bear, 1, 2, true, true).unwrap(), 0);
    assert_eq!(g.deal_damage(bear, 1, 2, false, true).unwrap(), 2);
    assert_eq!(g.replacement_effects()[0].id, fog);
    assert!(
        g.add_replacement_effect(
            "counters_cant",
            &every,
            &[],
            None,
            None,
            None,
            None,
            true,
            false
        )
        .is_err(),
        "combat= is for damage effects"
    );
    g.cleanup();
    assert_eq!(g.deal_damage(bear, 1, 2, true, true).unwrap(), 2);
    let back = Game::from_bytes(&{
        let mut h = mtg();
        h.add_replacement_effect("prevent", &every, &[], None, None, None, None, true, false)
            .unwrap();
        h.to_bytes()
    })
    .unwrap();
    assert!(
        back.replacement_effects()[0].combat,
        "in the bytes (format v4)"
    );
}

#[test]
fn cr_704_3_the_last_effect_ending_in_a_pass_is_seen_by_the_next_pass() {
    // 704.3: after a pass the whole state is checked again. The lord dying ends the only
    // continuous effect (611.3a), and the follower whose toughness it gave dies in the next
    // pass of the same check.
    let mut g = mtg();
    let lord = g
        .create(0, Zone::Battlefield, &creature(1, 1, &[]))
        .unwrap();
    let follower = g
        .create(0, Zone::Battlefield, &creature(1, 0, &[]))
        .unwrap();
    let texts = ["other creatures you control".to_string()];
    g.add_continuous_effect(
        "modify_power_toughness",
        cardstate_core::AffectedSpec::Texts(&texts),
        Some(lord),
        None,
        None,
        None,
        Some(1),
        Some(1),
        false,
    )
    .unwrap();
    g.deal_damage(follower, lord, 1, false, true).unwrap();
    g.check_state_based_actions().unwrap();
    assert!(!g.has_continuous_effects());
    assert_eq!(g.entity(lord).unwrap().zone, Zone::Graveyard);
    assert_eq!(g.entity(follower).unwrap().zone, Zone::Graveyard);
}

#[test]
fn a_stun_counter_is_removed_instead_of_untapping_122_1d() {
    // 122.1d: a permanent with a stun counter that would become untapped loses one instead.
    let mut g = mtg();
    let a = g
        .create(0, Zone::Battlefield, &creature(1, 1, &[]))
        .unwrap();
    g.add_counters(a, "stun", 2).unwrap();
    assert!(!g.untap(a).unwrap(), "untapped already: the counters stay");
    g.tap(a).unwrap();
    let t0 = g.tap_changes();
    assert!(!g.untap(a).unwrap());
    assert!(!g.untap(a).unwrap());
    assert!(g.is_tapped(a).unwrap());
    assert_eq!(g.tap_changes(), t0);
    assert!(g.untap(a).unwrap(), "no stun counter left");
    assert!(!g.is_tapped(a).unwrap());
}

#[test]
fn tap_changes_follows_every_change_of_a_tapped_status() {
    // What a game layer derives from tapped statuses (its mana) holds while the count stays.
    let mut g = mtg();
    let a = g
        .create(0, Zone::Battlefield, &creature(1, 1, &[]))
        .unwrap();
    let t0 = g.tap_changes();
    g.add_counters(a, "+1/+1", 1).unwrap();
    g.untap(a).unwrap(); // already untapped: no change
    assert_eq!(g.tap_changes(), t0);
    g.tap(a).unwrap();
    let t1 = g.tap_changes();
    assert_ne!(t1, t0);
    g.untap(a).unwrap();
    let t2 = g.tap_changes();
    assert_ne!(t2, t1);
    // 701.19a: regeneration taps.
    g.regenerate(a).unwrap();
    g.destroy(a).unwrap();
    assert!(g.is_tapped(a).unwrap());
    let t3 = g.tap_changes();
    assert_ne!(t3, t2);
    // A transaction rolled back may untap what it tapped.
    let failing = [
        cardstate_core::ops::Op::Untap(a),
        cardstate_core::ops::Op::Move(u32::MAX, Zone::Graveyard),
    ];
    assert!(g.apply_ops(&failing).is_err());
    assert!(g.is_tapped(a).unwrap());
    assert_ne!(g.tap_changes(), t3);
}

#[test]
fn tap_changes_of_a_player_follows_that_players_permanents_only() {
    // A game layer's count of one player's mana holds while the other player taps.
    let mut g = mtg();
    let a = g
        .create(0, Zone::Battlefield, &creature(1, 1, &[]))
        .unwrap();
    let b = g
        .create(1, Zone::Battlefield, &creature(1, 1, &[]))
        .unwrap();
    let (a0, b0) = (g.tap_changes_of(0), g.tap_changes_of(1));
    g.tap(b).unwrap();
    assert_eq!(g.tap_changes_of(0), a0);
    let b1 = g.tap_changes_of(1);
    assert_ne!(b1, b0);
    g.tap(a).unwrap();
    let a1 = g.tap_changes_of(0);
    assert_ne!(a1, a0);
    assert_eq!(g.tap_changes_of(1), b1);
    // A tapped permanent changing control changes both players' tapped permanents.
    g.set_controller(b, 0).unwrap();
    let (a2, b2) = (g.tap_changes_of(0), g.tap_changes_of(1));
    assert_ne!(a2, a1);
    assert_ne!(b2, b1);
    // A transaction rolled back may untap anyone's permanents.
    let failing = [
        cardstate_core::ops::Op::Untap(a),
        cardstate_core::ops::Op::Move(u32::MAX, Zone::Graveyard),
    ];
    assert!(g.apply_ops(&failing).is_err());
    assert_ne!(g.tap_changes_of(0), a2);
    assert_ne!(g.tap_changes_of(1), b2);
}

#[test]
fn cr_704_5j_the_legend_rule_may_apply_only_after_a_legendary_permanent_changed() {
    let mut g = mtg();
    let first = g.create(0, Zone::Battlefield, &legend("Jaya")).unwrap();
    assert!(g.legend_rule_may_apply());
    g.check_state_based_actions().unwrap();
    assert!(!g.legend_rule_may_apply(), "one Jaya: nothing to choose");
    let bear = g
        .create(0, Zone::Battlefield, &creature(2, 2, &[]))
        .unwrap();
    g.tap(bear).unwrap();
    assert!(!g.legend_rule_may_apply(), "no legendary permanent changed");
    let second = g.create(0, Zone::Battlefield, &legend("Jaya")).unwrap();
    assert!(g.legend_rule_may_apply());
    g.check_state_based_actions().unwrap();
    assert!(!g.legend_rule_may_apply());
    assert_eq!(g.entity(first).unwrap().zone, Zone::Graveyard);
    assert_eq!(g.entity(second).unwrap().zone, Zone::Battlefield);
    g.tap(second).unwrap();
    assert!(
        !g.legend_rule_may_apply(),
        "a tapped status is nothing a state-based action reads"
    );
    g.set_controller(second, 1).unwrap();
    assert!(g.legend_rule_may_apply(), "a changed legendary permanent");
}
