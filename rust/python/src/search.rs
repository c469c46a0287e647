//! `cardstate._native.BatchedSearch`: many duels' searches, one evaluator call per batch of
//! leaves. Converts arguments, results and errors; the search is cardstate-agents'
//! [`BatchedSearch`](cardstate_agents::BatchedSearch), run with the GIL released (a Python
//! evaluator takes it back for each call).

use cardstate_agents::spec::AgentConfig;
use cardstate_agents::{BatchedSearch, MctsConfig, SearchGame};
use cardstate_duel::Duel;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::agents::{configure_mcts, detached, split_evaluator, OptionArg};
use crate::duel::PyDuel;
use crate::evaluator::{AnyEvaluator, PyEvaluator};

/// The searches of many duels at once, their leaves scored by one evaluator call per batch
/// (docs/AGENTS.md, "Evaluator-guided search").
#[pyclass(module = "cardstate._native", name = "BatchedSearch")]
pub struct PyBatchedSearch {
    inner: BatchedSearch<Duel>,
    config: MctsConfig,
    duels: Vec<Py<PyDuel>>,
    games: Vec<Duel>,
    evaluator: AnyEvaluator,
}

#[pymethods]
impl PyBatchedSearch {
    /// The settings are the MCTS agent's (the registry checks them); `evaluator` a Python
    /// evaluator, or a built-in evaluator's name; duel i's random stream starts as an agent's
    /// after `reset(game_seeds[i])` (default: `reset(i)`).
    #[new]
    #[pyo3(signature = (
        duels,
        evaluator=None,
        simulations=OptionArg::ABSENT,
        exploration=OptionArg::ABSENT,
        determinizations=OptionArg::ABSENT,
        rollout_depth=OptionArg::ABSENT,
        seed=OptionArg::ABSENT,
        algorithm=OptionArg::ABSENT,
        c_puct=OptionArg::ABSENT,
        dirichlet_alpha=OptionArg::ABSENT,
        batch_size=OptionArg::ABSENT,
        parallel_leaves=OptionArg::ABSENT,
        game_seeds=None,
        pipelined=false,
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        duels: &Bound<'_, PyAny>,
        evaluator: Option<&Bound<'_, PyAny>>,
        simulations: OptionArg,
        exploration: OptionArg,
        determinizations: OptionArg,
        rollout_depth: OptionArg,
        seed: OptionArg,
        algorithm: OptionArg,
        c_puct: OptionArg,
        dirichlet_alpha: OptionArg,
        batch_size: OptionArg,
        parallel_leaves: OptionArg,
        game_seeds: Option<Vec<u64>>,
        pipelined: bool,
    ) -> PyResult<Self> {
        let mut list = Vec::new();
        for (i, d) in duels.try_iter()?.enumerate() {
            let d = d?;
            let duel = d.cast::<PyDuel>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "duels[{i}] must be a native Duel, not {}",
                    d.get_type()
                        .name()
                        .map(|n| n.to_string())
                        .unwrap_or_default()
                ))
            })?;
            list.push(duel.clone().unbind());
        }
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
            AgentConfig::Mcts(c) => c,
            other => unreachable!("mcts configured as {other:?}"),
        };
        let evaluator = match object {
            Some(o) => AnyEvaluator::Python(PyEvaluator::new(py, o)?),
            None => AnyEvaluator::built_in(&config),
        };
        let game_seeds = game_seeds.unwrap_or_else(|| (0..list.len() as u64).collect());
        if game_seeds.len() != list.len() {
            return Err(PyValueError::new_err(format!(
                "game_seeds has {} seeds for {} duels",
                game_seeds.len(),
                list.len()
            )));
        }
        let mut inner = BatchedSearch::with_game_seeds(config, &game_seeds);
        inner.set_pipelined(pipelined);
        Ok(PyBatchedSearch {
            inner,
            config,
            duels: list,
            games: Vec::new(),
            evaluator,
        })
    }

    /// Searches a decision in every duel and returns `(actions, policies)`: the chosen actions
    /// (int64 `[N]`) and the root visit distributions (float32 `[N, num_distinct_actions]`,
    /// each summing to 1; a decision with a single legal action is all on it); a duel that is
    /// over is skipped (action -1, a row of zeros). The duels are read, never changed; each
    /// game's random stream goes on from the last run.
    #[allow(clippy::type_complexity)]
    fn run<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyArray1<i64>>, Bound<'py, numpy::PyArray2<f32>>)> {
        self.games.truncate(self.duels.len());
        for (i, d) in self.duels.iter().enumerate() {
            let d = d.bind(py).try_borrow()?;
            match self.games.get_mut(i) {
                Some(g) => g.clone_from(d.duel()),
                None => self.games.push(d.duel().clone()),
            }
        }
        let (inner, games, evaluator) = (&mut self.inner, &self.games, &mut self.evaluator);
        let result = detached(py, || {
            inner.run(games, evaluator.as_dyn()).map(|a| a.to_vec())
        })?;
        let actions = result.map_err(|e| self.evaluator.failure(e))?;
        let width = self
            .games
            .first()
            .map_or(0, SearchGame::num_distinct_actions);
        let mut policies = vec![0f32; actions.len() * width];
        for (i, &a) in actions.iter().enumerate() {
            let Some(a) = a else { continue };
            let row = &mut policies[i * width..(i + 1) * width];
            let stats = self.inner.root_stats(i);
            let total: u64 = stats.iter().map(|s| s.visits).sum();
            if total == 0 {
                row[a as usize] = 1.0;
            } else {
                for s in stats {
                    row[s.action as usize] = (s.visits as f64 / total as f64) as f32;
                }
            }
        }
        let actions: Vec<i64> = actions.iter().map(|&a| a.map_or(-1, i64::from)).collect();
        let policies = PyArray1::from_vec(py, policies).reshape([actions.len(), width])?;
        Ok((PyArray1::from_vec(py, actions), policies))
    }

    /// Game i's root after the last run: `(action, visits, mean value)` per action searched.
    fn root_stats(&self, i: usize) -> PyResult<Vec<(u32, u64, f64)>> {
        if i >= self.inner.len() {
            return Err(PyValueError::new_err(format!(
                "game {i} out of range for {} games",
                self.inner.len()
            )));
        }
        Ok(crate::agents::root_tuples(self.inner.root_stats(i)))
    }

    /// The duels searched.
    #[getter]
    fn duels(&self, py: Python<'_>) -> Vec<Py<PyDuel>> {
        self.duels.iter().map(|d| d.clone_ref(py)).collect()
    }

    /// The evaluator object, or the built-in evaluator's name.
    #[getter]
    fn evaluator(&self, py: Python<'_>) -> Py<PyAny> {
        self.evaluator.describe(py, &self.config)
    }

    /// Whether the searches run in two overlapping halves (the evaluator scores one half's
    /// leaves while a second thread searches the other half).
    #[getter]
    fn pipelined(&self) -> bool {
        self.inner.pipelined()
    }

    /// Simulations run since it was made, over all the games.
    #[getter]
    fn simulations_run(&self) -> u64 {
        self.inner.simulations_run()
    }

    fn __len__(&self) -> usize {
        self.duels.len()
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBatchedSearch>()?;
    Ok(())
}
