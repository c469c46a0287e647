//! Printed costs and their parser (105.1).

use crate::error::{Error, Reason, Result};
use crate::limits::STAT_LIMIT;

/// A mana/Berserk cost: a number plus a number of X (105.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cost {
    pub base: u32,
    pub xs: u8,
}

impl Cost {
    /// Parses `"2+X"`-style costs: `+`-separated terms, each a decimal number or `X`
    /// (whitespace ignored). The numbers add up exactly: a total of `STAT_LIMIT` or more (any
    /// number of digits, any number of terms) is an `OverflowError`; more than `MAX_COST_X` X
    /// terms is a malformed cost (`ValueError`).
    pub fn parse(text: &str) -> Result<Cost> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let bad = || {
            Error::refused(
                Reason::BadCost,
                format!("bad cost {text:?}: expected terms like \"2+X\""),
            )
        };
        if compact.is_empty() {
            return Err(bad());
        }
        let too_large = || Error::Overflow(format!("cost {text:?} is too large"));
        let mut cost = Cost::default();
        // Below STAT_LIMIT after every term, so adding one more term (< STAT_LIMIT) can't wrap.
        let mut total: u64 = 0;
        for term in compact.split('+') {
            if term == "X" {
                // `MAX_COST_X` is the largest u8.
                cost.xs = cost.xs.checked_add(1).ok_or_else(bad)?;
            } else if !term.is_empty() && term.bytes().all(|b| b.is_ascii_digit()) {
                let digits = term.trim_start_matches('0');
                // More than 10 digits is beyond STAT_LIMIT whatever they are.
                if digits.len() > 10 {
                    return Err(too_large());
                }
                total += digits.parse::<u64>().unwrap_or(0);
                if total >= STAT_LIMIT {
                    return Err(too_large());
                }
            } else {
                return Err(bad());
            }
        }
        cost.base = total as u32;
        Ok(cost)
    }
}
