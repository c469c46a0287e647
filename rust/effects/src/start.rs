//! The kernel every two-player Magic game of a database starts from, and each card checked
//! against it once (`Game::check_card`): a game layer that plays many games of one database
//! copies that kernel (its tables are made once) and creates each card's first object in a
//! game without checking its description again (`Game::create_checked`).

use crate::db::CardDb;
use crate::model::CardId;
use cardstate_core::{CheckedCard, Game, Ruleset};

/// A starting kernel and the cards checked against it.
#[derive(Clone, Debug)]
pub(crate) struct Start {
    game: Game,
    checked: Vec<Option<CheckedCard>>,
}

impl Start {
    fn of(db: &CardDb) -> Start {
        let mut game = Game::new(2, Ruleset::Mtg, 0).expect("a two-player game");
        // The names, not their ids, are the state (bytes, hash and equality read names): a
        // game's first object of a card then doesn't copy the subtype table.
        for i in 0..db.len() {
            let _ = game.validate_card(db.spec(CardId(i as u16)));
        }
        let checked = (0..db.len())
            .map(|i| game.check_card(db.spec(CardId(i as u16))).ok())
            .collect();
        Start { game, checked }
    }
}

impl CardDb {
    fn start(&self) -> &Start {
        self.start.get_or_init(|| Start::of(self))
    }

    /// A new two-player Magic game (seed 0) whose subtype table names every subtype of this
    /// database's cards: copy it to start a game.
    pub fn starting_game(&self) -> &Game {
        &self.start().game
    }

    /// The card's description checked against `starting_game` (none if the kernel refuses
    /// it): `Game::create_checked` makes its object in any game descended from that one.
    pub fn checked(&self, card: CardId) -> Option<&CheckedCard> {
        self.start().checked.get(card.0 as usize)?.as_ref()
    }
}
