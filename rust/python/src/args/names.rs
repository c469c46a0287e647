//! Zones, names and id lists.

use super::ints::*;
use crate::errors::OrPy;
use cardstate_core::Zone;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyMapping, PyString};

pub(crate) fn zone_arg(zone: &str) -> PyResult<Zone> {
    Zone::parse(zone).py()
}

/// A zone name, checked when the arguments are read (step 1 of SEMANTICS §0).
pub(crate) struct ZoneArg(pub(crate) Zone);

impl<'a, 'py> FromPyObject<'a, 'py> for ZoneArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let s: &str = obj
            .extract()
            .map_err(|_: PyErr| PyTypeError::new_err("a zone must be a str"))?;
        zone_arg(s).map(ZoneArg)
    }
}

/// An iterable of names (a bare str is refused: it would iterate its letters).
pub(crate) fn names(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<String>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an iterable of names, not a str"
        )));
    }
    let mut out = Vec::new();
    for item in obj.try_iter()? {
        let item = item?;
        let s: String = item.extract().map_err(|_| {
            PyTypeError::new_err(format!("{what} must be names (str), got {item:?}"))
        })?;
        out.push(s);
    }
    Ok(out)
}

/// An iterable of ids, their form checked, as engine ids (out-of-range ones go through
/// `lenient`); numpy int64 arrays and lists are read without the iterator protocol.
pub(crate) fn ids_form(obj: &Bound<'_, PyAny>, lenient: &mut Lenient) -> PyResult<Vec<u32>> {
    // A list first: telling it apart is one type check, asking numpy costs more.
    Ok(if let Ok(list) = obj.cast_exact::<PyList>() {
        // A plain loop: collecting a `PyResult` iterator cost about 40 instructions an id more.
        let mut out = Vec::with_capacity(list.len());
        for i in list.iter() {
            out.push(lenient.get(i.extract::<Id>()?));
        }
        out
    } else if let Ok(arr) = obj.cast::<PyArray1<i64>>() {
        let ro = arr.try_readonly()?;
        match ro.as_slice() {
            Ok(s) => s.iter().map(|&v| lenient.get(Id(v as i128))).collect(),
            Err(_) => ro
                .as_array()
                .iter()
                .map(|&v| lenient.get(Id(v as i128)))
                .collect(),
        }
    } else {
        obj.try_iter()?
            .map(|i| Ok(lenient.get(i?.extract::<Id>()?)))
            .collect::<PyResult<_>>()?
    })
}

pub(crate) fn keyword_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(String, i64)>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "keywords must be an iterable of names or a mapping name -> value, not a str",
        ));
    }
    let mut out = Vec::new();
    if let Ok(m) = obj.cast::<PyMapping>() {
        for item in m.items()?.iter() {
            let (k, v): (String, Bound<'_, PyAny>) = item.extract()?;
            out.push((k, int_arg(&v, "a keyword value")?));
        }
    } else {
        for n in names(obj, "keywords")? {
            out.push((n, 1));
        }
    }
    Ok(out)
}
