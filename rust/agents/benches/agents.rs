//! MCTS simulations per second (determinized and information-set) from mid-game duel positions
//! on the pool's decks (one core), and on the test game.

use cardstate_agents::{Agent, Algorithm, MctsAgent, MctsConfig, RandomAgent, SearchGame};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[path = "../tests/common/mod.rs"]
mod common;

fn skirmish_mid_game(seed: u64) -> common::Skirmish {
    let mut g = common::Skirmish::new(seed);
    let mut r = RandomAgent::new(seed);
    while g.turn() < 6 && !g.is_terminal() {
        let a = r.act(&g);
        g.apply_action(a);
    }
    g
}

/// A pool duel (evergreen against energy) played at random up to `turn`.
fn mid_game(seed: u64, turn: u32) -> cardstate_duel::Duel {
    let mut d = cardstate_agents::duel::pool_duel("evergreen", "energy", seed, 40).unwrap();
    let mut r = RandomAgent::new(seed);
    while d.turn() < turn && !SearchGame::is_terminal(&d) {
        let a = r.act(&d);
        SearchGame::apply_action(&mut d, a);
    }
    d
}

fn bench(c: &mut Criterion) {
    let sims = 1000u32;
    let config = MctsConfig {
        simulations: sims,
        ..MctsConfig::default()
    };
    let mut group = c.benchmark_group("mcts");
    group.throughput(Throughput::Elements(u64::from(sims)));
    // Positions around turn 8 where the player to act has a real choice.
    let positions: Vec<_> = (0..64)
        .map(|s| mid_game(s, 8))
        .filter(|d| {
            let mut v = Vec::new();
            SearchGame::legal_actions(d, &mut v);
            v.len() > 1
        })
        .take(8)
        .collect();
    let mut mcts = MctsAgent::new(config);
    let mut i = 0;
    group.bench_function("duel_mid_game_1000_simulations", |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            mcts.act(&positions[i])
        })
    });
    // The cost of the random part of a simulation: no rollout (evaluation at the leaf).
    let mut mcts = MctsAgent::new(MctsConfig {
        rollout_depth: 0,
        ..config
    });
    group.bench_function("duel_mid_game_1000_simulations_no_rollout", |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            mcts.act(&positions[i])
        })
    });
    // Information-set MCTS: one tree, a deal per simulation.
    let mut ismcts = MctsAgent::new(MctsConfig {
        algorithm: Algorithm::InformationSet,
        ..config
    });
    group.bench_function("duel_mid_game_1000_simulations_ismcts", |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            ismcts.act(&positions[i])
        })
    });
    let g = skirmish_mid_game(3);
    let mut mcts = MctsAgent::new(config);
    group.bench_function("skirmish_1000_simulations", |b| b.iter(|| mcts.act(&g)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
