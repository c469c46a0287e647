//! The duel: its state (this file) and its flow, one file per part: game start (103,
//! `start`), the turn and priority (500–514, 117, `turn`), legal actions (`priority`), casting
//! and the stack (601, 405, `casting`), combat (506–511, `combat`), the legend rule's choice
//! (704.5j, `legend`), the order of replacement effects (616.1, `order`), objects in public zones (`objects`), reading (`read`) and copies
//! (`clone`); the end of the game is 104 and 704.5b.

use std::sync::Arc;

use cardstate_core::keywords::Keywords;
use cardstate_core::EventKind;
use cardstate_core::{CheckedCard, Game};
use cardstate_core::{Ruleset, Zone};

use crate::actions::{self, Action};
use crate::cards::{kw, types, CardId, CardTable};
use crate::mana::{choose_sources, Available, Colour};
use crate::rng::SplitMix;
use cardstate_effects::triggers::{Fired, GameEvent};
use smallvec::SmallVec;

mod casting;
mod clone;
pub use clone::Spare;
mod combat;
mod legend;
mod objects;
mod order;
mod priority;
mod read;
mod start;
mod turn;

/// Cards in hand at the end of cleanup (514.1).
pub const MAX_HAND_SIZE: usize = 7;
/// Cards in an opening hand (103.5).
pub const OPENING_HAND: usize = 7;
/// Cards one player has at most in hand, library, battlefield, graveyard and exile together: a
/// deck holds at most this many, and `add_card` adds none beyond. Each step of the duel then reads
/// boards of bounded size (replaying bytes is linear in their length), and the count of one
/// card's copies that could be in a hand and library fits `Side::unseen`'s `u8`.
pub const MAX_PLAYER_CARDS: usize = 255;
/// Decisions allowed per turn of the turn limit (the cap of `max_game_length`).
pub const DECISIONS_PER_TURN: u32 = 256;
/// `current_player()` once the game is over (OpenSpiel's kTerminalPlayerId).
pub const TERMINAL: i32 = -4;

/// Steps of a turn (500.1), in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Step {
    Untap = 0,
    Upkeep,
    Draw,
    Main1,
    BeginCombat,
    DeclareAttackers,
    DeclareBlockers,
    FirstStrikeDamage,
    CombatDamage,
    EndCombat,
    Main2,
    End,
    Cleanup,
}

pub const STEP_NAMES: [&str; 13] = [
    "untap",
    "upkeep",
    "draw",
    "main1",
    "beginning of combat",
    "declare attackers",
    "declare blockers",
    "first strike damage",
    "combat damage",
    "end of combat",
    "main2",
    "end",
    "cleanup",
];

impl Step {
    pub fn name(self) -> &'static str {
        STEP_NAMES[self as usize]
    }
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    /// The step's turn-based actions are still to be done.
    Begin,
    /// The player with priority acts (117).
    Priority,
    /// The active player decides whether attack candidate i attacks (508.1a).
    Attack(u8),
    /// The defending player decides what blocker candidate i blocks (509.1a).
    Block(u8),
    /// The caster chooses X (601.2b).
    ChooseX,
    /// The caster chooses the next target (601.2c).
    Target,
    /// The controller of the resolving spell or ability answers a choice (608.2): yes/no for
    /// "may" and for each proliferate candidate, or an amount; or the controller of the object
    /// (or the player) that counters or damage are about to be put on or dealt to chooses the
    /// replacement effect applied next (616.1).
    Resolve,
    /// A player chooses which of its legendary permanents with one name stays (704.5j), as
    /// state-based actions are about to be performed.
    Legend,
    /// The game is over.
    Over,
    /// The controller of an object (or the player) that combat damage is about to be dealt to
    /// chooses which of the replacement and prevention effects that would apply is applied
    /// next (616.1).
    Order,
}

/// Per-object flags the duel keeps (the kernel has no tapped status).
pub mod flag {
    /// Not continuously controlled since its controller's most recent turn began (302.6).
    pub const SICK: u8 = 2;
}

/// What the duel knows of a kernel object.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Obj {
    pub card: CardId,
    pub flags: u8,
}

pub const NO_CARD: CardId = CardId::MAX;

/// One player's side.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Side {
    /// Top of the library last.
    pub library: SmallVec<[CardId; 48]>,
    /// In the canonical order: ascending card id.
    pub hand: SmallVec<[CardId; 16]>,
    /// Its permanents, ascending id (the order they entered).
    pub battlefield: SmallVec<[u32; 16]>,
    pub graveyard: SmallVec<[u32; 16]>,
    /// Attempted to draw from an empty library since the last check (704.5b).
    pub drew_from_empty: bool,
    pub land_played: bool,
    /// Cards of this player that an opponent can't tell apart: how many of each card are in
    /// its hand and library together, counted from public information only (the deck list,
    /// minus the cards seen leaving those zones). `resample` deals these.
    pub unseen: SmallVec<[u8; 48]>,
}

impl Side {
    /// One more copy of card `c` could be in the hand or library (counted up to 255: the
    /// reference duel counts the same way).
    pub(crate) fn note_unseen(&mut self, c: CardId) {
        let k = &mut self.unseen[c as usize];
        *k = k.saturating_add(1);
    }
}

/// Inserts keeping ascending order (the canonical hand order).
pub(crate) fn insert_sorted(v: &mut SmallVec<[CardId; 16]>, c: CardId) {
    let i = v.partition_point(|&x| x <= c);
    v.insert(i, c);
}

impl Duel {
    /// p's hand, to be changed: the change is counted (`hand_changes`).
    pub(crate) fn hand_mut(&mut self, p: usize) -> &mut SmallVec<[CardId; 16]> {
        self.hand_changes[p] = self.hand_changes[p].wrapping_add(1);
        &mut self.sides[p].hand
    }
}

/// A spell or ability on the stack (405).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StackItem {
    pub kind: ItemKind,
    /// The spell's kernel object, or the source of an ability.
    pub object: u32,
    pub card: CardId,
    /// The ability resolved (the spell ability of an instant or sorcery; none for a permanent
    /// spell).
    pub ability: Option<u16>,
    pub controller: u8,
    pub x: u32,
    pub targets: [u32; MAX_TARGETS],
    pub num_targets: u8,
    /// What a triggered ability's event was about.
    pub triggering: u32,
}

/// Targets a spell or ability can have in the duel.
pub const MAX_TARGETS: usize = 4;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ItemKind {
    #[default]
    Spell,
    Activated,
    Triggered,
}

/// An attacking creature (506.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attacker {
    pub id: u32,
    /// Blocked stays true even if its blockers leave (509.1h).
    pub blocked: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Combat {
    /// Creatures that could be declared as attackers or blockers, being decided in order.
    pub candidates: Vec<u32>,
    pub attackers: Vec<Attacker>,
    /// (blocker, attacker slot), in declaration order (the damage assignment order).
    pub blocks: Vec<(u32, u8)>,
}

/// A spell being cast: choices made so far (601.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Casting {
    pub kind: ItemKind,
    pub player: u8,
    pub card: CardId,
    /// The spell's ability, or the activated or triggered ability.
    pub ability: Option<u16>,
    /// The source permanent of an ability.
    pub source: u32,
    pub triggering: u32,
    pub x: u32,
    pub max_x: u32,
    pub targets: [u32; MAX_TARGETS],
    pub num_targets: u8,
    pub targets_needed: u8,
}

/// A change of the duel from outside its action space, recorded so bytes can replay it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Action(u32),
    AddCard {
        player: u8,
        card: CardId,
        zone: Zone,
    },
    Resample {
        player: u8,
        seed: u64,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Winner(u8),
    Draw,
}

/// Errors the duel reports (the binding maps them to ValueError).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuelError(pub String);

impl std::fmt::Display for DuelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for DuelError {}

fn err<T>(msg: impl Into<String>) -> Result<T, DuelError> {
    Err(DuelError(msg.into()))
}

/// Reused buffers: not state (a clone starts with empty ones).
#[derive(Debug, Default)]
struct Scratch {
    sources: Vec<(Colour, bool)>,
    source_ids: Vec<u32>,
    chosen: Vec<usize>,
    assignments: Vec<(u32, u32, u64)>,
    dealt: Vec<u64>,
    actions: Vec<u32>,
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch::default()
    }
}

impl Scratch {
    /// Buffers with room for n items each.
    fn with_room(n: usize) -> Scratch {
        Scratch {
            sources: Vec::with_capacity(n),
            source_ids: Vec::with_capacity(n),
            chosen: Vec::with_capacity(n),
            assignments: Vec::with_capacity(n),
            dealt: Vec::with_capacity(n),
            actions: Vec::new(),
        }
    }
}

/// A two-player duel.
#[derive(Debug)]
pub struct Duel {
    pub(crate) game: Game,
    pub(crate) cards: Arc<CardTable>,
    pub(crate) decks: Arc<[Vec<CardId>; 2]>,
    pub(crate) seed: u64,
    pub(crate) rng: SplitMix,
    pub(crate) turn_limit: u32,
    pub(crate) turn: u32,
    pub(crate) active: u8,
    pub(crate) step: Step,
    pub(crate) priority: u8,
    /// Consecutive passes (117.4: all players pass in succession).
    pub(crate) passes: u8,
    pub(crate) pending: Pending,
    pub(crate) sides: [Side; 2],
    /// By kernel id (players included, with no card).
    pub(crate) objs: Vec<Obj>,
    pub(crate) stack: Vec<StackItem>,
    pub(crate) combat: Combat,
    pub(crate) casting: Casting,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) log: Vec<Op>,
    /// Decisions taken (actions applied).
    pub(crate) decisions: u32,
    /// A player with nothing to do but pass passes without a decision (docs/DUEL.md); off,
    /// every priority is a decision (tests step through the turn with it).
    pub(crate) auto_pass: bool,
    /// The kernel's hash (`Game::hash_unmixed`) when state-based actions were last checked: an
    /// unchanged kernel has none to perform (704.3 looks only at the state).
    pub(crate) sba_hash: u64,
    /// Something that can make a state-based action apply happened since the last check
    /// (damage, resolution, the end of "until end of turn" effects, set-up, a legendary land
    /// played: 704.5j). Putting a spell on the stack can't.
    pub(crate) sba_due: bool,
    /// The legendary permanents their controllers chose to keep for the state-based actions
    /// about to be performed (704.5j), one per group decided so far.
    pub(crate) legend_keep: SmallVec<[u32; 2]>,
    /// A legendary object was made in the kernel (`note_legendary`): until then the legend
    /// rule (704.5j) has nothing to apply to (an object's supertypes are its card's), and
    /// `legend_choice` doesn't ask the kernel. docs/PERFORMANCE.md has its row.
    pub(crate) legendary_made: bool,
    /// Changes of each player's hand (counted by `Duel::hand_mut` and the runtime's draws,
    /// `DuelHost`): the same count is the same hand. The priority memo is kept with it; copies
    /// keep it with the memo. docs/PERFORMANCE.md has its row.
    pub(crate) hand_changes: [u32; 2],
    /// Changes of each player's battlefield (a permanent put on it or gone from it, counted
    /// by `note_new` and `absorb_events`, the only places that change it): the same count is
    /// the same battlefield. Caches are kept with it (the priority memo, `listening_at`,
    /// `permanents_at`); copies keep it with them. docs/PERFORMANCE.md has its row.
    pub(crate) battlefield_changes: [u32; 2],
    /// How many of each player's permanents have activated abilities (counted where
    /// `battlefield_changes` is): with none, `priority_actions` doesn't look at them.
    /// docs/PERFORMANCE.md has its row.
    pub(crate) activatable: [u16; 2],
    /// Changes of each player's permanents with activated abilities or of their slots (one
    /// entering, or a permanent leaving while the player has any: the slots after it move),
    /// counted where `battlefield_changes` is: the same count is the same activations to look
    /// at, which is all of the battlefield the priority memo reads. docs/PERFORMANCE.md has
    /// its row.
    pub(crate) activation_changes: [u32; 2],
    /// The battlefields' changes and the trigger events the permanents wait for then
    /// (`Duel::listening`; a cache, not state). docs/PERFORMANCE.md has its row.
    pub(crate) listening_at: Option<([u32; 2], (u16, u16))>,
    /// Something cleanup undoes happened this turn (marked damage, effects).
    pub(crate) cleanup_due: bool,
    /// A resolution waiting for its controller's answer.
    pub(crate) resolving: Option<Box<crate::effects::Resolving>>,
    /// Events since triggered abilities were last put on the stack (603.2).
    pub(crate) events: Vec<GameEvent>,
    /// Triggered abilities waiting to be put on the stack, in APNAP order (the first is having
    /// its targets chosen).
    pub(crate) trigger_queue: Vec<Fired>,
    pub(crate) fired: Vec<Fired>,
    /// The permanents with triggered abilities (`triggering_permanents_now`; a cache, not
    /// state) and the battlefields' changes they were listed at. docs/PERFORMANCE.md has its
    /// row.
    pub(crate) permanents: Vec<(u32, cardstate_effects::CardId)>,
    pub(crate) permanents_at: Option<[u32; 2]>,
    /// By card: an object of it already in the kernel, whose printed card new objects share
    /// (`Game::create_like`), or `u32::MAX`.
    pub(crate) templates: Vec<u32>,
    /// By card of the pool's table: the card checked once for all games
    /// (`Game::create_checked`); empty for another table.
    pub(crate) checked: &'static [Option<CheckedCard>],
    /// Each player's legal actions at priority, with the state they were found in, one for
    /// sorcery timing and one for the rest (a cache, not state: see `PriorityMemo`).
    memo: [[PriorityMemo; 2]; 2],
    /// Each player's mana, with what it was counted from (a cache, not state: see `ManaMemo`).
    mana: [ManaMemo; 2],
    /// The memo of the player with priority was made (or found to hold) by the last `run` or
    /// `refresh_priority_memo`, and nothing changed since: `legal_actions` reads it without
    /// testing it again (a cache, not state). Cleared as `run` starts and by every change made
    /// outside it. docs/PERFORMANCE.md has its row.
    pub(crate) memo_fresh: bool,
    /// A count of the changes of the duel that can change a player's legal actions at
    /// priority (a cache, not state): raised by each decision but a pass, by each step's
    /// turn-based actions that change anything, each resolution, check of state-based actions
    /// and putting of triggers on the stack, and by every change made outside `run`. A memo found
    /// to hold at a count holds while the count is the same (`PriorityMemo::checked`).
    /// docs/PERFORMANCE.md has its row.
    pub(crate) changes: u64,
    scratch: Scratch,
}

/// A player's untapped mana sources by colour (`Duel::available`) and the kernel's
/// `tap_changes_of` the player when they were counted (the opponent's taps leave it). The
/// count holds while that is unchanged and the player's mana sources too (a source entering
/// or leaving the player's battlefield clears the memo; another permanent counts for
/// nothing: `mana_sources` looks only at sources); it is kept only when
/// no source was a creature with summoning sickness (whether it has haste can change without
/// either). docs/PERFORMANCE.md has its row.
#[derive(Clone, Copy, Debug, Default)]
struct ManaMemo {
    valid: bool,
    taps: u64,
    available: Available,
}

/// A player's legal actions at priority and the state they were found in
/// (`Duel::memo_holds`). The automatic passes of a turn ask the same question of an unchanged
/// state again and again (each step gives both players priority); an unchanged state answers
/// it without computing again, and the decision's `legal_actions` reuses the list.
/// docs/PERFORMANCE.md has its row.
#[derive(Debug, Default)]
struct PriorityMemo {
    valid: bool,
    /// `Duel::changes` when the memo was last made or found to hold.
    checked: u64,
    /// What the actions were found from besides the hand, the timing and the battlefield.
    reads: Reads,
    /// With `Reads::Mana`: p's untapped mana sources, life and energy.
    available: Available,
    life: i64,
    energy: u64,
    /// The kernel's hash (`Game::hash_unmixed`: permanents, tapped status, life, counters,
    /// effects, and the spells on the stack: they are kernel objects).
    kernel: u64,
    /// Summoning sickness ends only as a turn begins (or with a kernel change).
    turn: u32,
    /// Whether the player had sorcery timing, and whether it had played a land.
    timing: u8,
    /// Only its emptiness (sorcery timing) and its spells (kernel objects) matter.
    stack_len: u8,
    /// p's hand, by its changes (`Duel::hand_changes`).
    hand: u32,
    /// p's permanents with activated abilities and their slots, by their changes
    /// (`Duel::activation_changes`).
    battlefield: u32,
    actions: ActionList,
}

/// A player's legal actions at priority, as its memo keeps them.
type ActionList = SmallVec<[u32; 30]>;

impl PriorityMemo {
    fn life_energy(&self) -> (i64, u64) {
        (self.life, self.energy)
    }
}

/// What a player's legal actions at priority were found from, beyond its hand, whether it
/// has sorcery timing and has played a land, and its permanents' cards: nothing more (no card
/// could be cast or activated at this timing), the mana it has, its life and its energy (costs
/// checked, nothing else), or anything in the kernel (targets, tapped status, counters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Reads {
    #[default]
    Nothing,
    Mana,
    Kernel,
}
