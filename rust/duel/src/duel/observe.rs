//! What a player sees (docs/DUEL.md, "Observations"): its own hand, the battlefield, both
//! graveyards, the stack, and only the sizes of the opponent's hand and of both libraries;
//! and `resample`, which deals what a player can't see again.

use cardstate_core::keywords::Supertypes;
use cardstate_core::kinds;
use smallvec::SmallVec;

use crate::actions::{PERMANENT_SLOTS, STACK_SLOTS};
use crate::duel::{Duel, Pending};

const GLOBALS: usize = 1 + 13 + 2 + 10 + 1 + 1;
const PER_PLAYER: usize = 9;
const SLOT_FEATURES: usize = 13;

/// The observation's length for a table of `n` cards.
pub fn observation_len(n: usize) -> usize {
    GLOBALS
        + 2 * PER_PLAYER
        + n
        + 2 * PERMANENT_SLOTS as usize * (n + SLOT_FEATURES)
        + 2 * n
        + STACK_SLOTS as usize * (n + 2)
        + PERMANENT_SLOTS as usize
}

/// Where the features of permanent slot `slot` of side `side` (0 the observer's, 1 the
/// opponent's) begin, after the slot's card one-hot: present, tapped, new, attacking,
/// blocking, power, toughness, damage, +1/+1, -1/-1, other counters, token, legendary.
pub fn slot_features_at(n: usize, side: usize, slot: usize) -> usize {
    GLOBALS
        + 2 * PER_PLAYER
        + n
        + (side * PERMANENT_SLOTS as usize + slot) * (n + SLOT_FEATURES)
        + n
}

/// Where a [`Writer`] notes the entries it sets: nowhere (`observation`), or a list
/// (`observation_over`). A type rather than an `Option`, so that each kind of write is
/// compiled without a test of the other at every entry (docs/PERFORMANCE.md).
trait Note {
    fn note(&mut self, i: usize);
}

impl Note for () {
    #[inline]
    fn note(&mut self, _: usize) {}
}

impl Note for Vec<u32> {
    #[inline]
    fn note(&mut self, i: usize) {
        self.push(i as u32);
    }
}

/// Writes the features into a slice whose entries are all zero, skipping zeros, and notes
/// where it wrote (so the next observation can clear just those entries).
struct Writer<'a, N: Note> {
    out: &'a mut [f32],
    at: usize,
    touched: &'a mut N,
}

impl<N: Note> Writer<'_, N> {
    #[inline]
    fn set(&mut self, i: usize, v: f32) {
        // A zero (+0.0) is already there; anything else, -0.0 included, is written.
        if v.to_bits() != 0 {
            self.out[i] = v;
            self.touched.note(i);
        }
    }
    #[inline]
    fn put(&mut self, v: f32) {
        self.set(self.at, v);
        self.at += 1;
    }
    #[inline]
    fn one_hot(&mut self, i: usize, n: usize) {
        if i < n {
            self.set(self.at + i, 1.0);
        }
        self.at += n;
    }
    /// One more of card i in a block of counts per card.
    #[inline]
    fn count(&mut self, i: usize) {
        let v = self.out[self.at + i] + 1.0;
        self.set(self.at + i, v);
    }
    #[inline]
    fn skip(&mut self, n: usize) {
        self.at += n;
    }
}

/// What a permanent's slot shows: its `board_entry` (id, card, summoning sickness, combat
/// role) with the kernel entity's flags above it (tapped, token, legendary), and the kernel
/// entity's numbers (power, toughness, damage, +1/+1, -1/-1 and other counters, each scaled
/// as written). 32 bytes, two to a cache line.
#[derive(Clone, Copy, Debug)]
struct Shown {
    entry: u64,
    numbers: [f32; NUMBERS],
}

/// The slot features that are numbers read from the kernel entity.
const NUMBERS: usize = 6;
/// The bits of a `Shown::entry` that are the `board_entry`.
const BOARD_BITS: u64 = (1 << 51) - 1;
const TAPPED: u32 = 51;
const TOKEN: u32 = 52;
const LEGENDARY: u32 = 53;
// `Shown::features` lays out every slot feature: a new one needs a place there.
const _: () = assert!(SLOT_FEATURES == 5 + NUMBERS + 2);

impl Shown {
    fn card(&self) -> usize {
        (self.entry >> 32 & 0xffff) as usize
    }

    /// The slot's features in order, as `observation` writes them.
    fn features(&self) -> [f32; SLOT_FEATURES] {
        let bit = |b: u32| (self.entry >> b & 1) as f32;
        let q = &self.numbers;
        [
            1.0,
            bit(TAPPED),
            bit(48),
            bit(49),
            bit(50),
            q[0],
            q[1],
            q[2],
            q[3],
            q[4],
            q[5],
            bit(TOKEN),
            bit(LEGENDARY),
        ]
    }

    /// The same slot contents, bit for bit.
    fn same(&self, o: &Shown) -> bool {
        self.entry == o.entry && self.numbers.map(f32::to_bits) == o.numbers.map(f32::to_bits)
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

/// What [`Duel::observation_over`] knows of the observation it last wrote into a buffer.
/// `Default` (or [`Written::forget`]) describes a buffer of zeros.
#[derive(Clone, Debug, Default)]
pub struct Written {
    /// Entries after the permanents' slots that may be nonzero.
    touched: Vec<u32>,
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
        self.touched.clear();
        self.board = None;
        self.shown.clear();
        self.mine = 0;
        self.versions.clear();
        self.plain = false;
    }
}

impl Duel {
    pub fn observation_len(&self) -> usize {
        observation_len(self.state.pool.len())
    }

    /// Writes player p's observation into `out` (length `observation_len()`).
    pub fn observation(&self, p: usize, out: &mut [f32]) {
        out.fill(0.0);
        self.write_observation(
            p,
            Writer {
                out,
                at: 0,
                touched: &mut (),
            },
        );
    }

    /// Writes player p's observation over the one `written` describes (an empty `Written` for
    /// a buffer of zeros), touching only the entries that are not zero in either, and updates
    /// `written` to describe it. The result equals `observation`'s (an observation is mostly
    /// zeros: a batch of games writes a few dozen entries per game instead of every one).
    ///
    /// The permanents' slots are left as they were if what they are written from is
    /// unchanged: the player, the kernel's state (by its hash, as the priority memo is) and,
    /// for each permanent shown, its id, card, summoning sickness and combat role. Otherwise
    /// each slot is written again only if what it shows changed (reading the kernel entity of
    /// every permanent is most of an observation's cost, and a slot's entries span two or
    /// three cache lines of the buffer).
    pub fn observation_over(&self, p: usize, out: &mut [f32], written: &mut Written) {
        for &i in &written.touched {
            out[i as usize] = 0.0;
        }
        written.touched.clear();
        let n = self.state.pool.len();
        let permanents_at = GLOBALS + 2 * PER_PLAYER + n;
        // The head (turn, players, hand: a few cache lines, every one holding some nonzero
        // entry) is cleared whole and written without noting its entries.
        out[..permanents_at].fill(0.0);
        self.write_head(
            p,
            &mut Writer {
                out: &mut *out,
                at: 0,
                touched: &mut (),
            },
        );
        self.permanents_over(p, &mut out[permanents_at..], written);
        self.write_tail(
            p,
            &mut Writer {
                out,
                at: permanents_at + 2 * PERMANENT_SLOTS as usize * (n + SLOT_FEATURES),
                touched: &mut written.touched,
            },
        );
    }

    /// The permanents' slots over those `written` describes (`out` from the first slot on).
    fn permanents_over(&self, p: usize, out: &mut [f32], written: &mut Written) {
        let slots = PERMANENT_SLOTS as usize;
        let shown = |q: usize| self.battlefield(q).iter().take(slots);
        let board = Some((p, self.state.game.hash()));
        if written.board == board
            && written.mine == shown(p).len()
            && written.shown.len() == written.mine + shown(1 - p).len()
            && shown(p)
                .chain(shown(1 - p))
                .zip(&written.shown)
                .all(|(&id, s)| self.board_entry(id) == s.entry & BOARD_BITS)
        {
            return;
        }
        written.board = board;
        let n = self.state.pool.len();
        let width = n + SLOT_FEATURES;
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
        let plain = !self.state.game.has_continuous_effects();
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
                                entry: self.board_entry(id) | w.entry & !BOARD_BITS,
                                numbers: w.numbers,
                            };
                            debug_assert!(i.same(&self.shown(id)), "slot of {id} reused");
                            i
                        }
                        _ => self.shown(id),
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
                let at = (k * slots + s) * width;
                let slot = &mut out[at..at + width];
                if let Some(w) = was {
                    if w.card() < n {
                        slot[w.card()] = 0.0;
                    }
                    slot[n..].fill(0.0);
                }
                if let Some(i) = is {
                    if i.card() < n {
                        slot[i.card()] = 1.0;
                    }
                    slot[n..].copy_from_slice(&i.features());
                }
            }
            if k == 0 {
                written.mine = written.shown.len();
            }
        }
    }

    /// What a permanent's slot shows (`Shown`).
    fn shown(&self, id: u32) -> Shown {
        let e = self.state.game.entity(id).expect("a permanent");
        let c = &e.counters;
        let (mut plus, mut minus, mut others) = (0u64, 0u64, 0u64);
        for (k, v) in c.iter() {
            if k == kinds::PLUS_ONE {
                plus = v;
            } else if k == kinds::MINUS_ONE {
                minus = v;
            } else {
                others += v;
            }
        }
        let (power, toughness) = self.state.game.power_toughness_at(id, e);
        Shown {
            entry: self.board_entry(id)
                | (e.tapped as u64) << TAPPED
                | (e.token as u64) << TOKEN
                | (e.supertypes.contains(Supertypes::LEGENDARY) as u64) << LEGENDARY,
            numbers: [
                to_f32(power.unwrap_or(0)) / 10.0,
                to_f32(toughness.unwrap_or(0)) / 10.0,
                e.damage as f32 / 10.0,
                plus as f32 / 10.0,
                minus as f32 / 10.0,
                others as f32 / 10.0,
            ],
        }
    }

    /// What a permanent's slot shows besides its kernel entity: its id, its card, summoning
    /// sickness, attacking, blocking (an id is a `u32`, a card a `u16`; bits 0-50,
    /// `BOARD_BITS`).
    fn board_entry(&self, id: u32) -> u64 {
        let attacking = self.state.combat.attackers.iter().any(|a| a.id == id);
        let blocking = self.state.combat.blocks.iter().any(|b| b.0 == id);
        id as u64
            | (self.card_of(id) as u64) << 32
            | (self.is_sick(id) as u64) << 48
            | (attacking as u64) << 49
            | (blocking as u64) << 50
    }

    fn write_observation<N: Note>(&self, p: usize, mut w: Writer<'_, N>) {
        self.write_head(p, &mut w);
        self.write_permanents(p, &mut w);
        self.write_tail(p, &mut w);
        debug_assert_eq!(w.at, observation_len(self.state.pool.len()));
    }

    /// The turn, the players and p's hand.
    fn write_head<N: Note>(&self, p: usize, w: &mut Writer<'_, N>) {
        let n = self.state.pool.len();
        let me = p;
        let opp = 1 - p;
        w.put(self.state.turn as f32 / self.state.turn_limit as f32);
        w.one_hot(self.state.step as usize, 13);
        w.put((self.state.active as usize == me) as u8 as f32);
        w.put((self.current_player() == me as i32) as u8 as f32);
        let kind = match self.state.pending {
            Pending::Priority => 0,
            Pending::Attack(_) => 1,
            Pending::Block(_) => 2,
            Pending::ChooseX => 3,
            Pending::Target => 4,
            Pending::Begin => 5,
            Pending::Over => 6,
            Pending::Resolve => 7,
            Pending::Legend => 8,
            Pending::Order => 9,
        };
        w.one_hot(kind, 10);
        w.put(self.state.stack.len() as f32 / STACK_SLOTS as f32);
        w.put(self.state.sides[me].land_played as u8 as f32);
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
            w.put(self.battlefield(q).len() as f32 / PERMANENT_SLOTS as f32);
            w.put(s.land_played as u8 as f32);
            w.put(s.drew_from_empty as u8 as f32);
        }
        for &c in self.state.sides[me].hand.iter() {
            w.count(c as usize);
        }
        w.skip(n);
    }

    /// The permanents' slots, p's side first.
    fn write_permanents<N: Note>(&self, p: usize, w: &mut Writer<'_, N>) {
        let n = self.state.pool.len();
        for q in [p, 1 - p] {
            for slot in 0..PERMANENT_SLOTS as usize {
                let Some(&id) = self.battlefield(q).get(slot) else {
                    w.skip(n + SLOT_FEATURES);
                    continue;
                };
                let shown = self.shown(id);
                w.one_hot(shown.card(), n);
                for v in shown.features() {
                    w.put(v);
                }
            }
        }
    }

    /// Both graveyards, the stack and the creature being decided about.
    fn write_tail<N: Note>(&self, p: usize, w: &mut Writer<'_, N>) {
        let n = self.state.pool.len();
        let me = p;
        let opp = 1 - p;
        for q in [me, opp] {
            for &id in self.graveyard(q) {
                let c = self.card_of(id);
                w.count(c as usize);
            }
            w.skip(n);
        }
        for slot in 0..STACK_SLOTS as usize {
            match self.state.stack.get(slot) {
                Some(it) => {
                    w.one_hot(it.card as usize, n);
                    w.put(1.0);
                    w.put((it.controller as usize == me) as u8 as f32);
                }
                None => w.skip(n + 2),
            }
        }
        // The creature being decided about (attack or block), as a slot of its controller.
        let deciding = match self.state.pending {
            Pending::Attack(i) | Pending::Block(i) => self.state.combat.candidates.get(i as usize),
            _ => None,
        };
        let slot = deciding
            .and_then(|id| (0..2).find_map(|q| self.battlefield(q).iter().position(|x| x == id)));
        w.one_hot(slot.unwrap_or(usize::MAX), PERMANENT_SLOTS as usize);
    }

    /// A copy in which everything p can't see is dealt again from `seed` (determinization):
    /// p's library is shuffled, and the opponent's hand and library are dealt again from the
    /// cards p can't tell apart (the opponent's deck list minus what p has seen leave those
    /// zones). The true hidden cards are never read; only the zones' sizes are.
    pub fn resample(&self, p: usize, seed: u64) -> Duel {
        let mut d = self.clone();
        d.resample_in_place(p, seed);
        d.record.log.push(crate::duel::Op::Resample {
            player: p as u8,
            seed,
        });
        d
    }

    /// `resample` into `out`, reusing its buffers (search resamples once per determinization).
    pub fn resample_into(&self, p: usize, seed: u64, out: &mut Duel) {
        out.clone_from(self);
        out.resample_in_place(p, seed);
        out.record.log.push(crate::duel::Op::Resample {
            player: p as u8,
            seed,
        });
    }

    /// Deals again, in place, what `p` can't see (without recording it in the log: bytes of
    /// the result don't replay it; `resample` and `resample_into` record it). It works in the
    /// zones' own buffers: once they have grown to the sizes dealt, it allocates nothing.
    pub fn resample_in_place(&mut self, p: usize, seed: u64) {
        self.cache.memo_fresh = false;
        self.cache.changes += 1;
        let mut rng = crate::rng::SplitMix::new(seed ^ 0xd1b5_4a32_d192_ed03);
        // Later random choices of the copy are not the true game's either.
        self.state.rng = crate::rng::SplitMix::new(rng.next_u64());
        // p's own library: p knows its contents (its unseen cards minus its hand), not order.
        let s = &mut self.state.sides[p];
        let len = s.library.len();
        s.library.clear();
        debug_assert!(
            s.hand.windows(2).all(|w| w[0] <= w[1]),
            "the hand is sorted"
        );
        let mut in_hand = s.hand.iter().copied().peekable();
        for (c, &k) in s.unseen.iter().enumerate() {
            let mut held = 0u8;
            while in_hand.next_if(|&h| usize::from(h) < c).is_some() {}
            while in_hand.next_if(|&h| usize::from(h) == c).is_some() {
                held = held.saturating_add(1);
            }
            for _ in 0..k.saturating_sub(held) {
                s.library.push(c as u16);
            }
        }
        fit(&mut s.library, len);
        rng.shuffle(&mut s.library);
        // The opponent's hand and library, from the cards p can't tell apart: all dealt into
        // the library's buffer, shuffled, and the cards past the library's size form the hand.
        let o = &mut self.state.sides[1 - p];
        let (h, l) = (o.hand.len(), o.library.len());
        o.library.clear();
        for (c, &k) in o.unseen.iter().enumerate() {
            for _ in 0..k {
                o.library.push(c as u16);
            }
        }
        fit(&mut o.library, h + l);
        rng.shuffle(&mut o.library);
        o.hand.clear();
        o.hand.extend_from_slice(&o.library[l..]);
        o.hand.sort_unstable();
        o.library.truncate(l);
        self.cache.hand_changes[1 - p] = self.cache.hand_changes[1 - p].wrapping_add(1);
        // The hands changed outside `run`.
        self.refresh_priority_memo();
    }
}

/// Makes the dealt multiset exactly `len` cards (padded with the last card if the counts fall
/// short, truncated if they exceed: the counts match the sizes unless cards entered hidden
/// zones in ways the duel does not follow).
fn fit<A: smallvec::Array<Item = u16>>(v: &mut smallvec::SmallVec<A>, len: usize) {
    v.truncate(len);
    while v.len() < len {
        v.push(v.last().copied().unwrap_or(0));
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
