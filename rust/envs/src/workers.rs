//! [`Workers`]: the threads a batch shares its games with.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long the caller spins waiting for the workers to finish a share before it sleeps.
const CALLER_SPIN: Duration = Duration::from_micros(100);

/// `extra` threads besides the caller's that run a piece of work beside it.
pub(crate) struct Workers {
    pool: rayon::ThreadPool,
    /// Raised as each share's work is handed out: a worker kept awake stops waiting.
    shares: Arc<AtomicU64>,
    /// How long each worker spins, awake, waiting for the next share after one ends.
    spin: Duration,
}

impl Workers {
    pub(crate) fn new(
        extra: usize,
        spin: Duration,
    ) -> Result<Workers, rayon::ThreadPoolBuildError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(extra)
            .thread_name(|t| format!("cardstate-batch-{t}"))
            .build()?;
        Ok(Workers {
            pool,
            shares: Arc::new(AtomicU64::new(0)),
            spin,
        })
    }

    /// The threads besides the caller's.
    pub(crate) fn extra(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// How long each worker spins, awake, waiting for the next share after one ends (zero:
    /// it goes to sleep at once).
    pub(crate) fn set_spin(&mut self, spin: Duration) {
        self.spin = spin;
    }

    /// Runs `work` on the caller's thread and on `helpers` workers (at most
    /// [`Workers::extra`]) at once, with the thread's number (0 the caller's, 1 to
    /// [`Workers::extra`] the workers', each the same worker in every call that uses all
    /// workers); returns when all have returned. Then the workers spin, awake, until the next
    /// share begins or [`Workers::set_spin`]'s time has passed.
    pub(crate) fn share(&self, helpers: usize, work: impl Fn(usize) + Sync) {
        let helpers = helpers.min(self.extra());
        let working = AtomicUsize::new(helpers);
        self.pool.in_place_scope(|scope| {
            for _ in 0..helpers {
                // A spawned job runs on one of the pool's threads, which has an index.
                scope.spawn(|_| {
                    work(rayon::current_thread_index().map_or(0, |w| w + 1));
                    working.fetch_sub(1, Ordering::Release);
                });
            }
            // The jobs are queued: a spinning worker takes one as it stops.
            self.shares.fetch_add(1, Ordering::Release);
            work(0);
            // The caller spins for the workers' last pieces, briefly: the scope's own wait
            // sleeps, and waking from it took as long as a sleeping worker's.
            let since = Instant::now();
            while working.load(Ordering::Acquire) != 0 && since.elapsed() < CALLER_SPIN {
                std::hint::spin_loop();
            }
        });
        if !self.spin.is_zero() {
            self.keep_awake(helpers);
        }
    }

    /// Keeps `helpers` workers spinning until the next share begins or `self.spin` has
    /// passed: a sleeping worker took 10-30 µs to wake on a virtual machine, the time of tens
    /// of games' steps. Each spins in a job of its own, which ends as the next share's jobs
    /// are queued, so the worker takes one at once.
    fn keep_awake(&self, helpers: usize) {
        let seen = self.shares.load(Ordering::Acquire);
        for _ in 0..helpers {
            let (shares, spin) = (Arc::clone(&self.shares), self.spin);
            self.pool.spawn(move || {
                let since = Instant::now();
                while shares.load(Ordering::Acquire) == seen && since.elapsed() < spin {
                    std::hint::spin_loop();
                }
            });
        }
    }
}

impl Drop for Workers {
    /// Ends the workers' spin at once: a dropped batch has no next step to wait for.
    fn drop(&mut self) {
        self.shares.fetch_add(1, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dropped_workers_stop_spinning_at_once() {
        // A minute's spin after a share; the spin job holds a reference to the counter
        // until it ends.
        let w = Workers::new(1, Duration::from_secs(60)).unwrap();
        w.share(1, |_| {});
        let shares = Arc::clone(&w.shares);
        let since = Instant::now();
        while Arc::strong_count(&shares) < 3 && since.elapsed() < Duration::from_secs(10) {
            std::thread::yield_now();
        }
        assert_eq!(
            Arc::strong_count(&shares),
            3,
            "the worker spins after the share"
        );
        drop(w);
        while Arc::strong_count(&shares) > 1 && since.elapsed() < Duration::from_secs(30) {
            std::thread::yield_now();
        }
        assert_eq!(
            Arc::strong_count(&shares),
            1,
            "the spin ended with the workers"
        );
    }
}
