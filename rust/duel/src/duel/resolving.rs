//! A resolution's choices as decisions (608.2): their legal actions and the answers that take
//! the runtime on — yes or no, an amount, proliferate candidates, the order of replacement
//! effects (616.1), the cards discarded (701.9b), the card a search finds (701.23a), the cards
//! surveilled into the graveyard (701.25a), the piles (700.3).

use cardstate_effects::runtime::{Choice, ChoiceRequest};

use super::effects::Resolving;
use crate::actions;
use crate::duel::Duel;

impl Duel {
    /// The decision for a resolution choice.
    pub(crate) fn legal_resolve_actions(&self, out: &mut Vec<u32>) {
        let Some(r) = &self.state.resolving else {
            return;
        };
        match &r.request {
            ChoiceRequest::May { .. }
            | ChoiceRequest::Proliferate { .. }
            | ChoiceRequest::Pay { .. }
            | ChoiceRequest::TopOrBottom { .. }
            | ChoiceRequest::ChoosePile { .. }
            | ChoiceRequest::Unless { .. } => {
                out.push(crate::actions::YES);
                out.push(crate::actions::NO);
            }
            ChoiceRequest::Amount { .. } => self.legal_numbers(out),
            ChoiceRequest::Callback { .. } => {}
            // 701.21a: a permanent of the candidates not chosen yet, by its permanent slot.
            ChoiceRequest::Sacrifice {
                player, candidates, ..
            } => {
                let mine = self.battlefield(*player as usize & 1);
                for (j, id) in mine
                    .iter()
                    .enumerate()
                    .take(actions::PERMANENT_SLOTS as usize)
                {
                    if candidates.contains(id) && !r.chosen.contains(id) {
                        out.push(actions::MINE + j as u32);
                    }
                }
            }
            // 701.21a: a permanent of the next type's group, by its permanent slot.
            ChoiceRequest::KeepOneOfEachType { player, groups } => {
                let Some(group) = groups.get(r.chosen.len()) else {
                    return;
                };
                let mine = self.battlefield(*player as usize & 1);
                for (j, id) in mine
                    .iter()
                    .enumerate()
                    .take(actions::PERMANENT_SLOTS as usize)
                {
                    if group.contains(id) {
                        out.push(actions::MINE + j as u32);
                    }
                }
            }
            ChoiceRequest::Order { effects, .. } => {
                let left = effects.len() - r.chosen.len();
                out.extend((0..left as u32).map(|k| crate::actions::OPTION + k));
            }
            // 701.23a: one of the candidates (the first 16); 701.23b: nothing, if it may.
            ChoiceRequest::Search {
                cards, may_fail, ..
            } => {
                if *may_fail {
                    out.push(crate::actions::NO);
                }
                let n = cards.len().min(actions::OPTION_SLOTS as usize) as u32;
                out.extend((0..n).map(|k| crate::actions::OPTION + k));
            }
            // 701.25a: NO keeps the rest on top; a card not chosen yet goes to the graveyard.
            // 701.22a: likewise, a card not chosen yet goes on the bottom. 700.3: NO puts the
            // rest into the face-down pile; a card not chosen yet goes into the face-up pile.
            ChoiceRequest::Surveil { cards, .. }
            | ChoiceRequest::Scry { cards, .. }
            | ChoiceRequest::SeparatePiles { cards, .. } => {
                out.push(crate::actions::NO);
                let n = cards.len().min(actions::OPTION_SLOTS as usize) as u32;
                out.extend(
                    (0..n)
                        .filter(|k| !r.chosen.contains(k))
                        .map(|k| crate::actions::OPTION + k),
                );
            }
            // 701.9b: a card of the hand not chosen yet; of equal cards only the first slot.
            // The hand is read from the side (a resample for the opponent deals it again).
            ChoiceRequest::Discard { player, .. } => {
                let hand = &self.state.sides[*player as usize & 1].hand;
                for (i, &c) in hand.iter().enumerate().take(actions::HAND_SLOTS as usize) {
                    let free = |j: usize| !r.chosen.contains(&(j as u32));
                    if free(i) && !(0..i).any(|j| hand[j] == c && free(j)) {
                        out.push(actions::HAND + i as u32);
                    }
                }
            }
        }
    }

    /// A card to discard is chosen (701.9b); with the last one the choice goes to the
    /// runtime, which goes on.
    pub(crate) fn resolve_discard(&mut self, slot: u32) {
        let mut r = self.state.resolving.take().expect("a resolution waiting");
        let ChoiceRequest::Discard { n, .. } = r.request else {
            self.state.resolving = Some(r);
            return;
        };
        r.chosen.push(slot);
        if r.chosen.len() < n as usize {
            self.state.resolving = Some(r);
            return;
        }
        self.resolve_chosen(r, Choice::Discard);
    }

    /// The resolution's choice is answered with what was chosen (hand slots, permanents); the
    /// runtime goes on.
    fn resolve_chosen(&mut self, r: Box<Resolving>, choice: fn(Vec<u32>) -> Choice) {
        let Resolving {
            mut res,
            item,
            chosen,
            ..
        } = *r;
        if res.answer(choice(chosen)).is_ok() {
            self.continue_resolution(res, item);
        } else {
            self.after_resolution(item, Default::default());
        }
    }

    /// A permanent to sacrifice is chosen by its permanent slot (701.21a); with the last one
    /// the choice goes to the runtime, which goes on.
    pub(crate) fn resolve_sacrifice(&mut self, slot: u32) {
        let mut r = self.state.resolving.take().expect("a resolution waiting");
        // 701.21a: a permanent kept of each type, the group's in turn.
        let (player, n, answer): (u32, usize, fn(Vec<u32>) -> Choice) = match &r.request {
            ChoiceRequest::Sacrifice { player, n, .. } => (*player, *n as usize, Choice::Sacrifice),
            ChoiceRequest::KeepOneOfEachType { player, groups } => {
                (*player, groups.len(), Choice::Keep)
            }
            _ => {
                self.state.resolving = Some(r);
                return;
            }
        };
        r.chosen
            .push(self.battlefield(player as usize & 1)[slot as usize]);
        if r.chosen.len() < n {
            self.state.resolving = Some(r);
            return;
        }
        self.resolve_chosen(r, answer);
    }

    /// The effects of a resolution's order choice (616.1) not yet chosen, in the kernel's
    /// order, and the deciding player; None if no such choice is waiting.
    pub(crate) fn resolve_order_choice(
        &self,
        ids: &mut smallvec::SmallVec<[u32; 8]>,
    ) -> Option<u8> {
        ids.clear();
        let r = self.state.resolving.as_ref()?;
        let ChoiceRequest::Order {
            player, effects, ..
        } = &r.request
        else {
            return None;
        };
        ids.extend(effects.iter().copied().filter(|e| !r.chosen.contains(e)));
        Some(*player as u8)
    }

    /// The deciding player applies effect `k` of those still to be ordered next (616.1); with
    /// one left, it comes last and the order goes to the runtime, which goes on.
    pub(crate) fn resolve_order(&mut self, k: usize) {
        if let Some(ChoiceRequest::Search { cards, .. }) =
            self.state.resolving.as_ref().map(|r| &r.request)
        {
            let found = cards.get(k).copied();
            return self.resolve_search(found);
        }
        if let Some(r) = self.state.resolving.as_mut() {
            if let ChoiceRequest::Surveil { cards, .. }
            | ChoiceRequest::Scry { cards, .. }
            | ChoiceRequest::SeparatePiles { cards, .. } = &r.request
            {
                // 701.25a: the card at position k goes to the graveyard; with every card
                // chosen, the runtime goes on.
                r.chosen.push(k as u32);
                if r.chosen.len() == cards.len() {
                    self.resolve_surveil();
                }
                return;
            }
        }
        let mut left = smallvec::SmallVec::new();
        if self.resolve_order_choice(&mut left).is_none() {
            return;
        }
        let mut r = self.state.resolving.take().expect("a resolution waiting");
        r.chosen.push(left[k]);
        if left.len() > 2 {
            self.state.resolving = Some(r);
            return;
        }
        r.chosen.push(left[1 - k]);
        let Resolving {
            mut res,
            item,
            chosen,
            ..
        } = *r;
        if res.answer(Choice::Order(chosen)).is_ok() {
            self.continue_resolution(res, item);
        } else {
            self.after_resolution(item, Default::default());
        }
    }

    /// The searching player finds a card, or nothing (701.23a-b); the runtime goes on.
    fn resolve_search(&mut self, found: Option<u32>) {
        let r = self.state.resolving.take().expect("a resolution waiting");
        let Resolving { mut res, item, .. } = *r;
        if res.answer(Choice::Search(found)).is_ok() {
            self.continue_resolution(res, item);
        } else {
            self.after_resolution(item, Default::default());
        }
    }

    /// The surveilling or scrying player is done choosing: the cards chosen go to the
    /// graveyard (701.25a) or on the bottom in the order chosen (701.22a), the rest stay on
    /// top; the runtime goes on.
    fn resolve_surveil(&mut self) {
        let r = self.state.resolving.take().expect("a resolution waiting");
        let Resolving {
            mut res,
            item,
            chosen,
            request,
            ..
        } = *r;
        let answer = match request {
            ChoiceRequest::Scry { .. } => Choice::Scry(chosen),
            ChoiceRequest::SeparatePiles { .. } => Choice::Piles(chosen),
            _ => Choice::Surveil(chosen),
        };
        if res.answer(answer).is_ok() {
            self.continue_resolution(res, item);
        } else {
            self.after_resolution(item, Default::default());
        }
    }

    pub(crate) fn resolve_decision(&mut self, yes: Option<bool>, amount: Option<u32>) {
        match self.state.resolving.as_ref().map(|r| &r.request) {
            // NO: the search finds nothing (701.23b).
            Some(ChoiceRequest::Search { .. }) => return self.resolve_search(None),
            // NO: the rest stay on top (701.25a).
            // NO: the rest stay on top (701.22a, 701.25a).
            // NO: the rest into the face-down pile (700.3).
            Some(
                ChoiceRequest::Surveil { .. }
                | ChoiceRequest::Scry { .. }
                | ChoiceRequest::SeparatePiles { .. },
            ) => return self.resolve_surveil(),
            _ => {}
        }
        let mut r = self.state.resolving.take().expect("a resolution waiting");
        let answer = match &r.request {
            // 401.4: YES the top of the library, NO the bottom. 700.3: YES the face-up pile.
            // 608.2d: YES sacrifices or discards rather than lose the life.
            ChoiceRequest::May { .. }
            | ChoiceRequest::TopOrBottom { .. }
            | ChoiceRequest::ChoosePile { .. }
            | ChoiceRequest::Unless { .. } => Choice::May(yes.unwrap_or(false)),
            // 118.12: YES pays the mana now, by the automatic payment rule (the runtime pays
            // the life); only a player who can pay is asked.
            &ChoiceRequest::Pay { player, mana, .. } => {
                let paid = yes == Some(true);
                if paid {
                    self.pay(player as usize & 1, &mana, 0, None);
                }
                Choice::May(paid)
            }
            ChoiceRequest::Amount { .. } => Choice::Amount(amount.unwrap_or(0) as u64),
            ChoiceRequest::Proliferate { candidates } => {
                if yes == Some(true) {
                    r.chosen.push(candidates[r.index as usize]);
                }
                r.index += 1;
                if (r.index as usize) < candidates.len() {
                    self.state.resolving = Some(r);
                    return;
                }
                Choice::Proliferate(std::mem::take(&mut r.chosen))
            }
            ChoiceRequest::Callback { .. } => Choice::Done,
            // Answered by `resolve_order` (an option) or `resolve_discard` (hand slots), never
            // by yes, no or an amount.
            ChoiceRequest::Order { .. }
            | ChoiceRequest::Discard { .. }
            | ChoiceRequest::Sacrifice { .. }
            | ChoiceRequest::KeepOneOfEachType { .. }
            | ChoiceRequest::Search { .. }
            | ChoiceRequest::Surveil { .. }
            | ChoiceRequest::Scry { .. }
            | ChoiceRequest::SeparatePiles { .. } => {
                self.state.resolving = Some(r);
                return;
            }
        };
        let Resolving { mut res, item, .. } = *r;
        if res.answer(answer).is_ok() {
            self.continue_resolution(res, item);
        } else {
            self.after_resolution(item, Default::default());
        }
    }

    /// Whether `player` can pay a countered-unless spell's cost: the mana from its untapped
    /// sources (601.2g–h) and the life with at least that much (119.4).
    pub(crate) fn can_pay_request(
        &self,
        player: u32,
        mana: &crate::mana::ManaSymbols,
        life: u64,
    ) -> bool {
        let p = player as usize & 1;
        let total = self.life(p);
        (life == 0 || total >= life as i64)
            && self.available(p).can_pay(mana, 0, total - life as i64)
    }

    /// What a card chosen in a choose_card decision does: found by a search (701.23a, none),
    /// put into the graveyard by a surveil (701.25a), on the bottom by a scry (701.22a) or
    /// into the face-up pile (700.3).
    pub(crate) fn looking_at_top(&self) -> Option<LookedAt> {
        match self.state.resolving.as_ref().map(|r| &r.request) {
            Some(ChoiceRequest::Surveil { .. }) => Some(LookedAt::Graveyard),
            Some(ChoiceRequest::Scry { .. }) => Some(LookedAt::Bottom),
            Some(ChoiceRequest::SeparatePiles { .. }) => Some(LookedAt::FaceUpPile),
            _ => None,
        }
    }

    /// The piles an opponent chooses between (700.3): the face-up pile's cards and the
    /// face-down pile's size, if a player does.
    pub(crate) fn piles(&self) -> Option<(&[u32], u32)> {
        if self.state.pending != crate::duel::Pending::Resolve {
            return None;
        }
        match self.state.resolving.as_ref().map(|r| &r.request) {
            Some(ChoiceRequest::ChoosePile {
                face_up, face_down, ..
            }) => Some((face_up, *face_down)),
            _ => None,
        }
    }

    /// The life a player loses unless it sacrifices a permanent (true) or discards a card
    /// (false), if it decides that (608.2d).
    pub(crate) fn unless(&self) -> Option<(u64, bool)> {
        if self.state.pending != crate::duel::Pending::Resolve {
            return None;
        }
        match self.state.resolving.as_ref().map(|r| &r.request) {
            Some(&ChoiceRequest::Unless {
                life, sacrifice, ..
            }) => Some((life, sacrifice)),
            _ => None,
        }
    }

    /// The object whose owner chooses the top or the bottom of its library (401.4), if one
    /// does.
    pub(crate) fn top_or_bottom_object(&self) -> Option<u32> {
        if self.state.pending != crate::duel::Pending::Resolve {
            return None;
        }
        match self.state.resolving.as_ref().map(|r| &r.request) {
            Some(&ChoiceRequest::TopOrBottom { object, .. }) => Some(object),
            _ => None,
        }
    }

    /// The proliferate candidate being decided, if a proliferate is.
    pub fn proliferate_candidate(&self) -> Option<u32> {
        let r = self.state.resolving.as_ref()?;
        match &r.request {
            ChoiceRequest::Proliferate { candidates } => candidates.get(r.index as usize).copied(),
            _ => None,
        }
    }
}

/// Where a card chosen among those looked at on top of a library goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LookedAt {
    /// A surveil's: the graveyard (701.25a).
    Graveyard,
    /// A scry's: the bottom of the library (701.22a).
    Bottom,
    /// The face-up pile (700.3).
    FaceUpPile,
}
