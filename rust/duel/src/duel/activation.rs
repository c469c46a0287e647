//! Activated abilities (602): whether one can be activated, and activating it: its costs paid
//! (602.2b, 601.2h), the permanent sacrificed or the cards discarded for them chosen by its
//! controller, then its targets (`Duel::start_targets`).

use cardstate_core::keywords::Keywords;
use cardstate_core::kinds;
use cardstate_core::Zone;
use cardstate_effects::model::Ability;
use smallvec::SmallVec;

use crate::actions;
use crate::cards::CardId;
use crate::duel::{Casting, Duel, ItemKind, Pending, MAX_TARGETS};

/// The permanents one of whose loyalty abilities was activated this turn (606.3); hashed only
/// when there are some (the pinned hashes stay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoyaltyUsed(pub SmallVec<[u32; 2]>);

impl std::hash::Hash for LoyaltyUsed {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            self.0.hash(h);
        }
    }
}

/// The abilities that say "Activate only once" that were activated (602.5b), each as its
/// permanent and ability index; hashed only when there are some (the pinned hashes stay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActivatedOnce(pub SmallVec<[(u32, u16); 2]>);

impl std::hash::Hash for ActivatedOnce {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            self.0.hash(h);
        }
    }
}

impl Duel {
    fn activation(
        &self,
        card: CardId,
        ability: u16,
    ) -> Option<&'static cardstate_effects::model::Activated> {
        match self
            .db()
            .card(cardstate_effects::CardId(card))
            .abilities
            .get(ability as usize)?
        {
            Ability::Activated(a) => Some(a),
            _ => None,
        }
    }

    /// Whether p may activate ability k of its permanent slot j now (602.2, 602.5).
    pub(crate) fn can_activate(
        &self,
        p: usize,
        j: usize,
        k: usize,
        avail: &crate::mana::Available,
    ) -> bool {
        let Some(&id) = self.battlefield(p).get(j) else {
            return false;
        };
        let c = self.card_of(id);
        let card = self.abilities_of(id, c);
        let Some(&ability) = card.activated.get(k) else {
            return false;
        };
        let Some(a) = self.activation(c, ability) else {
            return false;
        };
        if a.timing == cardstate_effects::Timing::Sorcery && !self.sorcery_timing(p) {
            return false;
        }
        // 602.5b: "Activate only once".
        if a.once && self.state.activated_once.0.contains(&(id, ability)) {
            return false;
        }
        let c = &a.cost;
        if c.tap {
            // 302.6: a creature's {T} ability needs it to have been controlled since the turn
            // began (or haste).
            let sick = self.is_sick(id) && self.is_creature(id);
            if self.is_tapped(id) || (sick && !self.has(id, Keywords::HASTE)) {
                return false;
            }
        }
        // "Equipped creature has '{1}, {T}, Tap ~: …'": the creature's {T} (302.6).
        let attached = if c.tap_attached {
            match self.state.attachments.attached_to(id) {
                Some(to) if self.can_tap_for_cost(to) => Some(to),
                _ => return false,
            }
        } else {
            None
        };
        if c.energy > 0 && self.energy(p) < c.energy {
            return false;
        }
        if let Some(r) = &c.remove_counters {
            if self
                .state
                .game
                .count_by_name(id, r.counter.as_str())
                .unwrap_or(0)
                < r.n
            {
                return false;
            }
        }
        if let Some(n) = c.loyalty {
            // 606.3: one loyalty ability of a permanent per turn; 606.4: "−N:" needs N
            // loyalty counters.
            if self.state.loyalty_used.0.contains(&id)
                || self.state.game.count(id, kinds::LOYALTY).unwrap_or(0) < n.min(0).unsigned_abs()
            {
                return false;
            }
        }
        if let Some(t) = &c.tap_untapped {
            // 602.2b: enough untapped permanents to tap besides the source tapped for {T}.
            let skip = c.tap.then_some(id);
            if self.untapped_to_tap(p, &t.filter, id, skip).count() < t.count as usize {
                return false;
            }
        }
        // 602.2b, 701.9a: as many cards in hand as the cost discards.
        if (c.discard as usize) > self.state.sides[p].hand.len() {
            return false;
        }
        if c.mana.is_some() {
            let mut avail = *avail;
            if c.tap {
                // {T} uses the source itself (counted in `avail` if it is one).
                avail.remove(card.produces);
            }
            if let Some(to) = attached {
                avail.remove(self.abilities_of(to, self.card_of(to)).produces);
            }
            if !avail.can_pay(&card.activation_mana[k], 0, self.life(p)) {
                return false;
            }
        }
        // The duel pays the costs before it asks for targets (`begin_activate`), so the
        // permanent sacrificed can't be one: the ability is offered only with another choice.
        if let Some(f) = &c.sacrifice_another {
            // 601.2h: some other permanent to sacrifice, and with it gone the targets.
            let gone = c.sacrifice.then_some(id);
            return self.battlefield(p).iter().any(|&s| {
                Some(s) != gone
                    && self.may_sacrifice(p, f, id, s)
                    && self.targets_available(
                        p,
                        &a.targets,
                        Some(id),
                        Some(s),
                        self.source_quality(id),
                    )
            });
        }
        self.targets_available(
            p,
            &a.targets,
            Some(id),
            c.sacrifice.then_some(id),
            self.source_quality(id),
        )
    }

    /// Whether the creature `id` may be tapped for its own {T} (302.6: untapped, a creature
    /// controlled since the turn began or with haste).
    fn can_tap_for_cost(&self, id: u32) -> bool {
        let sick = self.is_sick(id) && self.is_creature(id);
        self.is_creature(id) && !self.is_tapped(id) && (!sick || self.has(id, Keywords::HASTE))
    }

    /// The untapped permanents of p's matching `f` that a cost of `source` may tap (602.2b:
    /// any of them, summoning sick or not — 302.6 binds only a creature's own {T}), in
    /// battlefield order, less `skip` (the source, tapped for its {T}).
    fn untapped_to_tap<'a>(
        &'a self,
        p: usize,
        f: &'a cardstate_effects::model::Filter,
        source: u32,
        skip: Option<u32>,
    ) -> impl Iterator<Item = u32> + 'a {
        self.battlefield(p).iter().copied().filter(move |&s| {
            Some(s) != skip
                && !self.is_tapped(s)
                && cardstate_effects::targets::matches(
                    &self.state.game,
                    f,
                    s,
                    Some(source),
                    p as u32,
                )
        })
    }

    /// Whether p may sacrifice permanent `s` for a cost of ability source `source` that asks
    /// for another permanent matching `f` (701.21a: only a permanent p controls).
    fn may_sacrifice(
        &self,
        p: usize,
        f: &cardstate_effects::model::Filter,
        source: u32,
        s: u32,
    ) -> bool {
        s != source
            && cardstate_effects::targets::matches(&self.state.game, f, s, Some(source), p as u32)
    }

    /// The permanents the activating player may sacrifice for the cost being paid, as its
    /// permanent slots (each one leaving the ability's targets a legal choice).
    pub(crate) fn sacrifice_another_choices(&self, out: &mut Vec<u32>) {
        let cs = &self.state.casting;
        let p = cs.player as usize;
        let Some(a) = cs.ability.and_then(|k| self.activation(cs.card, k)) else {
            return;
        };
        let Some(f) = &a.cost.sacrifice_another else {
            return;
        };
        let slots = self
            .battlefield(p)
            .iter()
            .take(actions::PERMANENT_SLOTS as usize);
        for (j, &s) in slots.enumerate() {
            if self.may_sacrifice(p, f, cs.source, s)
                && self.targets_available(
                    p,
                    &a.targets,
                    Some(cs.source),
                    Some(s),
                    self.source_quality(cs.source),
                )
            {
                out.push(actions::MINE + j as u32);
            }
        }
    }

    /// The permanent in p's slot j is sacrificed for the cost (701.21a, 601.2h); the targets
    /// follow.
    pub(crate) fn sacrifice_another(&mut self, j: usize) {
        let id = self.battlefield(self.state.casting.player as usize)[j];
        if self.state.game.move_to(id, Zone::Graveyard).is_ok() {
            self.absorb_events();
        }
        self.cache.sba_due = true;
        self.discard_costs();
    }

    /// Whether p may activate the ability of the card `id` in its graveyard that functions
    /// there (113.6k, 602.2): its timing, its mana and its targets.
    pub(crate) fn can_activate_from_graveyard(
        &self,
        p: usize,
        id: u32,
        sorcery_timing: bool,
        mana: &mut Option<(crate::mana::Available, bool)>,
    ) -> bool {
        let c = self.card_of(id);
        let card = self.state.pool.facts(c);
        let Some(a) = card.graveyard_ability.and_then(|k| self.activation(c, k)) else {
            return false;
        };
        (sorcery_timing || a.timing == cardstate_effects::Timing::Instant)
            && self
                .mana_into(p, mana)
                .can_pay(&card.graveyard_activation_mana, 0, self.life(p))
            && self.targets_available(p, &a.targets, Some(id), None, self.source_quality(id))
    }

    /// Activates the ability of the card in p's graveyard slot `g` that functions there
    /// (113.6k): its mana paid (602.2h), then its targets; its source is the card.
    pub(crate) fn begin_activate_from_graveyard(&mut self, p: usize, g: usize) {
        let id = self.graveyard(p)[g];
        let card = self.card_of(id);
        let facts = self.state.pool.facts(card);
        let (Some(ability), m) = (facts.graveyard_ability, facts.graveyard_activation_mana) else {
            return self.give_priority(p as u8);
        };
        let a = self
            .activation(card, ability)
            .expect("an activated ability");
        self.pay(p, &m, 0, None);
        self.cache.sba_due = true;
        self.state.casting = Self::activation_casting(p, card, ability, id, &a.targets, 0);
        self.start_targets();
    }

    /// What p's activation of ability `ability` of card `card` (source `id`) is while its
    /// costs and targets are chosen (602.2): `discards` cards still to discard for its cost.
    fn activation_casting(
        p: usize,
        card: CardId,
        ability: u16,
        id: u32,
        targets: &[cardstate_effects::TargetSpec],
        discards: u8,
    ) -> Casting {
        Casting {
            kind: ItemKind::Activated,
            player: p as u8,
            card,
            ability: Some(ability),
            source: id,
            triggering: id,
            targets_needed: Self::targets_needed(targets).min(MAX_TARGETS) as u8,
            discards,
            ..Casting::default()
        }
    }

    /// Activates: with {X} in its cost, X is announced first (601.2b, 602.2b: the `number`
    /// decision, at most what p's mana can pay besides the rest); then the costs are paid
    /// (602.2h) and the targets follow.
    pub(crate) fn begin_activate(&mut self, p: usize, j: usize, k: usize) {
        let id = self.battlefield(p)[j];
        let card = self.card_of(id);
        let facts = self.abilities_of(id, card);
        let ability = facts.activated[k];
        let m = facts.activation_mana[k];
        if m.x > 0 {
            let a = self
                .activation(card, ability)
                .expect("an activated ability");
            let mut avail = self.available(p);
            if a.cost.tap {
                // {T} uses the source itself (counted in `avail` if it is one).
                avail.remove(facts.produces);
            }
            let max = avail.max_x(&m, self.life(p)).unwrap_or(0);
            self.state.casting = Self::activation_casting(p, card, ability, id, &a.targets, 0);
            self.state.casting.max_x = max.min(actions::MAX_NUMBER);
            self.state.pending = Pending::ChooseX;
            return;
        }
        self.pay_activation(p, id, k, 0);
    }

    /// X announced for the ability being activated (601.2b): its costs are paid.
    pub(crate) fn activate_with_x(&mut self, x: u32) {
        let cs = self.state.casting;
        let (p, id) = (cs.player as usize, cs.source);
        let facts = self.abilities_of(id, cs.card);
        match facts.activated.iter().position(|&a| Some(a) == cs.ability) {
            Some(k) => self.pay_activation(p, id, k, x),
            None => self.give_priority(p as u8),
        }
    }

    /// Pays the costs of ability k of p's permanent `id` (602.2h), X being `x`, and goes on to
    /// the permanent sacrificed, the cards discarded and the targets.
    fn pay_activation(&mut self, p: usize, id: u32, k: usize, x: u32) {
        let card = self.card_of(id);
        let ability = self.abilities_of(id, card).activated[k];
        let a = self
            .activation(card, ability)
            .expect("an activated ability");
        let c = &a.cost;
        if c.tap {
            let _ = self.state.game.tap(id);
        }
        if c.tap_attached {
            // 302.6: the equipped creature's {T}.
            if let Some(to) = self.state.attachments.attached_to(id) {
                let _ = self.state.game.tap(to);
            }
        }
        if let Some(t) = &c.tap_untapped {
            // 602.2b: the game's choice of which (the first in battlefield order).
            let chosen: SmallVec<[u32; 16]> = self
                .untapped_to_tap(p, &t.filter, id, c.tap.then_some(id))
                .take(t.count as usize)
                .collect();
            for s in chosen {
                let _ = self.state.game.tap(s);
            }
        }
        if c.mana.is_some() {
            let m = self.abilities_of(id, card).activation_mana[k];
            self.pay(p, &m, x, None);
        }
        if c.energy > 0 {
            let _ = self.state.game.pay_energy(p as u32, c.energy);
        }
        if let Some(r) = &c.remove_counters {
            let _ = self.state.game.pay_counters(id, r.counter.as_str(), r.n);
        }
        if let Some(n) = c.loyalty {
            // 606.4: put on or remove loyalty counters; 606.3: none of its loyalty abilities
            // again this turn.
            let _ = if n > 0 {
                self.state
                    .game
                    .add_counters_as_cost(id, kinds::LOYALTY, n.unsigned_abs())
            } else {
                self.state
                    .game
                    .pay_counters(id, kinds::LOYALTY, n.unsigned_abs())
            };
            self.state.loyalty_used.0.push(id);
        }
        if a.once {
            // 602.5b: activated now, it may not be again.
            self.state.activated_once.0.push((id, ability));
        }
        self.cache.sba_due = true;
        self.cache.cleanup_due = true;
        if c.sacrifice && self.state.game.move_to(id, Zone::Graveyard).is_ok() {
            self.absorb_events();
        }
        let discards = c.discard.min(u8::MAX as u32) as u8;
        self.state.casting = Self::activation_casting(p, card, ability, id, &a.targets, discards);
        self.state.casting.x = x;
        if c.sacrifice_another.is_some() {
            // 601.2h: which other permanent is sacrificed is the activating player's choice.
            self.state.pending = Pending::Sacrifice;
        } else {
            self.discard_costs();
        }
    }

    /// The cards to discard for the cost, one decision each (602.2b, 701.9a), then the targets.
    fn discard_costs(&mut self) {
        if self.state.casting.discards > 0 {
            self.state.pending = Pending::DiscardCost;
        } else {
            self.start_targets();
        }
    }

    /// 602.2b, 701.9a: the activating player discards the card of its hand slot `slot` for the
    /// cost; with the last one, the targets. A spell's additional cost (601.2h): the card is
    /// remembered ("the discarded card"); with the last one, the rest of the cost is paid.
    pub(crate) fn discard_for_cost(&mut self, slot: usize) {
        let p = self.state.casting.player as usize;
        let c = self.hand_mut(p).remove(slot);
        let id = self.discard_card(p, c);
        self.state.casting.discards -= 1;
        if self.state.casting.discarding {
            self.state.casting.discarded = Some(id);
            if self.state.casting.discards == 0 {
                self.state.casting.discarding = false;
                self.finish_cast();
            }
        } else if self.state.casting.discards == 0 {
            self.start_targets();
        }
    }
}
