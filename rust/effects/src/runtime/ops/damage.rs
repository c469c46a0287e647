//! Damage (120), its prevention (615) and regeneration (701.19).

use super::super::helpers::{is_permanent, live, prevent_damage};
use super::super::Resolution;
use super::Flow;
use crate::db::CardDb;
use crate::error::{invalid, Result};
use crate::model::{Amount, Selector, TargetSpec};
use cardstate_core::Game;

impl Resolution {
    /// The source deals that much damage to each selected entity (120); an order choice (616.1)
    /// stops it at an entity as putting counters does.
    pub(super) fn deal_damage(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        specs: &[TargetSpec],
        to: &Selector,
        n: &Amount,
        source: &Selector,
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
            self.select(game, specs, to);
        }
        let (n, src) = (self.op_n, self.op_src);
        while (self.at as usize) < self.scratch.len() {
            let id = self.scratch[self.at as usize];
            if n > 0 && live(game, id) {
                if let Some(req) = self.order_due(game, id, None, src) {
                    return Ok(Flow::Ask(req));
                }
                let dealt = game.deal_damage(src, id, n, false, true);
                self.order_applied(game);
                if let Err(e) = dealt {
                    self.at = 0;
                    return Err(e.into());
                }
            }
            self.order_applied(game);
            self.at += 1;
        }
        self.at = 0;
        Ok(Flow::Next)
    }

    /// Regenerates each selected permanent (701.19): a shield for its next destruction this turn.
    pub(super) fn regenerate(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        what: &Selector,
    ) -> Result<Flow> {
        self.select(game, specs, what);
        for i in 0..self.scratch.len() {
            let id = self.scratch[i];
            if is_permanent(game, id) {
                game.regenerate(id)?;
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
}
