//! State-based actions (CR 704): every applicable action at once, repeated until none applies.

use crate::error::Result;
use crate::events::{Event, EventKind};
use crate::game::{Entity, Game};
use crate::keywords::{Keywords, Types};
use crate::kinds;
use crate::zones::Zone;

/// What one permanent undergoes in a pass.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fate {
    /// Put into its owner's graveyard (704.5f/i/v): not a destroy.
    Graveyard,
    /// Destroyed (704.5g/h; Berserk: wounds reach lives).
    Destroy,
}

/// What a destroy did.
pub(crate) enum Destroy {
    Nothing,
    Shield,
    Destroyed,
}

impl Game {
    /// Performs state-based actions until none applies (704.3); returns the events they caused
    /// (which are also in the log).
    pub fn check_state_based_actions(&mut self) -> Result<Vec<Event>> {
        self.check_state_based_actions_with(|_, events| events.to_vec())
    }

    /// `check_state_based_actions`, handing the events they caused to `read` where they lie in
    /// the log (bindings make their own objects from them without an intermediate copy).
    pub fn check_state_based_actions_with<R>(
        &mut self,
        read: impl FnOnce(&Game, &[Event]) -> R,
    ) -> Result<R> {
        let start = self.events.len();
        let record = self.record_events;
        // The returned events are wanted even when the log is off.
        self.record_events = true;
        let out = self.run_state_based_actions();
        self.record_events = record;
        out?;
        let events = read(self, &self.events[start..]);
        if !record {
            self.events.truncate(start);
        }
        Ok(events)
    }

    /// The actions without collecting events (for playouts).
    pub fn run_state_based_actions(&mut self) -> Result<()> {
        // Each pass may move every permanent: make sure the ids can't run out half-way (counting
        // the permanents only when the bound that every entity is one might be reached).
        let len = self.entities.len() as u64;
        if 2 * len >= crate::game::NO_ID as u64 {
            let permanents = self.entities.iter().filter(|e| e.is_permanent()).count() as u64;
            if len + permanents >= crate::game::NO_ID as u64 {
                return crate::error::overflow("the id space");
            }
        }
        let mut full = true;
        loop {
            let (acted, only_shields) = self.state_based_pass(full);
            if only_shields && !full {
                self.fast_forward_shield_passes();
            }
            if full {
                // 704.5h looks at deathtouch damage since the last check.
                let marked = std::mem::take(&mut self.scratch.deathtouched);
                for &id in &marked {
                    self.set_deathtouched(id, false);
                }
                self.scratch.deathtouched = marked;
                full = false;
            }
            if !acted {
                return Ok(());
            }
        }
    }

    /// Lethal damage stays marked, so a creature whose destruction a shield counter replaced is
    /// destroyed again in the next pass (one shield per pass, 122.1c, 704.3). When a pass did
    /// nothing else, every following pass does exactly the same until the fewest shields run
    /// out: do those passes here, touching only those creatures (same counters, same events)
    /// instead of scanning the whole board once per shield.
    fn fast_forward_shield_passes(&mut self) {
        let shielded = std::mem::take(&mut self.scratch.shielded);
        let repeats = shielded
            .iter()
            .map(|&id| self.entities[id as usize].counters.get(kinds::SHIELD))
            .min()
            .unwrap_or(0);
        if self.record_events {
            for _ in 0..repeats {
                for &id in &shielded {
                    self.take_counters(id, kinds::SHIELD, 1);
                }
            }
        } else {
            for &id in &shielded {
                let left = self.entities[id as usize].counters.get(kinds::SHIELD) - repeats;
                self.set_count(id, kinds::SHIELD, left);
            }
        }
        self.scratch.shielded = shielded;
    }

    /// One simultaneous pass: whether any action was performed, and whether all it did was
    /// remove shield counters instead of destroying creatures.
    fn state_based_pass(&mut self, full: bool) -> (bool, bool) {
        let mut acted = false;
        let mut other = false;
        self.scratch.shielded.clear();
        let magic = self.ruleset.is_magic();
        if magic {
            // 704.5a, 704.5c
            for p in 0..self.num_players {
                let e = &self.entities[p as usize];
                if !e.lost && (e.life <= 0 || e.counters.get(kinds::POISON) >= 10) {
                    self.update_place(p, |e| e.lost = true);
                    self.emit(Event::new(EventKind::PlayerLost, p));
                    acted = true;
                    other = true;
                }
            }
        }
        // Decide every permanent's fate before anything changes (simultaneity, 704.3), in one
        // scan that also finds the counters 704.5q annihilates (a permanent's fate depends only
        // on itself, and its counters change only after its fate is decided).
        let mut fates = std::mem::take(&mut self.scratch.ids);
        let mut annihilate = std::mem::take(&mut self.scratch.annihilate);
        let mut recheck = std::mem::take(&mut self.scratch.recheck);
        fates.clear();
        annihilate.clear();
        if full {
            // The first pass looks at every permanent, and finds the deathtouch marks to clear
            // after it (gone objects' included) in the same scan.
            let mut marked = std::mem::take(&mut self.scratch.deathtouched);
            marked.clear();
            self.entities
                .for_each_from(self.num_players as usize, |id, e| {
                    if e.deathtouched {
                        marked.push(id);
                    }
                    self.judge(id, e, magic, &mut fates, &mut annihilate);
                });
            self.scratch.deathtouched = marked;
        } else {
            // A later pass: only what the pass before changed and left in play can meet a new
            // condition (the others are as they were when nothing applied to them, but for the
            // deathtouch marks cleared after the first pass, which only take a condition away),
            // in id order, so the events come in the order a whole scan gives.
            for &id in &recheck {
                self.judge(
                    id,
                    &self.entities[id as usize],
                    magic,
                    &mut fates,
                    &mut annihilate,
                );
            }
        }
        for &(id, both) in &annihilate {
            self.take_counters(id, kinds::PLUS_ONE, both);
            self.take_counters(id, kinds::MINUS_ONE, both);
            acted = true;
            other = true;
        }
        self.scratch.annihilate = annihilate;
        for &packed in &fates {
            let id = packed >> 1;
            if packed & 1 == 0 {
                self.put_into_graveyard(id);
                acted = true;
                other = true;
            } else {
                match self.destroy(id) {
                    Destroy::Nothing => {}
                    Destroy::Shield => {
                        acted = true;
                        self.scratch.shielded.push(id);
                    }
                    Destroy::Destroyed => {
                        acted = true;
                        other = true;
                    }
                }
            }
        }
        // What the next pass must look at: the permanents this one changed and left in play
        // (annihilated counters, a shield counter used instead of a destroy), in id order.
        recheck.clear();
        recheck.extend(self.scratch.annihilate.iter().map(|&(id, _)| id));
        recheck.extend_from_slice(&self.scratch.shielded);
        recheck.sort_unstable();
        recheck.dedup();
        self.scratch.recheck = recheck;
        self.scratch.ids = fates;
        (acted, acted && !other)
    }

    /// Adds a permanent's fate in this pass (704.5f/g/h/i/v; Berserk: wounds reach lives) and
    /// its +1/+1 and -1/-1 counters that annihilate (704.5q). Anything not a permanent: none.
    #[inline(always)]
    fn judge(
        &self,
        id: u32,
        e: &Entity,
        magic: bool,
        fates: &mut Vec<u32>,
        annihilate: &mut Vec<(u32, u64)>,
    ) {
        if !e.is_permanent() {
            return;
        }
        let fate = if magic {
            let creature = e.is_creature();
            let toughness = if creature { self.toughness_of(e) } else { None };
            if creature && toughness.is_some_and(|t| t <= 0)
                || e.types.contains(Types::PLANESWALKER) && e.counters.get(kinds::LOYALTY) == 0
                || e.types.contains(Types::BATTLE) && e.counters.get(kinds::DEFENSE) == 0
            {
                Some(Fate::Graveyard) // 704.5f, 704.5i, 704.5v
            } else if creature
                && (e.damage > 0 && toughness.is_some_and(|t| e.damage as i128 >= t)
                    || e.deathtouched)
            {
                Some(Fate::Destroy) // 704.5g, 704.5h
            } else {
                None
            }
        } else {
            match e.lives {
                Some(lives)
                    if e.types.intersects(Types(Types::CREATURE.0 | Types::HERO.0))
                        && e.counters.get(kinds::WOUND) as i128
                            >= lives as i128 + e.counters.get(kinds::EXTRA_LIFE) as i128
                                - e.counters.get(kinds::NEGATIVE_LIFE) as i128 =>
                {
                    Some(Fate::Destroy)
                }
                _ => None,
            }
        };
        if let Some(f) = fate {
            fates.push(id << 1 | (f == Fate::Destroy) as u32);
        }
        // 704.5q: +1/+1 and -1/-1 counters annihilate (it takes two kinds at least).
        if magic && e.counters.len() >= 2 {
            let both = e
                .counters
                .get(kinds::PLUS_ONE)
                .min(e.counters.get(kinds::MINUS_ONE));
            if both > 0 {
                annihilate.push((id, both));
            }
        }
    }

    fn put_into_graveyard(&mut self, id: u32) {
        let new_id = self.entities.len() as u32;
        self.relocate(id, Zone::Graveyard, new_id);
    }

    /// Destroys a permanent (701.8): a shield counter is removed instead (122.1c); an
    /// indestructible permanent isn't destroyed (702.12b). Whether anything happened.
    pub(crate) fn destroy(&mut self, id: u32) -> Destroy {
        let e = &self.entities[id as usize];
        if self.ruleset.is_magic() {
            // An indestructible permanent is never "destroyed", so its shield isn't used either.
            if self.keywords_of(e).intersects(Keywords::INDESTRUCTIBLE) {
                return Destroy::Nothing;
            }
            if e.counters.get(kinds::SHIELD) > 0 {
                self.take_counters(id, kinds::SHIELD, 1);
                return Destroy::Shield;
            }
        }
        self.emit(Event::new(EventKind::Destroyed, id));
        self.put_into_graveyard(id);
        Destroy::Destroyed
    }
}
