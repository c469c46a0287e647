//! The game state: entities (players and objects in one id space), the counter store, life,
//! zones and last known information, events and the incremental hash.
//!
//! Rules that act on this state live in their own modules (`damage`, `sba`, `proliferate`,
//! `berserk`); this one holds the store and the primitives every rule goes through, each of which
//! keeps the hash up to date.
//!
//! One file per job: `ruleset` (which rules), `cost` (the cost parser), `printed` and `card`
//! (printed cards and their validation), `entity` (the entity record), `store` (the entity
//! storage and its journal), `access` and `read` (reading), `interning` and `kind_cache` (kind
//! and subtype names), `hashing`, `changelog` and `primitives` (changes that keep the hash),
//! `event_log`, `effects` (effect types), `scratch` (reused buffers), `transaction`, `life`,
//! `counter_ops`, `objects` (creation and zone changes), `grants`, `cleanup`, `outcome` and
//! `eq` (equality).

mod access;
mod card;
mod changelog;
mod cleanup;
pub(crate) mod continuous_effect;
mod cost;
mod counter_ops;
mod effects;
mod entity;
mod eq;
mod event_log;
mod grants;
mod hashing;
mod interning;
mod kind_cache;
mod life;
mod objects;
mod outcome;
mod primitives;
mod printed;
mod read;
mod replacement_effect;
mod ruleset;
mod scratch;
pub mod store;
mod transaction;
mod zone_index;

pub use card::{CardSpec, CostSpec};
pub(crate) use changelog::{ChangeLog, HUGE};
pub use continuous_effect::{
    Affected, AffectedSpec, Change, Condition, ContinuousEffect, FilterClause, PowerToughness,
    With, CHANGE_NAMES,
};
pub use cost::Cost;
pub use effects::CostModifier;
pub use entity::{Entity, NO_ID, STARTING_LIFE};
pub use printed::Printed;
pub(crate) use replacement_effect::{AffectedEntity, AffectsBits, Derived, EffectKinds};
pub use replacement_effect::{
    Clause, Effect, ReplacementEffect, Scope, EFFECT_NAMES, MAX_EFFECT_AMOUNT, THIS_PERMANENT,
};
pub use ruleset::{Ruleset, RULESET_NAMES};
pub use scratch::Piece;
pub(crate) use scratch::Scratch;
pub(crate) use scratch::{Fate, Survey};
pub(crate) use zone_index::ZoneIndex;

use crate::error::{Error, Reason, Result};
use crate::events::Event;
use crate::kinds::KindTable;
use crate::names::NameTable;
use rand_core::SeedableRng;
use std::sync::Arc;

pub use crate::limits::MAX_PLAYERS;

/// The refusal of a number of players outside `1..=MAX_PLAYERS`, naming the number given
/// (which may be any integer, so it comes as text).
pub fn players_out_of_range(got: impl std::fmt::Display) -> Error {
    Error::refused(
        Reason::PlayersOutOfRange,
        format!("players must be between 1 and {MAX_PLAYERS}, got {got}"),
    )
}

/// One game.
#[derive(Debug)]
pub struct Game {
    pub(crate) ruleset: Ruleset,
    pub(crate) num_players: u32,
    /// The player whose turn it is (102.1): what "during your turn" reads (611.3a).
    pub(crate) active_player: u32,
    pub(crate) seed: u64,
    pub(crate) rng: rand_pcg::Pcg64,
    /// Numbers drawn from `rng` so far (the codec stores this, not the generator).
    pub(crate) rng_draws: u64,
    pub(crate) entities: store::EntityStore,
    pub(crate) printed: Arc<Vec<Arc<Printed>>>,
    pub(crate) kinds: Arc<KindTable>,
    pub(crate) subtype_names: Arc<NameTable>,
    /// Regeneration shields (701.19a), one entry per shield, in creation order: the permanent
    /// each protects the next time it would be destroyed this turn.
    pub(crate) regenerations: Vec<u32>,
    /// Replacement, prevention and "can't" effects (CR 614-616: prevention shields and
    /// redirections included), in their order of application.
    pub(crate) replacements: Vec<ReplacementEffect>,
    /// The id the next replacement effect gets (ids are never reused).
    pub(crate) next_effect_id: u32,
    /// The kinds of `replacements` (derived: set with the effects hash, `effects_changed`).
    pub(crate) effect_kinds: EffectKinds,
    /// Continuous effects (CR 611, 613), in timestamp order (613.7).
    pub(crate) continuous: Vec<ContinuousEffect>,
    /// The id the next continuous effect gets (ids are never reused).
    pub(crate) next_continuous_id: u32,
    pub(crate) cost_modifiers: Vec<CostModifier>,
    pub(crate) events: Vec<Event>,
    pub(crate) record_events: bool,
    /// XOR of the entity features (maintained incrementally).
    pub(crate) entity_hash: u64,
    /// Hash of the effect lists (recomputed when they change; they are short).
    pub(crate) effects_hash: u64,
    pub(crate) scratch: Scratch,
    /// Some count, damage or life total is beyond `HUGE` (sticky; never part of the state).
    pub(crate) huge: bool,
    /// `effects_hash` when state-based actions were last checked if continuous effects were in
    /// play (never part of the state): a change of the effects while any is in play makes the
    /// next check look at every permanent (`Game::first_scan` in `sba`).
    pub(crate) sba_effects: Option<u64>,
    /// How many times a permanent's tapped status changed, by its controller's bucket
    /// (`tap_changes_of`; never part of the state).
    pub(crate) tap_changes: [u64; TAP_BUCKETS],
    /// The objects of each zone by controller (derived from the entities, never part of the
    /// state: `Game::zone_objects`).
    pub(crate) zones: ZoneIndex,
}

crate::clone_fields!(Game {
    ruleset,
    num_players,
    active_player,
    seed,
    rng,
    rng_draws,
    entities,
    printed,
    kinds,
    subtype_names,
    regenerations,
    replacements,
    next_effect_id,
    effect_kinds,
    continuous,
    next_continuous_id,
    cost_modifiers,
    events,
    record_events,
    entity_hash,
    effects_hash,
    scratch,
    huge,
    sba_effects,
    tap_changes,
    zones,
});

/// How many counts of tap changes a game keeps (`Game::tap_changes_of`): players share one when
/// there are more.
const TAP_BUCKETS: usize = 4;

impl Game {
    /// An independent copy that shares the entity storage copy-on-write (O(chunks)); each
    /// side copies a chunk when it first changes it. `clone()` copies the chunks this game
    /// owns instead: use `share` for search, where copies are many and changes few.
    pub fn share(&mut self) -> Game {
        self.share_storage();
        self.clone()
    }

    /// Marks the entity storage shared: the next `clone` (or `clone_from`) of this game shares
    /// it copy-on-write, as `share` does.
    pub fn share_storage(&mut self) {
        self.entities.share_chunks();
    }

    /// A new game (SEMANTICS §1): players `0..players`, each at 20 life.
    pub fn new(players: u32, ruleset: Ruleset, seed: u64) -> Result<Game> {
        if players == 0 || players > MAX_PLAYERS {
            return Err(players_out_of_range(players));
        }
        let mut g = Game {
            ruleset,
            num_players: players,
            active_player: 0,
            seed,
            rng: rand_pcg::Pcg64::seed_from_u64(seed),
            rng_draws: 0,
            entities: store::EntityStore::default(),
            printed: Arc::new(Vec::new()),
            kinds: Arc::new(KindTable::default()),
            subtype_names: Arc::new(NameTable::default()),
            regenerations: Vec::new(),
            replacements: Vec::new(),
            next_effect_id: 0,
            effect_kinds: EffectKinds::default(),
            continuous: Vec::new(),
            next_continuous_id: 0,
            cost_modifiers: Vec::new(),
            events: Vec::new(),
            record_events: true,
            entity_hash: 0,
            effects_hash: 0,
            scratch: Scratch::default(),
            huge: false,
            sba_effects: None,
            tap_changes: [0; TAP_BUCKETS],
            zones: ZoneIndex::new(players as usize),
        };
        for p in 0..players {
            g.entities.push(Entity::player(p));
        }
        g.entity_hash = g.compute_entity_hash();
        g.effects_hash = g.compute_effects_hash();
        Ok(g)
    }

    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }
    pub fn num_players(&self) -> u32 {
        self.num_players
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The player whose turn it is (102.1); player 0 until a game layer says otherwise.
    pub fn active_player(&self) -> u32 {
        self.active_player
    }
    /// Makes `player` the active player (102.1: a turn begins); refused as `player` (an
    /// unknown id, or an object) is. What "during your turn" affects changes with it (611.3a).
    pub fn set_active_player(&mut self, player: u32) -> Result<()> {
        self.player(player)?;
        self.active_player = player;
        Ok(())
    }
    pub fn num_entities(&self) -> u32 {
        self.entities.len() as u32
    }
    /// Room for `n` more entities before the store grows (a copy has only the room its
    /// entities take: a game made by copying a starting one grows from there otherwise).
    pub fn reserve_entities(&mut self, n: usize) {
        self.entities.reserve(n);
    }
    pub fn kinds(&self) -> &KindTable {
        &self.kinds
    }
    pub fn set_record_events(&mut self, on: bool) {
        self.record_events = on;
    }
    pub fn record_events(&self) -> bool {
        self.record_events
    }

    /// A count that changes whenever some permanent's tapped status may have changed (a tap,
    /// an untap, a transaction rolled back): a game layer keeps what it derived from tapped
    /// statuses while this stays the same. Not state: copies keep it, a decoded game starts
    /// from 0.
    pub fn tap_changes(&self) -> u64 {
        self.tap_changes.iter().fold(0, |s, &n| s.wrapping_add(n))
    }

    /// A count that changes whenever the tapped status of some permanent `player` controls may
    /// have changed (and perhaps at other times): what a game layer derived from one player's
    /// tapped permanents holds while this stays the same, whatever the others' do. Not state,
    /// as `tap_changes`.
    pub fn tap_changes_of(&self, player: u32) -> u64 {
        self.tap_changes[player as usize % TAP_BUCKETS]
    }

    /// One more change of a tapped status of a permanent `player` controls.
    pub(crate) fn note_tap_change(&mut self, player: u32) {
        let n = &mut self.tap_changes[player as usize % TAP_BUCKETS];
        *n = n.wrapping_add(1);
    }

    /// Draws from the game's seeded stream (PCG-64: the same numbers on every machine).
    ///
    /// The draw count saturates at 2**64 - 1 (only a decoded game can get there: no caller
    /// draws that many); past it the stream goes on and the bytes keep saying 2**64 - 1.
    pub fn random_u64(&mut self) -> u64 {
        self.rng_draws = self.rng_draws.saturating_add(1);
        rand_core::RngCore::next_u64(&mut self.rng)
    }
}
