//! `add_counters` and `deal_damage` with none or five of the replacement effects of the
//! criterion bench (`benches/core.rs`, `add_effects`) in play, each run `calls` times: for
//! Callgrind, which counts the instructions of the work alone with
//! `valgrind --tool=callgrind --toggle-collect='effects::work' target/release/examples/effects
//! add_counters 5 10000` (`cargo build --release -p cardstate-core --example effects`;
//! docs/PERFORMANCE.md). Arguments: `add_counters` or `deal_damage`, 0 or 5 effects, calls.
use cardstate_core::{CardSpec, Game, Ruleset, Zone};
use std::hint::black_box;

/// The bench's board: 2 players and 100 creatures with mixed keywords.
fn board() -> (Game, Vec<u32>) {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let keywords = [None, Some("lifelink"), Some("infect"), Some("deathtouch")];
    let ids = (0..100u32)
        .map(|i| {
            let spec = CardSpec {
                types: vec!["creature".into()],
                power: Some(2),
                toughness: Some((i % 4 + 1) as i64),
                keywords: keywords[(i % 4) as usize]
                    .map(|k| vec![(k.to_string(), 1)])
                    .unwrap_or_default(),
                ..CardSpec::default()
            };
            g.create(i % 2, Zone::Battlefield, &spec).unwrap()
        })
        .collect();
    g.take_events();
    (g, ids)
}

/// The bench's `add_effects`: `n` (at most 5) effects from enchantments of both players.
fn add_effects(g: &mut Game, n: usize) {
    let spec = CardSpec {
        types: vec!["enchantment".into()],
        ..CardSpec::default()
    };
    type Spec = (
        &'static str,
        &'static [&'static str],
        Option<&'static str>,
        Option<u64>,
    );
    let effects: [Spec; 5] = [
        (
            "counters_plus",
            &["creatures you control"],
            Some("+1/+1"),
            Some(1),
        ),
        ("counters_times", &["permanents you control"], None, Some(2)),
        (
            "counters_minus",
            &["creatures you control"],
            Some("-1/-1"),
            Some(1),
        ),
        ("counters_cant", &["lands", "players"], None, None),
        ("life_gain_cant", &["opponents"], None, None),
    ];
    for (i, (effect, affects, counter, amount)) in effects.iter().take(n).enumerate() {
        let source = g.create(i as u32 % 2, Zone::Battlefield, &spec).unwrap();
        let affects: Vec<String> = affects.iter().map(|a| a.to_string()).collect();
        g.add_replacement_effect(
            effect,
            &affects,
            &[],
            Some(source),
            None,
            *counter,
            *amount,
            false,
            false,
        )
        .unwrap();
    }
    g.take_events();
}

#[inline(never)]
fn work(g: &mut Game, damage: bool, x: u32, s: u32, calls: u64) {
    for _ in 0..calls {
        if damage {
            g.deal_damage(black_box(s), black_box(x), 1, false, true)
                .unwrap();
        } else {
            g.add_counters(black_box(x), black_box("+1/+1"), 1).unwrap();
        }
        if g.events().len() > 4096 {
            g.take_events();
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let damage = match args.get(1).map(String::as_str) {
        Some("deal_damage") => true,
        Some("add_counters") | None => false,
        Some(other) => panic!("add_counters or deal_damage, not {other}"),
    };
    let effects: usize = args.get(2).map_or(5, |a| a.parse().unwrap());
    let calls: u64 = args.get(3).map_or(10_000, |a| a.parse().unwrap());
    let (mut g, ids) = board();
    add_effects(&mut g, effects);
    work(&mut g, damage, ids[0], ids[1], calls);
    println!("{}", g.hash());
}
