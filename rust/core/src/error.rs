//! Errors of the kernel. Each maps to one Python exception class in the bindings.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// No entity has this id (Python `KeyError`).
    UnknownId(i128),
    /// Bad value (Python `ValueError`).
    Value(String),
    /// Wrong type of argument (Python `TypeError`).
    Type(String),
    /// A count, life total or id would leave its range (Python `OverflowError`).
    Overflow(String),
    /// The object changed zones; its old id is last known information (`cardstate.GoneError`).
    Gone(u32),
    /// A cost can't be paid in full (`cardstate.CannotPay`).
    CannotPay(String),
}

pub type Result<T> = std::result::Result<T, Error>;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownId(id) => write!(f, "no entity with id {id}"),
            Error::Value(m) | Error::Type(m) | Error::Overflow(m) | Error::CannotPay(m) => {
                f.write_str(m)
            }
            Error::Gone(id) => write!(
                f,
                "object {id} has left its zone: its id is last known information and can't be changed"
            ),
        }
    }
}

impl std::error::Error for Error {}

pub(crate) fn value<T>(msg: impl Into<String>) -> Result<T> {
    Err(Error::Value(msg.into()))
}

pub(crate) fn overflow<T>(what: &str) -> Result<T> {
    Err(Error::Overflow(format!("{what} would overflow")))
}
