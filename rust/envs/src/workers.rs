//! [`Workers`]: the threads a batch shares its games with.

/// `extra` threads besides the caller's that run a piece of work beside it.
pub(crate) struct Workers {
    pool: rayon::ThreadPool,
}

impl Workers {
    pub(crate) fn new(extra: usize) -> Result<Workers, rayon::ThreadPoolBuildError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(extra)
            .thread_name(|t| format!("cardstate-batch-{t}"))
            .build()?;
        Ok(Workers { pool })
    }

    /// The threads besides the caller's.
    pub(crate) fn extra(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// Runs `work` on the caller's thread and on `helpers` workers (at most
    /// [`Workers::extra`]) at once, with the thread's number (0 the caller's, 1 to
    /// [`Workers::extra`] the workers', each the same worker in every call that uses all
    /// workers); returns when all have returned.
    pub(crate) fn share(&self, helpers: usize, work: impl Fn(usize) + Sync) {
        self.pool.in_place_scope(|scope| {
            for _ in 0..helpers.min(self.extra()) {
                // A spawned job runs on one of the pool's threads, which has an index.
                scope.spawn(|_| work(rayon::current_thread_index().map_or(0, |w| w + 1)));
            }
            work(0);
        });
    }
}
