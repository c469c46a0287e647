//! What a spell costs (601.2f): its mana cost or an alternative cost (118.9), less its cost
//! reductions; and the permissions of permanents to cast spells as though they had flash
//! (702.8a) or without paying their mana costs (118.9).

use super::*;

impl Duel {
    /// Whether p controls a permanent that lets it cast spells as though they had flash
    /// ("You may cast spells as though they had flash.", 702.8a).
    #[inline]
    pub(crate) fn casts_with_flash(&self, p: usize) -> bool {
        self.db().grants_flash() && self.permanents_with(p, |f| f.spells_have_flash) > 0
    }

    /// Whether p controls a permanent that lets it cast spells from its hand without paying
    /// their mana costs ("You may cast spells from your hand without paying their mana
    /// costs.", 118.9).
    #[inline]
    pub(crate) fn casts_free(&self, p: usize) -> bool {
        self.db().grants_free_casts() && self.permanents_with(p, |f| f.spells_from_hand_free) > 0
    }

    /// How many of p's permanents have a card whose facts say `has` (the pool's flags ask
    /// first whether any card can: most pools have none of these permissions).
    #[inline(never)]
    pub(crate) fn permanents_with(
        &self,
        p: usize,
        has: impl Fn(&cardstate_effects::CardFacts) -> bool,
    ) -> usize {
        self.battlefield(p)
            .iter()
            .filter(|&&id| {
                let g = self.card_of(id);
                g != crate::duel::NO_CARD && has(self.abilities_of(id, g))
            })
            .count()
    }

    /// Whether the spell being cast is cast from its caster's hand without paying its mana
    /// cost (118.9): a permanent of its caster's allows it and no mana is due instead of its
    /// additional cost's sacrifice (601.2b).
    pub(super) fn casting_free(&self) -> bool {
        let cs = &self.state.casting;
        !(cs.flashback || cs.from_exile || cs.madness || cs.plotted || cs.or_paid)
            && self.casts_free(cs.player as usize)
    }

    /// The mana card c's alternative cost asks for instead of its mana cost, if its condition
    /// holds now ("if there are thirteen or more creatures on the battlefield", any player's:
    /// 118.9).
    pub(crate) fn alternative_mana(&self, c: CardId) -> Option<crate::mana::ManaSymbols> {
        let (cost, needed) = self.state.pool.facts(c).alternative_mana?;
        let game = &self.state.game;
        let creatures = (0..2)
            .flat_map(|q| self.battlefield(q).iter())
            .filter(|&&id| game.entity(id).is_ok_and(|e| e.is_creature()))
            .count();
        (creatures as u64 >= u64::from(needed)).then_some(cost)
    }

    /// 601.2f: `cost`, less {1} for each card in p's graveyard of the types card c's cost
    /// reduction counts (Tolarian Terror), for each attacking creature p controls (Embercleave),
    /// for p's permanents its reduction counts (affinity, 702.41a; "if you control a Wizard"),
    /// for each of p's permanents that makes spells of c's types cost {1} less, and, when it
    /// targets a tapped permanent (`targets_tapped`, known once its targets are chosen, 601.2c),
    /// by its reduction for that (Luminous Rebuke), and by the total power of p's creatures
    /// (Ghalta); it reduces only generic mana.
    pub(crate) fn reduced_cost(
        &self,
        p: usize,
        c: CardId,
        mut cost: crate::mana::ManaSymbols,
        targets_tapped: bool,
    ) -> crate::mana::ManaSymbols {
        let facts = self.state.pool.facts(c);
        let per = facts.costs_less_per_graveyard;
        let mut less = 0usize;
        if targets_tapped {
            less += usize::from(facts.costs_less_if_targets_tapped);
        }
        if facts.costs_less_per_attacker {
            // "For each attacking creature you control".
            let game = &self.state.game;
            less += self
                .state
                .combat
                .attackers
                .iter()
                .filter(|x| {
                    game.entity(x.id)
                        .is_ok_and(|e| e.is_permanent() && e.controller == p as u32)
                })
                .count();
        }
        if facts.costs_less_by_total_power {
            // "X is the total power of creatures you control": a negative power subtracts.
            let game = &self.state.game;
            let total: i128 = self
                .battlefield(p)
                .iter()
                .filter_map(|&id| game.power(id).ok().flatten())
                .sum();
            less = less.saturating_add(total.clamp(0, i128::from(u32::MAX)) as usize);
        }
        if per.0 != 0 {
            less += self
                .graveyard(p)
                .iter()
                .filter(|&&id| {
                    let g = self.card_of(id);
                    g != crate::duel::NO_CARD && self.state.pool.facts(g).is(per)
                })
                .count();
        }
        if let Some(i) = facts.costs_less_for_permanents {
            let db = self.db();
            if let cardstate_effects::Ability::CostsLessForPermanents { filter, each } =
                &db.card(cardstate_effects::CardId(c)).abilities[i as usize]
            {
                let game = &self.state.game;
                let mut matching = self.battlefield(p).iter().filter(|&&id| {
                    cardstate_effects::targets::matches(game, filter, id, None, p as u32)
                });
                less += if *each {
                    matching.count()
                } else {
                    usize::from(matching.next().is_some())
                };
            }
        }
        if self.db().reduces_spells() {
            less += self
                .battlefield(p)
                .iter()
                .filter(|&&id| {
                    let g = self.card_of(id);
                    g != crate::duel::NO_CARD && facts.is(self.abilities_of(id, g).spells_cost_less)
                })
                .count();
        }
        cost.generic = cost
            .generic
            .saturating_sub(less.min(u32::MAX as usize) as u32);
        cost
    }

    /// The cost a spell being cast is cast for: its flashback cost (702.34a), else its mana
    /// cost; less its cost reduction (601.2f).
    pub(crate) fn casting_cost(&self) -> crate::mana::ManaSymbols {
        let cs = &self.state.casting;
        let chosen = &cs.targets[..cs.num_targets as usize];
        let tapped = chosen.iter().any(|&id| self.is_tapped_permanent(id));
        self.reduced_cost(cs.player as usize, cs.card, self.unreduced_cost(), tapped)
    }

    /// The cost a spell being cast is cast for before its cost reduction.
    pub(crate) fn unreduced_cost(&self) -> crate::mana::ManaSymbols {
        let cs = &self.state.casting;
        let facts = self.state.pool.facts(cs.card);
        match facts.flashback {
            Some(cost) if cs.flashback => cost,
            // 118.9: the alternative cost replaces the mana cost (a sacrifice, no mana; or the
            // mana of "pay {B} rather than pay this spell's mana cost").
            _ if cs.alternative => facts.alternative_mana.map(|(m, _)| m).unwrap_or_default(),
            // 702.170d: a plotted card is cast without paying its mana cost.
            _ if cs.plotted => crate::mana::ManaSymbols::default(),
            // 118.9: "cast spells from your hand without paying their mana costs".
            _ if self.casting_free() => crate::mana::ManaSymbols::default(),
            // 702.35a: madness is an alternative cost.
            _ if cs.madness => facts.madness_cost,
            // 601.2f: a kicked spell's cost is its mana cost and its kicker cost.
            _ if cs.kicked => facts.kicked_cost.unwrap_or(facts.cost),
            // 601.2f: the mana its additional cost allows instead of a sacrifice.
            _ if cs.or_paid => facts.or_paid_cost.unwrap_or(facts.cost),
            _ => facts.cost,
        }
    }
}
