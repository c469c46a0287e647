//! The entity store: a persistent vector of fixed-size chunks shared copy-on-write.
//!
//! Search clones a state and then changes a few entities. Cloning shares every chunk (one
//! reference-count increment each); the first change to an entity copies only its chunk.

use crate::game::Entity;
use std::ops::{Index, IndexMut};
use std::sync::Arc;

const CHUNK_BITS: usize = 5;
const CHUNK: usize = 1 << CHUNK_BITS;
const MASK: usize = CHUNK - 1;

#[derive(Clone, Debug, Default)]
pub struct EntityStore {
    chunks: Vec<Arc<Vec<Entity>>>,
    len: usize,
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
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn get(&self, i: usize) -> Option<&Entity> {
        if i < self.len {
            Some(&self.chunks[i >> CHUNK_BITS][i & MASK])
        } else {
            None
        }
    }

    pub fn push(&mut self, e: Entity) {
        if self.len & MASK == 0 {
            self.chunks.push(Arc::new(Vec::with_capacity(CHUNK)));
        }
        let last = self.chunks.last_mut().expect("a chunk was just ensured");
        Arc::make_mut(last).push(e);
        self.len += 1;
    }

    /// The chunk and offset of an index.
    #[inline]
    pub fn locate(i: usize) -> (usize, usize) {
        (i >> CHUNK_BITS, i & MASK)
    }

    /// One chunk's entities, mutable (copied first if a clone shares it): for loops that change
    /// many neighbouring entities, one copy-on-write check per chunk instead of per entity.
    #[inline]
    pub fn chunk_mut(&mut self, chunk: usize) -> &mut [Entity] {
        Arc::make_mut(&mut self.chunks[chunk]).as_mut_slice()
    }

    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = &Entity> + '_ {
        self.chunks.iter().flat_map(|c| c.iter())
    }
}

impl Index<usize> for EntityStore {
    type Output = Entity;
    #[inline]
    fn index(&self, i: usize) -> &Entity {
        &self.chunks[i >> CHUNK_BITS][i & MASK]
    }
}

impl IndexMut<usize> for EntityStore {
    /// Copies the chunk first if a clone still shares it.
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut Entity {
        &mut Arc::make_mut(&mut self.chunks[i >> CHUNK_BITS])[i & MASK]
    }
}
