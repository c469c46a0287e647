//! Monte Carlo tree search (UCT) over determinized states, and information-set MCTS.
//!
//! Two algorithms ([`Algorithm`]), sharing the settings, the simulations' random part and the
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
//! otherwise [`SearchGame::evaluate`].
//!
//! [`Algorithm::InformationSet`]: single-observer information-set MCTS (rust/agents/src/ismcts.rs).
//!
//! What both share (the settings, the rollout, the root tally and choice) is in
//! rust/agents/src/search.rs.
//!
//! The tree is an arena of nodes reused from search to search, and the states are two buffers
//! reused by `clone_from`: a simulation allocates nothing the game itself doesn't.

use crate::agent::Agent;
use crate::game::SearchGame;
use crate::ismcts;
use crate::rng::{below, derive, rng_from};
use crate::search::Search;
pub use crate::search::{Algorithm, MctsConfig, RootStat};
use rand_core::RngCore;

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

/// One determinization's UCT tree: an arena of nodes, children stored together.
#[derive(Clone, Debug, Default)]
struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    /// An empty tree: the root alone.
    fn clear(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::new(u32::MAX, -1));
    }

    fn expand<G: SearchGame>(&mut self, s: &mut Search, node: usize, state: &G) {
        let player = state.current_player();
        state.legal_actions(&mut s.actions);
        // A random order, so that the first visits don't favour small ids.
        for i in (1..s.actions.len()).rev() {
            let j = below(&mut s.rng, i + 1);
            s.actions.swap(i, j);
        }
        let first = self.nodes.len() as u32;
        for &a in &s.actions {
            self.nodes.push(Node::new(a, player));
        }
        let n = &mut self.nodes[node];
        n.first_child = first;
        n.num_children = s.actions.len() as u32;
        n.expanded = true;
    }

    fn select(&self, node: usize, exploration: f64) -> usize {
        let n = &self.nodes[node];
        let children = n.first_child as usize..(n.first_child + n.num_children) as usize;
        let log_n = f64::from(n.visits.max(1)).ln();
        let mut best = children.start;
        let mut best_score = f64::NEG_INFINITY;
        for i in children {
            let child = &self.nodes[i];
            if child.visits == 0 {
                return i;
            }
            let visits = f64::from(child.visits);
            let score = child.value / visits + exploration * (log_n / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    fn simulate<G: SearchGame>(&mut self, s: &mut Search, det: &G, state: &mut G) {
        state.clone_from(det);
        s.path.clear();
        s.path.push(0);
        let mut node = 0usize;
        while !state.is_terminal() {
            if !self.nodes[node].expanded {
                self.expand(s, node, state);
            }
            if self.nodes[node].num_children == 0 {
                break;
            }
            let child = self.select(node, s.config.exploration);
            let fresh = self.nodes[child].visits == 0;
            state.apply_action(self.nodes[child].action);
            s.path.push(child as u32);
            node = child;
            if fresh {
                break;
            }
        }
        let v0 = s.rollout(state);
        for &i in &s.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.value += if n.player == 0 { v0 } else { -v0 };
        }
    }

    /// Adds the root's children to the root tally.
    fn tally_root(&self, root: &mut Vec<RootStat>) {
        let top = self.nodes[0];
        for i in top.first_child..top.first_child + top.num_children {
            let child = self.nodes[i as usize];
            match root.iter_mut().find(|s| s.action == child.action) {
                Some(s) => {
                    s.visits += u64::from(child.visits);
                    s.value += child.value;
                }
                None => root.push(RootStat {
                    action: child.action,
                    visits: u64::from(child.visits),
                    value: child.value,
                }),
            }
        }
    }
}

/// UCT over determinized states, or information-set MCTS: see the module documentation.
#[derive(Clone, Debug)]
pub struct MctsAgent<G> {
    search: Search,
    tree: Tree,
    /// The information-set tree (only [`Algorithm::InformationSet`] uses it).
    info: ismcts::Tree,
    det: Option<G>,
    scratch: Option<G>,
}

impl<G: SearchGame> MctsAgent<G> {
    /// An agent with these settings (`simulations` and `determinizations` at least 1: the
    /// registry, crate::spec, checks settings given by name or from Python).
    pub fn new(config: MctsConfig) -> Self {
        MctsAgent {
            search: Search::new(config),
            tree: Tree::default(),
            info: ismcts::Tree::default(),
            det: None,
            scratch: None,
        }
    }

    /// Its settings.
    pub fn config(&self) -> &MctsConfig {
        &self.search.config
    }

    /// The root tally of the last decision (empty if it had a single legal action).
    pub fn root_stats(&self) -> &[RootStat] {
        &self.search.root
    }

    /// Simulations run since the agent was made (for throughput measurements).
    pub fn simulations_run(&self) -> u64 {
        self.search.simulations_run
    }

    /// The determinized searches: each of the first `min(determinizations, simulations)`
    /// deals gets its share of the simulations in a tree of its own.
    fn search_determinized(&mut self, game: &G, player: usize, det: &mut G) {
        let s = &mut self.search;
        let simulations = s.config.simulations.max(1);
        let determinizations = s.config.determinizations.max(1);
        // A determinization beyond the simulations would have none to run (the first ones take
        // the rest): its deal is skipped, but its draw from the stream is still consumed
        // (in O(log n): the stream jumps ahead), so every setting plays as it always has.
        let searched = determinizations.min(simulations);
        let mut state = self.scratch.take().unwrap_or_else(|| det.clone());
        for d in 0..searched {
            if d > 0 {
                game.resample_into(player, s.rng.next_u64(), det);
            }
            // This determinization's share of the simulations (the first ones take the rest).
            let share =
                simulations / determinizations + u32::from(d < simulations % determinizations);
            self.tree.clear();
            for _ in 0..share {
                self.tree.simulate(s, det, &mut state);
            }
            self.tree.tally_root(&mut s.root);
        }
        s.rng.advance(u128::from(determinizations - searched));
        self.scratch = Some(state);
    }
}

impl<G: SearchGame> Agent<G> for MctsAgent<G> {
    fn act(&mut self, game: &G) -> u32 {
        let player = game.current_player();
        assert!(player >= 0, "act on a terminal state");
        let player = player as usize;
        self.search.root.clear();
        let seed = self.search.rng.next_u64();
        let mut det = match self.det.take() {
            Some(mut d) => {
                game.resample_into(player, seed, &mut d);
                d
            }
            None => game.resample(player, seed),
        };
        det.legal_actions(&mut self.search.actions);
        assert!(
            !self.search.actions.is_empty(),
            "act on a state with no legal action"
        );
        if self.search.actions.len() == 1 {
            let only = self.search.actions[0];
            self.det = Some(det);
            return only;
        }
        match self.search.config.algorithm {
            Algorithm::InformationSet => self.info.search(&mut self.search, game, player, &mut det),
            Algorithm::Determinized => self.search_determinized(game, player, &mut det),
        }
        self.det = Some(det);
        self.search.best_root_action()
    }

    fn begin_game(&mut self, game_seed: u64) {
        self.search.rng = rng_from(derive(self.search.config.seed, game_seed));
    }
}
