//! The Python form of operations (`Game.apply`, `GameBatch.apply`) converted to the engine's.

use crate::args::*;
use cardstate_core as core;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// Parses `[(name, *args), ...]` into engine operations (see `Game.apply`).
pub(crate) fn ops_arg(ops: &Bound<'_, PyAny>) -> PyResult<Vec<core::ops::Op>> {
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
            "destroy" | "regenerate" | "tap" | "untap" => {
                arity(1, 1)?;
                let x = id(0)?;
                match name.as_str() {
                    "destroy" => Op::Destroy(x),
                    "regenerate" => Op::Regenerate(x),
                    "tap" => Op::Tap(x),
                    _ => Op::Untap(x),
                }
            }
            other => {
                return Err(PyValueError::new_err(format!(
                    "operation {i}: unknown operation {other:?}; known: add_counters, \
                     remove_counters, pay_counters, gain_life, lose_life, deal_damage, move, \
                     proliferate, proliferate_auto, cleanup, check_state_based_actions, \
                     destroy, regenerate, tap, untap"
                )))
            }
        };
        out.push(op);
    }
    Ok(out)
}
