//! Ward (702.21a) in the Rust runtime on a bare kernel: the trigger event "becomes the target of
//! a spell an opponent controls" (what triggered it: that spell) and "counter it unless that
//! player pays" (701.6a, 118.12), its controller's yes/no, the life paid lost (119.4).
use cardstate_core::{Game, Ruleset, Zone};
use cardstate_effects::{
    fired, place, CardDb, Choice, ChoiceRequest, GameEvent, ManaSymbols, Resolution, Step, NO_SPELL,
};
use serde_json::{json, Value};

fn warded(name: &str, mana: Value, life: u64) -> Value {
    json!({"name": name, "cost": null, "types": ["creature"], "supertypes": [], "subtypes": [],
           "power": 1, "toughness": 1, "loyalty": null, "keywords": {}, "oracle": "",
           "info": {}, "python": false, "abilities": [
               {"kind": "triggered", "event": "becomes_target_by_opponent",
                "subject": {"s": "this"}, "by_spell": false, "condition": null, "targets": [],
                "program": [{"op": "counter_unless_pays", "what": {"s": "triggering"},
                             "mana": mana, "life": life}]}]})
}

fn db() -> CardDb {
    let two = json!({"text": "{2}", "generic": 2, "coloured": [0, 0, 0, 0, 0], "colourless": 0,
                     "x": 0, "hybrid": [], "phyrexian": [], "mana_value": 2});
    let spell = json!({"name": "Spell", "cost": null, "types": ["instant"], "supertypes": [],
                       "subtypes": [], "power": null, "toughness": null, "loyalty": null,
                       "keywords": {}, "oracle": "", "info": {}, "python": false,
                       "abilities": []});
    let form = json!({"version": 1, "decks": {},
                      "cards": [warded("Ward Two", two, 0), warded("Ward Life", Value::Null, 7),
                                spell]});
    CardDb::from_json(&form.to_string()).expect("the cards load")
}

/// Player 1's `name` and player `by`'s spell on the stack; the abilities its becoming the
/// spell's target fires.
fn targeted(
    db: &CardDb,
    g: &mut Game,
    name: &str,
    by: u32,
) -> (u32, Vec<cardstate_effects::Fired>) {
    let perm = place(db, g, db.lookup(name).unwrap(), 1, Zone::Battlefield, 0).unwrap();
    let spell = place(db, g, db.lookup("Spell").unwrap(), by, Zone::Stack, 0).unwrap();
    let ev = GameEvent::BecomesTarget {
        target: perm,
        by_spell: true,
        by,
        spell,
    };
    let mut out = Vec::new();
    fired(db, g, &[ev], &mut out);
    (spell, out)
}

#[test]
fn ward_triggers_only_for_an_opponents_spell_702_21a() {
    let db = db();
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let (spell, out) = targeted(&db, &mut g, "Ward Two", 0);
    assert_eq!(out.len(), 1);
    assert_eq!((out[0].controller, out[0].triggering), (1, spell));
    let (_, own) = targeted(&db, &mut g, "Ward Two", 1);
    assert!(own.is_empty(), "its controller's own spell");
    let perm = place(
        &db,
        &mut g,
        db.lookup("Ward Two").unwrap(),
        1,
        Zone::Battlefield,
        0,
    )
    .unwrap();
    let ability = GameEvent::BecomesTarget {
        target: perm,
        by_spell: false,
        by: 0,
        spell: NO_SPELL,
    };
    let mut out = Vec::new();
    fired(&db, &g, &[ability], &mut out);
    assert!(out.is_empty(), "no spell: nothing to counter");
}

#[test]
fn not_paid_the_spell_goes_to_its_owners_graveyard_118_12() {
    let db = db();
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let (spell, out) = targeted(&db, &mut g, "Ward Two", 0);
    let mut r = Resolution::new(&db, out[0].ctx()).unwrap();
    let Step::Choice(ChoiceRequest::Pay { player, mana, life }) = r.run(&mut g, &db).unwrap()
    else {
        panic!("expected the payment choice")
    };
    assert_eq!((player, mana.generic, life), (0, 2, 0));
    assert_ne!(mana, ManaSymbols::default());
    assert!(r.answer(Choice::Amount(1)).is_err());
    r.answer(Choice::May(false)).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    assert_eq!(g.entity(spell).unwrap().zone, Zone::Graveyard);
}

#[test]
fn ward_pay_life_is_losing_it_119_4() {
    let db = db();
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let (spell, out) = targeted(&db, &mut g, "Ward Life", 0);
    let life = g.life(0).unwrap();
    let mut r = Resolution::new(&db, out[0].ctx()).unwrap();
    assert!(matches!(
        r.run(&mut g, &db).unwrap(),
        Step::Choice(ChoiceRequest::Pay { life: 7, .. })
    ));
    r.answer(Choice::May(true)).unwrap();
    assert!(matches!(r.run(&mut g, &db).unwrap(), Step::Done(_)));
    assert_eq!(g.entity(spell).unwrap().zone, Zone::Stack);
    assert_eq!(g.life(0).unwrap(), life - 7);
}
