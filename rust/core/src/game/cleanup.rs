//! The cleanup step (514.2).

use super::Game;
use crate::keywords::Keywords;

impl Game {
    /// Cleanup step (514.2): damage wears off and "this turn" effects end.
    pub fn cleanup(&mut self) {
        for id in 0..self.entities.len() as u32 {
            let e = &self.entities[id as usize];
            if e.is_player || e.gone {
                continue;
            }
            let deathtouched = e.deathtouched;
            if e.damage != 0 {
                self.set_damage(id, 0);
            }
            if deathtouched {
                self.set_deathtouched(id, false);
            }
            let e = &self.entities[id as usize];
            if !e.keywords_eot.is_empty() || e.pump_power != 0 || e.pump_toughness != 0 {
                self.update_chars(id, |e| {
                    e.keywords_eot = Keywords::EMPTY;
                    e.pump_power = 0;
                    e.pump_toughness = 0;
                });
            }
        }
        if !self.shields.is_empty()
            || !self.redirects.is_empty()
            || !self.regenerations.is_empty()
            || self.replacements.iter().any(|r| r.until_end_of_turn)
        {
            self.shields.clear();
            self.redirects.clear();
            self.regenerations.clear();
            self.replacements.retain(|r| !r.until_end_of_turn);
            self.effects_changed();
        }
    }
}
