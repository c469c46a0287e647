//! Choices the effects give another player than the controller, in the Rust runtime on a bare
//! kernel: "… loses N life unless they sacrifice … or discard a card" (608.2d), "… chooses a
//! permanent they control of each permanent type and sacrifices the rest" (701.21a), and a
//! revealed hand's card chosen by the controller for its player to discard (701.20a, 701.9b).
use cardstate_core::{Game, Ruleset, Zone};
use cardstate_effects::{place, CardDb, Choice, ChoiceRequest, Ctx, Resolution, Step};
use serde_json::{json, Value};

fn card(name: &str, types: &[&str], program: Value) -> Value {
    let abilities = if program.is_null() {
        json!([])
    } else {
        json!([{"kind": "spell", "targets": [], "program": program}])
    };
    json!({"name": name, "cost": null, "types": types, "supertypes": [],
           "subtypes": [], "power": 1, "toughness": 1, "loyalty": null, "keywords": {},
           "oracle": "", "info": {}, "python": false, "abilities": abilities})
}

/// Player 1 (the opponent of the controller, player 0).
fn them() -> Value {
    json!({"s": "each", "filter": {"types": [], "players": true, "objects": false,
           "controller": "opponent", "keywords": [], "other": false, "zone": "battlefield",
           "subtypes": []}})
}

fn nonland() -> Value {
    json!({"s": "each", "filter": {"types": [], "players": false, "objects": true,
           "controller": null, "keywords": [], "other": false, "zone": "battlefield",
           "subtypes": [], "not_types": ["land"]}})
}

fn db() -> CardDb {
    let cards = vec![
        card("Wastes", &["land"], Value::Null),
        card("Relic", &["artifact"], Value::Null),
        card("Golem", &["artifact", "creature"], Value::Null),
        card("Bear", &["creature"], Value::Null),
        card(
            "Punish",
            &["sorcery"],
            json!([{"op": "lose_life_unless", "who": them(), "n": {"a": "const", "n": 3},
                    "discard": true, "sacrifice": nonland()}]),
        ),
        card(
            "Keep",
            &["sorcery"],
            json!([{"op": "keep_one_of_each_type", "who": them()}]),
        ),
        card(
            "Pilfer",
            &["sorcery"],
            json!([{"op": "reveal_hand_choose_discard", "who": them(),
                    "not_types": ["land"]}]),
        ),
    ];
    let form = json!({"version": 1, "cards": cards, "decks": {}}).to_string();
    CardDb::from_json(&form).expect("the cards load")
}

/// A game with these cards of player 1's in these zones; their ids.
fn with(db: &CardDb, cards: &[(&str, Zone)]) -> (Game, Vec<u32>) {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let ids = cards
        .iter()
        .map(|&(n, z)| place(db, &mut g, db.lookup(n).unwrap(), 1, z, 0).unwrap())
        .collect();
    (g, ids)
}

fn start(db: &CardDb, g: &mut Game, name: &str) -> (Resolution, Step) {
    let ctx = Ctx::spell(db, db.lookup(name).unwrap(), 0).unwrap();
    let mut r = Resolution::new(db, ctx).unwrap();
    let step = r.run(g, db).unwrap();
    (r, step)
}

fn unless(step: &Step) -> (u32, u64, bool) {
    let Step::Choice(ChoiceRequest::Unless {
        player,
        life,
        sacrifice,
    }) = step
    else {
        panic!("expected an 'unless' choice, got {step:?}")
    };
    (*player, *life, *sacrifice)
}

#[test]
fn the_punished_player_is_asked_the_sacrifice_then_the_discard_608_2d() {
    let db = db();
    let (mut g, ids) = with(
        &db,
        &[
            ("Bear", Zone::Battlefield),
            ("Wastes", Zone::Battlefield),
            ("Relic", Zone::Hand),
        ],
    );
    let (mut r, step) = start(&db, &mut g, "Punish");
    assert_eq!(unless(&step), (1, 3, true));
    r.answer(Choice::May(false)).unwrap();
    let step = r.run(&mut g, &db).unwrap();
    assert_eq!(unless(&step), (1, 3, false));
    r.answer(Choice::May(false)).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    assert_eq!(g.life(1).unwrap(), 17);
    assert_eq!(g.zone_objects(Zone::Battlefield, 1), &ids[..2]);
}

#[test]
fn a_sacrifice_with_one_nonland_permanent_is_made_at_once_and_no_life_is_lost() {
    let db = db();
    let (mut g, ids) = with(
        &db,
        &[("Bear", Zone::Battlefield), ("Wastes", Zone::Battlefield)],
    );
    let (mut r, _) = start(&db, &mut g, "Punish");
    r.answer(Choice::May(true)).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    assert_eq!(g.life(1).unwrap(), 20);
    assert_eq!(g.zone_objects(Zone::Battlefield, 1), &ids[1..]);
}

#[test]
fn with_two_nonland_permanents_the_player_chooses_which_701_21a() {
    let db = db();
    let (mut g, ids) = with(
        &db,
        &[("Bear", Zone::Battlefield), ("Relic", Zone::Battlefield)],
    );
    let (mut r, _) = start(&db, &mut g, "Punish");
    r.answer(Choice::May(true)).unwrap();
    let Step::Choice(ChoiceRequest::Sacrifice {
        player,
        n,
        candidates,
    }) = r.run(&mut g, &db).unwrap()
    else {
        panic!("expected the sacrifice")
    };
    assert_eq!((player, n, candidates), (1, 1, ids.clone()));
    r.answer(Choice::Sacrifice(vec![ids[1]])).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    assert_eq!(g.zone_objects(Zone::Battlefield, 1), &ids[..1]);
    assert_eq!(g.life(1).unwrap(), 20);
}

#[test]
fn a_player_who_can_neither_sacrifice_nor_discard_loses_the_life_unasked() {
    let db = db();
    let (mut g, _) = with(&db, &[("Wastes", Zone::Battlefield)]);
    let (_, step) = start(&db, &mut g, "Punish");
    assert!(matches!(step, Step::Done(_)));
    assert_eq!(g.life(1).unwrap(), 17);
}

#[test]
fn one_permanent_of_each_type_is_kept_and_the_rest_sacrificed_701_21a() {
    let db = db();
    let (mut g, ids) = with(
        &db,
        &[
            ("Golem", Zone::Battlefield),
            ("Relic", Zone::Battlefield),
            ("Bear", Zone::Battlefield),
            ("Wastes", Zone::Battlefield),
        ],
    );
    let (golem, relic, bear, wastes) = (ids[0], ids[1], ids[2], ids[3]);
    let (mut r, step) = start(&db, &mut g, "Keep");
    let Step::Choice(ChoiceRequest::KeepOneOfEachType { player, groups }) = step else {
        panic!("expected the keep")
    };
    // The artifacts, then the creatures; the one land is kept unasked.
    assert_eq!(
        (player, groups),
        (1, vec![vec![golem, relic], vec![golem, bear]])
    );
    assert!(
        r.answer(Choice::Keep(vec![golem])).is_err(),
        "one of each group"
    );
    assert!(
        r.answer(Choice::Keep(vec![bear, golem])).is_err(),
        "of its own group"
    );
    r.answer(Choice::Keep(vec![golem, golem])).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    assert_eq!(g.zone_objects(Zone::Battlefield, 1), &[golem, wastes]);
    assert_eq!(g.zone_objects(Zone::Graveyard, 1).len(), 2);
}

#[test]
fn the_controller_chooses_a_nonland_card_of_the_revealed_hand_701_9b() {
    let db = db();
    let (mut g, ids) = with(
        &db,
        &[
            ("Wastes", Zone::Hand),
            ("Bear", Zone::Hand),
            ("Relic", Zone::Hand),
        ],
    );
    let (mut r, step) = start(&db, &mut g, "Pilfer");
    let Step::Choice(ChoiceRequest::Search {
        player,
        cards,
        may_fail,
    }) = step
    else {
        panic!("expected the choice")
    };
    assert_eq!((player, cards, may_fail), (0, ids[1..].to_vec(), false));
    assert!(r.answer(Choice::Search(Some(ids[0]))).is_err(), "a land");
    r.answer(Choice::Search(Some(ids[2]))).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    assert_eq!(g.zone_objects(Zone::Hand, 1), &ids[..2]);
    assert_eq!(g.zone_objects(Zone::Graveyard, 1).len(), 1);
}
