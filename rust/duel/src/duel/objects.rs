//! Cards becoming kernel objects in public zones, following the kernel's zone changes, and
//! scenario set-up (`add_card`).

use super::*;

impl Duel {
    /// A card of p's hand becomes a kernel object in a public zone (it is seen: it leaves the
    /// cards p's opponent can't tell apart).
    pub(super) fn reveal(&mut self, p: usize, c: CardId, zone: Zone) -> u32 {
        let side = &mut self.sides[p];
        side.unseen[c as usize] = side.unseen[c as usize].saturating_sub(1);
        self.create(p, c, zone)
    }

    /// Creates the kernel object of card c for p in a public zone.
    pub(crate) fn create(&mut self, p: usize, c: CardId, zone: Zone) -> u32 {
        if self.templates.is_empty() {
            self.templates = vec![u32::MAX; self.cards.len()];
        }
        let like = self.templates[c as usize];
        let id = if like == u32::MAX {
            let checked = self.checked.get(c as usize).and_then(Option::as_ref);
            let id = checked
                .and_then(|card| self.game.create_checked(p as u32, zone, card).ok())
                .map_or_else(
                    || self.game.create(p as u32, zone, &self.cards.get(c).spec),
                    Ok,
                )
                .expect("the card table's specs are valid");
            self.templates[c as usize] = id;
            id
        } else {
            self.game
                .create_like(p as u32, zone, like)
                .expect("the template is an object")
        };
        self.game.clear_events();
        self.note_legendary(id);
        self.note_new(id, c, zone, p);
        id
    }

    pub(crate) fn note_new(&mut self, id: u32, c: CardId, zone: Zone, p: usize) {
        let i = id as usize;
        if self.objs.len() <= i {
            self.objs.resize(
                i + 1,
                Obj {
                    card: NO_CARD,
                    flags: 0,
                },
            );
        }
        self.objs[i] = Obj { card: c, flags: 0 };
        match zone {
            Zone::Battlefield => {
                self.objs[i].flags = flag::SICK;
                self.sides[p].battlefield.push(id);
                self.battlefield_changes[p] = self.battlefield_changes[p].wrapping_add(1);
                let card = self.cards.get(c);
                if !card.activated.is_empty() {
                    self.activatable[p] += 1;
                    self.activation_changes[p] = self.activation_changes[p].wrapping_add(1);
                }
                // Only a mana source changes the count of p's mana (`mana_sources`).
                if card.mana.is_some() {
                    self.mana[p].valid = false;
                }
            }
            Zone::Graveyard => self.sides[p].graveyard.push(id),
            _ => {}
        }
    }

    /// Follows the kernel's zone changes since the last call (SBAs, resolution), then clears
    /// the kernel's log.
    pub(crate) fn absorb_events(&mut self) {
        let n = self.game.events().len();
        let triggers = self.cards.db.is_some();
        for i in 0..n {
            let e = self.game.events()[i];
            if triggers {
                if let Some(g) = GameEvent::from_kernel(&e) {
                    self.events.push(g);
                }
            }
            if e.kind() == EventKind::CeasedToExist {
                // 704.5d: a token outside the battlefield is no longer in any zone.
                let Some(gone) = e.target() else { continue };
                for side in &mut self.sides {
                    if let Some(k) = side.graveyard.iter().position(|&x| x == gone) {
                        side.graveyard.remove(k);
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
            let card = self.obj(old).card;
            // Only an object leaving the battlefield is in a battlefield's list, only one leaving
            // a graveyard in a graveyard's (a spell leaving the stack is in neither).
            let from = e.zone_from();
            let battlefield = from.is_none_or(|z| z == Zone::Battlefield);
            let graveyard = from.is_none_or(|z| z == Zone::Graveyard);
            debug_assert!(
                battlefield || self.sides.iter().all(|s| !s.battlefield.contains(&old)),
                "an object in a battlefield's list is on the battlefield"
            );
            debug_assert!(
                graveyard || self.sides.iter().all(|s| !s.graveyard.contains(&old)),
                "an object in a graveyard's list is in a graveyard"
            );
            for p in 0..2 {
                let side = &mut self.sides[p];
                let on_battlefield = if battlefield {
                    side.battlefield.iter().position(|&x| x == old)
                } else {
                    None
                };
                if let Some(k) = on_battlefield {
                    side.battlefield.remove(k);
                    self.battlefield_changes[p] = self.battlefield_changes[p].wrapping_add(1);
                    if self.activatable[p] > 0 {
                        self.activation_changes[p] = self.activation_changes[p].wrapping_add(1);
                    }
                    let c = self.cards.get(card);
                    if !c.activated.is_empty() {
                        self.activatable[p] -= 1;
                    }
                    if c.mana.is_some() {
                        self.mana[p].valid = false;
                    }
                }
                if !graveyard {
                    continue;
                }
                if let Some(k) = side.graveyard.iter().position(|&x| x == old) {
                    side.graveyard.remove(k);
                }
            }
            let owner = self.game.entity(new).map_or(0, |e| e.owner) as usize;
            match to {
                Zone::Hand => {
                    self.note_new(new, card, to, owner);
                    insert_sorted(self.hand_mut(owner), card);
                    self.sides[owner].note_unseen(card);
                }
                Zone::Library => {
                    self.note_new(new, card, to, owner);
                    self.sides[owner].library.push(card);
                    self.sides[owner].note_unseen(card);
                }
                _ => self.note_new(new, card, to, owner),
            }
        }
        self.game.clear_events();
    }

    /// The cards p has in hand, library, battlefield, graveyard and exile (what `add_card`
    /// counts against `MAX_PLAYER_CARDS`).
    fn player_cards(&self, p: usize) -> usize {
        let s = &self.sides[p];
        let exiled = self
            .game
            .objects_in(Zone::Exile, Some(p as u32))
            .map_or(0, |v| v.len());
        s.library.len() + s.hand.len() + s.battlefield.len() + s.graveyard.len() + exiled
    }

    /// Puts card c into p's zone for scenario set-up; returns the kernel id for a public zone
    /// (a card in a hidden zone has no kernel object, docs/DUEL.md).
    pub fn add_card(&mut self, p: usize, c: CardId, zone: Zone) -> Result<Option<u32>, DuelError> {
        if p > 1 {
            return err(format!("player must be 0 or 1, got {p}"));
        }
        if c as usize >= self.cards.len() {
            return err(format!("unknown card id {c}"));
        }
        if self.pending == Pending::Over {
            return err("the game is over");
        }
        if self.player_cards(p) >= MAX_PLAYER_CARDS {
            return err(format!(
                "player {p} has {MAX_PLAYER_CARDS} cards in hand, library, battlefield, \
                 graveyard and exile: no more can be added"
            ));
        }
        self.memo_fresh = false;
        self.changes += 1;
        let out = match zone {
            Zone::Hand => {
                insert_sorted(self.hand_mut(p), c);
                self.sides[p].note_unseen(c);
                None
            }
            Zone::Library => {
                self.sides[p].library.push(c);
                self.sides[p].note_unseen(c);
                None
            }
            Zone::Battlefield | Zone::Graveyard | Zone::Exile => {
                let id = self.create(p, c, zone);
                // Set-up: as if it had been there since the turn began (no summoning sickness).
                self.objs[id as usize].flags = 0;
                if zone == Zone::Battlefield {
                    self.entered(c, id, 0);
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
        self.sba_due = true;
        self.cleanup_due = true;
        self.log.push(Op::AddCard {
            player: p as u8,
            card: c,
            zone,
        });
        // The new card may give the player a choice it didn't have (or take one away).
        if self.pending == Pending::Priority {
            self.passes = 0;
            self.run();
        }
        Ok(out)
    }

    /// Whether a card in p's battlefield slot is untapped etc. (tests, strings).
    pub fn battlefield(&self, p: usize) -> &[u32] {
        &self.sides[p].battlefield
    }
}
