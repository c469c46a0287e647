//! Gaining and losing life (119).

use super::{EffectKinds, Game};
use crate::error::Result;

impl Game {
    pub fn gain_life(&mut self, p: u32, n: u64) -> Result<()> {
        self.player(p)?;
        self.change_life(p, n, true, None)
    }

    pub fn lose_life(&mut self, p: u32, n: u64) -> Result<()> {
        self.player(p)?;
        self.change_life(p, n, false, None)
    }

    pub(crate) fn change_life(
        &mut self,
        p: u32,
        n: u64,
        gain: bool,
        source: Option<u32>,
    ) -> Result<()> {
        if self.effects_of_kind(EffectKinds::LIFE) && !self.life_may_change(p, gain) {
            return Ok(()); // Sulfuric Vortex, Platinum Emperion
        }
        let (entities, mut log) = self.split_changes();
        log.change_life(&mut entities[p as usize], p, n, gain, source)
    }
}
