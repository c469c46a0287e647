//! The Berserk properties: strength, lives, wounds, costs, control and types.

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyList;

#[pymethods]
impl PyGame {
    fn strength<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyAny>> {
        let this = self.lock(py, "Game.strength")?;
        opt_int_out(py, this.g.strength(x.get()?).py()?)
    }

    fn lives<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyAny>> {
        let this = self.lock(py, "Game.lives")?;
        opt_int_out(py, this.g.lives(x.get()?).py()?)
    }

    fn wounds(&self, py: Python<'_>, x: Id) -> PyResult<u64> {
        let this = self.lock(py, "Game.wounds")?;
        this.g.wounds(x.get()?).py()
    }

    /// "Strength becomes n" (104.3.1).
    fn set_strength(&self, py: Python<'_>, x: Id, n: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = int_arg(n, "strength")?;
        let mut this = self.lock(py, "Game.set_strength")?;
        this.g.set_strength(x.get()?, n).py()
    }

    /// "Lives become n" (104.3.1): no wounded/healed events.
    fn set_lives(&self, py: Python<'_>, x: Id, n: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = int_arg(n, "lives")?;
        let mut this = self.lock(py, "Game.set_lives")?;
        this.g.set_lives(x.get()?, n).py()
    }

    /// Heals up to n wounds (`healed`); returns how many were healed.
    fn heal(&self, py: Python<'_>, x: Id, n: Amount) -> PyResult<u64> {
        let mut this = self.lock(py, "Game.heal")?;
        this.g.heal(x.get()?, n.0).py()
    }

    /// Removes every strength and life effect (not wounds).
    fn remove_effects(&self, py: Python<'_>, x: Id) -> PyResult<()> {
        let mut this = self.lock(py, "Game.remove_effects")?;
        this.g.remove_effects(x.get()?).py()
    }

    /// The cost (105.1) with every applicable modifier, never below 0.
    #[pyo3(signature = (x, *, x_value=None))]
    fn cost<'py>(
        &self,
        py: Python<'py>,
        x: Id,
        x_value: Option<Amount>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let this = self.lock(py, "Game.cost")?;
        int_out(
            py,
            this.g.cost(x.get()?, x_value.map(|a| a.0)).py()? as i128,
        )
    }

    /// A cost modifier: one-off for a `card` in hand, or static from a `source` in play.
    #[pyo3(signature = (amount, *, card=None, source=None, subtypes=None, types=None, controller=None))]
    #[allow(clippy::too_many_arguments)]
    fn add_cost_modifier(
        &self,
        py: Python<'_>,
        amount: &Bound<'_, PyAny>,
        card: Option<&Bound<'_, PyAny>>,
        source: Option<&Bound<'_, PyAny>>,
        subtypes: Option<&Bound<'_, PyAny>>,
        types: Option<&Bound<'_, PyAny>>,
        controller: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let opt_id = |o: Option<&Bound<'_, PyAny>>| -> PyResult<Option<Id>> {
            o.filter(|o| !o.is_none())
                .map(|o| o.extract::<Id>())
                .transpose()
        };
        let amount = int_arg(amount, "amount")?;
        let card = opt_id(card)?;
        let source = opt_id(source)?;
        let subtypes = subtypes
            .map(|s| names(s, "subtypes"))
            .transpose()?
            .unwrap_or_default();
        let types = types
            .map(|t| names(t, "types"))
            .transpose()?
            .unwrap_or_default();
        let controller = opt_id(controller)?;
        let mut ids = Lenient::default();
        let card = card.map(|c| ids.get(c));
        let source = source.map(|s| ids.get(s));
        let controller = controller.map(|c| ids.get(c));
        let mut this = self.lock(py, "Game.add_cost_modifier")?;
        ids.check(
            this.g
                .add_cost_modifier(amount, card, source, &subtypes, &types, controller),
        )
    }

    /// Overwrites the controller (104.3.4), only in play.
    fn set_controller(&self, py: Python<'_>, x: Id, p: Id) -> PyResult<()> {
        let mut ids = Lenient::default();
        let (x, p) = (ids.get(x), ids.get(p));
        let mut this = self.lock(py, "Game.set_controller")?;
        ids.check(this.g.set_controller(x, p))
    }

    /// Property replacement of the type (108.1, 108.2), only in play.
    #[pyo3(signature = (x, types, *, subtypes=None))]
    fn set_types(
        &self,
        py: Python<'_>,
        x: Id,
        types: &Bound<'_, PyAny>,
        subtypes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let types = names(types, "types")?;
        let subtypes = subtypes
            .filter(|s| !s.is_none())
            .map(|s| names(s, "subtypes"))
            .transpose()?;
        let mut this = self.lock(py, "Game.set_types")?;
        this.g.set_types(x.get()?, &types, subtypes.as_deref()).py()
    }

    fn set_elite(&self, py: Python<'_>, x: Id, flag: Flag<On>) -> PyResult<()> {
        let mut this = self.lock(py, "Game.set_elite")?;
        this.g.set_elite(x.get()?, flag.0).py()
    }

    /// Movement, or None for a flyer or a card without movement.
    fn movement(&self, py: Python<'_>, x: Id) -> PyResult<Option<i32>> {
        let this = self.lock(py, "Game.movement")?;
        this.g.movement(x.get()?).py()
    }

    fn is_flying(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let this = self.lock(py, "Game.is_flying")?;
        this.g.is_flying(x.get()?).py()
    }

    fn is_elite(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let this = self.lock(py, "Game.is_elite")?;
        this.g.is_elite(x.get()?).py()
    }

    /// The costs of many cards at once, as a numpy int64 array.
    fn cost_many<'py>(
        &self,
        py: Python<'py>,
        ids: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let mut lenient = Lenient::default();
        let ids = ids_form(ids, &mut lenient)?;
        let mut out = Vec::with_capacity(ids.len());
        let this = self.lock(py, "Game.cost_many")?;
        lenient.check(this.g.cost_many(&ids, &mut out))?;
        Ok(PyArray1::from_slice(py, &out))
    }

    /// "Lives become X" for many cards in one call (all checked first): `values` is one int for
    /// all, or one per id.
    fn set_lives_many(
        &self,
        py: Python<'_>,
        ids: &Bound<'_, PyAny>,
        values: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let mut lenient = Lenient::default();
        let raw = ids_form(ids, &mut lenient)?;
        let values: Vec<i64> = if values.is_instance_of::<pyo3::types::PyInt>() {
            vec![int_arg(values, "lives")?; raw.len()]
        } else if let Ok(list) = values.cast_exact::<PyList>() {
            let mut out = Vec::with_capacity(list.len());
            for v in list.iter() {
                out.push(match exact_int(v.as_borrowed()) {
                    Some(v) => v,
                    None => int_arg(&v, "lives")?,
                });
            }
            out
        } else {
            values
                .try_iter()?
                .map(|v| int_arg(&v?, "lives"))
                .collect::<PyResult<_>>()?
        };
        let mut this = self.lock(py, "Game.set_lives_many")?;
        lenient.check(this.g.set_lives_many(&raw, &values))
    }
}
