//! The library's operations: searching (701.23) and shuffling (701.24), milling (701.17),
//! scrying (701.22), surveilling (701.25), looking at the top cards and choosing one (401.4),
//! separating them into piles (700.3), exiling them and choosing one to play, revealing them
//! until a card of a type (701.20a); choosing a card of a graveyard to return.

use super::super::{Choice, ChoiceRequest, Host, Resolution};
use super::Flow;
use crate::db::CardDb;
use crate::error::Result;
use crate::model::{Amount, CardDef, Destination, LookedAtRest, PlayUntil, Selector, TargetSpec};
use crate::place::enters;
use cardstate_core::{Game, Zone};
use smallvec::SmallVec;

/// What a search looks for (701.23a): any of `types` (none: any type), all of `supertypes`, the
/// mana value `mana_value` if given ("an instant or sorcery card with mana value 1").
pub(super) struct Quality<'a> {
    pub types: &'a [String],
    pub supertypes: &'a [String],
    pub mana_value: Option<u32>,
    /// "with mana value X or less": at most this mana value (counted as it resolves).
    pub up_to: Option<u64>,
}

impl Quality<'_> {
    /// Whether the search states a quality (701.23b: then it may find nothing).
    fn stated(&self) -> bool {
        !self.types.is_empty()
            || !self.supertypes.is_empty()
            || self.mana_value.is_some()
            || self.up_to.is_some()
    }

    /// Whether a card has the quality (202.3: a card with no mana cost has mana value 0).
    fn of(&self, def: &CardDef) -> bool {
        let mv = def.cost.as_ref().map_or(0, |c| c.mana_value);
        (self.types.is_empty() || self.types.iter().any(|t| def.types.contains(t)))
            && self.supertypes.iter().all(|t| def.supertypes.contains(t))
            && self.mana_value.is_none_or(|x| mv == x)
            && self.up_to.is_none_or(|x| u64::from(mv) <= x)
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

    /// The controller looks at the top `n` cards of its library (fewer if it has fewer; none:
    /// nothing happens) and may choose one of them with the quality (401.4): a search request
    /// of those cards (equal cards once, ascending; none if no card has it) that may find
    /// nothing. The card chosen goes to its hand, onto the battlefield or stays on top; the
    /// rest go to its graveyard (top first) or on the bottom of its library in a random order.
    /// A library dealt anew by a resample while the choice waited may no longer hold the card
    /// chosen among its top cards: then none is chosen.
    pub(super) fn look_at_top_and_choose<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        look: &Look<'_>,
    ) -> Result<Flow> {
        let me = self.ctx.controller;
        let n = self.amount(game, specs, look.n)?;
        let mut library = Vec::new();
        let mut answer = self.answer.take();
        let (top, chosen) = loop {
            host.library(game, db, me, &mut library);
            // "Any number": the cards already put onto the battlefield (`at`) were of the n.
            let left = usize::try_from(n).unwrap_or(usize::MAX);
            let top = library.len().min(left.saturating_sub(self.at as usize));
            let chosen = self.look_choice(game, db, specs, look, &library[..top], answer.take())?;
            match chosen {
                Err(ask) => return Ok(Flow::Ask(ask)),
                Ok(Some(k)) if look.any_number => {
                    self.put_found(game, db, host, library[k].0, look.to, false)?;
                    self.at += 1;
                }
                Ok(chosen) => break (top, chosen),
            }
        };
        self.at = 0;
        let mut rest: SmallVec<[u32; 16]> = (0..top as u32)
            .filter(|&k| Some(k as usize) != chosen)
            .collect();
        if let Some(k) = chosen {
            // Back on top: the rest above it leave, and it is the top card.
            if look.to != Destination::LibraryTop {
                self.put_found(game, db, host, library[k].0, look.to, false)?;
                // The cards beneath it are one place higher now.
                for r in rest.iter_mut().filter(|r| **r as usize > k) {
                    *r -= 1;
                }
            }
        }
        match look.rest {
            LookedAtRest::Graveyard => host.library_to_graveyard(game, db, me, &rest),
            LookedAtRest::LibraryBottom => {
                host.random_order(&mut rest);
                host.library_to_bottom(game, db, me, &rest)
            }
        }?;
        Ok(Flow::Next)
    }

    /// The card chosen among the `top` cards looked at (its position), none, or the request
    /// to ask (none is asked with no card looked at or none that may be chosen).
    fn look_choice(
        &self,
        game: &Game,
        db: &CardDb,
        specs: &[TargetSpec],
        look: &Look<'_>,
        top: &[(u32, crate::model::CardId)],
        answer: Option<Choice>,
    ) -> Result<std::result::Result<Option<usize>, ChoiceRequest>> {
        let me = self.ctx.controller;
        Ok(Ok(match answer {
            Some(Choice::Search(found)) => {
                found.and_then(|card| top.iter().position(|&(c, _)| c == card))
            }
            _ => {
                if top.is_empty() {
                    return Ok(Ok(None));
                }
                let max_mana_value = match look.mana_value_at_most {
                    Some(a) => Some(self.amount(game, specs, a)?),
                    None => None,
                };
                let mut cards: Vec<u32> = top
                    .iter()
                    .filter(|(_, c)| look.of(db.card(*c), max_mana_value))
                    .map(|&(name, _)| name)
                    .collect();
                cards.sort_unstable();
                cards.dedup();
                if !cards.is_empty() {
                    return Ok(Err(ChoiceRequest::Search {
                        player: me,
                        cards,
                        may_fail: true,
                    }));
                }
                None
            }
        }))
    }
}

impl Resolution {
    /// The controller chooses one of the top `n` cards of its library (fewer if it has fewer;
    /// none: nothing happens): a search request of them (equal cards once, ascending) that
    /// must find one. The others are exiled, then the card chosen is, and its controller may
    /// play it until `until` (an impulse draw's permission, the host's). A library dealt anew
    /// by a resample while the choice waited may no longer hold the card chosen among its top
    /// cards: then all of them are exiled, none to be played.
    pub(super) fn exile_top_choose_one<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        n: &Amount,
        until: PlayUntil,
    ) -> Result<Flow> {
        let me = self.ctx.controller;
        let n = self.amount(game, specs, n)?;
        let mut library = Vec::new();
        host.library(game, db, me, &mut library);
        let top = library.len().min(usize::try_from(n).unwrap_or(usize::MAX));
        let chosen = match self.answer.take() {
            Some(Choice::Search(found)) => {
                found.and_then(|card| library[..top].iter().position(|&(c, _)| c == card))
            }
            _ if top == 0 => return Ok(Flow::Next),
            _ => {
                let mut cards: Vec<u32> = library[..top].iter().map(|&(c, _)| c).collect();
                cards.sort_unstable();
                cards.dedup();
                return Ok(Flow::Ask(ChoiceRequest::Search {
                    player: me,
                    cards,
                    may_fail: false,
                }));
            }
        };
        let rest: SmallVec<[u32; 16]> = (0..top as u32)
            .filter(|&k| Some(k as usize) != chosen)
            .collect();
        host.library_to_exile(game, db, me, &rest)?;
        // The rest above it gone, the card chosen is the top card.
        if chosen.is_some() {
            host.exile_top(game, me, 1, until)?;
        }
        Ok(Flow::Next)
    }
}

impl Resolution {
    /// The controller reveals cards from the top of its library until it reveals a card with
    /// any of `types` (701.20a): that card goes to its hand, the others revealed on the bottom
    /// of its library in a random order; with no such card, every card revealed does.
    pub(super) fn reveal_until<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        types: &[String],
    ) -> Result<Flow> {
        let me = self.ctx.controller;
        let mut library = Vec::new();
        host.library(game, db, me, &mut library);
        let found = library
            .iter()
            .position(|(_, c)| types.iter().any(|t| db.card(*c).types.contains(t)));
        let mut rest: SmallVec<[u32; 16]> = (0..found.unwrap_or(library.len()) as u32).collect();
        // The topmost copy of its card: the cards above it aren't of those types.
        if let Some(k) = found {
            host.take_from_library(game, db, me, library[k].0, Zone::Hand)?;
        }
        host.random_order(&mut rest);
        host.library_to_bottom(game, db, me, &rest)?;
        Ok(Flow::Next)
    }
}

impl Resolution {
    /// The controller chooses a card of its graveyard with any of `types` (a search request
    /// of them as the host names them, equal cards once, ascending, that must find one; none
    /// asked without one), which returns to its hand (400.7).
    pub(super) fn return_from_graveyard<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        types: &[String],
    ) -> Result<Flow> {
        let me = self.ctx.controller;
        if let Some(answer) = self.answer.take() {
            let found = match answer {
                Choice::Search(found) => found,
                _ => None,
            };
            if let Some(id) = found.and_then(|name| host.graveyard_object(game, db, me, name)) {
                game.move_to(id, Zone::Hand)?;
            }
            return Ok(Flow::Next);
        }
        let mut graveyard = Vec::new();
        host.graveyard(game, db, me, &mut graveyard);
        let mut cards: Vec<u32> = graveyard
            .iter()
            .filter(|(_, c)| types.iter().any(|t| db.card(*c).types.contains(t)))
            .map(|&(name, _)| name)
            .collect();
        cards.sort_unstable();
        cards.dedup();
        if cards.is_empty() {
            return Ok(Flow::Next);
        }
        Ok(Flow::Ask(ChoiceRequest::Search {
            player: me,
            cards,
            may_fail: false,
        }))
    }
}

impl Resolution {
    /// Each selected player mills two cards (701.17a); if both were nonland cards that share a
    /// colour (105.2: the colours of their mana costs' symbols), it does it again.
    pub(super) fn mill_while_sharing_colour<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        who: &Selector,
    ) -> Result<Flow> {
        let mut library = Vec::new();
        for p in self.selected_players(game, specs, who) {
            loop {
                host.library(game, db, p, &mut library);
                let milled: SmallVec<[u8; 2]> = library
                    .iter()
                    .take(2)
                    .map(|&(_, c)| nonland_colours(db.card(c)))
                    .collect();
                host.mill(game, db, p, 2)?;
                if milled.len() < 2 || milled[0] & milled[1] == 0 {
                    break;
                }
            }
        }
        Ok(Flow::Next)
    }
}

impl Resolution {
    /// Each selected player reveals cards from the top of its library until it reveals a card
    /// with any of `types` (701.20a), then puts the cards revealed, that one included, into
    /// its graveyard: a mill of that many (701.17a); its whole library without one.
    pub(super) fn reveal_until_into_graveyard<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        who: &Selector,
        types: &[String],
    ) -> Result<Flow> {
        let mut library = Vec::new();
        for p in self.selected_players(game, specs, who) {
            host.library(game, db, p, &mut library);
            let n = library
                .iter()
                .position(|(_, c)| types.iter().any(|t| db.card(*c).types.contains(t)))
                .map_or(library.len(), |k| k + 1);
            if n > 0 {
                host.mill(game, db, p, n as u64)?;
            }
        }
        Ok(Flow::Next)
    }
}

/// A card's colours (105.2, 202.2: those of its mana cost's symbols), a bit each in WUBRG
/// order; none for a land card.
fn nonland_colours(def: &CardDef) -> u8 {
    let Some(cost) = def
        .cost
        .as_ref()
        .filter(|_| !def.types.iter().any(|t| t == "land"))
    else {
        return 0;
    };
    let mut bits = 0u8;
    for (i, &n) in cost.coloured.iter().enumerate() {
        if n > 0 {
            bits |= 1 << i;
        }
    }
    for c in cost.hybrid.iter().flatten().chain(&cost.phyrexian) {
        bits |= 1 << c.index();
    }
    bits
}

/// The most cards separated into piles (700.3): a pile is kept as a bit set of positions.
const MAX_PILED: usize = 30;
/// `at`'s mark that the cards are separated: the bits below it are the face-up pile's.
const SEPARATED: u32 = 1 << 31;

impl Resolution {
    /// The controller looks at the top `n` cards of its library (fewer if it has fewer, at most
    /// 30; none: nothing happens) and separates them into a face-down pile and a face-up pile
    /// (a request of the cards, answered with the face-up pile's positions); then an opponent
    /// chooses a pile (a request of the face-up pile's cards and the face-down pile's size,
    /// answered yes for the face-up pile); that pile goes to its hand, the other to its
    /// graveyard (700.3). `at` keeps the face-up pile between the two. A library dealt anew by a
    /// resample meanwhile gives the piles the cards now at those positions.
    pub(super) fn separate_into_piles<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        n: &Amount,
    ) -> Result<Flow> {
        let me = self.ctx.controller;
        let n = self.amount(game, specs, n)?;
        let mut library = Vec::new();
        host.library(game, db, me, &mut library);
        let top = library
            .len()
            .min(usize::try_from(n).unwrap_or(usize::MAX).min(MAX_PILED));
        match self.answer.take() {
            Some(Choice::Piles(positions)) => {
                let up = positions.iter().fold(0u32, |m, &k| m | 1 << k);
                self.at = SEPARATED | up;
                let face_up = (0..top)
                    .filter(|&k| up & 1 << k != 0)
                    .map(|k| library[k].0)
                    .collect::<Vec<_>>();
                let face_down = (top - face_up.len()) as u32;
                // 700.3: an opponent chooses (the first one still in the game).
                let Some(player) = game
                    .players()
                    .find(|&p| p != me && game.entity(p).is_ok_and(|e| !e.lost))
                else {
                    self.at = 0;
                    return Ok(Flow::Next);
                };
                Ok(Flow::Ask(ChoiceRequest::ChoosePile {
                    player,
                    face_up,
                    face_down,
                }))
            }
            Some(Choice::May(face_up_chosen)) => {
                let up = self.at & !SEPARATED;
                self.at = 0;
                let mut to_hand = 0u32;
                for (k, &(card, _)) in library[..top].iter().enumerate() {
                    if (up & 1 << k != 0) == face_up_chosen {
                        host.take_from_library(game, db, me, card, Zone::Hand)?;
                        to_hand += 1;
                    }
                }
                // The other pile is what is left of the top cards (equal cards alike).
                let rest: SmallVec<[u32; 16]> = (0..top as u32 - to_hand).collect();
                host.library_to_graveyard(game, db, me, &rest)?;
                Ok(Flow::Next)
            }
            _ if top == 0 => Ok(Flow::Next),
            _ => Ok(Flow::Ask(ChoiceRequest::SeparatePiles {
                player: me,
                cards: library[..top].iter().map(|&(c, _)| c).collect(),
            })),
        }
    }
}

/// What a look at the top of a library may choose and where the cards go (`Op::LookAtTop`).
pub(super) struct Look<'a> {
    pub n: &'a Amount,
    pub types: &'a [String],
    pub power_at_most: Option<i32>,
    pub mana_value_at_most: Option<&'a Amount>,
    pub to: Destination,
    pub rest: LookedAtRest,
    /// "Any number of" the cards may be chosen, one at a time, each put `to` its place at once.
    pub any_number: bool,
}

impl Look<'_> {
    /// Whether a card may be chosen: any of the types (none: any type), its power at most the
    /// given one (a card without power has none), its mana value at most the one counted
    /// (202.3: no mana cost, mana value 0).
    fn of(&self, def: &CardDef, max_mana_value: Option<u64>) -> bool {
        (self.types.is_empty() || self.types.iter().any(|t| def.types.contains(t)))
            && self
                .power_at_most
                .is_none_or(|p| def.power.is_some_and(|q| q <= p))
            && max_mana_value
                .is_none_or(|mv| u64::from(def.cost.as_ref().map_or(0, |c| c.mana_value)) <= mv)
    }
}
