//! DuelBatch steps/s with observations and masks: one batch on one thread, one batch on two
//! threads (`set_threads(2)`), and two batches on a thread each. Only the step calls are timed
//! (`iter_custom`): the caller's choice of actions between them is its own, not the batch's,
//! and would be a serial part in front of a batch on two threads.
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use cardstate_duel::rng::SplitMix;
use cardstate_duel::{Pool, NUM_ACTIONS};
use cardstate_envs::{DuelBatch, Outputs};

/// The Python extension's allocator (rust/python), so the figures are those of the batch it runs.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const N: usize = 256;
const STEPS: usize = 20;

struct Run {
    batch: DuelBatch,
    obs: Vec<f32>,
    masks: Vec<bool>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    actions: Vec<i64>,
    rng: SplitMix,
}

impl Run {
    fn new(seed: u64, threads: usize) -> Run {
        let db = cardstate_effects::CardDb::pool();
        let deck = |n: &str| Pool::builtin().registered_deck(n).unwrap();
        let names: Vec<&String> = db.decks().keys().collect();
        let (d0, d1) = (deck(names[0]), deck(names[1]));
        let mut batch = DuelBatch::new(Pool::builtin(), &d0, &d1, N, seed, 40, None).unwrap();
        batch.set_threads(threads).unwrap();
        let mut obs = vec![0.0; N * batch.observation_len()];
        let mut masks = vec![false; N * NUM_ACTIONS as usize];
        let (mut rewards, mut dones) = (vec![0.0; N], vec![false; N]);
        batch.reset(
            None,
            Outputs {
                observations: &mut obs,
                masks: &mut masks,
                rewards: &mut rewards,
                dones: &mut dones,
            },
        );
        Run {
            batch,
            obs,
            masks,
            rewards,
            dones,
            actions: vec![0; N],
            rng: SplitMix::new(seed),
        }
    }

    /// STEPS steps of every game, random legal actions (chosen from the masks, as a policy
    /// would); returns the time spent in the step calls.
    fn steps(&mut self) -> Duration {
        let k = NUM_ACTIONS as usize;
        let mut legal = Vec::with_capacity(k);
        let mut stepping = Duration::ZERO;
        for _ in 0..STEPS {
            for i in 0..N {
                legal.clear();
                legal.extend((0..k).filter(|&a| self.masks[i * k + a]));
                self.actions[i] = legal[self.rng.below(legal.len() as u32) as usize] as i64;
            }
            let start = Instant::now();
            self.batch
                .step(
                    &self.actions,
                    Outputs {
                        observations: &mut self.obs,
                        masks: &mut self.masks,
                        rewards: &mut self.rewards,
                        dones: &mut self.dones,
                    },
                )
                .unwrap();
            stepping += start.elapsed();
        }
        stepping
    }
}

fn batch(c: &mut Criterion) {
    let mut g = c.benchmark_group("duel_batch");
    g.throughput(Throughput::Elements((N * STEPS) as u64));
    g.sample_size(10);
    for threads in [1, 2] {
        let mut run = Run::new(1, threads);
        g.bench_function(format!("threads_{threads}"), |b| {
            b.iter_custom(|iters| (0..iters).map(|_| run.steps()).sum())
        });
    }
    g.throughput(Throughput::Elements((2 * N * STEPS) as u64));
    let mut runs = [Run::new(2, 1), Run::new(3, 1)];
    g.bench_function("two_batches_a_thread_each", |b| {
        b.iter_custom(|iters| {
            // The wall time of both, each timing only its own step calls: the longer one.
            (0..iters)
                .map(|_| {
                    std::thread::scope(|s| {
                        let times: Vec<_> = runs
                            .iter_mut()
                            .map(|r| s.spawn(move || r.steps()))
                            .collect();
                        times.into_iter().map(|t| t.join().unwrap()).max().unwrap()
                    })
                })
                .sum()
        })
    });
    g.finish();
}

criterion_group!(benches, batch);
criterion_main!(benches);
