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
        let this = self.lock(py);
        let ent = this.g.entity(e.get()?).py()?;
        let d = PyDict::new(py);
        for (k, n) in ent.counters.iter() {
            d.set_item(this.g.kind_name(k), n)?;
        }
        Ok(d)
    }

    /// How many counters of a kind (0 if none).
    fn count(&self, py: Python<'_>, e: Id, kind: KindArg<'_>) -> PyResult<u64> {
        let this = self.lock(py);
        this.g.count_by_name(e.get()?, kind.kind()).py()
    }

    /// Puts n counters of a kind on a player or object (`counters_added`).
    #[pyo3(signature = (e, kind, n=Amount(1)))]
    fn add_counters(&self, py: Python<'_>, e: Id, kind: KindArg<'_>, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.add_counters(e.get()?, kind.kind(), n.0).py()
    }

    /// Removes up to n counters; returns how many were removed.
    #[pyo3(signature = (e, kind, n=Amount(1)))]
    fn remove_counters(
        &self,
        py: Python<'_>,
        e: Id,
        kind: KindArg<'_>,
        n: Amount,
    ) -> PyResult<u64> {
        let mut this = self.lock(py);
        this.g.remove_counters(e.get()?, kind.kind(), n.0).py()
    }

    /// Pays n counters as a cost: all or nothing (`CannotPay`).
    fn pay_counters(&self, py: Python<'_>, e: Id, kind: KindArg<'_>, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.pay_counters(e.get()?, kind.kind(), n.0).py()
    }

    /// Pays {E} n times (107.14): all or nothing (`CannotPay`).
    fn pay_energy(&self, py: Python<'_>, p: Id, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.pay_energy(p.get()?, n.0).py()
    }
}
