//! What a player sees (docs/DUEL.md, "Observations"), written into the caller's buffer in the
//! layout of schema 2 (`layout`): the game and the decision, both players' public counts, its
//! own hand, every permanent, the stack, both graveyards and exiles and the decision's options,
//! and only the sizes of the opponent's hand and of both libraries; and `resample`, which deals
//! what a player can't see again.

mod layout;

pub use layout::{
    features, schema_id, Feature, COMPACT, DESCRIPTOR, EMBLEM, EMBLEMS_AT, EMBLEM_SLOTS, EXILE_AT,
    GRAVEYARDS_AT, HAND_AT, OBSERVATION_LEN, OPTION, OPTIONS_AT, PERMANENT, PERMANENTS_AT, PLAYER,
    PLAYERS_AT, SCHEMA_VERSION, SOURCE_AT, STACK_AT, STACK_ITEM,
};

use cardstate_core::keywords::{Supertypes, Types, SUPERTYPE_NAMES};
use cardstate_core::kinds;
use cardstate_effects::CardFacts;
use smallvec::SmallVec;

use crate::actions::{
    EXILE_SLOTS, GRAVEYARD_SLOTS, HAND_SLOTS, MAX_NUMBER, OPTION_SLOTS, PERMANENT_SLOTS,
    STACK_SLOTS,
};
use crate::cards::{CardId, Pool};
use crate::duel::decision::{Subject, DECISION_NAMES};
use crate::duel::{Duel, ItemKind, NO_CARD};

/// The supertype bit "basic" (205.4a; `SUPERTYPE_NAMES` order).
const BASIC: u8 = 1;
const _: () = assert!(SUPERTYPE_NAMES.len() == 5);

/// Writes features in order into a part of the observation whose entries are all zero (a
/// store of zero on zero changes nothing, so scalars are stored as they are; a one-hot writes
/// only its one).
struct Put<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Put<'_> {
    #[inline]
    fn put(&mut self, v: f32) {
        self.out[self.at] = v;
        self.at += 1;
    }
    #[inline]
    fn flag(&mut self, b: bool) {
        self.put(b as u8 as f32);
    }
    #[inline]
    fn one_hot(&mut self, i: Option<usize>, n: usize) {
        if let Some(i) = i.filter(|&i| i < n) {
            self.out[self.at + i] = 1.0;
        }
        self.at += n;
    }
    #[inline]
    fn skip(&mut self, n: usize) {
        self.at += n;
    }
}

/// The characteristics a descriptor shows that can change on the battlefield (613): a card's
/// printed ones, a permanent's current ones. Power and toughness are scaled (/10).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Current {
    /// Its colours (105.2, 613.1e) and whether it has activated and triggered abilities
    /// (613.1f), a bit each: colours in WUBRG order, then `ACTIVATED_BIT`, `TRIGGERED_BIT`.
    colours: u8,
    types: u16,
    supertypes: u8,
    power: f32,
    toughness: f32,
    keywords: u32,
    token: bool,
}

/// `Current::colours`' bits of having activated and of having triggered abilities.
const ACTIVATED_BIT: u8 = 1 << 6;
const TRIGGERED_BIT: u8 = 1 << 7;

/// The bits of `Current::colours` that say which abilities `f` gives.
fn abilities_bits(f: &CardFacts) -> u8 {
    (!f.activated.is_empty() as u8) * ACTIVATED_BIT + (f.triggers() as u8) * TRIGGERED_BIT
}

/// Card c's facts (none for `NO_CARD`).
#[inline]
fn facts(pool: Pool, c: CardId) -> Option<&'static CardFacts> {
    (c != NO_CARD).then(|| pool.facts(c))
}

/// A card's printed characteristics (none: no card of the pool).
fn printed(card: Option<&CardFacts>) -> Current {
    match card {
        Some(f) => Current {
            colours: abilities_bits(f) | f.colours,
            types: f.types.0 & Types::MAGIC.0,
            supertypes: f.supertypes.0,
            power: f.power.unwrap_or(0) as f32 / 10.0,
            toughness: f.toughness.unwrap_or(0) as f32 / 10.0,
            keywords: f.keywords.0,
            token: false,
        },
        None => Current {
            colours: 0,
            types: 0,
            supertypes: 0,
            power: 0.0,
            toughness: 0.0,
            keywords: 0,
            token: false,
        },
    }
}

/// Where each field of a descriptor begins (`layout::DESCRIPTOR_FIELDS`).
mod at {
    use super::layout::{field_at, COMPACT_FIELDS as C, DESCRIPTOR_FIELDS as D};
    pub const PRESENT: usize = field_at(&D, "present");
    pub const CARD: usize = field_at(&D, "card");
    pub const MANA_VALUE: usize = field_at(&D, "mana_value");
    pub const COLOURS: usize = field_at(&D, "colours");
    pub const TYPES: usize = field_at(&D, "types");
    pub const LEGENDARY: usize = field_at(&D, "legendary");
    pub const BASIC: usize = field_at(&D, "basic");
    pub const POWER: usize = field_at(&D, "power");
    pub const TOUGHNESS: usize = field_at(&D, "toughness");
    pub const LOYALTY: usize = field_at(&D, "loyalty");
    pub const KEYWORDS: usize = field_at(&D, "keywords");
    pub const ACTIVATED: usize = field_at(&D, "activated");
    pub const TRIGGERED: usize = field_at(&D, "triggered");
    pub const TOKEN: usize = field_at(&D, "token");
    // The compact descriptor is the descriptor's first fields, then power and toughness.
    const _: () = assert!(field_at(&C, "types") == TYPES);
    pub const COMPACT_POWER: usize = field_at(&C, "power");
    pub const COMPACT_TOUGHNESS: usize = field_at(&C, "toughness");
}

/// Sets `out[i]` to 1 for each bit i of `bits` (at most `out.len()` bits).
#[inline]
fn ones(out: &mut [f32], bits: u64) {
    let mut b = bits;
    while b != 0 {
        let i = b.trailing_zeros() as usize;
        if i >= out.len() {
            break;
        }
        out[i] = 1.0;
        b &= b - 1;
    }
}

/// Writes a card descriptor (`layout::DESCRIPTOR_FIELDS`) of card c (`NO_CARD`, no `card`: an
/// object of no card of the pool) with the characteristics `now` into `d` (zeros).
fn descriptor(d: &mut [f32; DESCRIPTOR], c: CardId, card: Option<&CardFacts>, now: &Current) {
    d[at::PRESENT] = 1.0;
    if let Some(f) = card {
        d[at::CARD] = c as f32 + 1.0;
        d[at::MANA_VALUE] = f.mana_value as f32 / 10.0;
        ones(&mut d[at::COLOURS..at::TYPES], (now.colours & 0x1f) as u64);
        d[at::LOYALTY] = f.loyalty.unwrap_or(0) as f32 / 10.0;
        d[at::ACTIVATED] = (now.colours & ACTIVATED_BIT != 0) as u8 as f32;
        d[at::TRIGGERED] = (now.colours & TRIGGERED_BIT != 0) as u8 as f32;
    }
    ones(&mut d[at::TYPES..at::LEGENDARY], now.types as u64);
    d[at::LEGENDARY] = (now.supertypes & Supertypes::LEGENDARY.0 != 0) as u8 as f32;
    d[at::BASIC] = (now.supertypes & BASIC != 0) as u8 as f32;
    d[at::POWER] = now.power;
    d[at::TOUGHNESS] = now.toughness;
    ones(&mut d[at::KEYWORDS..at::ACTIVATED], now.keywords as u64);
    d[at::TOKEN] = now.token as u8 as f32;
}

/// The first `DESCRIPTOR` entries of a slot, as an array.
#[inline]
fn head(slot: &mut [f32]) -> &mut [f32; DESCRIPTOR] {
    (&mut slot[..DESCRIPTOR])
        .try_into()
        .expect("a descriptor's room")
}

/// The descriptor of card c with its printed characteristics.
fn printed_descriptor(d: &mut [f32; DESCRIPTOR], pool: Pool, c: CardId) {
    let card = facts(pool, c);
    descriptor(d, c, card, &printed(card));
}

/// A compact descriptor (`layout::COMPACT_FIELDS`) of card c, printed, into `d` (zeros).
fn compact(d: &mut [f32], pool: Pool, c: CardId) {
    let d: &mut [f32; COMPACT] = d.try_into().expect("a compact descriptor's room");
    let card = facts(pool, c);
    let now = printed(card);
    d[at::PRESENT] = 1.0;
    if let Some(f) = card {
        d[at::CARD] = c as f32 + 1.0;
        d[at::MANA_VALUE] = f.mana_value as f32 / 10.0;
        ones(&mut d[at::COLOURS..at::TYPES], f.colours as u64);
    }
    ones(&mut d[at::TYPES..at::TYPES + 9], now.types as u64);
    d[at::COMPACT_POWER] = now.power;
    d[at::COMPACT_TOUGHNESS] = now.toughness;
}

/// What a permanent's slot shows: its `board_entry` (id, card, summoning sickness, combat
/// role, whether it is the decision's subject) with the kernel entity's flags above it
/// (tapped, token, controlled by another than its owner), and the kernel entity's
/// characteristics and numbers (power, toughness, damage, +1/+1, -1/-1, loyalty and other
/// counters, each scaled as written).
#[derive(Clone, Copy, Debug)]
struct Shown {
    entry: u64,
    /// `Current::colours`.
    colours: u8,
    keywords: u32,
    types: u16,
    supertypes: u8,
    numbers: [f32; 7],
}

/// The bits of a `Shown::entry` that are the `board_entry`.
const BOARD_BITS: u64 = (1 << 53) - 1;
const SICK: u32 = 48;
const ATTACKING: u32 = 49;
const BLOCKING: u32 = 50;
const BLOCKED: u32 = 51;
const SUBJECT: u32 = 52;
const TAPPED: u32 = 53;
const TOKEN: u32 = 54;
const NOT_OWNER: u32 = 55;

impl Shown {
    fn card(&self) -> CardId {
        (self.entry >> 32 & 0xffff) as CardId
    }

    fn bit(&self, b: u32) -> bool {
        self.entry >> b & 1 != 0
    }

    /// Writes the slot (`PERMANENT` entries of zeros) as `layout::PERMANENT_FIELDS` says.
    fn write(&self, pool: Pool, slot: &mut [f32]) {
        let q = &self.numbers;
        let now = Current {
            colours: self.colours,
            types: self.types,
            supertypes: self.supertypes,
            power: q[0],
            toughness: q[1],
            keywords: self.keywords,
            token: self.bit(TOKEN),
        };
        let c = self.card();
        descriptor(head(slot), c, facts(pool, c), &now);
        let mut w = Put {
            out: slot,
            at: DESCRIPTOR,
        };
        w.flag(self.bit(TAPPED));
        w.flag(self.bit(SICK));
        w.flag(self.bit(ATTACKING));
        w.flag(self.bit(BLOCKING));
        w.flag(self.bit(BLOCKED));
        for &v in &q[2..] {
            w.put(v);
        }
        w.flag(self.bit(NOT_OWNER));
        w.flag(self.bit(SUBJECT));
        debug_assert_eq!(w.at, PERMANENT);
    }

    /// The same slot contents, bit for bit.
    fn same(&self, o: &Shown) -> bool {
        self.entry == o.entry
            && self.colours == o.colours
            && self.keywords == o.keywords
            && self.types == o.types
            && self.supertypes == o.supertypes
            && self.numbers.map(f32::to_bits) == o.numbers.map(f32::to_bits)
    }
}

/// `v as f32` without the 128-bit library routine where `v` is within 2^53: such a `v` is
/// exact as an `f64`, whose one rounding to `f32` is the direct conversion's.
#[inline]
fn to_f32(v: i128) -> f32 {
    if v.unsigned_abs() <= 1 << 53 {
        v as i64 as f64 as f32
    } else {
        wide_to_f32(v)
    }
}

/// Kept out of line, so that the compiler doesn't compute it on both paths and pick one.
#[cold]
#[inline(never)]
fn wide_to_f32(v: i128) -> f32 {
    v as f32
}

/// What the slots of a section written from a key each show: a key per slot, the first `used`
/// of them written (the others show nothing).
#[derive(Clone, Debug)]
struct Slots<const N: usize> {
    keys: [u32; N],
    used: usize,
}

impl<const N: usize> Default for Slots<N> {
    fn default() -> Self {
        Slots {
            keys: [0; N],
            used: 0,
        }
    }
}

impl<const N: usize> Slots<N> {
    /// Writes the section (`out` from its first slot, slots of `width` entries) for the keys
    /// `now` (the first N): a slot whose key is unchanged is left as it is, another is
    /// cleared and written again with `write`; slots left over are cleared.
    fn over(
        &mut self,
        out: &mut [f32],
        width: usize,
        now: impl Iterator<Item = u32>,
        mut write: impl FnMut(&mut [f32], u32),
    ) {
        let was = self.used;
        let mut s = 0;
        for key in now.take(N) {
            if s >= was || self.keys[s] != key {
                let slot = &mut out[s * width..(s + 1) * width];
                if s < was {
                    slot.fill(0.0);
                }
                write(slot, key);
                self.keys[s] = key;
            }
            s += 1;
        }
        self.used = s;
        if was > s {
            out[s * width..was * width].fill(0.0);
        }
    }
}

/// What [`Duel::observation_over`] knows of the observation it last wrote into a buffer.
/// `Default` (or [`Written::forget`]) describes a buffer of zeros.
#[derive(Clone, Debug, Default)]
pub struct Written {
    /// The pool the cards were described from (none: nothing written yet).
    pool: Option<Pool>,
    /// The sections written from cards alone, by what each slot shows: the hand's cards, the
    /// stack's (card, controlled, kind), the graveyards' and exiles' cards (the observer's,
    /// then the opponent's), the options' cards.
    hand: Slots<{ HAND_SLOTS as usize }>,
    stack: Slots<{ STACK_SLOTS as usize }>,
    graveyards: [Slots<{ GRAVEYARD_SLOTS as usize }>; 2],
    exile: [Slots<{ EXILE_SLOTS as usize }>; 2],
    options: Slots<{ OPTION_SLOTS as usize }>,
    /// The player and the kernel's hash the permanents' slots were written for, if they were.
    board: Option<(usize, u64)>,
    /// The occupied slots as written: the player's side (`mine` of them), then the other's.
    shown: Vec<Shown>,
    mine: usize,
    /// The `entity_version` each of `shown` was read at, of the game `lineage` names, where no
    /// continuous effect was in play (`plain`): only then is a slot's kernel part a function
    /// of its entity alone.
    versions: Vec<u64>,
    lineage: u64,
    plain: bool,
}

impl Written {
    /// Describes a buffer of zeros.
    pub fn forget(&mut self) {
        let (mut shown, mut versions) = (
            std::mem::take(&mut self.shown),
            std::mem::take(&mut self.versions),
        );
        shown.clear();
        versions.clear();
        *self = Written {
            shown,
            versions,
            ..Written::default()
        };
    }
}

impl Duel {
    /// The observation's length: `OBSERVATION_LEN`, whatever the pool.
    pub fn observation_len(&self) -> usize {
        OBSERVATION_LEN
    }

    /// Writes player p's observation into `out` (length `OBSERVATION_LEN`).
    pub fn observation(&self, p: usize, out: &mut [f32]) {
        out.fill(0.0);
        self.observation_over(p, out, &mut Written::default());
    }

    /// Writes player p's observation over the one `written` describes (an empty `Written` for
    /// a buffer of zeros), touching only the entries that are not zero in either, and updates
    /// `written` to describe it. The result equals `observation`'s (an observation is mostly
    /// zeros: a batch of games writes a few dozen entries per game instead of every one).
    ///
    /// The head (the game, the decision and the players: a few cache lines) is cleared and
    /// written whole. The hand, the stack, the graveyards, the exiles and the options are
    /// written slot by slot where what a slot shows changed. The permanents' slots are left as
    /// they were if what they are written from is unchanged: the player, the kernel's state
    /// (by its hash, as the priority memo is) and, for each permanent shown, its id, card,
    /// summoning sickness, combat role and whether it is the decision's subject. Otherwise
    /// each slot is written again only if what it shows changed (reading the kernel entity of
    /// every permanent is most of an observation's cost).
    pub fn observation_over(&self, p: usize, out: &mut [f32], written: &mut Written) {
        debug_assert_eq!(out.len(), OBSERVATION_LEN);
        let pool = self.state.pool;
        if written.pool != Some(pool) {
            if written.pool.is_some() {
                // Cards of another pool: nothing written is of use.
                out.fill(0.0);
            }
            written.forget();
            written.pool = Some(pool);
        }
        let subject = self.decision_subject();
        out[..HAND_AT].fill(0.0);
        self.write_head(p, subject, &mut out[..HAND_AT]);
        written.hand.over(
            &mut out[HAND_AT..PERMANENTS_AT],
            DESCRIPTOR,
            self.state.sides[p].hand.iter().map(|&c| c as u32),
            |slot, c| printed_descriptor(head(slot), pool, c as CardId),
        );
        let board_subject = match subject {
            Subject::Permanent(id) => Some(id),
            _ => None,
        };
        self.permanents_over(p, board_subject, &mut out[PERMANENTS_AT..STACK_AT], written);
        let stack = self.state.stack.iter().map(|it| {
            let kind = match it.kind {
                ItemKind::Spell => 0,
                ItemKind::Activated => 1,
                ItemKind::Triggered => 2,
            };
            it.card as u32 | ((it.controller as usize == p) as u32) << 16 | kind << 17
        });
        written.stack.over(
            &mut out[STACK_AT..GRAVEYARDS_AT],
            STACK_ITEM,
            stack,
            |slot, key| {
                printed_descriptor(head(slot), pool, key as CardId);
                let mut w = Put {
                    out: slot,
                    at: DESCRIPTOR,
                };
                w.flag(key >> 16 & 1 != 0);
                w.one_hot(Some((key >> 17) as usize), 3);
            },
        );
        // Both graveyards and exiles, the observer's first.
        let (g, e) = (
            GRAVEYARD_SLOTS as usize * COMPACT,
            EXILE_SLOTS as usize * COMPACT,
        );
        let card = |id: &u32| self.card_of(*id) as u32;
        let write = |slot: &mut [f32], c: u32| compact(slot, pool, c as CardId);
        for (k, q) in [p, 1 - p].into_iter().enumerate() {
            let at = GRAVEYARDS_AT + k * g;
            let ids = self.graveyard(q).iter().map(card);
            written.graveyards[k].over(&mut out[at..at + g], COMPACT, ids, write);
            let at = EXILE_AT + k * e;
            let ids = self.exile(q).iter().map(card);
            written.exile[k].over(&mut out[at..at + e], COMPACT, ids, write);
        }
        let mut options = SmallVec::new();
        // 701.23a: only the searching player sees its library's cards.
        if self.decision() != crate::Decision::ChooseCard || self.current_player() == p as i32 {
            self.decision_options(&mut options);
        }
        written.options.over(
            &mut out[OPTIONS_AT..EMBLEMS_AT],
            OPTION,
            options.iter().map(|&c| c as u32),
            |slot, c| {
                slot[0] = 1.0;
                if c as CardId != NO_CARD {
                    printed_descriptor(head(&mut slot[1..]), pool, c as CardId);
                }
            },
        );
        // 114.1: both players' emblems, the observer's first, by their cards (a few entries,
        // written whole).
        let emblems = &mut out[EMBLEMS_AT..];
        emblems.fill(0.0);
        for (k, q) in [p, 1 - p].into_iter().enumerate() {
            for (m, id) in self.emblems(q).iter().take(EMBLEM_SLOTS).enumerate() {
                let c = self.card_of(*id);
                if c != NO_CARD {
                    emblems[(k * EMBLEM_SLOTS + m) * EMBLEM] = c as f32 + 1.0;
                }
            }
        }
    }

    /// The game, the decision and the players (`out`: the observation up to the hand, zeros).
    fn write_head(&self, p: usize, subject: Subject, out: &mut [f32]) {
        let pool = self.state.pool;
        let me = p;
        let opp = 1 - p;
        let mut w = Put { out, at: 0 };
        w.put(self.state.turn as f32 / self.state.turn_limit as f32);
        w.one_hot(Some(self.state.step as usize), 13);
        w.flag(self.state.active as usize == me);
        w.flag(self.current_player() == me as i32);
        w.one_hot(Some(self.decision() as usize), DECISION_NAMES.len());
        w.put(self.state.stack.len() as f32 / STACK_SLOTS as f32);
        let (lo, hi) = self.number_range().unwrap_or((0, 0));
        w.put(lo as f32 / MAX_NUMBER as f32);
        w.put(hi as f32 / MAX_NUMBER as f32);
        let slots = PERMANENT_SLOTS as usize;
        let (permanent, player) = match subject {
            Subject::Permanent(id) => {
                let slot = |q: usize| {
                    self.battlefield(q)
                        .iter()
                        .take(slots)
                        .position(|&x| x == id)
                };
                (slot(me).or_else(|| slot(opp).map(|j| slots + j)), None)
            }
            Subject::Player(q) => (None, Some((q as usize != me) as usize)),
            Subject::None => (None, None),
        };
        w.one_hot(permanent, 2 * slots);
        w.one_hot(player, 2);
        debug_assert_eq!(w.at, SOURCE_AT);
        if let Some(c) = self.decision_source() {
            printed_descriptor(head(&mut w.out[SOURCE_AT..]), pool, c);
        }
        w.skip(DESCRIPTOR);
        debug_assert_eq!(w.at, PLAYERS_AT);
        for q in [me, opp] {
            let s = &self.state.sides[q];
            // The player's entity read once for its life and both counts.
            let (life, poison, energy) = match self.state.game.player(q as u32) {
                Ok(e) => (
                    e.life,
                    e.counters.get(kinds::POISON),
                    e.counters.get(kinds::ENERGY),
                ),
                Err(_) => (0, 0, 0),
            };
            w.put(life as f32 / 20.0);
            w.put(poison as f32 / 10.0);
            w.put(energy as f32 / 10.0);
            w.put(s.hand.len() as f32 / 10.0);
            w.put(s.library.len() as f32 / 40.0);
            w.put(self.graveyard(q).len() as f32 / 40.0);
            w.put(self.exile(q).len() as f32 / 20.0);
            w.put(self.battlefield(q).len() as f32 / PERMANENT_SLOTS as f32);
            w.flag(s.lands_played > 0);
            w.flag(s.drew_from_empty);
            // Mulligans taken (103.5).
            w.put(s.mulligans as f32 / 7.0);
        }
        debug_assert_eq!(w.at, HAND_AT);
    }

    /// The permanents' slots over those `written` describes (`out`: the permanents' section).
    fn permanents_over(
        &self,
        p: usize,
        subject: Option<u32>,
        out: &mut [f32],
        written: &mut Written,
    ) {
        let pool = self.state.pool;
        let slots = PERMANENT_SLOTS as usize;
        let shown = |q: usize| self.battlefield(q).iter().take(slots);
        let board = Some((p, self.state.game.hash()));
        if written.board == board
            && written.mine == shown(p).len()
            && written.shown.len() == written.mine + shown(1 - p).len()
            && shown(p)
                .chain(shown(1 - p))
                .zip(&written.shown)
                .all(|(&id, s)| self.board_entry(id, subject) == s.entry & BOARD_BITS)
        {
            return;
        }
        written.board = board;
        let before: SmallVec<[Shown; 2 * PERMANENT_SLOTS as usize]> =
            SmallVec::from_slice(&written.shown);
        let versions_before: SmallVec<[u64; 2 * PERMANENT_SLOTS as usize]> =
            SmallVec::from_slice(&written.versions);
        let sides_before = [&before[..written.mine], &before[written.mine..]];
        let versions_sides = [
            &versions_before[..written.mine],
            &versions_before[written.mine..],
        ];
        // A slot read from an unchanged entity (same game, same version, no continuous effect
        // then or now) keeps its kernel part: only its `board_entry` is made again.
        // An Aura may rewrite a permanent's colours without a kernel effect (613.1e).
        let plain =
            !self.state.game.has_continuous_effects() && self.state.attachments.0.is_empty();
        let lineage = self.state.game.lineage();
        let reuse = plain && written.plain && written.lineage == lineage;
        written.plain = plain;
        written.lineage = lineage;
        written.shown.clear();
        written.versions.clear();
        for (k, q) in [p, 1 - p].into_iter().enumerate() {
            let was = sides_before[k];
            let now = &self.battlefield(q)[..shown(q).len()];
            for s in 0..was.len().max(now.len()) {
                let was = was.get(s);
                let is = now.get(s).map(|&id| {
                    // Without versions (a game that keeps none) nothing is reused.
                    let version = self.state.game.entity_version(id);
                    written.versions.push(version.unwrap_or(0));
                    match was {
                        Some(w)
                            if reuse
                                && w.entry as u32 == id
                                && version.is_some()
                                && versions_sides[k].get(s).copied() == version =>
                        {
                            let i = Shown {
                                entry: self.board_entry(id, subject) | w.entry & !BOARD_BITS,
                                ..*w
                            };
                            debug_assert!(i.same(&self.shown(id, subject)), "slot of {id} reused");
                            i
                        }
                        _ => self.shown(id, subject),
                    }
                });
                if let Some(i) = is {
                    written.shown.push(i);
                }
                if let (Some(w), Some(i)) = (was, is) {
                    if w.same(&i) {
                        continue;
                    }
                }
                let at = (k * slots + s) * PERMANENT;
                let slot = &mut out[at..at + PERMANENT];
                if was.is_some() {
                    slot.fill(0.0);
                }
                if let Some(i) = is {
                    i.write(pool, slot);
                }
            }
            if k == 0 {
                written.mine = written.shown.len();
            }
        }
    }

    /// What a permanent's slot shows (`Shown`).
    fn shown(&self, id: u32, subject: Option<u32>) -> Shown {
        let e = self.state.game.entity(id).expect("a permanent");
        let (mut plus, mut minus, mut loyalty, mut others) = (0u64, 0u64, 0u64, 0u64);
        for (k, v) in e.counters.iter() {
            if k == kinds::PLUS_ONE {
                plus = v;
            } else if k == kinds::MINUS_ONE {
                minus = v;
            } else if k == kinds::LOYALTY {
                loyalty = v;
            } else {
                others += v;
            }
        }
        let (power, toughness) = self.state.game.power_toughness_at(id, e);
        let c = self.card_of(id);
        let colours = if c == NO_CARD {
            0
        } else {
            abilities_bits(self.abilities_of(id, c)) | self.colours_of(id, c)
        };
        Shown {
            colours,
            entry: self.board_entry(id, subject)
                | (e.tapped as u64) << TAPPED
                | (e.token as u64) << TOKEN
                | ((e.controller != e.owner) as u64) << NOT_OWNER,
            keywords: self.state.game.keywords_at(id, e).0,
            types: e.types.0 & Types::MAGIC.0,
            supertypes: e.supertypes.0,
            numbers: [
                to_f32(power.unwrap_or(0)) / 10.0,
                to_f32(toughness.unwrap_or(0)) / 10.0,
                e.damage as f32 / 10.0,
                plus as f32 / 10.0,
                minus as f32 / 10.0,
                loyalty as f32 / 10.0,
                others as f32 / 10.0,
            ],
        }
    }

    /// What a permanent's slot shows besides its kernel entity: its id, its card, summoning
    /// sickness, attacking (an attacking creature, or a planeswalker attacked: 506.3),
    /// blocking, blocked, the decision's subject (an id is a `u32`, a card a `u16`; bits 0-52,
    /// `BOARD_BITS`).
    fn board_entry(&self, id: u32, subject: Option<u32>) -> u64 {
        let combat = &self.state.combat;
        let (mut attacking, mut blocked, mut attacked) = (false, false, false);
        for a in &combat.attackers {
            if a.id == id {
                attacking = true;
                blocked = a.blocked;
            }
            attacked |= a.target == id;
        }
        // Removed from combat once it stops being a planeswalker of the defending player (506.4).
        attacking |= attacked && self.can_be_attacked(id);
        let blocking = combat.blocks.iter().any(|b| b.0 == id);
        id as u64
            | (self.card_of(id) as u64) << 32
            | (self.is_sick(id) as u64) << SICK
            | (attacking as u64) << ATTACKING
            | (blocking as u64) << BLOCKING
            | (blocked as u64) << BLOCKED
            | ((subject == Some(id)) as u64) << SUBJECT
    }
}

#[cfg(test)]
mod tests {
    use super::to_f32;

    #[test]
    fn to_f32_rounds_as_the_128_bit_conversion() {
        let edges = [
            0i128,
            1,
            -1,
            (1 << 24) + 1,
            -(1 << 24) - 1,
            (1 << 53) - 1,
            1 << 53,
            (1 << 53) + 1,
            -(1 << 53) - 1,
            i64::MAX as i128,
            i64::MIN as i128,
            i128::MAX,
            i128::MIN,
        ];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mixed = (0..10_000).map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x as i64 >> (x % 64)) as i128
        });
        for v in edges.into_iter().chain(mixed) {
            assert_eq!(to_f32(v).to_bits(), (v as f32).to_bits(), "{v}");
        }
    }
}
