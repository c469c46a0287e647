//! cardstate-agents: agents that play cardstate's two-player games, and whole-game playouts.
//!
//! Every agent is generic over [`SearchGame`], the small interface a game offers a search
//! (OpenSpiel's names: current player, legal actions, apply, terminal, returns), plus two things
//! imperfect-information search needs: [`SearchGame::resample`], a copy of the state in which
//! everything a player can't see is dealt again, and [`SearchGame::evaluate`], a heuristic value
//! of a non-terminal state.
//!
//! - [`RandomAgent`]: a uniformly random legal action, from its seed.
//! - [`GreedyAgent`]: one ply: the action whose successor evaluates best for the actor.
//! - [`MctsAgent`]: UCT over determinized states (each from `resample`), or single-observer
//!   information-set MCTS ([`Algorithm::InformationSet`]: one tree over information sets, a
//!   fresh determinization per simulation); either way it never looks at the true hidden cards,
//!   only at what `resample` deals.
//! - [`playout`]: a whole game between two agents, search included, without leaving Rust.
//!
//! [`spec`] is the registry of the built-in agents: their names and options (type, range,
//! default, documentation) and the one function that checks options given by name or one by
//! one and makes an [`AnyAgent`]'s settings ([`AgentConfig`]).
//!
//! - [`Evaluator`]: what scores a search's leaves, a batch at a time (priors and values for
//!   PUCT, or values for UCB1); random rollouts ([`Rollout`]) and the evaluation with uniform
//!   priors ([`Heuristic`]) are built in, and [`MctsAgent::act_with`] takes any evaluator.
//! - [`BatchedSearch`]: many games' searches at once, their leaves in one evaluator call per
//!   round (several per tree by virtual loss), each game's search the same whatever the batch.
//!
//! Modules, each importing only those listed before it: `game` (the interface), `rng`,
//! `agent` (the trait), `random`, `greedy`, `evaluator`, `search` (what both MCTS searches
//! share), `tree` (a determinized tree), `ismcts`, `searcher` (one game's decision, a descent
//! at a time), `batched`, `mcts`, `any` ([`AnyAgent`]), `spec`, `playout`, `duel` (the duel as
//! a [`SearchGame`]).
#![forbid(unsafe_code)]

pub mod agent;
pub mod any;
mod batched;
pub mod duel;
pub mod evaluator;
pub mod game;
pub mod greedy;
mod ismcts;
pub mod mcts;
pub mod playout;
pub mod random;
pub mod rng;
mod search;
mod searcher;
pub mod spec;
mod tree;

pub use agent::Agent;
pub use any::AnyAgent;
pub use batched::BatchedSearch;
pub use evaluator::{
    Batch, BatchBuffers, EvalError, Evaluator, Heuristic, Rollout, Selection, Uniform,
};
pub use game::{SearchGame, TERMINAL_PLAYER};
pub use greedy::GreedyAgent;
pub use mcts::{Algorithm, EvaluatorChoice, MctsAgent, MctsConfig, RootStat};
pub use playout::{playout, playout_until, score_in_seat, PlayoutResult};
pub use random::RandomAgent;
pub use spec::{AgentConfig, AgentSpec, SpecError};
