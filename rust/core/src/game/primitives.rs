//! The primitives every rule goes through to change an entity; each keeps the hash up to date.

use super::hashing::{TAG_CHARS, TAG_PLACE};
use super::zone_index::group_of;
use super::{Entity, Game};
use crate::error::Result;
use crate::hash::feature;
use crate::kinds::Kind;

impl Game {
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
        self.entities.mark_changed(id as usize);
        let players = self.num_players as usize;
        let e = self.entities.unjudged_mut(id as usize);
        let before = e.place_hash();
        let listed = group_of(e, players);
        f(e);
        let after = e.place_hash();
        let listed_now = group_of(e, players);
        self.entity_hash ^= feature(TAG_PLACE, id, before) ^ feature(TAG_PLACE, id, after);
        if listed != listed_now {
            self.zones.moved(id, listed, listed_now);
        }
    }

    /// Taps or untaps an object (a change no state-based action reads, 704.5, and that keeps
    /// it in its zone: the zone index is left as it is); returns its controller.
    pub(crate) fn set_tapped_unjudged(&mut self, id: u32, tapped: bool) -> u32 {
        let e = self.entities.unjudged_mut(id as usize);
        let before = e.place_hash();
        e.tapped = tapped;
        let after = e.place_hash();
        let controller = e.controller;
        self.entity_hash ^= feature(TAG_PLACE, id, before) ^ feature(TAG_PLACE, id, after);
        controller
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
}
