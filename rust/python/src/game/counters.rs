//! Counters (122).

use super::PyGame;
use crate::args::*;
use crate::errors::OrPy;
use pyo3::prelude::*;
use pyo3::types::PyDict;

#[pymethods]
impl PyGame {
    /// The counters on a player or object, in the order their kinds arrived.
    fn counters<'py>(&self, py: Python<'py>, e: Id) -> PyResult<Bound<'py, PyDict>> {
        let id = e.get()?;
        let this = self.lock(py, "Game.counters")?;
        let g = &this.g;
        let counts: Vec<(Box<str>, u64)> = g
            .entity(id)
            .py()?
            .counters
            .iter()
            .map(|(k, n)| (g.kind_name(k).into(), n))
            .collect();
        // The dict is made after the lock: making it may run a collection (finalizers).
        drop(this);
        let d = PyDict::new(py);
        for (kind, n) in counts {
            d.set_item(&*kind, n)?;
        }
        Ok(d)
    }

    /// How many counters of `kind` are on a player or object (0 if none).
    ///
    /// Example: `g.count(0, "poison")` is 0 in a new game.
    fn count(&self, py: Python<'_>, e: Id, kind: KindArg<'_>) -> PyResult<u64> {
        let this = self.lock(py, "Game.count")?;
        this.g.count_by_name(e.get()?, kind.kind()).py()
    }

    /// Puts `n` counters of `kind` on a player or object (122.1), recording `counters_added`.
    /// +X/+Y counters change power and toughness, keyword counters grant their keyword
    /// (122.1b); a +1/+1 and a -1/-1 counter on one permanent are removed by the state-based
    /// actions (704.5q). `OverflowError` if the count would exceed `MAX_COUNT` (nothing changes).
    ///
    /// Example: `g.add_counters(bear, "+1/+1", 2)`; `g.count(bear, "+1/+1")` is then 2.
    #[pyo3(signature = (e, kind, n=Amount(1)), text_signature = "($self, e, kind, n=1)")]
    fn add_counters(&self, py: Python<'_>, e: Id, kind: KindArg<'_>, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py, "Game.add_counters")?;
        this.g.add_counters(e.get()?, kind.kind(), n.0).py()
    }

    /// Removes up to `n` counters of `kind` (as many as there are); returns how many were
    /// removed, recording `counters_removed` if any were.
    ///
    /// Example: with 2 charge counters, `g.remove_counters(x, "charge", 5)` returns 2.
    #[pyo3(signature = (e, kind, n=Amount(1)), text_signature = "($self, e, kind, n=1)")]
    fn remove_counters(
        &self,
        py: Python<'_>,
        e: Id,
        kind: KindArg<'_>,
        n: Amount,
    ) -> PyResult<u64> {
        let mut this = self.lock(py, "Game.remove_counters")?;
        this.g.remove_counters(e.get()?, kind.kind(), n.0).py()
    }

    /// Removes `n` counters of `kind` as a cost (118.3): all of them or, if there are fewer,
    /// none (`CannotPay`, nothing changes).
    ///
    /// Example: `g.pay_counters(x, "charge", 3)` with 2 charge counters raises `CannotPay`.
    fn pay_counters(&self, py: Python<'_>, e: Id, kind: KindArg<'_>, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py, "Game.pay_counters")?;
        this.g.pay_counters(e.get()?, kind.kind(), n.0).py()
    }

    /// Pays {E} n times (107.14): all or nothing (`CannotPay`).
    fn pay_energy(&self, py: Python<'_>, p: Id, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py, "Game.pay_energy")?;
        this.g.pay_energy(p.get()?, n.0).py()
    }

    /// Moves n counters of a kind from one entity to another (122.5): all or nothing
    /// (`CannotPay`); returns how many were put (the replacement effects apply).
    fn move_counters(
        &self,
        py: Python<'_>,
        a: Id,
        b: Id,
        kind: KindArg<'_>,
        n: Amount,
    ) -> PyResult<u64> {
        let mut this = self.lock(py, "Game.move_counters")?;
        let mut ids = Lenient::default();
        let (a, b) = (ids.get(a), ids.get(b));
        ids.check(this.g.move_counters(a, b, kind.kind(), n.0))
    }

    /// Puts on `b` the counters object `a` had as it last existed (122.8).
    fn put_counters_from(&self, py: Python<'_>, a: Id, b: Id) -> PyResult<()> {
        let mut this = self.lock(py, "Game.put_counters_from")?;
        let mut ids = Lenient::default();
        let (a, b) = (ids.get(a), ids.get(b));
        ids.check(this.g.put_counters_from(a, b))
    }
}
