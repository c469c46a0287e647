//! Granted and revoked keywords, and power/toughness changes until end of turn.

use super::Game;
use crate::error::{overflow, refuse, Reason, Result};
use crate::keywords::{self, Keywords};

impl Game {
    /// Grants a keyword (permanently, or until end of turn).
    pub fn grant(&mut self, id: u32, name: &str, until_end_of_turn: bool) -> Result<()> {
        self.live_object(id)?;
        let kw = Self::grantable(name)?;
        self.update_chars(id, |e| {
            if until_end_of_turn {
                e.keywords_eot = e.keywords_eot.union(kw);
            } else {
                e.keywords = e.keywords.union(kw);
            }
        });
        Ok(())
    }

    /// Removes a keyword whether printed or granted (keyword counters stay: they are counters).
    pub fn revoke(&mut self, id: u32, name: &str) -> Result<()> {
        self.live_object(id)?;
        let kw = Self::grantable(name)?;
        self.update_chars(id, |e| {
            e.keywords = e.keywords.without(kw);
            e.keywords_eot = e.keywords_eot.without(kw);
        });
        Ok(())
    }

    fn grantable(name: &str) -> Result<Keywords> {
        match keywords::keyword(name) {
            Some(Keywords::TOXIC) => refuse(
                Reason::BadAmount,
                "toxic is a valued keyword: set it at creation",
            ),
            Some(k) => Ok(k),
            None => Err(keywords::unknown(name)),
        }
    }

    /// +power/+toughness until end of turn.
    pub fn pump(&mut self, id: u32, power: i64, toughness: i64) -> Result<()> {
        self.permanent(id, "pump")?;
        use crate::limits::{pump_ok, stat_ok};
        if !stat_ok(power) || !stat_ok(toughness) {
            return overflow("the power/toughness change");
        }
        // Both below PUMP_LIMIT (< 2**62) and the change below 2**31: the sums can't wrap.
        let e = &self.entities[id as usize];
        let (p, t) = (e.pump_power + power, e.pump_toughness + toughness);
        if !pump_ok(p) || !pump_ok(t) {
            return overflow("the power/toughness change");
        }
        self.update_chars(id, |e| {
            e.pump_power = p;
            e.pump_toughness = t;
        });
        Ok(())
    }
}
