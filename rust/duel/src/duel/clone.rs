//! Copies of a duel: `clone` (its state, record and cache), `clone_from` reusing the buffers
//! of a copy, and `fork` sharing the kernel's storage copy-on-write.

use super::*;

impl Clone for Duel {
    fn clone(&self) -> Duel {
        Duel {
            state: self.state.clone(),
            record: self.record.clone(),
            cache: self.cache.copy(self.kept_memo()),
            scratch: Scratch::default(),
        }
    }

    /// Reuses this duel's buffers (search copies a state once per simulation).
    fn clone_from(&mut self, src: &Duel) {
        self.state.clone_from(&src.state);
        self.record.clone_from(&src.record);
        self.cache.copy_from(&src.cache, src.kept_memo());
    }
}

impl Duel {
    /// The memo a copy keeps (`Cache::copy`): the one its next legal actions read (the player
    /// with priority, at its timing).
    fn kept_memo(&self) -> (usize, usize) {
        let p = self.state.priority as usize;
        (p, self.sorcery_timing(p) as usize)
    }

    /// Drops everything the cache holds (a fresh `Cache`): the duel plays on exactly as
    /// before, only slower at first (the test that the cache is derived from the state alone).
    pub fn drop_cache(&mut self) {
        self.cache = Cache::default();
    }

    /// An independent copy whose kernel shares its entity storage copy-on-write (cheaper than
    /// `clone` when the copy changes little before it is dropped: search).
    pub fn fork(&mut self) -> Duel {
        self.state.game.share_storage();
        self.clone()
    }

    /// `clone_from` with the kernel's storage shared copy-on-write (`fork` written over this
    /// duel).
    fn fork_over(&mut self, src: &mut Duel) {
        src.state.game.share_storage();
        self.clone_from(src);
    }
}

/// A dropped duel kept for its allocations, its box and its vectors' buffers, for a copy
/// (`fork_from`) to be written over: a copy made so is written where it stays and fills
/// buffers it has, where `fork` makes it on the stack, allocates each vector, and the caller
/// moves it into a box (the Python binding keeps the duels of dropped `Duel` objects so).
/// Its kernel is let go as it is kept: a copy's kernel shares the storage of the duel it was
/// copied from, which would copy a shared chunk at its next change.
/// docs/PERFORMANCE.md, "Dropped duels kept for the next copy".
pub struct Spare(Box<Duel>);

thread_local! {
    /// Kernels sharing no storage with a live one, for spares to hold (`Spare::new`); a spare
    /// written over gives its back (`fork_from`), so they are moved, not made, once a thread
    /// has a few.
    static LET_GO: std::cell::RefCell<Vec<Game>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Kernels a thread keeps for spares: no more than spares are kept (the Python binding keeps 4).
const LET_GO_KEPT: usize = 8;

impl Spare {
    pub fn new(mut d: Box<Duel>) -> Spare {
        let kept = LET_GO
            .try_with(|k| k.try_borrow_mut().ok().and_then(|mut k| k.pop()))
            .ok()
            .flatten();
        d.state.game = kept.unwrap_or_else(empty_kernel);
        Spare(d)
    }

    /// `src.fork()`, written over this duel.
    pub fn fork_from(self, src: &mut Duel) -> Box<Duel> {
        let mut d = self.0;
        let let_go = std::mem::replace(&mut d.state.game, empty_kernel());
        d.fork_over(src);
        let _ = LET_GO.try_with(|k| {
            if let Ok(mut k) = k.try_borrow_mut() {
                if k.len() < LET_GO_KEPT {
                    k.push(let_go);
                }
            }
        });
        d
    }
}

/// A new game's kernel, its storage shared by every copy (what a spare holds until it is
/// written over).
fn empty_kernel() -> Game {
    static NEW: std::sync::OnceLock<Game> = std::sync::OnceLock::new();
    NEW.get_or_init(|| {
        cardstate_core::Game::new(2, cardstate_core::Ruleset::Mtg, 0)
            .expect("a valid game")
            .share()
    })
    .clone()
}
