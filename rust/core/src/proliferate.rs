//! Proliferate (CR 701.34; old 701.23 for "mtg-2010").

use crate::error::{overflow, value, Error, Result};
use crate::events::Event;
use crate::game::{Entity, Game, Ruleset};
use crate::idset::IdSet;
use crate::kinds::{Kind, Polarity};

impl Game {
    /// Players (not lost) and permanents with at least one counter (701.34a); cards in other
    /// zones never are candidates (seed 000).
    #[inline]
    pub fn is_proliferate_candidate(e: &Entity) -> bool {
        !e.counters.is_empty()
            && if e.is_player {
                !e.lost
            } else {
                e.is_permanent()
            }
    }

    /// The candidates with their entities, in id order (players come first).
    pub fn proliferate_candidate_entities(&self) -> impl Iterator<Item = (u32, &Entity)> {
        self.entities
            .iter()
            .enumerate()
            .filter(|(_, e)| Self::is_proliferate_candidate(e))
            .map(|(i, e)| (i as u32, e))
    }

    pub fn proliferate_candidates(&self) -> Vec<u32> {
        self.proliferate_candidate_entities()
            .map(|(id, _)| id)
            .collect()
    }

    /// A chosen entity's checks (after its id is known): not gone, a candidate, not chosen
    /// before (`seen`).
    fn check_choice(id: u32, e: &Entity, seen: &mut IdSet) -> Result<()> {
        if e.gone {
            return Err(Error::Gone(id));
        }
        if !Self::is_proliferate_candidate(e) {
            return value(format!(
                "{id} can't be chosen for proliferate: only players and permanents with counters can"
            ));
        }
        if !seen.insert(id as usize) {
            return value(format!("{id} is chosen twice for proliferate"));
        }
        Ok(())
    }

    fn check_candidate(&self, id: u32, seen: &mut IdSet) -> Result<&Entity> {
        let e = self.entity(id)?;
        Self::check_choice(id, e, seen)?;
        Ok(e)
    }

    fn seen_set(&self) -> IdSet {
        IdSet::with_bound(self.entities.len())
    }

    /// "mtg" (701.34a): each chosen entity gets one more counter of each kind it already has.
    /// (In "mtg-2010" use `proliferate_one_kind`.)
    pub fn proliferate(&mut self, player: u32, chosen: &[u32]) -> Result<()> {
        self.player(player)?;
        if self.ruleset == Ruleset::Mtg2010 {
            return Err(Error::Type(
                "the mtg-2010 ruleset proliferates one chosen kind per entity: pass a mapping id -> kind"
                    .into(),
            ));
        }
        if !self.replacements.is_empty() {
            return self.proliferate_through_effects(chosen);
        }
        // One pass that checks and applies each entity in turn (the board may be large: touch it
        // once); on a bad choice, the entities already done are put back exactly.
        let mut seen = self.seen_set();
        let events_before = self.events.len();
        let hash_before = self.entity_hash;
        let out = self.proliferate_each_kind(chosen, &mut seen);
        if let Err((done, e)) = out {
            for &undo in chosen[..done].iter().rev() {
                self.entities[undo as usize]
                    .counters
                    .for_each_mut(|_, n| *n -= 1);
            }
            self.events.truncate(events_before);
            self.entity_hash = hash_before;
            return Err(e);
        }
        Ok(())
    }

    /// The checks of `check_candidate` and one more counter of each kind (701.34a), for each
    /// chosen id in order; on failure, how many were done and why.
    fn proliferate_each_kind(
        &mut self,
        chosen: &[u32],
        seen: &mut IdSet,
    ) -> std::result::Result<(), (usize, Error)> {
        let (entities, mut log) = self.split_changes();
        let len = entities.len();
        for (done, &id) in chosen.iter().enumerate() {
            let i = id as usize;
            if i >= len {
                return Err((done, Error::UnknownId(id as i128)));
            }
            let e = &mut entities[i];
            Self::check_choice(id, e, seen).map_err(|err| (done, err))?;
            if e.counters.iter().any(|(_, n)| n == u64::MAX) {
                return Err((
                    done,
                    Error::Overflow("a proliferated count would overflow".into()),
                ));
            }
            e.counters.for_each_mut(|k, n| {
                let old = *n;
                *n = old + 1;
                log.count_changed(id, k, old, old + 1);
                log.counters_event(true, id, k, 1);
            });
        }
        Ok(())
    }

    /// Proliferate with replacement effects in play: every choice checked, then each kind put
    /// through them (614.1a: Doubling Season makes it two, Solemnity none), all or nothing.
    fn proliferate_through_effects(&mut self, chosen: &[u32]) -> Result<()> {
        let mut seen = self.seen_set();
        for &id in chosen {
            self.check_candidate(id, &mut seen)?;
        }
        self.transaction(|g| {
            for &id in chosen {
                let present: smallvec::SmallVec<[Kind; 8]> = g.entities[id as usize]
                    .counters
                    .iter()
                    .map(|(k, _)| k)
                    .collect();
                for k in present {
                    let n = g.counters_to_put(id, k, 1);
                    g.put_counters(id, k, n)?;
                }
            }
            Ok(())
        })
    }

    /// "mtg-2010" (old 701.23a): each chosen entity gets one more counter of the chosen kind.
    pub fn proliferate_one_kind(&mut self, player: u32, chosen: &[(u32, &str)]) -> Result<()> {
        self.player(player)?;
        if self.ruleset != Ruleset::Mtg2010 {
            return Err(Error::Type(format!(
                "the {} ruleset proliferates every kind: pass an iterable of ids",
                self.ruleset.as_str()
            )));
        }
        let mut seen = self.seen_set();
        for &(id, name) in chosen {
            let e = self.check_candidate(id, &mut seen)?;
            Self::check_kind_name(name)?;
            let n = self.lookup_kind(name).map_or(0, |k| e.counters.get(k));
            if n == 0 {
                return value(format!("{id} has no {name} counter to proliferate"));
            }
            if n == u64::MAX {
                return overflow("a proliferated count");
            }
        }
        if !self.replacements.is_empty() {
            return self.transaction(|g| {
                for &(id, name) in chosen {
                    let k = g.lookup_kind(name).expect("checked above");
                    let n = g.counters_to_put(id, k, 1);
                    g.put_counters(id, k, n)?;
                }
                Ok(())
            });
        }
        for &(id, name) in chosen {
            let k = self.lookup_kind(name).expect("checked above");
            let n = self.entities[id as usize].counters.get(k);
            self.set_count(id, k, n + 1);
            self.emit(Event::counters(true, id, k, 1));
        }
        Ok(())
    }

    /// How much one more counter of `kind` on `e` helps `player` (SEMANTICS §7).
    fn benefit(&self, player: u32, id: u32, e: &Entity, kind: Kind) -> i32 {
        let friendly = if e.is_player {
            id == player
        } else {
            e.controller == player
        };
        match (self.kinds.info(kind).polarity, friendly) {
            (Polarity::Good, true) | (Polarity::Bad, false) => 1,
            (Polarity::Bad, true) | (Polarity::Good, false) => -1,
            (Polarity::Neutral, _) => 0,
        }
    }

    /// An agent's choice for proliferate by polarity, applied. "mtg": ids; "mtg-2010": pairs
    /// (id, kind) with the best single kind (the smallest name among those that help).
    pub fn proliferate_auto(&mut self, player: u32) -> Result<Vec<(u32, Option<Kind>)>> {
        self.player(player)?;
        let one_kind = self.ruleset == Ruleset::Mtg2010;
        let mut chosen: Vec<(u32, Option<Kind>)> = Vec::new();
        for (id, e) in self.proliferate_candidate_entities() {
            if one_kind {
                let best = e
                    .counters
                    .iter()
                    .filter(|&(k, _)| self.benefit(player, id, e, k) > 0)
                    .map(|(k, _)| k)
                    .min_by(|a, b| self.kinds.name(*a).cmp(self.kinds.name(*b)));
                if let Some(k) = best {
                    chosen.push((id, Some(k)));
                }
            } else {
                let total: i32 = e
                    .counters
                    .iter()
                    .map(|(k, _)| self.benefit(player, id, e, k))
                    .sum();
                if total > 0 {
                    chosen.push((id, None));
                }
            }
        }
        if one_kind {
            let names: Vec<(u32, String)> = chosen
                .iter()
                .map(|&(id, k)| (id, self.kinds.name(k.expect("one kind")).to_string()))
                .collect();
            let pairs: Vec<(u32, &str)> = names.iter().map(|(i, n)| (*i, n.as_str())).collect();
            self.proliferate_one_kind(player, &pairs)?;
        } else {
            let ids: Vec<u32> = chosen.iter().map(|&(id, _)| id).collect();
            self.proliferate(player, &ids)?;
        }
        Ok(chosen)
    }
}
