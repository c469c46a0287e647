//! Life (119), energy (107.14) and mana added to a mana pool (106.4).

use super::super::{ChoiceRequest, Host, Resolution};
use super::Flow;
use crate::error::Result;
use crate::model::{Amount, Selector, TargetSpec};
use cardstate_core::kinds;
use cardstate_core::Game;

impl Resolution {
    /// Each selected player gains or loses that much life (119.3, 119.10); the life lost is
    /// counted for "the life lost this way".
    pub(super) fn gain_or_lose_life(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
        n: &Amount,
        gain: bool,
    ) -> Result<Flow> {
        let n = self.amount(game, specs, n)?;
        for p in self.selected_players(game, specs, who) {
            if gain {
                game.gain_life(p, n)?;
            } else {
                self.lose_life(game, p, n)?;
            }
        }
        Ok(Flow::Next)
    }

    /// Player `p` loses `n` life (119.3), counted for "the life lost this way".
    pub(super) fn lose_life(&mut self, game: &mut Game, p: u32, n: u64) -> Result<()> {
        let before = game.life(p)?;
        game.lose_life(p, n)?;
        let lost = before.saturating_sub(game.life(p)?).max(0) as u64;
        self.life_lost = self.life_lost.saturating_add(lost);
        Ok(())
    }

    /// Each selected player gets that many {E} (107.14).
    pub(super) fn get_energy(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
        n: &Amount,
    ) -> Result<Flow> {
        let n = self.amount(game, specs, n)?;
        for p in self.selected_players(game, specs, who) {
            if n > 0 {
                game.add_counters(p, kinds::ENERGY, n)?;
            }
        }
        Ok(Flow::Next)
    }

    /// Each selected player adds `mana` (a count per colour, WUBRG) `n` times to its mana pool
    /// (106.4), through the host, which keeps the pools.
    pub(super) fn add_mana<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        host: &mut H,
        specs: &[TargetSpec],
        who: &Selector,
        mana: &[u8; 5],
        n: &Amount,
    ) -> Result<Flow> {
        let n = self.amount(game, specs, n)?;
        for p in self.selected_players(game, specs, who) {
            if n > 0 {
                host.add_mana(p, mana.map(|k| u64::from(k).saturating_mul(n)));
            }
        }
        Ok(Flow::Next)
    }

    /// "You may pay {E}×n": one optional payment, not offered to a player who has less (107.14).
    pub(super) fn may_pay_energy(&mut self, game: &mut Game, n: u64) -> Result<Flow> {
        let me = self.ctx.controller;
        // Seed 002: one optional payment; not offered to a player who can't pay.
        if game.count(me, kinds::ENERGY)? < n {
            self.flag = false;
        } else {
            return Ok(Flow::Ask(ChoiceRequest::May { pay_energy: n }));
        }
        Ok(Flow::Next)
    }

    /// "Pay any amount of {E}": an amount from 0 to what the controller has; `THAT_MUCH` reads it.
    pub(super) fn pay_any_energy(&mut self, game: &mut Game) -> Result<Flow> {
        let me = self.ctx.controller;
        let max = game.count(me, kinds::ENERGY)?;
        if max == 0 {
            self.that_much = 0;
        } else {
            return Ok(Flow::Ask(ChoiceRequest::Amount { min: 0, max }));
        }
        Ok(Flow::Next)
    }
}
