//! Proliferate (701.34).

use super::PyGame;
use crate::args::*;
use crate::errors::{to_py, OrPy};
use cardstate_core::{ProliferateChoice, ProliferateForm};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping};

#[pymethods]
impl PyGame {
    /// Players and permanents with counters (701.34a), as a numpy int64 array.
    fn proliferate_candidates<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let ids: Vec<i64> = self
            .lock(py, "Game.proliferate_candidates")?
            .g
            .proliferate_candidate_entities()
            .map(|(id, _)| i64::from(id))
            .collect();
        Ok(PyArray1::from_slice(py, &ids))
    }

    /// `player` proliferates (701.34a): each chosen player or permanent with counters gets one
    /// more counter of each kind it already has. In "mtg-2010" (old 701.23a) `chosen` is a
    /// mapping id -> kind instead, and each gets one more counter of that one kind. Every choice
    /// is checked (a candidate, not chosen twice, room for one more) before anything changes.
    ///
    /// Example: `g.proliferate(0, [bear, 1])` adds a +1/+1 counter to the bear and a poison
    /// counter to player 1 if they have them.
    fn proliferate(&self, py: Python<'_>, player: Id, chosen: &Bound<'_, PyAny>) -> PyResult<()> {
        // The form the ruleset takes is the core's rule; the choice is read before the lock.
        match self.ruleset.proliferate_form() {
            ProliferateForm::OneKind => {
                let m = chosen
                    .cast::<PyMapping>()
                    .map_err(|_| to_py(ProliferateForm::OneKind.wrong_form(self.ruleset)))?;
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
                let mut this = self.lock(py, "Game.proliferate")?;
                lenient.check(
                    this.g
                        .proliferate_choice(p, ProliferateChoice::OneKind(&pairs)),
                )
            }
            ProliferateForm::EveryKind => {
                let mut lenient = Lenient::default();
                let ids = ids_form(chosen, &mut lenient)?;
                let p = player.get()?;
                let mut this = self.lock(py, "Game.proliferate")?;
                lenient.check(
                    this.g
                        .proliferate_choice(p, ProliferateChoice::EveryKind(&ids)),
                )
            }
        }
    }

    /// Proliferates for `player` as an agent would, by polarity: the candidates where one more
    /// counter helps `player` (its good counters on its side, bad ones on the others'); in
    /// "mtg-2010" the smallest helpful kind of each. Returns the choice made (a list of ids, or
    /// a dict id -> kind).
    ///
    /// Example: `g.proliferate_auto(0)` returns `[bear]` if only the bear's counters help.
    fn proliferate_auto<'py>(&self, py: Python<'py>, player: Id) -> PyResult<Bound<'py, PyAny>> {
        let mut this = self.lock(py, "Game.proliferate_auto")?;
        let chosen = this.g.proliferate_auto(player.get()?).py()?;
        // The choice in the form of the ruleset, its objects made after the lock.
        let named: Vec<(u32, Option<String>)> = chosen
            .into_iter()
            .map(|(id, k)| (id, k.map(|k| this.g.kind_name(k).to_string())))
            .collect();
        drop(this);
        match self.ruleset.proliferate_form() {
            ProliferateForm::OneKind => {
                let d = PyDict::new(py);
                for (id, kind) in named {
                    d.set_item(id, kind)?;
                }
                Ok(d.into_any())
            }
            ProliferateForm::EveryKind => {
                Ok(PyList::new(py, named.into_iter().map(|(id, _)| id))?.into_any())
            }
        }
    }
}
