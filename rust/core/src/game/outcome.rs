//! Who lost, whether the game is over, who won (104).

use super::Game;
use crate::error::Result;

impl Game {
    pub fn has_lost(&self, p: u32) -> Result<bool> {
        Ok(self.player(p)?.lost)
    }

    pub fn is_over(&self) -> bool {
        self.players()
            .filter(|&p| !self.entities[p as usize].lost)
            .count()
            < 2
    }

    pub fn winner(&self) -> Option<u32> {
        let mut left = self.players().filter(|&p| !self.entities[p as usize].lost);
        match (left.next(), left.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        }
    }
}
