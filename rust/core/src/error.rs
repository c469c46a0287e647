//! Errors of the kernel: each has a machine-readable `Reason` (what Rust callers match on) and a
//! message (what a person reads); the reason's `Class` is the Python exception the bindings raise.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// No entity has this id (Python `KeyError`).
    UnknownId(i128),
    /// Bad value with no finer reason (Python `ValueError`).
    Value(String),
    /// Wrong type or form of argument with no finer reason (Python `TypeError`).
    Type(String),
    /// A count, life total or id would leave its range (Python `OverflowError`).
    Overflow(String),
    /// The object changed zones; its old id is last known information (`cardstate.GoneError`).
    Gone(u32),
    /// A cost can't be paid in full (`cardstate.CannotPay`).
    CannotPay(String),
    /// A refusal with a precise reason (its class follows from the reason).
    Refused(Reason, String),
}

/// Why a call was refused, for callers that act on the reason rather than on the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// No entity has the id.
    UnknownId,
    /// The id names an object where a player is needed.
    NotAPlayer,
    /// The id names a player where an object is needed.
    NotAnObject,
    /// The object left its zone (its id is last known information).
    Gone,
    /// The rule applies only to permanents on the battlefield.
    NotOnBattlefield,
    /// Not a proliferate candidate (701.34a), or chosen twice.
    NotACandidate,
    /// A counter kind name that can't be one (empty).
    BadKind,
    /// A keyword, zone, ruleset, operation, card type (in the game's ruleset), replacement
    /// effect or filter name that doesn't exist.
    UnknownName,
    /// A card name or subtype that can't be one (empty).
    BadName,
    /// A cost text that doesn't parse as `+`-separated numbers and X (105.1).
    BadCost,
    /// A number below the least value its rule allows: a negative printed value, lives or
    /// strength becoming negative, toxic or an effect amount below its minimum.
    BelowMinimum,
    /// An amount missing where one is needed or given where none is taken (an effect's
    /// amount, a plain keyword's value other than 1, toxic granted without a value).
    BadAmount,
    /// The object lacks the property the call changes (it has no lives, no strength).
    NoProperty,
    /// The recipient can't be dealt damage now (a player in Berserk, an object that is not a
    /// damageable permanent).
    NotDamageable,
    /// A player given as the source of damage (sources are objects, 120.1).
    NotASource,
    /// One entity given on both sides (counters moved to itself, damage redirected to itself).
    SameEntity,
    /// An id given twice where each may appear once.
    Duplicate,
    /// Lists that go together (ids and their values) of different lengths.
    LengthMismatch,
    /// Arguments that don't go together: exactly one of two, an option the effect doesn't
    /// take, "you"/"opponents" without a source or controller, an effect affecting nothing.
    Incompatible,
    /// The rule applies only to cards in hand (a one-off cost modifier).
    NotInHand,
    /// The number of players is outside `1..=MAX_PLAYERS`.
    PlayersOutOfRange,
    /// An argument of the wrong form (a type error).
    WrongForm,
    /// A number would leave its range.
    Overflow,
    /// A cost can't be paid in full.
    CannotPay,
    /// Bytes that are not a valid encoding.
    Malformed,
    /// Any other value outside the rules' domain.
    Invalid,
}

/// The family of a refusal: the Python exception class it becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    Key,
    Value,
    Type,
    Overflow,
    Gone,
    CannotPay,
}

impl Reason {
    pub fn class(self) -> Class {
        match self {
            Reason::UnknownId => Class::Key,
            Reason::Gone => Class::Gone,
            Reason::CannotPay => Class::CannotPay,
            Reason::WrongForm => Class::Type,
            Reason::Overflow => Class::Overflow,
            Reason::NotAPlayer
            | Reason::NotAnObject
            | Reason::NotOnBattlefield
            | Reason::NotACandidate
            | Reason::BadKind
            | Reason::UnknownName
            | Reason::BadName
            | Reason::BadCost
            | Reason::BelowMinimum
            | Reason::BadAmount
            | Reason::NoProperty
            | Reason::NotDamageable
            | Reason::NotASource
            | Reason::SameEntity
            | Reason::Duplicate
            | Reason::LengthMismatch
            | Reason::Incompatible
            | Reason::NotInHand
            | Reason::PlayersOutOfRange
            | Reason::Malformed
            | Reason::Invalid => Class::Value,
        }
    }
}

impl Error {
    /// A refusal for `reason`, saying `message`.
    #[cold]
    pub fn refused(reason: Reason, message: impl Into<String>) -> Error {
        Error::Refused(reason, message.into())
    }

    /// Why the call was refused.
    pub fn reason(&self) -> Reason {
        match self {
            Error::UnknownId(_) => Reason::UnknownId,
            Error::Value(_) => Reason::Invalid,
            Error::Type(_) => Reason::WrongForm,
            Error::Overflow(_) => Reason::Overflow,
            Error::Gone(_) => Reason::Gone,
            Error::CannotPay(_) => Reason::CannotPay,
            Error::Refused(reason, _) => *reason,
        }
    }

    /// The Python exception class of the refusal.
    pub fn class(&self) -> Class {
        self.reason().class()
    }
}

pub type Result<T> = std::result::Result<T, Error>;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownId(id) => write!(f, "no entity with id {id}"),
            Error::Value(m)
            | Error::Type(m)
            | Error::Overflow(m)
            | Error::CannotPay(m)
            | Error::Refused(_, m) => f.write_str(m),
            Error::Gone(id) => write!(
                f,
                "object {id} has left its zone: its id is last known information and can't be changed"
            ),
        }
    }
}

impl std::error::Error for Error {}

/// A refusal for `reason` (a `ValueError` unless the reason says otherwise).
pub(crate) fn refuse<T>(reason: Reason, msg: impl Into<String>) -> Result<T> {
    Err(Error::Refused(reason, msg.into()))
}

pub(crate) fn overflow<T>(what: &str) -> Result<T> {
    Err(Error::Overflow(format!("{what} would overflow")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_has_a_reason_and_a_class() {
        assert_eq!(Error::UnknownId(9).reason(), Reason::UnknownId);
        assert_eq!(Error::UnknownId(9).class(), Class::Key);
        assert_eq!(Error::UnknownId(9).to_string(), "no entity with id 9");
        let e = Error::refused(Reason::NotAPlayer, "3 is an object, not a player");
        assert_eq!((e.reason(), e.class()), (Reason::NotAPlayer, Class::Value));
        assert_eq!(e.to_string(), "3 is an object, not a player");
        assert_eq!(Error::Type("x".into()).class(), Class::Type);
        assert_eq!(Error::Gone(4).class(), Class::Gone);
    }
}
