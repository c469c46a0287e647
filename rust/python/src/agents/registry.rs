//! The registry of agents and their options as Python sees it: `agent_options`,
//! `parse_agent_spec`, `check_agent_spec`, `split_agent_specs`, and an option's value read from
//! any Python object (the registry, cardstate_agents::spec, checks it).

use cardstate_agents::spec::{
    self, AgentConfig, AgentSpec, DefaultValue, Domain, ErrorKind, Value,
};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString};

use crate::evaluator::EvaluatorArg;

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
pub(super) fn configure(name: &str, options: &mut [(&str, OptionArg)]) -> PyResult<AgentConfig> {
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

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(agent_options, m)?)?;
    m.add_function(wrap_pyfunction!(parse_agent_spec, m)?)?;
    m.add_function(wrap_pyfunction!(check_agent_spec, m)?)?;
    m.add_function(wrap_pyfunction!(split_agent_specs, m)?)?;
    Ok(())
}
