//! `_agents_playout`: a copy of a duel played to its end between two built-in agents, in Rust
//! without the GIL, answering signals.

use std::time::{Duration, Instant};

use cardstate_agents::{playout_until, AnyAgent};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::duel::PyDuel;

use super::{detached, rust_agent};

/// `(winner or None, (return0, return1), turns, decisions)`.
type PlayoutTuple = (Option<usize>, (f64, f64), u32, u32);

/// How often a playout without the GIL looks for a signal (Ctrl-C) to answer.
const SIGNAL_CHECK: Duration = Duration::from_millis(20);

/// Plays a copy of `duel` to its end between two built-in agents, in Rust without the GIL:
/// `(winner or None, (return0, return1), turns, decisions)`. Between decisions it looks for
/// signals every 20 ms (the clock read every decision with an MCTS agent, every 64th without),
/// so a Ctrl-C (or any signal handler that raises) stops it within a decision or so.
#[pyfunction]
fn _agents_playout(
    py: Python<'_>,
    duel: PyRef<'_, PyDuel>,
    agent0: &Bound<'_, PyAny>,
    agent1: &Bound<'_, PyAny>,
    seed: u64,
) -> PyResult<PlayoutTuple> {
    let pool = duel.duel().pool();
    let mut a0 = rust_agent(agent0, "agent0", pool, duel.pool_name())?;
    let mut a1 = rust_agent(agent1, "agent1", pool, duel.pool_name())?;
    let mut d = duel.duel().clone();
    drop(duel);
    let mut raised: Option<PyErr> = None;
    let mut last = Instant::now();
    // The clock is read every decision when a search makes decisions slow, else every 64th: a
    // random game's decision is about as cheap as reading the clock.
    let searching = [&a0, &a1].iter().any(|a| matches!(a, AnyAgent::Mcts(_)));
    let stride: u32 = if searching { 1 } else { 64 };
    let mut decisions = 0u32;
    let stop = || {
        decisions = decisions.wrapping_add(1);
        if !decisions.is_multiple_of(stride) || last.elapsed() < SIGNAL_CHECK {
            return false;
        }
        last = Instant::now();
        raised = Python::attach(|py| py.check_signals().err());
        raised.is_some()
    };
    let r = detached(py, move || {
        playout_until(&mut d, &mut a0, &mut a1, seed, stop)
    })?;
    match (r, raised) {
        (Some(r), _) => Ok((r.winner, (r.returns[0], r.returns[1]), r.turns, r.decisions)),
        (None, Some(e)) => Err(e),
        (None, None) => Err(PyRuntimeError::new_err(
            "the playout stopped without a signal",
        )),
    }
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_agents_playout, m)?)?;
    Ok(())
}
