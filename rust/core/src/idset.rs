//! A set of small indexes (entity ids, kind ids) as bits: proliferate's and `set_lives_many`'s
//! "chosen twice" checks, a transaction's "already saved" marks, the decoder's "listed twice".

#[derive(Clone, Debug, Default)]
pub struct IdSet(Vec<u64>);

impl IdSet {
    /// An empty set for indexes below `n`.
    pub fn with_bound(n: usize) -> IdSet {
        IdSet(vec![0; n.div_ceil(64)])
    }

    /// Empties the set and bounds it by `n`, keeping the buffer.
    pub fn reset(&mut self, n: usize) {
        self.0.clear();
        self.0.resize(n.div_ceil(64), 0);
    }

    /// Adds `i` (below the bound); whether it was not there yet.
    #[inline]
    pub fn insert(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }
}

#[cfg(test)]
mod tests {
    use super::IdSet;

    #[test]
    fn insert_tells_whether_new_and_reset_empties() {
        let mut s = IdSet::with_bound(130);
        assert!(s.insert(0) && s.insert(63) && s.insert(64) && s.insert(129));
        assert!(!s.insert(64) && !s.insert(129));
        s.reset(10);
        assert!(s.insert(9) && !s.insert(9));
    }
}
