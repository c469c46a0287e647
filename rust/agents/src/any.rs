//! One type holding any of the built-in agents (what the bindings and the batches hold).

use crate::agent::Agent;
use crate::game::SearchGame;
use crate::greedy::GreedyAgent;
use crate::mcts::MctsAgent;
use crate::random::RandomAgent;

/// Any of the built-in agents; [`crate::spec::AgentConfig::build`] makes one from its settings.
#[derive(Clone, Debug)]
pub enum AnyAgent<G: SearchGame> {
    Random(RandomAgent),
    Greedy(GreedyAgent),
    Mcts(MctsAgent<G>),
}

impl<G: SearchGame> Agent<G> for AnyAgent<G> {
    fn act(&mut self, game: &G) -> u32 {
        match self {
            AnyAgent::Random(a) => a.act(game),
            AnyAgent::Greedy(a) => a.act(game),
            AnyAgent::Mcts(a) => a.act(game),
        }
    }
    fn begin_game(&mut self, game_seed: u64) {
        match self {
            AnyAgent::Random(a) => Agent::<G>::begin_game(a, game_seed),
            AnyAgent::Greedy(a) => Agent::<G>::begin_game(a, game_seed),
            AnyAgent::Mcts(a) => a.begin_game(game_seed),
        }
    }
}
