//! Game start (103): the shuffled libraries, the starting player, the opening hands.

use super::*;

/// The room a new duel's kernel entities, list of objects and log start with: most games
/// make fewer kernel objects and take fewer decisions.
const STARTING_CAPACITY: usize = 256;
/// The room a new duel's other vectors start with (the stack, combat, events and triggers, the
/// payment's and combat damage's buffers): enough for most games, which grew each from nothing
/// several times a game.
const ROOM: usize = 8;

impl Duel {
    /// A new duel (103): each library shuffled by the seed, the starting player chosen by the
    /// seed (103.1), seven cards each (103.5). No mulligans.
    pub fn new(
        cards: Arc<CardTable>,
        deck0: &[CardId],
        deck1: &[CardId],
        seed: u64,
        turn_limit: u32,
    ) -> Result<Duel, DuelError> {
        for d in [deck0, deck1] {
            if let Some(&c) = d.iter().find(|&&c| c as usize >= cards.len()) {
                return err(format!("unknown card id {c} in a deck"));
            }
        }
        if turn_limit == 0 {
            return err("turn_limit must be at least 1");
        }
        for d in [deck0, deck1] {
            if d.len() > MAX_PLAYER_CARDS {
                return err(format!(
                    "a deck has at most {MAX_PLAYER_CARDS} cards, got {}",
                    d.len()
                ));
            }
        }
        // Every duel's kernel starts the same (the duel's own generator is seeded instead):
        // cloning one made once skips building the kernel's tables per game.
        static EMPTY: std::sync::OnceLock<(Game, Vec<Option<CheckedCard>>)> =
            std::sync::OnceLock::new();
        let (empty, checked) = EMPTY.get_or_init(|| {
            let mut g = Game::new(2, Ruleset::Mtg, 0).expect("a valid game");
            // The observation's reuse of unchanged permanents reads the entities' versions.
            g.keep_entity_versions();
            let pool = CardTable::pool();
            // The pool's subtype names interned once, into the table every game starts with
            // (the names, not their ids, are the state: bytes, hash and equality read names),
            // so a game's first object of a card doesn't copy the table.
            for c in &pool.cards {
                let _ = g.validate_card(&c.spec);
            }
            // Each pool card checked once against that table, not at its first object in
            // each game (`Duel::create`).
            let checked = pool
                .cards
                .iter()
                .map(|c| g.check_card(&c.spec).ok())
                .collect();
            (g, checked)
        });
        let checked = if Arc::ptr_eq(&cards, &CardTable::pool()) {
            checked.as_slice()
        } else {
            &[]
        };
        let mut d = Duel {
            game: {
                let mut game = empty.clone();
                game.reserve_entities(STARTING_CAPACITY);
                game
            },
            checked,
            decks: Arc::new([deck0.to_vec(), deck1.to_vec()]),
            seed,
            rng: SplitMix::new(seed),
            turn_limit,
            turn: 1,
            active: 0,
            step: Step::Untap,
            priority: 0,
            passes: 0,
            pending: Pending::Begin,
            sides: Default::default(),
            objs: {
                // Room for a game's objects and decisions from the start: grown one by one,
                // the vectors were copied several times a game.
                let mut objs = Vec::with_capacity(STARTING_CAPACITY);
                objs.resize(
                    2,
                    Obj {
                        card: NO_CARD,
                        flags: 0,
                    },
                );
                objs
            },
            stack: Vec::with_capacity(ROOM),
            combat: Combat {
                candidates: Vec::with_capacity(ROOM),
                attackers: Vec::with_capacity(ROOM),
                blocks: Vec::with_capacity(ROOM),
            },
            casting: Casting::default(),
            outcome: None,
            log: Vec::with_capacity(STARTING_CAPACITY),
            decisions: 0,
            auto_pass: true,
            sba_hash: 0,
            sba_due: true,
            legend_keep: SmallVec::new(),
            legendary_made: false,
            hand_changes: [0; 2],
            battlefield_changes: [0; 2],
            activatable: [0; 2],
            activation_changes: [0; 2],
            listening_at: None,
            cleanup_due: false,
            resolving: None,
            events: Vec::with_capacity(ROOM),
            trigger_queue: Vec::with_capacity(ROOM),
            fired: Vec::with_capacity(ROOM),
            permanents: Vec::new(),
            permanents_at: None,
            templates: Vec::new(),
            memo: Default::default(),
            mana: Default::default(),
            memo_fresh: false,
            changes: 0,
            scratch: Scratch::with_room(ROOM),
            cards,
        };
        // The duel never reads the kernel's event log except right after its own calls.
        for p in 0..2 {
            let deck = d.decks[p].clone();
            let side = &mut d.sides[p];
            side.unseen = smallvec::smallvec![0; d.cards.len()];
            for &c in &deck {
                side.unseen[c as usize] = side.unseen[c as usize].saturating_add(1);
            }
            side.library = deck.iter().copied().collect();
            d.rng.shuffle(&mut d.sides[p].library);
        }
        d.active = (d.rng.next_u64() & 1) as u8;
        d.priority = d.active;
        for p in 0..2 {
            for _ in 0..OPENING_HAND {
                d.draw(p);
            }
        }
        d.run();
        Ok(d)
    }
}
