//! Characteristics, keywords and "until end of turn" changes.

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use cardstate_core as core;
use pyo3::prelude::*;

#[pymethods]
impl PyGame {
    fn power<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyAny>> {
        let this = self.lock(py);
        opt_int_out(py, this.g.power(x.get()?).py()?)
    }

    fn toughness<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyAny>> {
        let this = self.lock(py);
        opt_int_out(py, this.g.toughness(x.get()?).py()?)
    }

    /// Marked damage.
    fn damage(&self, py: Python<'_>, x: Id) -> PyResult<u64> {
        let this = self.lock(py);
        this.g.damage(x.get()?).py()
    }

    fn loyalty(&self, py: Python<'_>, x: Id) -> PyResult<u64> {
        let this = self.lock(py);
        let id = x.get()?;
        this.g.object(id).py()?;
        this.g.count(id, core::kinds::LOYALTY).py()
    }

    fn defense(&self, py: Python<'_>, x: Id) -> PyResult<u64> {
        let this = self.lock(py);
        let id = x.get()?;
        this.g.object(id).py()?;
        this.g.count(id, core::kinds::DEFENSE).py()
    }

    fn has_keyword(&self, py: Python<'_>, x: Id, keyword: &str) -> PyResult<bool> {
        let this = self.lock(py);
        this.g.has_keyword(x.get()?, keyword).py()
    }

    /// Total toxic value (702.164b).
    fn toxic(&self, py: Python<'_>, x: Id) -> PyResult<u32> {
        let this = self.lock(py);
        this.g.toxic(x.get()?).py()
    }

    fn types(&self, py: Python<'_>, x: Id) -> PyResult<Vec<&'static str>> {
        let this = self.lock(py);
        Ok(this.g.types_of(x.get()?).py()?.names().collect())
    }

    fn subtypes(&self, py: Python<'_>, x: Id) -> PyResult<Vec<String>> {
        let this = self.lock(py);
        Ok(this
            .g
            .subtypes(x.get()?)
            .py()?
            .iter()
            .map(|s| s.to_string())
            .collect())
    }

    #[pyo3(signature = (x, keyword, *, until_end_of_turn=false))]
    fn grant(&self, py: Python<'_>, x: Id, keyword: &str, until_end_of_turn: bool) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.grant(x.get()?, keyword, until_end_of_turn).py()
    }

    fn revoke(&self, py: Python<'_>, x: Id, keyword: &str) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.revoke(x.get()?, keyword).py()
    }

    /// +power/+toughness until end of turn.
    fn pump(
        &self,
        py: Python<'_>,
        x: Id,
        power: &Bound<'_, PyAny>,
        toughness: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let mut this = self.lock(py);
        let p = int_arg(power, "power")?;
        let t = int_arg(toughness, "toughness")?;
        this.g.pump(x.get()?, p, t).py()
    }
}
