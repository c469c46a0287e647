//! Proliferate (701.34).

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use cardstate_core::Ruleset;
use numpy::PyArray1;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping};

#[pymethods]
impl PyGame {
    /// Players and permanents with counters (701.34a), as a numpy int64 array.
    fn proliferate_candidates<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let ids: Vec<i64> = self
            .lock(py)
            .g
            .proliferate_candidate_entities()
            .map(|(id, _)| i64::from(id))
            .collect();
        PyArray1::from_slice(py, &ids)
    }

    /// Proliferate: "mtg" takes ids, "mtg-2010" a mapping id -> kind.
    fn proliferate(&self, py: Python<'_>, player: Id, chosen: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut this = self.lock(py);
        if this.g.ruleset() == Ruleset::Mtg2010 {
            let m = chosen.cast::<PyMapping>().map_err(|_| {
                PyTypeError::new_err(
                    "the mtg-2010 ruleset proliferates one chosen kind per entity: pass a mapping id -> kind",
                )
            })?;
            let mut raw: Vec<(Id, String)> = Vec::new();
            for item in m.items()?.iter() {
                let (id, kind): (Id, Bound<'_, PyAny>) = item.extract()?;
                let kind = kind.extract::<KindArg<'_>>()?.name().to_string();
                raw.push((id, kind));
            }
            let p = player.get()?;
            let mut lenient = Lenient::default();
            let pairs: Vec<(u32, &str)> = raw
                .iter()
                .map(|(id, kind)| (lenient.get(*id), kind.as_str()))
                .collect();
            lenient.check(this.g.proliferate_one_kind(p, &pairs))
        } else {
            let mut lenient = Lenient::default();
            let ids = ids_form(chosen, &mut lenient)?;
            let p = player.get()?;
            // Runs under the GIL like every call on one Game: other threads see it whole.
            lenient.check(this.g.proliferate(p, &ids))
        }
    }

    /// Chooses by polarity for `player`, applies, and returns the choice.
    fn proliferate_auto<'py>(&self, py: Python<'py>, player: Id) -> PyResult<Bound<'py, PyAny>> {
        let mut this = self.lock(py);
        let chosen = this.g.proliferate_auto(player.get()?).py()?;
        if this.g.ruleset() == Ruleset::Mtg2010 {
            let d = PyDict::new(py);
            for (id, k) in chosen {
                d.set_item(id, this.g.kind_name(k.expect("one kind")))?;
            }
            Ok(d.into_any())
        } else {
            Ok(PyList::new(py, chosen.into_iter().map(|(id, _)| id))?.into_any())
        }
    }
}
