//! The event log.

use super::PyGame;
use crate::events::events_to_py;
use pyo3::prelude::*;
use pyo3::types::PyList;

#[pymethods]
impl PyGame {
    /// The events since the last call, in order; clears the log.
    fn take_events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut this = self.lock(py);
        // Read, then cleared in place: the log keeps its buffer, so a busy game doesn't grow
        // (and page in) a fresh log after every read.
        let out = events_to_py(py, &this.g, this.g.events());
        this.g.clear_events();
        out
    }

    /// Empties the event log without reading it (no Python objects are made).
    fn clear_events(&self, py: Python<'_>) {
        self.lock(py).g.clear_events();
    }
}
