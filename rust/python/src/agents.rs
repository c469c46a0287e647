//! The agents' binding: `cardstate._native.RandomAgent`, `GreedyAgent`, `MCTSAgent` and
//! `_agents_playout`. Converts arguments and errors and releases the GIL around searches and
//! playouts; the agents are in cardstate-agents.

use std::panic::{catch_unwind, AssertUnwindSafe};

use cardstate_agents::{
    playout, Agent, Algorithm, AnyAgent, GreedyAgent, MctsAgent, MctsConfig, RandomAgent,
};
use cardstate_duel::Duel;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::duel::PyDuel;

/// Runs `f` without the GIL; a panic (a bug) becomes a RuntimeError instead of crossing into
/// Python.
fn detached<T: Send>(py: Python<'_>, f: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.detach(|| catch_unwind(AssertUnwindSafe(f)))
        .map_err(|_| PyRuntimeError::new_err("internal error in the agents (a Rust panic)"))
}

/// The agent's action in `duel` with the GIL released (a ValueError if the game is over).
fn act_on<A: Agent<Duel> + Send>(py: Python<'_>, agent: &mut A, duel: &PyDuel) -> PyResult<u32> {
    let d = duel.duel();
    if d.is_terminal() {
        return Err(PyValueError::new_err("act on a duel that is over"));
    }
    detached(py, || agent.act(d))
}

/// The methods every agent class has, in a `#[pymethods]` block of their own.
macro_rules! agent_methods {
    ($py:ident) => {
        #[pymethods]
        impl $py {
            /// A legal action for the player to act in `duel` (decided without the GIL).
            fn act(&mut self, py: Python<'_>, duel: PyRef<'_, PyDuel>) -> PyResult<u32> {
                act_on(py, &mut self.inner, &duel)
            }
            /// Restarts the random stream for a game: the agent's seed mixed with `seed`.
            fn reset(&mut self, seed: u64) {
                Agent::<Duel>::begin_game(&mut self.inner, seed);
            }
        }
    };
}

/// The class of an agent whose only setting is its seed: `$name(seed=0)` over `$rust`.
macro_rules! seeded_agent {
    ($(#[doc = $doc:literal])* $py:ident, $name:tt, $rust:ident) => {
        $(#[doc = $doc])*
        #[pyclass(module = "cardstate._native", name = $name)]
        pub struct $py {
            inner: $rust,
        }

        #[pymethods]
        impl $py {
            #[new]
            #[pyo3(signature = (seed=0))]
            fn new(seed: u64) -> Self {
                $py {
                    inner: $rust::new(seed),
                }
            }
            #[getter]
            fn seed(&self) -> u64 {
                self.inner.seed()
            }
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
                let args = (slf.borrow().inner.seed(),);
                (slf.get_type(), args).into_pyobject(slf.py())
            }
            fn __repr__(&self) -> String {
                format!("{}(seed={})", $name, self.inner.seed())
            }
        }

        agent_methods!($py);
    };
}

seeded_agent!(
    /// Chooses uniformly among the legal actions, from its seed.
    PyRandomAgent,
    "RandomAgent",
    RandomAgent
);

seeded_agent!(
    /// One ply: the legal action whose successor (on a determinized copy) evaluates best for
    /// the actor; ties broken at random from the seed.
    PyGreedyAgent,
    "GreedyAgent",
    GreedyAgent
);

/// UCT over determinized states (each search starts from `resample`), or information-set MCTS
/// (`algorithm="ismcts"`: one tree over information sets, a determinization per simulation).
#[pyclass(module = "cardstate._native", name = "MCTSAgent")]
pub struct PyMctsAgent {
    inner: MctsAgent<Duel>,
}

agent_methods!(PyMctsAgent);

#[pymethods]
impl PyMctsAgent {
    #[new]
    #[pyo3(signature = (simulations=1000, exploration=1.0, determinizations=4, rollout_depth=16, seed=0, algorithm="determinized"))]
    fn new(
        simulations: u32,
        exploration: f64,
        determinizations: u32,
        rollout_depth: u32,
        seed: u64,
        algorithm: &str,
    ) -> PyResult<Self> {
        if simulations == 0 {
            return Err(PyValueError::new_err("simulations must be at least 1"));
        }
        if determinizations == 0 {
            return Err(PyValueError::new_err("determinizations must be at least 1"));
        }
        if !exploration.is_finite() || exploration < 0.0 {
            return Err(PyValueError::new_err(format!(
                "exploration must be a finite number >= 0, got {exploration}"
            )));
        }
        let algorithm: Algorithm = algorithm.parse().map_err(PyValueError::new_err)?;
        let config = MctsConfig {
            simulations,
            exploration,
            determinizations,
            rollout_depth,
            seed,
            algorithm,
        };
        Ok(PyMctsAgent {
            inner: MctsAgent::new(config),
        })
    }
    /// The last decision's root: `(action, visits, mean value)` per action searched (empty if
    /// it had a single legal action).
    fn root_stats(&self) -> Vec<(u32, u64, f64)> {
        self.inner
            .root_stats()
            .iter()
            .map(|s| {
                (
                    s.action,
                    s.visits,
                    if s.visits > 0 {
                        s.value / s.visits as f64
                    } else {
                        0.0
                    },
                )
            })
            .collect()
    }
    #[getter]
    fn simulations(&self) -> u32 {
        self.inner.config().simulations
    }
    #[getter]
    fn exploration(&self) -> f64 {
        self.inner.config().exploration
    }
    #[getter]
    fn determinizations(&self) -> u32 {
        self.inner.config().determinizations
    }
    #[getter]
    fn rollout_depth(&self) -> u32 {
        self.inner.config().rollout_depth
    }
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.config().seed
    }
    #[getter]
    fn algorithm(&self) -> &'static str {
        self.inner.config().algorithm.name()
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let c = *slf.borrow().inner.config();
        let args = (
            c.simulations,
            c.exploration,
            c.determinizations,
            c.rollout_depth,
            c.seed,
            c.algorithm.name(),
        );
        (slf.get_type(), args).into_pyobject(slf.py())
    }
    fn __repr__(&self) -> String {
        let c = self.inner.config();
        format!(
            "MCTSAgent(simulations={}, exploration={}, determinizations={}, rollout_depth={}, \
             seed={}, algorithm={:?})",
            c.simulations,
            c.exploration,
            c.determinizations,
            c.rollout_depth,
            c.seed,
            c.algorithm.name()
        )
    }
}

/// A copy of a built-in agent (playouts work on copies: the same agent may sit in both seats).
fn rust_agent(obj: &Bound<'_, PyAny>, which: &str) -> PyResult<AnyAgent<Duel>> {
    if let Ok(a) = obj.cast::<PyRandomAgent>() {
        return Ok(AnyAgent::Random(a.borrow().inner.clone()));
    }
    if let Ok(a) = obj.cast::<PyGreedyAgent>() {
        return Ok(AnyAgent::Greedy(a.borrow().inner.clone()));
    }
    if let Ok(a) = obj.cast::<PyMctsAgent>() {
        return Ok(AnyAgent::Mcts(a.borrow().inner.clone()));
    }
    Err(PyTypeError::new_err(format!(
        "{which} must be a RandomAgent, GreedyAgent or MCTSAgent, not {}",
        obj.get_type().name()?
    )))
}

/// `(winner or None, (return0, return1), turns, decisions)`.
type PlayoutTuple = (Option<usize>, (f64, f64), u32, u32);

/// Plays a copy of `duel` to its end between two built-in agents, in Rust without the GIL:
/// `(winner or None, (return0, return1), turns, decisions)`.
#[pyfunction]
fn _agents_playout(
    py: Python<'_>,
    duel: PyRef<'_, PyDuel>,
    agent0: &Bound<'_, PyAny>,
    agent1: &Bound<'_, PyAny>,
    seed: u64,
) -> PyResult<PlayoutTuple> {
    let mut a0 = rust_agent(agent0, "agent0")?;
    let mut a1 = rust_agent(agent1, "agent1")?;
    let mut d = duel.duel().clone();
    drop(duel);
    let r = detached(py, move || playout(&mut d, &mut a0, &mut a1, seed))?;
    Ok((r.winner, (r.returns[0], r.returns[1]), r.turns, r.decisions))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRandomAgent>()?;
    m.add_class::<PyGreedyAgent>()?;
    m.add_class::<PyMctsAgent>()?;
    m.add_function(wrap_pyfunction!(_agents_playout, m)?)?;
    Ok(())
}
