//! Random-vs-random games on two of the pool's decks, for profiling:
//! `cargo run --release --example playouts -- N [deck0 deck1] [--no-mulligans]
//! [--automatic-damage]`: by the rules (`Options::RULES`), or without the mulligans
//! (`--no-mulligans`) or with the automatic division of combat damage (`--automatic-damage`);
//! both flags make the fast variant (`Options::FAST`).
use cardstate_duel::{Duel, Options, Pool};

fn main() {
    let all: Vec<String> = std::env::args().collect();
    let options = Options {
        mulligans: !all.iter().any(|a| a == "--no-mulligans"),
        assign_damage: !all.iter().any(|a| a == "--automatic-damage"),
    };
    let args: Vec<&String> = all.iter().filter(|a| !a.starts_with("--")).collect();
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let d0 = args.get(2).map_or("infect", |s| s.as_str());
    let d1 = args.get(3).map_or("energy", |s| s.as_str());
    let t = Pool::builtin();
    let deck0 = Pool::builtin().registered_deck(d0).unwrap();
    let deck1 = Pool::builtin().registered_deck(d1).unwrap();
    let mut legal = Vec::with_capacity(64);
    let (mut decisions, mut turns) = (0u64, 0u64);
    let start = std::time::Instant::now();
    for seed in 0..n {
        let mut d = Duel::with_options(t, &deck0, &deck1, seed, 40, options).unwrap();
        let mut rng = cardstate_duel::rng::SplitMix::new(seed);
        while !d.is_terminal() {
            d.legal_actions(&mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            d.apply_legal(a);
            decisions += 1;
        }
        turns += d.turn() as u64;
    }
    let s = start.elapsed().as_secs_f64();
    println!(
        "{n} games, {:.0} games/s, {:.0} decisions/s, {:.1} decisions/game, {:.1} turns/game",
        n as f64 / s,
        decisions as f64 / s,
        decisions as f64 / n as f64,
        turns as f64 / n as f64
    );
}
