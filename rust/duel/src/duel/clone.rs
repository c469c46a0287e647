//! Copies of a duel: `clone` (a memory copy plus shared card tables), `clone_from` reusing
//! the buffers of a copy, and `fork` sharing the kernel's storage copy-on-write.

use super::*;

impl Clone for Side {
    fn clone(&self) -> Side {
        // `from_slice` copies the items as one block (`SmallVec::clone` copies them one by
        // one).
        Side {
            library: SmallVec::from_slice(&self.library),
            hand: SmallVec::from_slice(&self.hand),
            battlefield: SmallVec::from_slice(&self.battlefield),
            graveyard: SmallVec::from_slice(&self.graveyard),
            drew_from_empty: self.drew_from_empty,
            land_played: self.land_played,
            unseen: SmallVec::from_slice(&self.unseen),
        }
    }

    /// Reuses this side's buffers.
    fn clone_from(&mut self, src: &Side) {
        copy_into(&mut self.library, &src.library);
        copy_into(&mut self.hand, &src.hand);
        copy_into(&mut self.battlefield, &src.battlefield);
        copy_into(&mut self.graveyard, &src.graveyard);
        self.drew_from_empty = src.drew_from_empty;
        self.land_played = src.land_played;
        copy_into(&mut self.unseen, &src.unseen);
    }
}

/// `dst = src`, keeping dst's buffer if it has one on the heap; inline items are copied as
/// one block (`extend_from_slice` inserts them through its general path).
fn copy_into<A: smallvec::Array>(dst: &mut SmallVec<A>, src: &SmallVec<A>)
where
    A::Item: Copy,
{
    if dst.spilled() || src.spilled() {
        dst.clear();
        dst.extend_from_slice(src);
    } else {
        *dst = SmallVec::from_slice(src);
    }
}

impl Clone for PriorityMemo {
    fn clone(&self) -> PriorityMemo {
        PriorityMemo {
            valid: self.valid,
            checked: self.checked,
            reads: self.reads,
            available: self.available,
            life: self.life,
            energy: self.energy,
            kernel: self.kernel,
            turn: self.turn,
            timing: self.timing,
            stack_len: self.stack_len,
            hand: self.hand,
            battlefield: self.battlefield,
            actions: SmallVec::from_slice(&self.actions),
        }
    }
}

impl Clone for Duel {
    fn clone(&self) -> Duel {
        self.clone_with(self.game.clone())
    }

    /// Reuses this duel's buffers (search copies a state once per simulation).
    fn clone_from(&mut self, src: &Duel) {
        self.clone_from_impl(src)
    }
}

impl Duel {
    /// The memo a copy keeps: the one its next legal actions read (the player with priority,
    /// at its timing). The other three start empty, as the scratch buffers do: copying all
    /// four took a tenth of a clone (docs/PERFORMANCE.md).
    fn kept_memo(&self) -> (usize, usize) {
        let p = self.priority as usize;
        (p, self.sorcery_timing(p) as usize)
    }

    fn memo_copy(&self) -> [[PriorityMemo; 2]; 2] {
        let mut memo: [[PriorityMemo; 2]; 2] = Default::default();
        let (p, t) = self.kept_memo();
        memo[p][t] = self.memo[p][t].clone();
        memo
    }

    /// A copy with this kernel game.
    fn clone_with(&self, game: Game) -> Duel {
        Duel {
            game,
            cards: self.cards.clone(),
            decks: self.decks.clone(),
            seed: self.seed,
            rng: self.rng,
            turn_limit: self.turn_limit,
            turn: self.turn,
            active: self.active,
            step: self.step,
            priority: self.priority,
            passes: self.passes,
            pending: self.pending,
            sides: self.sides.clone(),
            objs: self.objs.clone(),
            stack: self.stack.clone(),
            combat: self.combat.clone(),
            casting: self.casting,
            outcome: self.outcome,
            log: self.log.clone(),
            decisions: self.decisions,
            auto_pass: self.auto_pass,
            sba_hash: self.sba_hash,
            sba_due: self.sba_due,
            legend_keep: self.legend_keep.clone(),
            legendary_made: self.legendary_made,
            hand_changes: self.hand_changes,
            battlefield_changes: self.battlefield_changes,
            activatable: self.activatable,
            activation_changes: self.activation_changes,
            listening_at: self.listening_at,
            cleanup_due: self.cleanup_due,
            resolving: self.resolving.clone(),
            events: self.events.clone(),
            trigger_queue: self.trigger_queue.clone(),
            fired: Vec::new(),
            permanents: Vec::new(),
            permanents_at: None,
            templates: self.templates.clone(),
            checked: self.checked,
            memo: self.memo_copy(),
            mana: self.mana,
            // The copy keeps the memo the flag is about.
            memo_fresh: self.memo_fresh,
            changes: self.changes,
            scratch: Scratch::default(),
        }
    }

    fn clone_from_impl(&mut self, src: &Duel) {
        self.game.clone_from(&src.game);
        self.copy_from(src);
    }

    /// `clone_from` but for the kernel game.
    fn copy_from(&mut self, src: &Duel) {
        self.cards.clone_from(&src.cards);
        self.decks.clone_from(&src.decks);
        self.seed = src.seed;
        self.rng = src.rng;
        self.turn_limit = src.turn_limit;
        self.turn = src.turn;
        self.active = src.active;
        self.step = src.step;
        self.priority = src.priority;
        self.passes = src.passes;
        self.pending = src.pending;
        self.sides[0].clone_from(&src.sides[0]);
        self.sides[1].clone_from(&src.sides[1]);
        self.objs.clone_from(&src.objs);
        self.stack.clone_from(&src.stack);
        self.combat.candidates.clone_from(&src.combat.candidates);
        self.combat.attackers.clone_from(&src.combat.attackers);
        self.combat.blocks.clone_from(&src.combat.blocks);
        self.casting = src.casting;
        self.outcome = src.outcome;
        self.log.clone_from(&src.log);
        self.decisions = src.decisions;
        self.auto_pass = src.auto_pass;
        self.sba_hash = src.sba_hash;
        self.sba_due = src.sba_due;
        self.legend_keep.clone_from(&src.legend_keep);
        self.legendary_made = src.legendary_made;
        self.hand_changes = src.hand_changes;
        self.battlefield_changes = src.battlefield_changes;
        self.activatable = src.activatable;
        self.activation_changes = src.activation_changes;
        self.listening_at = src.listening_at;
        // The list is this duel's; src's count now stands for src's battlefields.
        self.permanents_at = None;
        self.cleanup_due = src.cleanup_due;
        self.resolving.clone_from(&src.resolving);
        self.events.clone_from(&src.events);
        self.trigger_queue.clone_from(&src.trigger_queue);
        self.templates.clone_from(&src.templates);
        self.checked = src.checked;
        // The mana memos go with the kernel's `tap_changes_of` they were counted at.
        self.mana = src.mana;
        self.memo_fresh = src.memo_fresh;
        self.changes = src.changes;
        let kept = src.kept_memo();
        for (p, memos) in self.memo.iter_mut().enumerate() {
            for (t, m) in memos.iter_mut().enumerate() {
                if (p, t) == kept {
                    m.clone_from(&src.memo[p][t]);
                } else {
                    m.valid = false;
                }
            }
        }
    }
}

impl Duel {
    /// An independent copy whose kernel shares its entity storage copy-on-write (cheaper than
    /// `clone` when the copy changes little before it is dropped: search).
    pub fn fork(&mut self) -> Duel {
        let game = self.game.share();
        self.clone_with(game)
    }
}

/// A dropped duel kept for its allocations, its box and its vectors' buffers, for a copy
/// (`fork_from`) to be written over: a copy made so is written where it stays and fills
/// buffers it has, where `fork` makes it on the stack, allocates each vector, and the caller
/// moves it into a box (the Python binding keeps the duels of dropped `Duel` objects so).
/// Its kernel is let go as it is kept: a copy's kernel shares the storage of the duel it was
/// copied from, which would copy a shared chunk at its next change.
/// docs/PERFORMANCE.md has its row.
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
        d.game = kept.unwrap_or_else(|| {
            // A new game's kernel, its storage shared by every spare that holds a copy.
            static NEW: std::sync::OnceLock<Game> = std::sync::OnceLock::new();
            NEW.get_or_init(|| Game::new(2, Ruleset::Mtg, 0).expect("a valid game").share())
                .clone()
        });
        Spare(d)
    }

    /// `src.fork()`, written over this duel.
    pub fn fork_from(self, src: &mut Duel) -> Box<Duel> {
        let mut d = self.0;
        let let_go = std::mem::replace(&mut d.game, src.game.share());
        d.copy_from(src);
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
