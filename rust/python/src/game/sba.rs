//! State-based actions (704) and the result of the game.

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use crate::events::Copied;
use pyo3::prelude::*;
use pyo3::types::PyList;

#[pymethods]
impl PyGame {
    /// Performs state-based actions until none applies (704.3); returns their events.
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
