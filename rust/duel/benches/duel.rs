//! Random-vs-random complete games (a seeded random policy), one core.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[path = "../tests/common.rs"]
mod common;

fn games(c: &mut Criterion) {
    let t = common::table();
    let deck = common::deck(&t);
    let mut g = c.benchmark_group("duel");
    g.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    let mut legal = Vec::with_capacity(64);
    g.bench_function("random_game", |b| {
        b.iter(|| {
            seed += 1;
            let mut d = cardstate_duel::Duel::new(t.clone(), &deck, &deck, seed, 40).unwrap();
            let mut rng = cardstate_duel::rng::SplitMix::new(seed);
            while !d.is_terminal() {
                d.legal_actions(&mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                d.apply_legal(a);
            }
            d.returns()
        })
    });
    let mut d = cardstate_duel::Duel::new(t.clone(), &deck, &deck, 7, 40).unwrap();
    common::random_game(&mut d, 7);
    g.bench_function("clone_mid_game", |b| {
        let mut d = cardstate_duel::Duel::new(t.clone(), &deck, &deck, 3, 40).unwrap();
        let mut rng = cardstate_duel::rng::SplitMix::new(3);
        for _ in 0..60 {
            d.legal_actions(&mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            d.apply_legal(a);
        }
        b.iter(|| d.clone())
    });
    g.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
