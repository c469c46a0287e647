//! The agents' binding: `cardstate._native.RandomAgent`, `GreedyAgent` (here), `MCTSAgent`
//! (mcts.rs), `_agents_playout` (playout.rs) and the registry of agents and their options
//! (registry.rs). Converts arguments, values and errors, and releases the GIL around searches
//! and playouts; the agents and the registry (cardstate_agents::spec), which checks every
//! setting however it is given, are in cardstate-agents.

mod mcts;
mod playout;
mod registry;

pub(crate) use mcts::{root_tuples, PyMctsAgent};
use registry::configure;
pub(crate) use registry::{configure_mcts, split_evaluator, OptionArg};

use std::panic::{catch_unwind, AssertUnwindSafe};

use cardstate_agents::spec::AgentConfig;
use cardstate_agents::{Agent, AnyAgent, GreedyAgent, RandomAgent};
use cardstate_duel::{Duel, Pool};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::duel::PyDuel;

/// Runs `f` without the GIL; a panic (a bug) becomes a RuntimeError instead of crossing into
/// Python.
pub(crate) fn detached<T: Send>(py: Python<'_>, f: impl FnOnce() -> T + Send) -> PyResult<T> {
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

/// The class of an agent whose only setting is its seed: `$name(seed=...)` over `$rust`, the
/// registry's agent `$spec`.
macro_rules! seeded_agent {
    ($(#[doc = $doc:literal])* $py:ident, $name:tt, $rust:ident, $spec:literal, $variant:ident) => {
        $(#[doc = $doc])*
        #[pyclass(module = "cardstate._native", name = $name)]
        pub struct $py {
            inner: $rust,
        }

        #[pymethods]
        impl $py {
            #[new]
            #[pyo3(signature = (seed=OptionArg::ABSENT))]
            fn new(seed: OptionArg) -> PyResult<Self> {
                match configure($spec, &mut [("seed", seed)])? {
                    AgentConfig::$variant { seed } => Ok($py {
                        inner: $rust::new(seed),
                    }),
                    other => unreachable!("{} configured as {other:?}", $spec),
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
    RandomAgent,
    "random",
    Random
);

seeded_agent!(
    /// One ply: the legal action whose successor (on a determinized copy) evaluates best for
    /// the actor; ties broken at random from the seed.
    PyGreedyAgent,
    "GreedyAgent",
    GreedyAgent,
    "greedy",
    Greedy
);

/// A copy of a built-in agent (playouts and batches work on copies: the same agent may sit in
/// both seats, or in every game of a batch).
/// An MCTS agent's prior is read over `pool` (named `pool_name` in errors), the pool of the
/// duels it will play.
pub(crate) fn rust_agent(
    obj: &Bound<'_, PyAny>,
    which: &str,
    pool: Pool,
    pool_name: &str,
) -> PyResult<AnyAgent<Duel>> {
    if let Ok(a) = obj.cast::<PyRandomAgent>() {
        return Ok(AnyAgent::Random(a.borrow().inner.clone()));
    }
    if let Ok(a) = obj.cast::<PyGreedyAgent>() {
        return Ok(AnyAgent::Greedy(a.borrow().inner.clone()));
    }
    if let Ok(a) = obj.cast::<PyMctsAgent>() {
        return Ok(AnyAgent::Mcts(
            a.borrow().rust_copy(which, pool, pool_name)?,
        ));
    }
    Err(PyTypeError::new_err(format!(
        "{which} must be a RandomAgent, GreedyAgent or MCTSAgent, not {}",
        obj.get_type().name()?
    )))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRandomAgent>()?;
    m.add_class::<PyGreedyAgent>()?;
    m.add_class::<PyMctsAgent>()?;
    playout::register(m)?;
    registry::register(m)
}
