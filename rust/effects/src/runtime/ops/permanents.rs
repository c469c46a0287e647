//! Changes of permanents: destroy (701.8), until-end-of-turn changes of power, toughness and keywords (611.2c, 613), tapping (701.26), attaching (701.3).

use super::super::helpers::{grant, is_permanent};
use super::super::{Host, Resolution};
use super::Flow;
use crate::error::Result;
use crate::model::{Amount, Selector, TargetSpec};
use cardstate_core::keywords::Types;
use cardstate_core::{AffectedSpec, Game};

impl Resolution {
    /// Does `each` to every permanent `what` selects that is still one (an illegal target is
    /// none, 608.2b).
    pub(super) fn each_selected_permanent(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        what: &Selector,
        mut each: impl FnMut(&mut Game, u32) -> Result<()>,
    ) -> Result<Flow> {
        self.select(game, specs, what);
        for i in 0..self.scratch.len() {
            let id = self.scratch[i];
            if is_permanent(game, id) {
                each(game, id)?;
            }
        }
        Ok(Flow::Next)
    }

    /// Destroys each selected permanent (701.8).
    pub(super) fn destroy(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        what: &Selector,
    ) -> Result<Flow> {
        self.each_selected_permanent(game, specs, what, |game, id| {
            game.destroy(id)?;
            Ok(())
        })
    }

    /// Each selected permanent gets +N/+M until end of turn (611.2c: the set is locked in now;
    /// layer 7c).
    pub(super) fn pump(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
        power: &Amount,
        toughness: &Amount,
    ) -> Result<Flow> {
        let p = self.signed_amount(game, specs, power)?;
        let t = self.signed_amount(game, specs, toughness)?;
        self.select(game, specs, who);
        let ids = self.locked_in(game);
        // 611.2c: the set is locked in now; layer 7c until end of turn.
        if !ids.is_empty() && (p != 0 || t != 0) {
            game.add_continuous_effect(
                "modify_power_toughness",
                AffectedSpec::Ids(&ids),
                None,
                None,
                None,
                None,
                Some(p),
                Some(t),
                true,
            )?;
        }
        Ok(Flow::Next)
    }

    /// Each selected permanent gains a keyword until end of turn (611.2c, layer 6).
    pub(super) fn grant(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
        keyword: &str,
    ) -> Result<Flow> {
        self.select(game, specs, who);
        let ids = self.locked_in(game);
        if !ids.is_empty() {
            grant(game, &ids, keyword)?;
        }
        Ok(Flow::Next)
    }

    /// "This creature becomes a Werewolf" (205.1a): the selected permanents lose their
    /// subtypes, then have `subtypes` (layer 4, 613.1d), for as long as they stay (611.2c).
    pub(super) fn becomes(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        what: &Selector,
        subtypes: &[String],
    ) -> Result<Flow> {
        self.select(game, specs, what);
        let ids = self.locked_in(game);
        if ids.is_empty() {
            return Ok(Flow::Next);
        }
        let on = AffectedSpec::Ids(&ids);
        game.add_continuous_effect(
            "lose_subtypes",
            on,
            None,
            None,
            None,
            None,
            None,
            None,
            false,
        )?;
        for subtype in subtypes {
            game.add_continuous_effect_with_subtype(
                "add_subtype",
                on,
                None,
                None,
                (None, None, None, None),
                Some(subtype),
                false,
            )?;
        }
        Ok(Flow::Next)
    }

    /// "… and gains 'Whenever …'" (613.1f, layer 6): each selected permanent gains the card's
    /// gained triggered ability `ability` for as long as it stays (611.2c: no duration; 400.7),
    /// kept by the host.
    pub(super) fn gain_ability<H: Host + ?Sized>(
        &mut self,
        game: &Game,
        host: &mut H,
        specs: &[TargetSpec],
        what: &Selector,
        ability: u16,
    ) -> Result<Flow> {
        self.select(game, specs, what);
        for id in self.locked_in(game) {
            host.gains_ability(self.ctx.card, ability, id);
        }
        Ok(Flow::Next)
    }

    /// "This land becomes a 3/3 creature with vigilance and all creature types. It's still a
    /// land.": each selected permanent is a creature in addition to its types (205.1b, layer 4:
    /// its card types kept on the object, which leaves with them, 400.7), then has base power
    /// and toughness `pt` (613.4b, layer 7b), the keywords (layer 6) and, if
    /// `all_creature_types`, every creature type (205.3m, layer 4); for as long as it stays
    /// (611.2c).
    pub(super) fn becomes_creature(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        what: &Selector,
        pt: (i32, i32),
        keywords: &[String],
        all_creature_types: bool,
    ) -> Result<Flow> {
        self.select(game, specs, what);
        let ids = self.locked_in(game);
        if ids.is_empty() {
            return Ok(Flow::Next);
        }
        for &id in &ids {
            let types = game.entity(id)?.types;
            game.set_card_types(id, Types(types.0 | Types::CREATURE.0))?;
        }
        let on = AffectedSpec::Ids(&ids);
        let (p, t) = (Some(i64::from(pt.0)), Some(i64::from(pt.1)));
        game.add_continuous_effect(
            "set_base_power_toughness",
            on,
            None,
            None,
            None,
            None,
            p,
            t,
            false,
        )?;
        for k in keywords {
            let k = Some(k.as_str());
            game.add_continuous_effect("add_keyword", on, None, None, k, None, None, None, false)?;
        }
        if all_creature_types {
            let name = "all_creature_types";
            game.add_continuous_effect(name, on, None, None, None, None, None, None, false)?;
        }
        Ok(Flow::Next)
    }

    /// Switches each selected creature's power and toughness until end of turn (613.4e).
    pub(super) fn switch(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
    ) -> Result<Flow> {
        self.select(game, specs, who);
        let ids = self.locked_in(game);
        // 611.2c, layer 7e until end of turn.
        if !ids.is_empty() {
            game.add_continuous_effect(
                "switch_power_toughness",
                AffectedSpec::Ids(&ids),
                None,
                None,
                None,
                None,
                None,
                None,
                true,
            )?;
        }
        Ok(Flow::Next)
    }

    /// Doubles each selected creature's power until end of turn (701.10a–b): it gets +X/+0, X
    /// its power now (611.2c: the set and each amount are locked in; layer 7c). A negative
    /// power gets that much less; a power of 0 changes nothing.
    pub(super) fn double_power(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
    ) -> Result<Flow> {
        self.select(game, specs, who);
        let ids = self.locked_in(game);
        for &id in &ids {
            let power = game.power(id).ok().flatten().unwrap_or(0);
            let x = power.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
            if x != 0 {
                game.add_continuous_effect(
                    "modify_power_toughness",
                    AffectedSpec::Ids(&[id]),
                    None,
                    None,
                    None,
                    None,
                    Some(x),
                    Some(0),
                    true,
                )?;
            }
        }
        Ok(Flow::Next)
    }

    /// Taps or untaps each selected permanent (701.26), through the host (a duel keeps the tapped
    /// status in the kernel).
    pub(super) fn tap_or_untap<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        host: &mut H,
        specs: &[TargetSpec],
        what: &Selector,
        tapped: bool,
    ) -> Result<Flow> {
        self.each_selected_permanent(game, specs, what, |game, id| {
            host.set_tapped(game, id, tapped)
        })
    }

    /// Attaches the first permanent `what` selects to the first permanent `to` selects
    /// (701.3a), both on the battlefield (an illegal target is none, 608.2b): the host keeps
    /// the link (701.3b, an object already attached there, is the host's too).
    pub(super) fn attach<H: Host + ?Sized>(
        &mut self,
        game: &Game,
        host: &mut H,
        specs: &[TargetSpec],
        what: &Selector,
        to: &Selector,
    ) -> Result<Flow> {
        self.select(game, specs, what);
        let object = self
            .scratch
            .iter()
            .copied()
            .find(|&id| is_permanent(game, id));
        self.select(game, specs, to);
        let onto = self
            .scratch
            .iter()
            .copied()
            .find(|&id| is_permanent(game, id));
        if let (Some(object), Some(onto)) = (object, onto) {
            if object != onto {
                host.attach(game, object, onto);
            }
        }
        Ok(Flow::Next)
    }

    /// "Gain control of target creature until end of turn." (613.1b): the ability's controller
    /// takes control of each selected permanent, through the host (a duel gives it back at
    /// cleanup, 514.2).
    pub(super) fn gain_control_until_end_of_turn<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        host: &mut H,
        specs: &[TargetSpec],
        what: &Selector,
    ) -> Result<Flow> {
        let controller = self.ctx.controller;
        self.each_selected_permanent(game, specs, what, |game, id| {
            host.gain_control_until_end_of_turn(game, id, controller)
        })
    }
}
