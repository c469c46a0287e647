//! The Python `GameBatch` class: many games held natively for batch work.

use crate::args::extra_kinds;
use crate::game::PyGame;
use crate::ops::ops_arg;
use cardstate_core as core;
use cardstate_core::Game as CoreGame;
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use std::sync::Arc;

/// Many games held natively, for batch work that releases the GIL: clone, hash, observe, apply.
/// Each call runs on the calling thread (the library starts no threads of its own); Python
/// threads calling batch methods run in parallel.
/// The batch is copy-on-write as a whole (and each game within it): `clone()` shares the games
/// until one side changes them, so cloning costs O(1) and the copying happens, game by game,
/// when `apply` first changes them.
/// Games in a batch carry no `info` and keep no event log: nothing could read it, and a log
/// growing with every `apply` would cost memory, and time in every copy.
#[pyclass(module = "cardstate._native", name = "GameBatch")]
pub(crate) struct PyGameBatch {
    pub(crate) games: Arc<Vec<CoreGame>>,
}

/// A game as a batch holds it (sharing the storage): its event log left empty.
pub(crate) fn batch_copy(g: &mut CoreGame) -> CoreGame {
    let mut copy = g.share();
    copy.clear_events();
    copy
}

#[pymethods]
impl PyGameBatch {
    /// A batch holding copies of `games`.
    #[new]
    fn new(games: &Bound<'_, PyAny>) -> PyResult<Self> {
        let mut out = Vec::new();
        for g in games.try_iter()? {
            let g = g?;
            let g = g.cast::<PyGame>().map_err(|_| {
                PyTypeError::new_err("GameBatch takes an iterable of cardstate.Game")
            })?;
            out.push(batch_copy(&mut g.get().lock(g.py()).g));
        }
        Ok(PyGameBatch {
            games: Arc::new(out),
        })
    }

    /// `n` copies of one game.
    #[staticmethod]
    fn repeat(py: Python<'_>, game: PyRef<'_, PyGame>, n: usize) -> PyGameBatch {
        let g = batch_copy(&mut game.lock(py).g);
        let g = &g;
        let games = py.detach(|| vec![g.clone(); n]);
        PyGameBatch {
            games: Arc::new(games),
        }
    }

    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// A copy of game `i` as a `Game`.
    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<PyGame> {
        let n = self.games.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "game index {i} out of range for a batch of {n}"
            )));
        }
        Ok(PyGame::wrap(py, self.games[j as usize].clone()))
    }

    /// An independent copy of every game (GIL released).
    fn clone(&self, py: Python<'_>) -> PyGameBatch {
        let _ = py;
        PyGameBatch {
            games: Arc::clone(&self.games),
        }
    }

    /// Every game's `hash()`, as a numpy uint64 array.
    fn hashes<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        let games = &self.games;
        let h: Vec<u64> = py.detach(|| games.iter().map(CoreGame::hash).collect());
        PyArray1::from_slice(py, &h)
    }

    /// `clone()` and the clones' `hashes()` in one call.
    fn clone_and_hash<'py>(&self, py: Python<'py>) -> (PyGameBatch, Bound<'py, PyArray1<u64>>) {
        let games = Arc::clone(&self.games);
        let h: Vec<u64> = py.detach(|| games.iter().map(CoreGame::hash).collect());
        (PyGameBatch { games }, PyArray1::from_slice(py, &h))
    }

    /// Observations of every game, zero-padded to the largest: (games, entities, features).
    #[pyo3(signature = (kinds=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        kinds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let extra = extra_kinds(kinds)?;
        let games = &self.games;
        let (buf, rows, cols) = py.detach(|| {
            let refs: Vec<&str> = extra.iter().map(String::as_str).collect();
            let cols = core::observe::feature_count(refs.len());
            let rows = games
                .iter()
                .map(|g| g.num_entities() as usize)
                .max()
                .unwrap_or(0);
            let mut buf = vec![0f32; games.len() * rows * cols];
            if rows * cols > 0 {
                buf.chunks_mut(rows * cols)
                    .zip(games.iter())
                    .for_each(|(out, g)| {
                        let len = g.num_entities() as usize * cols;
                        g.observe_into(&refs, &mut out[..len]);
                    });
            }
            (buf, rows, cols)
        });
        PyArray1::from_vec(py, buf).reshape([games.len(), rows, cols])
    }

    /// Applies the same operations to every game (GIL released: other threads run meanwhile). Returns, per
    /// game, -1 if all applied, else the index of the operation that failed (that game is left
    /// as it was).
    fn apply<'py>(
        &mut self,
        py: Python<'py>,
        ops: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let ops = ops_arg(ops)?;
        let games = &mut self.games;
        let out: Vec<i64> = py.detach(|| {
            // Unsharing a cloned batch copies its games: also work done without the GIL.
            Arc::make_mut(games)
                .iter_mut()
                .map(|g| {
                    // A batch keeps no log (see `batch_copy`): the operations record nothing.
                    let record = g.record_events();
                    g.set_record_events(false);
                    let failed = match g.apply_ops(&ops) {
                        Ok(()) => -1,
                        Err((i, _)) => i as i64,
                    };
                    g.set_record_events(record);
                    failed
                })
                .collect()
        });
        Ok(PyArray1::from_slice(py, &out))
    }

    /// The games as a list of `Game`.
    fn games(&self, py: Python<'_>) -> Vec<PyGame> {
        self.games
            .iter()
            .map(|g| PyGame::wrap(py, g.clone()))
            .collect()
    }

    fn __repr__(&self) -> String {
        format!("GameBatch({} games)", self.games.len())
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGameBatch>()
}
