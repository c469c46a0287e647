//! A set of legal action ids as a bit set over the duel's fixed action space: the batch keeps
//! one per game to check the caller's actions without asking the duel again.

use cardstate_duel::NUM_ACTIONS;

const WORDS: usize = (NUM_ACTIONS as usize).div_ceil(64);

/// The legal actions of one state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LegalSet([u64; WORDS]);

impl LegalSet {
    /// The set of these action ids (each below `NUM_ACTIONS`).
    pub fn from_ids(ids: &[u32]) -> LegalSet {
        let mut s = LegalSet::default();
        for &a in ids {
            s.0[a as usize / 64] |= 1 << (a % 64);
        }
        s
    }

    /// Whether the set has no action.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; WORDS]
    }

    /// Whether `a` is in the set (an id outside the action space is not).
    pub fn contains(&self, a: u32) -> bool {
        a < NUM_ACTIONS && self.0[a as usize / 64] & (1 << (a % 64)) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_exactly_its_ids() {
        let s = LegalSet::from_ids(&[0, 63, 64, NUM_ACTIONS - 1]);
        for a in 0..NUM_ACTIONS + 70 {
            assert_eq!(
                s.contains(a),
                [0, 63, 64, NUM_ACTIONS - 1].contains(&a),
                "{a}"
            );
        }
        assert!(!s.is_empty());
        assert!(LegalSet::from_ids(&[]).is_empty());
        assert!(!LegalSet::from_ids(&[NUM_ACTIONS - 1]).is_empty());
    }
}
