//! A free list of `Event` objects: a call returns dozens of events and the caller usually drops
//! them at once, so their memory is recycled rather than allocated again. It replaces PyO3's
//! `freelist` option, whose list sits behind a mutex: two atomic operations per event made
//! and per event freed, about half the cost of making one. This one is touched only by the
//! type's `tp_alloc` and `tp_free`, which CPython calls with the GIL held, so it needs no lock;
//! it is installed only on builds with a GIL, and not in abi3 builds (the stable ABI hides the
//! type's slots).

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
pub(crate) unsafe fn install(tp: *mut ffi::PyTypeObject) {
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
