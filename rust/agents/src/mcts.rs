//! Monte Carlo tree search (UCT) over determinized states, and information-set MCTS.
//!
//! Two algorithms ([`Algorithm`]), sharing the settings, the evaluator of the leaves and the
//! choice of the action at the root.
//!
//! [`Algorithm::Determinized`]: a decision runs `determinizations` independent searches (at most
//! `simulations` of them: one with no simulation to run is skipped, its deal never made). Each
//! starts from
//! [`SearchGame::resample`] of the state for the player to act (so everything that player can't
//! see is dealt again and the true hidden cards are never read), builds a UCT tree of
//! `simulations / determinizations` simulations on that perfect-information copy, and adds its
//! root's visit counts to a tally; the action with the most visits over all the trees is played
//! (ties: the better mean value, then the smaller id). A simulation descends by UCB1
//! (`mean + exploration * sqrt(ln N / n)`, values in `[-1, 1]` from the point of view of the
//! player choosing), expands a leaf with all its legal actions in a random order, plays at most
//! `rollout_depth` uniformly random actions, and scores the end: the returns if the game is over,
//! otherwise [`SearchGame::evaluate`]. That is the built-in rollout evaluator
//! ([`EvaluatorChoice::Rollout`], the default); [`EvaluatorChoice::Evaluation`] scores a leaf by
//! [`SearchGame::evaluate`] with uniform priors and selects by PUCT, and
//! [`MctsAgent::act_with`] takes any [`Evaluator`] (a network's priors and values, PUCT).
//!
//! [`Algorithm::InformationSet`]: single-observer information-set MCTS (rust/agents/src/ismcts.rs).
//!
//! What both share (the settings, the selection rules, the root tally and choice) is in
//! rust/agents/src/search.rs; a decision's search, a descent at a time, in
//! rust/agents/src/searcher.rs.
//!
//! The tree is an arena of nodes reused from search to search, and the states are two buffers
//! reused by `clone_from`: a simulation allocates nothing the game itself doesn't.

use crate::agent::Agent;
use crate::batched::{drive, Leaves};
use crate::evaluator::{EvalError, Evaluator, Rollout};
use crate::game::SearchGame;
pub use crate::search::{Algorithm, EvaluatorChoice, MctsConfig, RootStat};
use crate::searcher::{InLine, Searcher, Step};

/// UCT over determinized states, or information-set MCTS: see the module documentation.
#[derive(Clone, Debug)]
pub struct MctsAgent<G: SearchGame> {
    /// Boxed: agents of every kind sit side by side in an enum (crate::AnyAgent).
    searcher: Box<Searcher<G>>,
    in_line: InLine,
    /// The simulations' state buffer and path.
    scratch: Option<G>,
    path: Vec<u32>,
    /// The rounds' memory when an evaluator scores the leaves ([`MctsAgent::act_with`]).
    leaves: Option<Box<Leaves<G>>>,
}

impl<G: SearchGame> MctsAgent<G> {
    /// An agent with these settings (`simulations` and `determinizations` at least 1: the
    /// registry, crate::spec, checks settings given by name or from Python).
    pub fn new(config: MctsConfig) -> Self {
        let in_line = match config.evaluator {
            EvaluatorChoice::Rollout => InLine::Rollout(Rollout::new(config.rollout_depth)),
            EvaluatorChoice::Evaluation => InLine::Evaluation,
        };
        MctsAgent {
            searcher: Box::new(Searcher::new(config)),
            in_line,
            scratch: None,
            path: Vec::with_capacity(64),
            leaves: None,
        }
    }

    /// Its settings.
    pub fn config(&self) -> &MctsConfig {
        &self.searcher.config
    }

    /// What the agent believes about the cards it can't see: its searches deal them from it
    /// (`None`: from what the game's set-up says). The duel's: a prior over the opponent's
    /// deck, for games in which the opponent's deck list isn't known (Limited).
    pub fn set_belief(&mut self, belief: Option<G::Belief>) {
        self.searcher.belief = belief;
    }

    /// What the agent believes (see [`MctsAgent::set_belief`]).
    pub fn belief(&self) -> Option<&G::Belief> {
        self.searcher.belief.as_ref()
    }

    /// The root tally of the last decision (empty if it had a single legal action).
    pub fn root_stats(&self) -> &[RootStat] {
        &self.searcher.root
    }

    /// Simulations run since the agent was made (for throughput measurements).
    pub fn simulations_run(&self) -> u64 {
        self.searcher.simulations_run
    }

    /// The action chosen in `game` with `evaluator` scoring the leaves (its priors and values,
    /// by its selection rule) instead of the built-in evaluator; `batch_size` and
    /// `parallel_leaves` as in a [`BatchedSearch`](crate::BatchedSearch) of this one game. An
    /// evaluator's error (or results refused) ends the decision.
    pub fn act_with(
        &mut self,
        game: &G,
        evaluator: &mut dyn Evaluator<G>,
    ) -> Result<u32, EvalError> {
        if let Some(only) = self.searcher.begin(game) {
            return Ok(only);
        }
        let leaves = self.leaves.get_or_insert_with(Default::default);
        let batch_size = self.searcher.config.batch_size.max(1) as usize;
        drive(
            std::slice::from_mut(&mut *self.searcher),
            std::slice::from_ref(game),
            evaluator,
            batch_size,
            leaves,
        )?;
        Ok(self.searcher.best_action())
    }
}

impl<G: SearchGame> Agent<G> for MctsAgent<G> {
    fn act(&mut self, game: &G) -> u32 {
        if let Some(only) = self.searcher.begin(game) {
            return only;
        }
        let state = self.scratch.get_or_insert_with(|| game.clone());
        loop {
            self.path.clear();
            match self
                .searcher
                .descend(game, state, &mut self.path, &mut self.in_line)
            {
                Step::BackedUp => {}
                Step::Finished => break,
                Step::Leaf(_) | Step::Wait => unreachable!("a built-in evaluator scores in line"),
            }
        }
        self.searcher.best_action()
    }

    fn begin_game(&mut self, game_seed: u64) {
        self.searcher.begin_game(game_seed);
    }
}
