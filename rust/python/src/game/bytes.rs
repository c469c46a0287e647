//! The binary format and pickling.

use super::PyGame;
use crate::errors::OrPy;
use cardstate_core::Game as CoreGame;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};

#[pymethods]
impl PyGame {
    /// The state in the versioned binary format (docs/FORMAT.md); not events, not info.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let this = self.lock(py);
        PyBytes::new(py, &this.g.to_bytes())
    }

    /// Decodes `to_bytes` output; `ValueError` on anything malformed.
    #[staticmethod]
    fn from_bytes(py: Python<'_>, data: &[u8]) -> PyResult<PyGame> {
        let g = py.detach(|| CoreGame::from_bytes(data)).py()?;
        Ok(PyGame::wrap(py, g))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("cardstate._native")?.getattr("_restore")?;
        let this = self.lock(py);
        let args = (
            PyBytes::new(py, &this.g.to_bytes()),
            this.info.bind(py).copy()?,
        );
        (restore, args).into_pyobject(py)
    }
}

/// Unpickles a game (`__reduce__`).
#[pyfunction]
pub(crate) fn _restore(data: &[u8], info: &Bound<'_, PyDict>) -> PyResult<PyGame> {
    let g = CoreGame::from_bytes(data).py()?;
    Ok(PyGame::with_info(g, info.copy()?.unbind(), false))
}
