//! The Berserk property rules (Berserk. Heroes 104.3–105.1; classic Berserk
//! 108–109). Effects and wounds are counter kinds in the same store as Magic's counters.

use crate::counters::CounterSet;
use crate::error::{overflow, refuse, Error, Reason, Result};
use crate::events::{Event, EventKind};
use crate::game::{ChangeLog, CostModifier, Derived, Entity, Game};
use crate::idset::IdSet;
use crate::keywords::{card_type, Keywords, Types};
use crate::kinds::{self, Kind};
use crate::names::Subtype;
use crate::zones::Zone;

/// The effect kinds `remove_effects` removes (wounds are markers, not effects).
const EFFECTS: [Kind; 4] = [
    kinds::PLUS_STRENGTH,
    kinds::MINUS_STRENGTH,
    kinds::EXTRA_LIFE,
    kinds::NEGATIVE_LIFE,
];

/// What a static cost modifier looks at of a card (`Game::static_modifier_applies`).
struct CostedCard<'a> {
    types: Types,
    subtypes: &'a [Subtype],
    controller: u32,
}

/// What "lives become X" will do to one card.
#[derive(Clone, Copy)]
struct LivesPlan {
    undo: Kind,
    removed: u64,
    put: Kind,
    added: u64,
}

/// What "lives become X" does to a card in play (104.3.1), or why it can't.
#[inline(always)]
fn lives_plan(e: &Entity, id: u32, x: i64) -> Result<LivesPlan> {
    let Some(lives) = e.lives else {
        return refuse(Reason::NoProperty, format!("{id} has no lives"));
    };
    if x < 0 {
        return refuse(
            Reason::BelowMinimum,
            format!("lives can't become {x}: they must be at least 0"),
        );
    }
    let (extra, negative) = life_effects(&e.counters);
    let delta = x as i128 - lives_with(lives, extra, negative);
    let (undo, removable, put, have) = if delta >= 0 {
        (kinds::NEGATIVE_LIFE, negative, kinds::EXTRA_LIFE, extra)
    } else {
        (kinds::EXTRA_LIFE, extra, kinds::NEGATIVE_LIFE, negative)
    };
    let need = delta.unsigned_abs();
    let removed = (removable as u128).min(need);
    let added = need - removed;
    if have as u128 + added > u64::MAX as u128 {
        return overflow("the life effect count");
    }
    Ok(LivesPlan {
        undo,
        removed: removed as u64,
        put,
        added: added as u64,
    })
}

/// The extra and negative life effects on a card (one walk over its counters).
#[inline]
fn life_effects(counters: &CounterSet) -> (u64, u64) {
    let (mut extra, mut negative) = (0, 0);
    for (k, n) in counters.iter() {
        if k == kinds::EXTRA_LIFE {
            extra = n;
        } else if k == kinds::NEGATIVE_LIFE {
            negative = n;
        }
    }
    (extra, negative)
}

/// Lives (104.3.1): base plus the life effects.
#[inline]
fn lives_with(base: i32, extra: u64, negative: u64) -> i128 {
    base as i128 + extra as i128 - negative as i128
}

/// Applies a plan: wounds off without an event, then the life effects with their
/// `counters_removed` / `counters_added` events.
#[inline(always)]
fn apply_lives_plan(counters: &mut CounterSet, id: u32, plan: LivesPlan, log: &mut ChangeLog) {
    let wounds = counters.set(kinds::WOUND, 0);
    if wounds > 0 {
        log.count_changed(id, kinds::WOUND, wounds, 0);
    }
    if plan.removed > 0 {
        let have = counters.sub(plan.undo, plan.removed);
        log.count_changed(id, plan.undo, have, have - plan.removed);
        log.counters_event(false, id, plan.undo, plan.removed);
    }
    if plan.added > 0 {
        // The plan checked that this can't overflow.
        let have = counters
            .add(plan.put, plan.added)
            .unwrap_or(u64::MAX - plan.added);
        log.count_changed(id, plan.put, have, have + plan.added);
        log.counters_event(true, id, plan.put, plan.added);
    }
}

impl Game {
    pub(crate) fn unclamped_strength(e: &Entity) -> Option<i128> {
        e.strength.map(|s| {
            s as i128 + e.counters.get(kinds::PLUS_STRENGTH) as i128
                - e.counters.get(kinds::MINUS_STRENGTH) as i128
        })
    }

    /// Strength (104.3.1): base plus effects, never below 0 when read.
    pub fn strength(&self, id: u32) -> Result<Option<i128>> {
        let e = self.object(id)?;
        Ok(Self::unclamped_strength(e).map(|s| s.max(0)))
    }

    pub(crate) fn lives_of(e: &Entity) -> Option<i128> {
        e.lives.map(|l| {
            let (extra, negative) = life_effects(&e.counters);
            lives_with(l, extra, negative)
        })
    }

    pub fn lives(&self, id: u32) -> Result<Option<i128>> {
        Ok(Self::lives_of(self.object(id)?))
    }

    pub fn wounds(&self, id: u32) -> Result<u64> {
        Ok(self.object(id)?.counters.get(kinds::WOUND))
    }

    /// "Strength becomes X" (104.3.1): puts +1 or -1 strength effects, from the unclamped value.
    pub fn set_strength(&mut self, id: u32, x: i64) -> Result<()> {
        let e = self.permanent(id, "setting strength")?;
        let Some(u) = Self::unclamped_strength(e) else {
            return refuse(Reason::NoProperty, format!("{id} has no strength"));
        };
        if x < 0 {
            return refuse(
                Reason::BelowMinimum,
                format!("strength can't become {x}: it must be at least 0"),
            );
        }
        let delta = x as i128 - u;
        let (kind, n) = if delta >= 0 {
            (kinds::PLUS_STRENGTH, delta)
        } else {
            (kinds::MINUS_STRENGTH, -delta)
        };
        let have = e.counters.get(kind) as u128;
        if have + n as u128 > u64::MAX as u128 {
            return overflow("the strength effect count");
        }
        self.put_counters(id, kind, n as u64)
    }

    /// "Lives become X" (104.3.1): all wounds removed (no event: nothing reacting to wounds or to
    /// healing triggers), then extra/negative lives so lives equal X.
    pub fn set_lives(&mut self, id: u32, x: i64) -> Result<()> {
        let plan = self.plan_set_lives(id, x)?;
        self.apply_set_lives(id, plan);
        Ok(())
    }

    /// "Lives become X" for many cards in one call: all checked first, then all applied.
    pub fn set_lives_many(&mut self, ids: &[u32], values: &[i64]) -> Result<()> {
        if ids.len() != values.len() {
            return refuse(
                Reason::LengthMismatch,
                format!(
                    "set_lives_many needs one value per id: {} ids, {} values",
                    ids.len(),
                    values.len()
                ),
            );
        }
        let mut seen = IdSet::with_bound(self.entities.len());
        let mut repeated = false;
        for (&id, &x) in ids.iter().zip(values) {
            self.plan_set_lives(id, x)?;
            repeated |= !seen.insert(id as usize);
        }
        // Planned again as applied (a stored plan read back stalled on store forwarding). Each
        // id once: every plan is one just checked, so none fails. An id given twice sees its
        // first change, and its second plan may fail: then nothing is kept.
        let apply = |g: &mut Game| -> Result<()> {
            let (entities, mut log) = g.split_changes();
            for (&id, &x) in ids.iter().zip(values) {
                let e = &mut entities[id as usize];
                let plan = lives_plan(e, id, x)?;
                apply_lives_plan(&mut e.counters, id, plan, &mut log);
            }
            Ok(())
        };
        if repeated {
            self.transaction(apply)
        } else {
            apply(self)
        }
    }

    /// The costs of many cards (see `cost`).
    pub fn cost_many(&self, ids: &[u32], out: &mut Vec<i64>) -> Result<()> {
        out.clear();
        for &id in ids {
            let c = self.cost(id, None)?;
            out.push(i64::try_from(c).map_err(|_| Error::Overflow("a cost is too large".into()))?);
        }
        Ok(())
    }

    /// Applies a plan with one borrow of the entity.
    fn apply_set_lives(&mut self, id: u32, plan: LivesPlan) {
        let (entities, mut log) = self.split_changes();
        apply_lives_plan(&mut entities[id as usize].counters, id, plan, &mut log);
    }

    #[inline(always)]
    fn plan_set_lives(&self, id: u32, x: i64) -> Result<LivesPlan> {
        lives_plan(self.permanent(id, "setting lives")?, id, x)
    }

    /// Heals up to n wounds; `healed` with the number removed.
    pub fn heal(&mut self, id: u32, n: u64) -> Result<u64> {
        let e = self.permanent(id, "healing")?;
        let removed = e.counters.get(kinds::WOUND).min(n);
        if removed > 0 {
            let left = e.counters.get(kinds::WOUND) - removed;
            self.set_count(id, kinds::WOUND, left);
            self.emit(Event::with_amount(EventKind::Healed, id, removed));
        }
        Ok(removed)
    }

    /// Removes every strength and life effect (not wounds, not overwritten properties).
    pub fn remove_effects(&mut self, id: u32) -> Result<()> {
        self.live_object(id)?;
        let present: smallvec::SmallVec<[(Kind, u64); 4]> = self.entities[id as usize]
            .counters
            .iter()
            .filter(|(k, _)| EFFECTS.contains(k))
            .collect();
        for (k, n) in present {
            self.take_counters(id, k, n);
        }
        Ok(())
    }

    // ----- costs (105.1, 104.3) ------------------------------------------------------------

    /// Whether a static modifier applies to `e`, a card in hand or in play: class or subtype
    /// and controller match. Its source is in play: the modifier ends when the source leaves
    /// (`relocate` drops it; decoding refuses one whose source isn't a permanent).
    #[inline]
    fn static_modifier_applies(m: &CostModifier, card: &CostedCard<'_>) -> bool {
        debug_assert!(m.source.is_some() && m.card.is_none());
        (m.types.0 == 0 || card.types.intersects(m.types))
            && (m.subtypes.is_empty() || m.subtypes.iter().any(|s| card.subtypes.contains(s)))
            && m.controller.is_none_or(|c| c == card.controller)
    }

    /// The cost (105.1): base with X as 0 (or `x_value` while being played), plus every
    /// applicable modifier, never below 0.
    pub fn cost(&self, id: u32, x_value: Option<u64>) -> Result<u128> {
        let e = self.object(id)?;
        let c = self.printed(e).cost.unwrap_or_default();
        let mut total = c.base as i128 + (x_value.unwrap_or(0) as i128) * c.xs as i128;
        // Where the card is decides which modifiers can apply at all (once, not per modifier).
        let in_hand = !e.gone && e.zone == Zone::Hand;
        let in_reach = in_hand || !e.gone && e.zone == Zone::Battlefield;
        // What the static modifiers look at, read from the card once for all of them.
        let card = CostedCard {
            types: e.types,
            subtypes: &e.subtypes,
            controller: e.controller,
        };
        for m in &self.cost_modifiers {
            let applies = match m.card {
                // A one-off modifier, for one card while it is in hand.
                Some(one) => one == id && in_hand,
                None => in_reach && Self::static_modifier_applies(m, &card),
            };
            if applies {
                total += m.amount as i128;
            }
        }
        Ok(total.max(0) as u128)
    }

    /// Adds a cost modifier (see `CostModifier`). Exactly one of `card` and `source`.
    #[allow(clippy::too_many_arguments)]
    pub fn add_cost_modifier(
        &mut self,
        amount: i64,
        card: Option<u32>,
        source: Option<u32>,
        subtypes: &[String],
        types: &[String],
        controller: Option<u32>,
    ) -> Result<()> {
        // Ids first (card, source, controller), then the rules checks (SEMANTICS §0).
        if let Some(c) = card {
            self.live_object(c)?;
        }
        if let Some(s) = source {
            self.live_object(s)?;
        }
        if let Some(p) = controller {
            self.player(p)?;
        }
        if card.is_some() == source.is_some() {
            return refuse(
                Reason::Incompatible,
                "a cost modifier needs exactly one of card= and source=",
            );
        }
        if let Some(c) = card {
            let zone = self.entities[c as usize].zone;
            if zone != Zone::Hand {
                return refuse(
                    Reason::NotInHand,
                    format!(
                        "a one-off cost modifier applies to a card in hand; {c} is in the {}",
                        zone.as_str()
                    ),
                );
            }
        }
        if let Some(s) = source {
            let zone = self.entities[s as usize].zone;
            if zone != Zone::Battlefield {
                return refuse(
                    Reason::NotOnBattlefield,
                    format!(
                        "a static cost modifier needs its source in play; {s} is in the {}",
                        zone.as_str()
                    ),
                );
            }
        }
        let mut mask = Types::default();
        for t in types {
            match card_type(t) {
                Some(ty) if self.ruleset.types().contains(ty) => mask.0 |= ty.0,
                _ => {
                    return refuse(
                        Reason::UnknownName,
                        format!(
                            "unknown type {t:?} in the {} ruleset",
                            self.ruleset.as_str()
                        ),
                    )
                }
            }
        }
        if subtypes.iter().any(|s| s.is_empty()) {
            return refuse(Reason::BadName, "a subtype must be a non-empty name");
        }
        if amount.unsigned_abs() > (1 << 31) - 1 {
            return overflow("the cost modifier");
        }
        let subtypes = self.intern_subtypes(subtypes);
        self.cost_modifiers.push(CostModifier {
            amount,
            card,
            source,
            subtypes,
            types: mask,
            controller,
        });
        self.effects_changed();
        Ok(())
    }

    // ----- non-base properties and property replacement --------------------------------------

    /// 104.3.4: overwrites the controller (no effect); the card's own returns when it leaves play.
    pub fn set_controller(&mut self, id: u32, player: u32) -> Result<()> {
        self.live_object(id)?;
        self.player(player)?;
        let was = self.permanent(id, "changing control")?.controller;
        self.update_place(id, |e| e.controller = player);
        // "You" of its static abilities' effects.
        for r in &mut self.replacements {
            if r.source == Some(id) {
                r.you = Derived(Some(player));
            }
        }
        // Each player's tapped permanents changed if a tapped one changed hands.
        if was != player && self.entities[id as usize].tapped {
            self.note_tap_change(was);
            self.note_tap_change(player);
        }
        Ok(())
    }

    /// 108.1/108.2: the new types replace the old; base properties follow the type.
    pub fn set_types(
        &mut self,
        id: u32,
        types: &[String],
        subtypes: Option<&[String]>,
    ) -> Result<()> {
        self.permanent(id, "changing types")?;
        let allowed = self.ruleset.types();
        let mut mask = Types::default();
        for t in types {
            match card_type(t) {
                Some(ty) if allowed.contains(ty) => mask.0 |= ty.0,
                _ => {
                    return refuse(
                        Reason::UnknownName,
                        format!(
                            "unknown type {t:?} in the {} ruleset; valid types: {}",
                            self.ruleset.as_str(),
                            allowed.names().collect::<Vec<_>>().join(", ")
                        ),
                    )
                }
            }
        }
        if let Some(s) = subtypes {
            if s.iter().any(|s| s.is_empty()) {
                return refuse(Reason::BadName, "a subtype must be a non-empty name");
            }
        }
        let printed = self.printed(&self.entities[id as usize]).clone();
        let new_subtypes = match subtypes {
            Some(s) => self.intern_subtypes(s),
            None => printed.subtypes.clone(),
        };
        // Classic Berserk 208: a terrain (or another type without lives) has only a cost and
        // eliteness; creatures, heroes and artifacts have lives.
        let with_lives = Types(Types::CREATURE.0 | Types::HERO.0 | Types::ARTIFACT.0);
        self.update_chars(id, |e| {
            let had_lives = e.types.intersects(with_lives);
            if had_lives && !mask.intersects(with_lives) {
                e.lives = None;
            } else if !had_lives && mask.intersects(with_lives) {
                // 108.2: they come back with the type.
                e.lives = printed.lives;
            }
            let was_creature = e.is_creature();
            e.types = mask;
            e.subtypes = new_subtypes;
            let creature = mask.contains(Types::CREATURE);
            if was_creature != creature {
                // Flying is replaced along with the type (108.1, 108.2), granted or printed.
                e.keywords = e.keywords.without(Keywords::FLYING);
                e.keywords_eot = e.keywords_eot.without(Keywords::FLYING);
            }
            if was_creature && !creature {
                // An artifact has no strength or movement, and doesn't fly.
                e.strength = None;
                e.movement = None;
            } else if !was_creature && creature {
                if printed.types.contains(Types::CREATURE) {
                    e.strength = printed.strength;
                    e.movement = printed.movement;
                    if printed.keywords.intersects(Keywords::FLYING) {
                        e.keywords = e.keywords.union(Keywords::FLYING);
                    }
                } else {
                    e.strength = Some(0);
                    e.movement = Some(0);
                }
            }
        });
        Ok(())
    }

    /// Elite ↔ ordinary (108.1).
    pub fn set_elite(&mut self, id: u32, elite: bool) -> Result<()> {
        self.live_object(id)?;
        self.update_chars(id, |e| e.elite = elite);
        Ok(())
    }

    pub fn is_elite(&self, id: u32) -> Result<bool> {
        Ok(self.object(id)?.elite)
    }

    /// Movement; `None` for a flyer (the flying icon stands in its place) or a card without it.
    pub fn movement(&self, id: u32) -> Result<Option<i32>> {
        let e = self.object(id)?;
        if self.keywords_at(id, e).intersects(Keywords::FLYING) {
            return Ok(None);
        }
        Ok(e.movement)
    }
}
