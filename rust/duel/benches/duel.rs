//! Random-vs-random complete games on the pool's ready decks (a seeded random policy), one
//! core, in the fast variant (`Options::FAST`: every option off) and by the rules, on the
//! embedded pool and on the same cards loaded at run time; and clone / fork of a mid-game duel.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use cardstate_duel::{Duel, Options, Pool};
use cardstate_effects::{CardDb, POOL_JSON};

fn deck(name: &str) -> Vec<u16> {
    Pool::builtin()
        .registered_deck(name)
        .expect("a registered deck")
}

fn games(c: &mut Criterion) {
    let t = Pool::builtin();
    // The embedded pool's cards as a pool made at run time (another text, the same cards: a
    // database of its own, as a Python `CardPool` gives the duel).
    let run_time = Pool::new(CardDb::intern_json(&format!("{POOL_JSON} ")).unwrap());
    let mut g = c.benchmark_group("duel");
    g.throughput(Throughput::Elements(1));
    let mut legal = Vec::with_capacity(64);
    let variants = [
        ("infect", "energy", Options::FAST, t, ""),
        ("proliferate", "evergreen", Options::FAST, t, ""),
        ("infect", "energy", Options::RULES, t, "/rules"),
        ("infect", "energy", Options::FAST, run_time, "/run-time"),
    ];
    for (d0, d1, options, pool, variant) in variants {
        let (a, b) = (deck(d0), deck(d1));
        let mut seed = 0u64;
        g.bench_function(format!("random_game/{d0}-{d1}{variant}"), |bench| {
            bench.iter(|| {
                seed += 1;
                let mut d = Duel::with_options(pool, &a, &b, seed, 40, options).unwrap();
                let mut rng = cardstate_duel::rng::SplitMix::new(seed);
                while !d.is_terminal() {
                    d.legal_actions(&mut legal);
                    let x = legal[rng.below(legal.len() as u32) as usize];
                    d.apply_legal(x);
                }
                d.returns()
            })
        });
    }
    let (a, b) = (deck("infect"), deck("energy"));
    let mut d = Duel::with_options(t, &a, &b, 3, 40, Options::FAST).unwrap();
    let mut rng = cardstate_duel::rng::SplitMix::new(3);
    for _ in 0..50 {
        if d.is_terminal() {
            break;
        }
        d.legal_actions(&mut legal);
        let x = legal[rng.below(legal.len() as u32) as usize];
        d.apply_legal(x);
    }
    g.bench_function("clone_mid_game", |bench| bench.iter(|| d.clone()));
    let mut scratch = d.clone();
    g.bench_function("clone_from_mid_game", |bench| {
        bench.iter(|| scratch.clone_from(&d))
    });
    g.bench_function("fork_mid_game", |bench| bench.iter(|| d.fork()));
    g.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
