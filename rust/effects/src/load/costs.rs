//! The checks of costs: mana costs, activation costs, sacrifices.

use super::{bad, check_kind};
use crate::error::Result;
use crate::model::{Ability, ActivationCost, CardDef, ManaCost, Rel};
use cardstate_core::{limits, Zone};

/// A cost's sacrifice: permanents of the payer's (701.21a), at least one, at most
/// `MAX_COST_DISCARD`.
pub(super) fn check_sacrifice(
    c: &CardDef,
    at: &str,
    s: &crate::model::SacrificeCost,
) -> Result<()> {
    let f = &s.filter;
    if f.players || f.zone != Zone::Battlefield || f.controller == Some(Rel::Opponent) {
        return bad(
            c,
            at,
            "names permanents of the controller's (a filter of the battlefield)",
        );
    }
    if s.count == 0 || s.count > MAX_COST_DISCARD {
        return bad(
            c,
            at,
            format!("sacrifices 1 to {MAX_COST_DISCARD} permanents"),
        );
    }
    Ok(())
}

/// Cards one cost discards at most (`MAX_COST_DISCARD` of the compiler).
pub const MAX_COST_DISCARD: u32 = 255;

pub(super) fn check_cost(c: &CardDef, at: &str, cost: &ActivationCost) -> Result<()> {
    if let Some(m) = &cost.mana {
        check_mana(c, &format!("{at}.cost.mana"), m)?;
    }
    if let Some(f) = &cost.sacrifice_another {
        // 701.21a: a player sacrifices only permanents they control.
        if f.players || f.zone != Zone::Battlefield || f.controller == Some(Rel::Opponent) {
            return bad(
                c,
                format!("{at}.cost.sacrifice_another"),
                "names permanents of the controller's (a filter of the battlefield)",
            );
        }
    }
    if let Some(t) = &cost.tap_untapped {
        check_sacrifice(c, &format!("{at}.cost.tap_untapped"), t)?;
    }
    if cost.discard > MAX_COST_DISCARD {
        return bad(
            c,
            format!("{at}.cost.discard"),
            format!("discards at most {MAX_COST_DISCARD} cards"),
        );
    }
    if cost
        .loyalty
        .is_some_and(|n| n.unsigned_abs() >= limits::STAT_LIMIT)
    {
        return bad(
            c,
            format!("{at}.cost.loyalty"),
            format!("puts or removes fewer than {} counters", limits::STAT_LIMIT),
        );
    }
    if let Some(r) = &cost.remove_counters {
        check_kind(c, &format!("{at}.cost.remove_counters"), &r.counter)?;
        if r.n == 0 {
            return bad(
                c,
                format!("{at}.cost.remove_counters"),
                "removes 0 counters",
            );
        }
    }
    Ok(())
}

/// A mana cost's symbols add up to its mana value (202.3), which a kernel cost can hold.
pub(super) fn check_mana(c: &CardDef, at: &str, m: &ManaCost) -> Result<()> {
    let total = u64::from(m.generic)
        + m.coloured.iter().map(|&k| u64::from(k)).sum::<u64>()
        + u64::from(m.colourless)
        + m.hybrid.len() as u64
        + m.phyrexian.len() as u64;
    if total != u64::from(m.mana_value) {
        return bad(
            c,
            at,
            format!(
                "mana value {} but its symbols add up to {total}",
                m.mana_value
            ),
        );
    }
    if total >= limits::STAT_LIMIT {
        return bad(
            c,
            at,
            format!(
                "mana value {total}; a cost is below {} (the kernel's limit)",
                limits::STAT_LIMIT
            ),
        );
    }
    Ok(())
}

/// The checks of a spell's cost abilities (118.9, 601.2f, 702.33a, 702.34a, 702.35a,
/// 702.170a): `Ok(true)` for one of them, checked; `Ok(false)` for another ability.
pub(super) fn check_cost_ability(c: &CardDef, at: &str, a: &Ability) -> Result<bool> {
    match a {
        Ability::Flashback { cost, sacrifice } => {
            if !c.types.iter().any(|t| t == "instant" || t == "sorcery") {
                return bad(
                    c,
                    at,
                    "flashback belongs to an instant or a sorcery (702.34a)",
                );
            }
            match (cost, sacrifice) {
                (Some(m), None) => check_mana(c, &format!("{at}.cost"), m)?,
                (None, Some(s)) => check_sacrifice(c, &format!("{at}.sacrifice"), s)?,
                _ => {
                    return bad(
                        c,
                        at,
                        "a flashback cost is a mana cost or a sacrifice, one of them",
                    )
                }
            }
            Ok(true)
        }
        Ability::AdditionalSacrifice {
            sacrifice,
            or_pay,
            or_paid_cost,
        } => {
            if c.types.iter().any(|t| t == "land") {
                return bad(
                    c,
                    at,
                    "an additional cost is a spell's: a land isn't cast (601.2f)",
                );
            }
            check_sacrifice(c, &format!("{at}.sacrifice"), sacrifice)?;
            match (or_pay, or_paid_cost) {
                (Some(m), Some(all)) => {
                    check_mana(c, &format!("{at}.or_pay"), m)?;
                    check_mana(c, &format!("{at}.or_paid_cost"), all)?;
                }
                (None, None) => {}
                _ => return bad(c, at, "or_pay and or_paid_cost go together"),
            }
            Ok(true)
        }
        Ability::AlternativeManaCost { cost, .. } => {
            if c.types.iter().any(|t| t == "land") {
                return bad(
                    c,
                    at,
                    "an alternative cost is a spell's: a land isn't cast (118.9)",
                );
            }
            check_mana(c, &format!("{at}.cost"), cost)?;
            Ok(true)
        }
        Ability::AlternativeCost { sacrifice } => {
            if c.types.iter().any(|t| t == "land") {
                return bad(
                    c,
                    at,
                    "an alternative cost is a spell's: a land isn't cast (118.9)",
                );
            }
            check_sacrifice(c, &format!("{at}.sacrifice"), sacrifice)?;
            Ok(true)
        }
        Ability::AdditionalCost { discard } => {
            if c.types.iter().any(|t| t == "land") {
                return bad(
                    c,
                    at,
                    "an additional cost is a spell's: a land isn't cast (601.2f)",
                );
            }
            if !(1..=MAX_COST_DISCARD).contains(discard) {
                return bad(
                    c,
                    format!("{at}.discard"),
                    format!("an additional cost discards 1 to {MAX_COST_DISCARD} cards"),
                );
            }
            Ok(true)
        }
        Ability::Madness { cost } => {
            if c.types.iter().any(|t| t == "land") {
                return bad(c, at, "madness is a spell's: a land isn't cast (702.35a)");
            }
            check_mana(c, &format!("{at}.cost"), cost)?;
            Ok(true)
        }
        Ability::Plot { cost } => {
            if c.types.iter().any(|t| t == "land") {
                return bad(c, at, "plot is a spell's: a land isn't cast (702.170a)");
            }
            check_mana(c, &format!("{at}.cost"), cost)?;
            Ok(true)
        }
        Ability::Kicker {
            cost,
            kicked_cost,
            spell,
        } => {
            if c.types.iter().any(|t| t == "land") {
                return bad(c, at, "kicker is a spell's: a land isn't cast (702.33a)");
            }
            if spell
                .is_some_and(|m| !matches!(c.abilities.get(m as usize), Some(Ability::Mode { .. })))
            {
                return bad(
                    c,
                    at,
                    "a kicked spell is a mode ability of the card (702.33d)",
                );
            }
            check_mana(c, &format!("{at}.cost"), cost)?;
            check_mana(c, &format!("{at}.kicked_cost"), kicked_cost)?;
            Ok(true)
        }
        _ => Ok(false),
    }
}
