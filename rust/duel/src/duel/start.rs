//! Game start (103): the shuffled libraries, the starting player, the opening hands.

use super::*;

/// The room a new duel's kernel entities and log start with: most games make fewer kernel
/// objects and take fewer decisions.
const STARTING_CAPACITY: usize = 256;
/// The room a new duel's other vectors start with (the stack, combat, events and triggers, the
/// payment's and combat damage's buffers): enough for most games, which grew each from nothing
/// several times a game.
const ROOM: usize = 8;

impl Duel {
    /// A new duel (103) of two decks of `pool`'s cards: each library shuffled by the seed, the
    /// starting player chosen by the seed (103.1), seven cards each (103.5). No mulligans.
    pub fn new(
        pool: Pool,
        deck0: &[CardId],
        deck1: &[CardId],
        seed: u64,
        turn_limit: u32,
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
                auto_pass: true,
                assign_damage: true,
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
            },
            record: Record {
                seed,
                decks: Arc::new([deck0.to_vec(), deck1.to_vec()]),
                log: Vec::with_capacity(STARTING_CAPACITY),
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
        d.state.active = (d.state.rng.next_u64() & 1) as u8;
        d.state.priority = d.state.active;
        for p in 0..2 {
            for _ in 0..OPENING_HAND {
                d.draw(p);
            }
        }
        d.run();
        Ok(d)
    }
}
