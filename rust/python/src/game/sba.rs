//! State-based actions (704) and the result of the game.

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use crate::events::Copied;
use pyo3::prelude::*;
use pyo3::types::PyList;

#[pymethods]
impl PyGame {
    /// Performs the state-based actions (704.5) again and again until none applies (704.3):
    /// players at 0 life or with 10 poison counters lose, creatures with lethal damage,
    /// deathtouch damage or 0 toughness die, planeswalkers and battles with no loyalty/defense
    /// go to the graveyard, +1/+1 and -1/-1 counters cancel. Returns the events they caused.
    ///
    /// Example: after `g.deal_damage(x, bear, 3)` on a 2/2, the returned events include the
    /// bear's `destroyed` and `zone_change`.
    fn check_state_based_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut this = self.lock(py, "Game.check_state_based_actions")?;
        let copied = this.g.check_state_based_actions_with(Copied::of).py()?;
        drop(this);
        copied.into_py(py)
    }

    fn has_lost(&self, py: Python<'_>, p: Id) -> PyResult<bool> {
        let this = self.lock(py, "Game.has_lost")?;
        this.g.has_lost(p.get()?).py()
    }

    fn is_over(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.lock(py, "Game.is_over")?.g.is_over())
    }

    fn winner(&self, py: Python<'_>) -> PyResult<Option<u32>> {
        Ok(self.lock(py, "Game.winner")?.g.winner())
    }
}
