//! The Python `Game` class: its state and lock here, its methods by concern in the files beside.

mod berserk;
mod bytes;
mod characteristics;
mod continuous;
mod counters;
mod damage;
mod events;
mod life;
mod objects;
mod proliferate;
mod replacement;
mod sba;
mod search;

use crate::args::{index, Flag, Id, RecordEvents};
use crate::errors::{to_py, OrPy};
use crate::lock::{Held, Locked};
use cardstate_core as core;
use cardstate_core::{Game as CoreGame, Ruleset};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyo3::{PyTraverseError, PyVisit};

/// A game: the whole rules state (docs/SEMANTICS.md).
#[pyclass(module = "cardstate._native", name = "Game", frozen)]
pub(crate) struct PyGame {
    /// Every call holds the lock for its whole duration (see `Locked`).
    pub(crate) inner: Locked<GameState>,
    /// Fixed at creation: read without the lock (it decides how arguments are read).
    pub(crate) ruleset: Ruleset,
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
            ruleset: g.ruleset(),
            inner: Locked::new(GameState {
                g,
                info,
                info_shared,
            }),
        }
    }

    /// The state, locked for the call `what` (a re-entrant call is a `RuntimeError`).
    #[inline]
    pub(crate) fn lock(&self, py: Python<'_>, what: &'static str) -> PyResult<Held<'_, GameState>> {
        self.inner.lock(py, what)
    }

    /// A copy sharing storage (and info) until one side changes.
    pub(crate) fn share(&self, py: Python<'_>, what: &'static str) -> PyResult<PyGame> {
        let mut st = self.lock(py, what)?;
        st.info_shared = true;
        let g = st.g.share();
        Ok(PyGame::with_info(g, st.info.clone_ref(py), true))
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (players=None, ruleset="mtg", seed=None, *, record_events=Flag::new(true)),
        text_signature = "(players=None, ruleset='mtg', seed=None, *, record_events=True)")]
    fn new(
        py: Python<'_>,
        players: Option<&Bound<'_, PyAny>>,
        ruleset: &str,
        seed: Option<&Bound<'_, PyAny>>,
        record_events: Flag<RecordEvents>,
    ) -> PyResult<Self> {
        let players = match players {
            None => 2,
            Some(p) => {
                let n = index(p.as_borrowed(), "players")?;
                match n.extract::<u32>() {
                    Ok(n) => n,
                    Err(_) => return Err(to_py(core::players_out_of_range(n))),
                }
            }
        };
        let seed = match seed.map(|s| (s, s.extract::<u64>())) {
            None => 0,
            Some((_, Ok(s))) => s,
            Some((s, Err(_))) if s.is_instance_of::<pyo3::types::PyInt>() => {
                return Err(PyValueError::new_err("seed must be in 0..2**64"))
            }
            Some((_, Err(_))) => return Err(PyTypeError::new_err("seed must be an int")),
        };
        let mut g = CoreGame::new(players, Ruleset::parse(ruleset).py()?, seed).py()?;
        g.set_record_events(record_events.0);
        Ok(PyGame::wrap(py, g))
    }

    /// The player ids, `0..N-1`.
    #[getter]
    fn players(&self, py: Python<'_>) -> PyResult<Vec<u32>> {
        Ok(self.lock(py, "Game.players")?.g.players().collect())
    }

    #[getter]
    fn ruleset(&self) -> &'static str {
        self.ruleset.as_str()
    }

    #[getter]
    fn seed(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.lock(py, "Game.seed")?.g.seed())
    }

    /// Whether events are recorded (turn off for playouts that never read them).
    #[getter]
    fn get_record_events(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.lock(py, "Game.record_events")?.g.record_events())
    }

    #[setter]
    fn set_record_events(&self, py: Python<'_>, on: Flag<RecordEvents>) -> PyResult<()> {
        self.lock(py, "Game.record_events")?
            .g
            .set_record_events(on.0);
        Ok(())
    }

    /// The player whose turn it is (102.1): what "during your turn" reads (611.3a).
    #[getter]
    fn get_active_player(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(self.lock(py, "Game.active_player")?.g.active_player())
    }

    #[setter]
    fn set_active_player(&self, py: Python<'_>, player: Id) -> PyResult<()> {
        let p = player.get()?;
        self.lock(py, "Game.active_player")?
            .g
            .set_active_player(p)
            .map_err(to_py)
    }

    /// The cycle collector's view of the game: its `info` dict (the only Python object it holds).
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        // Locked by a call on this thread (the collection ran inside it): not visited now, so
        // the game counts as reachable from outside and is kept this time.
        if let Some(st) = self.inner.try_lock() {
            visit.call(&st.info)?;
        }
        Ok(())
    }

    /// Drops the reference to `info` (the collector breaks a cycle through it).
    fn __clear__(&self, py: Python<'_>) {
        if let Some(mut st) = self.inner.try_lock() {
            st.info = PyDict::new(py).unbind();
            st.info_shared = false;
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let this = self.lock(py, "Game.__repr__")?;
        Ok(format!(
            "Game(players={}, ruleset={:?}, entities={}, hash={:#018x})",
            this.g.num_players(),
            this.g.ruleset().as_str(),
            this.g.num_entities(),
            this.g.hash()
        ))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_function(wrap_pyfunction!(bytes::_restore, m)?)?;
    m.add_function(wrap_pyfunction!(search::observation_features, m)?)?;
    Ok(())
}
