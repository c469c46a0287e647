//! Made-up cards for tests, benchmarks and examples: vanilla cards with the characteristics a
//! rules test needs, gathered into a card database (`pool`). Real cards come compiled from the
//! Python card layer; only these test cards have their cost read from printed symbols here
//! (`symbols`).

use std::collections::BTreeMap;

use cardstate_effects::model::{ActivationCost, CardDef, Colour, ManaCost};
use cardstate_effects::{Ability, CardDb, ManaSymbols};

use crate::cards::Pool;

/// A vanilla card (no abilities but a basic land's mana ability, 305.6): its cost as printed
/// (`"{1}{G}"`, `""` for none), power and toughness, keywords with their values.
pub fn card(
    name: &str,
    types: &[&str],
    subtypes: &[&str],
    cost: &str,
    power_toughness: Option<(i32, i32)>,
    keywords: &[(&str, i64)],
) -> CardDef {
    let basic = subtypes.iter().find_map(|s| match *s {
        "Plains" => Some("W"),
        "Island" => Some("U"),
        "Swamp" => Some("B"),
        "Mountain" => Some("R"),
        "Forest" => Some("G"),
        _ => None,
    });
    let abilities = basic
        .map(|c| Ability::Mana {
            spend_only_on: Vec::new(),
            spend_only_on_chosen: false,
            produces: c.to_string(),
            cost: ActivationCost {
                mana: None,
                tap: true,
                energy: 0,
                remove_counters: None,
                sacrifice: false,
                sacrifice_another: None,
                discard: 0,
                loyalty: None,
                tap_untapped: None,
                tap_attached: false,
            },
        })
        .into_iter()
        .collect();
    CardDef {
        name: name.to_string(),
        cost: (!cost.is_empty()).then(|| mana_cost(cost).expect("a test card's cost")),
        types: types.iter().map(|s| s.to_string()).collect(),
        supertypes: Vec::new(),
        subtypes: subtypes.iter().map(|s| s.to_string()).collect(),
        power: power_toughness.map(|p| p.0),
        toughness: power_toughness.map(|p| p.1),
        loyalty: None,
        keywords: keywords.iter().map(|(n, v)| (n.to_string(), *v)).collect(),
        oracle_text: String::new(),
        info: serde_json::Value::Object(Default::default()),
        python: false,
        abilities,
    }
}

/// A database of these cards, kept for the life of the process (tests make a few).
pub fn pool(cards: Vec<CardDef>) -> Pool {
    let db = CardDb::new(cards, BTreeMap::new()).expect("valid test cards");
    Pool::new(Box::leak(Box::new(db)))
}

/// A test card's printed cost (`"{2}{G}{G}"`, `"{X}{R}"`, `"{R/G}"`, `"{U/P}"`, `"3"`, `""`)
/// in the compiled form, or an error naming a symbol it can't read.
pub fn mana_cost(text: &str) -> Result<ManaCost, String> {
    let colour = |t: &str| match t {
        "W" => Some(Colour::W),
        "U" => Some(Colour::U),
        "B" => Some(Colour::B),
        "R" => Some(Colour::R),
        "G" => Some(Colour::G),
        _ => None,
    };
    let mut m = ManaCost {
        text: text.to_string(),
        generic: 0,
        coloured: [0; 5],
        colourless: 0,
        x: 0,
        hybrid: Vec::new(),
        phyrexian: Vec::new(),
        mana_value: 0,
    };
    let t = text.trim();
    if let Ok(n) = t.parse::<u32>() {
        m.generic = n;
    } else if !t.is_empty() {
        for sym in t
            .strip_prefix('{')
            .and_then(|r| r.strip_suffix('}'))
            .ok_or_else(|| format!("bad mana cost {text:?}"))?
            .split("}{")
        {
            if let Ok(n) = sym.parse::<u32>() {
                m.generic += n;
            } else if sym == "X" {
                m.x += 1;
            } else if sym == "C" {
                m.colourless += 1;
            } else if let Some((a, b)) = sym.split_once('/') {
                match (colour(a), colour(b), b) {
                    (Some(c), _, "P") => m.phyrexian.push(c),
                    (Some(c), Some(d), _) => m.hybrid.push([c, d]),
                    _ => return Err(format!("unsupported mana symbol {{{sym}}} in {text:?}")),
                }
            } else if let Some(c) = colour(sym) {
                m.coloured[c.index()] += 1;
            } else {
                return Err(format!("unsupported mana symbol {{{sym}}} in {text:?}"));
            }
        }
    }
    m.mana_value = m.generic
        + m.coloured.iter().map(|&n| n as u32).sum::<u32>()
        + m.colourless as u32
        + (m.hybrid.len() + m.phyrexian.len()) as u32;
    Ok(m)
}

/// `mana_cost` in the duel's fixed-size form.
pub fn try_symbols(text: &str) -> Result<ManaSymbols, String> {
    ManaSymbols::of(&mana_cost(text)?)
}

/// `try_symbols` of a cost known to be good.
pub fn symbols(text: &str) -> ManaSymbols {
    try_symbols(text).expect("a valid cost")
}
