//! The turn's history (603.4): what a game tells a resolution and a trigger check happened
//! this turn, which the kernel doesn't keep.

/// The turn's history the conditions of 603.4 read (morbid, raid, "an opponent lost life this
/// turn"): a game keeps it and gives it to each resolution and trigger check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnHistory {
    /// Creatures that died this turn (700.4).
    pub creatures_died: u32,
    /// The players who attacked with a creature this turn (508.1), a bit per player id.
    pub attacked: u64,
    /// The players who lost life this turn (119.3), a bit per player id.
    pub lost_life: u64,
    /// The life players 0 and 1 gained this turn (119.9; a two-player game's: the others'
    /// isn't kept).
    pub life_gained: [u32; 2],
    /// The first object id of this turn (400.7: "put there this turn"; kept only for a pool
    /// whose cards read it, `CardDb::reads_put_there_this_turn`).
    pub first_object: u32,
}

// Hashed as before there was life gained to tell: that only when there is some (the pinned
// hashes of games without it stay).
impl std::hash::Hash for TurnHistory {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (self.creatures_died, self.attacked, self.lost_life).hash(h);
        if self.life_gained != [0; 2] {
            self.life_gained.hash(h);
        }
        if self.first_object != 0 {
            (4u8, self.first_object).hash(h);
        }
    }
}

impl TurnHistory {
    /// A player's bit (players beyond 63 have none: no such game plays Magic).
    fn bit(player: u32) -> u64 {
        1u64.checked_shl(player).unwrap_or(0)
    }

    /// A creature died (700.4).
    pub fn creature_died(&mut self) {
        self.creatures_died = self.creatures_died.saturating_add(1);
    }

    /// `player` attacked with one or more creatures (508.1).
    pub fn attacked(&mut self, player: u32) {
        self.attacked |= Self::bit(player);
    }

    /// `player` lost life (119.3).
    pub fn lost_life(&mut self, player: u32) {
        self.lost_life |= Self::bit(player);
    }

    /// `player` gained `amount` life (119.9; players 0 and 1 only).
    pub fn gained_life(&mut self, player: u32, amount: u64) {
        if let Some(g) = self.life_gained.get_mut(player as usize) {
            *g = g.saturating_add(amount.min(u64::from(u32::MAX)) as u32);
        }
    }

    /// The fact as an amount, for `controller`.
    pub fn read(&self, what: crate::model::TurnFact, controller: u32) -> u64 {
        use crate::model::TurnFact::*;
        match what {
            CreaturesDied => u64::from(self.creatures_died),
            YouAttacked => u64::from(self.attacked & Self::bit(controller) != 0),
            OpponentsLostLife => u64::from((self.lost_life & !Self::bit(controller)).count_ones()),
            YouGainedLife => self
                .life_gained
                .get(controller as usize)
                .map_or(0, |&g| u64::from(g)),
        }
    }
}
