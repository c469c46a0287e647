//! The duel as a [`SearchGame`], with the board evaluation the greedy agent and MCTS's
//! truncated simulations use.

use cardstate_core::keywords::Types;
use cardstate_duel::duel::NO_CARD;
use cardstate_duel::{Duel, Pool, Prior};

use crate::game::SearchGame;

/// Weights of the board evaluation (see [`board_score`]).
pub mod weight {
    /// Per point of life.
    pub const LIFE: f64 = 1.0;
    /// Per poison counter (ten lose the game, 704.5c: worth two life each).
    pub const POISON: f64 = 2.0;
    /// Per energy counter.
    pub const ENERGY: f64 = 0.5;
    /// Per point of a creature's power and of its toughness (counters on it included).
    pub const CREATURE_STAT: f64 = 1.0;
    /// Per creature (beyond its stats: a body that can attack or block).
    pub const CREATURE: f64 = 1.0;
    /// Per land.
    pub const LAND: f64 = 1.0;
    /// Per other permanent, and per loyalty counter on it.
    pub const PERMANENT: f64 = 1.5;
    /// Per card in hand (its size is public).
    pub const CARD: f64 = 1.0;
    /// The score difference mapped to a value of tanh(1) ≈ 0.76.
    pub const SCALE: f64 = 20.0;
}

/// What `player`'s position is worth, from public information only: life, poison and energy,
/// its permanents (creatures by power and toughness, lands, other permanents and their loyalty)
/// and the size of its hand, weighted by [`weight`].
pub fn board_score(d: &Duel, player: usize) -> f64 {
    let g = d.game();
    let p = player as u32;
    let life = g.life(p).unwrap_or(0) as f64;
    let poison = g.count_by_name(p, "poison").unwrap_or(0) as f64;
    let energy = g.count_by_name(p, "energy").unwrap_or(0) as f64;
    let mut score = weight::LIFE * life - weight::POISON * poison + weight::ENERGY * energy;
    for &id in d.battlefield(player) {
        let c = d.card_of(id);
        if c == NO_CARD {
            continue;
        }
        let card = d.pool().facts(c);
        if card.is(Types::CREATURE) {
            let power = g.power(id).ok().flatten().unwrap_or(0).max(0) as f64;
            let toughness = g.toughness(id).ok().flatten().unwrap_or(0).max(0) as f64;
            score += weight::CREATURE + weight::CREATURE_STAT * (power + toughness);
        } else if card.is_land() {
            score += weight::LAND;
        } else {
            let loyalty = g.count_by_name(id, "loyalty").unwrap_or(0) as f64;
            score += weight::PERMANENT * (1.0 + loyalty);
        }
    }
    score + weight::CARD * d.side(player).hand.len() as f64
}

/// A duel between two of the built-in pool's decks (by name), for Rust-only playouts.
pub fn pool_duel(deck0: &str, deck1: &str, seed: u64, turn_limit: u32) -> Result<Duel, String> {
    let (d0, d1) = (
        Pool::builtin().registered_deck(deck0)?,
        Pool::builtin().registered_deck(deck1)?,
    );
    Duel::new(Pool::builtin(), &d0, &d1, seed, turn_limit).map_err(|e| e.0)
}

impl SearchGame for Duel {
    /// A prior over the opponent's deck (docs/DUEL.md, "Resampling").
    type Belief = Prior;
    fn current_player(&self) -> i32 {
        Duel::current_player(self)
    }
    fn legal_actions(&self, out: &mut Vec<u32>) {
        Duel::legal_actions(self, out)
    }
    fn apply_action(&mut self, action: u32) {
        // The agents choose from `legal_actions` only (tested), so the check is skipped.
        self.apply_legal(action)
    }
    fn is_terminal(&self) -> bool {
        Duel::is_terminal(self)
    }
    fn returns(&self) -> [f64; 2] {
        Duel::returns(self)
    }
    fn resample(&self, player: usize, seed: u64) -> Self {
        Duel::resample(self, player, seed)
    }
    fn resample_into(&self, player: usize, seed: u64, out: &mut Self) {
        Duel::resample_into(self, player, seed, out)
    }
    fn resample_believing_into(&self, player: usize, seed: u64, prior: &Prior, out: &mut Self) {
        Duel::resample_from_into(self, player, seed, prior, out)
    }
    /// `tanh((score(player) - score(other)) / SCALE)` of [`board_score`].
    fn evaluate(&self, player: usize) -> f64 {
        let diff = board_score(self, player) - board_score(self, 1 - player);
        (diff / weight::SCALE).tanh()
    }
    fn turn(&self) -> u32 {
        Duel::turn(self)
    }
    fn num_distinct_actions(&self) -> usize {
        cardstate_duel::NUM_ACTIONS as usize
    }
    fn observation_len(&self) -> usize {
        Duel::observation_len(self)
    }
    /// The duel's `observation` (docs/DUEL.md, "Observations"): only what `player` sees.
    fn observation(&self, player: usize, out: &mut [f32]) {
        Duel::observation(self, player, out)
    }
    type Written = cardstate_duel::Written;
    fn observation_over(&self, player: usize, out: &mut [f32], written: &mut Self::Written) {
        Duel::observation_over(self, player, out, written)
    }
}
