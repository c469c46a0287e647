//! Damage (120), its prevention (615) and regeneration (701.19).

use super::super::helpers::{live, prevent_damage};
use super::super::{Host, Resolution};
use super::Flow;
use crate::db::CardDb;
use crate::error::{invalid, Result};
use crate::model::{Amount, Selector, TargetSpec};
use crate::protection::prevents_damage;
use cardstate_core::Game;

/// A creature's power as an amount of damage (208.1: below 0 deals none).
fn power_of(game: &Game, id: u32) -> u64 {
    let p = game.power(id).ok().flatten().unwrap_or(0);
    p.clamp(0, i128::from(u64::MAX)) as u64
}

/// Deals `n` damage from `src` to `id` (noncombat, 120.2) unless the recipient's protection
/// from the source prevents it all (702.16e: the source's colours as the host reads them);
/// returns the damage dealt.
fn deal<H: Host + ?Sized>(
    game: &mut Game,
    db: &CardDb,
    host: &H,
    (src, id, n): (u32, u32, u64),
) -> cardstate_core::Result<u64> {
    if prevents_damage(game, src, host.colours(game, db, src), id, false) {
        return Ok(0);
    }
    game.deal_damage(src, id, n, false, true)
}

/// The lethal damage (120.10) of creature `id` before damage from `src` is dealt to it: its
/// toughness less the damage already marked on it (none below 0), at most 1 from a source with
/// deathtouch (702.2c); `None` for what isn't a creature on the battlefield (no excess counted).
fn lethal_damage(game: &Game, src: u32, id: u32) -> Option<u64> {
    let e = game.entity(id).ok()?;
    if !e.is_permanent() || !e.is_creature() {
        return None;
    }
    let toughness = game.toughness(id).ok().flatten().unwrap_or(0);
    let left = (toughness - i128::from(e.damage)).clamp(0, i128::from(u64::MAX)) as u64;
    Some(
        if left > 0 && game.has_keyword(src, "deathtouch").unwrap_or(false) {
            1
        } else {
            left
        },
    )
}

impl Resolution {
    /// The source deals that much damage to each selected entity (120), or, `divided`, each
    /// entity of the target its share (601.2d, [`Resolution::share`]); an order choice (616.1)
    /// stops it at an entity as putting counters does.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn deal_damage<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &H,
        specs: &[TargetSpec],
        to: &Selector,
        n: &Amount,
        source: &Selector,
        divided: bool,
    ) -> Result<Flow> {
        // As putting counters: an order choice (616.1) stops it at an entity.
        if self.at == 0 {
            self.op_n = self.amount(game, specs, n)?;
            self.select(game, specs, source);
            let Some(&src) = self.scratch.first() else {
                return invalid(format!(
                    "{:?} deals damage but has no source object: give the resolution \
                         a source",
                    db.card(self.ctx.card).name
                ));
            };
            self.op_src = src;
            if divided {
                self.check_division(specs, to, self.op_n)?;
            }
            self.select(game, specs, to);
        }
        let (total, src) = (self.op_n, self.op_src);
        while (self.at as usize) < self.scratch.len() {
            let id = self.scratch[self.at as usize];
            let n = if divided {
                self.share(specs, to, total, id)
            } else {
                total
            };
            if total > 0 && live(game, id) {
                if let Some(req) = self.order_due(game, id, None, src) {
                    return Ok(Flow::Ask(req));
                }
                let counts = db.facts(self.ctx.card).counts_excess_damage;
                let lethal = counts.then(|| lethal_damage(game, src, id)).flatten();
                let dealt = deal(game, db, host, (src, id, n));
                self.order_applied(game);
                match dealt {
                    Ok(d) => {
                        if let Some(l) = lethal {
                            self.excess_damage =
                                self.excess_damage.saturating_add(d.saturating_sub(l));
                        }
                    }
                    Err(e) => {
                        self.at = 0;
                        return Err(e.into());
                    }
                }
            }
            self.order_applied(game);
            self.at += 1;
        }
        self.at = 0;
        Ok(Flow::Next)
    }

    /// `a` fights `b` (701.14a): each deals damage equal to its power to the other, as one
    /// event; no damage at all if either is no longer a creature on the battlefield (701.14b).
    pub(super) fn fight<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &H,
        specs: &[TargetSpec],
        a: &Selector,
        b: &Selector,
    ) -> Result<Flow> {
        let (Some(a), Some(b)) = (self.fighter(game, specs, a), self.fighter(game, specs, b))
        else {
            return Ok(Flow::Next);
        };
        // 701.14a: the powers are read before either deals damage (simultaneous damage).
        let (pa, pb) = (power_of(game, a), power_of(game, b));
        if pa > 0 {
            deal(game, db, host, (a, b, pa))?;
        }
        // 701.14c: a creature that fights itself is dealt damage twice (twice its power).
        if pb > 0 {
            deal(game, db, host, (b, a, pb))?;
        }
        Ok(Flow::Next)
    }

    /// `source` deals damage equal to its power to each of `to` (a one-sided fight, 701.14):
    /// none if the source is no longer a creature on the battlefield.
    pub(super) fn bite<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &H,
        specs: &[TargetSpec],
        source: &Selector,
        to: &Selector,
    ) -> Result<Flow> {
        let Some(src) = self.fighter(game, specs, source) else {
            return Ok(Flow::Next);
        };
        let n = power_of(game, src);
        self.select(game, specs, to);
        for i in 0..self.scratch.len() {
            let id = self.scratch[i];
            if n > 0 && live(game, id) {
                deal(game, db, host, (src, id, n))?;
            }
        }
        Ok(Flow::Next)
    }

    /// The first creature on the battlefield the selector names (701.14b: one that left or
    /// stopped being a creature neither deals nor is dealt fight damage).
    fn fighter(&mut self, game: &Game, specs: &[TargetSpec], s: &Selector) -> Option<u32> {
        self.select(game, specs, s);
        self.scratch.iter().copied().find(|&id| {
            game.entity(id)
                .is_ok_and(|e| e.is_permanent() && e.is_creature())
        })
    }

    /// Regenerates each selected permanent (701.19): a shield for its next destruction this turn.
    pub(super) fn regenerate(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        what: &Selector,
    ) -> Result<Flow> {
        self.each_selected_permanent(game, specs, what, |game, id| Ok(game.regenerate(id)?))
    }

    /// "If it would die this turn, exile it instead" (614.1a) on each selected permanent.
    pub(super) fn exile_instead_of_dying(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        what: &Selector,
    ) -> Result<Flow> {
        self.each_selected_permanent(game, specs, what, |game, id| {
            game.exile_instead_of_dying(id)?;
            Ok(())
        })
    }

    /// Prevents all (combat) damage that would be dealt this turn to each selected entity still
    /// there (615.1a).
    pub(super) fn prevent_damage_to(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        to: &Selector,
        combat: bool,
    ) -> Result<Flow> {
        self.select(game, specs, to);
        for i in 0..self.scratch.len() {
            let id = self.scratch[i];
            if !live(game, id) {
                continue;
            }
            if combat {
                game.prevent_combat_damage(id)?;
            } else {
                game.prevent_damage(id, None, None)?;
            }
        }
        Ok(Flow::Next)
    }

    /// Prevents all (combat) damage that would be dealt this turn to what `affects` names (615.1a).
    pub(super) fn prevent_damage(
        &mut self,
        game: &mut Game,
        affects: &[String],
        combat: bool,
    ) -> Result<Flow> {
        prevent_damage(game, affects, combat, self.ctx.controller)?;
        Ok(Flow::Next)
    }

    /// The entities of target `to` (a `Target` selector) as chosen, and where they begin.
    fn divided_span(&self, specs: &[TargetSpec], to: &Selector) -> Option<(usize, usize)> {
        match to {
            Selector::Target { i } => Some(super::super::target_span(
                specs,
                self.ctx.targets.len(),
                *i as usize,
            )),
            _ => None,
        }
    }

    /// A division of `total` damage among target `to`'s entities (601.2d): the one the
    /// resolution carries, which gives each at least 1 and adds up to `total`, or none.
    fn check_division(&self, specs: &[TargetSpec], to: &Selector, total: u64) -> Result<()> {
        let Some((_, n)) = self.divided_span(specs, to) else {
            return invalid("damage divided among what isn't a target (601.2d)".to_string());
        };
        let d = &self.ctx.division;
        if d.is_empty() {
            return Ok(());
        }
        let sum = d.iter().try_fold(0u64, |a, &b| a.checked_add(b));
        if d.len() != n || d.contains(&0) || sum != Some(total) {
            return invalid(format!(
                "a division of {total} damage among {n} target(s) gives each at least 1 and \
                 adds up to {total} (601.2d), got {d:?}"
            ));
        }
        Ok(())
    }

    /// Entity `id`'s share of `total` damage divided among target `to`'s entities (601.2d):
    /// the resolution's division at its position, or, without one, `total` split as evenly
    /// as can be, the earlier entities taking the odd points.
    fn share(&self, specs: &[TargetSpec], to: &Selector, total: u64, id: u32) -> u64 {
        let Some((at, n)) = self.divided_span(specs, to) else {
            return 0;
        };
        let Some(k) = (at..at + n).position(|k| self.ctx.targets.get(k) == Some(&id)) else {
            return 0;
        };
        if let Some(&s) = self.ctx.division.get(k) {
            return s;
        }
        let n = n as u64;
        total / n + u64::from((k as u64) < total % n)
    }
}
