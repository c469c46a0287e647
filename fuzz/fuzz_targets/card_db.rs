//! Fuzz target for compiled card data (`CardDb::from_json`, docs/CARDS.md "The compiled form"),
//! the runtime's side of the card compiler.
//!
//! Any text must either be refused with an error or load into a database whose every card can
//! be placed and every ability resolved (with fixed answers, its targets the first entities)
//! and paid for, each call returning `Ok` or `Err`: never a panic, a hang (a program that
//! doesn't end) or an abort, and the kernel's incremental hash stays the from-scratch one.
//! Creating tokens is work linear in their number, bounded by the kernel's entity limit only:
//! an ability that may create more than a few is placed but not resolved here.
#![no_main]

use cardstate_core::{Game, Ruleset, Zone};
use cardstate_effects::runtime::{pay_costs, resolve_fixed};
use cardstate_effects::{place, Ability, Amount, CardDb, CardId, Ctx, Op};
use libfuzzer_sys::fuzz_target;

/// Whether the program creates at most a few tokens (a small constant or X, here 2).
fn few_tokens(program: &[Op]) -> bool {
    program.iter().all(|op| match op {
        Op::CreateToken { n, .. } => match n {
            Amount::Const { n } => *n <= 8,
            Amount::X => true,
            _ => false,
        },
        _ => true,
    })
}

fn check(g: &Game) {
    assert_eq!(g.hash(), g.recompute_hash(), "stale hash");
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(db) = CardDb::from_json(text) else {
        return;
    };
    for i in 0..db.len().min(4) {
        let card = CardId(i as u16);
        let mut g = Game::new(2, Ruleset::Mtg, 0).expect("a game");
        let Ok(source) = place(&db, &mut g, card, 0, Zone::Battlefield, 2) else {
            continue;
        };
        check(&g);
        // Something of each player's to target.
        for p in 0..2 {
            let _ = place(&db, &mut g, card, p, Zone::Battlefield, 1);
        }
        check(&g);
        for (k, a) in db.card(card).abilities.iter().enumerate() {
            let (targets, program) = match a {
                Ability::Spell { targets, program } => (targets, program),
                Ability::Triggered(t) => (&t.targets, &t.program),
                Ability::Activated(a) => (&a.targets, &a.program),
                _ => continue,
            };
            if !few_tokens(program) {
                continue;
            }
            if matches!(a, Ability::Activated(_)) {
                let _ = pay_costs(&mut g, &db, card, k as u16, source, 0);
                check(&g);
            }
            let wanted: usize = targets.iter().map(|t| t.count as usize).sum();
            let chosen: Vec<u32> = (0..g.num_entities()).rev().take(wanted).collect();
            let ctx = Ctx::ability(card, k as u16, 0)
                .with_source(source)
                .with_targets(&chosen)
                .with_x(2);
            for may in [true, false] {
                let _ = resolve_fixed(&mut g, &db, ctx.clone(), may, may);
                check(&g);
            }
        }
        let bytes = g.to_bytes();
        let again = Game::from_bytes(&bytes).expect("a game's own bytes decode");
        assert!(again == g, "decode(encode(g)) != g");
    }
});
