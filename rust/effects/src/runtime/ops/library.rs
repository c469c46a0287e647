//! The library's operations: searching (701.23) and shuffling (701.24), milling (701.17),
//! scrying (701.22), surveilling (701.25).

use super::super::{Choice, ChoiceRequest, Host, Resolution};
use super::Flow;
use crate::db::CardDb;
use crate::error::Result;
use crate::model::{Amount, CardDef, Destination, Selector, TargetSpec};
use crate::place::enters;
use cardstate_core::{Game, Zone};

/// What a search looks for (701.23a): any of `types` (none: any type), all of `supertypes`, the
/// mana value `mana_value` if given ("an instant or sorcery card with mana value 1").
pub(super) struct Quality<'a> {
    pub types: &'a [String],
    pub supertypes: &'a [String],
    pub mana_value: Option<u32>,
}

impl Quality<'_> {
    /// Whether the search states a quality (701.23b: then it may find nothing).
    fn stated(&self) -> bool {
        !self.types.is_empty() || !self.supertypes.is_empty() || self.mana_value.is_some()
    }

    /// Whether a card has the quality (202.3: a card with no mana cost has mana value 0).
    fn of(&self, def: &CardDef) -> bool {
        (self.types.is_empty() || self.types.iter().any(|t| def.types.contains(t)))
            && self.supertypes.iter().all(|t| def.supertypes.contains(t))
            && self
                .mana_value
                .is_none_or(|mv| def.cost.as_ref().map_or(0, |c| c.mana_value) == mv)
    }
}

impl Resolution {
    /// Each selected player mills that many cards (701.17a), through the host (the duel keeps
    /// the libraries).
    pub(super) fn mill<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        who: &Selector,
        n: &Amount,
    ) -> Result<Flow> {
        let n = self.amount(game, specs, n)?;
        for p in self.selected_players(game, specs, who) {
            if n > 0 {
                host.mill(game, db, p, n)?;
            }
        }
        Ok(Flow::Next)
    }

    /// The controller searches its library for up to `n` cards with the quality (701.23a),
    /// one at a time: a request of the candidates (equal cards once) while fewer than `n` are
    /// found, unless there is none; each card found goes to its hand or onto the battlefield
    /// (entering as a permanent does, 614.1d, tapped if said); then it shuffles (701.24a),
    /// whether or not it found any. `at`: the cards found so far.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        quality: &Quality<'_>,
        to: Destination,
        tapped: bool,
        n: u32,
    ) -> Result<Flow> {
        let me = self.ctx.controller;
        // "… then shuffle and put that card on top": the card found stays until the shuffle.
        let mut to_top = None;
        if let Some(Choice::Search(found)) = self.answer.take() {
            match found {
                Some(card) if to == Destination::LibraryTop => {
                    to_top = Some(card);
                    self.at += 1;
                }
                Some(card) => {
                    self.put_found(game, db, host, card, to, tapped)?;
                    self.at += 1;
                }
                None => self.at = n,
            }
        }
        if self.at < n {
            let mut library = Vec::new();
            host.library(game, db, me, &mut library);
            let mut cards: Vec<u32> = library
                .iter()
                .filter(|(_, c)| quality.of(db.card(*c)))
                .map(|&(name, _)| name)
                .collect();
            cards.sort_unstable();
            cards.dedup();
            if !cards.is_empty() {
                // 701.23b: a stated quality lets the searcher find nothing; "up to n" too.
                let may_fail = quality.stated() || n > 1;
                return Ok(Flow::Ask(ChoiceRequest::Search {
                    player: me,
                    cards,
                    may_fail,
                }));
            }
        }
        self.at = 0;
        host.shuffle_library(game, me);
        if let Some(card) = to_top {
            host.library_to_top(game, me, card);
        }
        Ok(Flow::Next)
    }

    /// The card found goes to the hand or onto the battlefield (tapped if said).
    fn put_found<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        card: u32,
        to: Destination,
        tapped: bool,
    ) -> Result<()> {
        let zone = match to {
            Destination::Battlefield => Zone::Battlefield,
            _ => Zone::Hand,
        };
        let me = self.ctx.controller;
        if let Some(id) = host.take_from_library(game, db, me, card, zone)? {
            if zone == Zone::Battlefield {
                if let Some(c) = db.card_of(game, id) {
                    enters(db, game, c, id, 0)?;
                }
                if tapped {
                    host.set_tapped(game, id, true)?;
                }
            }
        }
        Ok(())
    }

    /// The controller surveils `n` (701.25a) or scries `n` (701.22a): a request of the top
    /// `n` cards of its library (fewer if it has fewer; none: nothing is asked); the chosen
    /// ones then go to its graveyard, top first, or on its bottom in the order chosen; the
    /// rest stay on top in their order.
    pub(super) fn look_at_top<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        n: &Amount,
        scry: bool,
    ) -> Result<Flow> {
        let me = self.ctx.controller;
        match self.answer.take() {
            Some(Choice::Surveil(mut positions)) => {
                positions.sort_unstable();
                host.library_to_graveyard(game, db, me, &positions)?;
            }
            Some(Choice::Scry(positions)) => host.library_to_bottom(game, db, me, &positions)?,
            _ => {
                let n = self.amount(game, specs, n)?;
                let mut library = Vec::new();
                host.library(game, db, me, &mut library);
                let top = library.len().min(usize::try_from(n).unwrap_or(usize::MAX));
                if top == 0 {
                    return Ok(Flow::Next);
                }
                let cards = library[..top].iter().map(|&(name, _)| name).collect();
                return Ok(Flow::Ask(if scry {
                    ChoiceRequest::Scry { player: me, cards }
                } else {
                    ChoiceRequest::Surveil { player: me, cards }
                }));
            }
        }
        Ok(Flow::Next)
    }
}
