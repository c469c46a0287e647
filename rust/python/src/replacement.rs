//! Bindings for destruction, regeneration, the tapped status and the replacement and
//! prevention effects (CR 614-616, 701.8, 701.15). A second `#[pymethods]` block on `Game`
//! (pyo3's `multiple-pymethods`); the rules are in the core, this file converts arguments.

use super::{Id, OrPy, PyGame};
use cardstate_core::destruction::Destroyed;
use pyo3::prelude::*;

#[pymethods]
impl PyGame {
    /// Destroys a permanent as the result of an effect (701.8); whether it was destroyed.
    fn destroy(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let mut this = self.lock(py);
        Ok(this.g.destroy(x.get()?).py()? == Destroyed::Yes)
    }

    /// Regenerates a permanent (701.15a): a shield that replaces its next destruction this turn.
    fn regenerate(&self, py: Python<'_>, x: Id) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.regenerate(x.get()?).py()
    }

    /// How many regeneration shields protect x.
    fn regeneration_shields(&self, py: Python<'_>, x: Id) -> PyResult<usize> {
        let this = self.lock(py);
        this.g.regeneration_shields(x.get()?).py()
    }

    /// Taps a permanent; whether it was untapped.
    fn tap(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let mut this = self.lock(py);
        this.g.tap(x.get()?).py()
    }

    /// Untaps a permanent; whether it was tapped.
    fn untap(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let mut this = self.lock(py);
        this.g.untap(x.get()?).py()
    }

    /// Whether x is tapped.
    fn is_tapped(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let this = self.lock(py);
        this.g.is_tapped(x.get()?).py()
    }
}
