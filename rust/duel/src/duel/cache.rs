//! What the duel derives from its state to answer the hot questions faster: each entry
//! records what it was derived from (a count of changes, the kernel's hash) and is used only
//! while that is current. A fresh cache (`Cache::default`) asks everything again, so dropping
//! any of it changes nothing but speed: it is never part of equality, the hash or the bytes.

use cardstate_effects::triggers::Fired;
use smallvec::SmallVec;

use crate::cards::CardId;
use crate::mana::Available;

/// The duel's cache (the module's documentation).
#[derive(Debug)]
pub struct Cache {
    /// By the kernel's printed card index: the pool's card it is (`NO_CARD` where unknown;
    /// objects of one card share their printed card, `Game::create_like`).
    pub(crate) card_of_printed: Vec<CardId>,
    /// By kernel id: the pool's card the object is (`NO_CARD` where unknown), read before the
    /// printed card (`Duel::card_of`: one index instead of the entity's and its printed
    /// card's). docs/PERFORMANCE.md, "An object's card read by its kernel id".
    pub(crate) card_of_id: Vec<CardId>,
    /// By card: an object of it in the kernel, whose printed card new objects share
    /// (`Game::create_like`), or `u32::MAX`.
    pub(crate) templates: Vec<u32>,
    /// The kernel's hash (`Game::hash_unmixed`) when state-based actions were last checked:
    /// an unchanged kernel has none to perform (704.3 looks only at the state).
    pub(crate) sba_hash: Option<u64>,
    /// Something that can make a state-based action apply may have happened since the last
    /// check (damage, resolution, the end of "until end of turn" effects, set-up, a legendary
    /// land played: 704.5j). Putting a spell on the stack can't.
    pub(crate) sba_due: bool,
    /// Something cleanup undoes may have happened this turn (marked damage, effects).
    pub(crate) cleanup_due: bool,
    /// A legendary object may have been made in the kernel (`Duel::note_legendary`): until
    /// then the legend rule (704.5j) has nothing to apply to. docs/PERFORMANCE.md, "The legend
    /// rule's choice not looked for before a legendary object exists".
    pub(crate) legendary_made: bool,
    /// Whether the pool has a planeswalker card (none: not asked yet). Every object of a duel
    /// is a card of its pool (the runtime's tokens are its cards too) and only a continuous
    /// effect changes a card's types (613.1d), so without such a card and without continuous
    /// effects no permanent can be attacked besides the player, and `Duel::find_attackable`
    /// looks at none. docs/PERFORMANCE.md, "Attackable permanents not looked for without
    /// planeswalker cards".
    pub(crate) planeswalker_cards: Option<bool>,
    /// Whether the pool has a card that chooses a colour as it enters (`ChooseAColour`; none:
    /// not asked yet): without one, state-based checks look for no colour choice.
    pub(crate) colour_cards: Option<bool>,
    /// Changes of each player's hand (counted by `Duel::hand_mut` and the runtime's draws):
    /// the same count is the same hand. docs/PERFORMANCE.md, "A count of each hand's changes
    /// as the priority memo's key".
    pub(crate) hand_changes: [u32; 2],
    /// Changes of each player's mana sources (one entering or leaving its battlefield), counted
    /// as the duel learns of them (`Duel::battlefield_changed`): the same count is the same
    /// sources (`ManaMemo`). docs/PERFORMANCE.md, "The mana memo kept through changes of
    /// other permanents".
    pub(crate) source_changes: [u32; 2],
    /// Changes of each player's permanents with activated abilities or of their slots (one
    /// entering, or any permanent leaving: the slots after it move), counted as
    /// `source_changes` is: the same count is the same activations to look at, which is all of
    /// the battlefield the priority memo reads. docs/PERFORMANCE.md, "The priority memo kept
    /// while only permanents without activated abilities change".
    pub(crate) activation_changes: [u32; 2],
    /// How many of each player's permanents have activated abilities, with the
    /// `activation_changes` it was counted at: with none, `priority_actions` doesn't look at
    /// them. docs/PERFORMANCE.md, "The permanents with activated abilities counted".
    pub(crate) activatable: [Option<(u32, u16)>; 2],
    /// The battlefields' changes and the trigger events the permanents wait for then
    /// (`Duel::listening`). docs/PERFORMANCE.md, "The permanents' trigger events remembered".
    pub(crate) listening_at: Option<([u64; 2], (u64, u64))>,
    /// The permanents with triggered abilities (`triggering_permanents_now`) and the
    /// battlefields' changes they were listed at. docs/PERFORMANCE.md, "The kernel's
    /// battlefield changes as the caches' key".
    pub(crate) permanents: Vec<(u32, cardstate_effects::CardId)>,
    pub(crate) permanents_at: Option<[u64; 2]>,
    /// `permanents` and the cards in graveyards with abilities that function there (113.6k),
    /// in id order, with the battlefields' and the graveyards' changes they were listed at
    /// (`Duel::sources_with_graveyards_now`). docs/PERFORMANCE.md, "The sources of
    /// triggers in graveyards remembered".
    pub(crate) sources: Vec<(u32, cardstate_effects::CardId)>,
    pub(crate) sources_at: Option<([u64; 2], [u64; 2])>,
    /// Each player's legal actions at priority, with the state they were found in, one for
    /// sorcery timing and one for the rest (see `PriorityMemo`).
    pub(crate) memo: [[PriorityMemo; 2]; 2],
    /// Each player's mana, with what it was counted from (see `ManaMemo`).
    pub(crate) mana: [ManaMemo; 2],
    /// The memo of the player with priority was made (or found to hold) by the last `run` or
    /// `refresh_priority_memo`, and nothing changed since: `legal_actions` reads it without
    /// testing it again. Cleared as `run` starts and by every change made outside it.
    /// docs/PERFORMANCE.md, "A fresh priority memo read without a test".
    pub(crate) memo_fresh: bool,
    /// A count of the changes of the duel that can change a player's legal actions at
    /// priority: raised by each decision but a pass, by each step's turn-based actions that
    /// change anything, each resolution, check of state-based actions and putting of triggers
    /// on the stack, and by every change made outside `run`. A memo found to hold at a count
    /// holds while the count is the same (`PriorityMemo::checked`). docs/PERFORMANCE.md, "A
    /// memo that held is not tested again while nothing changed".
    pub(crate) changes: u64,
    /// The abilities a collection of triggers found (a reused buffer).
    pub(crate) fired: Vec<Fired>,
    /// Each player's graveyard cards with flashback (`FlashbackSlots`).
    pub(crate) flashback: [FlashbackSlots; 2],
}

/// How many graveyard slots of cards with flashback `FlashbackSlots` holds; a graveyard with
/// more is looked at whole each time.
pub(crate) const FLASHBACK_SLOTS: usize = 8;

/// The graveyard slots of a player's cards with flashback, of equal cards the first, and the
/// kernel's count of changes of that graveyard they were found at
/// (`Game::graveyard_changes_of`): while the count is the same, looking for the cards the
/// player may cast with flashback reads only these slots. docs/PERFORMANCE.md, "The
/// graveyard's flashback cards remembered".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FlashbackSlots {
    pub(crate) at: Option<u64>,
    pub(crate) len: u8,
    pub(crate) slots: [u8; FLASHBACK_SLOTS],
}

impl FlashbackSlots {
    /// The slots found at count `at`, or a cache that knows nothing when they are too many.
    pub(crate) fn new(at: u64, found: &[u8]) -> FlashbackSlots {
        let mut out = FlashbackSlots::default();
        if found.len() <= FLASHBACK_SLOTS {
            out.at = Some(at);
            out.len = found.len() as u8;
            out.slots[..found.len()].copy_from_slice(found);
        }
        out
    }

    /// The slots, if they were found at count `now`.
    pub(crate) fn at(&self, now: u64) -> Option<&[u8]> {
        (self.at == Some(now)).then(|| &self.slots[..self.len as usize])
    }
}

impl Default for Cache {
    /// A cache that knows nothing: every check is due, every memo empty.
    fn default() -> Cache {
        Cache {
            card_of_printed: Vec::new(),
            card_of_id: Vec::new(),
            templates: Vec::new(),
            sba_hash: None,
            sba_due: true,
            cleanup_due: true,
            legendary_made: true,
            planeswalker_cards: None,
            colour_cards: None,
            hand_changes: [0; 2],
            source_changes: [0; 2],
            activation_changes: [0; 2],
            activatable: [None; 2],
            listening_at: None,
            permanents: Vec::new(),
            permanents_at: None,
            sources: Vec::new(),
            sources_at: None,
            memo: Default::default(),
            mana: Default::default(),
            memo_fresh: false,
            changes: 0,
            fired: Vec::new(),
            flashback: Default::default(),
        }
    }
}

impl Cache {
    /// `Cache::default()` with room for the cards of `n` kernel objects.
    pub(crate) fn with_room(n: usize) -> Cache {
        let mut cache = Cache::default();
        cache.card_of_printed.reserve(n);
        cache.card_of_id.reserve(n);
        cache
    }

    /// A copy for a copy of the duel: the memo its next legal actions read (`kept`: the
    /// player with priority, at its timing) and the rest; the other three memos start empty,
    /// as the reused buffers do (copying all four took a tenth of a copy:
    /// docs/PERFORMANCE.md, "A copy keeps one priority memo").
    pub(crate) fn copy(&self, kept: (usize, usize)) -> Cache {
        let mut memo: [[PriorityMemo; 2]; 2] = Default::default();
        memo[kept.0][kept.1] = self.memo[kept.0][kept.1].clone();
        Cache {
            card_of_printed: self.card_of_printed.clone(),
            card_of_id: self.card_of_id.clone(),
            templates: self.templates.clone(),
            sba_hash: self.sba_hash,
            sba_due: self.sba_due,
            cleanup_due: self.cleanup_due,
            legendary_made: self.legendary_made,
            planeswalker_cards: self.planeswalker_cards,
            colour_cards: self.colour_cards,
            hand_changes: self.hand_changes,
            source_changes: self.source_changes,
            activation_changes: self.activation_changes,
            activatable: self.activatable,
            listening_at: self.listening_at,
            permanents: Vec::new(),
            permanents_at: None,
            sources: Vec::new(),
            sources_at: None,
            memo,
            mana: self.mana,
            memo_fresh: self.memo_fresh,
            changes: self.changes,
            fired: Vec::new(),
            flashback: self.flashback,
        }
    }

    /// `copy` written over this cache, reusing its buffers.
    pub(crate) fn copy_from(&mut self, src: &Cache, kept: (usize, usize)) {
        self.card_of_printed.clone_from(&src.card_of_printed);
        self.card_of_id.clone_from(&src.card_of_id);
        self.templates.clone_from(&src.templates);
        self.sba_hash = src.sba_hash;
        self.sba_due = src.sba_due;
        self.cleanup_due = src.cleanup_due;
        self.legendary_made = src.legendary_made;
        self.planeswalker_cards = src.planeswalker_cards;
        self.colour_cards = src.colour_cards;
        self.hand_changes = src.hand_changes;
        self.source_changes = src.source_changes;
        self.activation_changes = src.activation_changes;
        self.activatable = src.activatable;
        self.listening_at = src.listening_at;
        // The list is this cache's; src's count stands for src's battlefields.
        self.permanents_at = None;
        self.sources_at = None;
        self.mana = src.mana;
        self.memo_fresh = src.memo_fresh;
        self.changes = src.changes;
        self.flashback = src.flashback;
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
            combat: self.combat,
            hand: self.hand,
            battlefield: self.battlefield,
            actions: SmallVec::from_slice(&self.actions),
        }
    }
}

/// A player's untapped mana sources by colour (`Duel::available`), with the kernel's
/// `tap_changes_of` the player and its `Cache::source_changes` when they were counted (the
/// opponent's taps and permanents leave it): the count holds while both are unchanged; it is
/// kept only when no source was a creature with summoning sickness (whether it has haste can
/// change without either). docs/PERFORMANCE.md, "A player's mana remembered".
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ManaMemo {
    pub(crate) valid: bool,
    pub(crate) taps: u64,
    /// `Cache::source_changes` of the player when they were counted.
    pub(crate) sources: u32,
    pub(crate) available: Available,
}

/// A player's legal actions at priority and the state they were found in
/// (`Duel::memo_holds`). The automatic passes of a turn ask the same question of an unchanged
/// state again and again (each step gives both players priority); an unchanged state answers
/// it without computing again, and the decision's `legal_actions` reuses the list.
/// docs/PERFORMANCE.md, "Priority legal actions remembered".
#[derive(Debug, Default)]
pub(crate) struct PriorityMemo {
    pub(crate) valid: bool,
    /// `Duel::changes` when the memo was last made or found to hold.
    pub(crate) checked: u64,
    /// What the actions were found from besides the hand, the timing and the battlefield.
    pub(crate) reads: Reads,
    /// With `Reads::Mana`: p's untapped mana sources, life and energy.
    pub(crate) available: Available,
    pub(crate) life: i64,
    pub(crate) energy: u64,
    /// The kernel's hash (`Game::hash_unmixed`: permanents, tapped status, life, counters,
    /// effects, and the spells on the stack: they are kernel objects).
    pub(crate) kernel: u64,
    /// Summoning sickness ends only as a turn begins (or with a kernel change).
    pub(crate) turn: u32,
    /// Whether the player had sorcery timing, and whether it had played a land.
    pub(crate) timing: u8,
    /// Only its emptiness (sorcery timing) and its spells (kernel objects) matter.
    pub(crate) stack_len: u8,
    /// How many creatures were attacking and blocking (`Duel::combat_counts`): a filter of
    /// creatures in combat reads them (506.4), and they change with no change of the kernel
    /// (declared, and gone as combat ends, 511.3).
    pub(crate) combat: (u8, u8),
    /// p's hand, by its changes (`Cache::hand_changes`).
    pub(crate) hand: u32,
    /// p's permanents with activated abilities and their slots, by their changes
    /// (`Cache::activation_changes`).
    pub(crate) battlefield: u32,
    pub(crate) actions: ActionList,
}

/// A player's legal actions at priority, as its memo keeps them.
pub(crate) type ActionList = SmallVec<[u32; 30]>;

impl PriorityMemo {
    pub(crate) fn life_energy(&self) -> (i64, u64) {
        (self.life, self.energy)
    }
}

/// What a player's legal actions at priority were found from, beyond its hand, whether it
/// has sorcery timing and has played a land, and its permanents' cards: nothing more (no card
/// could be cast or activated at this timing), the mana it has, its life and its energy (costs
/// checked, nothing else), or anything in the kernel (targets, tapped status, counters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Reads {
    #[default]
    Nothing,
    Mana,
    Kernel,
}
