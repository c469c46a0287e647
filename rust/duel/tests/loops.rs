//! 104.4b: a loop of mandatory actions is a draw. Two Echoing Wisps (a made-up card: "enters
//! with a +1/+1 counter; whenever one or more counters are put on it, put a +1/+1 counter on
//! each other creature you control") feed each other's triggers for ever: with nothing to
//! choose the game ends in a draw after `MANDATORY_LOOP_RESOLUTIONS` resolutions without a
//! decision; one Wisp alone resolves and the game goes on.

use cardstate_core::Zone;
use cardstate_duel::duel::MANDATORY_LOOP_RESOLUTIONS;
use cardstate_duel::{Duel, Options, Outcome, Pool};
use cardstate_effects::CardDb;

const POOL: &str = r#"{"version":1,"cards":[{"name":"Forest","cost":null,"types":["land"],"supertypes":["basic"],"subtypes":["Forest"],"power":null,"toughness":null,"loyalty":null,"keywords":{},"oracle":"({T}: Add {G}.)","info":{},"python":false,"abilities":[{"kind":"mana","produces":"G","cost":{"mana":null,"tap":true,"energy":0,"remove_counters":null,"sacrifice":false}}]},{"name":"Echoing Wisp","cost":{"text":"{G}","generic":0,"coloured":[0,0,0,0,1],"colourless":0,"x":0,"hybrid":[],"phyrexian":[],"mana_value":1},"types":["creature"],"supertypes":[],"subtypes":[],"power":1,"toughness":1,"loyalty":null,"keywords":{},"oracle":"","info":{},"python":false,"abilities":[{"kind":"enters_with_counters","counter":"+1/+1","n":{"a":"const","n":1}},{"kind":"triggered","event":"counters_put","subject":{"s":"this"},"by_spell":false,"condition":null,"targets":[],"program":[{"op":"put_counters","on":{"s":"each","filter":{"types":["creature"],"players":false,"objects":true,"controller":"you","keywords":[],"other":true,"zone":"battlefield","subtypes":[]}},"counter":"+1/+1","n":{"a":"const","n":1}}]}]}],"decks":{}}"#;

fn duel() -> (Duel, usize) {
    let pool = Pool::new(CardDb::intern_json(POOL).expect("a valid pool"));
    let forests = vec![pool.by_name("Forest").unwrap(); 40];
    let d = Duel::with_options(pool, &forests, &forests, 1, 40, Options::FAST).unwrap();
    let a = d.active_player() as usize;
    (d, a)
}

#[test]
fn cr_104_4b_a_loop_of_mandatory_triggers_is_a_draw() {
    let (mut d, a) = duel();
    let wisp = d.pool().by_name("Echoing Wisp").unwrap();
    let first = d.add_card(a, wisp, Zone::Battlefield).unwrap().unwrap();
    assert!(
        !d.is_terminal(),
        "one Wisp triggers once and the game goes on"
    );
    d.add_card(a, wisp, Zone::Battlefield).unwrap();
    assert!(d.is_terminal(), "two Wisps loop without a choice");
    assert_eq!(d.outcome(), Some(Outcome::Draw));
    assert_eq!(d.returns(), [0.0, 0.0]);
    // The loop ran until the count: each resolution put one counter on one Wisp.
    let counters = d.game().count_by_name(first, "+1/+1").unwrap();
    assert!(
        counters >= (MANDATORY_LOOP_RESOLUTIONS / 2) as u64,
        "{counters} counters"
    );
}

#[test]
fn cr_104_4b_a_loop_with_a_decision_at_each_step_ends_at_the_decision_cap() {
    let (mut d, a) = duel();
    d.set_auto_pass(false);
    let wisp = d.pool().by_name("Echoing Wisp").unwrap();
    d.add_card(a, wisp, Zone::Battlefield).unwrap();
    d.add_card(a, wisp, Zone::Battlefield).unwrap();
    // Every priority is a decision now (passing is the only choice, made by the caller): the
    // decision cap is the last guard.
    let mut legal = Vec::new();
    let mut n = 0;
    while !d.is_terminal() {
        d.legal_actions(&mut legal);
        d.apply_action(legal[0]).unwrap();
        n += 1;
    }
    assert_eq!(d.outcome(), Some(Outcome::Draw));
    assert!(n <= d.max_game_length(), "{n} decisions");
}
