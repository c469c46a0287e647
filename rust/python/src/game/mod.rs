//! The Python `Game` class: its state and lock here, its methods by concern in the files beside.

mod berserk;
mod bytes;
mod characteristics;
mod counters;
mod damage;
mod events;
mod life;
mod objects;
mod proliferate;
mod replacement;
mod sba;
mod search;

use crate::errors::OrPy;
use cardstate_core::{Game as CoreGame, Ruleset};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use spin::mutex::{SpinMutex, SpinMutexGuard};

/// A game: the whole rules state. See SPEC.md §9 and docs/SEMANTICS.md.
#[pyclass(module = "cardstate._native", name = "Game", frozen)]
pub(crate) struct PyGame {
    /// Every call locks the game for its whole duration, so threads never see half a change;
    /// waiting for the lock releases the GIL (no deadlock with a holder that needs it back).
    /// Calls already hold the GIL, so the lock is almost never contended: a spin lock, whose
    /// release is a plain store, costs least on the hot path.
    pub(crate) inner: SpinMutex<GameState>,
}

pub(crate) struct GameState {
    pub(crate) g: CoreGame,
    /// card (printed index) -> info dict (non-game elements, rule 109): info belongs to the
    /// physical card, so every object it becomes (moves, SBAs) has it. Shared with clones until
    /// one writes.
    pub(crate) info: Py<PyDict>,
    pub(crate) info_shared: bool,
}

impl GameState {
    pub(crate) fn info_mut<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        if std::mem::take(&mut self.info_shared) {
            self.info = self.info.bind(py).copy()?.unbind();
        }
        Ok(self.info.bind(py).clone())
    }
}

impl PyGame {
    pub(crate) fn wrap(py: Python<'_>, g: CoreGame) -> PyGame {
        PyGame::with_info(g, PyDict::new(py).unbind(), false)
    }

    pub(crate) fn with_info(g: CoreGame, info: Py<PyDict>, info_shared: bool) -> PyGame {
        PyGame {
            inner: SpinMutex::new(GameState {
                g,
                info,
                info_shared,
            }),
        }
    }

    #[inline]
    pub(crate) fn lock(&self, py: Python<'_>) -> SpinMutexGuard<'_, GameState> {
        if let Some(guard) = self.inner.try_lock() {
            return guard;
        }
        loop {
            // Another thread holds it (it lost the GIL mid-call): wait without the GIL.
            py.detach(|| {
                while self.inner.is_locked() {
                    std::thread::yield_now();
                }
            });
            if let Some(guard) = self.inner.try_lock() {
                return guard;
            }
        }
    }

    pub(crate) fn share(&self, py: Python<'_>) -> PyGame {
        let mut st = self.lock(py);
        st.info_shared = true;
        let g = st.g.share();
        PyGame::with_info(g, st.info.clone_ref(py), true)
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (players=None, ruleset="mtg", seed=None, *, record_events=true))]
    fn new(
        py: Python<'_>,
        players: Option<&Bound<'_, PyAny>>,
        ruleset: &str,
        seed: Option<&Bound<'_, PyAny>>,
        record_events: bool,
    ) -> PyResult<Self> {
        let players = match players {
            None => 2,
            Some(p) if p.is_instance_of::<pyo3::types::PyInt>() => p.extract::<i64>().unwrap_or(0),
            Some(_) => return Err(PyTypeError::new_err("players must be an int")),
        };
        let seed = match seed.map(|s| (s, s.extract::<u64>())) {
            None => 0,
            Some((_, Ok(s))) => s,
            Some((s, Err(_))) if s.is_instance_of::<pyo3::types::PyInt>() => {
                return Err(PyValueError::new_err("seed must be in 0..2**64"))
            }
            Some((_, Err(_))) => return Err(PyTypeError::new_err("seed must be an int")),
        };
        if !(1..=64).contains(&players) {
            return Err(PyValueError::new_err(format!(
                "players must be between 1 and 64, got {players}"
            )));
        }
        let mut g = CoreGame::new(players as u32, Ruleset::parse(ruleset).py()?, seed).py()?;
        g.set_record_events(record_events);
        Ok(PyGame::wrap(py, g))
    }

    /// The player ids, `0..N-1`.
    #[getter]
    fn players(&self, py: Python<'_>) -> Vec<u32> {
        let this = self.lock(py);
        this.g.players().collect()
    }

    #[getter]
    fn ruleset(&self, py: Python<'_>) -> &'static str {
        let this = self.lock(py);
        this.g.ruleset().as_str()
    }

    #[getter]
    fn seed(&self, py: Python<'_>) -> u64 {
        let this = self.lock(py);
        this.g.seed()
    }

    /// Whether events are recorded (turn off for playouts that never read them).
    #[getter]
    fn get_record_events(&self, py: Python<'_>) -> bool {
        let this = self.lock(py);
        this.g.record_events()
    }

    #[setter]
    fn set_record_events(&self, py: Python<'_>, on: bool) {
        let mut this = self.lock(py);
        this.g.set_record_events(on);
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let this = self.lock(py);
        format!(
            "Game(players={}, ruleset={:?}, entities={}, hash={:#018x})",
            this.g.num_players(),
            this.g.ruleset().as_str(),
            this.g.num_entities(),
            this.g.hash()
        )
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_function(wrap_pyfunction!(bytes::_restore, m)?)?;
    m.add_function(wrap_pyfunction!(search::observation_features, m)?)?;
    Ok(())
}
