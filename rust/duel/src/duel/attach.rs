//! Auras and Equipment (301.5, 303.4): which permanent each is attached to, the continuous
//! effects its "equipped creature gets …" abilities make on that permanent (613.4c, 613.1f),
//! and the state-based actions of attachments (704.5m, 704.5n).

use cardstate_core::{AffectedSpec, Zone};
use cardstate_effects::model::Ability;
use cardstate_effects::triggers::{Fired, GameEvent, TriggerParts};
use cardstate_effects::{protection, InCombat, Selector};
use smallvec::SmallVec;
use std::collections::BTreeMap;

use super::characteristics::IS_BIT;
use super::{Duel, StackItem, NO_CARD};
use crate::cards::CardId;

/// A permanent attached to another (301.5c, 303.4): the Aura or Equipment `object`, the
/// permanent `to` it is attached to, and the kernel's continuous effects its abilities make
/// now (on `on`, with the bonus `applied`: power, toughness and the abilities that apply, a
/// bit each), kept so they change only when what they give does.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Attachment {
    pub object: u32,
    pub to: u32,
    pub on: u32,
    pub effects: SmallVec<[u32; 4]>,
    pub applied: (i64, i64, u32),
}

/// The attachments, in the order they were made, and the permanents that left the
/// battlefield without abilities since triggers were last collected (an Aura's "loses all
/// abilities", 613.1f: their leaving triggers nothing of their own, 603.10a); each hashed only
/// when there are some (the pinned hashes of pools without Auras and Equipment stay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attachments(pub Vec<Attachment>, pub SmallVec<[u32; 2]>);

impl std::hash::Hash for Attachments {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            self.0.hash(h);
        }
        if !self.1.is_empty() {
            self.1.hash(h);
        }
    }
}

impl Attachments {
    /// Attaches `object` to `to` (701.3a); to what it is attached to already, nothing (701.3b).
    /// Its effects move with it at the next check (`Duel::sync_attachments`).
    pub(crate) fn attach(&mut self, object: u32, to: u32) {
        match self.0.iter_mut().find(|a| a.object == object) {
            Some(a) => a.to = to,
            None => self.0.push(Attachment {
                object,
                to,
                on: to,
                ..Attachment::default()
            }),
        }
    }

    /// What `object` is attached to, if anything.
    pub fn attached_to(&self, object: u32) -> Option<u32> {
        let to = self.0.iter().find(|a| a.object == object)?.to;
        (to != cardstate_core::NO_ID).then_some(to)
    }
}

/// What an Aura's or Equipment's abilities give now: +power/+toughness, and which of its
/// abilities apply, a bit each (their keywords: `Duel::add_bonus`).
type Bonus = (i64, i64, u32);

impl Duel {
    /// The attachments' part of the state-based actions (704.3), with the effects kept
    /// current: an Aura or Equipment that left the battlefield is attached to nothing; an
    /// Aura attached to an illegal object or to none goes to its owner's graveyard (704.5m);
    /// an Equipment attached to an illegal permanent becomes unattached and stays on the
    /// battlefield (704.5n). The others' effects follow what they are attached to and what
    /// their abilities give now ("for each Forest you control", "during your turn"). Returns
    /// whether an Aura was put into a graveyard.
    pub(crate) fn sync_attachments(&mut self) -> bool {
        let mut moved = false;
        // The permanents an Aura that rewrites what they are (`AttachedIs`) left or joined.
        let mut rewritten: SmallVec<[u32; 2]> = SmallVec::new();
        let mut i = 0;
        while i < self.state.attachments.0.len() {
            let a = self.state.attachments.0[i].clone();
            let here = |id: u32| self.state.game.entity(id).is_ok_and(|e| e.is_permanent());
            let was_rewriting = a.applied.2 & IS_BIT != 0;
            let c = self.card_of(a.object);
            if was_rewriting {
                rewritten.push(a.on);
                let lost = self.attached_is(c).is_some_and(|r| r.loses_all_abilities);
                if lost && !here(a.on) {
                    // 603.10a: it left the battlefield without abilities.
                    self.state.attachments.1.push(a.on);
                }
            }
            if !here(a.object) {
                // Its effects ended as it left (611.3a).
                self.state.attachments.0.remove(i);
                continue;
            }
            if !self.legally_attached(a.object, c, a.to) {
                self.end_effects(&a.effects);
                self.state.attachments.0.remove(i);
                if self.is_aura(c) {
                    // 704.5m.
                    moved |= self.state.game.move_to(a.object, Zone::Graveyard).is_ok();
                }
                // 704.5n: the Equipment stays, unattached.
                continue;
            }
            let bonus = self.bonus(a.object, c);
            if a.on != a.to || a.applied != bonus {
                self.end_effects(&a.effects);
                let mut effects = SmallVec::new();
                self.add_bonus(a.object, c, a.to, bonus, &mut effects);
                let at = &mut self.state.attachments.0[i];
                at.on = a.to;
                at.effects = effects;
                at.applied = bonus;
                if bonus.2 & IS_BIT != 0 {
                    rewritten.push(a.to);
                }
            } else if was_rewriting {
                // Unchanged: nothing to make current.
                rewritten.pop();
            }
            i += 1;
        }
        for id in rewritten {
            self.refresh_rewritten(id);
        }
        if moved {
            self.absorb_events();
        }
        moved
    }

    /// 608.3b: an Aura spell whose target is illegal as it resolves doesn't resolve; it goes
    /// to its owner's graveyard. Whether it did.
    pub(crate) fn aura_target_gone(&mut self, item: &StackItem) -> bool {
        let Some(spec) = self.target_specs(item.card, None).first() else {
            return false;
        };
        let legal = item.num_targets == 1
            && cardstate_effects::legal_target_in(
                &self.state.game,
                spec,
                item.targets[0],
                None,
                u32::from(item.controller),
                InCombat::NONE,
                self.spell_quality(item.card),
            );
        if !legal
            && self
                .state
                .game
                .move_to(item.object, Zone::Graveyard)
                .is_ok()
        {
            self.absorb_events();
        }
        !legal
    }

    /// 303.4f: the permanent `new` an Aura spell became enters attached to its target.
    pub(crate) fn attach_entering_aura(&mut self, item: &StackItem, new: u32) {
        if item.num_targets == 1 && self.enchant_filter(item.card).is_some() {
            self.state.attachments.attach(new, item.targets[0]);
        }
    }

    /// Whether card `c` is an Aura (303.4: it has "Enchant …").
    fn is_aura(&self, c: CardId) -> bool {
        self.enchant_filter(c).is_some()
    }

    /// What an Aura of card `c` may enchant (702.5a).
    pub(crate) fn enchant_filter(&self, c: CardId) -> Option<&'static cardstate_effects::Filter> {
        let card = self.db().get(cardstate_effects::CardId(c))?;
        card.abilities.iter().find_map(|a| match a {
            Ability::Enchant { targets } => targets.first().map(|t| &t.filter),
            _ => None,
        })
    }

    /// Whether `object` (of card `c`) may stay attached to `to`: a permanent other than
    /// itself, that an Aura's "Enchant" allows (704.5m) or, for an Equipment, a creature
    /// (704.5n), without protection from the Aura or Equipment (702.16c–d).
    fn legally_attached(&self, object: u32, c: CardId, to: u32) -> bool {
        if to == object || !self.state.game.entity(to).is_ok_and(|e| e.is_permanent()) {
            return false;
        }
        (match self.enchant_filter(c) {
            Some(f) => {
                let controller = self.controller(object);
                cardstate_effects::matches_in(
                    &self.state.game,
                    f,
                    to,
                    Some(object),
                    controller,
                    InCombat::NONE,
                )
            }
            None => self.is_creature(to),
        }) && protection::attachable(&self.state.game, to, self.colours_now(object))
    }

    fn controller(&self, id: u32) -> u32 {
        self.state.game.entity(id).map_or(0, |e| e.controller)
    }

    /// What the "equipped creature gets …" abilities of `object` (of card `c`) give now.
    fn bonus(&self, object: u32, c: CardId) -> Bonus {
        let mut bonus: Bonus = (0, 0, 0);
        let Some(card) = self.db().get(cardstate_effects::CardId(c)) else {
            return bonus;
        };
        let controller = self.controller(object);
        let mut k = 0;
        for a in &card.abilities {
            let Ability::Attached {
                power,
                toughness,
                per,
                your_turn,
                ..
            } = a
            else {
                continue;
            };
            k += 1;
            if *your_turn && u32::from(self.state.active) != controller {
                continue;
            }
            let n = match per {
                // "For each Forest you control": counted now.
                Some(f) => self
                    .state
                    .game
                    .zone_objects(Zone::Battlefield, controller)
                    .iter()
                    .filter(|&&id| {
                        cardstate_effects::matches_in(
                            &self.state.game,
                            f,
                            id,
                            Some(object),
                            controller,
                            InCombat::NONE,
                        )
                    })
                    .count() as i64,
                None => 1,
            };
            bonus.0 += i64::from(*power) * n;
            bonus.1 += i64::from(*toughness) * n;
            bonus.2 |= 1 << (k - 1).min(30);
        }
        if self.attached_is(c).is_some() {
            bonus.2 |= IS_BIT;
        }
        bonus
    }

    /// The abilities of card `c` that `applies` names (a bit each, in order: `bonus`).
    fn applying(&self, c: CardId, applies: u32) -> impl Iterator<Item = &'static Ability> {
        let abilities = match self.db().get(cardstate_effects::CardId(c)) {
            Some(card) => &card.abilities[..],
            None => &[],
        };
        abilities
            .iter()
            .filter(|a| matches!(a, Ability::Attached { .. }))
            .enumerate()
            .filter(move |&(k, _)| applies & 1 << k.min(30) != 0)
            .map(|(_, a)| a)
    }

    /// The continuous effects of a bonus on `to`, from `object` (of card `c`; they end when it
    /// leaves, 611.3a, or when `to` does): +N/+M (layer 7c), then each keyword of the
    /// abilities that apply in name order (layer 6), once.
    fn add_bonus(
        &mut self,
        object: u32,
        c: CardId,
        to: u32,
        (power, toughness, applies): Bonus,
        out: &mut SmallVec<[u32; 4]>,
    ) {
        if applies & IS_BIT != 0 {
            if let Some(is) = self.attached_is(c) {
                self.add_rewrite(object, is, to, out);
            }
        }
        let mut gains: BTreeMap<&'static str, u64> = BTreeMap::new();
        for a in self.applying(c, applies) {
            if let Ability::Attached { gains: g, .. } = a {
                for (name, &v) in g {
                    gains.entry(name.as_str()).or_insert(v);
                }
            }
        }
        let game = &mut self.state.game;
        let ids = [to];
        if power != 0 || toughness != 0 {
            out.extend(
                game.add_continuous_effect(
                    "modify_power_toughness",
                    AffectedSpec::Ids(&ids),
                    Some(object),
                    None,
                    None,
                    None,
                    Some(power),
                    Some(toughness),
                    false,
                )
                .ok(),
            );
        }
        for (k, v) in gains {
            let value = (k == "toxic").then_some(v);
            out.extend(
                game.add_continuous_effect(
                    "add_keyword",
                    AffectedSpec::Ids(&ids),
                    Some(object),
                    None,
                    Some(k),
                    value,
                    None,
                    None,
                    false,
                )
                .ok(),
            );
        }
    }

    /// The triggered abilities of the Auras and Equipment attached to what the events are
    /// about ("whenever equipped creature deals combat damage to a player"), in event order,
    /// then attachment order, then ability order, appended to `out`.
    pub(crate) fn fired_through_attachments(&self, events: &[GameEvent], out: &mut Vec<Fired>) {
        let game = &self.state.game;
        for ev in events {
            let (kind, about) = ev.parts(game);
            for a in self.state.attachments.0.iter().filter(|a| a.to == about) {
                let c = self.card_of(a.object);
                let Ok(e) = game.entity(a.object) else {
                    continue;
                };
                if c == NO_CARD || !e.is_permanent() {
                    continue;
                }
                let card = cardstate_effects::CardId(c);
                for (i, t) in self.db().card(card).triggered() {
                    if t.event == kind && t.subject == Selector::Attached {
                        out.push(Fired {
                            source: a.object,
                            controller: e.controller,
                            card,
                            ability: i as u16,
                            triggering: about,
                            amount: if t.carries_amount { ev.amount() } else { 0 },
                        });
                    }
                }
            }
        }
    }

    /// Ends the effects still live (an effect whose object left ended then).
    fn end_effects(&mut self, effects: &[u32]) {
        for &e in effects {
            let _ = self.state.game.end_continuous_effect(e);
        }
    }
}
