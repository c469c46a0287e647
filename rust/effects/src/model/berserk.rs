//! A Berserk card's base properties and cost in the compiled form (the `"berserk"` object of a
//! card; a Magic card has none).

use serde::Deserialize;

/// A Berserk card's cost (105.1): `base` plus `x` times X.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct BerserkCost {
    pub text: String,
    pub base: u32,
    pub x: u8,
}

/// A Berserk card's base properties («Берсерк. Герои», classic Berserk 108): the compiled
/// form's `"berserk"` object of a card (a Magic card has none). A database keeps them beside
/// the cards' definitions (`CardDb::berserk`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct BerserkProperties {
    pub cost: Option<BerserkCost>,
    /// Its element as printed (горы, леса, степи, болота, тьма, нейтральная), if given.
    pub element: Option<String>,
    /// The kernel's strength: the one value, or the weak strike of three.
    pub strength: Option<u32>,
    /// The three strike values (weak, medium, strong) of a classic creature.
    pub strikes: Option<[u32; 3]>,
    pub lives: Option<u32>,
    pub movement: Option<u32>,
    pub flying: bool,
    pub elite: bool,
    /// The game's keywords ("уязвимость").
    pub keywords: Vec<String>,
    /// Empty for a card with its published text; else what the definition is made from.
    pub reconstructed: String,
}
