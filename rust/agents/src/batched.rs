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

use crate::evaluator::{EvalError, Evaluator, Selection};
use crate::game::SearchGame;
use crate::search::{MctsConfig, RootStat};
use crate::searcher::{InLine, Searcher, Step};

/// A leaf of the current round: its searcher, its node and its path in the round's paths.
#[derive(Clone, Copy, Debug)]
struct Row {
    searcher: usize,
    node: u32,
    start: usize,
    end: usize,
}

/// The reused memory of the rounds: the leaves' states (one per row), rows, paths and seeds.
#[derive(Clone, Debug)]
pub(crate) struct Leaves<G> {
    states: Vec<G>,
    rows: Vec<Row>,
    paths: Vec<u32>,
    seeds: Vec<u64>,
    actions: Vec<u32>,
}

impl<G> Default for Leaves<G> {
    fn default() -> Self {
        Leaves {
            states: Vec::new(),
            rows: Vec::new(),
            paths: Vec::new(),
            seeds: Vec::new(),
            actions: Vec::new(),
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

/// Runs every searcher's decision to its end (each has begun, `games[i]` searcher i's game),
/// scoring leaves with `evaluator` a round at a time (see the module documentation).
pub(crate) fn drive<G: SearchGame>(
    searchers: &mut [Searcher<G>],
    games: &[G],
    evaluator: &mut dyn Evaluator<G>,
    batch_size: usize,
    leaves: &mut Leaves<G>,
) -> Result<(), EvalError> {
    let n = searchers.len();
    let selection = evaluator.selection();
    let mut in_line = InLine::Batched(selection);
    let group = searchers
        .iter()
        .map(|s| s.config.parallel_leaves.max(1) as usize)
        .max()
        .unwrap_or(1);
    let capacity = batch_size.max(group);
    let observes = evaluator.observes();
    let mut next = 0usize;
    loop {
        leaves.rows.clear();
        leaves.paths.clear();
        leaves.seeds.clear();
        let mut visited = 0;
        while visited < n {
            let i = (next + visited) % n;
            if searchers[i].is_finished() {
                visited += 1;
                continue;
            }
            if leaves.rows.len() + group > capacity {
                break;
            }
            visited += 1;
            loop {
                let r = leaves.rows.len();
                if r == leaves.states.len() {
                    leaves.states.push(games[i].clone());
                }
                let start = leaves.paths.len();
                let step = searchers[i].descend(
                    &games[i],
                    &mut leaves.states[r],
                    &mut leaves.paths,
                    &mut in_line,
                );
                match step {
                    Step::Leaf(node) => {
                        let end = leaves.paths.len();
                        leaves.rows.push(Row {
                            searcher: i,
                            node,
                            start,
                            end,
                        });
                        leaves
                            .seeds
                            .push(rand_core::RngCore::next_u64(&mut searchers[i].rng));
                    }
                    Step::BackedUp => leaves.paths.truncate(start),
                    Step::Wait | Step::Finished => break,
                }
            }
        }
        next = (next + visited) % n.max(1);
        let rows = leaves.rows.len();
        if rows == 0 {
            // Every searcher had its turn and started nothing: all are finished.
            debug_assert!(searchers.iter().all(|s| s.is_finished()));
            return Ok(());
        }
        let observation_len = if observes {
            games[0].observation_len()
        } else {
            0
        };
        let num_actions = games[0].num_distinct_actions();
        if observes && (observation_len == 0 || num_actions == 0) {
            return Err(EvalError {
                message: "this game has no observations or action mask for an evaluator to read"
                    .into(),
            });
        }
        if selection == Selection::Puct && num_actions == 0 {
            return Err(EvalError {
                message: "this game declares no action ids (num_distinct_actions) for priors"
                    .into(),
            });
        }
        {
            let batch = evaluator.batch(rows, observation_len, num_actions);
            for r in 0..rows {
                let state = &leaves.states[r];
                let p = state.current_player();
                batch.players[r] = p;
                if observes {
                    let o = &mut batch.observations[r * observation_len..(r + 1) * observation_len];
                    state.observation(p as usize, o);
                    let mask = &mut batch.masks[r * num_actions..(r + 1) * num_actions];
                    mask.fill(false);
                    state.legal_actions(&mut leaves.actions);
                    for &a in &leaves.actions {
                        mask[a as usize] = true;
                    }
                }
            }
        }
        evaluator.evaluate(rows, &mut leaves.states[..rows], &leaves.seeds)?;
        let batch = evaluator.batch(rows, observation_len, num_actions);
        let puct = selection == Selection::Puct;
        let row_priors =
            |r: usize| puct.then(|| &batch.priors[r * num_actions..(r + 1) * num_actions]);
        for r in 0..rows {
            leaves.states[r].legal_actions(&mut leaves.actions);
            check_row(r, batch.values[r], row_priors(r), &leaves.actions)?;
        }
        for (r, row) in leaves.rows.iter().enumerate() {
            searchers[row.searcher].complete(
                &leaves.paths[row.start..row.end],
                row.node,
                &leaves.states[r],
                row_priors(r),
                f64::from(batch.values[r]),
            );
        }
    }
}

/// The searches of many games at once, each game's leaves joining one batch per evaluator call
/// (see the module documentation). Game i's search uses the stream of an
/// [`MctsAgent`](crate::MctsAgent) with the same settings after `begin_game(i)`.
#[derive(Clone, Debug)]
pub struct BatchedSearch<G: SearchGame> {
    searchers: Vec<Searcher<G>>,
    leaves: Leaves<G>,
    actions: Vec<Option<u32>>,
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
            leaves: Leaves::default(),
            actions: Vec::with_capacity(game_seeds.len()),
        }
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
    ) -> Result<&[Option<u32>], EvalError> {
        assert_eq!(games.len(), self.searchers.len(), "one game per search");
        for (s, g) in self.searchers.iter_mut().zip(games) {
            if g.is_terminal() {
                s.skip();
            } else {
                s.begin(g);
            }
        }
        let batch_size = self.config().map_or(1, |c| c.batch_size.max(1) as usize);
        drive(
            &mut self.searchers,
            games,
            evaluator,
            batch_size,
            &mut self.leaves,
        )?;
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
