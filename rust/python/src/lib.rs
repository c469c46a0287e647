//! cardstate._native: the PyO3 bindings of cardstate's crates: the kernel (`Game`,
//! `GameBatch`), the card layer (`CardDb`), the duel (`Duel`), the agents and the batched
//! environment (`DuelBatch`). Argument conversion, error mapping, GIL release and the `info`
//! store (Python objects) live here; no rules do.

mod agents;
mod args;
mod batch;
mod cards;
mod duel;
mod duel_batch;
mod errors;
mod evaluator;
mod events;
mod game;
mod lock;
mod ops;
mod search;

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
    search::register(m)?;
    duel_batch::register(m)?;
    m.add_function(wrap_pyfunction!(polarity, m)?)?;
    m.add("MAX_COUNT", u64::MAX)?;
    m.add("ZONES", core::ZONE_NAMES.to_vec())?;
    m.add("RULESETS", core::RULESET_NAMES.to_vec())?;
    m.add("KEYWORDS", core::keywords::KEYWORD_NAMES.to_vec())?;
    vocabulary(m)?;
    Ok(())
}

/// The kernel's tables of names and numbers that `cardstate.vocabulary` holds for the Python
/// side (the card compiler, the reference model, the tests), so its copies are tested equal.
fn vocabulary(m: &Bound<'_, PyModule>) -> PyResult<()> {
    use core::keywords::{self, Types};
    use core::limits;
    m.add("KEYWORD_COUNTERS", keywords::KEYWORD_COUNTER_NAMES.to_vec())?;
    m.add("BUILTIN_KINDS", core::kinds::BUILTIN_NAMES.to_vec())?;
    m.add("CARD_TYPES", keywords::TYPE_NAMES.to_vec())?;
    m.add("MAGIC_TYPES", Types::MAGIC.names().collect::<Vec<_>>())?;
    m.add("BERSERK_TYPES", Types::BERSERK.names().collect::<Vec<_>>())?;
    m.add("SUPERTYPES", keywords::SUPERTYPE_NAMES.to_vec())?;
    m.add("REPLACEMENT_EFFECTS", core::EFFECT_NAMES.to_vec())?;
    m.add("CONTINUOUS_EFFECTS", core::CHANGE_NAMES.to_vec())?;
    let limits: std::collections::BTreeMap<&str, i64> = [
        ("MAX_PLAYERS", i64::from(limits::MAX_PLAYERS)),
        ("STAT_LIMIT", limits::STAT_LIMIT as i64),
        ("PUMP_LIMIT", limits::PUMP_LIMIT as i64),
        ("MAX_COST_X", i64::from(limits::MAX_COST_X)),
        ("MAX_KINDS", limits::MAX_KINDS as i64),
        ("MAX_ENTITIES", limits::MAX_ENTITIES as i64),
        ("MAX_ORDERED_EFFECTS", limits::MAX_ORDERED_EFFECTS as i64),
        ("MAX_EFFECT_AMOUNT", core::MAX_EFFECT_AMOUNT as i64),
        ("STARTING_LIFE", core::STARTING_LIFE),
    ]
    .into_iter()
    .collect();
    m.add("LIMITS", limits)?;
    Ok(())
}
