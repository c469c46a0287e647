//! The incremental hash of the rules-relevant state: the features of each entity, XORed,
//! and the hash of the effect lists.

use super::{EffectKinds, Entity, Game};
use crate::hash::{combine, feature, mix};

/// Hash change when a count (or a usually-zero value, see `nonzero_feature`) goes from `old` to
/// `new`. A value of 0 is no feature at all, so "never had" and "had, then removed" hash alike.
#[inline]
pub(crate) fn counter_delta(name_hash: u64, id: u32, old: u64, new: u64) -> u64 {
    let base = crate::hash::feature_base(name_hash, id);
    let f = |v: u64| {
        if v == 0 {
            0
        } else {
            crate::hash::feature_at(base, v)
        }
    };
    f(old) ^ f(new)
}

// Hash tags of the entity features.
pub(super) const TAG_PLACE: u64 = 0x1;
pub(super) const TAG_CHARS: u64 = 0x2;
pub(super) const TAG_DAMAGE: u64 = 0x3;
pub(super) const TAG_DEATHTOUCH: u64 = 0x4;
pub(super) const TAG_LIFE: u64 = 0x5;
pub(super) const TAG_PRINTED: u64 = 0x6;

/// The feature of a value that is usually 0 (marked damage, deathtouch, an object's life,
/// counts): none for 0, so a new object's features cost three mixes fewer (SBAs create objects
/// by the dozen), and "never had" and "had, then removed" hash alike.
#[inline]
pub(super) fn nonzero_feature(tag: u64, id: u32, value: u64) -> u64 {
    counter_delta(tag, id, 0, value)
}

impl Game {
    /// 64-bit hash of the rules-relevant state; O(1).
    #[inline]
    pub fn hash(&self) -> u64 {
        mix(self.hash_unmixed())
    }

    /// `hash` before its final mix: two states' values are equal exactly when their hashes
    /// are (the mix is a bijection), a few instructions fewer for a caller that only compares
    /// them with one it kept.
    #[inline]
    pub fn hash_unmixed(&self) -> u64 {
        self.entity_hash
            ^ self.effects_hash
            ^ ((self.ruleset as u64) << 56
                | (self.active_player as u64) << 8
                | self.num_players as u64)
    }

    /// The features of everything but the counters, given the characteristics hash (which
    /// `spawn` takes from the card's cache instead of recomputing it).
    pub(super) fn scalar_features(
        id: u32,
        e: &Entity,
        chars_hash: u64,
        printed_hash: Option<u64>,
    ) -> u64 {
        let h = feature(TAG_PLACE, id, e.place_hash())
            ^ feature(TAG_CHARS, id, chars_hash)
            ^ nonzero_feature(TAG_DAMAGE, id, e.damage)
            ^ nonzero_feature(TAG_DEATHTOUCH, id, e.deathtouched as u64)
            ^ nonzero_feature(TAG_LIFE, id, e.life as u64);
        printed_hash.map_or(h, |p| h ^ feature(TAG_PRINTED, id, p))
    }

    fn entity_features(&self, id: u32, e: &Entity) -> u64 {
        let printed = (!e.is_player).then(|| self.printed(e).hash);
        let mut h = Self::scalar_features(id, e, e.chars_hash(&self.subtype_names), printed);
        for (k, n) in e.counters.iter() {
            h ^= feature(self.kinds.name_hash(k), id, n);
        }
        h
    }

    pub(crate) fn compute_entity_hash(&self) -> u64 {
        self.entities
            .iter()
            .enumerate()
            .fold(0, |h, (i, e)| h ^ self.entity_features(i as u32, e))
    }

    pub(crate) fn compute_effects_hash(&self) -> u64 {
        let mut h = 0x5eed;
        for &r in &self.regenerations {
            h = combine(h, 4);
            h = combine(h, r as u64);
        }
        if self.next_effect_id > 0 {
            h = self.replacement_hash(h);
        }
        if self.next_continuous_id > 0 {
            h = self.continuous_hash(h);
        }
        for m in &self.cost_modifiers {
            h = combine(h, 3);
            h = combine(h, m.amount as u64);
            h = combine(h, m.card.map_or(u64::MAX, |a| a as u64));
            h = combine(h, m.source.map_or(u64::MAX, |a| a as u64));
            h = combine(h, m.types.0 as u64);
            h = combine(h, m.controller.map_or(u64::MAX, |a| a as u64));
            for &s in &m.subtypes {
                h = combine(h, self.subtype_names.hash(s));
            }
        }
        h
    }

    /// The hash computed from scratch (tests check it equals the incremental one).
    pub fn recompute_hash(&self) -> u64 {
        mix(self.compute_entity_hash()
            ^ self.compute_effects_hash()
            ^ ((self.ruleset as u64) << 56
                | (self.active_player as u64) << 8
                | self.num_players as u64))
    }

    pub(crate) fn effects_changed(&mut self) {
        self.effects_hash = self.compute_effects_hash();
        self.effect_kinds = EffectKinds::of(&self.replacements);
    }
}
