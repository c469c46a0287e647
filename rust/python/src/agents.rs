//! The agents' binding: `cardstate._native.RandomAgent`, `GreedyAgent`, `MCTSAgent`,
//! `_agents_playout`, and the registry of agents and their options (`agent_options`,
//! `parse_agent_spec`, `check_agent_spec`, `split_agent_specs`). Converts arguments, values and
//! errors, and releases the GIL around searches and playouts; the agents and the registry
//! (cardstate_agents::spec), which checks every setting however it is given, are in
//! cardstate-agents.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use cardstate_agents::spec::{
    self, AgentConfig, AgentSpec, DefaultValue, Domain, ErrorKind, Value,
};
use cardstate_agents::{
    playout_until, Agent, AnyAgent, GreedyAgent, MctsAgent, RandomAgent, RootStat,
};
use cardstate_duel::{Duel, Pool};
use pyo3::exceptions::{PyOverflowError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString, PyTuple};

use crate::args::{named_weights, prior_over, NamedWeights};
use crate::duel::PyDuel;
use crate::evaluator::{EvaluatorArg, PyEvaluator};

/// A value given for an agent's option, as the registry reads it: a bool, a float, a str, an
/// integer (anything with `__index__`), or some other object by its type's name.
fn value_of(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Ok(Value::Float(f.value()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::Text(s.to_str()?.to_string()));
    }
    match obj.extract::<i128>() {
        Ok(v) => Ok(Value::Int(v)),
        // An integer beyond i128: out of every option's range.
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
            let negative = obj.lt(0)?;
            Ok(Value::Int(if negative { i128::MIN } else { i128::MAX }))
        }
        Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) => {
            Ok(Value::Object(obj.get_type().name()?.to_string()))
        }
        Err(e) => Err(e),
    }
}

/// A checked value back as Python: an int, a float or a str.
fn py_value<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Int(i) => i.into_pyobject(py)?.into_any(),
        Value::Float(f) => f.into_pyobject(py)?.into_any(),
        Value::Text(t) => t.into_pyobject(py)?.into_any(),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Object(t) => t.into_pyobject(py)?.into_any(),
    })
}

/// The registry's refusal as the Python exception of its kind: an unknown option or a value
/// of the wrong type a `TypeError` (as for an unexpected keyword argument), an integer that
/// doesn't fit the setting an `OverflowError`, everything else a `ValueError`.
fn spec_error(e: spec::SpecError) -> PyErr {
    match e.kind {
        ErrorKind::UnknownOption | ErrorKind::WrongType => PyTypeError::new_err(e.message),
        ErrorKind::TooLarge => PyOverflowError::new_err(e.message),
        ErrorKind::UnknownAgent
        | ErrorKind::Syntax
        | ErrorKind::Repeated
        | ErrorKind::OutOfRange => PyValueError::new_err(e.message),
    }
}

/// An option of an agent's constructor: absent (the registry's default), or the object given.
pub(crate) struct OptionArg(Option<Value>);

impl OptionArg {
    pub(crate) const ABSENT: OptionArg = OptionArg(None);
}

impl<'a, 'py> FromPyObject<'a, 'py> for OptionArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        value_of(&obj).map(|v| OptionArg(Some(v)))
    }
}

/// A search's `evaluator=` as the registry's `evaluator` option (a built-in evaluator's name,
/// or absent) and the Python evaluator object, if one was given.
pub(crate) fn split_evaluator(
    evaluator: Option<&Bound<'_, PyAny>>,
) -> PyResult<(OptionArg, Option<Py<PyAny>>)> {
    Ok(match EvaluatorArg::of(evaluator)? {
        EvaluatorArg::Name(None) => (OptionArg::ABSENT, None),
        EvaluatorArg::Name(Some(name)) => (OptionArg(Some(value_of(name)?)), None),
        EvaluatorArg::Object(o) => (OptionArg::ABSENT, Some(o)),
    })
}

/// The MCTS settings from a constructor's arguments (those given), checked by the registry.
pub(crate) fn configure_mcts<const N: usize>(
    mut options: [(&str, OptionArg); N],
) -> PyResult<AgentConfig> {
    configure("mcts", &mut options)
}

/// The settings of agent `name` from its constructor's arguments (those given), checked by the
/// registry.
fn configure(name: &str, options: &mut [(&str, OptionArg)]) -> PyResult<AgentConfig> {
    let given = options
        .iter_mut()
        .filter_map(|(k, v)| v.0.take().map(|v| (*k, v)));
    Ok(spec::configure(name, given).map_err(spec_error)?.config)
}

/// `(name, [(option, value), ...])` of a checked spec.
type SpecTuple<'py> = (&'static str, Vec<(&'static str, Bound<'py, PyAny>)>);

fn spec_tuple<'py>(py: Python<'py>, s: &AgentSpec) -> PyResult<SpecTuple<'py>> {
    let options = s
        .options
        .iter()
        .map(|(k, v)| Ok((*k, py_value(py, v)?)))
        .collect::<PyResult<_>>()?;
    Ok((s.agent.name, options))
}

/// An agent written as text (`"mcts:simulations=200,exploration=1.4"`), checked:
/// `(name, [(option, value), ...])` with the options as given, values as int, float or str.
#[pyfunction]
fn parse_agent_spec<'py>(py: Python<'py>, text: &str) -> PyResult<SpecTuple<'py>> {
    let s = spec::parse(text).map_err(spec_error)?;
    spec_tuple(py, &s)
}

/// Agent `name` with `options` (pairs of option and value), checked: `(name, [(option,
/// value), ...])` as :func:`parse_agent_spec` gives.
#[pyfunction]
fn check_agent_spec<'py>(
    py: Python<'py>,
    name: &str,
    options: &Bound<'py, PyAny>,
) -> PyResult<SpecTuple<'py>> {
    let mut pairs: Vec<(String, Value)> = Vec::new();
    for item in options.try_iter()? {
        let (k, v): (String, Bound<'py, PyAny>) = item?.extract()?;
        pairs.push((k, value_of(&v)?));
    }
    let s = spec::configure(name, pairs).map_err(spec_error)?;
    spec_tuple(py, &s)
}

/// A list of agents written with commas between them split into one text per agent (a comma
/// followed by `key=value` continues the agent before it).
#[pyfunction]
fn split_agent_specs(text: &str) -> Vec<String> {
    spec::split_agents(text)
}

/// The registry: one dict per built-in agent, `{"name", "doc", "options"}`, each option a dict
/// `{"name", "type" ("int", "float" or "choice"), "default", "min", "max", "choices", "range",
/// "doc"}` ("range" says what it takes, as error messages do).
#[pyfunction]
fn agent_options(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let agents = PyList::empty(py);
    for a in &spec::AGENTS {
        let options = PyList::empty(py);
        for o in a.options {
            let d = PyDict::new(py);
            d.set_item("name", o.name)?;
            let (kind, min, max, choices): (&str, Option<Bound<'_, PyAny>>, _, _) = match o.domain {
                Domain::Int { min, max } => (
                    "int",
                    Some(min.into_pyobject(py)?.into_any()),
                    Some(max.into_pyobject(py)?.into_any()),
                    None,
                ),
                Domain::Float { min } => {
                    ("float", Some(min.into_pyobject(py)?.into_any()), None, None)
                }
                Domain::Choice(names) => ("choice", None, None, Some(names.to_vec())),
            };
            d.set_item("type", kind)?;
            match o.default {
                DefaultValue::Int(v) => d.set_item("default", v)?,
                DefaultValue::Float(v) => d.set_item("default", v)?,
                DefaultValue::Name(v) => d.set_item("default", v)?,
            }
            d.set_item("min", min)?;
            d.set_item("max", max)?;
            d.set_item("choices", choices)?;
            d.set_item("range", o.domain.to_string())?;
            d.set_item("doc", o.doc)?;
            options.append(d)?;
        }
        let d = PyDict::new(py);
        d.set_item("name", a.name)?;
        d.set_item("doc", a.doc)?;
        d.set_item("options", options)?;
        agents.append(d)?;
    }
    Ok(agents)
}

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
        let a = a.borrow();
        if a.evaluator.is_some() {
            return Err(PyTypeError::new_err(format!(
                "{which} is an MCTSAgent with a Python evaluator, which searches only through \
                 act() (a game with it is played from Python)"
            )));
        }
        let mut inner = a.inner.clone();
        if let Some(weights) = &a.opponent_prior {
            let what = format!("{which}'s opponent_prior");
            inner.set_belief(Some(prior_over(pool, pool_name, weights, &what)?));
        }
        return Ok(AnyAgent::Mcts(inner));
    }
    Err(PyTypeError::new_err(format!(
        "{which} must be a RandomAgent, GreedyAgent or MCTSAgent, not {}",
        obj.get_type().name()?
    )))
}

/// `(winner or None, (return0, return1), turns, decisions)`.
type PlayoutTuple = (Option<usize>, (f64, f64), u32, u32);

/// How often a playout without the GIL looks for a signal (Ctrl-C) to answer.
const SIGNAL_CHECK: Duration = Duration::from_millis(20);

/// Plays a copy of `duel` to its end between two built-in agents, in Rust without the GIL:
/// `(winner or None, (return0, return1), turns, decisions)`. Between decisions it looks for
/// signals every 20 ms (the clock read every decision with an MCTS agent, every 64th without),
/// so a Ctrl-C (or any signal handler that raises) stops it within a decision or so.
#[pyfunction]
fn _agents_playout(
    py: Python<'_>,
    duel: PyRef<'_, PyDuel>,
    agent0: &Bound<'_, PyAny>,
    agent1: &Bound<'_, PyAny>,
    seed: u64,
) -> PyResult<PlayoutTuple> {
    let pool = duel.duel().pool();
    let mut a0 = rust_agent(agent0, "agent0", pool, duel.pool_name())?;
    let mut a1 = rust_agent(agent1, "agent1", pool, duel.pool_name())?;
    let mut d = duel.duel().clone();
    drop(duel);
    let mut raised: Option<PyErr> = None;
    let mut last = Instant::now();
    // The clock is read every decision when a search makes decisions slow, else every 64th: a
    // random game's decision is about as cheap as reading the clock.
    let searching = [&a0, &a1].iter().any(|a| matches!(a, AnyAgent::Mcts(_)));
    let stride: u32 = if searching { 1 } else { 64 };
    let mut decisions = 0u32;
    let stop = || {
        decisions = decisions.wrapping_add(1);
        if !decisions.is_multiple_of(stride) || last.elapsed() < SIGNAL_CHECK {
            return false;
        }
        last = Instant::now();
        raised = Python::attach(|py| py.check_signals().err());
        raised.is_some()
    };
    let r = detached(py, move || {
        playout_until(&mut d, &mut a0, &mut a1, seed, stop)
    })?;
    match (r, raised) {
        (Some(r), _) => Ok((r.winner, (r.returns[0], r.returns[1]), r.turns, r.decisions)),
        (None, Some(e)) => Err(e),
        (None, None) => Err(PyRuntimeError::new_err(
            "the playout stopped without a signal",
        )),
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRandomAgent>()?;
    m.add_class::<PyGreedyAgent>()?;
    m.add_class::<PyMctsAgent>()?;
    m.add_function(wrap_pyfunction!(_agents_playout, m)?)?;
    m.add_function(wrap_pyfunction!(agent_options, m)?)?;
    m.add_function(wrap_pyfunction!(parse_agent_spec, m)?)?;
    m.add_function(wrap_pyfunction!(check_agent_spec, m)?)?;
    m.add_function(wrap_pyfunction!(split_agent_specs, m)?)?;
    Ok(())
}
