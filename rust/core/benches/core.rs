//! Criterion micro-benchmarks of the kernel's hot paths, without Python in the way
//! (`cargo bench -p cardstate-core`). The Python-level suite is benches/ at the repository root.
use cardstate_core::{CardSpec, CostSpec, Game, Ruleset, Zone};
use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};

mod common;
use common::{add_effects, board};

/// 10,000 entities with 1 to 3 kinds of counters each; every other one chosen.
fn proliferate_board() -> (Game, Vec<u32>) {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let spec = CardSpec {
        types: vec!["artifact".into()],
        ..CardSpec::default()
    };
    let kinds = ["+1/+1", "charge", "oil", "quest", "doom", "age"];
    let mut chosen = Vec::new();
    for i in 0..9998u32 {
        let x = g.create(i % 2, Zone::Battlefield, &spec).unwrap();
        for j in 0..(1 + i % 3) {
            g.add_counters(x, kinds[((i + j) % 6) as usize], 2).unwrap();
        }
        if i % 2 == 0 {
            chosen.push(x);
        }
    }
    g.take_events();
    (g, chosen)
}

/// A continuous effect as data: name, filter texts, keyword, power and toughness.
type ContinuousSpec = (
    &'static str,
    Vec<String>,
    Option<&'static str>,
    Option<(i64, i64)>,
);

/// Five continuous effects of the usual kinds (611.3a filters from permanents of both players,
/// one locked-in set): two P/T modifications (7c), a keyword lost and one gained (6), and a
/// keyword granted until end of turn to ten creatures.
fn add_continuous(g: &mut Game, ids: &[u32]) {
    use cardstate_core::AffectedSpec;
    let spec = CardSpec {
        types: vec!["enchantment".into()],
        ..CardSpec::default()
    };
    let texts = |t: &str| vec![t.to_string()];
    let effects: [ContinuousSpec; 4] = [
        (
            "modify_power_toughness",
            texts("creatures you control"),
            None,
            Some((1, 1)),
        ),
        (
            "modify_power_toughness",
            texts("creatures you control"),
            None,
            Some((0, 1)),
        ),
        (
            "remove_keyword",
            texts("creatures opponents control"),
            Some("wither"),
            None,
        ),
        (
            "add_keyword",
            texts("other creatures you control"),
            Some("trample"),
            None,
        ),
    ];
    for (i, (effect, affected, keyword, pt)) in effects.iter().enumerate() {
        let source = g.create(i as u32 % 2, Zone::Battlefield, &spec).unwrap();
        g.add_continuous_effect(
            effect,
            AffectedSpec::Texts(affected),
            Some(source),
            None,
            *keyword,
            None,
            pt.map(|p| p.0),
            pt.map(|p| p.1),
            false,
        )
        .unwrap();
    }
    g.add_continuous_effect(
        "add_keyword",
        AffectedSpec::Ids(&ids[..10]),
        None,
        None,
        Some("vigilance"),
        None,
        None,
        None,
        true,
    )
    .unwrap();
    g.take_events();
}

fn benches(c: &mut Criterion) {
    let (mut g, ids, assignments) = board();
    let x = ids[0];
    c.bench_function("add_counters", |b| {
        b.iter(|| {
            g.add_counters(black_box(x), black_box("+1/+1"), 1).unwrap();
            if g.events().len() > 4096 {
                g.take_events();
            }
        })
    });
    // With no replacement effects, then with five in play (the target: within 2x of none).
    for effects in [0, 5] {
        let (mut g, ids, _) = board();
        add_effects(&mut g, effects);
        let (x, s) = (ids[0], ids[1]);
        c.bench_function(&format!("add_counters_{effects}_effects"), |b| {
            b.iter(|| {
                g.add_counters(black_box(x), black_box("+1/+1"), 1).unwrap();
                if g.events().len() > 4096 {
                    g.take_events();
                }
            })
        });
        c.bench_function(&format!("deal_damage_{effects}_effects"), |b| {
            b.iter(|| {
                g.deal_damage(black_box(s), black_box(x), 1, false, true)
                    .unwrap();
                if g.events().len() > 4096 {
                    g.take_events();
                }
            })
        });
    }
    // Reading power and toughness of 100 creatures, one damage, and 100 simultaneous damage
    // assignments with their state-based actions: with no continuous effect, then with five.
    for effects in [0, 5] {
        let (mut g, ids, _) = board();
        if effects > 0 {
            add_continuous(&mut g, &ids);
        }
        c.bench_function(&format!("power_toughness_100_{effects}_continuous"), |b| {
            b.iter(|| {
                let mut total = 0i128;
                for &x in &ids {
                    let e = g.entity(black_box(x)).unwrap();
                    let (p, t) = g.power_toughness_of(e);
                    total += p.unwrap_or(0) + t.unwrap_or(0);
                }
                black_box(total)
            })
        });
        let (x, s) = (ids[0], ids[1]);
        c.bench_function(&format!("deal_damage_{effects}_continuous"), |b| {
            b.iter(|| {
                g.deal_damage(black_box(s), black_box(x), 1, false, true)
                    .unwrap();
                if g.events().len() > 4096 {
                    g.take_events();
                }
            })
        });
        let mut dealt = vec![0; assignments.len()];
        c.bench_function(
            &format!("simultaneous_damage_100_and_sba_{effects}_continuous"),
            |b| {
                b.iter_batched(
                    || {
                        let (mut g, ids, _) = board();
                        if effects > 0 {
                            add_continuous(&mut g, &ids);
                        }
                        g
                    },
                    |mut g| {
                        g.deal_simultaneous_damage(&assignments, true, true, &mut dealt)
                            .unwrap();
                        g.check_state_based_actions().unwrap();
                        g
                    },
                    BatchSize::LargeInput,
                )
            },
        );
    }
    let (g, _, _) = board();
    c.bench_function("clone_100", |b| b.iter(|| black_box(g.clone())));
    c.bench_function("hash", |b| b.iter(|| black_box(g.hash())));
    let mut dealt = vec![0; assignments.len()];
    c.bench_function("simultaneous_damage_100_and_sba", |b| {
        b.iter_batched(
            || board().0,
            |mut g| {
                g.deal_simultaneous_damage(&assignments, true, true, &mut dealt)
                    .unwrap();
                g.check_state_based_actions().unwrap();
                g
            },
            BatchSize::LargeInput,
        )
    });
    let (mut g, chosen) = proliferate_board();
    g.set_record_events(false);
    c.bench_function("proliferate_10k_half", |b| {
        b.iter(|| g.proliferate(0, black_box(&chosen)).unwrap())
    });

    let mut g = Game::new(2, Ruleset::Berserk, 0).unwrap();
    let cards: Vec<u32> = (0..100u32)
        .map(|i| {
            let spec = CardSpec {
                types: vec!["creature".into()],
                subtypes: vec![if i % 3 == 0 { "Гном" } else { "Воин" }.into()],
                strength: Some(2),
                lives: Some(3),
                cost: Some(CostSpec::Fixed(3)),
                ..CardSpec::default()
            };
            g.create(i % 2, Zone::Battlefield, &spec).unwrap()
        })
        .collect();
    for (amount, source, subtypes) in [(-1, cards[0], "Гном"), (-1, cards[3], "Гном")] {
        g.add_cost_modifier(amount, None, Some(source), &[subtypes.into()], &[], None)
            .unwrap();
    }
    let mut out = Vec::new();
    c.bench_function("cost_many_100", |b| {
        b.iter(|| g.cost_many(black_box(&cards), &mut out).unwrap())
    });
}

criterion_group!(core, benches);
criterion_main!(core);
