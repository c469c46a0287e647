//! Damage (CR 120, 615, 702.2/15/80/90/164): replacement and prevention, then results by
//! recipient and source, then the damage events (120.4). The exact order is docs/SEMANTICS.md §5.

use crate::error::{overflow, refuse, Error, Reason, Result};
use crate::events::{Event, EventKind};
use crate::game::{EffectKinds, Entity, Game};
use crate::keywords::{Keywords, Types};
use crate::kinds;
use crate::replacement::Effect;
use crate::zones::Zone;

pub use crate::game::Piece;

/// What damage results depend on of an assignment's source, read now or from LKI (702.90d).
#[derive(Clone, Copy, Debug)]
struct SourceAbilities {
    keywords: Keywords,
    toxic: u64,
    /// Who gains the life for lifelink (702.15b).
    controller: u32,
}

/// Combat damage (510) or any other damage (120.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DamageKind {
    Combat,
    Noncombat,
}

/// Whether prevention effects apply to the damage (615) or it "can't be prevented".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prevention {
    Preventable,
    Unpreventable,
}

/// `true` is combat damage (the meaning of the Python flag `combat`).
impl From<bool> for DamageKind {
    fn from(combat: bool) -> Self {
        if combat {
            DamageKind::Combat
        } else {
            DamageKind::Noncombat
        }
    }
}

/// `true` is preventable (the meaning of the Python flag `preventable`).
impl From<bool> for Prevention {
    fn from(preventable: bool) -> Self {
        if preventable {
            Prevention::Preventable
        } else {
            Prevention::Unpreventable
        }
    }
}

impl Game {
    /// Whether damage can be dealt to this entity now (players; creature, planeswalker or battle
    /// permanents; in Berserk, creatures and heroes in play with lives).
    fn damageable(&self, e: &Entity) -> bool {
        if e.is_player {
            return self.ruleset.is_magic();
        }
        if !e.is_permanent() {
            return false;
        }
        if self.ruleset.is_magic() {
            e.types.intersects(Types(
                Types::CREATURE.0 | Types::PLANESWALKER.0 | Types::BATTLE.0,
            ))
        } else {
            e.types.intersects(Types(Types::CREATURE.0 | Types::HERO.0)) && e.lives.is_some()
        }
    }

    /// Validates a damage recipient (SEMANTICS §5).
    pub fn check_damage_target(&self, target: u32) -> Result<()> {
        let e = self.entity(target)?;
        if e.gone {
            return Err(Error::Gone(target));
        }
        if !self.damageable(e) {
            let why = if e.is_player {
                "players can't be dealt damage in the berserk ruleset".to_string()
            } else if e.zone != Zone::Battlefield {
                format!("it is in the {}, not on the battlefield", e.zone.as_str())
            } else if self.ruleset.is_magic() {
                "it is not a creature, planeswalker or battle".to_string()
            } else {
                "it is not a creature or hero with lives".to_string()
            };
            return refuse(
                Reason::NotDamageable,
                format!("{target} can't be dealt damage: {why}"),
            );
        }
        Ok(())
    }

    pub fn check_damage_source(&self, source: u32) -> Result<()> {
        self.damage_source(source).map(drop)
    }

    /// A source of damage: any object (in any zone: last known information, 702.90d/e).
    #[inline]
    fn damage_source(&self, source: u32) -> Result<&Entity> {
        let e = self.entity(source)?;
        if e.is_player {
            return refuse(
                Reason::NotASource,
                format!("{source} is a player, not a source of damage"),
            );
        }
        Ok(e)
    }

    /// Deals damage from one source to one recipient; returns the amount dealt.
    pub fn deal_damage(
        &mut self,
        source: u32,
        target: u32,
        amount: u64,
        kind: impl Into<DamageKind>,
        prevention: impl Into<Prevention>,
    ) -> Result<u64> {
        let combat = kind.into() == DamageKind::Combat;
        let preventable = prevention.into() == Prevention::Preventable;
        let mut dealt = [0u64; 1];
        self.deal_simultaneous_damage(
            &[(source, target, amount)],
            combat,
            preventable,
            &mut dealt,
        )?;
        Ok(dealt[0])
    }

    /// Deals several damage assignments at once (510.2); `dealt[i]` gets what assignment i dealt.
    pub fn deal_simultaneous_damage(
        &mut self,
        assignments: &[(u32, u32, u64)],
        kind: impl Into<DamageKind>,
        prevention: impl Into<Prevention>,
        dealt: &mut [u64],
    ) -> Result<()> {
        let preventable = prevention.into() == Prevention::Preventable;
        self.deal_damage_assignments(assignments, kind.into(), preventable, &[], dealt)
    }

    /// `deal_simultaneous_damage` where each assignment says whether it can be prevented
    /// (615.12: "that damage can't be prevented" may apply to part of a combat damage step).
    pub fn deal_simultaneous_damage_each(
        &mut self,
        assignments: &[(u32, u32, u64)],
        kind: impl Into<DamageKind>,
        prevention: &[Prevention],
        dealt: &mut [u64],
    ) -> Result<()> {
        assert_eq!(
            assignments.len(),
            prevention.len(),
            "one prevention per assignment"
        );
        self.deal_damage_assignments(assignments, kind.into(), true, prevention, dealt)
    }

    /// `preventable` for every assignment, unless `each` says it per assignment.
    fn deal_damage_assignments(
        &mut self,
        assignments: &[(u32, u32, u64)],
        kind: DamageKind,
        preventable: bool,
        each: &[Prevention],
        dealt: &mut [u64],
    ) -> Result<()> {
        let combat = kind == DamageKind::Combat;
        assert_eq!(assignments.len(), dealt.len(), "one slot per assignment");
        // One pass checks every assignment and adds up what damage (and toxic) could do.
        let mut total: u128 = 0;
        for &(source, target, amount) in assignments {
            let s = self.damage_source(source)?;
            total += amount as u128
                + if combat {
                    self.toxic_at(source, s) as u128
                } else {
                    0
                };
            self.check_damage_target(target)?;
        }
        // Effects that add counters or damage ("plus N", "twice") can exceed what the damage
        // adds: bound what they can make of it.
        let total = if !self.effects_of_kind(EffectKinds::AMPLIFYING) {
            total
        } else {
            // Redirection can split an assignment into a piece per redirection.
            let redirects = self.replacements.iter().filter(|r| r.to.is_some()).count();
            self.amplified_bound(total, assignments.len() * (redirects + 1))
        };
        let how = (combat, preventable, each);
        if self.damage_cannot_overflow(assignments, total) {
            self.process_damage(assignments, how, dealt)
        } else {
            self.transaction(|g| g.process_damage(assignments, how, dealt))
        }
    }

    /// What damage results depend on of a source (the damage is dealt all at once, 510.2, and
    /// its results change no ability).
    #[inline]
    fn abilities(&self, source: u32) -> SourceAbilities {
        if self.has_continuous_effects() {
            return self.layered_abilities(source);
        }
        let e = &self.entities[source as usize];
        SourceAbilities {
            keywords: self.own_keywords(e),
            toxic: e.toxic as u64,
            controller: e.controller,
        }
    }

    /// `abilities` with the continuous effects of layer 6 (613.1f).
    #[cold]
    fn layered_abilities(&self, source: u32) -> SourceAbilities {
        let e = &self.entities[source as usize];
        let (keywords, toxic) = self.layer_6(Some(source), e, self.own_keywords(e), e.toxic);
        SourceAbilities {
            keywords,
            toxic: toxic as u64,
            controller: e.controller,
        }
    }

    /// A conservative check: if every value damage could touch stays in range even if it got
    /// all of `total` (the damage and toxic of this call), nothing can overflow and no rollback
    /// is needed.
    fn damage_cannot_overflow(&self, assignments: &[(u32, u32, u64)], total: u128) -> bool {
        // Every stored value is at most HUGE (2^48) in magnitude: far from the limits.
        if !self.huge && total < 1 << 48 {
            return true;
        }
        let fits = |id: u32| -> bool {
            let e = &self.entities[id as usize];
            let room = |v: u64| v as u128 + total <= u64::MAX as u128;
            let life = e.life as i128;
            life - (total as i128) >= i64::MIN as i128
                && life + (total as i128) <= i64::MAX as i128
                && room(e.damage)
                && room(e.counters.get(kinds::POISON))
                && room(e.counters.get(kinds::MINUS_ONE))
                && room(e.counters.get(kinds::WOUND))
        };
        assignments.iter().all(|&(source, target, _)| {
            fits(target) && fits(self.entities[source as usize].controller)
        }) && self.replacements.iter().filter_map(|r| r.to).all(fits)
    }

    fn process_damage(
        &mut self,
        assignments: &[(u32, u32, u64)],
        how: (bool, bool, &[Prevention]),
        dealt: &mut [u64],
    ) -> Result<()> {
        let mut lifelink = std::mem::take(&mut self.scratch.lifelink);
        lifelink.clear();
        // Effects on counters and life apply in the results (`damage_results`) either way.
        let out = if !self.effects_of_kind(EffectKinds::DAMAGE) {
            self.process_damage_without_effects(assignments, how, dealt, &mut lifelink)
        } else {
            let mut pieces = std::mem::take(&mut self.scratch.pieces);
            pieces.clear();
            let out = self.process_damage_with(assignments, how, dealt, &mut pieces, &mut lifelink);
            self.scratch.pieces = pieces;
            out
        };
        self.scratch.lifelink = lifelink;
        out
    }

    /// `process_damage_with` when no effect on damage events is in play: each assignment is its
    /// one part (nothing redirects it or changes its amount), and only shield counters prevent
    /// it.
    fn process_damage_without_effects(
        &mut self,
        assignments: &[(u32, u32, u64)],
        (combat, preventable, each): (bool, bool, &[Prevention]),
        dealt: &mut [u64],
        lifelink: &mut Vec<(u32, u32, u64)>,
    ) -> Result<()> {
        dealt.fill(0);
        for (i, source, target, amount, preventable) in dealing(assignments, preventable, each) {
            let d = self.shield_counter(target, amount, preventable);
            if d > 0 {
                dealt[i] = d;
                let src = self.abilities(source);
                self.damage_results(source, src, target, d, combat, lifelink)?;
            }
        }
        let parts = assignments.iter().zip(dealt.iter());
        let dealt = parts.map(|(&(source, target, _), &d)| (source, target, d));
        self.lifelink_and_damage_events(lifelink, dealt, combat)
    }

    /// The damage event with replacement effects in play (the rarer case, kept out of the
    /// plain path: inlined into `process_damage` it made that one function, every value of
    /// which was spilled to the stack).
    #[inline(never)]
    fn process_damage_with(
        &mut self,
        assignments: &[(u32, u32, u64)],
        (combat, preventable, each): (bool, bool, &[Prevention]),
        dealt: &mut [u64],
        pieces: &mut Vec<Piece>,
        lifelink: &mut Vec<(u32, u32, u64)>,
    ) -> Result<()> {
        let mut effects_changed = false;
        dealt.fill(0);
        for (i, source, target, amount, preventable) in dealing(assignments, preventable, each) {
            let first_piece = pieces.len();
            pieces.push(Piece {
                assignment: i as u32,
                source,
                recipient: target,
                amount,
                chosen: 0,
            });
            // The default order of the effects (616.1, docs/SEMANTICS.md §10): redirection
            // first, then the effects that change how much is dealt (Torbran, Gratuitous
            // Violence), then prevention; the effects whose order was chosen across these
            // groups apply after the other redirections, before the others.
            let mut applied = std::mem::take(&mut self.scratch.applied);
            applied.clear();
            self.redirect(
                pieces,
                first_piece,
                combat,
                &mut applied,
                &mut effects_changed,
            );
            if self.replacements.iter().any(|r| r.ordered) {
                // A part redirected by a chosen effect is a new part, looked at in turn.
                let mut at = first_piece;
                while at < pieces.len() {
                    self.apply_chosen_order(
                        pieces,
                        at,
                        (preventable, combat),
                        &mut applied,
                        &mut effects_changed,
                    );
                    at += 1;
                }
            }
            self.scratch.applied = applied;
            for piece in &mut pieces[first_piece..] {
                piece.amount =
                    self.damage_to_deal(piece.source, piece.recipient, piece.amount, combat);
            }
            // Prevention (615) modifies the whole event first (120.4), then its results happen.
            for piece in &mut pieces[first_piece..] {
                piece.amount = self.prevent(
                    piece.source,
                    piece.recipient,
                    piece.amount,
                    (preventable, combat),
                    &mut effects_changed,
                );
            }
            // A recipient reached by two ways (a chosen redirection) is dealt the sum at once.
            merge_by_recipient(pieces, first_piece)?;
            for piece in &pieces[first_piece..] {
                if piece.amount > 0 {
                    dealt[i] = dealt[i]
                        .checked_add(piece.amount)
                        .ok_or_else(|| Error::Overflow("the damage dealt would overflow".into()))?;
                    self.damage_results(
                        piece.source,
                        self.abilities(piece.source),
                        piece.recipient,
                        piece.amount,
                        combat,
                        lifelink,
                    )?;
                }
            }
        }
        if effects_changed {
            self.replacements.retain(|r| !r.effect.used_up());
            self.effects_changed();
        }
        let parts = pieces.iter().map(|p| (p.source, p.recipient, p.amount));
        self.lifelink_and_damage_events(lifelink, parts, combat)
    }

    /// After the results: lifelink, one life gain per source (702.15b/e), then the damage
    /// events (120.4), one for each `(source, recipient, amount)` part that dealt any.
    #[inline]
    fn lifelink_and_damage_events(
        &mut self,
        lifelink: &[(u32, u32, u64)],
        parts: impl Iterator<Item = (u32, u32, u64)>,
        combat: bool,
    ) -> Result<()> {
        for &(source, controller, total) in lifelink {
            self.change_life(controller, total, true, Some(source))?;
        }
        for (source, recipient, amount) in parts.filter(|&(_, _, d)| d > 0) {
            self.emit(
                Event::with_amount(EventKind::Damage, recipient, amount)
                    .with_source(Some(source))
                    .with_combat(combat),
            );
        }
        Ok(())
    }

    /// Redirects the pieces of one damage event from `first` on (614.9): each redirection
    /// applies to the event at most once (614.5), and after one applies every other that now
    /// applies does (616.1f, 616.2), so redirected damage can be redirected again by another
    /// effect. A redirected part is examined again at once (it goes on down the chain), then
    /// the rest; parts with the same recipient are merged into one. A used-up effect is left
    /// with amount 0, removed by the caller. `applied`: the redirections that applied to this
    /// event so far. The redirections ordered across groups are not applied here.
    fn redirect(
        &mut self,
        pieces: &mut Vec<Piece>,
        first: usize,
        combat: bool,
        applied: &mut Vec<usize>,
        changed: &mut bool,
    ) {
        let mut at = first;
        while at < pieces.len() {
            let piece = pieces[at];
            let found = self.replacements.iter().enumerate().position(|(i, r)| {
                matches!(r.effect, Effect::Redirect(left) if left != Some(0))
                    && !r.ordered
                    && self.affects(r, piece.recipient)
                    && self.applies_to_damage(r, piece.source, combat)
                    && !applied.contains(&i)
                    && r.to
                        .is_some_and(|to| self.damageable(&self.entities[to as usize]))
            });
            let Some(r) = found else {
                at += 1;
                continue;
            };
            // "Damage can't be redirected" keeps it where it is.
            if !self.redirection_allowed(piece.source, piece.recipient, combat) {
                at += 1;
                continue;
            }
            applied.push(r);
            *changed = true;
            let red = &mut self.replacements[r];
            let Effect::Redirect(left) = red.effect else {
                unreachable!("found a redirection")
            };
            let moved = left.map_or(piece.amount, |k| k.min(piece.amount));
            // "The next damage" (no amount) is used up by this event.
            red.effect = Effect::Redirect(Some(left.map_or(0, |k| k - moved)));
            let to = red.to.expect("a redirection has a recipient");
            pieces[at].recipient = to;
            pieces[at].amount = moved;
            if piece.amount > moved {
                pieces.insert(
                    at + 1,
                    Piece {
                        amount: piece.amount - moved,
                        ..piece
                    },
                );
            }
        }
        // Parts of one amount: their sum can't overflow.
        merge_by_recipient(pieces, first).expect("parts of one amount");
    }

    /// 616.1: the effects whose order was chosen across the default groups, in the list's
    /// order, each once on part `at` and the event it came from (614.5): "plus N" and "N
    /// times" change the amount, prevention prevents it (not damage that can't be prevented,
    /// 615.12), a redirection moves its part to a new part for its recipient (a new event for
    /// it, 616.1f: the other redirections apply to it at once, then the chosen effects not yet
    /// applied, when its turn comes); once all of it is prevented or moved nothing more
    /// applies.
    fn apply_chosen_order(
        &mut self,
        pieces: &mut Vec<Piece>,
        at: usize,
        (preventable, combat): (bool, bool),
        applied: &mut Vec<usize>,
        changed: &mut bool,
    ) {
        let piece = pieces[at];
        let (source, recipient) = (piece.source, piece.recipient);
        let preventable = preventable && self.prevention_allowed(source, recipient, combat);
        let (mut d, mut chosen) = (piece.amount, piece.chosen);
        let mut k = 0;
        for i in 0..self.replacements.len() {
            if d == 0 {
                break;
            }
            let r = &self.replacements[i];
            if !r.ordered {
                continue;
            }
            let bit = 1u64 << k;
            k += 1;
            if chosen & bit != 0
                || !self.affects(r, recipient)
                || !self.applies_to_damage(r, source, combat)
            {
                continue;
            }
            let (effect, to) = (r.effect, r.to);
            match effect {
                Effect::DamagePlus(n) => d = d.saturating_add(n),
                Effect::DamageTimes(n) => d = d.saturating_mul(n),
                Effect::Prevent(_) | Effect::PreventAllBut(_) | Effect::PreventNoncombatOther
                    if preventable =>
                {
                    d = self.prevent_by(i, d, changed)
                }
                Effect::Redirect(left)
                    if left != Some(0)
                        && !applied.contains(&i)
                        && to.is_some_and(|to| self.damageable(&self.entities[to as usize]))
                        && self.redirection_allowed(source, recipient, combat) =>
                {
                    applied.push(i);
                    *changed = true;
                    let moved = left.map_or(d, |n| n.min(d));
                    // "The next damage" (no amount) is used up by this event.
                    self.replacements[i].effect =
                        Effect::Redirect(Some(left.map_or(0, |n| n - moved)));
                    d -= moved;
                    let new = pieces.len();
                    pieces.push(Piece {
                        recipient: to.expect("a redirection has a recipient"),
                        amount: moved,
                        chosen: chosen | bit,
                        ..piece
                    });
                    self.redirect(pieces, new, combat, applied, changed);
                }
                _ => continue,
            }
            chosen |= bit;
        }
        pieces[at].amount = d;
        pieces[at].chosen = chosen;
    }

    /// What is left of `d` damage after prevention effect `i` (615.7: "prevent the next N" is
    /// used up by what it prevents, and removed by the caller at 0; "prevent all but N"); `d`
    /// for any other effect. Shared by the default order and the order chosen across groups.
    fn prevent_by(&mut self, i: usize, d: u64, changed: &mut bool) -> u64 {
        match self.replacements[i].effect {
            Effect::Prevent(None) | Effect::PreventNoncombatOther => 0,
            Effect::Prevent(Some(k)) if k > 0 => {
                let prevented = k.min(d);
                self.replacements[i].effect = Effect::Prevent(Some(k - prevented));
                *changed = true;
                d - prevented
            }
            Effect::PreventAllBut(k) => d.min(k),
            _ => d,
        }
    }

    /// Applies prevention to `d` damage; returns what is left to be dealt. Damage that can't
    /// be prevented (615.12) is dealt in full, but a shield counter on the recipient is still
    /// removed (122.1c: the effect's other part still happens).
    fn prevent(
        &mut self,
        source: u32,
        recipient: u32,
        mut d: u64,
        (preventable, combat): (bool, bool),
        changed: &mut bool,
    ) -> u64 {
        // 615.12: "damage can't be prevented" effects.
        let preventable = preventable
            && (self.replacements.is_empty() || self.prevention_allowed(source, recipient, combat));
        let mut i = 0;
        while preventable && d > 0 && i < self.replacements.len() {
            let r = &self.replacements[i];
            i += 1;
            if !matches!(
                r.effect,
                Effect::Prevent(_) | Effect::PreventAllBut(_) | Effect::PreventNoncombatOther
            ) || r.ordered
                || !self.affects(r, recipient)
                || !self.applies_to_damage(r, source, combat)
            {
                continue;
            }
            d = self.prevent_by(i - 1, d, changed);
        }
        self.shield_counter(recipient, d, preventable)
    }

    /// 122.1c: shield counters are one prevention effect that uses up one counter (also when
    /// the damage can't be prevented); what is left of `d`.
    #[inline]
    fn shield_counter(&mut self, recipient: u32, d: u64, preventable: bool) -> u64 {
        if d > 0 {
            let e = &self.entities[recipient as usize];
            if !e.is_player && e.counters.get(kinds::SHIELD) > 0 {
                self.take_counters(recipient, kinds::SHIELD, 1);
                if preventable {
                    return 0;
                }
            }
        }
        d
    }

    /// 120.3: what damage does, by recipient and source (one access to the recipient).
    fn damage_results(
        &mut self,
        source: u32,
        src: SourceAbilities,
        recipient: u32,
        d: u64,
        combat: bool,
        lifelink: &mut Vec<(u32, u32, u64)>,
    ) -> Result<()> {
        let infect = src.keywords.intersects(Keywords::INFECT);
        let magic = self.ruleset.is_magic();
        // What replacement and "can't" effects leave of the counters and the life loss (the
        // damage itself is dealt all the same: Melira's infect damage still has lifelink).
        // Each looked up only where it can matter.
        let (mut poison, mut toxic, mut minus, mut loses) = (d, src.toxic, d, true);
        if self.effects_of_kind(EffectKinds::COUNTERS.union(EffectKinds::LIFE)) {
            let player = self.entities[recipient as usize].is_player;
            if player {
                if infect {
                    poison = self.counters_to_put(recipient, kinds::POISON, d);
                } else {
                    loses = self.life_may_change(recipient, false);
                }
                if combat && toxic > 0 {
                    toxic = self.counters_to_put(recipient, kinds::POISON, toxic);
                }
            } else if infect || src.keywords.intersects(Keywords::WITHER) {
                minus = self.counters_to_put(recipient, kinds::MINUS_ONE, d);
            }
        }
        let (entities, mut log) = self.split_changes();
        let e = &mut entities[recipient as usize];
        if e.is_player {
            if infect {
                log.put(e, recipient, kinds::POISON, poison)?; // 120.3b
            } else if loses {
                log.change_life(e, recipient, d, false, None)?; // 120.3a
            }
            if combat && toxic > 0 {
                log.put(e, recipient, kinds::POISON, toxic)?; // 120.3g, 702.164c
            }
        } else if magic {
            let types = e.types;
            if types.contains(Types::PLANESWALKER) {
                log.take(e, recipient, kinds::LOYALTY, d); // 120.3c
            }
            if types.contains(Types::CREATURE) {
                let deathtouch = src.keywords.intersects(Keywords::DEATHTOUCH); // 702.2b
                if infect || src.keywords.intersects(Keywords::WITHER) {
                    log.put(e, recipient, kinds::MINUS_ONE, minus)?; // 120.3d
                    if deathtouch {
                        log.set_deathtouched(e, recipient, true);
                    }
                } else {
                    // Loyalty and defense changes leave marked damage as it is.
                    let Some(marked) = e.damage.checked_add(d) else {
                        return overflow("the marked damage");
                    };
                    log.mark_damage(e, recipient, marked, deathtouch); // 120.3e
                }
            }
            if types.contains(Types::BATTLE) {
                log.take(e, recipient, kinds::DEFENSE, d); // 120.3h
            }
        } else {
            // Berserk: damage places wounds (no `counters_added`: the event is `wounded`).
            let Some(wounds) = e.counters.add(kinds::WOUND, d) else {
                return overflow("the wound count");
            };
            log.count_changed(recipient, kinds::WOUND, wounds, wounds + d);
            log.event(
                Event::with_amount(EventKind::Wounded, recipient, d).with_source(Some(source)),
            );
        }
        if src.keywords.intersects(Keywords::LIFELINK) {
            match lifelink.iter_mut().find(|(s, _, _)| *s == source) {
                Some((_, _, total)) => {
                    *total = total
                        .checked_add(d)
                        .ok_or_else(|| Error::Overflow("the life gained would overflow".into()))?
                }
                None => lifelink.push((source, src.controller, d)),
            }
        }
        Ok(())
    }

    // ----- prevention and redirection effects ------------------------------------------------

    /// "Prevent the next `amount` damage (all if None) that would be dealt to `target` this
    /// turn [by `source`]": a prevention effect (SEMANTICS §10); its id (none for amount 0).
    pub fn prevent_damage(
        &mut self,
        target: u32,
        amount: Option<u64>,
        source: Option<u32>,
    ) -> Result<Option<u32>> {
        self.live(target)?;
        if let Some(s) = source {
            self.check_damage_source(s)?;
        }
        if amount == Some(0) {
            return Ok(None);
        }
        self.push_effect(Effect::Prevent(amount), target, source, None)
            .map(Some)
    }

    /// "Prevent all combat damage that would be dealt to `target` this turn" (615.1a,
    /// Fleeting Flight): a prevention effect on that entity for combat damage only (510.2),
    /// ending at cleanup (514.2) or when the entity leaves its zone; its id.
    pub fn prevent_combat_damage(&mut self, target: u32) -> Result<u32> {
        self.live(target)?;
        let id = self.push_effect(Effect::Prevent(None), target, None, None)?;
        if let Some(r) = self.replacements.last_mut() {
            r.combat = true;
        }
        self.effects_changed();
        Ok(id)
    }

    /// "The next `amount` damage (all of the next damage if None) that would be dealt to `from`
    /// this turn [by `source`] is dealt to `to` instead": a replacement effect (SEMANTICS §10);
    /// its id (none for amount 0).
    pub fn redirect_damage(
        &mut self,
        from: u32,
        to: u32,
        amount: Option<u64>,
        source: Option<u32>,
    ) -> Result<Option<u32>> {
        self.live(from)?;
        self.live(to)?;
        if let Some(s) = source {
            self.check_damage_source(s)?;
        }
        if from == to {
            return refuse(
                Reason::SameEntity,
                format!("can't redirect damage from {from} to itself"),
            );
        }
        if amount == Some(0) {
            return Ok(None);
        }
        self.push_effect(Effect::Redirect(amount), from, source, Some(to))
            .map(Some)
    }
}

/// One part per recipient from `first` on, in the order of their first parts.
fn merge_by_recipient(pieces: &mut Vec<Piece>, first: usize) -> Result<()> {
    let mut i = first;
    while i < pieces.len() {
        let mut j = i + 1;
        while j < pieces.len() {
            if pieces[j].recipient == pieces[i].recipient {
                pieces[i].amount = pieces[i]
                    .amount
                    .checked_add(pieces[j].amount)
                    .ok_or_else(|| Error::Overflow("the damage dealt would overflow".into()))?;
                pieces[i].chosen |= pieces[j].chosen;
                pieces.remove(j);
            } else {
                j += 1;
            }
        }
        i += 1;
    }
    Ok(())
}

/// The assignments that deal damage (120.8: an amount of 0 deals none), each as (index,
/// source, recipient, amount, whether it can be prevented: its own `each` entry, else
/// `preventable`).
fn dealing<'a>(
    assignments: &'a [(u32, u32, u64)],
    preventable: bool,
    each: &'a [Prevention],
) -> impl Iterator<Item = (usize, u32, u32, u64, bool)> + 'a {
    assignments
        .iter()
        .enumerate()
        .filter(|(_, &(_, _, amount))| amount > 0)
        .map(move |(i, &(source, target, amount))| {
            let p = each
                .get(i)
                .map_or(preventable, |&p| p == Prevention::Preventable);
            (i, source, target, amount, p)
        })
}
