//! Objects of a card made without checking its description again: each card's kernel
//! description (and its token copy's) is kept as the last game that made one checked it
//! (`Game::check_card`), and reused while a game's subtype names agree with that check
//! (`Game::agrees_with`: the same game, its copies, and games grown from it). Placing a card
//! then neither checks nor allocates its printed characteristics again.
//!
//! The keeper knows cards only by index and description: the card database owns one and asks
//! it to make objects (`CardDb::create_object`).

use cardstate_core::{CardSpec, CheckedCard, Game, Result, Zone};
use std::sync::{Mutex, PoisonError};

/// Per card, the last check of its description and of its token copy's.
#[derive(Debug, Default)]
pub(crate) struct Checks(Box<[[Mutex<Option<CheckedCard>>; 2]]>);

impl Checks {
    pub(crate) fn new(cards: usize) -> Checks {
        Checks((0..cards).map(|_| Default::default()).collect())
    }

    /// Creates an object of card `index`, described by `spec` (its token copy's description
    /// if `token`), for `controller` in `zone`, as `Game::create` of `spec` would; returns
    /// its id.
    pub(crate) fn create(
        &self,
        game: &mut Game,
        index: usize,
        token: bool,
        spec: &CardSpec,
        controller: u32,
        zone: Zone,
    ) -> Result<u32> {
        game.player(controller)?;
        let slot = &self.0[index][token as usize];
        // A poisoned lock held only a finished check or none: its value is still whole.
        let mut checked = slot.lock().unwrap_or_else(PoisonError::into_inner);
        let reusable = checked.as_ref().is_some_and(|c| game.agrees_with(c));
        if !reusable {
            *checked = Some(game.check_card(spec)?);
        }
        let card = checked.as_ref().expect("checked above");
        game.create_checked(controller, zone, card)
    }
}

impl Clone for Checks {
    /// A copy starts without checks (each is remade on first use).
    fn clone(&self) -> Checks {
        Checks::new(self.0.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardstate_core::Ruleset;

    fn bear(subtype: &str) -> CardSpec {
        CardSpec {
            name: "Bear".into(),
            types: vec!["creature".into()],
            subtypes: vec![subtype.into()],
            power: Some(2),
            toughness: Some(2),
            ..CardSpec::default()
        }
    }

    /// A kept check is reused only by a game whose subtype names agree with it: a game that
    /// named another subtype first gets the object `Game::create` makes there.
    #[test]
    fn a_kept_check_makes_the_object_create_makes() {
        let checks = Checks::new(1);
        let spec = bear("Bear");
        let mut a = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let mut b = Game::new(2, Ruleset::Mtg, 0).unwrap();
        b.create(0, Zone::Library, &bear("Squirrel")).unwrap();
        let mut c = b.clone();
        for g in [&mut a, &mut b] {
            checks
                .create(g, 0, false, &spec, 1, Zone::Battlefield)
                .unwrap();
        }
        c.create(1, Zone::Battlefield, &spec).unwrap();
        assert!(b == c);
        assert_eq!(b.to_bytes(), c.to_bytes());
    }
}
