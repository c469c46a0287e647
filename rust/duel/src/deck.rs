//! Deck construction (100.2): the format a duel's decks are checked against before the game
//! starts. The reference duel's copy is python/cardstate/reference/duel/deck.py.

use crate::cards::{CardId, Pool};
use cardstate_core::keywords::{Supertypes, Types};

/// The deck-construction rules a deck is checked against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// Any deck of at least one card (scenarios and tests build any board).
    #[default]
    Free,
    /// 100.2b: at least 40 cards, any number of copies.
    Limited,
    /// 100.2a: at least 60 cards, at most four of any card other than basic land cards.
    Constructed,
}

/// The formats by name, in the order `Format::parse` lists them.
pub const FORMAT_NAMES: [&str; 3] = ["free", "limited", "constructed"];

/// 100.2a: the most copies of one card (other than a basic land card) a constructed deck holds.
pub const CONSTRUCTED_COPIES: usize = 4;

impl Format {
    /// The format of that name (`free`, `limited`, `constructed`).
    pub fn parse(name: &str) -> Result<Format, String> {
        match name {
            "free" => Ok(Format::Free),
            "limited" => Ok(Format::Limited),
            "constructed" => Ok(Format::Constructed),
            _ => Err(format!(
                "unknown format {name:?}; formats: {}",
                FORMAT_NAMES.join(", ")
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Free => "free",
            Format::Limited => "limited",
            Format::Constructed => "constructed",
        }
    }

    /// The fewest cards a deck of the format has (100.2a, 100.2b).
    pub fn min_cards(self) -> usize {
        match self {
            Format::Free => 1,
            Format::Limited => 40,
            Format::Constructed => 60,
        }
    }

    /// Whether `deck` (cards of `pool`) can be played in this format; the error names the rule
    /// and, for too many copies, the card.
    pub fn check(self, pool: Pool, deck: &[CardId]) -> Result<(), String> {
        let min = self.min_cards();
        if deck.len() < min {
            let rule = match self {
                Format::Free => "a deck has at least one card".to_string(),
                Format::Limited => format!("a limited deck has at least {min} cards (100.2b)"),
                Format::Constructed => {
                    format!("a constructed deck has at least {min} cards (100.2a)")
                }
            };
            return Err(format!("{rule}, got {}", deck.len()));
        }
        if self == Format::Constructed {
            let mut copies = vec![0usize; pool.len()];
            for &c in deck {
                copies[c as usize] += 1;
            }
            // In pool order: the first card over the limit is named.
            for (c, &n) in copies.iter().enumerate() {
                if n > CONSTRUCTED_COPIES && !any_number_allowed(pool, c as CardId) {
                    return Err(format!(
                        "{} copies of {:?}: a constructed deck has at most {CONSTRUCTED_COPIES} \
                         of a card other than a basic land card (100.2a)",
                        n,
                        pool.name(c as CardId)
                    ));
                }
            }
        }
        Ok(())
    }
}

/// A card a constructed deck may hold any number of (100.2a): a basic land card (205.4c: a land
/// with the supertype basic), or one that says so ("A deck can have any number of cards named
/// ~.").
fn any_number_allowed(pool: Pool, c: CardId) -> bool {
    let f = pool.facts(c);
    f.any_number_in_deck || (f.is(Types::LAND) && f.supertypes.contains(Supertypes::BASIC))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deck(pool: Pool, cards: &[(usize, &str)]) -> Vec<CardId> {
        cards
            .iter()
            .flat_map(|&(n, name)| std::iter::repeat_n(pool.by_name(name).unwrap(), n))
            .collect()
    }

    #[test]
    fn the_formats_count_cards_as_100_2_says() {
        let pool = Pool::builtin();
        let forty = deck(pool, &[(17, "Forest"), (23, "Grizzly Bears")]);
        assert!(Format::Limited.check(pool, &forty).is_ok());
        assert!(Format::Free.check(pool, &forty[..1]).is_ok());
        let e = Format::Free.check(pool, &[]).unwrap_err();
        assert!(e.contains("at least one card"), "{e}");
        let e = Format::Limited.check(pool, &forty[..39]).unwrap_err();
        assert!(e.contains("at least 40 cards (100.2b), got 39"), "{e}");
        // 100.2a: 60 cards; any number of basic lands, at most four of any other card.
        let e = Format::Constructed.check(pool, &forty).unwrap_err();
        assert!(e.contains("at least 60 cards (100.2a)"), "{e}");
        let sixty = deck(pool, &[(56, "Forest"), (4, "Grizzly Bears")]);
        assert!(Format::Constructed.check(pool, &sixty).is_ok());
        let five = deck(pool, &[(55, "Forest"), (5, "Grizzly Bears")]);
        let e = Format::Constructed.check(pool, &five).unwrap_err();
        assert!(e.contains("5 copies of \"Grizzly Bears\""), "{e}");
        assert!(e.contains("(100.2a)"), "{e}");
        assert!(Format::Limited.check(pool, &five).is_ok());
    }

    #[test]
    fn formats_are_read_by_name() {
        for name in FORMAT_NAMES {
            assert_eq!(Format::parse(name).unwrap().name(), name);
        }
        assert!(Format::parse("vintage")
            .unwrap_err()
            .contains("free, limited"));
    }
}
