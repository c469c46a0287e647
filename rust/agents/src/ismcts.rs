//! Single-observer information-set MCTS (SO-ISMCTS; Cowling, Powley & Whitehouse, "Information
//! Set Monte Carlo Tree Search", 2012), the [`Algorithm::InformationSet`] search of
//! [`MctsAgent`](crate::MctsAgent).
//!
//! One tree for the whole decision. Its nodes are the searching player's information sets,
//! reached by a sequence of actions from the root; a node's child is keyed by the action and the
//! player who chose it (the same action history can leave either player to decide in different
//! deals, when a player with nothing to do passes without a decision). Every simulation starts
//! from a fresh determinization, [`SearchGame::resample`] of the true state for the searching
//! player, so the true hidden cards are never read. On the way down only the children whose
//! action is legal in that determinization are *available*; each available child's availability
//! count goes up by one, an untried legal action (chosen uniformly at random) is expanded if
//! there is one, and otherwise the child maximising
//! `mean + exploration * sqrt(ln availability / visits)` is played. Then the simulation ends as
//! the determinized search's does (random rollout, returns or evaluation) and the values are
//! added along the path, each from the point of view of the player who chose the action.
//!
//! The nodes are an arena reused from decision to decision (children as sibling lists, since
//! they are added one at a time), legal actions are marked in a reused table of stamps, and the
//! determinization is dealt into one reused buffer ([`SearchGame::resample_into`]).
//!
//! [`Algorithm::InformationSet`]: crate::search::Algorithm::InformationSet

use crate::game::SearchGame;
use crate::rng::below;
use crate::search::{RootStat, Search};
use rand_core::RngCore;

/// No child or no further sibling: node 0 is the root, which is nobody's child.
const NONE: u32 = 0;

#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// The action that leads here from the parent.
    action: u32,
    /// The player who chose `action` (the values are from its point of view).
    player: i32,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Simulations in which this node's action was legal when its parent was visited.
    availability: u32,
    value: f64,
}

/// The information-set tree and its scratch tables.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
    /// By action id: `stamp` if the action is legal here and untried, `stamp + 1` if it is
    /// legal and has an available child.
    marks: Vec<u32>,
    stamp: u32,
}

impl Tree {
    /// A fresh stamp for the next node's legal actions (two values per node).
    fn next_stamp(&mut self) -> u32 {
        if self.stamp >= u32::MAX - 4 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.stamp = 0;
        }
        self.stamp += 2;
        self.stamp
    }
}

impl Tree {
    /// Runs the configured simulations from `game` for `player` (the player to act), each over
    /// a determinization dealt into `det` (which holds the first one on entry), and leaves the
    /// root's children in the root tally.
    pub(crate) fn search<G: SearchGame>(
        &mut self,
        s: &mut Search,
        game: &G,
        player: usize,
        det: &mut G,
    ) {
        self.nodes.clear();
        // The root (its action, player and values are never read).
        self.nodes.push(Node::default());
        let simulations = s.config.simulations.max(1);
        for i in 0..simulations {
            if i > 0 {
                game.resample_into(player, s.rng.next_u64(), det);
            }
            self.iterate(s, det);
        }
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let n = self.nodes[c as usize];
            s.root.push(RootStat {
                action: n.action,
                visits: u64::from(n.visits),
                value: n.value,
            });
            c = n.next_sibling;
        }
        // The tally in ascending action order, as the determinized search leaves it for equal
        // trees (ties in the choice go to the smaller id either way).
        s.root.sort_unstable_by_key(|r| r.action);
    }

    /// One simulation on the determinized `state` (consumed).
    fn iterate<G: SearchGame>(&mut self, s: &mut Search, state: &mut G) {
        s.path.clear();
        s.path.push(0);
        let mut node = 0usize;
        while !state.is_terminal() {
            let mover = state.current_player();
            state.legal_actions(&mut s.actions);
            let stamp = self.next_stamp();
            if let Some(&max) = s.actions.iter().max() {
                if max as usize >= self.marks.len() {
                    self.marks.resize(max as usize + 1, 0);
                }
            }
            for &a in &s.actions {
                self.marks[a as usize] = stamp;
            }
            // The available children: their availability goes up, the best by UCB is kept.
            let mut best = (NONE, f64::NEG_INFINITY);
            let mut c = self.nodes[node].first_child;
            while c != NONE {
                let child = &mut self.nodes[c as usize];
                let a = child.action as usize;
                if child.player == mover && self.marks[a] == stamp {
                    self.marks[a] = stamp + 1;
                    child.availability += 1;
                    let visits = f64::from(child.visits.max(1));
                    let score = child.value / visits
                        + s.config.exploration
                            * (f64::from(child.availability).ln() / visits).sqrt();
                    if score > best.1 {
                        best = (c, score);
                    }
                }
                c = child.next_sibling;
            }
            let marks = &self.marks;
            let untried = s
                .actions
                .iter()
                .filter(|&&a| marks[a as usize] == stamp)
                .count();
            if untried > 0 {
                // Expansion: a uniformly random untried legal action becomes a child.
                let k = below(&mut s.rng, untried);
                let action = *s
                    .actions
                    .iter()
                    .filter(|&&a| marks[a as usize] == stamp)
                    .nth(k)
                    .expect("k < untried");
                let id = self.nodes.len() as u32;
                self.nodes.push(Node {
                    action,
                    player: mover,
                    availability: 1,
                    next_sibling: self.nodes[node].first_child,
                    ..Node::default()
                });
                self.nodes[node].first_child = id;
                state.apply_action(action);
                s.path.push(id);
                break;
            }
            let (best, _) = best;
            state.apply_action(self.nodes[best as usize].action);
            s.path.push(best);
            node = best as usize;
        }
        let v0 = s.rollout(state);
        for &i in &s.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.value += if n.player == 0 { v0 } else { -v0 };
        }
    }
}
