//! The entity store: a persistent vector of fixed-size chunks shared copy-on-write.
//!
//! Search clones a state and then changes a few entities. Sharing a game (`share`) shares every
//! chunk (one reference-count increment each); the first change to an entity copies only its
//! chunk, which the game then owns outright: changing an owned chunk again takes no atomic
//! operation (an `Arc::make_mut` on every change cost a tenth of an `add_counters` call).
//!
//! The store also marks every entity changed or added since the state-based actions last
//! looked (`changed`): their next check judges only those (docs/PERFORMANCE.md, "A check
//! judges only what changed since the last").
//! Apart from those bits, once asked to (`keep_stamps`), each entity carries the store's write
//! count at its last change (`stamp`), and each store a `lineage` no other store shares (a copy
//! gets a new one): a reader that saw an entity with the same lineage and stamp knows it is
//! unchanged since, without the store forgetting anything for it (the duel's observation reads
//! them). A store not asked keeps none, so a bare kernel's changes don't pay for them.
//!
//! A transaction (all or nothing) instead keeps a journal: the first change to an entity saves
//! a copy of that one entity, and rolling back puts the saved ones back. Backing up by cloning
//! would have made the first change to every chunk copy all of it, a cost that grew with the
//! board rather than with what changed.

use super::Entity;
use crate::idset::IdSet;
use smallvec::SmallVec;
use std::ops::{Index, IndexMut};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

const CHUNK_BITS: usize = 5;
const CHUNK: usize = 1 << CHUNK_BITS;
const MASK: usize = CHUNK - 1;

/// A chunk of entities: owned by one game, or shared with its clones.
#[derive(Debug)]
enum Chunk {
    Owned(Vec<Entity>),
    Shared(Arc<Vec<Entity>>),
}

impl Chunk {
    #[inline]
    fn entities(&self) -> &[Entity] {
        match self {
            Chunk::Owned(v) => v,
            Chunk::Shared(a) => a,
        }
    }

    /// The entities, owned first (copied unless this was the last reference).
    #[inline(always)]
    fn owned(&mut self) -> &mut Vec<Entity> {
        if matches!(self, Chunk::Shared(_)) {
            self.unshare();
        }
        match self {
            Chunk::Owned(v) => v,
            Chunk::Shared(a) => Arc::make_mut(a),
        }
    }

    #[cold]
    #[inline(never)]
    fn unshare(&mut self) {
        if let Chunk::Shared(a) = std::mem::replace(self, Chunk::Owned(Vec::new())) {
            *self = Chunk::Owned(Arc::unwrap_or_clone(a));
        }
    }
}

impl Clone for Chunk {
    /// An owned chunk is copied (nothing else may reach it); a shared one is shared again.
    fn clone(&self) -> Self {
        match self {
            Chunk::Owned(v) => Chunk::Owned(v.clone()),
            Chunk::Shared(a) => Chunk::Shared(Arc::clone(a)),
        }
    }

    /// An owned chunk copied over an owned one keeps its buffer.
    fn clone_from(&mut self, src: &Self) {
        match (self, src) {
            (Chunk::Owned(v), Chunk::Owned(w)) => v.clone_from(w),
            (this, src) => *this = src.clone(),
        }
    }
}

#[derive(Debug)]
pub struct EntityStore {
    chunks: Vec<Chunk>,
    len: usize,
    /// Recording while a transaction runs (its buffers kept between transactions).
    journal: Journal,
    /// Bit i: entity i was changed or added since `reset_changed` (one word per 64 entities,
    /// inline up to 256 so a copy allocates nothing more).
    changed: SmallVec<[u64; 4]>,
    /// Entity i's `stamp`: the value of `writes` at its last change or its addition (empty
    /// unless `keeping`).
    stamps: Vec<u64>,
    /// Whether `stamps` are kept (`keep_stamps`).
    keeping: bool,
    /// Changes and additions made to this store's entities (never decreases, not even when a
    /// transaction rolls back: its roll back is changes too).
    writes: u64,
    /// This store's own number, new for every store made or copied.
    lineage: u64,
}

/// A number no other store was given (lineages of stores made or copied).
fn new_lineage() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Default for EntityStore {
    fn default() -> Self {
        EntityStore {
            chunks: Vec::new(),
            len: 0,
            journal: Journal::default(),
            changed: SmallVec::new(),
            stamps: Vec::new(),
            keeping: false,
            writes: 0,
            lineage: new_lineage(),
        }
    }
}

/// What a transaction changed: the entities it changed, as they were before, and how many
/// entities there were.
#[derive(Debug, Default)]
pub struct Journal {
    recording: bool,
    len: usize,
    saved: Vec<(usize, Entity)>,
    /// The entities below `len` already saved.
    marked: IdSet,
}

impl Clone for EntityStore {
    /// A copy of the entities: owned chunks are copied, shared ones shared (`share` shares
    /// them all first). A journal belongs to the transaction of the original only.
    fn clone(&self) -> Self {
        EntityStore {
            chunks: self.chunks.clone(),
            len: self.len,
            journal: Journal::default(),
            changed: SmallVec::from_slice(&self.changed),
            stamps: self.stamps.clone(),
            keeping: self.keeping,
            writes: self.writes,
            // The copy and the original change apart from here on: stamps alone can't tell
            // their entities apart.
            lineage: new_lineage(),
        }
    }

    /// `clone` reusing this store's buffers: its chunks, its journal's and its stamps'.
    fn clone_from(&mut self, src: &Self) {
        self.chunks.clone_from(&src.chunks);
        self.len = src.len;
        self.journal.recording = false;
        self.journal.saved.clear();
        self.changed.clone_from(&src.changed);
        self.stamps.clone_from(&src.stamps);
        self.keeping = src.keeping;
        self.writes = src.writes;
        self.lineage = new_lineage();
    }
}

impl EntityStore {
    pub fn from_vec(entities: Vec<Entity>) -> EntityStore {
        let mut s = EntityStore::default();
        for e in entities {
            s.push(e);
        }
        s
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn get(&self, i: usize) -> Option<&Entity> {
        // The chunks hold exactly the `len` entities (`push`, `truncate`).
        self.chunks.get(i >> CHUNK_BITS)?.entities().get(i & MASK)
    }

    /// The index of an entity held by this store (found by its address), if it is one.
    pub fn index_of(&self, e: &Entity) -> Option<usize> {
        let at = e as *const Entity as usize;
        let size = std::mem::size_of::<Entity>();
        self.chunks.iter().enumerate().find_map(|(c, chunk)| {
            let slice = chunk.entities();
            let start = slice.as_ptr() as usize;
            (at >= start && at < start + std::mem::size_of_val(slice))
                .then(|| (c << CHUNK_BITS) + (at - start) / size)
        })
    }

    /// Room for `n` more entities: the last chunk's full size, the chunks' list and the
    /// stamps (a copied chunk has only the room its entities take).
    pub fn reserve(&mut self, n: usize) {
        if let Some(Chunk::Owned(last)) = self.chunks.last_mut() {
            last.reserve_exact(CHUNK - last.len());
        }
        self.chunks.reserve(n.div_ceil(CHUNK));
        if self.keeping {
            self.stamps.reserve(n);
        }
    }

    pub fn push(&mut self, e: Entity) {
        if self.len & MASK == 0 {
            self.chunks.push(Chunk::Owned(Vec::with_capacity(CHUNK)));
        }
        if self.len & 63 == 0 {
            self.changed.push(0);
        }
        if let Some(last) = self.chunks.last_mut() {
            last.owned().push(e);
            self.changed[self.len >> 6] |= 1 << (self.len & 63);
            if self.keeping {
                self.writes += 1;
                self.stamps.push(self.writes);
            }
            self.len += 1;
        }
    }

    /// Whether entity `i` was changed or added since `reset_changed`.
    #[inline]
    pub fn changed(&self, i: usize) -> bool {
        i < self.len && self.changed[i >> 6] & 1 << (i & 63) != 0
    }

    /// Whether any entity was changed or added since `reset_changed`.
    #[inline]
    pub fn any_changed(&self) -> bool {
        self.changed.iter().any(|&word| word != 0)
    }

    /// This store's lineage: no other store (a copy included) has the same.
    #[inline]
    pub fn lineage(&self) -> u64 {
        self.lineage
    }

    /// Entity i's stamp (0 for no entity), if stamps are kept: with the same `lineage`, the
    /// same stamp is the entity unchanged since it was read.
    #[inline]
    pub fn stamp(&self, i: usize) -> Option<u64> {
        self.keeping
            .then(|| self.stamps.get(i).copied().unwrap_or(0))
    }

    /// Keeps a stamp for each entity from now on (every entity gets a new one: no reader can
    /// have seen it).
    pub fn keep_stamps(&mut self) {
        if !self.keeping {
            self.keeping = true;
            self.writes += 1;
            self.stamps = vec![self.writes; self.len];
        }
    }

    /// Forgets the changes: from now on only entities changed or added, and `keep`, are
    /// `changed`.
    pub fn reset_changed(&mut self, keep: &[u32]) {
        self.changed.fill(0);
        for &i in keep {
            let i = i as usize;
            if i < self.len {
                self.changed[i >> 6] |= 1 << (i & 63);
            }
        }
    }

    /// Marks every entity changed (after a roll back, which also undoes what a check saw).
    fn mark_all_changed(&mut self) {
        self.changed.fill(!0);
    }

    /// Visits the ids of the entities changed or added since `reset_changed`, from id `first`
    /// on, ascending.
    #[inline]
    fn for_each_changed_id(&self, first: usize, mut f: impl FnMut(usize)) {
        for (w, &word) in self.changed.iter().enumerate().skip(first >> 6) {
            let mut bits = word;
            if w == first >> 6 {
                bits &= !0 << (first & 63);
            }
            while bits != 0 {
                let i = w << 6 | bits.trailing_zeros() as usize;
                if i >= self.len {
                    return;
                }
                f(i);
                bits &= bits - 1;
            }
        }
    }

    /// Visits the entities changed or added since `reset_changed`, from id `first` on, with
    /// their ids, ascending.
    #[inline]
    pub fn for_each_changed_from(&self, first: usize, mut f: impl FnMut(u32, &Entity)) {
        self.for_each_changed_id(first, |i| f(i as u32, &self[i]));
    }

    /// Makes every chunk shared, so `clone` shares them all (O(chunks)); this store then copies
    /// a chunk again when it next changes it, as the copy does.
    pub fn share_chunks(&mut self) {
        for chunk in &mut self.chunks {
            if let Chunk::Owned(v) = chunk {
                *chunk = Chunk::Shared(Arc::new(std::mem::take(v)));
            }
        }
    }

    /// Starts recording changes (see `Journal`); false if a journal is already recording (an
    /// enclosing transaction undoes everything).
    pub fn start_journal(&mut self) -> bool {
        let j = &mut self.journal;
        if j.recording {
            return false;
        }
        j.recording = true;
        j.len = self.len;
        j.saved.clear();
        j.marked.reset(self.len);
        true
    }

    /// The copies a recording transaction saved to roll back to (none when not recording).
    pub fn journaled(&self) -> impl Iterator<Item = &Entity> + '_ {
        let saved: &[(usize, Entity)] = if self.journal.recording {
            &self.journal.saved
        } else {
            &[]
        };
        saved.iter().map(|(_, e)| e)
    }

    /// Stops recording: keeps the changes.
    pub fn commit_journal(&mut self) {
        self.journal.recording = false;
        self.journal.saved.clear();
    }

    /// Stops recording and puts every changed entity back, removing the ones added.
    pub fn roll_back_journal(&mut self) {
        if !self.journal.recording {
            return;
        }
        self.journal.recording = false;
        self.truncate(self.journal.len);
        let mut saved = std::mem::take(&mut self.journal.saved);
        for (i, e) in saved.drain(..).rev() {
            self[i] = e;
        }
        self.journal.saved = saved;
        // A check made inside the transaction forgot changes that the roll back brings back.
        self.mark_all_changed();
    }

    /// Saves entity `i` as it is before its first change in the transaction (entities added
    /// since it started are removed on rollback instead).
    #[cold]
    #[inline(never)]
    fn save_for_journal(&mut self, i: usize) {
        let j = &mut self.journal;
        if i < j.len && j.marked.insert(i) {
            let e = self.chunks[i >> CHUNK_BITS].entities()[i & MASK].clone();
            j.saved.push((i, e));
        }
    }

    fn truncate(&mut self, len: usize) {
        if len >= self.len {
            return;
        }
        self.chunks.truncate(len.div_ceil(CHUNK));
        if len & MASK != 0 {
            if let Some(last) = self.chunks.last_mut() {
                last.owned().truncate(len & MASK);
            }
        }
        self.changed.truncate(len.div_ceil(64));
        self.stamps.truncate(len);
        if len & 63 != 0 {
            if let Some(last) = self.changed.last_mut() {
                *last &= (1 << (len & 63)) - 1;
            }
        }
        self.len = len;
    }

    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = &Entity> + '_ {
        self.chunks.iter().flat_map(|c| c.entities().iter())
    }

    /// Visits the entities from id `first` on, with their ids: a loop per chunk, which a
    /// flattened iterator with `skip` and `enumerate` did not compile to.
    #[inline]
    pub fn for_each_from(&self, first: usize, mut f: impl FnMut(u32, &Entity)) {
        for (c, chunk) in self.chunks.iter().enumerate().skip(first >> CHUNK_BITS) {
            let base = c << CHUNK_BITS;
            let entities = chunk.entities();
            let start = first.saturating_sub(base).min(entities.len());
            for (i, e) in entities[start..].iter().enumerate() {
                f((base + start + i) as u32, e);
            }
        }
    }
}

impl Index<usize> for EntityStore {
    type Output = Entity;
    #[inline]
    fn index(&self, i: usize) -> &Entity {
        &self.chunks[i >> CHUNK_BITS].entities()[i & MASK]
    }
}

impl IndexMut<usize> for EntityStore {
    /// Copies the chunk first if a clone still shares it, and marks and stamps the entity changed. Inlined
    /// into every change, with the journal's work out of line (only transactions record).
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut Entity {
        self.mark_changed(i);
        self.unjudged_mut(i)
    }
}

impl EntityStore {
    /// Marks entity `i` changed for the next check of state-based actions (`changed`).
    #[inline]
    pub(crate) fn mark_changed(&mut self, i: usize) {
        self.changed[i >> 6] |= 1 << (i & 63);
    }

    /// `index_mut` for a change that no check of state-based actions reads (a tapped status):
    /// journaled and stamped, but not marked changed (`changed`).
    #[inline(always)]
    pub(crate) fn unjudged_mut(&mut self, i: usize) -> &mut Entity {
        if self.journal.recording {
            self.save_for_journal(i);
        }
        if self.keeping {
            self.writes += 1;
            self.stamps[i] = self.writes;
        }
        &mut self.chunks[i >> CHUNK_BITS].owned()[i & MASK]
    }
}

#[cfg(test)]
mod tests {
    use super::Entity;
    use super::*;

    fn store(n: usize) -> EntityStore {
        EntityStore::from_vec((0..n as u32).map(Entity::test_player).collect())
    }

    #[test]
    fn for_each_from_visits_every_id_from_first_once() {
        let s = store(70);
        for first in [0, 1, 31, 32, 33, 64, 69, 70, 100] {
            let mut seen = Vec::new();
            s.for_each_from(first, |id, e| {
                assert_eq!(e.owner, id);
                seen.push(id);
            });
            assert_eq!(
                seen,
                (first.min(70) as u32..70).collect::<Vec<_>>(),
                "from {first}"
            );
        }
    }

    #[test]
    fn a_rolled_back_journal_restores_changed_entities_and_drops_added_ones() {
        for (len, added) in [(31, 1), (32, 1), (32, 40), (40, 24), (5, 0)] {
            let mut s = store(len);
            let before: Vec<Entity> = s.iter().cloned().collect();
            let shared = s.clone();
            assert!(s.start_journal());
            assert!(!s.start_journal(), "one journal at a time");
            s[0].life = 7;
            s[len - 1].life = 8;
            s[0].life = 9;
            for i in 0..len.min(CHUNK) {
                s[i].lost = true;
            }
            for i in 0..added {
                s.push(Entity::test_player(1000 + i as u32));
            }
            assert_eq!(s.len(), len + added);
            s.roll_back_journal();
            let after: Vec<Entity> = s.iter().cloned().collect();
            assert_eq!(after, before, "len {len} + {added}");
            assert_eq!(shared.iter().cloned().collect::<Vec<_>>(), before);
            // A committed journal keeps the changes; a clone never carries one.
            assert!(s.start_journal());
            s[0].life = 3;
            assert!(s.clone().start_journal());
            s.commit_journal();
            assert_eq!(s[0].life, 3);
        }
    }

    #[test]
    fn a_stamp_changes_with_its_entity_and_a_copy_is_a_new_lineage() {
        let mut s = store(40);
        assert_eq!(s.stamp(3), None, "no stamps unless asked");
        s[3].life = 2;
        s.keep_stamps();
        let stamps = |s: &EntityStore| (0..s.len()).map(|i| s.stamp(i)).collect::<Vec<_>>();
        let before = stamps(&s);
        assert!(
            before.iter().all(|&v| v.is_some_and(|v| v != 0)),
            "entities are stamped"
        );
        assert_eq!(s.stamp(40), Some(0), "no entity");
        let _ = s[33].life;
        assert_eq!(stamps(&s), before, "reads stamp nothing");
        s[33].life = 5;
        let after = stamps(&s);
        assert_ne!(after[33], before[33]);
        assert_eq!(after[..33], before[..33]);
        assert_eq!(after[34..], before[34..]);
        // A roll back changes its entities back: their stamps are new, never an old one.
        assert!(s.start_journal());
        s[2].life = 1;
        s.push(Entity::test_player(99));
        s.roll_back_journal();
        assert_eq!(s.len(), 40);
        assert!(!before.contains(&s.stamp(2)) && !after.contains(&s.stamp(2)));
        s.push(Entity::test_player(98));
        assert!(!before.contains(&s.stamp(40)) && !after.contains(&s.stamp(40)));
        let copy = s.clone();
        assert_ne!(copy.lineage(), s.lineage());
        assert_eq!(copy.stamp(40), s.stamp(40), "a copy keeps stamps too");
        assert_ne!(store(1).lineage(), store(1).lineage());
    }

    #[test]
    fn shared_and_copied_stores_change_independently() {
        let mut a = store(70);
        a[3].life = 1; // chunk 0 owned
        a.share_chunks();
        let mut b = a.clone(); // every chunk shared
        let c = b.clone();
        a[3].life = 2;
        b[3].life = 3;
        b[69].life = 4; // chunk 2 copied in b only
        let mut d = b.clone(); // b's owned chunks copied, the rest shared
        d[3].life = 5;
        d[40].life = 6;
        assert_eq!([a[3].life, b[3].life, c[3].life, d[3].life], [2, 3, 1, 5]);
        assert_eq!(
            [a[69].life, b[69].life, c[69].life, d[69].life],
            [20, 4, 20, 4]
        );
        assert_eq!([a[40].life, b[40].life, d[40].life], [20, 20, 6]);
    }
}
