//! Evaluator-guided search on the duel: priors and values reach the search, batched and
//! sequential searches agree, the built-in evaluators as agents, bad results refused.

mod duel_cards;

use cardstate_agents::{
    Agent, Algorithm, Batch, BatchedSearch, EvalError, Evaluator, EvaluatorChoice, MctsAgent,
    MctsConfig, RandomAgent, Uniform,
};
use cardstate_duel::Duel;
use duel_cards::{duel, mid_game};

/// Priors all on the largest legal action id, values 0: a search guided by it plays that
/// action.
#[derive(Default)]
struct FavoursLargest {
    calls: usize,
    rows: usize,
}

impl Evaluator<Duel> for FavoursLargest {
    fn evaluate(&mut self, b: &mut Batch<'_>, _: &mut [Duel], _: &[u64]) -> Result<(), EvalError> {
        let n = b.rows;
        self.calls += 1;
        self.rows += n;
        let a = b.num_actions;
        for i in 0..n {
            let largest = (0..a)
                .rev()
                .find(|&j| b.masks[i * a + j])
                .expect("a legal action");
            for j in 0..a {
                b.priors[i * a + j] = if j == largest { 1.0 } else { 0.0 };
            }
            b.values[i] = 0.0;
        }
        Ok(())
    }
}

/// Writes one bad number: a NaN value, or a negative prior.
struct Broken {
    nan_value: bool,
}

impl Evaluator<Duel> for Broken {
    fn evaluate(&mut self, b: &mut Batch<'_>, _: &mut [Duel], _: &[u64]) -> Result<(), EvalError> {
        let n = b.rows;
        b.priors.fill(-1.0);
        b.values[..n].fill(if self.nan_value { f32::NAN } else { 0.5 });
        if self.nan_value {
            b.priors.fill(1.0);
        }
        Ok(())
    }
}

/// Checks every row's observation against the leaf's own, written whole; takes the
/// observations' memory every `take_every`-th call (as an evaluator handing it to an array
/// does), so that the search writes the next batch into new memory.
struct ChecksObservations {
    take_every: usize,
    calls: usize,
    rows: usize,
}

impl Evaluator<Duel> for ChecksObservations {
    fn evaluate(
        &mut self,
        b: &mut Batch<'_>,
        states: &mut [Duel],
        _: &[u64],
    ) -> Result<(), EvalError> {
        let mut whole = vec![0f32; b.observation_len];
        for (r, state) in states.iter().enumerate().take(b.rows) {
            state.observation(b.players[r] as usize, &mut whole);
            let differs = (0..whole.len()).find(|&i| b.observation(r)[i] != whole[i]);
            assert_eq!(differs, None, "row {r} of call {}", self.calls);
        }
        self.calls += 1;
        self.rows += b.rows;
        if self.calls.is_multiple_of(self.take_every) {
            drop(std::mem::take(b.observations));
        }
        Uniform.evaluate(b, states, &[])
    }
}

fn decisions() -> Vec<Duel> {
    (0..12)
        .map(|s| mid_game(s, 3))
        .filter(|d| {
            let mut a = Vec::new();
            d.legal_actions(&mut a);
            !d.is_terminal() && a.len() >= 2
        })
        .collect()
}

fn config(algorithm: Algorithm, parallel_leaves: u32, batch_size: u32) -> MctsConfig {
    MctsConfig {
        simulations: 40,
        seed: 3,
        algorithm,
        parallel_leaves,
        batch_size,
        ..MctsConfig::default()
    }
}

#[test]
fn priors_reach_the_search() {
    for algorithm in [Algorithm::Determinized, Algorithm::InformationSet] {
        for d in decisions() {
            let mut legal = Vec::new();
            d.legal_actions(&mut legal);
            let largest = *legal.iter().max().unwrap();
            let mut a = MctsAgent::new(MctsConfig {
                simulations: 8,
                ..config(algorithm, 1, 1)
            });
            let mut e = FavoursLargest::default();
            assert_eq!(a.act_with(&d, &mut e).unwrap(), largest);
            // One leaf per call with one leaf per tree: as many calls as leaves.
            assert_eq!(e.calls, e.rows);
            assert!(e.calls > 0);
        }
    }
}

#[test]
fn batched_search_is_the_same_whatever_the_batch_size() {
    let games = decisions();
    for algorithm in [Algorithm::Determinized, Algorithm::InformationSet] {
        for parallel in [1, 4] {
            let mut reference: Option<Vec<(u32, Vec<_>)>> = None;
            // Pipelined: two overlapping halves of the games, each game's search unchanged.
            for (batch, pipelined) in [(4, false), (7, false), (64, false), (7, true), (64, true)] {
                let mut s = BatchedSearch::new(config(algorithm, parallel, batch), games.len());
                s.set_pipelined(pipelined);
                let mut results = Vec::new();
                for _ in 0..2 {
                    let actions = s.run(&games, &mut Uniform).unwrap().to_vec();
                    for (i, &a) in actions.iter().enumerate() {
                        results.push((a.expect("a game not over"), s.root_stats(i).to_vec()));
                    }
                }
                match &reference {
                    None => reference = Some(results),
                    Some(r) => assert_eq!(
                        r, &results,
                        "{algorithm:?} parallel {parallel} batch {batch} pipelined {pipelined}"
                    ),
                }
            }
            // With one leaf per tree, each game's search is the agent's with the same stream.
            if parallel == 1 {
                let r = reference.unwrap();
                for (i, g) in games.iter().enumerate() {
                    let mut a = MctsAgent::new(config(algorithm, 1, 1));
                    a.begin_game(i as u64);
                    assert_eq!(a.act_with(g, &mut Uniform).unwrap(), r[i].0);
                    assert_eq!(a.root_stats(), &r[i].1[..]);
                }
            }
        }
    }
}

#[test]
fn the_evaluation_as_an_evaluator_plays_whole_games() {
    for algorithm in [Algorithm::Determinized, Algorithm::InformationSet] {
        let mut a = MctsAgent::new(MctsConfig {
            simulations: 30,
            evaluator: EvaluatorChoice::Evaluation,
            algorithm,
            ..MctsConfig::default()
        });
        let mut r = RandomAgent::new(1);
        let mut g = duel(5);
        let result = cardstate_agents::playout(&mut g, &mut a, &mut r, 2);
        assert!(result.decisions > 0);
        assert!(a.simulations_run() > 0);
    }
}

#[test]
fn bad_results_are_refused() {
    let d = &decisions()[0];
    for (nan_value, what) in [(true, "value"), (false, "prior")] {
        let mut a = MctsAgent::new(config(Algorithm::Determinized, 1, 1));
        let mut e = Broken { nan_value };
        let err = a.act_with(d, &mut e).unwrap_err();
        assert!(err.message.contains(what), "{}", err.message);
        // The agent searches again afterwards.
        assert!(a.act_with(d, &mut Uniform).is_ok());
    }
}

#[test]
fn bad_results_are_refused_when_pipelined() {
    let games = decisions();
    for nan_value in [true, false] {
        let mut s = BatchedSearch::new(config(Algorithm::Determinized, 1, 4), games.len());
        s.set_pipelined(true);
        assert!(s.pipelined());
        let err = s.run(&games, &mut Broken { nan_value }).unwrap_err();
        assert!(err.message.contains("row"), "{}", err.message);
        // The search runs again afterwards, as the sequential one does.
        let again = s.run(&games, &mut Uniform).unwrap();
        assert!(again.iter().all(Option::is_some));
    }
}

#[test]
fn each_leaf_observation_is_its_own_though_written_over_the_last() {
    // The rows' memory is reused from round to round and the search writes only what changed
    // (Duel::observation_over): every row still reads as the leaf's observation written whole,
    // whether the memory was kept or taken, pipelined or not.
    let games = decisions();
    for algorithm in [Algorithm::Determinized, Algorithm::InformationSet] {
        for (take_every, pipelined) in [
            (usize::MAX, false),
            (3, false),
            (usize::MAX, true),
            (2, true),
        ] {
            let mut s = BatchedSearch::new(config(algorithm, 2, 5), games.len());
            s.set_pipelined(pipelined);
            let mut e = ChecksObservations {
                take_every,
                calls: 0,
                rows: 0,
            };
            s.run(&games, &mut e).unwrap();
            s.run(&games, &mut e).unwrap();
            assert!(e.rows > 2 * games.len());
        }
    }
}
