//! The kernel every two-player Magic game of a database starts from, and each card checked
//! against it once (`Game::check_card`): a game layer that plays many games of one database
//! copies that kernel (its tables are made once) and creates each card's first object in a
//! game without checking its description again (`Game::create_checked`).

use cardstate_core::{CardSpec, CheckedCard, Game, Ruleset};

/// A starting kernel and the cards checked against it.
#[derive(Clone, Debug)]
pub(crate) struct Start {
    pub(crate) game: Game,
    pub(crate) checked: Vec<Option<CheckedCard>>,
}

impl Start {
    /// The start of games of these cards (in their database's order).
    pub(crate) fn of<'a>(specs: impl Iterator<Item = &'a CardSpec> + Clone) -> Start {
        let mut game = Game::new(2, Ruleset::Mtg, 0).expect("a two-player game");
        // The names, not their ids, are the state (bytes, hash and equality read names): a
        // game's first object of a card then doesn't copy the subtype table.
        for spec in specs.clone() {
            let _ = game.validate_card(spec);
        }
        let checked = specs.map(|spec| game.check_card(spec).ok()).collect();
        Start { game, checked }
    }
}
