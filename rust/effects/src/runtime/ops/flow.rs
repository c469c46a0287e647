//! The program's own flow: "may" (608.2d), tests and jumps, and the Python escape hatch.

use super::super::{ChoiceRequest, Resolution};
use super::Flow;
use crate::db::CardDb;
use crate::error::{Error, Result};
use crate::model::{Condition, Selector, TargetSpec};
use crate::runtime::Host;
use cardstate_core::{Game, NO_ID};

impl Resolution {
    /// "You may …": a yes/no choice that sets the flag (608.2d).
    pub(super) fn may(&mut self) -> Result<Flow> {
        Ok(Flow::Ask(ChoiceRequest::May { pay_energy: 0 }))
    }

    /// Sets the flag to the condition as it stands now.
    pub(super) fn test(
        &mut self,
        game: &Game,
        specs: &[TargetSpec],
        cond: &Condition,
    ) -> Result<Flow> {
        self.flag = self.condition(game, specs, cond)?;
        Ok(Flow::Next)
    }

    /// Jumps to `to` unless the flag is set.
    pub(super) fn jump_unless(&mut self, to: u32) -> Result<Flow> {
        if self.flag {
            return Ok(Flow::Next);
        }
        self.pc = to;
        Ok(Flow::Jumped)
    }

    pub(super) fn jump(&mut self, to: u32) -> Result<Flow> {
        self.pc = to;
        Ok(Flow::Jumped)
    }

    /// "… at the beginning of the next end step" (603.7a): the card's delayed ability
    /// `ability`, about each selected object — the object it became if this effect moved it
    /// (400.7: "that card" is the new object, found once) — for the host to keep. Its source
    /// and controller are this resolution's (603.7d). `when_dies`: instead, until end of turn
    /// each selected permanent gains the ability "When this creature dies, …" (613.1f).
    pub(super) fn delay<H: Host + ?Sized>(
        &mut self,
        game: &Game,
        host: &mut H,
        specs: &[TargetSpec],
        of: &Selector,
        (ability, when_dies): (u16, bool),
    ) -> Result<Flow> {
        self.select(game, specs, of);
        for &id in &self.scratch {
            let Ok(e) = game.entity(id) else { continue };
            if when_dies {
                if e.is_permanent() {
                    host.gains_dies_trigger(self.ctx.card, ability, id);
                }
                continue;
            }
            let object = if e.gone && e.new_id != NO_ID {
                e.new_id
            } else {
                id
            };
            let source = self.ctx.source.unwrap_or(NO_ID);
            host.delay(self.ctx.card, ability, source, self.ctx.controller, object);
        }
        Ok(Flow::Next)
    }

    /// 500.7: each selected player takes an extra turn after this one (the host's turns).
    pub(super) fn extra_turn<H: Host + ?Sized>(
        &mut self,
        game: &Game,
        host: &mut H,
        specs: &[TargetSpec],
        who: &Selector,
    ) -> Result<Flow> {
        self.select(game, specs, who);
        for &p in &self.scratch {
            if game.entity(p).is_ok_and(|e| e.is_player) {
                host.extra_turn(p);
            }
        }
        Ok(Flow::Next)
    }

    /// The escape hatch: the Python callable `index` runs now, if the caller answers
    /// callbacks (otherwise a Python effect is an error).
    pub(super) fn python(&mut self, db: &CardDb, index: u32) -> Result<Flow> {
        if !self.callbacks {
            return Err(Error::PythonEffect(db.card(self.ctx.card).name.clone()));
        }
        Ok(Flow::Ask(ChoiceRequest::Callback { index }))
    }
}
