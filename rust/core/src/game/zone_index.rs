//! The objects of each zone by controller, in id order (400.1: the kernel owns the zones).
//!
//! Derived from the entities (never part of the state: equality, the hash and the bytes read the
//! entities): kept by every change of an object's place (`Game::update_place`, `spawn`), rebuilt
//! where entities are restored wholesale (a rolled-back transaction, the decoder). A game layer
//! reads a player's permanents or graveyard here instead of keeping lists of its own.

use super::Entity;
use crate::zones::Zone;

/// Zones in the index (`Zone as usize` is below this).
const ZONES: usize = Zone::ALL.len();

/// Each zone's place among the groups: the zones whose objects come and go most (the stack,
/// the battlefield, then the graveyard) last, so that an insertion or removal there moves the
/// fewest ids and group starts after it.
const RANK: [usize; ZONES] = {
    let mut rank = [0; ZONES];
    let order = [
        Zone::Library,
        Zone::Hand,
        Zone::Command,
        Zone::Exile,
        Zone::Graveyard,
        Zone::Battlefield,
        Zone::Stack,
    ];
    let mut i = 0;
    while i < ZONES {
        rank[order[i] as usize] = i;
        i += 1;
    }
    rank
};

/// How many counts of battlefield changes an index keeps (`ZoneIndex::battlefield_changes`):
/// controllers share one when there are more.
pub(crate) const CHANGE_BUCKETS: usize = 4;

#[derive(Debug, Default)]
pub(crate) struct ZoneIndex {
    players: usize,
    /// The ids of the live objects, grouped by (zone, controller), each group ascending.
    ids: Vec<u32>,
    /// Group g = zone * players + controller is `ids[starts[g]..starts[g + 1]]`.
    starts: Vec<u32>,
    /// How many times an object entered or left a battlefield group, by its controller's
    /// bucket (`Game::battlefield_changes_of`; counts never go back, a rolled-back change
    /// included).
    changes: [u64; CHANGE_BUCKETS],
    /// The same for the graveyards (`Game::graveyard_changes_of`).
    graveyard_changes: [u64; CHANGE_BUCKETS],
}

impl Clone for ZoneIndex {
    fn clone(&self) -> ZoneIndex {
        ZoneIndex {
            players: self.players,
            ids: self.ids.clone(),
            starts: self.starts.clone(),
            changes: self.changes,
            graveyard_changes: self.graveyard_changes,
        }
    }

    /// Reuses this index's buffers (`Game::clone_from`).
    fn clone_from(&mut self, src: &ZoneIndex) {
        self.players = src.players;
        self.ids.clone_from(&src.ids);
        self.starts.clone_from(&src.starts);
        self.changes = src.changes;
        self.graveyard_changes = src.graveyard_changes;
    }
}

/// Where an object is listed: its group, if it is a live object.
#[inline]
pub(crate) fn group_of(e: &Entity, players: usize) -> Option<usize> {
    (!e.is_player && !e.gone && (e.controller as usize) < players)
        .then(|| RANK[e.zone as usize] * players + e.controller as usize)
}

impl ZoneIndex {
    pub(crate) fn new(players: usize) -> ZoneIndex {
        ZoneIndex {
            players,
            ids: Vec::new(),
            starts: vec![0; ZONES * players + 1],
            changes: [0; CHANGE_BUCKETS],
            graveyard_changes: [0; CHANGE_BUCKETS],
        }
    }

    /// The index of `entities` (ids are positions).
    pub(crate) fn build<'a>(
        players: usize,
        entities: impl Iterator<Item = &'a Entity>,
    ) -> ZoneIndex {
        let mut groups: Vec<Vec<u32>> = vec![Vec::new(); ZONES * players];
        for (id, e) in entities.enumerate() {
            if let Some(g) = group_of(e, players) {
                groups[g].push(id as u32);
            }
        }
        let mut index = ZoneIndex::new(players);
        for (g, ids) in groups.iter().enumerate() {
            index.ids.extend_from_slice(ids);
            index.starts[g + 1] = index.ids.len() as u32;
        }
        index
    }

    /// The objects `controller` has in `zone`, ascending (empty for a player out of range).
    #[inline]
    pub(crate) fn list(&self, zone: Zone, controller: u32) -> &[u32] {
        if controller as usize >= self.players {
            return &[];
        }
        let g = RANK[zone as usize] * self.players + controller as usize;
        &self.ids[self.starts[g] as usize..self.starts[g + 1] as usize]
    }

    /// An object's place changed from group `from` to group `to` (most changes of place, a
    /// tapped status, change neither: the caller tests that first).
    #[inline(never)]
    pub(crate) fn moved(&mut self, id: u32, from: Option<usize>, to: Option<usize>) {
        if from == to {
            return;
        }
        if let Some(g) = from {
            self.remove(id, g);
            self.count_change(g);
        }
        if let Some(g) = to {
            self.insert(id, g);
            self.count_change(g);
        }
    }

    /// Counts a change of group `g` if it is a battlefield's or a graveyard's; an emblem in
    /// the command zone counts as a battlefield's change (its abilities function there, 114.4:
    /// what is derived from the sources of abilities changes with it).
    #[inline]
    fn count_change(&mut self, g: usize) {
        let zone = g / self.players;
        let bucket = g % self.players % CHANGE_BUCKETS;
        if zone == RANK[Zone::Battlefield as usize] || zone == RANK[Zone::Command as usize] {
            self.changes[bucket] += 1;
        } else if zone == RANK[Zone::Graveyard as usize] {
            self.graveyard_changes[bucket] += 1;
        }
    }

    /// How many times a permanent entered or left `controller`'s battlefield (or that of a
    /// controller sharing its bucket): the same count is the same battlefield.
    #[inline]
    pub(crate) fn battlefield_changes(&self, controller: u32) -> u64 {
        self.changes[controller as usize % CHANGE_BUCKETS]
    }

    /// How many times a card entered or left `controller`'s graveyard (or that of a
    /// controller sharing its bucket): the same count is the same graveyard.
    #[inline]
    pub(crate) fn graveyard_changes(&self, controller: u32) -> u64 {
        self.graveyard_changes[controller as usize % CHANGE_BUCKETS]
    }

    /// Puts back the lists of `saved` (a rolled-back transaction); the counts of changes go
    /// on rising, so that no count names two battlefields.
    pub(crate) fn restore(&mut self, saved: ZoneIndex) {
        let changes = self.changes.map(|n| n + 1);
        let graveyard_changes = self.graveyard_changes.map(|n| n + 1);
        *self = saved;
        self.changes = changes;
        self.graveyard_changes = graveyard_changes;
    }

    fn insert(&mut self, id: u32, g: usize) {
        let (lo, hi) = (self.starts[g] as usize, self.starts[g + 1] as usize);
        // A new object has the highest id: it goes last.
        let at = if lo == hi || self.ids[hi - 1] < id {
            hi
        } else {
            lo + self.ids[lo..hi].partition_point(|&x| x < id)
        };
        self.ids.insert(at, id);
        for s in &mut self.starts[g + 1..] {
            *s += 1;
        }
    }

    fn remove(&mut self, id: u32, g: usize) {
        let (lo, hi) = (self.starts[g] as usize, self.starts[g + 1] as usize);
        if let Ok(k) = self.ids[lo..hi].binary_search(&id) {
            self.ids.remove(lo + k);
            for s in &mut self.starts[g + 1..] {
                *s -= 1;
            }
        }
    }
}
