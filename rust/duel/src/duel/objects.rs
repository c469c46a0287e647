//! Cards becoming kernel objects in public zones, what the duel learns from the kernel's zone
//! changes (summoning sickness, cards returned to a hidden zone, the events triggers wait for),
//! which card an object is, and scenario set-up (`add_card`).

use super::*;
use cardstate_core::EventKind;

impl Duel {
    /// A card of p's hand becomes a kernel object in a public zone (it is seen: it leaves the
    /// cards p's opponent can't tell apart).
    pub(super) fn reveal(&mut self, p: usize, c: CardId, zone: Zone) -> u32 {
        self.state.sides[p].seen_leaving_hand(c);
        self.create(p, c, zone)
    }

    /// Creates the kernel object of card c for p in a public zone: the first of a card in a
    /// game from the card checked once for its pool (`CardDb::checked`), later ones sharing
    /// its printed card (`Game::create_like`).
    pub(crate) fn create(&mut self, p: usize, c: CardId, zone: Zone) -> u32 {
        if self.cache.templates.is_empty() {
            self.cache.templates = vec![u32::MAX; self.state.pool.len()];
        }
        let like = self.cache.templates[c as usize];
        let game = &mut self.state.game;
        let id = if like == u32::MAX {
            let db = self.state.pool.db();
            let card = cardstate_effects::CardId(c);
            let id = db
                .checked(card)
                .and_then(|checked| game.create_checked(p as u32, zone, checked).ok())
                .map_or_else(|| game.create(p as u32, zone, db.spec(card)), Ok)
                .expect("the pool's cards are valid");
            self.cache.templates[c as usize] = id;
            id
        } else {
            game.create_like(p as u32, zone, like)
                .expect("the template is an object")
        };
        game.clear_events();
        self.note_legendary(id);
        self.note_new(id, c, zone);
        id
    }

    /// A new object of card c in `zone`: its printed card is c's (`Cache::card_of_printed`);
    /// on the battlefield it has summoning sickness (302.6).
    pub(crate) fn note_new(&mut self, id: u32, c: CardId, zone: Zone) {
        self.note_printed(id, c);
        if zone == Zone::Battlefield {
            self.note_entered(id);
        }
    }

    /// Object `id` is card c, and so is its printed card (`Cache::card_of_id`,
    /// `Cache::card_of_printed`).
    pub(crate) fn note_printed(&mut self, id: u32, c: CardId) {
        if let Ok(e) = self.state.game.entity(id) {
            set_at(&mut self.cache.card_of_printed, e.printed as usize, c);
            set_at(&mut self.cache.card_of_id, id as usize, c);
        }
    }

    /// A permanent of card c entered (or left) its controller's battlefield: the counts of
    /// changes the cache's memos hold by (`Cache::source_changes`, `activation_changes`).
    fn battlefield_changed(&mut self, id: u32, c: CardId, entering: bool) {
        let Ok(e) = self.state.game.entity(id) else {
            return;
        };
        let p = e.controller as usize & 1;
        let f = (c != NO_CARD).then(|| self.state.pool.facts(c));
        if f.is_none_or(|f| f.produces != 0) {
            self.cache.source_changes[p] = self.cache.source_changes[p].wrapping_add(1);
        }
        if !entering || f.is_none_or(|f| !f.activated.is_empty()) {
            let n = &mut self.cache.activation_changes[p];
            *n = n.wrapping_add(1);
        }
    }

    /// A permanent entered the battlefield: summoning sickness until its controller's next
    /// turn begins (302.6). Ids only grow: a new one goes last.
    fn note_entered(&mut self, id: u32) {
        let c = self.card_of(id);
        self.battlefield_changed(id, c, true);
        self.note_entered_sick(id);
    }

    /// 302.6: permanent `id` is new under its controller's control (until that player's next
    /// turn begins). Ids only grow: a new one goes last.
    fn note_entered_sick(&mut self, id: u32) {
        let sick = &mut self.state.sick;
        let at = sick.partition_point(|&x| x < id);
        if sick.get(at) != Some(&id) {
            sick.insert(at, id);
        }
    }

    /// Permanent `id` changed control (613.1b) from player `was`: both players' sources and
    /// activations change, and it has summoning sickness under its new controller (302.6).
    pub(crate) fn note_control_changed(&mut self, id: u32, was: u32) {
        let now = self.state.game.entity(id).map_or(was, |e| e.controller);
        for p in [was as usize & 1, now as usize & 1] {
            self.cache.source_changes[p] = self.cache.source_changes[p].wrapping_add(1);
            self.cache.activation_changes[p] = self.cache.activation_changes[p].wrapping_add(1);
        }
        self.cache.memo_fresh = false;
        self.cache.changes += 1;
        self.note_entered_sick(id);
    }

    /// 514.2: the "until end of turn" control-changing effects end (613.1b): each permanent
    /// still on the battlefield returns to the player who controlled it before, the latest
    /// change undone first.
    pub(crate) fn end_control_until_cleanup(&mut self) {
        let changes = std::mem::take(&mut self.state.control_until_cleanup.0);
        for &(id, was) in changes.iter().rev() {
            let Ok(e) = self.state.game.entity(id) else {
                continue;
            };
            let now = e.controller;
            if e.is_permanent() && now != was && self.state.game.set_controller(id, was).is_ok() {
                self.note_control_changed(id, now);
            }
        }
        self.cache.sba_due = true;
    }

    /// The card object `id` is (`NO_CARD` for a player or a card not in the pool): its printed
    /// card's, known since the duel made it, else found by name.
    #[inline]
    pub fn card_of(&self, id: u32) -> CardId {
        match self.cache.card_of_id.get(id as usize) {
            Some(&c) if c != NO_CARD => c,
            _ => self.card_of_printed(id),
        }
    }

    /// `card_of` from the object's printed card.
    #[inline(never)]
    fn card_of_printed(&self, id: u32) -> CardId {
        let Ok(e) = self.state.game.entity(id) else {
            return NO_CARD;
        };
        if e.is_player {
            return NO_CARD;
        }
        match self.cache.card_of_printed.get(e.printed as usize) {
            Some(&c) if c != NO_CARD => c,
            _ => self
                .state
                .pool
                .by_name(&self.state.game.printed(e).name)
                .unwrap_or(NO_CARD),
        }
    }

    /// Whether permanent `id` has summoning sickness (302.6).
    #[inline]
    pub fn is_sick(&self, id: u32) -> bool {
        self.state.sick.binary_search(&id).is_ok()
    }

    /// The turn's history (603.4) a kernel event adds to: a creature died (700.4: put into a
    /// graveyard from the battlefield; its last known information says it was a creature), a
    /// player lost life (119.3).
    fn note_history(&mut self, e: &cardstate_core::Event) {
        match e.kind() {
            EventKind::ZoneChange
                if e.zone_from() == Some(Zone::Battlefield)
                    && e.zone_to() == Some(Zone::Graveyard) =>
            {
                let creature = e
                    .target()
                    .and_then(|old| self.state.game.entity(old).ok())
                    .is_some_and(|x| x.is_creature());
                if creature {
                    self.state.history.0.creature_died();
                }
            }
            EventKind::LifeLost => {
                if let Some(p) = e.target() {
                    self.state.history.0.lost_life(p);
                }
            }
            EventKind::LifeGained => {
                if let Some(p) = e.target() {
                    self.state.history.0.gained_life(p, e.amount().unwrap_or(0));
                }
            }
            _ => {}
        }
    }

    /// Follows the kernel's events since the last call (SBAs, resolution): the events triggers
    /// wait for, summoning sickness of what entered, and cards that went to a hidden zone
    /// (a hand or a library is the duel's list of cards: the card joins it). Then clears the
    /// kernel's log.
    pub(crate) fn absorb_events(&mut self) {
        self.absorb_events_joined(&[]);
    }

    /// As `absorb_events`, but the objects of `joined` moved into a library whose cards the
    /// host has already put in the library's list (401.4: `DuelHost::put_in_library`).
    pub(crate) fn absorb_events_joined(&mut self, joined: &[u32]) {
        let n = self.state.game.events().len();
        for i in 0..n {
            let e = self.state.game.events()[i];
            match GameEvent::from_kernel(&e) {
                // Kept only if a permanent waits for it (the events are part of the state:
                // a life gain nothing waits for leaves the state, and its hash, as before).
                Some(g @ GameEvent::LifeGained { player, .. }) => {
                    self.note_if_listened(g);
                    if self.state.pool.db().counts_life_gains() {
                        self.note_life_gain(player);
                    }
                }
                Some(g @ (GameEvent::LeftBattlefield { .. } | GameEvent::LifeLost { .. })) => {
                    self.note_if_listened(g)
                }
                Some(g) => self.state.events.push(g),
                None => {}
            }
            if e.kind() == EventKind::Damage
                && e.combat() == Some(false)
                && self.state.pool.db().listens_noncombat_damage()
            {
                self.note_noncombat_damage(&e);
            }
            if e.kind() == EventKind::CountersAdded
                && e.counter() == Some(cardstate_core::kinds::PLUS_ONE)
                && self.state.pool.db().listens_plus_one_counters()
            {
                // "Whenever one or more +1/+1 counters are put on …" (122.1).
                if let Some(target) = e.target() {
                    self.note_if_listened(GameEvent::PlusOneCountersPut { target });
                }
            }
            if self.state.pool.db().reads_history() {
                self.note_history(&e);
            }
            if e.kind() == EventKind::Created {
                // 603.6a: an object made on the battlefield (a token) enters it.
                if let Some(id) = e.target() {
                    if self
                        .state
                        .game
                        .entity(id)
                        .is_ok_and(|x| x.zone == Zone::Battlefield)
                    {
                        self.note_entered(id);
                    }
                }
                continue;
            }
            if e.kind() != EventKind::ZoneChange {
                continue;
            }
            let (Some(old), Some(new), Some(to)) = (e.target(), e.new_id(), e.zone_to()) else {
                continue;
            };
            // The new object is the same card.
            let card = self.card_of(old);
            if card != NO_CARD {
                set_at(&mut self.cache.card_of_id, new as usize, card);
            }
            if e.zone_from() == Some(Zone::Battlefield) {
                if let Ok(k) = self.state.sick.binary_search(&old) {
                    self.state.sick.remove(k);
                }
                self.battlefield_changed(old, card, false);
            }
            match to {
                Zone::Battlefield => self.note_entered(new),
                Zone::Hand | Zone::Library => {
                    let Ok(moved) = self.state.game.entity(new) else {
                        continue;
                    };
                    // 704.5d: a token put into a hand or library ceases to exist there (the
                    // next check), so it never joins the duel's hidden lists.
                    if card == NO_CARD || moved.token || joined.contains(&new) {
                        continue;
                    }
                    let owner = moved.owner as usize & 1;
                    if to == Zone::Hand {
                        insert_sorted(self.hand_mut(owner), card);
                    } else {
                        self.state.sides[owner].library.push(card);
                    }
                    self.state.sides[owner].note_unseen(card);
                }
                _ => {}
            }
        }
        self.state.game.clear_events();
    }

    /// The cards p has in hand, library, battlefield, graveyard and exile (what `add_card`
    /// counts against `MAX_PLAYER_CARDS`).
    fn player_cards(&self, p: usize) -> usize {
        let s = &self.state.sides[p];
        let public = [Zone::Battlefield, Zone::Graveyard, Zone::Exile]
            .map(|z| self.state.game.zone_objects(z, p as u32).len());
        s.library.len() + s.hand.len() + public.iter().sum::<usize>()
    }

    /// Puts card c into p's zone for scenario set-up; returns the kernel id for a public zone
    /// (a card in a hidden zone has no kernel object, docs/DUEL.md).
    pub fn add_card(&mut self, p: usize, c: CardId, zone: Zone) -> Result<Option<u32>, DuelError> {
        if p > 1 {
            return err(format!("player must be 0 or 1, got {p}"));
        }
        if c as usize >= self.state.pool.len() {
            return err(format!("unknown card id {c}"));
        }
        if self.state.pending == Pending::Over {
            return err("the game is over");
        }
        if self.player_cards(p) >= MAX_PLAYER_CARDS {
            return err(format!(
                "player {p} has {MAX_PLAYER_CARDS} cards in hand, library, battlefield, \
                 graveyard and exile: no more can be added"
            ));
        }
        self.cache.memo_fresh = false;
        self.cache.changes += 1;
        let out = match zone {
            Zone::Hand => {
                insert_sorted(self.hand_mut(p), c);
                self.state.sides[p].note_unseen(c);
                None
            }
            Zone::Library => {
                self.state.sides[p].library.push(c);
                self.state.sides[p].note_unseen(c);
                None
            }
            Zone::Battlefield | Zone::Graveyard | Zone::Exile => {
                let id = self.create(p, c, zone);
                // Set-up: as if it had been there since the turn began (no summoning sickness).
                if let Ok(k) = self.state.sick.binary_search(&id) {
                    self.state.sick.remove(k);
                }
                if zone == Zone::Battlefield {
                    self.entered(c, id, 0);
                    match self.state.pending {
                        // A planeswalker put onto the battlefield mid-declaration can be
                        // attacked; a permanent's static ability may give attackers menace.
                        Pending::Attack(_) => self.find_attackable(),
                        Pending::Block(_) => self.find_menace(),
                        _ => {}
                    }
                }
                Some(id)
            }
            _ => {
                return err(format!(
                    "add_card can't put a card into the {}",
                    zone.as_str()
                ))
            }
        };
        self.cache.sba_due = true;
        self.cache.cleanup_due = true;
        self.record.log.push(Op::AddCard {
            player: p as u8,
            card: c,
            zone,
        });
        // The new card may give the player a choice it didn't have (or take one away).
        if self.state.pending == Pending::Priority {
            self.state.passes = 0;
            self.run();
        }
        Ok(out)
    }

    /// Player p's permanents, in the order they entered (ascending id): the kernel's.
    #[inline]
    pub fn battlefield(&self, p: usize) -> &[u32] {
        self.state.game.zone_objects(Zone::Battlefield, p as u32)
    }

    /// Player p's emblems (114), in the order it got them (ascending id): the kernel's objects
    /// in p's command zone.
    #[inline]
    pub fn emblems(&self, p: usize) -> &[u32] {
        self.state.game.zone_objects(Zone::Command, p as u32)
    }

    /// Player p's graveyard, in the order the cards were put there (ascending id): the
    /// kernel's.
    #[inline]
    pub fn graveyard(&self, p: usize) -> &[u32] {
        self.state.game.zone_objects(Zone::Graveyard, p as u32)
    }

    /// The objects in exile that player p controls (their owners', 400.3), in the order they
    /// were exiled (ascending id): the kernel's.
    #[inline]
    pub fn exile(&self, p: usize) -> &[u32] {
        self.state.game.zone_objects(Zone::Exile, p as u32)
    }

    /// 603.6c, 613.1f: a permanent that gained "When this creature dies, …" until end of turn
    /// and died since triggers it (its controller as it last existed; about the card it became
    /// in the graveyard, 400.7), before the abilities the same events trigger otherwise.
    pub(crate) fn fire_dies_triggers(&mut self) {
        for k in 0..self.state.events.len() {
            let GameEvent::Died { object } = self.state.events[k] else {
                continue;
            };
            let Ok(e) = self.state.game.entity(object) else {
                continue;
            };
            let (controller, new) = (e.controller, e.new_id);
            for i in 0..self.state.dies_triggers.0.len() {
                let f = self.state.dies_triggers.0[i];
                if f.source == object {
                    self.state.trigger_queue.push(Fired {
                        controller,
                        triggering: if new != cardstate_core::NO_ID {
                            new
                        } else {
                            object
                        },
                        ..f
                    });
                }
            }
        }
    }

    /// 610.3a: a card exiled "until this permanent leaves the battlefield" returns to the
    /// battlefield under its owner's control once that permanent has left it (looked at before
    /// the triggered abilities are collected, so those its entering triggers go on the stack
    /// then); a card that left exile since is a new object, and stays where it is (400.7).
    pub(crate) fn return_exiled_until(&mut self) {
        let mut i = 0;
        while i < self.state.exiled_until.0.len() {
            let (source, object) = self.state.exiled_until.0[i];
            if self
                .state
                .game
                .entity(source)
                .is_ok_and(|e| e.is_permanent())
            {
                i += 1;
                continue;
            }
            self.state.exiled_until.0.remove(i);
            let in_exile = self
                .state
                .game
                .entity(object)
                .is_ok_and(|e| !e.gone && e.zone == Zone::Exile);
            let from = self.state.game.num_entities();
            if !in_exile {
                continue;
            }
            let Ok(new) = self.state.game.move_to(object, Zone::Battlefield) else {
                continue;
            };
            self.absorb_events();
            self.note_created(from);
            let c = self.card_of(new);
            if c != NO_CARD {
                self.entered(c, new, 0);
            }
            self.cache.sba_due = true;
        }
    }
}

/// `v[i] = c`, growing `v` with `NO_CARD` as needed.
fn set_at(v: &mut Vec<CardId>, i: usize, c: CardId) {
    if v.len() <= i {
        v.resize(i + 1, NO_CARD);
    }
    v[i] = c;
}
