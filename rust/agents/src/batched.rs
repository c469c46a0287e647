//! Many searches at once, their leaves scored together: [`BatchedSearch`].
//!
//! Each game has its own searcher (crate::searcher): its own tree, deals and random stream.
//! The searches advance in rounds. In a round, the searchers are visited in turn (from where
//! the last round stopped) and each starts descents until `parallel_leaves` of its leaves are
//! waiting (or its simulations are all started); the round ends when every unfinished searcher
//! has had its turn or the next one's leaves might not fit in `batch_size` rows. The round's
//! leaves go to the evaluator in one call, and their values and priors are backed up in row
//! order.
//!
//! Each searcher starts every round with no leaf waiting, and starts the same descents in a
//! round whichever batch it lands in. So a game's search — its actions, visit counts and values
//! — is the same whatever the batch size and whatever the other games, and with
//! `parallel_leaves = 1` it is exactly the sequential search of an
//! [`MctsAgent`](crate::MctsAgent) with the same evaluator (for an evaluator whose rows don't
//! depend on each other). With `parallel_leaves = k > 1` the `k` descents of a round go down
//! one after another, each counting the earlier ones' paths as visits lost (virtual loss:
//! value -1 each), so that they spread over the tree; the search then differs from the
//! sequential one (it sees values later), which is the price of `k` leaves per tree per call.

use crate::evaluator::{BatchBuffers, EvalError, Evaluator, Selection};
use crate::game::SearchGame;
use crate::search::{MctsConfig, RootStat};
use crate::searcher::{InLine, Searcher, Step};

/// A leaf of the current round: its searcher, its node, its path in the round's paths and its
/// legal actions in the round's legal actions.
#[derive(Clone, Copy, Debug)]
struct Row {
    searcher: usize,
    node: u32,
    start: usize,
    end: usize,
    legal_start: usize,
    legal_end: usize,
}

/// The reused memory of the rounds: the leaves' states (one per row), rows, paths, seeds and
/// the batch lent to the evaluator.
#[derive(Clone, Debug)]
pub(crate) struct Leaves<G: SearchGame> {
    states: Vec<G>,
    rows: Vec<Row>,
    paths: Vec<u32>,
    seeds: Vec<u64>,
    actions: Vec<u32>,
    /// The rows' legal actions, one after another (read once a leaf: for its mask, the
    /// check of its priors and its expansion).
    legal: Vec<u32>,
    buffers: BatchBuffers,
    /// What each row's observation memory holds (the game writes only what changed).
    written: Vec<G::Written>,
}

impl<G: SearchGame> Default for Leaves<G> {
    fn default() -> Self {
        Leaves {
            states: Vec::new(),
            rows: Vec::new(),
            paths: Vec::new(),
            seeds: Vec::new(),
            actions: Vec::new(),
            legal: Vec::new(),
            buffers: BatchBuffers::default(),
            written: Vec::new(),
        }
    }
}

/// Checks row `r`'s results: the value finite and in `[-1, 1]`, and (under PUCT) the priors of
/// the legal `actions` finite and non-negative.
fn check_row(
    r: usize,
    value: f32,
    priors: Option<&[f32]>,
    actions: &[u32],
) -> Result<(), EvalError> {
    if !value.is_finite() || !(-1.0..=1.0).contains(&value) {
        return Err(EvalError {
            message: format!(
                "the evaluator's value for row {r} is {value}: values must be finite, in [-1, 1]"
            ),
        });
    }
    if let Some(priors) = priors {
        for &a in actions {
            let p = priors[a as usize];
            if !p.is_finite() || p < 0.0 {
                return Err(EvalError {
                    message: format!(
                        "the evaluator's prior for action {a} in row {r} is {p}: priors must be \
                         finite and non-negative at the legal actions"
                    ),
                });
            }
        }
    }
    Ok(())
}

/// What the searches ask of their evaluator: whether it reads observations, its selection
/// rule, and the most rows a call may carry.
#[derive(Clone, Copy, Debug)]
struct Plan {
    observes: bool,
    selection: Selection,
    /// Leaves one searcher starts in a round (its `parallel_leaves`).
    group: usize,
    capacity: usize,
}

impl Plan {
    fn new<G: SearchGame>(
        searchers: &[Searcher<G>],
        evaluator: &dyn Evaluator<G>,
        batch_size: usize,
    ) -> Self {
        let group = searchers
            .iter()
            .map(|s| s.config.parallel_leaves.max(1) as usize)
            .max()
            .unwrap_or(1);
        Plan {
            observes: evaluator.observes(),
            selection: evaluator.selection(),
            group,
            capacity: batch_size.max(group),
        }
    }
}

/// Searchers whose leaves go to the evaluator together, a round at a time: searcher i searches
/// `games[i]`.
struct Round<'a, G: SearchGame> {
    searchers: &'a mut [Searcher<G>],
    games: &'a [G],
    leaves: &'a mut Leaves<G>,
    in_line: InLine,
    /// The searcher the next round begins with.
    next: usize,
}

impl<'a, G: SearchGame> Round<'a, G> {
    fn new(
        searchers: &'a mut [Searcher<G>],
        games: &'a [G],
        leaves: &'a mut Leaves<G>,
        plan: Plan,
    ) -> Self {
        Round {
            searchers,
            games,
            leaves,
            in_line: InLine::Batched(plan.selection),
            next: 0,
        }
    }

    /// Starts the next round's descents (see the module documentation) and writes the batch's
    /// inputs; false when every searcher has finished.
    fn gather(&mut self, plan: Plan) -> Result<bool, EvalError> {
        let n = self.searchers.len();
        let leaves = &mut *self.leaves;
        leaves.rows.clear();
        leaves.paths.clear();
        leaves.seeds.clear();
        let mut visited = 0;
        while visited < n {
            let i = (self.next + visited) % n;
            if self.searchers[i].is_finished() {
                visited += 1;
                continue;
            }
            if leaves.rows.len() + plan.group > plan.capacity {
                break;
            }
            visited += 1;
            loop {
                let r = leaves.rows.len();
                if r == leaves.states.len() {
                    leaves.states.push(self.games[i].clone());
                }
                let start = leaves.paths.len();
                let step = self.searchers[i].descend(
                    &self.games[i],
                    &mut leaves.states[r],
                    &mut leaves.paths,
                    &mut self.in_line,
                );
                match step {
                    Step::Leaf(node) => {
                        let end = leaves.paths.len();
                        leaves.rows.push(Row {
                            searcher: i,
                            node,
                            start,
                            end,
                            legal_start: 0,
                            legal_end: 0,
                        });
                        leaves
                            .seeds
                            .push(rand_core::RngCore::next_u64(&mut self.searchers[i].rng));
                    }
                    Step::BackedUp => leaves.paths.truncate(start),
                    Step::Wait | Step::Finished => break,
                }
            }
        }
        self.next = (self.next + visited) % n.max(1);
        if leaves.rows.is_empty() {
            // Every searcher had its turn and started nothing: all are finished.
            debug_assert!(self.searchers.iter().all(|s| s.is_finished()));
            return Ok(false);
        }
        self.write_inputs(plan)?;
        Ok(true)
    }

    /// Writes each row's player to act and, for an evaluator that observes, its observation
    /// and legal mask.
    fn write_inputs(&mut self, plan: Plan) -> Result<(), EvalError> {
        let game = &self.games[0];
        let observation_len = if plan.observes {
            game.observation_len()
        } else {
            0
        };
        let num_actions = game.num_distinct_actions();
        if plan.observes && (observation_len == 0 || num_actions == 0) {
            return Err(EvalError {
                message: "this game has no observations or action mask for an evaluator to read"
                    .into(),
            });
        }
        if plan.selection == Selection::Puct && num_actions == 0 {
            return Err(EvalError {
                message: "this game declares no action ids (num_distinct_actions) for priors"
                    .into(),
            });
        }
        let leaves = &mut *self.leaves;
        let rows = leaves.rows.len();
        if plan.observes && leaves.written.len() < rows {
            // New rows of the memory are zeros.
            leaves.written.resize_with(rows, Default::default);
        }
        let batch = leaves.buffers.batch(rows, observation_len, num_actions);
        leaves.legal.clear();
        for (r, row) in leaves.rows.iter_mut().enumerate() {
            let state = &leaves.states[r];
            let p = state.current_player();
            batch.players[r] = p;
            state.legal_actions(&mut leaves.actions);
            row.legal_start = leaves.legal.len();
            leaves.legal.extend_from_slice(&leaves.actions);
            row.legal_end = leaves.legal.len();
            if plan.observes {
                let o = &mut batch.observations[r * observation_len..(r + 1) * observation_len];
                state.observation_over(p as usize, o, &mut leaves.written[r]);
                let mask = &mut batch.masks[r * num_actions..(r + 1) * num_actions];
                mask.fill(false);
                for &a in &leaves.legal[row.legal_start..row.legal_end] {
                    mask[a as usize] = true;
                }
            }
        }
        Ok(())
    }

    /// The evaluator scores the gathered round.
    fn evaluate(&mut self, evaluator: &mut dyn Evaluator<G>) -> Result<(), EvalError> {
        let leaves = &mut *self.leaves;
        let rows = leaves.rows.len();
        let mut batch = leaves.buffers.current();
        let scored = evaluator.evaluate(&mut batch, &mut leaves.states[..rows], &leaves.seeds);
        if batch.observations.len() < rows * batch.observation_len {
            // The evaluator took the observations' memory: the next is zeros.
            for w in &mut leaves.written {
                *w = Default::default();
            }
        }
        scored
    }

    /// Checks the evaluator's results and backs them up, in row order.
    fn back_up(&mut self, plan: Plan) -> Result<(), EvalError> {
        let leaves = &mut *self.leaves;
        let rows = leaves.rows.len();
        let batch = leaves.buffers.current();
        let a = batch.num_actions;
        let puct = plan.selection == Selection::Puct;
        let row_priors = |r: usize| puct.then(|| &batch.priors[r * a..(r + 1) * a]);
        let legal = |row: &Row| &leaves.legal[row.legal_start..row.legal_end];
        for (r, row) in leaves.rows.iter().enumerate().take(rows) {
            check_row(r, batch.values[r], row_priors(r), legal(row))?;
        }
        for (r, row) in leaves.rows.iter().enumerate() {
            self.searchers[row.searcher].complete(
                &leaves.paths[row.start..row.end],
                row.node,
                (batch.players[r] as usize, legal(row)),
                row_priors(r),
                f64::from(batch.values[r]),
            );
        }
        Ok(())
    }
}

/// Runs every searcher's decision to its end (each has begun, `games[i]` searcher i's game),
/// scoring leaves with `evaluator` a round at a time (see the module documentation).
pub(crate) fn drive<G: SearchGame>(
    searchers: &mut [Searcher<G>],
    games: &[G],
    evaluator: &mut dyn Evaluator<G>,
    batch_size: usize,
    leaves: &mut Leaves<G>,
) -> Result<(), EvalError> {
    let plan = Plan::new(searchers, evaluator, batch_size);
    let mut round = Round::new(searchers, games, leaves, plan);
    while round.gather(plan)? {
        round.evaluate(evaluator)?;
        round.back_up(plan)?;
    }
    Ok(())
}

/// Where a half of a pipelined drive stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Half {
    /// Its next round is to be gathered.
    Idle,
    /// Its round is gathered, for the evaluator.
    Gathered,
    /// Its round is scored, to back up.
    Scored,
    /// Its searchers have finished.
    Finished,
}

/// A half of a pipelined drive: its rounds and where it stands.
struct Pipe<'a, G: SearchGame> {
    round: Round<'a, G>,
    half: Half,
}

impl<G: SearchGame> Pipe<'_, G> {
    /// The second thread's part of a cycle: backs up the scored round, then gathers the next.
    fn advance(&mut self, plan: Plan) -> Result<(), EvalError> {
        if self.half == Half::Scored {
            self.round.back_up(plan)?;
        }
        if matches!(self.half, Half::Scored | Half::Idle) {
            self.half = if self.round.gather(plan)? {
                Half::Gathered
            } else {
                Half::Finished
            };
        }
        Ok(())
    }

    /// The calling thread's part: the evaluator scores the gathered round.
    fn score(&mut self, evaluator: &mut dyn Evaluator<G>) -> Result<(), EvalError> {
        if self.half == Half::Gathered {
            self.round.evaluate(evaluator)?;
            self.half = Half::Scored;
        }
        Ok(())
    }
}

/// As [`drive`], the searchers in two halves whose rounds overlap: while the evaluator (on
/// this thread) scores one half's round, a second thread backs up the other half's last round
/// and gathers its next; then they swap halves. Each half's rounds are those of [`drive`] over
/// that half, so each game's search is the same as without the overlap (a game's search
/// doesn't depend on the other games); an evaluator call carries one half's leaves.
pub(crate) fn drive_pipelined<G: SearchGame + Send + Sync>(
    searchers: &mut [Searcher<G>],
    games: &[G],
    evaluator: &mut dyn Evaluator<G>,
    batch_size: usize,
    leaves: &mut [Leaves<G>; 2],
) -> Result<(), EvalError> {
    let plan = Plan::new(searchers, evaluator, batch_size);
    let half = searchers.len().div_ceil(2);
    let (s0, s1) = searchers.split_at_mut(half);
    let (g0, g1) = games.split_at(half);
    let [l0, l1] = leaves;
    let mut first = Pipe {
        round: Round::new(s0, g0, l0, plan),
        half: Half::Idle,
    };
    let mut second = Pipe {
        round: Round::new(s1, g1, l1, plan),
        half: Half::Idle,
    };
    first.advance(plan)?;
    if second.round.searchers.is_empty() {
        second.half = Half::Finished;
    }
    std::thread::scope(|scope| {
        // The halves travel to the second thread and back, one at a time each way.
        let (work, to_advance) = std::sync::mpsc::channel::<&mut Pipe<'_, G>>();
        let (advanced, done) = std::sync::mpsc::channel();
        scope.spawn(move || {
            for pipe in to_advance {
                let result = pipe.advance(plan);
                if advanced.send((pipe, result)).is_err() {
                    break;
                }
            }
        });
        let (mut scoring, mut advancing) = (&mut first, &mut second);
        while (scoring.half, advancing.half) != (Half::Finished, Half::Finished) {
            work.send(advancing)
                .expect("the second search thread takes work until the drive ends");
            let scored = scoring.score(evaluator);
            let (back, result) = done
                .recv()
                .expect("the second search thread hands back each half it takes");
            scored?;
            result?;
            advancing = scoring;
            scoring = back;
        }
        Ok(())
    })
}

/// The searches of many games at once, each game's leaves joining one batch per evaluator call
/// (see the module documentation). Game i's search uses the stream of an
/// [`MctsAgent`](crate::MctsAgent) with the same settings after `begin_game(i)`.
#[derive(Clone, Debug)]
pub struct BatchedSearch<G: SearchGame> {
    searchers: Vec<Searcher<G>>,
    /// The rounds' memory (the second for the second half when pipelined).
    leaves: [Leaves<G>; 2],
    actions: Vec<Option<u32>>,
    pipelined: bool,
}

impl<G: SearchGame> BatchedSearch<G> {
    /// Searches for `games` games with these settings (`batch_size` rows at most per call, and
    /// at least `parallel_leaves`); game i's stream starts as an agent's after
    /// `begin_game(i)`.
    pub fn new(config: MctsConfig, games: usize) -> Self {
        let seeds: Vec<u64> = (0..games as u64).collect();
        Self::with_game_seeds(config, &seeds)
    }

    /// As [`BatchedSearch::new`], game i's stream starting as an agent's after
    /// `begin_game(game_seeds[i])` (so that a game's search doesn't depend on its place in
    /// the batch).
    pub fn with_game_seeds(config: MctsConfig, game_seeds: &[u64]) -> Self {
        let searchers = game_seeds
            .iter()
            .map(|&seed| {
                let mut s = Searcher::new(config);
                s.begin_game(seed);
                s
            })
            .collect();
        BatchedSearch {
            searchers,
            leaves: Default::default(),
            pipelined: false,
            actions: Vec::with_capacity(game_seeds.len()),
        }
    }

    /// Whether the games' searches run in two halves that overlap: while the evaluator scores
    /// one half's leaves, a second thread backs up and descends the other half's trees (so the
    /// evaluator's calls carry one half's leaves each, and the search keeps a second core busy
    /// while a network runs). The search of each game is the same either way.
    pub fn pipelined(&self) -> bool {
        self.pipelined
    }

    /// Sets [`BatchedSearch::pipelined`].
    pub fn set_pipelined(&mut self, pipelined: bool) {
        self.pipelined = pipelined;
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.searchers.len()
    }

    /// Whether there are no games.
    pub fn is_empty(&self) -> bool {
        self.searchers.is_empty()
    }

    /// Its settings.
    pub fn config(&self) -> Option<&MctsConfig> {
        self.searchers.first().map(|s| &s.config)
    }

    /// Searches a decision in each of `games` (as many as [`BatchedSearch::len`]) and returns
    /// the chosen actions: `None` for a game that is over (skipped, its stream untouched).
    /// Each game's random stream goes on from the last run, as an agent's does from decision
    /// to decision.
    pub fn run(
        &mut self,
        games: &[G],
        evaluator: &mut dyn Evaluator<G>,
    ) -> Result<&[Option<u32>], EvalError>
    where
        G: Send + Sync,
    {
        assert_eq!(games.len(), self.searchers.len(), "one game per search");
        for (s, g) in self.searchers.iter_mut().zip(games) {
            if g.is_terminal() {
                s.skip();
            } else {
                s.begin(g);
            }
        }
        let batch_size = self.config().map_or(1, |c| c.batch_size.max(1) as usize);
        if self.pipelined && self.searchers.len() > 1 {
            drive_pipelined(
                &mut self.searchers,
                games,
                evaluator,
                batch_size,
                &mut self.leaves,
            )?;
        } else {
            drive(
                &mut self.searchers,
                games,
                evaluator,
                batch_size,
                &mut self.leaves[0],
            )?;
        }
        self.actions.clear();
        for s in &self.searchers {
            self.actions.push(s.chosen());
        }
        Ok(&self.actions)
    }

    /// Game i's root tally of the last run (empty if it had a single legal action or was
    /// over).
    pub fn root_stats(&self, i: usize) -> &[RootStat] {
        &self.searchers[i].root
    }

    /// Simulations run since it was made, over all the games.
    pub fn simulations_run(&self) -> u64 {
        self.searchers.iter().map(|s| s.simulations_run).sum()
    }
}
