//! The codec's own checks: a game at the API's limits round-trips, bytes beyond them are refused.

use crate::game::{CardSpec, Game, Ruleset};
use crate::limits;
use crate::zones::Zone;

fn creature(g: &mut Game) -> u32 {
    let spec = CardSpec {
        types: vec!["creature".into()],
        power: Some(1),
        toughness: Some(1),
        ..CardSpec::default()
    };
    g.create(0, Zone::Battlefield, &spec).unwrap()
}

fn round_trips(g: &Game) -> bool {
    Game::from_bytes(&g.to_bytes()).is_ok_and(|d| d == *g)
}

/// One set of limits: a decoded game at a limit takes every legal call and encodes again;
/// a call that would go beyond it is refused (and changes nothing); bytes beyond it are
/// refused.
#[test]
fn pump_totals_stop_at_the_limit_the_decoder_accepts() {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let x = creature(&mut g);
    let edge = limits::PUMP_LIMIT as i64 - 1;
    for (p, t) in [(edge, 0), (0, -edge)] {
        let mut at = g.clone();
        at.entities[x as usize].pump_power = p;
        at.entities[x as usize].pump_toughness = t;
        let mut at = Game::from_bytes(&at.to_bytes()).expect("at the limit decodes");
        let before = at.to_bytes();
        let err = at.pump(x, p.signum(), t.signum()).unwrap_err();
        assert!(matches!(err, crate::Error::Overflow(_)), "{err}");
        assert_eq!(at.to_bytes(), before, "a refused pump changes nothing");
        at.pump(x, -p.signum(), -t.signum()).unwrap();
        assert!(round_trips(&at));
        let mut beyond = at.clone();
        beyond.entities[x as usize].pump_power = p + p.signum();
        beyond.entities[x as usize].pump_toughness = t + t.signum();
        assert!(Game::from_bytes(&beyond.to_bytes()).is_err());
    }
    for v in [i64::MIN, i64::MAX, 1 << 31, -(1 << 31)] {
        let before = g.to_bytes();
        assert!(matches!(g.pump(x, v, 0), Err(crate::Error::Overflow(_))));
        assert!(matches!(g.pump(x, 0, v), Err(crate::Error::Overflow(_))));
        assert_eq!(g.to_bytes(), before);
    }
}

#[test]
fn printed_numbers_at_the_most_negative_i64_are_refused_not_wrapped() {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let cases: [fn(&mut CardSpec, i64); 4] = [
        |s, v| s.power = Some(v),
        |s, v| s.toughness = Some(v),
        |s, v| s.loyalty = Some(v),
        |s, v| s.cost = Some(crate::game::CostSpec::Fixed(v)),
    ];
    for set in cases {
        for v in [i64::MIN, -(1 << 31), 1 << 31, i64::MAX] {
            let mut spec = CardSpec {
                types: vec!["creature".into()],
                ..CardSpec::default()
            };
            set(&mut spec, v);
            assert!(g.create(0, Zone::Hand, &spec).is_err(), "{spec:?}");
        }
    }
    assert_eq!(g.num_entities(), 2);
}

#[test]
fn a_card_with_many_subtypes_round_trips() {
    let mut g = Game::new(2, Ruleset::Berserk, 0).unwrap();
    let spec = CardSpec {
        types: vec!["creature".into()],
        subtypes: (0..70_000).map(|i| format!("s{}", i % 70_001)).collect(),
        ..CardSpec::default()
    };
    g.create(0, Zone::Hand, &spec).unwrap();
    assert!(round_trips(&g));
}

#[test]
fn decoded_numbers_beyond_the_api_limits_are_refused() {
    let mut g = Game::new(2, Ruleset::Berserk, 0).unwrap();
    let spec = CardSpec {
        types: vec!["creature".into()],
        strength: Some(1),
        lives: Some(1),
        cost: Some(crate::game::CostSpec::Fixed(1)),
        ..CardSpec::default()
    };
    let x = g.create(0, Zone::Battlefield, &spec).unwrap();
    assert!(round_trips(&g));
    let mut bad = g.clone();
    bad.entities[x as usize].power = Some(i32::MIN);
    assert!(Game::from_bytes(&bad.to_bytes()).is_err());
    let mut bad = g.clone();
    bad.entities[x as usize].strength = Some(-1);
    assert!(Game::from_bytes(&bad.to_bytes()).is_err());
    let mut bad = g.clone();
    let mut p = (*bad.printed[0]).clone();
    p.cost = Some(crate::game::Cost {
        base: limits::STAT_LIMIT as u32,
        xs: 0,
    });
    std::sync::Arc::make_mut(&mut bad.printed)[0] = std::sync::Arc::new(p);
    assert!(Game::from_bytes(&bad.to_bytes()).is_err());
    // What no call gives a player (marked damage, characteristics) or an object (life).
    let edits: [fn(&mut crate::game::Entity); 4] = [
        |e| e.damage = 1,
        |e| e.keywords = crate::keywords::Keywords::FLYING,
        |e| e.strength = Some(0),
        |e| e.zone = Zone::Hand,
    ];
    for edit in edits {
        let mut bad = g.clone();
        edit(&mut bad.entities[1]);
        let err = Game::from_bytes(&bad.to_bytes()).unwrap_err();
        assert!(err.to_string().contains("player record"), "{err}");
    }
    let mut bad = g.clone();
    bad.entities[x as usize].life = 3;
    assert!(Game::from_bytes(&bad.to_bytes()).is_err());
}

/// The kind limit counts kinds in use: after many kinds have come and gone, a new one is
/// accepted, as it is by a game decoded from the same bytes.
#[test]
fn kinds_no_longer_used_are_given_back() {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    g.set_record_events(false);
    let x = creature(&mut g);
    let customs = limits::MAX_KINDS - crate::kinds::BUILTIN_NAMES.len();
    for i in 0..customs + 10 {
        let name = format!("k{i}");
        g.add_counters(x, name.as_str(), 1).unwrap();
        g.remove_counters(x, name.as_str(), 1).unwrap();
    }
    g.add_counters(x, "kept", 2).unwrap();
    assert_eq!(g.count_by_name(x, "kept").unwrap(), 2);
    assert_eq!(g.count_by_name(x, "k3").unwrap(), 0);
    assert_eq!(g.hash(), g.recompute_hash());
    let d = Game::from_bytes(&g.to_bytes()).unwrap();
    assert!(d == g && d.hash() == g.hash());
}

/// Kinds held only by logged events, or by a transaction's saved copies, are still in use.
#[test]
fn kinds_named_by_events_or_a_transaction_are_kept() {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let x = creature(&mut g);
    let customs = limits::MAX_KINDS - crate::kinds::BUILTIN_NAMES.len();
    g.add_counters(x, "logged", 1).unwrap();
    g.remove_counters(x, "logged", 1).unwrap();
    g.set_record_events(false);
    for i in 1..customs {
        g.add_counters(x, format!("k{i}").as_str(), 1).unwrap();
    }
    // Full: the only custom kind no entity has is named by the log.
    let err = g.add_counters(x, "new", 1).unwrap_err();
    assert!(matches!(err, crate::Error::Overflow(_)), "{err}");
    let names: Vec<_> = g
        .events()
        .iter()
        .filter_map(|e| e.counter())
        .map(|k| g.kind_name(k).to_string())
        .collect();
    assert_eq!(names, ["logged", "logged"]);
    g.clear_events();
    g.add_counters(x, "new", 1).unwrap();
    // A transaction that removes a kind, then needs a new one, then fails: the removed kind
    // is back with its name.
    let ops = [
        crate::ops::Op::RemoveCounters(x, "k1".into(), 1),
        crate::ops::Op::AddCounters(x, "newer".into(), 1),
        crate::ops::Op::PayCounters(x, "k2".into(), 5),
    ];
    assert!(g.apply_ops(&ops).is_err());
    assert_eq!(g.count_by_name(x, "k1").unwrap(), 1);
    assert_eq!(g.hash(), g.recompute_hash());
    assert!(round_trips(&g));
}

/// A modifier whose source isn't in play (or whose card isn't in hand) can't exist in a
/// game, so bytes that describe one are refused.
#[test]
fn a_cost_modifier_must_name_a_permanent_source_or_a_card_in_hand() {
    let spec = CardSpec {
        types: vec!["creature".into()],
        strength: Some(1),
        lives: Some(1),
        ..CardSpec::default()
    };
    let mut g = Game::new(2, Ruleset::Berserk, 0).unwrap();
    let source = g.create(0, Zone::Battlefield, &spec).unwrap();
    let card = g.create(0, Zone::Hand, &spec).unwrap();
    g.add_cost_modifier(-1, None, Some(source), &[], &[], None)
        .unwrap();
    g.add_cost_modifier(-1, Some(card), None, &[], &[], None)
        .unwrap();
    assert!(Game::from_bytes(&g.to_bytes()).unwrap() == g);
    for (id, zone) in [(source, Zone::Graveyard), (card, Zone::Battlefield)] {
        let mut bad = g.clone();
        bad.entities[id as usize].zone = zone;
        let err = Game::from_bytes(&bad.to_bytes()).unwrap_err();
        assert!(err.to_string().contains("cost modifier"), "{err}");
    }
}

/// The encoder writes the current version: every section and field except the lists that
/// replacement effects took over; versions outside the range read have no format.
#[test]
fn the_current_format_holds_every_field_but_the_old_lists() {
    use super::{Format, OLDEST_VERSION, VERSION};
    let current = Format {
        tapped: true,
        shield_lists: false,
        regeneration_shields: true,
        replacement_effects: true,
        effect_targets: true,
        continuous_effects: true,
        card_flags: true,
        combat_effects: true,
        ordered_effects: true,
        clause_subtypes: true,
        active_player: true,
        enters_tapped_effects: true,
    };
    assert_eq!(Format::of(VERSION), Some(current));
    let oldest = Format::of(OLDEST_VERSION).unwrap();
    assert!(oldest.shield_lists && !oldest.tapped && !oldest.replacement_effects);
    assert_eq!(Format::of(OLDEST_VERSION - 1), None);
    assert_eq!(Format::of(VERSION + 1), None);
}

/// 613.1d: an "add_subtype" effect (record 6) round-trips and is state by name: two games
/// whose subtype tables give "Knight" different ids are equal and hash alike; a record with
/// an empty subtype is refused.
#[test]
fn rule_613_1d_an_added_subtype_is_state_by_name() {
    use crate::continuous::AffectedSpec;
    let add = |g: &mut Game, x: u32, subtype: &str| {
        g.add_continuous_effect_with_subtype(
            "add_subtype",
            AffectedSpec::Ids(&[x]),
            None,
            None,
            (None, None, None, None),
            Some(subtype),
            false,
        )
        .unwrap()
    };
    let (mut games, mut x) = (Vec::new(), 0);
    for first in ["Goblin", "Knight"] {
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        x = creature(&mut g);
        // The first name interned (and the effect ended): the tables' ids differ.
        let eid = add(&mut g, x, first);
        g.end_continuous_effect(eid).unwrap();
        add(&mut g, x, "Knight");
        assert_eq!(g.subtypes(x).unwrap(), vec!["Knight"]);
        assert!(round_trips(&g));
        assert_eq!(g.hash(), g.recompute_hash());
        games.push(g);
    }
    assert_eq!(games[0], games[1]);
    assert_eq!(games[0].hash(), games[1].hash());
    let bytes = games[0].to_bytes();
    let at = bytes
        .windows(6)
        .rposition(|w| w == b"Knight")
        .expect("the subtype by name");
    let with_name = |name: &str| {
        let mut out = bytes[..at - 4].to_vec();
        out.extend_from_slice(&(name.len() as u32).to_le_bytes());
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(&bytes[at + 6..]);
        Game::from_bytes(&out)
    };
    // The record's name is what the effect adds; an empty one is refused.
    let demon = with_name("Demon").unwrap();
    assert_eq!(demon.subtypes(x).unwrap(), vec!["Demon"]);
    assert!(with_name("").is_err());
}

/// 102.1: the active player is state (the bytes, `==`, the hash keep it); version 5 bytes, which
/// don't have it, read as player 0's turn, and an active player that isn't one is refused.
#[test]
fn rule_102_1_the_active_player_is_in_the_header() {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let first = g.clone();
    g.set_active_player(1).unwrap();
    assert!(g != first && g.hash() != first.hash());
    let b = g.to_bytes();
    let again = Game::from_bytes(&b).unwrap();
    assert!(again == g && again.active_player() == 1);
    let mut v5 = b[..28].to_vec();
    v5[4] = 5;
    v5.extend_from_slice(&b[32..]);
    assert_eq!(Game::from_bytes(&v5).unwrap().active_player(), 0);
    let mut bad = b.clone();
    bad[28] = 2;
    assert!(Game::from_bytes(&bad).is_err());
    assert!(g.set_active_player(2).is_err() && g.active_player() == 1);
}
