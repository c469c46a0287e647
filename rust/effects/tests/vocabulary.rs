//! The vocabulary the Foundations cards use, in the Rust runtime: filters by subtype, excluded
//! type, missing keyword, power and part in combat (506.4); hexproof and targeting (702.11b);
//! "up to N" and "other" targets (601.2c, 115.3); "enters tapped" (614.1d); "whenever you cast"
//! a kind of spell (601.2i); a mana ability of a choice of colours (106.1a), one that sacrifices
//! its source (a Treasure, 111.10a); what a game layer is offered of a "sacrifice another
//! creature" cost (701.21a); flash (702.8a).
use cardstate_core::{Game, Ruleset, Zone};
use cardstate_effects::model::Ability;
use cardstate_effects::runtime::Outcome;
use cardstate_effects::{fired, legal_target, place, CardDb, Ctx, GameEvent, Resolution, Step};
use serde_json::{json, Value};

fn filter(extra: Value) -> Value {
    let mut f = json!({"types": [], "players": false, "objects": true, "controller": null,
                       "keywords": [], "other": false, "zone": "battlefield", "subtypes": []});
    for (k, v) in extra.as_object().expect("an object") {
        f[k] = v.clone();
    }
    f
}

fn card(name: &str, types: &[&str], subtypes: &[&str], abilities: Value) -> Value {
    let creature = types.contains(&"creature");
    json!({"name": name, "cost": null, "types": types, "supertypes": [], "subtypes": subtypes,
           "power": if creature { json!(2) } else { Value::Null },
           "toughness": if creature { json!(2) } else { Value::Null },
           "loyalty": null, "keywords": {}, "oracle": "", "info": {}, "python": false,
           "abilities": abilities})
}

fn cost(extra: Value) -> Value {
    let mut c = json!({"mana": null, "tap": false, "energy": 0, "remove_counters": null,
                       "sacrifice": false});
    for (k, v) in extra.as_object().expect("an object") {
        c[k] = v.clone();
    }
    c
}

fn db() -> CardDb {
    let shock = json!([{"kind": "spell",
        "targets": [{"filter": filter(json!({"types": ["creature"], "players": true})),
                     "count": 1},
                    {"filter": filter(json!({"types": ["creature"], "players": true})),
                     "count": 2, "up_to": true, "distinct": true}],
        "program": [
            {"op": "deal_damage", "to": {"s": "target", "i": 0}, "n": {"a": "const", "n": 3},
             "source": {"s": "this"}},
            {"op": "deal_damage", "to": {"s": "target", "i": 1}, "n": {"a": "const", "n": 1},
             "source": {"s": "this"}}]}]);
    let count = |f: Value| {
        json!([{"kind": "spell", "targets": [], "program": [
            {"op": "gain_life", "who": {"s": "you"},
             "n": {"a": "count", "of": {"s": "each", "filter": f}}}]}])
    };
    let cards = vec![
        card("Goblin", &["creature"], &["Goblin"], json!([])),
        card("Relic", &["artifact"], &[], json!([])),
        card(
            "Sleeper",
            &["creature"],
            &[],
            json!([{"kind": "enters_tapped"}]),
        ),
        card("Volley", &["instant"], &[], shock),
        card("Ambusher", &["creature"], &[], json!([{"kind": "flash"}])),
        card(
            "Count Goblins",
            &["sorcery"],
            &[],
            count(filter(json!({"subtypes": ["Goblin"], "controller": "you"}))),
        ),
        card(
            "Count Others",
            &["sorcery"],
            &[],
            count(filter(
                json!({"not_types": ["creature"], "without": ["flying"],
                                "any_of": [filter(json!({"types": ["artifact"]}))]}),
            )),
        ),
        card(
            "Count Attackers",
            &["sorcery"],
            &[],
            count(filter(json!({"combat": "attacking", "power_at_least": 2}))),
        ),
        card(
            "Prodigy",
            &["creature"],
            &[],
            json!([{"kind": "triggered", "event": "you_cast",
                    "subject": {"s": "each",
                                "filter": filter(json!({"types": ["sorcery"], "zone": "stack"}))},
                    "by_spell": false, "condition": null, "targets": [],
                    "program": [{"op": "gain_life", "who": {"s": "you"},
                                 "n": {"a": "const", "n": 1}}]}]),
        ),
        card(
            "Dual",
            &["land"],
            &[],
            json!([{"kind": "mana", "produces": "WU", "cost": cost(json!({"tap": true}))}]),
        ),
        card(
            "Treasure",
            &["artifact"],
            &["Treasure"],
            json!([{"kind": "mana", "produces": "WUBRG",
                    "cost": cost(json!({"tap": true, "sacrifice": true}))}]),
        ),
        card(
            "Ghoul",
            &["creature"],
            &[],
            json!([{"kind": "activated",
                    "cost": cost(json!({"sacrifice_another": filter(json!({"types": ["creature"],
                                                                           "other": true}))})),
                    "timing": "instant", "targets": [],
                    "program": [{"op": "put_counters", "on": {"s": "this"}, "counter": "+1/+1",
                                 "n": {"a": "const", "n": 1}}]},
                   {"kind": "activated", "cost": cost(json!({"tap": true})),
                    "timing": "instant", "targets": [],
                    "program": [{"op": "draw", "who": {"s": "you"},
                                 "n": {"a": "const", "n": 1}}]}]),
        ),
    ];
    let form = json!({"version": 1, "cards": cards, "decks": {}});
    CardDb::from_json(&form.to_string()).expect("the test cards load")
}

fn put(db: &CardDb, g: &mut Game, name: &str, p: u32) -> u32 {
    place(db, g, db.lookup(name).unwrap(), p, Zone::Battlefield, 0).unwrap()
}

fn run(db: &CardDb, g: &mut Game, ctx: Ctx) -> Outcome {
    let mut r = Resolution::new(db, ctx).unwrap();
    match r.run(g, db).unwrap() {
        Step::Done(o) => o,
        Step::Choice(c) => panic!("no choice expected, got {c:?}"),
    }
}

fn spell(db: &CardDb, name: &str) -> Ctx {
    Ctx::spell(db, db.lookup(name).unwrap(), 0).unwrap()
}

/// The spell on the stack as an object, its source.
fn cast(db: &CardDb, g: &mut Game, name: &str) -> Ctx {
    let card = db.lookup(name).unwrap();
    let source = g.create(0, Zone::Stack, db.spec(card)).unwrap();
    spell(db, name).with_source(source)
}

#[test]
fn filters_by_subtype_excluded_type_missing_keyword_power_and_combat() {
    let db = db();
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let a = put(&db, &mut g, "Goblin", 0);
    let b = put(&db, &mut g, "Goblin", 0);
    put(&db, &mut g, "Goblin", 1);
    put(&db, &mut g, "Relic", 1);
    put(&db, &mut g, "Dual", 1);
    run(&db, &mut g, spell(&db, "Count Goblins"));
    assert_eq!(g.life(0).unwrap(), 22, "205.3: Goblins you control");
    run(&db, &mut g, spell(&db, "Count Others"));
    assert_eq!(
        g.life(0).unwrap(),
        23,
        "the artifact, not the land (no alternative)"
    );
    run(&db, &mut g, spell(&db, "Count Attackers"));
    assert_eq!(
        g.life(0).unwrap(),
        23,
        "506.4: no creature attacks unless told"
    );
    run(
        &db,
        &mut g,
        spell(&db, "Count Attackers").with_combat(&[a, b], &[]),
    );
    assert_eq!(g.life(0).unwrap(), 25);
    g.pump(b, -1, 0).unwrap();
    run(
        &db,
        &mut g,
        spell(&db, "Count Attackers").with_combat(&[a, b], &[]),
    );
    assert_eq!(g.life(0).unwrap(), 26, "208.1: power 2 or greater");
}

#[test]
fn rule_702_11b_hexproof_only_against_an_opponents_targeting() {
    let db = db();
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let theirs = put(&db, &mut g, "Goblin", 1);
    g.grant(theirs, "hexproof", false).unwrap();
    let volley = db.lookup("Volley").unwrap();
    let (spec, _, _) = db.card(volley).spell().unwrap();
    let spec = &db.card(volley).abilities[spec];
    let Ability::Spell { targets, .. } = spec else {
        panic!("a spell")
    };
    assert!(!legal_target(&g, &targets[0], theirs, None, 0));
    assert!(legal_target(&g, &targets[0], theirs, None, 1));
    assert!(legal_target(&g, &targets[0], 1, None, 0), "a player");
    let volley = cast(&db, &mut g, "Volley");
    let o = run(&db, &mut g, volley.with_targets(&[theirs]));
    assert!(o.fizzled && g.damage(theirs).unwrap() == 0);
}

#[test]
fn rule_601_2c_up_to_n_targets_and_115_3_other_targets() {
    let db = db();
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let x = put(&db, &mut g, "Goblin", 1);
    let y = put(&db, &mut g, "Goblin", 1);
    let volley = cast(&db, &mut g, "Volley");
    run(&db, &mut g, volley.clone().with_targets(&[1]));
    assert_eq!(g.life(1).unwrap(), 17);
    run(&db, &mut g, volley.with_targets(&[1, x, y]));
    assert_eq!(g.life(1).unwrap(), 14);
    assert_eq!((g.damage(x).unwrap(), g.damage(y).unwrap()), (1, 1));
    for bad in [&[][..], &[1, x, y, 0][..], &[x, x][..], &[1, y, y][..]] {
        assert!(Resolution::new(&db, spell(&db, "Volley").with_targets(bad)).is_err());
    }
}

#[test]
fn rule_614_1d_it_enters_tapped() {
    let db = db();
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let sleeper = put(&db, &mut g, "Sleeper", 0);
    assert!(g.is_tapped(sleeper).unwrap());
    let goblin = put(&db, &mut g, "Goblin", 0);
    assert!(!g.is_tapped(goblin).unwrap());
}

#[test]
fn rule_702_8a_flash_is_a_fact_of_the_card() {
    let db = db();
    let facts = |name: &str| db.facts(db.lookup(name).unwrap());
    assert!(facts("Ambusher").flash);
    assert!(!facts("Goblin").flash && !facts("Volley").flash);
    // It does nothing on the battlefield: the permanent is an ordinary creature.
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let ambusher = put(&db, &mut g, "Ambusher", 0);
    assert!(!g.is_tapped(ambusher).unwrap());
}

#[test]
fn rule_601_2i_whenever_you_cast_a_kind_of_spell() {
    let db = db();
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    put(&db, &mut g, "Prodigy", 0);
    let make = |g: &mut Game, name: &str| {
        g.create(0, Zone::Stack, db.spec(db.lookup(name).unwrap()))
            .unwrap()
    };
    let sorcery = make(&mut g, "Count Goblins");
    let instant = make(&mut g, "Volley");
    let mut out = Vec::new();
    let cast = |spell, controller| GameEvent::Cast {
        spell,
        controller,
        before: 0,
    };
    fired(&db, &g, &[cast(instant, 0), cast(sorcery, 1)], &mut out);
    assert!(out.is_empty());
    fired(&db, &g, &[cast(sorcery, 0)], &mut out);
    assert_eq!(out.len(), 1);
}

#[test]
fn rule_106_1a_a_choice_of_colours_and_what_a_game_layer_is_offered() {
    let db = db();
    let dual = db.facts(db.lookup("Dual").unwrap());
    assert_eq!(dual.produces, 0b00011, "W and U");
    assert_eq!(dual.single_colour(), None);
    assert!(!dual.mana_sacrifice, "a land isn't sacrificed for its mana");
    // 111.10a, 605.1a: a Treasure adds one mana of any colour and is sacrificed as it pays; its
    // mana ability is no activated ability a game layer offers.
    let treasure = db.facts(db.lookup("Treasure").unwrap());
    assert_eq!(treasure.produces, 0b11111, "any colour");
    assert!(treasure.mana_sacrifice && treasure.activated.is_empty());
    // 701.21a: sacrificing another creature is a choice the game layer offers (its sacrifice
    // decision), so both of the Ghoul's activated abilities are offered, and whether one can
    // be activated reads the kernel (what there is to sacrifice).
    let ghoul = db.facts(db.lookup("Ghoul").unwrap());
    assert_eq!(ghoul.activated.as_slice(), &[0, 1]);
    assert!(ghoul.activation_reads_kernel);
}

/// Colour bits (105.2, WUBRG order) of the protection tests.
const WHITE: u8 = 1;
const RED: u8 = 1 << 3;

#[test]
fn rule_702_16_protection_refuses_what_has_the_quality() {
    use cardstate_effects::protection::{self, Quality};
    let db = db();
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let mine = put(&db, &mut g, "Goblin", 0);
    let other = put(&db, &mut g, "Goblin", 1);
    g.grant(mine, "protection from red", false).unwrap();
    let of = |colours| Quality {
        colours,
        instant: false,
    };
    // 702.16b: no red spell or ability targets it, whoever controls it.
    assert!(!protection::targetable_by(&g, mine, 0, of(RED)));
    assert!(!protection::targetable_by(&g, mine, 1, of(RED | WHITE)));
    assert!(protection::targetable_by(&g, mine, 1, of(WHITE)));
    assert!(protection::targetable_by(&g, other, 0, of(RED)));
    // 702.16e: damage from a red source is prevented, from a colourless one dealt.
    assert!(protection::prevents_damage(&g, other, RED, mine, false));
    assert!(!protection::prevents_damage(&g, other, 0, mine, true));
    // 702.16f: no red creature blocks it; 702.16c-d: no red Aura or Equipment stays on it.
    assert!(!protection::blockable_by(&g, mine, RED | WHITE));
    assert!(protection::blockable_by(&g, mine, WHITE));
    assert!(!protection::attachable(&g, mine, RED));
    assert!(protection::attachable(&g, mine, 0));
    // 702.16j: protection from everything refuses every object, colourless ones too.
    g.grant(other, "protection from everything", false).unwrap();
    assert!(!protection::targetable_by(&g, other, 1, Quality::NONE));
    assert!(protection::prevents_damage(&g, mine, 0, other, true));
    assert!(!protection::attachable(&g, other, 0));
    assert!(!protection::blockable_by(&g, other, 0));
}

#[test]
fn rule_702_11d_hexproof_from_instants_only_against_an_opponents_instant() {
    use cardstate_effects::protection::{self, Quality};
    let db = db();
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let theirs = put(&db, &mut g, "Goblin", 1);
    g.grant(theirs, "hexproof from instants", false).unwrap();
    let instant = Quality {
        colours: RED,
        instant: true,
    };
    assert!(!protection::targetable_by(&g, theirs, 0, instant));
    assert!(protection::targetable_by(&g, theirs, 1, instant), "its own");
    assert!(
        protection::targetable_by(&g, theirs, 0, Quality::NONE),
        "an ability"
    );
}
