//! The library's operations in the Rust runtime on a bare kernel (its library: the library
//! objects, the lowest id on top): milling (701.17), searching (701.23) and shuffling (701.24),
//! scrying (701.22), surveilling (701.25), putting a permanent into its owner's library (401.4).
use cardstate_core::{Game, Ruleset, Zone};
use cardstate_effects::{place, CardDb, Choice, ChoiceRequest, Ctx, Resolution, Step};
use serde_json::{json, Value};

fn card(name: &str, types: &[&str], supertypes: &[&str], program: Value) -> Value {
    let abilities = if program.is_null() {
        json!([])
    } else {
        json!([{"kind": "spell", "targets": [], "program": program}])
    };
    json!({"name": name, "cost": null, "types": types, "supertypes": supertypes,
           "subtypes": [], "power": null, "toughness": null, "loyalty": null, "keywords": {},
           "oracle": "", "info": {}, "python": false, "abilities": abilities})
}

fn form(search: Value) -> String {
    let cards = vec![
        card("Wastes", &["land"], &["basic"], Value::Null),
        card("Relic", &["artifact"], &[], Value::Null),
        card(
            "Tutor",
            &["sorcery"],
            &[],
            json!([
            {"op": "search", "to": "hand"}]),
        ),
        card(
            "Ramp",
            &["sorcery"],
            &[],
            json!([
            {"op": "search", "types": ["land"], "supertypes": ["basic"],
             "to": "battlefield", "tapped": true}]),
        ),
        card(
            "Mill Two",
            &["sorcery"],
            &[],
            json!([
            {"op": "mill", "who": {"s": "you"}, "n": {"a": "const", "n": 2}}]),
        ),
        card(
            "Ramp Two",
            &["sorcery"],
            &[],
            json!([{"op": "search", "types": ["land"], "supertypes": ["basic"],
                    "to": "hand", "n": 2}]),
        ),
        card(
            "Cheap Find",
            &["sorcery"],
            &[],
            json!([{"op": "search", "types": ["artifact", "sorcery"], "to": "hand",
                    "mana_value": 0}]),
        ),
        card(
            "Scry Two",
            &["sorcery"],
            &[],
            json!([{"op": "scry", "n": {"a": "const", "n": 2}}]),
        ),
        card(
            "Surveil Two",
            &["sorcery"],
            &[],
            json!([
            {"op": "surveil", "n": {"a": "const", "n": 2}}]),
        ),
        card(
            "Tuck",
            &["sorcery"],
            &[],
            json!([{"op": "move", "what": {"s": "each", "filter": relics()}, "to": "library_bottom"}]),
        ),
        card(
            "Voyage",
            &["sorcery"],
            &[],
            json!([{"op": "put_on_top_or_bottom", "what": {"s": "each", "filter": relics()}}]),
        ),
        card("Odd", &["sorcery"], &[], json!([search])),
    ];
    json!({"version": 1, "cards": cards, "decks": {}}).to_string()
}

/// Every artifact on the battlefield, whoever controls it.
fn relics() -> Value {
    json!({"types": ["artifact"], "players": false, "objects": true, "controller": null,
           "keywords": [], "other": false, "zone": "battlefield", "subtypes": []})
}

fn db() -> CardDb {
    CardDb::from_json(&form(json!({"op": "search", "to": "hand"}))).expect("the cards load")
}

/// A game with these cards in player 0's library, top first; their ids.
fn with_library(db: &CardDb, names: &[&str]) -> (Game, Vec<u32>) {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let ids = names
        .iter()
        .map(|n| place(db, &mut g, db.lookup(n).unwrap(), 0, Zone::Library, 0).unwrap())
        .collect();
    (g, ids)
}

fn start(db: &CardDb, g: &mut Game, name: &str) -> (Resolution, Step) {
    let ctx = Ctx::spell(db, db.lookup(name).unwrap(), 0).unwrap();
    let mut r = Resolution::new(db, ctx).unwrap();
    let step = r.run(g, db).unwrap();
    (r, step)
}

#[test]
fn a_search_for_any_card_offers_the_whole_library_and_must_find_one_701_23b() {
    let db = db();
    let (mut g, lib) = with_library(&db, &["Relic", "Wastes", "Relic"]);
    let (mut r, step) = start(&db, &mut g, "Tutor");
    let Step::Choice(ChoiceRequest::Search {
        player,
        cards,
        may_fail,
    }) = step
    else {
        panic!("expected the search")
    };
    assert_eq!((player, cards, may_fail), (0, lib.clone(), false));
    assert!(r.answer(Choice::Search(None)).is_err());
    assert!(r.answer(Choice::Search(Some(99))).is_err());
    assert!(r.answer(Choice::May(true)).is_err());
    r.answer(Choice::Search(Some(lib[1]))).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    let hand = g.zone_objects(Zone::Hand, 0);
    assert_eq!(hand.len(), 1);
    assert_eq!(g.name(hand[0]).unwrap(), "Wastes");
    assert_eq!(g.zone_objects(Zone::Library, 0), &[lib[0], lib[2]]);
}

#[test]
fn a_search_for_a_basic_land_may_find_nothing_and_puts_it_onto_the_battlefield_tapped() {
    let db = db();
    let (mut g, lib) = with_library(&db, &["Relic", "Wastes"]);
    let mut before = g.clone();
    let (mut r, step) = start(&db, &mut before, "Ramp");
    let Step::Choice(ChoiceRequest::Search {
        cards, may_fail, ..
    }) = step
    else {
        panic!("expected the search")
    };
    assert_eq!((cards, may_fail), (vec![lib[1]], true));
    assert!(
        r.answer(Choice::Search(Some(lib[0]))).is_err(),
        "a Relic is no basic land"
    );
    r.answer(Choice::Search(None)).unwrap();
    assert!(matches!(r.run(&mut before, &db).unwrap(), Step::Done(_)));
    assert_eq!(before.zone_objects(Zone::Library, 0), &lib[..]);
    let (mut r, _) = start(&db, &mut g, "Ramp");
    r.answer(Choice::Search(Some(lib[1]))).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    let land = g.zone_objects(Zone::Battlefield, 0)[0];
    assert_eq!(g.name(land).unwrap(), "Wastes");
    assert!(g.is_tapped(land).unwrap());
}

#[test]
fn a_search_with_nothing_to_find_asks_nothing() {
    let db = db();
    let (mut g, lib) = with_library(&db, &["Relic"]);
    let (_, step) = start(&db, &mut g, "Ramp");
    assert!(matches!(step, Step::Done(_)));
    assert_eq!(g.zone_objects(Zone::Library, 0), &lib[..]);
}

#[test]
fn mill_puts_the_top_cards_into_the_graveyard_as_many_as_there_are_701_17b() {
    let db = db();
    let (mut g, lib) = with_library(&db, &["Relic", "Wastes", "Relic"]);
    assert!(matches!(start(&db, &mut g, "Mill Two").1, Step::Done(_)));
    assert_eq!(g.zone_objects(Zone::Library, 0), &[lib[2]]);
    assert_eq!(g.zone_objects(Zone::Graveyard, 0).len(), 2);
    assert!(matches!(start(&db, &mut g, "Mill Two").1, Step::Done(_)));
    assert!(g.zone_objects(Zone::Library, 0).is_empty());
    assert_eq!(g.zone_objects(Zone::Graveyard, 0).len(), 3);
}

#[test]
fn a_search_to_exile_or_for_an_unknown_type_is_refused() {
    for bad in [
        json!({"op": "search", "to": "exile"}),
        json!({"op": "search", "to": "hand", "tapped": true}),
        json!({"op": "search", "types": ["wizard"], "to": "hand"}),
        json!({"op": "search", "supertypes": ["land"], "to": "hand"}),
        json!({"op": "search", "to": "hand", "n": 0}),
    ] {
        assert!(CardDb::from_json(&form(bad)).is_err());
    }
}

#[test]
fn surveil_puts_any_number_of_the_top_cards_into_the_graveyard_701_25a() {
    let db = db();
    let (mut g, lib) = with_library(&db, &["Relic", "Wastes", "Relic"]);
    let (mut r, step) = start(&db, &mut g, "Surveil Two");
    let Step::Choice(ChoiceRequest::Surveil { player, cards }) = step else {
        panic!("expected the surveil")
    };
    assert_eq!((player, cards), (0, lib[..2].to_vec()));
    assert!(r.answer(Choice::Surveil(vec![2])).is_err());
    assert!(r.answer(Choice::Surveil(vec![1, 1])).is_err());
    r.answer(Choice::Surveil(vec![1])).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    assert_eq!(g.zone_objects(Zone::Library, 0), &[lib[0], lib[2]]);
    let graveyard = g.zone_objects(Zone::Graveyard, 0);
    assert_eq!(graveyard.len(), 1);
    assert_eq!(g.name(graveyard[0]).unwrap(), "Wastes");
    // With an empty library nothing is looked at and nothing asked.
    let (mut empty, _) = with_library(&db, &[]);
    assert!(matches!(
        start(&db, &mut empty, "Surveil Two").1,
        Step::Done(_)
    ));
}

#[test]
fn a_search_for_up_to_two_cards_asks_one_at_a_time_and_may_stop() {
    let db = db();
    let (mut g, lib) = with_library(&db, &["Wastes", "Relic", "Wastes", "Wastes"]);
    let (mut r, step) = start(&db, &mut g, "Ramp Two");
    let Step::Choice(ChoiceRequest::Search { cards, .. }) = step else {
        panic!("expected the search")
    };
    assert_eq!(cards, vec![lib[0], lib[2], lib[3]]);
    r.answer(Choice::Search(Some(lib[2]))).unwrap();
    let Step::Choice(ChoiceRequest::Search {
        cards, may_fail, ..
    }) = r.run(&mut g, &db).unwrap()
    else {
        panic!("expected the second search")
    };
    assert_eq!((cards, may_fail), (vec![lib[0], lib[3]], true));
    r.answer(Choice::Search(None)).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    assert_eq!(g.zone_objects(Zone::Hand, 0).len(), 1);
    assert_eq!(g.zone_objects(Zone::Library, 0).len(), 3);
}

#[test]
fn scry_puts_the_cards_chosen_on_the_bottom_in_that_order_701_22a() {
    let db = db();
    let (mut g, lib) = with_library(&db, &["Relic", "Wastes", "Tutor"]);
    let (mut r, step) = start(&db, &mut g, "Scry Two");
    let Step::Choice(ChoiceRequest::Scry { player, cards }) = step else {
        panic!("expected the scry")
    };
    assert_eq!((player, cards), (0, lib[..2].to_vec()));
    assert!(r.answer(Choice::Surveil(vec![0])).is_err());
    r.answer(Choice::Scry(vec![1, 0])).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    // The top first: the card not looked at, then Wastes, then Relic beneath it.
    let mut library = g.zone_objects(Zone::Library, 0).to_vec();
    library.sort_unstable();
    let names: Vec<&str> = library.iter().map(|&x| g.name(x).unwrap()).collect();
    assert_eq!(names, ["Tutor", "Wastes", "Relic"]);
}

#[test]
fn a_search_finds_a_card_of_any_of_its_types_with_its_mana_value_202_3() {
    let db = db();
    // Relic: an artifact with no mana cost (mana value 0); the sorceries have none either,
    // Wastes is a land (not searched for).
    let (mut g, lib) = with_library(&db, &["Relic", "Wastes", "Tutor"]);
    let (_, step) = start(&db, &mut g, "Cheap Find");
    let Step::Choice(ChoiceRequest::Search {
        cards, may_fail, ..
    }) = step
    else {
        panic!("expected the search")
    };
    assert_eq!((cards, may_fail), (vec![lib[0], lib[2]], true));
}

#[test]
fn a_permanent_put_on_the_bottom_of_its_owners_library_is_its_last_card_401_4() {
    let db = db();
    let (mut g, _) = with_library(&db, &["Wastes", "Tutor"]);
    let relic = place(
        &db,
        &mut g,
        db.lookup("Relic").unwrap(),
        0,
        Zone::Battlefield,
        0,
    )
    .unwrap();
    let (_, step) = start(&db, &mut g, "Tuck");
    assert!(matches!(step, Step::Done(_)));
    assert!(g.entity(relic).unwrap().gone);
    let mut library = g.zone_objects(Zone::Library, 0).to_vec();
    library.sort_unstable();
    let names: Vec<&str> = library.iter().map(|&x| g.name(x).unwrap()).collect();
    assert_eq!(names, ["Wastes", "Tutor", "Relic"]);
}

#[test]
fn the_owner_chooses_the_top_or_the_bottom_of_its_library_401_4() {
    let db = db();
    let (mut g, _) = with_library(&db, &["Wastes"]);
    let relic = place(
        &db,
        &mut g,
        db.lookup("Relic").unwrap(),
        1,
        Zone::Battlefield,
        0,
    )
    .unwrap();
    let (mut r, step) = start(&db, &mut g, "Voyage");
    // Player 0's effect; player 1, the Relic's owner, chooses.
    let Step::Choice(ChoiceRequest::TopOrBottom { player, object }) = step else {
        panic!("expected the owner's choice")
    };
    assert_eq!((player, object), (1, relic));
    assert!(r.answer(Choice::Scry(Vec::new())).is_err());
    r.answer(Choice::May(true)).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    assert!(g.zone_objects(Zone::Battlefield, 1).is_empty());
    let library = g.zone_objects(Zone::Library, 1);
    assert_eq!(library.len(), 1);
    assert_eq!(g.name(library[0]).unwrap(), "Relic");
}
