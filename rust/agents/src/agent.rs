//! The agent interface.

use crate::game::SearchGame;

/// Something that chooses an action in a game.
pub trait Agent<G: SearchGame> {
    /// A legal action for the player to act in `game` (which is not terminal).
    fn act(&mut self, game: &G) -> u32;
    /// Starts the agent's random stream for a new game: the agent's own seed mixed with
    /// `game_seed`, so a game's moves depend only on the seeds, never on earlier games.
    fn begin_game(&mut self, game_seed: u64);
}
