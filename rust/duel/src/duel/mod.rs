//! The duel: its state (this file) and its flow, one file per part: game start (103,
//! `start`), the turn and priority (500–514, 117, `turn`), legal actions (`priority`), casting
//! and the stack (601, 405, `casting`), combat (506–511, `combat`; the division of combat
//! damage, 510.1c, `divide`), the legend rule's choice
//! (704.5j, `legend`), Auras and Equipment (301.5, 303.4, 704.5m-n, `attach`), the order of
//! replacement effects (616.1, `order`), spells and abilities
//! through the card runtime (601.2c, 602, 603, 608, `effects`), objects in public zones
//! (`objects`), what a player sees and `resample` (`observe`), reading (`read`), bytes and the
//! hash (`codec`) and copies (`clone`); the end of the game is 104 and 704.5b.
//!
//! A duel is three parts. `State` is the position — everything the rules read from now on,
//! the kernel `Game` included — and it alone decides equality and the hash. `Record` is how the
//! game got here (the set-up and the log), and the bytes are it. `Cache` is derived from the
//! state to answer the hot questions faster; a fresh one is always correct (`Cache::default`
//! asks everything again), so it is never part of equality, the hash or the bytes.

use cardstate_core::keywords::{Keywords, Types};
use cardstate_core::Game;
use cardstate_core::Zone;

use crate::actions::{self, Action};
use crate::cards::{CardId, Pool};
use crate::mana::{choose_sources, Available};
use crate::rng::SplitMix;
use cardstate_effects::triggers::{Fired, GameEvent};
use smallvec::SmallVec;
use std::sync::Arc;

mod activation;
mod attach;
pub use attach::{Attachment, Attachments};
mod cache;
mod casting;
mod characteristics;
mod chosen;
mod clone;
mod counted;
pub use clone::Spare;
mod codec;
mod combat;
mod costs;
pub mod decision;
mod divide;
pub mod effects;
mod free_cast;
mod graveyard_cast;
mod host;
mod legend;
mod lists;
pub use lists::{
    ControlUntilCleanup, DelayedList, ExiledUntilList, ExtraTurns, FiredOnce, FlashbackGranted,
    FreeCasts, GainedAbilities, GraveyardTypesPlayed, History, ManaPool, MayPlay, MayPlayList,
    Plotted, PlottedList, PERMANENT_TYPES,
};
mod objects;
pub mod observe;
mod order;
mod priority;
mod read;
mod resample;
mod resolving;
pub use resample::Prior;
mod start;
mod targets;
mod text;
mod turn;

pub use cache::Cache;
use cache::{ManaMemo, PriorityMemo, Reads};
pub use decision::{Decision, Subject, DECISION_NAMES};
pub use divide::Share;

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
/// Spells and abilities resolved with no decision between them that make a loop of mandatory
/// actions (104.4b: the game is a draw; docs/DUEL.md, "Loops"). Every decision starts the count
/// again, so a long game is never bounded by it; a cascade of triggers that long without a
/// choice is beyond any game the pools can make without a loop.
pub const MANDATORY_LOOP_RESOLUTIONS: u32 = 1000;

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
    /// Before the first turn, a player declares whether it keeps its hand or takes a mulligan
    /// (103.5): the first player, from the starting player in turn order, who has neither kept
    /// nor declared in this round.
    Mulligan,
    /// A player who took a mulligan puts a card of its hand on the bottom of its library
    /// (103.5): the first player, from the starting player, with cards still to put there.
    Bottom,
    /// The active player discards a card to its maximum hand size in the cleanup step (514.1).
    Discard,
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
    /// The attacking player divides an attacking creature's combat damage among the creatures
    /// blocking it (510.1c) and, with trample, what it attacks (702.19b): the amount of the
    /// next share (`Duel::assignment_choice`).
    AssignDamage,
    /// The player activating an ability with a cost of sacrificing another permanent chooses
    /// which (701.21a, 601.2h), after its other costs are paid and before its targets.
    Sacrifice,
    /// The caster chooses how to pay for the spell (601.2b, 118.9): its alternative cost (yes)
    /// or its mana cost (no).
    ChooseCost,
    /// The caster sacrifices a permanent for the spell's cost (601.2h, 701.21a):
    /// `Casting::sacrifices` more are still to be sacrificed.
    SacrificeCost,
    /// The player activating an ability discards a card of its hand as a part of its cost
    /// (602.2b, 701.9a): `Casting::discards` more are still to be discarded.
    DiscardCost,
    /// The caster of a modal spell chooses its mode (601.2b, 700.2a), before X and targets;
    /// the controller of a modal triggered ability, as it is put on the stack (603.3c).
    Mode,
    /// As its madness trigger resolves (702.35a), the owner of the card discarded into exile
    /// (`Casting::source`) casts it for its madness cost (yes) or puts it into its graveyard
    /// (no).
    Madness,
    /// The player who chose a hand card with plot that it could both cast and plot chooses:
    /// plot it (yes: the special action, 116.2k, 702.170a) or cast it (no).
    Plot,
    /// The controller of a permanent that chooses a colour as it enters chooses it (614.12,
    /// 607.2: `Duel::colour_choice`), as state-based actions are about to be performed.
    ChooseColour,
    /// The controller of a permanent that chooses a creature type as it enters chooses it
    /// (614.12, 607.2: `Duel::type_choice`), as state-based actions are about to be performed.
    ChooseType,
}

/// How a duel plays where it offers a faster variant of the rules (docs/DUEL.md, "Making a
/// duel"): part of its set-up (its bytes, equality and hash). The default is the rules'.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The London mulligan (103.5): each player decides to keep its opening hand or take a
    /// mulligan. Off, each player keeps its first seven cards without a decision.
    pub mulligans: bool,
    /// The attacking player divides a blocked creature's combat damage among its blockers, and
    /// with trample what it attacks (510.1c, 702.19b: a decision). Off, the automatic division
    /// rule does (docs/DUEL.md, "Combat").
    pub assign_damage: bool,
}

impl Options {
    /// The rules' play: every decision the duel makes.
    pub const RULES: Options = Options {
        mulligans: true,
        assign_damage: true,
    };
    /// The fast variant: every option off (no mulligans, the automatic division of combat
    /// damage).
    pub const FAST: Options = Options {
        mulligans: false,
        assign_damage: false,
    };
}

impl Default for Options {
    fn default() -> Options {
        Options::RULES
    }
}

/// The mulligan process (103.5) while it lasts: who kept its hand, who declared a mulligan in
/// this round (taken once every player still deciding has declared), and how many cards each
/// has still to put on the bottom of its library.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Opening {
    pub kept: [bool; 2],
    pub declared: [bool; 2],
    pub to_bottom: [u8; 2],
}

/// No card (an object the duel has no card for: a player, or a kernel object of a card not in
/// the pool).
pub const NO_CARD: CardId = CardId::MAX;

/// One player's side: what the duel keeps that the kernel doesn't (the hidden zones and the
/// turn's facts about the player); its permanents and graveyard are the kernel's
/// (`Game::zone_objects`).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Side {
    /// Top of the library last.
    pub library: Block<CardId, 48>,
    /// The cards at the bottom of the library that the player put there itself (103.5), in
    /// their order (`library[..bottom]`): it knows them (`resample` keeps them).
    pub bottom: u8,
    /// The mulligans the player took (103.5).
    pub mulligans: u8,
    /// In the canonical order: ascending card id.
    pub hand: Block<CardId, 16>,
    /// Attempted to draw from an empty library since the last check (704.5b).
    pub drew_from_empty: bool,
    /// The lands it played this turn (305.2; hashed as the flag it was while one at most).
    pub lands_played: u8,
    /// Cards of this player that an opponent can't tell apart: how many of each card are in
    /// its hand and library together, counted from public information only (the deck list,
    /// minus the cards seen leaving those zones). `resample` deals these.
    pub unseen: Block<u8, 48>,
    /// The cards of its hand its opponent saw it reveal (701.20a: "Target opponent reveals
    /// their hand") that are still there, ascending: `resample` keeps them in the hand.
    pub revealed: Block<CardId, 16>,
}

/// A short list of plain values, copied as one block (`SmallVec::clone` copies item by item;
/// a duel's hidden zones are copied with every copy of it: docs/PERFORMANCE.md, "Small
/// vectors copied as blocks").
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Block<T: Copy, const N: usize>(pub SmallVec<[T; N]>);

impl<T: Copy, const N: usize> Clone for Block<T, N> {
    fn clone(&self) -> Self {
        Block(SmallVec::from_slice(&self.0))
    }

    /// Keeps this list's buffer if it has one on the heap.
    fn clone_from(&mut self, src: &Self) {
        if self.0.spilled() || src.0.spilled() {
            self.0.clear();
            self.0.extend_from_slice(&src.0);
        } else {
            self.0 = SmallVec::from_slice(&src.0);
        }
    }
}

impl<T: Copy, const N: usize> std::ops::Deref for Block<T, N> {
    type Target = SmallVec<[T; N]>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a Block<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T: Copy, const N: usize> std::ops::DerefMut for Block<T, N> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

// The cards seen revealed are hashed only when there are some: a state without them hashes as
// it did before they existed (the pinned trajectories stay as they were).
impl std::hash::Hash for Side {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (
            &self.library,
            self.bottom,
            self.mulligans,
            &self.hand,
            self.drew_from_empty,
            self.lands_played,
            &self.unseen,
        )
            .hash(h);
        if !self.revealed.is_empty() {
            self.revealed.hash(h);
        }
    }
}

impl Side {
    /// The top card of the library, taken off it (a draw, 121.1): the cards put on the bottom
    /// that are left stay known.
    #[inline]
    pub(crate) fn draw_top(&mut self) -> Option<CardId> {
        let c = self.library.pop()?;
        if self.library.len() < self.bottom as usize {
            self.bottom = self.library.len() as u8;
        }
        Some(c)
    }

    /// Card `c` leaves the hand for a public zone: the opponent has seen it (it leaves the
    /// cards it can't tell apart, and those it saw revealed there).
    pub(crate) fn seen_leaving_hand(&mut self, c: CardId) {
        self.unseen[c as usize] = self.unseen[c as usize].saturating_sub(1);
        if let Some(i) = self.revealed.iter().position(|&r| r == c) {
            self.revealed.remove(i);
        }
    }

    /// One more copy of card `c` could be in the hand or library (counted up to 255: the
    /// reference duel counts the same way).
    pub(crate) fn note_unseen(&mut self, c: CardId) {
        let k = &mut self.unseen[c as usize];
        *k = k.saturating_add(1);
    }
}

/// Inserts keeping ascending order (the canonical hand order).
pub(crate) fn insert_sorted(v: &mut Block<CardId, 16>, c: CardId) {
    let i = v.partition_point(|&x| x <= c);
    v.insert(i, c);
}

impl Duel {
    /// p's hand, to be changed: the change is counted (`Cache::hand_changes`).
    pub(crate) fn hand_mut(&mut self, p: usize) -> &mut Block<CardId, 16> {
        self.cache.hand_changes[p] = self.cache.hand_changes[p].wrapping_add(1);
        &mut self.state.sides[p].hand
    }
}

/// A spell or ability on the stack (405).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// A spell cast with flashback (702.34a): exiled instead of going anywhere else as it
    /// leaves the stack.
    pub flashback: bool,
    /// A kicked spell (702.33d): the permanent it becomes was kicked.
    pub kicked: bool,
    /// The card discarded for the spell's additional cost (601.2h), in its graveyard.
    pub discarded: Option<u32>,
}

// The choices of costs few spells have (flashback, an alternative cost, a discard or a sacrifice
// as a cost) are hashed only when made: a state without them hashes as it did before they existed
// (the pinned trajectories of pools without such cards stay as they were).
impl std::hash::Hash for StackItem {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.kind.hash(h);
        self.object.hash(h);
        self.card.hash(h);
        self.ability.hash(h);
        self.controller.hash(h);
        self.x.hash(h);
        self.targets.hash(h);
        self.num_targets.hash(h);
        self.triggering.hash(h);
        if self.flashback {
            self.flashback.hash(h);
        }
        if self.kicked {
            (2u8, self.kicked).hash(h);
        }
        if self.discarded.is_some() {
            (3u8, self.discarded).hash(h);
        }
    }
}

impl std::hash::Hash for Casting {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.kind.hash(h);
        self.player.hash(h);
        self.card.hash(h);
        self.ability.hash(h);
        self.source.hash(h);
        self.triggering.hash(h);
        self.x.hash(h);
        self.max_x.hash(h);
        self.targets.hash(h);
        self.num_targets.hash(h);
        self.targets_needed.hash(h);
        let costs = (
            self.flashback,
            self.discards,
            self.alternative,
            self.sacrifices,
            self.sacrificing,
        );
        if costs != Default::default() {
            costs.hash(h);
        }
        if self.from_exile {
            self.from_exile.hash(h);
        }
        if self.kicked {
            (2u8, self.kicked).hash(h);
        }
        if self.discarding || self.discarded.is_some() {
            (3u8, self.discarding, self.discarded).hash(h);
        }
        // "Up to N" targets left unchosen (601.2c), likewise.
        if (self.skipped, self.up_to_ended) != Default::default() {
            (4u8, self.skipped, self.up_to_ended).hash(h);
        }
        if self.madness {
            (5u8, self.madness).hash(h);
        }
        if self.plotted {
            (6u8, self.plotted).hash(h);
        }
        if self.or_paid {
            (7u8, self.or_paid).hash(h);
        }
        if self.remove_counters != 0 {
            (8u8, self.remove_counters).hash(h);
        }
    }
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
    /// What it attacks (506.3, 508.1b): the defending player (its id), or a planeswalker the
    /// defending player controlled as attackers were declared (its kernel id).
    pub target: u32,
    /// Blocked stays true even if its blockers leave (509.1h).
    pub blocked: bool,
}

#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Combat {
    /// Creatures that could be declared as attackers or blockers, being decided in order.
    pub candidates: Vec<u32>,
    pub attackers: Vec<Attacker>,
    /// (blocker, attacker slot), in declaration order.
    pub blocks: Vec<(u32, u8)>,
    /// The defending player's permanent slots of what can be attacked besides it (506.3,
    /// 508.1b: its planeswalkers), bit j for slot j, found as the declaration of attackers
    /// begins (nothing changes during it but set-up: `add_card` finds them again).
    pub attackable: u32,
    /// The attackers with menace (702.111b), bit a for the attacker at place a (at most 24
    /// attack), found as the declaration of blockers begins (as `attackable` is).
    pub menace: u32,
    /// The combat damage assignments of this damage step made so far by the division of
    /// attacking creatures' damage among their blockers (510.1c, 702.19b): (attacker,
    /// recipient, amount), each attacker's together, its blockers' in declaration order.
    pub assigned: Vec<(u32, u32, u64)>,
}

/// A spell being cast: choices made so far (601.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
    /// The places of "up to N" targets left unchosen (601.2c): a target's places are its
    /// count, so the next choice is for place `num_targets + skipped`.
    pub skipped: u8,
    /// An "up to N" target was left short: the later ones are left empty (the runtime gives
    /// the chosen entities to "up to" targets in declaration order).
    pub up_to_ended: bool,
    /// A spell cast from its owner's graveyard with flashback (702.34a): its object, moved to
    /// the stack as casting began, is `source`.
    pub flashback: bool,
    /// A spell cast from exile (impulse draw): its object, moved to the stack as casting
    /// began, is `source`.
    pub from_exile: bool,
    /// Cards still to be discarded for the cost (602.2b, 701.9a).
    pub discards: u8,
    /// The spell is cast for its alternative cost (118.9).
    pub alternative: bool,
    /// Its kicker cost is paid too (702.33a).
    pub kicked: bool,
    /// Cast for its madness cost (702.35a, an alternative cost) from exile.
    pub madness: bool,
    /// A plotted card cast from exile without paying its mana cost (702.170d).
    pub plotted: bool,
    /// Cards are being discarded for the spell's additional cost (601.2h), the last one
    /// `discarded`.
    pub discarding: bool,
    pub discarded: Option<u32>,
    /// Permanents still to be sacrificed for the cost (601.2h, 701.21a), once `sacrificing`.
    pub sacrifices: u8,
    pub sacrificing: bool,
    /// The mana its additional cost allows instead of its sacrifice is paid ("sacrifice a
    /// creature or pay {3}{B}", 601.2b).
    pub or_paid: bool,
    /// Counters to remove from among the caster's creatures as the cost is paid: a card cast
    /// from its graveyard "by removing six counters from among creatures you control in
    /// addition to paying its other costs" (601.2f–h).
    pub remove_counters: u8,
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
    /// A resample dealing the opponent's hidden cards from a prior: the record's `priors[prior]`.
    ResampleFrom {
        player: u8,
        seed: u64,
        prior: u32,
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
    /// The untapped sources being paid with: (colours, is a land).
    sources: Vec<(u8, bool)>,
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

/// A two-player duel: its position, its record and its cache (the module's documentation).
/// Two duels are equal when their positions are (`State`); a copy copies all three
/// (`clone`).
#[derive(Debug)]
pub struct Duel {
    pub(crate) state: State,
    pub(crate) record: Record,
    pub(crate) cache: Cache,
    scratch: Scratch,
}

impl PartialEq for Duel {
    fn eq(&self, other: &Duel) -> bool {
        self.state == other.state
    }
}

impl Eq for Duel {}

/// The position: everything the rules read from now on. Equality and the hash are these fields.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The kernel: every public zone and every object's state (permanents, the spells on the
    /// stack, graveyards, exile, life, counters, damage, effects, tapped status).
    pub(crate) game: Game,
    pub(crate) pool: Pool,
    /// The duel's own random stream (shuffles, the starting player).
    pub(crate) rng: SplitMix,
    pub(crate) turn_limit: u32,
    /// The variant of the rules played (its set-up).
    pub(crate) options: Options,
    /// The mulligan process (103.5), before the first turn.
    pub(crate) opening: Opening,
    /// A player with nothing to do but pass passes without a decision (docs/DUEL.md); off,
    /// every priority is a decision (tests step through the turn with it).
    pub(crate) auto_pass: bool,
    pub(crate) turn: u32,
    pub(crate) active: u8,
    pub(crate) step: Step,
    pub(crate) priority: u8,
    /// Consecutive passes (117.4: all players pass in succession).
    pub(crate) passes: u8,
    pub(crate) pending: Pending,
    pub(crate) sides: [Side; 2],
    /// The permanents not continuously controlled since their controller's most recent turn
    /// began (302.6), ascending.
    pub(crate) sick: Block<u32, 8>,
    pub(crate) stack: Vec<StackItem>,
    pub(crate) combat: Combat,
    pub(crate) casting: Casting,
    pub(crate) outcome: Option<Outcome>,
    /// The legendary permanents their controllers chose to keep for the state-based actions
    /// about to be performed (704.5j), one per group decided so far.
    pub(crate) legend_keep: SmallVec<[u32; 2]>,
    /// A resolution waiting for its controller's answer.
    pub(crate) resolving: Option<Box<effects::Resolving>>,
    /// Events since triggered abilities were last put on the stack (603.2).
    pub(crate) events: Vec<GameEvent>,
    /// Triggered abilities waiting to be put on the stack, in APNAP order (the first is having
    /// its targets chosen).
    pub(crate) trigger_queue: Vec<Fired>,
    /// What happened this turn (603.4: morbid, raid), kept only when the pool's cards read it.
    pub(crate) history: History,
    /// The cards in exile their players may play (impulse draw), and the graveyard cards they
    /// may cast this turn by a permission.
    pub(crate) may_play: MayPlayList,
    /// The plotted cards (702.170a), in the order they were plotted.
    pub(crate) plotted: PlottedList,
    /// The delayed triggered abilities waiting for the beginning of the next end step
    /// (603.7a), in the order they were created.
    pub(crate) delayed: DelayedList,
    /// Each player's mana pool (106.4): the mana an effect added, by colour (WUBRG), until it
    /// is spent or the step or phase ends (500.4).
    pub(crate) mana_pool: ManaPool,
    /// The Auras and Equipment attached to permanents (301.5c, 303.4), in the order they were
    /// attached.
    pub(crate) attachments: Attachments,
    /// The extra turns to take (500.7), by player, the most recently created last.
    pub(crate) extra_turns: ExtraTurns,
    /// The abilities that trigger only once each turn that triggered this turn (603.2h).
    pub(crate) fired_once: FiredOnce,
    /// The cards exiled "until this permanent leaves the battlefield" (610.3), each with that
    /// permanent, in the order they were exiled.
    pub(crate) exiled_until: ExiledUntilList,
    /// The permanents that have "When this creature dies, …" until end of turn (613.1f): each
    /// as it will trigger (the object as source and as what it is about; the controller is
    /// read as it dies).
    pub(crate) dies_triggers: DelayedList,
    /// The permanents whose loyalty ability was activated this turn (606.3).
    pub(crate) loyalty_used: activation::LoyaltyUsed,
    /// The "Activate only once" abilities activated (602.5b).
    pub(crate) activated_once: activation::ActivatedOnce,
    /// The permanents controlled until end of turn by another player than before (613.1b),
    /// each with that player, to whom it returns at cleanup (514.2).
    pub(crate) control_until_cleanup: ControlUntilCleanup,
    /// The graveyard cards that gained flashback until end of turn (702.34a).
    pub(crate) flashback_granted: FlashbackGranted,
    /// The exiled cards the controller of the ability that exiled them may cast without paying
    /// their mana costs (Etali, Primal Storm), offered one by one as it has resolved.
    pub(crate) free_casts: FreeCasts,
    /// The permanent types the active player used this turn to play cards from its graveyard
    /// by Muldrotha, the Gravetide's permission.
    pub(crate) graveyard_types_played: GraveyardTypesPlayed,
    /// The colours chosen for permanents as they entered (614.12, 607.2), in the order they
    /// were chosen.
    pub(crate) chosen_colours: chosen::ChosenColours,
    /// The permanents that gained a triggered ability for as long as they stay (613.1f).
    pub(crate) gained_abilities: GainedAbilities,
    /// The creature types chosen for permanents as they entered (614.12, 607.2), in the order
    /// they were chosen.
    pub(crate) chosen_types: chosen::ChosenTypes,
    /// The bonuses counted for permanents with "+1/+1 for each creature card in your
    /// graveyard" (613.4c), in the order they were first counted.
    pub(crate) counted_bonuses: counted::CountedBonuses,
}

/// How the game got here: the set-up and everything that happened since, which the bytes are
/// (reading them replays it).
#[derive(Debug)]
pub struct Record {
    pub(crate) seed: u64,
    pub(crate) decks: Arc<[Vec<CardId>; 2]>,
    pub(crate) log: Vec<Op>,
    /// The priors the log's resamples dealt from (`Op::ResampleFrom` names one by its place).
    pub(crate) priors: Vec<Prior>,
    /// Decisions taken (actions applied): the decision cap reads it.
    pub(crate) decisions: u32,
}

use cardstate_core::clone_fields;

clone_fields!(State {
    game,
    pool,
    rng,
    turn_limit,
    options,
    opening,
    auto_pass,
    turn,
    active,
    step,
    priority,
    passes,
    pending,
    sides,
    sick,
    stack,
    combat,
    casting,
    outcome,
    legend_keep,
    resolving,
    events,
    trigger_queue,
    history,
    may_play,
    plotted,
    delayed,
    mana_pool,
    attachments,
    extra_turns,
    fired_once,
    exiled_until,
    dies_triggers,
    loyalty_used,
    activated_once,
    control_until_cleanup,
    flashback_granted,
    free_casts,
    graveyard_types_played,
    chosen_colours,
    gained_abilities,
    chosen_types,
    counted_bonuses,
});

clone_fields!(Side {
    library,
    bottom,
    mulligans,
    hand,
    drew_from_empty,
    lands_played,
    unseen,
    revealed,
});

clone_fields!(Combat {
    candidates,
    attackers,
    blocks,
    attackable,
    menace,
    assigned,
});

clone_fields!(Record {
    seed,
    decks,
    log,
    priors,
    decisions,
});
