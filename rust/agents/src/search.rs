//! What both of MCTS's searches share: the settings ([`MctsConfig`], [`Algorithm`]), the random
//! end of a simulation, the root tally ([`RootStat`]) and the choice of the action at the root.
//! The determinized trees (mcts.rs) and the information-set tree (ismcts.rs) each keep their
//! own nodes and use a [`Search`] for the rest.

use crate::game::SearchGame;
use crate::rng::{below, rng_from, Rng};

/// How an [`MctsAgent`](crate::MctsAgent) handles what it can't see.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// `determinizations` independent UCT trees, each over one determinized state, their root
    /// visits added up.
    #[default]
    Determinized,
    /// Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012): one tree over
    /// the acting player's information sets, a fresh determinization every simulation, and
    /// UCB counting a child's availability instead of its parent's visits
    /// (`determinizations` is unused).
    InformationSet,
}

impl Algorithm {
    /// Every algorithm, in the order of [`Algorithm::NAMES`].
    pub const ALL: [Algorithm; 2] = [Algorithm::Determinized, Algorithm::InformationSet];
    /// The names of [`Algorithm::ALL`], as the bindings and agent specs take them.
    pub const NAMES: [&'static str; 2] = ["determinized", "ismcts"];

    /// The name the bindings use: `"determinized"` or `"ismcts"`.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

impl std::str::FromStr for Algorithm {
    type Err = String;
    /// The algorithm of a name given by [`Algorithm::name`] (an error message naming both).
    fn from_str(name: &str) -> Result<Algorithm, String> {
        match Self::NAMES.iter().position(|&n| n == name) {
            Some(i) => Ok(Self::ALL[i]),
            None => Err(format!(
                "algorithm must be \"determinized\" or \"ismcts\", got {name:?}"
            )),
        }
    }
}

/// The settings of an [`MctsAgent`](crate::MctsAgent). Their names, ranges and defaults as
/// agent options are in the registry (crate::spec), which reads the defaults from
/// [`MctsConfig::DEFAULT`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Simulations per decision, over all the determinizations.
    pub simulations: u32,
    /// The UCB1 exploration constant.
    pub exploration: f64,
    /// Independent determinized searches per decision (at most `simulations` of them run: the
    /// rest would have no simulation to run).
    pub determinizations: u32,
    /// The most random actions a simulation plays after the tree before it evaluates.
    pub rollout_depth: u32,
    /// The seed of the agent's random stream.
    pub seed: u64,
    /// Determinized trees or information-set MCTS.
    pub algorithm: Algorithm,
}

impl MctsConfig {
    /// The default settings.
    pub const DEFAULT: MctsConfig = MctsConfig {
        simulations: 1000,
        exploration: 1.0,
        determinizations: 4,
        rollout_depth: 16,
        seed: 0,
        algorithm: Algorithm::Determinized,
    };
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig::DEFAULT
    }
}

/// One root action's tally over the searches of the last decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootStat {
    pub action: u32,
    pub visits: u64,
    /// The sum of the simulation values for the player to act.
    pub value: f64,
}

/// The state both searches share: the settings, the random stream, scratch buffers, the root
/// tally of the last decision and the simulations run.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    pub(crate) config: MctsConfig,
    pub(crate) rng: Rng,
    /// The nodes of the current simulation's descent.
    pub(crate) path: Vec<u32>,
    pub(crate) actions: Vec<u32>,
    pub(crate) root: Vec<RootStat>,
    pub(crate) simulations_run: u64,
}

impl Search {
    pub(crate) fn new(config: MctsConfig) -> Self {
        Search {
            config,
            rng: rng_from(config.seed),
            path: Vec::with_capacity(64),
            actions: Vec::with_capacity(64),
            root: Vec::with_capacity(64),
            simulations_run: 0,
        }
    }

    /// The end of a simulation: at most `rollout_depth` uniformly random actions, then the
    /// value for player 0 (the returns if the game is over, else the evaluation).
    pub(crate) fn rollout<G: SearchGame>(&mut self, state: &mut G) -> f64 {
        let mut depth = 0;
        while depth < self.config.rollout_depth && !state.is_terminal() {
            state.legal_actions(&mut self.actions);
            let a = self.actions[below(&mut self.rng, self.actions.len())];
            state.apply_action(a);
            depth += 1;
        }
        self.simulations_run += 1;
        if state.is_terminal() {
            state.returns()[0]
        } else {
            state.evaluate(0)
        }
    }

    /// The most visited root action (ties: the better mean value, then the smaller id).
    pub(crate) fn best_root_action(&self) -> u32 {
        let mut best = self.root[0];
        for s in &self.root[1..] {
            let mean = |r: &RootStat| {
                if r.visits > 0 {
                    r.value / r.visits as f64
                } else {
                    -2.0
                }
            };
            let better = s.visits > best.visits
                || (s.visits == best.visits
                    && (mean(s) > mean(&best)
                        || (mean(s) == mean(&best) && s.action < best.action)));
            if better {
                best = *s;
            }
        }
        best.action
    }
}
