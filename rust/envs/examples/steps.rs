//! Steps of a DuelBatch with random legal actions, for profiling:
//! `cargo run --release -p cardstate-envs --example steps -- [games] [steps] [batches]
//! [threads] [spin µs]`. With several batches, each is stepped by a thread of its own (seeds 1, 2, ...)
//! and the figure is their steps together over the wall time; each batch steps its games on
//! `threads` threads (`DuelBatch::set_threads`, 1 by default), whose workers spin for `spin`
//! µs after a step (`DuelBatch::set_spin`, 250 by default).
use cardstate_duel::rng::SplitMix;
use cardstate_duel::{CardId, Pool, NUM_ACTIONS};
use cardstate_envs::{DuelBatch, Outputs, SPIN_AFTER_STEP};
use std::time::Duration;

/// The Python extension's allocator (rust/python), so the figures are those of the batch it
/// runs.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The time spent in `DuelBatch::step`, over all batches.
static STEP_NANOS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// `steps` steps of a batch of `n` games made with `seed`; returns the games ended.
fn run(
    d0: &[CardId],
    d1: &[CardId],
    n: usize,
    steps: usize,
    seed: u64,
    threads: usize,
    spin: Duration,
) -> usize {
    let mut b = DuelBatch::new(Pool::builtin(), d0, d1, n, seed, 40, None).unwrap();
    b.set_threads(threads).unwrap();
    b.set_spin(spin);
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
    let mut rng = SplitMix::new(seed);
    let mut actions = vec![0i64; n];
    let mut legal = Vec::with_capacity(k);
    let mut ended = 0usize;
    for _ in 0..steps {
        for i in 0..n {
            legal.clear();
            legal.extend((0..k).filter(|&a| masks[i * k + a]));
            actions[i] = legal[rng.below(legal.len() as u32) as usize] as i64;
        }
        let t = std::time::Instant::now();
        b.step(&actions, out!()).unwrap();
        STEP_NANOS.fetch_add(
            t.elapsed().as_nanos() as u64,
            std::sync::atomic::Ordering::Relaxed,
        );
        ended += dones.iter().filter(|&&d| d).count();
    }
    ended
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg =
        |i: usize, default: usize| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    let (n, steps, batches, threads) = (arg(1, 256), arg(2, 2000), arg(3, 1).max(1), arg(4, 1));
    let spin = Duration::from_micros(arg(5, SPIN_AFTER_STEP.as_micros() as usize) as u64);
    let deck = |name: &str| Pool::builtin().registered_deck(name).unwrap();
    let (d0, d1) = (deck("infect"), deck("energy"));
    let start = std::time::Instant::now();
    let ended: usize = std::thread::scope(|s| {
        let runs: Vec<_> = (0..batches)
            .map(|t| {
                let (d0, d1) = (&d0, &d1);
                s.spawn(move || run(d0, d1, n, steps, 1 + t as u64, threads, spin))
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).sum()
    });
    let s = start.elapsed().as_secs_f64();
    println!(
        "{batches} x {n} games x {steps} steps on {threads} thread(s) each: {:.0} steps/s \
         (set-up and action choice included), {ended} games ended; {:.0} steps/s within the \
         step calls",
        (batches * n * steps) as f64 / s,
        (batches * n * steps) as f64 * batches as f64
            / (STEP_NANOS.load(std::sync::atomic::Ordering::Relaxed) as f64 * 1e-9)
    );
}
