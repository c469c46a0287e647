//! Counter kinds as given: a non-empty str, a built-in kind resolved to its id.

use super::names::names;
use crate::errors::{CounterKindError, OrPy};
use cardstate_core as core;
use cardstate_core::kinds::{Kind, KindRef};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A counter kind as given: a non-empty str (checked in argument order, step 1). A built-in
/// kind's name resolves here to its id, which is the same in every game.
///
/// Word-sized fields rather than a `KindRef`: merging the fast and slow paths of `extract` copied
/// the enum through memory in narrow pieces and read it back wide, a store-forwarding stall that
/// cost a tenth of an `add_counters` call.
pub(crate) struct KindArg<'a> {
    pub(crate) name: &'a str,
    /// The built-in kind's id, or `NOT_BUILTIN`.
    pub(crate) builtin: u64,
}

pub(crate) const NOT_BUILTIN: u64 = u64::MAX;

impl<'a> KindArg<'a> {
    #[inline]
    pub(crate) fn kind(&self) -> KindRef<'a> {
        if self.builtin == NOT_BUILTIN {
            KindRef::Name(self.name)
        } else {
            KindRef::Kind(Kind(self.builtin as u16))
        }
    }

    /// The name as given (a built-in kind's name is its canonical name).
    pub(crate) fn name(&self) -> &'a str {
        match self.kind() {
            KindRef::Kind(k) => core::kinds::BUILTIN_NAMES[k.0 as usize],
            KindRef::Name(name) => name,
        }
    }

    /// The kind's text, checked; the slow path of `extract`.
    #[inline(never)]
    pub(crate) fn read(obj: Borrowed<'a, '_, PyAny>) -> PyResult<Self> {
        let name: &'a str = obj.extract().map_err(|_: PyErr| not_a_kind(obj))?;
        // The core's check, in the form step (docs/SEMANTICS.md §0).
        core::Game::check_kind_name(name).py()?;
        let builtin = match core::kinds::builtin(name) {
            Some(kind) => {
                builtin_kind_strs::remember(obj, kind);
                kind.0 as u64
            }
            None => NOT_BUILTIN,
        };
        Ok(KindArg { name, builtin })
    }
}

/// Why `obj` is not a counter kind: not a str, or a str that is not valid Unicode text.
#[cold]
fn not_a_kind(obj: Borrowed<'_, '_, PyAny>) -> PyErr {
    if obj.is_instance_of::<PyString>() {
        let text = obj
            .repr()
            .map_or_else(|_| "?".to_string(), |r| r.to_string());
        return CounterKindError::new_err(format!(
            "a counter kind must be valid Unicode text: {text} has a lone surrogate"
        ));
    }
    let type_name = obj
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string());
    CounterKindError::new_err(format!("a counter kind must be a str, not {type_name}"))
}

impl<'a, 'py> FromPyObject<'a, 'py> for KindArg<'a> {
    type Error = PyErr;
    #[inline]
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match builtin_kind_strs::recall(obj) {
            Some(kind) => Ok(KindArg {
                name: "",
                builtin: kind.0 as u64,
            }),
            None => Self::read(obj),
        }
    }
}

/// The str objects last seen naming built-in counter kinds, by address: callers pass the same
/// few kind names (literals, or the kind strs of events) over and over, and knowing the object
/// skips reading and looking up its text, a good part of the cost of an `add_counters` call.
///
/// A slot packs the object's address (below 2**48) with the kind, so one atomic load reads
/// both together; the slot's object is kept alive by a reference held here, so no other object
/// can have that address while the slot names it. Entries are replaced, never added: at most
/// `SLOTS` strs are held.
pub(crate) mod builtin_kind_strs {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Mutex;

    const SLOTS: usize = 16;
    static PACKED: [AtomicU64; SLOTS] = [const { AtomicU64::new(0) }; SLOTS];
    static HELD: Mutex<[Option<Py<PyAny>>; SLOTS]> = Mutex::new([const { None }; SLOTS]);

    #[inline]
    fn slot(address: u64) -> usize {
        ((address >> 4 ^ address >> 11) as usize) % SLOTS
    }

    #[inline]
    pub(super) fn recall(obj: Borrowed<'_, '_, PyAny>) -> Option<Kind> {
        let address = obj.as_ptr() as u64;
        let packed = PACKED[slot(address)].load(Ordering::Acquire);
        (packed != 0 && packed >> 16 == address).then_some(Kind(packed as u16))
    }

    pub(super) fn remember(obj: Borrowed<'_, '_, PyAny>, kind: Kind) {
        let address = obj.as_ptr() as u64;
        if address >> 48 != 0 || !obj.is_exact_instance_of::<PyString>() {
            return;
        }
        // Never wait: another thread remembering at the same moment just wins.
        let Ok(mut held) = HELD.try_lock() else {
            return;
        };
        let i = slot(address);
        // Hold the new object before publishing it; drop the old one only after.
        let old = held[i].replace(obj.to_owned().unbind());
        PACKED[i].store(address << 16 | kind.0 as u64, Ordering::Release);
        drop(held);
        drop(old);
    }
}

pub(crate) fn extra_kinds(kinds: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let extra = match kinds {
        Some(k) if !k.is_none() => names(k, "kinds")?,
        _ => Vec::new(),
    };
    for k in &extra {
        core::Game::check_kind_name(k).py()?;
    }
    Ok(extra)
}
