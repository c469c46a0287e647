//! The lock every call on a `Game` or a `GameBatch` holds for its whole duration, so threads
//! never see half a change.
//!
//! Calls hold the GIL, so the lock is almost never contended: a spin lock, whose release is a
//! plain store, costs least on the hot path. Waiting for it releases the GIL (the holder may
//! need it back) and looks at signals between short waits, so Ctrl-C stops a blocked wait. A call
//! that comes back into the object it is running on, from the same thread (an argument's
//! `__index__`, a generator, a finalizer run by an allocation), would wait for itself forever:
//! the lock remembers which thread holds it and refuses that call with a `RuntimeError`.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use spin::mutex::{SpinMutex, SpinMutexGuard};
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

thread_local! {
    /// Its address names the thread (cheaper to read than `thread::current().id()`).
    static THREAD_MARK: u8 = const { 0 };
}

#[inline]
fn this_thread() -> usize {
    THREAD_MARK.with(|m| m as *const u8 as usize)
}

/// A value behind the lock, with the thread that holds it (0: none).
pub(crate) struct Locked<T> {
    inner: SpinMutex<T>,
    holder: AtomicUsize,
}

/// The lock held: the value, and on drop the lock given back.
pub(crate) struct Held<'a, T> {
    guard: SpinMutexGuard<'a, T>,
    holder: &'a AtomicUsize,
}

impl<T> Deref for Held<'_, T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        &self.guard
    }
}

impl<T> DerefMut for Held<'_, T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        &mut self.guard
    }
}

impl<T> Drop for Held<'_, T> {
    #[inline]
    fn drop(&mut self) {
        // Cleared before the guard unlocks (fields drop after this): a thread that finds the
        // lock taken never sees its own mark left over from a call it finished.
        self.holder.store(0, Ordering::Relaxed);
    }
}

/// How long one wait without the GIL lasts before signals are looked at.
const WAIT_SLICE: Duration = Duration::from_millis(20);

impl<T: Send> Locked<T> {
    pub(crate) fn new(value: T) -> Self {
        Locked {
            inner: SpinMutex::new(value),
            holder: AtomicUsize::new(0),
        }
    }

    /// The value, locked for this call (`what` names the call for the re-entrancy error).
    #[inline]
    pub(crate) fn lock(&self, py: Python<'_>, what: &'static str) -> PyResult<Held<'_, T>> {
        match self.inner.try_lock() {
            Some(guard) => Ok(self.held(guard)),
            None => self.wait(py, what),
        }
    }

    /// The value if no call holds it now (for the cycle collector, which must not wait).
    pub(crate) fn try_lock(&self) -> Option<Held<'_, T>> {
        self.inner.try_lock().map(|guard| self.held(guard))
    }

    #[inline]
    fn held<'a>(&'a self, guard: SpinMutexGuard<'a, T>) -> Held<'a, T> {
        self.holder.store(this_thread(), Ordering::Relaxed);
        Held {
            guard,
            holder: &self.holder,
        }
    }

    #[cold]
    #[inline(never)]
    fn wait(&self, py: Python<'_>, what: &'static str) -> PyResult<Held<'_, T>> {
        loop {
            // Only this thread writes its own mark, so seeing it means this thread holds the
            // lock: waiting would never end.
            if self.holder.load(Ordering::Relaxed) == this_thread() {
                return Err(PyRuntimeError::new_err(format!(
                    "{what} was called while another call on the same object is running on this \
                     thread (from one of its arguments, a generator or a finalizer); a call can't \
                     re-enter the object it runs on"
                )));
            }
            // Another thread holds it (it lost the GIL mid-call): wait without the GIL, a slice
            // at a time.
            py.detach(|| {
                let start = Instant::now();
                while self.inner.is_locked() && start.elapsed() < WAIT_SLICE {
                    std::thread::yield_now();
                }
            });
            if let Some(guard) = self.inner.try_lock() {
                return Ok(self.held(guard));
            }
            py.check_signals()?;
        }
    }
}
