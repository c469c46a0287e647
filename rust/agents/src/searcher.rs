//! One game's search for one decision, a descent at a time: what an
//! [`MctsAgent`](crate::MctsAgent) runs alone and a [`BatchedSearch`](crate::BatchedSearch)
//! runs for many games at once.
//!
//! [`Searcher::begin`] deals the first determinization; each [`Searcher::descend`] starts a
//! simulation on a copy of the current deal (a fresh deal per simulation under information-set
//! MCTS) and goes down the tree. A descent that ends in a state whose game is over is backed up
//! at once; so is one whose leaf a built-in evaluator scores in line ([`InLine`]: a random
//! rollout drawn from the searcher's own stream, or the hand-written evaluation with uniform
//! priors), which makes the sequential agent exactly the search it has always been. Otherwise
//! the leaf waits, counting a virtual loss on its path, until its evaluation comes back
//! ([`Searcher::complete`]). At most `parallel_leaves` leaves of a searcher wait at once; a
//! determinized tree's last leaves come back before the next deal's tree starts.

use crate::evaluator::{Rollout, Selection};
use crate::game::SearchGame;
use crate::ismcts;
use crate::rng::{derive, rng_from, Rng};
use crate::search::{add_dirichlet_noise, best_root_action, Algorithm, Descent, MctsConfig};
use crate::search::{Reached, RootStat};
use crate::tree::Tree;
use rand_core::RngCore;

/// What scores a searcher's leaves when they don't go to a batch's evaluator.
#[derive(Clone, Debug)]
pub(crate) enum InLine {
    /// Random rollouts from the searcher's stream; UCB1.
    Rollout(Rollout),
    /// The hand-written evaluation and uniform priors; PUCT.
    Evaluation,
    /// None: leaves wait for an evaluator (its own selection rule).
    Batched(Selection),
}

impl InLine {
    pub(crate) fn selection(&self) -> Selection {
        match self {
            InLine::Rollout(_) => Selection::Ucb1,
            InLine::Evaluation => Selection::Puct,
            InLine::Batched(s) => *s,
        }
    }
}

/// What a descent came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A leaf for the evaluator: the state is in the buffer given, the path appended.
    Leaf(u32),
    /// A simulation backed up already (a game's end, or a leaf scored in line).
    BackedUp,
    /// No descent can start until the waiting leaves come back.
    Wait,
    /// Every simulation of the decision is backed up.
    Finished,
}

/// A deal of what `player` can't see into `out`: from `belief` if there is one.
fn deal<G: SearchGame>(
    game: &G,
    player: usize,
    seed: u64,
    belief: Option<&G::Belief>,
    out: &mut G,
) {
    match belief {
        Some(b) => game.resample_believing_into(player, seed, b, out),
        None => game.resample_into(player, seed, out),
    }
}

/// One game's search state (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct Searcher<G: SearchGame> {
    pub(crate) config: MctsConfig,
    /// What the searching player believes about the cards it can't see: its deals come from
    /// it (none: from what the game's set-up says, `resample`).
    pub(crate) belief: Option<G::Belief>,
    pub(crate) rng: Rng,
    tree: Tree,
    info: ismcts::Tree,
    actions: Vec<u32>,
    children: Vec<(u32, f32)>,
    pub(crate) root: Vec<RootStat>,
    pub(crate) simulations_run: u64,
    /// The current deal (the first of each decision is made in `begin`).
    det: Option<G>,
    player: usize,
    /// Determinized trees searched this decision, the current one's index and share.
    searched: u32,
    tree_index: u32,
    share: u32,
    /// Descents started in the current tree, and those waiting for their evaluation.
    issued: u32,
    waiting: u32,
    /// Whether the first deal is still to be used (information-set MCTS).
    first_deal: bool,
    finished: bool,
    /// The decision's only legal action, if it had one.
    only: Option<u32>,
}

impl<G: SearchGame> Searcher<G> {
    pub(crate) fn new(config: MctsConfig) -> Self {
        Searcher {
            config,
            belief: None,
            rng: rng_from(config.seed),
            tree: Tree::default(),
            info: ismcts::Tree::default(),
            actions: Vec::with_capacity(64),
            children: Vec::with_capacity(64),
            root: Vec::with_capacity(64),
            simulations_run: 0,
            det: None,
            player: 0,
            searched: 0,
            tree_index: 0,
            share: 0,
            issued: 0,
            waiting: 0,
            first_deal: false,
            finished: true,
            only: None,
        }
    }

    /// Restarts the random stream for a game: the seed mixed with `game_seed`.
    pub(crate) fn begin_game(&mut self, game_seed: u64) {
        self.rng = rng_from(derive(self.config.seed, game_seed));
    }

    /// This determinized tree's share of the simulations (the first trees take the rest).
    fn share_of(&self, tree: u32) -> u32 {
        let simulations = self.config.simulations.max(1);
        let determinizations = self.config.determinizations.max(1);
        simulations / determinizations + u32::from(tree < simulations % determinizations)
    }

    /// Starts a decision in `game` (not terminal, with a legal action): its only legal action
    /// if it has one (nothing to search), else `None` and the search is ready to descend.
    pub(crate) fn begin(&mut self, game: &G) -> Option<u32> {
        let player = game.current_player();
        assert!(player >= 0, "search on a terminal state");
        self.player = player as usize;
        self.root.clear();
        let seed = self.rng.next_u64();
        let det = match (self.det.take(), &self.belief) {
            (Some(mut d), belief) => {
                deal(game, self.player, seed, belief.as_ref(), &mut d);
                d
            }
            (None, None) => game.resample(self.player, seed),
            (None, Some(belief)) => {
                let mut d = game.clone();
                game.resample_believing_into(self.player, seed, belief, &mut d);
                d
            }
        };
        det.legal_actions(&mut self.actions);
        assert!(
            !self.actions.is_empty(),
            "search on a state with no legal action"
        );
        let only = (self.actions.len() == 1).then(|| self.actions[0]);
        self.det = Some(det);
        self.finished = only.is_some();
        self.only = only;
        if only.is_none() {
            let simulations = self.config.simulations.max(1);
            self.searched = self.config.determinizations.max(1).min(simulations);
            self.tree_index = 0;
            self.issued = 0;
            self.waiting = 0;
            match self.config.algorithm {
                Algorithm::Determinized => {
                    self.share = self.share_of(0);
                    self.tree.clear();
                }
                Algorithm::InformationSet => {
                    self.share = simulations;
                    self.first_deal = true;
                    self.info.clear();
                }
            }
        }
        only
    }

    /// The current tree's simulations are all back: its root joins the tally and the next
    /// deal's tree starts, or the decision is finished.
    fn next_tree(&mut self, game: &G) {
        match self.config.algorithm {
            Algorithm::InformationSet => {
                self.info.tally_root(&mut self.root);
                self.finished = true;
            }
            Algorithm::Determinized => {
                self.tree.tally_root(&mut self.root);
                self.tree_index += 1;
                if self.tree_index < self.searched {
                    let det = self.det.as_mut().expect("a deal");
                    let seed = self.rng.next_u64();
                    deal(game, self.player, seed, self.belief.as_ref(), det);
                    self.share = self.share_of(self.tree_index);
                    self.issued = 0;
                    self.tree.clear();
                } else {
                    // A determinization beyond the simulations would have none to run: its
                    // deal is skipped, but its draw from the stream is still consumed (in
                    // O(log n): the stream jumps ahead), so every setting plays as it always
                    // has.
                    let skipped = self.config.determinizations.max(1) - self.searched;
                    self.rng.advance(u128::from(skipped));
                    self.finished = true;
                }
            }
        }
    }

    /// Whether the decision's simulations are all backed up.
    pub(crate) fn is_finished(&self) -> bool {
        self.finished
    }

    /// Starts the next simulation on `state` (a buffer this searcher's deals are copied into),
    /// appending its path to `path`; see [`Step`].
    pub(crate) fn descend(
        &mut self,
        game: &G,
        state: &mut G,
        path: &mut Vec<u32>,
        in_line: &mut InLine,
    ) -> Step {
        loop {
            if self.finished {
                return Step::Finished;
            }
            if self.issued < self.share {
                if self.waiting >= self.config.parallel_leaves.max(1) {
                    return Step::Wait;
                }
                break;
            }
            if self.waiting > 0 {
                return Step::Wait;
            }
            self.next_tree(game);
        }
        let info_set = self.config.algorithm == Algorithm::InformationSet;
        if info_set && !self.first_deal {
            let seed = self.rng.next_u64();
            deal(game, self.player, seed, self.belief.as_ref(), state);
        } else {
            state.clone_from(self.det.as_ref().expect("a deal"));
            self.first_deal = false;
        }
        self.issued += 1;
        let start = path.len();
        let selection = in_line.selection();
        let mut d = Descent {
            config: &self.config,
            selection,
            rng: &mut self.rng,
            actions: &mut self.actions,
        };
        let reached = if info_set {
            self.info.descend(&mut d, state, path)
        } else {
            self.tree.descend(&mut d, state, path)
        };
        let node = match reached {
            Reached::Terminal(v0) => {
                self.backup(&path[start..], v0);
                return Step::BackedUp;
            }
            Reached::Leaf(node) => node,
        };
        match in_line {
            InLine::Rollout(r) => {
                let v0 = r.value(state, 0, &mut self.rng);
                self.backup(&path[start..], v0);
                Step::BackedUp
            }
            InLine::Evaluation => {
                let p = state.current_player() as usize;
                let v = state.evaluate(p);
                state.legal_actions(&mut self.actions);
                let uniform = 1.0 / self.actions.len() as f32;
                self.children.clear();
                self.children
                    .extend(self.actions.iter().map(|&a| (a, uniform)));
                self.expand(node, p);
                self.backup(&path[start..], if p == 0 { v } else { -v });
                Step::BackedUp
            }
            InLine::Batched(_) => {
                self.waiting += 1;
                Step::Leaf(node)
            }
        }
    }

    /// Gives `node` the children in `self.children` (under PUCT, if not given already: two
    /// leaves waiting at once may be the same node), with the root's noise.
    fn expand(&mut self, node: u32, player: usize) {
        let info_set = self.config.algorithm == Algorithm::InformationSet;
        let expanded = if info_set {
            self.info.is_expanded(node)
        } else {
            self.tree.is_expanded(node)
        };
        if expanded {
            return;
        }
        if node == 0 {
            add_dirichlet_noise(&mut self.rng, &self.config, &mut self.children);
        }
        if info_set {
            self.info.expand(node, player as i32, &self.children);
        } else {
            self.tree.expand(node, player as i32, &self.children);
        }
    }

    fn backup(&mut self, path: &[u32], v0: f64) {
        match self.config.algorithm {
            Algorithm::InformationSet => self.info.backup(path, v0),
            Algorithm::Determinized => self.tree.backup(path, v0),
        }
        self.simulations_run += 1;
    }

    /// A waiting leaf's evaluation comes back: `value` for `player`, the player to act at the
    /// leaf, whose `legal` actions are given, and (under PUCT) `priors` indexed by action id
    /// (checked finite and non-negative at the legal actions; normalised over them, uniform if
    /// they sum to 0).
    pub(crate) fn complete(
        &mut self,
        path: &[u32],
        node: u32,
        (player, legal): (usize, &[u32]),
        priors: Option<&[f32]>,
        value: f64,
    ) {
        let p = player;
        if let Some(priors) = priors {
            let total: f32 = legal.iter().map(|&a| priors[a as usize]).sum();
            let uniform = 1.0 / legal.len().max(1) as f32;
            self.children.clear();
            self.children.extend(legal.iter().map(|&a| {
                let prior = if total > 0.0 {
                    priors[a as usize] / total
                } else {
                    uniform
                };
                (a, prior)
            }));
            self.expand(node, p);
        }
        self.waiting -= 1;
        self.backup(path, if p == 0 { value } else { -value });
    }

    /// Nothing to search (the game is over): finished, with no choice.
    pub(crate) fn skip(&mut self) {
        self.root.clear();
        self.only = None;
        self.finished = true;
    }

    /// The finished decision's choice: its only legal action, the best searched one, or
    /// `None` if it was skipped.
    pub(crate) fn chosen(&self) -> Option<u32> {
        if self.root.is_empty() {
            self.only
        } else {
            Some(self.best_action())
        }
    }

    /// The most visited root action (ties: the better mean value, then the smaller id).
    pub(crate) fn best_action(&self) -> u32 {
        best_root_action(&self.root)
    }
}
