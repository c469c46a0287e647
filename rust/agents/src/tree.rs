//! One determinization's tree ([`Algorithm::Determinized`]): an arena of nodes, each node's
//! children stored together, a node's values from the point of view of the player who chose
//! the action leading to it.
//!
//! Under UCB1 ([`Selection::Ucb1`]) a node is expanded the first time a descent reaches it,
//! with all its legal actions in a random order, and the descent stops at the first child never
//! visited (after playing its action): that state is the leaf. Under PUCT ([`Selection::Puct`])
//! the descent stops at the first node not yet expanded, and the node is expanded with the
//! evaluator's priors when its value comes back ([`Tree::expand`]).
//!
//! A descent counts a virtual loss on every node of its path (`pending`) until its value comes
//! back ([`Tree::backup`]); with one leaf at a time there is none when the next descent starts.
//!
//! [`Algorithm::Determinized`]: crate::search::Algorithm::Determinized

use crate::evaluator::Selection;
use crate::game::SearchGame;
use crate::rng::below;
use crate::search::{puct, puct_constant, ucb1, Descent, Reached, RootStat};

#[derive(Clone, Copy, Debug)]
struct Node {
    /// The action that leads here from the parent.
    action: u32,
    /// The player who chose `action` (the values are from its point of view).
    player: i32,
    first_child: u32,
    num_children: u32,
    visits: u32,
    /// Descents through this node whose value has not come back (virtual losses).
    pending: u32,
    expanded: bool,
    /// The evaluator's prior of `action` at the parent (PUCT).
    prior: f32,
    value: f64,
}

impl Node {
    fn new(action: u32, player: i32, prior: f32) -> Self {
        Node {
            action,
            player,
            first_child: 0,
            num_children: 0,
            visits: 0,
            pending: 0,
            expanded: false,
            prior,
            value: 0.0,
        }
    }
}

/// A determinized tree.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    /// An empty tree: the root alone.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::new(u32::MAX, -1, 0.0));
    }

    /// Whether `node` has its children.
    pub(crate) fn is_expanded(&self, node: u32) -> bool {
        self.nodes[node as usize].expanded
    }

    /// Gives `node` its children: `(action, prior)` each, chosen by `player`.
    pub(crate) fn expand(&mut self, node: u32, player: i32, children: &[(u32, f32)]) {
        let first = self.nodes.len() as u32;
        self.nodes
            .extend(children.iter().map(|&(a, p)| Node::new(a, player, p)));
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.num_children = children.len() as u32;
        n.expanded = true;
    }

    /// UCB1's expansion: every legal action, in a random order so that the first visits don't
    /// favour small ids.
    fn expand_shuffled<G: SearchGame>(&mut self, d: &mut Descent<'_>, node: usize, state: &G) {
        let player = state.current_player();
        state.legal_actions(d.actions);
        for i in (1..d.actions.len()).rev() {
            let j = below(d.rng, i + 1);
            d.actions.swap(i, j);
        }
        let first = self.nodes.len() as u32;
        for &a in d.actions.iter() {
            self.nodes.push(Node::new(a, player, 0.0));
        }
        let n = &mut self.nodes[node];
        n.first_child = first;
        n.num_children = d.actions.len() as u32;
        n.expanded = true;
    }

    fn children(&self, node: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[node];
        n.first_child as usize..(n.first_child + n.num_children) as usize
    }

    fn select_ucb1(&self, node: usize, exploration: f64) -> usize {
        let n = &self.nodes[node];
        let ln_n = f64::from((n.visits + n.pending).max(1)).ln();
        let children = self.children(node);
        let mut best = children.start;
        let mut best_score = f64::NEG_INFINITY;
        for i in children {
            let c = &self.nodes[i];
            if c.visits + c.pending == 0 {
                return i;
            }
            let score = ucb1(c.value, c.visits, c.pending, ln_n, exploration);
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// PUCT over the children (ties: the first, in the order the evaluator's legal actions came).
    fn select_puct(&self, d: &Descent<'_>, node: usize) -> usize {
        let n = &self.nodes[node];
        let parent = f64::from(n.visits + n.pending);
        let c = puct_constant(d.config, parent);
        let sqrt_parent = parent.sqrt();
        let children = self.children(node);
        let mut best = children.start;
        let mut best_score = f64::NEG_INFINITY;
        for i in children {
            let ch = &self.nodes[i];
            let score = puct(ch.value, ch.visits, ch.pending, ch.prior, c, sqrt_parent);
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Descends from the root, playing the actions on `state` (the determinization's copy), and
    /// appends the path's nodes to `path`, each counting a virtual loss until [`Tree::backup`].
    pub(crate) fn descend<G: SearchGame>(
        &mut self,
        d: &mut Descent<'_>,
        state: &mut G,
        path: &mut Vec<u32>,
    ) -> Reached {
        let start = path.len();
        path.push(0);
        let mut node = 0usize;
        while !state.is_terminal() {
            if !self.nodes[node].expanded {
                if d.selection == Selection::Puct {
                    break;
                }
                self.expand_shuffled(d, node, state);
            }
            if self.nodes[node].num_children == 0 {
                break;
            }
            let child = match d.selection {
                Selection::Ucb1 => self.select_ucb1(node, d.config.exploration),
                Selection::Puct => self.select_puct(d, node),
            };
            let c = &self.nodes[child];
            let fresh = c.visits + c.pending == 0;
            state.apply_action(c.action);
            path.push(child as u32);
            node = child;
            if fresh && d.selection == Selection::Ucb1 {
                break;
            }
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

    /// A descent's value comes back: player 0's value `v0` is added along `path` (for each
    /// node, from the point of view of the player who chose it) and its virtual losses removed.
    pub(crate) fn backup(&mut self, path: &[u32], v0: f64) {
        for &i in path {
            let n = &mut self.nodes[i as usize];
            n.pending -= 1;
            n.visits += 1;
            n.value += if n.player == 0 { v0 } else { -v0 };
        }
    }

    /// Adds the root's children to the root tally.
    pub(crate) fn tally_root(&self, root: &mut Vec<RootStat>) {
        for i in self.children(0) {
            let child = self.nodes[i];
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
