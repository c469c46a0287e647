//! MCTS simulations per second and whole playouts, on the crate's test game.

use cardstate_agents::{Agent, MctsAgent, MctsConfig, RandomAgent, SearchGame};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[path = "../tests/common/mod.rs"]
mod common;
use common::Skirmish;

/// A position a few turns in, reached by random play.
fn mid_game(seed: u64) -> Skirmish {
    let mut g = Skirmish::new(seed);
    let mut r = RandomAgent::new(seed);
    while g.turn() < 6 && !g.is_terminal() {
        let a = r.act(&g);
        g.apply_action(a);
    }
    g
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("skirmish");
    let sims = 1000u32;
    group.throughput(Throughput::Elements(u64::from(sims)));
    let g = mid_game(3);
    let mut mcts = MctsAgent::new(MctsConfig {
        simulations: sims,
        ..MctsConfig::default()
    });
    group.bench_function("mcts_1000_simulations", |b| b.iter(|| mcts.act(&g)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
