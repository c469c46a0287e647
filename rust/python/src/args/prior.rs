//! A prior over the opponent's deck (docs/DUEL.md, "Resampling"): a mapping of card names to
//! weights, read into names and numbers, then into the weights of a pool's cards.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyMapping, PyString};

use cardstate_duel::{Pool, Prior};

/// A prior's entries as given: `(card name, weight)`, in the mapping's order.
pub(crate) type NamedWeights = Vec<(String, u32)>;

/// A mapping of card names (str) to weights (int, from 0 to 4294967295).
pub(crate) fn named_weights(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<NamedWeights> {
    let mapping = obj.cast::<PyMapping>().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what} must be a mapping of card names to weights, not {}",
            obj.get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    let mut out = Vec::new();
    for item in mapping.items()?.iter() {
        let (name, weight): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
        let name = name.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!("{what}: a card name must be a str, got {name:?}"))
        })?;
        let name = name.to_str()?.to_owned();
        // An int, not a bool (which would weigh a card True times).
        if !weight.is_exact_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err(format!(
                "{what}: the weight of {name:?} must be an int, got {weight:?}"
            )));
        }
        let w: i128 = weight.extract().map_err(|_| {
            PyOverflowError::new_err(format!("{what}: the weight of {name:?} is too large"))
        })?;
        if w < 0 {
            return Err(PyValueError::new_err(format!(
                "{what}: the weight of {name:?} is negative ({w})"
            )));
        }
        let w = u32::try_from(w).map_err(|_| {
            PyOverflowError::new_err(format!(
                "{what}: the weight of {name:?} is above 4294967295 ({w})"
            ))
        })?;
        out.push((name, w));
    }
    Ok(out)
}

/// The prior over `pool`'s cards (named `pool_name` in errors) that `weights` give; a card
/// they don't name weighs 0.
pub(crate) fn prior_over(
    pool: Pool,
    pool_name: &str,
    weights: &[(String, u32)],
    what: &str,
) -> PyResult<Prior> {
    let mut by_card = vec![0u32; pool.len()];
    for (name, w) in weights {
        let Some(c) = pool.by_name(name) else {
            return Err(PyValueError::new_err(format!(
                "{what}: unknown card {name:?} in the pool {pool_name:?}"
            )));
        };
        by_card[c as usize] = *w;
    }
    Prior::new(pool, &by_card).map_err(|e| PyValueError::new_err(format!("{what}: {}", e.0)))
}
