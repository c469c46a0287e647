//! `add_counters` and `deal_damage` with none or five of the replacement effects of the
//! criterion bench (`add_effects` on its `board`, `benches/common/mod.rs`) in play, each run
//! `calls` times: for Callgrind, which counts the instructions of the work alone with
//! `valgrind --tool=callgrind --toggle-collect='effects::work' target/release/examples/effects
//! add_counters 5 10000` (`cargo build --release -p cardstate-core --example effects`;
//! docs/PERFORMANCE.md, "Replacement effects tested on data at hand"). Arguments:
//! `add_counters` or `deal_damage`, 0 or 5 effects, calls.
use cardstate_core::Game;
use std::hint::black_box;

#[path = "../benches/common/mod.rs"]
mod common;
use common::{add_effects, board};

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
    let (mut g, ids, _) = board();
    add_effects(&mut g, effects);
    work(&mut g, damage, ids[0], ids[1], calls);
    println!("{}", g.hash());
}
