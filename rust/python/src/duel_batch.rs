//! The Python `DuelBatch` class (cardstate-envs): converts the arguments, owns the numpy arrays
//! the batch writes into, and releases the GIL while it steps.

use cardstate_duel::{Options, Pool, NUM_ACTIONS};
use cardstate_envs::{game_seed, ActionError, BatchError, DuelBatch, Opponent, Outputs, Seat};
use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PySlice, PyString, PyTuple};
use pyo3::{PyTraverseError, PyVisit};

use crate::agents::rust_agent;
use crate::cards::pool_arg;
use crate::duel::{deck_arg, format_arg};

fn seat_arg(learner: &Bound<'_, PyAny>) -> PyResult<Seat> {
    if let Ok(s) = learner.cast::<PyString>() {
        if s.to_str()? == "alternate" {
            return Ok(Seat::Alternate);
        }
    } else if let Ok(p) = learner.extract::<i64>() {
        if p == 0 || p == 1 {
            return Ok(Seat::Fixed(p as u8));
        }
    }
    Err(PyValueError::new_err(format!(
        "learner must be 0, 1 or \"alternate\", got {}",
        learner.repr()?
    )))
}

fn action_error(e: ActionError) -> PyErr {
    match e {
        ActionError::NeedsReset => PyRuntimeError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// The opponent policy's answer refused, saying whose it was.
fn policy_error(e: PyErr, py: Python<'_>) -> PyErr {
    let message = format!("the opponent policy's actions: {}", e.value(py));
    if e.is_instance_of::<PyTypeError>(py) {
        PyTypeError::new_err(message)
    } else {
        PyValueError::new_err(message)
    }
}

/// One action per game, as a 1-d array of an integer dtype (or a list of ints), into `out`.
fn actions_arg(actions: &Bound<'_, PyAny>, n: usize, out: &mut Vec<i64>) -> PyResult<()> {
    out.clear();
    let Ok(arr) = actions.cast::<PyUntypedArray>() else {
        let Ok(v) = actions.extract::<Vec<i64>>() else {
            return Err(PyTypeError::new_err(format!(
                "actions must be a 1-d numpy array of integers (or a list of ints), got {}",
                actions.get_type().name()?
            )));
        };
        out.extend(v);
        return Ok(());
    };
    let dtype = arr.dtype();
    if arr.ndim() != 1 || arr.shape()[0] != n {
        return Err(PyValueError::new_err(format!(
            "actions must have shape ({n},), one per game, got {:?}",
            arr.shape()
        )));
    }
    let kind = dtype.kind();
    if kind != b'i' && kind != b'u' {
        return Err(PyTypeError::new_err(format!(
            "actions must have an integer dtype, got {}",
            dtype.str()?
        )));
    }
    // int64 (what argmax gives) read as it is, without a converted copy.
    if let Ok(a) = arr.cast::<PyArray1<i64>>() {
        let a = a.try_readonly()?;
        out.extend(a.as_array().iter().copied());
        return Ok(());
    }
    if kind == b'u' && dtype.itemsize() == 8 {
        let a = arr.cast::<PyArray1<u64>>()?.try_readonly()?;
        for &x in a.as_array().iter() {
            out.push(i64::try_from(x).unwrap_or(i64::MAX));
        }
        return Ok(());
    }
    // Every other integer dtype converts to int64 without loss.
    let wide = actions.call_method1("astype", ("int64",))?;
    let a = wide.cast::<PyArray1<i64>>()?.try_readonly()?;
    out.extend(a.as_array().iter().copied());
    Ok(())
}

/// n duels stepped together in Rust, the GIL released: the hot path of a training loop.
/// The arrays returned are the batch's own buffers, written again by the next `reset` or
/// `step` (copy what you keep); the observations are read-only.
#[pyclass(module = "cardstate._native", name = "DuelBatch")]
pub(crate) struct PyDuelBatch {
    inner: DuelBatch,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    rewards: Py<PyArray1<f32>>,
    dones: Py<PyArray1<bool>>,
    actions: Vec<i64>,
    /// A Python policy playing the other seat, with the buffers of what it is shown (a row per
    /// game waiting for it) and its answers.
    policy: Option<Policy>,
}

struct Policy {
    function: Py<PyAny>,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    actions: Vec<i64>,
}

impl PyDuelBatch {
    /// Runs `f` on the batch and its four buffers without the GIL.
    ///
    /// The observations are read-only to Python: a step writes only the entries that change
    /// since the last write (rust/envs `Outputs`), so nothing else may write there. They are
    /// made writeable for the call and read-only again after it by the flag itself: through
    /// `flags.writeable` the two changes cost 8,200 of the 21,100 instructions of a one-game
    /// `step` call, all with the GIL held (docs/PERFORMANCE.md, "The observations' writeable
    /// flag set directly").
    fn with_buffers<R: Send>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut DuelBatch, &[i64], Outputs<'_>) -> R + Send,
    ) -> PyResult<R> {
        let busy =
            |_| PyRuntimeError::new_err("the batch's arrays are being read or written elsewhere");
        let observations = self.observations.bind(py).clone();
        set_writeable(&observations);
        let mut o = match observations.try_readwrite() {
            Ok(o) => o,
            Err(e) => {
                // Read-only again, as it was.
                observations.getattr("flags")?.setattr("writeable", false)?;
                return Err(busy(e));
            }
        };
        let out = self.run_on_buffers(py, &mut o, f);
        o.make_nonwriteable();
        out
    }

    fn run_on_buffers<R: Send>(
        &mut self,
        py: Python<'_>,
        o: &mut numpy::PyReadwriteArray2<'_, f32>,
        f: impl FnOnce(&mut DuelBatch, &[i64], Outputs<'_>) -> R + Send,
    ) -> PyResult<R> {
        let busy =
            |_| PyRuntimeError::new_err("the batch's arrays are being read or written elsewhere");
        let mut m = self.masks.bind(py).try_readwrite().map_err(busy)?;
        let mut r = self.rewards.bind(py).try_readwrite().map_err(busy)?;
        let mut d = self.dones.bind(py).try_readwrite().map_err(busy)?;
        let not_contiguous = |_| PyRuntimeError::new_err("the batch's arrays are not contiguous");
        let out = Outputs {
            observations: o.as_slice_mut().map_err(not_contiguous)?,
            masks: m.as_slice_mut().map_err(not_contiguous)?,
            rewards: r.as_slice_mut().map_err(not_contiguous)?,
            dones: d.as_slice_mut().map_err(not_contiguous)?,
        };
        let (inner, actions) = (&mut self.inner, &self.actions);
        Ok(py.detach(move || f(inner, actions, out)))
    }
}

impl PyDuelBatch {
    /// Asks the policy for the games waiting for it until none is (the GIL held only for its
    /// call); the games move with the GIL released. An error leaves the step unfinished: the
    /// batch then needs a reset (rust/envs `ActionError::NeedsReset`).
    fn answer_policy(&mut self, py: Python<'_>) -> PyResult<()> {
        let Some(policy) = self.policy.as_mut() else {
            return Ok(());
        };
        let busy =
            |_| PyRuntimeError::new_err("the batch's arrays are being read or written elsewhere");
        let not_contiguous = |_| PyRuntimeError::new_err("the batch's arrays are not contiguous");
        loop {
            let k = self.inner.policy_games().len();
            if k == 0 {
                return Ok(());
            }
            // Ctrl-C between the policy's calls stops the step as an error of the policy would.
            py.check_signals()?;
            let observations = policy.observations.bind(py);
            let masks = policy.masks.bind(py);
            {
                let mut o = observations.try_readwrite().map_err(busy)?;
                let mut m = masks.try_readwrite().map_err(busy)?;
                let (o, m) = (
                    o.as_slice_mut().map_err(not_contiguous)?,
                    m.as_slice_mut().map_err(not_contiguous)?,
                );
                let inner = &self.inner;
                py.detach(|| inner.write_policy_inputs(o, m));
            }
            let rows = PySlice::new(py, 0, k as isize, 1);
            let o = observations.get_item(&rows)?;
            let m = masks.get_item(&rows)?;
            o.getattr("flags")?.setattr("writeable", false)?;
            m.getattr("flags")?.setattr("writeable", false)?;
            let answer = policy.function.bind(py).call1((o, m))?;
            actions_arg(&answer, k, &mut policy.actions).map_err(|e| policy_error(e, py))?;
            let (inner, actions) = (&mut self.inner, &policy.actions);
            py.detach(|| inner.apply_policy_actions(actions))
                .map_err(|e| policy_error(action_error(e), py))?;
        }
    }
}

/// A zeroed numpy array of `shape`, made by numpy (`MemoryError` if it can't be had).
fn zeros<'py, T: pyo3::PyTypeCheck>(
    py: Python<'py>,
    shape: impl IntoPyObject<'py>,
    dtype: &str,
) -> PyResult<Py<T>> {
    Ok(py
        .import("numpy")?
        .call_method1("zeros", (shape, dtype))?
        .cast_into::<T>()?
        .unbind())
}

fn too_big(n: usize) -> PyErr {
    pyo3::exceptions::PyMemoryError::new_err(format!("a batch of {n} duels does not fit in memory"))
}

/// Sets the observations' `WRITEABLE` flag, as `flags.writeable = True` does for them.
fn set_writeable(a: &Bound<'_, PyArray2<f32>>) {
    // SAFETY: `a` is the batch's own array, made by `numpy.zeros` in `new`: a live array that
    // owns its data (no base whose writeability it must respect), so the flag may be set as
    // numpy's own setter would; the GIL is held, so no other thread reads the flags meanwhile.
    unsafe {
        (*numpy::npyffi::_PyArray_GET_ITEM_DATA(a.as_array_ptr())).flags |=
            numpy::npyffi::NPY_ARRAY_WRITEABLE;
    }
}

#[pymethods]
impl PyDuelBatch {
    #[new]
    #[pyo3(signature = (n, deck0, deck1, *, pool=None, format="free", seed=0, turn_limit=40, mulligans=true, opponent=None, policy=None, learner=None, threads=1, spin_us=250))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        n: usize,
        deck0: &Bound<'_, PyAny>,
        deck1: &Bound<'_, PyAny>,
        pool: Option<&Bound<'_, PyAny>>,
        format: &str,
        seed: u64,
        turn_limit: u32,
        mulligans: bool,
        opponent: Option<&Bound<'_, PyAny>>,
        policy: Option<&Bound<'_, PyAny>>,
        learner: Option<&Bound<'_, PyAny>>,
        threads: usize,
        spin_us: u64,
    ) -> PyResult<Self> {
        if let Some(f) = policy {
            if opponent.is_some() {
                return Err(PyTypeError::new_err(
                    "a batch has one opponent: an agent or a policy, not both",
                ));
            }
            if !f.is_callable() {
                return Err(PyTypeError::new_err(format!(
                    "policy must be callable as policy(observations, masks) -> actions, got {}",
                    f.get_type().name()?
                )));
            }
        }
        let db = pool_arg(py, pool)?;
        let format = format_arg(format)?;
        let d0 = deck_arg(db.get(), deck0, "deck0", format)?;
        let d1 = deck_arg(db.get(), deck1, "deck1", format)?;
        let table = Pool::new(db.get().db());
        let opponent = match opponent {
            None => {
                if learner.is_some() && policy.is_none() {
                    return Err(PyTypeError::new_err("learner needs an opponent"));
                }
                None
            }
            Some(agent) => Some(Opponent {
                agent: rust_agent(agent, "opponent", table, db.get().pool_name())?,
                learner: match learner {
                    Some(l) => seat_arg(l)?,
                    None => Seat::Alternate,
                },
            }),
        };
        // The buffers first, by numpy's own `zeros` (`MemoryError` for what can't be had; the
        // crate's constructor would abort), and room for the games before any is made.
        let len = cardstate_duel::observe::OBSERVATION_LEN;
        let k = NUM_ACTIONS as usize;
        let observations = zeros::<PyArray2<f32>>(py, (n, len), "float32")?;
        let masks = zeros::<PyArray2<bool>>(py, (n, k), "bool")?;
        let rewards = zeros::<PyArray1<f32>>(py, (n,), "float32")?;
        let dones = zeros::<PyArray1<bool>>(py, (n,), "bool")?;
        let mut actions = Vec::new();
        actions.try_reserve_exact(n).map_err(|_| too_big(n))?;
        let batch_error = |e| match e {
            BatchError::NoRoom => too_big(n),
            BatchError::Duel(e) => PyValueError::new_err(e.0),
            BatchError::Threads(_) => PyRuntimeError::new_err(e.to_string()),
        };
        let mut inner = py
            .detach(|| {
                let options = Options {
                    mulligans,
                    ..Options::RULES
                };
                DuelBatch::with_options(table, &d0, &d1, n, seed, turn_limit, options, opponent)
            })
            .map_err(batch_error)?;
        inner.set_threads(threads).map_err(batch_error)?;
        inner.set_spin(std::time::Duration::from_micros(spin_us));
        debug_assert_eq!(inner.observation_len(), len);
        let policy = match policy {
            None => None,
            Some(f) => {
                let learner = match learner {
                    Some(l) => seat_arg(l)?,
                    None => Seat::Alternate,
                };
                inner.set_policy_opponent(learner).map_err(batch_error)?;
                Some(Policy {
                    function: f.clone().unbind(),
                    observations: zeros::<PyArray2<f32>>(py, (n, len), "float32")?,
                    masks: zeros::<PyArray2<bool>>(py, (n, k), "bool")?,
                    actions: Vec::new(),
                })
            }
        };
        let mut b = PyDuelBatch {
            observations,
            masks,
            rewards,
            dones,
            actions,
            inner,
            policy,
        };
        // A policy is first asked at the first reset (the caller's), not while the batch is made.
        if b.policy.is_none() {
            b.with_buffers(py, |inner, _, out| inner.reset(None, out))?;
        }
        Ok(b)
    }

    /// The cycle collector's view of the batch: its policy (which may hold the batch).
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        if let Some(p) = &self.policy {
            visit.call(&p.function)?;
        }
        Ok(())
    }

    /// Drops nothing: the policy is needed to step (a batch in a cycle is dropped whole).
    fn __clear__(&mut self) {}

    /// Every game starts again from its first episode (from `seed` if given, else the batch's
    /// seed); returns `(observations, masks)` of each game's player to act.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        if self.policy.is_some() {
            let inner = &mut self.inner;
            py.detach(|| inner.start_reset(seed));
            self.answer_policy(py)?;
            self.with_buffers(py, |inner, _, out| inner.finish(true, out))?;
            return (self.observations.bind(py), self.masks.bind(py)).into_pyobject(py);
        }
        self.with_buffers(py, |inner, _, out| inner.reset(seed, out))?;
        (self.observations.bind(py), self.masks.bind(py)).into_pyobject(py)
    }

    /// Applies `actions[i]` to game i for its player to act (an opponent agent then answers),
    /// and returns `(observations, masks, rewards, dones)`: each game's next observation and
    /// mask for its player to act, the reward of the player who acted (its return if its game
    /// ended, else 0) and whether its game ended (it has been replaced by the next episode).
    /// Actions of the wrong shape or dtype, outside the action space or illegal are refused
    /// (ValueError / TypeError) and nothing changes.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.inner.len();
        actions_arg(actions, n, &mut self.actions)?;
        if self.policy.is_some() {
            let (inner, actions) = (&mut self.inner, &self.actions);
            py.detach(|| inner.start_step(actions))
                .map_err(action_error)?;
            self.answer_policy(py)?;
            self.with_buffers(py, |inner, _, out| inner.finish(false, out))?;
        } else {
            self.with_buffers(py, |inner, actions, out| inner.step(actions, out))?
                .map_err(action_error)?;
        }
        (
            self.observations.bind(py),
            self.masks.bind(py),
            self.rewards.bind(py),
            self.dones.bind(py),
        )
            .into_pyobject(py)
    }

    /// The player to act in each game (int32, 0 or 1).
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        let v: Vec<i32> = (0..self.inner.len())
            .map(|i| self.inner.current_player(i))
            .collect();
        PyArray1::from_vec(py, v)
    }

    /// Each game's episode since the last reset (uint64; 0 for the first game).
    fn episodes<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        let v: Vec<u64> = (0..self.inner.len())
            .map(|i| self.inner.episode(i))
            .collect();
        PyArray1::from_vec(py, v)
    }

    /// The seed of game `index`'s `episode`-th game: `Duel(deck0, deck1, seed=...)` with it is
    /// that game.
    fn game_seed(&self, index: u64, episode: u64) -> u64 {
        game_seed(self.inner.seed(), index, episode)
    }

    /// The seed of the batch (the last one given to `reset`, else the constructor's).
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    #[getter]
    fn turn_limit(&self) -> u32 {
        self.inner.turn_limit()
    }

    /// Whether the games play the London mulligan (103.5).
    #[getter]
    fn mulligans(&self) -> bool {
        self.inner.options().mulligans
    }

    /// The shape of one game's observation.
    fn observation_shape(&self) -> (usize,) {
        (self.inner.observation_len(),)
    }

    /// Every feature of an observation in order, as `(name, offset, size)` (the duel's).
    #[staticmethod]
    fn observation_features() -> Vec<(&'static str, usize, usize)> {
        crate::duel::observation_features()
    }

    /// The id of the observation's layout (the duel's).
    #[staticmethod]
    fn observation_schema() -> &'static str {
        cardstate_duel::observe::schema_id()
    }

    fn num_distinct_actions(&self) -> u32 {
        NUM_ACTIONS
    }

    /// The threads that step the games.
    #[getter]
    fn threads(&self) -> usize {
        self.inner.threads()
    }

    /// How long the batch's workers spin after a step, in microseconds.
    #[getter]
    fn spin_us(&self) -> u64 {
        self.inner.spin().as_micros() as u64
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDuelBatch>()
}
