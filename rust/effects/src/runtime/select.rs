//! What an operation acts on and how much: the selected entities (targets still legal, 608.2b;
//! "each" filters; the source, its controller, the triggering object), amounts and conditions,
//! and the set an "until end of turn" effect locks in (611.2c).

use super::Resolution;
use crate::error::Result;
use crate::model::{Amount, Condition, Selector, TargetSpec};
use crate::targets::matches;
use cardstate_core::Game;
use smallvec::SmallVec;

use super::helpers::is_permanent;

impl Resolution {
    /// The permanents among the selected entities (`scratch`), each once, in order: the set an
    /// "until end of turn" effect locks in as it begins (611.2c).
    pub(super) fn locked_in(&self, game: &Game) -> SmallVec<[u32; 4]> {
        let mut ids: SmallVec<[u32; 4]> = SmallVec::new();
        for &id in &self.scratch {
            if is_permanent(game, id) && !ids.contains(&id) {
                ids.push(id);
            }
        }
        ids
    }

    /// The selected entities into `scratch`.
    pub(super) fn select(&mut self, game: &Game, specs: &[TargetSpec], s: &Selector) {
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        self.select_into(game, specs, s, &mut out);
        self.scratch = out;
    }

    pub(super) fn select_into(
        &self,
        game: &Game,
        specs: &[TargetSpec],
        s: &Selector,
        out: &mut SmallVec<[u32; 8]>,
    ) {
        let me = self.ctx.controller;
        match s {
            Selector::This => out.extend(self.ctx.source),
            Selector::You => out.push(me),
            Selector::EachOpponent => {
                out.extend(
                    game.players()
                        .filter(|&p| p != me && game.entity(p).is_ok_and(|e| !e.lost)),
                );
            }
            Selector::Triggering => out.extend(self.ctx.triggering),
            Selector::TopOfLibrary => out.extend(super::top_of_library(game, me)),
            Selector::Target { i } => {
                let at: usize = specs[..*i as usize].iter().map(|t| t.count as usize).sum();
                for k in at..at + specs[*i as usize].count as usize {
                    if self.legal & (1 << k) != 0 {
                        out.push(self.ctx.targets[k]);
                    }
                }
            }
            Selector::Each { filter } => {
                for id in 0..game.num_entities() {
                    if matches(game, filter, id, self.ctx.source, me) {
                        out.push(id);
                    }
                }
            }
        }
    }

    pub(super) fn amount(&self, game: &Game, specs: &[TargetSpec], a: &Amount) -> Result<u64> {
        Ok(match a {
            Amount::Const { n } => *n,
            Amount::X => self.ctx.x,
            Amount::ThatMuch => self.that_much,
            Amount::Counters { of, counter } => {
                let mut sel = SmallVec::new();
                self.select_into(game, specs, of, &mut sel);
                match sel.first() {
                    Some(&id) => game.count_by_name(id, counter.as_str())?,
                    None => 0,
                }
            }
            Amount::Count { of } => {
                let mut sel = SmallVec::new();
                self.select_into(game, specs, of, &mut sel);
                sel.len() as u64
            }
            // 105.1: X counts 0 (the card is not being played).
            Amount::Cost { of } => {
                let mut sel = SmallVec::new();
                self.select_into(game, specs, of, &mut sel);
                match sel.first() {
                    Some(&id) => u64::try_from(game.cost(id, None)?).unwrap_or(u64::MAX),
                    None => 0,
                }
            }
        })
    }

    /// A condition as it stands now (an intervening "if" as the ability triggers).
    pub(crate) fn condition_now(&self, game: &Game, specs: &[TargetSpec], c: &Condition) -> bool {
        self.condition(game, specs, c).unwrap_or(false)
    }

    pub(super) fn condition(
        &self,
        game: &Game,
        specs: &[TargetSpec],
        c: &Condition,
    ) -> Result<bool> {
        match c {
            Condition::AtLeast { amount, n } => {
                Ok(i128::from(self.amount(game, specs, amount)?) >= i128::from(*n))
            }
        }
    }
}
