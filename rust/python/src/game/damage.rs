//! Damage (120), prevention and redirection, cleanup.

use super::PyGame;
use crate::args::*;
use cardstate_core::Prevention;
use pyo3::prelude::*;

#[pymethods]
impl PyGame {
    /// Deals `amount` damage from the object `source` to `target` (CR 120); returns how much was
    /// dealt after redirection and prevention.
    ///
    /// The same as `deal_simultaneous_damage([(source, target, amount)], ...)[0]`. Redirection
    /// effects apply first, then prevention shields (unless `preventable=False`) and shield
    /// counters (122.1c). The results (120.3): a player loses that much life (poison counters
    /// from a source with infect; toxic adds poison on combat damage, 702.164c); a planeswalker
    /// loses loyalty, a battle defense; a creature is marked damage (-1/-1 counters from wither
    /// or infect) and deathtouch marks it; lifelink makes the source's controller gain as much.
    /// Nothing happens at all if any check fails (`KeyError` unknown id, `ValueError` a player as
    /// source or a target that can't be dealt damage, `GoneError` a target that left).
    ///
    /// Example: `g.deal_damage(bear, 1, 2, combat=True)` returns 2 and player 1 loses 2 life.
    #[pyo3(signature = (source, target, amount, *, combat=Flag::new(false), preventable=Flag::new(true)),
        text_signature = "($self, source, target, amount, *, combat=False, preventable=True)")]
    fn deal_damage(
        &self,
        py: Python<'_>,
        source: Id,
        target: Id,
        amount: Amount,
        combat: Flag<Combat>,
        preventable: Flag<Preventable>,
    ) -> PyResult<u64> {
        let mut ids = Lenient::default();
        let (s, t) = (ids.get(source), ids.get(target));
        let mut this = self.lock(py, "Game.deal_damage")?;
        ids.check(this.g.deal_damage(s, t, amount.0, combat.0, preventable.0))
    }

    /// Deals every `(source, target, amount)` assignment at once (combat damage, 510.2): all
    /// are checked first, then each is processed in order as `deal_damage` describes, and the
    /// state-based actions see them together. Returns what each assignment dealt. An
    /// assignment `(source, target, amount, preventable)` says for itself whether it can be
    /// prevented (615.12), instead of `preventable`.
    ///
    /// Example: `g.deal_simultaneous_damage([(a, b, 2), (b, a, 3)])` returns `[2, 3]`.
    #[pyo3(signature = (assignments, *, combat=Flag::new(true), preventable=Flag::new(true)),
        text_signature = "($self, assignments, *, combat=True, preventable=True)")]
    fn deal_simultaneous_damage(
        &self,
        py: Python<'_>,
        assignments: Assignments,
        combat: Flag<Combat>,
        preventable: Flag<Preventable>,
    ) -> PyResult<Vec<u64>> {
        let mut this = self.lock(py, "Game.deal_simultaneous_damage")?;
        let Assignments {
            list,
            ids,
            preventable: each,
        } = assignments;
        let mut dealt = vec![0u64; list.len()];
        if each.is_empty() {
            ids.check(
                this.g
                    .deal_simultaneous_damage(&list, combat.0, preventable.0, &mut dealt),
            )?;
        } else {
            let mut prevention = vec![Prevention::from(preventable.0); list.len()];
            for (i, p) in each {
                prevention[i] = Prevention::from(p);
            }
            ids.check(this.g.deal_simultaneous_damage_each(
                &list,
                combat.0,
                &prevention,
                &mut dealt,
            ))?;
        }
        Ok(dealt)
    }

    /// A prevention shield (615): the next `amount` damage (all damage if None) that would be
    /// dealt to `target` this turn (only by `source`, if given) is prevented. A prevention
    /// effect like those of `add_replacement_effect`: its id (None for amount 0); shields apply
    /// in the effects' order; cleanup (514.2) ends them.
    ///
    /// Example: `g.prevent_damage(bear, 2)`, then `g.deal_damage(x, bear, 3)` returns 1.
    #[pyo3(signature = (target, amount=None, *, source=None))]
    fn prevent_damage(
        &self,
        py: Python<'_>,
        target: Id,
        amount: Option<Amount>,
        source: Option<Id>,
    ) -> PyResult<Option<u32>> {
        let mut ids = Lenient::default();
        let t = ids.get(target);
        let s = source.map(|s| ids.get(s));
        let mut this = self.lock(py, "Game.prevent_damage")?;
        ids.check(this.g.prevent_damage(t, amount.map(|a| a.0), s))
    }

    /// "Prevent all combat damage that would be dealt to `target` this turn" (615.1a): a
    /// prevention effect like `prevent_damage`'s on combat damage only (510.2); its id; cleanup
    /// (514.2) ends it.
    ///
    /// Example: `g.prevent_combat_damage(bear)`, then `g.deal_damage(x, bear, 3, combat=True)`
    /// returns 0.
    fn prevent_combat_damage(&self, py: Python<'_>, target: Id) -> PyResult<u32> {
        let mut ids = Lenient::default();
        let t = ids.get(target);
        let mut this = self.lock(py, "Game.prevent_combat_damage")?;
        ids.check(this.g.prevent_combat_damage(t))
    }

    /// A redirection (a replacement effect, 614): the next damage that would be dealt to `a`
    /// this turn (`amount` of it, all if None; only by `source`, if given) is dealt to `b`
    /// instead. Its id (None for amount 0); cleanup ends the effect.
    ///
    /// Example: `g.redirect_damage(1, walker)`, then damage to player 1 hits the planeswalker.
    #[pyo3(signature = (a, b, amount=None, *, source=None))]
    fn redirect_damage(
        &self,
        py: Python<'_>,
        a: Id,
        b: Id,
        amount: Option<Amount>,
        source: Option<Id>,
    ) -> PyResult<Option<u32>> {
        let mut ids = Lenient::default();
        let (a, b) = (ids.get(a), ids.get(b));
        let s = source.map(|s| ids.get(s));
        let mut this = self.lock(py, "Game.redirect_damage")?;
        ids.check(this.g.redirect_damage(a, b, amount.map(|a| a.0), s))
    }

    /// Cleanup step (514.2): marked damage and "this turn" effects end.
    fn cleanup(&self, py: Python<'_>) -> PyResult<()> {
        self.lock(py, "Game.cleanup")?.g.cleanup();
        Ok(())
    }
}
