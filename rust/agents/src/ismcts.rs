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
//! the determinized search's does (the evaluator's value, or the returns) and the values are
//! added along the path, each from the point of view of the player who chose the action.
//!
//! Under PUCT ([`Selection::Puct`]) the descent stops instead at the first node not yet
//! evaluated; when its value comes back the node gets a child for each action legal in that
//! simulation's deal, with the evaluator's prior. A later deal in which another action is legal
//! there adds its child with the prior `1 / (number of legal actions)`. Among the available
//! children the one maximising `Q + C * P * sqrt(availability) / (1 + visits)` is played: PUCT
//! with the child's availability in place of its parent's visits, as UCB1 has it here.
//! Virtual losses count as in the determinized tree (crate::tree).
//!
//! The nodes are an arena reused from decision to decision (children as sibling lists, since
//! they are added one at a time), legal actions are marked in a reused table of stamps, and the
//! determinization is dealt into one reused buffer ([`SearchGame::resample_into`]).
//!
//! [`Algorithm::InformationSet`]: crate::search::Algorithm::InformationSet

use crate::evaluator::Selection;
use crate::game::SearchGame;
use crate::rng::below;
use crate::search::{puct, puct_constant, ucb1, Descent, Reached, RootStat};

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
    /// Descents through this node whose value has not come back (virtual losses).
    pending: u32,
    /// Simulations in which this node's action was legal when its parent was visited.
    availability: u32,
    /// Evaluated, its children made (PUCT).
    expanded: bool,
    /// The evaluator's prior of `action` at the parent (PUCT).
    prior: f32,
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

    /// An empty tree: the root alone (its action, player and values are never read).
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::default());
    }

    /// Whether `node` has been evaluated (PUCT).
    pub(crate) fn is_expanded(&self, node: u32) -> bool {
        self.nodes[node as usize].expanded
    }

    /// A new child of `parent`, first among its siblings.
    fn add_child(
        &mut self,
        parent: usize,
        action: u32,
        player: i32,
        prior: f32,
        availability: u32,
    ) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            action,
            player,
            prior,
            availability,
            next_sibling: self.nodes[parent].first_child,
            ..Node::default()
        });
        self.nodes[parent].first_child = id;
        id
    }

    /// Gives an evaluated `node` its children: `(action, prior)` each, chosen by `player`.
    pub(crate) fn expand(&mut self, node: u32, player: i32, children: &[(u32, f32)]) {
        // Added in reverse so that the sibling list runs in the evaluator's order.
        for &(a, p) in children.iter().rev() {
            self.add_child(node as usize, a, player, p, 0);
        }
        self.nodes[node as usize].expanded = true;
    }

    /// One descent on the determinized `state` (a deal for this simulation): appends the path's
    /// nodes to `path`, each counting a virtual loss until [`Tree::backup`].
    pub(crate) fn descend<G: SearchGame>(
        &mut self,
        d: &mut Descent<'_>,
        state: &mut G,
        path: &mut Vec<u32>,
    ) -> Reached {
        let start = path.len();
        path.push(0);
        let mut node = 0usize;
        let puct_rule = d.selection == Selection::Puct;
        while !state.is_terminal() {
            if puct_rule && !self.nodes[node].expanded {
                break;
            }
            let mover = state.current_player();
            state.legal_actions(d.actions);
            let stamp = self.next_stamp();
            if let Some(&max) = d.actions.iter().max() {
                if max as usize >= self.marks.len() {
                    self.marks.resize(max as usize + 1, 0);
                }
            }
            for &a in d.actions.iter() {
                self.marks[a as usize] = stamp;
            }
            // The available children: their availability goes up, the best score is kept.
            let mut best = (NONE, f64::NEG_INFINITY);
            let mut c = self.nodes[node].first_child;
            while c != NONE {
                let child = &mut self.nodes[c as usize];
                let a = child.action as usize;
                // A child's action may be beyond every action legal in this deal.
                if child.player == mover && self.marks.get(a) == Some(&stamp) {
                    self.marks[a] = stamp + 1;
                    child.availability += 1;
                    let score = if puct_rule {
                        let avail = f64::from(child.availability);
                        let k = puct_constant(d.config, avail);
                        puct(
                            child.value,
                            child.visits,
                            child.pending,
                            child.prior,
                            k,
                            avail.sqrt(),
                        )
                    } else {
                        let ln_avail = f64::from(child.availability).ln();
                        ucb1(
                            child.value,
                            child.visits,
                            child.pending,
                            ln_avail,
                            d.config.exploration,
                        )
                    };
                    if score > best.1 {
                        best = (c, score);
                    }
                }
                c = child.next_sibling;
            }
            let marks = &self.marks;
            let untried = d
                .actions
                .iter()
                .filter(|&&a| marks[a as usize] == stamp)
                .count();
            if untried > 0 && !puct_rule {
                // Expansion: a uniformly random untried legal action becomes a child.
                let k = below(d.rng, untried);
                let action = *d
                    .actions
                    .iter()
                    .filter(|&&a| marks[a as usize] == stamp)
                    .nth(k)
                    .expect("k < untried");
                let id = self.add_child(node, action, mover, 0.0, 1);
                state.apply_action(action);
                path.push(id);
                node = id as usize;
                break;
            }
            if untried > 0 {
                // Legal in this deal but not where the node was evaluated: a child with a
                // uniform prior, available now.
                let prior = 1.0 / d.actions.len() as f32;
                let k = puct_constant(d.config, 1.0);
                for i in 0..d.actions.len() {
                    let a = d.actions[i];
                    if self.marks[a as usize] != stamp {
                        continue;
                    }
                    let id = self.add_child(node, a, mover, prior, 1);
                    let score = puct(0.0, 0, 0, prior, k, 1.0);
                    if score > best.1 {
                        best = (id, score);
                    }
                }
            }
            let (best, _) = best;
            state.apply_action(self.nodes[best as usize].action);
            path.push(best);
            node = best as usize;
        }
        for &i in &path[start..] {
            self.nodes[i as usize].pending += 1;
        }
        if state.is_terminal() {
            Reached::Terminal(state.returns()[0])
        } else {
            Reached::Leaf(node as u32)
        }
    }

    /// A descent's value comes back (as in the determinized tree).
    pub(crate) fn backup(&mut self, path: &[u32], v0: f64) {
        for &i in path {
            let n = &mut self.nodes[i as usize];
            n.pending -= 1;
            n.visits += 1;
            n.value += if n.player == 0 { v0 } else { -v0 };
        }
    }

    /// Adds the root's children to the root tally, in ascending action order.
    pub(crate) fn tally_root(&self, root: &mut Vec<RootStat>) {
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let n = self.nodes[c as usize];
            match root.iter_mut().find(|s| s.action == n.action) {
                Some(s) => {
                    s.visits += u64::from(n.visits);
                    s.value += n.value;
                }
                None => root.push(RootStat {
                    action: n.action,
                    visits: u64::from(n.visits),
                    value: n.value,
                }),
            }
            c = n.next_sibling;
        }
        root.sort_unstable_by_key(|r| r.action);
    }
}
