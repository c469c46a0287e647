//! cardstate._native: the PyO3 bindings of cardstate-core. Argument conversion, error mapping,
//! GIL release and the `info` store (Python objects) live here; no rules do.

mod agents;
mod args;
mod batch;
mod cards;
mod duel;
mod duel_batch;
mod errors;
mod events;
mod game;
mod lock;
mod ops;
mod resolve_call;

use cardstate_core as core;
use pyo3::prelude::*;

/// mimalloc rather than the system allocator: search clones, changes and drops states by the
/// million, and glibc's malloc consolidated freed blocks of dropped games inside the next
/// game's first allocation (a 3 µs stall in an otherwise 50 ns call).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// How a kind of counter is for its holder: "good", "bad" or "neutral".
#[pyfunction]
fn polarity(kind: args::KindArg<'_>) -> PyResult<&'static str> {
    Ok(core::kinds::polarity_of(kind.name()).as_str())
}

/// The module: each file of classes registers its own (a new binding file adds one line here).
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    game::register(m)?;
    events::register(m)?;
    batch::register(m)?;
    cards::register(m)?;
    duel::register(m)?;
    agents::register(m)?;
    duel_batch::register(m)?;
    m.add_function(wrap_pyfunction!(polarity, m)?)?;
    m.add("MAX_COUNT", u64::MAX)?;
    m.add("ZONES", core::ZONE_NAMES.to_vec())?;
    m.add("RULESETS", core::RULESET_NAMES.to_vec())?;
    m.add("KEYWORDS", core::keywords::KEYWORD_NAMES.to_vec())?;
    Ok(())
}
