//! Proliferate (CR 701.34; old 701.23 for "mtg-2010").

use crate::error::{overflow, Error, Reason, Result};
use crate::events::{Event, EventKind};
use crate::game::{reserve_log, ChangeLog, Entity, Game, Ruleset, HUGE};
use crate::idset::IdSet;
use crate::kinds::{Kind, Polarity};

/// The form of choice a ruleset's proliferate takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProliferateForm {
    /// Entities; each gets one more counter of each kind it has (701.34a).
    EveryKind,
    /// Entity -> one kind it has; each gets one more counter of that kind (old 701.23a).
    OneKind,
}

impl ProliferateForm {
    /// The refusal of a choice of the other form.
    pub fn wrong_form(self, ruleset: Ruleset) -> Error {
        Error::refused(
            Reason::WrongForm,
            match self {
                ProliferateForm::OneKind => format!(
                "the {} ruleset proliferates one chosen kind per entity: pass a mapping id -> kind",
                ruleset.as_str()
            ),
                ProliferateForm::EveryKind => format!(
                    "the {} ruleset proliferates every kind: pass an iterable of ids",
                    ruleset.as_str()
                ),
            },
        )
    }
}

impl Ruleset {
    /// "mtg-2010" proliferates one chosen kind (old 701.23a), the others every kind (701.34a).
    pub fn proliferate_form(self) -> ProliferateForm {
        if self == Ruleset::Mtg2010 {
            ProliferateForm::OneKind
        } else {
            ProliferateForm::EveryKind
        }
    }
}

/// A proliferate choice, in either form; checked against the game's ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProliferateChoice<'a> {
    EveryKind(&'a [u32]),
    OneKind(&'a [(u32, &'a str)]),
}

impl ProliferateChoice<'_> {
    pub fn form(&self) -> ProliferateForm {
        match self {
            ProliferateChoice::EveryKind(_) => ProliferateForm::EveryKind,
            ProliferateChoice::OneKind(_) => ProliferateForm::OneKind,
        }
    }
}

impl Game {
    /// Proliferate with a choice of either form: the ruleset's form is applied, the other one is
    /// refused (a `Type` error, before the player is checked).
    pub fn proliferate_choice(&mut self, player: u32, choice: ProliferateChoice<'_>) -> Result<()> {
        match choice {
            ProliferateChoice::EveryKind(ids) => self.proliferate(player, ids),
            ProliferateChoice::OneKind(pairs) => self.proliferate_one_kind(player, pairs),
        }
    }

    /// Players (not lost) and permanents with at least one counter (701.34a); cards in other
    /// zones never are candidates (SoM 2010 notes).
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
        // At most every entity: one allocation, no regrowth; a loop per chunk.
        let mut out = Vec::with_capacity(self.entities.len());
        self.entities.for_each_from(0, |id, e| {
            if Self::is_proliferate_candidate(e) {
                out.push(id);
            }
        });
        out
    }

    /// A chosen entity's checks (after its id is known): not gone, a candidate, not chosen
    /// before (`seen`).
    fn check_choice(id: u32, e: &Entity, seen: &mut IdSet) -> Result<()> {
        if e.gone {
            return Err(Error::Gone(id));
        }
        if !Self::is_proliferate_candidate(e) {
            return Err(Error::refused(
                Reason::NotACandidate,
                format!(
                    "{id} can't be chosen for proliferate: only players and permanents with counters can"
                ),
            ));
        }
        if !seen.insert(id as usize) {
            return Err(Error::refused(
                Reason::NotACandidate,
                format!("{id} is chosen twice for proliferate"),
            ));
        }
        Ok(())
    }

    fn check_candidate(&self, id: u32, seen: &mut IdSet) -> Result<&Entity> {
        let e = self.entity(id)?;
        Self::check_choice(id, e, seen)?;
        Ok(e)
    }

    /// The "chosen twice" marks, empty, in the reused buffer (give it back with
    /// `return_seen`).
    fn seen_set(&mut self) -> IdSet {
        let mut seen = std::mem::take(&mut self.scratch.seen);
        seen.reset(self.entities.len());
        seen
    }

    fn return_seen(&mut self, seen: IdSet) {
        self.scratch.seen = seen;
    }

    /// "mtg" (701.34a): each chosen entity gets one more counter of each kind it already has.
    /// (In "mtg-2010" use `proliferate_one_kind`.)
    pub fn proliferate(&mut self, player: u32, chosen: &[u32]) -> Result<()> {
        // The form of the choice first, as every argument's form comes before the ids.
        if self.ruleset.proliferate_form() != ProliferateForm::EveryKind {
            return Err(ProliferateForm::OneKind.wrong_form(self.ruleset));
        }
        self.player(player)?;
        if !self.replacements.is_empty() {
            self.proliferate_through_effects(chosen)?;
            self.emit(Event::new(EventKind::Proliferated, player));
            return Ok(());
        }
        // One pass that checks and applies each entity in turn (the board may be large: touch it
        // once); on a bad choice, the entities already done are put back exactly.
        let mut seen = self.seen_set();
        let events_before = self.events.len();
        let hash_before = self.entity_hash;
        let out = self.proliferate_each_kind(chosen, &mut seen);
        self.return_seen(seen);
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
        // "Whenever you proliferate" triggers even when nothing was chosen.
        self.emit(Event::new(EventKind::Proliferated, player));
        Ok(())
    }

    /// "mtg" (701.34a) choosing every candidate: the same as `proliferate` with
    /// `proliferate_candidates()`, without the list and the checks of a choice (every candidate
    /// is a legal choice, each once). With replacement effects in play, that call.
    pub fn proliferate_all(&mut self, player: u32) -> Result<()> {
        if self.ruleset.proliferate_form() != ProliferateForm::EveryKind {
            return Err(ProliferateForm::OneKind.wrong_form(self.ruleset));
        }
        self.player(player)?;
        if !self.replacements.is_empty() {
            let all = self.proliferate_candidates();
            return self.proliferate(player, &all);
        }
        // Read first, changed after: the candidates are found, and their counts checked, in a
        // pass that only reads (a loop per chunk), so a count at `u64::MAX` refuses the whole
        // proliferate before anything changed and a chunk a clone shares is copied only for a
        // candidate; the changes then visit the candidates alone. Up to 64 candidates the list
        // is on the stack. The reading pass also writes the events (an event's fields are the
        // entity and the kind, known before the change; taken back on a refusal) and finds
        // whether a new count is huge, so the changing pass only counts and hashes (the loop
        // with all of it at once kept less in registers: docs/PERFORMANCE.md).
        let mut candidates: smallvec::SmallVec<[u32; 64]> = smallvec::SmallVec::new();
        let mut full = false;
        let mut huge = false;
        let events_before = self.events.len();
        let Game {
            entities,
            events,
            record_events,
            ..
        } = self;
        let record = *record_events;
        if record {
            reserve_log(events);
        }
        entities.for_each_from(0, |id, e| {
            if Self::is_proliferate_candidate(e) {
                for (k, n) in e.counters.iter() {
                    full |= n == u64::MAX;
                    // The new count n + 1 is above HUGE.
                    huge |= n >= HUGE;
                    if record {
                        events.push(Event::counters(true, id, k, 1));
                    }
                }
                candidates.push(id);
            }
        });
        if full {
            self.events.truncate(events_before);
            return overflow("a proliferated count");
        }
        let (entities, mut log) = self.split_changes();
        for &id in &candidates {
            log.hash_one_more_of_each_kind(&mut entities[id as usize], id);
        }
        self.huge |= huge;
        self.emit(Event::new(EventKind::Proliferated, player));
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
            Self::one_more_of_each_kind(e, id, &mut log);
        }
        Ok(())
    }

    /// 701.34a on one entity already checked (no count at `u64::MAX`): one more counter of each
    /// kind it has, in the change log (hash, events). Shared by `proliferate` and
    /// `proliferate_all`.
    #[inline]
    fn one_more_of_each_kind(e: &mut Entity, id: u32, log: &mut ChangeLog<'_>) {
        e.counters.for_each_mut(|k, n| {
            let old = *n;
            *n = old + 1;
            log.count_changed(id, k, old, old + 1);
            log.counters_event(true, id, k, 1);
        });
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
        if self.ruleset.proliferate_form() != ProliferateForm::OneKind {
            return Err(ProliferateForm::EveryKind.wrong_form(self.ruleset));
        }
        self.player(player)?;
        let mut seen = self.seen_set();
        for &(id, name) in chosen {
            let e = self.check_candidate(id, &mut seen)?;
            Self::check_kind_name(name)?;
            let n = self.lookup_kind(name).map_or(0, |k| e.counters.get(k));
            if n == 0 {
                return Err(Error::refused(
                    Reason::NotACandidate,
                    format!("{id} has no {name} counter to proliferate"),
                ));
            }
            if n == u64::MAX {
                return overflow("a proliferated count");
            }
        }
        if !self.replacements.is_empty() {
            self.transaction(|g| {
                for &(id, name) in chosen {
                    let k = g.lookup_kind(name).expect("checked above");
                    let n = g.counters_to_put(id, k, 1);
                    g.put_counters(id, k, n)?;
                }
                Ok::<(), Error>(())
            })?;
        } else {
            for &(id, name) in chosen {
                let k = self.lookup_kind(name).expect("checked above");
                let n = self.entities[id as usize].counters.get(k);
                self.set_count(id, k, n + 1);
                self.emit(Event::counters(true, id, k, 1));
            }
        }
        self.emit(Event::new(EventKind::Proliferated, player));
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
        let one_kind = self.ruleset.proliferate_form() == ProliferateForm::OneKind;
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
