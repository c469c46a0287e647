//! The greedy agent: one ply by the game's evaluation.

use crate::agent::Agent;
use crate::game::SearchGame;
use crate::rng::{below, derive, rng_from, Rng};

/// Tries every legal action on a determinized copy of the state (from
/// [`SearchGame::resample`], so it reads no hidden card) and keeps the one whose successor has
/// the best [`SearchGame::evaluate`] for the actor (its returns if the action ends the game).
/// Ties, common when an action's effect shows only later (a spell on the stack), are broken
/// uniformly at random from its seed.
#[derive(Clone, Debug)]
pub struct GreedyAgent {
    seed: u64,
    rng: Rng,
    actions: Vec<u32>,
    best: Vec<u32>,
}

impl GreedyAgent {
    /// A greedy agent breaking ties from `seed`.
    pub fn new(seed: u64) -> Self {
        GreedyAgent {
            seed,
            rng: rng_from(seed),
            actions: Vec::with_capacity(64),
            best: Vec::with_capacity(64),
        }
    }
    /// The seed it was made with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The value for `player` of the state after `action`.
    fn value_after<G: SearchGame>(det: &G, action: u32, player: usize) -> f64 {
        let mut next = det.clone();
        next.apply_action(action);
        if next.is_terminal() {
            next.returns()[player]
        } else {
            next.evaluate(player)
        }
    }
}

impl<G: SearchGame> Agent<G> for GreedyAgent {
    fn act(&mut self, game: &G) -> u32 {
        let player = game.current_player();
        assert!(player >= 0, "act on a terminal state");
        let player = player as usize;
        let det = game.resample(player, self.rng_seed());
        det.legal_actions(&mut self.actions);
        assert!(
            !self.actions.is_empty(),
            "act on a state with no legal action"
        );
        if self.actions.len() == 1 {
            return self.actions[0];
        }
        let mut best_value = f64::NEG_INFINITY;
        self.best.clear();
        for &a in &self.actions {
            let v = Self::value_after(&det, a, player);
            if v > best_value + 1e-12 {
                best_value = v;
                self.best.clear();
                self.best.push(a);
            } else if (v - best_value).abs() <= 1e-12 {
                self.best.push(a);
            }
        }
        self.best[below(&mut self.rng, self.best.len())]
    }
    fn begin_game(&mut self, game_seed: u64) {
        self.rng = rng_from(derive(self.seed, game_seed));
    }
}

impl GreedyAgent {
    fn rng_seed(&mut self) -> u64 {
        rand_core::RngCore::next_u64(&mut self.rng)
    }
}
