//! A card cast from its owner's graveyard by a permission of its own with an additional cost of
//! counters removed ("You may cast this card from your graveyard by removing six counters from
//! among creatures you control in addition to paying its other costs.", Quilled Greatwurm;
//! 601.2a, 601.2f–h).

use super::cache::Reads;
use super::{CardId, Casting, Duel, ItemKind};
use crate::mana::Available;

impl Duel {
    /// The counters on p's creatures, all kinds together.
    pub(super) fn counters_on_creatures(&self, p: usize) -> u64 {
        let game = &self.state.game;
        self.battlefield(p)
            .iter()
            .filter_map(|&id| game.entity(id).ok().filter(|e| e.is_creature()))
            .map(|e| e.counters.iter().map(|(_, n)| n).sum::<u64>())
            .sum()
    }

    /// Whether p may cast its graveyard card c by its own permission now: as from the hand
    /// (its timing, 307.1; its mana and additional costs, 601.2f–h), with as many counters as
    /// the permission removes among its creatures.
    pub(super) fn can_cast_removing_counters(
        &self,
        p: usize,
        c: CardId,
        sorcery_timing: bool,
        mana: &mut Option<(Available, bool)>,
    ) -> bool {
        let n = self.state.pool.facts(c).graveyard_cast_counters;
        n > 0
            && self.counters_on_creatures(p) >= u64::from(n)
            && self.can_play(p, c, false, sorcery_timing, mana, &mut Reads::Kernel)
    }

    /// Starts casting p's graveyard card `id` by its own permission: it moves to the stack as
    /// casting begins (601.2a); the counters are removed as the cost is paid
    /// (`remove_counters_for_cost`).
    pub(super) fn begin_cast_removing_counters(&mut self, p: usize, id: u32) {
        let c = self.card_of(id);
        let Some(object) = self.move_to_stack_as_casting_begins(id, c) else {
            return self.give_priority(p as u8);
        };
        self.state.casting = Casting {
            kind: ItemKind::Spell,
            player: p as u8,
            card: c,
            source: object,
            from_exile: true,
            remove_counters: self.state.pool.facts(c).graveyard_cast_counters,
            ..Casting::default()
        };
        self.announce_mode();
    }

    /// 601.2h: p removes `n` counters from among its creatures for the cost. Which ones is the
    /// duel's automatic rule (docs/DUEL.md): p's creatures in permanent-slot order, each one's
    /// counters kind by kind in the order they were first put on it, until `n` are removed.
    pub(super) fn remove_counters_for_cost(&mut self, p: usize, n: u8) {
        let mut left = u64::from(n);
        let creatures: smallvec::SmallVec<[u32; 16]> = self
            .battlefield(p)
            .iter()
            .copied()
            .filter(|&id| self.state.game.entity(id).is_ok_and(|e| e.is_creature()))
            .collect();
        for id in creatures {
            let kinds: smallvec::SmallVec<[_; 4]> = match self.state.game.entity(id) {
                Ok(e) => e.counters.iter().collect(),
                Err(_) => continue,
            };
            for (kind, have) in kinds {
                if left == 0 {
                    break;
                }
                let take = have.min(left);
                if let Ok(removed) = self.state.game.remove_counters(id, kind, take) {
                    left -= removed.min(left);
                }
            }
        }
        self.absorb_events();
        // 704.5f, 704.5r: a creature's toughness and its counters may have changed.
        self.cache.sba_due = true;
    }
}
