//! Benchmarks of the card runtime: resolving Grim Affliction (a -1/-1 counter, then proliferate
//! every candidate) on a 20-permanent board, in Rust only.
use cardstate_core::{Game, Ruleset, Zone};
use cardstate_effects::runtime::resolve_with;
use cardstate_effects::{place, CardDb, Ctx};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

fn board(db: &CardDb) -> (Game, u32, u32) {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let bear = db.lookup("Grizzly Bears").unwrap();
    let mut target = 0;
    for i in 0..20u32 {
        let p = i % 2;
        let x = place(db, &mut g, bear, p, Zone::Battlefield, 0).unwrap();
        if i % 4 < 2 {
            g.add_counters(x, if p == 1 { "-1/-1" } else { "+1/+1" }, 1)
                .unwrap();
        }
        if p == 1 {
            target = x;
        }
    }
    g.add_counters(1, "poison", 2).unwrap();
    let spell = place(
        db,
        &mut g,
        db.lookup("Grim Affliction").unwrap(),
        0,
        Zone::Stack,
        0,
    )
    .unwrap();
    g.take_events();
    (g, target, spell)
}

fn grim_affliction(c: &mut Criterion) {
    let db = CardDb::pool();
    let card = db.lookup("Grim Affliction").unwrap();
    let fresh = board(db);
    c.bench_function("grim affliction on 20 permanents", |b| {
        b.iter_batched_ref(
            || fresh.0.clone(),
            |g| {
                let ctx = Ctx::spell(db, card, 0)
                    .unwrap()
                    .with_targets(&[fresh.1])
                    .with_source(fresh.2);
                resolve_with(g, db, ctx, true, &mut |c| c.to_vec()).unwrap()
            },
            BatchSize::SmallInput,
        )
    });
}

fn parse_pool(c: &mut Criterion) {
    c.bench_function("parse the compiled pool", |b| {
        b.iter(|| {
            CardDb::from_json(cardstate_effects::POOL_JSON)
                .unwrap()
                .len()
        })
    });
}

criterion_group!(benches, grim_affliction, parse_pool);
criterion_main!(benches);
