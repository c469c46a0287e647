//! Characteristics, keywords and "until end of turn" changes.

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use pyo3::prelude::*;

#[pymethods]
impl PyGame {
    fn power<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyAny>> {
        let this = self.lock(py, "Game.power")?;
        opt_int_out(py, this.g.power(x.get()?).py()?)
    }

    fn toughness<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyAny>> {
        let this = self.lock(py, "Game.toughness")?;
        opt_int_out(py, this.g.toughness(x.get()?).py()?)
    }

    /// Marked damage.
    fn damage(&self, py: Python<'_>, x: Id) -> PyResult<u64> {
        let this = self.lock(py, "Game.damage")?;
        this.g.damage(x.get()?).py()
    }

    fn loyalty(&self, py: Python<'_>, x: Id) -> PyResult<u64> {
        let id = x.get()?;
        self.lock(py, "Game.loyalty")?.g.loyalty(id).py()
    }

    fn defense(&self, py: Python<'_>, x: Id) -> PyResult<u64> {
        let id = x.get()?;
        self.lock(py, "Game.defense")?.g.defense(id).py()
    }

    fn has_keyword(&self, py: Python<'_>, x: Id, keyword: &str) -> PyResult<bool> {
        let this = self.lock(py, "Game.has_keyword")?;
        this.g.has_keyword(x.get()?, keyword).py()
    }

    /// Total toxic value (702.164b).
    fn toxic(&self, py: Python<'_>, x: Id) -> PyResult<u32> {
        let this = self.lock(py, "Game.toxic")?;
        this.g.toxic(x.get()?).py()
    }

    fn types(&self, py: Python<'_>, x: Id) -> PyResult<Vec<&'static str>> {
        let this = self.lock(py, "Game.types")?;
        Ok(this.g.types_of(x.get()?).py()?.names().collect())
    }

    /// The supertypes (205.4) in the canonical order (basic legendary ongoing snow world).
    fn supertypes(&self, py: Python<'_>, x: Id) -> PyResult<Vec<&'static str>> {
        let this = self.lock(py, "Game.supertypes")?;
        Ok(this.g.supertypes_of(x.get()?).py()?.names().collect())
    }

    /// Whether `x` is a token (111.1; last known information for a gone id).
    fn is_token(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let this = self.lock(py, "Game.is_token")?;
        this.g.is_token(x.get()?).py()
    }

    fn subtypes(&self, py: Python<'_>, x: Id) -> PyResult<Vec<String>> {
        let this = self.lock(py, "Game.subtypes")?;
        Ok(this
            .g
            .subtypes(x.get()?)
            .py()?
            .iter()
            .map(|s| s.to_string())
            .collect())
    }

    #[pyo3(signature = (x, keyword, *, until_end_of_turn=Flag::new(false)),
        text_signature = "($self, x, keyword, *, until_end_of_turn=False)")]
    fn grant(
        &self,
        py: Python<'_>,
        x: Id,
        keyword: &str,
        until_end_of_turn: Flag<UntilEndOfTurn>,
    ) -> PyResult<()> {
        let mut this = self.lock(py, "Game.grant")?;
        this.g.grant(x.get()?, keyword, until_end_of_turn.0).py()
    }

    fn revoke(&self, py: Python<'_>, x: Id, keyword: &str) -> PyResult<()> {
        let mut this = self.lock(py, "Game.revoke")?;
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
        let p = int_arg(power, "power")?;
        let t = int_arg(toughness, "toughness")?;
        let mut this = self.lock(py, "Game.pump")?;
        this.g.pump(x.get()?, p, t).py()
    }
}
