//! The checks of mana abilities (605): what they add and the abilities that change it.

use super::costs::check_cost;
use super::{bad, mana_symbols};
use crate::error::Result;
use crate::model::{Ability, CardDef};

/// A mana ability of card c (at `at`): its symbols and cost; a `ManaForEach`,
/// `ManaOfChosenColour` or `ManaOfEachColourAmong` with the one mana ability it changes.
pub(super) fn check_mana_ability(c: &CardDef, at: &str, a: &Ability) -> Result<()> {
    match a {
        Ability::Mana {
            produces,
            cost,
            spend_only_on,
            spend_only_on_chosen,
        } => {
            let chooses = c
                .abilities
                .iter()
                .any(|a| matches!(a, Ability::ChooseACreatureType { .. }));
            if *spend_only_on_chosen && (!chooses || !spend_only_on.is_empty()) {
                return bad(
                    c,
                    at,
                    "spend_only_on_chosen belongs to a card that chooses a creature type (and \
                     names no other subtypes)",
                );
            }
            if !mana_symbols(produces) {
                return bad(
                    c,
                    at,
                    format!(
                        "a mana ability produces one of W U B R G C, or a choice of colours \
                         in WUBRG order, not {produces:?}"
                    ),
                );
            }
            check_cost(c, at, cost)?;
            if cost.discard > 0 {
                return bad(
                    c,
                    at,
                    "a mana ability's cost discards no card (the duels pay it alone)",
                );
            }
            Ok(())
        }
        Ability::ManaForEach { .. } => {
            let mut mana = c.abilities.iter().filter_map(|a| match a {
                Ability::Mana { produces, .. } => Some(produces.as_str()),
                _ => None,
            });
            let one_colour = matches!(
                (mana.next(), mana.next()),
                (Some(p), None) if p.len() == 1 && p != "C"
            );
            if !one_colour {
                return bad(
                    c,
                    at,
                    "ManaForEach belongs to a card with one mana ability of one colour",
                );
            }
            Ok(())
        }
        Ability::ManaOfChosenColour => {
            let mut mana = c.abilities.iter().filter_map(|a| match a {
                Ability::Mana { produces, .. } => Some(produces.as_str()),
                _ => None,
            });
            let chooses = c
                .abilities
                .iter()
                .any(|a| matches!(a, Ability::ChooseAColour { .. }));
            if !chooses || !matches!((mana.next(), mana.next()), (Some("WUBRG"), None)) {
                return bad(
                    c,
                    at,
                    "ManaOfChosenColour belongs to a card that chooses a colour, with one \
                     mana ability of any colour",
                );
            }
            Ok(())
        }
        Ability::ManaOfEachColourAmong { .. } => {
            let mut mana = c.abilities.iter().filter_map(|a| match a {
                Ability::Mana { produces, .. } => Some(produces.as_str()),
                _ => None,
            });
            if !matches!((mana.next(), mana.next()), (Some("WUBRG"), None)) {
                return bad(
                    c,
                    at,
                    "ManaOfEachColourAmong belongs to a card with one mana ability of any \
                     colour",
                );
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
