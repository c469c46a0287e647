//! Engine errors as Python exceptions: one class per kind of refusal.

use cardstate_core as core;
use cardstate_core::Error;
use pyo3::exceptions::{PyKeyError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;

pyo3::import_exception!(cardstate.errors, GoneError);
pyo3::import_exception!(cardstate.errors, CannotPay);
pyo3::import_exception!(cardstate.errors, CounterKindError);

pub(crate) fn to_py(e: Error) -> PyErr {
    match e {
        // Like a mapping: KeyError(id).
        Error::UnknownId(id) => PyKeyError::new_err(id),
        Error::Value(m) => PyValueError::new_err(m),
        Error::Type(m) => PyTypeError::new_err(m),
        Error::Overflow(m) => PyOverflowError::new_err(m),
        Error::Gone(_) => GoneError::new_err(e.to_string()),
        Error::CannotPay(m) => CannotPay::new_err(m),
    }
}

pub(crate) trait OrPy<T> {
    fn py(self) -> PyResult<T>;
}

impl<T> OrPy<T> for core::Result<T> {
    #[inline]
    fn py(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}
