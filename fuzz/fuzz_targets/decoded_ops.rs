//! Fuzz target for decoded states: whatever `Game::from_bytes` accepts must be a state the engine
//! can work with. Runs a fixed battery of calls (damage, state-based actions, proliferate,
//! Berserk property changes, moves, cleanup) on the decoded game; every call must return `Ok` or
//! `Err` (never panic), keep the incremental hash equal to the from-scratch one, and leave a game
//! that still round-trips through the codec.
#![no_main]

use cardstate_core::{Game, Zone};
use libfuzzer_sys::fuzz_target;

fn check(g: &Game, what: &str) {
    assert_eq!(g.hash(), g.recompute_hash(), "stale hash after {what}");
}

fuzz_target!(|data: &[u8]| {
    let Ok(mut g) = Game::from_bytes(data) else {
        return;
    };
    let n = g.num_entities().min(10);
    let players = g.num_players();
    let _ = g.check_state_based_actions();
    check(&g, "state-based actions");
    for p in 0..players {
        let _ = g.proliferate_auto(p);
        check(&g, "proliferate_auto");
    }
    let candidates = g.proliferate_candidates();
    let _ = g.proliferate(0, &candidates);
    check(&g, "proliferate");
    for s in 0..n {
        for t in 0..n {
            let _ = g.deal_damage(s, t, 1 + (s as u64 % 3), s % 2 == 0, t % 2 == 0);
            check(&g, "deal_damage");
        }
    }
    let all: Vec<(u32, u32, u64)> = (0..n).map(|s| (s, (s + 1) % n.max(1), 2)).collect();
    let mut dealt = vec![0u64; all.len()];
    let _ = g.deal_simultaneous_damage(&all, true, true, &mut dealt);
    check(&g, "deal_simultaneous_damage");
    for x in 0..n {
        let _ = g.cost(x, Some(2));
        let _ = g.power(x);
        let _ = g.toughness(x);
        let _ = g.strength(x);
        let _ = g.lives(x);
        let _ = g.set_strength(x, 3);
        check(&g, "set_strength");
        let _ = g.set_lives(x, 2);
        check(&g, "set_lives");
        let _ = g.heal(x, 1);
        let _ = g.remove_effects(x);
        let _ = g.set_types(x, &["creature".to_string()], None);
        check(&g, "set_types");
        let _ = g.add_counters(x, "+1/+1", 1);
        let _ = g.add_counters(x, "-1/-1", 2);
        let _ = g.pump(x, 1, -1);
        let _ = g.grant(x, "deathtouch", true);
        check(&g, "counters and grants");
    }
    let _ = g.check_state_based_actions();
    check(&g, "state-based actions");
    for x in 0..n {
        let _ = g.move_to(x, Zone::Battlefield);
        check(&g, "move");
    }
    let _ = g.check_state_based_actions();
    g.cleanup();
    check(&g, "cleanup");
    let bytes = g.to_bytes();
    let again = Game::from_bytes(&bytes).expect("a game the engine made must decode");
    assert!(again == g, "decode(encode(g)) != g after the battery");
    assert_eq!(again.to_bytes(), bytes);
});
