//! Benchmarks of the card layer.
use cardstate_effects::CardDb;
use criterion::{criterion_group, criterion_main, Criterion};

fn parse_pool(c: &mut Criterion) {
    c.bench_function("parse the compiled pool", |b| {
        b.iter(|| {
            CardDb::from_json(cardstate_effects::POOL_JSON)
                .unwrap()
                .len()
        })
    });
}

criterion_group!(benches, parse_pool);
criterion_main!(benches);
