//! What scores a search's leaves: the [`Evaluator`] trait, the buffers a batch of leaves is
//! written into ([`Batch`], [`BatchBuffers`]), and the built-in evaluators.
//!
//! A search gathers leaves (states it has not valued yet) into a batch and hands the batch to
//! its evaluator in one call. An evaluator gives each leaf a value, from the point of view of
//! the player to act there, and — for PUCT ([`Selection::Puct`]) — prior probabilities over the
//! leaf's legal actions. What it reads is either the leaf's observation for the player to act
//! (what a network reads: [`Evaluator::observes`]; the search writes the observations, the
//! legal masks and the players into the batch it lends the evaluator) or the leaf state itself (the
//! built-in evaluators, which run in Rust: the state is a determinization, never the true
//! hidden cards).
//!
//! Built in:
//! - [`Rollout`]: at most `depth` uniformly random actions, then the returns or
//!   [`SearchGame::evaluate`]; no priors, so the search selects by UCB1 (the plain MCTS agent).
//! - [`Heuristic`]: [`SearchGame::evaluate`] at the leaf and uniform priors: PUCT guided by
//!   the hand-written evaluation.
//! - [`Uniform`]: uniform priors and a value of 0 from the observations, the trivial network
//!   (for measuring the search itself).

use crate::game::SearchGame;
use crate::rng::{below, rng_from, Rng};

/// How a search selects among a node's children with this evaluator's results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// UCB1 (`mean + exploration * sqrt(ln N / n)`), unvisited children first in a random
    /// order: the evaluator gives values only.
    Ucb1,
    /// PUCT (AlphaZero): the evaluator's priors weight the exploration term
    /// (crate::search::puct).
    Puct,
}

/// A batch of leaves: the inputs the search writes (observations, legal masks, players) and the
/// outputs the evaluator writes (priors, values), row by row. Rows `0..rows` are in use; each
/// slice holds at least `rows` rows.
#[derive(Debug)]
pub struct Batch<'a> {
    /// The leaves in this batch.
    pub rows: usize,
    /// Floats per observation.
    pub observation_len: usize,
    /// Entries per mask and per row of priors (the game's `num_distinct_actions`).
    pub num_actions: usize,
    /// `[rows, observation_len]`: row i the observation of the player to act at leaf i. An
    /// evaluator may take this memory (`std::mem::take`), to hand it to an array without a
    /// copy: the search then allocates the next batch's anew.
    pub observations: &'a mut Vec<f32>,
    /// `[rows, num_actions]`: row i true at leaf i's legal actions.
    pub masks: &'a mut [bool],
    /// `[rows]`: the player to act at leaf i (0 or 1).
    pub players: &'a mut [i32],
    /// `[rows, num_actions]`: written by the evaluator; the entries of legal actions are read.
    pub priors: &'a mut [f32],
    /// `[rows]`: written by the evaluator, leaf i's value for `players[i]`, in `[-1, 1]`.
    pub values: &'a mut [f32],
}

impl Batch<'_> {
    /// Row i's observation.
    pub fn observation(&self, i: usize) -> &[f32] {
        &self.observations[i * self.observation_len..(i + 1) * self.observation_len]
    }
    /// Row i's legal mask.
    pub fn mask(&self, i: usize) -> &[bool] {
        &self.masks[i * self.num_actions..(i + 1) * self.num_actions]
    }
    /// Row i's priors, to write.
    pub fn priors_mut(&mut self, i: usize) -> &mut [f32] {
        &mut self.priors[i * self.num_actions..(i + 1) * self.num_actions]
    }
    /// Uniform priors over row i's legal actions (`legal`).
    pub fn uniform_priors(&mut self, i: usize, legal: &[u32]) {
        let p = 1.0 / legal.len().max(1) as f32;
        let row = self.priors_mut(i);
        for &a in legal {
            row[a as usize] = p;
        }
    }
}

/// Memory for batches of leaves, grown to the largest batch asked for and reused: what a
/// search keeps and lends its evaluator in [`Evaluator::evaluate`].
#[derive(Clone, Debug, Default)]
pub struct BatchBuffers {
    rows: usize,
    observation_len: usize,
    num_actions: usize,
    observations: Vec<f32>,
    masks: Vec<bool>,
    players: Vec<i32>,
    priors: Vec<f32>,
    values: Vec<f32>,
}

impl BatchBuffers {
    /// The buffers for `rows` leaves of these sizes (no allocation once they are large enough).
    pub fn batch(&mut self, rows: usize, observation_len: usize, num_actions: usize) -> Batch<'_> {
        self.rows = rows;
        self.observation_len = observation_len;
        self.num_actions = num_actions;
        let grow = |v: &mut Vec<f32>, n: usize| {
            if v.len() < n {
                v.resize(n, 0.0)
            }
        };
        grow(&mut self.observations, rows * observation_len);
        grow(&mut self.priors, rows * num_actions);
        grow(&mut self.values, rows);
        if self.masks.len() < rows * num_actions {
            self.masks.resize(rows * num_actions, false);
        }
        if self.players.len() < rows {
            self.players.resize(rows, 0);
        }
        Batch {
            rows,
            observation_len,
            num_actions,
            observations: &mut self.observations,
            masks: &mut self.masks,
            players: &mut self.players,
            priors: &mut self.priors,
            values: &mut self.values,
        }
    }

    /// The batch last lent, at its sizes.
    pub fn current(&mut self) -> Batch<'_> {
        let (rows, o, a) = (self.rows, self.observation_len, self.num_actions);
        self.batch(rows, o, a)
    }
}

/// Why an evaluator failed, or what was wrong with its results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    pub message: String,
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}

/// Scores the leaves of a search, a batch at a time.
///
/// The search writes a batch's inputs into its own memory and lends it, with the leaves'
/// states, to [`Evaluator::evaluate`] once for the batch. In each row it writes the player to
/// act and — if [`Evaluator::observes`] — that player's observation and the legal mask; the
/// evaluator writes the value (for that player, in `[-1, 1]`) and, under [`Selection::Puct`],
/// priors (non-negative at the legal actions; the search normalises them over the legal
/// actions, and takes uniform priors where they sum to zero). Non-finite numbers, negative
/// priors and values outside `[-1, 1]` are refused.
pub trait Evaluator<G: SearchGame>: Send {
    /// Whether the search writes each leaf's observation and legal mask for it.
    fn observes(&self) -> bool {
        true
    }
    /// How the search selects with its results.
    fn selection(&self) -> Selection {
        Selection::Puct
    }
    /// Scores the `batch.rows` rows of `batch`. `states[i]` is row i's leaf state (a
    /// determinization: the true hidden cards are not in it) and `seeds[i]` a seed for any
    /// random numbers row i needs, so that its result doesn't depend on the other rows.
    fn evaluate(
        &mut self,
        batch: &mut Batch<'_>,
        states: &mut [G],
        seeds: &[u64],
    ) -> Result<(), EvalError>;
}

/// Random rollouts: at most `depth` uniformly random actions from the leaf, then the returns if
/// the game is over, else [`SearchGame::evaluate`]. Values only: UCB1 selection.
#[derive(Clone, Debug, Default)]
pub struct Rollout {
    pub depth: u32,
    actions: Vec<u32>,
}

impl Rollout {
    /// Rollouts of at most `depth` actions.
    pub fn new(depth: u32) -> Self {
        Rollout {
            depth,
            actions: Vec::with_capacity(64),
        }
    }

    /// The value of `state` for `player` after at most `depth` random actions drawn from
    /// `rng` (the determinized agent's own stream, so that its searches play as they always
    /// have).
    pub fn value<G: SearchGame>(&mut self, state: &mut G, player: usize, rng: &mut Rng) -> f64 {
        let mut depth = 0;
        while depth < self.depth && !state.is_terminal() {
            state.legal_actions(&mut self.actions);
            let a = self.actions[below(rng, self.actions.len())];
            state.apply_action(a);
            depth += 1;
        }
        if state.is_terminal() {
            state.returns()[player]
        } else {
            state.evaluate(player)
        }
    }
}

impl<G: SearchGame> Evaluator<G> for Rollout {
    fn observes(&self) -> bool {
        false
    }
    fn selection(&self) -> Selection {
        Selection::Ucb1
    }
    fn evaluate(
        &mut self,
        batch: &mut Batch<'_>,
        states: &mut [G],
        seeds: &[u64],
    ) -> Result<(), EvalError> {
        for i in 0..batch.rows {
            let player = batch.players[i] as usize;
            let v = self.value(&mut states[i], player, &mut rng_from(seeds[i]));
            batch.values[i] = v as f32;
        }
        Ok(())
    }
}

/// The hand-written evaluation as a value, with uniform priors: PUCT without a network.
#[derive(Clone, Debug, Default)]
pub struct Heuristic {
    actions: Vec<u32>,
}

impl<G: SearchGame> Evaluator<G> for Heuristic {
    fn observes(&self) -> bool {
        false
    }
    fn evaluate(
        &mut self,
        batch: &mut Batch<'_>,
        states: &mut [G],
        _: &[u64],
    ) -> Result<(), EvalError> {
        for (i, state) in states.iter().enumerate().take(batch.rows) {
            let player = batch.players[i] as usize;
            batch.values[i] = state.evaluate(player) as f32;
            state.legal_actions(&mut self.actions);
            batch.uniform_priors(i, &self.actions);
        }
        Ok(())
    }
}

/// Uniform priors over the legal mask and a value of 0, read from the observations' batch: the
/// least work a network could do.
#[derive(Clone, Debug, Default)]
pub struct Uniform;

impl<G: SearchGame> Evaluator<G> for Uniform {
    fn evaluate(&mut self, batch: &mut Batch<'_>, _: &mut [G], _: &[u64]) -> Result<(), EvalError> {
        let a = batch.num_actions;
        for i in 0..batch.rows {
            let mask = &batch.masks[i * a..(i + 1) * a];
            let legal = mask.iter().filter(|&&m| m).count().max(1) as f32;
            for (p, &m) in batch.priors[i * a..(i + 1) * a].iter_mut().zip(mask) {
                *p = if m { 1.0 / legal } else { 0.0 };
            }
            batch.values[i] = 0.0;
        }
        Ok(())
    }
}
