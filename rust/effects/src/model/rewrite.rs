//! What an Aura makes the permanent it enchants (303.4, 613.1): "Enchanted creature loses all
//! abilities and is a green and white Citizen creature with base power and toughness 1/1
//! named Legitimate Businessperson." (`Ability::AttachedIs`), as the compiled form writes it.

use serde::Deserialize;

/// Each part is absent when it changes nothing: the abilities (layer 6, 613.1f), the card
/// types (layer 4, 613.1d), the colours (WUBRG letters, layer 5, 613.1e), the subtypes (layer
/// 4), the base power and toughness (7b, 613.4b), the name, and a mana ability it grants ("{T}:
/// Add {C}", one symbol). The host that keeps the link applies it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct Rewrite {
    pub loses_all_abilities: bool,
    pub types: Vec<String>,
    pub colours: Option<String>,
    pub subtypes: Option<Vec<String>>,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub name: Option<String>,
    pub mana: Option<String>,
}
