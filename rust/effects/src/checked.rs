//! Objects of a card made without checking its description again: each card's kernel
//! description (and its token copy's) is kept as the last game that made one checked it
//! (`Game::check_card`), and reused while a game's subtype names agree with that check
//! (`Game::agrees_with`: the same game, its copies, and games grown from it). Placing a card
//! then neither checks nor allocates its printed characteristics again.

use crate::db::CardDb;
use crate::error::Result;
use crate::model::CardId;
use cardstate_core::{CheckedCard, Game, Zone};
use std::sync::{Mutex, PoisonError};

/// Per card, the last check of its description and of its token copy's.
#[derive(Debug, Default)]
pub(crate) struct Checks(Box<[[Mutex<Option<CheckedCard>>; 2]]>);

impl Checks {
    pub(crate) fn new(cards: usize) -> Checks {
        Checks((0..cards).map(|_| Default::default()).collect())
    }
}

impl Clone for Checks {
    /// A copy starts without checks (each is remade on first use).
    fn clone(&self) -> Checks {
        Checks::new(self.0.len())
    }
}

impl CardDb {
    /// Creates an object of `card` (a token copy of it if `token`, 111.1) for `controller` in
    /// `zone`, as `Game::create` of its description would; returns its id.
    pub fn create_object(
        &self,
        game: &mut Game,
        card: CardId,
        token: bool,
        controller: u32,
        zone: Zone,
    ) -> Result<u32> {
        game.player(controller)?;
        let slot = &self.checks.0[card.0 as usize][token as usize];
        // A poisoned lock held only a finished check or none: its value is still whole.
        let mut checked = slot.lock().unwrap_or_else(PoisonError::into_inner);
        let reusable = checked.as_ref().is_some_and(|c| game.agrees_with(c));
        if !reusable {
            let spec = if token {
                self.token_spec(card)
            } else {
                self.spec(card)
            };
            *checked = Some(game.check_card(spec)?);
        }
        let card = checked.as_ref().expect("checked above");
        Ok(game.create_checked(controller, zone, card)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardstate_core::{CardSpec, Ruleset};

    /// Every card of the pool and its token copy, made from the kept check in two games whose
    /// subtype names came in different orders (the second game can't reuse the first's check),
    /// is the object `Game::create` of its description makes: the same game, bytes and events.
    #[test]
    fn an_object_made_from_a_kept_check_is_the_object_create_makes() {
        let db = CardDb::pool();
        let squirrel = CardSpec {
            name: "Squirrel".into(),
            types: vec!["creature".into()],
            subtypes: vec!["Squirrel".into()],
            power: Some(1),
            toughness: Some(1),
            ..CardSpec::default()
        };
        for squirrel_first in [false, true] {
            let mut a = Game::new(2, Ruleset::Mtg, 0).unwrap();
            let mut b = Game::new(2, Ruleset::Mtg, 0).unwrap();
            if squirrel_first {
                a.create(0, Zone::Library, &squirrel).unwrap();
                b.create(0, Zone::Library, &squirrel).unwrap();
            }
            for round in 0..2 {
                for i in 0..db.len() {
                    let card = CardId(i as u16);
                    for token in [false, true] {
                        let spec = if token {
                            db.token_spec(card)
                        } else {
                            db.spec(card)
                        };
                        let zone = [Zone::Battlefield, Zone::Hand][round];
                        let x = db.create_object(&mut a, card, token, 1, zone).unwrap();
                        let y = b.create(1, zone, spec).unwrap();
                        assert_eq!(x, y);
                    }
                }
            }
            assert!(a == b);
            assert_eq!(a.hash(), b.hash());
            assert_eq!(a.to_bytes(), b.to_bytes());
            assert_eq!(a.events(), b.events());
        }
    }

    #[test]
    fn a_bad_controller_is_refused_and_nothing_changes() {
        let db = CardDb::pool();
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let before = g.clone();
        assert!(db
            .create_object(&mut g, CardId(0), false, 7, Zone::Battlefield)
            .is_err());
        assert!(g == before);
        assert_eq!(g.to_bytes(), before.to_bytes());
    }
}
