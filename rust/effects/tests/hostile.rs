//! Hostile amounts: an effect whose amount takes the game past the kernel's limits is refused
//! before anything is made, and the game is left as it was.
use cardstate_core::{limits, Error as KernelError, Game, Ruleset};
use cardstate_effects::runtime::resolve_fixed;
use cardstate_effects::{CardDb, Ctx, Error};
use serde_json::json;

/// A pool of a 1/1 Squirrel and "Create X 1/1 Squirrel tokens" (for each player when
/// `each_player`).
fn squirrels(each_player: bool) -> CardDb {
    let who = if each_player {
        json!({"s": "each", "filter": {"types": [], "players": true, "objects": false,
               "controller": null, "keywords": [], "other": false, "zone": "battlefield"}})
    } else {
        json!({"s": "you"})
    };
    let card = |name: &str, types: &[&str], abilities| {
        json!({"name": name, "cost": null, "types": types, "supertypes": [], "subtypes": [],
               "power": if types == ["creature"] { json!(1) } else { json!(null) },
               "toughness": if types == ["creature"] { json!(1) } else { json!(null) },
               "loyalty": null, "keywords": {}, "oracle": "", "info": {}, "python": false,
               "abilities": abilities})
    };
    let spell = json!([{"kind": "spell", "targets": [], "program": [
        {"op": "create_token", "card": "Squirrel", "n": {"a": "x"}, "who": who}]}]);
    let form = json!({"version": 1, "decks": {}, "cards": [
        card("Squirrel", &["creature"], json!([])),
        card("Squirrel Swarm", &["sorcery"], spell),
    ]});
    CardDb::from_json(&form.to_string()).unwrap()
}

#[test]
fn creating_more_tokens_than_the_entity_limit_is_refused_before_any_is_made() {
    for (each_player, x) in [
        (false, 1u64 << 40),
        (false, u64::MAX),
        (false, limits::MAX_ENTITIES as u64),
        (true, limits::MAX_ENTITIES as u64 / 2 + 1),
    ] {
        let db = squirrels(each_player);
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let before = g.clone();
        let ctx = Ctx::spell(&db, db.lookup("Squirrel Swarm").unwrap(), 0)
            .unwrap()
            .with_x(x);
        match resolve_fixed(&mut g, &db, ctx, true, true) {
            Err(Error::Kernel(KernelError::Overflow(m))) => {
                assert!(m.contains("\"Squirrel\" token"), "{m}")
            }
            other => panic!("expected an overflow, got {other:?}"),
        }
        assert!(g == before);
        assert_eq!(g.to_bytes(), before.to_bytes());
    }
}

#[test]
fn creating_tokens_within_the_limit_makes_them() {
    let db = squirrels(true);
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let ctx = Ctx::spell(&db, db.lookup("Squirrel Swarm").unwrap(), 0)
        .unwrap()
        .with_x(3);
    resolve_fixed(&mut g, &db, ctx, true, true).unwrap();
    assert_eq!(g.num_entities(), 2 + 6);
}
