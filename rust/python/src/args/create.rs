//! The form-checking argument types of `create`.

use super::ints::*;
use super::names::keyword_arg;
use super::names::names;
use cardstate_core as core;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyMapping, PyString};

/// Form-checking argument types for `create` (SEMANTICS §0 step 1, in signature order).
pub(crate) struct Names(pub(crate) Vec<String>);
pub(crate) struct KeywordsArg(pub(crate) Vec<(String, i64)>);
pub(crate) struct OptInt(pub(crate) Option<i64>);
pub(crate) struct CostArg(pub(crate) Option<core::CostSpec>);
pub(crate) struct Flag(pub(crate) bool);
pub(crate) struct InfoArg(pub(crate) Option<Py<PyDict>>);

impl<'a, 'py> FromPyObject<'a, 'py> for Names {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        names(&obj, "names").map(Names)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for KeywordsArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        keyword_arg(&obj).map(KeywordsArg)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for OptInt {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        opt_int(Some(&obj), "the value").map(OptInt)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for CostArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(CostArg(if obj.is_none() {
            None
        } else if obj.is_instance_of::<PyString>() {
            Some(core::CostSpec::Text(obj.extract::<String>()?))
        } else {
            Some(core::CostSpec::Fixed(int_arg(&obj, "cost")?))
        }))
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Flag {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        obj.extract::<bool>()
            .map(Flag)
            .map_err(|_| PyTypeError::new_err("a flag must be a bool"))
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for InfoArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            return Ok(InfoArg(None));
        }
        let m = obj
            .cast::<PyMapping>()
            .map_err(|_| PyTypeError::new_err("info must be a mapping of non-game elements"))?;
        let d = PyDict::new(obj.py());
        for item in m.items()?.iter() {
            let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
            d.set_item(k, v)?;
        }
        Ok(InfoArg(Some(d.unbind())))
    }
}
