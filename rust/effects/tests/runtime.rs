//! The runtime on the kernel: resolutions, choices, 608.2b, triggers.
use cardstate_core::{Game, Ruleset, Zone};
use cardstate_effects::runtime::{resolve_fixed, resolve_with};
use cardstate_effects::{
    fired, fired_by_kernel_events, place, CardDb, Choice, ChoiceRequest, Ctx, GameEvent,
    Resolution, Step,
};

fn setup() -> (&'static CardDb, Game) {
    (CardDb::pool(), Game::new(2, Ruleset::Mtg, 0).unwrap())
}

fn put(db: &CardDb, g: &mut Game, name: &str, p: u32) -> u32 {
    place(db, g, db.lookup(name).unwrap(), p, Zone::Battlefield, 0).unwrap()
}

#[test]
fn grim_affliction_puts_a_counter_then_proliferates_as_chosen() {
    // "Put a -1/-1 counter on target creature, then proliferate."
    let (db, mut g) = setup();
    let bear = put(db, &mut g, "Grizzly Bears", 1);
    g.add_counters(1, "poison", 1).unwrap();
    let card = db.lookup("Grim Affliction").unwrap();
    let ctx = Ctx::spell(db, card, 0).unwrap().with_targets(&[bear]);
    let mut r = Resolution::new(db, ctx).unwrap();
    let Step::Choice(ChoiceRequest::Proliferate { candidates }) = r.run(&mut g, db).unwrap() else {
        panic!("expected the proliferate choice")
    };
    assert_eq!(candidates, vec![1, bear]);
    assert_eq!(g.count_by_name(bear, "-1/-1").unwrap(), 1);
    r.answer(Choice::Proliferate(vec![1, bear])).unwrap();
    assert!(matches!(r.run(&mut g, db).unwrap(), Step::Done(o) if o.proliferated));
    assert_eq!(g.count_by_name(bear, "-1/-1").unwrap(), 2);
    assert_eq!(g.count_by_name(1, "poison").unwrap(), 2);
}

#[test]
fn grim_affliction_in_mtg_2010_proliferates_one_chosen_kind() {
    // Old 701.23a (the 2010 release notes): each chosen entity gets one more counter of one
    // kind it has; the current form (ids) is refused and the choice stays pending.
    let db = CardDb::pool();
    let mut g = Game::new(2, Ruleset::Mtg2010, 0).unwrap();
    let bear = put(db, &mut g, "Grizzly Bears", 1);
    g.add_counters(bear, "+1/+1", 1).unwrap();
    g.add_counters(1, "poison", 1).unwrap();
    let card = db.lookup("Grim Affliction").unwrap();
    let ctx = Ctx::spell(db, card, 0).unwrap().with_targets(&[bear]);
    let mut r = Resolution::new(db, ctx.clone()).unwrap();
    assert!(matches!(
        r.run(&mut g, db).unwrap(),
        Step::Choice(ChoiceRequest::Proliferate { .. })
    ));
    r.answer(Choice::Proliferate(vec![bear])).unwrap();
    assert!(r.run(&mut g, db).is_err());
    r.answer(Choice::ProliferateKinds(vec![
        (bear, "-1/-1".into()),
        (1, "poison".into()),
    ]))
    .unwrap();
    assert!(matches!(r.run(&mut g, db).unwrap(), Step::Done(o) if o.proliferated));
    assert_eq!(g.count_by_name(bear, "-1/-1").unwrap(), 2);
    assert_eq!(g.count_by_name(bear, "+1/+1").unwrap(), 1);
    assert_eq!(g.count_by_name(1, "poison").unwrap(), 2);
    // resolve_with: each chosen one gets its kind with the smallest name ("+1/+1" < "-1/-1").
    let o = resolve_with(&mut g, db, ctx, true, &mut |c| c.to_vec()).unwrap();
    assert!(o.proliferated);
    assert_eq!(g.count_by_name(bear, "+1/+1").unwrap(), 2);
    assert_eq!(g.count_by_name(bear, "-1/-1").unwrap(), 3);
}

#[test]
fn rule_608_2b_all_targets_illegal_it_does_not_resolve_and_pays_nothing() {
    // Harnessed Lightning with its target gone: no energy is gotten and none paid.
    let (db, mut g) = setup();
    let bear = put(db, &mut g, "Grizzly Bears", 1);
    g.add_counters(0, "energy", 2).unwrap();
    let card = db.lookup("Harnessed Lightning").unwrap();
    let src = g.create(0, Zone::Stack, db.spec(card)).unwrap();
    let ctx = Ctx::spell(db, card, 0)
        .unwrap()
        .with_targets(&[bear])
        .with_source(src);
    g.move_to(bear, Zone::Graveyard).unwrap();
    let out = resolve_with(&mut g, db, ctx, true, &mut |c| c.to_vec()).unwrap();
    assert!(out.fizzled);
    assert_eq!(g.count_by_name(0, "energy").unwrap(), 2);
}

#[test]
fn voltaic_brawler_attacks_may_pay_one_energy_once() {
    // "Whenever Voltaic Brawler attacks, you may pay {E}. If you do, it gets +1/+1 and gains
    // trample until end of turn."
    let (db, mut g) = setup();
    let brawler = put(db, &mut g, "Voltaic Brawler", 0);
    g.add_counters(0, "energy", 1).unwrap();
    let mut out = Vec::new();
    fired(
        db,
        &g,
        &[GameEvent::Attacks { attacker: brawler }],
        &mut out,
    );
    assert_eq!(out.len(), 1);
    let mut r = Resolution::new(db, out[0].ctx()).unwrap();
    assert_eq!(
        r.run(&mut g, db).unwrap(),
        Step::Choice(ChoiceRequest::May { pay_energy: 1 })
    );
    r.answer(Choice::May(true)).unwrap();
    assert!(matches!(r.run(&mut g, db).unwrap(), Step::Done(_)));
    assert_eq!(g.count_by_name(0, "energy").unwrap(), 0);
    assert_eq!(g.power(brawler).unwrap(), Some(4));
    assert!(g.has_keyword(brawler, "trample").unwrap());
}

#[test]
fn skinrender_enters_trigger_from_the_kernel_zone_change() {
    // "When Skinrender enters, put three -1/-1 counters on target creature."
    let (db, mut g) = setup();
    let bear = put(db, &mut g, "Grizzly Bears", 1);
    let card = db.lookup("Skinrender").unwrap();
    let in_hand = g.create(0, Zone::Hand, db.spec(card)).unwrap();
    g.take_events();
    let skinrender = g.move_to(in_hand, Zone::Battlefield).unwrap();
    let events = g.take_events();
    let mut out = Vec::new();
    fired_by_kernel_events(db, &g, &events, &mut out);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].source, skinrender);
    let ctx = out[0].ctx().with_targets(&[bear]);
    resolve_with(&mut g, db, ctx, true, &mut |_| vec![]).unwrap();
    assert_eq!(g.count_by_name(bear, "-1/-1").unwrap(), 3);
}

#[test]
fn walking_ballista_enters_with_x_counters() {
    let (db, mut g) = setup();
    let card = db.lookup("Walking Ballista").unwrap();
    let b = place(db, &mut g, card, 0, Zone::Battlefield, 3).unwrap();
    assert_eq!(g.count_by_name(b, "+1/+1").unwrap(), 3);
    assert_eq!(g.power(b).unwrap(), Some(3));
}

#[test]
fn a_wrong_number_of_targets_is_invalid() {
    let (db, _) = setup();
    let card = db.lookup("Lightning Bolt").unwrap();
    assert!(Resolution::new(db, Ctx::spell(db, card, 0).unwrap()).is_err());
}

#[test]
fn fired_among_gives_what_fired_gives() {
    let (db, mut g) = setup();
    let names = [
        "Venerated Rotpriest",
        "Inexorable Tide",
        "Grizzly Bears",
        "Thrummingbird",
        "Voltaic Brawler",
    ];
    let ids: Vec<u32> = names.iter().map(|n| put(db, &mut g, n, 0)).collect();
    let events = [
        GameEvent::BecomesTarget {
            target: ids[2],
            by_spell: true,
            by: 0,
            spell: cardstate_effects::triggers::NO_SPELL,
        },
        GameEvent::Cast {
            spell: ids[2],
            controller: 0,
            before: 0,
        },
        GameEvent::Attacks { attacker: ids[4] },
        GameEvent::Damage {
            source: ids[3],
            target: 1,
            amount: 1,
            combat: true,
        },
    ];
    let mut a = Vec::new();
    fired(db, &g, &events, &mut a);
    assert_eq!(a.len(), 4);
    let perms: Vec<(u32, cardstate_effects::CardId)> = ids
        .iter()
        .filter_map(|&id| db.card_of(&g, id).map(|c| (id, c)))
        .filter(|&(_, c)| db.has_triggers(c))
        .collect();
    let mut b = Vec::new();
    cardstate_effects::fired_among(db, &g, &events, &perms, &|id| db.card_of(&g, id), &mut b);
    assert_eq!(a, b);
}

#[test]
fn rule_603_6a_an_object_created_on_the_battlefield_enters_it() {
    // "When Skinrender enters, put three -1/-1 counters on target creature." Created on the
    // battlefield (as a token is), it enters: the kernel's `created` event fires it; created
    // in another zone it doesn't.
    let (db, mut g) = setup();
    g.clear_events();
    let skinrender = put(db, &mut g, "Skinrender", 0);
    let events = g.take_events();
    let mut out = Vec::new();
    fired_by_kernel_events(db, &g, &events, &mut out);
    assert_eq!(out.len(), 1);
    assert_eq!((out[0].source, out[0].triggering), (skinrender, skinrender));
    let card = db.lookup("Skinrender").unwrap();
    place(db, &mut g, card, 0, Zone::Graveyard, 0).unwrap();
    let events = g.take_events();
    out.clear();
    fired_by_kernel_events(db, &g, &events, &mut out);
    assert!(out.is_empty());
}

#[test]
fn resolve_fixed_is_resolve_with_all_or_no_candidates() {
    // Grim Affliction on a board of counters, with and without replacement effects (Hardened
    // Scales), in both proliferate forms: the fixed answer applied at once is the same as the
    // list of every candidate (or none) answered.
    for ruleset in [Ruleset::Mtg, Ruleset::Mtg2010] {
        for scales in [false, true] {
            for all in [true, false] {
                let db = CardDb::pool();
                let mut g = Game::new(2, ruleset, 0).unwrap();
                if scales {
                    put(db, &mut g, "Hardened Scales", 0);
                }
                let mut target = 0;
                for i in 0..12u32 {
                    let x = put(db, &mut g, "Grizzly Bears", i % 2);
                    if i % 3 == 0 {
                        g.add_counters(x, if i % 2 == 1 { "-1/-1" } else { "+1/+1" }, 1)
                            .unwrap();
                    }
                    target = x;
                }
                g.add_counters(1, "poison", 1).unwrap();
                g.take_events();
                let card = db.lookup("Grim Affliction").unwrap();
                let ctx = Ctx::spell(db, card, 0).unwrap().with_targets(&[target]);
                let mut listed = g.clone();
                let a = resolve_with(&mut listed, db, ctx.clone(), true, &mut |c| {
                    if all {
                        c.to_vec()
                    } else {
                        Vec::new()
                    }
                })
                .unwrap();
                let b = resolve_fixed(&mut g, db, ctx, true, all).unwrap();
                assert_eq!(a, b);
                assert!(b.proliferated);
                assert_eq!(g, listed);
                assert_eq!(g.events(), listed.events());
            }
        }
    }
}

/// 616.1: "If two or more replacement and/or prevention effects are attempting to modify the
/// way an event affects an object or player, the affected object's controller ... chooses one
/// to apply." Hardened Scales and Corpsejack Menace, Walking Ballista's "{4}: Put a +1/+1
/// counter on Walking Ballista": with `order_effects` the resolution asks before the event;
/// Scales first puts 4, the Menace first 3; a bad answer is refused and the choice stays.
#[test]
fn the_order_of_counter_effects_is_asked_during_a_resolution_616_1() {
    for (scales_first, put_n) in [(true, 4), (false, 3)] {
        let (db, mut g) = setup();
        put(db, &mut g, "Hardened Scales", 0);
        put(db, &mut g, "Corpsejack Menace", 0);
        let ballista = put(db, &mut g, "Walking Ballista", 0);
        let (scales, menace) = (g.replacement_effects()[0].id, g.replacement_effects()[1].id);
        let card = db.lookup("Walking Ballista").unwrap();
        let ctx = Ctx::ability(card, 1, 0).with_source(ballista);
        // Without `order_effects`: the kernel's order (the list's, Scales first).
        let mut plain = g.clone();
        let mut r = Resolution::new(db, ctx.clone()).unwrap();
        assert!(matches!(r.run(&mut plain, db).unwrap(), Step::Done(_)));
        assert_eq!(plain.count_by_name(ballista, "+1/+1").unwrap(), 4);
        let mut r = Resolution::new(db, ctx).unwrap();
        r.order_effects = true;
        let Step::Choice(ChoiceRequest::Order {
            player,
            entity,
            damage,
            effects,
        }) = r.run(&mut g, db).unwrap()
        else {
            panic!("expected the order choice")
        };
        assert_eq!((player, entity, damage), (0, ballista, false));
        assert_eq!(effects, vec![scales, menace]);
        assert!(r.answer(Choice::Order(vec![scales, scales])).is_err());
        assert!(r.answer(Choice::Order(vec![menace + 7])).is_err());
        assert!(r.answer(Choice::May(true)).is_err());
        assert_eq!(g.count_by_name(ballista, "+1/+1").unwrap(), 0);
        let first = if scales_first { scales } else { menace };
        r.answer(Choice::Order(vec![first])).unwrap();
        assert!(matches!(r.run(&mut g, db).unwrap(), Step::Done(_)));
        assert_eq!(g.count_by_name(ballista, "+1/+1").unwrap(), put_n);
        assert_eq!(g.replacement_effects()[0].id, first);
    }
}

/// 616.1 on damage from an ability: "that much damage plus 2" to players and "prevent the next
/// 2 damage" to player 1, Walking Ballista's 1 damage to player 1: the affected player orders
/// them (across the groups); the +2 first, 1 dealt; the prevention first, none. The marks are
/// cleared after the damage.
#[test]
fn the_order_of_damage_effects_is_the_affected_players_616_1() {
    for (plus_first, life) in [(true, 19), (false, 20)] {
        let (db, mut g) = setup();
        let card = db.lookup("Walking Ballista").unwrap();
        let ballista = place(db, &mut g, card, 0, Zone::Battlefield, 1).unwrap();
        let plus = g
            .add_replacement_effect(
                "damage_plus",
                &["players".to_string()],
                &[],
                None,
                Some(0),
                None,
                Some(2),
                false,
                false,
            )
            .unwrap();
        let shield = g.prevent_damage(1, Some(2), None).unwrap().unwrap();
        let ctx = Ctx::ability(card, 2, 0)
            .with_source(ballista)
            .with_targets(&[1]);
        let mut r = Resolution::new(db, ctx).unwrap();
        r.order_effects = true;
        let Step::Choice(ChoiceRequest::Order {
            player,
            damage,
            effects,
            ..
        }) = r.run(&mut g, db).unwrap()
        else {
            panic!("expected the order choice")
        };
        assert_eq!(
            (player, damage, effects.clone()),
            (1, true, vec![plus, shield])
        );
        r.answer(Choice::Order(vec![if plus_first { plus } else { shield }]))
            .unwrap();
        assert!(matches!(r.run(&mut g, db).unwrap(), Step::Done(_)));
        assert_eq!(g.player(1).unwrap().life, life);
        assert!(g.replacement_effects().iter().all(|e| !e.ordered));
    }
}
