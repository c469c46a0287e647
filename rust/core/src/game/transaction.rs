//! All-or-nothing changes: run, and on failure put the whole game back as it was.

use super::Game;
use std::sync::Arc;

impl Game {
    /// Runs `f`; if it fails, puts the whole game back as it was. Used only where a cheap
    /// up-front check can't rule failure out (the common paths check first and mutate once).
    ///
    /// The entities are journaled (see `store::Journal`) and the few other fields a change can
    /// touch are copied; nothing shared is cloned, so batches of games on several threads don't
    /// contend for reference counts. Interned kind and subtype names stay (they are never part
    /// of the state). The event log isn't copied either (it would make every transaction cost
    /// as much as the log is long): `f` only appends to it, so rolling back truncates it.
    /// Inside another transaction `f` just runs: errors propagate, and the outermost one undoes
    /// everything.
    pub(crate) fn transaction<T, E>(
        &mut self,
        f: impl FnOnce(&mut Game) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        if !self.entities.start_journal() {
            return f(self);
        }
        let backup = (
            self.entity_hash,
            (self.effects_hash, self.effect_kinds),
            (
                self.regenerations.clone(),
                self.replacements.clone(),
                self.next_effect_id,
                self.continuous.clone(),
                self.next_continuous_id,
            ),
            self.cost_modifiers.clone(),
            (self.rng.clone(), self.rng_draws, self.huge),
            (self.printed.len(), self.events.len()),
            self.zones.clone(),
        );
        let out = f(self);
        if out.is_ok() {
            self.entities.commit_journal();
            return out;
        }
        self.entities.roll_back_journal();
        for n in &mut self.tap_changes {
            *n = n.wrapping_add(1);
        }
        let (
            entity_hash,
            (effects_hash, effect_kinds),
            effects,
            cost_modifiers,
            rng,
            lengths,
            zones,
        ) = backup;
        self.zones.restore(zones);
        self.entity_hash = entity_hash;
        (self.effects_hash, self.effect_kinds) = (effects_hash, effect_kinds);
        (
            self.regenerations,
            self.replacements,
            self.next_effect_id,
            self.continuous,
            self.next_continuous_id,
        ) = effects;
        self.cost_modifiers = cost_modifiers;
        (self.rng, self.rng_draws, self.huge) = rng;
        let (printed, logged) = lengths;
        if self.printed.len() > printed {
            Arc::make_mut(&mut self.printed).truncate(printed);
        }
        self.events.truncate(logged);
        out
    }
}
