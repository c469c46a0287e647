//! Drawing (121), tokens (111) and tokens that copy a permanent (707.2), countering spells
//! (701.6) and copying them (707.10).

use super::super::helpers::{grant, is_player, room_for_tokens};
use super::super::{Choice, ChoiceRequest, Host, Resolution};
use super::Flow;
use crate::db::CardDb;
use crate::error::Result;
use crate::facts::ManaSymbols;
use crate::model::{Amount, ManaCost, PlayUntil, Selector, TargetSpec};
use cardstate_core::keywords::Types;
use cardstate_core::{Game, Zone};
use smallvec::SmallVec;

impl Resolution {
    /// Each selected player draws that many cards (121), through the host (the duel keeps the
    /// libraries); a draw from an empty library is noted for 704.5b.
    pub(super) fn draw<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        host: &mut H,
        specs: &[TargetSpec],
        who: &Selector,
        n: &Amount,
    ) -> Result<Flow> {
        let n = self.amount(game, specs, n)?;
        for p in self.selected_players(game, specs, who) {
            if n > 0 && host.draw(game, p, n)? > 0 {
                self.outcome.empty_draws |= 1 << (p % 64);
            }
        }
        Ok(Flow::Next)
    }

    /// Each selected player exiles the top `n` cards of its library (impulse draw), through
    /// the host, which keeps the libraries and the permission to play them until `until`.
    pub(super) fn exile_top<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        host: &mut H,
        specs: &[TargetSpec],
        who: &Selector,
        n: &Amount,
        until: PlayUntil,
    ) -> Result<Flow> {
        let n = self.amount(game, specs, n)?;
        for p in self.selected_players(game, specs, who) {
            if n > 0 && until == PlayUntil::CastFree {
                host.exile_top_cast_free(game, p, n, self.ctx.controller)?;
            } else if n > 0 {
                host.exile_top(game, p, n, until)?;
            }
        }
        Ok(Flow::Next)
    }

    /// Each selected player in turn discards that many cards of its choice (701.9a-b), through
    /// the host (a duel keeps the hands): a request for each player with more cards in hand
    /// than it must discard; one with as many or fewer discards them all. The operation goes
    /// on with the answer (`at`: the player whose discard is next).
    pub(super) fn discard<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        host: &mut H,
        specs: &[TargetSpec],
        who: &Selector,
        n: &Amount,
    ) -> Result<Flow> {
        if self.at == 0 && self.answer.is_none() {
            self.op_n = self.amount(game, specs, n)?;
        }
        self.select(game, specs, who);
        let mut hand = Vec::new();
        while (self.at as usize) < self.scratch.len() {
            let p = self.scratch[self.at as usize];
            if is_player(game, p) {
                host.hand(game, p, &mut hand);
                let n = self.op_n.min(hand.len() as u64) as usize;
                let mut slots: Vec<u32> = if n == hand.len() {
                    (0..n as u32).collect()
                } else {
                    match self.answer.take() {
                        Some(Choice::Discard(slots)) => slots,
                        _ => {
                            return Ok(Flow::Ask(ChoiceRequest::Discard {
                                player: p,
                                n: n as u32,
                                hand,
                            }))
                        }
                    }
                };
                // Highest slot first: the slots below stay where they were.
                slots.sort_unstable_by(|a, b| b.cmp(a));
                for s in slots {
                    host.discard(game, p, s as usize)?;
                    self.cards_discarded += 1;
                }
            }
            self.at += 1;
        }
        self.at = 0;
        Ok(Flow::Next)
    }

    /// Each selected player in turn reveals its hand (701.20a); the controller chooses a card
    /// of it with none of `not_types` (a search request of them as the host names them, equal
    /// cards once, ascending, that must find one; none asked without one), which that player
    /// discards (701.9b: "You choose a nonland card from it. That player discards that card.").
    /// The operation goes on with the answer (`at`: the player whose hand is next).
    pub(super) fn reveal_hand_choose_discard<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        who: &Selector,
        not_types: &[String],
    ) -> Result<Flow> {
        let players = self.selected_players(game, specs, who);
        let mut cards = Vec::new();
        while let Some(&p) = players.get(self.at as usize) {
            if let Some(answer) = self.answer.take() {
                let mut hand = Vec::new();
                host.hand(game, p, &mut hand);
                let found = match answer {
                    Choice::Search(found) => found,
                    _ => None,
                };
                if let Some(slot) = found.and_then(|c| hand.iter().position(|&h| h == c)) {
                    host.discard(game, p, slot)?;
                    self.cards_discarded += 1;
                }
            } else {
                host.reveal_hand(p);
                host.hand_cards(game, db, p, &mut cards);
                let mut names: Vec<u32> = cards
                    .iter()
                    .filter(|(_, c)| {
                        let types = &db.card(*c).types;
                        !not_types.iter().any(|t| types.contains(t))
                    })
                    .map(|&(name, _)| name)
                    .collect();
                names.sort_unstable();
                names.dedup();
                if !names.is_empty() {
                    return Ok(Flow::Ask(ChoiceRequest::Search {
                        player: self.ctx.controller,
                        cards: names,
                        may_fail: false,
                    }));
                }
            }
            self.at += 1;
        }
        self.at = 0;
        Ok(Flow::Next)
    }

    /// The permanents of `p`'s that `what` selects, ascending: what it may sacrifice (701.21a).
    pub(super) fn sacrifice_candidates(
        &mut self,
        game: &Game,
        specs: &[TargetSpec],
        what: &Selector,
        p: u32,
    ) -> Vec<u32> {
        self.select(game, specs, what);
        let mut candidates: Vec<u32> = self
            .scratch
            .iter()
            .copied()
            .filter(|&e| {
                !is_player(game, e)
                    && game
                        .entity(e)
                        .is_ok_and(|x| !x.gone && x.zone == Zone::Battlefield && x.controller == p)
            })
            .collect();
        candidates.sort_unstable();
        candidates
    }

    /// Each selected player in turn chooses a permanent it controls of each permanent type
    /// (a `KeepOneOfEachType` request of the types it has two or more of; one alone is kept)
    /// and sacrifices the rest (701.21a). The operation goes on with the answer (`at`: the
    /// player whose choice is next).
    pub(super) fn keep_one_of_each_type(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
    ) -> Result<Flow> {
        const PERMANENT_TYPES: [Types; 6] = [
            Types::ARTIFACT,
            Types::BATTLE,
            Types::CREATURE,
            Types::ENCHANTMENT,
            Types::LAND,
            Types::PLANESWALKER,
        ];
        let players = self.selected_players(game, specs, who);
        while let Some(&p) = players.get(self.at as usize) {
            let mut permanents = game.objects_in(Zone::Battlefield, Some(p))?;
            permanents.sort_unstable();
            let mut kept = Vec::new();
            let mut groups = Vec::new();
            for t in PERMANENT_TYPES {
                let group: Vec<u32> = permanents
                    .iter()
                    .copied()
                    .filter(|&e| game.types_of(e).is_ok_and(|x| x.contains(t)))
                    .collect();
                match group.len() {
                    0 => {}
                    1 => kept.push(group[0]),
                    _ => groups.push(group),
                }
            }
            if !groups.is_empty() {
                match self.answer.take() {
                    Some(Choice::Keep(ids)) => kept.extend(ids),
                    _ => {
                        return Ok(Flow::Ask(ChoiceRequest::KeepOneOfEachType {
                            player: p,
                            groups,
                        }))
                    }
                }
            }
            for id in permanents.into_iter().filter(|e| !kept.contains(e)) {
                game.move_to(id, Zone::Graveyard)?;
                self.permanents_sacrificed += 1;
            }
            self.at += 1;
        }
        self.at = 0;
        Ok(Flow::Next)
    }

    /// Each selected player in turn sacrifices that many of its permanents that `what`
    /// selects, of its choice (701.21a: to its owner's graveyard): a request for each player
    /// with more of them than it must sacrifice; one with as many or fewer sacrifices them all.
    /// The operation goes on with the answer (`at`: the player whose sacrifice is next).
    pub(super) fn sacrifice(
        &mut self,
        game: &mut Game,
        specs: &[TargetSpec],
        who: &Selector,
        what: &Selector,
        n: &Amount,
    ) -> Result<Flow> {
        if self.at == 0 && self.answer.is_none() {
            self.op_n = self.amount(game, specs, n)?;
        }
        self.select(game, specs, who);
        let players = self.scratch.clone();
        while (self.at as usize) < players.len() {
            let p = players[self.at as usize];
            if is_player(game, p) {
                let candidates = self.sacrifice_candidates(game, specs, what, p);
                let n = self.op_n.min(candidates.len() as u64) as usize;
                let chosen = if n == candidates.len() {
                    candidates
                } else {
                    match self.answer.take() {
                        Some(Choice::Sacrifice(ids)) => ids,
                        _ => {
                            return Ok(Flow::Ask(ChoiceRequest::Sacrifice {
                                player: p,
                                n: n as u32,
                                candidates,
                            }))
                        }
                    }
                };
                for id in chosen {
                    game.move_to(id, Zone::Graveyard)?;
                    self.permanents_sacrificed += 1;
                }
            }
            self.at += 1;
        }
        self.at = 0;
        Ok(Flow::Next)
    }

    /// Creates that many tokens of a card for each selected player (111.1), tapped if `tapped`
    /// (110.5b), refused before any is made beyond the kernel's entity limit.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn create_token(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        specs: &[TargetSpec],
        card: &str,
        n: &Amount,
        who: &Selector,
        tapped: bool,
    ) -> Result<Flow> {
        let n = self.amount(game, specs, n)?;
        let token = db.lookup(card)?;
        self.select(game, specs, who);
        let players = self.scratch.iter().filter(|&&p| is_player(game, p)).count();
        room_for_tokens(game, card, self.most_tokens_created(game, db, n), players)?;
        for i in 0..self.scratch.len() {
            let p = self.scratch[i];
            if is_player(game, p) {
                // 614.1a: "it creates twice that many of those tokens instead".
                for _ in 0..db.tokens_created(game, p, n) {
                    let id = db.create_object(game, token, true, p, Zone::Battlefield)?;
                    if tapped {
                        game.tap(id)?;
                    }
                }
            }
        }
        Ok(Flow::Next)
    }

    /// "You get an emblem with …" (114.1, 114.2): an object of the emblem's card in the
    /// command zone, owned and controlled by the controller, whose static abilities apply
    /// from the moment it is there (114.4; [`crate::place::emblem_statics`]).
    pub(super) fn create_emblem(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        card: &str,
    ) -> Result<Flow> {
        let emblem = db.lookup(card)?;
        let p = self.ctx.controller;
        db.create_object(game, emblem, false, p, Zone::Command)?;
        crate::place::emblem_statics(db, game, emblem, p)?;
        Ok(Flow::Next)
    }

    /// Counters each selected spell (701.6): it goes from the stack to its owner's graveyard.
    pub(super) fn counter_spell(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        specs: &[TargetSpec],
        what: &Selector,
    ) -> Result<Flow> {
        self.select(game, specs, what);
        for i in 0..self.scratch.len() {
            let id = self.scratch[i];
            if counterable(game, db, id) {
                game.move_to(id, Zone::Graveyard)?;
            }
        }
        Ok(Flow::Next)
    }

    /// "You may pay {R}. If you do, …" (608.2c): the controller is asked
    /// ([`ChoiceRequest::Pay`]; the host pays the mana); the flag is the answer.
    pub(super) fn may_pay_mana(&mut self, mana: &ManaCost) -> Result<Flow> {
        match self.answer.take() {
            Some(Choice::May(paid)) => {
                self.flag = paid;
                Ok(Flow::Next)
            }
            _ => Ok(Flow::Ask(ChoiceRequest::Pay {
                player: self.ctx.controller,
                mana: ManaSymbols::of(mana).map_err(crate::error::Error::Invalid)?,
                life: 0,
            })),
        }
    }

    /// "Counter that spell unless its controller pays …" (701.6a, 118.12): each selected spell
    /// still on the stack: its controller is asked whether it pays ([`ChoiceRequest::Pay`];
    /// the host pays the mana, this pays the life, 119.4); not paid, it goes from the stack to
    /// its owner's graveyard.
    pub(super) fn counter_unless_pays(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        specs: &[TargetSpec],
        what: &Selector,
        mana: Option<&ManaCost>,
        life: u64,
    ) -> Result<Flow> {
        let mana = match mana {
            Some(m) => ManaSymbols::of(m).map_err(crate::error::Error::Invalid)?,
            None => ManaSymbols::default(),
        };
        self.select(game, specs, what);
        while (self.at as usize) < self.scratch.len() {
            let id = self.scratch[self.at as usize];
            // A spell that can't be countered: not paying would change nothing, so nothing is
            // asked (101.2).
            let controller = match game.entity(id) {
                Ok(e) if counterable(game, db, id) => e.controller,
                _ => {
                    self.at += 1;
                    continue;
                }
            };
            let paid = match self.answer.take() {
                Some(Choice::May(yes)) => yes,
                _ => {
                    return Ok(Flow::Ask(ChoiceRequest::Pay {
                        player: controller,
                        mana,
                        life,
                    }))
                }
            };
            if paid {
                if life > 0 {
                    game.lose_life(controller, life)?; // 119.4: paying life is losing it
                }
            } else {
                game.move_to(id, Zone::Graveyard)?;
            }
            self.at += 1;
        }
        self.at = 0;
        Ok(Flow::Next)
    }

    /// "Copy it for each …" (707.10): `n` copies of the spell `of` selects first, as it last
    /// existed if it left the stack (its card and spell ability), put on the stack by the host
    /// under this ability's controller, who chooses their targets anew (707.10c). A permanent
    /// spell has no spell ability here: it isn't copied.
    pub(super) fn copy_spell<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        of: &Selector,
        n: &Amount,
    ) -> Result<Flow> {
        let n = self.amount(game, specs, n)?;
        self.select(game, specs, of);
        let Some(&spell) = self.scratch.first() else {
            return Ok(Flow::Next);
        };
        let Some(card) = db.card_of(game, spell) else {
            return Ok(Flow::Next);
        };
        let Some(ability) = db.facts(card).spell else {
            return Ok(Flow::Next);
        };
        for _ in 0..n.min(u64::from(u16::MAX)) {
            host.copy_spell(card, ability, spell, self.ctx.controller);
        }
        Ok(Flow::Next)
    }

    /// "… may pay `mana`. If the player does, they may copy this spell" (707.10): the player
    /// `of` selects first (a player, or an object's controller: last known information) is
    /// asked whether it pays (118.12: the host pays the mana); paid, the host puts a copy of
    /// this resolution's spell on the stack under that player's control, which chooses its
    /// target as it is put there (707.10c).
    pub(super) fn pay_to_copy<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        host: &mut H,
        specs: &[TargetSpec],
        of: &Selector,
        mana: &ManaCost,
    ) -> Result<Flow> {
        let mana = ManaSymbols::of(mana).map_err(crate::error::Error::Invalid)?;
        self.select(game, specs, of);
        let Some(payer) = self.scratch.first().and_then(|&id| {
            let e = game.entity(id).ok()?;
            Some(if e.is_player { id } else { e.controller })
        }) else {
            return Ok(Flow::Next);
        };
        match self.answer.take() {
            Some(Choice::May(true)) => {
                let source = self.ctx.source.unwrap_or(cardstate_core::NO_ID);
                host.copy_spell(self.ctx.card, self.ctx.ability, source, payer);
                Ok(Flow::Next)
            }
            Some(_) => Ok(Flow::Next),
            None => Ok(Flow::Ask(ChoiceRequest::Pay {
                player: payer,
                mana,
                life: 0,
            })),
        }
    }

    /// "Create a token that's a copy of …" (707.2, 111.1): each object `of` selects (last
    /// known information: a gone record keeps its printed card) is copied by each selected
    /// player as a token of its card on the battlefield; its counters, damage and the effects
    /// on it aren't copiable values.
    pub(super) fn create_token_copy<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        (of, who): (&Selector, &Selector),
        except: super::super::TokenCopyExceptions,
    ) -> Result<Flow> {
        let cards = self.selected_cards(game, db, specs, of);
        self.select(game, specs, who);
        let players = self.scratch.iter().filter(|&&p| is_player(game, p)).count();
        if let Some(&card) = cards.first() {
            let most = self.most_tokens_created(game, db, cards.len() as u64);
            room_for_tokens(game, &db.card(card).name, most, players)?;
        }
        for &card in &cards {
            for i in 0..self.scratch.len() {
                let p = self.scratch[i];
                if !is_player(game, p) {
                    continue;
                }
                // 614.1a: "it creates twice that many of those tokens instead".
                for _ in 0..db.tokens_created(game, p, 1) {
                    let token = db.create_object(game, card, true, p, Zone::Battlefield)?;
                    if except.haste {
                        grant(game, &[token], "haste")?;
                    }
                    if let Some(ability) = except.sacrificed_at_end_step {
                        // 603.7a, 603.7d: the delayed ability is this effect's controller's.
                        let source = self.ctx.source.unwrap_or(cardstate_core::NO_ID);
                        host.delay(self.ctx.card, ability, source, self.ctx.controller, token);
                    }
                }
            }
        }
        Ok(Flow::Next)
    }

    /// The cards of the objects `of` selects (as they last existed, if they left), in order.
    fn selected_cards(
        &mut self,
        game: &Game,
        db: &CardDb,
        specs: &[TargetSpec],
        of: &Selector,
    ) -> SmallVec<[crate::model::CardId; 2]> {
        self.select(game, specs, of);
        self.scratch
            .iter()
            .filter_map(|&id| db.card_of(game, id))
            .collect()
    }

    /// "Create a token that's a copy of it, except it's a Nightmare in addition to its other
    /// types. Then exile all other Nightmare tokens you control." (707.2, 707.9a): for each
    /// object `of` selects (as it last existed, if it left), the controller creates a token of
    /// its card (twice as many where 614.1a doubles them), each also of `subtype` (layer 4,
    /// 613.1d: an effect locked in to it, 611.2c); then each other token the controller
    /// controls with that subtype is exiled (701.13), in id order.
    pub(super) fn create_token_copy_exiling_others(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        specs: &[TargetSpec],
        of: &Selector,
        subtype: &str,
    ) -> Result<Flow> {
        let cards = self.selected_cards(game, db, specs, of);
        let me = self.ctx.controller;
        let mut made: SmallVec<[u32; 2]> = SmallVec::new();
        if let Some(&card) = cards.first() {
            let most = db.tokens_created(game, me, cards.len() as u64);
            room_for_tokens(game, &db.card(card).name, most, 1)?;
        }
        for &card in &cards {
            for _ in 0..db.tokens_created(game, me, 1) {
                let token = db.create_object(game, card, true, me, Zone::Battlefield)?;
                game.add_continuous_effect_with_subtype(
                    "add_subtype",
                    cardstate_core::AffectedSpec::Ids(&[token]),
                    None,
                    None,
                    (None, None, None, None),
                    Some(subtype),
                    false,
                )?;
                made.push(token);
            }
        }
        let Some(s) = game.subtype_id(subtype) else {
            return Ok(Flow::Next);
        };
        let mut others: SmallVec<[u32; 4]> = game
            .zone_objects(Zone::Battlefield, me)
            .iter()
            .copied()
            .filter(|&id| {
                !made.contains(&id)
                    && game
                        .entity(id)
                        .is_ok_and(|e| e.token && game.has_subtype_at(id, e, s))
            })
            .collect();
        others.sort_unstable();
        for id in others {
            game.move_to(id, Zone::Exile)?;
        }
        Ok(Flow::Next)
    }

    /// The most tokens any player selected (`scratch`) gets where an effect would create `n`
    /// for each (614.1a: doubled for some): the bound the entity limit is checked against.
    fn most_tokens_created(&self, game: &Game, db: &CardDb, n: u64) -> u64 {
        self.scratch
            .iter()
            .filter(|&&p| is_player(game, p))
            .map(|&p| db.tokens_created(game, p, n))
            .max()
            .unwrap_or(n)
    }
}

/// Whether `id` is a spell an effect can counter (701.6a): an object on the stack whose card
/// hasn't "This spell can't be countered." (101.2).
fn counterable(game: &Game, db: &CardDb, id: u32) -> bool {
    game.entity(id)
        .is_ok_and(|e| !e.gone && e.zone == Zone::Stack)
        && db
            .card_of(game, id)
            .is_none_or(|c| !db.facts(c).cant_be_countered)
}
