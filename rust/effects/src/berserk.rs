//! Berserk cards in the card layer: a card plays in its own game's rulesets only, the kernel's
//! description of a Berserk card, the game's keywords and static abilities as kernel effects,
//! and the three strike values of a classic creature in play.

use crate::error::{invalid, Error, Result};
use crate::model::{Ability, BerserkProperties, CardDef, Rel};
use cardstate_core::kinds;
use cardstate_core::{CardSpec, CostSpec, Game, Ruleset};

/// The game's keywords as the kernel's replacement effects that play them (the effect and its
/// amount): Уязвимость, "each time it is wounded it gets one more wound", is "that much damage
/// plus 1" on it (damage to a Berserk creature places that many wounds).
pub const KEYWORD_EFFECTS: [(&str, &str, u64); 1] = [("уязвимость", "damage_plus", 1)];

/// The kernel effect of a keyword of the game, if it is one.
pub fn keyword_effect(keyword: &str) -> Option<(&'static str, u64)> {
    KEYWORD_EFFECTS
        .iter()
        .find(|(k, _, _)| *k == keyword)
        .map(|&(_, effect, amount)| (effect, amount))
}

/// A card plays in its own game: a Berserk card (`berserk_card`) in a "berserk" game, a Magic
/// card in a Magic one (`Invalid` saying so, naming card `name`, otherwise).
#[inline]
pub fn check_game(name: &str, berserk_card: bool, game: &Game) -> Result<()> {
    if berserk_card == (game.ruleset() == Ruleset::Berserk) {
        return Ok(());
    }
    let (which, rulesets) = if berserk_card {
        ("a Berserk card", "\"berserk\"")
    } else {
        ("a Magic card", "\"mtg\" or \"mtg-2010\"")
    };
    invalid(format!(
        "card {name:?} is {which}: it plays in a {rulesets} game, not in a \"{}\" one",
        game.ruleset().as_str()
    ))
}

/// The kernel's description of the Berserk card `def` with properties `b`.
pub(crate) fn spec(def: &CardDef, b: &BerserkProperties) -> CardSpec {
    let cost = b.cost.as_ref().map(|c| {
        if c.x == 0 {
            CostSpec::Fixed(i64::from(c.base))
        } else {
            CostSpec::Text(c.text.clone())
        }
    });
    CardSpec {
        name: def.name.clone(),
        types: def.types.clone(),
        subtypes: def.subtypes.clone(),
        cost,
        strength: b.strength.map(i64::from),
        lives: b.lives.map(i64::from),
        movement: b.movement.map(i64::from),
        flying: b.flying,
        elite: b.elite,
        ..CardSpec::default()
    }
}

/// As a Berserk permanent enters: its own keywords become the kernel effects that play them,
/// on itself.
pub(crate) fn keywords_enter(
    game: &mut Game,
    berserk: Option<&BerserkProperties>,
    id: u32,
) -> Result<()> {
    let Some(b) = berserk else {
        return Ok(());
    };
    for k in &b.keywords {
        let (effect, amount) = keyword_effect(k)
            .ok_or_else(|| Error::Invalid(format!("unknown keyword {k:?} of the game")))?;
        game.add_replacement_effect(
            effect,
            &["this permanent".to_string()],
            &[],
            Some(id),
            None,
            None,
            Some(amount),
            false,
            false,
        )?;
    }
    Ok(())
}

/// What a Berserk static ability of permanent `id` makes live as it enters: "… have
/// <keyword>" as the keyword's kernel effect; a cost modifier (104.3) as the kernel's, for the
/// cards of its controller ("you", as it enters), of each opponent, or of anyone.
pub(crate) fn ability_enters(game: &mut Game, id: u32, a: &Ability) -> Result<()> {
    match a {
        Ability::HaveKeyword { keyword, affects } => {
            let (effect, amount) = keyword_effect(keyword).ok_or_else(|| {
                Error::Invalid(format!("unknown keyword {keyword:?} of the game"))
            })?;
            game.add_replacement_effect(
                effect,
                affects,
                &[],
                Some(id),
                None,
                None,
                Some(amount),
                false,
                false,
            )?;
        }
        Ability::CostModifier {
            amount,
            subtypes,
            types,
            controller,
        } => {
            let me = game.entity(id)?.controller;
            let whose: smallvec::SmallVec<[Option<u32>; 4]> = match controller {
                None => smallvec::smallvec![None],
                Some(Rel::You) => smallvec::smallvec![Some(me)],
                Some(Rel::Opponent) => game.players().filter(|&p| p != me).map(Some).collect(),
            };
            for p in whose {
                game.add_cost_modifier(i64::from(*amount), None, Some(id), subtypes, types, p)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// The three strike values (weak, medium, strong) of classic Berserk creature `id`, printed
/// `printed`: each moved by its strength effects, never read below 0 (104.3.1). None when it
/// has no strength now (an artifact, 108.1).
pub fn strikes(printed: [u32; 3], game: &Game, id: u32) -> Result<Option<[i128; 3]>> {
    let [weak, medium, strong] = printed;
    let e = game.entity(id)?;
    let Some(base) = e.strength else {
        return Ok(None);
    };
    let moved = i128::from(base) + i128::from(e.counters.get(kinds::PLUS_STRENGTH))
        - i128::from(e.counters.get(kinds::MINUS_STRENGTH));
    let read = |printed: u32| (moved + i128::from(printed) - i128::from(weak)).max(0);
    Ok(Some([read(weak), read(medium), read(strong)]))
}
