//! A compiled card definition and the whole compiled form (docs/CARDS.md, "The compiled
//! form").

use super::{Ability, ManaCost, Op, TargetSpec, Triggered};
use serde::Deserialize;
use std::collections::BTreeMap;

/// A compiled card definition.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct CardDef {
    pub name: String,
    pub cost: Option<ManaCost>,
    pub types: Vec<String>,
    pub supertypes: Vec<String>,
    pub subtypes: Vec<String>,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub loyalty: Option<u32>,
    /// Keyword name -> value (1 for plain keywords; toxic's value).
    pub keywords: BTreeMap<String, i64>,
    #[serde(rename = "oracle")]
    pub oracle_text: String,
    /// The non-game elements of rule 109.
    pub info: serde_json::Value,
    /// Uses a Python callable: Rust-only paths refuse to run it.
    pub python: bool,
    pub abilities: Vec<Ability>,
}

impl CardDef {
    pub fn is_type(&self, t: &str) -> bool {
        self.types.iter().any(|x| x == t)
    }

    /// The spell ability of an instant or sorcery.
    pub fn spell(&self) -> Option<(usize, &[TargetSpec], &[Op])> {
        self.abilities
            .iter()
            .enumerate()
            .find_map(|(i, a)| match a {
                Ability::Spell { targets, program } => {
                    Some((i, targets.as_slice(), program.as_slice()))
                }
                _ => None,
            })
    }

    /// The activated abilities (mana abilities included), with their ability indices, in order:
    /// the duel's "ability k" counts these.
    pub fn activated(&self) -> impl Iterator<Item = (usize, &Ability)> {
        self.abilities
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a, Ability::Activated(_) | Ability::Mana { .. }))
    }

    /// The triggered abilities with their indices.
    pub fn triggered(&self) -> impl Iterator<Item = (usize, &Triggered)> {
        self.abilities
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match a {
                Ability::Triggered(t) => Some((i, t)),
                _ => None,
            })
    }

    /// The mana symbol a mana ability of this card produces, if it has one.
    pub fn produces(&self) -> Option<&str> {
        self.abilities.iter().find_map(|a| match a {
            Ability::Mana { produces, .. } => Some(produces.as_str()),
            _ => None,
        })
    }

    /// Whether it is a permanent card (110.4a; a Berserk spell is not one).
    pub fn is_permanent_card(&self) -> bool {
        !self.is_type("instant") && !self.is_type("sorcery") && !self.is_type("spell")
    }
}

/// The whole compiled form: format version, cards, decks.
#[derive(Clone, Debug, Deserialize)]
pub struct PoolFile {
    pub version: u32,
    pub cards: Vec<CardDef>,
    pub decks: BTreeMap<String, Vec<String>>,
}
