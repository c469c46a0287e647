//! Creating another object of a card the game already has (a game layer that keeps hidden
//! zones itself creates an object each time a card goes public: validating the card's
//! description again each time would cost more than the rest of the move).

use crate::error::Result;
use crate::game::Game;
use crate::zones::Zone;

impl Game {
    /// Creates an object with the printed characteristics of object `like` (any object, also
    /// one that has left its zone) for `controller` in `zone`, as `create` would with the
    /// same description; returns its id.
    pub fn create_like(&mut self, controller: u32, zone: Zone, like: u32) -> Result<u32> {
        self.player(controller)?;
        let printed = self.object(like)?.printed;
        let id = self.next_id()?;
        self.spawn(id, printed, controller, zone);
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{CardSpec, Game, Ruleset};
    use crate::zones::Zone;

    #[test]
    fn create_like_equals_create() {
        let spec = CardSpec {
            name: "Bear".into(),
            types: vec!["creature".into()],
            power: Some(2),
            toughness: Some(2),
            ..CardSpec::default()
        };
        let mut a = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let mut b = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let x = a.create(0, Zone::Graveyard, &spec).unwrap();
        let y = b.create(0, Zone::Graveyard, &spec).unwrap();
        a.create(1, Zone::Battlefield, &spec).unwrap();
        b.create_like(1, Zone::Battlefield, y).unwrap();
        assert_eq!(a.hash(), b.hash());
        assert_eq!(a.recompute_hash(), b.hash());
        assert!(a == b);
        assert!(
            b.create_like(0, Zone::Hand, 0).is_err(),
            "a player is not a card"
        );
        let _ = x;
    }
}
