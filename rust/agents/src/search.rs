//! What both of MCTS's trees share: the settings ([`MctsConfig`], [`Algorithm`],
//! [`EvaluatorChoice`]), the selection rules (UCB1 and PUCT, with virtual loss), the root's
//! Dirichlet noise, the root tally ([`RootStat`]) and the choice of the action at the root.
//! The determinized trees (tree.rs) and the information-set tree (ismcts.rs) each keep their
//! own nodes; the batched driver (batched.rs) runs them.

use crate::evaluator::Selection;
use crate::rng::{unit, Rng};

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

/// Which built-in evaluator an [`MctsAgent`](crate::MctsAgent) scores its leaves with
/// (crate::evaluator); an evaluator object is given to
/// [`MctsAgent::act_with`](crate::MctsAgent::act_with) instead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EvaluatorChoice {
    /// Random rollouts of at most `rollout_depth` actions, then the evaluation; UCB1 selection.
    #[default]
    Rollout,
    /// The hand-written evaluation at the leaf, uniform priors; PUCT selection.
    Evaluation,
}

impl EvaluatorChoice {
    /// The names, as agent specs take them.
    pub const NAMES: [&'static str; 2] = ["rollout", "evaluation"];
    /// Every choice, in the order of [`EvaluatorChoice::NAMES`].
    pub const ALL: [EvaluatorChoice; 2] = [EvaluatorChoice::Rollout, EvaluatorChoice::Evaluation];

    /// The name.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// The settings of an [`MctsAgent`](crate::MctsAgent) and of a
/// [`BatchedSearch`](crate::BatchedSearch). Their names, ranges and defaults as agent options
/// are in the registry (crate::spec), which reads the defaults from [`MctsConfig::DEFAULT`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Simulations per decision, over all the determinizations.
    pub simulations: u32,
    /// The UCB1 exploration constant (selection with [`EvaluatorChoice::Rollout`]).
    pub exploration: f64,
    /// Independent determinized searches per decision (at most `simulations` of them run: the
    /// rest would have no simulation to run).
    pub determinizations: u32,
    /// The most random actions a rollout plays after the tree before it evaluates.
    pub rollout_depth: u32,
    /// The seed of the agent's random stream.
    pub seed: u64,
    /// Determinized trees or information-set MCTS.
    pub algorithm: Algorithm,
    /// What scores the leaves.
    pub evaluator: EvaluatorChoice,
    /// PUCT's exploration constant at few visits (AlphaZero's `c_init`, 1.25).
    pub c_puct: f64,
    /// The visit count over which PUCT's exploration constant grows by one (AlphaZero's
    /// `c_base`, 19,652): `C(N) = c_puct + ln((1 + N + c_puct_base) / c_puct_base)`.
    pub c_puct_base: f64,
    /// The concentration of the Dirichlet noise mixed into the root's priors (0: none;
    /// AlphaZero used 0.3 for chess).
    pub dirichlet_alpha: f64,
    /// The weight of that noise (AlphaZero's 0.25).
    pub dirichlet_fraction: f64,
    /// The most leaves in one evaluator call.
    pub batch_size: u32,
    /// Leaves one tree selects before their values come back, each counted as a lost visit
    /// meanwhile (virtual loss); 1 is the sequential search.
    pub parallel_leaves: u32,
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
        evaluator: EvaluatorChoice::Rollout,
        c_puct: 1.25,
        c_puct_base: 19652.0,
        dirichlet_alpha: 0.0,
        dirichlet_fraction: 0.25,
        batch_size: 256,
        parallel_leaves: 1,
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

/// UCB1's score of a child with `value` summed over `visits`, `pending` of them virtual
/// losses (each counted as a visit of value -1), under a parent with `ln_parent` the logarithm
/// of its visits (or, in information-set MCTS, of the child's availability). A child never
/// visited nor pending is taken first (the callers check `visits + pending == 0`).
#[inline]
pub(crate) fn ucb1(value: f64, visits: u32, pending: u32, ln_parent: f64, exploration: f64) -> f64 {
    let n = f64::from(visits + pending).max(1.0);
    (value - f64::from(pending)) / n + exploration * (ln_parent / n).sqrt()
}

/// PUCT's exploration constant at `parent` visits (AlphaZero):
/// `c_puct + ln((1 + parent + c_puct_base) / c_puct_base)`.
#[inline]
pub(crate) fn puct_constant(config: &MctsConfig, parent: f64) -> f64 {
    config.c_puct + ((1.0 + parent + config.c_puct_base) / config.c_puct_base).ln()
}

/// PUCT's score of a child (AlphaZero's selection rule): `Q + C * P * sqrt(N) / (1 + n)`, with
/// `Q` the mean value (0 for a child never visited nor pending), `P` its prior, `n` its visits
/// and pending virtual losses, `N` the parent's (`sqrt_parent` its square root) and `C`
/// [`puct_constant`].
#[inline]
pub(crate) fn puct(
    value: f64,
    visits: u32,
    pending: u32,
    prior: f32,
    c: f64,
    sqrt_parent: f64,
) -> f64 {
    let n = visits + pending;
    let q = if n > 0 {
        (value - f64::from(pending)) / f64::from(n)
    } else {
        0.0
    };
    q + c * f64::from(prior) * sqrt_parent / (1.0 + f64::from(n))
}

/// A Gamma(`shape`, 1) variate (Marsaglia & Tsang 2000; for `shape < 1`, Gamma(shape + 1)
/// times `U^(1/shape)`).
fn gamma(rng: &mut Rng, shape: f64) -> f64 {
    if shape < 1.0 {
        let u = unit(rng).max(f64::MIN_POSITIVE);
        return gamma(rng, shape + 1.0) * u.powf(1.0 / shape);
    }
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        // A standard normal by Box-Muller.
        let (u1, u2) = (unit(rng).max(f64::MIN_POSITIVE), unit(rng));
        let x = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u = unit(rng);
        if u < 1.0 - 0.0331 * x.powi(4) || u.ln() < 0.5 * x * x + d * (1.0 - v + v.ln()) {
            return d * v;
        }
    }
}

/// Mixes Dirichlet(`alpha`) noise into the priors of the root's children (AlphaZero's
/// exploration in self-play): `P = (1 - fraction) * P + fraction * noise`.
pub(crate) fn add_dirichlet_noise(rng: &mut Rng, config: &MctsConfig, children: &mut [(u32, f32)]) {
    if config.dirichlet_alpha <= 0.0 || config.dirichlet_fraction <= 0.0 || children.len() < 2 {
        return;
    }
    // Once per tree and decision: the allocation is not on a simulation's path.
    let noise: Vec<f64> = children
        .iter()
        .map(|_| gamma(rng, config.dirichlet_alpha))
        .collect();
    let total: f64 = noise.iter().sum();
    if total <= 0.0 || !total.is_finite() {
        return;
    }
    let f = config.dirichlet_fraction;
    for (c, n) in children.iter_mut().zip(&noise) {
        c.1 = ((1.0 - f) * f64::from(c.1) + f * n / total) as f32;
    }
}

/// The most visited root action (ties: the better mean value, then the smaller id).
pub(crate) fn best_root_action(root: &[RootStat]) -> u32 {
    let mut best = root[0];
    for s in &root[1..] {
        let mean = |r: &RootStat| {
            if r.visits > 0 {
                r.value / r.visits as f64
            } else {
                -2.0
            }
        };
        let better = s.visits > best.visits
            || (s.visits == best.visits
                && (mean(s) > mean(&best) || (mean(s) == mean(&best) && s.action < best.action)));
        if better {
            best = *s;
        }
    }
    best.action
}

/// Where a descent stopped: a state whose game is over (player 0's value: its returns), or a
/// leaf node to evaluate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Reached {
    Terminal(f64),
    Leaf(u32),
}

/// What a tree's descent uses besides the tree: the settings, the selection rule, the tree's
/// random stream and a scratch list of actions.
pub(crate) struct Descent<'a> {
    pub(crate) config: &'a MctsConfig,
    pub(crate) selection: Selection,
    pub(crate) rng: &'a mut Rng,
    pub(crate) actions: &'a mut Vec<u32>,
}
