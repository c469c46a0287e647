//! Search support: copies, hashes, equality, operations in bulk, observations.

use super::PyGame;
use crate::args::*;
use crate::ops::ops_arg;
use cardstate_core as core;
use numpy::{PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

#[pymethods]
impl PyGame {
    /// An independent copy, in O(1): the state is shared copy-on-write and each part is copied
    /// at its first change on either side (`info` is shared the same way). For search: clone,
    /// try a line, throw it away.
    ///
    /// Example: `h = g.clone(); h.lose_life(0, 5)` leaves `g.life(0)` as it was.
    fn clone(&self, py: Python<'_>) -> PyResult<PyGame> {
        self.share(py, "Game.clone")
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<PyGame> {
        self.share(py, "Game.__copy__")
    }

    /// A copy whose `info` is deep-copied too (the game state itself is copy-on-write).
    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyGame>> {
        let py = slf.py();
        let (g, info) = {
            let mut st = slf.get().lock(py, "Game.__deepcopy__")?;
            (st.g.share(), st.info.clone_ref(py))
        };
        // In the memo before its info is copied, so a game inside its own info stays one copy.
        let copy = Bound::new(py, PyGame::wrap(py, g))?;
        memo.set_item(slf.as_ptr() as usize, &copy)?;
        let info = py
            .import("copy")?
            .call_method1("deepcopy", (info, memo))?
            .cast_into::<PyDict>()?;
        copy.get().lock(py, "Game.__deepcopy__")?.info = info.unbind();
        Ok(copy)
    }

    /// The next number of the game's seeded random stream (PCG-64): the same seed and the same
    /// calls give the same numbers on every machine; the position travels with `to_bytes()`.
    fn random_u64(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.lock(py, "Game.random_u64")?.g.random_u64())
    }

    /// 64-bit hash of the rules-relevant state (O(1)).
    fn hash(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.lock(py, "Game.hash")?.g.hash())
    }

    #[doc(hidden)]
    fn _recompute_hash(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.lock(py, "Game._recompute_hash")?.g.recompute_hash())
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(o) = other.cast::<PyGame>() else {
            return Ok(false);
        };
        let o = o.get();
        if std::ptr::eq(o, self) {
            return Ok(true);
        }
        // Copy one side out first: holding both locks at once could deadlock two threads.
        let mine = self.lock(py, "Game.__eq__")?.g.share();
        let theirs = o.lock(py, "Game.__eq__")?;
        Ok(mine == theirs.g)
    }

    /// Applies `[(name, *args), ...]` in one call, all or nothing: the form of every operation
    /// is checked first, then they run in order; on the first failing operation the game is put
    /// back as it was and that error is raised. Names and arguments are those of the methods
    /// (the kernel's operation table): add_counters, remove_counters, pay_counters, gain_life,
    /// lose_life, deal_damage (source, target, amount[, combat[, preventable]]), move,
    /// proliferate (player, ids), proliferate_auto, cleanup, check_state_based_actions.
    ///
    /// Example: `g.apply([("add_counters", x, "+1/+1", 2), ("deal_damage", x, 1, 3)])`.
    fn apply(&self, py: Python<'_>, ops: &Bound<'_, PyAny>) -> PyResult<()> {
        let ops = ops_arg(ops)?;
        let mut this = self.lock(py, "Game.apply")?;
        this.g.apply_ops(&ops.ops).map_err(|e| ops.error(e))
    }

    /// Observation tensor (SEMANTICS §9): one float32 row per entity id, one column per
    /// `observation_features(kinds)`; gone objects are rows of zeros.
    #[pyo3(signature = (kinds=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        kinds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let extra = extra_kinds(kinds)?;
        let refs: Vec<&str> = extra.iter().map(String::as_str).collect();
        let cols = core::feature_count(refs.len());
        let this = self.lock(py, "Game.observation")?;
        let rows = this.g.num_entities() as usize;
        // numpy's own `zeros`: `MemoryError` for what can't be had, before anything is read.
        let out = py
            .import("numpy")?
            .call_method1("zeros", ((rows, cols), "float32"))?
            .cast_into::<PyArray2<f32>>()?;
        this.g.observe_into(&refs, out.readwrite().as_slice_mut()?);
        Ok(out)
    }

    // ----- the floor for benchmarks -----

    /// An empty method: the cost of calling into the extension at all.
    fn _noop(&self) {}

    /// An empty method taking three arguments (unconverted).
    fn _noop3(&self, _a: &Bound<'_, PyAny>, _b: &Bound<'_, PyAny>, _c: &Bound<'_, PyAny>) {}

    /// Calls `f()` while this game is locked, as a finalizer run during a call would be: the
    /// tests show that a call re-entering the game is then a `RuntimeError`, not a hang.
    fn _while_locked<'py>(
        &self,
        py: Python<'py>,
        f: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _held = self.lock(py, "Game._while_locked")?;
        f.call0()
    }
}

/// Column names of `Game.observation(kinds)` and `GameBatch.observation(kinds)`.
#[pyfunction]
#[pyo3(signature = (kinds=None))]
pub(crate) fn observation_features(kinds: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let extra = extra_kinds(kinds)?;
    let refs: Vec<&str> = extra.iter().map(String::as_str).collect();
    Ok(core::feature_names(&refs))
}
