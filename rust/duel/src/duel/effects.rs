//! Spells, abilities and triggers through the effects runtime (cardstate-effects): activated
//! abilities (602), triggered abilities (603) and resolution (608) with its choices as
//! decisions; their targets are `targets.rs`'s.

use cardstate_core::Zone;
use cardstate_effects::model::Ability;
use cardstate_effects::runtime::{Choice, ChoiceRequest, Ctx, Resolution};
use cardstate_effects::triggers::{fired_among_with_history, GameEvent};
use cardstate_effects::CardDb;

use crate::actions;
use crate::cards::CardId;
use crate::duel::host::DuelHost;
use crate::duel::{Casting, Duel, ItemKind, Pending, StackItem, MAX_TARGETS, NO_CARD};
use cardstate_core::keywords::{Keywords, Types};

/// A resolution waiting for its controller's answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Resolving {
    pub res: Resolution,
    pub item: StackItem,
    pub request: ChoiceRequest,
    /// Proliferate: the candidates, the one being decided, those chosen. The order of
    /// replacement effects (616.1): the effects chosen so far, in order (`index` unused).
    pub index: u32,
    pub chosen: Vec<u32>,
}

impl Duel {
    pub(crate) fn db(&self) -> &'static CardDb {
        self.state.pool.db()
    }

    /// Targets chosen (or none needed): the spell or ability goes on the stack.
    pub(crate) fn complete_casting(&mut self) {
        match self.state.casting.kind {
            ItemKind::Spell => self.finish_cast(),
            ItemKind::Activated => {
                let cs = self.state.casting;
                self.state.stack.push(StackItem {
                    kind: ItemKind::Activated,
                    object: cs.source,
                    card: cs.card,
                    ability: cs.ability,
                    controller: cs.player,
                    x: cs.x,
                    targets: cs.targets,
                    num_targets: cs.num_targets,
                    triggering: cs.source,
                    flashback: false,
                    kicked: false,
                    discarded: None,
                });
                // 602.2e: the activating player receives priority.
                self.give_priority(cs.player);
            }
            ItemKind::Triggered => {
                let cs = self.state.casting;
                self.state.stack.push(StackItem {
                    kind: ItemKind::Triggered,
                    object: cs.source,
                    card: cs.card,
                    ability: cs.ability,
                    controller: cs.player,
                    x: 0,
                    targets: cs.targets,
                    num_targets: cs.num_targets,
                    triggering: cs.triggering,
                    flashback: false,
                    kicked: false,
                    discarded: None,
                });
                self.state.trigger_queue.remove(0);
                self.state.pending = Pending::Priority;
            }
        }
    }

    // ----- activated abilities ----------------------------------------------------------

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
        let card = self.state.pool.facts(c);
        let Some(&ability) = card.activated.get(k) else {
            return false;
        };
        let Some(a) = self.activation(c, ability) else {
            return false;
        };
        if a.timing == cardstate_effects::Timing::Sorcery && !self.sorcery_timing(p) {
            return false;
        }
        let c = &a.cost;
        if c.tap {
            // 302.6: a creature's {T} ability needs it to have been controlled since the turn
            // began (or haste).
            let sick = self.is_sick(id) && card.is(Types::CREATURE);
            if self.is_tapped(id) || (sick && !self.has(id, Keywords::HASTE)) {
                return false;
            }
        }
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
                    && self.targets_available(p, &a.targets, Some(id), Some(s))
            });
        }
        self.targets_available(p, &a.targets, Some(id), c.sacrifice.then_some(id))
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
                && self.targets_available(p, &a.targets, Some(cs.source), Some(s))
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

    /// Activates: pays the costs (602.2h) and goes on to targets.
    pub(crate) fn begin_activate(&mut self, p: usize, j: usize, k: usize) {
        let id = self.battlefield(p)[j];
        let card = self.card_of(id);
        let ability = self.state.pool.facts(card).activated[k];
        let a = self
            .activation(card, ability)
            .expect("an activated ability");
        let c = &a.cost;
        if c.tap {
            let _ = self.state.game.tap(id);
        }
        if c.mana.is_some() {
            let m = self.state.pool.facts(card).activation_mana[k];
            self.pay(p, &m, 0);
        }
        if c.energy > 0 {
            let _ = self.state.game.pay_energy(p as u32, c.energy);
        }
        if let Some(r) = &c.remove_counters {
            let _ = self.state.game.pay_counters(id, r.counter.as_str(), r.n);
        }
        self.cache.sba_due = true;
        self.cache.cleanup_due = true;
        if c.sacrifice && self.state.game.move_to(id, Zone::Graveyard).is_ok() {
            self.absorb_events();
        }
        self.state.casting = Casting {
            kind: ItemKind::Activated,
            player: p as u8,
            card,
            ability: Some(ability),
            source: id,
            triggering: id,
            targets_needed: Self::targets_needed(&a.targets).min(MAX_TARGETS) as u8,
            discards: c.discard.min(u8::MAX as u32) as u8,
            ..Casting::default()
        };
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

    /// Asks for targets if there are any, else completes.
    pub(crate) fn start_targets(&mut self) {
        if self.state.casting.targets_needed > 0 {
            self.state.pending = Pending::Target;
        } else {
            self.complete_casting();
        }
    }

    // ----- triggered abilities --------------------------------------------------------------

    /// The trigger events (bits of `TriggerEvent`) the permanents on the battlefield wait
    /// for about other objects, and about themselves or their controller: a cheap filter
    /// before asking the runtime which abilities trigger.
    fn listening(&self) -> (u32, u32) {
        // Abilities that function from a graveyard (113.6k) may wait in any graveyard.
        let (mut other, mut own) = (0, self.db().graveyard_listens());
        for p in 0..2 {
            for &id in self.battlefield(p) {
                let c = self.card_of(id);
                if c != NO_CARD {
                    let f = self.state.pool.facts(c);
                    other |= f.listens_other;
                    own |= f.listens;
                }
            }
        }
        (other, own)
    }

    /// Whether the runtime could find a triggered ability for this event: a permanent waits
    /// for its kind about other objects, the event's object waits for it about itself, or a
    /// player-scoped event ("you cast", "your upkeep", "you proliferate", "you gain life", "the
    /// beginning of combat on your turn") has a listener.
    /// `listening`, remembered while the battlefields are unchanged (`Cache::listening_at`).
    fn listening_now(&mut self) -> (u32, u32) {
        let n = self.battlefield_changes();
        let listening = match self.cache.listening_at {
            Some((at, listening)) if at == n => listening,
            _ => {
                let listening = self.listening();
                self.cache.listening_at = Some((n, listening));
                listening
            }
        };
        debug_assert_eq!(
            listening,
            self.listening(),
            "the battlefields are unchanged"
        );
        listening
    }

    /// The permanents with triggered abilities, in id order (as the runtime lists the
    /// abilities), into `perms`.
    fn triggering_permanents(&self, perms: &mut Vec<(u32, cardstate_effects::CardId)>) {
        perms.clear();
        for p in 0..2 {
            for &id in self.battlefield(p) {
                let c = self.card_of(id);
                if c != NO_CARD && self.state.pool.facts(c).triggers() {
                    perms.push((id, cardstate_effects::CardId(c)));
                }
            }
        }
        perms.sort_unstable_by_key(|p| p.0);
    }

    /// The permanents with triggered abilities and the cards in graveyards with abilities that
    /// function there (113.6k), in id order: the sources a pool with such cards looks at.
    #[inline(never)]
    fn with_graveyard_triggers(&self) -> Vec<(u32, cardstate_effects::CardId)> {
        let mut out = self.cache.permanents.clone();
        for p in 0..2 {
            for &id in self.graveyard(p) {
                let c = self.card_of(id);
                if c != NO_CARD
                    && self
                        .db()
                        .card(cardstate_effects::CardId(c))
                        .triggered()
                        .any(|(_, t)| t.from_graveyard)
                {
                    out.push((id, cardstate_effects::CardId(c)));
                }
            }
        }
        out.sort_unstable_by_key(|p| p.0);
        out
    }

    /// `permanents` made current: kept while the battlefields are unchanged
    /// (`Cache::permanents_at`).
    fn triggering_permanents_now(&mut self) {
        let n = self.battlefield_changes();
        if self.cache.permanents_at != Some(n) {
            let mut perms = std::mem::take(&mut self.cache.permanents);
            self.triggering_permanents(&mut perms);
            self.cache.permanents = perms;
            self.cache.permanents_at = Some(n);
        }
        #[cfg(debug_assertions)]
        {
            let mut again = Vec::new();
            self.triggering_permanents(&mut again);
            debug_assert_eq!(
                again, self.cache.permanents,
                "the battlefields are unchanged"
            );
        }
    }

    /// Keeps event `e` for the next collection of triggers only if a permanent waits for it
    /// (`collect_triggers` would drop it): most casts and upkeeps trigger nothing.
    pub(crate) fn note_if_listened(&mut self, e: GameEvent) {
        let listening = self.listening_now();
        if self.may_trigger(&e, listening) {
            self.state.events.push(e);
        }
    }

    /// Player `p` drew a card (121.2): counted for "your second card each turn" where the
    /// pool's cards wait for it, and kept as an event if a permanent waits for draws.
    pub(crate) fn note_drew(&mut self, p: usize) {
        let drawn = &mut self.state.history.1[p & 1];
        if self.state.pool.db().counts_draws() {
            *drawn = drawn.saturating_add(1);
        }
        let nth = u32::from(*drawn);
        self.note_if_listened(GameEvent::Drew {
            player: p as u32,
            nth,
        });
    }

    fn may_trigger(&self, e: &GameEvent, (other, own): (u32, u32)) -> bool {
        use cardstate_effects::TriggerEvent as T;
        let about_self = |object: u32, t: T| {
            let c = self.card_of(object);
            c != NO_CARD && self.state.pool.facts(c).listens & (1 << t as u32) != 0
        };
        let hit = |object: u32, t: T| other & (1 << t as u32) != 0 || about_self(object, t);
        // Dying is leaving the battlefield too (603.6c).
        let hit_any = |object: u32, bits: u32| {
            let c = self.card_of(object);
            other & bits != 0 || c != NO_CARD && self.state.pool.facts(c).listens & bits != 0
        };
        let scoped = |t: T| (other | own) & (1 << t as u32) != 0;
        match *e {
            GameEvent::Entered { object } => hit(object, T::Enters),
            GameEvent::EnteredKicked { object } => hit_any(object, T::EntersKicked.bits()),
            GameEvent::Died { object } => hit_any(object, T::Dies.bits()),
            GameEvent::LeftBattlefield { object } => hit(object, T::LeavesBattlefield),
            GameEvent::Damage { source, .. } => {
                hit(source, T::DealsDamage) || hit(source, T::DealsCombatDamageToPlayer)
            }
            GameEvent::CountersPut { target, .. } => hit(target, T::CountersPut),
            GameEvent::Attacks { attacker } => hit(attacker, T::Attacks),
            GameEvent::BecomesBlocked { attacker } => hit(attacker, T::BecomesBlocked),
            GameEvent::BecomesTarget { target, .. } => hit(target, T::BecomesTarget),
            GameEvent::Cast { .. } => scoped(T::YouCast),
            GameEvent::Upkeep { .. } => scoped(T::Upkeep),
            GameEvent::Proliferated { .. } => scoped(T::YouProliferate),
            GameEvent::LifeGained { .. } => scoped(T::YouGainLife),
            GameEvent::BeginningOfCombat { .. } => scoped(T::BeginningOfCombat),
            GameEvent::EndStep { .. } => scoped(T::EndStep),
            GameEvent::Drew { .. } => (other | own) & T::YouDraw.bits() != 0,
            GameEvent::Attacked { .. } => (other | own) & T::YouAttack.bits() != 0,
        }
    }

    /// 603.3: the abilities triggered since the last time are put on the stack, the active
    /// player's first (APNAP, 603.3b; each player's in the order the runtime lists them).
    /// Returns whether a decision (a target) is needed.
    pub(crate) fn put_triggers_on_stack(&mut self) -> bool {
        self.collect_triggers();
        self.put_waiting_triggers_on_stack()
    }

    /// 603.2: the abilities the events since the last time triggered wait in
    /// `trigger_queue`, the active player's first (603.3b).
    pub(crate) fn collect_triggers(&mut self) {
        if !self.state.events.is_empty() {
            let db = self.db();
            let mut listening = self.listening_now();
            let mut events = std::mem::take(&mut self.state.events);
            // 603.10a: a creature that died waits, as it last existed, for the deaths of those
            // that died with it.
            let dies = cardstate_effects::TriggerEvent::Dies.bits();
            if events.iter().any(|e| match *e {
                GameEvent::Died { object } => {
                    let c = self.card_of(object);
                    c != NO_CARD && self.state.pool.facts(c).listens_other & dies != 0
                }
                _ => false,
            }) {
                listening.0 |= dies;
            }
            events.retain(|e| self.may_trigger(e, listening));
            if !events.is_empty() {
                let mut out = std::mem::take(&mut self.cache.fired);
                out.clear();
                self.triggering_permanents_now();
                let card_of = |id: u32| {
                    let c = self.card_of(id);
                    (c != NO_CARD).then_some(cardstate_effects::CardId(c))
                };
                let with_graveyards;
                let sources = if db.triggers_from_graveyard() {
                    with_graveyards = self.with_graveyard_triggers();
                    &with_graveyards[..]
                } else {
                    &self.cache.permanents[..]
                };
                fired_among_with_history(
                    db,
                    &self.state.game,
                    &events,
                    sources,
                    &card_of,
                    self.state.history.0,
                    &mut out,
                );
                let a = self.state.active as u32;
                out.sort_by_key(|f| f.controller != a);
                self.state.trigger_queue.extend(out.iter().copied());
                self.cache.fired = out;
            }
            events.clear();
            self.state.events = events;
        }
    }

    /// The waiting triggered abilities go on the stack (603.3); returns whether a decision (a
    /// target) is needed.
    fn put_waiting_triggers_on_stack(&mut self) -> bool {
        self.cache.changes += 1;
        while let Some(&f) = self.state.trigger_queue.first() {
            let specs = self.target_specs(f.card.0, Some(f.ability));
            let p = (f.controller & 1) as usize;
            if !self.targets_available(p, specs, Some(f.source), None) {
                // 603.3d: no legal targets: removed from the stack.
                self.state.trigger_queue.remove(0);
                continue;
            }
            self.state.casting = Casting {
                kind: ItemKind::Triggered,
                player: p as u8,
                card: f.card.0,
                ability: Some(f.ability),
                source: f.source,
                triggering: f.triggering,
                targets_needed: Self::targets_needed(specs).min(MAX_TARGETS) as u8,
                ..Casting::default()
            };
            if self.state.casting.targets_needed > 0 {
                self.state.pending = Pending::Target;
                return true;
            }
            self.complete_casting();
        }
        false
    }

    // ----- resolution ---------------------------------------------------------------------

    /// Resolves an item with a program (608.2): runs it; a choice becomes a decision.
    pub(crate) fn resolve_program(&mut self, item: StackItem) {
        let db = self.db();
        let ability = item.ability.expect("an ability");
        if item.kind == ItemKind::Triggered
            && self.state.pool.facts(item.card).madness == Some(ability)
        {
            return self.resolve_madness(item);
        }
        let mut ctx = Ctx::ability(
            cardstate_effects::CardId(item.card),
            ability,
            item.controller as u32,
        )
        .with_source(item.object)
        .with_targets(&item.targets[..item.num_targets as usize])
        .with_x(item.x as u64)
        .with_history(self.state.history.0);
        if let Some(card) = item.discarded {
            ctx = ctx.with_discarded(card);
        }
        let (attacking, blocking) = self.in_combat();
        if !attacking.is_empty() {
            // 506.4: the creatures in combat as it resolves, for filters that ask.
            ctx = ctx.with_combat(&attacking, &blocking);
        }
        if item.kind == ItemKind::Triggered {
            ctx = ctx.with_triggering(item.triggering);
        }
        match Resolution::new(db, ctx) {
            Ok(mut res) => {
                // 616.1: the affected player orders the replacement effects (a decision).
                res.order_effects = true;
                self.continue_resolution(res, item)
            }
            Err(_) => self.after_resolution(item, Default::default()),
        }
    }

    fn continue_resolution(&mut self, mut res: Resolution, item: StackItem) {
        let db = self.db();
        let before = self.state.game.num_entities();
        // The players of the cards drawn, in order (`note_drew`).
        let mut drew = smallvec::SmallVec::<[u8; 4]>::new();
        let step = {
            let mut host = DuelHost {
                sides: &mut self.state.sides,
                hand_changes: &mut self.cache.hand_changes,
                db,
                drew: &mut drew,
                may_play: &mut self.state.may_play,
                trigger_queue: &mut self.state.trigger_queue,
                turn: self.state.turn,
                active: self.state.active,
            };
            res.run_with(&mut self.state.game, db, &mut host)
        };
        for &p in &drew {
            self.note_drew(p as usize);
        }
        self.cache.sba_due = true;
        self.cache.cleanup_due = true;
        self.absorb_events();
        self.note_created(before);
        match step {
            Ok(cardstate_effects::Step::Done(outcome)) => self.after_resolution(item, outcome),
            Ok(cardstate_effects::Step::Choice(req)) => {
                let candidates = match &req {
                    ChoiceRequest::Proliferate { candidates } => candidates.len(),
                    _ => 1,
                };
                if matches!(req, ChoiceRequest::Callback { .. }) || candidates == 0 {
                    // No Python here; an empty proliferate has nothing to choose.
                    let answer = match req {
                        ChoiceRequest::Proliferate { .. } => Choice::Proliferate(Vec::new()),
                        _ => Choice::Done,
                    };
                    if res.answer(answer).is_ok() {
                        return self.continue_resolution(res, item);
                    }
                    return self.after_resolution(item, Default::default());
                }
                self.state.resolving = Some(Box::new(Resolving {
                    res,
                    item,
                    request: req,
                    index: 0,
                    chosen: Vec::new(),
                }));
                self.state.pending = Pending::Resolve;
            }
            // The runtime refused (an effect it can't run): the rest does nothing.
            Err(_) => self.after_resolution(item, Default::default()),
        }
    }

    /// The decision for a resolution choice.
    pub(crate) fn legal_resolve_actions(&self, out: &mut Vec<u32>) {
        let Some(r) = &self.state.resolving else {
            return;
        };
        match &r.request {
            ChoiceRequest::May { .. } | ChoiceRequest::Proliferate { .. } => {
                out.push(crate::actions::YES);
                out.push(crate::actions::NO);
            }
            ChoiceRequest::Amount { .. } => self.legal_numbers(out),
            ChoiceRequest::Callback { .. } => {}
            ChoiceRequest::Order { effects, .. } => {
                let left = effects.len() - r.chosen.len();
                out.extend((0..left as u32).map(|k| crate::actions::OPTION + k));
            }
            // 701.9b: a card of the hand not chosen yet; of equal cards only the first slot.
            // The hand is read from the side (a resample for the opponent deals it again).
            ChoiceRequest::Discard { player, .. } => {
                let hand = &self.state.sides[*player as usize & 1].hand;
                for (i, &c) in hand.iter().enumerate().take(actions::HAND_SLOTS as usize) {
                    let free = |j: usize| !r.chosen.contains(&(j as u32));
                    if free(i) && !(0..i).any(|j| hand[j] == c && free(j)) {
                        out.push(actions::HAND + i as u32);
                    }
                }
            }
        }
    }

    /// A card to discard is chosen (701.9b); with the last one the choice goes to the
    /// runtime, which goes on.
    pub(crate) fn resolve_discard(&mut self, slot: u32) {
        let mut r = self.state.resolving.take().expect("a resolution waiting");
        let ChoiceRequest::Discard { n, .. } = r.request else {
            self.state.resolving = Some(r);
            return;
        };
        r.chosen.push(slot);
        if r.chosen.len() < n as usize {
            self.state.resolving = Some(r);
            return;
        }
        let Resolving {
            mut res,
            item,
            chosen,
            ..
        } = *r;
        if res.answer(Choice::Discard(chosen)).is_ok() {
            self.continue_resolution(res, item);
        } else {
            self.after_resolution(item, Default::default());
        }
    }

    /// The effects of a resolution's order choice (616.1) not yet chosen, in the kernel's
    /// order, and the deciding player; None if no such choice is waiting.
    pub(crate) fn resolve_order_choice(
        &self,
        ids: &mut smallvec::SmallVec<[u32; 8]>,
    ) -> Option<u8> {
        ids.clear();
        let r = self.state.resolving.as_ref()?;
        let ChoiceRequest::Order {
            player, effects, ..
        } = &r.request
        else {
            return None;
        };
        ids.extend(effects.iter().copied().filter(|e| !r.chosen.contains(e)));
        Some(*player as u8)
    }

    /// The deciding player applies effect `k` of those still to be ordered next (616.1); with
    /// one left, it comes last and the order goes to the runtime, which goes on.
    pub(crate) fn resolve_order(&mut self, k: usize) {
        let mut left = smallvec::SmallVec::new();
        if self.resolve_order_choice(&mut left).is_none() {
            return;
        }
        let mut r = self.state.resolving.take().expect("a resolution waiting");
        r.chosen.push(left[k]);
        if left.len() > 2 {
            self.state.resolving = Some(r);
            return;
        }
        r.chosen.push(left[1 - k]);
        let Resolving {
            mut res,
            item,
            chosen,
            ..
        } = *r;
        if res.answer(Choice::Order(chosen)).is_ok() {
            self.continue_resolution(res, item);
        } else {
            self.after_resolution(item, Default::default());
        }
    }

    pub(crate) fn resolve_decision(&mut self, yes: Option<bool>, amount: Option<u32>) {
        let mut r = self.state.resolving.take().expect("a resolution waiting");
        let answer = match &r.request {
            ChoiceRequest::May { .. } => Choice::May(yes.unwrap_or(false)),
            ChoiceRequest::Amount { .. } => Choice::Amount(amount.unwrap_or(0) as u64),
            ChoiceRequest::Proliferate { candidates } => {
                if yes == Some(true) {
                    r.chosen.push(candidates[r.index as usize]);
                }
                r.index += 1;
                if (r.index as usize) < candidates.len() {
                    self.state.resolving = Some(r);
                    return;
                }
                Choice::Proliferate(std::mem::take(&mut r.chosen))
            }
            ChoiceRequest::Callback { .. } => Choice::Done,
            // Answered by `resolve_order` (an option) or `resolve_discard` (hand slots), never
            // by yes, no or an amount.
            ChoiceRequest::Order { .. } | ChoiceRequest::Discard { .. } => {
                self.state.resolving = Some(r);
                return;
            }
        };
        let Resolving { mut res, item, .. } = *r;
        if res.answer(answer).is_ok() {
            self.continue_resolution(res, item);
        } else {
            self.after_resolution(item, Default::default());
        }
    }

    /// The proliferate candidate being decided, if a proliferate is.
    pub fn proliferate_candidate(&self) -> Option<u32> {
        let r = self.state.resolving.as_ref()?;
        match &r.request {
            ChoiceRequest::Proliferate { candidates } => candidates.get(r.index as usize).copied(),
            _ => None,
        }
    }

    /// The resolution is over: an instant or sorcery goes to the graveyard (608.2n), the
    /// active player receives priority (117.3b).
    fn after_resolution(&mut self, item: StackItem, outcome: cardstate_effects::Outcome) {
        if outcome.proliferated {
            self.state.events.push(GameEvent::Proliferated {
                player: item.controller as u32,
            });
        }
        if item.kind == ItemKind::Spell {
            let on_stack = self
                .state
                .game
                .entity(item.object)
                .is_ok_and(|e| !e.gone && e.zone == Zone::Stack);
            // 608.2n; 702.34a: a spell cast with flashback is exiled instead.
            let to = if item.flashback {
                Zone::Exile
            } else {
                Zone::Graveyard
            };
            if on_stack && self.state.game.move_to(item.object, to).is_ok() {
                self.absorb_events();
            }
        }
        if self.state.stack.iter().any(|s| s.flashback) {
            self.exile_flashback_countered();
        }
        self.give_priority(self.state.active);
    }

    /// 702.34a: a spell cast with flashback that left the stack for its owner's graveyard
    /// (countered by the resolution just over) is exiled instead; its stack entry, which
    /// resolves to nothing, follows it.
    #[inline(never)]
    fn exile_flashback_countered(&mut self) {
        for i in 0..self.state.stack.len() {
            let item = self.state.stack[i];
            if !item.flashback {
                continue;
            }
            let Ok(e) = self.state.game.entity(item.object) else {
                continue;
            };
            if !e.gone || e.new_id == item.object {
                continue;
            }
            let moved = e.new_id;
            let in_graveyard = self
                .state
                .game
                .entity(moved)
                .is_ok_and(|n| !n.gone && n.zone == Zone::Graveyard);
            if in_graveyard && self.state.game.move_to(moved, Zone::Exile).is_ok() {
                self.absorb_events();
            }
            self.state.stack[i].flashback = false;
        }
    }

    /// Objects the runtime made since entity `from` (tokens, and the new objects of moves):
    /// their printed cards are noted (`Cache::card_of_printed`) and a legendary one makes the
    /// legend rule worth looking at (`note_legendary`).
    pub(crate) fn note_created(&mut self, from: u32) {
        let n = self.state.game.num_entities();
        for id in from..n {
            self.note_legendary(id);
            let c = self.card_of(id);
            if c != NO_CARD {
                self.note_printed(id, c);
            }
        }
    }

    /// "Enters with counters" (614.1c) for a permanent spell that resolved.
    pub(crate) fn entered(&mut self, card: CardId, id: u32, x: u32) {
        if cardstate_effects::place::enters_with_history(
            self.db(),
            &mut self.state.game,
            cardstate_effects::CardId(card),
            id,
            x as u64,
            self.state.history.0,
        )
        .is_ok()
        {
            self.absorb_events();
        }
    }
}
