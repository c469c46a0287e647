//! State-based actions (704) and the result of the game.

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use crate::events::events_to_py;
use pyo3::prelude::*;
use pyo3::types::PyList;

#[pymethods]
impl PyGame {
    /// Performs state-based actions until none applies (704.3); returns their events.
    fn check_state_based_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut this = self.lock(py);
        this.g
            .check_state_based_actions_with(|g, events| events_to_py(py, g, events))
            .py()?
    }

    fn has_lost(&self, py: Python<'_>, p: Id) -> PyResult<bool> {
        let this = self.lock(py);
        this.g.has_lost(p.get()?).py()
    }

    fn is_over(&self, py: Python<'_>) -> bool {
        let this = self.lock(py);
        this.g.is_over()
    }

    fn winner(&self, py: Python<'_>) -> Option<u32> {
        let this = self.lock(py);
        this.g.winner()
    }
}
