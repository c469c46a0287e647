//! A Python evaluator as a Rust [`Evaluator`](cardstate_agents::Evaluator) (`PyEvaluator`):
//! the batch's inputs to numpy arrays, the evaluator's results back into the search's buffers,
//! its exception kept to be raised as it is. The search's own checks of the numbers (finite,
//! in range) are in cardstate-agents.

use cardstate_agents::evaluator::{Batch, EvalError, Evaluator, Heuristic, Rollout};
use cardstate_agents::{EvaluatorChoice, MctsConfig};
use cardstate_duel::Duel;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// What a search's `evaluator=` argument names: one of the built-in evaluators (a name, or
/// `None` for the default), or a Python object.
pub(crate) enum EvaluatorArg<'a, 'py> {
    /// A name for the registry to check, or none (the default).
    Name(Option<&'a Bound<'py, PyAny>>),
    Object(Py<PyAny>),
}

impl<'a, 'py> EvaluatorArg<'a, 'py> {
    /// Reads `evaluator=`: `None`, a built-in evaluator's name, an object with a callable
    /// `evaluate`, or a callable.
    pub(crate) fn of(obj: Option<&'a Bound<'py, PyAny>>) -> PyResult<Self> {
        let Some(obj) = obj else {
            return Ok(EvaluatorArg::Name(None));
        };
        if obj.is_none() {
            return Ok(EvaluatorArg::Name(None));
        }
        if obj.is_instance_of::<PyString>() {
            return Ok(EvaluatorArg::Name(Some(obj)));
        }
        let evaluate = obj.getattr_opt("evaluate")?;
        if evaluate.is_some_and(|e| e.is_callable()) || obj.is_callable() {
            return Ok(EvaluatorArg::Object(obj.clone().unbind()));
        }
        Err(PyTypeError::new_err(format!(
            "evaluator must be a callable, an object with evaluate(observations, masks, \
             players), or a built-in evaluator's name, not {}",
            obj.get_type().name()?
        )))
    }
}

/// A Python evaluator (a callable, or an object's `evaluate`), called with
/// `(observations [B, obs] float32, masks [B, A] bool, players [B] int32)` and returning
/// `(priors [B, A], values [B])`, anything numpy reads as float32 of those shapes.
pub(crate) struct PyEvaluator {
    /// The object as given (kept for pickling and `evaluator`).
    pub(crate) object: Py<PyAny>,
    function: Py<PyAny>,
    /// The exception of the last failed call, raised as it is.
    error: Option<PyErr>,
}

impl PyEvaluator {
    pub(crate) fn new(py: Python<'_>, object: Py<PyAny>) -> PyResult<Self> {
        let bound = object.bind(py);
        let function = match bound.getattr_opt("evaluate")? {
            Some(e) if e.is_callable() => e.unbind(),
            _ => object.clone_ref(py),
        };
        Ok(PyEvaluator {
            object,
            function,
            error: None,
        })
    }

    /// The exception for a search's failure: the evaluator's own, or a `ValueError` naming what
    /// was wrong with its results.
    pub(crate) fn failure(&mut self, e: EvalError) -> PyErr {
        self.error
            .take()
            .unwrap_or_else(|| PyValueError::new_err(e.message))
    }

    fn call(&mut self, py: Python<'_>, batch: &mut Batch<'_>) -> PyResult<()> {
        let n = batch.rows;
        let (o, a) = (batch.observation_len, batch.num_actions);
        // The observations (the largest input) are lent to numpy where they are, not copied.
        let lent = Bound::new(
            py,
            LentObservations {
                data: std::mem::take(batch.observations),
            },
        )?;
        let result = self.call_lent(py, &lent, batch, (n, o, a));
        // Back to the search unless the evaluator kept an array of them (then they stay
        // Python's, and the search allocates the next batch's).
        // SAFETY: `lent` is a live object and the GIL is held.
        if unsafe { pyo3::ffi::Py_REFCNT(lent.as_ptr()) } == 1 {
            *batch.observations = std::mem::take(&mut lent.borrow_mut().data);
        }
        result
    }

    fn call_lent(
        &mut self,
        py: Python<'_>,
        lent: &Bound<'_, LentObservations>,
        batch: &mut Batch<'_>,
        (n, o, a): (usize, usize, usize),
    ) -> PyResult<()> {
        let observations = {
            let borrowed = lent.borrow();
            let view = numpy::ndarray::ArrayView2::from_shape((n, o), &borrowed.data[..n * o])
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            // SAFETY: the array's base is `lent`, which owns the memory viewed: the memory
            // lives as long as any array over it, and it is taken out of `lent` (moved, not
            // reallocated) only when `lent` has no other reference, that is when no array
            // over it is left (`call`).
            let array = unsafe { PyArray2::borrow_from_array(&view, lent.clone().into_any()) };
            // Read-only: the search writes the next observations over these, only where they
            // differ, so an evaluator writing into them would change what a network sees next.
            array
                .try_readwrite()
                .map_err(|e| PyValueError::new_err(e.to_string()))?
                .make_nonwriteable();
            array
        };
        let masks = PyArray1::from_slice(py, &batch.masks[..n * a]).reshape([n, a])?;
        let players = PyArray1::from_slice(py, &batch.players[..n]);
        let out = self
            .function
            .bind(py)
            .call1((observations, masks, players))?;
        let pair: Option<(Bound<'_, PyAny>, Bound<'_, PyAny>)> = out.extract().ok();
        let Some((priors, values)) = pair else {
            return Err(PyTypeError::new_err(format!(
                "the evaluator must return (priors, values), not {}",
                out.get_type().name()?
            )));
        };
        let a = batch.num_actions;
        read_into(py, &priors, "priors", &[n, a], &mut batch.priors[..n * a])?;
        read_into(py, &values, "values", &[n], &mut batch.values[..n])?;
        Ok(())
    }
}

/// The memory of a batch's observations while the evaluator reads them: the base of the
/// numpy array it is given.
#[pyclass(module = "cardstate._native")]
pub(crate) struct LentObservations {
    data: Vec<f32>,
}

/// Copies `obj` (anything numpy reads as float32) of shape `shape` into `out`.
fn read_into(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    what: &str,
    shape: &[usize],
    out: &mut [f32],
) -> PyResult<()> {
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", "float32")?;
    let array = py
        .import("numpy")?
        .getattr("ascontiguousarray")?
        .call((obj,), Some(&kwargs))
        .map_err(|e| {
            PyTypeError::new_err(format!(
                "the evaluator's {what} can't be read as float32 numbers: {e}"
            ))
        })?;
    let array = array.cast_into::<numpy::PyArrayDyn<f32>>()?;
    if array.shape() != shape {
        return Err(PyValueError::new_err(format!(
            "the evaluator's {what} have shape {:?}, expected {:?} (batch size, {})",
            array.shape(),
            shape,
            if shape.len() == 2 {
                "actions"
            } else {
                "one value per row"
            }
        )));
    }
    let ro = array.readonly();
    let src = ro.as_slice()?;
    out.copy_from_slice(src);
    Ok(())
}

impl Evaluator<Duel> for PyEvaluator {
    fn evaluate(
        &mut self,
        batch: &mut Batch<'_>,
        _: &mut [Duel],
        _: &[u64],
    ) -> Result<(), EvalError> {
        Python::attach(|py| match self.call(py, batch) {
            Ok(()) => Ok(()),
            Err(e) => {
                let message = e.to_string();
                self.error = Some(e);
                Err(EvalError { message })
            }
        })
    }
}

/// The evaluator of a search: a built-in one by its choice, or a Python object.
pub(crate) enum AnyEvaluator {
    Rollout(Rollout),
    Evaluation(Heuristic),
    Python(PyEvaluator),
}

impl AnyEvaluator {
    pub(crate) fn built_in(config: &MctsConfig) -> Self {
        match config.evaluator {
            EvaluatorChoice::Rollout => AnyEvaluator::Rollout(Rollout::new(config.rollout_depth)),
            EvaluatorChoice::Evaluation => AnyEvaluator::Evaluation(Heuristic::default()),
        }
    }
    pub(crate) fn as_dyn(&mut self) -> &mut dyn Evaluator<Duel> {
        match self {
            AnyEvaluator::Rollout(e) => e,
            AnyEvaluator::Evaluation(e) => e,
            AnyEvaluator::Python(e) => e,
        }
    }
    pub(crate) fn failure(&mut self, e: EvalError) -> PyErr {
        match self {
            AnyEvaluator::Python(p) => p.failure(e),
            _ => PyValueError::new_err(e.message),
        }
    }
    /// The object given, or the built-in evaluator's name.
    pub(crate) fn describe(&self, py: Python<'_>, config: &MctsConfig) -> Py<PyAny> {
        match self {
            AnyEvaluator::Python(p) => p.object.clone_ref(py),
            _ => PyString::new(py, config.evaluator.name())
                .into_any()
                .unbind(),
        }
    }
}
