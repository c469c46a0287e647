//! The program's own flow: "may" (608.2d), tests and jumps, and the Python escape hatch.

use super::super::{ChoiceRequest, Resolution};
use super::Flow;
use crate::db::CardDb;
use crate::error::{Error, Result};
use crate::model::{Condition, TargetSpec};
use cardstate_core::Game;

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

    /// The escape hatch: the Python callable `index` runs now, if the caller answers
    /// callbacks (otherwise a Python effect is an error).
    pub(super) fn python(&mut self, db: &CardDb, index: u32) -> Result<Flow> {
        if !self.callbacks {
            return Err(Error::PythonEffect(db.card(self.ctx.card).name.clone()));
        }
        Ok(Flow::Ask(ChoiceRequest::Callback { index }))
    }
}
