//! The Python `Event` class and the conversion of the engine's event log.

#[cfg(not(Py_GIL_DISABLED))]
mod free_list;

use cardstate_core as core;
use cardstate_core::{Event as CoreEvent, Game as CoreGame, Zone};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyTuple};

/// Python strings of the built-in kind names, made once (events name kinds constantly).
pub(crate) static BUILTIN_KIND_NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// The shared str of a built-in kind (`None` for a custom kind).
pub(crate) fn builtin_kind_str(py: Python<'_>, k: core::Kind) -> Option<Py<PyString>> {
    let builtins = BUILTIN_KIND_NAMES.get_or_init(py, || {
        core::kinds::BUILTIN_NAMES
            .iter()
            .map(|n| PyString::intern(py, n).unbind())
            .collect()
    });
    builtins.get(k.0 as usize).map(|s| s.clone_ref(py))
}

/// One event (SPEC §8); attributes that don't apply are None.
#[pyclass(module = "cardstate._native", name = "Event", frozen)]
pub(crate) struct PyEvent {
    pub(crate) event: CoreEvent,
    /// The name of a custom counter kind (a built-in kind's name is shared, see `counter`):
    /// events are made by the thousand, and most name built-in kinds.
    pub(crate) custom_counter: Option<Py<PyString>>,
}

#[pymethods]
impl PyEvent {
    #[getter]
    fn kind(&self) -> &'static str {
        self.event.kind().as_str()
    }
    #[getter]
    fn source(&self) -> Option<u32> {
        self.event.source()
    }
    #[getter]
    fn target(&self) -> Option<u32> {
        self.event.target()
    }
    #[getter]
    fn amount(&self) -> Option<u64> {
        self.event.amount()
    }
    #[getter]
    fn counter(&self, py: Python<'_>) -> Option<Py<PyString>> {
        match (&self.custom_counter, self.event.counter()) {
            (Some(name), _) => Some(name.clone_ref(py)),
            (None, Some(kind)) => builtin_kind_str(py, kind),
            (None, None) => None,
        }
    }
    #[getter]
    fn combat(&self) -> Option<bool> {
        self.event.combat()
    }
    #[getter]
    fn zone_from(&self) -> Option<&'static str> {
        self.event.zone_from().map(Zone::as_str)
    }
    #[getter]
    fn zone_to(&self) -> Option<&'static str> {
        self.event.zone_to().map(Zone::as_str)
    }
    #[getter]
    fn new_id(&self) -> Option<u32> {
        self.event.new_id()
    }

    /// `(kind, source, target, amount, counter, combat, zone_from, zone_to, new_id)`.
    fn as_tuple<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (
            self.kind(),
            self.source(),
            self.target(),
            self.amount(),
            self.counter(py),
            self.combat(),
            self.zone_from(),
            self.zone_to(),
            self.new_id(),
        )
            .into_pyobject(py)
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.call_method0("as_tuple") {
            Ok(t) => self.as_tuple(py)?.eq(t),
            Err(_) => Ok(false),
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.as_tuple(py)?.hash()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let e = &self.event;
        let mut parts = vec![format!("kind={:?}", e.kind().as_str())];
        let mut field = |name: &str, v: Option<String>| {
            if let Some(v) = v {
                parts.push(format!("{name}={v}"));
            }
        };
        field("source", e.source().map(|v| v.to_string()));
        field("target", e.target().map(|v| v.to_string()));
        field("amount", e.amount().map(|v| v.to_string()));
        field(
            "counter",
            self.counter(py).map(|c| format!("{:?}", c.to_string())),
        );
        field(
            "combat",
            e.combat()
                .map(|v| if v { "True" } else { "False" }.to_string()),
        );
        field(
            "zone_from",
            e.zone_from().map(|z| format!("{:?}", z.as_str())),
        );
        field("zone_to", e.zone_to().map(|z| format!("{:?}", z.as_str())));
        field("new_id", e.new_id().map(|v| v.to_string()));
        format!("Event({})", parts.join(", "))
    }
}

/// Events as a list of `Event`, made straight from the engine's log.
pub(crate) fn events_to_py<'py>(
    py: Python<'py>,
    g: &CoreGame,
    events: &[CoreEvent],
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(
        py,
        events.iter().map(|e| PyEvent {
            event: *e,
            custom_counter: e
                .counter()
                .filter(|&k| k.0 as usize >= core::kinds::BUILTIN_NAMES.len())
                .map(|k| PyString::new(py, g.kind_name(k)).unbind()),
        }),
    )
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEvent>()?;
    // SAFETY: the type object was just made (no instance exists yet), `Event` has no `subclass`
    // option and no variable part, and module initialisation holds the GIL.
    #[cfg(not(Py_GIL_DISABLED))]
    unsafe {
        free_list::install(<PyEvent as pyo3::PyTypeInfo>::type_object_raw(m.py()));
    }
    Ok(())
}
