//! Zone changes by effect (400.7: the moved card is a new object): returning to its owner's
//! hand (400.3), exiling (701.13), and putting a card onto the battlefield.

use super::super::{Choice, ChoiceRequest, Host, Resolution};
use super::Flow;
use crate::db::CardDb;
use crate::error::Result;
use crate::model::{Destination, Selector, TargetSpec};
use crate::place::enters;
use cardstate_core::{AffectedSpec, Game, Zone, NO_ID};

impl Resolution {
    /// Moves each selected permanent or graveyard card to `to` (400.7): to its owner's hand
    /// (400.3), to exile (701.13), to the bottom of its owner's library (401.4), or, a card in a graveyard or in exile, onto the battlefield under its
    /// owner's control, entering as a permanent does (614.1c-d, 611.3a; its "enters" triggers
    /// fire from the move). A token put into a hand moves there and ceases to exist when
    /// state-based actions are checked (704.5d).
    pub(super) fn move_to<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        what: &Selector,
        to: Destination,
    ) -> Result<Flow> {
        // 610.3c: the source already left the battlefield: nothing is exiled.
        let source = self.ctx.source.unwrap_or(NO_ID);
        if to == Destination::ExileUntilSourceLeaves
            && !game.entity(source).is_ok_and(|e| e.is_permanent())
        {
            return Ok(Flow::Next);
        }
        self.select(game, specs, what);
        for i in 0..self.scratch.len() {
            let id = self.scratch[i];
            let Ok(e) = game.entity(id) else { continue };
            let movable = match to {
                Destination::Battlefield
                | Destination::BattlefieldTapped
                | Destination::BattlefieldUnderYourControl => {
                    matches!(e.zone, Zone::Graveyard | Zone::Exile)
                }
                Destination::Hand | Destination::Exile | Destination::LibraryBottom => {
                    matches!(e.zone, Zone::Battlefield | Zone::Graveyard)
                }
                // A search's only (refused as a move's as the card is loaded).
                Destination::LibraryTop => false,
                Destination::ExileUntilSourceLeaves => e.zone == Zone::Battlefield,
            };
            if e.is_player || e.gone || !movable {
                continue;
            }
            let zone = match to {
                Destination::Hand | Destination::LibraryTop => Zone::Hand,
                Destination::Exile | Destination::ExileUntilSourceLeaves => Zone::Exile,
                Destination::Battlefield
                | Destination::BattlefieldTapped
                | Destination::BattlefieldUnderYourControl => Zone::Battlefield,
                Destination::LibraryBottom => Zone::Library,
            };
            let new = if to == Destination::BattlefieldUnderYourControl {
                // 110.2: it enters under the effect's controller's control, not its owner's.
                game.move_to_battlefield_under(id, self.ctx.controller)?
            } else {
                game.move_to(id, zone)?
            };
            if to == Destination::ExileUntilSourceLeaves {
                host.exile_until_leaves(source, new);
            }
            // 401.4: the host puts it on the bottom (a bare kernel's new object already is).
            if to == Destination::LibraryBottom {
                host.put_in_library(game, new, false);
            }
            if zone == Zone::Battlefield {
                // "… to the battlefield tapped": it enters tapped (614.1d).
                if to == Destination::BattlefieldTapped {
                    game.tap(new)?;
                }
                if let Some(card) = db.card_of(game, new) {
                    enters(db, game, card, new, 0)?;
                }
            }
        }
        Ok(Flow::Next)
    }
}

impl Resolution {
    /// "Return it to the battlefield with one fewer revival counter on it" (614.1c): each
    /// selected card in a graveyard or in exile enters under its owner's control with the
    /// `counter` counters the object it was had as it last existed (608.2h: the gone object
    /// whose new object it is), less `fewer`, entering as a permanent does otherwise.
    pub(super) fn return_with_fewer_counters(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        specs: &[TargetSpec],
        what: &Selector,
        counter: &str,
        fewer: u64,
    ) -> Result<Flow> {
        self.select(game, specs, what);
        for i in 0..self.scratch.len() {
            let id = self.scratch[i];
            let Ok(e) = game.entity(id) else { continue };
            if e.is_player || e.gone || !matches!(e.zone, Zone::Graveyard | Zone::Exile) {
                continue;
            }
            let was = (0..id).rev().find(|&o| {
                game.entity(o)
                    .is_ok_and(|p| p.gone && p.new_id == id && !p.is_player)
            });
            let had = match was {
                Some(o) => game.count_by_name(o, counter)?,
                None => 0,
            };
            let n = had.saturating_sub(fewer);
            let new = if n > 0 {
                game.move_with_counters(id, Zone::Battlefield, &[(counter.to_owned(), n)])?
            } else {
                game.move_to(id, Zone::Battlefield)?
            };
            if let Some(card) = db.card_of(game, new) {
                enters(db, game, card, new, 0)?;
            }
        }
        Ok(Flow::Next)
    }
}

impl Resolution {
    /// "Return that card to the battlefield … with two +1/+1 counters on it. It's a Demon in
    /// addition to its other types" (614.1c, 613.1d, 613.1f): each selected card in a
    /// graveyard or in exile enters under its owner's control with `n` `counter` counters; the
    /// permanent it became has the keywords `gains` and the subtypes `is_also` for as long as
    /// it stays (611.2c: effects locked in to it, with no source and no end), given before its
    /// static abilities go live; it enters as a permanent does otherwise. "That card" of a
    /// creature that died is the card it became (400.7).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn return_with(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        specs: &[TargetSpec],
        what: &Selector,
        (counter, n): (&str, u64),
        gains: &[String],
        is_also: &[String],
    ) -> Result<Flow> {
        self.select(game, specs, what);
        for i in 0..self.scratch.len() {
            let mut id = self.scratch[i];
            let Ok(mut e) = game.entity(id) else { continue };
            if e.gone && e.new_id != NO_ID {
                id = e.new_id;
                let Ok(card) = game.entity(id) else { continue };
                e = card;
            }
            if e.is_player || e.gone || !matches!(e.zone, Zone::Graveyard | Zone::Exile) {
                continue;
            }
            let new = if n > 0 {
                game.move_with_counters(id, Zone::Battlefield, &[(counter.to_owned(), n)])?
            } else {
                game.move_to(id, Zone::Battlefield)?
            };
            let on = [new];
            for subtype in is_also {
                game.add_continuous_effect_with_subtype(
                    "add_subtype",
                    AffectedSpec::Ids(&on),
                    None,
                    None,
                    (None, None, None, None),
                    Some(subtype),
                    false,
                )?;
            }
            for keyword in gains {
                game.add_continuous_effect(
                    "add_keyword",
                    AffectedSpec::Ids(&on),
                    None,
                    None,
                    Some(keyword),
                    None,
                    None,
                    None,
                    false,
                )?;
            }
            if let Some(card) = db.card_of(game, new) {
                enters(db, game, card, new, 0)?;
            }
        }
        Ok(Flow::Next)
    }
}

impl Resolution {
    /// "Target creature's owner puts it on their choice of the top or bottom of their library"
    /// (401.4): the first selected permanent or graveyard card; its owner is asked (yes: the
    /// top), then it moves into the library, where a host whose libraries are ordered lists
    /// puts it on top, or on the bottom as asked (a bare kernel's new object, with the highest
    /// id, is its bottom either way).
    pub(super) fn put_on_top_or_bottom<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        host: &mut H,
        specs: &[TargetSpec],
        what: &Selector,
    ) -> Result<Flow> {
        self.select(game, specs, what);
        let first = self.scratch.iter().copied().find(|&id| {
            game.entity(id).is_ok_and(|e| {
                !e.is_player && !e.gone && matches!(e.zone, Zone::Battlefield | Zone::Graveyard)
            })
        });
        let answer = self.answer.take();
        let Some(id) = first else {
            return Ok(Flow::Next);
        };
        match answer {
            Some(Choice::May(top)) => {
                let new = game.move_to(id, Zone::Library)?;
                host.put_in_library(game, new, top);
                Ok(Flow::Next)
            }
            _ => {
                let player = game.entity(id)?.owner;
                Ok(Flow::Ask(ChoiceRequest::TopOrBottom { player, object: id }))
            }
        }
    }

    /// "You may cast target … card from your graveyard this turn." (with `flashback`: "…
    /// gains flashback until end of turn", 702.34a): the host keeps the permission of the
    /// controller for each selected graveyard card (a duel's).
    pub(super) fn may_cast_from_graveyard<H: Host + ?Sized>(
        &mut self,
        game: &Game,
        host: &mut H,
        specs: &[TargetSpec],
        what: &Selector,
        flashback: bool,
    ) -> Result<Flow> {
        self.select(game, specs, what);
        for &id in &self.scratch {
            if game
                .entity(id)
                .is_ok_and(|e| !e.is_player && !e.gone && e.zone == Zone::Graveyard)
            {
                host.may_cast_from_graveyard(id, self.ctx.controller, flashback);
            }
        }
        Ok(Flow::Next)
    }
}
