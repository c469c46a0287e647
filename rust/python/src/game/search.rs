//! Search support: copies, hashes, equality, operations in bulk, observations.

use super::PyGame;
use crate::args::*;
use crate::errors::to_py;
use crate::ops::ops_arg;
use cardstate_core as core;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;

#[pymethods]
impl PyGame {
    /// A full independent copy.
    fn clone(&self, py: Python<'_>) -> PyGame {
        self.share(py)
    }

    fn __copy__(&self, py: Python<'_>) -> PyGame {
        self.share(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.share(py)
    }

    /// The next number of the game's seeded random stream (PCG-64): the same seed and the same
    /// calls give the same numbers on every machine; the position travels with `to_bytes()`.
    fn random_u64(&self, py: Python<'_>) -> u64 {
        self.lock(py).g.random_u64()
    }

    /// 64-bit hash of the rules-relevant state (O(1)).
    fn hash(&self, py: Python<'_>) -> u64 {
        let this = self.lock(py);
        this.g.hash()
    }

    #[doc(hidden)]
    fn _recompute_hash(&self, py: Python<'_>) -> u64 {
        let this = self.lock(py);
        this.g.recompute_hash()
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> bool {
        let Ok(o) = other.cast::<PyGame>() else {
            return false;
        };
        let o = o.get();
        if std::ptr::eq(o, self) {
            return true;
        }
        // Copy one side out first: holding both locks at once could deadlock two threads.
        let mine = self.lock(py).g.share();
        let theirs = o.lock(py);
        mine == theirs.g
    }

    /// Applies `[(name, *args), ...]` in one call, all or nothing: on the first failing
    /// operation the game is put back as it was and that error is raised. Names and arguments
    /// are those of the methods: add_counters, remove_counters, pay_counters, gain_life,
    /// lose_life, deal_damage (source, target, amount[, combat[, preventable]]), move,
    /// proliferate ("mtg" rulesets: player, ids), proliferate_auto, cleanup,
    /// check_state_based_actions.
    fn apply(&self, py: Python<'_>, ops: &Bound<'_, PyAny>) -> PyResult<()> {
        let ops = ops_arg(ops)?;
        let mut this = self.lock(py);
        this.g.apply_ops(&ops).map_err(|(_, e)| to_py(e))
    }

    /// Observation tensor (SEMANTICS §9): one float32 row per entity id, one column per
    /// `observation_features(kinds)`; gone objects are rows of zeros.
    #[pyo3(signature = (kinds=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        kinds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let this = self.lock(py);
        let extra = extra_kinds(kinds)?;
        let refs: Vec<&str> = extra.iter().map(String::as_str).collect();
        let cols = core::observe::feature_count(refs.len());
        let rows = this.g.num_entities() as usize;
        let mut buf = vec![0f32; rows * cols];
        this.g.observe_into(&refs, &mut buf);
        PyArray1::from_vec(py, buf).reshape([rows, cols])
    }

    // ----- the floor for benchmarks -----

    /// An empty method: the cost of calling into the extension at all.
    fn _noop(&self) {}

    /// An empty method taking three arguments (unconverted).
    fn _noop3(&self, _a: &Bound<'_, PyAny>, _b: &Bound<'_, PyAny>, _c: &Bound<'_, PyAny>) {}
}

/// Column names of `Game.observation(kinds)` and `GameBatch.observation(kinds)`.
#[pyfunction]
#[pyo3(signature = (kinds=None))]
pub(crate) fn observation_features(kinds: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let extra = extra_kinds(kinds)?;
    let refs: Vec<&str> = extra.iter().map(String::as_str).collect();
    Ok(core::observe::feature_names(&refs))
}
