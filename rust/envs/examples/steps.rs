//! Steps of a DuelBatch with random legal actions, for profiling:
//! `cargo run --release -p cardstate-envs --example steps -- [games] [steps]`.
use cardstate_duel::rng::SplitMix;
use cardstate_duel::{CardTable, NUM_ACTIONS};
use cardstate_envs::{DuelBatch, Outputs};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(256);
    let steps: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let db = cardstate_effects::CardDb::pool();
    let deck = |name: &str| {
        db.deck(name)
            .unwrap()
            .iter()
            .map(|c| c.0)
            .collect::<Vec<_>>()
    };
    let (d0, d1) = (deck("infect"), deck("energy"));
    let mut b = DuelBatch::new(CardTable::pool(), &d0, &d1, n, 1, 40, None).unwrap();
    let k = NUM_ACTIONS as usize;
    let mut obs = vec![0.0; n * b.observation_len()];
    let mut masks = vec![false; n * k];
    let (mut rewards, mut dones) = (vec![0.0; n], vec![false; n]);
    macro_rules! out {
        () => {
            Outputs {
                observations: &mut obs,
                masks: &mut masks,
                rewards: &mut rewards,
                dones: &mut dones,
            }
        };
    }
    b.reset(None, out!());
    let mut rng = SplitMix::new(1);
    let mut actions = vec![0i64; n];
    let mut legal = Vec::with_capacity(k);
    let mut ended = 0usize;
    let start = std::time::Instant::now();
    for _ in 0..steps {
        for i in 0..n {
            legal.clear();
            legal.extend((0..k).filter(|&a| masks[i * k + a]));
            actions[i] = legal[rng.below(legal.len() as u32) as usize] as i64;
        }
        b.step(&actions, out!()).unwrap();
        ended += dones.iter().filter(|&&d| d).count();
    }
    let s = start.elapsed().as_secs_f64();
    println!(
        "{n} games x {steps} steps: {:.0} steps/s (action choice included), {ended} games ended",
        (n * steps) as f64 / s
    );
}
