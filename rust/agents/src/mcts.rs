//! Monte Carlo tree search (UCT) over determinized states, and information-set MCTS.
//!
//! Two algorithms ([`Algorithm`]), sharing the settings, the simulations' random part and the
//! choice of the action at the root.
//!
//! [`Algorithm::Determinized`]: a decision runs `determinizations` independent searches. Each starts from
//! [`SearchGame::resample`] of the state for the player to act (so everything that player can't
//! see is dealt again and the true hidden cards are never read), builds a UCT tree of
//! `simulations / determinizations` simulations on that perfect-information copy, and adds its
//! root's visit counts to a tally; the action with the most visits over all the trees is played
//! (ties: the better mean value, then the smaller id). A simulation descends by UCB1
//! (`mean + exploration * sqrt(ln N / n)`, values in `[-1, 1]` from the point of view of the
//! player choosing), expands a leaf with all its legal actions in a random order, plays at most
//! `rollout_depth` uniformly random actions, and scores the end: the returns if the game is over,
//! otherwise [`SearchGame::evaluate`].
//!
//! [`Algorithm::InformationSet`]: single-observer information-set MCTS (rust/agents/src/ismcts.rs).
//!
//! The tree is an arena of nodes reused from search to search, and the states are two buffers
//! reused by `clone_from`: a simulation allocates nothing the game itself doesn't.

use crate::agent::Agent;
use crate::game::SearchGame;
use crate::rng::{below, derive, rng_from, Rng};
use rand_core::RngCore;

/// How an [`MctsAgent`] handles what it can't see.
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
    /// The name the bindings use: `"determinized"` or `"ismcts"`.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Determinized => "determinized",
            Algorithm::InformationSet => "ismcts",
        }
    }
}

impl std::str::FromStr for Algorithm {
    type Err = String;
    /// The algorithm of a name given by [`Algorithm::name`] (an error message naming both).
    fn from_str(name: &str) -> Result<Algorithm, String> {
        match name {
            "determinized" => Ok(Algorithm::Determinized),
            "ismcts" => Ok(Algorithm::InformationSet),
            _ => Err(format!(
                "algorithm must be \"determinized\" or \"ismcts\", got {name:?}"
            )),
        }
    }
}

/// The settings of an [`MctsAgent`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Simulations per decision, over all the determinizations.
    pub simulations: u32,
    /// The UCB1 exploration constant.
    pub exploration: f64,
    /// Independent determinized searches per decision.
    pub determinizations: u32,
    /// The most random actions a simulation plays after the tree before it evaluates.
    pub rollout_depth: u32,
    /// The seed of the agent's random stream.
    pub seed: u64,
    /// Determinized trees or information-set MCTS.
    pub algorithm: Algorithm,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            simulations: 1000,
            exploration: 1.0,
            determinizations: 4,
            rollout_depth: 16,
            seed: 0,
            algorithm: Algorithm::Determinized,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Node {
    /// The action that leads here from the parent.
    action: u32,
    /// The player who chose `action` (the values are from its point of view).
    player: i32,
    first_child: u32,
    num_children: u32,
    visits: u32,
    expanded: bool,
    value: f64,
}

impl Node {
    fn new(action: u32, player: i32) -> Self {
        Node {
            action,
            player,
            first_child: 0,
            num_children: 0,
            visits: 0,
            expanded: false,
            value: 0.0,
        }
    }
}

/// One root action's tally over the determinized searches of the last decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootStat {
    pub action: u32,
    pub visits: u64,
    /// The sum of the simulation values for the player to act.
    pub value: f64,
}

/// UCT over determinized states, or information-set MCTS: see the module documentation.
#[derive(Clone, Debug)]
pub struct MctsAgent<G> {
    pub(crate) config: MctsConfig,
    pub(crate) rng: Rng,
    nodes: Vec<Node>,
    pub(crate) path: Vec<u32>,
    pub(crate) actions: Vec<u32>,
    pub(crate) root: Vec<RootStat>,
    det: Option<G>,
    scratch: Option<G>,
    pub(crate) simulations_run: u64,
    /// The information-set tree (only [`Algorithm::InformationSet`] uses it).
    pub(crate) info: crate::ismcts::Tree,
}

impl<G: SearchGame> MctsAgent<G> {
    /// An agent with these settings (`simulations` and `determinizations` at least 1).
    pub fn new(config: MctsConfig) -> Self {
        MctsAgent {
            config,
            rng: rng_from(config.seed),
            nodes: Vec::new(),
            path: Vec::with_capacity(64),
            actions: Vec::with_capacity(64),
            root: Vec::with_capacity(64),
            det: None,
            scratch: None,
            simulations_run: 0,
            info: crate::ismcts::Tree::default(),
        }
    }

    /// Its settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The root tally of the last decision (empty if it had a single legal action).
    pub fn root_stats(&self) -> &[RootStat] {
        &self.root
    }

    /// Simulations run since the agent was made (for throughput measurements).
    pub fn simulations_run(&self) -> u64 {
        self.simulations_run
    }

    fn expand(&mut self, node: usize, state: &G) {
        let player = state.current_player();
        state.legal_actions(&mut self.actions);
        // A random order, so that the first visits don't favour small ids.
        for i in (1..self.actions.len()).rev() {
            let j = below(&mut self.rng, i + 1);
            self.actions.swap(i, j);
        }
        let first = self.nodes.len() as u32;
        for &a in &self.actions {
            self.nodes.push(Node::new(a, player));
        }
        let n = &mut self.nodes[node];
        n.first_child = first;
        n.num_children = self.actions.len() as u32;
        n.expanded = true;
    }

    fn select(&self, node: usize) -> usize {
        let n = &self.nodes[node];
        let children = n.first_child as usize..(n.first_child + n.num_children) as usize;
        let log_n = f64::from(n.visits.max(1)).ln();
        let c = self.config.exploration;
        let mut best = children.start;
        let mut best_score = f64::NEG_INFINITY;
        for i in children {
            let child = &self.nodes[i];
            if child.visits == 0 {
                return i;
            }
            let visits = f64::from(child.visits);
            let score = child.value / visits + c * (log_n / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    fn simulate(&mut self, det: &G, state: &mut G) {
        state.clone_from(det);
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        while !state.is_terminal() {
            if !self.nodes[node].expanded {
                self.expand(node, state);
            }
            if self.nodes[node].num_children == 0 {
                break;
            }
            let child = self.select(node);
            let fresh = self.nodes[child].visits == 0;
            state.apply_action(self.nodes[child].action);
            self.path.push(child as u32);
            node = child;
            if fresh {
                break;
            }
        }
        let v0 = self.rollout(state);
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.value += if n.player == 0 { v0 } else { -v0 };
        }
    }

    /// The end of a simulation: at most `rollout_depth` uniformly random actions, then the
    /// value for player 0 (the returns if the game is over, else the evaluation).
    pub(crate) fn rollout(&mut self, state: &mut G) -> f64 {
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

    fn tally_root(&mut self) {
        let root = self.nodes[0];
        for i in root.first_child..root.first_child + root.num_children {
            let child = self.nodes[i as usize];
            match self.root.iter_mut().find(|s| s.action == child.action) {
                Some(s) => {
                    s.visits += u64::from(child.visits);
                    s.value += child.value;
                }
                None => self.root.push(RootStat {
                    action: child.action,
                    visits: u64::from(child.visits),
                    value: child.value,
                }),
            }
        }
    }

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

impl<G: SearchGame> Agent<G> for MctsAgent<G> {
    fn act(&mut self, game: &G) -> u32 {
        let player = game.current_player();
        assert!(player >= 0, "act on a terminal state");
        let player = player as usize;
        self.root.clear();
        let determinizations = self.config.determinizations.max(1);
        let simulations = self.config.simulations.max(1);
        let mut det = match self.det.take() {
            Some(mut d) => {
                game.resample_into(player, self.rng.next_u64(), &mut d);
                d
            }
            None => game.resample(player, self.rng.next_u64()),
        };
        det.legal_actions(&mut self.actions);
        assert!(
            !self.actions.is_empty(),
            "act on a state with no legal action"
        );
        if self.actions.len() == 1 {
            let only = self.actions[0];
            self.det = Some(det);
            return only;
        }
        if self.config.algorithm == Algorithm::InformationSet {
            self.search_information_sets(game, player, &mut det);
            self.det = Some(det);
            return self.best_root_action();
        }
        let mut state = self.scratch.take().unwrap_or_else(|| det.clone());
        for d in 0..determinizations {
            if d > 0 {
                game.resample_into(player, self.rng.next_u64(), &mut det);
            }
            // This determinization's share of the simulations (the first ones take the rest).
            let share =
                simulations / determinizations + u32::from(d < simulations % determinizations);
            if share == 0 {
                continue;
            }
            self.nodes.clear();
            self.nodes.push(Node::new(u32::MAX, -1));
            for _ in 0..share {
                self.simulate(&det, &mut state);
            }
            self.tally_root();
        }
        self.det = Some(det);
        self.scratch = Some(state);
        self.best_root_action()
    }

    fn begin_game(&mut self, game_seed: u64) {
        self.rng = rng_from(derive(self.config.seed, game_seed));
    }
}
