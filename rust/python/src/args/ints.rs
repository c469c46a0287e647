//! Ids, amounts and signed ints.

use crate::errors::to_py;
use cardstate_core as core;
use cardstate_core::Error;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyInt;

/// An id as given: any int. Whether it names an entity is checked later (step 2).
#[derive(Clone, Copy)]
pub(crate) struct Id(pub(crate) i128);

impl<'a, 'py> FromPyObject<'a, 'py> for Id {
    type Error = PyErr;
    // The usual case (an exact int) first.
    #[inline]
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match exact_int(obj) {
            Some(v) => Ok(Id(v as i128)),
            None => Id::read(obj),
        }
    }
}

impl Id {
    /// Any other int (or not an int): the checked path of `extract`.
    #[inline(never)]
    pub(crate) fn read(obj: Borrowed<'_, '_, PyAny>) -> PyResult<Self> {
        let v = index(obj, "an id")?;
        if let Ok(v) = v.extract::<i128>() {
            return Ok(Id(v));
        }
        // Beyond i128: certainly unknown; keep its sign for the message.
        let negative = v.lt(0)?;
        Ok(Id(if negative { i128::MIN } else { i128::MAX }))
    }

    /// The id as the engine's u32, or `KeyError` (an id out of range is unknown).
    #[inline]
    pub(crate) fn get(self) -> PyResult<u32> {
        if (0..u32::MAX as i128).contains(&self.0) {
            Ok(self.0 as u32)
        } else {
            Err(to_py(Error::UnknownId(self.0)))
        }
    }
}

/// Ids of a list checked element by element in the engine (SEMANTICS §0): an id out of the
/// engine's range becomes `NO_ID` (unknown there) and the error names the id as given.
#[derive(Default)]
pub(crate) struct Lenient {
    pub(crate) first_out_of_range: Option<i128>,
}

impl Lenient {
    /// A range check only: the error is made later (`check`, `strict`) for the first id out of
    /// range.
    #[inline]
    pub(crate) fn get(&mut self, id: Id) -> u32 {
        if (0..core::NO_ID as i128).contains(&id.0) {
            id.0 as u32
        } else {
            self.note_out_of_range(id.0)
        }
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn note_out_of_range(&mut self, raw: i128) -> u32 {
        self.first_out_of_range.get_or_insert(raw);
        core::NO_ID
    }

    /// The engine's error with an out-of-range id named as given.
    pub(crate) fn error(&self, e: Error) -> Error {
        match (e, self.first_out_of_range) {
            (Error::UnknownId(id), Some(raw)) if id == core::NO_ID as i128 => Error::UnknownId(raw),
            (e, _) => e,
        }
    }

    pub(crate) fn check<T>(&self, r: core::Result<T>) -> PyResult<T> {
        r.map_err(|e| to_py(self.error(e)))
    }
}

/// A count or amount: an int in `0..=2**64-1`.
#[derive(Clone, Copy)]
pub(crate) struct Amount(pub(crate) u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Amount {
    type Error = PyErr;
    #[inline]
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match exact_int(obj) {
            Some(v) if v >= 0 => Ok(Amount(v as u64)),
            _ => Amount::read(obj),
        }
    }
}

impl Amount {
    /// Any other int (or not an int): the checked path of `extract`.
    #[inline(never)]
    pub(crate) fn read(obj: Borrowed<'_, '_, PyAny>) -> PyResult<Self> {
        let v = index(obj, "an amount")?;
        if let Ok(v) = v.extract::<u64>() {
            return Ok(Amount(v));
        }
        let text = v.str()?;
        if v.lt(0)? {
            Err(PyValueError::new_err(format!(
                "an amount must be at least 0, got {text}"
            )))
        } else {
            Err(PyOverflowError::new_err(format!(
                "an amount must be at most 2**64 - 1, got {text}"
            )))
        }
    }
}

/// `operator.index(obj)`: the exact int an int-like object stands for, as the reference model
/// reads it (an int subclass by its value, whatever its `__index__` or `__int__` say; anything
/// else by its `__index__`). A `TypeError` names `what`; an exception `__index__` raises passes
/// through.
pub(crate) fn index<'py>(obj: Borrowed<'_, 'py, PyAny>, what: &str) -> PyResult<Bound<'py, PyInt>> {
    static INDEX: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let py = obj.py();
    let f = INDEX.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("operator")?.getattr("index")?.unbind())
    })?;
    match f.bind(py).call1((obj,)) {
        Ok(v) => Ok(v.cast_into::<PyInt>()?),
        Err(e) if e.is_instance_of::<PyTypeError>(py) && obj.cast::<PyInt>().is_err() => {
            Err(PyTypeError::new_err(format!(
                "{what} must be an int, not {}",
                obj.get_type().name()?
            )))
        }
        Err(e) => Err(e),
    }
}

/// An exact integer result as a Python int (the i64 path is the fast one).
pub(crate) fn int_out(py: Python<'_>, v: i128) -> PyResult<Bound<'_, PyAny>> {
    match i64::try_from(v) {
        Ok(v) => Ok(v.into_pyobject(py)?.into_any()),
        Err(_) => Ok(v.into_pyobject(py)?.into_any()),
    }
}

pub(crate) fn opt_int_out(py: Python<'_>, v: Option<i128>) -> PyResult<Bound<'_, PyAny>> {
    match v {
        Some(v) => int_out(py, v),
        None => Ok(py.None().into_bound(py)),
    }
}

pub(crate) fn opt_int(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<i64>> {
    match obj {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) => {
            if !o.is_instance_of::<pyo3::types::PyInt>() {
                return Err(PyTypeError::new_err(format!(
                    "{what} must be an int or None"
                )));
            }
            o.extract::<i64>()
                .map(Some)
                .map_err(|_| PyOverflowError::new_err(format!("{what} is too large")))
        }
    }
}

/// An exact int within i64, read directly (`None` for anything else: the caller's checked path
/// handles it with its errors). The common case of every id and amount list.
#[inline]
pub(crate) fn exact_int(obj: Borrowed<'_, '_, PyAny>) -> Option<i64> {
    use pyo3::ffi;
    let p = obj.as_ptr();
    let mut overflow = 0;
    // SAFETY: `obj` is alive and the GIL is held (the `Borrowed` proves both); it is converted
    // only once checked to be an exact int, for which the conversion reports overflow in
    // `overflow` and never raises.
    let v = unsafe {
        if ffi::PyLong_CheckExact(p) == 0 {
            return None;
        }
        ffi::PyLong_AsLongLongAndOverflow(p, &mut overflow)
    };
    (overflow == 0).then_some(v)
}

pub(crate) fn int_arg(o: &Bound<'_, PyAny>, what: &str) -> PyResult<i64> {
    if !o.is_instance_of::<pyo3::types::PyInt>() {
        return Err(PyTypeError::new_err(format!("{what} must be an int")));
    }
    o.extract::<i64>()
        .map_err(|_| PyOverflowError::new_err(format!("{what} is too large")))
}
