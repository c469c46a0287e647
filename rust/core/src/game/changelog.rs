//! The change log: what a change to one entity writes besides the entity (the hash, the
//! magnitude flag, the events).

use super::hashing::{counter_delta, TAG_DAMAGE, TAG_DEATHTOUCH, TAG_LIFE};
use super::{Entity, Game};
use crate::error::{overflow, Result};
use crate::events::{Event, EventKind};
use crate::kinds::{Kind, KindTable};

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
pub(super) fn push_event(events: &mut Vec<Event>, e: Event) {
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
    #[inline(always)]
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

impl Game {
    /// The entities, and what changing them writes besides (see `ChangeLog`).
    #[inline]
    pub(crate) fn split_changes(&mut self) -> (&mut super::store::EntityStore, ChangeLog<'_>) {
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
}
