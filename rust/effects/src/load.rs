//! Compiled card data enters here (`CardDb::from_json`, `CardDb::new`, `CardDb::pool`), and is
//! checked completely before a database holds it, so that nothing done with a database later
//! hangs, panics or aborts because of its data. A refusal is `Error::Invalid` naming the card and
//! the field:
//! - the form parses, every number in the width its field has (a bad one named by its path);
//! - programs end: every jump goes forward, at most to the program's end; a program has at
//!   most [`MAX_OPERATIONS`] operations;
//! - declared targets: each of at least one entity, at most [`MAX_TARGETS`] in all; selectors
//!   name declared targets; a trigger is about its source or the objects of a filter;
//! - names: a card's not empty, counter kinds as the kernel takes them, keywords it knows,
//!   tokens of cards of the database, mana symbols, decks of known cards;
//! - mana costs add up to their mana value, below the kernel's `STAT_LIMIT`;
//! - and what the kernel checks in play, the kernel checks here: each card is placed on the
//!   battlefield of a scratch game (its characteristics, replacement and static abilities,
//!   "enters with" counters), and each program's prevention effects and keyword grants are
//!   made there.

use crate::berserk;
use crate::db::CardDb;
use crate::error::{invalid, Error, Result};
use crate::model::{
    Ability, BerserkProperties, CardDef, CardId, Op, PoolFile, Rewrite, Selector, TargetSpec,
    MAX_MODES, MAX_OPERATIONS,
};
use berserk_cards::check_berserk;
use cardstate_core::keywords;
use costs::{check_cost, check_cost_ability, check_mana};
use in_a_game::check_in_a_game;
use parse_error::parse_error;
use programs::{check_amount, check_condition, check_kind, check_op, check_targets, Place};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::fmt::Display;
use std::sync::OnceLock;

mod berserk_cards;
mod costs;
mod in_a_game;
mod mana;
mod parse_error;
mod programs;

/// The compiled pool, generated from python/cardstate/cards/pool.py by
/// `python -m cardstate.cards.generate` (a test fails if it is out of date).
pub const POOL_JSON: &str = include_str!("../pool.json");

/// The most cards one search finds ("up to n").
pub const MAX_SEARCHED: u32 = 255;

/// The version of the compiled form this runtime reads.
pub const FORMAT_VERSION: u32 = 1;

/// Whether a mana ability's `produces` is one symbol (106.1b, and 106.1a's colourless) or a
/// choice of two or more colours, each once, in WUBRG order ("BR": {B} or {R}).
fn mana_symbols(produces: &str) -> bool {
    if produces == "C" {
        return true;
    }
    let mut last = None;
    for c in produces.chars() {
        let Some(i) = "WUBRG".find(c) else {
            return false;
        };
        if last.is_some_and(|l| l >= i) {
            return false;
        }
        last = Some(i);
    }
    last.is_some()
}

impl CardDb {
    /// The built-in pool (parsed once; no Python needed).
    pub fn pool() -> &'static CardDb {
        static POOL: OnceLock<CardDb> = OnceLock::new();
        POOL.get_or_init(|| CardDb::from_json(POOL_JSON).expect("the committed pool.json is valid"))
    }

    /// Reads a compiled form (as `cardstate.cards.compile.pool_json` writes it), checking it.
    pub fn from_json(text: &str) -> Result<CardDb> {
        let mut de = serde_json::Deserializer::from_str(text);
        let file: PoolFile =
            serde_path_to_error::deserialize(&mut de).map_err(|e| parse_error(text, e))?;
        de.end()
            .map_err(|e| Error::Invalid(format!("bad compiled card data: {e}")))?;
        if file.version != FORMAT_VERSION {
            return invalid(format!(
                "compiled card data of version {}, this runtime reads version {FORMAT_VERSION}",
                file.version
            ));
        }
        // The Berserk cards' properties, read again from the same text (a card's other fields
        // skipped), kept beside the definitions.
        let mut de = serde_json::Deserializer::from_str(text);
        let berserk: BerserkFile =
            serde_path_to_error::deserialize(&mut de).map_err(|e| parse_error(text, e))?;
        let berserk = berserk.cards.into_iter().map(|c| c.berserk).collect();
        CardDb::with_berserk(file.cards, berserk, file.decks)
    }

    /// A database of these Magic cards and decks, checked (see the module documentation).
    pub fn new(cards: Vec<CardDef>, decks: BTreeMap<String, Vec<String>>) -> Result<CardDb> {
        let berserk = vec![None; cards.len()];
        CardDb::with_berserk(cards, berserk, decks)
    }

    /// A database of these cards (a Berserk card with its properties in `berserk`, one entry
    /// per card; none for a Magic card) and decks, checked (see the module documentation).
    pub fn with_berserk(
        cards: Vec<CardDef>,
        berserk: Vec<Option<BerserkProperties>>,
        decks: BTreeMap<String, Vec<String>>,
    ) -> Result<CardDb> {
        if berserk.len() != cards.len() {
            return invalid(format!(
                "{} cards but {} entries of Berserk properties",
                cards.len(),
                berserk.len()
            ));
        }
        if cards.len() > u16::MAX as usize {
            return invalid(format!(
                "{} cards; a database holds at most {}",
                cards.len(),
                u16::MAX
            ));
        }
        let mut by_name = FxHashMap::default();
        for (i, c) in cards.iter().enumerate() {
            if by_name
                .insert(c.name.as_str().into(), CardId(i as u16))
                .is_some()
            {
                return invalid(format!("card {:?}: name: defined twice", c.name));
            }
        }
        for (c, b) in cards.iter().zip(&berserk) {
            check_card(c, b.as_ref(), &by_name)?;
        }
        for (deck, names) in &decks {
            for n in names {
                if !by_name.contains_key(n.as_str()) {
                    return invalid(format!("deck {deck:?}: unknown card {n:?}"));
                }
            }
        }
        let db = CardDb::assemble(cards, berserk, by_name, decks)?;
        check_in_a_game(&db)?;
        Ok(db)
    }
}

/// The Berserk properties of each card of a compiled form (none for a Magic card).
#[derive(serde::Deserialize)]
struct BerserkFile {
    cards: Vec<BerserkPart>,
}

#[derive(serde::Deserialize)]
struct BerserkPart {
    #[serde(default)]
    berserk: Option<BerserkProperties>,
}

fn bad<T>(c: &CardDef, field: impl Display, problem: impl Display) -> Result<T> {
    invalid(format!("card {:?}: {field}: {problem}", c.name))
}

/// The checks that need no game (see the module documentation).
fn check_card(
    c: &CardDef,
    berserk: Option<&BerserkProperties>,
    names: &FxHashMap<Box<str>, CardId>,
) -> Result<()> {
    if c.name.is_empty() {
        return bad(c, "name", "a card needs a non-empty name");
    }
    if let Some(cost) = &c.cost {
        check_mana(c, "cost", cost)?;
    }
    let is_berserk = berserk.is_some();
    if let Some(b) = berserk {
        check_berserk(c, b)?;
    }
    for (i, a) in c.abilities.iter().enumerate() {
        let at = format!("abilities[{i}]");
        match a {
            Ability::HaveKeyword { .. } | Ability::CostModifier { .. } if !is_berserk => {
                return bad(c, at, "a Berserk card's ability in a Magic card");
            }
            Ability::Mana { .. }
            | Ability::ManaForEach { .. }
            | Ability::ManaOfEachColourAmong { .. }
            | Ability::OthersEnterWithCounters { .. }
            | Ability::ChooseAColour { .. }
            | Ability::ChooseACreatureType { .. }
            | Ability::GetsPerGraveyardCard { .. }
            | Ability::ManaOfChosenColour
            | Ability::Static { .. }
            | Ability::Attached { .. }
            | Ability::AttachedIs(_)
            | Ability::Enchant { .. }
            | Ability::CostsLessPerAttackingCreature
            | Ability::CostsLessIfTargetsTapped { .. }
            | Ability::CostsLessByTotalPower
            | Ability::BeginOnBattlefield
            | Ability::AdditionalLand
            | Ability::PowerToughnessEqualToCount { .. }
            | Ability::PlaysPermanentsFromGraveyard
            | Ability::CastFromGraveyardRemovingCounters { .. }
            | Ability::DoesntUntap
            | Ability::Flash
            | Ability::CantBeCountered
            | Ability::NoMaximumHandSize
            | Ability::TwiceAsManyTokens
            | Ability::AnyNumberInDeck
            | Ability::Flashback { .. }
            | Ability::AlternativeCost { .. }
            | Ability::AlternativeManaCost { .. }
            | Ability::Kicker { .. }
            | Ability::AdditionalCost { .. }
            | Ability::AdditionalSacrifice { .. }
            | Ability::Madness { .. }
            | Ability::Plot { .. }
                if is_berserk =>
            {
                return bad(c, at, "a Magic card's ability in a Berserk card");
            }
            Ability::HaveKeyword { keyword, .. } if berserk::keyword_effect(keyword).is_none() => {
                return bad(c, at, format!("unknown keyword {keyword:?} of the game"));
            }
            _ => {}
        }
        // 723.1: "End the turn." is a spell's whole effect (its host ends the turn as the
        // resolution ends).
        let ops: &[Op] = match a {
            Ability::Spell { program, .. }
            | Ability::Mode { program, .. }
            | Ability::Reflexive { program, .. }
            | Ability::Delayed { program, .. } => program,
            Ability::Triggered(t) => &t.program,
            Ability::Activated(x) => &x.program,
            _ => &[],
        };
        let ends_turn_alone = matches!(a, Ability::Spell { .. }) && ops.len() == 1;
        if !ends_turn_alone && ops.iter().any(|op| matches!(op, Op::EndTheTurn)) {
            return bad(c, at, "\"End the turn.\" is a spell's whole effect (723.1)");
        }
        // 118.9, 601.2f, 702.33a, 702.34a, 702.35a, 702.170a: a spell's costs.
        if check_cost_ability(c, &at, a)? {
            continue;
        }
        let (targets, program): (&[TargetSpec], &[Op]) = match a {
            // 603.7c: a delayed ability refers to the object its effect named: no targets.
            Ability::Delayed { targets, .. } if !targets.is_empty() => {
                return bad(c, at, "a delayed triggered ability has no targets");
            }
            Ability::Spell { targets, program }
            | Ability::Mode { targets, program }
            | Ability::Delayed { targets, program }
            | Ability::Reflexive { targets, program } => (targets, program),
            Ability::Triggered(t) => {
                // 700.2a: a modal trigger's modes are Mode abilities of the card.
                if t.modes.len() > MAX_MODES
                    || t.modes.iter().any(|&m| {
                        !matches!(c.abilities.get(m as usize), Some(Ability::Mode { .. }))
                    })
                {
                    return bad(
                        c,
                        at,
                        "a modal trigger's modes are the card's mode abilities (at most 16)",
                    );
                }
                if !matches!(
                    t.subject,
                    Selector::This | Selector::Each { .. } | Selector::Attached
                ) {
                    return bad(
                        c,
                        at,
                        "a trigger is about its source, a filter's objects or what its source is \
                         attached to",
                    );
                }
                if let Some(cond) = &t.condition {
                    check_condition(c, &at, cond, t.targets.len(), is_berserk)?;
                }
                (&t.targets, &t.program)
            }
            Ability::Activated(a) => {
                check_cost(c, &at, &a.cost)?;
                (&a.targets, &a.program)
            }
            Ability::Mana { .. }
            | Ability::ManaForEach { .. }
            | Ability::ManaOfChosenColour
            | Ability::ManaOfEachColourAmong { .. } => {
                mana::check_mana_ability(c, &at, a)?;
                continue;
            }
            // Checked above (`check_cost_ability`).
            Ability::Flashback { .. }
            | Ability::AdditionalSacrifice { .. }
            | Ability::AlternativeManaCost { .. }
            | Ability::AlternativeCost { .. }
            | Ability::AdditionalCost { .. }
            | Ability::Madness { .. }
            | Ability::Plot { .. }
            | Ability::Kicker { .. } => continue,
            // 702.8b: several instances of flash are redundant.
            Ability::EntersTapped
            | Ability::Flash
            | Ability::AnyNumberInDeck
            | Ability::CantBeCountered
            | Ability::TwiceAsManyTokens
            | Ability::ChooseAColour { .. }
            | Ability::NoMaximumHandSize => continue,
            Ability::GetsPerGraveyardCard { types, .. } => {
                if !c.types.iter().any(|t| t == "creature") {
                    return bad(c, at, "GetsPerGraveyardCard belongs to a creature");
                }
                if let Some(t) = types.iter().find(|t| keywords::card_type(t).is_none()) {
                    return bad(c, at, format!("unknown card type {t:?}"));
                }
                continue;
            }
            Ability::ChooseACreatureType { counter, .. } => {
                if c.types.iter().any(|t| t == "creature") {
                    return bad(
                        c,
                        at,
                        "ChooseACreatureType belongs to a noncreature permanent",
                    );
                }
                if let Some(k) = counter {
                    check_kind(c, &at, k)?;
                }
                continue;
            }
            Ability::CostsLessForPermanents { .. } => {
                if c.types.iter().any(|t| t == "land") || is_berserk {
                    return bad(
                        c,
                        at,
                        "a cost reduction is a spell's: a land isn't cast (601.2f)",
                    );
                }
                continue;
            }
            Ability::SpellsHaveFlash | Ability::SpellsFromHandFree => {
                const PERMANENTS: [&str; 5] = [
                    "artifact",
                    "battle",
                    "creature",
                    "enchantment",
                    "planeswalker",
                ];
                if is_berserk || c.types.iter().all(|t| !PERMANENTS.contains(&t.as_str())) {
                    return bad(
                        c,
                        at,
                        "a permission to cast spells (as though they had flash, 702.8a; \
                         without paying their mana costs, 118.9) is a Magic permanent's static \
                         ability",
                    );
                }
                continue;
            }
            Ability::SpellsCostLess { types } => {
                if is_berserk {
                    return bad(c, at, "a Magic cost reduction is a Magic card's (601.2f)");
                }
                if let Some(t) = types.iter().find(|t| keywords::card_type(t).is_none()) {
                    return bad(c, at, format!("unknown card type {t:?}"));
                }
                continue;
            }
            Ability::CostsLessPerGraveyardCard { types } => {
                if c.types.iter().any(|t| t == "land") || is_berserk {
                    return bad(
                        c,
                        at,
                        "a cost reduction is a spell's: a land isn't cast (601.2f)",
                    );
                }
                if let Some(t) = types.iter().find(|t| keywords::card_type(t).is_none()) {
                    return bad(c, at, format!("unknown card type {t:?}"));
                }
                continue;
            }
            Ability::OthersEnterWithCounters { counter, .. } => {
                check_kind(c, &at, counter)?;
                continue;
            }
            Ability::EntersWithCounters { counter, n }
            | Ability::EntersWithCountersIfCast { counter, n, .. } => {
                check_kind(c, &at, counter)?;
                check_amount(c, &at, n, 0, is_berserk)?;
                continue;
            }
            // The kernel checks these as the card is placed (`check_in_a_game`).
            Ability::Replacement { .. }
            | Ability::Static { .. }
            | Ability::HaveKeyword { .. }
            | Ability::CostModifier { .. } => continue,
            Ability::Attached { gains, .. } => {
                // 702.164b: only toxic is valued; the others are the kernel's keywords.
                if let Some(k) = gains.keys().find(|k| keywords::keyword(k).is_none()) {
                    return bad(c, at, format!("unknown keyword {k:?}"));
                }
                continue;
            }
            Ability::BeginOnBattlefield
            | Ability::AdditionalLand
            | Ability::PlaysPermanentsFromGraveyard
            | Ability::DoesntUntap => continue,
            // 604.3: a */* creature's.
            Ability::PowerToughnessEqualToCount { per } => {
                if !c.types.iter().any(|t| t == "creature") || per.players {
                    return bad(
                        c,
                        at,
                        "a characteristic-defining power and toughness is a creature's, of a \
                         count of objects (604.3)",
                    );
                }
                continue;
            }
            // 601.2a: a spell's; a land isn't cast.
            Ability::CastFromGraveyardRemovingCounters { n } => {
                if c.types.iter().any(|t| t == "land") || *n == 0 {
                    return bad(c, at, "casting from a graveyard is a nonland card's, n > 0");
                }
                continue;
            }
            Ability::AttachedIs(Rewrite {
                types,
                colours,
                mana,
                ..
            }) => {
                if let Some(t) = types.iter().find(|t| keywords::card_type(t).is_none()) {
                    return bad(c, at, format!("unknown card type {t:?}"));
                }
                let colour = |s: &str| s.chars().all(|c| "WUBRG".contains(c));
                if colours.as_deref().is_some_and(|s| !colour(s))
                    || mana
                        .as_deref()
                        .is_some_and(|m| m != "C" && (m.len() != 1 || !colour(m)))
                {
                    return bad(c, at, "colours and mana are WUBRG letters (mana: or C)");
                }
                continue;
            }
            Ability::CostsLessPerAttackingCreature
            | Ability::CostsLessIfTargetsTapped { .. }
            | Ability::CostsLessByTotalPower => {
                if c.types.iter().any(|t| t == "land") {
                    return bad(
                        c,
                        at,
                        "a cost reduction is a spell's: a land isn't cast (601.2f)",
                    );
                }
                continue;
            }
            Ability::Enchant { targets } => {
                if targets.len() != 1 || targets[0].count != 1 {
                    return bad(c, at, "an Aura spell has one target (303.4a)");
                }
                check_targets(c, &at, targets)?;
                continue;
            }
        };
        check_targets(c, &at, targets)?;
        if program.len() > MAX_OPERATIONS {
            return bad(
                c,
                format!("{at}.program"),
                format!(
                    "{} operations; a program has at most {MAX_OPERATIONS}",
                    program.len()
                ),
            );
        }
        for (pc, op) in program.iter().enumerate() {
            let at = Place {
                ability: &at,
                pc,
                len: program.len(),
                n_targets: targets.len(),
                berserk: is_berserk,
            };
            check_op(c, &at, op, names)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
