//! The agent interface, and one type holding any of the built-in agents.

use crate::game::SearchGame;
use crate::greedy::GreedyAgent;
use crate::mcts::MctsAgent;
use crate::random::RandomAgent;

/// Something that chooses an action in a game.
pub trait Agent<G: SearchGame> {
    /// A legal action for the player to act in `game` (which is not terminal).
    fn act(&mut self, game: &G) -> u32;
    /// Starts the agent's random stream for a new game: the agent's own seed mixed with
    /// `game_seed`, so a game's moves depend only on the seeds, never on earlier games.
    fn begin_game(&mut self, game_seed: u64);
}

/// Any of the built-in agents (what the bindings and the self-play runner hold).
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
