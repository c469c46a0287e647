//! `CardDb.resolve`'s entry from Python: its arguments read by hand from the vectorcall
//! (positional array and keyword names), instead of PyO3's generic reader, whose matching of
//! keyword names by text and per-argument conversions were about 450 instructions of a
//! 6,300-instruction call (docs/PERFORMANCE.md, "The card runtime"). The method is a
//! `method_descriptor` of the `CardDb` type like the ones PyO3 makes, entered through PyO3's
//! trampoline (the GIL count, panics made into `PanicException`); the rules are in
//! `PyCardDb::resolve_args` and cardstate-effects.
//!
//! The reading is PyO3's for the same signature: positional or keyword for the first four,
//! keyword-only for the rest, the values converted in parameter order before anything else
//! (a conversion's error noted "while processing '<name>'"), a missing, unexpected or repeated
//! argument a `TypeError`.

use crate::args::exact_int;
use crate::cards::PyCardDb;
use pyo3::conversion::FromPyObjectOwned;
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::impl_::trampoline::{fastcall_cfunction_with_keywords as fastcall, MethodDef};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple};
use pyo3::PyTypeInfo;

/// The parameters, in order: the first `POSITIONAL` positional or keyword, the rest
/// keyword-only.
const PARAMS: [&str; 9] = [
    "game",
    "name",
    "controller",
    "targets",
    "ability",
    "source",
    "x",
    "may",
    "proliferate",
];
const POSITIONAL: usize = 4;

/// The signature (as `inspect.signature` reads it) and the docstring.
const DOC: &std::ffi::CStr = c"resolve($self, game, name, controller, targets, *, ability=None, source=None, x=0, may=True, proliferate=\"all\")
--

Resolves in one call with fixed answers: every \"may\" `may`, amounts the most,
proliferate choosing `\"all\"` or `\"none\"` of the candidates. Returns
(\"done\", fizzled, empty_draws, proliferated).";

/// The method's definition, read by CPython only (never written).
struct Def(ffi::PyMethodDef);

// SAFETY: the definition is immutable static data (a name, a doc and a function pointer);
// CPython only reads it, from any thread.
unsafe impl Sync for Def {}

struct Entry;

impl MethodDef<fastcall::Func> for Entry {
    const METH: fastcall::Func = resolve;
}

static RESOLVE: Def = Def(ffi::PyMethodDef {
    ml_name: c"resolve".as_ptr(),
    ml_meth: ffi::PyMethodDefPointer {
        PyCFunctionFastWithKeywords: fastcall::<Entry>,
    },
    ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
    ml_doc: DOC.as_ptr(),
});

/// Makes `CardDb.resolve` the method above.
pub fn install(py: Python<'_>) -> PyResult<()> {
    let tp = PyCardDb::type_object(py);
    // SAFETY: the type is a live type object and the definition is static and never written
    // (CPython takes a mutable pointer but only reads it); the new reference is owned here.
    let descr = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyDescr_NewMethod(tp.as_type_ptr(), std::ptr::from_ref(&RESOLVE.0).cast_mut()),
        )?
    };
    tp.setattr("resolve", descr)
}

/// The parameter names, interned: keyword names from code are interned too, so a name is
/// usually found by its address.
fn names(py: Python<'_>) -> &[Py<PyString>; 9] {
    static NAMES: PyOnceLock<[Py<PyString>; 9]> = PyOnceLock::new();
    NAMES.get_or_init(py, || PARAMS.map(|p| PyString::intern(py, p).unbind()))
}

/// The index of the parameter a keyword names.
fn param_of(py: Python<'_>, keyword: Borrowed<'_, '_, PyAny>) -> PyResult<usize> {
    let names = names(py);
    if let Some(i) = names.iter().position(|n| n.as_ptr() == keyword.as_ptr()) {
        return Ok(i);
    }
    let keyword = keyword.cast::<PyString>()?;
    let text = keyword.to_str()?;
    PARAMS.iter().position(|&p| p == text).ok_or_else(|| {
        PyTypeError::new_err(format!(
            "CardDb.resolve() got an unexpected keyword argument '{text}'"
        ))
    })
}

/// A conversion's error, noted with the argument it was processing (as PyO3's reader does).
fn noted(py: Python<'_>, i: usize, e: PyErr) -> PyErr {
    let note = format!("while processing '{}'", PARAMS[i]);
    let _ = e.value(py).call_method1("add_note", (note,));
    e
}

/// An int parameter: an exact int read directly, anything else through PyO3's conversion.
fn int_param<'py, T>(py: Python<'py>, i: usize, v: Borrowed<'_, 'py, PyAny>) -> PyResult<T>
where
    T: TryFrom<i64> + FromPyObjectOwned<'py>,
{
    if let Some(n) = exact_int(v).and_then(|n| T::try_from(n).ok()) {
        return Ok(n);
    }
    v.extract::<T>().map_err(|e| noted(py, i, e.into()))
}

/// An optional int parameter (absent or None: None).
fn opt_int_param<'py, T>(
    py: Python<'py>,
    i: usize,
    v: Option<Borrowed<'_, 'py, PyAny>>,
) -> PyResult<Option<T>>
where
    T: TryFrom<i64> + FromPyObjectOwned<'py>,
{
    match v {
        Some(v) if !v.is_none() => int_param(py, i, v).map(Some),
        _ => Ok(None),
    }
}

/// The vectorcall entry: `args` holds `nargs` positional values and then one value per name in
/// `kwnames` (a tuple of str, or NULL).
///
/// # Safety
/// CPython's `METH_FASTCALL | METH_KEYWORDS` contract: the GIL is held, `slf` is a live object
/// (an instance of `CardDb`: the method descriptor checks it), `args` points to `nargs` plus
/// `len(kwnames)` live objects, `kwnames` is NULL or a tuple of str.
unsafe fn resolve(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<*mut ffi::PyObject> {
    // SAFETY: the contract above: every pointer read is a live object, borrowed for the call.
    let (db, slots) = unsafe {
        let slf = Borrowed::from_ptr(py, slf);
        let db = slf.cast::<PyCardDb>()?;
        let nargs = nargs as usize;
        if nargs > POSITIONAL {
            return Err(PyTypeError::new_err(format!(
                "CardDb.resolve() takes {POSITIONAL} positional arguments but {nargs} were given"
            )));
        }
        let mut slots: [Option<Borrowed<'_, '_, PyAny>>; 9] = [None; 9];
        for (i, slot) in slots.iter_mut().enumerate().take(nargs) {
            *slot = Some(Borrowed::from_ptr(py, *args.add(i)));
        }
        if !kwnames.is_null() {
            let keywords = Borrowed::from_ptr(py, kwnames).cast_unchecked::<PyTuple>();
            for (k, keyword) in keywords.iter_borrowed().enumerate() {
                let i = param_of(py, keyword)?;
                let value = Borrowed::from_ptr(py, *args.add(nargs + k));
                if slots[i].replace(value).is_some() {
                    return Err(PyTypeError::new_err(format!(
                        "CardDb.resolve() got multiple values for argument '{}'",
                        PARAMS[i]
                    )));
                }
            }
        }
        (db, slots)
    };
    let required = |i: usize| {
        slots[i].ok_or_else(|| {
            PyTypeError::new_err(format!(
                "CardDb.resolve() missing required argument '{}'",
                PARAMS[i]
            ))
        })
    };
    let (game, name) = (required(0)?, required(1)?);
    let controller: u32 = int_param(py, 2, required(2)?)?;
    let targets = required(3)?;
    let ability: Option<u16> = opt_int_param(py, 4, slots[4])?;
    let source: Option<u32> = opt_int_param(py, 5, slots[5])?;
    let x: u64 = match slots[6] {
        Some(v) => int_param(py, 6, v)?,
        None => 0,
    };
    let may = match slots[7] {
        Some(v) => v.extract::<bool>().map_err(|e| noted(py, 7, e))?,
        None => true,
    };
    let proliferate_text = match slots[8] {
        Some(v) => Some(v.cast::<PyString>().map_err(|e| noted(py, 8, e.into()))?),
        None => None,
    };
    let proliferate = match &proliferate_text {
        Some(text) => text.to_str()?,
        None => "all",
    };
    let out = db.get().resolve_args(
        py,
        &game,
        &name,
        controller,
        &targets,
        ability,
        source,
        x,
        may,
        proliferate,
    )?;
    Ok(out.into_ptr())
}
