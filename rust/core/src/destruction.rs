//! Destruction (701.8) and what replaces it: indestructible (702.12b), regeneration (701.19),
//! shield counters (122.1c); and the tapped status regeneration changes.

use crate::error::Result;
use crate::events::{Event, EventKind};
use crate::game::Game;
use crate::keywords::Keywords;
use crate::kinds;
use crate::zones::Zone;

/// What an attempt to destroy a permanent came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destroyed {
    /// Nothing happened: it is indestructible (702.12b).
    Not,
    /// A regeneration shield replaced the destruction (701.19a).
    Regenerated,
    /// A shield counter was removed instead (122.1c; effects only).
    Shield,
    /// It was destroyed: put into its owner's graveyard (or exile, 122.1h).
    Yes,
}

impl Game {
    #[inline]
    pub(crate) fn indestructible(&self, id: u32) -> bool {
        self.keywords_at(id, &self.entities[id as usize])
            .intersects(Keywords::INDESTRUCTIBLE)
    }

    /// "Destroy x" as the result of an effect (701.8a): indestructible stops it; otherwise a
    /// regeneration shield (oldest first) or, with none, a shield counter (122.1c) replaces it
    /// (the default order of 616.1: docs/SEMANTICS.md §6).
    pub fn destroy(&mut self, id: u32) -> Result<Destroyed> {
        self.permanent(id, "destroy")?;
        if self.indestructible(id) {
            return Ok(Destroyed::Not);
        }
        if self.regenerate_instead(id) {
            return Ok(Destroyed::Regenerated);
        }
        if self.entities[id as usize].counters.get(kinds::SHIELD) > 0 {
            self.take_counters(id, kinds::SHIELD, 1);
            return Ok(Destroyed::Shield);
        }
        self.destroyed(id);
        Ok(Destroyed::Yes)
    }

    /// Destruction by a state-based action (704.5g, 704.5h): indestructible stops it and
    /// regeneration replaces it, but shield counters don't (122.1c: "destroyed as the result of
    /// an effect"), and they stay on it.
    pub(crate) fn destroy_by_rule(&mut self, id: u32) -> Destroyed {
        if self.indestructible(id) {
            return Destroyed::Not;
        }
        if self.regenerate_instead(id) {
            return Destroyed::Regenerated;
        }
        self.destroyed(id);
        Destroyed::Yes
    }

    /// `destroyed`, then the move to the owner's graveyard.
    fn destroyed(&mut self, id: u32) {
        self.emit(Event::new(EventKind::Destroyed, id));
        let new_id = self.entities.len() as u32;
        self.relocate(id, Zone::Graveyard, new_id);
    }

    /// 701.19a: uses the oldest regeneration shield on `id`, if any: instead of being
    /// destroyed it is tapped and all damage is removed from it (and the deathtouch mark:
    /// the damage it stood for is gone). Whether a shield was used.
    fn regenerate_instead(&mut self, id: u32) -> bool {
        if self.regenerations.is_empty() {
            return false;
        }
        let Some(at) = self.regenerations.iter().position(|&r| r == id) else {
            return false;
        };
        self.regenerations.remove(at);
        self.effects_changed();
        self.set_tapped(id, true);
        self.set_damage(id, 0);
        if self.entities[id as usize].deathtouched {
            self.set_deathtouched(id, false);
        }
        true
    }

    /// "Regenerate x" (701.19a): the next time x would be destroyed this turn, instead tap it
    /// and remove all damage from it. Several shields are used one per destruction.
    pub fn regenerate(&mut self, id: u32) -> Result<()> {
        self.permanent(id, "regenerate")?;
        self.regenerations.push(id);
        self.effects_changed();
        Ok(())
    }

    /// How many regeneration shields protect x.
    pub fn regeneration_shields(&self, id: u32) -> Result<usize> {
        self.object(id)?;
        Ok(self.regenerations.iter().filter(|&&r| r == id).count())
    }

    // ----- the tapped status ------------------------------------------------------------------

    pub(crate) fn set_tapped(&mut self, id: u32, tapped: bool) {
        if self.entities[id as usize].tapped != tapped {
            self.change_tapped(id, tapped);
        }
    }

    /// `set_tapped` of a permanent whose tapped status is not `tapped`.
    pub(crate) fn change_tapped(&mut self, id: u32, tapped: bool) {
        let controller = self.set_tapped_unjudged(id, tapped);
        self.note_tap_change(controller);
    }

    /// Taps a permanent; whether it was untapped (tapping a tapped permanent does nothing).
    pub fn tap(&mut self, id: u32) -> Result<bool> {
        let was = self.permanent(id, "tap")?.tapped;
        if !was {
            self.change_tapped(id, true);
        }
        Ok(!was)
    }

    /// Untaps a permanent; whether it became untapped. 122.1d: a tapped permanent with a stun
    /// counter on it stays tapped, and one stun counter is removed from it instead.
    pub fn untap(&mut self, id: u32) -> Result<bool> {
        let was = self.permanent(id, "untap")?.tapped;
        if !was {
            return Ok(false);
        }
        if self.entities[id as usize].counters.get(kinds::STUN) > 0 {
            self.take_counters(id, kinds::STUN, 1);
            return Ok(false);
        }
        self.change_tapped(id, false);
        Ok(true)
    }

    /// Whether x is tapped (last known information for a gone id).
    pub fn is_tapped(&self, id: u32) -> Result<bool> {
        Ok(self.object(id)?.tapped)
    }
}
