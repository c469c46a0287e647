//! Per-entity counter storage: a few kinds inline (no allocation for the common case), in
//! insertion order, a kind deleted when its count reaches 0 (CR 122).

use crate::kinds::Kind;
use smallvec::SmallVec;

/// The counters on one player or object.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct CounterSet {
    slots: SmallVec<[(Kind, u64); 3]>,
}

impl Clone for CounterSet {
    /// One block (`SmallVec::clone` copies item by item). docs/PERFORMANCE.md, "Entities copied
    /// as blocks".
    #[inline]
    fn clone(&self) -> CounterSet {
        CounterSet {
            slots: SmallVec::from_slice(&self.slots),
        }
    }
}

impl CounterSet {
    #[inline]
    pub fn get(&self, kind: Kind) -> u64 {
        for &(k, n) in &self.slots {
            if k == kind {
                return n;
            }
        }
        0
    }

    /// Adds n (> 0) to a kind's count, appending a new kind; returns the old count, or `None`
    /// (and changes nothing) if the count would overflow. One scan of the slots.
    #[inline]
    pub fn add(&mut self, kind: Kind, n: u64) -> Option<u64> {
        for slot in self.slots.iter_mut() {
            if slot.0 == kind {
                let old = slot.1;
                slot.1 = old.checked_add(n)?;
                return Some(old);
            }
        }
        self.slots.push((kind, n));
        Some(0)
    }

    /// Sets the count; 0 deletes the kind, a new kind goes last. Returns the old count.
    #[inline]
    pub fn set(&mut self, kind: Kind, count: u64) -> u64 {
        match self.slots.iter().position(|&(k, _)| k == kind) {
            Some(i) if count == 0 => self.slots.remove(i).1,
            Some(i) => std::mem::replace(&mut self.slots[i].1, count),
            None => {
                if count != 0 {
                    self.slots.push((kind, count));
                }
                0
            }
        }
    }

    /// Takes n (all of them if there are fewer) off a kind in one scan, deleting it at 0;
    /// returns the old count.
    #[inline]
    pub fn sub(&mut self, kind: Kind, n: u64) -> u64 {
        match self.slots.iter().position(|&(k, _)| k == kind) {
            Some(i) => {
                let old = self.slots[i].1;
                if old <= n {
                    self.slots.remove(i);
                } else {
                    self.slots[i].1 = old - n;
                }
                old
            }
            None => 0,
        }
    }

    #[inline]
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Kind, u64)> + '_ {
        self.slots.iter().copied()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Visits every (kind, count) in order, the count mutable (callers keep counts non-zero).
    /// Forced inline: proliferate calls it once per candidate, and as a call (the compiler's
    /// choice for the closure of the hash and event upkeep) it cost a prologue per entity
    /// (docs/PERFORMANCE.md, "`CounterSet::for_each_mut` forced inline").
    #[inline(always)]
    pub fn for_each_mut(&mut self, mut f: impl FnMut(Kind, &mut u64)) {
        for (k, n) in self.slots.iter_mut() {
            f(*k, n);
        }
    }

    pub fn clear(&mut self) {
        self.slots.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_122_zero_count_kinds_vanish_and_order_is_insertion() {
        let mut c = CounterSet::default();
        c.set(Kind(5), 2);
        c.set(Kind(1), 1);
        c.set(Kind(9), 4);
        assert_eq!(c.set(Kind(5), 0), 2);
        assert_eq!(c.get(Kind(5)), 0);
        c.set(Kind(5), 3);
        let order: Vec<_> = c.iter().map(|(k, _)| k.0).collect();
        assert_eq!(order, vec![1, 9, 5]);
        c.set(Kind(7), 0);
        assert_eq!(c.len(), 3);
    }

    #[test]
    fn sub_takes_off_and_deletes_at_zero() {
        let mut c = CounterSet::default();
        c.set(Kind(3), 5);
        c.set(Kind(4), 1);
        assert_eq!(c.sub(Kind(3), 2), 5);
        assert_eq!(c.get(Kind(3)), 3);
        assert_eq!(c.sub(Kind(4), 1), 1);
        assert_eq!(c.len(), 1);
        assert_eq!(c.sub(Kind(9), 0), 0);
        c.set(Kind(5), 2);
        assert_eq!(c.sub(Kind(5), 7), 2, "more than there are takes them all");
        assert_eq!(c.get(Kind(5)), 0);
        assert_eq!(c.len(), 1);
    }

    #[test]
    fn spills_beyond_inline_capacity() {
        let mut c = CounterSet::default();
        for k in 0..10 {
            c.set(Kind(k), k as u64 + 1);
        }
        assert_eq!(c.len(), 10);
        assert_eq!(c.get(Kind(9)), 10);
    }
}
