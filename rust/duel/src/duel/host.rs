//! The duel as the effects runtime's host: drawing, discarding, milling, searching and impulse
//! draw on the duel's own lists of hands and libraries (the kernel keeps no hidden zone),
//! tapping on the kernel.

use cardstate_core::Game;
use cardstate_core::Zone;
use cardstate_effects::model::PlayUntil;
use cardstate_effects::runtime::Host;
use cardstate_effects::CardDb;

use crate::cards::CardId;
use crate::duel::{
    insert_sorted, Attachments, ControlUntilCleanup, DelayedList, ExiledUntilList, ExtraTurns,
    FlashbackGranted, FreeCasts, GainedAbilities, ManaPool, MayPlay, MayPlayList, Side,
};
use crate::rng::SplitMix;
use cardstate_effects::triggers::Fired;

/// The madness trigger of card `c` discarded into exile as object `id` by `player` (702.35a:
/// "when you do, cast it for its madness cost or put it into your graveyard"): its ability
/// `ability` (the card's madness).
pub(super) fn madness_trigger(id: u32, player: u32, c: CardId, ability: u16) -> Fired {
    Fired {
        source: id,
        controller: player,
        card: cardstate_effects::CardId(c),
        ability,
        triggering: id,
        amount: 0,
    }
}

/// Draws, discards, mills, searches, impulse draw and tapping for the runtime, on the duel's
/// own lists.
pub(super) struct DuelHost<'a> {
    pub(super) sides: &'a mut [Side; 2],
    /// `Cache::hand_changes`, counted for each card drawn or discarded.
    pub(super) hand_changes: &'a mut [u32; 2],
    pub(super) db: &'static CardDb,
    /// The player of each card drawn, in order (the duel notes them: `Duel::note_drew`).
    pub(super) drew: &'a mut smallvec::SmallVec<[u8; 4]>,
    /// The duel's random numbers: a library is shuffled with them (701.24a).
    pub(super) rng: &'a mut SplitMix,
    /// The cards in exile their players may play (impulse draw), and the turn and its active
    /// player, which say until when.
    pub(super) may_play: &'a mut MayPlayList,
    /// The triggered abilities waiting to be put on the stack: a madness trigger joins them
    /// (702.35a).
    pub(super) trigger_queue: &'a mut Vec<Fired>,
    /// The delayed triggered abilities waiting for the next end step (603.7a).
    pub(super) delayed: &'a mut DelayedList,
    /// The players' mana pools (106.4): an effect's mana goes there.
    pub(super) mana_pool: &'a mut ManaPool,
    /// The Auras and Equipment attached to permanents (701.3a).
    pub(super) attachments: &'a mut Attachments,
    /// The extra turns to take (500.7).
    pub(super) extra_turns: &'a mut ExtraTurns,
    /// The cards exiled until a permanent leaves the battlefield (610.3).
    pub(super) exiled_until: &'a mut ExiledUntilList,
    /// The permanents with "When this creature dies, …" until end of turn.
    pub(super) dies_triggers: &'a mut DelayedList,
    /// The permanents controlled until end of turn by another player (613.1b, 514.2).
    pub(super) control_until_cleanup: &'a mut ControlUntilCleanup,
    /// The graveyard cards that gained flashback until end of turn (702.34a).
    pub(super) flashback_granted: &'a mut FlashbackGranted,
    /// The permanents that gained a triggered ability for as long as they stay (613.1f).
    pub(super) gained_abilities: &'a mut GainedAbilities,
    /// The exiled cards a resolving ability's controller may cast free (Etali, Primal Storm).
    pub(super) free_casts: &'a mut FreeCasts,
    /// The objects moved into a library whose cards this host has put in the library's list
    /// (401.4: on its top or bottom): their zone changes add nothing more there
    /// (`Duel::absorb_events_joined`).
    pub(super) joined: &'a mut smallvec::SmallVec<[u32; 2]>,
    /// The permanents an effect untapped (701.26b), in order: the duel notes each as an event
    /// where an ability waits for it ("whenever equipped creature becomes untapped").
    pub(super) untapped: &'a mut smallvec::SmallVec<[u32; 2]>,
    /// The resolution said "End the turn." (723.1): the duel ends it as the resolution ends.
    pub(super) ends_turn: &'a mut bool,
    pub(super) turn: u32,
    pub(super) active: u8,
    /// The permanents whose colours an Aura sets, and those colours (613.1e): protection
    /// reads them (`Host::colours`).
    pub(super) rewritten_colours: smallvec::SmallVec<[(u32, u8); 2]>,
}

impl DuelHost<'_> {
    /// The cards at those positions from the top go to `zone`, public there (they leave the
    /// unseen cards), top first.
    fn library_to(
        &mut self,
        game: &mut Game,
        player: u32,
        positions: &[u32],
        zone: Zone,
    ) -> cardstate_effects::Result<()> {
        // Ascending positions from the top are descending indices, read from the library as
        // it was: each removal leaves the indices still to come in place.
        let len = self.sides[player as usize & 1].library.len();
        for &k in positions {
            let side = &mut self.sides[player as usize & 1];
            let Some(i) = len.checked_sub(1 + k as usize) else {
                continue;
            };
            let c = side.library.remove(i);
            side.bottom = side.bottom.min(i as u8);
            self.make_public(game, player, c, zone)?;
        }
        Ok(())
    }

    /// Player `player`'s card `c`, out of its hidden zones, made a kernel object in `zone`: the
    /// opponent has seen it (it leaves the cards it can't tell apart).
    fn make_public(
        &mut self,
        game: &mut Game,
        player: u32,
        c: CardId,
        zone: Zone,
    ) -> cardstate_effects::Result<u32> {
        let side = &mut self.sides[player as usize & 1];
        side.unseen[c as usize] = side.unseen[c as usize].saturating_sub(1);
        self.db
            .create_object(game, cardstate_effects::CardId(c), false, player, zone)
    }

    /// An ability of `card` waits with the triggered abilities to be put on the stack, its
    /// controller choosing its targets then (a spell's copy, 707.10; a reflexive ability,
    /// 603.12), about its source.
    fn wait_with_triggers(
        &mut self,
        card: cardstate_effects::CardId,
        ability: u16,
        source: u32,
        controller: u32,
    ) {
        self.trigger_queue.push(Fired {
            source,
            controller,
            card,
            ability,
            triggering: source,
            amount: 0,
        });
    }
}

impl Host for DuelHost<'_> {
    fn colours(&self, game: &Game, db: &CardDb, id: u32) -> u8 {
        match self.rewritten_colours.iter().find(|&&(x, _)| x == id) {
            Some(&(_, c)) => c,
            None => db.card_of(game, id).map_or(0, |c| db.facts(c).colours),
        }
    }

    fn add_mana(&mut self, player: u32, mana: [u64; 5]) {
        self.mana_pool.add(player as usize, mana);
    }

    /// The copy waits with the triggered abilities to be put on the stack (707.10), where its
    /// controller chooses its targets (707.10c); simplification: it is an item of the kind of
    /// a triggered ability whose effect is the spell's (docs/DUEL.md, "Copies of spells").
    fn copy_spell(
        &mut self,
        card: cardstate_effects::CardId,
        ability: u16,
        source: u32,
        controller: u32,
    ) {
        self.wait_with_triggers(card, ability, source, controller);
    }

    fn attach(&mut self, _game: &Game, object: u32, to: u32) {
        self.attachments.attach(object, to);
    }

    fn attached_to(&self, object: u32) -> Option<u32> {
        self.attachments.attached_to(object)
    }

    /// The topmost copy of the card goes to the top of the library (the end of its list).
    fn library_to_top(&mut self, _game: &mut Game, player: u32, card: u32) {
        let side = &mut self.sides[player as usize & 1];
        if let Some(i) = side.library.iter().rposition(|&c| u32::from(c) == card) {
            let c = side.library.remove(i);
            side.library.push(c);
            side.bottom = side.bottom.min(i as u8);
        }
    }

    /// The card goes on the top of its owner's library list (its end) or on the bottom, where
    /// its owner knows it (`Side::bottom`); hidden there from the opponent as any card put into
    /// a library (`Side::unseen`). A token never joins the list (704.5d).
    fn put_in_library(&mut self, game: &mut Game, object: u32, top: bool) {
        let Ok(e) = game.entity(object) else {
            return;
        };
        let (owner, token) = (e.owner as usize & 1, e.token);
        let Some(card) = self.db.card_of(game, object) else {
            return;
        };
        self.joined.push(object);
        if token {
            return;
        }
        let side = &mut self.sides[owner];
        if top {
            side.library.push(card.0);
        } else {
            side.library.insert(0, card.0);
            side.bottom = side.bottom.saturating_add(1);
        }
        side.note_unseen(card.0);
    }

    /// 500.7: the extra turn is taken after this one (the most recently created first).
    fn extra_turn(&mut self, player: u32) {
        self.extra_turns.0.push(player as u8 & 1);
    }

    fn end_the_turn(&mut self) {
        *self.ends_turn = true;
    }

    fn gains_dies_trigger(&mut self, card: cardstate_effects::CardId, ability: u16, object: u32) {
        self.dies_triggers.0.push(Fired {
            source: object,
            controller: 0,
            card,
            ability,
            triggering: object,
            amount: 0,
        });
    }

    /// 613.1f, 611.2c: kept for the object (once), until it leaves the battlefield.
    fn gains_ability(&mut self, card: cardstate_effects::CardId, ability: u16, object: u32) {
        let entry = (object, card, ability);
        if !self.gained_abilities.0.contains(&entry) {
            self.gained_abilities.0.push(entry);
        }
    }

    fn exile_until_leaves(&mut self, source: u32, object: u32) {
        self.exiled_until.0.push((source, object));
    }

    /// The permission lasts this turn, for that object (400.7: not the one it becomes).
    fn may_cast_from_graveyard(&mut self, object: u32, player: u32, flashback: bool) {
        self.may_play.0.push(MayPlay {
            object,
            player: player as u8 & 1,
            until: self.turn,
        });
        if flashback {
            self.flashback_granted.0.push(object);
        }
    }

    /// 613.1b: the control changes now; the duel gives it back at cleanup (514.2) and notes
    /// the change (`Duel::note_control_changed`) after the run.
    fn gain_control_until_end_of_turn(
        &mut self,
        game: &mut Game,
        object: u32,
        player: u32,
    ) -> cardstate_effects::Result<()> {
        let was = game.entity(object)?.controller;
        if was != player {
            game.set_controller(object, player)?;
            self.control_until_cleanup.0.push((object, was));
        }
        Ok(())
    }

    /// 603.12: it waits with the triggered abilities to be put on the stack, where its
    /// controller chooses its targets.
    fn reflexive(
        &mut self,
        card: cardstate_effects::CardId,
        ability: u16,
        source: u32,
        controller: u32,
    ) {
        self.wait_with_triggers(card, ability, source, controller);
    }

    fn delay(
        &mut self,
        card: cardstate_effects::CardId,
        ability: u16,
        source: u32,
        controller: u32,
        object: u32,
    ) {
        self.delayed.0.push(cardstate_effects::Fired {
            source,
            controller,
            card,
            ability,
            triggering: object,
            amount: 0,
        });
    }

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
            let was = game.entity(id).is_ok_and(|e| e.tapped);
            game.untap(id)?;
            if was && game.entity(id).is_ok_and(|e| !e.tapped) {
                self.untapped.push(id);
            }
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

    /// The duel's hand cards, each named by its card id.
    fn hand_cards(
        &self,
        _game: &Game,
        _db: &CardDb,
        player: u32,
        out: &mut Vec<(u32, cardstate_effects::CardId)>,
    ) {
        out.clear();
        out.extend(
            self.sides[player as usize & 1]
                .hand
                .iter()
                .map(|&c| (u32::from(c), cardstate_effects::CardId(c))),
        );
    }

    /// The opponent knows the cards of the hand now, while they stay there (`resample`
    /// keeps them).
    fn reveal_hand(&mut self, player: u32) {
        let side = &mut self.sides[player as usize & 1];
        side.revealed.clone_from(&side.hand);
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
        side.seen_leaving_hand(c);
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
            // Cast now, by the ability's controller (`exile_top_cast_free`): no permission.
            PlayUntil::CastFree => return self.exile_top_cast_free(game, player, n, player),
        };
        for _ in 0..n {
            let Some(c) = self.sides[p].draw_top() else {
                break;
            };
            let object = self.make_public(game, player, c, Zone::Exile)?;
            self.may_play.0.push(MayPlay {
                object,
                player: p as u8,
                until,
            });
        }
        Ok(())
    }

    /// Each card leaves the top of the library for exile, a kernel object there that the
    /// opponent has seen; `caster` may cast it without paying its mana cost once the ability
    /// has resolved (the duel offers them in the order exiled: `Duel::next_free_cast`).
    fn exile_top_cast_free(
        &mut self,
        game: &mut Game,
        player: u32,
        n: u64,
        caster: u32,
    ) -> cardstate_effects::Result<()> {
        let p = player as usize & 1;
        for _ in 0..n {
            let Some(c) = self.sides[p].draw_top() else {
                break;
            };
            let object = self.make_public(game, player, c, Zone::Exile)?;
            self.free_casts.objects.push(object);
            self.free_casts.player = caster as u8;
        }
        Ok(())
    }

    /// The library's cards, top first, by card id (the card ids are the database's).
    fn library(
        &self,
        _game: &Game,
        _db: &CardDb,
        player: u32,
        out: &mut Vec<(u32, cardstate_effects::CardId)>,
    ) {
        out.clear();
        let library = &self.sides[player as usize & 1].library;
        out.extend(
            library
                .iter()
                .rev()
                .map(|&c| (u32::from(c), cardstate_effects::CardId(c))),
        );
    }

    /// The topmost copy of the card leaves the library (the library is shuffled next). Onto
    /// the battlefield it is public: a kernel object, and the opponent has seen it (it leaves
    /// the cards it can't tell apart); into the hand it stays hidden (the opponent's count of
    /// unseen cards, hand and library together, stays).
    fn take_from_library(
        &mut self,
        game: &mut Game,
        _db: &CardDb,
        player: u32,
        card: u32,
        to: Zone,
    ) -> cardstate_effects::Result<Option<u32>> {
        let p = player as usize & 1;
        let side = &mut self.sides[p];
        // A library dealt anew by a resample since the search began may not hold it: the
        // search finds nothing.
        let Some(i) = side.library.iter().rposition(|&c| u32::from(c) == card) else {
            return Ok(None);
        };
        let c = side.library.remove(i);
        side.bottom = side.bottom.min(i as u8);
        if to == Zone::Hand {
            insert_sorted(&mut side.hand, c);
            self.hand_changes[p] = self.hand_changes[p].wrapping_add(1);
            return Ok(None);
        }
        Ok(Some(self.make_public(game, player, c, to)?))
    }

    /// The graveyard's objects named by card id, ascending object ids (equal cards alike).
    fn graveyard(
        &self,
        game: &Game,
        db: &CardDb,
        player: u32,
        out: &mut Vec<(u32, cardstate_effects::CardId)>,
    ) {
        cardstate_effects::runtime::zone_cards(game, db, player, Zone::Graveyard, out);
        for (name, c) in out.iter_mut() {
            *name = u32::from(c.0);
        }
    }

    /// The graveyard's lowest object of card `name`.
    fn graveyard_object(&self, game: &Game, db: &CardDb, player: u32, name: u32) -> Option<u32> {
        let ids = game.zone_objects(Zone::Graveyard, player).iter().copied();
        ids.filter(|&id| db.card_of(game, id).is_some_and(|c| u32::from(c.0) == name))
            .min()
    }

    /// With the duel's random numbers, as a shuffle (701.24a).
    fn random_order(&mut self, positions: &mut [u32]) {
        self.rng.shuffle(positions);
    }

    /// 701.24a: the whole library in a random order, which no player knows (`resample` deals
    /// it again: the cards put on the bottom are no longer known there).
    fn shuffle_library(&mut self, _game: &mut Game, player: u32) {
        let side = &mut self.sides[player as usize & 1];
        self.rng.shuffle(&mut side.library.0);
        side.bottom = 0;
    }

    /// The top cards go to the graveyard, public there (they leave the unseen cards).
    fn mill(
        &mut self,
        game: &mut Game,
        _db: &CardDb,
        player: u32,
        n: u64,
    ) -> cardstate_effects::Result<()> {
        for _ in 0..n {
            let Some(c) = self.sides[player as usize & 1].draw_top() else {
                break;
            };
            self.make_public(game, player, c, Zone::Graveyard)?;
        }
        Ok(())
    }

    /// The cards at those positions from the top go to the graveyard, public there (they
    /// leave the unseen cards), top first.
    fn library_to_graveyard(
        &mut self,
        game: &mut Game,
        _db: &CardDb,
        player: u32,
        positions: &[u32],
    ) -> cardstate_effects::Result<()> {
        self.library_to(game, player, positions, Zone::Graveyard)
    }

    /// The cards at those positions from the top go to exile, public there (they leave the
    /// unseen cards), top first, with no permission to play them.
    fn library_to_exile(
        &mut self,
        game: &mut Game,
        _db: &CardDb,
        player: u32,
        positions: &[u32],
    ) -> cardstate_effects::Result<()> {
        self.library_to(game, player, positions, Zone::Exile)
    }

    /// The cards at those positions from the top go to the bottom in that order, each
    /// beneath the ones before it; the player knows them there (`Side::bottom`).
    fn library_to_bottom(
        &mut self,
        _game: &mut Game,
        _db: &CardDb,
        player: u32,
        positions: &[u32],
    ) -> cardstate_effects::Result<()> {
        let side = &mut self.sides[player as usize & 1];
        let len = side.library.len();
        let mut cards: smallvec::SmallVec<[CardId; 16]> = smallvec::SmallVec::new();
        let mut indices: smallvec::SmallVec<[usize; 16]> = smallvec::SmallVec::new();
        for &k in positions {
            if let Some(i) = len.checked_sub(1 + k as usize) {
                cards.push(side.library[i]);
                indices.push(i);
            }
        }
        indices.sort_unstable_by(|a, b| b.cmp(a));
        for &i in &indices {
            side.library.remove(i);
            side.bottom = side.bottom.min(i as u8);
        }
        for &c in &cards {
            side.library.insert(0, c);
        }
        side.bottom = side.bottom.saturating_add(cards.len() as u8);
        Ok(())
    }
}
