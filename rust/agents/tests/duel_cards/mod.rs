//! Made-up vanilla cards and a 40-card deck for playing the duel in the agents' tests and
//! benchmarks (until the duel's built-in pool is reachable from Rust).
#![allow(dead_code)]

use cardstate_agents::{Agent, RandomAgent, SearchGame};
use cardstate_duel::testing::card;
use cardstate_duel::Pool;
use cardstate_duel::{CardId, Duel};

/// A vanilla creature: name, cost, power and toughness, keywords.
type Creature = (
    &'static str,
    &'static str,
    (i32, i32),
    &'static [(&'static str, i64)],
);

pub fn table() -> Pool {
    static POOL: std::sync::OnceLock<Pool> = std::sync::OnceLock::new();
    *POOL.get_or_init(make_table)
}

fn make_table() -> Pool {
    let mut t = Vec::new();
    t.push(card("Plain Forest", &["land"], &["Forest"], "", None, &[]));
    let creatures: [Creature; 8] = [
        ("Cub", "{G}", (1, 1), &[]),
        ("Brawler", "{1}{G}", (2, 2), &[]),
        ("Hawk", "{1}{G}", (1, 2), &[("flying", 1)]),
        ("Lancer", "{2}{G}", (2, 2), &[("first strike", 1)]),
        ("Boar", "{2}{G}", (3, 3), &[]),
        ("Stomper", "{3}{G}", (4, 4), &[("trample", 1)]),
        (
            "Sentinel",
            "{1}{G}",
            (1, 4),
            &[("reach", 1), ("vigilance", 1)],
        ),
        ("Colossus", "{4}{G}{G}", (6, 6), &[]),
    ];
    for (name, cost, pt, kws) in creatures {
        t.push(card(name, &["creature"], &[], cost, Some(pt), kws));
    }
    cardstate_duel::testing::pool(t)
}

/// 17 forests and 23 creatures.
pub fn deck(t: &Pool) -> Vec<CardId> {
    let id = |n: &str| t.by_name(n).expect("a test card");
    let mut d = vec![id("Plain Forest"); 17];
    for (n, k) in [
        ("Cub", 3),
        ("Brawler", 4),
        ("Hawk", 3),
        ("Lancer", 3),
        ("Boar", 4),
        ("Stomper", 3),
        ("Sentinel", 2),
        ("Colossus", 1),
    ] {
        d.extend(std::iter::repeat_n(id(n), k));
    }
    d
}

pub fn duel(seed: u64) -> Duel {
    let t = table();
    let d = deck(&t);
    Duel::new(t, &d, &d, seed, 40).expect("a valid duel")
}

/// A duel a few turns in (random play up to `turn`).
pub fn mid_game(seed: u64, turn: u32) -> Duel {
    let mut d = duel(seed);
    let mut r = RandomAgent::new(seed);
    while d.turn() < turn && !SearchGame::is_terminal(&d) {
        let a = r.act(&d);
        SearchGame::apply_action(&mut d, a);
    }
    d
}
