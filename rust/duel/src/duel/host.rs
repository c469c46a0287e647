//! The duel as the effects runtime's host: draws, discards, tapping and impulse draw on the
//! duel's own lists (the hidden zones the kernel doesn't keep).

use cardstate_core::{Game, Zone};
use cardstate_effects::model::PlayUntil;
use cardstate_effects::runtime::Host;
use cardstate_effects::CardDb;

use crate::cards::CardId;
use crate::duel::{insert_sorted, MayPlay, MayPlayList, Side};
use cardstate_effects::triggers::Fired;

/// The madness trigger of card `c` discarded into exile as object `id` by `player` (702.35a:
/// "when you do, cast it for its madness cost or put it into your graveyard"): its ability
/// `ability` (the card's madness).
pub(crate) fn madness_trigger(id: u32, player: u32, c: CardId, ability: u16) -> Fired {
    Fired {
        source: id,
        controller: player,
        card: cardstate_effects::CardId(c),
        ability,
        triggering: id,
    }
}

/// Draws, discards and tapping for the runtime, on the duel's own lists.
pub(crate) struct DuelHost<'a> {
    pub(crate) sides: &'a mut [Side; 2],
    /// `Cache::hand_changes`, counted for each card drawn or discarded.
    pub(crate) hand_changes: &'a mut [u32; 2],
    pub(crate) db: &'static CardDb,
    /// The player of each card drawn, in order (the duel notes them: `Duel::note_drew`).
    pub(crate) drew: &'a mut smallvec::SmallVec<[u8; 4]>,
    /// The cards in exile their players may play (impulse draw), and the turn and its active
    /// player, which say until when.
    pub(crate) may_play: &'a mut MayPlayList,
    /// The triggered abilities waiting to be put on the stack: a madness trigger joins them
    /// (702.35a).
    pub(crate) trigger_queue: &'a mut Vec<Fired>,
    pub(crate) turn: u32,
    pub(crate) active: u8,
}

impl Host for DuelHost<'_> {
    fn draw(&mut self, _game: &mut Game, player: u32, n: u64) -> cardstate_effects::Result<u64> {
        let side = &mut self.sides[player as usize & 1];
        for k in 0..n {
            match side.draw_top() {
                Some(c) => {
                    insert_sorted(&mut side.hand, c);
                    let changes = &mut self.hand_changes[player as usize & 1];
                    *changes = changes.wrapping_add(1);
                    self.drew.push(player as u8 & 1);
                }
                None => {
                    side.drew_from_empty = true;
                    return Ok(n - k);
                }
            }
        }
        Ok(0)
    }

    fn set_tapped(
        &mut self,
        game: &mut Game,
        id: u32,
        tapped: bool,
    ) -> cardstate_effects::Result<()> {
        // The kernel keeps the tapped status.
        if tapped {
            game.tap(id)?;
        } else {
            game.untap(id)?;
        }
        Ok(())
    }

    fn hand(&self, _game: &Game, player: u32, out: &mut Vec<u32>) {
        out.clear();
        out.extend(
            self.sides[player as usize & 1]
                .hand
                .iter()
                .map(|&c| u32::from(c)),
        );
    }

    /// The card leaves the hand for its owner's graveyard, where it is a kernel object (the
    /// opponent has seen it: it leaves the cards it can't tell apart).
    fn discard(
        &mut self,
        game: &mut Game,
        player: u32,
        slot: usize,
    ) -> cardstate_effects::Result<()> {
        let p = player as usize & 1;
        let side = &mut self.sides[p];
        if slot >= side.hand.len() {
            return Err(cardstate_effects::Error::Invalid(format!(
                "player {player} has no hand slot {slot}"
            )));
        }
        let c = side.hand.remove(slot);
        side.unseen[c as usize] = side.unseen[c as usize].saturating_sub(1);
        self.hand_changes[p] = self.hand_changes[p].wrapping_add(1);
        // 702.35a: a card with madness is discarded into exile, and its trigger waits.
        let madness = self.db.facts(cardstate_effects::CardId(c)).madness;
        let zone = if madness.is_some() {
            Zone::Exile
        } else {
            Zone::Graveyard
        };
        let id = self
            .db
            .create_object(game, cardstate_effects::CardId(c), false, player, zone)?;
        if let Some(ability) = madness {
            self.trigger_queue
                .push(madness_trigger(id, player, c, ability));
        }
        Ok(())
    }

    /// Each card leaves the top of the library for exile, a kernel object there that the
    /// opponent has seen, and its player may play it until the end of this turn or of its
    /// next turn (the turn after this one when it is an opponent's, else the one after that).
    fn exile_top(
        &mut self,
        game: &mut Game,
        player: u32,
        n: u64,
        until: PlayUntil,
    ) -> cardstate_effects::Result<()> {
        let p = player as usize & 1;
        let until = match until {
            PlayUntil::EndOfTurn => self.turn,
            PlayUntil::EndOfNextTurn if self.active as usize == p => self.turn + 2,
            PlayUntil::EndOfNextTurn => self.turn + 1,
        };
        for _ in 0..n {
            let side = &mut self.sides[p];
            let Some(c) = side.draw_top() else {
                break;
            };
            side.unseen[c as usize] = side.unseen[c as usize].saturating_sub(1);
            let object = self.db.create_object(
                game,
                cardstate_effects::CardId(c),
                false,
                player,
                Zone::Exile,
            )?;
            self.may_play.0.push(MayPlay {
                object,
                player: p as u8,
                until,
            });
        }
        Ok(())
    }
}
