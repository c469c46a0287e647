//! Reading the state: counts, life, keywords, power and toughness, names and the objects in
//! a zone.

use super::{Entity, Game};
use crate::error::Result;
use crate::keywords::{self, Keywords, Types};
use crate::kinds::{self, Kind, KindRef};
use crate::zones::Zone;

impl Game {
    pub fn count(&self, id: u32, kind: Kind) -> Result<u64> {
        Ok(self.entity(id)?.counters.get(kind))
    }

    pub fn count_by_name<'a>(&self, id: u32, kind: impl Into<KindRef<'a>>) -> Result<u64> {
        let e = self.entity(id)?;
        let kind = match kind.into() {
            KindRef::Kind(k) => Some(k),
            KindRef::Name(name) => {
                Self::check_kind_name(name)?;
                self.lookup_kind(name)
            }
        };
        Ok(kind.map_or(0, |k| e.counters.get(k)))
    }

    pub fn life(&self, p: u32) -> Result<i64> {
        Ok(self.player(p)?.life)
    }

    /// Keywords from printed/granted abilities and keyword counters (122.1b), with the
    /// continuous effects of layer 6 (613.1f).
    #[inline]
    pub fn keywords_of(&self, e: &Entity) -> Keywords {
        let kw = self.own_keywords(e);
        if self.continuous.is_empty() {
            return kw;
        }
        self.layer_6(self.id_for_layers(e), e, kw, e.toxic).0
    }

    /// Keywords from printed/granted abilities and keyword counters (122.1b), before the
    /// continuous effects.
    #[inline]
    pub(crate) fn own_keywords(&self, e: &Entity) -> Keywords {
        let mut kw = e.keywords.union(e.keywords_eot);
        for (k, _) in e.counters.iter() {
            kw = kw.union(self.kinds.info(k).keyword);
        }
        kw
    }

    pub fn has_keyword(&self, id: u32, name: &str) -> Result<bool> {
        let e = self.object(id)?;
        let kw = keywords::keyword(name).ok_or_else(|| keywords::unknown(name))?;
        Ok(self.keywords_at(id, e).intersects(kw))
    }

    /// Power (i128: exact for any count). `None` for a non-creature without printed power.
    /// With the continuous effects of layer 7 (613.4); counters are layer 7d.
    #[inline]
    pub fn power_of(&self, e: &Entity) -> Option<i128> {
        if !self.continuous.is_empty() {
            return self.layered_power(self.id_for_layers(e), e);
        }
        self.pt_of(e, e.power, e.pump_power as i128, |i| i.power)
    }

    #[inline]
    pub fn toughness_of(&self, e: &Entity) -> Option<i128> {
        if !self.continuous.is_empty() {
            return self.layered_toughness(self.id_for_layers(e), e);
        }
        self.pt_of(e, e.toughness, e.pump_toughness as i128, |i| i.toughness)
    }

    /// Power and toughness of `e` together: with continuous effects in play, one lookup of its
    /// id and one walk over the effects and the counters instead of one each.
    #[inline]
    pub fn power_toughness_of(&self, e: &Entity) -> super::PowerToughness {
        if !self.continuous.is_empty() {
            return self.layered_power_toughness(self.id_for_layers(e), e);
        }
        (
            self.pt_of(e, e.power, e.pump_power as i128, |i| i.power),
            self.pt_of(e, e.toughness, e.pump_toughness as i128, |i| i.toughness),
        )
    }

    #[inline]
    pub(crate) fn pt_of(
        &self,
        e: &Entity,
        base: Option<i32>,
        pump: i128,
        per: impl Fn(&kinds::KindInfo) -> i32,
    ) -> Option<i128> {
        let base = match base {
            Some(b) => b,
            None if e.is_creature() => 0,
            None => return None,
        };
        let mut v = base as i128 + pump;
        for (k, n) in e.counters.iter() {
            let d = per(self.kinds.info(k));
            if d != 0 {
                v += d as i128 * n as i128;
            }
        }
        Some(v)
    }

    /// Power and toughness from these bases and pumps plus the P/T counters (122.1a, layer
    /// 7d), in one walk over the counters.
    #[inline]
    pub(crate) fn pt_pair(
        &self,
        e: &Entity,
        (base_p, base_t): (Option<i32>, Option<i32>),
        (pump_p, pump_t): (i128, i128),
    ) -> super::PowerToughness {
        let creature = e.is_creature();
        let start = |b: Option<i32>, pump: i128| match b {
            Some(b) => Some(b as i128 + pump),
            None if creature => Some(pump),
            None => None,
        };
        let (mut p, mut t) = (start(base_p, pump_p), start(base_t, pump_t));
        if p.is_some() || t.is_some() {
            let (cp, ct) = self.counters_pt(e);
            p = p.map(|v| v + cp);
            t = t.map(|v| v + ct);
        }
        (p, t)
    }

    /// What the P/T counters on `e` add to its power and toughness (122.1a).
    #[inline]
    pub(crate) fn counters_pt(&self, e: &Entity) -> (i128, i128) {
        let (mut p, mut t) = (0i128, 0i128);
        for (k, n) in e.counters.iter() {
            let i = self.kinds.info(k);
            if i.power != 0 || i.toughness != 0 {
                p += i.power as i128 * n as i128;
                t += i.toughness as i128 * n as i128;
            }
        }
        (p, t)
    }

    pub fn power(&self, id: u32) -> Result<Option<i128>> {
        let e = self.object(id)?;
        Ok(self.power_at(id, e))
    }

    pub fn toughness(&self, id: u32) -> Result<Option<i128>> {
        let e = self.object(id)?;
        Ok(self.toughness_at(id, e))
    }

    pub fn damage(&self, id: u32) -> Result<u64> {
        Ok(self.object(id)?.damage)
    }

    /// An object's loyalty: the number of loyalty counters on it (306.5b).
    pub fn loyalty(&self, id: u32) -> Result<u64> {
        Ok(self.object(id)?.counters.get(kinds::LOYALTY))
    }

    /// An object's defense: the number of defense counters on it (310.4b).
    pub fn defense(&self, id: u32) -> Result<u64> {
        Ok(self.object(id)?.counters.get(kinds::DEFENSE))
    }

    pub fn types_of(&self, id: u32) -> Result<Types> {
        Ok(self.object(id)?.types)
    }

    // ----- events ----------------------------------------------------------------------------

    /// The objects in a zone, in id order (not those that left it), optionally only those
    /// `controller` controls.
    pub fn objects_in(&self, zone: Zone, controller: Option<u32>) -> Result<Vec<u32>> {
        if let Some(p) = controller {
            self.player(p)?;
            return Ok(self.zone_objects(zone, p).to_vec());
        }
        let mut out: Vec<u32> = (0..self.num_players)
            .flat_map(|p| self.zone_objects(zone, p).iter().copied())
            .collect();
        out.sort_unstable();
        Ok(out)
    }

    /// The objects `controller` has in `zone`, in id order (the order they entered it; empty
    /// for a player out of range): read from the kernel's index of its zones, without a copy.
    #[inline]
    pub fn zone_objects(&self, zone: Zone, controller: u32) -> &[u32] {
        self.zones.list(zone, controller)
    }

    /// How many times a permanent entered or left `controller`'s battlefield, or an emblem its
    /// command zone (114.4: its abilities function there), never part of the state: what a
    /// game layer derived from one player's permanents holds while this count is the same
    /// (players share a count when there are more than four).
    #[inline]
    pub fn battlefield_changes_of(&self, controller: u32) -> u64 {
        self.zones.battlefield_changes(controller)
    }

    /// How many times a card entered or left `controller`'s graveyard (never part of the
    /// state), as `battlefield_changes_of` counts: the same count is the same graveyard.
    #[inline]
    pub fn graveyard_changes_of(&self, controller: u32) -> u64 {
        self.zones.graveyard_changes(controller)
    }

    pub fn is_flying(&self, id: u32) -> Result<bool> {
        let e = self.object(id)?;
        Ok(self.keywords_at(id, e).intersects(Keywords::FLYING))
    }

    /// Subtype names, in order.
    pub fn subtypes(&self, id: u32) -> Result<Vec<&str>> {
        let e = self.object(id)?;
        // 613.1d: through layer 4 (a gone object's record holds what it last had).
        let subtypes = if self.has_continuous_effects() {
            self.subtypes_at(id, e)
        } else {
            e.subtypes.clone()
        };
        Ok(subtypes.iter().map(|&s| self.subtype_name(s)).collect())
    }

    /// The supertypes of an object (205.4; last known information for a gone id).
    pub fn supertypes_of(&self, id: u32) -> Result<crate::keywords::Supertypes> {
        Ok(self.object(id)?.supertypes)
    }

    /// Whether an object is a token (111.1; last known information for a gone id).
    pub fn is_token(&self, id: u32) -> Result<bool> {
        Ok(self.object(id)?.token)
    }

    pub fn name(&self, id: u32) -> Result<&str> {
        let e = self.object(id)?;
        Ok(&self.printed(e).name)
    }

    pub fn toxic(&self, id: u32) -> Result<u32> {
        Ok(self.toxic_at(id, self.object(id)?))
    }
}
