//! What an operation acts on and how much: the selected entities (targets still legal, 608.2b;
//! "each" filters; the source, its controller, the triggering object), amounts and conditions,
//! and the set an "until end of turn" effect locks in (611.2c).

use super::{target_span, Resolution};
use crate::error::Result;
use crate::model::{Amount, Condition, Selector, TargetSpec};
use crate::targets::{matches_at, matches_in};
use cardstate_core::{Game, Zone};
use smallvec::SmallVec;

use super::helpers::{is_permanent, is_player, signed};
use crate::error::invalid;

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

    /// The players among the entities `s` selects, in order (the selection is left in
    /// `scratch`): what an effect done to each selected player walks.
    pub(super) fn selected_players(
        &mut self,
        game: &Game,
        specs: &[TargetSpec],
        s: &Selector,
    ) -> SmallVec<[u32; 8]> {
        self.select(game, specs, s);
        self.scratch
            .iter()
            .copied()
            .filter(|&p| is_player(game, p))
            .collect()
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
            Selector::Discarded => out.extend(self.ctx.discarded),
            Selector::Attached => out.extend(self.ctx.attached),
            Selector::TopOfLibrary => out.extend(super::top_of_library(game, me)),
            Selector::Target { i } => {
                let (at, n) = target_span(specs, self.ctx.targets.len(), *i as usize);
                for k in at..at + n {
                    if self.legal & (1 << k) != 0 {
                        out.push(self.ctx.targets[k]);
                    }
                }
            }
            Selector::Each { filter } => {
                let combat = self.ctx.combat();
                for id in 0..game.num_entities() {
                    if matches_in(game, filter, id, self.ctx.source, me, combat) {
                        out.push(id);
                    }
                }
            }
            Selector::Matching { of, filter } => {
                let mut chosen: SmallVec<[u32; 8]> = SmallVec::new();
                self.select_into(game, specs, of, &mut chosen);
                let combat = self.ctx.combat();
                out.extend(
                    chosen
                        .into_iter()
                        // 608.2h: a gone object as it last existed ("if it wasn't a Demon").
                        .filter(|&id| {
                            matches_at(game, filter, id, self.ctx.source, me, combat, true)
                        }),
                );
            }
            Selector::GraveyardOf { of } => {
                let mut players: SmallVec<[u32; 8]> = SmallVec::new();
                self.select_into(game, specs, of, &mut players);
                for p in players {
                    if game.entity(p).is_ok_and(|e| e.is_player) {
                        out.extend_from_slice(game.zone_objects(Zone::Graveyard, p));
                    }
                }
            }
            Selector::ControllerOf { of } => {
                let mut objects = SmallVec::new();
                self.select_into(game, specs, of, &mut objects);
                for id in objects {
                    // Last known information for an object that left (a gone record keeps it).
                    if let Ok(e) = game.entity(id) {
                        if !e.is_player && !out.contains(&e.controller) {
                            out.push(e.controller);
                        }
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
            Amount::LifeLost => self.life_lost,
            Amount::CardsDiscarded => self.cards_discarded,
            Amount::PermanentsSacrificed => self.permanents_sacrificed,
            Amount::ExcessDamage => self.excess_damage,
            Amount::ThisTurn { what } => self.ctx.history.read(*what, self.ctx.controller),
            Amount::Kicked => u64::from(self.ctx.kicked),
            Amount::Power { of } => {
                let mut sel = SmallVec::new();
                self.select_into(game, specs, of, &mut sel);
                let first = sel.into_iter().find(|&id| !is_player(game, id));
                let power = first.and_then(|id| game.power(id).ok().flatten());
                power.map_or(0, |p| p.clamp(0, i128::from(u64::MAX)) as u64)
            }
            Amount::Toughness { of } => {
                let mut sel = SmallVec::new();
                self.select_into(game, specs, of, &mut sel);
                let first = sel.into_iter().find(|&id| !is_player(game, id));
                let toughness = first.and_then(|id| game.toughness(id).ok().flatten());
                toughness.map_or(0, |t| t.clamp(0, i128::from(u64::MAX)) as u64)
            }
            Amount::Life { of } => {
                let mut sel = SmallVec::new();
                self.select_into(game, specs, of, &mut sel);
                match sel.into_iter().find(|&id| is_player(game, id)) {
                    Some(p) => game.life(p)?.max(0) as u64,
                    None => 0,
                }
            }
            Amount::DistinctManaValues { of } => {
                let mut sel = SmallVec::new();
                self.select_into(game, specs, of, &mut sel);
                let mut values: SmallVec<[u32; 8]> = SmallVec::new();
                for id in sel {
                    if let Ok(e) = game.entity(id) {
                        if !e.is_player {
                            // 202.3: no mana cost is 0; an X counts 0 off the stack (202.3b).
                            let mv = game.printed(e).cost.map_or(0, |c| c.base);
                            if !values.contains(&mv) {
                                values.push(mv);
                            }
                        }
                    }
                }
                values.len() as u64
            }
            Amount::Minus { .. } => {
                return invalid("a negative amount is only a pump's power or toughness");
            }
        })
    }

    /// An amount that may be negative (a pump's "-2/-2").
    pub(super) fn signed_amount(
        &self,
        game: &Game,
        specs: &[TargetSpec],
        a: &Amount,
    ) -> Result<i64> {
        match a {
            Amount::Minus { of } => Ok(-signed(self.amount(game, specs, of)?)?),
            _ => signed(self.amount(game, specs, a)?),
        }
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
            Condition::Exactly { amount, n } => {
                Ok(i128::from(self.amount(game, specs, amount)?) == i128::from(*n))
            }
        }
    }
}
