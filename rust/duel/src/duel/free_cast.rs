//! Spells cast as an ability resolves: a card discarded with madness, for its madness cost
//! (702.35a), and spells cast without paying their mana costs from among cards an ability
//! exiled ("Whenever Etali attacks, exile the top card of each player's library, then you may
//! cast any number of spells from among those cards without paying their mana costs.", Etali,
//! Primal Storm; 601.2, 118.9), whoever owns them.

use super::cache::Reads;
use super::{Casting, Duel, FreeCasts, ItemKind, Pending, StackItem, MAX_TARGETS, NO_CARD};
use cardstate_core::Zone;

impl Duel {
    /// Offers the next card of `FreeCasts` its player could cast (still in exile, not a land,
    /// a spell the duel runs, its additional cost's discards and its targets possible): the
    /// `yes_no` decision of the `Madness` pending (cast it without paying its mana cost, or
    /// not). With none left, the active player receives priority (117.3b).
    pub(super) fn next_free_cast(&mut self) {
        let p = self.state.free_casts.player as usize & 1;
        self.state.free_casts.casting = false;
        while !self.state.free_casts.objects.is_empty() {
            let id = self.state.free_casts.objects.remove(0);
            let in_exile = self
                .state
                .game
                .entity(id)
                .is_ok_and(|e| !e.gone && e.zone == Zone::Exile);
            let c = self.card_of(id);
            if !in_exile
                || c == NO_CARD
                || self.state.pool.facts(c).is_land()
                || !self.can_cast_plotted(p, c, &mut Reads::Kernel)
            {
                continue;
            }
            // 118.9: without paying its mana cost (as a plotted card is cast, 702.170d).
            self.state.casting = Casting {
                kind: ItemKind::Spell,
                player: p as u8,
                card: c,
                source: id,
                from_exile: true,
                plotted: true,
                ..Casting::default()
            };
            self.state.free_casts.casting = true;
            self.state.pending = Pending::Madness;
            return;
        }
        self.state.free_casts = FreeCasts::default();
        self.give_priority(self.state.active);
    }

    /// Yes: the card moves from exile to the stack as casting begins (601.2a), cast by the
    /// player of `FreeCasts` whoever owns it.
    pub(super) fn cast_free(&mut self) {
        let (id, c) = (self.state.casting.source, self.state.casting.card);
        let Some(object) = self.move_to_stack_as_casting_begins(id, c) else {
            self.state.casting = Casting::default();
            return self.next_free_cast();
        };
        self.state.casting.source = object;
        self.announce_mode();
    }

    /// No: the card stays in exile; the next one is offered.
    pub(super) fn decline_free_cast(&mut self) {
        self.state.casting = Casting::default();
        self.next_free_cast();
    }

    /// A madness trigger resolves (702.35a): its owner may cast the card, still in exile, for
    /// its madness cost (timing doesn't bind it: the `Madness` decision, where the cost can be
    /// paid and its targets have a legal choice), else it is put into its graveyard.
    pub(crate) fn resolve_madness(&mut self, item: StackItem) {
        let id = item.object;
        let in_exile = self
            .state
            .game
            .entity(id)
            .is_ok_and(|e| !e.gone && e.zone == Zone::Exile);
        if !in_exile {
            return self.give_priority(self.state.active);
        }
        let p = item.controller as usize;
        let c = item.card;
        let card = self.state.pool.facts(c);
        let castable = card.runnable
            && (card.is_permanent() || card.spell.is_some())
            && self.spell_mana(p, c, self.available(p)).can_pay(
                &card.madness_cost,
                0,
                self.life(p),
            )
            && (card.spell.is_none() && !card.enchant
                || self.targets_available(
                    p,
                    self.target_specs(c, card.spell),
                    None,
                    Some(id),
                    self.spell_quality(c),
                ));
        let needed = self
            .target_specs(c, card.spell)
            .iter()
            .map(|t| t.count as usize)
            .sum::<usize>();
        self.state.casting = Casting {
            kind: ItemKind::Spell,
            player: p as u8,
            card: c,
            ability: card.spell,
            source: id,
            targets_needed: needed.min(MAX_TARGETS) as u8,
            from_exile: true,
            madness: true,
            ..Casting::default()
        };
        if castable {
            self.state.pending = Pending::Madness;
        } else {
            self.madness_to_graveyard();
        }
    }

    /// 702.35a: the owner casts the card for its madness cost: it moves from exile to the
    /// stack as casting begins (601.2a).
    pub(super) fn cast_with_madness(&mut self) {
        let (p, id, c) = (
            self.state.casting.player,
            self.state.casting.source,
            self.state.casting.card,
        );
        let Some(object) = self.move_to_stack_as_casting_begins(id, c) else {
            return self.give_priority(p);
        };
        self.state.casting.source = object;
        self.announce_costs();
    }

    /// 702.35a: the owner doesn't cast it: the card goes from exile to its graveyard.
    pub(super) fn madness_to_graveyard(&mut self) {
        let id = self.state.casting.source;
        self.state.casting = Casting::default();
        if self.state.game.move_to(id, Zone::Graveyard).is_ok() {
            self.absorb_events();
        }
        self.give_priority(self.state.active);
    }
}
