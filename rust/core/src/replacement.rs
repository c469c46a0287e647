//! Replacement effects and "can't" effects (CR 614-616): kernel objects with ids, an optional
//! source, filters on the affected entity and on the event, and a duration. The counter store
//! and the life and damage pipelines consult them; each applies to an event at most once, in
//! the default order of docs/SEMANTICS.md §10 (616.1: creation order unless reordered).

use crate::error::{overflow, refuse, Error, Reason, Result};
use crate::game::{AffectedEntity, AffectsBits, Derived, EffectKinds, Game};
pub use crate::game::{
    Clause, Effect, ReplacementEffect, Scope, EFFECT_NAMES, MAX_EFFECT_AMOUNT, THIS_PERMANENT,
};
use crate::hash::combine;
use crate::kinds::Kind;
use crate::limits::MAX_ORDERED_EFFECTS;
impl Game {
    /// "You" for an effect, computed: its source's controller, or its own.
    fn effect_controller(&self, r: &ReplacementEffect) -> Option<u32> {
        match r.source {
            Some(s) => Some(self.entities[s as usize].controller),
            None => r.controller,
        }
    }

    /// "You" for an effect, as kept with it (debug builds check it against
    /// `effect_controller`).
    #[inline]
    fn you(&self, r: &ReplacementEffect) -> Option<u32> {
        debug_assert_eq!(
            r.you.0,
            self.effect_controller(r),
            "replacement effect {}'s controller",
            r.id
        );
        r.you.0
    }

    /// Sets every effect's "you" (`ReplacementEffect::you`) from its source.
    pub(crate) fn refresh_effect_controllers(&mut self) {
        for i in 0..self.replacements.len() {
            let you = self.effect_controller(&self.replacements[i]);
            self.replacements[i].you = Derived(you);
        }
    }

    /// Whether every effect's "you" is its source's controller (or its own) now.
    #[cfg(test)]
    pub(crate) fn effect_controllers_hold(&self) -> bool {
        self.replacements
            .iter()
            .all(|r| r.you.0 == self.effect_controller(r))
    }

    /// Whether some effect of these kinds is in play (debug builds check the kinds kept
    /// against the list). The list's length first: with no effect in play that is the one
    /// test, a compare with memory (the kinds' test is a load and a test).
    #[inline]
    pub(crate) fn effects_of_kind(&self, kinds: EffectKinds) -> bool {
        debug_assert_eq!(
            self.effect_kinds,
            EffectKinds::of(&self.replacements),
            "the effects' kinds"
        );
        !self.replacements.is_empty() && self.effect_kinds.any(kinds)
    }

    /// What the effects test of entity `id` (`AffectedEntity`).
    #[inline]
    fn affected(&self, id: u32) -> AffectedEntity {
        AffectedEntity::of(id, &self.entities[id as usize])
    }

    /// Whether the effect affects that entity (a player, or a permanent).
    pub(crate) fn affects(&self, r: &ReplacementEffect, id: u32) -> bool {
        self.affects_entity(r, self.affected(id))
    }

    /// `affects` with the entity at hand (`a`), for a loop over the effects. Debug builds
    /// check it against the clauses as written.
    #[inline]
    fn affects_entity(&self, r: &ReplacementEffect, a: AffectedEntity) -> bool {
        // 613.1f: a static ability's effect stops while its source has lost all abilities.
        if r.source.is_some_and(|s| self.has_lost_abilities(s)) {
            return false;
        }
        // "Other creatures you control" (Crystal Barricade): never the effect's own source.
        if r.effect == Effect::PreventNoncombatOther && r.source == Some(a.id) {
            return false;
        }
        let you = self.you(r);
        let out = r.affects(a, you);
        debug_assert_eq!(
            out,
            r.affects_as_written(a.id, &self.entities[a.id as usize], you),
            "replacement effect {}'s affects bits",
            r.id
        );
        out
    }

    /// Whether the effect applies to damage from `source` (an object, in any zone), combat
    /// damage or not (an effect on combat damage only: "prevent all combat damage", Fog; on
    /// noncombat damage only: "prevent all noncombat damage", Crystal Barricade).
    pub(crate) fn applies_to_damage(
        &self,
        r: &ReplacementEffect,
        source: u32,
        combat: bool,
    ) -> bool {
        if r.by.is_some_and(|b| b != source)
            || r.combat && !combat
            || combat && r.effect == Effect::PreventNoncombatOther
        {
            return false;
        }
        if r.sources.is_empty() {
            return true;
        }
        let e = &self.entities[source as usize];
        let you = self.you(r);
        r.sources.iter().any(|c| {
            (c.types.0 == 0 || e.types.intersects(c.types))
                && match c.scope {
                    Scope::Any => true,
                    Scope::You => you == Some(e.controller),
                    Scope::Opponents => you.is_some_and(|y| y != e.controller),
                }
        })
    }

    /// Whether effect `r` would apply to damage from `source` to `recipient` (before any
    /// redirection): a damage effect that affects the recipient and matches the source. The
    /// duel asks the affected player to order those (616.1).
    pub fn applies_to_damage_from(
        &self,
        r: &ReplacementEffect,
        source: u32,
        recipient: u32,
        combat: bool,
    ) -> bool {
        r.effect.on_damage()
            && self.affects(r, recipient)
            && self.applies_to_damage(r, source, combat)
    }

    /// Whether effect `r` is one whose order the affected entity's controller (or the
    /// affected player) chooses (616.1) when damage from `source` would be dealt to
    /// `recipient`: a damage, prevention or redirection effect that would apply to it. Two or
    /// more of them, in the kernel's order (the list's), make the choice (docs/SEMANTICS.md
    /// §10; the duel asks it, docs/DUEL.md).
    pub fn to_order_on_damage(
        &self,
        r: &ReplacementEffect,
        source: u32,
        recipient: u32,
        combat: bool,
    ) -> bool {
        r.effect.orderable() && self.applies_to_damage_from(r, source, recipient, combat)
    }

    /// Whether counter effect `r` applies when counters of `kind` (`None`: a kind no effect
    /// can name yet) would be put on `id` (614.1a): an effect on counters of that kind, or of
    /// every kind, that affects `id`.
    pub fn applies_to_counters(&self, r: &ReplacementEffect, id: u32, kind: Option<Kind>) -> bool {
        self.applies_to_counters_on(r, self.affected(id), kind)
    }

    /// `applies_to_counters` with the entity `id` at hand (`e`).
    #[inline]
    fn applies_to_counters_on(
        &self,
        r: &ReplacementEffect,
        a: AffectedEntity,
        kind: Option<Kind>,
    ) -> bool {
        r.effect.on_counters()
            && (r.counter.is_none() || r.counter == kind)
            && self.affects_entity(r, a)
    }

    /// Whether effect `r` is one whose order the affected entity's controller (or the
    /// affected player) chooses (616.1) when counters of `kind` would be put on `id`: one that
    /// changes how many are put ("that many plus N", "minus N", "N times", "half") and applies.
    /// Two or more of them, in the kernel's order (the list's, the order they apply in), make
    /// the choice.
    pub fn to_order_on_counters(&self, r: &ReplacementEffect, id: u32, kind: Option<Kind>) -> bool {
        r.effect.modifies_counters() && self.applies_to_counters(r, id, kind)
    }

    /// How much damage `source` deals to `recipient` when it would deal `d` (614.1a): every
    /// damage effect that applies, each once, in order (616.1).
    pub(crate) fn damage_to_deal(
        &self,
        source: u32,
        recipient: u32,
        mut d: u64,
        combat: bool,
    ) -> u64 {
        let a = self.affected(recipient);
        for r in &self.replacements {
            if d == 0 {
                break; // all of it prevented: no damage is dealt (120.8)
            }
            if !r.effect.modifies_damage()
                || r.ordered
                || !self.affects_entity(r, a)
                || !self.applies_to_damage(r, source, combat)
            {
                continue;
            }
            d = match r.effect {
                Effect::DamagePlus(k) => d.saturating_add(k),
                Effect::DamageTimes(k) => d.saturating_mul(k),
                _ => d,
            };
        }
        d
    }

    /// How many counters are put when `n` of `kind` would be put on `id` (614.1a): every
    /// counter effect that applies, each once, in order (616.1); 0 means none.
    pub(crate) fn counters_to_put(&self, id: u32, kind: Kind, n: u64) -> u64 {
        self.counters_put(id, kind, n, true)
    }

    /// How many counters are put when `n` of `kind` would be put on `id` as a cost (117.1,
    /// 606.4): a cost is no effect (609.1), so the "N times that many" effects, each worded
    /// "if an effect would put" (Doubling Season's ruling), don't apply; the others do.
    pub(crate) fn counters_to_put_as_cost(&self, id: u32, kind: Kind, n: u64) -> u64 {
        self.counters_put(id, kind, n, false)
    }

    fn counters_put(&self, id: u32, kind: Kind, mut n: u64, by_effect: bool) -> u64 {
        let a = self.affected(id);
        for r in &self.replacements {
            if n == 0 {
                break;
            }
            if !self.applies_to_counters_on(r, a, Some(kind))
                || (!by_effect && matches!(r.effect, Effect::CountersTimes(_)))
            {
                continue;
            }
            n = match r.effect {
                Effect::CountersPlus(k) => n.saturating_add(k),
                Effect::CountersMinus(k) => n.saturating_sub(k),
                Effect::CountersTimes(k) => n.saturating_mul(k),
                Effect::CountersHalf => n / 2,
                _ => 0,
            };
        }
        n
    }

    /// Whether an effect makes permanent `id` enter tapped (614.12: "Creatures your opponents
    /// control enter tapped"), as it enters.
    pub(crate) fn enters_tapped(&self, id: u32) -> bool {
        let a = self.affected(id);
        self.replacements
            .iter()
            .any(|r| r.effect == Effect::EntersTapped && self.affects_entity(r, a))
    }

    /// Whether an effect exiles permanent `id` instead of putting it into a graveyard from the
    /// battlefield (614.1a: "If that creature would die this turn, exile it instead").
    pub(crate) fn exiled_instead_of_dying(&self, id: u32) -> bool {
        let a = self.affected(id);
        self.replacements
            .iter()
            .any(|r| r.effect == Effect::ExileInsteadOfDying && self.affects_entity(r, a))
    }

    /// Whether player `p` can lose the game (104.3: "You can't lose the game", Herald of
    /// Eternal Dawn: not while an effect says it can't).
    pub fn can_lose(&self, p: u32) -> Result<bool> {
        self.player(p)?;
        Ok(!self.effects_of_kind(EffectKinds::LOSING_CANT)
            || !self
                .replacements
                .iter()
                .any(|r| r.effect == Effect::LosingCant && self.affects(r, p)))
    }

    /// Whether player `p` has hexproof (702.11d: "You have hexproof", Crystal Barricade: it
    /// can't be the target of spells or abilities its opponents control).
    pub fn player_has_hexproof(&self, p: u32) -> bool {
        self.effects_of_kind(EffectKinds::HEXPROOF)
            && (p as usize) < self.num_players as usize
            && self
                .replacements
                .iter()
                .any(|r| r.effect == Effect::Hexproof && self.affects(r, p))
    }

    /// "If `target` would die this turn, exile it instead" (614.1a, Fiery Annihilation): a
    /// replacement effect on that permanent, ending at cleanup (514.2) or when it leaves the
    /// battlefield; its id.
    pub fn exile_instead_of_dying(&mut self, target: u32) -> Result<u32> {
        self.permanent(target, "exile instead of dying")?;
        self.push_effect(Effect::ExileInsteadOfDying, target, None, None)
    }

    /// Whether a "can't" effect keeps counters of `kind` off `id` (Solemnity, Melira).
    pub(crate) fn counters_forbidden(&self, id: u32, kind: Kind) -> bool {
        let a = self.affected(id);
        self.replacements.iter().any(|r| {
            r.effect == Effect::CountersCant
                && r.counter.is_none_or(|k| k == kind)
                && self.affects_entity(r, a)
        })
    }

    /// An upper bound of what the effects can make of `total` counters or damage put by
    /// `events` events (each "plus N" once per counter kind and event, every "times N" on all).
    pub(crate) fn amplified_bound(&self, total: u128, events: usize) -> u128 {
        let mut times: u128 = 1;
        let mut plus: u128 = 0;
        for r in &self.replacements {
            match r.effect {
                Effect::CountersTimes(k) | Effect::DamageTimes(k) => {
                    times = times.saturating_mul(k as u128)
                }
                Effect::CountersPlus(k) | Effect::DamagePlus(k) => {
                    plus = plus.saturating_add(k as u128)
                }
                _ => {}
            }
        }
        // Damage, then its counters (poison and toxic, or -1/-1): each effect can act on both.
        let per_event = plus.saturating_mul(4).saturating_mul(times);
        total
            .saturating_mul(times)
            .saturating_mul(times)
            .saturating_add(per_event.saturating_mul(events as u128 + 1))
    }

    /// Whether player `p`'s life may change that way now (Sulfuric Vortex, Platinum Emperion).
    pub(crate) fn life_may_change(&self, p: u32, gain: bool) -> bool {
        let a = self.affected(p);
        !self.replacements.iter().any(|r| {
            (r.effect == Effect::LifeChangeCant || gain && r.effect == Effect::LifeGainCant)
                && self.affects_entity(r, a)
        })
    }

    /// Whether damage from `source` to `recipient` can be prevented now (615.12).
    pub fn prevention_allowed(&self, source: u32, recipient: u32, combat: bool) -> bool {
        !self.replacements.iter().any(|r| {
            r.effect == Effect::PreventionCant
                && self.affects(r, recipient)
                && self.applies_to_damage(r, source, combat)
        })
    }

    /// Whether damage from `source` to `recipient` can be redirected now.
    pub(crate) fn redirection_allowed(&self, source: u32, recipient: u32, combat: bool) -> bool {
        !self.replacements.iter().any(|r| {
            r.effect == Effect::RedirectionCant
                && self.affects(r, recipient)
                && self.applies_to_damage(r, source, combat)
        })
    }

    /// Adds an effect made by the kernel's own calls (a prevention shield, a redirection);
    /// returns its id.
    pub(crate) fn push_effect(
        &mut self,
        effect: Effect,
        target: u32,
        by: Option<u32>,
        to: Option<u32>,
    ) -> Result<u32> {
        let id = self.next_effect_id;
        if id == u32::MAX {
            return overflow("the effect ids");
        }
        self.next_effect_id += 1;
        self.replacements
            .push(ReplacementEffect::on_object(id, effect, target, by, to));
        self.effects_changed();
        Ok(id)
    }

    /// Adds an effect (docs/SEMANTICS.md §10); returns its id. `affects` are clause texts.
    #[allow(clippy::too_many_arguments)]
    pub fn add_replacement_effect(
        &mut self,
        effect: &str,
        affects: &[String],
        sources: &[String],
        source: Option<u32>,
        controller: Option<u32>,
        counter: Option<&str>,
        amount: Option<u64>,
        combat: bool,
        until_end_of_turn: bool,
    ) -> Result<u32> {
        // The ids (source, controller), then the rules.
        if let Some(s) = source {
            self.live_object(s)?;
        }
        if let Some(p) = controller {
            self.player(p)?;
        }
        let effect = Effect::parse(effect, amount)?;
        if let Effect::Redirect(_) = effect {
            return refuse(
                Reason::Incompatible,
                "a redirection names where the damage goes: use redirect_damage",
            );
        }
        if let Some(s) = source {
            let e = &self.entities[s as usize];
            if e.zone != crate::zones::Zone::Battlefield {
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
            return refuse(
                Reason::Incompatible,
                "give at most one of source= and controller= (the source's controller is \"you\")",
            );
        }
        if affects.is_empty() {
            return refuse(
                Reason::Incompatible,
                "an effect must affect something: give affects=",
            );
        }
        let allowed = self.ruleset.types();
        // "This permanent": the effect's own source (Rasputin "can't have more than seven dream
        // counters on it").
        let itself = affects.iter().any(|a| a == THIS_PERMANENT);
        if itself && (affects.len() != 1 || source.is_none()) {
            return refuse(
                Reason::Incompatible,
                "\"this permanent\" is the effect's source: give it alone, with source=",
            );
        }
        let clauses = if itself {
            Vec::new()
        } else {
            affects
                .iter()
                .map(|a| Clause::parse(a, allowed))
                .collect::<Result<Vec<_>>>()?
        };
        if !sources.is_empty() && !effect.on_damage() {
            return refuse(
                Reason::Incompatible,
                format!(
                    "{} applies to no damage: sources= is for damage effects",
                    effect.name()
                ),
            );
        }
        let source_clauses = sources
            .iter()
            .map(|t| Clause::parse_source(t, allowed))
            .collect::<Result<Vec<_>>>()?;
        if combat && !effect.on_damage() {
            return refuse(
                Reason::Incompatible,
                format!(
                    "{} applies to no damage: combat= is for damage effects",
                    effect.name()
                ),
            );
        }
        if combat && effect == Effect::PreventNoncombatOther {
            return refuse(
                Reason::Incompatible,
                "prevent_noncombat_other applies to noncombat damage only: combat= is refused",
            );
        }
        if source.is_none()
            && controller.is_none()
            && clauses
                .iter()
                .chain(&source_clauses)
                .any(|c| c.scope != Scope::Any)
        {
            return refuse(
                Reason::Incompatible,
                "\"you\" and \"opponents\" need a source= or a controller=",
            );
        }
        if counter.is_some() && !Effect::takes_counter(effect.code()) {
            return refuse(
                Reason::Incompatible,
                format!(
                    "{} applies to no counters: counter= is for counter effects",
                    effect.name()
                ),
            );
        }
        if counter.is_none() && matches!(effect, Effect::CountersLimit(_)) {
            return refuse(
                Reason::Incompatible,
                "counters_limit needs the counter= kind it limits",
            );
        }
        let counter = match counter {
            None => None,
            Some(name) => Some(self.intern_kind(name)?),
        };
        let id = self.next_effect_id;
        if id == u32::MAX {
            return overflow("the effect ids");
        }
        self.next_effect_id += 1;
        let mut added = ReplacementEffect {
            id,
            effect,
            source,
            controller,
            affects: clauses,
            counter,
            sources: source_clauses,
            until_end_of_turn,
            target: if itself { source } else { None },
            by: None,
            to: None,
            combat,
            ordered: false,
            you: Derived(None),
            affects_bits: Derived(AffectsBits::default()),
        };
        added.affects_bits = Derived(AffectsBits::of(&added.affects));
        added.you = Derived(self.effect_controller(&added));
        self.replacements.push(added);
        self.effects_changed();
        Ok(id)
    }

    /// Ends an effect (`UnknownId` if there is none with that id).
    pub fn remove_replacement_effect(&mut self, id: u32) -> Result<()> {
        let Some(at) = self.replacements.iter().position(|r| r.id == id) else {
            return Err(Error::UnknownId(id as i128));
        };
        self.replacements.remove(at);
        self.effects_changed();
        Ok(())
    }

    /// The effects in their order.
    pub fn replacement_effects(&self) -> &[ReplacementEffect] {
        &self.replacements
    }

    /// 616.1: the affected player chooses the order; `ids` come first, in that order, the
    /// others after them as they were. Every id must exist, once. This orders the effects
    /// within each default group (docs/SEMANTICS.md §10).
    pub fn order_replacement_effects(&mut self, ids: &[u32]) -> Result<()> {
        self.check_order(ids)?;
        self.move_to_front(ids);
        Ok(())
    }

    /// 616.1 across the default groups: the effects `ids` ("that much plus N", "N times that
    /// damage", prevention, redirection) come first, in that order, and on a damage event they
    /// apply in that order after the other redirections, before the default order of the
    /// others (a shield counter still last); this choice replaces the previous one. Every id
    /// must exist, once, and be of those kinds; at most `MAX_ORDERED_EFFECTS` of them.
    pub fn order_replacement_effects_across_groups(&mut self, ids: &[u32]) -> Result<()> {
        self.check_order(ids)?;
        if ids.len() > MAX_ORDERED_EFFECTS {
            return refuse(
                Reason::Overflow,
                format!(
                    "{} effects ordered across groups; at most {MAX_ORDERED_EFFECTS} can be",
                    ids.len()
                ),
            );
        }
        for &id in ids {
            let r = self
                .replacements
                .iter()
                .find(|r| r.id == id)
                .expect("checked");
            if !r.effect.orderable() {
                return refuse(
                    Reason::Incompatible,
                    format!(
                        "replacement effect {id} is {}: only damage_plus, damage_times, prevent, \
                         prevent_all_but and redirect are ordered across groups (616.1)",
                        r.effect.name()
                    ),
                );
            }
        }
        for r in &mut self.replacements {
            r.ordered = ids.contains(&r.id);
        }
        // Reorders and renews the effects' hash.
        self.move_to_front(ids);
        Ok(())
    }

    /// Every id an effect's, once.
    fn check_order(&self, ids: &[u32]) -> Result<()> {
        for (i, &id) in ids.iter().enumerate() {
            if !self.replacements.iter().any(|r| r.id == id) {
                return Err(Error::UnknownId(id as i128));
            }
            if ids[..i].contains(&id) {
                return refuse(
                    Reason::Duplicate,
                    format!("replacement effect {id} is given twice"),
                );
            }
        }
        Ok(())
    }

    fn move_to_front(&mut self, ids: &[u32]) {
        let mut ordered: Vec<ReplacementEffect> = ids
            .iter()
            .map(|id| {
                self.replacements
                    .iter()
                    .find(|r| r.id == *id)
                    .expect("checked")
                    .clone()
            })
            .collect();
        ordered.extend(
            self.replacements
                .iter()
                .filter(|r| !ids.contains(&r.id))
                .cloned(),
        );
        self.replacements = ordered;
        self.effects_changed();
    }

    /// The effects' part of the effects hash.
    pub(crate) fn replacement_hash(&self, mut h: u64) -> u64 {
        h = combine(h, 5);
        h = combine(h, self.next_effect_id as u64);
        for r in &self.replacements {
            h = combine(h, r.id as u64 | (r.effect.code() as u64) << 32);
            h = combine(h, r.effect.amount().unwrap_or(0));
            h = combine(h, r.source.map_or(u64::MAX, |s| s as u64));
            h = combine(h, r.controller.map_or(u64::MAX, |s| s as u64));
            h = combine(h, r.counter.map_or(u64::MAX, |k| self.kinds.name_hash(k)));
            h = combine(
                h,
                r.until_end_of_turn as u64 | (r.combat as u64) << 1 | (r.ordered as u64) << 2,
            );
            h = combine(h, r.target.map_or(u64::MAX, |s| s as u64));
            h = combine(h, r.by.map_or(u64::MAX, |s| s as u64));
            h = combine(h, r.to.map_or(u64::MAX, |s| s as u64));
            for c in &r.affects {
                h = combine(
                    h,
                    c.players as u64 | (c.types.0 as u64) << 8 | (c.scope as u64) << 24,
                );
            }
            for c in &r.sources {
                h = combine(
                    h,
                    1 << 40 | (c.types.0 as u64) << 8 | (c.scope as u64) << 24,
                );
            }
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{AffectedEntity, CardSpec, EffectKinds, Game, Ruleset};
    use crate::replacement::{Effect, ReplacementEffect};
    use crate::zones::Zone;

    fn permanent(g: &mut Game, player: u32, types: &[&str]) -> u32 {
        let spec = CardSpec {
            types: types.iter().map(|t| t.to_string()).collect(),
            power: types.contains(&"creature").then_some(1),
            toughness: types.contains(&"creature").then_some(1),
            ..CardSpec::default()
        };
        g.create(player, Zone::Battlefield, &spec).unwrap()
    }

    fn effect(g: &mut Game, effect: &str, affects: &[&str], source: Option<u32>) -> u32 {
        let affects: Vec<String> = affects.iter().map(|a| a.to_string()).collect();
        let controller = source.is_none().then_some(1);
        let amount = (effect == "counters_plus").then_some(1);
        g.add_replacement_effect(
            effect,
            &affects,
            &[],
            source,
            controller,
            None,
            amount,
            false,
            false,
        )
        .unwrap()
    }

    /// The kept kinds, "you"s and bits are what the list and the clauses say now.
    fn derived_state_holds(g: &Game) -> bool {
        g.effect_kinds == EffectKinds::of(&g.replacements)
            && g.effect_controllers_hold()
            && g.replacements.iter().all(|r| {
                (0..g.num_entities()).all(|id| {
                    let e = &g.entities[id as usize];
                    let you = r.you.0;
                    r.affects(AffectedEntity::of(id, e), you) == r.affects_as_written(id, e, you)
                })
            })
    }

    /// Every clause, alone and in pairs, on players, permanents of several types and an
    /// object in a graveyard, from a source of either player and from no source: the bits
    /// agree with the clauses.
    #[test]
    fn affects_bits_agree_with_the_clauses() {
        let mut g = Game::new(3, Ruleset::Mtg, 0).unwrap();
        for p in 0..3 {
            permanent(&mut g, p, &["creature"]);
            permanent(&mut g, p, &["land"]);
            permanent(&mut g, p, &["artifact", "creature"]);
            permanent(&mut g, p, &["enchantment"]);
        }
        let gone = permanent(&mut g, 0, &["creature"]);
        g.move_to(gone, Zone::Graveyard).unwrap();
        let sources = [
            permanent(&mut g, 0, &["enchantment"]),
            permanent(&mut g, 1, &["enchantment"]),
        ];
        let clauses = [
            "players",
            "you",
            "opponents",
            "permanents",
            "creatures",
            "lands you control",
            "artifacts opponents control",
            "permanents you control",
            "creatures opponents control",
        ];
        let pairs = clauses
            .iter()
            .flat_map(|a| clauses.iter().map(move |b| [*a, *b]));
        for pair in pairs {
            for source in [Some(sources[0]), Some(sources[1]), None] {
                for n in [1, 2] {
                    effect(&mut g, "counters_cant", &pair[..n], source);
                }
            }
        }
        let any = ["players", "permanents", "creatures"];
        effect(&mut g, "counters_cant", &any, None);
        g.prevent_damage(sources[0], Some(1), None).unwrap();
        assert!(derived_state_holds(&g));
    }

    /// "You" follows its source's control, and the kept state holds after a rolled-back
    /// change, a copy and the bytes.
    #[test]
    fn derived_state_follows_the_game() {
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let x = permanent(&mut g, 0, &["creature"]);
        let source = permanent(&mut g, 0, &["enchantment"]);
        effect(
            &mut g,
            "counters_plus",
            &["creatures you control"],
            Some(source),
        );
        assert!(derived_state_holds(&g));
        assert_eq!(g.counters_to_put(x, crate::kinds::PLUS_ONE, 1), 2);
        g.set_controller(source, 1).unwrap();
        assert!(derived_state_holds(&g));
        assert_eq!(g.counters_to_put(x, crate::kinds::PLUS_ONE, 1), 1);
        let failed: Result<(), ()> = g.transaction(|g| {
            g.set_controller(source, 0).unwrap();
            g.move_to(x, Zone::Graveyard).unwrap();
            effect(g, "life_gain_cant", &["players"], None);
            Err(())
        });
        assert!(failed.is_err());
        assert!(derived_state_holds(&g));
        assert_eq!(g.counters_to_put(x, crate::kinds::PLUS_ONE, 1), 1);
        assert!(!g.effects_of_kind(EffectKinds::LIFE));
        assert!(derived_state_holds(&g.clone()));
        let read = Game::from_bytes(&g.to_bytes()).unwrap();
        assert!(derived_state_holds(&read));
        assert!(read == g);
        g.move_to(source, Zone::Graveyard).unwrap();
        assert!(derived_state_holds(&g));
        assert!(!g.effects_of_kind(EffectKinds::COUNTERS));
    }

    /// The kinds' bits are the codes of the effects each test names.
    #[test]
    fn effect_kinds_are_the_effects_codes() {
        for code in 0..20u8 {
            let amount = Effect::takes_amount(code).then_some(2);
            let e = Effect::build(code, amount).unwrap_or(Effect::Prevent(None));
            let e = if code == 12 {
                Effect::Redirect(None)
            } else {
                e
            };
            assert_eq!(e.code(), code);
            let kinds = EffectKinds::of(&[ReplacementEffect::on_object(0, e, 0, None, None)]);
            assert_eq!(kinds.any(EffectKinds::COUNTERS), e.on_counters(), "{code}");
            assert_eq!(kinds.any(EffectKinds::DAMAGE), e.on_damage(), "{code}");
            let life = matches!(e, Effect::LifeGainCant | Effect::LifeChangeCant);
            assert_eq!(kinds.any(EffectKinds::LIFE), life, "{code}");
            let amplifying = matches!(
                e,
                Effect::CountersPlus(_)
                    | Effect::CountersTimes(_)
                    | Effect::DamagePlus(_)
                    | Effect::DamageTimes(_)
            );
            assert_eq!(kinds.any(EffectKinds::AMPLIFYING), amplifying, "{code}");
        }
    }
}
