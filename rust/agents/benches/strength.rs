//! MCTS (1,000 simulations) against random over 200 duels on the pool's decks, seats
//! alternating: prints the win rate (the target is at least 95%).
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
    println!(
        "mcts({simulations} simulations, {deck_m}) vs random ({deck_r}): {wins} wins, \
         {draws} draws of {games} ({:.1}% wins), {:.1} s",
        100.0 * wins as f64 / games as f64,
        secs
    );
}
