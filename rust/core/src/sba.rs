//! State-based actions (CR 704): every applicable action at once, repeated until none applies.

use crate::destruction::Destroyed;
use crate::error::{refuse, Reason, Result};
use crate::events::{Event, EventKind};
use crate::game::{Affected, EffectKinds, Entity, Fate, Game, Survey};
use crate::keywords::{Supertypes, Types};
use crate::kinds::{self, Kind};
use crate::replacement::Effect;
use crate::zones::Zone;

/// How a pass finds the permanents to judge.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scan {
    /// Every object (a first pass, or any pass with continuous effects in play).
    All,
    /// The objects changed or added since the last check, and those it left standing with a
    /// fate (`Game::first_scan`).
    Changed,
    /// The permanents the pass before changed and left in play (a later pass).
    Recheck,
}

impl Game {
    /// Performs state-based actions until none applies (704.3); returns the events they caused
    /// (which are also in the log).
    pub fn check_state_based_actions(&mut self) -> Result<Vec<Event>> {
        self.check_state_based_actions_with(|_, events| events.to_vec())
    }

    /// `check_state_based_actions_with`, with the legendary permanents the caller chooses to
    /// keep when the legend rule applies to them (704.5j; the others of each group keep the
    /// default, docs/SEMANTICS.md §6). Each must be a legendary permanent, at most one per
    /// controller and name; a bad choice changes nothing.
    pub fn check_state_based_actions_keeping<R>(
        &mut self,
        keep: &[u32],
        read: impl FnOnce(&Game, &[Event]) -> R,
    ) -> Result<R> {
        self.check_legend_choice(keep)?;
        self.scratch.legend_keep.clear();
        self.scratch.legend_keep.extend_from_slice(keep);
        let out = self.check_state_based_actions_with(read);
        self.scratch.legend_keep.clear();
        out
    }

    /// Whether the legend rule (704.5j) may apply at the next check: some legendary permanent
    /// was changed or added since the last check, which left no two with one name and
    /// controller. A game layer that asks its players the legend rule's choice looks for one
    /// only then.
    pub fn legend_rule_may_apply(&self) -> bool {
        let mut found = false;
        self.entities
            .for_each_changed_from(self.num_players as usize, |_, e| {
                found |= e.supertypes.contains(Supertypes::LEGENDARY) && e.is_permanent();
            });
        found
    }

    /// The form of a legend-rule choice: legendary permanents, one per controller and name.
    fn check_legend_choice(&self, keep: &[u32]) -> Result<()> {
        for (i, &id) in keep.iter().enumerate() {
            let e = self.permanent(id, "keep under the legend rule")?;
            if !e.supertypes.contains(Supertypes::LEGENDARY) {
                return refuse(
                    Reason::Incompatible,
                    format!("{id} is not legendary: the legend rule (704.5j) keeps legendary permanents"),
                );
            }
            let name = &self.printed(e).name;
            if let Some(&other) = keep[..i].iter().find(|&&o| {
                let f = &self.entities[o as usize];
                f.controller == e.controller && *self.printed(f).name == **name
            }) {
                return refuse(
                    Reason::Duplicate,
                    format!(
                        "{other} and {id} are both {name:?} of player {}: the legend rule keeps one",
                        e.controller
                    ),
                );
            }
        }
        Ok(())
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
        let mut scan = self.first_scan();
        if scan == Scan::Changed
            && !self.entities.any_changed()
            && !self.effect_kinds.any(EffectKinds::COUNTERS_LIMIT)
            && !self.player_kept_from_losing()
        {
            // The last check left no action applying, and nothing it reads changed since
            // (no object, no player, no continuous effect; a counter limit reads every
            // permanent at every check; a player kept from losing, 104.3, loses once the
            // effect ends): none applies now.
            #[cfg(debug_assertions)]
            self.assert_nothing_applies();
            return Ok(());
        }
        self.scratch.staying.clear();
        let mut first = true;
        loop {
            let had_effects = !self.continuous.is_empty();
            let acted = self.state_based_pass(scan);
            if first {
                first = false;
                // 704.5h looks at deathtouch damage since the last check.
                let found = self.scratch.survey.as_mut().expect("the pass's survey");
                if !found.marked.is_empty() {
                    let marked = std::mem::take(&mut found.marked);
                    for &id in &marked {
                        self.set_deathtouched(id, false);
                    }
                    self.scratch
                        .survey
                        .as_mut()
                        .expect("the pass's survey")
                        .marked = marked;
                }
            }
            // A permanent leaving can end a continuous effect (611.3a) and so change what the
            // others' toughness is: with any effect in play, or one that was as the pass began,
            // every pass looks at everything.
            scan = if had_effects || !self.continuous.is_empty() {
                Scan::All
            } else {
                Scan::Recheck
            };
            if !acted {
                // No action applies now: until the next check only what changes can come to
                // need one, and the permanents that stayed with a fate (indestructible).
                let staying = std::mem::take(&mut self.scratch.staying);
                self.entities.reset_changed(&staying);
                self.scratch.staying = staying;
                self.sba_effects = (!self.continuous.is_empty()).then_some(self.effects_hash);
                return Ok(());
            }
        }
    }

    /// What the first pass of a check looks at. The state alone decides (704.3), and a
    /// permanent's fate depends on itself, on the continuous effects and on the controllers
    /// ("you") of the sources of those that apply by a filter: the objects changed or added
    /// since the last check, and those it left standing with a fate, are all that can meet a
    /// condition the last check didn't find, unless continuous effects were or are in play and
    /// they or the source of a filter's changed.
    fn first_scan(&self) -> Scan {
        let changed_effects = match self.sba_effects {
            None => !self.continuous.is_empty(),
            Some(h) => {
                h != self.effects_hash
                    || self.continuous.iter().any(|c| {
                        // Only a filter reads "you" (the source's controller, 611.3a); a
                        // condition on the permanents its controller controls, its graveyard
                        // or its counters, or a filter's quality may change with any of them.
                        matches!(
                            c.affected,
                            Affected::ThisWhile(_) | Affected::ThisIf(_) | Affected::FilterIf(..)
                        )
                            || matches!(&c.affected, Affected::Filter(k) if k.iter().any(|k| k.with.is_some()))
                            || matches!(c.affected, Affected::Filter(_))
                                && c.source.is_some_and(|s| self.entities.changed(s as usize))
                    })
            }
        };
        if changed_effects {
            Scan::All
        } else {
            Scan::Changed
        }
    }

    /// Whether a player who hasn't lost has 0 or less life or ten poison counters (704.5a,
    /// 704.5c): one an effect kept from losing (104.3) at the last check.
    fn player_kept_from_losing(&self) -> bool {
        self.ruleset.is_magic()
            && (0..self.num_players).any(|p| {
                let e = &self.entities[p as usize];
                !e.lost && (e.life <= 0 || e.counters.get(kinds::POISON) >= 10)
            })
    }

    /// One simultaneous pass: whether any action was performed.
    fn state_based_pass(&mut self, scan: Scan) -> bool {
        let mut acted = false;
        let magic = self.ruleset.is_magic();
        if magic {
            // 704.5a, 704.5c: every player, changed or not (an effect that said it can't lose,
            // 104.3, may have ended since the last check).
            for p in 0..self.num_players {
                let e = &self.entities[p as usize];
                if !e.lost
                    && (e.life <= 0 || e.counters.get(kinds::POISON) >= 10)
                    && self.can_lose(p).unwrap_or(true)
                {
                    self.update_place(p, |e| e.lost = true);
                    self.emit(Event::new(EventKind::PlayerLost, p));
                    acted = true;
                }
            }
        }
        // Decide every permanent's fate before anything changes (simultaneity, 704.3), in one
        // scan that also finds the counters 704.5q annihilates (a permanent's fate depends only
        // on itself, and its counters change only after its fate is decided).
        let mut found = self.scratch.survey.take().unwrap_or_default();
        let mut recheck = std::mem::take(&mut self.scratch.recheck);
        let pass_start = self.entities.len();
        match scan {
            Scan::All | Scan::Changed => {
                self.survey(scan == Scan::All, magic, &mut found);
                #[cfg(debug_assertions)]
                if scan == Scan::Changed {
                    self.assert_survey_complete(magic, &found);
                }
            }
            Scan::Recheck => {
                found.clear();
                // Tokens outside the battlefield can only be new: the objects the pass before
                // made.
                self.entities
                    .for_each_from(self.scratch.pass_start, |id, e| {
                        if e.token && !e.gone && e.zone != Zone::Battlefield {
                            found.ceasing.push(id);
                        }
                    });
                // A later pass: only what the pass before changed and left in play can meet a
                // new condition (the others are as they were when nothing applied to them, but
                // for the deathtouch marks cleared after the first pass, which only take a
                // condition away), in id order, so the events come in the order a whole scan
                // gives.
                for &id in &recheck {
                    self.judge(
                        id,
                        &self.entities[id as usize],
                        magic,
                        &mut found.fates,
                        &mut found.annihilate,
                    );
                }
            }
        }
        self.scratch.pass_start = pass_start;
        if !acted
            && found.fates.is_empty()
            && found.annihilate.is_empty()
            && found.ceasing.is_empty()
            && found.legends.len() < 2
            && !(magic && self.effect_kinds.any(EffectKinds::COUNTERS_LIMIT))
        {
            // Nothing applies (most passes).
            recheck.clear();
            self.scratch.recheck = recheck;
            self.scratch.survey = Some(found);
            return false;
        }
        let Survey {
            fates,
            annihilate,
            ceasing,
            legends,
            ..
        } = &mut *found;
        // 704.5j: the legend rule (only the first pass can find two: a later pass sees no
        // permanent enter and no control change).
        if magic && legends.len() >= 2 {
            self.legend_rule(legends, fates);
        }
        // 704.5d: tokens outside the battlefield cease to exist.
        for &id in ceasing.iter() {
            self.cease_to_exist(id);
            acted = true;
        }
        // The actions of a pass are simultaneous (704.3): a permanent that leaves the battlefield
        // in this pass leaves with all its counters, and its last known information has them
        // (704.8); 704.5q is performed only on the permanents that stay.
        if !fates.is_empty() && !annihilate.is_empty() {
            annihilate.retain(|&(id, _)| {
                fates
                    .binary_search_by_key(&id, |&(fated, _)| fated)
                    .map_or(true, |at| self.stays_when(id, fates[at].1 == Fate::Destroy))
            });
        }
        for &(id, both) in annihilate.iter() {
            self.take_counters(id, kinds::PLUS_ONE, both);
            self.take_counters(id, kinds::MINUS_ONE, both);
            acted = true;
        }
        let limited = if magic && !self.replacements.is_empty() {
            self.remove_counters_over_limits(fates)
        } else {
            Vec::new()
        };
        acted |= !limited.is_empty();
        recheck.clear();
        for &(id, fate) in fates.iter() {
            if fate == Fate::Graveyard {
                self.put_into_graveyard(id);
                acted = true;
            } else if magic {
                match self.destroy_by_rule(id) {
                    Destroyed::Not | Destroyed::Shield => self.scratch.staying.push(id),
                    Destroyed::Regenerated => {
                        acted = true;
                        recheck.push(id);
                    }
                    Destroyed::Yes => acted = true,
                }
            } else {
                self.emit(Event::new(EventKind::Destroyed, id));
                self.put_into_graveyard(id);
                acted = true;
            }
        }
        // What the next pass must look at: the permanents this one changed and left in play
        // (annihilated counters, a regenerated creature), in id order.
        recheck.extend(annihilate.iter().map(|&(id, _)| id));
        recheck.extend(limited);
        recheck.sort_unstable();
        recheck.dedup();
        self.scratch.recheck = recheck;
        self.scratch.survey = Some(found);
        acted
    }

    /// The first pass's findings (`Survey`) over every object, or over the objects changed or
    /// added since the last check (`first_scan`): the permanents' fates and annihilating
    /// counters, the tokens outside the battlefield, the deathtouch marks to clear after it
    /// (gone objects' included), and the legendary permanents (all of them, when one is among
    /// those looked at: the legend rule compares it with the others).
    fn survey(&self, all: bool, magic: bool, found: &mut Survey) {
        found.clear();
        let mut legendary = false;
        let first = self.num_players as usize;
        // One closure per walk, each visiting through the inlined `survey_one`: a closure
        // shared by both walks stayed a call per object.
        if all {
            self.entities.for_each_from(first, |id, e| {
                self.survey_one(id, e, true, magic, found, &mut legendary)
            });
        } else {
            self.entities.for_each_changed_from(first, |id, e| {
                self.survey_one(id, e, false, magic, found, &mut legendary)
            });
            if legendary {
                self.entities.for_each_from(first, |id, e| {
                    if e.supertypes.contains(Supertypes::LEGENDARY) && e.is_permanent() {
                        found.legends.push(id);
                    }
                });
            }
        }
    }

    /// One object of `survey` (`all`: every object is visited, so each legendary permanent is
    /// listed as it is met).
    #[inline(always)]
    fn survey_one(
        &self,
        id: u32,
        e: &Entity,
        all: bool,
        magic: bool,
        found: &mut Survey,
        legendary: &mut bool,
    ) {
        if e.deathtouched {
            found.marked.push(id);
        }
        if !e.is_permanent() {
            // Most objects of a walk over all of them (cards gone, in hand, in graveyards).
            if e.token && !e.gone && e.zone != Zone::Battlefield {
                found.ceasing.push(id);
            }
            return;
        }
        if e.supertypes.contains(Supertypes::LEGENDARY) {
            *legendary = true;
            if all {
                found.legends.push(id);
            }
        }
        self.judge(id, e, magic, &mut found.fates, &mut found.annihilate);
    }

    /// The survey of the changed objects finds what the survey of every object finds: the same
    /// fates (the legend rule's included), annihilations, tokens and marks.
    #[cfg(debug_assertions)]
    fn assert_survey_complete(&self, magic: bool, found: &Survey) {
        let mut whole = Survey::default();
        self.survey(true, magic, &mut whole);
        let (mut fates, mut whole_fates) = (found.fates.clone(), whole.fates.clone());
        if magic {
            self.legend_rule(&mut found.legends.clone(), &mut fates);
            self.legend_rule(&mut whole.legends, &mut whole_fates);
        }
        assert_eq!(fates, whole_fates, "state-based actions: fates");
        assert_eq!(found.annihilate, whole.annihilate, "704.5q");
        assert_eq!(found.ceasing, whole.ceasing, "704.5d");
        assert_eq!(found.marked, whole.marked, "704.5h marks");
    }

    /// A whole pass over every object and player finds nothing to do (the check with nothing
    /// changed since the last returns at once).
    #[cfg(debug_assertions)]
    fn assert_nothing_applies(&self) {
        let magic = self.ruleset.is_magic();
        let mut whole = Survey::default();
        self.survey(true, magic, &mut whole);
        let mut fates = whole.fates.clone();
        if magic {
            self.legend_rule(&mut whole.legends, &mut fates);
            for p in 0..self.num_players {
                let e = &self.entities[p as usize];
                assert!(
                    e.lost
                        || e.life > 0 && e.counters.get(kinds::POISON) < 10
                        || !self.can_lose(p).unwrap_or(true),
                    "704.5a, 704.5c: player {p}"
                );
            }
        }
        assert_eq!(fates, [], "state-based actions: fates");
        assert_eq!(whole.annihilate, [], "704.5q");
        assert_eq!(whole.ceasing, [], "704.5d");
        assert_eq!(whole.marked, [], "704.5h marks");
    }

    /// 704.5j: of two or more legendary permanents with the same name that one player
    /// controls, that player keeps one (the caller's choice, else the newest: the highest id)
    /// and the rest are put into their owners' graveyards (`fates`: a
    /// graveyard fate replaces a destruction). Objects with no name share no name
    /// (201.2).
    fn legend_rule(&self, legends: &mut [u32], fates: &mut Vec<(u32, Fate)>) {
        let key = |id: &u32| {
            let e = &self.entities[*id as usize];
            (e.controller, &*self.printed(e).name, *id)
        };
        legends.sort_unstable_by(|a, b| key(a).cmp(&key(b)));
        let keep = &self.scratch.legend_keep;
        for group in legends.chunk_by(|a, b| {
            let (ka, kb) = (key(a), key(b));
            ka.0 == kb.0 && ka.1 == kb.1
        }) {
            if group.len() < 2 || key(&group[0]).1.is_empty() {
                continue;
            }
            let kept = group
                .iter()
                .copied()
                .find(|id| keep.contains(id))
                .unwrap_or(group[group.len() - 1]);
            for &id in group.iter().filter(|&&id| id != kept) {
                match fates.binary_search_by_key(&id, |&(fated, _)| fated) {
                    Ok(at) => fates[at] = (id, Fate::Graveyard),
                    Err(at) => fates.insert(at, (id, Fate::Graveyard)),
                }
            }
        }
    }

    /// 704.5r: a permanent that can't have more than N counters of a kind (a `counters_limit`
    /// effect; the smallest N if several) and has more has the excess removed, ascending id,
    /// its kinds in its counters' order, after 704.5q and only on the permanents that stay in
    /// this pass (`fates`). The ids it changed.
    fn remove_counters_over_limits(&mut self, fates: &[(u32, Fate)]) -> Vec<u32> {
        if !self.effect_kinds.any(EffectKinds::COUNTERS_LIMIT) {
            return Vec::new();
        }
        let mut excess: Vec<(u32, Kind, u64)> = Vec::new();
        self.entities
            .for_each_from(self.num_players as usize, |id, e| {
                if !e.is_permanent()
                    || fates
                        .binary_search_by_key(&id, |&(fated, _)| fated)
                        .is_ok_and(|at| !self.stays_when(id, fates[at].1 == Fate::Destroy))
                {
                    return;
                }
                for (kind, n) in e.counters.iter() {
                    let limit = self
                        .replacements
                        .iter()
                        .filter_map(|r| match r.effect {
                            Effect::CountersLimit(k)
                                if r.counter == Some(kind) && self.affects(r, id) =>
                            {
                                Some(k)
                            }
                            _ => None,
                        })
                        .min();
                    if let Some(limit) = limit.filter(|&l| n > l) {
                        excess.push((id, kind, n - limit));
                    }
                }
            });
        let mut changed = Vec::with_capacity(excess.len());
        for (id, kind, n) in excess {
            self.take_counters(id, kind, n);
            changed.push(id);
        }
        changed
    }

    /// Whether a permanent with this fate stays on the battlefield (an indestructible one, or
    /// one a regeneration shield protects, isn't destroyed).
    fn stays_when(&self, id: u32, destroy: bool) -> bool {
        destroy
            && (self.ruleset.is_magic()
                && (self.indestructible(id) || self.regenerations.contains(&id)))
    }

    /// Adds a permanent's fate in this pass (704.5f/g/h/i/v; Berserk: wounds reach lives) and
    /// its +1/+1 and -1/-1 counters that annihilate (704.5q). Anything not a permanent: none.
    #[inline(always)]
    fn judge(
        &self,
        id: u32,
        e: &Entity,
        magic: bool,
        fates: &mut Vec<(u32, Fate)>,
        annihilate: &mut Vec<(u32, u64)>,
    ) {
        if !e.is_permanent() {
            return;
        }
        let fate = if magic {
            let creature = e.is_creature();
            let toughness = if creature {
                self.toughness_at(id, e)
            } else {
                None
            };
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
            fates.push((id, f));
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
}
