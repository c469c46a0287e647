//! The checks of a card's programs: its declared targets, operations, selectors, amounts,
//! conditions and counter kinds.

use super::berserk_cards::is_berserk_op;
use super::{bad, MAX_SEARCHED};
use crate::error::Result;
use crate::model::{
    Ability, Amount, CardDef, CardId, Condition, Destination, Op, Selector, TargetSpec, MAX_TARGETS,
};
use cardstate_core::{keywords, Game, Ruleset};
use rustc_hash::FxHashMap;

pub(super) fn check_targets(c: &CardDef, at: &str, targets: &[TargetSpec]) -> Result<()> {
    let mut total = 0usize;
    for (k, t) in targets.iter().enumerate() {
        if t.count == 0 {
            return bad(c, format!("{at}.targets[{k}]"), "a target count of 0");
        }
        if t.distinct && k == 0 {
            return bad(
                c,
                format!("{at}.targets[{k}]"),
                "'other targets' (distinct) follow an earlier target",
            );
        }
        if t.attached_to_first_target && (k == 0 || !t.up_to || targets[0].up_to) {
            return bad(
                c,
                format!("{at}.targets[{k}]"),
                "attached_to_first_target is of an 'up to' target after a first target that \
                 isn't 'up to'",
            );
        }
        total += t.count as usize;
    }
    if total > MAX_TARGETS {
        return bad(
            c,
            format!("{at}.targets"),
            format!("{total} targets; an ability declares at most {MAX_TARGETS}"),
        );
    }
    Ok(())
}

/// Where an operation is: its ability, its index in the program, the program's length, the
/// ability's declared targets, and whether the card is a Berserk card.
pub(super) struct Place<'a> {
    pub(super) ability: &'a str,
    pub(super) pc: usize,
    pub(super) len: usize,
    pub(super) n_targets: usize,
    pub(super) berserk: bool,
}

pub(super) fn check_op(
    c: &CardDef,
    place: &Place<'_>,
    op: &Op,
    names: &FxHashMap<Box<str>, CardId>,
) -> Result<()> {
    let Place {
        ability: at,
        pc,
        len,
        n_targets,
        berserk: is_berserk,
    } = *place;
    let field = || format!("{at}.program[{pc}]");
    match op {
        // Only forward: a resolution runs each operation at most once, so it ends.
        Op::Jump { to } | Op::JumpUnless { to } if *to as usize <= pc || *to as usize > len => {
            return bad(
                c,
                field(),
                format!("a jump to {to}: jumps go forward, at most to the program's end ({len})"),
            );
        }
        // Only "exile the top card of each player's library" casts them free (Etali).
        Op::ExileTopChooseOne {
            until: crate::model::PlayUntil::CastFree,
            ..
        } => {
            return bad(
                c,
                field(),
                "a card chosen to be played is played until a turn's end",
            );
        }
        Op::CreateToken { card, .. } | Op::CreateEmblem { card }
            if !names.contains_key(card.as_str()) =>
        {
            return bad(
                c,
                field(),
                format!("a token of {card:?}, which is not a card of the database"),
            );
        }
        // 603.7a: an effect creates one of the card's delayed abilities.
        Op::Delay { ability, .. }
        | Op::CreateTokenCopy {
            sacrificed_at_end_step: Some(ability),
            ..
        } if !matches!(
            c.abilities.get(*ability as usize),
            Some(Ability::Delayed { .. })
        ) =>
        {
            return bad(
                c,
                field(),
                format!("a delay of ability {ability}, which is not a delayed ability of the card"),
            );
        }
        Op::Reflexive { ability }
            if !matches!(
                c.abilities.get(*ability as usize),
                Some(Ability::Reflexive { .. })
            ) =>
        {
            return bad(
                c,
                field(),
                format!("a reflexive trigger of ability {ability}, which is not a reflexive ability of the card"),
            );
        }
        Op::Python { .. } if !c.python => {
            return bad(c, field(), "a Python operation in a card not marked python");
        }
        Op::PutCounters { counter, .. }
        | Op::RemoveCounters { counter, .. }
        | Op::ReturnWithFewerCounters { counter, .. } => {
            check_kind(c, &field(), counter)?;
        }
        Op::ReturnWith {
            counter,
            gains,
            is_also,
            ..
        } => {
            check_kind(c, &field(), counter)?;
            if let Some(k) = gains
                .iter()
                .find(|k| *k == "toxic" || keywords::keyword(k).is_none())
            {
                return bad(c, field(), format!("can't grant keyword {k:?}"));
            }
            if is_also.iter().any(|s| s.is_empty()) {
                return bad(c, field(), "is_also's subtypes are non-empty names");
            }
        }
        // 613.1f: an effect grants one of the card's gained triggered abilities.
        Op::GainAbility { ability, .. }
            if !matches!(
                c.abilities.get(*ability as usize),
                Some(Ability::Triggered(t)) if t.gained
            ) =>
        {
            return bad(
                c,
                field(),
                format!("ability {ability} gained is not a gained triggered ability of the card"),
            );
        }
        Op::Becomes { subtypes, .. }
            if subtypes.is_empty() || subtypes.iter().any(|s| s.is_empty()) =>
        {
            return bad(c, field(), "it becomes one or more non-empty subtypes");
        }
        Op::BecomesCreature {
            keywords: gains,
            power,
            toughness,
            ..
        } if gains
            .iter()
            .any(|k| k == "toxic" || keywords::keyword(k).is_none())
            || !cardstate_core::limits::stat_ok(i64::from(*power))
            || !cardstate_core::limits::stat_ok(i64::from(*toughness)) =>
        {
            return bad(
                c,
                field(),
                "it becomes a creature of a power, toughness and keywords",
            );
        }
        Op::Grant { keyword, .. } if keyword == "toxic" || keywords::keyword(keyword).is_none() => {
            return bad(c, field(), format!("can't grant keyword {keyword:?}"));
        }
        // A search's destination only.
        Op::Move {
            to: Destination::LibraryTop,
            ..
        } => return bad(c, field(), "a move doesn't put a card on top of a library"),
        // 701.23a: a library card goes to a hand or onto the battlefield (tapped only there).
        Op::Search {
            types,
            supertypes,
            to,
            tapped,
            n,
            ..
        } => {
            if *n == 0 || *n > MAX_SEARCHED {
                return bad(
                    c,
                    field(),
                    format!("a search finds 1 to {MAX_SEARCHED} cards"),
                );
            }
            // A search says `tapped` itself: "battlefield_tapped" is a return's destination.
            let elsewhere = matches!(
                to,
                Destination::Exile
                    | Destination::BattlefieldTapped
                    | Destination::ExileUntilSourceLeaves
                    | Destination::LibraryBottom
                    | Destination::BattlefieldUnderYourControl
            );
            if elsewhere || (*tapped && *to != Destination::Battlefield) {
                return bad(
                    c,
                    field(),
                    "a search puts the card into a hand or onto the battlefield (tapped)",
                );
            }
            if *to == Destination::LibraryTop && *n != 1 {
                return bad(c, field(), "a search puts one card on top of the library");
            }
            if let Some(t) = types.iter().find(|t| keywords::card_type(t).is_none()) {
                return bad(c, field(), format!("a search for unknown card type {t:?}"));
            }
            if let Some(t) = supertypes.iter().find(|t| keywords::supertype(t).is_none()) {
                return bad(c, field(), format!("a search for unknown supertype {t:?}"));
            }
        }
        Op::RevealUntil { types }
        | Op::ReturnFromGraveyard { types }
        | Op::RevealHandChooseDiscard {
            not_types: types, ..
        } => {
            if let Some(t) = types.iter().find(|t| keywords::card_type(t).is_none()) {
                return bad(
                    c,
                    field(),
                    format!("a reveal until unknown card type {t:?}"),
                );
            }
        }
        // 401.4: the card chosen goes to a hand, onto the battlefield or back on top.
        Op::LookAtTop { to, types, .. } => {
            if !matches!(
                to,
                Destination::Hand | Destination::Battlefield | Destination::LibraryTop
            ) {
                return bad(
                    c,
                    field(),
                    "a card looked at goes to a hand, onto the battlefield or back on top",
                );
            }
            if let Some(t) = types.iter().find(|t| keywords::card_type(t).is_none()) {
                return bad(c, field(), format!("a look for unknown card type {t:?}"));
            }
        }
        _ => {}
    }
    if is_berserk_op(op) && !is_berserk {
        return bad(c, field(), "a Berserk effect in a Magic card");
    }
    if let Op::BecomeType {
        types, subtypes, ..
    } = op
    {
        let allowed = Ruleset::Berserk.types();
        for t in types {
            if !keywords::card_type(t).is_some_and(|k| allowed.contains(k)) {
                return bad(c, field(), format!("unknown Berserk type {t:?}"));
            }
        }
        if types.is_empty() || subtypes.iter().flatten().any(|s| s.is_empty()) {
            return bad(c, field(), "at least one type, and classes that are names");
        }
    }
    let (targets, berserk) = (n_targets, is_berserk);
    op.for_each_selector(&mut |s| check_selector(c, &field(), s, targets, berserk))?;
    if let Op::Pump {
        power, toughness, ..
    } = op
    {
        // Only a pump's power and toughness may be negative ("-2/-2").
        for a in [power, toughness] {
            match a {
                Amount::Minus { of } => check_amount(c, &field(), of, targets, berserk)?,
                _ => check_amount(c, &field(), a, targets, berserk)?,
            }
        }
        return Ok(());
    }
    op.for_each_amount(&mut |a| check_amount(c, &field(), a, targets, berserk))
}

fn check_selector(
    c: &CardDef,
    at: &str,
    s: &Selector,
    n_targets: usize,
    berserk: bool,
) -> Result<()> {
    match s {
        Selector::Target { i: t } if *t as usize >= n_targets => {
            bad(c, at, format!("target {t} but {n_targets} declared"))
        }
        Selector::TopOfLibrary if !berserk => bad(
            c,
            at,
            "the top of a library is a Berserk card's selector (a duel keeps libraries hidden)",
        ),
        Selector::ControllerOf { of }
        | Selector::GraveyardOf { of }
        | Selector::Matching { of, .. } => check_selector(c, at, of, n_targets, berserk),
        _ => Ok(()),
    }
}

pub(super) fn check_amount(
    c: &CardDef,
    at: &str,
    a: &Amount,
    n_targets: usize,
    berserk: bool,
) -> Result<()> {
    match a {
        Amount::Counters { of, counter } => {
            check_kind(c, at, counter)?;
            check_selector(c, at, of, n_targets, berserk)
        }
        Amount::Count { of }
        | Amount::Cost { of }
        | Amount::Power { of }
        | Amount::Toughness { of }
        | Amount::Life { of }
        | Amount::DistinctManaValues { of } => check_selector(c, at, of, n_targets, berserk),
        Amount::Minus { .. } => bad(
            c,
            at,
            "a negative amount is only a pump's power or toughness",
        ),
        Amount::Const { .. }
        | Amount::X
        | Amount::ThatMuch
        | Amount::LifeLost
        | Amount::CardsDiscarded
        | Amount::PermanentsSacrificed
        | Amount::Kicked
        | Amount::ExcessDamage => Ok(()),
        Amount::ThisTurn { .. } if berserk => bad(c, at, "the turn's history is Magic's"),
        Amount::ThisTurn { .. } => Ok(()),
    }
}

pub(super) fn check_condition(
    c: &CardDef,
    at: &str,
    cond: &Condition,
    n_targets: usize,
    berserk: bool,
) -> Result<()> {
    check_amount(c, at, cond.amount(), n_targets, berserk)
}

pub(super) fn check_kind(c: &CardDef, at: &str, kind: &str) -> Result<()> {
    Game::check_kind_name(kind).or_else(|e| bad(c, at, e))
}
