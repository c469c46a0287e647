//! `counters=`: the counters an object enters with (122.6), a mapping kind -> amount.

use super::{Amount, KindArg};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyMapping;

/// The mapping's items in order, each kind and amount checked in form; `None` gives none.
pub(crate) struct CountersArg(pub(crate) Vec<(String, u64)>);

impl<'a, 'py> FromPyObject<'a, 'py> for CountersArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            return Ok(CountersArg(Vec::new()));
        }
        let mapping = obj
            .cast::<PyMapping>()
            .map_err(|_| PyTypeError::new_err("counters must be a mapping kind -> amount"))?;
        let mut out = Vec::new();
        for item in mapping.items()?.iter() {
            let (k, n): (Bound<'py, PyAny>, Bound<'py, PyAny>) = item.extract()?;
            let kind = k.extract::<KindArg<'_>>()?.name().to_string();
            let n = n.extract::<Amount>()?.0;
            out.push((kind, n));
        }
        Ok(CountersArg(out))
    }
}
