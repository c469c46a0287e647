//! A whole game between two agents.

use crate::agent::Agent;
use crate::game::SearchGame;
use crate::rng::derive;

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutResult {
    /// Each player's result (`[1, -1]`, `[-1, 1]` or `[0, 0]`).
    pub returns: [f64; 2],
    /// The winning player, or `None` for a draw.
    pub winner: Option<usize>,
    /// The turn the game ended on.
    pub turns: u32,
    /// Decisions made (actions applied) by both players.
    pub decisions: u32,
}

/// Plays `game` to its end, `agent0` deciding for player 0 and `agent1` for player 1. Each
/// agent's random stream starts from its own seed mixed with `seed` and its seat, so the game
/// depends only on the state, the agents' settings and `seed`.
pub fn playout<G, A0, A1>(
    game: &mut G,
    agent0: &mut A0,
    agent1: &mut A1,
    seed: u64,
) -> PlayoutResult
where
    G: SearchGame,
    A0: Agent<G> + ?Sized,
    A1: Agent<G> + ?Sized,
{
    playout_until(game, agent0, agent1, seed, || false).expect("never stopped")
}

/// [`playout`], asking `stop()` before each decision and giving up (`None`, `game` left where
/// it got to) once it says so: how a caller that must answer an interruption bounds the wait.
pub fn playout_until<G, A0, A1>(
    game: &mut G,
    agent0: &mut A0,
    agent1: &mut A1,
    seed: u64,
    mut stop: impl FnMut() -> bool,
) -> Option<PlayoutResult>
where
    G: SearchGame,
    A0: Agent<G> + ?Sized,
    A1: Agent<G> + ?Sized,
{
    agent0.begin_game(derive(seed, 0));
    agent1.begin_game(derive(seed, 1));
    let mut decisions = 0u32;
    loop {
        let player = game.current_player();
        if player >= 0 && stop() {
            return None;
        }
        let action = match player {
            0 => agent0.act(game),
            1 => agent1.act(game),
            _ => break,
        };
        game.apply_action(action);
        decisions += 1;
    }
    let returns = game.returns();
    let winner = if returns[0] > returns[1] {
        Some(0)
    } else if returns[1] > returns[0] {
        Some(1)
    } else {
        None
    };
    Some(PlayoutResult {
        returns,
        winner,
        turns: game.turn(),
        decisions,
    })
}

/// [`playout`] with `agent` in seat `seat` (0 or 1) and `other` in the other seat; whether
/// `agent` won, drew or lost as its score: 1, 1/2 or 0.
pub fn score_in_seat<G: SearchGame>(
    game: &mut G,
    agent: &mut (impl Agent<G> + ?Sized),
    other: &mut (impl Agent<G> + ?Sized),
    seat: usize,
    seed: u64,
) -> f64 {
    let r = if seat == 0 {
        playout(game, agent, other, seed)
    } else {
        playout(game, other, agent, seed)
    };
    match r.winner {
        Some(w) if w == seat => 1.0,
        None => 0.5,
        _ => 0.0,
    }
}
