//! Errors of the card layer.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The kernel refused an operation (bad id, overflow, can't pay...).
    Kernel(cardstate_core::Error),
    /// A bad definition or a bad call (unknown card, wrong number of targets...): a ValueError.
    Invalid(String),
    /// A card whose effect is a Python callable, run where Python isn't.
    PythonEffect(String),
    /// The effect needs a kernel mechanism this kernel does not have yet.
    Unsupported(String),
}

pub type Result<T> = std::result::Result<T, Error>;

impl From<cardstate_core::Error> for Error {
    fn from(e: cardstate_core::Error) -> Error {
        Error::Kernel(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Kernel(e) => write!(f, "{e}"),
            Error::Invalid(m) | Error::Unsupported(m) => f.write_str(m),
            Error::PythonEffect(card) => write!(
                f,
                "card {card:?} has an effect written in Python: it can't run in Rust-only \
                 paths (playouts, search, batches); resolve it from Python (docs/CARDS.md)"
            ),
        }
    }
}

impl std::error::Error for Error {}

pub(crate) fn invalid<T>(msg: impl Into<String>) -> Result<T> {
    Err(Error::Invalid(msg.into()))
}
