//! Madness (702.35): a card discarded into exile, its trigger, and the owner casting it for
//! its madness cost or putting it into its graveyard.

use super::*;

impl Duel {
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
                || self.targets_available(p, self.target_specs(c, card.spell), None, Some(id)));
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
        let object = match self.state.game.move_to(id, Zone::Stack) {
            Ok(_) => self.state.game.entity(id).map_or(id, |e| e.new_id),
            Err(_) => return self.give_priority(p),
        };
        self.absorb_events();
        self.note_printed(object, c);
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
