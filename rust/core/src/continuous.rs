//! Continuous effects (CR 611, 613): kernel objects with ids, an optional source (the effect of
//! a permanent's static ability, which ends when it leaves the battlefield, 611.3a), the set of
//! permanents they affect (a filter evaluated continuously, 611.3a, or a set locked in as the
//! effect begins, 611.2c) and a duration. Power, toughness and keyword queries apply them in
//! layer order (613.1f: layer 6; 613.4: layers 7a-7e), in timestamp order within a layer
//! (613.7: creation order). docs/SEMANTICS.md §11 pins the API.

use crate::affected_text::{condition_bits, with_parts};
use crate::error::{overflow, refuse, Error, Reason, Result};
use crate::game::continuous_effect::value_err;
pub use crate::game::{
    Affected, AffectedSpec, Change, Condition, ContinuousEffect, FilterClause, PowerToughness,
    With, CHANGE_NAMES,
};
use crate::game::{Entity, Game};
use crate::hash::combine;
use crate::keywords::Keywords;
use crate::limits::pump_ok;
use crate::zones::Zone;
/// The values of layers 7a-7c and 7e for one object: the base power and toughness if an effect
/// set them (7a, 7b), the sum of the modifications (7c), and whether an odd number of switches
/// applies (7e: switching twice is no switch).
#[derive(Clone, Copy, Debug, Default)]
struct Layer7 {
    base_power: Option<i32>,
    base_toughness: Option<i32>,
    power: i128,
    toughness: i128,
    switched: bool,
}

impl Game {
    /// "You" for an effect: its source's controller, or its own.
    fn continuous_controller(&self, c: &ContinuousEffect) -> Option<u32> {
        match c.source {
            Some(s) => Some(self.entities[s as usize].controller),
            None => c.controller,
        }
    }

    /// Whether `c` affects object `id` (`e`) now: not if it is a static ability's effect
    /// whose source lost all abilities (613.1f).
    pub(crate) fn continuous_applies(&self, c: &ContinuousEffect, id: u32, e: &Entity) -> bool {
        if c.source.is_some_and(|s| self.has_lost_abilities(s)) {
            return false;
        }
        match &c.affected {
            Affected::Fixed(ids) => ids.contains(&id),
            Affected::This => c.source == Some(id),
            Affected::ThisWhile(clauses) => {
                let you = self.continuous_controller(c);
                c.source == Some(id)
                    && (0..self.num_players)
                        .flat_map(|p| self.zone_objects(Zone::Battlefield, p))
                        .any(|&oid| {
                            let o = &self.entities[oid as usize];
                            clauses.iter().any(|k| {
                                !(k.other && oid == id)
                                    && k.clause.matches_object(o, you)
                                    && k.subtype.is_none_or(|s| self.has_subtype_at(oid, o, s))
                            })
                        })
            }
            Affected::Filter(clauses) => self.filter_applies(c, clauses, id, e),
            Affected::ThisIf(condition) => {
                c.source == Some(id) && self.condition_holds(*condition, e, c)
            }
            Affected::FilterIf(condition, clauses) => {
                c.source.is_some_and(|s| {
                    self.condition_holds(*condition, &self.entities[s as usize], c)
                }) && self.filter_applies(c, clauses, id, e)
            }
        }
    }

    /// Whether permanent `id` (`e`) matches one of an effect's filter clauses (611.3a).
    fn filter_applies(
        &self,
        c: &ContinuousEffect,
        clauses: &[FilterClause],
        id: u32,
        e: &Entity,
    ) -> bool {
        if !e.is_permanent() {
            return false;
        }
        let you = self.continuous_controller(c);
        clauses.iter().any(|k| {
            !(k.other && c.source == Some(id))
                && k.clause.matches_object(e, you)
                && k.subtype.is_none_or(|s| self.has_subtype_at(id, e, s))
                && k.with.is_none_or(|w| self.has_quality(id, e, w))
        })
    }

    /// Whether permanent `id` (`e`) has a filter's quality: counters of the kind, or the
    /// keyword through layer 6 (a keyword filter is only on layer-7 effects: no cycle).
    fn has_quality(&self, id: u32, e: &Entity, with: With) -> bool {
        match with {
            With::Counter(kind) => e.counters.get(kind) > 0,
            With::Keyword(k) => self.keywords_at(id, e).intersects(k),
        }
    }

    /// Whether a static ability's condition holds now for its source `e` (611.3a).
    fn condition_holds(&self, condition: Condition, e: &Entity, c: &ContinuousEffect) -> bool {
        match condition {
            Condition::GraveyardAtLeast(n) => self.continuous_controller(c).is_some_and(|you| {
                self.zone_objects(Zone::Graveyard, you).len() as u64 >= n as u64
            }),
            Condition::CountersAtLeast(kind, n) => e.counters.get(kind) >= n as u64,
            Condition::Untapped => !e.tapped,
            // 102.1, 611.3a: whose turn it is, read continuously.
            Condition::YourTurn => self.continuous_controller(c) == Some(self.active_player),
            // 119.1, 611.3a: its controller's life total, read continuously.
            Condition::LifeAtLeast(n) => self
                .continuous_controller(c)
                .and_then(|you| self.entities.get(you as usize))
                .is_some_and(|p| p.life >= i64::from(n)),
        }
    }

    /// The id of an entity of this game's store (the queries that take an `&Entity` need it
    /// only when some continuous effect exists).
    #[cold]
    fn id_of(&self, e: &Entity) -> Option<u32> {
        self.entities.index_of(e).map(|i| i as u32)
    }

    /// Layer 6 (613.1f): `kw` and `toxic` (the object's own, 122.1b counters included) with
    /// every keyword effect that affects object `id`, in timestamp order (613.7).
    pub(crate) fn layer_6(
        &self,
        id: Option<u32>,
        e: &Entity,
        mut kw: Keywords,
        mut toxic: u32,
    ) -> (Keywords, u32) {
        let Some(id) = id else {
            return (kw, toxic);
        };
        for c in &self.continuous {
            // An effect that would change nothing here is not asked whether it applies.
            match c.change {
                Change::AddKeyword(k, 0) if kw.contains(k) => {}
                Change::RemoveKeyword(k)
                    if !kw.intersects(k) && (k != Keywords::TOXIC || toxic == 0) => {}
                Change::AddKeyword(k, n) if self.continuous_applies(c, id, e) => {
                    kw = kw.union(k);
                    // 702.164b: a creature's total toxic value is the sum of its instances.
                    toxic = toxic.saturating_add(n);
                }
                Change::RemoveKeyword(k) if self.continuous_applies(c, id, e) => {
                    kw = kw.without(k);
                    if k == Keywords::TOXIC {
                        toxic = 0;
                    }
                }
                // 613.1f: every keyword it has now is lost; those granted later stay.
                Change::LoseAllAbilities if self.continuous_applies(c, id, e) => {
                    kw = Keywords::EMPTY;
                    toxic = 0;
                }
                _ => {}
            }
        }
        (kw, toxic)
    }

    /// Layers 7a-7c and 7e (613.4) for object `id`: 7a then 7b (the latest timestamp wins), the
    /// 7c modifications summed (their order doesn't change the sum), the 7e switches counted.
    fn layer_7(&self, id: Option<u32>, e: &Entity) -> Layer7 {
        let mut out = Layer7::default();
        let Some(id) = id else {
            return out;
        };
        let mut defined = None;
        let mut set = None;
        for c in &self.continuous {
            let pt = match c.change {
                Change::DefinePowerToughness(..)
                | Change::SetBasePowerToughness(..)
                | Change::ModifyPowerToughness(..)
                | Change::SwitchPowerToughness => c.change,
                _ => continue,
            };
            if !self.continuous_applies(c, id, e) {
                continue;
            }
            match pt {
                Change::DefinePowerToughness(p, t) => defined = Some((p, t)),
                Change::SetBasePowerToughness(p, t) => set = Some((p, t)),
                Change::ModifyPowerToughness(p, t) => {
                    out.power += p as i128;
                    out.toughness += t as i128;
                }
                Change::SwitchPowerToughness => out.switched = !out.switched,
                _ => {}
            }
        }
        if let Some((p, t)) = set.or(defined) {
            out.base_power = Some(p);
            out.base_toughness = Some(t);
        }
        out
    }

    /// Power and toughness through layer 7d (the counters), and whether 7e switches them.
    fn layered_unswitched(&self, id: Option<u32>, e: &Entity) -> (PowerToughness, bool) {
        let l = self.layer_7(id, e);
        let pt = self.pt_pair(
            e,
            (l.base_power.or(e.power), l.base_toughness.or(e.toughness)),
            (
                e.pump_power as i128 + l.power,
                e.pump_toughness as i128 + l.toughness,
            ),
        );
        (pt, l.switched)
    }

    /// Power and toughness with the continuous effects (the queries' slow path): one walk
    /// over the effects and one over the counters for both; 7e switches them last (613.4e),
    /// a creature with both values.
    #[cold]
    pub(crate) fn layered_power_toughness(&self, id: Option<u32>, e: &Entity) -> PowerToughness {
        match self.layered_unswitched(id, e) {
            ((Some(p), Some(t)), true) => (Some(t), Some(p)),
            (pt, _) => pt,
        }
    }

    /// Power with the continuous effects (the query's slow path).
    #[cold]
    pub(crate) fn layered_power(&self, id: Option<u32>, e: &Entity) -> Option<i128> {
        self.layered_power_toughness(id, e).0
    }

    /// Toughness with the continuous effects (the query's slow path).
    #[cold]
    pub(crate) fn layered_toughness(&self, id: Option<u32>, e: &Entity) -> Option<i128> {
        self.layered_power_toughness(id, e).1
    }

    /// The entity's id when the layers need it (some effect exists), else `None`.
    #[inline]
    pub(crate) fn id_for_layers(&self, e: &Entity) -> Option<u32> {
        if self.continuous.is_empty() {
            None
        } else {
            self.id_of(e)
        }
    }

    /// Power of object `id` (`e`), continuous effects applied.
    #[inline]
    pub fn power_at(&self, id: u32, e: &Entity) -> Option<i128> {
        if self.continuous.is_empty() {
            return self.power_of(e);
        }
        self.layered_power(Some(id), e)
    }

    /// Toughness of object `id` (`e`), continuous effects applied.
    #[inline]
    pub fn toughness_at(&self, id: u32, e: &Entity) -> Option<i128> {
        if self.continuous.is_empty() {
            return self.toughness_of(e);
        }
        self.layered_toughness(Some(id), e)
    }

    /// Power and toughness of object `id` (`e`), continuous effects applied: one pass for
    /// both (what a reader of both should call).
    #[inline]
    pub fn power_toughness_at(&self, id: u32, e: &Entity) -> PowerToughness {
        if self.continuous.is_empty() {
            return (self.power_of(e), self.toughness_of(e));
        }
        self.layered_power_toughness(Some(id), e)
    }

    /// Keywords of object `id` (`e`), continuous effects applied.
    #[inline]
    pub fn keywords_at(&self, id: u32, e: &Entity) -> Keywords {
        let kw = self.own_keywords(e);
        if self.continuous.is_empty() {
            return kw;
        }
        self.layer_6(Some(id), e, kw, e.toxic).0
    }

    /// The total toxic value (702.164b) of `e`, continuous effects applied.
    pub fn toxic_of(&self, e: &Entity) -> u32 {
        if self.continuous.is_empty() {
            return e.toxic;
        }
        let id = self.id_of(e);
        self.layer_6(id, e, self.own_keywords(e), e.toxic).1
    }

    /// The total toxic value (702.164b) of object `id` (`e`), continuous effects applied.
    #[inline]
    pub fn toxic_at(&self, id: u32, e: &Entity) -> u32 {
        if self.continuous.is_empty() {
            return e.toxic;
        }
        self.layer_6(Some(id), e, self.own_keywords(e), e.toxic).1
    }

    /// Records an object that is leaving the battlefield as it last existed (113.7a, 704.8):
    /// the values the effects gave it are written into its record (its last known
    /// information), which no effect affects afterwards. Called before its effects end.
    pub(crate) fn remember_layered(&mut self, id: u32) {
        let e = &self.entities[id as usize];
        if e.is_player
            || !self
                .continuous
                .iter()
                .any(|c| self.continuous_applies(c, id, e))
        {
            return;
        }
        let (kw, toxic) = self.layer_6(Some(id), e, e.keywords.union(e.keywords_eot), e.toxic);
        let subtypes = self.subtypes_at(id, e);
        let l = self.layer_7(Some(id), e);
        let clamp = |v: i128| -> i64 {
            let limit = crate::limits::PUMP_LIMIT as i128 - 1;
            v.clamp(-limit, limit) as i64
        };
        let (mut pp, mut pt) = (
            clamp(e.pump_power as i128 + l.power),
            clamp(e.pump_toughness as i128 + l.toughness),
        );
        if let ((Some(p), Some(t)), true) = self.layered_unswitched(Some(id), e) {
            // 7e: the record holds the switched values; what it reads is base + pump +
            // counters, so the pumps take the difference.
            let (bp, bt) = (
                l.base_power.or(e.power).unwrap_or(0) as i128,
                l.base_toughness.or(e.toughness).unwrap_or(0) as i128,
            );
            let (cp, ct) = self.counters_pt(e);
            pp = clamp(t - bp - cp);
            pt = clamp(p - bt - ct);
        }
        debug_assert!(pump_ok(pp) && pump_ok(pt));
        self.update_chars(id, |e| {
            e.keywords = kw;
            e.subtypes = subtypes;
            e.keywords_eot = Keywords::EMPTY;
            e.toxic = toxic;
            if l.base_power.is_some() {
                e.power = l.base_power;
                e.toughness = l.base_toughness;
            }
            e.pump_power = pp;
            e.pump_toughness = pt;
        });
    }

    /// Ends what refers to object `id`, which is leaving its zone: the effects of its static
    /// abilities (611.3a); it leaves the locked-in sets (an emptied one ends). Returns whether
    /// anything changed.
    pub(crate) fn end_continuous_for(&mut self, id: u32) -> bool {
        let before = self.continuous.len();
        let mut changed = false;
        self.continuous.retain_mut(|c| {
            if c.source == Some(id) {
                return false;
            }
            if let Affected::Fixed(ids) = &mut c.affected {
                if let Some(at) = ids.iter().position(|&x| x == id) {
                    ids.remove(at);
                    changed = true;
                    return !ids.is_empty();
                }
            }
            true
        });
        changed || before != self.continuous.len()
    }

    /// Adds a continuous effect (docs/SEMANTICS.md §11); returns its id.
    #[allow(clippy::too_many_arguments)]
    pub fn add_continuous_effect(
        &mut self,
        effect: &str,
        affected: AffectedSpec<'_>,
        source: Option<u32>,
        controller: Option<u32>,
        keyword: Option<&str>,
        value: Option<u64>,
        power: Option<i64>,
        toughness: Option<i64>,
        until_end_of_turn: bool,
    ) -> Result<u32> {
        self.add_continuous_effect_with_subtype(
            effect,
            affected,
            source,
            controller,
            (keyword, value, power, toughness),
            None,
            until_end_of_turn,
        )
    }

    /// [`Game::add_continuous_effect`] with a `subtype` argument too (`"add_subtype"`'s, 613.1d:
    /// "it's a Knight in addition to its other types").
    #[allow(clippy::too_many_arguments)]
    pub fn add_continuous_effect_with_subtype(
        &mut self,
        effect: &str,
        affected: AffectedSpec<'_>,
        source: Option<u32>,
        controller: Option<u32>,
        (keyword, value, power, toughness): (Option<&str>, Option<u64>, Option<i64>, Option<i64>),
        subtype: Option<&str>,
        until_end_of_turn: bool,
    ) -> Result<u32> {
        // The ids (source, controller, the affected objects), then the rules.
        if let Some(s) = source {
            self.live_object(s)?;
        }
        if let Some(p) = controller {
            self.player(p)?;
        }
        if let AffectedSpec::Ids(ids) = affected {
            for (i, &x) in ids.iter().enumerate() {
                self.permanent(x, "a continuous effect")?;
                if ids[..i].contains(&x) {
                    return refuse(
                        Reason::Duplicate,
                        format!("{x} is given twice in affected="),
                    );
                }
            }
        }
        // 613.1d: the subtype is interned only once the effect is added (a refused call
        // changes nothing); a placeholder id until then.
        let adds_subtype = effect == CHANGE_NAMES[6];
        let layer_4 = adds_subtype || effect == CHANGE_NAMES[7] || effect == CHANGE_NAMES[9];
        let mut change = if adds_subtype {
            if keyword.is_some() || value.is_some() || power.is_some() || toughness.is_some() {
                return value_err("add_subtype takes no keyword, value, power or toughness");
            }
            match subtype {
                None => return value_err("add_subtype needs a subtype="),
                Some("") => return value_err("a subtype must be a non-empty name"),
                Some(name) => crate::limits::check_name_length(name, "a subtype")?,
            }
            Change::AddSubtype(crate::names::Subtype(0))
        } else {
            let change = Change::parse(effect, keyword, value, power, toughness)?;
            if subtype.is_some() {
                return value_err(format!("{effect} takes no subtype"));
            }
            change
        };
        if let Some(s) = source {
            let e = &self.entities[s as usize];
            if e.zone != Zone::Battlefield {
                return refuse(
                    Reason::NotOnBattlefield,
                    format!(
                        "an effect's source must be on the battlefield; {s} is in the {}",
                        e.zone.as_str()
                    ),
                );
            }
        }
        if source.is_some() && controller.is_some() {
            return value_err(
                "give at most one of source= and controller= (the source's controller is \"you\")",
            );
        }
        if change == Change::LoseAllAbilities && !matches!(affected, AffectedSpec::Ids(_)) {
            return value_err("lose_all_abilities affects a locked-in set of ids (611.2c)");
        }
        let affected = match affected {
            AffectedSpec::Ids([]) => {
                return value_err("an effect must affect something: give affected=")
            }
            AffectedSpec::Ids(ids) => Affected::Fixed(ids.to_vec()),
            AffectedSpec::Texts(texts) => self.parse_affected(texts, source, controller)?,
        };
        // 613.8: a keyword filter decides where a layer-7 effect applies; a layer-6 effect
        // reading the keywords it changes would depend on itself.
        if change.keyword().is_some() {
            if let Affected::Filter(clauses) | Affected::FilterIf(_, clauses) = &affected {
                if clauses
                    .iter()
                    .any(|k| matches!(k.with, Some(With::Keyword(_))))
                {
                    return value_err(
                        "a filter \"with <keyword>\" is only for power and toughness effects",
                    );
                }
            }
        }
        // 613.8: a layer-4 effect's filter reads no subtypes (they are what it changes).
        if layer_4 {
            if let Affected::Filter(clauses)
            | Affected::ThisWhile(clauses)
            | Affected::FilterIf(_, clauses) = &affected
            {
                if clauses.iter().any(|k| k.subtype.is_some()) {
                    return value_err(format!("an {effect} effect's filter names no subtype"));
                }
            }
        }
        let id = self.next_continuous_id;
        if id == u32::MAX {
            return overflow("the continuous effect ids");
        }
        if let (true, Some(name)) = (adds_subtype, subtype) {
            change = Change::AddSubtype(self.intern_subtypes(&[name])[0]);
        }
        self.next_continuous_id += 1;
        self.continuous.push(ContinuousEffect {
            id,
            change,
            affected,
            source,
            controller,
            until_end_of_turn,
        });
        self.effects_changed();
        Ok(id)
    }

    /// Ends the continuous effect with that id (`UnknownId` if there is none).
    pub fn end_continuous_effect(&mut self, id: u32) -> Result<()> {
        let Some(at) = self.continuous.iter().position(|c| c.id == id) else {
            return Err(Error::UnknownId(id as i128));
        };
        self.continuous.remove(at);
        self.effects_changed();
        Ok(())
    }

    /// The continuous effects in timestamp order.
    pub fn continuous_effects(&self) -> &[ContinuousEffect] {
        &self.continuous
    }

    /// Whether any continuous effect exists (the queries' fast path is the empty case).
    #[inline]
    pub fn has_continuous_effects(&self) -> bool {
        !self.continuous.is_empty()
    }

    /// The "until end of turn" effects end (514.2); whether any did.
    pub(crate) fn end_continuous_at_cleanup(&mut self) -> bool {
        let before = self.continuous.len();
        self.continuous.retain(|c| !c.until_end_of_turn);
        before != self.continuous.len()
    }

    /// The continuous effects' part of the effects hash.
    pub(crate) fn continuous_hash(&self, mut h: u64) -> u64 {
        h = combine(h, 6);
        h = combine(h, self.next_continuous_id as u64);
        for c in &self.continuous {
            h = combine(h, c.id as u64 | (c.change.code() as u64) << 32);
            let (k, n) = match c.change {
                Change::AddKeyword(k, n) => (k.0, n),
                Change::RemoveKeyword(k) => (k.0, 0),
                _ => (0, 0),
            };
            h = combine(h, k as u64 | (n as u64) << 32);
            let (p, t) = c.change.power_toughness().unwrap_or((0, 0));
            h = combine(h, p as u32 as u64 | (t as u32 as u64) << 32);
            if let Change::AddSubtype(s) = c.change {
                // By name: subtype ids are per table.
                h = combine(h, self.subtype_names.hash(s));
            }
            h = combine(h, c.source.map_or(u64::MAX, |s| s as u64));
            h = combine(h, c.controller.map_or(u64::MAX, |s| s as u64));
            h = combine(h, c.until_end_of_turn as u64);
            match &c.affected {
                Affected::This => h = combine(h, 1 << 50),
                Affected::Fixed(ids) => {
                    h = combine(h, 2 << 50 | ids.len() as u64);
                    for &x in ids {
                        h = combine(h, x as u64);
                    }
                }
                Affected::ThisIf(condition) => h = combine(h, 5 << 50 | condition_bits(*condition)),
                Affected::Filter(clauses)
                | Affected::ThisWhile(clauses)
                | Affected::FilterIf(_, clauses) => {
                    let tag = match c.affected {
                        Affected::Filter(_) => 3,
                        Affected::FilterIf(condition, _) => {
                            h = combine(h, 6 << 50 | condition_bits(condition));
                            6
                        }
                        _ => 4,
                    };
                    h = combine(h, tag << 50 | clauses.len() as u64);
                    for k in clauses {
                        h = combine(
                            h,
                            (k.clause.types.0 as u64) << 8
                                | (k.clause.scope as u64) << 24
                                | (k.other as u64) << 32,
                        );
                        // By name: subtype ids are per table.
                        h = combine(h, k.subtype.map_or(0, |s| self.subtype_names.hash(s)));
                        if let Some(w) = k.with {
                            let (tag, code) = with_parts(w);
                            h = combine(h, (tag as u64) << 32 | code as u64);
                        }
                    }
                }
            }
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::CardSpec;
    use crate::Ruleset;

    fn creature(g: &mut Game, controller: u32, p: i64, t: i64, kw: &[&str]) -> u32 {
        let spec = CardSpec {
            types: vec!["creature".into()],
            power: Some(p),
            toughness: Some(t),
            keywords: kw.iter().map(|k| (k.to_string(), 1)).collect(),
            ..CardSpec::default()
        };
        g.create(controller, Zone::Battlefield, &spec).unwrap()
    }

    fn texts(t: &str) -> Vec<String> {
        vec![t.to_string()]
    }

    #[test]
    fn rule_611_3a_613_4c_an_anthem_ends_when_its_source_leaves() {
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let lord = creature(&mut g, 0, 1, 1, &[]);
        let x = creature(&mut g, 0, 2, 2, &[]);
        let t = texts("other creatures you control");
        g.add_continuous_effect(
            "modify_power_toughness",
            AffectedSpec::Texts(&t),
            Some(lord),
            None,
            None,
            None,
            Some(1),
            Some(1),
            false,
        )
        .unwrap();
        assert_eq!(g.power(x).unwrap(), Some(3));
        assert_eq!(g.power(lord).unwrap(), Some(1));
        // `power_of` finds the entity's id by its place in the store.
        assert_eq!(g.power_of(g.entity(x).unwrap()), Some(3));
        assert_eq!(g.hash(), g.recompute_hash());
        g.move_to(lord, Zone::Graveyard).unwrap();
        assert_eq!(g.toughness(x).unwrap(), Some(2));
        assert!(g.continuous_effects().is_empty());
        assert_eq!(g.hash(), g.recompute_hash());
    }

    #[test]
    fn rule_613_1f_702_164b_keyword_effects_that_change_nothing_and_those_that_do() {
        // An effect adding a keyword the object has, or removing one it lacks, changes
        // nothing; one adding toxic N adds N even to a toxic creature (702.164b: the sum of
        // its instances); removing toxic leaves no toxic value.
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let flyer = creature(&mut g, 0, 1, 1, &["flying"]);
        let spec = CardSpec {
            types: vec!["creature".into()],
            power: Some(1),
            toughness: Some(1),
            keywords: vec![("toxic".into(), 2)],
            ..CardSpec::default()
        };
        let toxic = g.create(0, Zone::Battlefield, &spec).unwrap();
        let t = texts("creatures you control");
        let add = |g: &mut Game, effect: &str, keyword: &str, value: Option<u64>| {
            g.add_continuous_effect(
                effect,
                AffectedSpec::Texts(&t),
                Some(flyer),
                None,
                Some(keyword),
                value,
                None,
                None,
                false,
            )
            .unwrap()
        };
        add(&mut g, "add_keyword", "flying", None);
        add(&mut g, "remove_keyword", "infect", None);
        let at = |g: &Game, id: u32| g.keywords_at(id, g.entity(id).unwrap());
        let of = |g: &Game, id: u32| g.keywords_of(g.entity(id).unwrap());
        assert_eq!(at(&g, flyer), Keywords::FLYING);
        assert_eq!(at(&g, toxic), Keywords::FLYING.union(Keywords::TOXIC));
        assert_eq!(g.toxic(toxic).unwrap(), 2);
        add(&mut g, "add_keyword", "toxic", Some(1));
        assert_eq!(g.toxic(toxic).unwrap(), 3);
        assert_eq!(g.toxic(flyer).unwrap(), 1);
        assert_eq!(g.toxic_of(g.entity(toxic).unwrap()), 3);
        add(&mut g, "remove_keyword", "toxic", None);
        assert_eq!(g.toxic(toxic).unwrap(), 0);
        assert_eq!(at(&g, toxic), Keywords::FLYING);
        for id in [flyer, toxic] {
            // The reads by id and by entity agree.
            assert_eq!(at(&g, id), of(&g, id));
            assert_eq!(g.toxic(id).unwrap(), g.toxic_of(g.entity(id).unwrap()));
        }
    }

    #[test]
    fn rule_205_3_a_subtype_filter_is_state_compared_by_name() {
        // "Zombie creatures you control": the same effect in two games whose subtype tables
        // give "Zombie" different ids is equal, hashes alike and round-trips (version 5).
        let add = |g: &mut Game, source: u32, text: &str| {
            let t = texts(text);
            g.add_continuous_effect(
                "modify_power_toughness",
                AffectedSpec::Texts(&t),
                Some(source),
                None,
                None,
                None,
                Some(1),
                Some(1),
                false,
            )
            .unwrap()
        };
        let mut games = Vec::new();
        for first in ["Goblin creatures", "creatures"] {
            let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
            let lord = creature(&mut g, 0, 1, 1, &[]);
            let eid = add(&mut g, lord, first);
            g.end_continuous_effect(eid).unwrap();
            let spec = CardSpec {
                types: vec!["creature".into()],
                subtypes: vec!["Zombie".into()],
                power: Some(2),
                toughness: Some(2),
                ..CardSpec::default()
            };
            let z = g.create(0, Zone::Battlefield, &spec).unwrap();
            let bear = creature(&mut g, 0, 2, 2, &[]);
            add(&mut g, lord, "other Zombie creatures you control");
            assert_eq!(g.power(z).unwrap(), Some(3));
            assert_eq!(g.power(bear).unwrap(), Some(2));
            assert_eq!(g.hash(), g.recompute_hash());
            assert_eq!(Game::from_bytes(&g.to_bytes()).unwrap(), g);
            games.push(g);
        }
        assert_eq!(games[0], games[1]);
        assert_eq!(games[0].hash(), games[1].hash());
        let described = games[1].describe_affected(&games[1].continuous_effects()[0].affected);
        assert_eq!(
            described,
            Some(vec!["other Zombie creatures you control".to_string()])
        );
    }

    #[test]
    fn rule_613_7_layer_6_in_timestamp_order_and_damage_reads_it() {
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let x = creature(&mut g, 1, 2, 2, &["infect"]);
        let ids = [x];
        for (effect, kw) in [("remove_keyword", "infect"), ("add_keyword", "lifelink")] {
            g.add_continuous_effect(
                effect,
                AffectedSpec::Ids(&ids),
                None,
                None,
                Some(kw),
                None,
                None,
                None,
                true,
            )
            .unwrap();
        }
        g.deal_damage(x, 0, 2, false, true).unwrap();
        assert_eq!(g.life(0).unwrap(), 18);
        assert_eq!(g.life(1).unwrap(), 22);
        g.cleanup();
        g.deal_damage(x, 0, 1, false, true).unwrap();
        assert_eq!(g.count_by_name(0, "poison").unwrap(), 1);
    }

    #[test]
    fn rule_113_7a_last_known_information_and_the_codec() {
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let x = creature(&mut g, 0, 2, 2, &[]);
        let ids = [x];
        g.add_continuous_effect(
            "set_base_power_toughness",
            AffectedSpec::Ids(&ids),
            None,
            None,
            None,
            None,
            Some(5),
            Some(4),
            true,
        )
        .unwrap();
        let bytes = g.to_bytes();
        assert_eq!(Game::from_bytes(&bytes).unwrap(), g);
        g.move_to(x, Zone::Graveyard).unwrap();
        assert_eq!(g.power(x).unwrap(), Some(5));
        assert_eq!(g.toughness(x).unwrap(), Some(4));
        assert!(g.continuous_effects().is_empty());
        assert_eq!(Game::from_bytes(&g.to_bytes()).unwrap(), g);
        assert_eq!(g.hash(), g.recompute_hash());
    }

    #[test]
    fn rule_613_4e_switching_applies_after_counters_and_round_trips() {
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let x = creature(&mut g, 0, 1, 3, &[]);
        g.add_counters(x, "+1/+1", 1).unwrap();
        let ids = [x];
        let pt = |name: &str, p: Option<i64>, t: Option<i64>, g: &mut Game| {
            g.add_continuous_effect(
                name,
                AffectedSpec::Ids(&ids),
                None,
                None,
                None,
                None,
                p,
                t,
                true,
            )
            .unwrap()
        };
        pt("switch_power_toughness", None, None, &mut g);
        // A 1/3 with a +1/+1 counter switched is 4/2; a later pump applies before the switch.
        assert_eq!(
            (g.power(x).unwrap(), g.toughness(x).unwrap()),
            (Some(4), Some(2))
        );
        pt("modify_power_toughness", Some(3), Some(0), &mut g);
        let e = g.entity(x).unwrap();
        assert_eq!(g.power_toughness_at(x, e), (Some(4), Some(5)));
        assert_eq!(Game::from_bytes(&g.to_bytes()).unwrap(), g);
        assert_eq!(g.hash(), g.recompute_hash());
        assert!(Change::parse("switch_power_toughness", None, None, Some(1), None).is_err());
        g.move_to(x, Zone::Graveyard).unwrap();
        // 113.7a: the record keeps the switched values.
        assert_eq!(
            (g.power(x).unwrap(), g.toughness(x).unwrap()),
            (Some(4), Some(5))
        );
        let y = creature(&mut g, 0, 0, 3, &[]);
        let ids = [y];
        g.add_continuous_effect(
            "switch_power_toughness",
            AffectedSpec::Ids(&ids),
            None,
            None,
            None,
            None,
            None,
            None,
            false,
        )
        .unwrap();
        g.move_to(y, Zone::Exile).unwrap();
        assert_eq!(
            (g.power(y).unwrap(), g.toughness(y).unwrap()),
            (Some(3), Some(0))
        );
        assert_eq!(Game::from_bytes(&g.to_bytes()).unwrap(), g);
    }
}
