//! The agents on the duel (made-up vanilla cards: tests/duel_cards).

mod duel_cards;

use cardstate_agents::duel::board_score;
use cardstate_agents::{
    playout, Agent, Algorithm, AnyAgent, GreedyAgent, MctsAgent, MctsConfig, RandomAgent,
    SearchGame,
};
use cardstate_duel::Duel;
use duel_cards::{duel, mid_game};

struct Checked<A> {
    inner: A,
    buf: Vec<u32>,
}

impl<A: Agent<Duel>> Agent<Duel> for Checked<A> {
    fn act(&mut self, game: &Duel) -> u32 {
        let a = self.inner.act(game);
        SearchGame::legal_actions(game, &mut self.buf);
        assert!(
            self.buf.contains(&a),
            "illegal action {a} among {:?}",
            self.buf
        );
        a
    }
    fn begin_game(&mut self, seed: u64) {
        self.inner.begin_game(seed);
    }
}

fn checked(inner: AnyAgent<Duel>) -> Checked<AnyAgent<Duel>> {
    Checked {
        inner,
        buf: Vec::new(),
    }
}

fn mcts(simulations: u32, seed: u64) -> MctsAgent<Duel> {
    MctsAgent::new(MctsConfig {
        simulations,
        seed,
        ..MctsConfig::default()
    })
}

fn ismcts(simulations: u32, seed: u64) -> MctsAgent<Duel> {
    MctsAgent::new(MctsConfig {
        simulations,
        seed,
        algorithm: Algorithm::InformationSet,
        ..MctsConfig::default()
    })
}

#[test]
fn agents_only_choose_legal_actions_in_the_duel() {
    for seed in 0..4 {
        let mut a = checked(AnyAgent::Mcts(mcts(40, seed)));
        let mut b = checked(AnyAgent::Greedy(GreedyAgent::new(seed)));
        let mut c = checked(AnyAgent::Random(RandomAgent::new(seed)));
        let r = playout(&mut duel(seed), &mut a, &mut c, seed);
        assert!(r.decisions > 0);
        let r = playout(&mut duel(seed), &mut b, &mut c, seed);
        assert!(r.decisions > 0);
        let mut i = checked(AnyAgent::Mcts(ismcts(40, seed)));
        let r = playout(&mut duel(seed), &mut c, &mut i, seed);
        assert!(r.decisions > 0);
    }
}

#[test]
fn duel_playouts_are_reproducible() {
    let run = |seed| {
        let mut d = duel(5);
        let r = playout(&mut d, &mut mcts(30, 1), &mut RandomAgent::new(2), seed);
        (r, d.log().to_vec())
    };
    assert_eq!(run(3), run(3));
}

#[test]
fn the_evaluation_is_zero_sum_and_follows_the_board() {
    for seed in 0..10 {
        let d = mid_game(seed, 8);
        if SearchGame::is_terminal(&d) {
            continue;
        }
        let (v0, v1) = (d.evaluate(0), d.evaluate(1));
        assert!((v0 + v1).abs() < 1e-12 && v0.abs() <= 1.0);
        let (s0, s1) = (board_score(&d, 0), board_score(&d, 1));
        assert_eq!(v0 > 0.0, s0 > s1);
    }
    // Only public information counts: dealing the hidden cards again changes no score.
    for seed in 0..6 {
        let d = mid_game(seed, 6);
        for p in 0..2 {
            let e = d.resample(p, 77);
            assert_eq!(board_score(&d, 0), board_score(&e, 0));
            assert_eq!(board_score(&d, 1), board_score(&e, 1));
        }
    }
}

/// The same state except for the cards in player `p`'s opponent's hand and library (and the
/// order of p's library), or None if the opponent's hand came out the same.
fn swap_hidden(d: &Duel, p: usize, seed: u64) -> Option<Duel> {
    // A resample for p is exactly that: what p sees is kept, the rest dealt again.
    let e = d.resample(p, seed);
    let q = 1 - p;
    (e.side(q).hand != d.side(q).hand).then_some(e)
}

#[test]
fn mcts_decisions_do_not_depend_on_hidden_cards() {
    let mut compared = 0;
    for seed in 0..12 {
        let d = mid_game(seed, 5);
        if SearchGame::is_terminal(&d) {
            continue;
        }
        let p = SearchGame::current_player(&d) as usize;
        let Some(e) = swap_hidden(&d, p, 1000 + seed) else {
            continue;
        };
        for make in [mcts, ismcts] {
            let mut a = make(120, seed);
            let mut b = make(120, seed);
            assert_eq!(a.act(&d), b.act(&e));
            assert_eq!(a.root_stats(), b.root_stats());
        }
        compared += 1;
    }
    assert!(compared >= 6, "only {compared} positions compared");
}

#[test]
fn mcts_beats_random_in_the_duel() {
    beats_random(mcts, "MCTS");
}

#[test]
fn ismcts_beats_random_in_the_duel() {
    beats_random(ismcts, "ISMCTS");
}

fn beats_random(make: fn(u32, u64) -> MctsAgent<Duel>, name: &str) {
    let mut wins = 0;
    let games = 10;
    for i in 0..games {
        let mut d = duel(100 + i);
        let mut m = make(200, i);
        let mut r = RandomAgent::new(i);
        let seat = (i % 2) as usize;
        let res = if seat == 0 {
            playout(&mut d, &mut m, &mut r, i)
        } else {
            playout(&mut d, &mut r, &mut m, i)
        };
        wins += u32::from(res.winner == Some(seat));
    }
    assert!(wins >= 9, "{name} won {wins} of {games}");
}

#[test]
fn agents_play_every_pool_deck() {
    let decks = ["infect", "proliferate", "energy", "evergreen"];
    for (i, d0) in decks.iter().enumerate() {
        let d1 = decks[(i + 1) % decks.len()];
        let mut d = cardstate_agents::duel::pool_duel(d0, d1, i as u64, 40).unwrap();
        let mut a = checked(AnyAgent::Mcts(mcts(30, 1)));
        let mut b = checked(AnyAgent::Greedy(GreedyAgent::new(2)));
        let r = playout(&mut d, &mut a, &mut b, 5);
        assert!(SearchGame::is_terminal(&d) && r.decisions > 0);
    }
    assert!(cardstate_agents::duel::pool_duel("infect", "nope", 0, 40).is_err());
}
