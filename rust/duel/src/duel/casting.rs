//! Playing lands (305) and casting spells (601): the start of casting, automatic payment,
//! the spell put on the stack; resolution (608).

use super::cache::{ActionList, Reads};
use super::*;
use cardstate_effects::triggers::NO_SPELL;

impl Duel {
    /// The hand card c in p's slot `slot` is chosen at priority: a card that can be both cast
    /// and plotted asks which (702.170a); one of them, that one.
    pub(super) fn cast_or_plot(&mut self, p: usize, slot: usize, c: CardId) {
        let sorcery_timing = self.sorcery_timing(p);
        let (mut mana, mut reads) = (None, Reads::Nothing);
        if !self.can_plot(p, c, sorcery_timing, &mut mana, &mut reads) {
            return self.begin_cast(p, slot, c);
        }
        self.state.casting = Casting {
            player: p as u8,
            card: c,
            ..Casting::default()
        };
        if self.can_play(p, c, true, sorcery_timing, &mut mana, &mut reads) {
            self.state.pending = Pending::Plot;
        } else {
            self.plot();
        }
    }

    /// Plot (702.170a, a special action, 116.2k): the player pays the card's plot cost and
    /// exiles it from its hand; it receives priority again (116.3).
    pub(super) fn plot(&mut self) {
        let (p, c) = (self.state.casting.player as usize, self.state.casting.card);
        self.state.casting = Casting::default();
        let cost = self.state.pool.facts(c).plot.unwrap_or_default();
        self.pay(p, &cost, 0, None);
        if let Some(slot) = self.state.sides[p].hand.iter().position(|&h| h == c) {
            self.hand_mut(p).remove(slot);
        }
        let object = self.reveal(p, c, Zone::Exile);
        let turn = self.state.turn;
        self.state.plotted.0.push(Plotted {
            object,
            player: p as u8,
            turn,
        });
        self.give_priority(p as u8);
    }

    /// Plays a land (305.1) or starts casting a spell (601.2).
    pub(super) fn begin_cast(&mut self, p: usize, slot: usize, c: CardId) {
        let card = self.state.pool.facts(c);
        if card.is_land() {
            self.hand_mut(p).remove(slot);
            self.state.sides[p].lands_played = self.state.sides[p].lands_played.saturating_add(1);
            let id = self.reveal(p, c, Zone::Battlefield);
            self.state.events.push(GameEvent::Entered { object: id });
            self.entered(c, id, 0);
            // 704.5j: a legendary land can make the legend rule apply.
            self.cache.sba_due |= self.is_legendary(id);
            // 305.1: the player who played the land receives priority again.
            self.give_priority(p as u8);
            return;
        }
        self.state.casting = Casting {
            kind: ItemKind::Spell,
            player: p as u8,
            card: c,
            ..Casting::default()
        };
        // 601.2a: the card moves to the stack as casting begins, so the opponent has seen it
        // (a resample during the choices of X and targets must not deal it again).
        self.hand_mut(p).remove(slot);
        self.state.sides[p].seen_leaving_hand(c);
        self.announce_mode();
    }

    /// 601.2b: the mode of a modal spell is announced first (700.2a: a decision); any other
    /// spell's ability is known.
    pub(super) fn announce_mode(&mut self) {
        let card = self.state.pool.facts(self.state.casting.card);
        if card.modes.is_empty() {
            self.begin_spell_ability(card.spell);
        } else {
            self.state.pending = Pending::Mode;
        }
    }

    /// The modes of the modal spell being cast, or of the modal triggered ability being put
    /// on the stack (700.2a, 603.3c), by ability index.
    pub(crate) fn casting_modes(&self) -> &[u16] {
        let cs = &self.state.casting;
        match (cs.kind, cs.ability) {
            (ItemKind::Triggered, Some(a)) => self.trigger_modes(cs.card, a),
            _ => &self.state.pool.facts(cs.card).modes,
        }
    }

    /// The modes of card c's triggered ability `a` when it is modal ("choose one —"): empty
    /// otherwise.
    pub(crate) fn trigger_modes(&self, c: CardId, a: u16) -> &'static [u16] {
        match self
            .db()
            .get(cardstate_effects::CardId(c))
            .and_then(|d| d.abilities.get(a as usize))
        {
            Some(cardstate_effects::Ability::Triggered(t)) => &t.modes,
            _ => &[],
        }
    }

    /// Whether mode m's targets have a legal choice (601.2c, 603.3c): a trigger's "another
    /// target" is other than its source (115.3).
    pub(crate) fn mode_available(&self, p: usize, c: CardId, m: u16, source: Option<u32>) -> bool {
        let by = match source {
            Some(s) => self.source_quality(s),
            None => self.spell_quality(c),
        };
        self.targets_available(p, self.target_specs(c, Some(m)), source, None, by)
    }

    /// The modes a modal spell being cast, or a modal triggered ability being put on the
    /// stack, offers (601.2b, 603.3c, 700.2a), as OPTION k for its k-th mode: those whose
    /// targets have a legal choice (601.2c).
    pub(crate) fn mode_choices(&self, out: &mut Vec<u32>) {
        let cs = &self.state.casting;
        let p = cs.player as usize;
        let source = (cs.kind == ItemKind::Triggered).then_some(cs.source);
        for (k, &m) in self
            .casting_modes()
            .iter()
            .enumerate()
            .take(actions::OPTION_SLOTS as usize)
        {
            if self.mode_available(p, cs.card, m, source) {
                out.push(actions::OPTION + k as u32);
            }
        }
    }

    /// The k-th mode is chosen: of the modal spell being cast (601.2b, 700.2a), then its
    /// costs and targets; of the modal triggered ability being put on the stack (603.3c),
    /// then its targets.
    pub(crate) fn choose_mode(&mut self, k: usize) {
        let m = self.casting_modes()[k];
        if self.state.casting.kind == ItemKind::Triggered {
            let needed = Self::targets_needed(self.target_specs(self.state.casting.card, Some(m)));
            self.state.casting.ability = Some(m);
            self.state.casting.targets_needed = needed.min(MAX_TARGETS) as u8;
            self.start_targets();
        } else {
            self.begin_spell_ability(Some(m));
        }
    }

    /// The spell ability (the mode chosen, of a modal spell) is known (601.2b): then how its
    /// cost is paid, X and the targets.
    fn begin_spell_ability(&mut self, spell: Option<u16>) {
        let c = self.state.casting.card;
        let p = self.state.casting.player as usize;
        let needed = Self::targets_needed(self.target_specs(c, spell));
        self.state.casting.ability = spell;
        self.state.casting.targets_needed = needed.min(MAX_TARGETS) as u8;
        let card = self.state.pool.facts(c);
        if self.state.casting.plotted {
            // 702.170d, 118.9a: cast without paying its mana cost, no other alternative cost
            // applies (simplification: nor a kicker cost).
            return self.announce_costs();
        }
        let no_or_pay = card.or_paid_cost.is_none() || self.can_pay_additional_sacrifice(p, c);
        if no_or_pay && self.casting_free() {
            // 118.9: cast from the hand without paying its mana cost (simplification: no
            // other alternative cost or kicker cost is offered then).
            return self.announce_costs();
        }
        if !self.state.casting.flashback
            && card.alternative.is_some()
            && self.can_sacrifice(p, c, false)
        {
            // 601.2b, 118.9: with both costs payable, the caster chooses.
            if self
                .spell_mana(p, c, self.available(p))
                .can_pay(&card.cost, 0, self.life(p))
            {
                self.state.pending = Pending::ChooseCost;
                return;
            }
            self.state.casting.alternative = true;
        } else if let Some(alt) = self.alternative_mana(c) {
            // 601.2b, 118.9: "you may pay {B} rather than pay this spell's mana cost": with
            // both costs payable, the caster chooses; with one, that one.
            if self
                .spell_mana(p, c, self.available(p))
                .can_pay(&alt, 0, self.life(p))
            {
                if self
                    .spell_mana(p, c, self.available(p))
                    .can_pay(&card.cost, 0, self.life(p))
                {
                    self.state.pending = Pending::ChooseCost;
                    return;
                }
                self.state.casting.alternative = true;
            }
        } else if let Some(kicked) = card.kicked_cost {
            // 702.33a, 601.2b: with the kicker cost payable too, the caster chooses whether to
            // pay it.
            if self
                .spell_mana(p, c, self.available(p))
                .can_pay(&kicked, 0, self.life(p))
            {
                self.state.pending = Pending::ChooseCost;
                return;
            }
        } else if let Some(all) = card.or_paid_cost {
            // 601.2b: "sacrifice a creature or pay {3}{B}": with both payable, the caster
            // chooses; with one, that one.
            if !self.can_pay_additional_sacrifice(p, c) {
                self.state.casting.or_paid = true;
            } else if self
                .spell_mana(p, c, self.available(p))
                .can_pay(&all, 0, self.life(p))
            {
                self.state.pending = Pending::ChooseCost;
                return;
            }
        }
        self.announce_costs();
    }

    /// 601.2b–c after the cost to pay is known: X if it has one, else the targets.
    pub(super) fn announce_costs(&mut self) {
        let p = self.state.casting.player as usize;
        let cost = self.casting_cost();
        if cost.x > 0 {
            let c = self.state.casting.card;
            let max = self
                .spell_mana(p, c, self.available(p))
                .max_x(&cost, self.life(p))
                .unwrap_or(0);
            self.state.casting.max_x = max.min(actions::MAX_NUMBER);
            self.state.pending = Pending::ChooseX;
        } else {
            self.start_targets();
        }
    }

    /// 601.2b, 118.9: the caster pays the alternative cost (`true`) or the mana cost; for a
    /// spell with kicker (702.33a), the kicker cost too (`true`) or not.
    pub(super) fn choose_cost(&mut self, yes: bool) {
        let facts = self.state.pool.facts(self.state.casting.card);
        if facts.kicked_cost.is_some() {
            self.state.casting.kicked = yes;
            if let (true, Some(i)) = (yes, facts.kicked_spell) {
                // 702.33d: "If this spell was kicked, instead …": the kicked spell's targets
                // are chosen next (601.2c).
                let needed =
                    Self::targets_needed(self.target_specs(self.state.casting.card, Some(i)));
                self.state.casting.ability = Some(i);
                self.state.casting.targets_needed = needed.min(MAX_TARGETS) as u8;
            }
        } else if facts.or_paid_cost.is_some() {
            // 601.2b: YES sacrifices for the additional cost, NO pays its mana instead.
            self.state.casting.or_paid = !yes;
        } else {
            self.state.casting.alternative = yes;
        }
        self.announce_costs();
    }

    /// The sacrifice a cost of card c asks for: its flashback cost's (702.34a) or its
    /// alternative cost's (118.9).
    fn sacrifice_cost(
        &self,
        c: CardId,
        flashback: bool,
    ) -> Option<&'static cardstate_effects::model::SacrificeCost> {
        let facts = self.state.pool.facts(c);
        let i = if flashback {
            facts.flashback_sacrifice
        } else {
            facts.alternative
        }?;
        self.sacrifice_of(c, i)
    }

    /// The sacrifice card c's additional cost asks for (601.2f–h), if it has one.
    fn additional_sacrifice(
        &self,
        c: CardId,
    ) -> Option<&'static cardstate_effects::model::SacrificeCost> {
        self.sacrifice_of(c, self.state.pool.facts(c).additional_sacrifice?)
    }

    /// The sacrifice of card c's cost ability `i`.
    fn sacrifice_of(
        &self,
        c: CardId,
        i: u16,
    ) -> Option<&'static cardstate_effects::model::SacrificeCost> {
        match self
            .db()
            .card(cardstate_effects::CardId(c))
            .abilities
            .get(i as usize)?
        {
            cardstate_effects::model::Ability::Flashback {
                sacrifice: Some(s), ..
            }
            | cardstate_effects::model::Ability::AlternativeCost { sacrifice: s }
            | cardstate_effects::model::Ability::AdditionalSacrifice { sacrifice: s, .. } => {
                Some(s)
            }
            _ => None,
        }
    }

    /// The sacrifice the spell being cast pays for, if any.
    fn casting_sacrifice(&self) -> Option<&'static cardstate_effects::model::SacrificeCost> {
        let cs = &self.state.casting;
        if cs.flashback || cs.alternative {
            self.sacrifice_cost(cs.card, cs.flashback)
        } else if cs.or_paid {
            None // its mana is paid instead (601.2b)
        } else {
            // 601.2f–h: an additional cost is paid besides the mana cost.
            self.additional_sacrifice(cs.card)
        }
    }

    /// Whether p's permanent `id` can be sacrificed for cost `s` (701.21a: its own).
    fn sacrificeable(
        &self,
        p: usize,
        id: u32,
        s: &cardstate_effects::model::SacrificeCost,
    ) -> bool {
        cardstate_effects::targets::matches(&self.state.game, &s.filter, id, None, p as u32)
    }

    /// Whether p controls enough permanents to sacrifice for card c's flashback cost or
    /// alternative cost (601.2h: a cost is paid in full).
    pub(crate) fn can_sacrifice(&self, p: usize, c: CardId, flashback: bool) -> bool {
        let Some(s) = self.sacrifice_cost(c, flashback) else {
            return false;
        };
        self.enough_to_sacrifice(p, s)
    }

    /// Whether p controls enough permanents to sacrifice for card c's additional cost, or c
    /// has none (601.2h: a cost is paid in full).
    pub(crate) fn can_pay_additional_sacrifice(&self, p: usize, c: CardId) -> bool {
        self.additional_sacrifice(c)
            .is_none_or(|s| self.enough_to_sacrifice(p, s))
    }

    /// Whether p controls at least `s.count` permanents `s` can sacrifice.
    fn enough_to_sacrifice(&self, p: usize, s: &cardstate_effects::model::SacrificeCost) -> bool {
        let n = self
            .battlefield(p)
            .iter()
            .take(actions::PERMANENT_SLOTS as usize)
            .filter(|&&id| self.sacrificeable(p, id, s))
            .count();
        n >= s.count as usize
    }

    /// The permanent slots the caster may sacrifice for the spell's cost now.
    pub(crate) fn sacrifice_cost_choices(&self, out: &mut Vec<u32>) {
        let p = self.state.casting.player as usize;
        if let Some(s) = self.casting_sacrifice() {
            for (j, &id) in self
                .battlefield(p)
                .iter()
                .enumerate()
                .take(actions::PERMANENT_SLOTS as usize)
            {
                if self.sacrificeable(p, id, s) {
                    out.push(actions::MINE + j as u32);
                }
            }
        }
    }

    /// 601.2h, 701.21a: the caster sacrifices its permanent in slot `slot` for the cost; with
    /// the last one, the rest of the cost is paid and the spell is cast.
    pub(super) fn sacrifice_for_cost(&mut self, slot: usize) {
        let p = self.state.casting.player as usize;
        let id = self.battlefield(p)[slot];
        if self.state.game.move_to(id, Zone::Graveyard).is_ok() {
            self.absorb_events();
        }
        self.cache.sba_due = true;
        self.state.casting.sacrifices -= 1;
        if self.state.casting.sacrifices == 0 {
            self.finish_cast();
        }
    }

    /// A card cast from a zone other than the hand moves to the stack as casting begins
    /// (601.2a), a new object (400.7) of card `c`. Returns it; none if it couldn't move.
    pub(super) fn move_to_stack_as_casting_begins(&mut self, id: u32, c: CardId) -> Option<u32> {
        self.state.game.move_to(id, Zone::Stack).ok()?;
        let object = self.state.game.entity(id).map_or(id, |e| e.new_id);
        self.absorb_events();
        self.note_printed(object, c);
        Some(object)
    }

    /// Starts casting the card in p's graveyard slot `slot` with flashback (702.34a: its
    /// flashback cost is an alternative cost, 118.9, 601.2b): the card moves to the stack as
    /// casting begins (601.2a).
    pub(super) fn begin_flashback(&mut self, p: usize, slot: usize) {
        let id = self.graveyard(p)[slot];
        let c = self.card_of(id);
        let Some(object) = self.move_to_stack_as_casting_begins(id, c) else {
            return self.give_priority(p as u8);
        };
        self.state.casting = Casting {
            kind: ItemKind::Spell,
            player: p as u8,
            card: c,
            source: object,
            flashback: true,
            ..Casting::default()
        };
        self.announce_mode();
    }

    /// The exile slots of p's cards it may play now (impulse draw: until the turn its
    /// permission lasts, a land as from the hand, 305.1–305.2, a spell as from the hand, 307.1,
    /// 601.2), of equal cards the first, appended to `out`.
    #[inline(never)]
    pub(super) fn exile_actions(
        &self,
        p: usize,
        sorcery_timing: bool,
        out: &mut ActionList,
        mana: &mut Option<(Available, bool)>,
        reads: &mut Reads,
    ) {
        // Only a card someone may play (impulse draw) or a plotted card can be played from
        // exile: with neither, none is looked at.
        if self.state.may_play.0.is_empty() && self.state.plotted.0.is_empty() {
            return;
        }
        let exile = self.exile(p);
        let mut offered: SmallVec<[CardId; 8]> = SmallVec::new();
        for (e, &id) in exile.iter().enumerate().take(actions::EXILE_SLOTS as usize) {
            let c = self.card_of(id);
            if c == NO_CARD || offered.contains(&c) {
                continue;
            }
            let castable = if self.may_play(p, id) {
                self.can_play(p, c, false, sorcery_timing, mana, reads)
            } else {
                // 702.170d: a plotted card, on a later turn, as a sorcery.
                sorcery_timing && self.plotted_earlier(p, id) && self.can_cast_plotted(p, c, reads)
            };
            if castable {
                offered.push(c);
                out.push(actions::MY_EXILE + e as u32);
            }
        }
    }

    /// Whether p may play its exiled card `id` this turn (impulse draw), or cast its graveyard
    /// card `id` ("you may cast target … card from your graveyard this turn").
    pub(super) fn may_play(&self, p: usize, id: u32) -> bool {
        let turn = self.state.turn;
        self.state
            .may_play
            .0
            .iter()
            .any(|m| m.object == id && m.player as usize == p && m.until >= turn)
    }

    /// Whether p plotted its exiled card `id` on an earlier turn (702.170d).
    fn plotted_earlier(&self, p: usize, id: u32) -> bool {
        let turn = self.state.turn;
        self.state
            .plotted
            .0
            .iter()
            .any(|m| m.object == id && m.player as usize == p && m.turn < turn)
    }

    /// Whether p can cast its plotted card c without paying its mana cost (702.170d, 601.3):
    /// a spell the duel runs, its additional cost's discards and its targets possible.
    pub(super) fn can_cast_plotted(&self, p: usize, c: CardId, reads: &mut Reads) -> bool {
        let card = self.state.pool.facts(c);
        card.runnable
            && (card.is_permanent() || card.spell.is_some())
            && usize::from(card.discard_cost) <= self.state.sides[p].hand.len()
            && (card.spell.is_none() && !card.enchant || {
                *reads = Reads::Kernel;
                self.spell_targets_available(p, c, None)
            })
    }

    /// Plays the land or starts casting the spell in p's exile slot `slot` (impulse draw): the
    /// card moves from exile to the battlefield (305.1) or, as casting begins, to the stack
    /// (601.2a); its permission is used.
    pub(super) fn begin_play_from_exile(&mut self, p: usize, slot: usize) {
        let id = self.exile(p)[slot];
        self.begin_play_permitted(p, id);
    }

    /// Plays the land or starts casting the spell `id` p may play from exile, or cast from its
    /// graveyard, by a permission (or plotted): the card moves to the battlefield (305.1) or,
    /// as casting begins, to the stack (601.2a); its permission is used.
    pub(super) fn begin_play_permitted(&mut self, p: usize, id: u32) {
        let c = self.card_of(id);
        // A graveyard card without a permission of its own is played by Muldrotha's: one of its
        // permanent types is used this turn.
        let permitted = self.may_play(p, id);
        let by_type = if permitted {
            0
        } else {
            self.graveyard_type_to_play(p, id)
        };
        self.state.graveyard_types_played.0 |= by_type;
        let plotted = !permitted && by_type == 0;
        // 702.34a: a card that gained flashback is cast with it (exiled as it leaves the stack).
        let flashback = self.state.flashback_granted.0.contains(&id);
        self.state.flashback_granted.0.retain(|o| *o != id);
        self.state.may_play.0.retain(|m| m.object != id);
        self.state.plotted.0.retain(|m| m.object != id);
        let card = self.state.pool.facts(c);
        let to = if card.is_land() {
            Zone::Battlefield
        } else {
            Zone::Stack
        };
        let object = match self.state.game.move_to(id, to) {
            Ok(_) => self.state.game.entity(id).map_or(id, |e| e.new_id),
            Err(_) => return self.give_priority(p as u8),
        };
        self.absorb_events();
        self.note_printed(object, c);
        if card.is_land() {
            self.state.sides[p].lands_played = self.state.sides[p].lands_played.saturating_add(1);
            self.entered(c, object, 0);
            // 704.5j: a legendary land can make the legend rule apply.
            self.cache.sba_due |= self.is_legendary(object);
            // 305.1: the player who played the land receives priority again.
            return self.give_priority(p as u8);
        }
        self.state.casting = Casting {
            kind: ItemKind::Spell,
            player: p as u8,
            card: c,
            source: object,
            from_exile: true,
            plotted,
            flashback,
            ..Casting::default()
        };
        self.announce_mode();
    }

    /// Player p discards card c from its hand (701.9a): to its graveyard, or a card with
    /// madness into exile, its madness trigger waiting (702.35a). Returns its object.
    pub(crate) fn discard_card(&mut self, p: usize, c: CardId) -> u32 {
        match self.state.pool.facts(c).madness {
            Some(ability) => {
                let id = self.reveal(p, c, Zone::Exile);
                let fired = crate::duel::host::madness_trigger(id, p as u32, c, ability);
                self.state.trigger_queue.push(fired);
                id
            }
            None => self.reveal(p, c, Zone::Graveyard),
        }
    }

    /// The permissions to play exiled cards or cast graveyard cards that are over (their last
    /// turn is past) or used up (the card left its zone), dropped as a turn begins.
    pub(super) fn drop_spent_permissions(&mut self) {
        let turn = self.state.turn;
        let game = &self.state.game;
        self.state.may_play.0.retain(|m| {
            m.until >= turn
                && game
                    .entity(m.object)
                    .is_ok_and(|e| !e.gone && matches!(e.zone, Zone::Exile | Zone::Graveyard))
        });
        self.state.plotted.0.retain(|m| {
            game.entity(m.object)
                .is_ok_and(|e| !e.gone && e.zone == Zone::Exile)
        });
        let may_play = &self.state.may_play.0;
        self.state
            .flashback_granted
            .0
            .retain(|id| may_play.iter().any(|m| m.object == *id));
    }

    /// Pays the cost (601.2g–h, automatically) and puts the spell on the stack (601.2i).
    pub(crate) fn finish_cast(&mut self) {
        let discard = self.state.pool.facts(self.state.casting.card).discard_cost;
        if discard > 0 && self.state.casting.discarded.is_none() && !self.state.casting.discarding {
            // 601.2h, 701.9a: the caster discards for the additional cost, card by card.
            self.state.casting.discarding = true;
            self.state.casting.discards = discard;
            self.state.pending = Pending::DiscardCost;
            return;
        }
        if !self.state.casting.sacrificing {
            if let Some(s) = self.casting_sacrifice() {
                // 601.2h, 701.21a: the caster chooses what it sacrifices, one at a time.
                self.state.casting.sacrificing = true;
                self.state.casting.sacrifices = s.count.min(u8::MAX as u32) as u8;
                self.state.pending = Pending::SacrificeCost;
                return;
            }
        }
        let cs = self.state.casting;
        let p = cs.player as usize;
        let cost = self.casting_cost();
        self.pay(p, &cost, cs.x, Some(cs.card));
        if cs.remove_counters > 0 {
            self.remove_counters_for_cost(p, cs.remove_counters);
        }
        let object = if cs.flashback || cs.from_exile {
            cs.source // moved there as casting began
        } else {
            self.create(p, cs.card, Zone::Stack) // seen since begin_cast
        };
        // Its targets became the targets of this spell (702.21a reads which).
        for ev in self.state.events.iter_mut() {
            if let GameEvent::BecomesTarget {
                by_spell: true,
                spell,
                ..
            } = ev
            {
                if *spell == NO_SPELL {
                    *spell = object;
                }
            }
        }
        self.state.stack.push(StackItem {
            kind: ItemKind::Spell,
            object,
            card: cs.card,
            ability: cs.ability,
            controller: cs.player,
            x: cs.x,
            targets: cs.targets,
            num_targets: cs.num_targets,
            triggering: object,
            flashback: cs.flashback,
            kicked: cs.kicked,
            discarded: cs.discarded,
        });
        // 601.2i: "whenever you cast" triggers, with the instant and sorcery spells cast before.
        let before = self.note_instant_or_sorcery_cast(cs.player as usize, cs.card);
        self.note_if_listened(GameEvent::Cast {
            spell: object,
            controller: cs.player as u32,
            before,
        });
        if cs.player != self.state.active {
            // "Whenever you cast a spell during an opponent's turn."
            self.note_if_listened(GameEvent::CastOnOpponentsTurn {
                spell: object,
                controller: cs.player as u32,
            });
        }
        if self.state.free_casts.casting {
            // Cast as an ability resolves: the next of the cards it exiled (Etali).
            return self.next_free_cast();
        }
        // 117.3c: the caster receives priority.
        self.give_priority(cs.player);
    }

    /// Player p cast card c: an instant or sorcery spell is counted for the turn where the
    /// pool's cards read it ("each other instant and sorcery spell you've cast before it this
    /// turn", Thousand-Year Storm). Returns how many p had cast before it.
    fn note_instant_or_sorcery_cast(&mut self, p: usize, c: CardId) -> u32 {
        let cast = &mut self.state.history.3[p & 1];
        let before = u32::from(*cast);
        if self.state.pool.db().counts_instant_and_sorcery_casts()
            && !self.state.pool.facts(c).is_permanent()
        {
            *cast = cast.saturating_add(1);
        }
        before
    }

    /// Spends the mana in p's pool and taps sources by the automatic payment rule
    /// (docs/DUEL.md, "Mana"); Phyrexian symbols paid with life lose it (107.4f, 119.4). For
    /// spell card `spell`, with the sources whose mana may be spent only on some spells that
    /// may pay for it (106.6).
    pub(crate) fn pay(
        &mut self,
        p: usize,
        cost: &crate::mana::ManaSymbols,
        x: u32,
        spell: Option<CardId>,
    ) {
        let mut sources = std::mem::take(&mut self.scratch.sources);
        let mut ids = std::mem::take(&mut self.scratch.source_ids);
        let mut chosen = std::mem::take(&mut self.scratch.chosen);
        sources.clear();
        ids.clear();
        chosen.clear();
        // The mana in the pool (106.4), then the untapped sources, counted by their colours as
        // they are found (`available`).
        self.pool_sources(p, |m| sources.push((m, true)));
        let pool = sources.len();
        ids.resize(pool, 0);
        let game = &self.state.game;
        // Lands first (what it is now: 613.1d).
        let is_land = |id| game.entity(id).is_ok_and(|e| e.types.contains(Types::LAND));
        // Whether a source gave several mana (its entries follow each other).
        let mut several = false;
        let (mut avail, mut lasting) = self.mana_sources(p, |id, colours, _| {
            several |= ids.len() > pool && ids.last() == Some(&id);
            sources.push((colours, is_land(id)));
            ids.push(id);
        });
        if let Some(c) = spell.filter(|_| avail.has_restricted()) {
            // 106.6: what the left sources count is no longer p's mana for everything.
            lasting = false;
            self.restricted_sources(p, c, |id, colours, card| {
                if card.mana_spend_only_chosen {
                    // Among the sources already, of {C}: of any colour for this spell.
                    if let Some(i) = ids[pool..].iter().position(|&x| x == id) {
                        avail.remove(crate::mana::COLOURLESS);
                        avail.add(colours);
                        sources[pool + i].0 = colours;
                        return;
                    }
                }
                avail.add(colours);
                sources.push((colours, is_land(id)));
                ids.push(id);
            });
        }
        if let Some(plan) = avail.plan(cost, x, self.life(p)) {
            choose_sources(&sources, pool, cost, x, &plan, &mut chosen);
            let mut sacrificed = false;
            for &i in &chosen {
                avail.remove(sources[i].0);
                if i < pool {
                    // Mana spent from the pool (106.4) leaves it.
                    let k =
                        &mut self.state.mana_pool.0[p & 1][sources[i].0.trailing_zeros() as usize];
                    *k = k.saturating_sub(1);
                    continue;
                }
                let _ = self.state.game.tap(ids[i]);
                // 605.1a, 111.10a: a Treasure's mana ability sacrifices it as it pays.
                let c = self.card_of(ids[i]);
                if c != NO_CARD && self.abilities_of(ids[i], c).mana_sacrifice {
                    sacrificed |= self.state.game.move_to(ids[i], Zone::Graveyard).is_ok();
                }
            }
            if several {
                // Only a source of several mana can leave some (docs/PERFORMANCE.md, "A
                // payment's left mana looked for only after a source of several mana").
                self.pool_what_a_source_left(p, &ids[pool..], &chosen, pool, &sources);
            }
            if sacrificed {
                // 704.5d: the token ceases to exist in the graveyard.
                self.absorb_events();
                self.cache.sba_due = true;
            }
            if plan.life > 0 {
                // 119.4, 107.4f: Phyrexian symbols paid with life.
                let _ = self.state.game.lose_life(p as u32, plan.life as u64);
                self.cache.sba_due = true;
            }
        }
        if chosen.iter().any(|&i| i < pool) {
            self.mana_pool_changed();
        }
        self.scratch.sources = sources;
        self.scratch.source_ids = ids;
        self.scratch.chosen = chosen;
        // The sources left untapped are p's mana now: kept as a count would be.
        self.keep_mana(p, Some((avail, lasting)));
    }

    /// 106.4: a source that adds several mana at once ("Add {G} for each Elf you control",
    /// "For each color among permanents you control, add one mana of that color") is tapped
    /// once; the mana it added that the payment didn't use stays in p's pool, each of its
    /// colour. `permanents` are the sources' ids (one entry per mana), `chosen` the payment's
    /// indices into the pool's mana then them.
    fn pool_what_a_source_left(
        &mut self,
        p: usize,
        permanents: &[u32],
        chosen: &[usize],
        pool: usize,
        sources: &[(u8, bool)],
    ) {
        let mut left = [0u64; 5];
        for (e, &id) in permanents.iter().enumerate() {
            let tapped = chosen
                .iter()
                .any(|&j| j >= pool && permanents[j - pool] == id);
            if tapped && !chosen.contains(&(pool + e)) {
                left[(sources[pool + e].0.trailing_zeros() as usize).min(4)] += 1;
            }
        }
        if left != [0; 5] {
            self.state.mana_pool.add(p, left);
            self.mana_pool_changed();
        }
    }

    /// Resolves the top of the stack (608): a permanent spell enters the battlefield
    /// (608.3) with what its "enters with" abilities give it; a spell or ability with a program
    /// runs it (608.2).
    pub(super) fn resolve(&mut self, item: StackItem) {
        self.cache.sba_due = true;
        if item.ability.is_some() {
            return self.resolve_program(item);
        }
        if self.aura_target_gone(&item) {
            return self.give_priority(self.state.active);
        }
        // 608.3a: the permanent enters under the control of the spell's controller, whoever
        // owns the card (a spell cast from an opponent's exile).
        let owner = self.state.game.entity(item.object).map_or(0, |e| e.owner);
        let moved = if owner == u32::from(item.controller) {
            self.state.game.move_to(item.object, Zone::Battlefield)
        } else {
            self.state
                .game
                .move_to_battlefield_under(item.object, u32::from(item.controller))
        };
        if moved.is_ok() {
            let new = self.state.game.entity(item.object).map_or(0, |e| e.new_id);
            self.absorb_events();
            if item.kicked {
                // 702.33d: the permanent a kicked spell becomes was kicked.
                let entered = GameEvent::Entered { object: new };
                if let Some(e) = self.state.events.iter_mut().rev().find(|e| **e == entered) {
                    *e = GameEvent::EnteredKicked { object: new };
                }
            }
            self.entered(item.card, new, item.x);
            self.entered_cast(item.card, new, item.kicked);
            self.attach_entering_aura(&item, new);
        }
        self.give_priority(self.state.active);
    }
}
