//! The card layer's arguments read from Python: the card name remembered by address, the
//! target ids, the turn's history.

use crate::args::exact_int;
use cardstate_effects as fx;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// The card name str last given to `resolve`, remembered by address with its card: a caller
/// that passes the same str object again (a literal in a loop) skips reading its text and the
/// name lookup (docs/PERFORMANCE.md, "The card name remembered by address"). The object is
/// held, so its address can't be reused by another str while remembered.
#[derive(Default)]
pub(super) struct LastName {
    /// address << 16 | card id; 0 when nothing is remembered.
    packed: AtomicU64,
    held: Mutex<Option<Py<PyAny>>>,
}

impl LastName {
    #[inline]
    pub(super) fn recall(&self, obj: &Bound<'_, PyAny>) -> Option<fx::CardId> {
        let address = obj.as_ptr() as u64;
        let packed = self.packed.load(Ordering::Acquire);
        (packed != 0 && packed >> 16 == address).then_some(fx::CardId(packed as u16))
    }

    pub(super) fn remember(&self, obj: &Bound<'_, PyAny>, card: fx::CardId) {
        let address = obj.as_ptr() as u64;
        if address >> 48 != 0 || !obj.is_exact_instance_of::<PyString>() {
            return;
        }
        // Never wait: another thread remembering at the same moment just wins.
        let Ok(mut held) = self.held.try_lock() else {
            return;
        };
        // Hold the new object before publishing it; drop the old one only after.
        let old = held.replace(obj.clone().unbind());
        self.packed
            .store(address << 16 | card.0 as u64, Ordering::Release);
        drop(held);
        drop(old);
    }
}

/// The target ids: an exact list of exact ints read directly (the usual call); anything else
/// as a `Vec<u32>` argument is read, with its errors.
pub(super) fn target_ids(obj: &Bound<'_, PyAny>) -> PyResult<fx::runtime::Targets> {
    if let Ok(list) = obj.cast_exact::<PyList>() {
        let mut out = fx::runtime::Targets::new();
        for item in list.iter() {
            match exact_int(item.as_borrowed()).and_then(|v| u32::try_from(v).ok()) {
                Some(id) => out.push(id),
                None => return targets_slow(obj),
            }
        }
        return Ok(out);
    }
    targets_slow(obj)
}

#[cold]
fn targets_slow(obj: &Bound<'_, PyAny>) -> PyResult<fx::runtime::Targets> {
    match obj.extract::<Vec<u32>>() {
        Ok(v) => Ok(v.into_iter().collect()),
        // As the argument reader names the argument of a wrong type.
        Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) => Err(PyTypeError::new_err(format!(
            "argument 'targets': {}",
            e.value(obj.py())
        ))),
        Err(e) => Err(e),
    }
}

/// The turn's history from its plain form (creatures died, attacked and lost-life player
/// masks).
pub(super) fn turn_history(
    (creatures_died, attacked, lost_life): (u32, u64, u64),
) -> fx::TurnHistory {
    fx::TurnHistory {
        creatures_died,
        attacked,
        lost_life,
        ..Default::default()
    }
}
