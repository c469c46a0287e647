//! A Python evaluator as a Rust [`Evaluator`](cardstate_agents::Evaluator) (`PyEvaluator`):
//! the batch's inputs to numpy arrays, the evaluator's results back into the search's buffers,
//! its exception kept to be raised as it is. The search's own checks of the numbers (finite,
//! in range) are in cardstate-agents.

use cardstate_agents::evaluator::{Batch, EvalError, Evaluator, Heuristic, Rollout};
use cardstate_agents::{EvaluatorChoice, MctsConfig};
use cardstate_duel::Duel;
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
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
        let (observations, masks, players) = {
            let (o, a) = (batch.observation_len, batch.num_actions);
            (
                PyArray1::from_slice(py, &batch.observations[..n * o]).reshape([n, o])?,
                PyArray1::from_slice(py, &batch.masks[..n * a]).reshape([n, a])?,
                PyArray1::from_slice(py, &batch.players[..n]),
            )
        };
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
