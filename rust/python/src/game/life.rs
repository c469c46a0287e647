//! Life totals.

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use pyo3::prelude::*;

#[pymethods]
impl PyGame {
    /// A player's life total.
    fn life(&self, py: Python<'_>, p: Id) -> PyResult<i64> {
        let this = self.lock(py);
        this.g.life(p.get()?).py()
    }

    /// The player gains n life (`life_gained`).
    fn gain_life(&self, py: Python<'_>, p: Id, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.gain_life(p.get()?, n.0).py()
    }

    /// The player loses n life (`life_lost`).
    fn lose_life(&self, py: Python<'_>, p: Id, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.lose_life(p.get()?, n.0).py()
    }
}
