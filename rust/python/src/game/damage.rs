//! Damage (120), prevention and redirection, cleanup.

use super::PyGame;
use crate::args::*;
use pyo3::prelude::*;

#[pymethods]
impl PyGame {
    /// Deals damage (CR 120); returns how much was dealt after prevention.
    #[pyo3(signature = (source, target, amount, *, combat=false, preventable=true))]
    fn deal_damage(
        &self,
        py: Python<'_>,
        source: Id,
        target: Id,
        amount: Amount,
        combat: bool,
        preventable: bool,
    ) -> PyResult<u64> {
        let mut this = self.lock(py);
        let mut ids = Lenient::default();
        let (s, t) = (ids.get(source), ids.get(target));
        ids.check(this.g.deal_damage(s, t, amount.0, combat, preventable))
    }

    /// Deals `(source, target, amount)` assignments at once (510.2); returns what each dealt.
    #[pyo3(signature = (assignments, *, combat=Flag(true), preventable=Flag(true)))]
    fn deal_simultaneous_damage(
        &self,
        py: Python<'_>,
        assignments: Assignments,
        combat: Flag,
        preventable: Flag,
    ) -> PyResult<Vec<u64>> {
        let mut this = self.lock(py);
        let Assignments { list, ids } = assignments;
        let mut dealt = vec![0u64; list.len()];
        ids.check(
            this.g
                .deal_simultaneous_damage(&list, combat.0, preventable.0, &mut dealt),
        )?;
        Ok(dealt)
    }

    /// Prevents the next `amount` damage (all if None) to `target` this turn [from `source`].
    #[pyo3(signature = (target, amount=None, *, source=None))]
    fn prevent_damage(
        &self,
        py: Python<'_>,
        target: Id,
        amount: Option<Amount>,
        source: Option<Id>,
    ) -> PyResult<()> {
        let mut this = self.lock(py);
        let mut ids = Lenient::default();
        let t = ids.get(target);
        let s = source.map(|s| ids.get(s));
        ids.check(this.g.prevent_damage(t, amount.map(|a| a.0), s))
    }

    /// The next damage (`amount` of it, all if None) to `a` this turn is dealt to `b` instead.
    #[pyo3(signature = (a, b, amount=None, *, source=None))]
    fn redirect_damage(
        &self,
        py: Python<'_>,
        a: Id,
        b: Id,
        amount: Option<Amount>,
        source: Option<Id>,
    ) -> PyResult<()> {
        let mut this = self.lock(py);
        let mut ids = Lenient::default();
        let (a, b) = (ids.get(a), ids.get(b));
        let s = source.map(|s| ids.get(s));
        ids.check(this.g.redirect_damage(a, b, amount.map(|a| a.0), s))
    }

    /// Cleanup step (514.2): marked damage and "this turn" effects end.
    fn cleanup(&self, py: Python<'_>) {
        let mut this = self.lock(py);
        this.g.cleanup();
    }
}
