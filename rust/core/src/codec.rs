//! The binary format of a game (docs/FORMAT.md): compact, versioned, little-endian.
//!
//! `decode` treats its input as hostile: every length and count is checked against the bytes
//! that remain before anything is allocated, every id and index is range-checked, and the
//! decoded state must satisfy the invariants the engine relies on. The ranges it accepts are the
//! API's own (`crate::limits`): whatever a game can hold, its bytes hold and decode.

use crate::continuous::{Affected, Change, ContinuousEffect, FilterClause};
use crate::counters::CounterSet;
use crate::error::{Error, Result};
use crate::game::{
    AffectsBits, Cost, CostModifier, Derived, EffectKinds, Entity, Game, Printed, Ruleset, Scratch,
    MAX_PLAYERS, NO_ID,
};
use crate::idset::IdSet;
use crate::keywords::{Keywords, Supertypes, Types};
use crate::kinds::{Kind, KindTable};
use crate::limits;
use crate::names::{NameTable, Subtype, Subtypes};
use crate::replacement::{Clause, Effect, ReplacementEffect, Scope};
use crate::zones::Zone;
use rand_core::SeedableRng;
use rustc_hash::FxHashMap;
use std::sync::Arc;

pub const MAGIC: &[u8; 4] = b"CSTG";
pub const VERSION: u16 = 5;
/// The oldest version the decoder still reads (1: no tapped flag, no regeneration shields, no
/// replacement effects; 1 and 2: prevention shields and redirections in lists of their own, no
/// continuous effects; 1 to 3: no tokens, no supertypes, no combat-only prevention; 3 and 4:
/// one "other" for a continuous effect's whole filter, no subtypes in it; 1 to 4: no order of
/// replacement effects chosen across the default groups).
pub const OLDEST_VERSION: u16 = 1;

struct Writer {
    out: Vec<u8>,
}

impl Writer {
    fn u8(&mut self, v: u8) {
        self.out.push(v);
    }
    fn u16(&mut self, v: u16) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }
    fn i64(&mut self, v: i64) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }
    fn str(&mut self, s: &str) {
        self.u32(s.len() as u32);
        self.out.extend_from_slice(s.as_bytes());
    }
    fn opt_i32(&mut self, v: Option<i32>) {
        match v {
            None => self.u8(0),
            Some(v) => {
                self.u8(1);
                self.u32(v as u32);
            }
        }
    }
    fn opt_u32(&mut self, v: Option<u32>) {
        self.opt_i32(v.map(|v| v as i32));
    }
    /// Subtypes by name (ids are the game's own).
    fn subtypes(&mut self, names: &NameTable, v: &[Subtype]) {
        self.u32(v.len() as u32);
        for &s in v {
            self.str(names.name(s));
        }
    }
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

fn malformed<T>(what: &str) -> Result<T> {
    Err(Error::refused(
        crate::error::Reason::Malformed,
        format!("malformed game bytes: {what}"),
    ))
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if self.data.len() - self.pos < n {
            return malformed("unexpected end of data");
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().expect("2")))
    }
    fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4")))
    }
    fn u64(&mut self) -> Result<u64> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8")))
    }
    fn i64(&mut self) -> Result<i64> {
        Ok(self.u64()? as i64)
    }
    fn bool(&mut self) -> Result<bool> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => malformed("a flag is neither 0 nor 1"),
        }
    }
    /// A count of items each taking at least `min_size` bytes: bounded by what remains.
    fn count(&mut self, min_size: usize, limit: usize, what: &str) -> Result<usize> {
        let n = self.u32()? as usize;
        if n > limit || n.saturating_mul(min_size) > self.data.len() - self.pos {
            return malformed(&format!("{what} count {n} is out of bounds"));
        }
        Ok(n)
    }
    fn str(&mut self) -> Result<&'a str> {
        // Any length the API accepts; bounded by the bytes that remain.
        let n = self.count(1, usize::MAX, "name length")?;
        std::str::from_utf8(self.take(n)?).or_else(|_| malformed("a name is not UTF-8"))
    }
    fn opt_i32(&mut self) -> Result<Option<i32>> {
        Ok(if self.bool()? {
            Some(self.u32()? as i32)
        } else {
            None
        })
    }
    fn opt_u64(&mut self) -> Result<Option<u64>> {
        Ok(if self.bool()? {
            Some(self.u64()?)
        } else {
            None
        })
    }
    /// Subtype names, interned into the decoded game's table (as many as the API takes: any
    /// number, bounded here by the bytes that remain).
    fn subtypes(&mut self, names: &mut NameTable) -> Result<Subtypes> {
        let n = self.count(4, usize::MAX, "subtype")?;
        let mut v = Subtypes::with_capacity(n);
        for _ in 0..n {
            let s = self.str()?;
            if s.is_empty() {
                return malformed("an empty subtype");
            }
            v.push(names.intern(s));
        }
        Ok(v)
    }
}

fn opt_id(id: Option<u32>) -> u32 {
    id.unwrap_or(NO_ID)
}

impl Game {
    /// Encodes the rules-relevant state (not the event log, not `info`).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = Writer {
            out: Vec::with_capacity(64 + self.entities.len() * 96),
        };
        w.out.extend_from_slice(MAGIC);
        w.u16(VERSION);
        w.u8(self.ruleset as u8);
        w.u32(self.num_players);
        w.u64(self.seed);
        w.u8(self.record_events as u8);
        // The random stream is the seed's PCG-64 stream, advanced by the draws made so far.
        w.u64(self.rng_draws);
        // Kinds in use, in first-use order, so equal states give equal bytes.
        let mut used: Vec<Kind> = Vec::new();
        let mut index: FxHashMap<Kind, u32> = FxHashMap::default();
        for e in self.entities.iter() {
            for (k, _) in e.counters.iter() {
                index.entry(k).or_insert_with(|| {
                    used.push(k);
                    used.len() as u32 - 1
                });
            }
        }
        w.u32(used.len() as u32);
        for &k in &used {
            w.str(self.kinds.name(k));
        }
        w.u32(self.printed.len() as u32);
        for p in self.printed.iter() {
            w.str(&p.name);
            w.u16(p.types.0);
            w.subtypes(&self.subtype_names, &p.subtypes);
            w.u32(p.keywords.0);
            w.u32(p.toxic);
            w.opt_i32(p.power);
            w.opt_i32(p.toughness);
            w.opt_u32(p.loyalty);
            w.opt_u32(p.defense);
            match p.cost {
                None => w.u8(0),
                Some(c) => {
                    w.u8(1);
                    w.u32(c.base);
                    w.u8(c.xs);
                }
            }
            w.opt_i32(p.strength);
            w.opt_i32(p.lives);
            w.opt_i32(p.movement);
            w.u8(p.elite as u8);
            w.u8(p.token as u8 | p.supertypes.0 << 1);
        }
        w.u32(self.entities.len() as u32);
        for e in self.entities.iter() {
            let flags = e.is_player as u8
                | (e.gone as u8) << 1
                | (e.deathtouched as u8) << 2
                | (e.lost as u8) << 3
                | (e.elite as u8) << 4
                | (e.tapped as u8) << 5;
            w.u8(flags);
            w.u8(e.zone as u8);
            w.u32(e.new_id);
            w.u32(e.owner);
            w.u32(e.controller);
            w.u32(e.printed);
            w.u32(e.counters.len() as u32);
            for (k, n) in e.counters.iter() {
                w.u32(index[&k]);
                w.u64(n);
            }
            w.u64(e.damage);
            w.i64(e.life);
            w.u16(e.types.0);
            w.subtypes(&self.subtype_names, &e.subtypes);
            w.u32(e.keywords.0);
            w.u32(e.keywords_eot.0);
            w.u32(e.toxic);
            w.opt_i32(e.power);
            w.opt_i32(e.toughness);
            w.i64(e.pump_power);
            w.i64(e.pump_toughness);
            w.opt_i32(e.strength);
            w.opt_i32(e.lives);
            w.opt_i32(e.movement);
        }
        w.u32(self.regenerations.len() as u32);
        for &id in &self.regenerations {
            w.u32(id);
        }
        w.u32(self.next_effect_id);
        w.u32(self.replacements.len() as u32);
        for r in &self.replacements {
            w.u32(r.id);
            w.u8(r.effect.code());
            w.u64(r.effect.amount().unwrap_or(0));
            w.u32(opt_id(r.source));
            w.u32(opt_id(r.controller));
            w.str(r.counter.map_or("", |k| self.kinds.name(k)));
            w.u8(r.until_end_of_turn as u8);
            for clauses in [&r.affects, &r.sources] {
                w.u32(clauses.len() as u32);
                for c in clauses.iter() {
                    w.u8(c.players as u8);
                    w.u16(c.types.0);
                    w.u8(c.scope as u8);
                }
            }
            w.u32(opt_id(r.target));
            w.u32(opt_id(r.by));
            w.u32(opt_id(r.to));
            w.u8(r.combat as u8);
            w.u8(r.ordered as u8);
        }
        w.u32(self.cost_modifiers.len() as u32);
        for m in &self.cost_modifiers {
            w.i64(m.amount);
            w.u32(opt_id(m.card));
            w.u32(opt_id(m.source));
            w.subtypes(&self.subtype_names, &m.subtypes);
            w.u16(m.types.0);
            w.u32(opt_id(m.controller));
        }
        w.u32(self.next_continuous_id);
        w.u32(self.continuous.len() as u32);
        for c in &self.continuous {
            w.u32(c.id);
            w.u8(c.change.code());
            let (kw, value) = match c.change {
                Change::AddKeyword(k, n) => (k.0, n),
                Change::RemoveKeyword(k) => (k.0, 0),
                _ => (0, 0),
            };
            w.u32(kw);
            w.u32(value);
            let (p, t) = c.change.power_toughness().unwrap_or((0, 0));
            w.i64(p as i64);
            w.i64(t as i64);
            w.u32(opt_id(c.source));
            w.u32(opt_id(c.controller));
            w.u8(c.until_end_of_turn as u8);
            match &c.affected {
                Affected::Filter(clauses) => {
                    w.u8(0);
                    w.u32(clauses.len() as u32);
                    for k in clauses {
                        w.u8(k.clause.players as u8);
                        w.u16(k.clause.types.0);
                        w.u8(k.clause.scope as u8);
                        w.u8(k.other as u8);
                        w.str(k.subtype.map_or("", |s| self.subtype_names.name(s)));
                    }
                }
                Affected::This => w.u8(1),
                Affected::Fixed(ids) => {
                    w.u8(2);
                    w.u32(ids.len() as u32);
                    for &x in ids {
                        w.u32(x);
                    }
                }
            }
        }
        w.out
    }

    /// Decodes bytes made by `to_bytes`; `ValueError` on anything malformed.
    pub fn from_bytes(data: &[u8]) -> Result<Game> {
        let mut r = Reader { data, pos: 0 };
        if r.take(4).ok() != Some(MAGIC.as_slice()) {
            return malformed("not a cardstate game (bad magic)");
        }
        let version = r.u16()?;
        if !(OLDEST_VERSION..=VERSION).contains(&version) {
            return malformed(&format!("unsupported format version {version}"));
        }
        let ruleset = Ruleset::from_u8(r.u8()?).map_or_else(|| malformed("ruleset"), Ok)?;
        let players = r.u32()?;
        if players == 0 || players > MAX_PLAYERS {
            return malformed("player count");
        }
        let seed = r.u64()?;
        let record_events = r.bool()?;
        let rng_draws = r.u64()?;
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
        rng.advance(rng_draws as u128);

        let mut kinds = KindTable::default();
        let nkinds = r.count(5, limits::MAX_KINDS, "kind")?;
        let mut kind_map = Vec::with_capacity(nkinds);
        let mut listed = IdSet::with_bound(limits::MAX_KINDS + 1);
        for _ in 0..nkinds {
            let name = r.str()?;
            if name.is_empty() {
                return malformed("an empty counter kind");
            }
            let k = kinds.intern(name).map_or_else(|| malformed("kinds"), Ok)?;
            if !listed.insert(k.0 as usize) {
                return malformed("a counter kind listed twice");
            }
            kind_map.push(k);
        }

        let mut names = NameTable::default();
        let nprinted = r.count(16, u32::MAX as usize, "card")?;
        let mut printed = Vec::with_capacity(nprinted);
        for _ in 0..nprinted {
            let name = r.str()?.into();
            let types = Types(r.u16()?);
            let subtypes = r.subtypes(&mut names)?;
            let keywords = Keywords(r.u32()?);
            let toxic = r.u32()?;
            let power = r.opt_i32()?;
            let toughness = r.opt_i32()?;
            let loyalty = r.opt_i32()?.map(|v| v as u32);
            let defense = r.opt_i32()?.map(|v| v as u32);
            let cost = if r.bool()? {
                let base = r.u32()?;
                if base as u64 >= limits::STAT_LIMIT {
                    return malformed("card cost");
                }
                Some(Cost { base, xs: r.u8()? })
            } else {
                None
            };
            let strength = r.opt_i32()?;
            let lives = r.opt_i32()?;
            let movement = r.opt_i32()?;
            let elite = r.bool()?;
            let card_flags = if version >= 4 { r.u8()? } else { 0 };
            let supertypes = Supertypes(card_flags >> 1);
            if card_flags >> 1 & !Supertypes::ALL.0 != 0
                || supertypes != Supertypes::EMPTY && !ruleset.is_magic()
            {
                return malformed("card supertypes");
            }
            let p = Printed {
                name,
                types,
                supertypes,
                subtypes,
                keywords,
                toxic,
                power,
                toughness,
                loyalty,
                defense,
                cost,
                strength,
                lives,
                movement,
                elite,
                token: card_flags & 1 != 0,
                hash: 0,
                fresh_chars: 0,
            }
            .finish(&names);
            check_printed(&p, ruleset)?;
            printed.push(Arc::new(p));
        }

        let nentities = r.count(64, limits::MAX_ENTITIES, "entity")?;
        if nentities < players as usize {
            return malformed("fewer entities than players");
        }
        let mut entities: Vec<Entity> = Vec::with_capacity(nentities);
        for i in 0..nentities {
            let flags = r.u8()?;
            let known_flags = if version >= 2 { 0x3f } else { 0x1f };
            if flags & !known_flags != 0 {
                return malformed("entity flags");
            }
            let zone = Zone::from_u8(r.u8()?).map_or_else(|| malformed("zone"), Ok)?;
            let new_id = r.u32()?;
            let owner = r.u32()?;
            let controller = r.u32()?;
            let printed_index = r.u32()?;
            let ncounters = r.count(12, kind_map.len(), "counter")?;
            let mut counters = CounterSet::default();
            for _ in 0..ncounters {
                let ki = r.u32()? as usize;
                let n = r.u64()?;
                let Some(&k) = kind_map.get(ki) else {
                    return malformed("counter kind index");
                };
                if n == 0 || counters.get(k) != 0 {
                    return malformed("a zero or repeated counter");
                }
                counters.set(k, n);
            }
            let mut e = Entity {
                is_player: flags & 1 != 0,
                gone: flags & 2 != 0,
                deathtouched: flags & 4 != 0,
                lost: flags & 8 != 0,
                elite: flags & 16 != 0,
                tapped: flags & 32 != 0,
                token: false,
                supertypes: Supertypes::EMPTY,
                zone,
                new_id,
                owner,
                controller,
                printed: printed_index,
                counters,
                damage: r.u64()?,
                life: r.i64()?,
                types: Types(r.u16()?),
                subtypes: r.subtypes(&mut names)?,
                keywords: Keywords(r.u32()?),
                keywords_eot: Keywords(r.u32()?),
                toxic: r.u32()?,
                power: r.opt_i32()?,
                toughness: r.opt_i32()?,
                pump_power: r.i64()?,
                pump_toughness: r.i64()?,
                strength: r.opt_i32()?,
                lives: r.opt_i32()?,
                movement: r.opt_i32()?,
            };
            check_entity(
                i as u32,
                &e,
                players,
                nentities as u32,
                printed.len() as u32,
                ruleset,
            )?;
            if !e.is_player {
                let p = &printed[e.printed as usize];
                (e.token, e.supertypes) = (p.token, p.supertypes);
                // Only a token ceases to exist (704.5d): it is gone without a new object.
                if e.gone && e.new_id == NO_ID && !e.token {
                    return malformed("object record");
                }
            }
            entities.push(e);
        }
        let valid = |id: u32| (id as usize) < nentities;
        let opt = |id: u32, what: &str| -> Result<Option<u32>> {
            match id {
                NO_ID => Ok(None),
                id if valid(id) => Ok(Some(id)),
                _ => malformed(what),
            }
        };
        // Versions 1 and 2 keep prevention shields and redirections in lists of their own; they
        // become effects (after the others, with the next ids).
        // Smallest encodings: a shield 9 bytes, a redirection 13 (no amount).
        let nshields = if version < 3 {
            r.count(9, usize::MAX, "shield")?
        } else {
            0
        };
        let mut shields = Vec::with_capacity(nshields);
        for _ in 0..nshields {
            let target = r.u32()?;
            if !valid(target) {
                return malformed("shield target");
            }
            let amount = r.opt_u64()?;
            let source = opt(r.u32()?, "shield source")?;
            if amount == Some(0) {
                return malformed("a used-up shield");
            }
            shields.push((target, Effect::Prevent(amount), source, None));
        }
        let nredirects = if version < 3 {
            r.count(13, usize::MAX, "redirection")?
        } else {
            0
        };
        let mut redirects = Vec::with_capacity(nredirects);
        for _ in 0..nredirects {
            let from = r.u32()?;
            let to = r.u32()?;
            if !valid(from) || !valid(to) || from == to {
                return malformed("redirection ends");
            }
            let amount = r.opt_u64()?;
            let source = opt(r.u32()?, "redirection source")?;
            if amount == Some(0) {
                return malformed("a used-up redirection");
            }
            redirects.push((from, Effect::Redirect(amount), source, Some(to)));
        }
        let mut regenerations = Vec::new();
        if version >= 2 {
            let n = r.count(4, usize::MAX, "regeneration shield")?;
            regenerations.reserve(n);
            for _ in 0..n {
                let id = r.u32()?;
                // A shield ends when its permanent leaves: a live one protects a permanent.
                if !valid(id) || !entities[id as usize].is_permanent() {
                    return malformed("regeneration shield");
                }
                regenerations.push(id);
            }
        }
        let mut next_effect_id = 0;
        let mut replacements = Vec::new();
        if version >= 2 {
            next_effect_id = r.u32()?;
            let n = r.count(34, usize::MAX, "replacement effect")?;
            for _ in 0..n {
                let e = read_effect(&mut r, &mut kinds, &entities, players, ruleset, version)?;
                if e.id >= next_effect_id {
                    return malformed("replacement effect id");
                }
                replacements.push(e);
            }
            let mut ids: Vec<u32> = replacements.iter().map(|e| e.id).collect();
            ids.sort_unstable();
            if ids.windows(2).any(|w| w[0] == w[1]) {
                return malformed("a replacement effect id given twice");
            }
            if replacements.iter().filter(|e| e.ordered).count() > limits::MAX_ORDERED_EFFECTS {
                return malformed("too many replacement effects ordered across groups");
            }
        }
        for (target, effect, by, to) in shields.into_iter().chain(redirects) {
            if next_effect_id == u32::MAX {
                return malformed("replacement effect id");
            }
            replacements.push(ReplacementEffect::on_object(
                next_effect_id,
                effect,
                target,
                by,
                to,
            ));
            next_effect_id += 1;
        }
        let nmods = r.count(26, usize::MAX, "cost modifier")?;
        let mut cost_modifiers = Vec::with_capacity(nmods);
        for _ in 0..nmods {
            let amount = r.i64()?;
            let card = opt(r.u32()?, "cost modifier card")?;
            let source = opt(r.u32()?, "cost modifier source")?;
            let subtypes = r.subtypes(&mut names)?;
            let types = Types(r.u16()?);
            let controller = opt(r.u32()?, "cost modifier controller")?;
            // A modifier ends when its card leaves the hand or its source leaves play (the
            // engine drops it on the move), so a live one names a card in hand or a permanent.
            let in_zone = |id: Option<u32>, zone: Zone| {
                id.is_none_or(|id| {
                    let e = &entities[id as usize];
                    !e.is_player && !e.gone && e.zone == zone
                })
            };
            if card.is_some() == source.is_some()
                || controller.is_some_and(|c| c >= players)
                || !ruleset.types().contains(types) && types.0 != 0
                || !limits::stat_ok(amount)
                || !in_zone(card, Zone::Hand)
                || !in_zone(source, Zone::Battlefield)
            {
                return malformed("cost modifier");
            }
            cost_modifiers.push(CostModifier {
                amount,
                card,
                source,
                subtypes,
                types,
                controller,
            });
        }
        let mut next_continuous_id = 0;
        let mut continuous = Vec::new();
        if version >= 3 {
            next_continuous_id = r.u32()?;
            let n = r.count(39, usize::MAX, "continuous effect")?;
            for _ in 0..n {
                let c = read_continuous(&mut r, &entities, players, ruleset, version, &mut names)?;
                if c.id >= next_continuous_id {
                    return malformed("continuous effect id");
                }
                continuous.push(c);
            }
            let mut ids: Vec<u32> = continuous.iter().map(|c| c.id).collect();
            ids.sort_unstable();
            if ids.windows(2).any(|w| w[0] == w[1]) {
                return malformed("a continuous effect id given twice");
            }
        }
        if r.pos != data.len() {
            return malformed("trailing bytes");
        }
        let mut g = Game {
            ruleset,
            num_players: players,
            seed,
            rng,
            rng_draws,
            entities: crate::game::store::EntityStore::from_vec(entities),
            printed: Arc::new(printed),
            kinds: Arc::new(kinds),
            subtype_names: Arc::new(names),
            regenerations,
            effect_kinds: EffectKinds::of(&replacements),
            replacements,
            next_effect_id,
            continuous,
            next_continuous_id,
            cost_modifiers,
            events: Vec::new(),
            record_events,
            entity_hash: 0,
            effects_hash: 0,
            scratch: Scratch::default(),
            huge: false,
            sba_effects: None,
            tap_changes: Default::default(),
            zones: Default::default(),
        };
        g.zones = crate::game::ZoneIndex::build(players as usize, g.entities.iter());
        g.huge = g.entities.iter().any(|e| {
            e.damage > crate::game::HUGE
                || e.life.unsigned_abs() > crate::game::HUGE
                || e.counters.iter().any(|(_, n)| n > crate::game::HUGE)
        });
        g.entity_hash = g.compute_entity_hash();
        g.effects_hash = g.compute_effects_hash();
        g.refresh_effect_controllers();
        Ok(g)
    }
}

/// One replacement effect record (docs/FORMAT.md §2.6b), checked as `add_replacement_effect`
/// would check it.
fn read_effect(
    r: &mut Reader<'_>,
    kinds: &mut KindTable,
    entities: &[Entity],
    players: u32,
    ruleset: Ruleset,
    version: u16,
) -> Result<ReplacementEffect> {
    let id = r.u32()?;
    let code = r.u8()?;
    let amount = r.u64()?;
    let source = r.u32()?;
    let controller = r.u32()?;
    let counter = r.str()?;
    let until_end_of_turn = r.bool()?;
    let affects = read_clauses(r, ruleset, false)?;
    let sources = read_clauses(r, ruleset, true)?;
    let (target, by, to) = if version >= 3 {
        (r.u32()?, r.u32()?, r.u32()?)
    } else {
        (NO_ID, NO_ID, NO_ID)
    };
    let combat = version >= 4 && r.bool()?;
    let ordered = version >= 5 && r.bool()?;
    let needs_amount = Effect::takes_amount(code);
    // "The next N damage" or all of it: 0 stands for all (a used-up one is never kept).
    let optional = Effect::may_take_amount(code);
    let effect = Effect::build(
        code,
        (needs_amount || optional && amount != 0).then_some(amount),
    )
    .or_else(|_| malformed("replacement effect"))?;
    let source = (source != NO_ID).then_some(source);
    let controller = (controller != NO_ID).then_some(controller);
    let permanent = |id: u32| entities.get(id as usize).is_some_and(|e| e.is_permanent());
    let entity = |id: u32| -> Result<Option<u32>> {
        match id {
            NO_ID => Ok(None),
            id if (id as usize) < entities.len() => Ok(Some(id)),
            _ => malformed("replacement effect"),
        }
    };
    let (target, by, to) = (entity(target)?, entity(by)?, entity(to)?);
    // A shield or redirection ends when the entity it affects (or redirects to) leaves.
    let live = |id: Option<u32>| id.is_none_or(|id| !entities[id as usize].gone);
    let redirect = matches!(effect, Effect::Redirect(_));
    if !needs_amount && !optional && amount != 0
        || source.is_some_and(|s| !permanent(s))
        || controller.is_some_and(|c| c >= players)
        || source.is_some() && controller.is_some()
        || affects.is_empty() != target.is_some()
        || !live(target)
        || !live(to)
        || redirect != to.is_some()
        || redirect && target.is_none()
        || to.is_some() && to == target
        || by.is_some_and(|b| entities[b as usize].is_player)
        || by.is_some() && !effect.on_damage()
        || combat && !effect.on_damage()
        || ordered && !effect.orderable()
        || source.is_none() && controller.is_none() && affects.iter().any(|c| c.scope != Scope::Any)
        || !counter.is_empty() && !Effect::takes_counter(code)
        || counter.is_empty() && code == 14
        || !sources.is_empty() && !effect.on_damage()
        || source.is_none() && controller.is_none() && sources.iter().any(|c| c.scope != Scope::Any)
    {
        return malformed("replacement effect");
    }
    let counter = if counter.is_empty() {
        None
    } else {
        Some(
            kinds
                .intern(counter)
                .map_or_else(|| malformed("kinds"), Ok)?,
        )
    };
    let affects_bits = Derived(AffectsBits::of(&affects));
    Ok(ReplacementEffect {
        id,
        effect,
        source,
        controller,
        affects,
        counter,
        sources,
        until_end_of_turn,
        target,
        by,
        to,
        combat,
        ordered,
        you: Derived(None), // set with the game's entities (`refresh_effect_controllers`)
        affects_bits,
    })
}

/// One continuous effect record (docs/FORMAT.md §2.6c), checked as `add_continuous_effect`
/// would check it (an object of a locked-in set that left is no longer in it).
fn read_continuous(
    r: &mut Reader<'_>,
    entities: &[Entity],
    players: u32,
    ruleset: Ruleset,
    version: u16,
    names: &mut NameTable,
) -> Result<ContinuousEffect> {
    let id = r.u32()?;
    let code = r.u8()?;
    let kw = r.u32()?;
    let value = r.u32()?;
    let power = r.i64()?;
    let toughness = r.i64()?;
    let source = r.u32()?;
    let controller = r.u32()?;
    let until_end_of_turn = r.bool()?;
    fn bad<T>() -> Result<T> {
        malformed("continuous effect")
    }
    let change = match code {
        0 | 1 => {
            // One known keyword.
            let name = match crate::keywords::KEYWORD_NAMES
                .iter()
                .enumerate()
                .find(|(i, _)| kw == 1 << i)
            {
                Some((_, n)) => *n,
                None => return bad(),
            };
            if power != 0 || toughness != 0 {
                return bad();
            }
            let is_toxic = kw == crate::keywords::Keywords::TOXIC.0;
            let value = match (code, is_toxic) {
                (0, true) => Some(value as u64),
                _ if value != 0 => return bad(),
                _ => None,
            };
            Change::build(code, Some(name), value, None, None).or_else(|_| bad())?
        }
        // 7e: a switch has no arguments.
        5 if kw == 0 && value == 0 && power == 0 && toughness == 0 => Change::SwitchPowerToughness,
        _ => {
            if kw != 0 || value != 0 {
                return bad();
            }
            Change::build(code, None, None, Some(power), Some(toughness)).or_else(|_| bad())?
        }
    };
    let source = (source != NO_ID).then_some(source);
    let controller = (controller != NO_ID).then_some(controller);
    let permanent = |id: u32| entities.get(id as usize).is_some_and(|e| e.is_permanent());
    let affected = match r.u8()? {
        0 => {
            let clauses = if version >= 5 {
                // Each clause with its own "other" and subtype name ("" for none).
                let n = r.count(9, 64, "effect filter")?;
                let mut out = Vec::with_capacity(n);
                for _ in 0..n {
                    let [clause] = read_clauses_of(r, ruleset, false, 1)?[..] else {
                        return bad();
                    };
                    let other = r.bool()?;
                    let name = r.str()?;
                    let subtype = if name.is_empty() {
                        None
                    } else {
                        crate::limits::check_name_length(name, "a subtype").or_else(|_| bad())?;
                        Some(names.intern(name))
                    };
                    out.push(FilterClause {
                        clause,
                        subtype,
                        other,
                    });
                }
                out
            } else {
                // Versions 3 and 4: one "other" for every clause, no subtypes.
                let other = r.bool()?;
                read_clauses(r, ruleset, false)?
                    .into_iter()
                    .map(|clause| FilterClause {
                        clause,
                        subtype: None,
                        other,
                    })
                    .collect()
            };
            if clauses.is_empty()
                || clauses.iter().any(|c| c.clause.players)
                || clauses.iter().any(|c| c.other) && source.is_none()
                || source.is_none()
                    && controller.is_none()
                    && clauses.iter().any(|c| c.clause.scope != Scope::Any)
            {
                return bad();
            }
            Affected::Filter(clauses)
        }
        1 if source.is_some() => Affected::This,
        2 => {
            let n = r.count(4, usize::MAX, "continuous effect objects")?;
            let mut ids = Vec::with_capacity(n);
            for _ in 0..n {
                let x = r.u32()?;
                if !permanent(x) || ids.contains(&x) {
                    return bad();
                }
                ids.push(x);
            }
            if ids.is_empty() {
                return bad();
            }
            Affected::Fixed(ids)
        }
        _ => return bad(),
    };
    if source.is_some_and(|s| !permanent(s))
        || controller.is_some_and(|c| c >= players)
        || source.is_some() && controller.is_some()
    {
        return bad();
    }
    Ok(ContinuousEffect {
        id,
        change,
        affected,
        source,
        controller,
        until_end_of_turn,
    })
}

/// An effect's filters: on the affected entity, or (`sources`) on the damage source.
fn read_clauses(r: &mut Reader<'_>, ruleset: Ruleset, sources: bool) -> Result<Vec<Clause>> {
    let n = r.count(4, 64, "effect filter")?;
    read_clauses_of(r, ruleset, sources, n)
}

/// `n` clauses (their count already read).
fn read_clauses_of(
    r: &mut Reader<'_>,
    ruleset: Ruleset,
    sources: bool,
    n: usize,
) -> Result<Vec<Clause>> {
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let players = r.bool()?;
        let types = Types(r.u16()?);
        let scope = match r.u8()? {
            0 => Scope::Any,
            1 => Scope::You,
            2 => Scope::Opponents,
            _ => return malformed("effect filter scope"),
        };
        if players && (types.0 != 0 || sources) || types.0 & !ruleset.types().0 != 0 {
            return malformed("effect filter");
        }
        out.push(Clause {
            players,
            types,
            scope,
        });
    }
    Ok(out)
}

fn check_printed(p: &Printed, ruleset: Ruleset) -> Result<()> {
    let known_keywords = (1u32 << crate::keywords::KEYWORD_NAMES.len()) - 1;
    let (small, natural) = (small_stat, natural_stat);
    if p.types.0 & !ruleset.types().0 != 0
        || p.keywords.0 & !known_keywords != 0
        || (p.toxic > 0) != p.keywords.intersects(Keywords::TOXIC)
        || !small(p.power)
        || !small(p.toughness)
        || !natural(p.strength)
        || !natural(p.lives)
        || !natural(p.movement)
        || p.loyalty.is_some_and(|v| v >= 1 << 31)
        || p.defense.is_some_and(|v| v >= 1 << 31)
    {
        return malformed("card characteristics");
    }
    Ok(())
}

/// A printed number of either sign: below `STAT_LIMIT` in magnitude (so not `i32::MIN`).
fn small_stat(v: Option<i32>) -> bool {
    v.is_none_or(|v| limits::stat_ok(v as i64))
}

/// A printed number that can't be negative.
fn natural_stat(v: Option<i32>) -> bool {
    v.is_none_or(|v| v >= 0)
}

fn check_entity(
    id: u32,
    e: &Entity,
    players: u32,
    entities: u32,
    printed: u32,
    ruleset: Ruleset,
) -> Result<()> {
    let known_keywords = (1u32 << crate::keywords::KEYWORD_NAMES.len()) - 1;
    let is_player = id < players;
    if e.is_player != is_player {
        return malformed("players must come first");
    }
    if is_player {
        // A player has no characteristics and no marked damage (damage to a player is life
        // loss, 120.3a): only its life, counters and whether it lost change.
        let blank = Entity::player(id);
        if e.gone
            || e.owner != id
            || e.controller != id
            || e.printed != NO_ID
            || e.new_id != NO_ID
            || e.zone != blank.zone
            || e.damage != 0
            || e.deathtouched
            || e.elite
            || e.types != blank.types
            || !e.subtypes.is_empty()
            || e.keywords != blank.keywords
            || e.keywords_eot != blank.keywords_eot
            || e.toxic != 0
            || (e.power, e.toughness) != (None, None)
            || (e.pump_power, e.pump_toughness) != (0, 0)
            || (e.strength, e.lives, e.movement) != (None, None, None)
        {
            return malformed("player record");
        }
        return Ok(());
    }
    let new_id_ok = if e.gone {
        // A token that ceased to exist (704.5d) has no new object (checked with its card).
        e.new_id > id && e.new_id < entities || e.new_id == NO_ID
    } else {
        e.new_id == NO_ID
    };
    if !new_id_ok
        || e.owner >= players
        || e.controller >= players
        || e.printed >= printed
        || e.lost
        || e.life != 0
        || e.types.0 & !ruleset.types().0 != 0
        || e.keywords.0 & !known_keywords != 0
        || e.keywords_eot.0 & !known_keywords != 0
        || !limits::pump_ok(e.pump_power)
        || !limits::pump_ok(e.pump_toughness)
        || !small_stat(e.power)
        || !small_stat(e.toughness)
        || !natural_stat(e.strength)
        || !natural_stat(e.lives)
        || !natural_stat(e.movement)
    {
        return malformed("object record");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::game::{CardSpec, Game, Ruleset};
    use crate::limits;
    use crate::zones::Zone;

    fn creature(g: &mut Game) -> u32 {
        let spec = CardSpec {
            types: vec!["creature".into()],
            power: Some(1),
            toughness: Some(1),
            ..CardSpec::default()
        };
        g.create(0, Zone::Battlefield, &spec).unwrap()
    }

    fn round_trips(g: &Game) -> bool {
        Game::from_bytes(&g.to_bytes()).is_ok_and(|d| d == *g)
    }

    /// One set of limits: a decoded game at a limit takes every legal call and encodes again;
    /// a call that would go beyond it is refused (and changes nothing); bytes beyond it are
    /// refused.
    #[test]
    fn pump_totals_stop_at_the_limit_the_decoder_accepts() {
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let x = creature(&mut g);
        let edge = limits::PUMP_LIMIT as i64 - 1;
        for (p, t) in [(edge, 0), (0, -edge)] {
            let mut at = g.clone();
            at.entities[x as usize].pump_power = p;
            at.entities[x as usize].pump_toughness = t;
            let mut at = Game::from_bytes(&at.to_bytes()).expect("at the limit decodes");
            let before = at.to_bytes();
            let err = at.pump(x, p.signum(), t.signum()).unwrap_err();
            assert!(matches!(err, crate::Error::Overflow(_)), "{err}");
            assert_eq!(at.to_bytes(), before, "a refused pump changes nothing");
            at.pump(x, -p.signum(), -t.signum()).unwrap();
            assert!(round_trips(&at));
            let mut beyond = at.clone();
            beyond.entities[x as usize].pump_power = p + p.signum();
            beyond.entities[x as usize].pump_toughness = t + t.signum();
            assert!(Game::from_bytes(&beyond.to_bytes()).is_err());
        }
        for v in [i64::MIN, i64::MAX, 1 << 31, -(1 << 31)] {
            let before = g.to_bytes();
            assert!(matches!(g.pump(x, v, 0), Err(crate::Error::Overflow(_))));
            assert!(matches!(g.pump(x, 0, v), Err(crate::Error::Overflow(_))));
            assert_eq!(g.to_bytes(), before);
        }
    }

    #[test]
    fn printed_numbers_at_the_most_negative_i64_are_refused_not_wrapped() {
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let cases: [fn(&mut CardSpec, i64); 4] = [
            |s, v| s.power = Some(v),
            |s, v| s.toughness = Some(v),
            |s, v| s.loyalty = Some(v),
            |s, v| s.cost = Some(crate::game::CostSpec::Fixed(v)),
        ];
        for set in cases {
            for v in [i64::MIN, -(1 << 31), 1 << 31, i64::MAX] {
                let mut spec = CardSpec {
                    types: vec!["creature".into()],
                    ..CardSpec::default()
                };
                set(&mut spec, v);
                assert!(g.create(0, Zone::Hand, &spec).is_err(), "{spec:?}");
            }
        }
        assert_eq!(g.num_entities(), 2);
    }

    #[test]
    fn a_card_with_many_subtypes_round_trips() {
        let mut g = Game::new(2, Ruleset::Berserk, 0).unwrap();
        let spec = CardSpec {
            types: vec!["creature".into()],
            subtypes: (0..70_000).map(|i| format!("s{}", i % 70_001)).collect(),
            ..CardSpec::default()
        };
        g.create(0, Zone::Hand, &spec).unwrap();
        assert!(round_trips(&g));
    }

    #[test]
    fn decoded_numbers_beyond_the_api_limits_are_refused() {
        let mut g = Game::new(2, Ruleset::Berserk, 0).unwrap();
        let spec = CardSpec {
            types: vec!["creature".into()],
            strength: Some(1),
            lives: Some(1),
            cost: Some(crate::game::CostSpec::Fixed(1)),
            ..CardSpec::default()
        };
        let x = g.create(0, Zone::Battlefield, &spec).unwrap();
        assert!(round_trips(&g));
        let mut bad = g.clone();
        bad.entities[x as usize].power = Some(i32::MIN);
        assert!(Game::from_bytes(&bad.to_bytes()).is_err());
        let mut bad = g.clone();
        bad.entities[x as usize].strength = Some(-1);
        assert!(Game::from_bytes(&bad.to_bytes()).is_err());
        let mut bad = g.clone();
        let mut p = (*bad.printed[0]).clone();
        p.cost = Some(crate::game::Cost {
            base: limits::STAT_LIMIT as u32,
            xs: 0,
        });
        std::sync::Arc::make_mut(&mut bad.printed)[0] = std::sync::Arc::new(p);
        assert!(Game::from_bytes(&bad.to_bytes()).is_err());
        // What no call gives a player (marked damage, characteristics) or an object (life).
        let edits: [fn(&mut crate::game::Entity); 4] = [
            |e| e.damage = 1,
            |e| e.keywords = crate::keywords::Keywords::FLYING,
            |e| e.strength = Some(0),
            |e| e.zone = Zone::Hand,
        ];
        for edit in edits {
            let mut bad = g.clone();
            edit(&mut bad.entities[1]);
            let err = Game::from_bytes(&bad.to_bytes()).unwrap_err();
            assert!(err.to_string().contains("player record"), "{err}");
        }
        let mut bad = g.clone();
        bad.entities[x as usize].life = 3;
        assert!(Game::from_bytes(&bad.to_bytes()).is_err());
    }

    /// The kind limit counts kinds in use: after many kinds have come and gone, a new one is
    /// accepted, as it is by a game decoded from the same bytes.
    #[test]
    fn kinds_no_longer_used_are_given_back() {
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        g.set_record_events(false);
        let x = creature(&mut g);
        let customs = limits::MAX_KINDS - crate::kinds::BUILTIN_NAMES.len();
        for i in 0..customs + 10 {
            let name = format!("k{i}");
            g.add_counters(x, name.as_str(), 1).unwrap();
            g.remove_counters(x, name.as_str(), 1).unwrap();
        }
        g.add_counters(x, "kept", 2).unwrap();
        assert_eq!(g.count_by_name(x, "kept").unwrap(), 2);
        assert_eq!(g.count_by_name(x, "k3").unwrap(), 0);
        assert_eq!(g.hash(), g.recompute_hash());
        let d = Game::from_bytes(&g.to_bytes()).unwrap();
        assert!(d == g && d.hash() == g.hash());
    }

    /// Kinds held only by logged events, or by a transaction's saved copies, are still in use.
    #[test]
    fn kinds_named_by_events_or_a_transaction_are_kept() {
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let x = creature(&mut g);
        let customs = limits::MAX_KINDS - crate::kinds::BUILTIN_NAMES.len();
        g.add_counters(x, "logged", 1).unwrap();
        g.remove_counters(x, "logged", 1).unwrap();
        g.set_record_events(false);
        for i in 1..customs {
            g.add_counters(x, format!("k{i}").as_str(), 1).unwrap();
        }
        // Full: the only custom kind no entity has is named by the log.
        let err = g.add_counters(x, "new", 1).unwrap_err();
        assert!(matches!(err, crate::Error::Overflow(_)), "{err}");
        let names: Vec<_> = g
            .events()
            .iter()
            .filter_map(|e| e.counter())
            .map(|k| g.kind_name(k).to_string())
            .collect();
        assert_eq!(names, ["logged", "logged"]);
        g.clear_events();
        g.add_counters(x, "new", 1).unwrap();
        // A transaction that removes a kind, then needs a new one, then fails: the removed kind
        // is back with its name.
        let ops = [
            crate::ops::Op::RemoveCounters(x, "k1".into(), 1),
            crate::ops::Op::AddCounters(x, "newer".into(), 1),
            crate::ops::Op::PayCounters(x, "k2".into(), 5),
        ];
        assert!(g.apply_ops(&ops).is_err());
        assert_eq!(g.count_by_name(x, "k1").unwrap(), 1);
        assert_eq!(g.hash(), g.recompute_hash());
        assert!(round_trips(&g));
    }

    /// A modifier whose source isn't in play (or whose card isn't in hand) can't exist in a
    /// game, so bytes that describe one are refused.
    #[test]
    fn a_cost_modifier_must_name_a_permanent_source_or_a_card_in_hand() {
        let spec = CardSpec {
            types: vec!["creature".into()],
            strength: Some(1),
            lives: Some(1),
            ..CardSpec::default()
        };
        let mut g = Game::new(2, Ruleset::Berserk, 0).unwrap();
        let source = g.create(0, Zone::Battlefield, &spec).unwrap();
        let card = g.create(0, Zone::Hand, &spec).unwrap();
        g.add_cost_modifier(-1, None, Some(source), &[], &[], None)
            .unwrap();
        g.add_cost_modifier(-1, Some(card), None, &[], &[], None)
            .unwrap();
        assert!(Game::from_bytes(&g.to_bytes()).unwrap() == g);
        for (id, zone) in [(source, Zone::Graveyard), (card, Zone::Battlefield)] {
            let mut bad = g.clone();
            bad.entities[id as usize].zone = zone;
            let err = Game::from_bytes(&bad.to_bytes()).unwrap_err();
            assert!(err.to_string().contains("cost modifier"), "{err}");
        }
    }
}
