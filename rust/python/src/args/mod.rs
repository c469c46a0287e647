//! Argument conversion (docs/SEMANTICS.md §0, step 1): each Python argument is read and its
//! form checked, in signature order, before the engine sees it. Nothing here decides a rule.

mod assignments;
mod counters;
mod create;
mod flags;
mod ints;
mod kinds;
mod names;
mod prior;

pub(crate) use assignments::Assignments;
pub(crate) use counters::CountersArg;
pub(crate) use create::{CostArg, InfoArg, KeywordsArg, Names, OptInt};
pub(crate) use flags::{
    not_a_flag, AcrossGroups, Combat, Elite, Flag, Flying, On, Preventable, RecordEvents, Token,
    UntilEndOfTurn,
};
pub(crate) use ints::{
    exact_int, index, int_arg, int_out, opt_int, opt_int_out, Amount, Id, Lenient,
};
pub(crate) use kinds::{extra_kinds, KindArg};
pub(crate) use names::{ids_form, names, ZoneArg};
pub(crate) use prior::{named_weights, prior_over, NamedWeights};
