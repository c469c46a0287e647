//! cardstate._native: the PyO3 bindings of cardstate-core. Argument conversion, error mapping,
//! GIL release and the `info` store (Python objects) live here; no rules do.

use cardstate_core as core;
use cardstate_core::game::CardSpec;
use cardstate_core::kinds::{Kind, KindRef};
use cardstate_core::{Error, Event as CoreEvent, Game as CoreGame, Ruleset, Zone};
use numpy::{PyArray1, PyArray2, PyArray3, PyArrayMethods};
use pyo3::exceptions::{PyKeyError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PyMapping, PyString, PyTuple};
use spin::mutex::{SpinMutex, SpinMutexGuard};
use std::sync::Arc;

mod duel;

/// mimalloc rather than the system allocator: search clones, changes and drops states by the
/// million, and glibc's malloc consolidated freed blocks of dropped games inside the next
/// game's first allocation (a 3 µs stall in an otherwise 50 ns call).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

pyo3::import_exception!(cardstate.errors, GoneError);
pyo3::import_exception!(cardstate.errors, CannotPay);
pyo3::import_exception!(cardstate.errors, CounterKindError);

fn to_py(e: Error) -> PyErr {
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

trait OrPy<T> {
    fn py(self) -> PyResult<T>;
}

impl<T> OrPy<T> for core::Result<T> {
    #[inline]
    fn py(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}

// ----- argument forms (SEMANTICS §0, step 1) -------------------------------------------------

/// An id as given: any int. Whether it names an entity is checked later (step 2).
#[derive(Clone, Copy)]
struct Id(i128);

impl<'a, 'py> FromPyObject<'a, 'py> for Id {
    type Error = PyErr;
    // Inlined with the usual case (an exact int) first: returned through memory, the wide id
    // stalled on store forwarding.
    #[inline(always)]
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
    fn read(obj: Borrowed<'_, '_, PyAny>) -> PyResult<Self> {
        if let Ok(v) = obj.extract::<i64>() {
            return Ok(Id(v as i128));
        }
        if let Ok(v) = obj.extract::<i128>() {
            return Ok(Id(v));
        }
        if obj.is_instance_of::<pyo3::types::PyInt>() {
            // Too large for i64: certainly unknown; keep its sign for the message.
            let negative = obj.lt(0)?;
            return Ok(Id(if negative { i128::MIN } else { i128::MAX }));
        }
        Err(PyTypeError::new_err(format!(
            "an id must be an int, not {}",
            obj.get_type().name()?
        )))
    }

    /// The id as the engine's u32, or `KeyError` (an id out of range is unknown).
    #[inline]
    fn get(self) -> PyResult<u32> {
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
struct Lenient {
    first_out_of_range: Option<i128>,
}

impl Lenient {
    /// A range check only: no error is made here (making and dropping one kept the ids in
    /// memory, and reading the pair back whole stalled on store forwarding, a quarter of the
    /// cost of reading an assignment list).
    #[inline(always)]
    fn get(&mut self, id: Id) -> u32 {
        if (0..core::game::NO_ID as i128).contains(&id.0) {
            id.0 as u32
        } else {
            self.note_out_of_range(id.0)
        }
    }

    #[cold]
    #[inline(never)]
    fn note_out_of_range(&mut self, raw: i128) -> u32 {
        self.first_out_of_range.get_or_insert(raw);
        core::game::NO_ID
    }

    /// `KeyError` now if an id was out of range (for lists not checked in the engine).
    fn strict(&self) -> PyResult<()> {
        match self.first_out_of_range {
            Some(raw) => Err(to_py(Error::UnknownId(raw))),
            None => Ok(()),
        }
    }

    fn check<T>(&self, r: core::Result<T>) -> PyResult<T> {
        match (r, self.first_out_of_range) {
            (Err(Error::UnknownId(id)), Some(raw)) if id == core::game::NO_ID as i128 => {
                Err(to_py(Error::UnknownId(raw)))
            }
            (r, _) => r.py(),
        }
    }
}

/// A count or amount: an int in `0..=2**64-1`.
#[derive(Clone, Copy)]
struct Amount(u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Amount {
    type Error = PyErr;
    #[inline(always)]
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
    fn read(obj: Borrowed<'_, '_, PyAny>) -> PyResult<Self> {
        if let Ok(v) = obj.extract::<u64>() {
            return Ok(Amount(v));
        }
        if !obj.is_instance_of::<pyo3::types::PyInt>() {
            return Err(PyTypeError::new_err(format!(
                "an amount must be an int, not {}",
                obj.get_type().name()?
            )));
        }
        let text = obj.str()?;
        if obj.lt(0)? {
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

/// A counter kind as given: a non-empty str (checked in argument order, step 1). A built-in
/// kind's name resolves here to its id, which is the same in every game.
///
/// Word-sized fields rather than a `KindRef`: merging the fast and slow paths of `extract` copied
/// the enum through memory in narrow pieces and read it back wide, a store-forwarding stall that
/// cost a tenth of an `add_counters` call.
struct KindArg<'a> {
    name: &'a str,
    /// The built-in kind's id, or `NOT_BUILTIN`.
    builtin: u64,
}

const NOT_BUILTIN: u64 = u64::MAX;

impl<'a> KindArg<'a> {
    #[inline(always)]
    fn kind(&self) -> KindRef<'a> {
        if self.builtin == NOT_BUILTIN {
            KindRef::Name(self.name)
        } else {
            KindRef::Kind(Kind(self.builtin as u16))
        }
    }

    /// The name as given (a built-in kind's name is its canonical name).
    fn name(&self) -> &'a str {
        match self.kind() {
            KindRef::Kind(k) => core::kinds::BUILTIN_NAMES[k.0 as usize],
            KindRef::Name(name) => name,
        }
    }

    /// The kind's text, checked; the slow path of `extract`.
    #[inline(never)]
    fn read(obj: Borrowed<'a, '_, PyAny>) -> PyResult<Self> {
        let s: &'a str = obj
            .extract()
            .map_err(|_: PyErr| CounterKindError::new_err("a counter kind must be a str"))?;
        let name = kind_arg(s)?;
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

impl<'a, 'py> FromPyObject<'a, 'py> for KindArg<'a> {
    type Error = PyErr;
    #[inline(always)]
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
mod builtin_kind_strs {
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

    #[inline(always)]
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

#[inline]
fn kind_arg(kind: &str) -> PyResult<&str> {
    if kind.is_empty() {
        return Err(PyValueError::new_err(
            "a counter kind must be a non-empty name",
        ));
    }
    Ok(kind)
}

fn zone_arg(zone: &str) -> PyResult<Zone> {
    Zone::parse(zone).py()
}

/// A zone name, checked when the arguments are read (step 1 of SEMANTICS §0).
struct ZoneArg(Zone);

impl<'a, 'py> FromPyObject<'a, 'py> for ZoneArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let s: &str = obj
            .extract()
            .map_err(|_: PyErr| PyTypeError::new_err("a zone must be a str"))?;
        zone_arg(s).map(ZoneArg)
    }
}

/// An iterable of names (a bare str is refused: it would iterate its letters).
fn names(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<String>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an iterable of names, not a str"
        )));
    }
    let mut out = Vec::new();
    for item in obj.try_iter()? {
        let item = item?;
        let s: String = item.extract().map_err(|_| {
            PyTypeError::new_err(format!("{what} must be names (str), got {item:?}"))
        })?;
        out.push(s);
    }
    Ok(out)
}

/// An iterable of ids, their form checked, as engine ids (out-of-range ones go through
/// `lenient`); numpy int64 arrays and lists are read without the iterator protocol.
fn ids_form(obj: &Bound<'_, PyAny>, lenient: &mut Lenient) -> PyResult<Vec<u32>> {
    // A list first: telling it apart is one type check, asking numpy costs more.
    Ok(if let Ok(list) = obj.cast::<PyList>() {
        list.iter()
            .map(|i| Ok(lenient.get(i.extract::<Id>()?)))
            .collect::<PyResult<_>>()?
    } else if let Ok(arr) = obj.cast::<PyArray1<i64>>() {
        let ro = arr.try_readonly()?;
        match ro.as_slice() {
            Ok(s) => s.iter().map(|&v| lenient.get(Id(v as i128))).collect(),
            Err(_) => ro
                .as_array()
                .iter()
                .map(|&v| lenient.get(Id(v as i128)))
                .collect(),
        }
    } else {
        obj.try_iter()?
            .map(|i| Ok(lenient.get(i?.extract::<Id>()?)))
            .collect::<PyResult<_>>()?
    })
}

/// An exact integer result as a Python int (the i64 path is the fast one).
fn int_out(py: Python<'_>, v: i128) -> PyResult<Bound<'_, PyAny>> {
    match i64::try_from(v) {
        Ok(v) => Ok(v.into_pyobject(py)?.into_any()),
        Err(_) => Ok(v.into_pyobject(py)?.into_any()),
    }
}

fn opt_int_out(py: Python<'_>, v: Option<i128>) -> PyResult<Bound<'_, PyAny>> {
    match v {
        Some(v) => int_out(py, v),
        None => Ok(py.None().into_bound(py)),
    }
}

/// Python strings of the built-in kind names, made once (events name kinds constantly).
static BUILTIN_KIND_NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// The shared str of a built-in kind (`None` for a custom kind).
fn builtin_kind_str(py: Python<'_>, k: core::Kind) -> Option<Py<PyString>> {
    let builtins = BUILTIN_KIND_NAMES.get_or_init(py, || {
        core::kinds::BUILTIN_NAMES
            .iter()
            .map(|n| PyString::intern(py, n).unbind())
            .collect()
    });
    builtins.get(k.0 as usize).map(|s| s.clone_ref(py))
}

fn opt_int(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<i64>> {
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

/// Form-checking argument types for `create` (SEMANTICS §0 step 1, in signature order).
struct Names(Vec<String>);
struct KeywordsArg(Vec<(String, i64)>);
struct OptInt(Option<i64>);
struct CostArg(Option<core::CostSpec>);
struct Flag(bool);
struct InfoArg(Option<Py<PyDict>>);

impl<'a, 'py> FromPyObject<'a, 'py> for Names {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        names(&obj, "names").map(Names)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for KeywordsArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        keyword_arg(&obj).map(KeywordsArg)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for OptInt {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        opt_int(Some(&obj), "the value").map(OptInt)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for CostArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(CostArg(if obj.is_none() {
            None
        } else if obj.is_instance_of::<PyString>() {
            Some(core::CostSpec::Text(obj.extract::<String>()?))
        } else {
            Some(core::CostSpec::Fixed(int_arg(&obj, "cost")?))
        }))
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Flag {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        obj.extract::<bool>()
            .map(Flag)
            .map_err(|_| PyTypeError::new_err("a flag must be a bool"))
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for InfoArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            return Ok(InfoArg(None));
        }
        let m = obj
            .cast::<PyMapping>()
            .map_err(|_| PyTypeError::new_err("info must be a mapping of non-game elements"))?;
        let d = PyDict::new(obj.py());
        for item in m.items()?.iter() {
            let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
            d.set_item(k, v)?;
        }
        Ok(InfoArg(Some(d.unbind())))
    }
}

/// The `(source, target, amount)` assignments of simultaneous damage, their form checked.
struct Assignments {
    /// As engine ids (out-of-range ids as `NO_ID`, remembered in `ids`).
    list: Vec<(u32, u32, u64)>,
    ids: Lenient,
}

impl<'a, 'py> FromPyObject<'a, 'py> for Assignments {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let mut ids = Lenient::default();
        let mut list = Vec::new();
        // A list (the usual form) is read by index, without an iterator object, and the usual
        // items (exact tuples of exact ints) without taking references: reading them runs no
        // Python code, so the list can't change meanwhile. Anything else is read from a
        // reference of its own, through the checked path (which may run Python code).
        if let Ok(items) = obj.cast::<PyList>() {
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
                        pyo3::ffi::PyList_GET_ITEM(items.as_ptr(), i as pyo3::ffi::Py_ssize_t),
                    )
                };
                assignment(item, &mut ids, || items.get_item(i), &mut list)?;
                i += 1;
            }
        } else {
            for item in obj.try_iter()? {
                let item = item?;
                assignment(item.as_borrowed(), &mut ids, || Ok(item.clone()), &mut list)?;
            }
        }
        Ok(Assignments { list, ids })
    }
}

/// One `(source, target, amount)` tuple: the usual form read directly from `item`, anything
/// else through the checked path from a reference of its own (`owned`: that path may run
/// Python code, which could drop a borrowed item). Inlined: returned through memory, the wide
/// id values stalled on store forwarding.
#[inline(always)]
fn assignment<'py>(
    item: Borrowed<'_, 'py, PyAny>,
    ids: &mut Lenient,
    owned: impl FnOnce() -> PyResult<Bound<'py, PyAny>>,
    list: &mut Vec<(u32, u32, u64)>,
) -> PyResult<()> {
    // Each path pushes on its own: a result merged from both went through the stack as two
    // halves read back whole, a store-forwarding stall on every item.
    match int_triple(item) {
        Some((source, target, amount)) => list.push((
            ids.get(Id(source as i128)),
            ids.get(Id(target as i128)),
            amount,
        )),
        None => list.push(checked_assignment(owned()?.as_borrowed(), ids)?),
    }
    Ok(())
}

/// The usual form of an assignment read straight from the objects: an exact tuple of three
/// exact ints, the ids within i64 and the amount within 0..2**63. `None` for anything else,
/// which takes the checked path (and its errors). Reading a hundred assignments through the
/// general conversions cost a sixth of a `deal_simultaneous_damage` call.
#[inline(always)]
fn int_triple(item: Borrowed<'_, '_, PyAny>) -> Option<(i64, i64, u64)> {
    use pyo3::ffi;
    let t = item.as_ptr();
    // SAFETY: `item` is alive for this call and the GIL is held (the `Borrowed` proves both).
    // Its items are read only after checking it is an exact tuple of length 3; a tuple owns its
    // items, so each is alive while `item` is.
    let [source, target, amount] = unsafe {
        if ffi::PyTuple_CheckExact(t) == 0 || ffi::PyTuple_GET_SIZE(t) != 3 {
            return None;
        }
        [0, 1, 2].map(|i| Borrowed::from_ptr(item.py(), ffi::PyTuple_GET_ITEM(t, i)))
    };
    let amount = exact_int(amount)?;
    Some((
        exact_int(source)?,
        exact_int(target)?,
        u64::try_from(amount).ok()?,
    ))
}

/// An exact int within i64, read directly (`None` for anything else: the caller's checked path
/// handles it with its errors). The common case of every id and amount list.
#[inline(always)]
fn exact_int(obj: Borrowed<'_, '_, PyAny>) -> Option<i64> {
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

/// An assignment in any accepted form, every part checked (SEMANTICS §0).
#[inline(never)]
fn checked_assignment(
    item: Borrowed<'_, '_, PyAny>,
    ids: &mut Lenient,
) -> PyResult<(u32, u32, u64)> {
    let Some(t) = item.cast::<PyTuple>().ok().filter(|t| t.len() == 3) else {
        return Err(not_an_assignment(item));
    };
    let source: Id = t.get_borrowed_item(0)?.extract()?;
    let target: Id = t.get_borrowed_item(1)?.extract()?;
    let amount: Amount = t.get_borrowed_item(2)?.extract()?;
    Ok((ids.get(source), ids.get(target), amount.0))
}

#[cold]
fn not_an_assignment(item: Borrowed<'_, '_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!(
        "each assignment must be a (source, target, amount) tuple, got {item:?}"
    ))
}

fn int_arg(o: &Bound<'_, PyAny>, what: &str) -> PyResult<i64> {
    if !o.is_instance_of::<pyo3::types::PyInt>() {
        return Err(PyTypeError::new_err(format!("{what} must be an int")));
    }
    o.extract::<i64>()
        .map_err(|_| PyOverflowError::new_err(format!("{what} is too large")))
}

// ----- events ----------------------------------------------------------------------------------

/// A free list of `Event` objects: a call returns dozens of events and the caller usually drops
/// them at once, so their memory is recycled rather than allocated again. It replaces PyO3's
/// `freelist` option, whose list sits behind a mutex: two atomic operations per event made
/// and per event freed, about half the cost of making one. This one is touched only by the
/// type's `tp_alloc` and `tp_free`, which CPython calls with the GIL held, so it needs no lock;
/// it is installed only on builds with a GIL.
#[cfg(not(Py_GIL_DISABLED))]
mod event_free_list {
    use pyo3::ffi;
    use std::cell::UnsafeCell;
    use std::os::raw::c_void;

    const CAPACITY: usize = 1024;

    struct FreeList(UnsafeCell<Vec<*mut ffi::PyObject>>);

    // SAFETY: the list is only reached from `alloc` and `free`, which run with the GIL held
    // (they are the type's allocation slots, and this module is built for GIL interpreters
    // only), so no two threads ever touch it at once.
    unsafe impl Sync for FreeList {}

    static FREE: FreeList = FreeList(UnsafeCell::new(Vec::new()));

    /// Makes `tp` (the `Event` type, which can't be subclassed) allocate from the list.
    ///
    /// # Safety
    /// `tp` is a live type object whose instances have no variable part, set before any
    /// instance exists, with the GIL held.
    pub(super) unsafe fn install(tp: *mut ffi::PyTypeObject) {
        // SAFETY: per this function's contract.
        unsafe {
            (*tp).tp_alloc = Some(alloc);
            (*tp).tp_free = Some(free);
        }
    }

    /// `tp_alloc`: a recycled object (initialised as a new one with refcount 1) or a new one.
    unsafe extern "C" fn alloc(
        tp: *mut ffi::PyTypeObject,
        nitems: ffi::Py_ssize_t,
    ) -> *mut ffi::PyObject {
        // SAFETY: called by CPython with the GIL held (see `FreeList`); the objects in the list
        // were freed instances of `tp` (the only type using these slots), so re-initialising
        // one as a `tp` is what `PyType_GenericAlloc` would give, except the contents, which
        // PyO3 writes next in either case, and tracking by the cycle collector, which PyO3's
        // own free list skips too: an `Event` refers only to a str, so it is never in a cycle.
        unsafe {
            let list = &mut *FREE.0.get();
            if nitems == 0 {
                if let Some(obj) = list.pop() {
                    ffi::PyObject_Init(obj, tp);
                    return obj;
                }
            }
            ffi::PyType_GenericAlloc(tp, nitems)
        }
    }

    /// `tp_free`: keeps the memory for `alloc`, or frees it as `PyType_GenericAlloc`'s.
    unsafe extern "C" fn free(obj: *mut c_void) {
        // SAFETY: called by CPython (through the type's dealloc) with the GIL held, for an
        // object whose contents were already dropped; see `FreeList`.
        unsafe {
            let list = &mut *FREE.0.get();
            if !obj.is_null() && list.len() < CAPACITY {
                if list.capacity() == 0 {
                    list.reserve_exact(CAPACITY);
                }
                list.push(obj.cast());
            } else if ffi::PyType_IS_GC(ffi::Py_TYPE(obj.cast())) != 0 {
                ffi::PyObject_GC_Del(obj);
            } else {
                ffi::PyObject_Free(obj);
            }
        }
    }
}

/// One event (SPEC §8); attributes that don't apply are None.
#[pyclass(module = "cardstate._native", name = "Event", frozen)]
struct PyEvent {
    event: CoreEvent,
    /// The name of a custom counter kind (a built-in kind's name is shared, see `counter`):
    /// events are made by the thousand, and most name built-in kinds.
    custom_counter: Option<Py<PyString>>,
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
fn events_to_py<'py>(
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

// ----- the game ---------------------------------------------------------------------------------

/// A game: the whole rules state. See SPEC.md §9 and docs/SEMANTICS.md.
#[pyclass(module = "cardstate._native", name = "Game", frozen)]
struct PyGame {
    /// Every call locks the game for its whole duration, so threads never see half a change;
    /// waiting for the lock releases the GIL (no deadlock with a holder that needs it back).
    /// Calls already hold the GIL, so the lock is almost never contended: a spin lock, whose
    /// release is a plain store, costs least on the hot path.
    inner: SpinMutex<GameState>,
}

struct GameState {
    g: CoreGame,
    /// card (printed index) -> info dict (non-game elements, rule 109): info belongs to the
    /// physical card, so every object it becomes (moves, SBAs) has it. Shared with clones until
    /// one writes.
    info: Py<PyDict>,
    info_shared: bool,
}

impl GameState {
    fn info_mut<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        if std::mem::take(&mut self.info_shared) {
            self.info = self.info.bind(py).copy()?.unbind();
        }
        Ok(self.info.bind(py).clone())
    }
}

impl PyGame {
    fn wrap(py: Python<'_>, g: CoreGame) -> PyGame {
        PyGame::with_info(g, PyDict::new(py).unbind(), false)
    }

    fn with_info(g: CoreGame, info: Py<PyDict>, info_shared: bool) -> PyGame {
        PyGame {
            inner: SpinMutex::new(GameState {
                g,
                info,
                info_shared,
            }),
        }
    }

    #[inline]
    fn lock(&self, py: Python<'_>) -> SpinMutexGuard<'_, GameState> {
        if let Some(guard) = self.inner.try_lock() {
            return guard;
        }
        loop {
            // Another thread holds it (it lost the GIL mid-call): wait without the GIL.
            py.detach(|| {
                while self.inner.is_locked() {
                    std::thread::yield_now();
                }
            });
            if let Some(guard) = self.inner.try_lock() {
                return guard;
            }
        }
    }

    fn share(&self, py: Python<'_>) -> PyGame {
        let mut st = self.lock(py);
        st.info_shared = true;
        let g = st.g.share();
        PyGame::with_info(g, st.info.clone_ref(py), true)
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (players=None, ruleset="mtg", seed=None, *, record_events=true))]
    fn new(
        py: Python<'_>,
        players: Option<&Bound<'_, PyAny>>,
        ruleset: &str,
        seed: Option<&Bound<'_, PyAny>>,
        record_events: bool,
    ) -> PyResult<Self> {
        let players = match players {
            None => 2,
            Some(p) if p.is_instance_of::<pyo3::types::PyInt>() => p.extract::<i64>().unwrap_or(0),
            Some(_) => return Err(PyTypeError::new_err("players must be an int")),
        };
        let seed = match seed.map(|s| (s, s.extract::<u64>())) {
            None => 0,
            Some((_, Ok(s))) => s,
            Some((s, Err(_))) if s.is_instance_of::<pyo3::types::PyInt>() => {
                return Err(PyValueError::new_err("seed must be in 0..2**64"))
            }
            Some((_, Err(_))) => return Err(PyTypeError::new_err("seed must be an int")),
        };
        if !(1..=64).contains(&players) {
            return Err(PyValueError::new_err(format!(
                "players must be between 1 and 64, got {players}"
            )));
        }
        let mut g = CoreGame::new(players as u32, Ruleset::parse(ruleset).py()?, seed).py()?;
        g.set_record_events(record_events);
        Ok(PyGame::wrap(py, g))
    }

    /// The player ids, `0..N-1`.
    #[getter]
    fn players(&self, py: Python<'_>) -> Vec<u32> {
        let this = self.lock(py);
        this.g.players().collect()
    }

    #[getter]
    fn ruleset(&self, py: Python<'_>) -> &'static str {
        let this = self.lock(py);
        this.g.ruleset().as_str()
    }

    #[getter]
    fn seed(&self, py: Python<'_>) -> u64 {
        let this = self.lock(py);
        this.g.seed()
    }

    /// Whether events are recorded (turn off for playouts that never read them).
    #[getter]
    fn get_record_events(&self, py: Python<'_>) -> bool {
        let this = self.lock(py);
        this.g.record_events()
    }

    #[setter]
    fn set_record_events(&self, py: Python<'_>, on: bool) {
        let mut this = self.lock(py);
        this.g.set_record_events(on);
    }

    // ----- life -----

    /// A player's life total.
    fn life(&self, py: Python<'_>, p: Id) -> PyResult<i64> {
        let this = self.lock(py);
        this.g.life(p.get()?).py()
    }

    /// The player gains n life (`life_gained`).
    fn gain_life(&self, py: Python<'_>, p: Id, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.gain_life(p.get()?, n.0).py()
    }

    /// The player loses n life (`life_lost`).
    fn lose_life(&self, py: Python<'_>, p: Id, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.lose_life(p.get()?, n.0).py()
    }

    // ----- objects -----

    /// Creates an object controlled (and owned) by `controller`; returns its id.
    // Each argument is a form-checking type, so the checks run in signature order (SEMANTICS §0).
    #[pyo3(signature = (controller, *, zone=ZoneArg(Zone::Battlefield), name="",
        types=Names(Vec::new()), subtypes=Names(Vec::new()), keywords=KeywordsArg(Vec::new()),
        power=OptInt(None), toughness=OptInt(None), loyalty=OptInt(None), defense=OptInt(None),
        cost=CostArg(None), strength=OptInt(None), lives=OptInt(None), movement=OptInt(None),
        flying=Flag(false), elite=Flag(false), info=InfoArg(None)))]
    #[allow(clippy::too_many_arguments)]
    fn create(
        &self,
        py: Python<'_>,
        controller: Id,
        zone: ZoneArg,
        name: &str,
        types: Names,
        subtypes: Names,
        keywords: KeywordsArg,
        power: OptInt,
        toughness: OptInt,
        loyalty: OptInt,
        defense: OptInt,
        cost: CostArg,
        strength: OptInt,
        lives: OptInt,
        movement: OptInt,
        flying: Flag,
        elite: Flag,
        info: InfoArg,
    ) -> PyResult<u32> {
        let mut this = self.lock(py);
        let zone = zone.0;
        let spec = CardSpec {
            name: name.to_string(),
            types: types.0,
            subtypes: subtypes.0,
            keywords: keywords.0,
            power: power.0,
            toughness: toughness.0,
            loyalty: loyalty.0,
            defense: defense.0,
            cost: cost.0,
            strength: strength.0,
            lives: lives.0,
            movement: movement.0,
            flying: flying.0,
            elite: elite.0,
        };
        let info_copy = info.0;
        let id = this.g.create(controller.get()?, zone, &spec).py()?;
        if let Some(d) = info_copy {
            let card = this.g.entity(id).py()?.printed;
            let d = d.bind(py);
            this.info_mut(py)?.set_item(card, d)?;
        }
        Ok(id)
    }

    /// The zone an object is in; for an object that left, the zone it went to.
    fn zone(&self, py: Python<'_>, x: Id) -> PyResult<&'static str> {
        let this = self.lock(py);
        Ok(this.g.object(x.get()?).py()?.zone.as_str())
    }

    fn controller(&self, py: Python<'_>, x: Id) -> PyResult<u32> {
        let this = self.lock(py);
        Ok(this.g.object(x.get()?).py()?.controller)
    }

    fn owner(&self, py: Python<'_>, x: Id) -> PyResult<u32> {
        let this = self.lock(py);
        Ok(this.g.object(x.get()?).py()?.owner)
    }

    fn name(&self, py: Python<'_>, x: Id) -> PyResult<String> {
        let this = self.lock(py);
        this.g.name(x.get()?).py().map(str::to_string)
    }

    /// The non-game elements given at creation (rule 109), as a new dict.
    fn info<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyDict>> {
        let this = self.lock(py);
        let card = this.g.object(x.get()?).py()?.printed;
        match this.info.bind(py).get_item(card)? {
            Some(d) => d.cast::<PyDict>()?.copy(),
            None => Ok(PyDict::new(py)),
        }
    }

    /// Moves an object to a zone (400.7): it becomes a new object; returns the new id.
    #[pyo3(name = "move")]
    fn move_(&self, py: Python<'_>, x: Id, zone: ZoneArg) -> PyResult<u32> {
        let mut this = self.lock(py);
        this.g.move_to(x.get()?, zone.0).py()
    }

    // ----- counters -----

    /// The counters on a player or object, in the order their kinds arrived.
    fn counters<'py>(&self, py: Python<'py>, e: Id) -> PyResult<Bound<'py, PyDict>> {
        let this = self.lock(py);
        let ent = this.g.entity(e.get()?).py()?;
        let d = PyDict::new(py);
        for (k, n) in ent.counters.iter() {
            d.set_item(this.g.kind_name(k), n)?;
        }
        Ok(d)
    }

    /// How many counters of a kind (0 if none).
    fn count(&self, py: Python<'_>, e: Id, kind: KindArg<'_>) -> PyResult<u64> {
        let this = self.lock(py);
        this.g.count_by_name(e.get()?, kind.kind()).py()
    }

    /// Puts n counters of a kind on a player or object (`counters_added`).
    #[pyo3(signature = (e, kind, n=Amount(1)))]
    fn add_counters(&self, py: Python<'_>, e: Id, kind: KindArg<'_>, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.add_counters(e.get()?, kind.kind(), n.0).py()
    }

    /// Removes up to n counters; returns how many were removed.
    #[pyo3(signature = (e, kind, n=Amount(1)))]
    fn remove_counters(
        &self,
        py: Python<'_>,
        e: Id,
        kind: KindArg<'_>,
        n: Amount,
    ) -> PyResult<u64> {
        let mut this = self.lock(py);
        this.g.remove_counters(e.get()?, kind.kind(), n.0).py()
    }

    /// Pays n counters as a cost: all or nothing (`CannotPay`).
    fn pay_counters(&self, py: Python<'_>, e: Id, kind: KindArg<'_>, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.pay_counters(e.get()?, kind.kind(), n.0).py()
    }

    /// Pays {E} n times (107.14): all or nothing (`CannotPay`).
    fn pay_energy(&self, py: Python<'_>, p: Id, n: Amount) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.pay_energy(p.get()?, n.0).py()
    }

    // ----- characteristics -----

    fn power<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyAny>> {
        let this = self.lock(py);
        opt_int_out(py, this.g.power(x.get()?).py()?)
    }

    fn toughness<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyAny>> {
        let this = self.lock(py);
        opt_int_out(py, this.g.toughness(x.get()?).py()?)
    }

    /// Marked damage.
    fn damage(&self, py: Python<'_>, x: Id) -> PyResult<u64> {
        let this = self.lock(py);
        this.g.damage(x.get()?).py()
    }

    fn loyalty(&self, py: Python<'_>, x: Id) -> PyResult<u64> {
        let this = self.lock(py);
        let id = x.get()?;
        this.g.object(id).py()?;
        this.g.count(id, core::kinds::LOYALTY).py()
    }

    fn defense(&self, py: Python<'_>, x: Id) -> PyResult<u64> {
        let this = self.lock(py);
        let id = x.get()?;
        this.g.object(id).py()?;
        this.g.count(id, core::kinds::DEFENSE).py()
    }

    fn has_keyword(&self, py: Python<'_>, x: Id, keyword: &str) -> PyResult<bool> {
        let this = self.lock(py);
        this.g.has_keyword(x.get()?, keyword).py()
    }

    /// Total toxic value (702.164b).
    fn toxic(&self, py: Python<'_>, x: Id) -> PyResult<u32> {
        let this = self.lock(py);
        this.g.toxic(x.get()?).py()
    }

    fn types(&self, py: Python<'_>, x: Id) -> PyResult<Vec<&'static str>> {
        let this = self.lock(py);
        Ok(this.g.types_of(x.get()?).py()?.names().collect())
    }

    fn subtypes(&self, py: Python<'_>, x: Id) -> PyResult<Vec<String>> {
        let this = self.lock(py);
        Ok(this
            .g
            .subtypes(x.get()?)
            .py()?
            .iter()
            .map(|s| s.to_string())
            .collect())
    }

    #[pyo3(signature = (x, keyword, *, until_end_of_turn=false))]
    fn grant(&self, py: Python<'_>, x: Id, keyword: &str, until_end_of_turn: bool) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.grant(x.get()?, keyword, until_end_of_turn).py()
    }

    fn revoke(&self, py: Python<'_>, x: Id, keyword: &str) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.revoke(x.get()?, keyword).py()
    }

    /// +power/+toughness until end of turn.
    fn pump(
        &self,
        py: Python<'_>,
        x: Id,
        power: &Bound<'_, PyAny>,
        toughness: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let mut this = self.lock(py);
        let p = int_arg(power, "power")?;
        let t = int_arg(toughness, "toughness")?;
        this.g.pump(x.get()?, p, t).py()
    }

    // ----- damage -----

    /// Deals damage (CR 120); returns how much was dealt after prevention.
    #[pyo3(signature = (source, target, amount, *, combat=false, preventable=true))]
    fn deal_damage(
        &self,
        py: Python<'_>,
        source: Id,
        target: Id,
        amount: Amount,
        combat: bool,
        preventable: bool,
    ) -> PyResult<u64> {
        let mut this = self.lock(py);
        let mut ids = Lenient::default();
        let (s, t) = (ids.get(source), ids.get(target));
        ids.check(this.g.deal_damage(s, t, amount.0, combat, preventable))
    }

    /// Deals `(source, target, amount)` assignments at once (510.2); returns what each dealt.
    #[pyo3(signature = (assignments, *, combat=Flag(true), preventable=Flag(true)))]
    fn deal_simultaneous_damage(
        &self,
        py: Python<'_>,
        assignments: Assignments,
        combat: Flag,
        preventable: Flag,
    ) -> PyResult<Vec<u64>> {
        let mut this = self.lock(py);
        let Assignments { list, ids } = assignments;
        let mut dealt = vec![0u64; list.len()];
        ids.check(
            this.g
                .deal_simultaneous_damage(&list, combat.0, preventable.0, &mut dealt),
        )?;
        Ok(dealt)
    }

    /// Prevents the next `amount` damage (all if None) to `target` this turn [from `source`].
    #[pyo3(signature = (target, amount=None, *, source=None))]
    fn prevent_damage(
        &self,
        py: Python<'_>,
        target: Id,
        amount: Option<Amount>,
        source: Option<Id>,
    ) -> PyResult<()> {
        let mut this = self.lock(py);
        let mut ids = Lenient::default();
        let t = ids.get(target);
        let s = source.map(|s| ids.get(s));
        ids.check(this.g.prevent_damage(t, amount.map(|a| a.0), s))
    }

    /// The next damage (`amount` of it, all if None) to `a` this turn is dealt to `b` instead.
    #[pyo3(signature = (a, b, amount=None, *, source=None))]
    fn redirect_damage(
        &self,
        py: Python<'_>,
        a: Id,
        b: Id,
        amount: Option<Amount>,
        source: Option<Id>,
    ) -> PyResult<()> {
        let mut this = self.lock(py);
        let mut ids = Lenient::default();
        let (a, b) = (ids.get(a), ids.get(b));
        let s = source.map(|s| ids.get(s));
        ids.check(this.g.redirect_damage(a, b, amount.map(|a| a.0), s))
    }

    /// Cleanup step (514.2): marked damage and "this turn" effects end.
    fn cleanup(&self, py: Python<'_>) {
        let mut this = self.lock(py);
        this.g.cleanup();
    }

    // ----- state-based actions and the result -----

    /// Performs state-based actions until none applies (704.3); returns their events.
    fn check_state_based_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut this = self.lock(py);
        this.g
            .check_state_based_actions_with(|g, events| events_to_py(py, g, events))
            .py()?
    }

    fn has_lost(&self, py: Python<'_>, p: Id) -> PyResult<bool> {
        let this = self.lock(py);
        this.g.has_lost(p.get()?).py()
    }

    fn is_over(&self, py: Python<'_>) -> bool {
        let this = self.lock(py);
        this.g.is_over()
    }

    fn winner(&self, py: Python<'_>) -> Option<u32> {
        let this = self.lock(py);
        this.g.winner()
    }

    // ----- proliferate -----

    /// Players and permanents with counters (701.34a), as a numpy int64 array.
    fn proliferate_candidates<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let ids: Vec<i64> = self
            .lock(py)
            .g
            .proliferate_candidate_entities()
            .map(|(id, _)| i64::from(id))
            .collect();
        PyArray1::from_slice(py, &ids)
    }

    /// Proliferate: "mtg" takes ids, "mtg-2010" a mapping id -> kind.
    fn proliferate(&self, py: Python<'_>, player: Id, chosen: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut this = self.lock(py);
        if this.g.ruleset() == Ruleset::Mtg2010 {
            let m = chosen.cast::<PyMapping>().map_err(|_| {
                PyTypeError::new_err(
                    "the mtg-2010 ruleset proliferates one chosen kind per entity: pass a mapping id -> kind",
                )
            })?;
            let mut raw: Vec<(Id, String)> = Vec::new();
            for item in m.items()?.iter() {
                let (id, kind): (Id, Bound<'_, PyAny>) = item.extract()?;
                let kind = kind.extract::<KindArg<'_>>()?.name().to_string();
                raw.push((id, kind));
            }
            let p = player.get()?;
            let mut lenient = Lenient::default();
            let pairs: Vec<(u32, &str)> = raw
                .iter()
                .map(|(id, kind)| (lenient.get(*id), kind.as_str()))
                .collect();
            lenient.check(this.g.proliferate_one_kind(p, &pairs))
        } else {
            let mut lenient = Lenient::default();
            let ids = ids_form(chosen, &mut lenient)?;
            let p = player.get()?;
            // Runs under the GIL like every call on one Game: other threads see it whole.
            lenient.check(this.g.proliferate(p, &ids))
        }
    }

    /// Chooses by polarity for `player`, applies, and returns the choice.
    fn proliferate_auto<'py>(&self, py: Python<'py>, player: Id) -> PyResult<Bound<'py, PyAny>> {
        let mut this = self.lock(py);
        let chosen = this.g.proliferate_auto(player.get()?).py()?;
        if this.g.ruleset() == Ruleset::Mtg2010 {
            let d = PyDict::new(py);
            for (id, k) in chosen {
                d.set_item(id, this.g.kind_name(k.expect("one kind")))?;
            }
            Ok(d.into_any())
        } else {
            Ok(PyList::new(py, chosen.into_iter().map(|(id, _)| id))?.into_any())
        }
    }

    // ----- Berserk -----

    fn strength<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyAny>> {
        let this = self.lock(py);
        opt_int_out(py, this.g.strength(x.get()?).py()?)
    }

    fn lives<'py>(&self, py: Python<'py>, x: Id) -> PyResult<Bound<'py, PyAny>> {
        let this = self.lock(py);
        opt_int_out(py, this.g.lives(x.get()?).py()?)
    }

    fn wounds(&self, py: Python<'_>, x: Id) -> PyResult<u64> {
        let this = self.lock(py);
        this.g.wounds(x.get()?).py()
    }

    /// "Strength becomes n" (104.3.1).
    fn set_strength(&self, py: Python<'_>, x: Id, n: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut this = self.lock(py);
        let n = int_arg(n, "strength")?;
        this.g.set_strength(x.get()?, n).py()
    }

    /// "Lives become n" (104.3.1): no wounded/healed events.
    fn set_lives(&self, py: Python<'_>, x: Id, n: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut this = self.lock(py);
        let n = int_arg(n, "lives")?;
        this.g.set_lives(x.get()?, n).py()
    }

    /// Heals up to n wounds (`healed`); returns how many were healed.
    fn heal(&self, py: Python<'_>, x: Id, n: Amount) -> PyResult<u64> {
        let mut this = self.lock(py);
        this.g.heal(x.get()?, n.0).py()
    }

    /// Removes every strength and life effect (not wounds).
    fn remove_effects(&self, py: Python<'_>, x: Id) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.remove_effects(x.get()?).py()
    }

    /// The cost (105.1) with every applicable modifier, never below 0.
    #[pyo3(signature = (x, *, x_value=None))]
    fn cost<'py>(
        &self,
        py: Python<'py>,
        x: Id,
        x_value: Option<Amount>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let this = self.lock(py);
        int_out(
            py,
            this.g.cost(x.get()?, x_value.map(|a| a.0)).py()? as i128,
        )
    }

    /// A cost modifier: one-off for a `card` in hand, or static from a `source` in play.
    #[pyo3(signature = (amount, *, card=None, source=None, subtypes=None, types=None, controller=None))]
    #[allow(clippy::too_many_arguments)]
    fn add_cost_modifier(
        &self,
        py: Python<'_>,
        amount: &Bound<'_, PyAny>,
        card: Option<&Bound<'_, PyAny>>,
        source: Option<&Bound<'_, PyAny>>,
        subtypes: Option<&Bound<'_, PyAny>>,
        types: Option<&Bound<'_, PyAny>>,
        controller: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let mut this = self.lock(py);
        let opt_id = |o: Option<&Bound<'_, PyAny>>| -> PyResult<Option<Id>> {
            o.filter(|o| !o.is_none())
                .map(|o| o.extract::<Id>())
                .transpose()
        };
        let amount = int_arg(amount, "amount")?;
        let card = opt_id(card)?;
        let source = opt_id(source)?;
        let subtypes = subtypes
            .map(|s| names(s, "subtypes"))
            .transpose()?
            .unwrap_or_default();
        let types = types
            .map(|t| names(t, "types"))
            .transpose()?
            .unwrap_or_default();
        let controller = opt_id(controller)?;
        let mut ids = Lenient::default();
        let card = card.map(|c| ids.get(c));
        let source = source.map(|s| ids.get(s));
        let controller = controller.map(|c| ids.get(c));
        ids.check(
            this.g
                .add_cost_modifier(amount, card, source, &subtypes, &types, controller),
        )
    }

    /// Overwrites the controller (104.3.4), only in play.
    fn set_controller(&self, py: Python<'_>, x: Id, p: Id) -> PyResult<()> {
        let mut this = self.lock(py);
        let mut ids = Lenient::default();
        let (x, p) = (ids.get(x), ids.get(p));
        ids.check(this.g.set_controller(x, p))
    }

    /// Property replacement of the type (108.1, 108.2), only in play.
    #[pyo3(signature = (x, types, *, subtypes=None))]
    fn set_types(
        &self,
        py: Python<'_>,
        x: Id,
        types: &Bound<'_, PyAny>,
        subtypes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let mut this = self.lock(py);
        let types = names(types, "types")?;
        let subtypes = subtypes
            .filter(|s| !s.is_none())
            .map(|s| names(s, "subtypes"))
            .transpose()?;
        this.g.set_types(x.get()?, &types, subtypes.as_deref()).py()
    }

    fn set_elite(&self, py: Python<'_>, x: Id, flag: bool) -> PyResult<()> {
        let mut this = self.lock(py);
        this.g.set_elite(x.get()?, flag).py()
    }

    /// Movement, or None for a flyer or a card without movement.
    fn movement(&self, py: Python<'_>, x: Id) -> PyResult<Option<i32>> {
        let this = self.lock(py);
        this.g.movement(x.get()?).py()
    }

    fn is_flying(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let this = self.lock(py);
        this.g.is_flying(x.get()?).py()
    }

    fn is_elite(&self, py: Python<'_>, x: Id) -> PyResult<bool> {
        let this = self.lock(py);
        this.g.is_elite(x.get()?).py()
    }

    // ----- events -----

    /// The events since the last call, in order; clears the log.
    fn take_events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut this = self.lock(py);
        // Read, then cleared in place: the log keeps its buffer, so a busy game doesn't grow
        // (and page in) a fresh log after every read.
        let out = events_to_py(py, &this.g, this.g.events());
        this.g.clear_events();
        out
    }

    /// Empties the event log without reading it (no Python objects are made).
    fn clear_events(&self, py: Python<'_>) {
        self.lock(py).g.clear_events();
    }

    // ----- search support -----

    /// A full independent copy.
    fn clone(&self, py: Python<'_>) -> PyGame {
        self.share(py)
    }

    fn __copy__(&self, py: Python<'_>) -> PyGame {
        self.share(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.share(py)
    }

    /// The next number of the game's seeded random stream (PCG-64): the same seed and the same
    /// calls give the same numbers on every machine; the position travels with `to_bytes()`.
    fn random_u64(&self, py: Python<'_>) -> u64 {
        self.lock(py).g.random_u64()
    }

    /// 64-bit hash of the rules-relevant state (O(1)).
    fn hash(&self, py: Python<'_>) -> u64 {
        let this = self.lock(py);
        this.g.hash()
    }

    #[doc(hidden)]
    fn _recompute_hash(&self, py: Python<'_>) -> u64 {
        let this = self.lock(py);
        this.g.recompute_hash()
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> bool {
        let Ok(o) = other.cast::<PyGame>() else {
            return false;
        };
        let o = o.get();
        if std::ptr::eq(o, self) {
            return true;
        }
        // Copy one side out first: holding both locks at once could deadlock two threads.
        let mine = self.lock(py).g.share();
        let theirs = o.lock(py);
        mine == theirs.g
    }

    /// The state in the versioned binary format (docs/FORMAT.md); not events, not info.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let this = self.lock(py);
        PyBytes::new(py, &this.g.to_bytes())
    }

    /// Decodes `to_bytes` output; `ValueError` on anything malformed.
    #[staticmethod]
    fn from_bytes(py: Python<'_>, data: &[u8]) -> PyResult<PyGame> {
        let g = py.detach(|| CoreGame::from_bytes(data)).py()?;
        Ok(PyGame::wrap(py, g))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("cardstate._native")?.getattr("_restore")?;
        let this = self.lock(py);
        let args = (
            PyBytes::new(py, &this.g.to_bytes()),
            this.info.bind(py).copy()?,
        );
        (restore, args).into_pyobject(py)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let this = self.lock(py);
        format!(
            "Game(players={}, ruleset={:?}, entities={}, hash={:#018x})",
            this.g.num_players(),
            this.g.ruleset().as_str(),
            this.g.num_entities(),
            this.g.hash()
        )
    }

    /// Applies `[(name, *args), ...]` in one call, all or nothing: on the first failing
    /// operation the game is put back as it was and that error is raised. Names and arguments
    /// are those of the methods: add_counters, remove_counters, pay_counters, gain_life,
    /// lose_life, deal_damage (source, target, amount[, combat[, preventable]]), move,
    /// proliferate ("mtg" rulesets: player, ids), proliferate_auto, cleanup,
    /// check_state_based_actions.
    fn apply(&self, py: Python<'_>, ops: &Bound<'_, PyAny>) -> PyResult<()> {
        let ops = ops_arg(ops)?;
        let mut this = self.lock(py);
        this.g.apply_ops(&ops).map_err(|(_, e)| to_py(e))
    }

    /// Observation tensor (SEMANTICS §9): one float32 row per entity id, one column per
    /// `observation_features(kinds)`; gone objects are rows of zeros.
    #[pyo3(signature = (kinds=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        kinds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let this = self.lock(py);
        let extra = extra_kinds(kinds)?;
        let refs: Vec<&str> = extra.iter().map(String::as_str).collect();
        let cols = core::observe::feature_count(refs.len());
        let rows = this.g.num_entities() as usize;
        let mut buf = vec![0f32; rows * cols];
        this.g.observe_into(&refs, &mut buf);
        PyArray1::from_vec(py, buf).reshape([rows, cols])
    }

    /// The costs of many cards at once, as a numpy int64 array.
    fn cost_many<'py>(
        &self,
        py: Python<'py>,
        ids: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let this = self.lock(py);
        let mut lenient = Lenient::default();
        let ids = ids_form(ids, &mut lenient)?;
        let mut out = Vec::with_capacity(ids.len());
        lenient.check(this.g.cost_many(&ids, &mut out))?;
        Ok(PyArray1::from_slice(py, &out))
    }

    /// "Lives become X" for many cards in one call (all checked first): `values` is one int for
    /// all, or one per id.
    fn set_lives_many(
        &self,
        py: Python<'_>,
        ids: &Bound<'_, PyAny>,
        values: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let mut this = self.lock(py);
        let mut lenient = Lenient::default();
        let raw = ids_form(ids, &mut lenient)?;
        let values: Vec<i64> = if values.is_instance_of::<pyo3::types::PyInt>() {
            vec![int_arg(values, "lives")?; raw.len()]
        } else if let Ok(list) = values.cast::<PyList>() {
            list.iter()
                .map(|v| match exact_int(v.as_borrowed()) {
                    Some(v) => Ok(v),
                    None => int_arg(&v, "lives"),
                })
                .collect::<PyResult<_>>()?
        } else {
            values
                .try_iter()?
                .map(|v| int_arg(&v?, "lives"))
                .collect::<PyResult<_>>()?
        };
        lenient.check(this.g.set_lives_many(&raw, &values))
    }

    // ----- the floor for benchmarks -----

    /// An empty method: the cost of calling into the extension at all.
    fn _noop(&self) {}

    /// An empty method taking three arguments (unconverted).
    fn _noop3(&self, _a: &Bound<'_, PyAny>, _b: &Bound<'_, PyAny>, _c: &Bound<'_, PyAny>) {}
}

fn extra_kinds(kinds: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let extra = match kinds {
        Some(k) if !k.is_none() => names(k, "kinds")?,
        _ => Vec::new(),
    };
    for k in &extra {
        kind_arg(k)?;
    }
    Ok(extra)
}

/// Column names of `Game.observation(kinds)` and `GameBatch.observation(kinds)`.
#[pyfunction]
#[pyo3(signature = (kinds=None))]
fn observation_features(kinds: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let extra = extra_kinds(kinds)?;
    let refs: Vec<&str> = extra.iter().map(String::as_str).collect();
    Ok(core::observe::feature_names(&refs))
}

/// Many games held natively, for batch work that releases the GIL: clone, hash, observe, apply.
/// Each call runs on the calling thread (the library starts no threads of its own); Python
/// threads calling batch methods run in parallel.
/// The batch is copy-on-write as a whole (and each game within it): `clone()` shares the games
/// until one side changes them, so cloning costs O(1) and the copying happens, game by game,
/// when `apply` first changes them.
/// Games in a batch carry no `info` and keep no event log: nothing could read it, and a log
/// growing with every `apply` would cost memory, and time in every copy.
#[pyclass(module = "cardstate._native", name = "GameBatch")]
struct PyGameBatch {
    games: Arc<Vec<CoreGame>>,
}

/// A game as a batch holds it (sharing the storage): its event log left empty.
fn batch_copy(g: &mut CoreGame) -> CoreGame {
    let mut copy = g.share();
    copy.clear_events();
    copy
}

#[pymethods]
impl PyGameBatch {
    /// A batch holding copies of `games`.
    #[new]
    fn new(games: &Bound<'_, PyAny>) -> PyResult<Self> {
        let mut out = Vec::new();
        for g in games.try_iter()? {
            let g = g?;
            let g = g.cast::<PyGame>().map_err(|_| {
                PyTypeError::new_err("GameBatch takes an iterable of cardstate.Game")
            })?;
            out.push(batch_copy(&mut g.get().lock(g.py()).g));
        }
        Ok(PyGameBatch {
            games: Arc::new(out),
        })
    }

    /// `n` copies of one game.
    #[staticmethod]
    fn repeat(py: Python<'_>, game: PyRef<'_, PyGame>, n: usize) -> PyGameBatch {
        let g = batch_copy(&mut game.lock(py).g);
        let g = &g;
        let games = py.detach(|| vec![g.clone(); n]);
        PyGameBatch {
            games: Arc::new(games),
        }
    }

    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// A copy of game `i` as a `Game`.
    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<PyGame> {
        let n = self.games.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "game index {i} out of range for a batch of {n}"
            )));
        }
        Ok(PyGame::wrap(py, self.games[j as usize].clone()))
    }

    /// An independent copy of every game (GIL released).
    fn clone(&self, py: Python<'_>) -> PyGameBatch {
        let _ = py;
        PyGameBatch {
            games: Arc::clone(&self.games),
        }
    }

    /// Every game's `hash()`, as a numpy uint64 array.
    fn hashes<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        let games = &self.games;
        let h: Vec<u64> = py.detach(|| games.iter().map(CoreGame::hash).collect());
        PyArray1::from_slice(py, &h)
    }

    /// `clone()` and the clones' `hashes()` in one call.
    fn clone_and_hash<'py>(&self, py: Python<'py>) -> (PyGameBatch, Bound<'py, PyArray1<u64>>) {
        let games = Arc::clone(&self.games);
        let h: Vec<u64> = py.detach(|| games.iter().map(CoreGame::hash).collect());
        (PyGameBatch { games }, PyArray1::from_slice(py, &h))
    }

    /// Observations of every game, zero-padded to the largest: (games, entities, features).
    #[pyo3(signature = (kinds=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        kinds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let extra = extra_kinds(kinds)?;
        let games = &self.games;
        let (buf, rows, cols) = py.detach(|| {
            let refs: Vec<&str> = extra.iter().map(String::as_str).collect();
            let cols = core::observe::feature_count(refs.len());
            let rows = games
                .iter()
                .map(|g| g.num_entities() as usize)
                .max()
                .unwrap_or(0);
            let mut buf = vec![0f32; games.len() * rows * cols];
            if rows * cols > 0 {
                buf.chunks_mut(rows * cols)
                    .zip(games.iter())
                    .for_each(|(out, g)| {
                        let len = g.num_entities() as usize * cols;
                        g.observe_into(&refs, &mut out[..len]);
                    });
            }
            (buf, rows, cols)
        });
        PyArray1::from_vec(py, buf).reshape([games.len(), rows, cols])
    }

    /// Applies the same operations to every game (GIL released: other threads run meanwhile). Returns, per
    /// game, -1 if all applied, else the index of the operation that failed (that game is left
    /// as it was).
    fn apply<'py>(
        &mut self,
        py: Python<'py>,
        ops: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let ops = ops_arg(ops)?;
        let games = &mut self.games;
        let out: Vec<i64> = py.detach(|| {
            // Unsharing a cloned batch copies its games: also work done without the GIL.
            Arc::make_mut(games)
                .iter_mut()
                .map(|g| {
                    // A batch keeps no log (see `batch_copy`): the operations record nothing.
                    let record = g.record_events();
                    g.set_record_events(false);
                    let failed = match g.apply_ops(&ops) {
                        Ok(()) => -1,
                        Err((i, _)) => i as i64,
                    };
                    g.set_record_events(record);
                    failed
                })
                .collect()
        });
        Ok(PyArray1::from_slice(py, &out))
    }

    /// The games as a list of `Game`.
    fn games(&self, py: Python<'_>) -> Vec<PyGame> {
        self.games
            .iter()
            .map(|g| PyGame::wrap(py, g.clone()))
            .collect()
    }

    fn __repr__(&self) -> String {
        format!("GameBatch({} games)", self.games.len())
    }
}

/// Parses `[(name, *args), ...]` into engine operations (see `Game.apply`).
fn ops_arg(ops: &Bound<'_, PyAny>) -> PyResult<Vec<core::ops::Op>> {
    use core::ops::Op;
    let mut out = Vec::new();
    for (i, item) in ops.try_iter()?.enumerate() {
        let item = item?;
        let t = item.cast::<PyTuple>().map_err(|_| {
            PyTypeError::new_err(format!("operation {i} must be a tuple (name, *args)"))
        })?;
        if t.is_empty() {
            return Err(PyValueError::new_err(format!("operation {i} is empty")));
        }
        let name: String = t.get_item(0)?.extract()?;
        let args = t.get_slice(1, t.len());
        let n = args.len();
        let arity = |lo: usize, hi: usize| -> PyResult<()> {
            if n < lo || n > hi {
                return Err(PyTypeError::new_err(format!(
                    "operation {i} ({name}) takes {lo}..{hi} arguments, got {n}"
                )));
            }
            Ok(())
        };
        let id = |k: usize| -> PyResult<u32> { args.get_item(k)?.extract::<Id>()?.get() };
        let amount = |k: usize| -> PyResult<u64> { Ok(args.get_item(k)?.extract::<Amount>()?.0) };
        let kind = |k: usize| -> PyResult<String> {
            Ok(args
                .get_item(k)?
                .extract::<KindArg<'_>>()?
                .name()
                .to_string())
        };
        let flag = |k: usize, default: bool| -> PyResult<bool> {
            if k < n {
                args.get_item(k)?.extract()
            } else {
                Ok(default)
            }
        };
        let op = match name.as_str() {
            "add_counters" | "remove_counters" | "pay_counters" => {
                arity(2, 3)?;
                let count = if n == 3 { amount(2)? } else { 1 };
                let (e, k) = (id(0)?, kind(1)?);
                match name.as_str() {
                    "add_counters" => Op::AddCounters(e, k, count),
                    "remove_counters" => Op::RemoveCounters(e, k, count),
                    _ => Op::PayCounters(e, k, count),
                }
            }
            "gain_life" | "lose_life" => {
                arity(2, 2)?;
                if name == "gain_life" {
                    Op::GainLife(id(0)?, amount(1)?)
                } else {
                    Op::LoseLife(id(0)?, amount(1)?)
                }
            }
            "deal_damage" => {
                arity(3, 5)?;
                Op::DealDamage {
                    source: id(0)?,
                    target: id(1)?,
                    amount: amount(2)?,
                    combat: flag(3, false)?,
                    preventable: flag(4, true)?,
                }
            }
            "move" => {
                arity(2, 2)?;
                let z: String = args.get_item(1)?.extract()?;
                Op::Move(id(0)?, zone_arg(&z)?)
            }
            "proliferate" => {
                arity(2, 2)?;
                let mut lenient = Lenient::default();
                let ids = ids_form(&args.get_item(1)?, &mut lenient)?;
                lenient.strict()?;
                Op::Proliferate(id(0)?, ids)
            }
            "proliferate_auto" => {
                arity(1, 1)?;
                Op::ProliferateAuto(id(0)?)
            }
            "cleanup" => {
                arity(0, 0)?;
                Op::Cleanup
            }
            "check_state_based_actions" => {
                arity(0, 0)?;
                Op::CheckStateBasedActions
            }
            other => {
                return Err(PyValueError::new_err(format!(
                    "operation {i}: unknown operation {other:?}; known: add_counters, \
                     remove_counters, pay_counters, gain_life, lose_life, deal_damage, move, \
                     proliferate, proliferate_auto, cleanup, check_state_based_actions"
                )))
            }
        };
        out.push(op);
    }
    Ok(out)
}

fn keyword_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(String, i64)>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "keywords must be an iterable of names or a mapping name -> value, not a str",
        ));
    }
    let mut out = Vec::new();
    if let Ok(m) = obj.cast::<PyMapping>() {
        for item in m.items()?.iter() {
            let (k, v): (String, Bound<'_, PyAny>) = item.extract()?;
            out.push((k, int_arg(&v, "a keyword value")?));
        }
    } else {
        for n in names(obj, "keywords")? {
            out.push((n, 1));
        }
    }
    Ok(out)
}

/// Unpickles a game (`__reduce__`).
#[pyfunction]
fn _restore(data: &[u8], info: &Bound<'_, PyDict>) -> PyResult<PyGame> {
    let g = CoreGame::from_bytes(data).py()?;
    Ok(PyGame::with_info(g, info.copy()?.unbind(), false))
}

/// How a kind of counter is for its holder: "good", "bad" or "neutral".
#[pyfunction]
fn polarity(kind: KindArg<'_>) -> PyResult<&'static str> {
    Ok(core::kinds::polarity_of(kind.name()).as_str())
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyEvent>()?;
    // SAFETY: the type object was just made (no instance exists yet), `Event` has no `subclass`
    // option and no variable part, and module initialisation holds the GIL.
    #[cfg(not(Py_GIL_DISABLED))]
    unsafe {
        event_free_list::install(<PyEvent as pyo3::PyTypeInfo>::type_object_raw(m.py()));
    }
    m.add_class::<PyGameBatch>()?;
    duel::register(m)?;
    m.add_function(wrap_pyfunction!(observation_features, m)?)?;
    m.add_function(wrap_pyfunction!(polarity, m)?)?;
    m.add_function(wrap_pyfunction!(_restore, m)?)?;
    m.add("MAX_COUNT", u64::MAX)?;
    m.add("ZONES", core::zones::ZONE_NAMES.to_vec())?;
    m.add("RULESETS", core::game::RULESET_NAMES.to_vec())?;
    m.add("KEYWORDS", core::keywords::KEYWORD_NAMES.to_vec())?;
    Ok(())
}
