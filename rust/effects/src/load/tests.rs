//! The loader's refusals, each naming the card and the field.

use super::*;
use serde_json::{json, Value};

/// A one-card form: a 2/2 with one spell-like activated ability whose program is `program`.
fn form(card: Value) -> String {
    json!({"version": 1, "cards": [card], "decks": {}}).to_string()
}

fn bear(program: Value) -> Value {
    json!({
        "name": "Hostile Bear",
        "cost": {"text": "{1}{G}", "generic": 1, "coloured": [0, 0, 0, 0, 1],
                 "colourless": 0, "x": 0, "hybrid": [], "phyrexian": [], "mana_value": 2},
        "types": ["creature"], "supertypes": [], "subtypes": ["Bear"],
        "power": 2, "toughness": 2, "loyalty": null, "keywords": {},
        "oracle": "", "info": {}, "python": false,
        "abilities": [{
            "kind": "activated",
            "cost": {"mana": null, "tap": true, "energy": 0, "remove_counters": null,
                     "sacrifice": false},
            "timing": "instant",
            "targets": [{"filter": {"types": ["creature"], "players": false,
                                    "objects": true, "controller": null, "keywords": [],
                                    "other": false, "zone": "battlefield"},
                         "count": 1}],
            "program": program,
        }],
    })
}

fn refused(card: Value) -> String {
    match CardDb::from_json(&form(card)) {
        Err(Error::Invalid(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn with(mut card: Value, pointer: &str, value: Value) -> Value {
    *card.pointer_mut(pointer).expect("a field of the card") = value;
    card
}

#[test]
fn a_good_card_loads() {
    let db = CardDb::from_json(&form(bear(json!([
        {"op": "may"}, {"op": "jump_unless", "to": 3},
        {"op": "tap", "what": {"s": "target", "i": 0}},
    ]))))
    .unwrap();
    assert_eq!(db.len(), 1);
}

/// A program whose jumps all go forward runs each operation at most once: it ends. A jump
/// backwards or to itself (which would loop for ever) is refused, naming the operation.
#[test]
fn jumps_go_only_forward() {
    for to in [0, 1] {
        let m = refused(bear(json!([{"op": "may"}, {"op": "jump", "to": to}])));
        assert!(m.starts_with("card \"Hostile Bear\": abilities[0].program[1]: a jump"));
    }
    let m = refused(bear(json!([{"op": "jump_unless", "to": 5}])));
    assert!(m.contains("program[0]") && m.contains("at most to the program's end (1)"));
}

/// (Inside an ability the path stops at the ability: its fields are read as one tagged
/// whole; the message still says what was expected.)
#[test]
fn numbers_beyond_their_fields_name_the_card_and_the_field() {
    let m = refused(with(bear(json!([])), "/power", json!(1u64 << 63)));
    assert!(
        m.starts_with("card \"Hostile Bear\": power: bad compiled card data"),
        "{m}"
    );
    let m = refused(with(bear(json!([])), "/cost/x", json!(1000)));
    assert!(m.starts_with("card \"Hostile Bear\": cost.x: "), "{m}");
    let m = refused(with(
        bear(json!([])),
        "/abilities/0/targets/0/count",
        json!(1_000_000_000u64),
    ));
    assert!(
        m.starts_with("card \"Hostile Bear\": abilities[0]: "),
        "{m}"
    );
    assert!(m.contains("integer `1000000000`, expected u8"), "{m}");
    let m = refused(with(
        bear(json!([])),
        "/abilities/0/cost/energy",
        json!(1e20),
    ));
    assert!(
        m.starts_with("card \"Hostile Bear\": abilities[0]: "),
        "{m}"
    );
}

/// What the kernel refuses in play is refused as the card is loaded, naming the card.
#[test]
fn the_kernel_checks_the_characteristics_and_abilities() {
    let m = refused(with(bear(json!([])), "/power", json!(-(1i64 << 31))));
    assert!(
        m.starts_with("card \"Hostile Bear\": characteristics: "),
        "{m}"
    );
    let m = refused(with(
        bear(json!([])),
        "/keywords",
        json!({"toxic": 1u64 << 40}),
    ));
    assert!(
        m.starts_with("card \"Hostile Bear\": characteristics: "),
        "{m}"
    );
    let grant = json!([{"op": "grant", "who": {"s": "this"}, "keyword": "flying"}]);
    assert!(CardDb::from_json(&form(bear(grant))).is_ok());
    let m = refused(bear(
        json!([{"op": "grant", "who": {"s": "this"}, "keyword": "toxic"}]),
    ));
    assert!(m.contains("abilities[0].program[0]: can't grant"), "{m}");
    let m = refused(bear(json!([
        {"op": "prevent_damage", "affects": ["no such clause"], "combat": false}
    ])));
    assert!(
        m.starts_with("card \"Hostile Bear\": abilities[0].program[0]: "),
        "{m}"
    );
}

#[test]
fn targets_names_and_costs_are_checked() {
    let many = with(bear(json!([])), "/abilities/0/targets/0/count", json!(65));
    assert!(refused(many).contains("65 targets; an ability declares at most 64"));
    let switch = json!([{"op": "switch", "who": {"s": "target", "i": 3}}]);
    assert!(refused(bear(switch)).contains("target 3 but 1 declared"));
    let token = json!([{"op": "create_token", "card": "Nothing", "n": {"a": "const", "n": 1},
                        "who": {"s": "you"}}]);
    assert!(refused(bear(token)).contains("not a card of the database"));
    let kind = json!([{"op": "put_counters", "on": {"s": "this"}, "counter": "",
                       "n": {"a": "const", "n": 1}}]);
    assert!(refused(bear(kind)).contains("abilities[0].program[0]: "));
    let m = refused(with(bear(json!([])), "/cost/mana_value", json!(7)));
    assert!(
        m.contains("cost: mana value 7 but its symbols add up to 2"),
        "{m}"
    );
    let huge = with(bear(json!([])), "/cost/generic", json!(u32::MAX));
    let huge = with(huge, "/cost/mana_value", json!(u32::MAX));
    assert!(refused(huge).contains("cost: mana value"));
}

#[test]
fn fights_and_moves_name_their_selectors_and_destination() {
    let fight = json!([{"op": "fight", "a": {"s": "this"}, "b": {"s": "target", "i": 2}}]);
    assert!(refused(bear(fight)).contains("target 2 but 1 declared"));
    let bite = json!([{"op": "bite", "source": {"s": "target", "i": 5}, "to": {"s": "this"}}]);
    assert!(refused(bear(bite)).contains("target 5 but 1 declared"));
    let nowhere = json!([{"op": "move", "what": {"s": "target", "i": 0}, "to": "library"}]);
    assert!(refused(bear(nowhere)).contains("library"));
    let moved = json!([{"op": "move", "what": {"s": "target", "i": 4}, "to": "hand"}]);
    assert!(refused(bear(moved)).contains("target 4 but 1 declared"));
}

/// 603.3c, 700.2a: a modal trigger's modes name the card's `mode` abilities; a mode naming
/// another ability, or none, is refused.
#[test]
fn a_modal_trigger_names_its_mode_abilities() {
    let trigger = |modes: Value| {
        json!({"kind": "triggered", "event": "enters", "subject": {"s": "this"},
               "by_spell": false, "condition": null, "targets": [], "program": [],
               "modes": modes})
    };
    let mode = json!({"kind": "mode", "targets": [], "program": [{"op": "may"}]});
    let card = |modes: Value| {
        let mut c = bear(json!([]));
        let abilities = c.pointer_mut("/abilities").expect("abilities");
        *abilities = json!([
            abilities[0].clone(),
            trigger(modes),
            mode.clone(),
            mode.clone()
        ]);
        c
    };
    let db = CardDb::from_json(&form(card(json!([2, 3])))).unwrap();
    assert_eq!(db.len(), 1);
    for bad in [json!([0, 2]), json!([2, 9]), json!(vec![2; 17])] {
        let m = refused(card(bad));
        assert!(
            m.contains("abilities[1]") && m.contains("mode abilities"),
            "{m}"
        );
    }
}

/// 603.7a: a delay names one of the card's `delayed` abilities (which declare no targets,
/// 603.7c); a delay naming another ability, or none, and a delayed ability with targets, are
/// refused.
#[test]
fn a_delay_names_a_delayed_ability_of_the_card() {
    let delayed = |targets: Value| {
        json!({"kind": "delayed", "targets": targets,
               "program": [{"op": "move", "what": {"s": "triggering"}, "to": "battlefield"}]})
    };
    let card = |ability: u16, targets: Value| {
        let mut c = bear(json!([
            {"op": "move", "what": {"s": "target", "i": 0}, "to": "exile"},
            {"op": "delay", "of": {"s": "target", "i": 0}, "ability": ability},
        ]));
        let abilities = c.pointer_mut("/abilities").expect("abilities");
        *abilities = json!([abilities[0].clone(), delayed(targets)]);
        c
    };
    let db = CardDb::from_json(&form(card(1, json!([])))).unwrap();
    assert_eq!(db.len(), 1);
    for bad in [0, 2] {
        let m = refused(card(bad, json!([])));
        assert!(m.contains("not a delayed ability"), "{m}");
    }
    let targeted = json!([{"filter": {"types": ["creature"], "players": false, "objects": true,
                                      "controller": null, "keywords": [], "other": false,
                                      "zone": "battlefield"}, "count": 1}]);
    let m = refused(card(1, targeted));
    assert!(
        m.contains("abilities[1]") && m.contains("no targets"),
        "{m}"
    );
}

/// 707.9b, 603.7a: a token copy sacrificed at the end step names a delayed ability of the
/// card, as a delay does.
#[test]
fn a_token_copys_end_step_sacrifice_names_a_delayed_ability() {
    let card = |ability: u16| {
        let mut c = bear(
            json!([{"op": "create_token_copy", "of": {"s": "target", "i": 0},
                                 "who": {"s": "you"}, "haste": true,
                                 "sacrificed_at_end_step": ability}]),
        );
        let abilities = c.pointer_mut("/abilities").expect("abilities");
        let delayed = json!({"kind": "delayed", "targets": [], "program": [
            {"op": "sacrifice", "who": {"s": "you"}, "what": {"s": "triggering"},
             "n": {"a": "const", "n": 1}}]});
        *abilities = json!([abilities[0].clone(), delayed]);
        c
    };
    assert_eq!(CardDb::from_json(&form(card(1))).unwrap().len(), 1);
    let m = refused(card(0));
    assert!(m.contains("not a delayed ability"), "{m}");
}

/// 601.2f: a cost reduction per graveyard card names card types, and is a spell's (a land
/// isn't cast); 614.1c: "enters with counters if you cast it" and "return it with one fewer"
/// name a counter kind. Each refusal names the card and the field.
#[test]
fn a_cost_reduction_and_revival_counters_are_checked() {
    let extra = |a: Value| {
        let mut c = bear(json!([{"op": "tap", "what": {"s": "target", "i": 0}}]));
        let abilities = c.pointer_mut("/abilities").expect("abilities");
        *abilities = json!([abilities[0].clone(), a]);
        c
    };
    let less = |types: Value| json!({"kind": "costs_less_per_graveyard_card", "types": types});
    let db = CardDb::from_json(&form(extra(less(json!(["instant", "sorcery"]))))).unwrap();
    assert_eq!(db.len(), 1);
    let m = refused(extra(less(json!(["instnat"]))));
    assert!(m.contains("abilities[1]") && m.contains("instnat"), "{m}");
    let land = with(extra(less(json!(["instant"]))), "/types", json!(["land"]));
    assert!(refused(land).contains("601.2f"));
    let m = refused(extra(
        json!({"kind": "enters_with_counters_if_cast", "counter": " revival",
                                 "n": {"a": "const", "n": 8}}),
    ));
    assert!(m.contains("abilities[1]"), "{m}");
    let m = refused(bear(json!([{"op": "return_with_fewer_counters",
                                 "what": {"s": "target", "i": 0}, "counter": "+1+1",
                                 "fewer": 1}])));
    assert!(m.contains("+1+1"), "{m}");
}

/// `ManaForEach` (Elvish Archdruid's "Add {G} for each Elf you control") belongs to a card
/// with one mana ability of one colour: without one it is refused, naming the ability.
#[test]
fn a_mana_ability_of_several_mana_needs_one_of_one_colour_106_4() {
    let elves = json!({"kind": "mana_for_each", "filter": {"types": [], "players": false,
                       "objects": true, "controller": "you", "keywords": [], "other": false,
                       "zone": "battlefield", "subtypes": ["Elf"]}});
    let mana = |produces: &str| {
        json!({"kind": "mana", "produces": produces,
               "cost": {"mana": null, "tap": true, "energy": 0, "remove_counters": null,
                        "sacrifice": false}})
    };
    let card = |abilities: Value| with(bear(json!([])), "/abilities", abilities);
    let db = CardDb::from_json(&form(card(json!([mana("G"), elves.clone()])))).unwrap();
    let facts = db.facts(crate::CardId(0));
    assert_eq!((facts.produces, facts.mana_for_each), (1 << 4, Some(1)));
    let m = refused(card(json!([elves.clone()])));
    assert!(
        m.contains("abilities[0]") && m.contains("one colour"),
        "{m}"
    );
    let m = refused(card(json!([mana("WU"), elves])));
    assert!(m.contains("abilities[1]"), "{m}");
}

/// 606.4: a loyalty cost puts on or removes fewer than 2^31 counters (the compiler's bound).
#[test]
fn a_loyalty_cost_is_bounded() {
    let loyal = |n: i64| {
        let mut card = bear(json!([{"op": "tap", "what": {"s": "target", "i": 0}}]));
        card["abilities"][0]["cost"]["loyalty"] = json!(n);
        card
    };
    for n in [1i64 << 31, -(1i64 << 31)] {
        let m = refused(loyal(n));
        assert!(m.contains("abilities[0].cost.loyalty: "), "{m}");
    }
    assert!(CardDb::from_json(&form(loyal(-3))).is_ok());
}

/// 723.1: "End the turn." is a spell's whole effect: an activated ability's, or a spell's with
/// another operation, is refused.
#[test]
fn ending_the_turn_is_a_spells_whole_effect() {
    let m = refused(bear(json!([{"op": "end_the_turn"}])));
    assert!(m.contains("abilities[0]: ") && m.contains("723.1"), "{m}");
    let mut spell = bear(json!([]));
    spell["types"] = json!(["instant"]);
    spell["power"] = Value::Null;
    spell["toughness"] = Value::Null;
    spell["abilities"][0] = json!({"kind": "spell", "targets": [], "program":
        [{"op": "draw", "who": {"s": "you"}, "n": {"a": "const", "n": 1}}, {"op": "end_the_turn"}]});
    let m = refused(spell.clone());
    assert!(m.contains("723.1"), "{m}");
    spell["abilities"][0]["program"] = json!([{"op": "end_the_turn"}]);
    assert!(CardDb::from_json(&form(spell)).is_ok());
}
