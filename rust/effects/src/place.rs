//! Putting a card into a game: the object with the card's characteristics, and what its static
//! abilities do as it enters (614.1c: "enters with counters").

use crate::db::CardDb;
use crate::error::Result;
use crate::model::{Ability, Amount, CardId, Filter};
use crate::runtime::TurnHistory;
use cardstate_core::{Affected, AffectedSpec, Change};
use cardstate_core::{Game, Zone};
use std::collections::BTreeMap;

/// Creates an object of `card` for `controller` in `zone`; on the battlefield it enters with
/// the counters its "enters with" abilities give (X = `x`). Returns its id.
pub fn place(
    db: &CardDb,
    game: &mut Game,
    card: CardId,
    controller: u32,
    zone: Zone,
    x: u64,
) -> Result<u32> {
    let id = db.create_object(game, card, false, controller, zone)?;
    if zone == Zone::Battlefield {
        enters(db, game, card, id, x)?;
    }
    Ok(id)
}

/// What happens as `id` (an object of `card`) enters the battlefield: it enters tapped if it
/// says so (614.1d), its static replacement effects, then the continuous effects of its
/// characteristic-changing static abilities, become live in the kernel (they end when it
/// leaves, 611.3a), then its "enters with N counters" (614.1c) put those counters on it. A
/// Berserk card's own keywords come first, its "… have <keyword>" abilities with the
/// replacement effects, its cost modifiers (104.3) with the static abilities.
pub fn enters(db: &CardDb, game: &mut Game, card: CardId, id: u32, x: u64) -> Result<()> {
    enters_with_history(db, game, card, id, x, TurnHistory::default())
}

/// [`enters`] with the turn's history, which "enters with" counters may read (Goblin Boarders:
/// "enters with a +1/+1 counter on it if you attacked this turn", 614.1c).
pub fn enters_with_history(
    db: &CardDb,
    game: &mut Game,
    card: CardId,
    id: u32,
    x: u64,
    history: TurnHistory,
) -> Result<()> {
    crate::berserk::keywords_enter(game, db.berserk(card), id)?;
    let abilities = &db.card(card).abilities;
    for rank in 0..3 {
        for a in abilities.iter().filter(|a| entry_rank(a) == Some(rank)) {
            ability_enters(game, id, a, x, history)?;
        }
    }
    if db.adds_counters_to_others() {
        others_enter_with_counters(db, game, id)?;
    }
    Ok(())
}

/// 614.1c: the counters the other permanents of `id`'s controller give it as it enters ("Each
/// other Angel you control enters with an additional +1/+1 counter on it for each Angel you
/// already control"), each such ability in battlefield order; the entering one isn't counted.
fn others_enter_with_counters(db: &CardDb, game: &mut Game, id: u32) -> Result<()> {
    let p = game.entity(id)?.controller;
    let sources = game.zone_objects(Zone::Battlefield, p).to_vec();
    for &y in sources.iter().filter(|&&y| y != id) {
        let Some(c) = db.card_of(game, y) else {
            continue;
        };
        for a in &db.card(c).abilities {
            let Ability::OthersEnterWithCounters { what, counter, per } = a else {
                continue;
            };
            if !crate::targets::matches(game, what, id, Some(y), p) {
                continue;
            }
            let n = sources
                .iter()
                .filter(|&&z| z != id && crate::targets::matches(game, per, z, Some(y), p))
                .count() as u64;
            if n > 0 {
                game.add_counters(id, counter.as_str(), n)?;
            }
        }
    }
    Ok(())
}

/// "… enters with n counters on it if you cast it" (614.1c): what the permanent a resolving
/// spell became gets besides [`enters`] (a permanent put onto the battlefield gets none; the
/// count is a number); "if this creature was kicked" only from a `kicked` spell (702.33d).
pub fn enters_cast(
    db: &CardDb,
    game: &mut Game,
    card: CardId,
    id: u32,
    kicked: bool,
) -> Result<()> {
    for a in &db.card(card).abilities {
        if let Ability::EntersWithCountersIfCast {
            counter,
            n: Amount::Const { n },
            kicked: only_kicked,
        } = a
        {
            if *n > 0 && (kicked || !only_kicked) {
                game.add_counters(id, counter.as_str(), *n)?;
            }
        }
    }
    Ok(())
}

/// When an ability acts as its permanent enters: "enters tapped" and replacement effects first,
/// then static abilities, then "enters with" counters; `None` for an ability that doesn't.
pub(crate) fn entry_rank(a: &Ability) -> Option<u8> {
    match a {
        Ability::EntersTapped | Ability::Replacement { .. } | Ability::HaveKeyword { .. } => {
            Some(0)
        }
        Ability::Static { .. }
        | Ability::CostModifier { .. }
        | Ability::PowerToughnessEqualToCount { .. } => Some(1),
        Ability::EntersWithCounters { .. } => Some(2),
        _ => None,
    }
}

/// What one ability of permanent `id` does as it enters (nothing for the abilities that act
/// later); see [`enters`].
pub(crate) fn ability_enters(
    game: &mut Game,
    id: u32,
    a: &Ability,
    x: u64,
    history: TurnHistory,
) -> Result<()> {
    match a {
        // 614.1d: it enters tapped (the kernel keeps the tapped status).
        Ability::EntersTapped => {
            game.tap(id)?;
        }
        Ability::Replacement {
            effect,
            affects,
            counter,
            amount,
            sources,
        } => {
            game.add_replacement_effect(
                effect,
                affects,
                sources,
                Some(id),
                None,
                counter.as_deref(),
                *amount,
                false,
                false,
            )?;
        }
        Ability::Static {
            affects,
            power,
            toughness,
            gains,
            loses,
            is_also,
        } => add_static(
            game,
            (Some(id), None),
            affects,
            (*power, *toughness),
            gains,
            loses,
            is_also,
        )?,
        Ability::PowerToughnessEqualToCount { per } => {
            let n = count_for_power_toughness(game, per, id);
            define_power_toughness(game, id, n)?;
        }
        Ability::EntersWithCounters { counter, n } => {
            let n = match n {
                Amount::Const { n } => *n,
                Amount::X => x,
                // Read for the permanent's controller (raid: "if you attacked this turn").
                Amount::ThisTurn { what } => history.read(*what, game.entity(id)?.controller),
                _ => 0,
            };
            if n > 0 {
                game.add_counters(id, counter.as_str(), n)?;
            }
        }
        Ability::HaveKeyword { .. } | Ability::CostModifier { .. } => {
            crate::berserk::ability_enters(game, id, a)?
        }
        _ => {}
    }
    Ok(())
}

/// "You get an emblem with …" (114.4): the characteristic-changing static abilities of emblem
/// card `card` as kernel continuous effects whose "you" is `controller`, with no source: an
/// emblem is never affected and never leaves the command zone, so they last the game.
pub fn emblem_statics(db: &CardDb, game: &mut Game, card: CardId, controller: u32) -> Result<()> {
    for a in &db.card(card).abilities {
        if let Ability::Static {
            affects,
            power,
            toughness,
            gains,
            loses,
            is_also,
        } = a
        {
            add_static(
                game,
                (None, Some(controller)),
                affects,
                (*power, *toughness),
                gains,
                loses,
                is_also,
            )?;
        }
    }
    Ok(())
}

/// A characteristic-changing static ability of permanent `id` as kernel continuous effects
/// (611.3a): "+N/+M" (layer 7c), then each keyword it grants ("have flying", layer 6), then
/// each keyword it makes them lose (layer 6), then each subtype it adds (layer 4), in that
/// order.
fn add_static(
    game: &mut Game,
    (source, controller): (Option<u32>, Option<u32>),
    affects: &[String],
    (power, toughness): (i32, i32),
    gains: &BTreeMap<String, u64>,
    loses: &[String],
    is_also: &[String],
) -> Result<()> {
    let affected = AffectedSpec::Texts(affects);
    if power != 0 || toughness != 0 {
        game.add_continuous_effect(
            "modify_power_toughness",
            affected,
            source,
            controller,
            None,
            None,
            Some(power as i64),
            Some(toughness as i64),
            false,
        )?;
    }
    for (k, &n) in gains {
        // Only toxic is valued (702.164b: "have toxic 2").
        let value = (k == "toxic").then_some(n);
        game.add_continuous_effect(
            "add_keyword",
            affected,
            source,
            controller,
            Some(k),
            value,
            None,
            None,
            false,
        )?;
    }
    for k in loses {
        game.add_continuous_effect(
            "remove_keyword",
            affected,
            source,
            controller,
            Some(k),
            None,
            None,
            None,
            false,
        )?;
    }
    // 613.1d: "… is a Knight in addition to its other types".
    for subtype in is_also {
        game.add_continuous_effect_with_subtype(
            "add_subtype",
            affected,
            source,
            controller,
            (None, None, None, None),
            Some(subtype),
            false,
        )?;
    }
    Ok(())
}

/// 604.3, 613.4a: what a characteristic-defining "power and toughness are each equal to the
/// number of …" of permanent `id` counts now: the objects in `per`'s zone, every player's,
/// that match it, "you" the permanent's controller.
pub fn count_for_power_toughness(game: &Game, per: &Filter, id: u32) -> i64 {
    let Ok(me) = game.entity(id).map(|e| e.controller) else {
        return 0;
    };
    game.players()
        .map(|p| {
            game.zone_objects(per.zone, p)
                .iter()
                .filter(|&&o| crate::targets::matches(game, per, o, Some(id), me))
                .count() as i64
        })
        .sum()
}

/// The kernel's layer-7a effect of permanent `id`'s characteristic-defining ability: its power
/// and toughness are each `n` (613.4a), for as long as it stays (611.3a).
fn define_power_toughness(game: &mut Game, id: u32, n: i64) -> Result<()> {
    game.add_continuous_effect(
        "define_power_toughness",
        AffectedSpec::Texts(&["this".to_string()]),
        Some(id),
        None,
        None,
        None,
        Some(n),
        Some(n),
        false,
    )?;
    Ok(())
}

/// 604.3, 613.4a: keeps each characteristic-defining "power and toughness are each equal to
/// the number of …" on the battlefield current (a host calls it before it checks the
/// state-based actions, and after each the kernel performs): an effect whose count changed
/// is ended and made again with the count now, in timestamp order. `card_of` names the card
/// of a permanent. Returns whether one changed.
pub fn sync_power_toughness_counts(
    db: &CardDb,
    game: &mut Game,
    card_of: impl Fn(&Game, u32) -> Option<CardId>,
) -> Result<bool> {
    let mut stale: Vec<(u32, u32, i64)> = Vec::new();
    for c in game.continuous_effects() {
        let (Change::DefinePowerToughness(p, _), Affected::This, Some(s)) =
            (c.change, &c.affected, c.source)
        else {
            continue;
        };
        let Some(card) = card_of(game, s) else {
            continue;
        };
        let per = db.card(card).abilities.iter().find_map(|a| match a {
            Ability::PowerToughnessEqualToCount { per } => Some(per),
            _ => None,
        });
        if let Some(per) = per {
            let n = count_for_power_toughness(game, per, s);
            if n != i64::from(p) {
                stale.push((c.id, s, n));
            }
        }
    }
    for &(effect, s, n) in &stale {
        game.end_continuous_effect(effect)?;
        define_power_toughness(game, s, n)?;
    }
    Ok(!stale.is_empty())
}

/// Whether a characteristic-defining power and toughness (a layer-7a effect of a permanent's
/// own) is on the battlefield: whether [`sync_power_toughness_counts`] has anything to keep.
pub fn has_power_toughness_counts(game: &Game) -> bool {
    game.continuous_effects().iter().any(|c| {
        matches!(c.change, Change::DefinePowerToughness(..)) && c.affected == Affected::This
    })
}
