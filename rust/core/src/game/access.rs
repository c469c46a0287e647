//! Looking entities up by id, checking what kind of entity the id names.

use super::{Entity, Game, Printed};
use crate::error::{Error, Reason, Result};
use crate::zones::Zone;

/// The error for an id naming the wrong kind of entity (cold: kept out of the inlined checks).
#[cold]
fn wrong_entity(id: u32, reason: Reason) -> Error {
    let what = if reason == Reason::NotAPlayer {
        "an object, not a player"
    } else {
        "a player, not an object"
    };
    Error::refused(reason, format!("{id} is {what}"))
}

#[cold]
fn not_in_play(what: &str, id: u32, zone: Zone) -> Error {
    Error::refused(
        Reason::NotOnBattlefield,
        format!(
            "{what} applies only to cards in play; {id} is in the {}",
            zone.as_str()
        ),
    )
}

impl Game {
    /// The entity with that id (players and objects; gone objects give their LKI).
    #[inline]
    // Built only when the id is unknown: `ok_or` builds and drops an error (a type with a
    // destructor) at every lookup (docs/PERFORMANCE.md, "The unknown-id error built lazily").
    #[allow(clippy::unnecessary_lazy_evaluations)]
    pub fn entity(&self, id: u32) -> Result<&Entity> {
        self.entities
            .get(id as usize)
            .ok_or_else(|| Error::UnknownId(id as i128))
    }

    /// A version of entity `id` (0 for none), if the game keeps them (`keep_entity_versions`):
    /// the same version of the same game (by `lineage`) is the same entity, unchanged since it
    /// was read. A copy of a game is a new lineage.
    #[inline]
    pub fn entity_version(&self, id: u32) -> Option<u64> {
        self.entities.stamp(id as usize)
    }

    /// Keeps a version of every entity from now on (a copy keeps them too): each change then
    /// costs a little more, so a game keeps none until a reader asks.
    pub fn keep_entity_versions(&mut self) {
        self.entities.keep_stamps();
    }

    /// This game's lineage for `entity_version`: no other game, a copy included, has the same.
    #[inline]
    pub fn lineage(&self) -> u64 {
        self.entities.lineage()
    }

    #[inline]
    pub fn printed(&self, e: &Entity) -> &Printed {
        &self.printed[e.printed as usize]
    }

    /// How many printed cards the game holds (objects name theirs by index: `Entity::printed`;
    /// the list only grows, but for a rolled-back transaction's own).
    #[inline]
    pub fn printed_count(&self) -> usize {
        self.printed.len()
    }

    /// The name of printed card `index`, if there is one.
    pub fn printed_name(&self, index: u32) -> Option<&str> {
        self.printed.get(index as usize).map(|p| &*p.name)
    }

    #[inline]
    pub fn player(&self, id: u32) -> Result<&Entity> {
        let e = self.entity(id)?;
        if !e.is_player {
            return Err(wrong_entity(id, Reason::NotAPlayer));
        }
        Ok(e)
    }

    #[inline]
    pub fn object(&self, id: u32) -> Result<&Entity> {
        let e = self.entity(id)?;
        if e.is_player {
            return Err(wrong_entity(id, Reason::NotAnObject));
        }
        Ok(e)
    }

    /// An entity that may be changed: not gone.
    #[inline]
    pub fn live(&self, id: u32) -> Result<&Entity> {
        let e = self.entity(id)?;
        if e.gone {
            return Err(Error::Gone(id));
        }
        Ok(e)
    }

    #[inline]
    pub fn live_object(&self, id: u32) -> Result<&Entity> {
        let e = self.object(id)?;
        if e.gone {
            return Err(Error::Gone(id));
        }
        Ok(e)
    }

    /// An object on the battlefield (for changes that happen only "in play").
    #[inline(always)]
    pub fn permanent(&self, id: u32, what: &str) -> Result<&Entity> {
        let e = self.live_object(id)?;
        if e.zone != Zone::Battlefield {
            return Err(not_in_play(what, id, e.zone));
        }
        Ok(e)
    }

    pub fn players(&self) -> impl Iterator<Item = u32> {
        0..self.num_players
    }
}
