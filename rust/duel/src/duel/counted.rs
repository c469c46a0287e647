//! "This creature gets +1/+1 for each creature card in your graveyard." (613.4c: Fiend
//! Artisan, `GetsPerGraveyardCard`): a creature's static ability whose bonus is counted
//! continuously. The duel keeps it as one kernel effect on the creature (layer 7c), made
//! current at every state-based check (the bonus counted then: simplification, between two
//! checks it is the last one counted); the kernel ends it as the permanent leaves (611.3a) and
//! stops applying it while the permanent has lost all abilities (613.1f).

use cardstate_core::AffectedSpec;

use super::*;

/// A permanent's counted bonus now and its kernel effect (none: none).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct CountedBonus {
    pub(crate) object: u32,
    pub(crate) bonus: (i32, i32),
    pub(crate) effect: Option<u32>,
}

/// The counted bonuses of the permanents on the battlefield, in the order they were first
/// counted; hashed only when there are some.
pub(crate) type CountedBonuses = super::lists::HashedWhenAny<CountedBonus>;

impl Duel {
    /// Makes each counted bonus current: an entry of a permanent that left is forgotten (its
    /// effect ended with it, 611.3a); each permanent with `GetsPerGraveyardCard`, player 0's
    /// first, each in battlefield order, gets its bonus for each card of those types in its
    /// controller's graveyard now, a new effect when the bonus changed.
    pub(crate) fn sync_counted_bonuses(&mut self) {
        let game = &self.state.game;
        self.state
            .counted_bonuses
            .0
            .retain(|e| game.entity(e.object).is_ok_and(|x| x.is_permanent()));
        for p in 0..2 {
            let mut i = 0;
            while i < self.battlefield(p).len() {
                let id = self.battlefield(p)[i];
                i += 1;
                let c = self.card_of(id);
                if c == NO_CARD {
                    continue;
                }
                let facts = self.state.pool.facts(c);
                let Some((power, toughness)) = facts.gets_per_graveyard else {
                    continue;
                };
                let types = facts.gets_per_graveyard_types;
                let n = self
                    .graveyard(p)
                    .iter()
                    .filter(|&&g| {
                        let gc = self.card_of(g);
                        gc != NO_CARD && self.state.pool.facts(gc).is(types)
                    })
                    .count()
                    .min(i32::MAX as usize) as i32;
                let bonus = (power.saturating_mul(n), toughness.saturating_mul(n));
                let k = match self
                    .state
                    .counted_bonuses
                    .0
                    .iter()
                    .position(|e| e.object == id)
                {
                    Some(k) => k,
                    None => {
                        self.state.counted_bonuses.0.push(CountedBonus {
                            object: id,
                            bonus: (0, 0),
                            effect: None,
                        });
                        self.state.counted_bonuses.0.len() - 1
                    }
                };
                if self.state.counted_bonuses.0[k].bonus == bonus {
                    continue;
                }
                let old = self.state.counted_bonuses.0[k].effect.take();
                let effect = self.bonus_effect_again(old, id, &[id], bonus);
                let e = &mut self.state.counted_bonuses.0[k];
                e.bonus = bonus;
                e.effect = effect;
            }
        }
    }

    /// A bonus made current (613.4c, layer 7c): the old kernel effect ended and, unless the
    /// bonus is +0/+0 or applies to nothing, one "+N/+M" effect of `source` on `affected`
    /// made in its place (611.3a: a new timestamp). Returns the new effect.
    pub(crate) fn bonus_effect_again(
        &mut self,
        old: Option<u32>,
        source: u32,
        affected: &[u32],
        (power, toughness): (i32, i32),
    ) -> Option<u32> {
        if let Some(old) = old {
            let _ = self.state.game.end_continuous_effect(old);
        }
        if affected.is_empty() || (power, toughness) == (0, 0) {
            return None;
        }
        self.state
            .game
            .add_continuous_effect(
                "modify_power_toughness",
                AffectedSpec::Ids(affected),
                Some(source),
                None,
                None,
                None,
                Some(i64::from(power)),
                Some(i64::from(toughness)),
                false,
            )
            .ok()
    }
}
