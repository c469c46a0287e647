//! Determinization (docs/DUEL.md, "Resampling"): a copy of the duel in which everything one
//! player can't see is dealt again, reading only the sizes of the hidden zones, never their
//! cards. What the opponent's hidden cards are dealt from is either the cards its deck list has
//! left unseen (a constructed game: both lists are known) or a [`Prior`], a weight for each card
//! of the pool (Limited: the opponent's 40 cards are unknown; the prior says which cards its deck
//! may hold and how often).

use std::sync::Arc;

use smallvec::SmallVec;

use crate::cards::{CardId, Pool};
use crate::duel::{Duel, DuelError, Op};
use crate::rng::SplitMix;

/// A player's belief about the cards of the opponent's deck: a weight for each card of the
/// pool. A resample from a prior deals each of the opponent's hidden cards (its hand and
/// library, whose sizes are public) on its own, with probability proportional to the card's
/// weight.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Prior(Arc<PriorWeights>);

#[derive(Debug, PartialEq, Eq, Hash)]
struct PriorWeights {
    /// The weight of each card of the pool, by card id.
    weights: Box<[u32]>,
    /// Running sums of `weights` (the card dealt for a draw `r` is the first whose sum exceeds
    /// `r`); the last one, the total, is below 2^32.
    sums: Box<[u32]>,
}

impl Prior {
    /// A prior over `pool` from a weight for each of its cards, by card id. Refused: another
    /// length than the pool's, weights adding up to zero (no card could be dealt) or to 2^32
    /// or more.
    pub fn new(pool: Pool, weights: &[u32]) -> Result<Prior, DuelError> {
        if weights.len() != pool.len() {
            return Err(DuelError(format!(
                "a prior has a weight for each of the pool's {} cards, not {}",
                pool.len(),
                weights.len()
            )));
        }
        let mut total = 0u32;
        let mut sums = Vec::with_capacity(weights.len());
        for &w in weights {
            total = total.checked_add(w).ok_or_else(|| {
                DuelError("a prior's weights add up to more than 4294967295".into())
            })?;
            sums.push(total);
        }
        if total == 0 {
            return Err(DuelError(
                "a prior's weights add up to zero: it deals no card".into(),
            ));
        }
        Ok(Prior(Arc::new(PriorWeights {
            weights: weights.into(),
            sums: sums.into(),
        })))
    }

    /// The weight of each card of the pool, by card id.
    pub fn weights(&self) -> &[u32] {
        &self.0.weights
    }

    /// A card dealt from the prior.
    fn deal(&self, rng: &mut SplitMix) -> CardId {
        let sums = &self.0.sums;
        let r = rng.below(sums[sums.len() - 1]);
        sums.partition_point(|&s| s <= r) as CardId
    }
}

impl Duel {
    /// A copy in which everything p can't see is dealt again from `seed` (determinization):
    /// p's library is shuffled, and the opponent's hand and library are dealt again from the
    /// cards p can't tell apart (the opponent's deck list minus what p has seen leave those
    /// zones). The true hidden cards are never read; only the zones' sizes are.
    pub fn resample(&self, p: usize, seed: u64) -> Duel {
        let mut d = self.clone();
        d.deal_again(p, seed, None);
        d
    }

    /// `resample`, the opponent's hidden cards dealt from `prior` instead of from its deck
    /// list (which p may not know).
    pub fn resample_from(&self, p: usize, seed: u64, prior: &Prior) -> Duel {
        let mut d = self.clone();
        d.deal_again(p, seed, Some(prior));
        d
    }

    /// `resample` into `out`, reusing its buffers (search resamples once per determinization).
    pub fn resample_into(&self, p: usize, seed: u64, out: &mut Duel) {
        out.clone_from(self);
        out.deal_again(p, seed, None);
    }

    /// `resample_from` into `out`, reusing its buffers.
    pub fn resample_from_into(&self, p: usize, seed: u64, prior: &Prior, out: &mut Duel) {
        out.clone_from(self);
        out.deal_again(p, seed, Some(prior));
    }

    /// Deals again what `p` can't see and records it in the log, so bytes replay it (a prior
    /// once in the record's list, the log naming it by its place there: the log stays a list
    /// of small values).
    pub(crate) fn deal_again(&mut self, p: usize, seed: u64, prior: Option<&Prior>) {
        self.redeal(p, seed, prior);
        let player = p as u8;
        let Some(prior) = prior else {
            self.record.log.push(Op::Resample { player, seed });
            return;
        };
        let priors = &mut self.record.priors;
        let index = match priors.iter().position(|q| Arc::ptr_eq(&q.0, &prior.0)) {
            Some(i) => i,
            None => {
                priors.push(prior.clone());
                priors.len() - 1
            }
        };
        self.record.log.push(Op::ResampleFrom {
            player,
            seed,
            prior: index as u32,
        });
    }

    /// Deals again, in place, what `p` can't see, without recording it in the log (bytes of
    /// the result don't replay it; `resample` and `resample_into` record it).
    pub fn resample_in_place(&mut self, p: usize, seed: u64) {
        self.redeal(p, seed, None);
    }

    /// Deals again, in place, what `p` can't see, from the opponent's unseen cards or from a
    /// prior. It works in the zones' own buffers: once they have grown to the sizes dealt, it
    /// allocates nothing.
    pub(crate) fn redeal(&mut self, p: usize, seed: u64, prior: Option<&Prior>) {
        self.cache.memo_fresh = false;
        self.cache.changes += 1;
        let mut rng = SplitMix::new(seed ^ 0xd1b5_4a32_d192_ed03);
        // Later random choices of the copy are not the true game's either.
        self.state.rng = SplitMix::new(rng.next_u64());
        // p's own library: p knows its contents (its unseen cards minus its hand), not their
        // order, except the cards it put on the bottom itself (103.5), which stay there in
        // their order; the rest is dealt above them.
        let s = &mut self.state.sides[p];
        let len = s.library.len();
        let bottom = (s.bottom as usize).min(len);
        debug_assert!(
            s.hand.windows(2).all(|w| w[0] <= w[1]),
            "the hand is sorted"
        );
        s.library.truncate(bottom);
        if bottom == 0 {
            deal_unseen(&s.unseen, s.hand.iter().copied(), &mut s.library.0);
        } else {
            let mut held: SmallVec<[CardId; 16]> = SmallVec::new();
            held.extend_from_slice(&s.hand);
            held.extend_from_slice(&s.library[..bottom]);
            held.sort_unstable();
            deal_unseen(&s.unseen, held.into_iter(), &mut s.library.0);
        }
        fit(&mut s.library, bottom, len);
        rng.shuffle(&mut s.library[bottom..]);
        // The opponent's hand and library: all dealt into the library's buffer, and the cards
        // past the library's size form the hand.
        // The cards of its hand p saw revealed (701.20a) stay there; the rest is dealt.
        let o = &mut self.state.sides[1 - p];
        let (h, l) = (o.hand.len(), o.library.len());
        let known = o.revealed.len().min(h);
        o.library.clear();
        match prior {
            // From the cards p can't tell apart, shuffled.
            None => {
                deal_unseen(&o.unseen, o.revealed.iter().copied(), &mut o.library.0);
                fit(&mut o.library, 0, h - known + l);
                rng.shuffle(&mut o.library);
            }
            // Each card from the prior; what the opponent's hand and library could hold is then
            // what was dealt (its deck list, in this copy, is what was dealt and what was seen).
            Some(prior) => {
                for _ in 0..h - known + l {
                    o.library.push(prior.deal(&mut rng));
                }
                o.unseen.iter_mut().for_each(|k| *k = 0);
                for &c in o.library.iter().chain(&o.revealed[..known]) {
                    let k = &mut o.unseen[c as usize];
                    *k = k.saturating_add(1);
                }
            }
        }
        o.hand.clear();
        o.hand.extend_from_slice(&o.library[l..]);
        o.hand.extend_from_slice(&o.revealed[..known]);
        o.hand.sort_unstable();
        o.library.truncate(l);
        self.cache.hand_changes[1 - p] = self.cache.hand_changes[1 - p].wrapping_add(1);
        // The hands changed outside `run`.
        self.refresh_priority_memo();
    }
}

/// Appends to `out` the cards of `unseen` (a count per card) less those of `held` (ascending),
/// in ascending order.
fn deal_unseen(
    unseen: &[u8],
    held: impl Iterator<Item = CardId>,
    out: &mut SmallVec<[CardId; 48]>,
) {
    let mut held = held.peekable();
    for (c, &k) in unseen.iter().enumerate() {
        let mut n = 0u8;
        while held.next_if(|&h| usize::from(h) < c).is_some() {}
        while held.next_if(|&h| usize::from(h) == c).is_some() {
            n = n.saturating_add(1);
        }
        for _ in 0..k.saturating_sub(n) {
            out.push(c as CardId);
        }
    }
}

/// Makes the multiset dealt after `v[..from]` end `v` at exactly `len` cards (padded with the
/// last card dealt, or card 0, if the counts fall short, truncated if they exceed: the counts
/// match the sizes unless cards entered hidden zones in ways the duel does not follow).
fn fit<A: smallvec::Array<Item = u16>>(v: &mut smallvec::SmallVec<A>, from: usize, len: usize) {
    v.truncate(len);
    let pad = if v.len() > from { v[v.len() - 1] } else { 0 };
    while v.len() < len {
        v.push(pad);
    }
}
