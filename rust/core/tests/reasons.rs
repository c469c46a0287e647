//! Refusals carry a machine-readable reason: a Rust caller tells them apart by `Error::reason`,
//! not by their text, and every one of these is still a `ValueError` in Python.

use cardstate_core::Cost;
use cardstate_core::{CardSpec, Class, Game, Reason, Ruleset, Zone};

fn creature() -> CardSpec {
    CardSpec {
        types: vec!["creature".into()],
        power: Some(2),
        toughness: Some(2),
        ..CardSpec::default()
    }
}

fn reason<T: std::fmt::Debug>(r: cardstate_core::Result<T>) -> Reason {
    let e = r.expect_err("refused");
    assert_eq!(e.class(), Class::Value, "{e}");
    e.reason()
}

#[test]
fn card_descriptions_are_refused_by_what_is_wrong() {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let with = |edit: fn(&mut CardSpec)| {
        let mut s = creature();
        edit(&mut s);
        s
    };
    let unknown_type = with(|s| s.types = vec!["hero".into()]);
    let empty_subtype = with(|s| s.subtypes = vec![String::new()]);
    let negative_loyalty = with(|s| s.loyalty = Some(-1));
    let valued_flying = with(|s| s.keywords = vec![("flying".into(), 2)]);
    let cases = [
        (unknown_type, Reason::UnknownName),
        (empty_subtype, Reason::BadName),
        (negative_loyalty, Reason::BelowMinimum),
        (valued_flying, Reason::BadAmount),
    ];
    for (spec, want) in cases {
        assert_eq!(reason(g.create(0, Zone::Battlefield, &spec)), want);
    }
    assert_eq!(reason(Cost::parse("2+Y")), Reason::BadCost);
    assert_eq!(g.num_entities(), 2, "nothing was created");
}

#[test]
fn counters_and_damage_between_one_entity_and_itself_are_refused_as_such() {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let bear = g.create(0, Zone::Battlefield, &creature()).unwrap();
    g.add_counters(bear, "+1/+1", 1).unwrap();
    assert_eq!(
        reason(g.move_counters(bear, bear, "+1/+1", 1)),
        Reason::SameEntity
    );
    assert_eq!(reason(g.put_counters_from(bear, bear)), Reason::SameEntity);
    assert_eq!(
        reason(g.redirect_damage(bear, bear, None, None)),
        Reason::SameEntity
    );
    assert_eq!(
        reason(g.deal_damage(0, bear, 1, false, true)),
        Reason::NotASource
    );
    let library = g.create(0, Zone::Library, &creature()).unwrap();
    assert_eq!(
        reason(g.deal_damage(bear, library, 1, false, true)),
        Reason::NotDamageable
    );
    assert_eq!(reason(g.add_counters(bear, "+1/+l", 1)), Reason::BadKind);
    assert_eq!(g.count_by_name(bear, "+1/+1").unwrap(), 1);
}

#[test]
fn berserk_property_changes_are_refused_by_what_is_wrong() {
    let mut g = Game::new(2, Ruleset::Berserk, 0).unwrap();
    let spec = CardSpec {
        types: vec!["creature".into()],
        strength: Some(2),
        lives: Some(3),
        ..CardSpec::default()
    };
    let terrain = CardSpec {
        types: vec!["terrain".into()],
        ..CardSpec::default()
    };
    let c = g.create(0, Zone::Battlefield, &spec).unwrap();
    let t = g.create(0, Zone::Battlefield, &terrain).unwrap();
    assert_eq!(reason(g.set_lives(c, -1)), Reason::BelowMinimum);
    assert_eq!(reason(g.set_strength(t, 1)), Reason::NoProperty);
    assert_eq!(
        reason(g.set_lives_many(&[c], &[1, 2])),
        Reason::LengthMismatch
    );
    let none: &[String] = &[];
    assert_eq!(
        reason(g.add_cost_modifier(1, None, None, none, none, None)),
        Reason::Incompatible
    );
    assert_eq!(
        reason(g.add_cost_modifier(1, Some(c), None, none, none, None)),
        Reason::NotInHand
    );
    assert_eq!(g.lives(c).unwrap(), Some(3));
}

#[test]
fn replacement_effects_are_refused_by_what_is_wrong() {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let all = ["permanents".to_string()];
    let none: &[String] = &[];
    let add = |g: &mut Game, effect: &str, affects: &[String], amount: Option<u64>| {
        g.add_replacement_effect(
            effect, affects, none, None, None, None, amount, false, false,
        )
    };
    assert_eq!(
        reason(add(&mut g, "counters_plus", &all, None)),
        Reason::BadAmount
    );
    assert_eq!(
        reason(add(&mut g, "counters_times", &all, Some(1))),
        Reason::BelowMinimum
    );
    assert_eq!(
        reason(add(&mut g, "counters_twice", &all, Some(2))),
        Reason::UnknownName
    );
    assert_eq!(
        reason(add(&mut g, "counters_half", none, None)),
        Reason::Incompatible
    );
    let id = add(&mut g, "counters_half", &all, None).unwrap();
    assert_eq!(
        reason(g.order_replacement_effects(&[id, id])),
        Reason::Duplicate
    );
}
