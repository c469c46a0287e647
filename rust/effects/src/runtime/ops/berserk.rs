//! The Berserk property rules («Берсерк. Герои» 104.3–105.1, classic Berserk 108): strength and
//! lives that become X, healing, removing effects, control, types, eliteness and flying, and a
//! drawn card that costs less.

use super::super::helpers::{is_permanent, is_player};
use super::super::{Host, Resolution};
use super::Flow;
use crate::error::{Error, Result};
use crate::model::{Amount, Selector, TargetSpec};
use cardstate_core::keywords::Types;
use cardstate_core::Game;

/// A value a property becomes, within the kernel's 64-bit argument.
fn becomes(n: u64) -> Result<i64> {
    i64::try_from(n).map_err(|_| {
        Error::Kernel(cardstate_core::Error::Overflow(format!(
            "a property can't become {n} (at most 2**63 - 1)"
        )))
    })
}

impl Resolution {
    /// `change` done to each selected permanent (the others dropped), in selection order.
    fn each_permanent(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        s: &Selector,
        mut change: impl FnMut(&mut Game, u32) -> Result<()>,
    ) -> Result<Flow> {
        self.select(game, specs, s);
        self.scratch.retain(|id| is_permanent(game, *id));
        for i in 0..self.scratch.len() {
            change(game, self.scratch[i])?;
        }
        Ok(Flow::Next)
    }

    /// The strength of each selected creature in play becomes that much (104.3.1).
    pub(super) fn set_strength(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
        n: &Amount,
    ) -> Result<Flow> {
        let n = becomes(self.amount(game, specs, n)?)?;
        self.each_permanent(game, specs, who, |game, id| {
            if game.entity(id)?.strength.is_some() {
                game.set_strength(id, n)?;
            }
            Ok(())
        })
    }

    /// The lives of each selected card in play become that much (104.3.1): wounds removed, no
    /// wound placed or healed.
    pub(super) fn set_lives(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
        n: &Amount,
    ) -> Result<Flow> {
        let n = becomes(self.amount(game, specs, n)?)?;
        self.each_permanent(game, specs, who, |game, id| {
            if game.entity(id)?.lives.is_some() {
                game.set_lives(id, n)?;
            }
            Ok(())
        })
    }

    /// Heals each selected card in play by that much (wounds removed, `healed`).
    pub(super) fn heal(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
        n: &Amount,
    ) -> Result<Flow> {
        let n = self.amount(game, specs, n)?;
        self.each_permanent(game, specs, who, |game, id| {
            game.heal(id, n)?;
            Ok(())
        })
    }

    /// Removes every strength and life effect from each selected card in play.
    pub(super) fn remove_effects(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
    ) -> Result<Flow> {
        self.each_permanent(game, specs, who, |game, id| {
            game.remove_effects(id)?;
            Ok(())
        })
    }

    /// The controller takes control of each selected card in play (104.3.4).
    pub(super) fn gain_control(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        what: &Selector,
    ) -> Result<Flow> {
        let controller = self.ctx.controller;
        self.each_permanent(game, specs, what, |game, id| {
            game.set_controller(id, controller)?;
            Ok(())
        })
    }

    /// Each selected card in play becomes the types (classic 108.1–108.2).
    pub(super) fn become_type(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        what: &Selector,
        types: &[String],
        subtypes: Option<&[String]>,
    ) -> Result<Flow> {
        self.each_permanent(game, specs, what, |game, id| {
            game.set_types(id, types, subtypes)?;
            Ok(())
        })
    }

    /// Each selected card in play becomes elite or ordinary (classic 108.1).
    pub(super) fn become_elite(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        what: &Selector,
        elite: bool,
    ) -> Result<Flow> {
        self.each_permanent(game, specs, what, |game, id| {
            game.set_elite(id, elite)?;
            Ok(())
        })
    }

    /// Each selected creature in play gains flying (its movement replaced, 108.1) or loses it
    /// (its movement back, 108.2).
    pub(super) fn set_flying(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        what: &Selector,
        flying: bool,
    ) -> Result<Flow> {
        self.each_permanent(game, specs, what, |game, id| {
            if game.entity(id)?.types.contains(Types::CREATURE) {
                if flying {
                    game.grant(id, "flying", false)?;
                } else {
                    game.revoke(id, "flying")?;
                }
            }
            Ok(())
        })
    }

    /// Each selected player draws that many cards through the host; each costs `less` less
    /// while it is in its owner's hand (a one-off cost modifier, 104.3).
    pub(super) fn draw_cheaper<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        host: &mut H,
        specs: &[TargetSpec],
        who: &Selector,
        n: &Amount,
        less: u32,
    ) -> Result<Flow> {
        let n = self.amount(game, specs, n)?;
        self.select(game, specs, who);
        for i in 0..self.scratch.len() {
            let p = self.scratch[i];
            if !is_player(game, p) {
                continue;
            }
            for _ in 0..n {
                let Some(card) = host.draw_card(game, p)? else {
                    self.outcome.empty_draws |= 1 << (p % 64);
                    break;
                };
                if less > 0 {
                    game.add_cost_modifier(-i64::from(less), Some(card), None, &[], &[], None)?;
                }
            }
        }
        Ok(Flow::Next)
    }
}
