//! "… loses N life unless they sacrifice … or discard a card" (608.2d): the punished player
//! chooses, one question at a time.

use super::super::{Choice, ChoiceRequest, Host, Resolution};
use super::Flow;
use crate::error::Result;
use crate::model::{Amount, Selector, TargetSpec};
use cardstate_core::{Game, Zone};

/// An `Op::LoseLifeUnless`'s fields.
pub(super) struct Unless<'a> {
    pub who: &'a Selector,
    pub n: &'a Amount,
    pub discard: bool,
    pub sacrifice: Option<&'a Selector>,
}

/// `op_n`: the question last asked of the player whose turn it is (`at`).
const ASKED_SACRIFICE: u64 = 1;
const ASKED_PERMANENT: u64 = 2;
const ASKED_DISCARD: u64 = 3;
const ASKED_CARD: u64 = 4;

impl Resolution {
    /// Each selected player in turn loses `n` life unless it sacrifices one of its permanents
    /// that `sacrifice` selects (701.21a) or, with `discard`, discards a card (701.9a): its
    /// choice (608.2d), asked only of what it can do — an `Unless` request for the sacrifice,
    /// then (declined, or none possible) one for the discard, then which permanent or card (a
    /// `Sacrifice` or `Discard` request, not asked with one to choose from). A player who can
    /// do neither loses the life.
    pub(super) fn lose_life_unless<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        host: &mut H,
        specs: &[TargetSpec],
        u: &Unless,
    ) -> Result<Flow> {
        let life = self.amount(game, specs, u.n)?;
        let players = self.selected_players(game, specs, u.who);
        let mut hand = Vec::new();
        while let Some(&p) = players.get(self.at as usize) {
            let mut ask_discard = false;
            match (self.op_n, self.answer.take()) {
                (ASKED_SACRIFICE, Some(Choice::May(true))) => {
                    let what = u.sacrifice.unwrap_or(&Selector::This);
                    let candidates = self.sacrifice_candidates(game, specs, what, p);
                    if candidates.len() > 1 {
                        self.op_n = ASKED_PERMANENT;
                        return Ok(Flow::Ask(ChoiceRequest::Sacrifice {
                            player: p,
                            n: 1,
                            candidates,
                        }));
                    }
                    self.sacrifice_one(game, candidates.first().copied())?;
                }
                (ASKED_PERMANENT, Some(Choice::Sacrifice(ids))) => {
                    self.sacrifice_one(game, ids.first().copied())?;
                }
                (ASKED_SACRIFICE, _) => ask_discard = true,
                (ASKED_DISCARD, Some(Choice::May(true))) => {
                    host.hand(game, p, &mut hand);
                    if hand.len() > 1 {
                        self.op_n = ASKED_CARD;
                        return Ok(Flow::Ask(ChoiceRequest::Discard {
                            player: p,
                            n: 1,
                            hand,
                        }));
                    }
                    self.discard_one(game, host, p, 0)?;
                }
                (ASKED_CARD, Some(Choice::Discard(slots))) => {
                    self.discard_one(game, host, p, slots.first().copied().unwrap_or(0))?;
                }
                (ASKED_DISCARD, _) => self.lose_life(game, p, life)?,
                _ => {
                    let can = u.sacrifice.is_some_and(|what| {
                        !self.sacrifice_candidates(game, specs, what, p).is_empty()
                    });
                    if can {
                        self.op_n = ASKED_SACRIFICE;
                        return Ok(Flow::Ask(ChoiceRequest::Unless {
                            player: p,
                            life,
                            sacrifice: true,
                        }));
                    }
                    ask_discard = true;
                }
            }
            if ask_discard {
                host.hand(game, p, &mut hand);
                if u.discard && !hand.is_empty() {
                    self.op_n = ASKED_DISCARD;
                    return Ok(Flow::Ask(ChoiceRequest::Unless {
                        player: p,
                        life,
                        sacrifice: false,
                    }));
                }
                self.lose_life(game, p, life)?;
            }
            self.op_n = 0;
            self.at += 1;
        }
        self.at = 0;
        Ok(Flow::Next)
    }

    /// The permanent chosen is sacrificed (701.21a: to its owner's graveyard).
    fn sacrifice_one(&mut self, game: &mut Game, id: Option<u32>) -> Result<()> {
        if let Some(id) = id {
            game.move_to(id, Zone::Graveyard)?;
            self.permanents_sacrificed += 1;
        }
        Ok(())
    }

    /// `p` discards the card of its hand slot `slot`, if it has one (701.9a).
    fn discard_one<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        host: &mut H,
        p: u32,
        slot: u32,
    ) -> Result<()> {
        let mut hand = Vec::new();
        host.hand(game, p, &mut hand);
        if (slot as usize) < hand.len() {
            host.discard(game, p, slot as usize)?;
            self.cards_discarded += 1;
        }
        Ok(())
    }
}
