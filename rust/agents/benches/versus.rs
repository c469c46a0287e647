//! Information-set MCTS against determinized MCTS at equal simulations, on the pool's decks:
//! prints ISMCTS's wins, draws and losses, and its score (a win 1, a draw 1/2) with a 95%
//! interval. Game `i` deals the duel from seed `i / 2` and seats ISMCTS in seat `i % 2`, so each
//! deal is played from both sides. `cargo bench -p cardstate-agents --bench versus`;
//! `VERSUS_GAMES` (200), `VERSUS_SIMULATIONS` (1000), `VERSUS_DECKS` (seat 0's, seat 1's:
//! `evergreen,energy`) and `VERSUS_THREADS` (1) override the defaults.

use cardstate_agents::duel::pool_duel;
use cardstate_agents::rng::derive;
use cardstate_agents::{score_in_seat, Algorithm, MctsAgent, MctsConfig};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// ISMCTS's score in game `i`: 1 for a win, 1/2 for a draw, 0 for a loss.
fn game(i: u64, simulations: u32, decks: (&str, &str)) -> f64 {
    let mut d = pool_duel(decks.0, decks.1, i / 2, 40).expect("pool decks");
    let agent = |algorithm, k| {
        MctsAgent::new(MctsConfig {
            simulations,
            algorithm,
            seed: derive(i, k),
            ..MctsConfig::default()
        })
    };
    let mut is = agent(Algorithm::InformationSet, 0);
    let mut det = agent(Algorithm::Determinized, 1);
    score_in_seat(&mut d, &mut is, &mut det, (i % 2) as usize, i)
}

fn main() {
    if std::env::args().any(|a| a == "--list" || a == "--test") {
        return; // `cargo test --benches` / `--list`: nothing to run here
    }
    let games = env("VERSUS_GAMES", 200);
    let simulations = env("VERSUS_SIMULATIONS", 1000) as u32;
    let threads = env("VERSUS_THREADS", 1).max(1);
    let decks = std::env::var("VERSUS_DECKS").unwrap_or_else(|_| "evergreen,energy".into());
    let decks = decks.split_once(',').expect("VERSUS_DECKS: two names");
    let start = std::time::Instant::now();
    let scores: Vec<f64> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (t..games)
                        .step_by(threads as usize)
                        .map(|i| game(i, simulations, decks))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a game panicked"))
            .collect()
    });
    let n = scores.len() as f64;
    let wins = scores.iter().filter(|&&x| x == 1.0).count();
    let draws = scores.iter().filter(|&&x| x == 0.5).count();
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "ismcts vs determinized mcts ({simulations} simulations each, {} vs {}, seats \
         alternating): {wins} wins, {draws} draws, {} losses of {games}; ismcts score {:.3} \
         (95% interval {:.3}-{:.3}), {:.1} s",
        decks.0,
        decks.1,
        games as usize - wins - draws,
        mean,
        mean - half,
        mean + half,
        start.elapsed().as_secs_f64()
    );
}
