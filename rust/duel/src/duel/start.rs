//! Game start (103): the shuffled libraries, the starting player, the opening hands and the
//! London mulligan (103.5).

use super::*;

/// The room a new duel's kernel entities and log start with: most games make fewer kernel
/// objects and take fewer decisions.
const STARTING_CAPACITY: usize = 256;
/// The room a new duel's other vectors start with (the stack, combat, events and triggers, the
/// payment's and combat damage's buffers): enough for most games, which grew each from nothing
/// several times a game.
const ROOM: usize = 8;

impl Duel {
    /// A new duel (103) of two decks of `pool`'s cards, played by the rules (`Options::RULES`):
    /// `with_options`.
    pub fn new(
        pool: Pool,
        deck0: &[CardId],
        deck1: &[CardId],
        seed: u64,
        turn_limit: u32,
    ) -> Result<Duel, DuelError> {
        Duel::with_options(pool, deck0, deck1, seed, turn_limit, Options::RULES)
    }

    /// A new duel (103) of two decks of `pool`'s cards: each library shuffled by the seed, the
    /// starting player chosen by the seed (103.1), seven cards each, then the mulligans
    /// (103.5) if `options` has them.
    pub fn with_options(
        pool: Pool,
        deck0: &[CardId],
        deck1: &[CardId],
        seed: u64,
        turn_limit: u32,
        options: Options,
    ) -> Result<Duel, DuelError> {
        for d in [deck0, deck1] {
            if let Some(&c) = d.iter().find(|&&c| c as usize >= pool.len()) {
                return err(format!("unknown card id {c} in a deck"));
            }
        }
        if turn_limit == 0 {
            return err("turn_limit must be at least 1");
        }
        for (name, d) in [("deck0", deck0), ("deck1", deck1)] {
            // 100.2: whatever the format, a deck has a card.
            crate::deck::Format::Free
                .check(pool, d)
                .or_else(|e| err(format!("{name}: {e}")))?;
            if d.len() > MAX_PLAYER_CARDS {
                return err(format!(
                    "a deck has at most {MAX_PLAYER_CARDS} cards, got {}",
                    d.len()
                ));
            }
        }
        // Every game of a pool starts from the same kernel (its tables made once); the duel's
        // own generator is seeded instead.
        let mut game = pool.db().starting_game().clone();
        // The observation's reuse of unchanged permanents reads the entities' versions (kept
        // first, so that the room reserved next holds their versions too).
        game.keep_entity_versions();
        game.reserve_entities(STARTING_CAPACITY);
        let mut d = Duel {
            state: State {
                game,
                pool,
                rng: SplitMix::new(seed),
                turn_limit,
                options,
                opening: Opening::default(),
                auto_pass: true,
                turn: 1,
                active: 0,
                step: Step::Untap,
                priority: 0,
                passes: 0,
                pending: Pending::Begin,
                sides: Default::default(),
                sick: Block::default(),
                stack: Vec::with_capacity(ROOM),
                combat: Combat {
                    candidates: Vec::with_capacity(ROOM),
                    attackers: Vec::with_capacity(ROOM),
                    blocks: Vec::with_capacity(ROOM),
                    attackable: 0,
                    menace: 0,
                    assigned: Vec::new(),
                },
                casting: Casting::default(),
                outcome: None,
                legend_keep: SmallVec::new(),
                resolving: None,
                events: Vec::with_capacity(ROOM),
                trigger_queue: Vec::with_capacity(ROOM),
                history: Default::default(),
                may_play: Default::default(),
                plotted: Default::default(),
                delayed: Default::default(),
                mana_pool: Default::default(),
                attachments: Default::default(),
                extra_turns: Default::default(),
                fired_once: Default::default(),
                exiled_until: Default::default(),
                dies_triggers: Default::default(),
                loyalty_used: Default::default(),
                activated_once: Default::default(),
                control_until_cleanup: Default::default(),
                flashback_granted: Default::default(),
                free_casts: Default::default(),
                graveyard_types_played: Default::default(),
                chosen_colours: Default::default(),
                gained_abilities: Default::default(),
                chosen_types: Default::default(),
                counted_bonuses: Default::default(),
            },
            record: Record {
                seed,
                decks: Arc::new([deck0.to_vec(), deck1.to_vec()]),
                log: Vec::with_capacity(STARTING_CAPACITY),
                priors: Vec::new(),
                decisions: 0,
            },
            cache: Cache::with_room(STARTING_CAPACITY),
            scratch: Scratch::with_room(ROOM),
        };
        // Nothing has happened yet for cleanup to undo, and no object is legendary.
        d.cache.cleanup_due = false;
        d.cache.legendary_made = false;
        for p in 0..2 {
            let deck = d.record.decks[p].clone();
            let side = &mut d.state.sides[p];
            side.unseen = Block(smallvec::smallvec![0; pool.len()]);
            for &c in &deck {
                side.unseen[c as usize] = side.unseen[c as usize].saturating_add(1);
            }
            side.library = Block(deck.iter().copied().collect());
            d.state.rng.shuffle(&mut d.state.sides[p].library);
        }
        let first = (d.state.rng.next_u64() & 1) as u8;
        d.make_active(first);
        d.state.priority = d.state.active;
        for p in 0..2 {
            for _ in 0..OPENING_HAND {
                d.draw(p);
            }
        }
        if options.mulligans {
            d.state.pending = Pending::Mulligan;
        } else {
            d.begin_with_opening_hand_permanents();
        }
        d.run();
        Ok(d)
    }

    /// The starting player, then the other (103.5's turn order).
    fn starting_order(&self) -> [usize; 2] {
        let s = self.state.active as usize;
        [s, 1 - s]
    }

    /// The player who declares now whether it keeps its hand or takes a mulligan (103.5): the
    /// first, from the starting player, who has neither kept nor declared in this round.
    pub(crate) fn mulligan_decider(&self) -> u8 {
        let o = &self.state.opening;
        let q = self.starting_order();
        q.into_iter()
            .find(|&q| !o.kept[q] && !o.declared[q])
            .unwrap_or(q[0]) as u8
    }

    /// The player who puts a card on the bottom of its library now (103.5): the first, from
    /// the starting player, with cards still to put there.
    pub(crate) fn bottom_decider(&self) -> u8 {
        let o = &self.state.opening;
        let q = self.starting_order();
        q.into_iter().find(|&q| o.to_bottom[q] > 0).unwrap_or(q[0]) as u8
    }

    /// The deciding player keeps its hand (its opening hand: no further mulligans) or declares
    /// a mulligan (103.5).
    #[inline(never)]
    pub(super) fn declare_mulligan(&mut self, keep: bool) {
        let q = self.mulligan_decider() as usize;
        let o = &mut self.state.opening;
        if keep {
            o.kept[q] = true;
        } else {
            o.declared[q] = true;
        }
        self.go_on_opening();
    }

    /// The deciding player puts the card of its hand slot `slot` on the bottom of its library,
    /// under the cards it put there already: the order of the choices is the "any order" of
    /// 103.5, the first chosen the highest.
    #[inline(never)]
    pub(super) fn put_on_bottom(&mut self, slot: usize) {
        let q = self.bottom_decider() as usize;
        let c = self.hand_mut(q).remove(slot);
        let side = &mut self.state.sides[q];
        side.library.insert(0, c);
        side.bottom = side.bottom.saturating_add(1);
        self.state.opening.to_bottom[q] -= 1;
        self.go_on_opening();
    }

    /// The mulligan process goes on to its next decision, or the game begins (103.5, 103.8).
    fn go_on_opening(&mut self) {
        loop {
            let order = self.starting_order();
            if order.iter().any(|&q| self.state.opening.to_bottom[q] > 0) {
                self.state.pending = Pending::Bottom;
                return;
            }
            for q in order {
                // A player whose mulligans left it no card may take no further mulligan: its
                // empty hand is its opening hand (103.5).
                let o = &mut self.state.opening;
                if !o.kept[q]
                    && !o.declared[q]
                    && self.state.sides[q].mulligans > 0
                    && self.state.sides[q].hand.is_empty()
                {
                    o.kept[q] = true;
                }
            }
            let o = self.state.opening;
            if order.iter().any(|&q| !o.kept[q] && !o.declared[q]) {
                self.state.pending = Pending::Mulligan;
                return;
            }
            if !order.iter().any(|&q| o.declared[q]) {
                // Every player kept: the first turn begins.
                self.begin_with_opening_hand_permanents();
                self.state.pending = Pending::Begin;
                return;
            }
            // Every player still deciding has declared: those who declared a mulligan take it
            // at the same time (the starting player's shuffle first).
            for q in order {
                if self.state.opening.declared[q] {
                    self.state.opening.declared[q] = false;
                    self.take_mulligan(q);
                }
            }
        }
    }

    /// 103.6a: each player, the starting player first, begins the game with the cards of its
    /// opening hand that say so on the battlefield (Leyline Axe; simplification: it always
    /// does, the rules' "may" is no decision), each entering as a permanent does.
    fn begin_with_opening_hand_permanents(&mut self) {
        for q in self.starting_order() {
            while let Some(slot) = self.state.sides[q]
                .hand
                .iter()
                .position(|&c| self.state.pool.facts(c).begins_on_battlefield)
            {
                let c = self.hand_mut(q).remove(slot);
                let id = self.reveal(q, c, Zone::Battlefield);
                self.state.events.push(GameEvent::Entered { object: id });
                self.entered(c, id, 0);
            }
        }
    }

    /// 103.5: p shuffles its hand into its library, draws seven cards and has one card to put
    /// on the bottom of its library for each mulligan it took (as many as its hand holds).
    fn take_mulligan(&mut self, p: usize) {
        self.cache.changes += 1;
        let side = &mut self.state.sides[p];
        side.mulligans = side.mulligans.saturating_add(1);
        let hand = std::mem::take(self.hand_mut(p));
        let side = &mut self.state.sides[p];
        side.library.extend_from_slice(&hand);
        side.bottom = 0;
        self.state.rng.shuffle(&mut self.state.sides[p].library);
        for _ in 0..OPENING_HAND {
            self.draw(p);
        }
        let side = &self.state.sides[p];
        self.state.opening.to_bottom[p] = side.mulligans.min(side.hand.len() as u8);
    }
}
