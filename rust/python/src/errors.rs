//! Engine errors as Python exceptions: one class per kind of refusal.

use cardstate_core as core;
use cardstate_core::Class;
use cardstate_core::Error;
use pyo3::exceptions::{PyKeyError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;

pyo3::import_exception!(cardstate.errors, GoneError);
pyo3::import_exception!(cardstate.errors, CannotPay);
pyo3::import_exception!(cardstate.errors, CounterKindError);

pub(crate) fn to_py(e: Error) -> PyErr {
    let message = e.to_string();
    match e.class() {
        // Like a mapping's KeyError, saying what is missing.
        Class::Key => PyKeyError::new_err(message),
        Class::Value => PyValueError::new_err(message),
        Class::Type => PyTypeError::new_err(message),
        Class::Overflow => PyOverflowError::new_err(message),
        Class::Gone => GoneError::new_err(message),
        Class::CannotPay => CannotPay::new_err(message),
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
