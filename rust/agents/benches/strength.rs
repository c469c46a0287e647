//! MCTS (1,000 simulations) against random over 200 duels on the pool's decks, seats
//! alternating: prints the win rate with its 95% Wilson interval (the target is at least 95%).
//! `cargo bench -p cardstate-agents --bench strength`; `STRENGTH_GAMES`,
//! `STRENGTH_SIMULATIONS`, `STRENGTH_ROLLOUT` and `STRENGTH_DECKS` (two names, comma-separated; the first is
//! MCTS's) override the defaults.

use cardstate_agents::duel::pool_duel;
use cardstate_agents::{score_in_seat, MctsAgent, MctsConfig, RandomAgent};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The 95% Wilson score interval of `wins` in `n`.
fn wilson(wins: u32, n: u64) -> (f64, f64) {
    let (z, n) = (1.96f64, n.max(1) as f64);
    let p = f64::from(wins) / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}

fn main() {
    if std::env::args().any(|a| a == "--list" || a == "--test") {
        return; // `cargo test --benches` / `--list`: nothing to run here
    }
    let games = env("STRENGTH_GAMES", 200);
    let simulations = env("STRENGTH_SIMULATIONS", 1000) as u32;
    let rollout_depth = env(
        "STRENGTH_ROLLOUT",
        u64::from(MctsConfig::default().rollout_depth),
    ) as u32;
    let decks = std::env::var("STRENGTH_DECKS").unwrap_or_else(|_| "evergreen,energy".into());
    let (deck_m, deck_r) = decks.split_once(',').expect("STRENGTH_DECKS: two names");
    let start = std::time::Instant::now();
    let (mut wins, mut draws) = (0, 0);
    for i in 0..games {
        let (d0, d1) = if i % 2 == 0 {
            (deck_m, deck_r)
        } else {
            (deck_r, deck_m)
        };
        let mut d = pool_duel(d0, d1, i, 40).expect("pool decks");
        let mut m = MctsAgent::new(MctsConfig {
            simulations,
            rollout_depth,
            seed: i,
            ..MctsConfig::default()
        });
        let mut r = RandomAgent::new(i);
        let score = score_in_seat(&mut d, &mut m, &mut r, (i % 2) as usize, i);
        wins += u32::from(score == 1.0);
        draws += u32::from(score == 0.5);
    }
    let secs = start.elapsed().as_secs_f64();
    let (lo, hi) = wilson(wins, games);
    println!(
        "mcts({simulations} simulations, {deck_m}) vs random ({deck_r}): {wins} wins, \
         {draws} draws of {games} ({:.1}% wins, 95% interval {:.1}%-{:.1}%), {:.1} s",
        100.0 * wins as f64 / games as f64,
        100.0 * lo,
        100.0 * hi,
        secs
    );
}
