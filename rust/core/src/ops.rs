//! Operations as data, applied in one call: a list of them to one game (atomically), or the same
//! list to many games (batch search), without a round trip to the caller per operation.
//!
//! The vocabulary lives here once: `OPS` names every operation with the form and default of
//! each argument, in order. Bindings read arguments by these forms and build an `Op` with
//! `Op::build`; error messages list the known names from the same table.

use crate::damage::{DamageKind, Prevention};
use crate::error::{Error, Reason, Result};
use crate::game::Game;
use crate::kinds::{self, Kind, KindRef};
use crate::zones::Zone;
use std::sync::Arc;

/// A counter kind named by an operation: a built-in kind (the same id in every game) or a name,
/// resolved against each game's own table when applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpKind {
    Builtin(Kind),
    Named(Arc<str>),
}

impl OpKind {
    /// The kind of that name (a built-in kind resolved now); a name must not be empty.
    pub fn new(name: &str) -> Result<OpKind> {
        Game::check_kind_name(name)?;
        Ok(match kinds::builtin(name) {
            Some(k) => OpKind::Builtin(k),
            None => OpKind::Named(name.into()),
        })
    }

    pub fn as_ref(&self) -> KindRef<'_> {
        match self {
            OpKind::Builtin(k) => KindRef::Kind(*k),
            OpKind::Named(name) => KindRef::Name(name),
        }
    }
}

impl From<Kind> for OpKind {
    fn from(k: Kind) -> Self {
        OpKind::Builtin(k)
    }
}

/// A name known to be a kind name (tests and Rust callers); panics on an empty name.
impl From<&str> for OpKind {
    fn from(name: &str) -> Self {
        OpKind::new(name).expect("a non-empty counter kind name")
    }
}

/// One public operation, its arguments already converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    AddCounters(u32, OpKind, u64),
    RemoveCounters(u32, OpKind, u64),
    PayCounters(u32, OpKind, u64),
    GainLife(u32, u64),
    LoseLife(u32, u64),
    DealDamage {
        source: u32,
        target: u32,
        amount: u64,
        kind: DamageKind,
        prevention: Prevention,
    },
    Move(u32, Zone),
    Proliferate(u32, Vec<u32>),
    ProliferateAuto(u32),
    Cleanup,
    CheckStateBasedActions,
    Destroy(u32),
    Regenerate(u32),
    Tap(u32),
    Untap(u32),
    MoveCounters(u32, u32, OpKind, u64),
    PutCountersFrom(u32, u32),
    /// A continuous effect on a locked-in set of permanents (611.2c), no source.
    AddContinuousEffect {
        effect: Arc<str>,
        affected: Vec<u32>,
        keyword: Option<Arc<str>>,
        value: Option<u64>,
        power: Option<i64>,
        toughness: Option<i64>,
        until_end_of_turn: bool,
    },
    EndContinuousEffect(u32),
}

/// The form of one argument of an operation (how a binding reads it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgForm {
    /// A player or object id.
    Id,
    /// A counter kind name.
    Kind,
    /// A count or amount, `0..=u64::MAX`.
    Amount,
    /// A bool.
    Flag,
    /// A zone name.
    Zone,
    /// An iterable of ids.
    Ids,
    /// A str.
    Text,
    /// A str or None.
    OptText,
    /// An amount or None.
    OptAmount,
    /// A signed int (|v| < 2**63) or None.
    OptInt,
}

/// An argument's value when the caller leaves it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgDefault {
    Amount(u64),
    Flag(bool),
    /// None (the optional forms).
    Nothing,
}

/// One argument of an operation: its name (as in the method's signature), form and default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    pub form: ArgForm,
    pub default: Option<ArgDefault>,
}

/// Which operation a name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpName {
    AddCounters,
    RemoveCounters,
    PayCounters,
    GainLife,
    LoseLife,
    DealDamage,
    Move,
    Proliferate,
    ProliferateAuto,
    Cleanup,
    CheckStateBasedActions,
    Destroy,
    Regenerate,
    Tap,
    Untap,
    MoveCounters,
    PutCountersFrom,
    AddContinuousEffect,
    EndContinuousEffect,
}

/// An operation's name and arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpSpec {
    pub name: &'static str,
    pub op: OpName,
    pub params: &'static [Param],
}

const fn p(name: &'static str, form: ArgForm) -> Param {
    Param {
        name,
        form,
        default: None,
    }
}

const fn opt(name: &'static str, form: ArgForm, default: ArgDefault) -> Param {
    Param {
        name,
        form,
        default: Some(default),
    }
}

const COUNTERS: &[Param] = &[
    p("e", ArgForm::Id),
    p("kind", ArgForm::Kind),
    opt("n", ArgForm::Amount, ArgDefault::Amount(1)),
];
const PAY_COUNTERS: &[Param] = &[
    p("e", ArgForm::Id),
    p("kind", ArgForm::Kind),
    p("n", ArgForm::Amount),
];
const LIFE: &[Param] = &[p("p", ArgForm::Id), p("n", ArgForm::Amount)];
const PERMANENT: &[Param] = &[p("x", ArgForm::Id)];

/// Every operation, by name: the vocabulary of `Game.apply` and `GameBatch.apply`.
pub const OPS: &[OpSpec] = &[
    OpSpec {
        name: "add_counters",
        op: OpName::AddCounters,
        params: COUNTERS,
    },
    OpSpec {
        name: "remove_counters",
        op: OpName::RemoveCounters,
        params: COUNTERS,
    },
    OpSpec {
        name: "pay_counters",
        op: OpName::PayCounters,
        params: PAY_COUNTERS,
    },
    OpSpec {
        name: "gain_life",
        op: OpName::GainLife,
        params: LIFE,
    },
    OpSpec {
        name: "lose_life",
        op: OpName::LoseLife,
        params: LIFE,
    },
    OpSpec {
        name: "deal_damage",
        op: OpName::DealDamage,
        params: &[
            p("source", ArgForm::Id),
            p("target", ArgForm::Id),
            p("amount", ArgForm::Amount),
            opt("combat", ArgForm::Flag, ArgDefault::Flag(false)),
            opt("preventable", ArgForm::Flag, ArgDefault::Flag(true)),
        ],
    },
    OpSpec {
        name: "move",
        op: OpName::Move,
        params: &[p("x", ArgForm::Id), p("zone", ArgForm::Zone)],
    },
    OpSpec {
        name: "proliferate",
        op: OpName::Proliferate,
        params: &[p("player", ArgForm::Id), p("chosen", ArgForm::Ids)],
    },
    OpSpec {
        name: "proliferate_auto",
        op: OpName::ProliferateAuto,
        params: &[p("player", ArgForm::Id)],
    },
    OpSpec {
        name: "cleanup",
        op: OpName::Cleanup,
        params: &[],
    },
    OpSpec {
        name: "check_state_based_actions",
        op: OpName::CheckStateBasedActions,
        params: &[],
    },
    OpSpec {
        name: "destroy",
        op: OpName::Destroy,
        params: PERMANENT,
    },
    OpSpec {
        name: "regenerate",
        op: OpName::Regenerate,
        params: PERMANENT,
    },
    OpSpec {
        name: "tap",
        op: OpName::Tap,
        params: PERMANENT,
    },
    OpSpec {
        name: "untap",
        op: OpName::Untap,
        params: PERMANENT,
    },
    OpSpec {
        name: "move_counters",
        op: OpName::MoveCounters,
        params: &[
            p("a", ArgForm::Id),
            p("b", ArgForm::Id),
            p("kind", ArgForm::Kind),
            p("n", ArgForm::Amount),
        ],
    },
    OpSpec {
        name: "put_counters_from",
        op: OpName::PutCountersFrom,
        params: &[p("a", ArgForm::Id), p("b", ArgForm::Id)],
    },
    OpSpec {
        name: "add_continuous_effect",
        op: OpName::AddContinuousEffect,
        params: &[
            p("effect", ArgForm::Text),
            p("affected", ArgForm::Ids),
            opt("keyword", ArgForm::OptText, ArgDefault::Nothing),
            opt("value", ArgForm::OptAmount, ArgDefault::Nothing),
            opt("power", ArgForm::OptInt, ArgDefault::Nothing),
            opt("toughness", ArgForm::OptInt, ArgDefault::Nothing),
            opt("until_end_of_turn", ArgForm::Flag, ArgDefault::Flag(false)),
        ],
    },
    OpSpec {
        name: "end_continuous_effect",
        op: OpName::EndContinuousEffect,
        params: &[p("id", ArgForm::Id)],
    },
];

/// The known operation names, in table order, comma-separated (for messages).
pub fn known_ops() -> String {
    OPS.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
}

impl OpSpec {
    /// The operation called `name`; `Value` listing the known names otherwise (`index`: the
    /// operation's place in the list, for the message).
    pub fn find(index: usize, name: &str) -> Result<&'static OpSpec> {
        OPS.iter().find(|s| s.name == name).ok_or_else(|| {
            Error::refused(
                Reason::UnknownName,
                format!(
                    "operation {index}: unknown operation {name:?}; known: {}",
                    known_ops()
                ),
            )
        })
    }

    /// How many arguments it needs, and takes at most.
    pub fn arity(&self) -> (usize, usize) {
        let required = self.params.iter().filter(|p| p.default.is_none()).count();
        (required, self.params.len())
    }

    /// `Type` unless `given` arguments fit.
    pub fn check_arity(&self, index: usize, given: usize) -> Result<()> {
        let (lo, hi) = self.arity();
        if given < lo || given > hi {
            return Err(Error::refused(
                Reason::WrongForm,
                format!(
                    "operation {index} ({}) takes {lo}..{hi} arguments, got {given}",
                    self.name
                ),
            ));
        }
        Ok(())
    }
}

/// One argument as converted by a binding, in the form its `Param` gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Id(u32),
    Kind(OpKind),
    Amount(u64),
    Flag(bool),
    Zone(Zone),
    Ids(Vec<u32>),
    Text(Arc<str>),
    OptText(Option<Arc<str>>),
    OptAmount(Option<u64>),
    OptInt(Option<i64>),
    /// An optional argument left out.
    Nothing,
}

impl Op {
    /// The operation of `spec` from its arguments in order (those left out take their
    /// defaults). The arguments must have the forms of `spec.params` (a binding reads them so):
    /// anything else is a `Type` error.
    pub fn build(spec: &OpSpec, args: Vec<Arg>) -> Result<Op> {
        let mut args = args.into_iter();
        let mut next = |i: usize| -> Result<Arg> {
            let param = spec.params.get(i).ok_or_else(|| wrong_args(spec))?;
            match (args.next(), param.default) {
                (Some(arg), _) => Ok(arg),
                (None, Some(ArgDefault::Amount(n))) => Ok(Arg::Amount(n)),
                (None, Some(ArgDefault::Flag(b))) => Ok(Arg::Flag(b)),
                (None, Some(ArgDefault::Nothing)) => Ok(Arg::Nothing),
                (None, None) => Err(wrong_args(spec)),
            }
        };
        let id = |a: Arg| match a {
            Arg::Id(v) => Ok(v),
            _ => Err(wrong_args(spec)),
        };
        let amount = |a: Arg| match a {
            Arg::Amount(v) => Ok(v),
            _ => Err(wrong_args(spec)),
        };
        let kind = |a: Arg| match a {
            Arg::Kind(v) => Ok(v),
            _ => Err(wrong_args(spec)),
        };
        let flag = |a: Arg| match a {
            Arg::Flag(v) => Ok(v),
            _ => Err(wrong_args(spec)),
        };
        Ok(match spec.op {
            OpName::AddCounters => {
                Op::AddCounters(id(next(0)?)?, kind(next(1)?)?, amount(next(2)?)?)
            }
            OpName::RemoveCounters => {
                Op::RemoveCounters(id(next(0)?)?, kind(next(1)?)?, amount(next(2)?)?)
            }
            OpName::PayCounters => {
                Op::PayCounters(id(next(0)?)?, kind(next(1)?)?, amount(next(2)?)?)
            }
            OpName::GainLife => Op::GainLife(id(next(0)?)?, amount(next(1)?)?),
            OpName::LoseLife => Op::LoseLife(id(next(0)?)?, amount(next(1)?)?),
            OpName::DealDamage => Op::DealDamage {
                source: id(next(0)?)?,
                target: id(next(1)?)?,
                amount: amount(next(2)?)?,
                kind: flag(next(3)?)?.into(),
                prevention: flag(next(4)?)?.into(),
            },
            OpName::Move => match (id(next(0)?)?, next(1)?) {
                (x, Arg::Zone(z)) => Op::Move(x, z),
                _ => return Err(wrong_args(spec)),
            },
            OpName::Proliferate => match (id(next(0)?)?, next(1)?) {
                (player, Arg::Ids(ids)) => Op::Proliferate(player, ids),
                _ => return Err(wrong_args(spec)),
            },
            OpName::ProliferateAuto => Op::ProliferateAuto(id(next(0)?)?),
            OpName::Cleanup => Op::Cleanup,
            OpName::CheckStateBasedActions => Op::CheckStateBasedActions,
            OpName::Destroy => Op::Destroy(id(next(0)?)?),
            OpName::Regenerate => Op::Regenerate(id(next(0)?)?),
            OpName::Tap => Op::Tap(id(next(0)?)?),
            OpName::Untap => Op::Untap(id(next(0)?)?),
            OpName::MoveCounters => Op::MoveCounters(
                id(next(0)?)?,
                id(next(1)?)?,
                kind(next(2)?)?,
                amount(next(3)?)?,
            ),
            OpName::PutCountersFrom => Op::PutCountersFrom(id(next(0)?)?, id(next(1)?)?),
            OpName::AddContinuousEffect => {
                let effect = match next(0)? {
                    Arg::Text(t) => t,
                    _ => return Err(wrong_args(spec)),
                };
                let affected = match next(1)? {
                    Arg::Ids(ids) => ids,
                    _ => return Err(wrong_args(spec)),
                };
                let keyword = match next(2)? {
                    Arg::OptText(t) => t,
                    Arg::Nothing => None,
                    _ => return Err(wrong_args(spec)),
                };
                let value = match next(3)? {
                    Arg::OptAmount(v) => v,
                    Arg::Nothing => None,
                    _ => return Err(wrong_args(spec)),
                };
                let mut int = |i: usize| match next(i)? {
                    Arg::OptInt(v) => Ok(v),
                    Arg::Nothing => Ok(None),
                    _ => Err(wrong_args(spec)),
                };
                let power = int(4)?;
                let toughness = int(5)?;
                Op::AddContinuousEffect {
                    effect,
                    affected,
                    keyword,
                    value,
                    power,
                    toughness,
                    until_end_of_turn: flag(next(6)?)?,
                }
            }
            OpName::EndContinuousEffect => Op::EndContinuousEffect(id(next(0)?)?),
        })
    }
}

#[cold]
fn wrong_args(spec: &OpSpec) -> Error {
    let forms: Vec<String> = spec
        .params
        .iter()
        .map(|p| format!("{}: {:?}", p.name, p.form))
        .collect();
    Error::Type(format!(
        "{} takes ({}) in these forms",
        spec.name,
        forms.join(", ")
    ))
}

impl Game {
    /// Applies one operation.
    pub fn apply_op(&mut self, op: &Op) -> Result<()> {
        match op {
            Op::AddCounters(e, k, n) => self.add_counters(*e, k.as_ref(), *n),
            Op::RemoveCounters(e, k, n) => self.remove_counters(*e, k.as_ref(), *n).map(drop),
            Op::PayCounters(e, k, n) => self.pay_counters(*e, k.as_ref(), *n),
            Op::GainLife(p, n) => self.gain_life(*p, *n),
            Op::LoseLife(p, n) => self.lose_life(*p, *n),
            Op::DealDamage {
                source,
                target,
                amount,
                kind,
                prevention,
            } => self
                .deal_damage(*source, *target, *amount, *kind, *prevention)
                .map(drop),
            Op::Move(x, z) => self.move_to(*x, *z).map(drop),
            Op::Proliferate(p, ids) => self.proliferate(*p, ids),
            Op::ProliferateAuto(p) => self.proliferate_auto(*p).map(drop),
            Op::Cleanup => {
                self.cleanup();
                Ok(())
            }
            Op::CheckStateBasedActions => self.run_state_based_actions(),
            Op::Destroy(x) => self.destroy(*x).map(drop),
            Op::Regenerate(x) => self.regenerate(*x),
            Op::Tap(x) => self.tap(*x).map(drop),
            Op::Untap(x) => self.untap(*x).map(drop),
            Op::MoveCounters(a, b, k, n) => self.move_counters(*a, *b, k.as_ref(), *n).map(drop),
            Op::PutCountersFrom(a, b) => self.put_counters_from(*a, *b),
            Op::AddContinuousEffect {
                effect,
                affected,
                keyword,
                value,
                power,
                toughness,
                until_end_of_turn,
            } => self
                .add_continuous_effect(
                    effect,
                    crate::continuous::AffectedSpec::Ids(affected),
                    None,
                    None,
                    keyword.as_deref(),
                    *value,
                    *power,
                    *toughness,
                    *until_end_of_turn,
                )
                .map(drop),
            Op::EndContinuousEffect(id) => self.end_continuous_effect(*id),
        }
    }

    /// Applies the operations in order, all or nothing: on the first failure the game is put
    /// back as it was and the failure is returned with the operation's index.
    pub fn apply_ops(&mut self, ops: &[Op]) -> std::result::Result<(), (usize, crate::Error)> {
        // The transaction journals what the operations change (see `Game::transaction`).
        self.transaction(|g| {
            for (i, op) in ops.iter().enumerate() {
                g.apply_op(op).map_err(|e| (i, e))?;
            }
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_op_is_named_once_and_builds_from_its_defaults() {
        let mut names: Vec<&str> = OPS.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), OPS.len());
        let spec = OpSpec::find(0, "add_counters").unwrap();
        assert_eq!(spec.arity(), (2, 3));
        let op = Op::build(spec, vec![Arg::Id(3), Arg::Kind("charge".into())]).unwrap();
        assert_eq!(op, Op::AddCounters(3, OpKind::Builtin(kinds::CHARGE), 1));
        let spec = OpSpec::find(0, "deal_damage").unwrap();
        let op = Op::build(spec, vec![Arg::Id(1), Arg::Id(2), Arg::Amount(3)]).unwrap();
        assert!(matches!(
            op,
            Op::DealDamage {
                kind: DamageKind::Noncombat,
                prevention: Prevention::Preventable,
                ..
            }
        ));
        assert!(Op::build(spec, vec![Arg::Id(1)]).is_err());
        let err = OpSpec::find(4, "explode").unwrap_err().to_string();
        assert!(err.contains("operation 4") && err.contains("check_state_based_actions"));
        assert!(spec.check_arity(0, 6).is_err());
    }

    #[test]
    fn named_kinds_resolve_in_each_game() {
        assert_eq!(
            OpKind::new("my kind").unwrap(),
            OpKind::Named("my kind".into())
        );
        assert!(OpKind::new("").is_err());
    }
}
