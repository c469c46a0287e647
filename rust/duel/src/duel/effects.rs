//! Spells, abilities and triggers through the effects runtime (cardstate-effects): triggered
//! abilities (603) and resolution (608) with its choices as decisions; activating abilities is
//! `activation.rs`'s, their targets `targets.rs`'s.

use cardstate_core::Zone;
use cardstate_effects::runtime::{Choice, ChoiceRequest, Ctx, Resolution};
use cardstate_effects::triggers::{fired_among_with_history, fired_gained, GameEvent};
use cardstate_effects::CardDb;

use super::host::DuelHost;
use crate::cards::CardId;
use crate::duel::{Casting, Duel, ItemKind, Pending, StackItem, MAX_TARGETS, NO_CARD};

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
                    // The amount its event carried ("that many"; 0 for most).
                    x: cs.x,
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

    /// Asks for targets if there are any, else completes.
    pub(crate) fn start_targets(&mut self) {
        if self.state.casting.targets_needed > 0 {
            self.ask_target();
        } else {
            self.complete_casting();
        }
    }

    // ----- triggered abilities --------------------------------------------------------------

    /// The trigger events (bits of `TriggerEvent`) the permanents on the battlefield and the
    /// emblems wait for about other objects, and about themselves or their controller: a cheap filter
    /// before asking the runtime which abilities trigger.
    fn listening(&self) -> (u64, u64) {
        // Abilities that function from a graveyard (113.6k) may wait in any graveyard.
        let (mut other, mut own) = (0, self.db().graveyard_listens());
        for p in 0..2 {
            // An emblem's abilities function in the command zone (114.4).
            for &id in self.battlefield(p).iter().chain(self.emblems(p)) {
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
    fn listening_now(&mut self) -> (u64, u64) {
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
            // An emblem's abilities function in the command zone (114.4).
            for &id in self.battlefield(p).iter().chain(self.emblems(p)) {
                let c = self.card_of(id);
                if c != NO_CARD && self.state.pool.facts(c).triggers() {
                    perms.push((id, cardstate_effects::CardId(c)));
                }
            }
        }
        perms.sort_unstable_by_key(|p| p.0);
    }

    /// The permanents with triggered abilities and the cards in graveyards with abilities that
    /// function there (113.6k), in id order, into `out`: the sources a pool with such cards
    /// looks at.
    fn with_graveyard_triggers(&self, out: &mut Vec<(u32, cardstate_effects::CardId)>) {
        out.clear();
        out.extend_from_slice(&self.cache.permanents);
        for p in 0..2 {
            for &id in self.graveyard(p) {
                let c = self.card_of(id);
                if c != NO_CARD && self.state.pool.facts(c).triggers_from_graveyard {
                    out.push((id, cardstate_effects::CardId(c)));
                }
            }
        }
        out.sort_unstable_by_key(|p| p.0);
    }

    /// `sources` made current (after `permanents`): kept while the battlefields and the
    /// graveyards are unchanged (`Cache::sources_at`).
    #[inline(never)]
    fn sources_with_graveyards_now(&mut self) {
        let g = &self.state.game;
        let at = (
            self.battlefield_changes(),
            [g.graveyard_changes_of(0), g.graveyard_changes_of(1)],
        );
        if self.cache.sources_at != Some(at) {
            let mut sources = std::mem::take(&mut self.cache.sources);
            self.with_graveyard_triggers(&mut sources);
            self.cache.sources = sources;
            self.cache.sources_at = Some(at);
        }
        #[cfg(debug_assertions)]
        {
            let mut again = Vec::new();
            self.with_graveyard_triggers(&mut again);
            debug_assert_eq!(
                again, self.cache.sources,
                "the battlefields and graveyards are unchanged"
            );
        }
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

    /// The permanents that untapped (502.3, 701.26b), in order: each kept as an event if a
    /// permanent waits for it ("whenever equipped creature becomes untapped"); one still tapped
    /// (a stun counter removed instead, 122.1d) didn't untap.
    pub(crate) fn note_untapped(&mut self, ids: &[u32]) {
        if ids.is_empty() {
            return;
        }
        let listening = self.listening_now();
        for &object in ids {
            let e = GameEvent::Untapped { object };
            let untapped = self.state.game.entity(object).is_ok_and(|x| !x.tapped);
            if untapped && self.may_trigger(&e, listening) {
                self.state.events.push(e);
            }
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

    /// A kernel damage event: noncombat damage a source dealt to an opponent of its controller
    /// (120.2; the controller as it is, or as it last existed) is kept as an event if a
    /// permanent waits for it ("whenever a source you control deals noncombat damage to an
    /// opponent").
    pub(crate) fn note_noncombat_damage(&mut self, e: &cardstate_core::Event) {
        let (Some(source), Some(target)) = (e.source(), e.target()) else {
            return;
        };
        let game = &self.state.game;
        if !game.entity(target).is_ok_and(|t| t.is_player) {
            return;
        }
        let Ok(player) = game.entity(source).map(|s| s.controller) else {
            return;
        };
        if player != target {
            self.note_if_listened(GameEvent::NoncombatDamageToOpponent {
                player,
                amount: e.amount().unwrap_or(0),
            });
        }
    }

    /// "You have no maximum hand size." (402.2): a permanent of p's says so.
    pub(crate) fn no_maximum_hand_size(&self, p: usize) -> bool {
        self.state.pool.db().lifts_hand_size()
            && self.battlefield(p).iter().any(|&id| {
                let c = self.card_of(id);
                c != NO_CARD && self.abilities_of(id, c).no_maximum_hand_size
            })
    }

    /// Player `p` gained life (119.9): counted, and its first life gain this turn kept as an
    /// event if a permanent waits for it ("for the first time each turn").
    pub(crate) fn note_life_gain(&mut self, p: u32) {
        let gains = &mut self.state.history.2[p as usize & 1];
        *gains = gains.saturating_add(1);
        if *gains == 1 {
            let own_turn = p as usize & 1 == self.state.active as usize;
            self.note_if_listened(GameEvent::FirstLifeGain {
                player: p,
                own_turn,
            });
        }
    }

    fn may_trigger(&self, e: &GameEvent, (other, own): (u64, u64)) -> bool {
        use cardstate_effects::TriggerEvent as T;
        let about_self = |object: u32, t: T| {
            let c = self.card_of(object);
            c != NO_CARD && self.state.pool.facts(c).listens & (1 << t as u32) != 0
        };
        let hit = |object: u32, t: T| other & (1 << t as u32) != 0 || about_self(object, t);
        // Dying is leaving the battlefield too (603.6c).
        let hit_any = |object: u32, bits: u64| {
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
                hit(source, T::DealsDamage)
                    || hit(source, T::DealsCombatDamageToPlayer)
                    || hit(source, T::DealsCombatDamageYourTurn)
            }
            GameEvent::CountersPut { target, .. } => hit(target, T::CountersPut),
            GameEvent::Attacks { attacker } => hit(attacker, T::Attacks),
            GameEvent::BecomesBlocked { attacker } => hit(attacker, T::BecomesBlocked),
            GameEvent::BecomesTarget { target, .. } => hit_any(target, T::BecomesTarget.bits()),
            GameEvent::Cast { .. } => (other | own) & T::YouCast.bits() != 0,
            GameEvent::Upkeep { .. } => scoped(T::Upkeep),
            GameEvent::Proliferated { .. } => scoped(T::YouProliferate),
            GameEvent::LifeGained { .. } => scoped(T::YouGainLife),
            GameEvent::BeginningOfCombat { .. } => scoped(T::BeginningOfCombat),
            GameEvent::EndStep { .. } => (other | own) & T::EndStep.bits() != 0,
            GameEvent::Drew { .. } => (other | own) & T::YouDraw.bits() != 0,
            GameEvent::Attacked { .. } => (other | own) & T::YouAttack.bits() != 0,
            GameEvent::FirstLifeGain { .. } => (other | own) & T::YouGainLifeFirst.bits() != 0,
            GameEvent::CastOnOpponentsTurn { .. } => scoped(T::YouCastOnOpponentsTurn),
            GameEvent::PlusOneCountersPut { target } => hit(target, T::PlusOneCountersPut),
            GameEvent::LifeLost { .. } => scoped(T::OpponentLosesLife),
            GameEvent::NoncombatDamageToOpponent { .. } => scoped(T::NoncombatDamageToOpponent),
            GameEvent::Untapped { object } => hit(object, T::BecomesUntapped),
        }
    }

    /// 603.3: the abilities triggered since the last time are put on the stack, the active
    /// player's first (APNAP, 603.3b; each player's in the order the runtime lists them).
    /// Returns whether a decision (a mode, 603.3c, or a target) is needed.
    pub(crate) fn put_triggers_on_stack(&mut self) -> bool {
        self.collect_triggers();
        self.put_waiting_triggers_on_stack()
    }

    /// 603.2: the abilities the events since the last time triggered wait in
    /// `trigger_queue`, the active player's first (603.3b).
    pub(crate) fn collect_triggers(&mut self) {
        if !self.state.exiled_until.0.is_empty() {
            self.return_exiled_until();
        }
        if !self.state.dies_triggers.0.is_empty() {
            self.fire_dies_triggers();
        }
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
                let graveyards = db.triggers_from_graveyard();
                if graveyards {
                    self.sources_with_graveyards_now();
                }
                let card_of = |id: u32| {
                    let c = self.card_of(id);
                    (c != NO_CARD).then_some(cardstate_effects::CardId(c))
                };
                let sources = if graveyards {
                    &self.cache.sources[..]
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
                if !self.state.gained_abilities.0.is_empty() {
                    // 613.1f: the abilities permanents gained, after their own.
                    fired_gained(
                        db,
                        &self.state.game,
                        &events,
                        &self.state.gained_abilities.0,
                        self.state.history.0,
                        &mut out,
                    );
                }
                if !self.state.attachments.0.is_empty() {
                    self.fired_through_attachments(&events, &mut out);
                }
                if !self.state.attachments.0.is_empty() || !self.state.attachments.1.is_empty() {
                    // 613.1f: an object without abilities triggers nothing.
                    self.drop_without_abilities(&mut out);
                }
                if db.once_each_turn() {
                    // 603.2h: an ability that triggers only once each turn, once per object.
                    let once = &mut self.state.fired_once.0;
                    out.retain(|f| {
                        if !db.triggers_once_each_turn(f.card, f.ability) {
                            return true;
                        }
                        let key = (f.source, f.ability);
                        let first = !once.contains(&key);
                        if first {
                            once.push(key);
                        }
                        first
                    });
                }
                let a = self.state.active as u32;
                out.sort_by_key(|f| f.controller != a);
                self.state.trigger_queue.extend(out.iter().copied());
                self.cache.fired = out;
            }
            events.clear();
            self.state.events = events;
        }
    }

    /// 603.7a-c: the delayed triggered abilities waiting for the beginning of the next end step
    /// trigger, once each (they are gone from the waiting list), after the abilities the
    /// step's beginning triggered; the active player's first (APNAP, 603.3b).
    pub(crate) fn trigger_delayed(&mut self) {
        self.collect_triggers();
        let delayed = std::mem::take(&mut self.state.delayed.0);
        self.state.trigger_queue.extend(delayed);
        let a = self.state.active as u32;
        self.state.trigger_queue.sort_by_key(|f| f.controller != a);
    }

    /// The waiting triggered abilities go on the stack (603.3); returns whether a decision (a
    /// mode, 603.3c, or a target) is needed.
    fn put_waiting_triggers_on_stack(&mut self) -> bool {
        self.cache.changes += 1;
        while let Some(&f) = self.state.trigger_queue.first() {
            let specs = self.target_specs(f.card.0, Some(f.ability));
            let p = (f.controller & 1) as usize;
            let modes = self.trigger_modes(f.card.0, f.ability);
            let choosable = if modes.is_empty() {
                self.targets_available(
                    p,
                    specs,
                    Some(f.source),
                    None,
                    self.source_quality(f.source),
                )
            } else {
                // 603.3c: a mode whose targets can't be chosen can't be chosen.
                modes
                    .iter()
                    .any(|&m| self.mode_available(p, f.card.0, m, Some(f.source)))
            };
            if !choosable {
                // 603.3c, 603.3d: no legal targets (no mode to choose): removed from the stack.
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
                // "That many" (603.2): the amount its event carried, kept as the item's.
                x: f.amount.min(u32::MAX as u64) as u32,
                targets_needed: Self::targets_needed(specs).min(MAX_TARGETS) as u8,
                ..Casting::default()
            };
            if !modes.is_empty() {
                // 603.3c: its controller chooses the mode as it is put on the stack.
                self.state.pending = Pending::Mode;
                return true;
            }
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
        if !self.state.attachments.0.is_empty() {
            // "Equipped creature gets +2/+2": what its source is attached to as it resolves.
            ctx = ctx.with_attached(self.state.attachments.attached_to(item.object));
        }
        if item.kicked {
            // 702.33d: "if this spell was kicked" reads the spell's kicker paid.
            ctx = ctx.with_kicked();
        }
        let (attacking, blocking) = self.in_combat();
        if !attacking.is_empty() {
            // 506.4: the creatures in combat as it resolves, for filters that ask.
            ctx = ctx.with_combat(&attacking, &blocking);
        }
        if item.kind == ItemKind::Triggered {
            ctx = ctx
                .with_triggering(item.triggering)
                .with_that_much(u64::from(item.x));
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

    pub(super) fn continue_resolution(&mut self, mut res: Resolution, item: StackItem) {
        let db = self.db();
        let before = self.state.game.num_entities();
        let pool_before = self.state.mana_pool;
        // The players of the cards drawn, in order (`note_drew`).
        let mut drew = smallvec::SmallVec::<[u8; 4]>::new();
        let mut joined = smallvec::SmallVec::<[u32; 2]>::new();
        let mut ends_turn = false;
        let mut untapped = smallvec::SmallVec::<[u32; 2]>::new();
        let controlled_before = self.state.control_until_cleanup.0.len();
        let rewritten_colours = self.rewritten_colours();
        let step = {
            let mut host = DuelHost {
                rewritten_colours,
                sides: &mut self.state.sides,
                hand_changes: &mut self.cache.hand_changes,
                db,
                drew: &mut drew,
                rng: &mut self.state.rng,
                may_play: &mut self.state.may_play,
                trigger_queue: &mut self.state.trigger_queue,
                delayed: &mut self.state.delayed,
                mana_pool: &mut self.state.mana_pool,
                attachments: &mut self.state.attachments,
                extra_turns: &mut self.state.extra_turns,
                exiled_until: &mut self.state.exiled_until,
                dies_triggers: &mut self.state.dies_triggers,
                control_until_cleanup: &mut self.state.control_until_cleanup,
                flashback_granted: &mut self.state.flashback_granted,
                gained_abilities: &mut self.state.gained_abilities,
                free_casts: &mut self.state.free_casts,
                joined: &mut joined,
                untapped: &mut untapped,
                ends_turn: &mut ends_turn,
                turn: self.state.turn,
                active: self.state.active,
            };
            res.run_with(&mut self.state.game, db, &mut host)
        };
        for &p in &drew {
            self.note_drew(p as usize);
        }
        self.note_untapped(&untapped);
        for k in controlled_before..self.state.control_until_cleanup.0.len() {
            let (id, was) = self.state.control_until_cleanup.0[k];
            self.note_control_changed(id, was);
        }
        if self.state.mana_pool != pool_before {
            self.mana_pool_changed();
        }
        self.cache.sba_due = true;
        self.cache.cleanup_due = true;
        self.absorb_events_joined(&joined);
        self.note_created(before);
        match step {
            // 723.1: "End the turn." is a spell's whole effect: its resolution is done.
            Ok(cardstate_effects::Step::Done(_)) if ends_turn => self.end_the_turn(item),
            Ok(cardstate_effects::Step::Done(outcome)) => self.after_resolution(item, outcome),
            Ok(cardstate_effects::Step::Choice(req)) => {
                let candidates = match &req {
                    ChoiceRequest::Proliferate { candidates } => candidates.len(),
                    // 118.12: a player who can't pay isn't asked (it doesn't pay).
                    &ChoiceRequest::Pay { player, mana, life } => {
                        self.can_pay_request(player, &mana, life) as usize
                    }
                    _ => 1,
                };
                if matches!(req, ChoiceRequest::Callback { .. }) || candidates == 0 {
                    // No Python here; an empty proliferate has nothing to choose.
                    let answer = match req {
                        ChoiceRequest::Proliferate { .. } => Choice::Proliferate(Vec::new()),
                        ChoiceRequest::Pay { .. } => Choice::May(false),
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

    /// The resolution is over: an instant or sorcery goes to the graveyard (608.2n), the
    /// active player receives priority (117.3b).
    pub(super) fn after_resolution(
        &mut self,
        item: StackItem,
        outcome: cardstate_effects::Outcome,
    ) {
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
        if !self.state.free_casts.objects.is_empty() {
            // "… then you may cast any number of spells from among those cards" (Etali).
            return self.next_free_cast();
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

    /// "Enters with counters if you cast it" (614.1c): only for a permanent spell that
    /// resolved; "if it was kicked" only for a kicked one (702.33d).
    pub(crate) fn entered_cast(&mut self, card: CardId, id: u32, kicked: bool) {
        if cardstate_effects::place::enters_cast(
            self.db(),
            &mut self.state.game,
            cardstate_effects::CardId(card),
            id,
            kicked,
        )
        .is_ok()
        {
            self.absorb_events();
        }
    }

    /// "Enters with counters" (614.1c) for a permanent spell that resolved.
    pub(crate) fn entered(&mut self, card: CardId, id: u32, x: u32) {
        if self.enchant_filter(card).is_some() {
            // An Aura enters attached to nothing unless it is attached as it enters (704.5m).
            self.state.attachments.attach(id, cardstate_core::NO_ID);
        }
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
