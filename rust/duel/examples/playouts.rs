//! Plays random-vs-random games for profiling: `cargo run --release --example playouts -- N`.
#[path = "../tests/common.rs"]
mod common;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let t = common::table();
    let deck = common::deck(&t);
    let mut legal = Vec::with_capacity(64);
    let mut decisions = 0u64;
    let start = std::time::Instant::now();
    for seed in 0..n {
        let mut d = cardstate_duel::Duel::new(t.clone(), &deck, &deck, seed, 40).unwrap();
        let mut rng = cardstate_duel::rng::SplitMix::new(seed);
        while !d.is_terminal() {
            d.legal_actions(&mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            d.apply_legal(a);
            decisions += 1;
        }
    }
    let s = start.elapsed().as_secs_f64();
    println!(
        "{n} games, {:.0} games/s, {:.1} decisions/game",
        n as f64 / s,
        decisions as f64 / n as f64
    );
}
