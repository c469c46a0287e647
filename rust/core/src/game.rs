//! The game state: entities (players and objects in one id space), the counter store, life,
//! zones and last known information, events and the incremental hash.
//!
//! Rules that act on this state live in their own modules (`damage`, `sba`, `proliferate`,
//! `berserk`); this one holds the store and the primitives every rule goes through, each of which
//! keeps the hash up to date.

use crate::counters::CounterSet;
use crate::error::{overflow, value, Error, Reason, Result};
use crate::events::{Event, EventKind};
use crate::hash::{combine, feature, mix, name_hash};
use crate::keywords::{self, card_type, Keywords, Types};
use crate::kinds::{self, Kind, KindRef, KindTable};
use crate::names::{NameTable, Subtype, Subtypes};
use crate::zones::Zone;
use rand_core::SeedableRng;
use std::sync::Arc;

/// Which rules the game follows (SEMANTICS §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Ruleset {
    /// Current Magic rules (proliferate: each kind, 701.34a).
    Mtg = 0,
    /// Magic as in 2010 (proliferate: one chosen kind, old 701.23a).
    Mtg2010 = 1,
    /// The Berserk CCG property rules.
    Berserk = 2,
}

pub const RULESET_NAMES: [&str; 3] = ["mtg", "mtg-2010", "berserk"];

impl Ruleset {
    pub fn parse(name: &str) -> Result<Ruleset> {
        match name {
            "mtg" => Ok(Ruleset::Mtg),
            "mtg-2010" => Ok(Ruleset::Mtg2010),
            "berserk" => Ok(Ruleset::Berserk),
            _ => Err(Error::refused(
                Reason::UnknownName,
                format!(
                    "unknown ruleset {name:?}; valid rulesets: {}",
                    RULESET_NAMES.join(", ")
                ),
            )),
        }
    }
    pub fn as_str(self) -> &'static str {
        RULESET_NAMES[self as usize]
    }
    pub fn from_u8(v: u8) -> Option<Ruleset> {
        [Ruleset::Mtg, Ruleset::Mtg2010, Ruleset::Berserk]
            .get(v as usize)
            .copied()
    }
    pub fn is_magic(self) -> bool {
        self != Ruleset::Berserk
    }
    pub fn types(self) -> Types {
        if self.is_magic() {
            Types::MAGIC
        } else {
            Types::BERSERK
        }
    }
}

pub use crate::limits::MAX_PLAYERS;
use crate::limits::STAT_LIMIT;

/// The refusal of a number of players outside `1..=MAX_PLAYERS`, naming the number given
/// (which may be any integer, so it comes as text).
pub fn players_out_of_range(got: impl std::fmt::Display) -> Error {
    Error::refused(
        Reason::PlayersOutOfRange,
        format!("players must be between 1 and {MAX_PLAYERS}, got {got}"),
    )
}
pub const STARTING_LIFE: i64 = 20;

/// A mana/Berserk cost: a number plus a number of X (105.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cost {
    pub base: u32,
    pub xs: u8,
}

impl Cost {
    /// Parses `"2+X"`-style costs: `+`-separated terms, each a decimal number or `X`
    /// (whitespace ignored). The numbers add up exactly: a total of `STAT_LIMIT` or more (any
    /// number of digits, any number of terms) is an `OverflowError`; more than `MAX_COST_X` X
    /// terms is a malformed cost (`ValueError`).
    pub fn parse(text: &str) -> Result<Cost> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let bad = || Error::Value(format!("bad cost {text:?}: expected terms like \"2+X\""));
        if compact.is_empty() {
            return Err(bad());
        }
        let too_large = || Error::Overflow(format!("cost {text:?} is too large"));
        let mut cost = Cost::default();
        // Below STAT_LIMIT after every term, so adding one more term (< STAT_LIMIT) can't wrap.
        let mut total: u64 = 0;
        for term in compact.split('+') {
            if term == "X" {
                // `MAX_COST_X` is the largest u8.
                cost.xs = cost.xs.checked_add(1).ok_or_else(bad)?;
            } else if !term.is_empty() && term.bytes().all(|b| b.is_ascii_digit()) {
                let digits = term.trim_start_matches('0');
                // More than 10 digits is beyond STAT_LIMIT whatever they are.
                if digits.len() > 10 {
                    return Err(too_large());
                }
                total += digits.parse::<u64>().unwrap_or(0);
                if total >= STAT_LIMIT {
                    return Err(too_large());
                }
            } else {
                return Err(bad());
            }
        }
        cost.base = total as u32;
        Ok(cost)
    }
}

/// What a card says (its printed characteristics); shared by every object the card becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    pub name: Box<str>,
    pub types: Types,
    /// Ids in the game's subtype table (compare names across games: `Game::eq`).
    pub subtypes: Subtypes,
    pub keywords: Keywords,
    pub toxic: u32,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub loyalty: Option<u32>,
    pub defense: Option<u32>,
    pub cost: Option<Cost>,
    pub strength: Option<i32>,
    pub lives: Option<i32>,
    pub movement: Option<i32>,
    pub elite: bool,
    /// `compute_hash()`, cached (the card never changes).
    pub hash: u64,
    /// The characteristics hash of a fresh object of this card, cached for `spawn`.
    pub fresh_chars: u64,
}

impl Printed {
    /// Fills in the cached hash.
    pub(crate) fn finish(mut self, names: &NameTable) -> Printed {
        self.hash = self.compute_hash(names);
        self.fresh_chars = Entity::object(0, &self, 0, Zone::Library).chars_hash(names);
        self
    }

    pub(crate) fn compute_hash(&self, names: &NameTable) -> u64 {
        let mut h = name_hash(&self.name);
        h = combine(h, self.types.0 as u64);
        for &s in &self.subtypes {
            h = combine(h, names.hash(s));
        }
        h = combine(h, self.keywords.0 as u64 | (self.toxic as u64) << 32);
        for v in [
            self.power,
            self.toughness,
            self.strength,
            self.lives,
            self.movement,
        ] {
            h = combine(h, opt_i32(v));
        }
        for v in [self.loyalty, self.defense] {
            h = combine(h, v.map_or(u64::MAX, |v| v as u64));
        }
        h = combine(
            h,
            self.cost
                .map_or(u64::MAX, |c| c.base as u64 | (c.xs as u64) << 32),
        );
        combine(h, self.elite as u64)
    }
}

fn opt_i32(v: Option<i32>) -> u64 {
    v.map_or(u64::MAX, |v| v as u32 as u64)
}

/// A card's description for `create` (SEMANTICS §3), not yet validated.
#[derive(Clone, Debug, Default)]
pub struct CardSpec {
    pub name: String,
    pub types: Vec<String>,
    pub subtypes: Vec<String>,
    /// Keyword and its value (1 for plain keywords).
    pub keywords: Vec<(String, i64)>,
    pub power: Option<i64>,
    pub toughness: Option<i64>,
    pub loyalty: Option<i64>,
    pub defense: Option<i64>,
    pub cost: Option<CostSpec>,
    pub strength: Option<i64>,
    pub lives: Option<i64>,
    pub movement: Option<i64>,
    pub flying: bool,
    pub elite: bool,
}

#[derive(Clone, Debug)]
pub enum CostSpec {
    Fixed(i64),
    Text(String),
}

/// A player or an object. Objects that changed zones keep their record as last known information.
///
/// `repr(C)` keeps the fields in this order: what damage, SBAs and counter changes read comes
/// first (the flags, types and keywords, marked damage, life, toughness, then the counters), so
/// those reads touch two cache lines of an entity rather than all four; the rest follows.
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Entity {
    pub is_player: bool,
    /// The object changed zones; this record is its last known information.
    pub gone: bool,
    /// Where the object is; for a gone object, where it went.
    pub zone: Zone,
    /// Dealt damage by a deathtouch source since SBAs were last checked (702.2b, 704.5h).
    pub deathtouched: bool,
    pub lost: bool,
    pub elite: bool,
    /// Tapped (a permanent's status, not a counter: proliferate never touches it).
    pub tapped: bool,
    // Current characteristics, starting as printed.
    pub types: Types,
    pub keywords: Keywords,
    pub keywords_eot: Keywords,
    pub controller: u32,
    pub toxic: u32,
    /// Marked damage (120.3e).
    pub damage: u64,
    pub life: i64,
    pub toughness: Option<i32>,
    pub power: Option<i32>,
    pub pump_toughness: i64,
    pub counters: CounterSet,
    pub pump_power: i64,
    pub new_id: u32,
    pub owner: u32,
    /// Index of its printed card (objects).
    pub printed: u32,
    pub strength: Option<i32>,
    pub lives: Option<i32>,
    pub movement: Option<i32>,
    pub subtypes: Subtypes,
}

pub const NO_ID: u32 = u32::MAX;

impl Entity {
    #[cfg(test)]
    pub(crate) fn test_player(id: u32) -> Entity {
        Entity::player(id)
    }

    pub(crate) fn player(id: u32) -> Entity {
        Entity {
            is_player: true,
            zone: Zone::Command,
            gone: false,
            new_id: NO_ID,
            owner: id,
            controller: id,
            printed: NO_ID,
            counters: CounterSet::default(),
            damage: 0,
            deathtouched: false,
            life: STARTING_LIFE,
            lost: false,
            tapped: false,
            types: Types::default(),
            subtypes: Subtypes::new(),
            keywords: Keywords::EMPTY,
            keywords_eot: Keywords::EMPTY,
            toxic: 0,
            power: None,
            toughness: None,
            pump_power: 0,
            pump_toughness: 0,
            strength: None,
            lives: None,
            movement: None,
            elite: false,
        }
    }

    fn object(printed_index: u32, p: &Printed, owner: u32, zone: Zone) -> Entity {
        Entity {
            is_player: false,
            zone,
            gone: false,
            new_id: NO_ID,
            owner,
            controller: owner,
            printed: printed_index,
            counters: CounterSet::default(),
            damage: 0,
            deathtouched: false,
            life: 0,
            lost: false,
            tapped: false,
            types: p.types,
            // Copied as a slice: `clone` goes item by item (SBAs create objects by the dozen).
            subtypes: Subtypes::from_slice(&p.subtypes),
            keywords: p.keywords,
            keywords_eot: Keywords::EMPTY,
            toxic: p.toxic,
            power: p.power,
            toughness: p.toughness,
            pump_power: 0,
            pump_toughness: 0,
            strength: p.strength,
            lives: p.lives,
            movement: p.movement,
            elite: p.elite,
        }
    }

    /// An object on the battlefield that has not left it.
    #[inline]
    pub fn is_permanent(&self) -> bool {
        !self.is_player && !self.gone && self.zone == Zone::Battlefield
    }

    #[inline]
    pub fn is_creature(&self) -> bool {
        self.types.contains(Types::CREATURE)
    }

    /// Hash of the slowly changing characteristics.
    fn chars_hash(&self, names: &NameTable) -> u64 {
        let mut h = combine(self.types.0 as u64, self.keywords.0 as u64);
        h = combine(h, self.keywords_eot.0 as u64 | (self.toxic as u64) << 32);
        for v in [
            self.power,
            self.toughness,
            self.strength,
            self.lives,
            self.movement,
        ] {
            h = combine(h, opt_i32(v));
        }
        h = combine(h, self.pump_power as u64);
        h = combine(h, self.pump_toughness as u64);
        h = combine(h, self.elite as u64);
        for &s in &self.subtypes {
            h = combine(h, names.hash(s));
        }
        h
    }

    /// The place fields packed into one word, unmixed: the feature mixes it (zone changes and
    /// SBAs update it on every move). The flags word is spread by an odd constant over all 64
    /// bits; the owner and controller (small ids) sit in the low bits of each half, so two
    /// places give the same word only if those spreads cancel exactly.
    fn place_hash(&self) -> u64 {
        let flags = self.zone as u64
            | (self.gone as u64) << 8
            | (self.is_player as u64) << 9
            | (self.lost as u64) << 10
            | (self.tapped as u64) << 11
            | (self.new_id as u64) << 16;
        let whose = self.owner as u64 | (self.controller as u64) << 32;
        flags.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ whose
    }
}

/// Hash change when a count (or a usually-zero value, see `nonzero_feature`) goes from `old` to
/// `new`. A value of 0 is no feature at all, so "never had" and "had, then removed" hash alike.
#[inline]
pub(crate) fn counter_delta(name_hash: u64, id: u32, old: u64, new: u64) -> u64 {
    let base = crate::hash::feature_base(name_hash, id);
    let f = |v: u64| {
        if v == 0 {
            0
        } else {
            crate::hash::feature_at(base, v)
        }
    };
    f(old) ^ f(new)
}

/// What a change to one entity writes besides the entity: the hash, the magnitude flag and,
/// when the log is on, the events. Split from the entities (`Game::split_changes`) so a loop or
/// a damage result can hold one entity and record its changes. Every change to a count, marked
/// damage, a deathtouch mark or a life total is recorded here: through the primitives below, or
/// (a loop changing counts in place) through `count_changed`.
pub(crate) struct ChangeLog<'a> {
    kinds: &'a KindTable,
    entity_hash: &'a mut u64,
    huge: &'a mut bool,
    events: Option<&'a mut Vec<Event>>,
}

/// Appends to an event log; a log with no buffer yet (a clone's) starts at 64 events rather than
/// doubling from 4.
#[inline]
fn push_event(events: &mut Vec<Event>, e: Event) {
    if events.capacity() == 0 {
        events.reserve(64);
    }
    events.push(e);
}

impl ChangeLog<'_> {
    /// `id`'s count of `kind` went from `old` to `new` (the caller changed it).
    #[inline]
    pub fn count_changed(&mut self, id: u32, kind: Kind, old: u64, new: u64) {
        *self.entity_hash ^= counter_delta(self.kinds.name_hash(kind), id, old, new);
        *self.huge |= new > HUGE;
    }

    /// `counters_added` (or `counters_removed`) of n counters, if the log is on.
    #[inline]
    pub fn counters_event(&mut self, added: bool, id: u32, kind: Kind, n: u64) {
        self.event(Event::counters(added, id, kind, n));
    }

    #[inline]
    pub fn event(&mut self, e: Event) {
        if let Some(events) = &mut self.events {
            push_event(events, e);
        }
    }

    /// Sets a count (no event); returns the old one.
    #[inline]
    pub fn set(&mut self, e: &mut Entity, id: u32, kind: Kind, count: u64) -> u64 {
        let old = e.counters.set(kind, count);
        self.count_changed(id, kind, old, count);
        old
    }

    /// Puts n counters of a kind on `e` (entity `id`), checked, with `counters_added`.
    #[inline]
    pub fn put(&mut self, e: &mut Entity, id: u32, kind: Kind, n: u64) -> Result<()> {
        if n == 0 {
            return Ok(());
        }
        let Some(old) = e.counters.add(kind, n) else {
            return overflow(&format!("the {} count", self.kinds.name(kind)));
        };
        self.count_changed(id, kind, old, old + n);
        self.counters_event(true, id, kind, n);
        Ok(())
    }

    /// Removes up to n counters of a kind, with `counters_removed`; returns how many.
    #[inline]
    pub fn take(&mut self, e: &mut Entity, id: u32, kind: Kind, n: u64) -> u64 {
        let old = e.counters.sub(kind, n);
        let removed = old.min(n);
        if removed > 0 {
            self.count_changed(id, kind, old, old - removed);
            self.counters_event(false, id, kind, removed);
        }
        removed
    }

    /// Sets marked damage and, if `deathtouch`, the deathtouch mark.
    #[inline]
    pub fn mark_damage(&mut self, e: &mut Entity, id: u32, damage: u64, deathtouch: bool) {
        let old = std::mem::replace(&mut e.damage, damage);
        let mut delta = counter_delta(TAG_DAMAGE, id, old, damage);
        if deathtouch {
            delta ^= self.deathtouch_delta(e, id, true);
        }
        *self.entity_hash ^= delta;
        *self.huge |= damage > HUGE;
    }

    #[inline]
    pub fn set_deathtouched(&mut self, e: &mut Entity, id: u32, on: bool) {
        *self.entity_hash ^= self.deathtouch_delta(e, id, on);
    }

    #[inline]
    fn deathtouch_delta(&self, e: &mut Entity, id: u32, on: bool) -> u64 {
        let old = std::mem::replace(&mut e.deathtouched, on);
        counter_delta(TAG_DEATHTOUCH, id, old as u64, on as u64)
    }

    /// Gains or loses n life (checked), with `life_gained` (from `source`) or `life_lost`.
    #[inline]
    pub fn change_life(
        &mut self,
        e: &mut Entity,
        id: u32,
        n: u64,
        gain: bool,
        source: Option<u32>,
    ) -> Result<()> {
        if n == 0 {
            return Ok(());
        }
        let new = if gain {
            e.life as i128 + n as i128
        } else {
            e.life as i128 - n as i128
        };
        let Ok(new) = i64::try_from(new) else {
            return overflow("the life total");
        };
        let old = std::mem::replace(&mut e.life, new);
        *self.entity_hash ^= counter_delta(TAG_LIFE, id, old as u64, new as u64);
        *self.huge |= new.unsigned_abs() > HUGE;
        let event = if gain {
            Event::with_amount(EventKind::LifeGained, id, n).with_source(source)
        } else {
            Event::with_amount(EventKind::LifeLost, id, n)
        };
        self.event(event);
        Ok(())
    }
}

/// Magnitude above which a value is "huge": damage's fast path then checks overflow exactly.
pub(crate) const HUGE: u64 = 1 << 48;

// Hash tags of the entity features.
const TAG_PLACE: u64 = 0x1;
const TAG_CHARS: u64 = 0x2;
const TAG_DAMAGE: u64 = 0x3;
const TAG_DEATHTOUCH: u64 = 0x4;
const TAG_LIFE: u64 = 0x5;
const TAG_PRINTED: u64 = 0x6;

/// The feature of a value that is usually 0 (marked damage, deathtouch, an object's life,
/// counts): none for 0, so a new object's features cost three mixes fewer (SBAs create objects
/// by the dozen), and "never had" and "had, then removed" hash alike.
#[inline]
fn nonzero_feature(tag: u64, id: u32, value: u64) -> u64 {
    counter_delta(tag, id, 0, value)
}

/// A prevention shield (615): prevents damage to `target`, from `source` if given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shield {
    pub target: u32,
    /// Remaining amount; `None` prevents all damage until cleanup.
    pub amount: Option<u64>,
    pub source: Option<u32>,
}

/// A redirection effect (614.9-style replacement): the next damage to `from` goes to `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redirect {
    pub from: u32,
    pub to: u32,
    pub amount: Option<u64>,
    pub source: Option<u32>,
}

/// A cost modifier (Berserk Heroes 104.3): one-off for a `card` in hand, or static from a
/// `source` on the battlefield applying to matching cards in hand and on the battlefield.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostModifier {
    pub amount: i64,
    pub card: Option<u32>,
    pub source: Option<u32>,
    pub subtypes: Subtypes,
    pub types: Types,
    pub controller: Option<u32>,
}

/// Buffers reused across calls so hot paths don't allocate; never part of the state.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    pub pieces: Vec<crate::damage::Piece>,
    /// (source, its controller, life gained) for lifelink, one per source (702.15e).
    pub lifelink: Vec<(u32, u32, u64)>,
    pub ids: Vec<u32>,
    /// The redirections that applied to the damage event being processed (614.5).
    pub applied: Vec<usize>,
    /// (permanent, how many) +1/+1 and -1/-1 counter pairs an SBA pass removes (704.5q).
    pub annihilate: Vec<(u32, u64)>,
    /// The permanents the next SBA pass looks at (those the last pass changed).
    pub recheck: Vec<u32>,
    /// Objects marked as dealt deathtouch damage, found by the first SBA pass (704.5h).
    pub deathtouched: Vec<u32>,
    /// (`short_name_key`, kind + 1) for `lookup_kind_cached`; 0 marks an empty slot.
    pub kind_cache: [((u64, u64, usize), u16); 8],
}

/// The error for an id naming the wrong kind of entity (cold: kept out of the inlined checks).
#[cold]
fn wrong_entity(id: u32, reason: Reason) -> Error {
    let what = if reason == Reason::NotAPlayer {
        "an object, not a player"
    } else {
        "a player, not an object"
    };
    Error::refused(reason, format!("{id} is {what}"))
}

#[cold]
fn not_in_play(what: &str, id: u32, zone: Zone) -> Error {
    Error::refused(
        Reason::NotOnBattlefield,
        format!(
            "{what} applies only to cards in play; {id} is in the {}",
            zone.as_str()
        ),
    )
}

/// A name of at most 15 bytes as integers that determine it: the two words (read with
/// overlapping loads straight from the bytes) and the length. Copying the bytes into a buffer
/// read back as integers instead stalls store-to-load forwarding, which cost more than the rest
/// of the lookup.
#[inline]
fn short_name_key(b: &[u8]) -> Option<(u64, u64, usize)> {
    let n = b.len();
    let word = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"));
    let half = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes")) as u64;
    let (lo, hi) = match n {
        0 => (0, 0),
        1..=3 => (
            b[0] as u64 | (b[n / 2] as u64) << 8 | (b[n - 1] as u64) << 16,
            0,
        ),
        4..=7 => (half(0) | half(n - 4) << 32, 0),
        8..=15 => (word(0), word(n - 8)),
        _ => return None,
    };
    Some((lo, hi, n))
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch::default()
    }
}

/// One game.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) ruleset: Ruleset,
    pub(crate) num_players: u32,
    pub(crate) seed: u64,
    pub(crate) rng: rand_pcg::Pcg64,
    /// Numbers drawn from `rng` so far (the codec stores this, not the generator).
    pub(crate) rng_draws: u64,
    pub(crate) entities: crate::store::EntityStore,
    pub(crate) printed: Arc<Vec<Arc<Printed>>>,
    pub(crate) kinds: Arc<KindTable>,
    pub(crate) subtype_names: Arc<NameTable>,
    pub(crate) shields: Vec<Shield>,
    pub(crate) redirects: Vec<Redirect>,
    /// Regeneration shields (701.15a), one entry per shield, in creation order: the permanent
    /// each protects the next time it would be destroyed this turn.
    pub(crate) regenerations: Vec<u32>,
    /// Replacement and "can't" effects (CR 614-616), in their order of application.
    pub(crate) replacements: Vec<crate::replacement::ReplacementEffect>,
    /// The id the next replacement effect gets (ids are never reused).
    pub(crate) next_effect_id: u32,
    /// Continuous effects (CR 611, 613), in timestamp order (613.7).
    pub(crate) continuous: Vec<crate::continuous::ContinuousEffect>,
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
}

impl Game {
    /// The entities, and what changing them writes besides (see `ChangeLog`).
    #[inline]
    pub(crate) fn split_changes(&mut self) -> (&mut crate::store::EntityStore, ChangeLog<'_>) {
        let Game {
            entities,
            kinds,
            entity_hash,
            events,
            record_events,
            huge,
            ..
        } = self;
        let events = (*record_events).then_some(events);
        let log = ChangeLog {
            kinds,
            entity_hash,
            huge,
            events,
        };
        (entities, log)
    }

    /// An independent copy that shares the entity storage copy-on-write (O(chunks)); each
    /// side copies a chunk when it first changes it. `clone()` copies the chunks this game
    /// owns instead: use `share` for search, where copies are many and changes few.
    pub fn share(&mut self) -> Game {
        self.entities.share_chunks();
        self.clone()
    }

    /// A new game (SEMANTICS §1): players `0..players`, each at 20 life.
    pub fn new(players: u32, ruleset: Ruleset, seed: u64) -> Result<Game> {
        if players == 0 || players > MAX_PLAYERS {
            return Err(players_out_of_range(players));
        }
        let mut g = Game {
            ruleset,
            num_players: players,
            seed,
            rng: rand_pcg::Pcg64::seed_from_u64(seed),
            rng_draws: 0,
            entities: crate::store::EntityStore::default(),
            printed: Arc::new(Vec::new()),
            kinds: Arc::new(KindTable::default()),
            subtype_names: Arc::new(NameTable::default()),
            shields: Vec::new(),
            redirects: Vec::new(),
            regenerations: Vec::new(),
            replacements: Vec::new(),
            next_effect_id: 0,
            continuous: Vec::new(),
            next_continuous_id: 0,
            cost_modifiers: Vec::new(),
            events: Vec::new(),
            record_events: true,
            entity_hash: 0,
            effects_hash: 0,
            scratch: Scratch::default(),
            huge: false,
        };
        for p in 0..players {
            g.entities.push(Entity::player(p));
        }
        g.entity_hash = g.compute_entity_hash();
        g.effects_hash = g.compute_effects_hash();
        Ok(g)
    }

    // ----- reading -------------------------------------------------------------------------

    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }
    pub fn num_players(&self) -> u32 {
        self.num_players
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn num_entities(&self) -> u32 {
        self.entities.len() as u32
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

    /// The entity with that id (players and objects; gone objects give their LKI).
    #[inline]
    pub fn entity(&self, id: u32) -> Result<&Entity> {
        self.entities
            .get(id as usize)
            .ok_or(Error::UnknownId(id as i128))
    }

    #[inline]
    pub fn printed(&self, e: &Entity) -> &Printed {
        &self.printed[e.printed as usize]
    }

    #[inline]
    pub fn player(&self, id: u32) -> Result<&Entity> {
        let e = self.entity(id)?;
        if !e.is_player {
            return Err(wrong_entity(id, Reason::NotAPlayer));
        }
        Ok(e)
    }

    #[inline]
    pub fn object(&self, id: u32) -> Result<&Entity> {
        let e = self.entity(id)?;
        if e.is_player {
            return Err(wrong_entity(id, Reason::NotAnObject));
        }
        Ok(e)
    }

    /// An entity that may be changed: not gone.
    #[inline]
    pub fn live(&self, id: u32) -> Result<&Entity> {
        let e = self.entity(id)?;
        if e.gone {
            return Err(Error::Gone(id));
        }
        Ok(e)
    }

    #[inline]
    pub fn live_object(&self, id: u32) -> Result<&Entity> {
        let e = self.object(id)?;
        if e.gone {
            return Err(Error::Gone(id));
        }
        Ok(e)
    }

    /// An object on the battlefield (for changes that happen only "in play").
    #[inline]
    pub fn permanent(&self, id: u32, what: &str) -> Result<&Entity> {
        let e = self.live_object(id)?;
        if e.zone != Zone::Battlefield {
            return Err(not_in_play(what, id, e.zone));
        }
        Ok(e)
    }

    pub fn players(&self) -> impl Iterator<Item = u32> {
        0..self.num_players
    }

    #[inline]
    pub fn kind_name(&self, kind: Kind) -> &str {
        self.kinds.name(kind)
    }

    /// The kind of that name if any entity could have it (no interning).
    #[inline]
    pub fn lookup_kind(&self, name: &str) -> Option<Kind> {
        self.kinds.lookup(name)
    }

    pub fn check_kind_name(name: &str) -> Result<()> {
        if name.is_empty() {
            return Err(Error::refused(
                Reason::BadKind,
                "a counter kind must be a non-empty name",
            ));
        }
        if let Some(why) = kinds::kind_name_typo(name) {
            return Err(Error::Value(why));
        }
        crate::limits::check_name_length(name, "a counter kind")
    }

    /// Interns a kind name (validated), sharing the table copy-on-write with clones.
    pub fn intern_kind(&mut self, name: &str) -> Result<Kind> {
        Self::check_kind_name(name)?;
        if let Some(k) = self.kinds.lookup(name) {
            return Ok(k);
        }
        if let Some(k) = Arc::make_mut(&mut self.kinds).intern(name) {
            return Ok(k);
        }
        self.give_back_kinds();
        Arc::make_mut(&mut self.kinds).intern(name).ok_or_else(|| {
            Error::Overflow(format!(
                "too many counter kinds in use in one game (at most {}, the built-in ones \
                 included)",
                crate::limits::MAX_KINDS
            ))
        })
    }

    /// Gives back the ids of the kinds nothing holds any more: no entity has such a counter, no
    /// logged event names it, and no copy a transaction saved to roll back to has one. (So the
    /// limit counts the kinds in use, as a game decoded from this one's bytes would.)
    #[cold]
    fn give_back_kinds(&mut self) {
        let mut used = vec![false; crate::limits::MAX_KINDS];
        let mut mark = |counters: &CounterSet| {
            for (k, _) in counters.iter() {
                used[k.0 as usize] = true;
            }
        };
        for e in self.entities.iter().chain(self.entities.journaled()) {
            mark(&e.counters);
        }
        for ev in &self.events {
            if let Some(k) = ev.counter() {
                used[k.0 as usize] = true;
            }
        }
        for r in &self.replacements {
            if let Some(k) = r.counter {
                used[k.0 as usize] = true;
            }
        }
        Arc::make_mut(&mut self.kinds).give_back(|k| used[k.0 as usize]);
        // The cache maps names to ids that may now mean other names.
        self.scratch.kind_cache = Default::default();
    }

    pub fn count(&self, id: u32, kind: Kind) -> Result<u64> {
        Ok(self.entity(id)?.counters.get(kind))
    }

    pub fn count_by_name<'a>(&self, id: u32, kind: impl Into<KindRef<'a>>) -> Result<u64> {
        let e = self.entity(id)?;
        let kind = match kind.into() {
            KindRef::Kind(k) => Some(k),
            KindRef::Name(name) => {
                Self::check_kind_name(name)?;
                self.lookup_kind(name)
            }
        };
        Ok(kind.map_or(0, |k| e.counters.get(k)))
    }

    pub fn life(&self, p: u32) -> Result<i64> {
        Ok(self.player(p)?.life)
    }

    /// Keywords from printed/granted abilities and keyword counters (122.1b), with the
    /// continuous effects of layer 6 (613.1f).
    #[inline]
    pub fn keywords_of(&self, e: &Entity) -> Keywords {
        let kw = self.own_keywords(e);
        if self.continuous.is_empty() {
            return kw;
        }
        self.layer_6(self.id_for_layers(e), e, kw, e.toxic).0
    }

    /// Keywords from printed/granted abilities and keyword counters (122.1b), before the
    /// continuous effects.
    #[inline]
    pub(crate) fn own_keywords(&self, e: &Entity) -> Keywords {
        let mut kw = e.keywords.union(e.keywords_eot);
        for (k, _) in e.counters.iter() {
            kw = kw.union(self.kinds.info(k).keyword);
        }
        kw
    }

    pub fn has_keyword(&self, id: u32, name: &str) -> Result<bool> {
        let e = self.object(id)?;
        let kw = keywords::keyword(name).ok_or_else(|| keywords::unknown(name))?;
        Ok(self.keywords_at(id, e).intersects(kw))
    }

    /// Power (i128: exact for any count). `None` for a non-creature without printed power.
    /// With the continuous effects of layer 7 (613.4); counters are layer 7d.
    #[inline]
    pub fn power_of(&self, e: &Entity) -> Option<i128> {
        if !self.continuous.is_empty() {
            return self.layered_power(self.id_for_layers(e), e);
        }
        self.pt_of(e, e.power, e.pump_power as i128, |i| i.power)
    }

    #[inline]
    pub fn toughness_of(&self, e: &Entity) -> Option<i128> {
        if !self.continuous.is_empty() {
            return self.layered_toughness(self.id_for_layers(e), e);
        }
        self.pt_of(e, e.toughness, e.pump_toughness as i128, |i| i.toughness)
    }

    #[inline]
    pub(crate) fn pt_of(
        &self,
        e: &Entity,
        base: Option<i32>,
        pump: i128,
        per: impl Fn(&kinds::KindInfo) -> i32,
    ) -> Option<i128> {
        let base = match base {
            Some(b) => b,
            None if e.is_creature() => 0,
            None => return None,
        };
        let mut v = base as i128 + pump;
        for (k, n) in e.counters.iter() {
            let d = per(self.kinds.info(k));
            if d != 0 {
                v += d as i128 * n as i128;
            }
        }
        Some(v)
    }

    pub fn power(&self, id: u32) -> Result<Option<i128>> {
        let e = self.object(id)?;
        Ok(self.power_at(id, e))
    }

    pub fn toughness(&self, id: u32) -> Result<Option<i128>> {
        let e = self.object(id)?;
        Ok(self.toughness_at(id, e))
    }

    pub fn damage(&self, id: u32) -> Result<u64> {
        Ok(self.object(id)?.damage)
    }

    /// An object's loyalty: the number of loyalty counters on it (306.5b).
    pub fn loyalty(&self, id: u32) -> Result<u64> {
        Ok(self.object(id)?.counters.get(kinds::LOYALTY))
    }

    /// An object's defense: the number of defense counters on it (310.4b).
    pub fn defense(&self, id: u32) -> Result<u64> {
        Ok(self.object(id)?.counters.get(kinds::DEFENSE))
    }

    pub fn types_of(&self, id: u32) -> Result<Types> {
        Ok(self.object(id)?.types)
    }

    // ----- events ----------------------------------------------------------------------------

    #[inline]
    pub(crate) fn emit(&mut self, e: Event) {
        if self.record_events {
            push_event(&mut self.events, e);
        }
    }

    /// The event log in order; clears it.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Empties the log, keeping its buffer.
    pub fn clear_events(&mut self) {
        self.events.clear();
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    // ----- hashing ---------------------------------------------------------------------------

    /// 64-bit hash of the rules-relevant state; O(1).
    #[inline]
    pub fn hash(&self) -> u64 {
        mix(self.entity_hash
            ^ self.effects_hash
            ^ ((self.ruleset as u64) << 56 | self.num_players as u64))
    }

    /// The features of everything but the counters, given the characteristics hash (which
    /// `spawn` takes from the card's cache instead of recomputing it).
    fn scalar_features(id: u32, e: &Entity, chars_hash: u64, printed_hash: Option<u64>) -> u64 {
        let h = feature(TAG_PLACE, id, e.place_hash())
            ^ feature(TAG_CHARS, id, chars_hash)
            ^ nonzero_feature(TAG_DAMAGE, id, e.damage)
            ^ nonzero_feature(TAG_DEATHTOUCH, id, e.deathtouched as u64)
            ^ nonzero_feature(TAG_LIFE, id, e.life as u64);
        printed_hash.map_or(h, |p| h ^ feature(TAG_PRINTED, id, p))
    }

    fn entity_features(&self, id: u32, e: &Entity) -> u64 {
        let printed = (!e.is_player).then(|| self.printed(e).hash);
        let mut h = Self::scalar_features(id, e, e.chars_hash(&self.subtype_names), printed);
        for (k, n) in e.counters.iter() {
            h ^= feature(self.kinds.name_hash(k), id, n);
        }
        h
    }

    pub(crate) fn compute_entity_hash(&self) -> u64 {
        self.entities
            .iter()
            .enumerate()
            .fold(0, |h, (i, e)| h ^ self.entity_features(i as u32, e))
    }

    pub(crate) fn compute_effects_hash(&self) -> u64 {
        let mut h = 0x5eed;
        for s in &self.shields {
            h = combine(h, 1);
            h = combine(h, s.target as u64);
            h = combine(h, s.amount.map_or(u64::MAX, |a| a));
            h = combine(h, s.source.map_or(u64::MAX, |a| a as u64));
        }
        for r in &self.redirects {
            h = combine(h, 2);
            h = combine(h, r.from as u64 | (r.to as u64) << 32);
            h = combine(h, r.amount.map_or(u64::MAX, |a| a));
            h = combine(h, r.source.map_or(u64::MAX, |a| a as u64));
        }
        for &r in &self.regenerations {
            h = combine(h, 4);
            h = combine(h, r as u64);
        }
        if self.next_effect_id > 0 {
            h = self.replacement_hash(h);
        }
        if self.next_continuous_id > 0 {
            h = self.continuous_hash(h);
        }
        for m in &self.cost_modifiers {
            h = combine(h, 3);
            h = combine(h, m.amount as u64);
            h = combine(h, m.card.map_or(u64::MAX, |a| a as u64));
            h = combine(h, m.source.map_or(u64::MAX, |a| a as u64));
            h = combine(h, m.types.0 as u64);
            h = combine(h, m.controller.map_or(u64::MAX, |a| a as u64));
            for &s in &m.subtypes {
                h = combine(h, self.subtype_names.hash(s));
            }
        }
        h
    }

    /// The hash computed from scratch (tests check it equals the incremental one).
    pub fn recompute_hash(&self) -> u64 {
        mix(self.compute_entity_hash()
            ^ self.compute_effects_hash()
            ^ ((self.ruleset as u64) << 56 | self.num_players as u64))
    }

    pub(crate) fn effects_changed(&mut self) {
        self.effects_hash = self.compute_effects_hash();
    }

    // ----- primitives (each keeps the hash) ----------------------------------------------------

    /// Sets a count; returns the old one.
    #[inline]
    pub(crate) fn set_count(&mut self, id: u32, kind: Kind, count: u64) -> u64 {
        let (entities, mut log) = self.split_changes();
        log.set(&mut entities[id as usize], id, kind, count)
    }

    /// Adds counters with checked arithmetic and emits `counters_added`.
    pub(crate) fn put_counters(&mut self, id: u32, kind: Kind, n: u64) -> Result<()> {
        if n == 0 {
            return Ok(());
        }
        let (entities, mut log) = self.split_changes();
        log.put(&mut entities[id as usize], id, kind, n)
    }

    /// Removes up to n counters, emits `counters_removed`, returns how many.
    pub(crate) fn take_counters(&mut self, id: u32, kind: Kind, n: u64) -> u64 {
        let (entities, mut log) = self.split_changes();
        log.take(&mut entities[id as usize], id, kind, n)
    }

    #[inline]
    pub(crate) fn set_damage(&mut self, id: u32, damage: u64) {
        let (entities, mut log) = self.split_changes();
        log.mark_damage(&mut entities[id as usize], id, damage, false);
    }

    #[inline]
    pub(crate) fn set_deathtouched(&mut self, id: u32, on: bool) {
        let (entities, mut log) = self.split_changes();
        log.set_deathtouched(&mut entities[id as usize], id, on);
    }

    /// Changes where/whose an entity is (zone, gone, controller, lost).
    pub(crate) fn update_place(&mut self, id: u32, f: impl FnOnce(&mut Entity)) {
        let e = &mut self.entities[id as usize];
        let before = e.place_hash();
        f(e);
        let after = e.place_hash();
        self.entity_hash ^= feature(TAG_PLACE, id, before) ^ feature(TAG_PLACE, id, after);
    }

    /// Changes current characteristics.
    pub(crate) fn update_chars(&mut self, id: u32, f: impl FnOnce(&mut Entity)) {
        let names = &self.subtype_names;
        let e = &mut self.entities[id as usize];
        let before = e.chars_hash(names);
        f(e);
        let after = e.chars_hash(names);
        self.entity_hash ^= feature(TAG_CHARS, id, before) ^ feature(TAG_CHARS, id, after);
    }

    /// Runs `f`; if it fails, puts the whole game back as it was. Used only where a cheap
    /// up-front check can't rule failure out (the common paths check first and mutate once).
    ///
    /// The entities are journaled (see `store::Journal`) and the few other fields a change can
    /// touch are copied; nothing shared is cloned, so batches of games on several threads don't
    /// contend for reference counts. Interned kind and subtype names stay (they are never part
    /// of the state). The event log isn't copied either (it would make every transaction cost
    /// as much as the log is long): `f` only appends to it, so rolling back truncates it.
    /// Inside another transaction `f` just runs: errors propagate, and the outermost one undoes
    /// everything.
    pub(crate) fn transaction<T, E>(
        &mut self,
        f: impl FnOnce(&mut Game) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        if !self.entities.start_journal() {
            return f(self);
        }
        let backup = (
            self.entity_hash,
            self.effects_hash,
            self.shields.clone(),
            (
                self.redirects.clone(),
                self.regenerations.clone(),
                self.replacements.clone(),
                self.next_effect_id,
                self.continuous.clone(),
                self.next_continuous_id,
            ),
            self.cost_modifiers.clone(),
            (self.rng.clone(), self.rng_draws, self.huge),
            (self.printed.len(), self.events.len()),
        );
        let out = f(self);
        if out.is_ok() {
            self.entities.commit_journal();
            return out;
        }
        self.entities.roll_back_journal();
        let (entity_hash, effects_hash, shields, redirects, cost_modifiers, rng, lengths) = backup;
        self.entity_hash = entity_hash;
        self.effects_hash = effects_hash;
        self.shields = shields;
        (
            self.redirects,
            self.regenerations,
            self.replacements,
            self.next_effect_id,
            self.continuous,
            self.next_continuous_id,
        ) = redirects;
        self.cost_modifiers = cost_modifiers;
        (self.rng, self.rng_draws, self.huge) = rng;
        let (printed, logged) = lengths;
        if self.printed.len() > printed {
            Arc::make_mut(&mut self.printed).truncate(printed);
        }
        self.events.truncate(logged);
        out
    }

    // ----- life -------------------------------------------------------------------------------

    pub fn gain_life(&mut self, p: u32, n: u64) -> Result<()> {
        self.player(p)?;
        self.change_life(p, n, true, None)
    }

    pub fn lose_life(&mut self, p: u32, n: u64) -> Result<()> {
        self.player(p)?;
        self.change_life(p, n, false, None)
    }

    pub(crate) fn change_life(
        &mut self,
        p: u32,
        n: u64,
        gain: bool,
        source: Option<u32>,
    ) -> Result<()> {
        if !self.replacements.is_empty() && !self.life_may_change(p, gain) {
            return Ok(()); // Sulfuric Vortex, Platinum Emperion
        }
        let (entities, mut log) = self.split_changes();
        log.change_life(&mut entities[p as usize], p, n, gain, source)
    }

    // ----- counters (SEMANTICS §4) ---------------------------------------------------------------------

    /// Puts n counters of a kind on a player or object.
    pub fn add_counters<'a>(
        &mut self,
        id: u32,
        kind: impl Into<KindRef<'a>>,
        n: u64,
    ) -> Result<()> {
        self.live(id)?;
        let kind = kind.into();
        Self::check_kind(kind)?;
        if n == 0 {
            return Ok(());
        }
        let kind = match kind {
            KindRef::Kind(k) => k,
            KindRef::Name(name) => match self.lookup_kind_cached(name) {
                Some(k) => k,
                None => self.intern_kind(name)?,
            },
        };
        if !self.replacements.is_empty() {
            let n = self.counters_to_put(id, kind, n); // 614.1a
            return self.put_counters(id, kind, n);
        }
        self.put_counters(id, kind, n)
    }

    /// A name must be non-empty (a resolved kind always is).
    #[inline]
    fn check_kind(kind: KindRef<'_>) -> Result<()> {
        match kind {
            KindRef::Kind(_) => Ok(()),
            KindRef::Name(name) => Self::check_kind_name(name),
        }
    }

    /// The interned kind (`None` for a name this game never interned).
    #[inline]
    pub fn resolve_kind(&mut self, kind: KindRef<'_>) -> Option<Kind> {
        match kind {
            KindRef::Kind(k) => Some(k),
            KindRef::Name(name) => self.lookup_kind_cached(name),
        }
    }

    /// `lookup_kind` through a small cache of short names packed into integers: the hot path
    /// names the same few kinds over and over.
    #[inline]
    pub fn lookup_kind_cached(&mut self, name: &str) -> Option<Kind> {
        let Some(key) = short_name_key(name.as_bytes()) else {
            return self.kinds.lookup(name);
        };
        let slot =
            ((key.0 ^ key.1 ^ key.2 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 61) as usize;
        let (cached, kind) = self.scratch.kind_cache[slot];
        if cached == key && kind != 0 {
            return Some(Kind(kind - 1));
        }
        let k = self.kinds.lookup(name)?;
        self.scratch.kind_cache[slot] = (key, k.0 + 1);
        Some(k)
    }

    /// Removes up to n counters; returns how many were removed.
    pub fn remove_counters<'a>(
        &mut self,
        id: u32,
        kind: impl Into<KindRef<'a>>,
        n: u64,
    ) -> Result<u64> {
        self.live(id)?;
        let kind = kind.into();
        Self::check_kind(kind)?;
        match self.resolve_kind(kind) {
            Some(kind) => Ok(self.take_counters(id, kind, n)),
            None => Ok(0),
        }
    }

    /// Pays n counters as a cost: all or nothing (`CannotPay`).
    pub fn pay_counters<'a>(
        &mut self,
        id: u32,
        kind: impl Into<KindRef<'a>>,
        n: u64,
    ) -> Result<()> {
        self.live(id)?;
        let kind = kind.into();
        Self::check_kind(kind)?;
        if n == 0 {
            return Ok(());
        }
        let resolved = self.resolve_kind(kind);
        let have = resolved.map_or(0, |k| self.entities[id as usize].counters.get(k));
        if have < n {
            let name = match kind {
                KindRef::Name(name) => name,
                KindRef::Kind(k) => self.kind_name(k),
            };
            return Err(Error::CannotPay(format!(
                "can't pay {n} {name} counters: {id} has {have}"
            )));
        }
        let kind = resolved.expect("present: have >= n > 0");
        self.take_counters(id, kind, n);
        Ok(())
    }

    /// 122.5: moves n counters of a kind from `from` to `to`: removed from the one (all n, or
    /// `CannotPay` and nothing changes), then put on the other through the replacement effects
    /// (614.1a). Returns how many were put.
    pub fn move_counters<'a>(
        &mut self,
        from: u32,
        to: u32,
        kind: impl Into<KindRef<'a>>,
        n: u64,
    ) -> Result<u64> {
        self.live(from)?;
        self.live(to)?;
        let kind = kind.into();
        Self::check_kind(kind)?;
        if from == to {
            return value(format!("can't move counters from {from} to itself"));
        }
        if n == 0 {
            return Ok(0);
        }
        let resolved = self.resolve_kind(kind);
        let have = resolved.map_or(0, |k| self.entities[from as usize].counters.get(k));
        if have < n {
            let name = match kind {
                KindRef::Name(name) => name,
                KindRef::Kind(k) => self.kind_name(k),
            };
            return Err(Error::CannotPay(format!(
                "can't move {n} {name} counters: {from} has {have}"
            )));
        }
        let kind = resolved.expect("present: have >= n > 0");
        // 122.5: counters that can't be put on the other aren't moved at all.
        if !self.replacements.is_empty() && self.counters_forbidden(to, kind) {
            return Ok(0);
        }
        let put = if self.replacements.is_empty() {
            n
        } else {
            self.counters_to_put(to, kind, n)
        };
        let room = self.entities[to as usize]
            .counters
            .get(kind)
            .checked_add(put);
        if room.is_none() {
            return overflow(&format!("the {} count", self.kind_name(kind)));
        }
        self.take_counters(from, kind, n);
        self.put_counters(to, kind, put)?;
        Ok(put)
    }

    /// 122.8: puts on `to` the counters `from` had as it last existed (its last known
    /// information if it left), each kind through the replacement effects; all or nothing.
    pub fn put_counters_from(&mut self, from: u32, to: u32) -> Result<()> {
        self.object(from)?;
        self.live(to)?;
        if from == to {
            return value(format!("can't put {from}'s counters on itself"));
        }
        let counters: smallvec::SmallVec<[(Kind, u64); 4]> =
            self.entities[from as usize].counters.iter().collect();
        self.transaction(|g| {
            for (k, n) in counters {
                let n = if g.replacements.is_empty() {
                    n
                } else {
                    g.counters_to_put(to, k, n)
                };
                g.put_counters(to, k, n)?;
            }
            Ok(())
        })
    }

    /// The objects in a zone, in id order (not those that left it), optionally only those
    /// `controller` controls.
    pub fn objects_in(&self, zone: Zone, controller: Option<u32>) -> Result<Vec<u32>> {
        if let Some(p) = controller {
            self.player(p)?;
        }
        let mut out = Vec::new();
        for (id, e) in self
            .entities
            .iter()
            .enumerate()
            .skip(self.num_players as usize)
        {
            if !e.gone && e.zone == zone && controller.is_none_or(|p| p == e.controller) {
                out.push(id as u32);
            }
        }
        Ok(out)
    }

    /// Pays {E} (107.14): all or nothing.
    pub fn pay_energy(&mut self, p: u32, n: u64) -> Result<()> {
        self.player(p)?;
        self.pay_counters(p, kinds::ENERGY, n)
    }

    // ----- objects (SEMANTICS §3) --------------------------------------------------------------------

    pub(crate) fn next_id(&self) -> Result<u32> {
        let id = self.entities.len();
        if id >= NO_ID as usize {
            return overflow("the id space");
        }
        Ok(id as u32)
    }

    /// Validates a card description into printed characteristics.
    pub fn validate_card(&mut self, spec: &CardSpec) -> Result<Printed> {
        let allowed = self.ruleset.types();
        let mut types = Types::default();
        for t in &spec.types {
            match card_type(t) {
                Some(ty) if allowed.contains(ty) => types.0 |= ty.0,
                _ => {
                    return value(format!(
                        "unknown type {t:?} in the {} ruleset; valid types: {}",
                        self.ruleset.as_str(),
                        allowed.names().collect::<Vec<_>>().join(", ")
                    ))
                }
            }
        }
        crate::limits::check_name_length(&spec.name, "the card name")?;
        for s in &spec.subtypes {
            if s.is_empty() {
                return value("a subtype must be a non-empty name");
            }
            crate::limits::check_name_length(s, "a subtype")?;
        }
        let mut kw = Keywords::EMPTY;
        let mut toxic: u32 = 0;
        for (name, v) in &spec.keywords {
            let Some(k) = keywords::keyword(name) else {
                return Err(keywords::unknown(name));
            };
            if k == Keywords::TOXIC {
                if *v < 1 {
                    return value(format!("toxic needs a value of at least 1, got {v}"));
                }
                toxic = u32::try_from(*v)
                    .ok()
                    .and_then(|v| toxic.checked_add(v))
                    .ok_or_else(|| Error::Overflow("toxic value too large".into()))?;
            } else if *v != 1 {
                return value(format!(
                    "{name} is not a valued keyword; its value must be 1"
                ));
            }
            kw = kw.union(k);
        }
        if spec.flying {
            kw = kw.union(Keywords::FLYING);
        }
        let signed = |what: &str, v: Option<i64>| -> Result<Option<i32>> {
            match v {
                None => Ok(None),
                Some(v) if !crate::limits::stat_ok(v) => overflow(what),
                Some(v) => Ok(Some(v as i32)),
            }
        };
        let unsigned = |what: &str, v: Option<i64>| -> Result<Option<i32>> {
            match v {
                Some(v) if v < 0 => value(format!("{what} must be at least 0, got {v}")),
                v => signed(what, v),
            }
        };
        let cost = match &spec.cost {
            None => None,
            Some(CostSpec::Fixed(n)) => {
                let n = unsigned("cost", Some(*n))?.unwrap_or(0);
                Some(Cost {
                    base: n as u32,
                    xs: 0,
                })
            }
            Some(CostSpec::Text(t)) => Some(Cost::parse(t)?),
        };
        let power = signed("power", spec.power)?;
        let toughness = signed("toughness", spec.toughness)?;
        let loyalty = unsigned("loyalty", spec.loyalty)?.map(|v| v as u32);
        let defense = unsigned("defense", spec.defense)?.map(|v| v as u32);
        let strength = unsigned("strength", spec.strength)?;
        let lives = unsigned("lives", spec.lives)?;
        let movement = unsigned("movement", spec.movement)?;
        // Interned last, once everything is valid.
        let subtypes = self.intern_subtypes(&spec.subtypes);
        Ok(Printed {
            name: spec.name.as_str().into(),
            types,
            subtypes,
            keywords: kw,
            toxic,
            power,
            toughness,
            loyalty,
            defense,
            cost,
            strength,
            lives,
            movement,
            elite: spec.elite,
            hash: 0,
            fresh_chars: 0,
        }
        .finish(&self.subtype_names))
    }

    /// The ids of subtype names (validated non-empty), interning new ones.
    pub(crate) fn intern_subtypes<S: AsRef<str>>(&mut self, names: &[S]) -> Subtypes {
        if !self.subtype_names.has_all(names) {
            let table = Arc::make_mut(&mut self.subtype_names);
            for n in names {
                table.intern(n.as_ref());
            }
        }
        let table = &self.subtype_names;
        names
            .iter()
            .map(|n| table.lookup(n.as_ref()).expect("interned just above"))
            .collect()
    }

    /// The name of an interned subtype.
    pub fn subtype_name(&self, s: Subtype) -> &str {
        self.subtype_names.name(s)
    }

    /// Creates an object (SEMANTICS §3); returns its id.
    pub fn create(&mut self, controller: u32, zone: Zone, spec: &CardSpec) -> Result<u32> {
        self.player(controller)?;
        let printed = self.validate_card(spec)?;
        let id = self.next_id()?;
        let index = self.printed.len() as u32;
        Arc::make_mut(&mut self.printed).push(Arc::new(printed));
        self.spawn(id, index, controller, zone);
        Ok(id)
    }

    /// `create`, and the object enters with `counters` put on it (122.6): through the
    /// replacement effects, with `counters_added`; all or nothing.
    pub fn create_with_counters(
        &mut self,
        controller: u32,
        zone: Zone,
        spec: &CardSpec,
        counters: &[(String, u64)],
    ) -> Result<u32> {
        if counters.is_empty() {
            return self.create(controller, zone, spec);
        }
        for (k, _) in counters {
            Self::check_kind_name(k)?;
        }
        self.transaction(|g| {
            let id = g.create(controller, zone, spec)?;
            g.put_entering_counters(id, counters)?;
            Ok(id)
        })
    }

    /// `move_to`, and the new object enters with `counters` put on it (122.6).
    pub fn move_with_counters(
        &mut self,
        id: u32,
        zone: Zone,
        counters: &[(String, u64)],
    ) -> Result<u32> {
        if counters.is_empty() {
            return self.move_to(id, zone);
        }
        self.live_object(id)?;
        for (k, _) in counters {
            Self::check_kind_name(k)?;
        }
        self.transaction(|g| {
            let new_id = g.move_to(id, zone)?;
            g.put_entering_counters(new_id, counters)?;
            Ok(new_id)
        })
    }

    fn put_entering_counters(&mut self, id: u32, counters: &[(String, u64)]) -> Result<()> {
        for (name, n) in counters {
            let kind = self.intern_kind(name)?;
            let n = if self.replacements.is_empty() {
                *n
            } else {
                self.counters_to_put(id, kind, *n)
            };
            self.put_counters(id, kind, n)?;
        }
        Ok(())
    }

    /// Adds the object for a printed card; it enters with its intrinsic counters.
    pub(crate) fn spawn(&mut self, id: u32, printed: u32, owner: u32, zone: Zone) {
        // Borrowed, not cloned: two atomic reference-count updates per zone change add up
        // when SBAs move dozens of permanents.
        let p = &self.printed[printed as usize];
        let e = Entity::object(printed, p, owner, zone);
        // A fresh object has no counters; its characteristics hash is the card's cached one.
        self.entity_hash ^= Self::scalar_features(id, &e, p.fresh_chars, Some(p.hash));
        // 306.5b / 310.4b: planeswalkers and battles enter with their loyalty/defense.
        let loyalty = p.loyalty.filter(|_| p.types.contains(Types::PLANESWALKER));
        let defense = p.defense.filter(|_| p.types.contains(Types::BATTLE));
        self.entities.push(e);
        if zone == Zone::Battlefield {
            // They are put on it as it enters (122.6): replacement effects apply (Doubling
            // Season doubles a planeswalker's loyalty).
            let effects = !self.replacements.is_empty();
            if let Some(l) = loyalty {
                let l = if effects {
                    self.counters_to_put(id, kinds::LOYALTY, l as u64)
                } else {
                    l as u64
                };
                self.set_count(id, kinds::LOYALTY, l);
            }
            if let Some(d) = defense {
                let d = if effects {
                    self.counters_to_put(id, kinds::DEFENSE, d as u64)
                } else {
                    d as u64
                };
                self.set_count(id, kinds::DEFENSE, d);
            }
        }
    }

    /// Moves an object to a zone (400.7): it becomes a new object with a new id; the old id keeps
    /// last known information. Returns the new id.
    pub fn move_to(&mut self, id: u32, zone: Zone) -> Result<u32> {
        self.live_object(id)?;
        let new_id = self.next_id()?;
        Ok(self.relocate(id, zone, new_id))
    }

    /// The move itself (the caller validated): no `counters_removed` for what vanishes (122.2).
    pub(crate) fn relocate(&mut self, id: u32, zone: Zone, new_id: u32) -> u32 {
        if !self.continuous.is_empty() {
            self.remember_layered(id); // 113.7a: as it last existed
        }
        let (from, printed, owner, finality) = {
            let e = &self.entities[id as usize];
            (
                e.zone,
                e.printed,
                e.owner,
                e.counters.get(kinds::FINALITY) > 0,
            )
        };
        // 122.1h: a permanent with a finality counter that would be put into a graveyard from
        // the battlefield is exiled instead.
        let zone = if finality && from == Zone::Battlefield && zone == Zone::Graveyard {
            Zone::Exile
        } else {
            zone
        };
        self.update_place(id, |e| {
            e.gone = true;
            e.new_id = new_id;
            e.zone = zone;
        });
        // Effects that refer to the object as it was end now (before the new object enters:
        // an effect of the leaving permanent doesn't apply to it).
        let effects = |g: &Game| {
            g.shields.len()
                + g.redirects.len()
                + g.regenerations.len()
                + g.replacements.len()
                + g.cost_modifiers.len()
        };
        let before = effects(self);
        if before > 0 {
            self.shields.retain(|s| s.target != id);
            self.redirects.retain(|r| r.from != id && r.to != id);
            self.regenerations.retain(|&r| r != id);
            // An effect of a permanent's static ability ends when it leaves (611.3a).
            self.replacements.retain(|r| r.source != Some(id));
            self.cost_modifiers
                .retain(|m| m.card != Some(id) && m.source != Some(id));
            if before != effects(self) {
                self.effects_changed();
            }
        }
        if !self.continuous.is_empty() && self.end_continuous_for(id) {
            self.effects_changed();
        }
        self.spawn(new_id, printed, owner, zone);
        self.emit(Event::new(EventKind::ZoneChange, id).with_move(from, zone, new_id));
        new_id
    }

    // ----- keywords and until-end-of-turn effects ----------------------------------------------

    /// Grants a keyword (permanently, or until end of turn).
    pub fn grant(&mut self, id: u32, name: &str, until_end_of_turn: bool) -> Result<()> {
        self.live_object(id)?;
        let kw = Self::grantable(name)?;
        self.update_chars(id, |e| {
            if until_end_of_turn {
                e.keywords_eot = e.keywords_eot.union(kw);
            } else {
                e.keywords = e.keywords.union(kw);
            }
        });
        Ok(())
    }

    /// Removes a keyword whether printed or granted (keyword counters stay: they are counters).
    pub fn revoke(&mut self, id: u32, name: &str) -> Result<()> {
        self.live_object(id)?;
        let kw = Self::grantable(name)?;
        self.update_chars(id, |e| {
            e.keywords = e.keywords.without(kw);
            e.keywords_eot = e.keywords_eot.without(kw);
        });
        Ok(())
    }

    fn grantable(name: &str) -> Result<Keywords> {
        match keywords::keyword(name) {
            Some(Keywords::TOXIC) => value("toxic is a valued keyword: set it at creation"),
            Some(k) => Ok(k),
            None => Err(keywords::unknown(name)),
        }
    }

    /// +power/+toughness until end of turn.
    pub fn pump(&mut self, id: u32, power: i64, toughness: i64) -> Result<()> {
        self.permanent(id, "pump")?;
        use crate::limits::{pump_ok, stat_ok};
        if !stat_ok(power) || !stat_ok(toughness) {
            return overflow("the power/toughness change");
        }
        // Both below PUMP_LIMIT (< 2**62) and the change below 2**31: the sums can't wrap.
        let e = &self.entities[id as usize];
        let (p, t) = (e.pump_power + power, e.pump_toughness + toughness);
        if !pump_ok(p) || !pump_ok(t) {
            return overflow("the power/toughness change");
        }
        self.update_chars(id, |e| {
            e.pump_power = p;
            e.pump_toughness = t;
        });
        Ok(())
    }

    /// Cleanup step (514.2): damage wears off and "this turn" effects end.
    pub fn cleanup(&mut self) {
        for id in 0..self.entities.len() as u32 {
            let e = &self.entities[id as usize];
            if e.is_player || e.gone {
                continue;
            }
            let deathtouched = e.deathtouched;
            if e.damage != 0 {
                self.set_damage(id, 0);
            }
            if deathtouched {
                self.set_deathtouched(id, false);
            }
            let e = &self.entities[id as usize];
            if !e.keywords_eot.is_empty() || e.pump_power != 0 || e.pump_toughness != 0 {
                self.update_chars(id, |e| {
                    e.keywords_eot = Keywords::EMPTY;
                    e.pump_power = 0;
                    e.pump_toughness = 0;
                });
            }
        }
        if !self.shields.is_empty()
            || !self.redirects.is_empty()
            || !self.regenerations.is_empty()
            || self.replacements.iter().any(|r| r.until_end_of_turn)
            || self.continuous.iter().any(|c| c.until_end_of_turn)
        {
            self.shields.clear();
            self.redirects.clear();
            self.regenerations.clear();
            self.replacements.retain(|r| !r.until_end_of_turn);
            self.end_continuous_at_cleanup();
            self.effects_changed();
        }
    }

    // ----- game result ------------------------------------------------------------------------

    pub fn has_lost(&self, p: u32) -> Result<bool> {
        Ok(self.player(p)?.lost)
    }

    pub fn is_over(&self) -> bool {
        self.players()
            .filter(|&p| !self.entities[p as usize].lost)
            .count()
            < 2
    }

    pub fn winner(&self) -> Option<u32> {
        let mut left = self.players().filter(|&p| !self.entities[p as usize].lost);
        match (left.next(), left.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        }
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

/// Structural equality of the rules-relevant state (not events, not info).
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        // Subtype ids are per table: compare names unless both games share one table.
        let same_table = Arc::ptr_eq(&self.subtype_names, &other.subtype_names);
        let names_eq = |x: &[Subtype], y: &[Subtype]| {
            if same_table {
                x == y
            } else {
                self.subtype_names.same_names(x, &other.subtype_names, y)
            }
        };
        let without_subtypes = |m: &CostModifier| CostModifier {
            subtypes: Subtypes::new(),
            ..m.clone()
        };
        if self.ruleset != other.ruleset
            || self.num_players != other.num_players
            || self.entities.len() != other.entities.len()
            || self.shields != other.shields
            || self.redirects != other.redirects
            || self.regenerations != other.regenerations
            || self.next_effect_id != other.next_effect_id
            || self.next_continuous_id != other.next_continuous_id
            || self.continuous != other.continuous
            || self.replacements.len() != other.replacements.len()
            || !self
                .replacements
                .iter()
                .zip(&other.replacements)
                .all(|(a, b)| {
                    let same_counter = match (a.counter, b.counter) {
                        (None, None) => true,
                        (Some(x), Some(y)) => self.kinds.name(x) == other.kinds.name(y),
                        _ => false,
                    };
                    same_counter
                        && a.id == b.id
                        && a.effect == b.effect
                        && a.source == b.source
                        && a.controller == b.controller
                        && a.affects == b.affects
                        && a.sources == b.sources
                        && a.until_end_of_turn == b.until_end_of_turn
                })
            || self.cost_modifiers.len() != other.cost_modifiers.len()
            || !self
                .cost_modifiers
                .iter()
                .zip(&other.cost_modifiers)
                .all(|(a, b)| {
                    without_subtypes(a) == without_subtypes(b) && names_eq(&a.subtypes, &b.subtypes)
                })
        {
            return false;
        }
        let same_kinds = Arc::ptr_eq(&self.kinds, &other.kinds);
        self.entities
            .iter()
            .zip(other.entities.iter())
            .all(|(a, b)| {
                let counters_equal = if same_kinds {
                    a.counters.len() == b.counters.len()
                        && a.counters.iter().all(|(k, n)| b.counters.get(k) == n)
                } else {
                    a.counters.len() == b.counters.len()
                        && a.counters.iter().all(|(k, n)| {
                            other
                                .kinds
                                .lookup(self.kinds.name(k))
                                .is_some_and(|ok| b.counters.get(ok) == n)
                        })
                };
                let printed_equal = a.is_player || {
                    let (pa, pb) = (self.printed(a), other.printed(b));
                    Printed {
                        subtypes: Subtypes::new(),
                        ..pa.clone()
                    } == Printed {
                        subtypes: Subtypes::new(),
                        ..pb.clone()
                    } && names_eq(&pa.subtypes, &pb.subtypes)
                };
                counters_equal
                    && printed_equal
                    && names_eq(&a.subtypes, &b.subtypes)
                    && Entity {
                        counters: CounterSet::default(),
                        printed: 0,
                        subtypes: Subtypes::new(),
                        ..a.clone()
                    } == Entity {
                        counters: CounterSet::default(),
                        printed: 0,
                        subtypes: Subtypes::new(),
                        ..b.clone()
                    }
            })
    }
}

#[cfg(test)]
mod tests {
    use super::short_name_key;
    use std::collections::HashMap;

    #[test]
    fn short_name_keys_determine_the_name() {
        // Every name of up to 15 bytes over a small alphabet (NUL included, where padding could
        // collide) by length, plus every length with one byte changed at each position.
        let alphabet = [0u8, b'a', b'+'];
        let mut seen: HashMap<(u64, u64, usize), Vec<u8>> = HashMap::new();
        let mut check = |name: Vec<u8>| {
            let key = short_name_key(&name).expect("short");
            if let Some(other) = seen.insert(key, name.clone()) {
                assert_eq!(other, name, "two names share a key");
            }
        };
        for len in 0..=6u32 {
            for code in 0..alphabet.len().pow(len) {
                let mut c = code;
                let name = (0..len)
                    .map(|_| {
                        let b = alphabet[c % alphabet.len()];
                        c /= alphabet.len();
                        b
                    })
                    .collect();
                check(name);
            }
        }
        for len in 7..=15 {
            for at in 0..len {
                for b in [0u8, b'x'] {
                    let mut name = vec![b'a'; len];
                    name[at] = b;
                    check(name);
                }
            }
        }
        assert!(short_name_key(&[b'a'; 16]).is_none());
    }
}
