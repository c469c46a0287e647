//! Berserk cards in the runtime («Берсерк. Герои» 104.3–105.1, classic Berserk 108): a card of
//! the other game is refused, the Berserk properties placed, the Berserk operations, cost
//! modifiers and keywords as kernel effects, the wounded/healed triggers, the strike values,
//! and the loader's checks of Berserk data.
use cardstate_core::{EventKind, Game, Ruleset, Zone};
use cardstate_effects::{
    fired_by_kernel_events, place, CardDb, Ctx, Error, Fired, Resolution, Step,
};
use serde_json::{json, Value};

const CREATURE: &str = "creature";

fn filter(types: &[&str], controller: Option<&str>) -> Value {
    json!({"types": types, "players": false, "objects": true, "controller": controller,
           "keywords": [], "other": false, "zone": "battlefield"})
}

/// A Berserk card's compiled form: characteristics, abilities and its Berserk part.
fn card(name: &str, types: &[&str], berserk: Value, abilities: Value) -> Value {
    let mut b = json!({"cost": null, "element": null, "strength": null, "strikes": null,
                       "lives": null, "movement": null, "flying": false, "elite": false,
                       "keywords": [], "reconstructed": ""});
    for (k, v) in berserk.as_object().unwrap() {
        b[k] = v.clone();
    }
    json!({"name": name, "cost": null, "types": types, "supertypes": [], "subtypes": ["Гном"],
           "power": null, "toughness": null, "loyalty": null, "keywords": {}, "oracle": "",
           "info": {}, "python": false, "abilities": abilities, "berserk": b})
}

fn spell(name: &str, program: Value, targets: Value) -> Value {
    card(
        name,
        &["spell"],
        json!({}),
        json!([{"kind": "spell", "targets": targets, "program": program}]),
    )
}

fn target_creature() -> Value {
    json!([{"filter": filter(&[CREATURE], None), "count": 1}])
}

fn cost(n: u32) -> Value {
    json!({"text": n.to_string(), "base": n, "x": 0})
}

fn form(cards: Vec<Value>) -> String {
    json!({"version": 1, "cards": cards, "decks": {}}).to_string()
}

fn db() -> &'static CardDb {
    let one = |n: u64| json!({"a": "const", "n": n});
    let cards = vec![
        card(
            "Вайл",
            &[CREATURE],
            json!({"strength": 0, "lives": 3, "cost": cost(2)}),
            json!([]),
        ),
        card(
            "Рунопевец",
            &[CREATURE],
            json!({"strength": 3, "lives": 3, "cost": cost(3)}),
            json!([{"kind": "cost_modifier", "amount": -1, "subtypes": ["Гном"], "types": [],
                    "controller": "you"}]),
        ),
        card(
            "Аккения",
            &["event"],
            json!({"cost": cost(4)}),
            json!([{"kind": "have_keyword", "keyword": "уязвимость",
                    "affects": ["creatures opponents control"]}]),
        ),
        card(
            "Арацент",
            &[CREATURE],
            json!({"strength": 1, "strikes": [1, 2, 3], "lives": 3, "movement": 2,
                   "keywords": ["уязвимость"]}),
            json!([
                {"kind": "triggered", "event": "wounded", "subject": {"s": "this"},
                 "by_spell": false, "condition": null, "targets": [], "program": []},
                {"kind": "triggered", "event": "healed",
                 "subject": {"s": "each", "filter": filter(&[CREATURE], None)},
                 "by_spell": false, "condition": null, "targets": [], "program": []},
            ]),
        ),
        spell(
            "Обряд Пум-Пу",
            json!([{"op": "set_strength", "who": {"s": "target", "i": 0}, "n": one(1)}]),
            target_creature(),
        ),
        spell(
            "Шок",
            json!([{"op": "set_lives", "who": {"s": "each", "filter": filter(&[CREATURE], None)},
                    "n": one(1)}]),
            json!([]),
        ),
        spell(
            "Ядовитое пламя",
            json!([{"op": "deal_damage", "to": {"s": "target", "i": 0}, "n": {"a": "x"},
                    "source": {"s": "this"}}]),
            target_creature(),
        ),
        spell(
            "Виата",
            json!([
                {"op": "heal", "who": {"s": "target", "i": 0},
                 "n": {"a": "counters", "of": {"s": "target", "i": 0}, "counter": "wound"}},
                {"op": "remove_effects", "who": {"s": "target", "i": 0}},
            ]),
            target_creature(),
        ),
        spell(
            "Перемены",
            json!([
                {"op": "gain_control", "what": {"s": "target", "i": 0}},
                {"op": "become_type", "what": {"s": "target", "i": 0}, "types": ["artifact"],
                 "subtypes": null},
                {"op": "become_elite", "what": {"s": "target", "i": 0}, "elite": true},
            ]),
            target_creature(),
        ),
        spell(
            "Фиал предвидения",
            json!([{"op": "draw_cheaper", "who": {"s": "you"}, "n": one(1), "less": 4}]),
            json!([]),
        ),
        spell(
            "Опасное будущее",
            json!([{"op": "deal_damage", "to": {"s": "target", "i": 0},
                    "n": {"a": "cost", "of": {"s": "top_of_library"}}, "source": {"s": "this"}}]),
            target_creature(),
        ),
    ];
    CardDb::intern_json(&form(cards)).expect("a valid Berserk pool")
}

fn berserk() -> Game {
    Game::new(2, Ruleset::Berserk, 0).unwrap()
}

fn put(db: &CardDb, g: &mut Game, name: &str, p: u32, zone: Zone) -> u32 {
    place(db, g, db.lookup(name).unwrap(), p, zone, 0).unwrap()
}

fn cast(db: &CardDb, g: &mut Game, name: &str, p: u32, targets: &[u32], x: u64) -> Step {
    let card = db.lookup(name).unwrap();
    let source = place(db, g, card, p, Zone::Stack, 0).unwrap();
    let ctx = Ctx::spell(db, card, p)
        .unwrap()
        .with_targets(targets)
        .with_source(source)
        .with_x(x);
    Resolution::new(db, ctx).unwrap().run(g, db).unwrap()
}

#[test]
fn a_card_of_the_other_game_is_refused_saying_so() {
    let db = db();
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let before = g.clone();
    let Err(Error::Invalid(m)) = place(db, &mut g, db.lookup("Вайл").unwrap(), 0, Zone::Hand, 0)
    else {
        panic!("a Berserk card placed in a Magic game")
    };
    assert!(
        m.contains("\"Вайл\" is a Berserk card") && m.contains("not in a \"mtg\" one"),
        "{m}"
    );
    assert!(g == before);
    let magic = CardDb::pool();
    let mut g = berserk();
    let Err(Error::Invalid(m)) = place(
        magic,
        &mut g,
        magic.lookup("Grizzly Bears").unwrap(),
        0,
        Zone::Battlefield,
        0,
    ) else {
        panic!("a Magic card placed in a Berserk game")
    };
    assert!(m.contains("is a Magic card"), "{m}");
}

#[test]
fn heroes_104_3_1_strength_becomes_one_on_vail() {
    // "You play Обряд Пум-Пу on your Вайл, whose strength is 0: one +1 strength effect."
    let db = db();
    let mut g = berserk();
    let vail = put(db, &mut g, "Вайл", 0, Zone::Battlefield);
    assert_eq!(g.strength(vail).unwrap(), Some(0));
    cast(db, &mut g, "Обряд Пум-Пу", 0, &[vail], 0);
    assert_eq!(g.strength(vail).unwrap(), Some(1));
    assert_eq!(g.count_by_name(vail, "+1 strength").unwrap(), 1);
}

#[test]
fn heroes_104_3_1_akkenia_and_shock() {
    // Vulnerability adds a wound where wounds are placed; "lives become 1" places none and
    // heals none: no wounded or healed event, no trigger.
    let db = db();
    let mut g = berserk();
    put(db, &mut g, "Аккения", 0, Zone::Battlefield);
    let theirs = put(db, &mut g, "Вайл", 1, Zone::Battlefield);
    let mine = put(db, &mut g, "Арацент", 0, Zone::Battlefield); // vulnerable itself
    cast(db, &mut g, "Ядовитое пламя", 0, &[theirs], 1);
    cast(db, &mut g, "Ядовитое пламя", 1, &[mine], 1);
    assert_eq!((g.wounds(theirs).unwrap(), g.wounds(mine).unwrap()), (2, 2));
    g.take_events();
    cast(db, &mut g, "Шок", 1, &[], 0);
    let events = g.take_events();
    assert!(events
        .iter()
        .all(|e| !matches!(e.kind(), EventKind::Wounded | EventKind::Healed)));
    for x in [theirs, mine] {
        assert_eq!(g.lives(x).unwrap(), Some(1));
        assert_eq!(g.wounds(x).unwrap(), 0);
    }
    let mut out = Vec::new();
    fired_by_kernel_events(db, &g, &events, &mut out);
    assert!(out.is_empty(), "{out:?}");
}

#[test]
fn wounds_and_healing_fire_their_triggers() {
    let db = db();
    let mut g = berserk();
    let aratsent = put(db, &mut g, "Арацент", 0, Zone::Battlefield);
    let vail = put(db, &mut g, "Вайл", 1, Zone::Battlefield);
    g.take_events();
    cast(db, &mut g, "Ядовитое пламя", 1, &[aratsent], 1);
    let mut out: Vec<Fired> = Vec::new();
    let events = g.take_events();
    fired_by_kernel_events(db, &g, &events, &mut out);
    assert_eq!(
        out.iter()
            .map(|f| (f.source, f.ability))
            .collect::<Vec<_>>(),
        [(aratsent, 0)]
    );
    cast(db, &mut g, "Ядовитое пламя", 0, &[vail], 2);
    g.take_events();
    cast(db, &mut g, "Виата", 0, &[vail], 0);
    assert_eq!(g.wounds(vail).unwrap(), 0);
    out.clear();
    let events = g.take_events();
    fired_by_kernel_events(db, &g, &events, &mut out);
    assert_eq!(
        out.iter()
            .map(|f| (f.source, f.ability, f.triggering))
            .collect::<Vec<_>>(),
        [(aratsent, 1, vail)]
    );
}

#[test]
fn heroes_104_3_cost_modifiers_in_hand_and_in_play() {
    let db = db();
    let mut g = berserk();
    let runesinger = put(db, &mut g, "Рунопевец", 0, Zone::Battlefield);
    let vail = put(db, &mut g, "Вайл", 0, Zone::Hand); // a Гном here
    let theirs = put(db, &mut g, "Вайл", 1, Zone::Hand);
    assert_eq!(g.cost(runesinger, None).unwrap(), 2);
    assert_eq!(g.cost(vail, None).unwrap(), 1);
    assert_eq!(g.cost(theirs, None).unwrap(), 2);
    // Фиал предвидения: the drawn card costs 4 less, never below 0, only while in hand.
    put(db, &mut g, "Вайл", 1, Zone::Library);
    cast(db, &mut g, "Фиал предвидения", 1, &[], 0);
    let drawn = g
        .objects_in(Zone::Hand, Some(1))
        .unwrap()
        .into_iter()
        .max()
        .unwrap();
    assert_eq!(g.cost(drawn, None).unwrap(), 0);
    let played = g.move_to(drawn, Zone::Battlefield).unwrap();
    assert_eq!(g.cost(played, None).unwrap(), 2);
}

#[test]
fn heroes_105_1_x_counts_zero_when_revealed() {
    let db = db();
    let mut g = berserk();
    let vail = put(db, &mut g, "Вайл", 1, Zone::Battlefield);
    put(db, &mut g, "Ядовитое пламя", 0, Zone::Library);
    cast(db, &mut g, "Опасное будущее", 0, &[vail], 0);
    assert_eq!(g.wounds(vail).unwrap(), 0);
    let mut g = berserk();
    let vail = put(db, &mut g, "Вайл", 1, Zone::Battlefield);
    put(db, &mut g, "Рунопевец", 0, Zone::Library);
    cast(db, &mut g, "Опасное будущее", 0, &[vail], 0);
    assert_eq!(g.wounds(vail).unwrap(), 3);
}

#[test]
fn control_type_and_eliteness_are_overwritten_and_strikes_follow() {
    let db = db();
    let mut g = berserk();
    let aratsent = put(db, &mut g, "Арацент", 1, Zone::Battlefield);
    assert_eq!(db.strikes(&g, aratsent).unwrap(), Some([1, 2, 3]));
    g.add_counters(aratsent, "-1 strength", 2).unwrap();
    assert_eq!(db.strikes(&g, aratsent).unwrap(), Some([0, 0, 1]));
    cast(db, &mut g, "Перемены", 0, &[aratsent], 0);
    assert_eq!(g.entity(aratsent).unwrap().controller, 0);
    assert!(g.is_elite(aratsent).unwrap());
    assert_eq!(g.strength(aratsent).unwrap(), None);
    assert_eq!(db.strikes(&g, aratsent).unwrap(), None);
    let vail = put(db, &mut g, "Вайл", 0, Zone::Battlefield);
    assert_eq!(db.strikes(&g, vail).unwrap(), None);
    assert!(db.strikes(&g, 999).is_err());
}

fn refused(cards: Vec<Value>) -> String {
    match CardDb::from_json(&form(cards)) {
        Err(Error::Invalid(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn the_loader_checks_berserk_data() {
    let bear = |abilities: Value| {
        let mut c = card("Bear", &[CREATURE], json!({}), abilities);
        c.as_object_mut().unwrap().remove("berserk");
        c["power"] = json!(2);
        c["toughness"] = json!(2);
        c
    };
    let m = refused(vec![bear(json!([{"kind": "cost_modifier", "amount": -1,
        "subtypes": [], "types": [], "controller": null}]))]);
    assert!(
        m.contains("card \"Bear\": abilities[0]: a Berserk card's ability"),
        "{m}"
    );
    let m = refused(vec![bear(json!([{"kind": "activated",
        "cost": {"mana": null, "tap": true, "energy": 0, "remove_counters": null,
                 "sacrifice": false},
        "timing": "instant", "targets": [],
        "program": [{"op": "heal", "who": {"s": "this"}, "n": {"a": "const", "n": 1}}]}]))]);
    assert!(
        m.contains("abilities[0].program[0]: a Berserk effect in a Magic card"),
        "{m}"
    );
    let m = refused(vec![bear(json!([{"kind": "activated",
        "cost": {"mana": null, "tap": true, "energy": 0, "remove_counters": null,
                 "sacrifice": false},
        "timing": "instant", "targets": [],
        "program": [{"op": "destroy", "what": {"s": "top_of_library"}}]}]))]);
    assert!(m.contains("a Berserk card's selector"), "{m}");
    // Flash (702.8a) is Magic's: a Berserk card has none.
    let m = refused(vec![card(
        "Вайл",
        &[CREATURE],
        json!({"strength": 1, "lives": 1}),
        json!([{"kind": "flash"}]),
    )]);
    assert!(
        m.contains("abilities[0]: a Magic card's ability in a Berserk card"),
        "{m}"
    );
    let m = refused(vec![card(
        "Вайл",
        &[CREATURE],
        json!({"strength": 1, "lives": 1, "keywords": ["неуязвимость"]}),
        json!([]),
    )]);
    assert!(
        m.contains("card \"Вайл\": berserk.keywords: unknown keyword"),
        "{m}"
    );
    let m = refused(vec![card(
        "Вайл",
        &[CREATURE],
        json!({"strength": 2, "strikes": [1, 2, 3], "lives": 1}),
        json!([]),
    )]);
    assert!(
        m.contains("berserk.strength: the strength is the weak strike"),
        "{m}"
    );
    let m = refused(vec![card(
        "Вайл",
        &[CREATURE],
        json!({"strength": 1, "lives": -1}),
        json!([]),
    )]);
    assert!(
        m.starts_with("card \"Вайл\": berserk.lives: bad compiled card data"),
        "{m}"
    );
    let mut magic_part = card("Вайл", &[CREATURE], json!({"lives": 1}), json!([]));
    magic_part["power"] = json!(1);
    assert!(refused(vec![magic_part]).contains("a Berserk card has no mana cost"));
    let m = refused(vec![card("Земля", &["land"], json!({}), json!([]))]);
    assert!(m.starts_with("card \"Земля\": characteristics: "), "{m}");
}
