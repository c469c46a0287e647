//! The game around the kernel, as the runtime sees it: what it does for a resolution in the
//! zones it keeps (a duel's libraries and hands as lists; a bare kernel's as objects).

use super::top_of_library;
use crate::db::CardDb;
use crate::error::{invalid, Error, Result};
use crate::model::{CardId, PlayUntil};
use cardstate_core::{Game, Zone};
use smallvec::SmallVec;

/// What the game around the kernel does for the runtime: drawing, from the hidden zones that
/// game keeps (a duel keeps libraries as lists; a bare kernel keeps them as objects), and
/// tapping (both hosts change the kernel's tapped status).
pub trait Host {
    /// `player` draws `n` cards; returns how many of them couldn't be drawn (empty library).
    fn draw(&mut self, game: &mut Game, player: u32, n: u64) -> Result<u64>;
    /// Taps (`tapped`) or untaps a permanent.
    fn set_tapped(&mut self, game: &mut Game, id: u32, tapped: bool) -> Result<()>;
    /// The colours of object `id` now (105.2: a bit per colour in WUBRG order), as protection
    /// reads them (702.16): its card's here; a duel's with what its Auras make it (613.1e).
    fn colours(&self, game: &Game, db: &CardDb, id: u32) -> u8 {
        db.card_of(game, id).map_or(0, |c| db.facts(c).colours)
    }
    /// `player` draws one card: the object it is in the hand now, or none from an empty
    /// library. Only a game whose hands are kernel objects can name it (a Berserk card's
    /// "the drawn card costs less"); the others refuse.
    fn draw_card(&mut self, game: &mut Game, player: u32) -> Result<Option<u32>> {
        let _ = (game, player);
        Err(Error::Unsupported(
            "this game keeps its hands hidden: a drawn card can't be named".into(),
        ))
    }
    /// The cards in `player`'s hand, in the host's order (its hand slots), into `out`
    /// (cleared first): a bare kernel's hand objects by id, a duel's cards in its canonical
    /// order.
    fn hand(&self, game: &Game, player: u32, out: &mut Vec<u32>);
    /// `player` discards the card in its hand slot `slot` (701.9a: it goes to its owner's
    /// graveyard).
    fn discard(&mut self, game: &mut Game, player: u32, slot: usize) -> Result<()>;
    /// The cards in `player`'s hand, each as `hand` names it with its card in `db`, into `out`
    /// (cleared first): a bare kernel's objects by id; a duel's cards (objects of no card of
    /// `db` are left out).
    fn hand_cards(&self, game: &Game, db: &CardDb, player: u32, out: &mut Vec<(u32, CardId)>) {
        zone_cards(game, db, player, Zone::Hand, out);
    }
    /// `player` reveals its hand (701.20a): a host that tracks what each player saw of the
    /// hidden zones (a duel) remembers its cards as known to its opponent while they stay
    /// there; a bare kernel's hands are objects anyone may read.
    fn reveal_hand(&mut self, player: u32) {
        let _ = player;
    }
    /// `player` exiles the top `n` cards of its library (fewer if it has fewer) and may play
    /// them until `until` (impulse draw): a host that plays cards keeps the permission.
    fn exile_top(&mut self, game: &mut Game, player: u32, n: u64, until: PlayUntil) -> Result<()>;
    /// `player` exiles the top `n` cards of its library (fewer if it has fewer), and `caster`
    /// may cast the spells among them without paying their mana costs as the ability resolves
    /// (Etali, Primal Storm): a host that casts spells offers them; a bare kernel just exiles
    /// them (its lowest library ids).
    fn exile_top_cast_free(
        &mut self,
        game: &mut Game,
        player: u32,
        n: u64,
        caster: u32,
    ) -> Result<()> {
        let _ = caster;
        move_top(game, player, n, Zone::Exile)
    }
    /// `player` adds `mana` (a count per colour, WUBRG) to its mana pool (106.4): a host with
    /// a mana pool keeps it; a bare kernel has none (it pays no costs), and the mana is gone.
    fn add_mana(&mut self, player: u32, mana: [u64; 5]) {
        let _ = (player, mana);
    }
    /// Puts a copy of the spell of `card` (its spell ability `ability`, on the stack as
    /// `source`) on the stack under `controller`'s control (707.10), its targets chosen anew by
    /// that player (707.10c): a host with a stack does; a bare kernel resolves nothing more,
    /// and makes none.
    fn copy_spell(&mut self, card: CardId, ability: u16, source: u32, controller: u32) {
        let _ = (card, ability, source, controller);
    }
    /// Until end of turn, permanent `object` has "When this creature dies, …", the delayed
    /// ability `ability` of `card` (613.1f, 514.2): a host collecting triggered abilities
    /// fires it as the object dies (its controller then, about the card it became, 400.7); a
    /// bare kernel has none, and drops it.
    fn gains_dies_trigger(&mut self, card: CardId, ability: u16, object: u32) {
        let _ = (card, ability, object);
    }
    /// Permanent `object` gains the triggered ability `ability` of `card` (a `gained` one,
    /// 613.1f) for as long as it stays on the battlefield (611.2c, 400.7): a host collecting
    /// triggered abilities keeps it and fires it for that object; a bare kernel keeps none,
    /// and the ability never triggers there.
    fn gains_ability(&mut self, card: CardId, ability: u16, object: u32) {
        let _ = (card, ability, object);
    }
    /// `object`, exiled "until `source` leaves the battlefield" (610.3): a host returns it to
    /// the battlefield under its owner's control once `source` has left it (610.3a); a bare
    /// kernel keeps no such link, and it stays in exile.
    fn exile_until_leaves(&mut self, source: u32, object: u32) {
        let _ = (source, object);
    }
    /// The reflexive triggered ability `ability` of `card` (603.12), of `source` and
    /// `controller`, triggers: a host with a stack puts it there the next time a player would
    /// receive priority; a bare kernel resolves nothing more, and drops it.
    fn reflexive(&mut self, card: CardId, ability: u16, source: u32, controller: u32) {
        let _ = (card, ability, source, controller);
    }
    /// Keeps the delayed triggered ability `ability` of `card` (603.7a), of `source` and
    /// `controller` (603.7d), about `object`, until the beginning of the next end step, when
    /// it triggers (603.7c): a host with steps keeps it; a bare kernel has none, and drops it.
    fn delay(&mut self, card: CardId, ability: u16, source: u32, controller: u32, object: u32) {
        let _ = (card, ability, source, controller, object);
    }
    /// Attaches permanent `object` (an Aura or Equipment) to permanent `to` (701.3a): a host
    /// that keeps attachments (a duel) keeps the link; a bare kernel has none, and does nothing.
    fn attach(&mut self, game: &Game, object: u32, to: u32) {
        let _ = (game, object, to);
    }
    /// What permanent `object` is attached to (an Aura or Equipment, 301.5c, 303.4): a host
    /// that keeps attachments (a duel) knows; a bare kernel has none.
    fn attached_to(&self, object: u32) -> Option<u32> {
        let _ = object;
        None
    }
    /// `player` may cast graveyard card `object` this turn (with `flashback`, exiled as it
    /// leaves the stack, 702.34a): a host that casts spells (a duel) keeps the permission; a
    /// bare kernel has none, and does nothing.
    fn may_cast_from_graveyard(&mut self, object: u32, player: u32, flashback: bool) {
        let _ = (object, player, flashback);
    }
    /// `player` gains control of permanent `object` until end of turn (613.1b): a host with
    /// turns (a duel) gives it back at cleanup (514.2); a bare kernel has none, and the control
    /// lasts.
    fn gain_control_until_end_of_turn(
        &mut self,
        game: &mut Game,
        object: u32,
        player: u32,
    ) -> Result<()> {
        game.set_controller(object, player)?;
        Ok(())
    }
    /// The card the host names `card` goes to the top of `player`'s library (a search's "put
    /// that card on top"): a host whose libraries are ordered lists moves it; a bare kernel's
    /// library is in id order, which no move keeps, and leaves it where it is.
    fn library_to_top(&mut self, game: &mut Game, player: u32, card: u32) {
        let _ = (game, player, card);
    }
    /// The object `object`, just moved into its owner's library, goes on its top or its
    /// bottom (401.4): a host whose libraries are ordered lists puts its card there at once
    /// (what the effect does next sees it there); a bare kernel's new object has the highest
    /// id, its library's bottom, either way.
    fn put_in_library(&mut self, game: &mut Game, object: u32, top: bool) {
        let _ = (game, object, top);
    }
    /// Puts `positions` in a random order ("… in a random order"): a duel with its random
    /// numbers; a bare kernel has none, and leaves them in their order.
    fn random_order(&mut self, positions: &mut [u32]) {
        let _ = positions;
    }
    /// `player` takes an extra turn after this one (500.7): a host with turns keeps it; a bare
    /// kernel has none, and drops it.
    fn extra_turn(&mut self, player: u32) {
        let _ = player;
    }
    /// "End the turn." (723.1): a host with turns ends this one as the resolution ends; a bare
    /// kernel has none, and does nothing.
    fn end_the_turn(&mut self) {}
    /// The cards of `player`'s library, top first, into `out` (cleared first): each as the
    /// host names it (a bare kernel's object id, a duel's card id) with its card in `db` (an
    /// object of no card of `db` is left out: it can't be found, 701.23a).
    fn library(&self, game: &Game, db: &CardDb, player: u32, out: &mut Vec<(u32, CardId)>);
    /// The cards of `player`'s graveyard, each as the host names it with its card in `db`, into
    /// `out` (cleared first): a bare kernel's objects by id; a duel names them by card id, so
    /// equal cards are one choice (objects of no card of `db` are left out).
    fn graveyard(&self, game: &Game, db: &CardDb, player: u32, out: &mut Vec<(u32, CardId)>) {
        zone_cards(game, db, player, Zone::Graveyard, out);
    }
    /// The object of `player`'s graveyard the host names `name`, if there is one: a bare
    /// kernel's object itself; a duel's lowest object of that card.
    fn graveyard_object(&self, game: &Game, db: &CardDb, player: u32, name: u32) -> Option<u32> {
        let _ = db;
        game.zone_objects(Zone::Graveyard, player)
            .contains(&name)
            .then_some(name)
    }
    /// Takes the card the host names `card` out of `player`'s library into its hand or onto
    /// the battlefield (701.23a); returns its kernel object, if it is one now (a duel's hand
    /// is hidden: a card put there is none).
    fn take_from_library(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        player: u32,
        card: u32,
        to: Zone,
    ) -> Result<Option<u32>>;
    /// `player` shuffles its library (701.24a): a duel with its random numbers; a bare
    /// kernel's library stays in its order (lowest id on top: it has no random numbers).
    fn shuffle_library(&mut self, game: &mut Game, player: u32);
    /// `player` mills `n` cards (701.17a): the top `n` of its library go to its graveyard, as
    /// many as there are (701.17b).
    fn mill(&mut self, game: &mut Game, db: &CardDb, player: u32, n: u64) -> Result<()>;
    /// `player` puts the cards at `positions` of its library (from the top, 0 the top card;
    /// ascending) into its graveyard, in that order (701.25a: the surveilled cards it chose).
    fn library_to_graveyard(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        player: u32,
        positions: &[u32],
    ) -> Result<()>;
    /// `player` exiles the cards at `positions` of its library (from the top, 0 the top card;
    /// ascending), in that order, with no permission to play them (the cards looked at and not
    /// chosen of "exile the top two cards … Choose one of them").
    fn library_to_exile(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        player: u32,
        positions: &[u32],
    ) -> Result<()>;
    /// `player` puts the cards at `positions` of its library (from the top, 0 the top card) on
    /// its bottom in that order, each beneath the ones before it (701.22a: the scried cards it
    /// chose).
    fn library_to_bottom(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        player: u32,
        positions: &[u32],
    ) -> Result<()>;
}

/// The bare kernel as host: a library is the library objects of its owner, the lowest id on
/// top (docs/CARDS.md); tapping is the kernel's tapped status.
#[derive(Clone, Copy, Debug, Default)]
pub struct KernelHost;

impl Host for KernelHost {
    fn draw(&mut self, game: &mut Game, player: u32, n: u64) -> Result<u64> {
        for k in 0..n {
            if self.draw_card(game, player)?.is_none() {
                return Ok(n - k);
            }
        }
        Ok(0)
    }

    fn draw_card(&mut self, game: &mut Game, player: u32) -> Result<Option<u32>> {
        match top_of_library(game, player) {
            Some(card) => Ok(Some(game.move_to(card, Zone::Hand)?)),
            None => Ok(None),
        }
    }

    fn set_tapped(&mut self, game: &mut Game, id: u32, tapped: bool) -> Result<()> {
        if tapped {
            game.tap(id)?;
        } else {
            game.untap(id)?;
        }
        Ok(())
    }

    fn hand(&self, game: &Game, player: u32, out: &mut Vec<u32>) {
        out.clear();
        out.extend_from_slice(game.zone_objects(Zone::Hand, player));
    }

    fn discard(&mut self, game: &mut Game, player: u32, slot: usize) -> Result<()> {
        let Some(&card) = game.zone_objects(Zone::Hand, player).get(slot) else {
            return invalid(format!("player {player} has no hand slot {slot}"));
        };
        game.move_to(card, Zone::Graveyard)?;
        Ok(())
    }

    /// The lowest library ids go to exile; a bare kernel plays no cards, so it keeps no
    /// permission.
    fn exile_top(&mut self, game: &mut Game, player: u32, n: u64, _: PlayUntil) -> Result<()> {
        move_top(game, player, n, Zone::Exile)
    }

    fn library(&self, game: &Game, db: &CardDb, player: u32, out: &mut Vec<(u32, CardId)>) {
        zone_cards(game, db, player, Zone::Library, out);
    }

    fn take_from_library(
        &mut self,
        game: &mut Game,
        _db: &CardDb,
        player: u32,
        card: u32,
        to: Zone,
    ) -> Result<Option<u32>> {
        if !game.zone_objects(Zone::Library, player).contains(&card) {
            return invalid(format!("{card} is not in player {player}'s library"));
        }
        Ok(Some(game.move_to(card, to)?))
    }

    fn shuffle_library(&mut self, _game: &mut Game, _player: u32) {}

    fn mill(&mut self, game: &mut Game, _db: &CardDb, player: u32, n: u64) -> Result<()> {
        move_top(game, player, n, Zone::Graveyard)
    }

    fn library_to_graveyard(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        player: u32,
        positions: &[u32],
    ) -> Result<()> {
        self.move_from_library(game, db, player, positions, Zone::Graveyard)
    }

    fn library_to_exile(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        player: u32,
        positions: &[u32],
    ) -> Result<()> {
        self.move_from_library(game, db, player, positions, Zone::Exile)
    }

    /// A card put back into the library is a new object with the highest id: the bottom.
    fn library_to_bottom(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        player: u32,
        positions: &[u32],
    ) -> Result<()> {
        self.move_from_library(game, db, player, positions, Zone::Library)
    }
}

impl KernelHost {
    /// The library's cards at `positions` (those of `library`: objects of the database's
    /// cards, top first) move to `zone`, in that order.
    fn move_from_library(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        player: u32,
        positions: &[u32],
        zone: Zone,
    ) -> Result<()> {
        let mut library = Vec::new();
        self.library(game, db, player, &mut library);
        for &k in positions {
            if let Some(&(card, _)) = library.get(k as usize) {
                game.move_to(card, zone)?;
            }
        }
        Ok(())
    }
}

/// The top `n` cards of `player`'s library (fewer if it has fewer) move to `zone`.
fn move_top(game: &mut Game, player: u32, n: u64, zone: Zone) -> Result<()> {
    for _ in 0..n {
        let Some(card) = top_of_library(game, player) else {
            break;
        };
        game.move_to(card, zone)?;
    }
    Ok(())
}

/// The objects of `player`'s `zone` with their cards in `db`, ascending ids, into `out`
/// (cleared first; an object of no card of `db` is left out).
pub fn zone_cards(game: &Game, db: &CardDb, player: u32, zone: Zone, out: &mut Vec<(u32, CardId)>) {
    out.clear();
    let mut ids: SmallVec<[u32; 64]> = game.zone_objects(zone, player).iter().copied().collect();
    ids.sort_unstable();
    out.extend(
        ids.iter()
            .filter_map(|&id| db.card_of(game, id).map(|c| (id, c))),
    );
}
