//! The event log.

use super::PyGame;
use crate::events::Copied;
use pyo3::prelude::*;
use pyo3::types::PyList;

#[pymethods]
impl PyGame {
    /// The events since the last call, in order; clears the log.
    fn take_events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        // Read, then cleared in place: the log keeps its buffer, so a busy game doesn't grow
        // (and page in) a fresh log after every read.
        let mut this = self.lock(py, "Game.take_events")?;
        let copied = Copied::of(&this.g, this.g.events());
        this.g.clear_events();
        drop(this);
        copied.into_py(py)
    }

    /// Empties the event log without reading it (no Python objects are made).
    fn clear_events(&self, py: Python<'_>) -> PyResult<()> {
        self.lock(py, "Game.clear_events")?.g.clear_events();
        Ok(())
    }
}
