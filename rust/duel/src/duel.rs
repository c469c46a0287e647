//! The duel's state and its flow: game start (103), the turn (500–514), priority (117) and the
//! stack (405), casting (601), combat (506–511) and the end of the game (104, 704.5b).
//!
//! Hidden zones (libraries and hands) are lists of card ids kept by the duel; a card becomes a
//! kernel object when it enters a public zone (stack, battlefield, graveyard). Everything public
//! lives in the kernel `Game`, and every damage event and state-based action goes through it.

use std::sync::Arc;

use cardstate_core::events::EventKind;
use cardstate_core::game::Game;
use cardstate_core::keywords::Keywords;
use cardstate_core::{Ruleset, Zone};

use crate::actions::{self, Action};
use crate::cards::{kw, types, CardId, CardTable};
use crate::mana::{choose_sources, Available, Colour};
use crate::rng::SplitMix;
use cardstate_effects::triggers::{Fired, GameEvent};
use smallvec::SmallVec;

/// Cards in hand at the end of cleanup (514.1).
pub const MAX_HAND_SIZE: usize = 7;
/// Cards in an opening hand (103.5).
pub const OPENING_HAND: usize = 7;
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
    /// "may" and for each proliferate candidate, or an amount.
    Resolve,
    /// The game is over.
    Over,
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
    /// The kernel's hash when state-based actions were last checked: an unchanged kernel has
    /// none to perform (704.3 looks only at the state).
    pub(crate) sba_hash: u64,
    /// Something that can make a state-based action apply happened since the last check
    /// (damage, resolution, the end of "until end of turn" effects, set-up). Playing a land
    /// and putting a spell on the stack can't (the kernel has no legend rule yet).
    pub(crate) sba_due: bool,
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
    pub(crate) permanents: Vec<(u32, cardstate_effects::CardId)>,
    /// By card: an object of it already in the kernel, whose printed card new objects share
    /// (`Game::create_like`), or `u32::MAX`.
    pub(crate) templates: Vec<u32>,
    /// Each player's legal actions at priority, with the state they were found in (a cache,
    /// not state: see `PriorityMemo`).
    memo: [PriorityMemo; 2],
    scratch: Scratch,
}

/// A player's legal actions at priority and the state they were found in
/// (`Duel::memo_holds`). The automatic passes of a turn ask the same question of an unchanged
/// state again and again (each step gives both players priority); an unchanged state answers
/// it without computing again, and the decision's `legal_actions` reuses the list.
/// docs/PERFORMANCE.md has its row.
#[derive(Clone, Debug, Default)]
struct PriorityMemo {
    valid: bool,
    /// The kernel's hash: permanents, tapped status, life, counters, effects, and the spells
    /// on the stack (they are kernel objects).
    kernel: u64,
    /// Summoning sickness ends only as a turn begins (or with a kernel change).
    turn: u32,
    /// Whether the player had sorcery timing, and whether it had played a land.
    timing: u8,
    /// Only its emptiness (sorcery timing) and its spells (kernel objects) matter.
    stack_len: u8,
    hand: SmallVec<[CardId; 16]>,
    actions: SmallVec<[u32; 32]>,
}

impl Clone for Side {
    fn clone(&self) -> Side {
        Side {
            library: self.library.clone(),
            hand: self.hand.clone(),
            battlefield: self.battlefield.clone(),
            graveyard: self.graveyard.clone(),
            drew_from_empty: self.drew_from_empty,
            land_played: self.land_played,
            unseen: self.unseen.clone(),
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

/// `dst = src`, keeping dst's buffer.
fn copy_into<A: smallvec::Array>(dst: &mut SmallVec<A>, src: &SmallVec<A>)
where
    A::Item: Copy,
{
    dst.clear();
    dst.extend_from_slice(src);
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
            cleanup_due: self.cleanup_due,
            resolving: self.resolving.clone(),
            events: self.events.clone(),
            trigger_queue: self.trigger_queue.clone(),
            fired: Vec::new(),
            permanents: Vec::new(),
            templates: self.templates.clone(),
            memo: self.memo.clone(),
            scratch: Scratch::default(),
        }
    }

    fn clone_from_impl(&mut self, src: &Duel) {
        self.game.clone_from(&src.game);
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
        self.cleanup_due = src.cleanup_due;
        self.resolving.clone_from(&src.resolving);
        self.events.clone_from(&src.events);
        self.trigger_queue.clone_from(&src.trigger_queue);
        self.templates.clone_from(&src.templates);
        self.memo[0].clone_from(&src.memo[0]);
        self.memo[1].clone_from(&src.memo[1]);
    }
}

impl Duel {
    /// A new duel (103): each library shuffled by the seed, the starting player chosen by the
    /// seed (103.1), seven cards each (103.5). No mulligans.
    pub fn new(
        cards: Arc<CardTable>,
        deck0: &[CardId],
        deck1: &[CardId],
        seed: u64,
        turn_limit: u32,
    ) -> Result<Duel, DuelError> {
        for d in [deck0, deck1] {
            if let Some(&c) = d.iter().find(|&&c| c as usize >= cards.len()) {
                return err(format!("unknown card id {c} in a deck"));
            }
        }
        if turn_limit == 0 {
            return err("turn_limit must be at least 1");
        }
        // Every duel's kernel starts the same (the duel's own generator is seeded instead):
        // cloning one made once skips building the kernel's tables per game.
        static EMPTY: std::sync::OnceLock<Game> = std::sync::OnceLock::new();
        let game = EMPTY
            .get_or_init(|| {
                let mut g = Game::new(2, Ruleset::Mtg, 0).expect("a valid game");
                // The pool's subtype names interned once, into the table every game starts
                // with (the names, not their ids, are the state: bytes, hash and equality
                // read names), so a game's first object of a card doesn't copy the table.
                for c in &CardTable::pool().cards {
                    let _ = g.validate_card(&c.spec);
                }
                g
            })
            .clone();
        let mut d = Duel {
            game,
            decks: Arc::new([deck0.to_vec(), deck1.to_vec()]),
            seed,
            rng: SplitMix::new(seed),
            turn_limit,
            turn: 1,
            active: 0,
            step: Step::Untap,
            priority: 0,
            passes: 0,
            pending: Pending::Begin,
            sides: Default::default(),
            objs: vec![
                Obj {
                    card: NO_CARD,
                    flags: 0
                };
                2
            ],
            stack: Vec::new(),
            combat: Combat::default(),
            casting: Casting::default(),
            outcome: None,
            log: Vec::new(),
            decisions: 0,
            auto_pass: true,
            sba_hash: 0,
            sba_due: true,
            cleanup_due: false,
            resolving: None,
            events: Vec::new(),
            trigger_queue: Vec::new(),
            fired: Vec::new(),
            permanents: Vec::new(),
            templates: Vec::new(),
            memo: Default::default(),
            scratch: Scratch::default(),
            cards,
        };
        // The duel never reads the kernel's event log except right after its own calls.
        for p in 0..2 {
            let deck = d.decks[p].clone();
            let side = &mut d.sides[p];
            side.unseen = smallvec::smallvec![0; d.cards.len()];
            for &c in &deck {
                side.unseen[c as usize] = side.unseen[c as usize].saturating_add(1);
            }
            side.library = deck.iter().copied().collect();
            d.rng.shuffle(&mut d.sides[p].library);
        }
        d.active = (d.rng.next_u64() & 1) as u8;
        d.priority = d.active;
        for p in 0..2 {
            for _ in 0..OPENING_HAND {
                d.draw(p);
            }
        }
        d.run();
        Ok(d)
    }

    /// An independent copy whose kernel shares its entity storage copy-on-write (cheaper than
    /// `clone` when the copy changes little before it is dropped: search).
    pub fn fork(&mut self) -> Duel {
        let game = self.game.share();
        self.clone_with(game)
    }

    /// The actions taken so far, in order.
    pub fn history(&self) -> impl Iterator<Item = u32> + '_ {
        self.log.iter().filter_map(|op| match op {
            Op::Action(a) => Some(*a),
            _ => None,
        })
    }

    // ----- reading ------------------------------------------------------------------------

    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn cards(&self) -> &CardTable {
        &self.cards
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn turn_limit(&self) -> u32 {
        self.turn_limit
    }
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn step(&self) -> Step {
        self.step
    }
    pub fn active_player(&self) -> u8 {
        self.active
    }
    pub fn pending(&self) -> Pending {
        self.pending
    }
    pub fn side(&self, p: usize) -> &Side {
        &self.sides[p]
    }
    pub fn stack(&self) -> &[StackItem] {
        &self.stack
    }
    pub fn combat(&self) -> &Combat {
        &self.combat
    }
    pub fn log(&self) -> &[Op] {
        &self.log
    }
    pub fn decisions(&self) -> u32 {
        self.decisions
    }
    pub fn obj(&self, id: u32) -> Obj {
        self.objs.get(id as usize).copied().unwrap_or(Obj {
            card: NO_CARD,
            flags: 0,
        })
    }
    pub fn is_tapped(&self, id: u32) -> bool {
        self.game.is_tapped(id).unwrap_or(false)
    }
    /// The most decisions a game can have: `DECISIONS_PER_TURN` per turn of the turn limit;
    /// a game that reaches it ends in a draw (docs/DUEL.md), so it is a true bound.
    pub fn max_game_length(&self) -> u32 {
        self.turn_limit.saturating_mul(DECISIONS_PER_TURN)
    }

    pub fn auto_pass(&self) -> bool {
        self.auto_pass
    }

    /// Turns automatic passing on or off (it takes effect at the next priority).
    pub fn set_auto_pass(&mut self, on: bool) {
        self.auto_pass = on;
        self.run();
    }

    pub fn is_terminal(&self) -> bool {
        self.pending == Pending::Over
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The player to decide, or `TERMINAL`.
    pub fn current_player(&self) -> i32 {
        match self.pending {
            Pending::Over => TERMINAL,
            p => self.decider(p) as i32,
        }
    }

    fn decider(&self, p: Pending) -> u8 {
        match p {
            Pending::Attack(_) => self.active,
            Pending::Block(_) => 1 - self.active,
            Pending::ChooseX | Pending::Target => self.casting.player,
            Pending::Resolve => self
                .resolving
                .as_ref()
                .map_or(self.priority, |r| r.item.controller),
            _ => self.priority,
        }
    }

    /// `[1, -1]`, `[-1, 1]`, `[0, 0]` for a draw or a game not over.
    pub fn returns(&self) -> [f64; 2] {
        match self.outcome {
            Some(Outcome::Winner(0)) => [1.0, -1.0],
            Some(Outcome::Winner(_)) => [-1.0, 1.0],
            _ => [0.0, 0.0],
        }
    }

    // ----- legal actions -------------------------------------------------------------------

    /// The legal actions, ascending, into `out` (cleared first).
    pub fn legal_actions(&self, out: &mut Vec<u32>) {
        out.clear();
        match self.pending {
            Pending::Over | Pending::Begin => {}
            Pending::Priority => {
                let p = self.priority as usize;
                if self.memo_holds(p) {
                    out.extend_from_slice(&self.memo[p].actions);
                } else {
                    self.priority_actions(p, out);
                }
            }
            Pending::Attack(_) => {
                out.push(actions::NO);
                out.push(actions::ATTACK);
            }
            Pending::Block(i) => {
                out.push(actions::NO);
                let b = self.combat.candidates[i as usize];
                for (a, att) in self.combat.attackers.iter().enumerate() {
                    if self.can_block(b, att.id) {
                        out.push(actions::BLOCK + a as u32);
                    }
                }
            }
            Pending::ChooseX => {
                for n in 0..=self.casting.max_x.min(actions::MAX_AMOUNT) {
                    out.push(actions::CHOOSE + n);
                }
            }
            Pending::Target => self.legal_target_slots(out),
            Pending::Resolve => self.legal_resolve_actions(out),
        }
    }

    pub fn is_legal(&self, a: u32) -> bool {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.binary_search(&a).is_ok()
    }

    /// The legal actions of p at priority, ascending, appended to `out`: pass, the hand slots
    /// p may play or cast, the activations p can make. The mana p has is counted only if a
    /// spell or an ability could use it.
    fn priority_actions(&self, p: usize, out: &mut Vec<u32>) {
        out.push(actions::PASS);
        let mut avail = None;
        let sorcery_timing = self.sorcery_timing(p);
        let hand = &self.sides[p].hand;
        for (i, &c) in hand.iter().enumerate().take(actions::HAND_SLOTS as usize) {
            // Equal cards are interchangeable: offer the first slot of each.
            if i > 0 && hand[i - 1] == c {
                continue;
            }
            if self.can_play(p, c, sorcery_timing, &mut avail) {
                out.push(actions::PLAY + i as u32);
            }
        }
        for (j, &id) in self.sides[p]
            .battlefield
            .iter()
            .enumerate()
            .take(actions::PERMANENT_SLOTS as usize)
        {
            let n = self.cards.get(self.objs[id as usize].card).activated.len();
            if n == 0 {
                continue;
            }
            let avail = avail.get_or_insert_with(|| self.available(p));
            for k in 0..n.min(actions::ABILITIES as usize) {
                if self.can_activate(p, j, k, avail) {
                    out.push(actions::ACTIVATE + j as u32 * actions::ABILITIES + k as u32);
                }
            }
        }
    }

    /// Whether p's memo was made in a state where p's legal actions at priority are those of
    /// now: they depend on the kernel's state, p's hand, whether p has sorcery timing and has
    /// played a land, the summoning sickness of p's permanents (it changes only as a turn
    /// begins or as the kernel changes) and the stack (its spells are kernel objects; of the
    /// rest only whether it is empty counts).
    fn memo_holds(&self, p: usize) -> bool {
        let m = &self.memo[p];
        m.valid
            && m.kernel == self.game.hash()
            && m.turn == self.turn
            && m.timing == self.memo_timing(p)
            && m.stack_len as usize == self.stack.len()
            && m.hand == self.sides[p].hand
    }

    fn memo_timing(&self, p: usize) -> u8 {
        self.sorcery_timing(p) as u8 | (self.sides[p].land_played as u8) << 1
    }

    /// Makes p's memo hold its legal actions at priority in the current state.
    fn refresh_memo(&mut self, p: usize) {
        if self.memo_holds(p) {
            return;
        }
        let mut actions = std::mem::take(&mut self.scratch.actions);
        actions.clear();
        self.priority_actions(p, &mut actions);
        let timing = self.memo_timing(p);
        let m = &mut self.memo[p];
        m.actions.clear();
        m.actions.extend_from_slice(&actions);
        self.scratch.actions = actions;
        // A stack too tall to count in a byte is never remembered.
        m.valid = self.stack.len() < u8::MAX as usize;
        m.kernel = self.game.hash();
        m.turn = self.turn;
        m.timing = timing;
        m.stack_len = self.stack.len() as u8;
        m.hand.clear();
        m.hand.extend_from_slice(&self.sides[p].hand);
    }

    /// The memo of the player with priority after a change made outside `run` (resample).
    pub(crate) fn refresh_priority_memo(&mut self) {
        if self.pending == Pending::Priority {
            self.refresh_memo(self.priority as usize);
        }
    }

    /// 307.1: the active player in a main phase with an empty stack.
    pub(crate) fn sorcery_timing(&self, p: usize) -> bool {
        self.active as usize == p
            && matches!(self.step, Step::Main1 | Step::Main2)
            && self.stack.is_empty()
    }

    /// Whether p may play or cast card c from its hand now (305.1–305.2, 307.1, 601.3), given
    /// whether p has sorcery timing; the mana p has is counted into `avail` when first needed.
    fn can_play(
        &self,
        p: usize,
        c: CardId,
        sorcery_timing: bool,
        avail: &mut Option<Available>,
    ) -> bool {
        let card = self.cards.get(c);
        if card.is_land() {
            return sorcery_timing && !self.sides[p].land_played;
        }
        if !card.supported {
            return false;
        }
        if !(sorcery_timing || card.is(types::INSTANT)) {
            return false;
        }
        if !card.is_permanent() && (card.spell.is_none() || self.cards.db.is_none()) {
            return false;
        }
        let avail = avail.get_or_insert_with(|| self.available(p));
        avail.can_pay(&card.cost, 0, self.life(p))
            && (card.spell.is_none()
                || self.targets_available(p, self.target_specs(c, card.spell), None))
    }

    pub(crate) fn life(&self, p: usize) -> i64 {
        self.game.life(p as u32).unwrap_or(0)
    }

    /// p's untapped mana sources by colour.
    pub fn available(&self, p: usize) -> Available {
        let mut a = Available::default();
        for &id in &self.sides[p].battlefield {
            if let Some(c) = self.mana_source(id) {
                a.0[c as usize] += 1;
            }
        }
        a
    }

    /// The colour an untapped source can add now (a creature needs no summoning sickness,
    /// 302.6).
    fn mana_source(&self, id: u32) -> Option<Colour> {
        let o = self.objs[id as usize];
        let card = self.cards.get(o.card);
        let colour = card.mana?;
        if self.is_tapped(id) {
            return None;
        }
        if o.flags & flag::SICK != 0 && card.is(types::CREATURE) && !self.has(id, kw::HASTE) {
            return None;
        }
        Some(colour)
    }

    fn keywords(&self, id: u32) -> Keywords {
        match self.game.entity(id) {
            Ok(e) => self.game.keywords_of(e),
            Err(_) => Keywords::EMPTY,
        }
    }

    pub(crate) fn has(&self, id: u32, k: Keywords) -> bool {
        self.keywords(id).intersects(k)
    }

    fn is_permanent(&self, id: u32) -> bool {
        self.game.entity(id).is_ok_and(|e| e.is_permanent())
    }

    fn is_creature(&self, id: u32) -> bool {
        self.game
            .entity(id)
            .is_ok_and(|e| e.is_permanent() && e.is_creature())
    }

    fn power(&self, id: u32) -> u64 {
        match self.game.entity(id) {
            Ok(e) => self.game.power_of(e).unwrap_or(0).max(0) as u64,
            Err(_) => 0,
        }
    }

    /// Damage that is lethal to a creature now (120.6, 702.2c with a deathtouch source).
    fn lethal(&self, id: u32, deathtouch: bool) -> u64 {
        let Ok(e) = self.game.entity(id) else {
            return 0;
        };
        let left = self.game.toughness_of(e).unwrap_or(0) - e.damage as i128;
        if left <= 0 {
            0
        } else if deathtouch {
            1
        } else {
            left as u64
        }
    }

    // ----- applying ---------------------------------------------------------------------

    /// Applies a legal action; an illegal one is an error and changes nothing.
    pub fn apply_action(&mut self, a: u32) -> Result<(), DuelError> {
        let mut legal = std::mem::take(&mut self.scratch.actions);
        self.legal_actions(&mut legal);
        let ok = legal.binary_search(&a).is_ok();
        self.scratch.actions = legal;
        if !ok {
            return err(match self.pending {
                Pending::Over => format!("action {a} is illegal: the game is over"),
                _ => format!("action {a} is not legal now"),
            });
        }
        self.apply_legal(a);
        Ok(())
    }

    /// Applies an action known to be legal (search: skips the check).
    pub fn apply_legal(&mut self, a: u32) {
        self.log.push(Op::Action(a));
        self.decisions += 1;
        if self.decisions >= self.max_game_length() {
            // The decision cap (docs/DUEL.md): the game is a draw.
            self.outcome = Some(Outcome::Draw);
            self.pending = Pending::Over;
            return;
        }
        match (self.pending, Action::decode(a)) {
            (Pending::Priority, Some(Action::Pass)) => self.pass_priority(),
            (Pending::Priority, Some(Action::Play(i))) => {
                let p = self.priority as usize;
                let c = self.sides[p].hand[i as usize];
                self.begin_cast(p, i as usize, c);
            }
            (Pending::Attack(i), Some(Action::Attack)) => {
                let id = self.combat.candidates[i as usize];
                self.combat.attackers.push(Attacker { id, blocked: false });
                self.next_attack(i);
            }
            (Pending::Attack(i), Some(Action::No)) => self.next_attack(i),
            (Pending::Block(i), Some(Action::Block(a))) => {
                let b = self.combat.candidates[i as usize];
                self.combat.blocks.push((b, a as u8));
                self.combat.attackers[a as usize].blocked = true;
                self.next_block(i);
            }
            (Pending::Block(i), Some(Action::No)) => self.next_block(i),
            (Pending::Priority, Some(Action::Activate(j, k))) => {
                let p = self.priority as usize;
                self.begin_activate(p, j as usize, k as usize);
            }
            (Pending::ChooseX, Some(Action::Choose(n))) => {
                self.casting.x = n;
                self.start_targets();
            }
            (Pending::Target, Some(Action::Target(t))) => self.choose_target(t),
            (Pending::Resolve, Some(Action::Yes)) => self.resolve_decision(Some(true), None),
            (Pending::Resolve, Some(Action::No)) => self.resolve_decision(Some(false), None),
            (Pending::Resolve, Some(Action::Choose(n))) => self.resolve_decision(None, Some(n)),
            _ => {}
        }
        self.run();
    }

    /// Plays the game until a decision is needed or it is over.
    fn run(&mut self) {
        loop {
            match self.pending {
                Pending::Over => return,
                Pending::Begin => self.begin_step(),
                Pending::Priority => {
                    // 117.5: state-based actions before a player would receive priority.
                    self.check_state_based_actions();
                    if self.pending == Pending::Over {
                        return;
                    }
                    // 603.3: triggered abilities go on the stack before priority.
                    if (!self.events.is_empty() || !self.trigger_queue.is_empty())
                        && self.put_triggers_on_stack()
                    {
                        return;
                    }
                    let p = self.priority as usize;
                    self.refresh_memo(p);
                    // Pass alone is no choice.
                    if !self.auto_pass || self.memo[p].actions.len() > 1 {
                        return;
                    }
                    // Nothing to do but pass: pass without a decision (docs/DUEL.md).
                    self.pass_priority();
                }
                _ => return,
            }
        }
    }

    pub(crate) fn give_priority(&mut self, p: u8) {
        self.priority = p;
        self.passes = 0;
        self.pending = Pending::Priority;
    }

    /// 117.3d, 117.4, 405.5, 500.2.
    fn pass_priority(&mut self) {
        self.passes += 1;
        if self.passes < 2 {
            self.priority ^= 1;
            return;
        }
        self.passes = 0;
        if let Some(top) = self.stack.pop() {
            // 117.3b: the active player receives priority after resolution.
            self.resolve(top);
        } else {
            self.end_step();
        }
    }

    /// The step ends (500.2); mana empties (500.4: the duel never floats mana).
    fn end_step(&mut self) {
        use Step::*;
        let next = match self.step {
            Untap => Upkeep,
            Upkeep => Draw,
            Draw => Main1,
            Main1 => BeginCombat,
            BeginCombat => DeclareAttackers,
            DeclareAttackers if self.combat.attackers.is_empty() => EndCombat, // 508.8
            DeclareAttackers => DeclareBlockers,
            DeclareBlockers if self.first_strike_step() => FirstStrikeDamage, // 510.4
            DeclareBlockers | FirstStrikeDamage => CombatDamage,
            CombatDamage => EndCombat,
            EndCombat => Main2,
            Main2 => End,
            End | Cleanup => Cleanup,
        };
        if self.step == EndCombat {
            // 511.3: creatures stop being attacking and blocking creatures.
            self.combat.attackers.clear();
            self.combat.blocks.clear();
        }
        self.step = next;
        self.pending = Pending::Begin;
    }

    /// The turn-based actions at the start of a step, then priority (or the next decision).
    fn begin_step(&mut self) {
        let a = self.active as usize;
        match self.step {
            Step::Untap => {
                // 502.3: untap; 302.6: what the active player controls is no longer new.
                for i in 0..self.sides[a].battlefield.len() {
                    let id = self.sides[a].battlefield[i];
                    self.objs[id as usize].flags &= !flag::SICK;
                    let _ = self.game.untap(id);
                }
                self.sides[a].land_played = false;
                // 502.4: no priority in the untap step.
                self.step = Step::Upkeep;
            }
            Step::Upkeep => {
                // 503.1a: "at the beginning of your upkeep" triggers.
                if self.cards.db.is_some() {
                    self.events.push(GameEvent::Upkeep {
                        player: self.active as u32,
                    });
                }
                self.give_priority(self.active);
            }
            Step::Draw => {
                // 103.8a: the starting player skips the draw of the first turn.
                if self.turn > 1 {
                    self.draw(a);
                }
                self.give_priority(self.active);
            }
            Step::DeclareAttackers => {
                self.combat.candidates.clear();
                for i in 0..self.sides[a].battlefield.len() {
                    let id = self.sides[a].battlefield[i];
                    if self.can_attack(id) {
                        self.combat.candidates.push(id);
                    }
                }
                self.combat
                    .candidates
                    .truncate(actions::ATTACKER_SLOTS as usize);
                if self.combat.candidates.is_empty() {
                    self.give_priority(self.active);
                } else {
                    self.pending = Pending::Attack(0);
                }
            }
            Step::DeclareBlockers => {
                self.combat.candidates.clear();
                let d = 1 - a;
                for i in 0..self.sides[d].battlefield.len() {
                    let b = self.sides[d].battlefield[i];
                    if self
                        .combat
                        .attackers
                        .iter()
                        .any(|x| self.can_block(b, x.id))
                    {
                        self.combat.candidates.push(b);
                    }
                }
                if self.combat.candidates.is_empty() {
                    self.give_priority(self.active);
                } else {
                    self.pending = Pending::Block(0);
                }
            }
            Step::FirstStrikeDamage => {
                self.combat_damage(true);
                self.give_priority(self.active);
            }
            Step::CombatDamage => {
                let first = self.first_strike_step();
                self.combat_damage_regular(first);
                self.give_priority(self.active);
            }
            Step::Cleanup => {
                // 514.1: discard to maximum hand size (docs/DUEL.md: the last slots).
                while self.sides[a].hand.len() > MAX_HAND_SIZE {
                    let c = self.sides[a].hand.pop().expect("a card");
                    self.reveal(a, c, Zone::Graveyard);
                }
                // 514.2: damage wears off, "until end of turn" effects end.
                if std::mem::take(&mut self.cleanup_due) {
                    self.game.cleanup();
                    self.sba_due = true;
                }
                self.check_state_based_actions();
                if self.pending == Pending::Over {
                    return;
                }
                self.next_turn();
            }
            _ => self.give_priority(self.active),
        }
    }

    fn next_turn(&mut self) {
        if self.turn >= self.turn_limit {
            // The turn limit ends the game in a draw (docs/DUEL.md).
            self.outcome = Some(Outcome::Draw);
            self.pending = Pending::Over;
            return;
        }
        self.turn += 1;
        self.active ^= 1;
        self.step = Step::Untap;
        self.pending = Pending::Begin;
    }

    /// Draws a card (121.1); from an empty library, remembers it for 704.5b.
    fn draw(&mut self, p: usize) {
        match self.sides[p].library.pop() {
            Some(c) => insert_sorted(&mut self.sides[p].hand, c),
            None => self.sides[p].drew_from_empty = true,
        }
    }

    /// A card of p's hand becomes a kernel object in a public zone (it is seen: it leaves the
    /// cards p's opponent can't tell apart).
    fn reveal(&mut self, p: usize, c: CardId, zone: Zone) -> u32 {
        let side = &mut self.sides[p];
        side.unseen[c as usize] = side.unseen[c as usize].saturating_sub(1);
        self.create(p, c, zone)
    }

    /// Creates the kernel object of card c for p in a public zone.
    pub(crate) fn create(&mut self, p: usize, c: CardId, zone: Zone) -> u32 {
        if self.templates.is_empty() {
            self.templates = vec![u32::MAX; self.cards.len()];
        }
        let like = self.templates[c as usize];
        let id = if like == u32::MAX {
            let id = self
                .game
                .create(p as u32, zone, &self.cards.get(c).spec)
                .expect("the card table's specs are valid");
            self.templates[c as usize] = id;
            id
        } else {
            self.game
                .create_like(p as u32, zone, like)
                .expect("the template is an object")
        };
        self.game.clear_events();
        self.note_new(id, c, zone, p);
        id
    }

    pub(crate) fn note_new(&mut self, id: u32, c: CardId, zone: Zone, p: usize) {
        let i = id as usize;
        if self.objs.len() <= i {
            self.objs.resize(
                i + 1,
                Obj {
                    card: NO_CARD,
                    flags: 0,
                },
            );
        }
        self.objs[i] = Obj { card: c, flags: 0 };
        match zone {
            Zone::Battlefield => {
                self.objs[i].flags = flag::SICK;
                self.sides[p].battlefield.push(id);
            }
            Zone::Graveyard => self.sides[p].graveyard.push(id),
            _ => {}
        }
    }

    /// Follows the kernel's zone changes since the last call (SBAs, resolution), then clears
    /// the kernel's log.
    pub(crate) fn absorb_events(&mut self) {
        let n = self.game.events().len();
        let triggers = self.cards.db.is_some();
        for i in 0..n {
            let e = self.game.events()[i];
            if triggers {
                if let Some(g) = GameEvent::from_kernel(&e) {
                    self.events.push(g);
                }
            }
            if e.kind() != EventKind::ZoneChange {
                continue;
            }
            let (Some(old), Some(new), Some(to)) = (e.target(), e.new_id(), e.zone_to()) else {
                continue;
            };
            for side in &mut self.sides {
                if let Some(k) = side.battlefield.iter().position(|&x| x == old) {
                    side.battlefield.remove(k);
                }
                if let Some(k) = side.graveyard.iter().position(|&x| x == old) {
                    side.graveyard.remove(k);
                }
            }
            let card = self.obj(old).card;
            let owner = self.game.entity(new).map_or(0, |e| e.owner) as usize;
            match to {
                Zone::Hand => {
                    self.note_new(new, card, to, owner);
                    insert_sorted(&mut self.sides[owner].hand, card);
                    self.sides[owner].unseen[card as usize] += 1;
                }
                Zone::Library => {
                    self.note_new(new, card, to, owner);
                    self.sides[owner].library.push(card);
                    self.sides[owner].unseen[card as usize] += 1;
                }
                _ => self.note_new(new, card, to, owner),
            }
        }
        self.game.clear_events();
    }

    /// 704: the kernel's actions, and 704.5b for players who drew from an empty library; the
    /// game ends when a player has lost (104.2a; both at once is a draw, 104.4a).
    fn check_state_based_actions(&mut self) {
        let drew = [self.sides[0].drew_from_empty, self.sides[1].drew_from_empty];
        if !self.sba_due && drew == [false, false] {
            return;
        }
        self.sba_due = false;
        let h = self.game.hash();
        if h != self.sba_hash {
            let _ = self.game.run_state_based_actions();
            self.absorb_events();
            self.sba_hash = self.game.hash();
        }
        let lost = [
            drew[0] || self.game.has_lost(0).unwrap_or(false),
            drew[1] || self.game.has_lost(1).unwrap_or(false),
        ];
        self.end_if_lost(lost);
    }

    fn end_if_lost(&mut self, lost: [bool; 2]) {
        self.outcome = match lost {
            [true, true] => Some(Outcome::Draw),
            [true, false] => Some(Outcome::Winner(1)),
            [false, true] => Some(Outcome::Winner(0)),
            [false, false] => return,
        };
        self.pending = Pending::Over;
    }

    // ----- casting ----------------------------------------------------------------------

    /// Plays a land (305.1) or starts casting a spell (601.2).
    fn begin_cast(&mut self, p: usize, slot: usize, c: CardId) {
        let card = self.cards.get(c);
        if card.is_land() {
            self.sides[p].hand.remove(slot);
            self.sides[p].land_played = true;
            let id = self.reveal(p, c, Zone::Battlefield);
            self.events.push(GameEvent::Entered { object: id });
            self.entered(c, id, 0);
            // 305.1: the player who played the land receives priority again.
            self.give_priority(p as u8);
            return;
        }
        let cost = card.cost;
        let spell = card.spell;
        let needed = self
            .target_specs(c, spell)
            .iter()
            .map(|t| t.count as usize)
            .sum::<usize>();
        self.casting = Casting {
            kind: ItemKind::Spell,
            player: p as u8,
            card: c,
            ability: spell,
            targets_needed: needed.min(MAX_TARGETS) as u8,
            ..Casting::default()
        };
        // 601.2a: the card moves to the stack as casting begins, so the opponent has seen it
        // (a resample during the choices of X and targets must not deal it again).
        let side = &mut self.sides[p];
        side.hand.remove(slot);
        side.unseen[c as usize] = side.unseen[c as usize].saturating_sub(1);
        if cost.x > 0 {
            let max = self.available(p).max_x(&cost, self.life(p)).unwrap_or(0);
            self.casting.max_x = max.min(actions::MAX_AMOUNT);
            self.pending = Pending::ChooseX;
        } else {
            self.start_targets();
        }
    }

    /// Pays the cost (601.2g–h, automatically) and puts the spell on the stack (601.2i).
    pub(crate) fn finish_cast(&mut self) {
        let cs = self.casting;
        let p = cs.player as usize;
        let cost = self.cards.get(cs.card).cost;
        self.pay(p, &cost, cs.x);
        let object = self.create(p, cs.card, Zone::Stack); // seen since begin_cast
        self.stack.push(StackItem {
            kind: ItemKind::Spell,
            object,
            card: cs.card,
            ability: cs.ability,
            controller: cs.player,
            x: cs.x,
            targets: cs.targets,
            num_targets: cs.num_targets,
            triggering: object,
        });
        if self.cards.db.is_some() {
            // 601.2i: "whenever you cast" triggers.
            self.events.push(GameEvent::Cast {
                spell: object,
                controller: cs.player as u32,
            });
        }
        // 117.3c: the caster receives priority.
        self.give_priority(cs.player);
    }

    /// Taps sources by the automatic payment rule (docs/DUEL.md, "Mana").
    pub(crate) fn pay(&mut self, p: usize, cost: &crate::mana::ManaCost, x: u32) {
        let Some(plan) = self.available(p).plan(cost, x, self.life(p)) else {
            return;
        };
        let mut sources = std::mem::take(&mut self.scratch.sources);
        let mut ids = std::mem::take(&mut self.scratch.source_ids);
        let mut chosen = std::mem::take(&mut self.scratch.chosen);
        sources.clear();
        ids.clear();
        for &id in &self.sides[p].battlefield {
            if let Some(c) = self.mana_source(id) {
                sources.push((c, self.cards.get(self.objs[id as usize].card).is_land()));
                ids.push(id);
            }
        }
        choose_sources(&sources, &plan, &mut chosen);
        for &i in &chosen {
            let _ = self.game.tap(ids[i]);
        }
        if plan.life > 0 {
            // 119.4, 107.4f: Phyrexian symbols paid with life.
            let _ = self.game.lose_life(p as u32, plan.life as u64);
            self.sba_due = true;
        }
        self.scratch.sources = sources;
        self.scratch.source_ids = ids;
        self.scratch.chosen = chosen;
    }

    /// Resolves the top of the stack (608): a permanent spell enters the battlefield
    /// (608.3) with what its "enters with" abilities give it; a spell or ability with a program
    /// runs it (608.2).
    fn resolve(&mut self, item: StackItem) {
        self.sba_due = true;
        if item.ability.is_some() {
            return self.resolve_program(item);
        }
        if self.game.move_to(item.object, Zone::Battlefield).is_ok() {
            let new = self.game.entity(item.object).map_or(0, |e| e.new_id);
            self.absorb_events();
            self.entered(item.card, new, item.x);
        }
        self.give_priority(self.active);
    }

    // ----- combat -------------------------------------------------------------------------

    /// 508.1a: an untapped creature of the active player, not summoning sick (302.6, haste
    /// 702.10), without defender (702.3b).
    fn can_attack(&self, id: u32) -> bool {
        let o = self.objs[id as usize];
        if !self.is_creature(id) || self.is_tapped(id) {
            return false;
        }
        let k = self.keywords(id);
        if k.intersects(kw::DEFENDER) {
            return false;
        }
        o.flags & flag::SICK == 0 || k.intersects(kw::HASTE)
    }

    /// 509.1a–b: an untapped creature; a flyer only by flying or reach (702.9b, 702.17b).
    fn can_block(&self, blocker: u32, attacker: u32) -> bool {
        if !self.is_creature(blocker) || self.is_tapped(blocker) || !self.is_permanent(attacker) {
            return false;
        }
        !self.has(attacker, kw::FLYING) || self.has(blocker, kw::FLYING.union(kw::REACH))
    }

    fn next_attack(&mut self, i: u8) {
        let next = i as usize + 1;
        if next < self.combat.candidates.len() {
            self.pending = Pending::Attack(next as u8);
            return;
        }
        // 508.1f: attacking taps, except with vigilance (702.20b).
        for k in 0..self.combat.attackers.len() {
            let id = self.combat.attackers[k].id;
            if !self.has(id, kw::VIGILANCE) {
                let _ = self.game.tap(id);
            }
            // 508.3a: "whenever ~ attacks" triggers.
            self.events.push(GameEvent::Attacks { attacker: id });
        }
        self.give_priority(self.active);
    }

    fn next_block(&mut self, i: u8) {
        let next = i as usize + 1;
        if next < self.combat.candidates.len() {
            self.pending = Pending::Block(next as u8);
            return;
        }
        // 702.110b menace: a creature blocked by exactly one creature is an illegal block;
        // the duel drops that block (docs/DUEL.md) so the attacker is unblocked.
        for a in 0..self.combat.attackers.len() {
            let id = self.combat.attackers[a].id;
            if !self.has(id, kw::MENACE) {
                continue;
            }
            let n = self
                .combat
                .blocks
                .iter()
                .filter(|&&(_, x)| x as usize == a)
                .count();
            if n == 1 {
                self.combat.blocks.retain(|&(_, x)| x as usize != a);
                self.combat.attackers[a].blocked = false;
            }
        }
        // 509.3c: "whenever ~ becomes blocked" triggers.
        for a in 0..self.combat.attackers.len() {
            let att = self.combat.attackers[a];
            if att.blocked {
                self.events
                    .push(GameEvent::BecomesBlocked { attacker: att.id });
            }
        }
        self.give_priority(self.active);
    }

    /// Whether a first-strike damage step happens (510.4): a combatant has first or double
    /// strike.
    fn first_strike_step(&self) -> bool {
        let fs = kw::FIRST_STRIKE.union(kw::DOUBLE_STRIKE);
        self.combat.attackers.iter().any(|a| self.has(a.id, fs))
            || self.combat.blocks.iter().any(|&(b, _)| self.has(b, fs))
    }

    fn combat_damage_regular(&mut self, after_first_strike: bool) {
        self.combat_damage_step(|k| {
            !after_first_strike
                || !k.intersects(kw::FIRST_STRIKE)
                || k.intersects(kw::DOUBLE_STRIKE)
        });
    }

    fn combat_damage(&mut self, _first: bool) {
        self.combat_damage_step(|k| k.intersects(kw::FIRST_STRIKE.union(kw::DOUBLE_STRIKE)));
    }

    /// 510.1–510.2: every creature that deals damage in this step assigns it, then all of it is
    /// dealt at once through the kernel. Division among blockers (510.1c, docs/DUEL.md): lethal
    /// damage to each blocker in declaration order (1 with deathtouch, 702.2c), then the rest
    /// to the player with trample (702.19c) or else to the first blocker.
    fn combat_damage_step(&mut self, deals: impl Fn(Keywords) -> bool) {
        let defender = 1 - self.active as u32;
        let mut asg = std::mem::take(&mut self.scratch.assignments);
        asg.clear();
        for ai in 0..self.combat.attackers.len() {
            let att = self.combat.attackers[ai];
            if !self.is_creature(att.id) {
                continue;
            }
            let k = self.keywords(att.id);
            if !deals(k) {
                continue;
            }
            let mut left = self.power(att.id);
            if left == 0 {
                continue;
            }
            if !att.blocked {
                asg.push((att.id, defender, left));
                continue;
            }
            let start = asg.len();
            let deathtouch = k.intersects(kw::DEATHTOUCH);
            for bi in 0..self.combat.blocks.len() {
                let (b, a) = self.combat.blocks[bi];
                if a as usize != ai || !self.is_creature(b) || left == 0 {
                    continue;
                }
                let n = self.lethal(b, deathtouch).min(left);
                asg.push((att.id, b, n));
                left -= n;
            }
            if left > 0 {
                if k.intersects(kw::TRAMPLE) {
                    asg.push((att.id, defender, left));
                } else if asg.len() > start {
                    asg[start].2 += left;
                }
            }
        }
        for bi in 0..self.combat.blocks.len() {
            let (b, a) = self.combat.blocks[bi];
            let att = self.combat.attackers[a as usize].id;
            if !self.is_creature(b) || !self.is_creature(att) || !deals(self.keywords(b)) {
                continue;
            }
            let n = self.power(b);
            if n > 0 {
                asg.push((b, att, n));
            }
        }
        asg.retain(|x| x.2 > 0);
        if !asg.is_empty() {
            let mut dealt = std::mem::take(&mut self.scratch.dealt);
            dealt.clear();
            dealt.resize(asg.len(), 0);
            let _ = self
                .game
                .deal_simultaneous_damage(&asg, true, true, &mut dealt);
            self.scratch.dealt = dealt;
            self.absorb_events();
            self.sba_due = true;
            self.cleanup_due = true;
        }
        self.scratch.assignments = asg;
    }

    // ----- set-up -------------------------------------------------------------------------

    /// Puts card c into p's zone for scenario set-up; returns the kernel id for a public zone
    /// (a card in a hidden zone has no kernel object, docs/DUEL.md).
    pub fn add_card(&mut self, p: usize, c: CardId, zone: Zone) -> Result<Option<u32>, DuelError> {
        if p > 1 {
            return err(format!("player must be 0 or 1, got {p}"));
        }
        if c as usize >= self.cards.len() {
            return err(format!("unknown card id {c}"));
        }
        if self.pending == Pending::Over {
            return err("the game is over");
        }
        let out = match zone {
            Zone::Hand => {
                insert_sorted(&mut self.sides[p].hand, c);
                self.sides[p].unseen[c as usize] += 1;
                None
            }
            Zone::Library => {
                self.sides[p].library.push(c);
                self.sides[p].unseen[c as usize] += 1;
                None
            }
            Zone::Battlefield | Zone::Graveyard | Zone::Exile => {
                let id = self.create(p, c, zone);
                // Set-up: as if it had been there since the turn began (no summoning sickness).
                self.objs[id as usize].flags = 0;
                if zone == Zone::Battlefield {
                    self.entered(c, id, 0);
                }
                Some(id)
            }
            _ => {
                return err(format!(
                    "add_card can't put a card into the {}",
                    zone.as_str()
                ))
            }
        };
        self.sba_due = true;
        self.cleanup_due = true;
        self.log.push(Op::AddCard {
            player: p as u8,
            card: c,
            zone,
        });
        // The new card may give the player a choice it didn't have (or take one away).
        if self.pending == Pending::Priority {
            self.passes = 0;
            self.run();
        }
        Ok(out)
    }

    /// Whether a card in p's battlefield slot is untapped etc. (tests, strings).
    pub fn battlefield(&self, p: usize) -> &[u32] {
        &self.sides[p].battlefield
    }
}

/// Inserts keeping ascending order (the canonical hand order).
fn insert_sorted(v: &mut SmallVec<[CardId; 16]>, c: CardId) {
    let i = v.partition_point(|&x| x <= c);
    v.insert(i, c);
}
