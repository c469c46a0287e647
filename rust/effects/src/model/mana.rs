//! Mana as cards print it: the five colours and a mana cost (202.1).

use serde::Deserialize;

/// The five colours, in WUBRG order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum Colour {
    W,
    U,
    B,
    R,
    G,
}

impl Colour {
    pub const ALL: [Colour; 5] = [Colour::W, Colour::U, Colour::B, Colour::R, Colour::G];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// A mana cost as printed (202.1): generic, coloured, colourless, X, hybrid and Phyrexian
/// symbols.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ManaCost {
    pub text: String,
    pub generic: u32,
    /// W, U, B, R, G.
    pub coloured: [u8; 5],
    pub colourless: u8,
    /// The number of {X} symbols.
    pub x: u8,
    pub hybrid: Vec<[Colour; 2]>,
    /// The colour of each Phyrexian symbol ({U/P}: pay {U} or 2 life).
    pub phyrexian: Vec<Colour>,
    /// Mana value with X = 0 (202.3).
    pub mana_value: u32,
}
