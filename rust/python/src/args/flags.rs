//! Flags: a `bool` argument (an int is refused: `combat=1` is a `TypeError` naming `combat`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBool;
use std::marker::PhantomData;

/// The name of a flag argument, for its error message.
pub(crate) trait FlagName {
    const NAME: &'static str;
}

/// A flag argument named by `N`.
pub(crate) struct Flag<N>(pub(crate) bool, PhantomData<N>);

impl<N> Flag<N> {
    pub(crate) const fn new(on: bool) -> Self {
        Flag(on, PhantomData)
    }
}

impl<'a, 'py, N: FlagName> FromPyObject<'a, 'py> for Flag<N> {
    type Error = PyErr;
    #[inline]
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.cast_exact::<PyBool>() {
            Ok(b) => Ok(Flag::new(b.is_true())),
            Err(_) => Err(not_a_flag(obj, N::NAME)),
        }
    }
}

#[cold]
pub(crate) fn not_a_flag(obj: Borrowed<'_, '_, PyAny>, what: &str) -> PyErr {
    let type_name = obj
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string());
    PyTypeError::new_err(format!("{what} must be a bool, not {type_name}"))
}

macro_rules! flag_names {
    ($($name:ident = $text:literal),* $(,)?) => {
        $(
            pub(crate) struct $name;
            impl FlagName for $name {
                const NAME: &'static str = $text;
            }
        )*
    };
}

flag_names! {
    Combat = "combat",
    AcrossGroups = "across_groups",
    Preventable = "preventable",
    Flying = "flying",
    Elite = "elite",
    Token = "token",
    UntilEndOfTurn = "until_end_of_turn",
    RecordEvents = "record_events",
    On = "flag",
}
