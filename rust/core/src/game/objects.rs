//! Creating objects and moving them between zones (400.7; SEMANTICS §3).

use super::{CardSpec, EffectKinds, Entity, Game, NO_ID};
use crate::error::{overflow, Result};
use crate::events::{Event, EventKind};
use crate::keywords::Types;
use crate::kinds;
use crate::zones::Zone;
use std::sync::Arc;

impl Game {
    pub(crate) fn next_id(&self) -> Result<u32> {
        let id = self.entities.len();
        if id >= NO_ID as usize {
            return overflow("the id space");
        }
        Ok(id as u32)
    }

    /// Creates an object (SEMANTICS §3); returns its id.
    pub fn create(&mut self, controller: u32, zone: Zone, spec: &CardSpec) -> Result<u32> {
        self.player(controller)?;
        let printed = self.validate_card(spec)?;
        let id = self.next_id()?;
        let index = self.printed.len() as u32;
        Arc::make_mut(&mut self.printed).push(Arc::new(printed));
        self.spawn(id, index, controller, zone);
        if zone == Zone::Battlefield {
            // 603.6a: it enters the battlefield (before the counters it enters with).
            self.emit(Event::new(EventKind::Created, id));
        }
        Ok(id)
    }

    /// `create`, and the object enters with `counters` put on it (122.6): through the
    /// replacement effects, with `counters_added`; all or nothing.
    pub fn create_with_counters(
        &mut self,
        controller: u32,
        zone: Zone,
        spec: &CardSpec,
        counters: &[(String, u64)],
    ) -> Result<u32> {
        if counters.is_empty() {
            return self.create(controller, zone, spec);
        }
        for (k, _) in counters {
            Self::check_kind_name(k)?;
        }
        self.transaction(|g| {
            let id = g.create(controller, zone, spec)?;
            g.put_entering_counters(id, counters)?;
            Ok(id)
        })
    }

    /// `move_to`, and the new object enters with `counters` put on it (122.6).
    pub fn move_with_counters(
        &mut self,
        id: u32,
        zone: Zone,
        counters: &[(String, u64)],
    ) -> Result<u32> {
        if counters.is_empty() {
            return self.move_to(id, zone);
        }
        let token_outside = {
            let e = self.live_object(id)?;
            e.token && e.zone != Zone::Battlefield
        };
        for (k, _) in counters {
            Self::check_kind_name(k)?;
        }
        if token_outside {
            return self.move_to(id, zone); // 111.8: it stays; no new object to put them on
        }
        self.transaction(|g| {
            let new_id = g.move_to(id, zone)?;
            g.put_entering_counters(new_id, counters)?;
            Ok(new_id)
        })
    }

    fn put_entering_counters(&mut self, id: u32, counters: &[(String, u64)]) -> Result<()> {
        for (name, n) in counters {
            let kind = self.intern_kind(name)?;
            let n = if self.replacements.is_empty() {
                *n
            } else {
                self.counters_to_put(id, kind, *n)
            };
            self.put_counters(id, kind, n)?;
        }
        Ok(())
    }

    /// Adds the object for a printed card; it enters with its intrinsic counters.
    pub(crate) fn spawn(&mut self, id: u32, printed: u32, owner: u32, zone: Zone) {
        self.spawn_under(id, printed, owner, owner, zone);
    }

    /// `spawn`, controlled by `controller` (110.2: a permanent put onto the battlefield under
    /// another player's control than its owner's), from the moment it enters: the effects
    /// that apply as it enters see that controller (614.12).
    fn spawn_under(&mut self, id: u32, printed: u32, owner: u32, controller: u32, zone: Zone) {
        // Borrowed, not cloned: two atomic reference-count updates per zone change add up
        // when SBAs move dozens of permanents.
        let p = &self.printed[printed as usize];
        let mut e = Entity::object(printed, p, owner, zone);
        e.controller = controller;
        // A fresh object has no counters; its characteristics hash is the card's cached one.
        self.entity_hash ^= Self::scalar_features(id, &e, p.fresh_chars, Some(p.hash));
        // 306.5b / 310.4b: planeswalkers and battles enter with their loyalty/defense.
        let loyalty = p.loyalty.filter(|_| p.types.contains(Types::PLANESWALKER));
        let defense = p.defense.filter(|_| p.types.contains(Types::BATTLE));
        let listed = super::zone_index::group_of(&e, self.num_players as usize);
        self.entities.push(e);
        self.zones.moved(id, None, listed);
        if zone == Zone::Battlefield {
            // They are put on it as it enters (122.6): replacement effects apply (Doubling
            // Season doubles a planeswalker's loyalty).
            let effects = !self.replacements.is_empty();
            if let Some(l) = loyalty {
                let l = if effects {
                    self.counters_to_put(id, kinds::LOYALTY, l as u64)
                } else {
                    l as u64
                };
                self.set_count(id, kinds::LOYALTY, l);
            }
            if let Some(d) = defense {
                let d = if effects {
                    self.counters_to_put(id, kinds::DEFENSE, d as u64)
                } else {
                    d as u64
                };
                self.set_count(id, kinds::DEFENSE, d);
            }
            // 614.12: "they enter tapped" applies as it enters (no event: it isn't tapped
            // after entering).
            if self.effects_of_kind(EffectKinds::ENTERS_TAPPED) && self.enters_tapped(id) {
                self.change_tapped(id, true);
            }
        }
    }

    /// Moves an object to a zone (400.7): it becomes a new object with a new id; the old id keeps
    /// last known information. Returns the new id.
    ///
    /// 111.8: a token that is not on the battlefield (it left it, or was created elsewhere)
    /// can't move: it stays where it is, and its own id is returned (no event); it ceases to
    /// exist the next time state-based actions are checked (704.5d).
    pub fn move_to(&mut self, id: u32, zone: Zone) -> Result<u32> {
        let e = self.live_object(id)?;
        if e.token && e.zone != Zone::Battlefield {
            return Ok(id);
        }
        let new_id = self.next_id()?;
        Ok(self.relocate(id, zone, new_id))
    }

    /// `move_to` the battlefield under `player`'s control (110.2: "put … onto the
    /// battlefield under your control"), whoever owns it: the effects that apply as it enters
    /// see that controller (614.12). Returns the new id.
    pub fn move_to_battlefield_under(&mut self, id: u32, player: u32) -> Result<u32> {
        self.player(player)?;
        let e = self.live_object(id)?;
        if e.token && e.zone != Zone::Battlefield {
            return Ok(id);
        }
        let new_id = self.next_id()?;
        Ok(self.relocate_under(id, Zone::Battlefield, new_id, player))
    }

    /// 704.5d: a token in a zone other than the battlefield ceases to exist. Its record stays
    /// as last known information (gone, with no new object, in the zone it was in); the
    /// effects tied to it end as on a zone change. Event `ceased_to_exist`.
    pub(crate) fn cease_to_exist(&mut self, id: u32) {
        if !self.continuous.is_empty() {
            self.remember_layered(id); // 113.7a: as it last existed
        }
        let from = self.entities[id as usize].zone;
        self.update_place(id, |e| e.gone = true);
        self.end_effects_tied_to(id);
        self.emit(Event::new(EventKind::CeasedToExist, id).with_zone_from(from));
    }

    /// The effects that refer to an object as it was end as it leaves its zone (or ceases to
    /// exist): its regeneration shields, the effects of its static abilities (611.3a), a
    /// prevention shield on it and a redirection from or to it, cost modifiers tied to it, the
    /// continuous effects it is the source of, and its place in locked-in sets.
    fn end_effects_tied_to(&mut self, id: u32) {
        let effects =
            |g: &Game| g.regenerations.len() + g.replacements.len() + g.cost_modifiers.len();
        let before = effects(self);
        if before > 0 {
            self.regenerations.retain(|&r| r != id);
            self.replacements.retain(|r| !r.ends_with(id));
            self.cost_modifiers
                .retain(|m| m.card != Some(id) && m.source != Some(id));
            if before != effects(self) {
                self.effects_changed();
            }
        }
        if !self.continuous.is_empty() && self.end_continuous_for(id) {
            self.effects_changed();
        }
    }

    /// The move itself (the caller validated): no `counters_removed` for what vanishes (122.2).
    pub(crate) fn relocate(&mut self, id: u32, zone: Zone, new_id: u32) -> u32 {
        let owner = self.entities[id as usize].owner;
        self.relocate_under(id, zone, new_id, owner)
    }

    /// `relocate`, the new object controlled by `controller` (its owner in a zone other than
    /// the battlefield, 400.3; the caller passes it so).
    fn relocate_under(&mut self, id: u32, zone: Zone, new_id: u32, controller: u32) -> u32 {
        if !self.continuous.is_empty() {
            self.remember_layered(id); // 113.7a: as it last existed
        }
        let (from, printed, owner, finality) = {
            let e = &self.entities[id as usize];
            (
                e.zone,
                e.printed,
                e.owner,
                e.counters.get(kinds::FINALITY) > 0,
            )
        };
        // 122.1h: a permanent with a finality counter that would be put into a graveyard from
        // the battlefield is exiled instead; 614.1a: so is one an "if it would die, exile it
        // instead" effect affects.
        let dies = from == Zone::Battlefield && zone == Zone::Graveyard;
        let zone = if dies
            && (finality
                || self.effects_of_kind(EffectKinds::EXILE_INSTEAD_OF_DYING)
                    && self.exiled_instead_of_dying(id))
        {
            Zone::Exile
        } else {
            zone
        };
        self.update_place(id, |e| {
            e.gone = true;
            e.new_id = new_id;
            e.zone = zone;
        });
        // Effects that refer to the object as it was end now (before the new object enters:
        // an effect of the leaving permanent doesn't apply to it).
        self.end_effects_tied_to(id);
        // 400.3, 108.3: outside the battlefield it is its owner's.
        let controller = if zone == Zone::Battlefield {
            controller
        } else {
            owner
        };
        self.spawn_under(new_id, printed, owner, controller, zone);
        self.emit(Event::new(EventKind::ZoneChange, id).with_move(from, zone, new_id));
        new_id
    }
}
