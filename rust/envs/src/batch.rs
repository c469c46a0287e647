//! [`DuelBatch`]: `n` duels stepped together, outputs written into the caller's buffers.

use std::sync::Arc;

use cardstate_agents::rng::derive;
use cardstate_agents::{Agent, AnyAgent};
use cardstate_duel::{CardId, CardTable, Duel, DuelError, Written, NUM_ACTIONS};

use crate::legal::LegalSet;

/// The seed of game `index`'s `episode`-th game (counting from 0) in a batch made with `seed`:
/// it depends on these three numbers only.
pub fn game_seed(seed: u64, index: u64, episode: u64) -> u64 {
    derive(derive(seed, index), episode)
}

/// Consecutive games without a decision for the caller after which a slot gives up.
const MAX_SKIPS: u32 = 1000;

/// Why a batch can't be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchError {
    /// A setting or a deck the duel refuses.
    Duel(DuelError),
    /// Room for that many games can't be had.
    NoRoom,
}

impl From<DuelError> for BatchError {
    fn from(e: DuelError) -> Self {
        BatchError::Duel(e)
    }
}

impl std::fmt::Display for BatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BatchError::Duel(e) => e.fmt(f),
            BatchError::NoRoom => f.write_str("the batch does not fit in memory"),
        }
    }
}

impl std::error::Error for BatchError {}

/// Which seat the caller plays when an [`Opponent`] plays the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Always this seat (0 or 1).
    Fixed(u8),
    /// Seat `(index + episode) % 2`: each game alternates seats from episode to episode, and
    /// half the games start on each seat.
    Alternate,
}

impl Seat {
    fn of(self, index: usize, episode: u64) -> u8 {
        match self {
            Seat::Fixed(s) => s,
            Seat::Alternate => ((index as u64 + episode) % 2) as u8,
        }
    }
}

/// A built-in agent playing one side of every game; the caller plays `learner`.
#[derive(Clone, Debug)]
pub struct Opponent {
    pub agent: AnyAgent<Duel>,
    pub learner: Seat,
}

/// Why a step's actions were refused (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// Not one action per game.
    Length { expected: usize, got: usize },
    /// An action id outside the action space `0..NUM_ACTIONS`.
    OutOfRange { index: usize, action: i64 },
    /// Game `index` ended before the caller's first decision in a thousand deals in a row: its
    /// decks give the caller no choice.
    NoDecision { index: usize },
    /// An action id that is not legal in its game now.
    Illegal {
        index: usize,
        action: i64,
        player: i32,
    },
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::Length { expected, got } => {
                write!(f, "expected one action per game ({expected}), got {got}")
            }
            ActionError::OutOfRange { index, action } => write!(
                f,
                "action {action} of game {index} is outside the action space 0..{NUM_ACTIONS}"
            ),
            ActionError::NoDecision { index } => write!(
                f,
                "game {index} ended before any decision in {MAX_SKIPS} deals in a row: its decks \
                 give no choice"
            ),
            ActionError::Illegal {
                index,
                action,
                player,
            } => write!(
                f,
                "action {action} of game {index} is not legal for player {player} now"
            ),
        }
    }
}

impl std::error::Error for ActionError {}

/// The caller's buffers a reset or a step writes: `observations` is `n * observation_len()`
/// (game by game), `masks` is `n * NUM_ACTIONS`, `rewards` and `dones` are `n`.
///
/// A step into the observations buffer that the last reset or step wrote writes only the
/// entries that change (an observation is mostly zeros), so that buffer must still hold what
/// was written: read it, don't write into it. Any other buffer is written whole.
pub struct Outputs<'a> {
    pub observations: &'a mut [f32],
    pub masks: &'a mut [bool],
    pub rewards: &'a mut [f32],
    pub dones: &'a mut [bool],
}

struct Slot {
    duel: Duel,
    episode: u64,
    /// The seat the caller plays (with an opponent).
    learner: u8,
    /// Boxed: an agent's state is thousands of bytes (MCTS's inline buffers) that a batch
    /// without an opponent never reads, and inline it would spread the duels apart.
    agent: Option<Box<AnyAgent<Duel>>>,
    /// What the last write left in this game's observation row (`Duel::observation_over`).
    written: Written,
}

/// `n` duels stepped together. Every game always has a player to act: a game that ends is
/// replaced at once by the next episode of its slot.
pub struct DuelBatch {
    table: Arc<CardTable>,
    decks: [Vec<CardId>; 2],
    seed: u64,
    turn_limit: u32,
    opponent: Option<Opponent>,
    slots: Vec<Slot>,
    /// Each game's legal actions for its player to act (what the caller's action is checked
    /// against; empty for a game whose decks give no choice), apart from the slots: checking a
    /// step's actions reads these few bytes a game, not each game's duel, which the step then
    /// reads again long after the check has let it go from the cache.
    legal: Vec<LegalSet>,
    obs_len: usize,
    actions: Vec<u32>,
    /// The observations buffer the last reset or step wrote (its address): a step into the
    /// same buffer clears and writes only the entries that change (`Slot::written`); any
    /// other buffer is written whole.
    written: Option<usize>,
}

impl DuelBatch {
    /// `n` games of `deck0` against `deck1`, game `i` starting from
    /// `game_seed(seed, i, 0)`. Write the first observations with [`DuelBatch::reset`].
    pub fn new(
        table: Arc<CardTable>,
        deck0: &[CardId],
        deck1: &[CardId],
        n: usize,
        seed: u64,
        turn_limit: u32,
        opponent: Option<Opponent>,
    ) -> Result<DuelBatch, BatchError> {
        if n == 0 {
            return Err(DuelError("a batch needs at least one game".into()).into());
        }
        if let Some(Opponent {
            learner: Seat::Fixed(s),
            ..
        }) = opponent
        {
            if s > 1 {
                return Err(
                    DuelError(format!("the learner's seat must be 0 or 1, not {s}")).into(),
                );
            }
        }
        // One duel made up front checks the decks and the turn limit.
        let probe = Duel::new(
            table.clone(),
            deck0,
            deck1,
            game_seed(seed, 0, 0),
            turn_limit,
        )?;
        let obs_len = probe.observation_len();
        // Room for every game before any is made (a size from input is refused, not aborted on).
        let mut slots = Vec::new();
        slots.try_reserve_exact(n).map_err(|_| BatchError::NoRoom)?;
        let mut legal = Vec::new();
        legal.try_reserve_exact(n).map_err(|_| BatchError::NoRoom)?;
        legal.resize(n, LegalSet::default());
        let mut b = DuelBatch {
            table,
            decks: [deck0.to_vec(), deck1.to_vec()],
            seed,
            turn_limit,
            slots,
            legal,
            obs_len,
            actions: Vec::with_capacity(NUM_ACTIONS as usize),
            written: None,
            opponent,
        };
        for i in 0..n {
            let duel = if i == 0 { probe.clone() } else { b.fresh(i, 0) };
            let agent = b.opponent.as_ref().map(|o| Box::new(o.agent.clone()));
            b.slots.push(Slot {
                duel,
                episode: 0,
                learner: 0,
                agent,
                written: Written::default(),
            });
        }
        for i in 0..n {
            b.begin(i);
            if b.slots[i].duel.is_terminal() {
                return Err(DuelError(format!(
                    "game {i} ended before any decision in {MAX_SKIPS} deals in a row: the decks \
                     give no choice"
                ))
                .into());
            }
            b.note_legal(i);
        }
        Ok(b)
    }

    fn fresh(&self, index: usize, episode: u64) -> Duel {
        let seed = game_seed(self.seed, index as u64, episode);
        Duel::new(
            self.table.clone(),
            &self.decks[0],
            &self.decks[1],
            seed,
            self.turn_limit,
        )
        .expect("the decks and the turn limit were checked when the batch was made")
    }

    /// Starts slot i's current episode on its (new) duel: the opponent, if any, plays up to the
    /// caller's first decision. A game that ends before the caller's first decision (a short
    /// turn limit, or an opponent that wins before the caller ever has a choice) is not
    /// reported: the slot's next episode starts.
    fn begin(&mut self, i: usize) {
        let learner_seat = self.opponent.as_ref().map(|o| o.learner);
        for _ in 0..MAX_SKIPS {
            let slot = &mut self.slots[i];
            if let Some(seats) = learner_seat {
                slot.learner = seats.of(i, slot.episode);
                let seed = game_seed(self.seed, i as u64, slot.episode);
                let seat = 1 - slot.learner;
                if let Some(a) = slot.agent.as_mut() {
                    a.begin_game(derive(seed, seat as u64));
                }
            }
            if Self::opponent_plays(slot) {
                return;
            }
            slot.episode += 1;
            let episode = slot.episode;
            self.slots[i].duel = self.fresh(i, episode);
        }
        // Decks that never give the caller a choice: the slot stays on an ended game, and
        // `check` refuses every action for it.
    }

    /// The opponent acts until the caller is to decide; false if the game ended first.
    fn opponent_plays(slot: &mut Slot) -> bool {
        let Some(agent) = slot.agent.as_mut() else {
            return !slot.duel.is_terminal();
        };
        loop {
            let p = slot.duel.current_player();
            if p < 0 {
                return false;
            }
            if p == slot.learner as i32 {
                return true;
            }
            let a = agent.act(&slot.duel);
            slot.duel.apply_legal(a);
        }
    }

    /// Games in the batch.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The length of one game's observation.
    pub fn observation_len(&self) -> usize {
        self.obs_len
    }

    /// The seed the batch was made (or last reset) with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn turn_limit(&self) -> u32 {
        self.turn_limit
    }

    /// Whether an opponent agent plays one side.
    pub fn has_opponent(&self) -> bool {
        self.opponent.is_some()
    }

    /// Game i as it stands.
    pub fn duel(&self, i: usize) -> &Duel {
        &self.slots[i].duel
    }

    /// Game i's episode (0 for the first game of the slot since the last reset).
    pub fn episode(&self, i: usize) -> u64 {
        self.slots[i].episode
    }

    /// The player to act in game i: 0 or 1 (`TERMINAL` only for a game whose decks give no
    /// choice, see [`ActionError::NoDecision`]).
    pub fn current_player(&self, i: usize) -> i32 {
        self.slots[i].duel.current_player()
    }

    /// Every game starts again from episode 0 (with a new `seed` if given); writes the first
    /// observations and masks, zero rewards and no dones.
    pub fn reset(&mut self, seed: Option<u64>, out: Outputs<'_>) {
        if let Some(s) = seed {
            self.seed = s;
        }
        for i in 0..self.slots.len() {
            self.slots[i].episode = 0;
            self.slots[i].duel = self.fresh(i, 0);
            self.begin(i);
        }
        let Outputs {
            observations,
            masks,
            rewards,
            dones,
        } = out;
        self.check_outputs(observations, masks, rewards, dones);
        rewards.fill(0.0);
        dones.fill(false);
        self.written = None;
        for i in 0..self.slots.len() {
            self.write(i, observations, masks);
        }
        self.written = Some(observations.as_ptr() as usize);
    }

    /// Whether `actions` would be accepted by [`DuelBatch::step`].
    pub fn check(&self, actions: &[i64]) -> Result<(), ActionError> {
        if actions.len() != self.slots.len() {
            return Err(ActionError::Length {
                expected: self.slots.len(),
                got: actions.len(),
            });
        }
        for (i, (&a, legal)) in actions.iter().zip(&self.legal).enumerate() {
            // Only a game whose decks give no choice has no legal action (see `begin`).
            if legal.is_empty() {
                return Err(ActionError::NoDecision { index: i });
            }
            if !(0..NUM_ACTIONS as i64).contains(&a) {
                return Err(ActionError::OutOfRange {
                    index: i,
                    action: a,
                });
            }
            if !legal.contains(a as u32) {
                return Err(ActionError::Illegal {
                    index: i,
                    action: a,
                    player: self.slots[i].duel.current_player(),
                });
            }
        }
        Ok(())
    }

    /// Applies `actions[i]` to game i for its player to act (and lets the opponent answer),
    /// then writes each game's observation and mask for its next player to act, the reward of
    /// the player who acted (its return if the game ended, else 0) and whether the game ended.
    /// An ended game has already been replaced by its slot's next episode: its observation and
    /// mask are the new game's. Refused actions change nothing (checked before any is applied).
    pub fn step(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<(), ActionError> {
        self.check(actions)?;
        let Outputs {
            observations,
            masks,
            rewards,
            dones,
        } = out;
        self.check_outputs(observations, masks, rewards, dones);
        for (i, &a) in actions.iter().enumerate() {
            let slot = &mut self.slots[i];
            let actor = slot.duel.current_player() as usize;
            slot.duel.apply_legal(a as u32);
            if Self::opponent_plays(slot) {
                rewards[i] = 0.0;
                dones[i] = false;
            } else {
                rewards[i] = slot.duel.returns()[actor] as f32;
                dones[i] = true;
                slot.episode += 1;
                let episode = slot.episode;
                self.slots[i].duel = self.fresh(i, episode);
                self.begin(i);
            }
            self.write(i, observations, masks);
        }
        self.written = Some(observations.as_ptr() as usize);
        Ok(())
    }

    fn check_outputs(&self, obs: &[f32], masks: &[bool], rewards: &[f32], dones: &[bool]) {
        let n = self.slots.len();
        assert_eq!(obs.len(), n * self.obs_len, "observations buffer");
        assert_eq!(masks.len(), n * NUM_ACTIONS as usize, "masks buffer");
        assert_eq!(rewards.len(), n, "rewards buffer");
        assert_eq!(dones.len(), n, "dones buffer");
    }

    /// Remembers game i's legal actions (in `self.actions` too).
    fn note_legal(&mut self, i: usize) {
        self.slots[i].duel.legal_actions(&mut self.actions);
        self.legal[i] = LegalSet::from_ids(&self.actions);
        debug_assert_eq!(self.legal[i].is_empty(), self.slots[i].duel.is_terminal());
    }

    /// Game i's observation and mask for its player to act; remembers its legal actions.
    fn write(&mut self, i: usize, observations: &mut [f32], masks: &mut [bool]) {
        let observations_addr = observations.as_ptr() as usize;
        let slot = &mut self.slots[i];
        // A game is terminal here only if its decks give no choice (see `begin`).
        let p = slot.duel.current_player().max(slot.learner as i32);
        let obs = &mut observations[i * self.obs_len..(i + 1) * self.obs_len];
        if self.written != Some(observations_addr) {
            obs.fill(0.0);
            slot.written.forget();
        }
        slot.duel
            .observation_over(p as usize, obs, &mut slot.written);
        self.note_legal(i);
        let k = NUM_ACTIONS as usize;
        let mask = &mut masks[i * k..(i + 1) * k];
        mask.fill(false);
        for &a in &self.actions {
            mask[a as usize] = true;
        }
    }
}
