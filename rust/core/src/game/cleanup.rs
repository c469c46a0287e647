//! The cleanup step (514.2).

use super::Game;
use crate::keywords::Keywords;

impl Game {
    /// Cleanup step (514.2): damage wears off and "this turn" effects end.
    pub fn cleanup(&mut self) {
        // The objects with something to wear off, found in one read of every entity (a loop
        // per chunk) before anything changes: a change touches only its own object.
        let mut due = std::mem::take(&mut self.scratch.cleanup);
        due.clear();
        self.entities.for_each_from(0, |id, e| {
            if !e.is_player
                && !e.gone
                && (e.damage != 0
                    || e.deathtouched
                    || !e.keywords_eot.is_empty()
                    || e.pump_power != 0
                    || e.pump_toughness != 0)
            {
                due.push(id);
            }
        });
        for &id in &due {
            let e = &self.entities[id as usize];
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
        self.scratch.cleanup = due;
        if !self.regenerations.is_empty()
            || self.replacements.iter().any(|r| r.until_end_of_turn)
            || self.continuous.iter().any(|c| c.until_end_of_turn)
        {
            self.regenerations.clear();
            self.replacements.retain(|r| !r.until_end_of_turn);
            self.end_continuous_at_cleanup();
            self.effects_changed();
        }
    }
}
