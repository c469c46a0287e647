//! `cardstate._native.MCTSAgent`: its settings through the registry, its evaluator and its
//! opponent model read, its searches run without the GIL.

use cardstate_agents::spec::AgentConfig;
use cardstate_agents::{Agent, MctsAgent, RootStat};
use cardstate_duel::{Duel, Pool};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::args::{named_weights, prior_over, NamedWeights};
use crate::duel::PyDuel;
use crate::evaluator::PyEvaluator;

use super::{act_on, configure_mcts, detached, split_evaluator, OptionArg};

/// UCT over determinized states (each search starts from `resample`), or information-set MCTS
/// (`algorithm="ismcts"`: one tree over information sets, a determinization per simulation);
/// with an evaluator (a built-in one by name, or a Python evaluator), PUCT with its priors and
/// values.
#[pyclass(module = "cardstate._native", name = "MCTSAgent")]
pub struct PyMctsAgent {
    inner: MctsAgent<Duel>,
    /// A Python evaluator, if one was given (the agent then searches only through `act`).
    evaluator: Option<PyEvaluator>,
    /// The prior over the opponent's deck, by card name, if one was given; `inner` believes it
    /// over the pool `believed_in`, the pool of the last duel it searched.
    opponent_prior: Option<NamedWeights>,
    believed_in: Option<Pool>,
}

impl PyMctsAgent {
    /// The agent's search, believing its prior over `duel`'s pool (read again when the pool
    /// changes).
    fn believing(&mut self, duel: &PyDuel) -> PyResult<&mut MctsAgent<Duel>> {
        let pool = duel.duel().pool();
        if let Some(weights) = &self.opponent_prior {
            if self.believed_in != Some(pool) {
                let prior = prior_over(pool, duel.pool_name(), weights, "opponent_prior")?;
                self.inner.set_belief(Some(prior));
                self.believed_in = Some(pool);
            }
        }
        Ok(&mut self.inner)
    }

    /// A copy of the search for Rust to play (playouts, batches), its opponent model read over
    /// `pool` (named `pool_name` in errors) by the name `which`.
    pub(super) fn rust_copy(
        &self,
        which: &str,
        pool: Pool,
        pool_name: &str,
    ) -> PyResult<MctsAgent<Duel>> {
        if self.evaluator.is_some() {
            return Err(PyTypeError::new_err(format!(
                "{which} is an MCTSAgent with a Python evaluator, which searches only through \
                 act() (a game with it is played from Python)"
            )));
        }
        let mut inner = self.inner.clone();
        if let Some(weights) = &self.opponent_prior {
            let what = format!("{which}'s opponent_prior");
            inner.set_belief(Some(prior_over(pool, pool_name, weights, &what)?));
        }
        Ok(inner)
    }
}

/// `opponent_prior` read and checked: a mapping of card names to weights that deals a card.
fn opponent_prior_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<NamedWeights>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let weights = named_weights(obj, "opponent_prior")?;
    let total: u64 = weights.iter().map(|(_, w)| u64::from(*w)).sum();
    if total == 0 {
        return Err(PyValueError::new_err(
            "opponent_prior: its weights add up to zero: it deals no card",
        ));
    }
    if total > u64::from(u32::MAX) {
        return Err(PyValueError::new_err(
            "opponent_prior: its weights add up to more than 4294967295",
        ));
    }
    Ok(Some(weights))
}

/// The root tally as `(action, visits, mean value)` per action.
pub(crate) fn root_tuples(stats: &[RootStat]) -> Vec<(u32, u64, f64)> {
    stats
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

#[pymethods]
impl PyMctsAgent {
    /// Each setting not given takes the registry's default (`agent_options()`); `evaluator` is
    /// a built-in evaluator's name or a Python evaluator.
    #[new]
    #[pyo3(signature = (
        simulations=OptionArg::ABSENT,
        exploration=OptionArg::ABSENT,
        determinizations=OptionArg::ABSENT,
        rollout_depth=OptionArg::ABSENT,
        seed=OptionArg::ABSENT,
        algorithm=OptionArg::ABSENT,
        evaluator=None,
        c_puct=OptionArg::ABSENT,
        dirichlet_alpha=OptionArg::ABSENT,
        batch_size=OptionArg::ABSENT,
        parallel_leaves=OptionArg::ABSENT,
        opponent_prior=None,
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        simulations: OptionArg,
        exploration: OptionArg,
        determinizations: OptionArg,
        rollout_depth: OptionArg,
        seed: OptionArg,
        algorithm: OptionArg,
        evaluator: Option<&Bound<'_, PyAny>>,
        c_puct: OptionArg,
        dirichlet_alpha: OptionArg,
        batch_size: OptionArg,
        parallel_leaves: OptionArg,
        opponent_prior: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let (name, object) = split_evaluator(evaluator)?;
        let config = match configure_mcts([
            ("simulations", simulations),
            ("exploration", exploration),
            ("determinizations", determinizations),
            ("rollout_depth", rollout_depth),
            ("seed", seed),
            ("algorithm", algorithm),
            ("evaluator", name),
            ("c_puct", c_puct),
            ("dirichlet_alpha", dirichlet_alpha),
            ("batch_size", batch_size),
            ("parallel_leaves", parallel_leaves),
        ])? {
            AgentConfig::Mcts(config) => config,
            other => unreachable!("mcts configured as {other:?}"),
        };
        Ok(PyMctsAgent {
            inner: MctsAgent::new(config),
            evaluator: object.map(|o| PyEvaluator::new(py, o)).transpose()?,
            opponent_prior: opponent_prior_arg(opponent_prior)?,
            believed_in: None,
        })
    }
    /// A legal action for the player to act in `duel`, searched without the GIL (which a
    /// Python evaluator takes back for each of its calls).
    fn act(&mut self, py: Python<'_>, duel: PyRef<'_, PyDuel>) -> PyResult<u32> {
        self.believing(&duel)?;
        let Some(evaluator) = self.evaluator.as_mut() else {
            return act_on(py, &mut self.inner, &duel);
        };
        let d = duel.duel();
        if d.is_terminal() {
            return Err(PyValueError::new_err("act on a duel that is over"));
        }
        let inner = &mut self.inner;
        let result = detached(py, || inner.act_with(d, &mut *evaluator))?;
        result.map_err(|e| evaluator.failure(e))
    }
    /// Restarts the random stream for a game: the agent's seed mixed with `seed`.
    fn reset(&mut self, seed: u64) {
        Agent::<Duel>::begin_game(&mut self.inner, seed);
    }
    /// The last decision's root: `(action, visits, mean value)` per action searched (empty if
    /// it had a single legal action).
    fn root_stats(&self) -> Vec<(u32, u64, f64)> {
        root_tuples(self.inner.root_stats())
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
    /// The Python evaluator, or the built-in evaluator's name.
    #[getter]
    fn evaluator(&self, py: Python<'_>) -> Py<PyAny> {
        match &self.evaluator {
            Some(e) => e.object.clone_ref(py),
            None => PyString::new(py, self.inner.config().evaluator.name())
                .into_any()
                .unbind(),
        }
    }
    #[getter]
    fn c_puct(&self) -> f64 {
        self.inner.config().c_puct
    }
    #[getter]
    fn dirichlet_alpha(&self) -> f64 {
        self.inner.config().dirichlet_alpha
    }
    #[getter]
    fn batch_size(&self) -> u32 {
        self.inner.config().batch_size
    }
    #[getter]
    fn parallel_leaves(&self) -> u32 {
        self.inner.config().parallel_leaves
    }
    /// The prior over the opponent's deck (card name -> weight) its searches deal the
    /// opponent's hidden cards from, or None (from the opponent's deck list).
    #[getter]
    fn opponent_prior<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(weights) = &self.opponent_prior else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        for (name, w) in weights {
            d.set_item(name, w)?;
        }
        Ok(Some(d))
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        let c = *this.inner.config();
        let args = (
            c.simulations,
            c.exploration,
            c.determinizations,
            c.rollout_depth,
            c.seed,
            c.algorithm.name(),
            this.evaluator(py),
            c.c_puct,
            c.dirichlet_alpha,
            c.batch_size,
            c.parallel_leaves,
            this.opponent_prior(py)?,
        );
        (slf.get_type(), args).into_pyobject(py)
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let c = self.inner.config();
        let evaluator = self.evaluator(py).bind(py).repr()?.to_string();
        Ok(format!(
            "MCTSAgent(simulations={}, exploration={}, determinizations={}, rollout_depth={}, \
             seed={}, algorithm={:?}, evaluator={evaluator}, c_puct={}, dirichlet_alpha={}, \
             batch_size={}, parallel_leaves={}{})",
            c.simulations,
            c.exploration,
            c.determinizations,
            c.rollout_depth,
            c.seed,
            c.algorithm.name(),
            c.c_puct,
            c.dirichlet_alpha,
            c.batch_size,
            c.parallel_leaves,
            match &self.opponent_prior {
                Some(w) => format!(", opponent_prior=<{} cards>", w.len()),
                None => String::new(),
            },
        ))
    }
}
