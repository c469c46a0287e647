//! Counters (122) and proliferate (701.34).

use super::super::helpers::{kind_ref, live};
use super::super::{ChoiceRequest, Resolution};
use super::Flow;
use crate::error::Result;
use crate::model::{Amount, Selector, TargetSpec};
use cardstate_core::{Game, Kind, ProliferateForm};

impl Resolution {
    /// Puts counters on each selected entity (122.1, 122.6); an order choice of the replacement
    /// effects (616.1) stops it at an entity and it goes on from there.
    pub(super) fn put_counters(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        on: &Selector,
        counter: &str,
        n: &Amount,
        builtin: Option<Kind>,
    ) -> Result<Flow> {
        // An order choice (616.1) stops the operation at an entity: the amount and
        // the entities stay as they were when it began.
        if self.at == 0 {
            self.op_n = self.amount(game, specs, n)?;
            self.select(game, specs, on);
        }
        let n = self.op_n;
        while (self.at as usize) < self.scratch.len() {
            let id = self.scratch[self.at as usize];
            if n > 0 && live(game, id) {
                let kind = kind_ref(counter, builtin);
                if let Some(req) = self.order_due(game, id, Some(kind), 0) {
                    return Ok(Flow::Ask(req));
                }
                let put = game.add_counters(id, kind, n);
                self.order_applied(game);
                if let Err(e) = put {
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

    /// Doubles the number of each kind of counter on each selected permanent (701.10e): it
    /// gets as many of each kind as it has now, kind by kind in the order they were first put
    /// on it (122.6: each a putting of counters). Simplification: with two or more
    /// replacement effects that apply, they apply in the kernel's order, unasked (616.1).
    pub(super) fn double_counters(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
    ) -> Result<Flow> {
        self.select(game, specs, who);
        let ids = self.locked_in(game);
        for &id in &ids {
            let had: smallvec::SmallVec<[(Kind, u64); 4]> = match game.entity(id) {
                Ok(e) => e.counters.iter().collect(),
                Err(_) => continue,
            };
            for (kind, n) in had {
                if n > 0 {
                    game.add_counters(id, kind, n)?;
                }
            }
        }
        Ok(Flow::Next)
    }

    /// Removes up to that many counters from each selected entity (122.8).
    pub(super) fn remove_counters(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        of: &Selector,
        counter: &str,
        n: &Amount,
        builtin: Option<Kind>,
    ) -> Result<Flow> {
        let n = self.amount(game, specs, n)?;
        self.select(game, specs, of);
        for i in 0..self.scratch.len() {
            let id = self.scratch[i];
            if live(game, id) {
                game.remove_counters(id, kind_ref(counter, builtin), n)?;
            }
        }
        Ok(Flow::Next)
    }

    /// Proliferate (701.34): the controller chooses the candidates (a fixed answer is applied at
    /// once).
    pub(super) fn proliferate(&mut self, game: &mut Game) -> Result<Flow> {
        let me = self.ctx.controller;
        // A fixed answer of every candidate or none ("mtg" form): applied at once,
        // without the request (the same as answering with the list).
        let every_kind = game.ruleset().proliferate_form() == ProliferateForm::EveryKind;
        match self.fixed_proliferate {
            Some(all) if every_kind => {
                if all {
                    game.proliferate_all(me)?;
                } else {
                    game.proliferate(me, &[])?;
                }
                self.outcome.proliferated = true;
            }
            _ => {
                return Ok(Flow::Ask(ChoiceRequest::Proliferate {
                    candidates: game.proliferate_candidates(),
                }))
            }
        }
        Ok(Flow::Next)
    }
}
