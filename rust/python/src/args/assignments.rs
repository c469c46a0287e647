//! The assignments of simultaneous damage.

use super::flags::{Flag, Preventable};
use super::ints::*;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// The `(source, target, amount)` (or `(source, target, amount, preventable)`) assignments of
/// simultaneous damage, their form checked.
pub(crate) struct Assignments {
    /// As engine ids (out-of-range ids as `NO_ID`, remembered in `ids`).
    pub(crate) list: Vec<(u32, u32, u64)>,
    pub(crate) ids: Lenient,
    /// The assignments that say whether they can be prevented (615.12): (index, preventable).
    pub(crate) preventable: Vec<(usize, bool)>,
}

impl<'a, 'py> FromPyObject<'a, 'py> for Assignments {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let mut ids = Lenient::default();
        let mut list = Vec::new();
        let mut preventable = Vec::new();
        // A list (the usual form) is read by index, without an iterator object, and the usual
        // items (exact tuples of exact ints) without taking references: reading them runs no
        // Python code, so the list can't change meanwhile. Anything else is read from a
        // reference of its own, through the checked path (which may run Python code).
        if let Ok(items) = obj.cast_exact::<PyList>() {
            list.reserve(items.len());
            let mut i = 0;
            while i < items.len() {
                // SAFETY: `i` is below the list's current length and the GIL is held; the
                // borrowed item is read only by `int_triple`, which runs no Python code (the
                // checked path takes a reference of its own first), before the next look at
                // the list.
                let item = unsafe {
                    Borrowed::from_ptr(
                        obj.py(),
                        abi::list_item(items.as_ptr(), i as pyo3::ffi::Py_ssize_t),
                    )
                };
                assignment(
                    item,
                    &mut ids,
                    || items.get_item(i),
                    &mut list,
                    &mut preventable,
                )?;
                i += 1;
            }
        } else {
            for item in obj.try_iter()? {
                let item = item?;
                assignment(
                    item.as_borrowed(),
                    &mut ids,
                    || Ok(item.clone()),
                    &mut list,
                    &mut preventable,
                )?;
            }
        }
        Ok(Assignments {
            list,
            ids,
            preventable,
        })
    }
}

/// One `(source, target, amount)` tuple: the usual form read directly from `item`, anything
/// else through the checked path from a reference of its own (`owned`: that path may run
/// Python code, which could drop a borrowed item).
#[inline]
pub(crate) fn assignment<'py>(
    item: Borrowed<'_, 'py, PyAny>,
    ids: &mut Lenient,
    owned: impl FnOnce() -> PyResult<Bound<'py, PyAny>>,
    list: &mut Vec<(u32, u32, u64)>,
    preventable: &mut Vec<(usize, bool)>,
) -> PyResult<()> {
    let assignment = match int_triple(item) {
        Some((source, target, amount)) => (
            ids.get(Id(source as i128)),
            ids.get(Id(target as i128)),
            amount,
        ),
        None => {
            let (assignment, flag) = checked_assignment(owned()?.as_borrowed(), ids)?;
            if let Some(flag) = flag {
                preventable.push((list.len(), flag));
            }
            assignment
        }
    };
    list.push(assignment);
    Ok(())
}

/// The usual form of an assignment read straight from the objects: an exact tuple of three
/// exact ints, the ids within i64 and the amount within 0..2**63. `None` for anything else,
/// which takes the checked path (and its errors). Reading a hundred assignments through the
/// general conversions cost a sixth of a `deal_simultaneous_damage` call.
#[inline]
pub(crate) fn int_triple(item: Borrowed<'_, '_, PyAny>) -> Option<(i64, i64, u64)> {
    use pyo3::ffi;
    let t = item.as_ptr();
    // SAFETY: `item` is alive for this call and the GIL is held (the `Borrowed` proves both).
    // Its items are read only after checking it is an exact tuple of length 3; a tuple owns its
    // items, so each is alive while `item` is.
    let [source, target, amount] = unsafe {
        if ffi::PyTuple_CheckExact(t) == 0 || abi::tuple_len(t) != 3 {
            return None;
        }
        [0, 1, 2].map(|i| Borrowed::from_ptr(item.py(), abi::tuple_item(t, i)))
    };
    let amount = exact_int(amount)?;
    Some((
        exact_int(source)?,
        exact_int(target)?,
        u64::try_from(amount).ok()?,
    ))
}

/// An assignment in any accepted form, every part checked (SEMANTICS §0).
#[inline(never)]
pub(crate) fn checked_assignment(
    item: Borrowed<'_, '_, PyAny>,
    ids: &mut Lenient,
) -> PyResult<((u32, u32, u64), Option<bool>)> {
    // Read through `len()` and indexing, as the reference model reads it: a tuple subclass may
    // define its own.
    let len = match item.cast::<PyTuple>() {
        Ok(_) => item.len()?,
        Err(_) => 0,
    };
    if len != 3 && len != 4 {
        return Err(not_an_assignment(item));
    }
    let source: Id = item.get_item(0)?.extract()?;
    let target: Id = item.get_item(1)?.extract()?;
    let amount: Amount = item.get_item(2)?.extract()?;
    let preventable = if len == 4 {
        Some(item.get_item(3)?.extract::<Flag<Preventable>>()?.0)
    } else {
        None
    };
    Ok(((ids.get(source), ids.get(target), amount.0), preventable))
}

#[cold]
pub(crate) fn not_an_assignment(item: Borrowed<'_, '_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!(
        "each assignment must be a (source, target, amount) or (source, target, amount, \
         preventable) tuple, got {item:?}"
    ))
}

/// Borrowed reads of list and tuple items: the macros of the full C API, or the stable ABI's
/// functions in abi3 builds (which check the index again).
mod abi {
    use pyo3::ffi::{self, PyObject, Py_ssize_t};

    /// # Safety
    /// `list` is a live list, `i` below its length, and the GIL is held.
    #[inline]
    pub(super) unsafe fn list_item(list: *mut PyObject, i: Py_ssize_t) -> *mut PyObject {
        // SAFETY: per this function's contract.
        #[cfg(not(Py_LIMITED_API))]
        unsafe {
            ffi::PyList_GET_ITEM(list, i)
        }
        #[cfg(Py_LIMITED_API)]
        unsafe {
            ffi::PyList_GetItem(list, i)
        }
    }

    /// # Safety
    /// `t` is a live tuple and the GIL is held.
    #[inline]
    pub(super) unsafe fn tuple_len(t: *mut PyObject) -> Py_ssize_t {
        // SAFETY: per this function's contract.
        #[cfg(not(Py_LIMITED_API))]
        unsafe {
            ffi::PyTuple_GET_SIZE(t)
        }
        #[cfg(Py_LIMITED_API)]
        unsafe {
            ffi::PyTuple_Size(t)
        }
    }

    /// # Safety
    /// `t` is a live tuple, `i` below its length, and the GIL is held.
    #[inline]
    pub(super) unsafe fn tuple_item(t: *mut PyObject, i: Py_ssize_t) -> *mut PyObject {
        // SAFETY: per this function's contract.
        #[cfg(not(Py_LIMITED_API))]
        unsafe {
            ffi::PyTuple_GET_ITEM(t, i)
        }
        #[cfg(Py_LIMITED_API)]
        unsafe {
            ffi::PyTuple_GetItem(t, i)
        }
    }
}
