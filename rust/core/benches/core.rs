//! Criterion micro-benchmarks of the kernel's hot paths (no Python involved).
use cardstate_core::{CardSpec, Game, Ruleset, Zone};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn board(permanents: u32) -> (Game, Vec<u32>) {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let spec = CardSpec {
        types: vec!["creature".into()],
        power: Some(2),
        toughness: Some(2),
        ..CardSpec::default()
    };
    let ids = (0..permanents)
        .map(|i| g.create(i % 2, Zone::Battlefield, &spec).unwrap())
        .collect();
    (g, ids)
}

fn benches(c: &mut Criterion) {
    let (mut g, ids) = board(100);
    let x = ids[0];
    c.bench_function("add_counters", |b| {
        b.iter(|| {
            g.add_counters(black_box(x), black_box("+1/+1"), 1).unwrap();
            g.take_events();
        })
    });
    let (g, _) = board(100);
    c.bench_function("clone_100", |b| b.iter(|| black_box(g.clone())));
    c.bench_function("hash", |b| b.iter(|| black_box(g.hash())));
    let assignments: Vec<(u32, u32, u64)> =
        (0..100).map(|i| (ids[i], ids[(i + 1) % 100], 1)).collect();
    let mut dealt = vec![0; 100];
    c.bench_function("simultaneous_damage_100_and_sba", |b| {
        b.iter_batched(
            || g.clone(),
            |mut g| {
                g.deal_simultaneous_damage(&assignments, true, true, &mut dealt)
                    .unwrap();
                g.check_state_based_actions().unwrap();
                g
            },
            criterion::BatchSize::SmallInput,
        )
    });
}

criterion_group!(core, benches);
criterion_main!(core);
