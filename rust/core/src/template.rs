//! Creating another object of a card the game already has (a game layer that keeps hidden
//! zones itself creates an object each time a card goes public: validating the card's
//! description again each time would cost more than the rest of the move).

use std::sync::Arc;

use crate::error::{refuse, Reason, Result};
use crate::events::{Event, EventKind};
use crate::game::{CardSpec, Game, Printed};
use crate::names::NameTable;
use crate::zones::Zone;

/// A card description checked once (`Game::check_card`), whose objects a game creates without
/// checking the description again (`Game::create_checked`): a game layer that plays many
/// games of the same cards checks each card once, not once a game.
#[derive(Clone, Debug)]
pub struct CheckedCard {
    printed: Arc<Printed>,
    /// The subtype table it was checked against: its subtypes are ids of these names.
    names: Arc<NameTable>,
}

impl Game {
    /// Checks a card description as `create` does, interning its subtypes, without creating
    /// an object.
    pub fn check_card(&mut self, spec: &CardSpec) -> Result<CheckedCard> {
        let printed = self.validate_card(spec)?;
        Ok(CheckedCard {
            printed: Arc::new(printed),
            names: self.subtype_names.clone(),
        })
    }

    /// `create` of a checked card's description: the same object, without the check. The
    /// game's subtype table must name the card's subtype ids as the table it was checked
    /// against did (the table only grows, so every game descended from that one does); an
    /// error otherwise, and nothing changes.
    pub fn create_checked(
        &mut self,
        controller: u32,
        zone: Zone,
        card: &CheckedCard,
    ) -> Result<u32> {
        self.player(controller)?;
        if !self.agrees_with(card) {
            return refuse(
                Reason::Incompatible,
                "the card was checked against other subtype names than this game's",
            );
        }
        let id = self.next_id()?;
        let index = self.printed.len() as u32;
        Arc::make_mut(&mut self.printed).push(card.printed.clone());
        self.spawn(id, index, controller, zone);
        if zone == Zone::Battlefield {
            // 603.6a: it enters the battlefield, as with `create`.
            self.emit(Event::new(EventKind::Created, id));
        }
        Ok(id)
    }

    /// Whether this game's subtype table names the card's subtype ids as the table it was
    /// checked against did (so `create_checked` of it makes the object `create` would).
    pub fn agrees_with(&self, card: &CheckedCard) -> bool {
        let names = &self.subtype_names;
        Arc::ptr_eq(names, &card.names)
            || card
                .printed
                .subtypes
                .iter()
                .all(|&s| (s.0 as usize) < names.len() && names.name(s) == card.names.name(s))
    }

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

    #[test]
    fn create_checked_equals_create() {
        let spec = CardSpec {
            name: "Elf".into(),
            types: vec!["creature".into()],
            subtypes: vec!["Elf".into(), "Druid".into()],
            power: Some(1),
            toughness: Some(1),
            ..CardSpec::default()
        };
        let mut checker = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let card = checker.check_card(&spec).unwrap();
        // A clone shares the table; a game that interned the names itself, in its own order,
        // names them alike by name.
        for mut b in [checker.clone(), Game::new(2, Ruleset::Mtg, 0).unwrap()] {
            let mut a = Game::new(2, Ruleset::Mtg, 0).unwrap();
            b.intern_subtypes(&["Elf", "Druid"]);
            for zone in [Zone::Battlefield, Zone::Graveyard] {
                let x = a.create(1, zone, &spec).unwrap();
                let y = b.create_checked(1, zone, &card).unwrap();
                assert_eq!(x, y);
                assert_eq!(a.events(), b.events(), "603.6a: the same events");
            }
            assert_eq!(a.hash(), b.hash());
            assert_eq!(b.recompute_hash(), b.hash());
            assert!(a == b);
        }
        // A table that names the ids otherwise refuses, and nothing changes.
        let mut c = Game::new(2, Ruleset::Mtg, 0).unwrap();
        c.intern_subtypes(&["Druid", "Elf"]);
        let before = c.clone();
        assert!(c.create_checked(0, Zone::Battlefield, &card).is_err());
        assert!(c == before && c.hash() == before.hash());
        assert!(
            c.create_checked(5, Zone::Battlefield, &card).is_err(),
            "no such player"
        );
    }
}
