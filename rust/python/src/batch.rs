//! The Python `GameBatch` class: many games held natively for batch work.

use crate::args::extra_kinds;
use crate::game::PyGame;
use crate::lock::Locked;
use crate::ops::ops_arg;
use cardstate_core as core;
use cardstate_core::Game as CoreGame;
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyInt;
use std::sync::Arc;

/// Many games held natively, for batch work that releases the GIL: clone, hash, observe, apply.
/// Each call runs on the calling thread (the library starts no threads of its own); Python
/// threads calling batch methods run in parallel on different batches, and in turn on one
/// batch (every call holds the batch's lock, as calls on a `Game` do).
///
/// The batch is copy-on-write as a whole (and each game within it): `clone()` shares the games,
/// so it costs O(1), and the copying is done, game by game, by the first `apply` that changes
/// them.
///
/// Games in a batch carry no `info` and keep no event log: nothing could read it, and a log
/// growing with every `apply` would cost memory, and time in every copy.
#[pyclass(module = "cardstate._native", name = "GameBatch", frozen)]
pub(crate) struct PyGameBatch {
    games: Locked<Arc<Vec<CoreGame>>>,
    /// Fixed at creation (no call adds or drops games): read without the lock.
    len: usize,
}

impl PyGameBatch {
    fn of(games: Arc<Vec<CoreGame>>) -> Self {
        PyGameBatch {
            len: games.len(),
            games: Locked::new(games),
        }
    }

    /// The games, shared (an O(1) copy: nothing else is held while the caller works on them).
    fn shared(&self, py: Python<'_>, what: &'static str) -> PyResult<Arc<Vec<CoreGame>>> {
        Ok(Arc::clone(&*self.games.lock(py, what)?))
    }
}

/// A game as a batch holds it (sharing the storage): its event log left empty.
pub(crate) fn batch_copy(g: &mut CoreGame) -> CoreGame {
    let mut copy = g.share();
    copy.clear_events();
    copy
}

/// Room for `n` games, or `MemoryError` before anything is made.
fn room_for_games(n: usize) -> PyResult<Vec<CoreGame>> {
    let mut games = Vec::new();
    games.try_reserve_exact(n).map_err(|_| {
        PyMemoryError::new_err(format!("a batch of {n} games does not fit in memory"))
    })?;
    Ok(games)
}

#[pymethods]
impl PyGameBatch {
    /// A batch holding copies of `games` (an iterable of `Game`).
    #[new]
    fn new(games: &Bound<'_, PyAny>) -> PyResult<Self> {
        let mut out = Vec::new();
        for g in games.try_iter()? {
            let g = g?;
            let g = g.cast::<PyGame>().map_err(|_| {
                PyTypeError::new_err("GameBatch takes an iterable of cardstate.Game")
            })?;
            out.push(batch_copy(&mut g.get().lock(g.py(), "GameBatch")?.g));
        }
        Ok(PyGameBatch::of(Arc::new(out)))
    }

    /// `n` copies of one game. `MemoryError` if `n` games can't be had, before any is made.
    #[staticmethod]
    fn repeat(py: Python<'_>, game: &Bound<'_, PyGame>, n: usize) -> PyResult<PyGameBatch> {
        let mut games = room_for_games(n)?;
        let g = batch_copy(&mut game.get().lock(py, "GameBatch.repeat")?.g);
        let g = &g;
        py.detach(|| games.extend(std::iter::repeat_n(g, n).cloned()));
        Ok(PyGameBatch::of(Arc::new(games)))
    }

    fn __len__(&self) -> usize {
        self.len
    }

    /// A copy of game `i` as a `Game` (negative `i` counts from the end).
    fn __getitem__(&self, py: Python<'_>, i: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let n = self.len;
        let index: isize = match i.extract::<isize>() {
            Ok(i) => i,
            // An int beyond isize is beyond every batch.
            Err(_) if i.is_instance_of::<PyInt>() => isize::MAX,
            Err(e) => return Err(e),
        };
        let j = if index < 0 {
            index.checked_add_unsigned(n)
        } else {
            Some(index)
        };
        match j.filter(|&j| j >= 0 && (j as usize) < n) {
            Some(j) => {
                let games = self.games.lock(py, "GameBatch.__getitem__")?;
                Ok(PyGame::wrap(py, games[j as usize].clone()))
            }
            None => Err(PyIndexError::new_err(format!(
                "game index {} out of range for a batch of {n}",
                i.str()?
            ))),
        }
    }

    /// A copy of the batch. O(1): the games are shared, and each is copied (copy-on-write) by
    /// the first `apply` that changes it on either side, so that `apply` pays for the copying.
    fn clone(&self, py: Python<'_>) -> PyResult<PyGameBatch> {
        Ok(PyGameBatch::of(self.shared(py, "GameBatch.clone")?))
    }

    /// Every game's `hash()`, as a numpy uint64 array (GIL released while reading).
    fn hashes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u64>>> {
        let games = self.shared(py, "GameBatch.hashes")?;
        let h: Vec<u64> = py.detach(|| games.iter().map(CoreGame::hash).collect());
        Ok(PyArray1::from_slice(py, &h))
    }

    /// `clone()` and the clones' `hashes()` in one call: like `clone()`, it copies no game (the
    /// copies are made by the first `apply` that changes them).
    fn clone_and_hash<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(PyGameBatch, Bound<'py, PyArray1<u64>>)> {
        let games = self.shared(py, "GameBatch.clone_and_hash")?;
        let h: Vec<u64> = py.detach(|| games.iter().map(CoreGame::hash).collect());
        Ok((PyGameBatch::of(games), PyArray1::from_slice(py, &h)))
    }

    /// Observations of every game, zero-padded to the largest: (games, entities, features).
    /// The array is made before any game is read: `MemoryError` (or `ValueError` for a shape
    /// numpy can't hold) if it can't be had.
    #[pyo3(signature = (kinds=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        kinds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let extra = extra_kinds(kinds)?;
        let games = self.shared(py, "GameBatch.observation")?;
        let refs: Vec<&str> = extra.iter().map(String::as_str).collect();
        let cols = core::feature_count(refs.len());
        let rows = games
            .iter()
            .map(|g| g.num_entities() as usize)
            .max()
            .unwrap_or(0);
        // numpy's own `zeros`: it refuses what it can't allocate with `MemoryError` (the
        // crate's constructor would panic), and zeroed pages cost nothing until written.
        let out = py
            .import("numpy")?
            .call_method1("zeros", ((games.len(), rows, cols), "float32"))?
            .cast_into::<PyArray3<f32>>()?;
        {
            let mut rw = out.readwrite();
            let buf = rw.as_slice_mut()?;
            py.detach(|| {
                if rows * cols > 0 {
                    buf.chunks_mut(rows * cols)
                        .zip(games.iter())
                        .for_each(|(out, g)| {
                            let len = g.num_entities() as usize * cols;
                            g.observe_into(&refs, &mut out[..len]);
                        });
                }
            });
        }
        Ok(out)
    }

    /// Applies the same operations to every game (GIL released: other threads run meanwhile).
    /// Returns, per game, -1 if all applied, else the index of the operation that failed (that
    /// game is left as it was). The first `apply` after a `clone()` also copies the games.
    fn apply<'py>(
        &self,
        py: Python<'py>,
        ops: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let ops = ops_arg(ops)?;
        let mut held = self.games.lock(py, "GameBatch.apply")?;
        let games: &mut Arc<Vec<CoreGame>> = &mut held;
        let out: Vec<i64> = py.detach(|| {
            // Unsharing a cloned batch copies its games: also work done without the GIL.
            Arc::make_mut(games)
                .iter_mut()
                .map(|g| {
                    // A batch keeps no log (see `batch_copy`): the operations record nothing.
                    let record = g.record_events();
                    g.set_record_events(false);
                    let failed = match g.apply_ops(&ops.ops) {
                        Ok(()) => -1,
                        Err((i, _)) => i as i64,
                    };
                    g.set_record_events(record);
                    failed
                })
                .collect()
        });
        drop(held);
        Ok(PyArray1::from_slice(py, &out))
    }

    /// The games as a list of `Game`.
    fn games(&self, py: Python<'_>) -> PyResult<Vec<PyGame>> {
        let games = self.shared(py, "GameBatch.games")?;
        Ok(games.iter().map(|g| PyGame::wrap(py, g.clone())).collect())
    }

    fn __repr__(&self) -> String {
        format!("GameBatch({} games)", self.len)
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGameBatch>()
}
