//! The Python form of operations (`Game.apply`, `GameBatch.apply`): each `(name, *args)` tuple
//! read by the forms the core's table (`cardstate_core::ops::OPS`) gives its arguments.

use crate::args::*;
use crate::errors::to_py;
use cardstate_core::ops::{Arg, ArgForm, Op, OpKind, OpSpec};
use cardstate_core::Error;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyTuple};

/// Operations read from Python, with what is needed to report their errors as the methods do.
pub(crate) struct Ops {
    pub(crate) ops: Vec<Op>,
    /// Per operation, its ids beyond the engine's range (engine ids `NO_ID`): see `Lenient`.
    ids: Vec<Lenient>,
}

impl Ops {
    /// The error of operation `i` as its method would raise it.
    pub(crate) fn error(&self, (i, e): (usize, Error)) -> PyErr {
        to_py(self.ids[i].error(e))
    }
}

/// Reads `[(name, *args), ...]` (see `Game.apply`): every operation's form is checked before
/// any is applied.
pub(crate) fn ops_arg(ops: &Bound<'_, PyAny>) -> PyResult<Ops> {
    let mut out = Ops {
        ops: Vec::new(),
        ids: Vec::new(),
    };
    for (i, item) in ops.try_iter()?.enumerate() {
        let item = item?;
        if item.cast::<PyTuple>().is_err() {
            return Err(PyTypeError::new_err(format!(
                "operation {i} must be a tuple (name, *args)"
            )));
        }
        let len = item.len()?;
        if len == 0 {
            return Err(PyValueError::new_err(format!("operation {i} is empty")));
        }
        let name = item.get_item(0)?;
        let name: &str = name.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "operation {i}: the name must be a str, not {}",
                type_name(&name)
            ))
        })?;
        let spec = OpSpec::find(i, name).map_err(to_py)?;
        spec.check_arity(i, len - 1).map_err(to_py)?;
        let mut ids = Lenient::default();
        let mut args = Vec::with_capacity(len - 1);
        for (k, param) in spec.params.iter().enumerate().take(len - 1) {
            let arg = item.get_item(k + 1)?;
            args.push(match param.form {
                ArgForm::Id => Arg::Id(ids.get(arg.extract::<Id>()?)),
                ArgForm::Kind => Arg::Kind(op_kind(arg.extract::<KindArg<'_>>()?)?),
                ArgForm::Amount => Arg::Amount(arg.extract::<Amount>()?.0),
                ArgForm::Flag => match arg.cast_exact::<PyBool>() {
                    Ok(b) => Arg::Flag(b.is_true()),
                    Err(_) => {
                        let what = format!("operation {i} ({name}): {}", param.name);
                        return Err(not_a_flag(arg.as_borrowed(), &what));
                    }
                },
                ArgForm::Zone => Arg::Zone(arg.extract::<ZoneArg>()?.0),
                ArgForm::Ids => Arg::Ids(ids_form(&arg, &mut ids)?),
                ArgForm::Text => Arg::Text(text_form(&arg, i, name, param.name)?.into()),
                ArgForm::OptText if arg.is_none() => Arg::Nothing,
                ArgForm::OptText => {
                    Arg::OptText(Some(text_form(&arg, i, name, param.name)?.into()))
                }
                ArgForm::OptAmount if arg.is_none() => Arg::Nothing,
                ArgForm::OptAmount => Arg::OptAmount(Some(arg.extract::<Amount>()?.0)),
                ArgForm::OptInt => Arg::OptInt(opt_int(Some(&arg), param.name)?),
            });
        }
        out.ops.push(Op::build(spec, args).map_err(to_py)?);
        out.ids.push(ids);
    }
    Ok(out)
}

fn text_form(arg: &Bound<'_, PyAny>, i: usize, name: &str, param: &str) -> PyResult<String> {
    arg.extract::<String>().map_err(|_| {
        PyTypeError::new_err(format!(
            "operation {i} ({name}): {param} must be a str, not {}",
            type_name(arg)
        ))
    })
}

fn op_kind(kind: KindArg<'_>) -> PyResult<OpKind> {
    match kind.kind() {
        cardstate_core::kinds::KindRef::Kind(k) => Ok(OpKind::Builtin(k)),
        cardstate_core::kinds::KindRef::Name(name) => OpKind::new(name).map_err(to_py),
    }
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}
