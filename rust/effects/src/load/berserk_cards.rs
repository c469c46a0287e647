//! The checks of a Berserk card's own data: its property operations and properties.

use super::bad;
use crate::berserk;
use crate::error::Result;
use crate::model::{BerserkProperties, CardDef, Op};
use cardstate_core::limits;

/// The operations of the Berserk property rules (a Berserk card's only).
pub(super) fn is_berserk_op(op: &Op) -> bool {
    matches!(
        op,
        Op::SetStrength { .. }
            | Op::SetLives { .. }
            | Op::Heal { .. }
            | Op::RemoveEffects { .. }
            | Op::GainControl { .. }
            | Op::BecomeType { .. }
            | Op::BecomeElite { .. }
            | Op::SetFlying { .. }
            | Op::DrawCheaper { .. }
    )
}

/// A Berserk card's properties (`CardDef::berserk`) as the kernel and the rules read them:
/// none of a Magic card's, numbers that fit, the weak strike as the strength, known keywords.
pub(super) fn check_berserk(c: &CardDef, b: &BerserkProperties) -> Result<()> {
    if c.cost.is_some()
        || !c.supertypes.is_empty()
        || c.power.is_some()
        || c.toughness.is_some()
        || c.loyalty.is_some()
        || !c.keywords.is_empty()
    {
        return bad(
            c,
            "card",
            "a Berserk card has no mana cost, supertypes, power, toughness, loyalty or Magic \
             keywords",
        );
    }
    if let Some(cost) = &b.cost {
        if u64::from(cost.base) >= limits::STAT_LIMIT {
            return bad(c, "berserk.cost", "a cost is below 2**31");
        }
    }
    if let Some([weak, ..]) = b.strikes {
        if b.strength != Some(weak) {
            return bad(c, "berserk.strength", "the strength is the weak strike");
        }
    }
    for (what, n) in [
        ("strength", b.strength),
        ("lives", b.lives),
        ("movement", b.movement),
    ] {
        if n.is_some_and(|n| u64::from(n) >= limits::STAT_LIMIT) {
            return bad(c, format!("berserk.{what}"), "a number below 2**31");
        }
    }
    for k in &b.keywords {
        if berserk::keyword_effect(k).is_none() {
            return bad(
                c,
                "berserk.keywords",
                format!("unknown keyword {k:?} of the game"),
            );
        }
    }
    Ok(())
}
