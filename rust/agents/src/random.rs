//! The random agent: a uniformly random legal action.

use crate::agent::Agent;
use crate::game::SearchGame;
use crate::rng::{below, derive, rng_from, Rng};

/// Chooses uniformly among the legal actions, from its seed.
#[derive(Clone, Debug)]
pub struct RandomAgent {
    seed: u64,
    rng: Rng,
    actions: Vec<u32>,
}

impl RandomAgent {
    /// A random agent whose choices follow from `seed`.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            seed,
            rng: rng_from(seed),
            actions: Vec::with_capacity(64),
        }
    }
    /// The seed it was made with.
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

impl<G: SearchGame> Agent<G> for RandomAgent {
    fn act(&mut self, game: &G) -> u32 {
        game.legal_actions(&mut self.actions);
        assert!(
            !self.actions.is_empty(),
            "act on a state with no legal action"
        );
        self.actions[below(&mut self.rng, self.actions.len())]
    }
    fn begin_game(&mut self, game_seed: u64) {
        self.rng = rng_from(derive(self.seed, game_seed));
    }
}
