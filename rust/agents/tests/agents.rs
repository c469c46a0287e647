//! The agents on Skirmish (tests/common): legality, determinism, strength, hidden information.

mod common;

use cardstate_agents::{
    playout, score_in_seat, Agent, Algorithm, AnyAgent, BatchedSearch, EvaluatorChoice,
    GreedyAgent, Heuristic, MctsAgent, MctsConfig, RandomAgent, Rollout, SearchGame,
};
use common::Skirmish;

/// Wraps an agent and checks every action it chooses is legal.
struct Checked<A> {
    inner: A,
    buf: Vec<u32>,
    decisions: u32,
}

impl<A: Agent<Skirmish>> Agent<Skirmish> for Checked<A> {
    fn act(&mut self, game: &Skirmish) -> u32 {
        let a = self.inner.act(game);
        game.legal_actions(&mut self.buf);
        assert!(
            self.buf.contains(&a),
            "illegal action {a} among {:?}",
            self.buf
        );
        self.decisions += 1;
        a
    }
    fn begin_game(&mut self, seed: u64) {
        self.inner.begin_game(seed);
    }
}

fn checked<A>(inner: A) -> Checked<A> {
    Checked {
        inner,
        buf: Vec::new(),
        decisions: 0,
    }
}

/// Skirmish games are short: rollouts to the end (the default depth is tuned for the duel).
fn mcts(simulations: u32, seed: u64) -> MctsAgent<Skirmish> {
    MctsAgent::new(MctsConfig {
        simulations,
        seed,
        rollout_depth: 200,
        ..MctsConfig::default()
    })
}

/// Information-set MCTS, as [`mcts`] otherwise.
fn ismcts(simulations: u32, seed: u64) -> MctsAgent<Skirmish> {
    MctsAgent::new(MctsConfig {
        algorithm: Algorithm::InformationSet,
        ..*mcts(simulations, seed).config()
    })
}

/// Agent `a` against `b` over `games` games, seats alternating; `a`'s (wins, draws).
fn match_score(a: &mut dyn Agent<Skirmish>, b: &mut dyn Agent<Skirmish>, games: u64) -> (u32, u32) {
    let (mut wins, mut draws) = (0, 0);
    for i in 0..games {
        let mut g = Skirmish::new(1000 + i);
        let score = score_in_seat(&mut g, a, b, (i % 2) as usize, i);
        wins += u32::from(score == 1.0);
        draws += u32::from(score == 0.5);
    }
    (wins, draws)
}

#[test]
fn every_agent_only_chooses_legal_actions() {
    for seed in 0..20 {
        let mut a = checked(AnyAgent::Random(RandomAgent::new(seed)));
        let mut b = checked(AnyAgent::<Skirmish>::Mcts(mcts(50, seed)));
        let mut g = Skirmish::new(seed);
        let r = playout(&mut g, &mut a, &mut b, seed);
        assert_eq!(r.decisions, a.decisions + b.decisions);
        let mut c = checked(AnyAgent::<Skirmish>::Greedy(GreedyAgent::new(seed)));
        let mut g = Skirmish::new(seed);
        playout(&mut g, &mut c, &mut a, seed);
        assert!(c.decisions > 0);
        let mut i = checked(AnyAgent::<Skirmish>::Mcts(ismcts(50, seed)));
        let mut g = Skirmish::new(seed);
        playout(&mut g, &mut i, &mut b, seed);
        assert!(i.decisions > 0);
    }
}

#[test]
fn playout_ends_the_game_and_reports_it() {
    let mut g = Skirmish::new(7);
    let r = playout(
        &mut g,
        &mut RandomAgent::new(1),
        &mut RandomAgent::new(2),
        3,
    );
    assert!(g.is_terminal());
    assert_eq!(r.returns, g.returns());
    assert_eq!(r.turns, g.turn);
    match r.winner {
        Some(w) => assert_eq!(r.returns[w], 1.0),
        None => assert_eq!(r.returns, [0.0, 0.0]),
    }
}

#[test]
fn playouts_are_reproducible_from_their_seeds() {
    let run = |seed: u64| {
        let mut g = Skirmish::new(5);
        let mut a = mcts(64, 9);
        let mut b = RandomAgent::new(4);
        let r = playout(&mut g, &mut a, &mut b, seed);
        (r, g)
    };
    assert_eq!(run(11), run(11));
    // The agents' streams restart from (own seed, game seed, seat): an agent that already
    // played a game plays the next one as a fresh agent would.
    let mut a = mcts(64, 9);
    let mut b = RandomAgent::new(4);
    playout(&mut Skirmish::new(1), &mut a, &mut b, 99);
    let mut g = Skirmish::new(5);
    let r = playout(&mut g, &mut a, &mut b, 11);
    assert_eq!((r, g), run(11));
    // Another seed plays another game (of many seeds, not all give the same one).
    let finals: std::collections::HashSet<_> = (0..8).map(|s| run(s).1).collect();
    assert!(finals.len() > 1);
}

#[test]
fn mcts_beats_random() {
    let (wins, _) = match_score(&mut mcts(300, 1), &mut RandomAgent::new(2), 40);
    assert!(wins >= 36, "MCTS won only {wins} of 40 against random");
}

#[test]
fn ismcts_beats_random() {
    let (wins, _) = match_score(&mut ismcts(300, 1), &mut RandomAgent::new(2), 40);
    assert!(wins >= 36, "ISMCTS won only {wins} of 40 against random");
}

#[test]
fn ismcts_playouts_are_reproducible_from_their_seeds() {
    let run = |seed: u64, agent_seed: u64| {
        let mut g = Skirmish::new(5);
        let r = playout(&mut g, &mut ismcts(64, agent_seed), &mut mcts(64, 2), seed);
        (r, g)
    };
    assert_eq!(run(11, 9), run(11, 9));
    let mut a = ismcts(64, 9);
    let mut b = mcts(64, 2);
    playout(&mut Skirmish::new(1), &mut a, &mut b, 99);
    let mut g = Skirmish::new(5);
    let r = playout(&mut g, &mut a, &mut b, 11);
    assert_eq!((r, g), run(11, 9));
    // The agent's own seed matters: some of several seeds play another game.
    let finals: std::collections::HashSet<_> = (0..8).map(|s| run(11, s).1).collect();
    assert!(finals.len() > 1);
}

#[test]
fn ismcts_searches_one_tree_with_the_simulations_it_is_given() {
    let g = Skirmish::new(4);
    let mut a = ismcts(257, 3);
    a.act(&g);
    assert_eq!(a.simulations_run(), 257);
    let stats = a.root_stats();
    // One tree: every simulation went through exactly one root action, each legal action
    // was tried, and the tally is in ascending action order.
    assert_eq!(stats.iter().map(|s| s.visits).sum::<u64>(), 257);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let searched: Vec<u32> = stats.iter().map(|s| s.action).collect();
    assert_eq!(searched, legal);
    assert!(stats
        .iter()
        .all(|s| s.visits > 0 && s.value.abs() <= s.visits as f64));
}

#[test]
fn ismcts_and_determinized_mcts_search_differently() {
    // The algorithm setting is honoured: at the same seed the two tallies differ.
    let g = Skirmish::new(4);
    let mut a = mcts(200, 3);
    let mut b = ismcts(200, 3);
    a.act(&g);
    b.act(&g);
    assert_ne!(a.root_stats(), b.root_stats());
}

#[test]
fn algorithm_names_round_trip() {
    for a in [Algorithm::Determinized, Algorithm::InformationSet] {
        assert_eq!(a.name().parse(), Ok(a));
    }
    let err = "uct".parse::<Algorithm>().unwrap_err();
    assert!(err.contains("\"uct\"") && err.contains("ismcts"), "{err}");
}

#[test]
fn greedy_beats_random() {
    let (wins, _) = match_score(&mut GreedyAgent::new(1), &mut RandomAgent::new(2), 40);
    assert!(wins >= 28, "greedy won only {wins} of 40 against random");
}

#[test]
fn mcts_beats_greedy_more_often_than_not() {
    let (wins, draws) = match_score(&mut mcts(500, 3), &mut GreedyAgent::new(4), 30);
    assert!(
        wins * 2 + draws > 30,
        "MCTS scored {wins} wins, {draws} draws of 30 against greedy"
    );
}

/// A state for player `p` with a card of the other player's hand swapped with one of its
/// library (of another kind): what `p` can see is unchanged.
fn swap_hidden(g: &Skirmish, p: usize) -> Option<Skirmish> {
    let o = 1 - p;
    let mut h = *g;
    for i in 0..h.library_len[o] as usize {
        let lib_card = h.library[o][i] as usize;
        if let Some(hand_kind) = (1..common::KINDS).find(|&k| h.hand[o][k] > 0 && k != lib_card) {
            h.hand[o][hand_kind] -= 1;
            h.hand[o][lib_card] += 1;
            h.library[o][i] = hand_kind as u8;
            // And p's own library in another order.
            let n = h.library_len[p] as usize;
            h.library[p][..n].reverse();
            return Some(h);
        }
    }
    None
}

#[test]
fn mcts_never_reads_hidden_cards() {
    let mut compared = 0;
    for seed in 0..30 {
        let mut g = Skirmish::new(seed);
        let mut r = RandomAgent::new(seed);
        for _ in 0..(seed % 7) {
            let a = r.act(&g);
            g.apply_action(a);
        }
        if g.is_terminal() {
            continue;
        }
        let p = g.current_player() as usize;
        let Some(h) = swap_hidden(&g, p) else {
            continue;
        };
        assert_ne!(g, h);
        for make in [mcts, ismcts] {
            let mut a = make(200, seed);
            let mut b = make(200, seed);
            for _ in 0..3 {
                assert_eq!(a.act(&g), b.act(&h));
                assert_eq!(a.root_stats(), b.root_stats());
            }
        }
        let mut ga = GreedyAgent::new(seed);
        let mut gb = GreedyAgent::new(seed);
        assert_eq!(
            Agent::<Skirmish>::act(&mut ga, &g),
            Agent::<Skirmish>::act(&mut gb, &h)
        );
        compared += 1;
    }
    assert!(compared >= 20, "only {compared} positions compared");
}

#[test]
fn the_true_hidden_cards_do_matter_to_a_cheater() {
    // The test above is not vacuous: the swapped states differ in what the hidden player holds,
    // and a resample deals the hidden cards anew (it is not the identity).
    let g = Skirmish::new(3);
    let h = swap_hidden(&g, 0).unwrap();
    assert_ne!(g.hand[1], h.hand[1]);
    let dealt: std::collections::HashSet<_> = (0..20).map(|s| g.resample(0, s).hand[1]).collect();
    assert!(dealt.len() > 1);
    assert!((0..20).all(|s| g.resample(0, s).hand[0] == g.hand[0]));
}

#[test]
fn mcts_with_one_legal_action_plays_it_without_search() {
    let mut g = Skirmish::new(2);
    // Empty player 0's hand: only "end the turn" is left.
    g.hand[0] = [0; common::KINDS];
    for make in [mcts, ismcts] {
        let mut a = make(100, 0);
        assert_eq!(a.act(&g), 0);
        assert_eq!(a.simulations_run(), 0);
    }
}

#[test]
fn mcts_runs_the_simulations_it_is_given() {
    let g = Skirmish::new(4);
    let mut a = MctsAgent::new(MctsConfig {
        simulations: 103,
        determinizations: 4,
        ..MctsConfig::default()
    });
    a.act(&g);
    assert_eq!(a.simulations_run(), 103);
    assert_eq!(a.root_stats().iter().map(|s| s.visits).sum::<u64>(), 103);
}

/// Deals made through [`Counted`] (only the test below uses it).
static DEALS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Skirmish counting its deals.
#[derive(Clone)]
struct Counted(Skirmish);

impl SearchGame for Counted {
    type Belief = ();
    type Written = ();
    fn current_player(&self) -> i32 {
        self.0.current_player()
    }
    fn legal_actions(&self, out: &mut Vec<u32>) {
        self.0.legal_actions(out)
    }
    fn apply_action(&mut self, action: u32) {
        self.0.apply_action(action)
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn returns(&self) -> [f64; 2] {
        self.0.returns()
    }
    fn resample(&self, player: usize, seed: u64) -> Self {
        DEALS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Counted(self.0.resample(player, seed))
    }
    fn evaluate(&self, player: usize) -> f64 {
        self.0.evaluate(player)
    }
    fn turn(&self) -> u32 {
        self.0.turn()
    }
}

#[test]
fn determinizations_beyond_the_simulations_deal_nothing() {
    // A search with no simulation to run is skipped and its deal never made: the work is
    // bounded by the simulations, whatever the determinizations (4 billion would take hours).
    let g = Counted(Skirmish::new(4));
    let mut first = None;
    for determinizations in [10, 11, 1000, u32::MAX] {
        let mut a = MctsAgent::new(MctsConfig {
            simulations: 10,
            determinizations,
            rollout_depth: 200,
            ..MctsConfig::default()
        });
        let before = DEALS.load(std::sync::atomic::Ordering::Relaxed);
        a.act(&g);
        assert_eq!(
            DEALS.load(std::sync::atomic::Ordering::Relaxed) - before,
            10
        );
        assert_eq!(a.simulations_run(), 10);
        // The same ten searches, one simulation each, whatever the determinizations beyond.
        let stats = a.root_stats().to_vec();
        assert_eq!(stats.iter().map(|s| s.visits).sum::<u64>(), 10);
        assert_eq!(*first.get_or_insert_with(|| stats.clone()), stats);
    }
}

/// A game without observations or action ids: the built-in evaluators search it in line, and
/// in a batch the rollouts do; priors refused there with an error, not a panic.
#[test]
fn built_in_evaluators_on_a_game_without_observations() {
    for algorithm in [Algorithm::Determinized, Algorithm::InformationSet] {
        let config = MctsConfig {
            simulations: 30,
            algorithm,
            rollout_depth: 200,
            ..MctsConfig::default()
        };
        let games: Vec<Skirmish> = (0..3).map(Skirmish::new).collect();
        let mut s = BatchedSearch::new(config, games.len());
        let actions = s.run(&games, &mut Rollout::new(200)).unwrap().to_vec();
        for (g, a) in games.iter().zip(&actions) {
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            assert!(legal.contains(&a.unwrap()));
        }
        let err = s.run(&games, &mut Heuristic::default()).unwrap_err();
        assert!(err.message.contains("action ids"), "{}", err.message);
        let mut guided = MctsAgent::new(MctsConfig {
            evaluator: EvaluatorChoice::Evaluation,
            ..config
        });
        let mut legal = Vec::new();
        games[0].legal_actions(&mut legal);
        assert!(legal.contains(&guided.act(&games[0])));
    }
}

/// Two players taking turns forever, player 0 always ahead: every state is worth 1 to player 0
/// and -1 to player 1.
#[derive(Clone)]
struct AlwaysAhead {
    to_act: i32,
}

impl SearchGame for AlwaysAhead {
    type Belief = ();
    type Written = ();
    fn current_player(&self) -> i32 {
        self.to_act
    }
    fn legal_actions(&self, out: &mut Vec<u32>) {
        out.clear();
        out.extend([0, 1]);
    }
    fn apply_action(&mut self, _: u32) {
        self.to_act = 1 - self.to_act;
    }
    fn is_terminal(&self) -> bool {
        false
    }
    fn returns(&self) -> [f64; 2] {
        [0.0, 0.0]
    }
    fn resample(&self, _: usize, _: u64) -> Self {
        self.clone()
    }
    fn evaluate(&self, player: usize) -> f64 {
        if player == 0 {
            1.0
        } else {
            -1.0
        }
    }
    fn turn(&self) -> u32 {
        1
    }
}

#[test]
fn batched_rollouts_are_valued_for_the_player_at_the_leaf() {
    // A rollout plays on from the leaf (here one action, so the other player is to act when it
    // ends); its value is the leaf player's and is backed up as theirs, so player 0's root sees
    // every action worth 1, in line and batched alike.
    let config = MctsConfig {
        simulations: 40,
        rollout_depth: 1,
        ..MctsConfig::default()
    };
    let games = [AlwaysAhead { to_act: 0 }];
    let mut batched = BatchedSearch::new(config, 1);
    let mut rollout = Rollout::new(1);
    batched.run(&games, &mut rollout).unwrap();
    let mut agent = MctsAgent::new(config);
    agent.begin_game(0);
    agent.act(&games[0]);
    for stats in [batched.root_stats(0), agent.root_stats()] {
        assert!(!stats.is_empty());
        for s in stats {
            assert!(s.visits > 0 && s.value == s.visits as f64, "{stats:?}");
        }
    }
}
