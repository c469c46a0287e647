//! The Python `Event` class and the conversion of the engine's event log.

#[cfg(not(any(Py_GIL_DISABLED, Py_LIMITED_API)))]
mod free_list;

use crate::errors::OrPy;
use cardstate_core as core;
use cardstate_core::EventParts;
use cardstate_core::{Event as CoreEvent, EventKind, Game as CoreGame, Kind, Zone};
use pyo3::exceptions::PyValueError;
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

/// One event (SEMANTICS §2); attributes that don't apply are None.
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

    /// Events are immutable: a copy is the event itself.
    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    /// Pickled as its `as_tuple()`, rebuilt by `_event`.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let rebuild = py.import("cardstate._native")?.getattr("_event")?;
        Ok((rebuild, self.as_tuple(py)?))
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

/// Events copied out of a game's log with the names of their custom counter kinds, so that
/// their Python objects are made once the game is unlocked (making objects can run a
/// collection, whose finalizers may call the game).
pub(crate) struct Copied {
    events: Vec<CoreEvent>,
    /// Custom kinds (built-in names are shared strs) with their names, each once.
    custom: Vec<(Kind, Box<str>)>,
}

impl Copied {
    pub(crate) fn of(g: &CoreGame, events: &[CoreEvent]) -> Copied {
        let mut custom: Vec<(Kind, Box<str>)> = Vec::new();
        for k in events.iter().filter_map(CoreEvent::counter) {
            if k.0 as usize >= core::kinds::BUILTIN_NAMES.len()
                && !custom.iter().any(|(c, _)| *c == k)
            {
                custom.push((k, g.kind_name(k).into()));
            }
        }
        Copied {
            events: events.to_vec(),
            custom,
        }
    }

    /// The events as a list of `Event`.
    pub(crate) fn into_py(self, py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
        let names: Vec<(Kind, Py<PyString>)> = self
            .custom
            .iter()
            .map(|(k, name)| (*k, PyString::new(py, name).unbind()))
            .collect();
        PyList::new(
            py,
            self.events.iter().map(|e| PyEvent {
                event: *e,
                custom_counter: e.counter().and_then(|k| {
                    names
                        .iter()
                        .find(|(c, _)| *c == k)
                        .map(|(_, s)| s.clone_ref(py))
                }),
            }),
        )
    }
}

/// Rebuilds an `Event` from its `as_tuple()` (unpickling).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn _event(
    kind: &str,
    source: Option<u32>,
    target: Option<u32>,
    amount: Option<u64>,
    counter: Option<Bound<'_, PyString>>,
    combat: Option<bool>,
    zone_from: Option<&str>,
    zone_to: Option<&str>,
    new_id: Option<u32>,
) -> PyResult<PyEvent> {
    let kind = EventKind::parse(kind)
        .ok_or_else(|| PyValueError::new_err(format!("unknown event kind {kind:?}")))?;
    let zone = |z: Option<&str>| z.map(|z| Zone::parse(z).py()).transpose();
    let builtin = match &counter {
        Some(name) => core::kinds::builtin(name.to_str()?),
        None => None,
    };
    // A custom kind's id belongs to its game: the event names it by its str instead.
    let custom_counter = match (&counter, builtin) {
        (Some(name), None) => Some(name.clone().unbind()),
        _ => None,
    };
    let counter = match (&counter, builtin) {
        (Some(_), Some(k)) => Some(k),
        (Some(_), None) => Some(Kind(core::kinds::BUILTIN_NAMES.len() as u16)),
        (None, _) => None,
    };
    let event = CoreEvent::from_parts(EventParts {
        kind,
        source,
        target,
        amount,
        counter,
        combat,
        zone_from: zone(zone_from)?,
        zone_to: zone(zone_to)?,
        new_id,
    });
    Ok(PyEvent {
        event,
        custom_counter,
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEvent>()?;
    m.add_function(wrap_pyfunction!(_event, m)?)?;
    // SAFETY: the type object was just made (no instance exists yet), `Event` has no `subclass`
    // option and no variable part, and module initialisation holds the GIL.
    #[cfg(not(any(Py_GIL_DISABLED, Py_LIMITED_API)))]
    unsafe {
        free_list::install(<PyEvent as pyo3::PyTypeInfo>::type_object_raw(m.py()));
    }
    Ok(())
}
