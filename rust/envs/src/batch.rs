//! [`DuelBatch`]: `n` duels stepped together, outputs written into the caller's buffers.

use std::sync::Mutex;
use std::time::Duration;

use smallvec::SmallVec;

use cardstate_agents::rng::derive;
use cardstate_agents::{Agent, AnyAgent};
use cardstate_duel::{CardId, Duel, DuelError, Options, Pool, Written, NUM_ACTIONS};

use crate::legal::LegalSet;
use crate::workers::Workers;

/// The seed of game `index`'s `episode`-th game (counting from 0) in a batch made with `seed`:
/// it depends on these three numbers only.
pub fn game_seed(seed: u64, index: u64, episode: u64) -> u64 {
    derive(derive(seed, index), episode)
}

/// Consecutive games without a decision for the caller after which a slot gives up.
pub(crate) const MAX_SKIPS: u32 = 1000;

/// Why a batch can't be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchError {
    /// A setting or a deck the duel refuses.
    Duel(DuelError),
    /// Room for that many games can't be had.
    NoRoom,
    /// The threads asked for can't be started.
    Threads(String),
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
            BatchError::Threads(e) => write!(f, "the batch's threads can't be started: {e}"),
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
    /// A batch whose other seat a policy plays is stepped through its own calls
    /// ([`DuelBatch::start_step`]), and needs a reset first, and again after a step left
    /// unfinished.
    NeedsReset,
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
            ActionError::NeedsReset => f.write_str(
                "the batch needs reset() first: it was just made, or a step was left \
                 unfinished by the opponent policy",
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

pub(crate) struct Slot {
    pub(crate) duel: Duel,
    pub(crate) episode: u64,
    /// The seat the caller plays (with an opponent).
    pub(crate) learner: u8,
    /// Boxed: an agent's state is thousands of bytes (MCTS's inline buffers) that a batch
    /// without an opponent never reads, and inline it would spread the duels apart.
    agent: Option<Box<AnyAgent<Duel>>>,
    /// What the last write left in this game's observation row (`Duel::observation_over`).
    written: Written,
    /// With a policy opponent (rust/envs/src/policy.rs): how the game stands within a step.
    pub(crate) turn: PolicyTurn,
}

/// Where a game of a batch whose other seat a policy plays stands within a step.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PolicyTurn {
    /// The caller has had a decision in this episode (an episode that ends before is skipped).
    pub(crate) seen: bool,
    /// Episodes skipped in a row.
    pub(crate) skips: u32,
    /// The policy is to decide.
    pub(crate) waiting: bool,
    /// What the step reports: the caller's return if its episode ended, and whether it did.
    pub(crate) reward: f32,
    pub(crate) done: bool,
}

/// What every game of a batch is made from: the same for all games, read by every thread.
pub(crate) struct Setup {
    table: Pool,
    decks: [Vec<CardId>; 2],
    pub(crate) seed: u64,
    turn_limit: u32,
    options: Options,
    opponent: Option<Opponent>,
    /// The caller's seat when a policy outside the batch plays the other (policy.rs).
    pub(crate) policy: Option<Seat>,
}

/// `n` duels stepped together. Every game always has a player to act: a game that ends is
/// replaced at once by the next episode of its slot.
pub struct DuelBatch {
    pub(crate) setup: Setup,
    pub(crate) slots: Vec<Slot>,
    /// Each game's legal actions for its player to act (what the caller's action is checked
    /// against; empty for a game whose decks give no choice), apart from the slots: checking a
    /// step's actions reads these few bytes a game, not each game's duel, which the step then
    /// reads again long after the check has let it go from the cache.
    legal: Vec<LegalSet>,
    obs_len: usize,
    /// The observations buffer the last reset or step wrote (its address): a step into the
    /// same buffer clears and writes only the entries that change (`Slot::written`); any
    /// other buffer is written whole.
    pub(crate) written: Option<usize>,
    /// The threads that step the games besides the caller's (`None`: the caller's thread
    /// steps them all).
    workers: Option<Workers>,
    /// The fewest games a thread takes part in a step for
    /// ([`DuelBatch::set_least_games_per_thread`]).
    least_games_per_thread: usize,
    /// How long the workers spin after a step ([`DuelBatch::set_spin`]).
    spin: Duration,
    /// With a policy opponent: the games waiting for its decision, ascending (policy.rs).
    pub(crate) waiting: Vec<u32>,
    /// With a policy opponent: whether a step may start (a reset done, no step unfinished).
    pub(crate) ready: bool,
}

/// How long the batch's workers spin, awake, waiting for the next step after one, unless set
/// otherwise ([`DuelBatch::set_spin`]): a loop that chooses its next actions within this
/// finds them awake; a longer pause costs a worker's core this long after each step.
pub const SPIN_AFTER_STEP: Duration = Duration::from_micros(250);

/// The fewest games a thread takes part in a step for, unless set otherwise: a worker woken
/// for a step starts tens of microseconds late on a virtual machine, the time of ten or more
/// games' steps, so with fewer games a second thread made a step slower than one thread did.
pub const LEAST_GAMES_PER_THREAD: usize = 32;

thread_local! {
    /// The legal actions of the game being written (a buffer per thread, so that no step
    /// allocates one).
    static LEGAL_ACTIONS: std::cell::RefCell<Vec<u32>> =
        std::cell::RefCell::new(Vec::with_capacity(NUM_ACTIONS as usize));
}

impl Setup {
    pub(crate) fn fresh(&self, index: usize, episode: u64) -> Duel {
        let seed = game_seed(self.seed, index as u64, episode);
        Duel::with_options(
            self.table,
            &self.decks[0],
            &self.decks[1],
            seed,
            self.turn_limit,
            self.options,
        )
        .expect("the decks and the turn limit were checked when the batch was made")
    }

    /// The caller's seat in game `index`'s `episode`-th game, if an agent or a policy plays
    /// the other.
    pub(crate) fn learner_seat(&self, index: usize, episode: u64) -> Option<u8> {
        let seat = self.opponent.as_ref().map(|o| o.learner).or(self.policy)?;
        Some(seat.of(index, episode))
    }

    /// Starts game i's current episode on its (new) duel: the opponent, if any, plays up to
    /// the caller's first decision. A game that ends before the caller's first decision (a
    /// short turn limit, or an opponent that wins before the caller ever has a choice) is not
    /// reported: the slot's next episode starts.
    fn begin(&self, i: usize, slot: &mut Slot) {
        let learner_seat = self.opponent.as_ref().map(|o| o.learner);
        for _ in 0..MAX_SKIPS {
            if let Some(seats) = learner_seat {
                slot.learner = seats.of(i, slot.episode);
                let seed = game_seed(self.seed, i as u64, slot.episode);
                let seat = 1 - slot.learner;
                if let Some(a) = slot.agent.as_mut() {
                    a.begin_game(derive(seed, seat as u64));
                }
            }
            if opponent_plays(slot) {
                return;
            }
            slot.episode += 1;
            slot.duel = self.fresh(i, slot.episode);
        }
        // Decks that never give the caller a choice: the slot stays on an ended game, and
        // `check` refuses every action for it.
    }

    /// Game i starts again from episode 0.
    fn reset_game(&self, g: Game<'_>) {
        g.slot.episode = 0;
        g.slot.duel = self.fresh(g.index, 0);
        self.begin(g.index, g.slot);
        g.write(false);
    }

    /// Applies `action` to game i for its player to act (the opponent answers) and writes the
    /// game's outputs; a game that ends is replaced by its slot's next episode.
    fn step_game(&self, g: Game<'_>, action: i64, same_buffer: bool) {
        let slot = &mut *g.slot;
        let actor = slot.duel.current_player() as usize;
        slot.duel.apply_legal(action as u32);
        if opponent_plays(slot) {
            *g.reward = 0.0;
            *g.done = false;
        } else {
            *g.reward = slot.duel.returns()[actor] as f32;
            *g.done = true;
            slot.episode += 1;
            slot.duel = self.fresh(g.index, slot.episode);
            self.begin(g.index, slot);
        }
        g.write(same_buffer);
    }
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

/// Remembers the legal actions of `duel` in `legal`; they are left in `actions` too.
fn note_legal(duel: &Duel, legal: &mut LegalSet, actions: &mut Vec<u32>) {
    duel.legal_actions(actions);
    *legal = LegalSet::from_ids(actions);
    debug_assert_eq!(legal.is_empty(), duel.is_terminal());
}

/// One game and its rows of the outputs.
pub(crate) struct Game<'a> {
    pub(crate) index: usize,
    pub(crate) slot: &'a mut Slot,
    legal: &'a mut LegalSet,
    observation: &'a mut [f32],
    mask: &'a mut [bool],
    pub(crate) reward: &'a mut f32,
    pub(crate) done: &'a mut bool,
}

impl Game<'_> {
    /// The game's observation and mask for its player to act (over what the last write left in
    /// its row if `same_buffer`); remembers its legal actions.
    pub(crate) fn write(self, same_buffer: bool) {
        let slot = self.slot;
        // A game is terminal here only if its decks give no choice (see `begin`).
        let p = slot.duel.current_player().max(slot.learner as i32);
        if !same_buffer {
            self.observation.fill(0.0);
            slot.written.forget();
        }
        slot.duel
            .observation_over(p as usize, self.observation, &mut slot.written);
        LEGAL_ACTIONS.with_borrow_mut(|actions| {
            note_legal(&slot.duel, self.legal, actions);
            self.mask.fill(false);
            for &a in actions.iter() {
                self.mask[a as usize] = true;
            }
        });
    }
}

/// A run of consecutive games, from game `first` on, with their rows of the outputs and their
/// actions (none for a reset): what a thread steps at a time.
struct Games<'a> {
    first: usize,
    slots: &'a mut [Slot],
    legal: &'a mut [LegalSet],
    observations: &'a mut [f32],
    masks: &'a mut [bool],
    rewards: &'a mut [f32],
    dones: &'a mut [bool],
    actions: &'a [i64],
}

impl<'a> Games<'a> {
    /// The first `m` games and the rest.
    fn split_at(self, m: usize) -> (Games<'a>, Games<'a>) {
        let obs_len = self.observations.len() / self.slots.len();
        let (s0, s1) = self.slots.split_at_mut(m);
        let (l0, l1) = self.legal.split_at_mut(m);
        let (o0, o1) = self.observations.split_at_mut(m * obs_len);
        let (m0, m1) = self.masks.split_at_mut(m * NUM_ACTIONS as usize);
        let (r0, r1) = self.rewards.split_at_mut(m);
        let (d0, d1) = self.dones.split_at_mut(m);
        let (a0, a1) = self.actions.split_at(m.min(self.actions.len()));
        (
            Games {
                first: self.first,
                slots: s0,
                legal: l0,
                observations: o0,
                masks: m0,
                rewards: r0,
                dones: d0,
                actions: a0,
            },
            Games {
                first: self.first + m,
                slots: s1,
                legal: l1,
                observations: o1,
                masks: m1,
                rewards: r1,
                dones: d1,
                actions: a1,
            },
        )
    }

    /// Runs `f` on each game in turn.
    fn each(self, f: &(impl Fn(Game<'_>, Option<i64>) + Sync)) {
        let obs_len = self.observations.len() / self.slots.len().max(1);
        let k = NUM_ACTIONS as usize;
        let rows = self
            .slots
            .iter_mut()
            .zip(self.legal.iter_mut())
            .zip(self.observations.chunks_exact_mut(obs_len))
            .zip(self.masks.chunks_exact_mut(k))
            .zip(self.rewards.iter_mut().zip(self.dones.iter_mut()));
        for (j, ((((slot, legal), observation), mask), (reward, done))) in rows.enumerate() {
            let game = Game {
                index: self.first + j,
                slot,
                legal,
                observation,
                mask,
                reward,
                done,
            };
            f(game, self.actions.get(j).copied());
        }
    }
}

/// Bytes of memory each game of a batch is given room for as the batch is made: a game's duel,
/// slot and agent take about 30 KB as it starts and grow somewhat as it plays.
pub const GAME_ROOM: usize = 48 << 10;

/// Games a thread takes at a time (a few tens of microseconds of work).
const GAMES_PER_RUN: usize = 8;

/// The games not yet taken, in one segment of consecutive games per thread. A thread takes runs
/// from the front of its own segment, then from the back of the segment with the most games
/// left: each game is stepped by the same thread from step to step unless the threads' pace
/// differs, so its state stays in that core's cache, and no thread waits while games are left.
struct Runs<'a> {
    segments: SmallVec<[Option<Games<'a>>; 4]>,
}

impl<'a> Runs<'a> {
    /// `games` in `threads` segments of nearly equal length.
    fn new(games: Games<'a>, threads: usize) -> Runs<'a> {
        let mut segments = SmallVec::new();
        let mut rest = games;
        for t in (1..threads).rev() {
            let size = rest.slots.len() / (t + 1);
            let (segment, tail) = rest.split_at(size);
            segments.push(Some(segment));
            rest = tail;
        }
        segments.push(Some(rest));
        Runs { segments }
    }

    /// The next run for thread `thread` (a thread without a segment of its own only takes
    /// from the others').
    fn next(&mut self, thread: usize) -> Option<Games<'a>> {
        if let Some(run) = self.segments.get_mut(thread).and_then(take_front) {
            return Some(run);
        }
        let most = (0..self.segments.len())
            .max_by_key(|&t| self.segments[t].as_ref().map_or(0, |g| g.slots.len()))?;
        take_back(&mut self.segments[most])
    }
}

/// The first [`GAMES_PER_RUN`] games of `segment` (all if it has no more).
fn take_front<'a>(segment: &mut Option<Games<'a>>) -> Option<Games<'a>> {
    let rest = segment.take().filter(|g| !g.slots.is_empty())?;
    if rest.slots.len() <= GAMES_PER_RUN {
        return Some(rest);
    }
    let (run, tail) = rest.split_at(GAMES_PER_RUN);
    *segment = Some(tail);
    Some(run)
}

/// The last [`GAMES_PER_RUN`] games of `segment` (all if it has no more).
fn take_back<'a>(segment: &mut Option<Games<'a>>) -> Option<Games<'a>> {
    let rest = segment.take().filter(|g| !g.slots.is_empty())?;
    if rest.slots.len() <= GAMES_PER_RUN {
        return Some(rest);
    }
    let keep = rest.slots.len() - GAMES_PER_RUN;
    let (head, run) = rest.split_at(keep);
    *segment = Some(head);
    Some(run)
}

impl DuelBatch {
    /// `n` games of `deck0` against `deck1` played by the rules (`Options::RULES`), game `i`
    /// starting from `game_seed(seed, i, 0)`: [`DuelBatch::with_options`].
    pub fn new(
        table: Pool,
        deck0: &[CardId],
        deck1: &[CardId],
        n: usize,
        seed: u64,
        turn_limit: u32,
        opponent: Option<Opponent>,
    ) -> Result<DuelBatch, BatchError> {
        let options = Options::RULES;
        DuelBatch::with_options(table, deck0, deck1, n, seed, turn_limit, options, opponent)
    }

    /// `n` games of `deck0` against `deck1` with the duel's `options`, game `i` starting from
    /// `game_seed(seed, i, 0)`. Write the first observations with [`DuelBatch::reset`].
    #[allow(clippy::too_many_arguments)]
    pub fn with_options(
        table: Pool,
        deck0: &[CardId],
        deck1: &[CardId],
        n: usize,
        seed: u64,
        turn_limit: u32,
        options: Options,
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
        let probe = Duel::with_options(
            table,
            deck0,
            deck1,
            game_seed(seed, 0, 0),
            turn_limit,
            options,
        )?;
        let obs_len = probe.observation_len();
        // Room for every game before any is made (a size from input is refused, not aborted on).
        let mut slots = Vec::new();
        slots.try_reserve_exact(n).map_err(|_| BatchError::NoRoom)?;
        let mut legal = Vec::new();
        legal.try_reserve_exact(n).map_err(|_| BatchError::NoRoom)?;
        legal.resize(n, LegalSet::default());
        // Each duel allocates its own memory, which can't be reserved; room for all of them is
        // asked for once and given back, so a batch that can't be held is refused here rather
        // than by an abort halfway through making its games.
        let room = n.checked_mul(GAME_ROOM).ok_or(BatchError::NoRoom)?;
        Vec::<u8>::new()
            .try_reserve_exact(room)
            .map_err(|_| BatchError::NoRoom)?;
        let setup = Setup {
            table,
            decks: [deck0.to_vec(), deck1.to_vec()],
            seed,
            turn_limit,
            options,
            opponent,
            policy: None,
        };
        for (i, legal) in legal.iter_mut().enumerate() {
            let duel = if i == 0 {
                probe.clone()
            } else {
                setup.fresh(i, 0)
            };
            let agent = setup.opponent.as_ref().map(|o| Box::new(o.agent.clone()));
            let mut slot = Slot {
                duel,
                episode: 0,
                learner: 0,
                agent,
                written: Written::default(),
                turn: PolicyTurn::default(),
            };
            setup.begin(i, &mut slot);
            if slot.duel.is_terminal() {
                return Err(DuelError(format!(
                    "game {i} ended before any decision in {MAX_SKIPS} deals in a row: the decks \
                     give no choice"
                ))
                .into());
            }
            LEGAL_ACTIONS.with_borrow_mut(|a| note_legal(&slot.duel, legal, a));
            slots.push(slot);
        }
        Ok(DuelBatch {
            setup,
            slots,
            legal,
            obs_len,
            written: None,
            workers: None,
            least_games_per_thread: LEAST_GAMES_PER_THREAD,
            spin: SPIN_AFTER_STEP,
            waiting: Vec::new(),
            ready: true,
        })
    }

    /// Steps (and resets) the games on up to `threads` threads from now on: the caller's and
    /// `threads - 1` of the batch's own, each taking runs of consecutive games as it comes
    /// free (1: the caller's thread alone, as a new batch does). A step uses only as many
    /// threads as have [`LEAST_GAMES_PER_THREAD`] games each (at least one thread). The games
    /// and the outputs are the same whatever the number of threads.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), BatchError> {
        if threads == 0 {
            return Err(DuelError("a batch needs at least one thread".into()).into());
        }
        self.workers = if threads == 1 {
            None
        } else {
            let workers = Workers::new(threads - 1, self.spin)
                .map_err(|e| BatchError::Threads(e.to_string()))?;
            Some(workers)
        };
        Ok(())
    }

    /// After each step (or reset) on several threads, the batch's workers spin, awake, for up
    /// to `spin` waiting for the next, which they then start at once; after that they sleep,
    /// and the next step wakes them (tens of microseconds on a virtual machine).
    /// [`SPIN_AFTER_STEP`] unless set; zero: they sleep at once. The outputs are the same.
    pub fn set_spin(&mut self, spin: Duration) {
        self.spin = spin;
        if let Some(w) = &mut self.workers {
            w.set_spin(spin);
        }
    }

    /// How long the workers spin after a step ([`DuelBatch::set_spin`]).
    pub fn spin(&self) -> Duration {
        self.spin
    }

    /// The threads that step the games (at most: see [`DuelBatch::stepping_threads`]).
    pub fn threads(&self) -> usize {
        self.workers.as_ref().map_or(1, |w| w.extra() + 1)
    }

    /// A thread takes part in a step only if each thread then has at least `games` games
    /// ([`LEAST_GAMES_PER_THREAD`] unless set; 1: every thread, whatever the batch's size).
    pub fn set_least_games_per_thread(&mut self, games: usize) -> Result<(), BatchError> {
        if games == 0 {
            return Err(DuelError("a thread needs at least one game".into()).into());
        }
        self.least_games_per_thread = games;
        Ok(())
    }

    /// The threads a step uses: [`DuelBatch::threads`], fewer if the batch hasn't
    /// [`DuelBatch::set_least_games_per_thread`]'s games for each.
    pub fn stepping_threads(&self) -> usize {
        let room = self.slots.len() / self.least_games_per_thread;
        self.threads().min(room).max(1)
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
        self.setup.seed
    }

    pub fn turn_limit(&self) -> u32 {
        self.setup.turn_limit
    }

    /// The options every game is played with.
    pub fn options(&self) -> Options {
        self.setup.options
    }

    /// Whether an opponent agent plays one side.
    pub fn has_opponent(&self) -> bool {
        self.setup.opponent.is_some()
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

    /// Runs `f` on every game with its rows of `out` and its action (`actions` is empty for a
    /// reset), on the batch's threads.
    pub(crate) fn each_game(
        &mut self,
        actions: &[i64],
        out: Outputs<'_>,
        f: impl Fn(&Setup, Game<'_>, Option<i64>) + Sync,
    ) {
        let Outputs {
            observations,
            masks,
            rewards,
            dones,
        } = out;
        self.check_outputs(observations, masks, rewards, dones);
        let threads = self.stepping_threads();
        let setup = &self.setup;
        let games = Games {
            first: 0,
            slots: &mut self.slots,
            legal: &mut self.legal,
            observations,
            masks,
            rewards,
            dones,
            actions,
        };
        let f = |g: Game<'_>, a: Option<i64>| f(setup, g, a);
        match &self.workers {
            Some(workers) if threads > 1 => {
                // Runs handed out as threads come free: a worker that wakes late (tens of
                // microseconds on a virtual machine) or a slower game doesn't hold the others
                // up, as fixed shares would.
                let runs = Mutex::new(Runs::new(games, threads));
                let work = |thread: usize| loop {
                    let next = runs.lock().unwrap_or_else(|e| e.into_inner()).next(thread);
                    let Some(run) = next else { break };
                    run.each(&f);
                };
                workers.share(threads - 1, work);
            }
            _ => games.each(&f),
        }
    }

    /// Every game starts again from episode 0 (with a new `seed` if given); writes the first
    /// observations and masks, zero rewards and no dones.
    ///
    /// A batch whose other seat a policy plays is reset through [`DuelBatch::start_reset`].
    pub fn reset(&mut self, seed: Option<u64>, out: Outputs<'_>) {
        assert!(
            self.setup.policy.is_none(),
            "a batch against a policy is reset by start_reset"
        );
        if let Some(s) = seed {
            self.setup.seed = s;
        }
        let at = out.observations.as_ptr() as usize;
        self.each_game(&[], out, |setup, g, _| {
            *g.reward = 0.0;
            *g.done = false;
            setup.reset_game(g);
        });
        self.written = Some(at);
    }

    /// Whether `actions` would be accepted by [`DuelBatch::step`].
    pub fn check(&self, actions: &[i64]) -> Result<(), ActionError> {
        if !self.ready {
            return Err(ActionError::NeedsReset);
        }
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
    ///
    /// A batch whose other seat a policy plays is stepped through [`DuelBatch::start_step`]
    /// (here: [`ActionError::NeedsReset`]).
    pub fn step(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<(), ActionError> {
        if self.setup.policy.is_some() {
            return Err(ActionError::NeedsReset);
        }
        self.check(actions)?;
        let at = out.observations.as_ptr() as usize;
        let same_buffer = self.written == Some(at);
        self.each_game(actions, out, |setup, g, a| {
            setup.step_game(g, a.expect("one action per game"), same_buffer)
        });
        self.written = Some(at);
        Ok(())
    }

    fn check_outputs(&self, obs: &[f32], masks: &[bool], rewards: &[f32], dones: &[bool]) {
        let n = self.slots.len();
        assert_eq!(obs.len(), n * self.obs_len, "observations buffer");
        assert_eq!(masks.len(), n * NUM_ACTIONS as usize, "masks buffer");
        assert_eq!(rewards.len(), n, "rewards buffer");
        assert_eq!(dones.len(), n, "dones buffer");
    }
}
