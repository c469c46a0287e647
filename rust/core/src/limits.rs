//! The limits of a game's state, in one place (docs/FORMAT.md §1.1 lists them).
//!
//! The API refuses a call whose result would go beyond one of them (`OverflowError`) and the
//! decoder refuses bytes beyond them, so whatever the API builds round-trips through the codec,
//! and what the decoder accepts is a state the API could have reached: a later legal call on a
//! decoded game gives a game that encodes again. The Python side reads them from
//! `cardstate.vocabulary` (checked against these through `cardstate._native.LIMITS`).

/// Players in one game.
pub const MAX_PLAYERS: u32 = 64;

/// Printed numbers (power, toughness, loyalty, defense, a cost's number, strength, lives,
/// movement) and a cost modifier's amount have an absolute value below this.
pub const STAT_LIMIT: u64 = 1 << 31;

/// An until-end-of-turn power or toughness change adds up to an absolute value below this.
pub const PUMP_LIMIT: u64 = 1 << 62;

/// X terms in one cost (105.1).
pub const MAX_COST_X: u8 = u8::MAX;

/// Counter kinds one game's table holds at once, the built-in ones included (a kind's id is a
/// `u16`). Kinds no entity and no logged event names any more are given back, so this bounds
/// the kinds in use, not the kinds ever used.
pub const MAX_KINDS: usize = u16::MAX as usize;

/// Entities (players and objects, gone ones included) in one game: ids are below this (the
/// `u32` value `NO_ID` = 2**32 - 1 means "none").
pub const MAX_ENTITIES: usize = u32::MAX as usize;

/// Bytes of one name (a card's name, a counter kind, a subtype): the format's `u32` length.
pub const MAX_NAME_BYTES: usize = u32::MAX as usize;

/// `Ok` for a name the format can hold, `OverflowError` naming `what` otherwise.
pub fn check_name_length(name: &str, what: &str) -> crate::Result<()> {
    if name.len() > MAX_NAME_BYTES {
        return Err(crate::Error::Overflow(format!(
            "{what} is {} bytes long; names are at most {MAX_NAME_BYTES} bytes",
            name.len()
        )));
    }
    Ok(())
}

/// Whether `v` is a printed number within `STAT_LIMIT` (checked without `abs`, which wraps on
/// `i64::MIN`).
#[inline]
pub fn stat_ok(v: i64) -> bool {
    v.unsigned_abs() < STAT_LIMIT
}

/// Whether `v` is an until-end-of-turn change within `PUMP_LIMIT`.
#[inline]
pub fn pump_ok(v: i64) -> bool {
    v.unsigned_abs() < PUMP_LIMIT
}

/// Replacement effects ordered across the default groups at once (616.1; each damage part
/// records which of them applied to it in a `u64`).
pub const MAX_ORDERED_EFFECTS: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    use crate::game::Cost;
    use crate::Error;

    /// 105.1 costs: the terms add up exactly, and a total of 2**31 or more is an overflow
    /// however it is reached (many terms, long numbers, leading zeros), never a wrapped total.
    #[test]
    fn cost_totals_add_up_exactly_or_overflow() {
        let overflow = |t: &str| matches!(Cost::parse(t), Err(Error::Overflow(_)));
        assert!(overflow("1000000000000+1000000000000+7"));
        assert!(overflow("2147483647+1"));
        assert!(overflow(&["9999999999"; 40].join("+")));
        assert!(overflow(&format!("{}+X", "9".repeat(5000))));
        assert!(overflow(&["1073741824"; 2].join("+")));
        let ok = |t: &str| Cost::parse(t).unwrap();
        assert_eq!(
            ok("2147483647"),
            Cost {
                base: (1 << 31) - 1,
                xs: 0
            }
        );
        assert_eq!(
            ok(&format!("{}5+X", "0".repeat(3000))),
            Cost { base: 5, xs: 1 }
        );
        assert_eq!(ok(&["1"; 300].join("+")), Cost { base: 300, xs: 0 });
        assert_eq!(ok(&["X"; 255].join("+")).xs, 255);
        assert!(matches!(
            Cost::parse(&["X"; 256].join("+")),
            Err(Error::Refused(crate::Reason::BadCost, _))
        ));
    }

    #[test]
    fn the_bounds_check_without_wrapping_at_the_most_negative_value() {
        assert!(!stat_ok(i64::MIN) && !pump_ok(i64::MIN));
        assert!(stat_ok((1 << 31) - 1) && stat_ok(-(1 << 31) + 1) && !stat_ok(-(1 << 31)));
        assert!(pump_ok((1 << 62) - 1) && !pump_ok(1 << 62) && !pump_ok(-(1 << 62)));
    }
}
