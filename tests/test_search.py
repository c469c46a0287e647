"""Evaluator-guided search from Python: a Python evaluator's priors and values reach the
search, bad evaluators are a clear Python error, BatchedSearch gathers many duels' leaves and
gives each duel the search an MCTSAgent with the same stream gives."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from cardstate.agents import BatchedSearch, MCTSAgent, RandomAgent, playout
from cardstate.duel import Duel

DECKS = ("evergreen", "energy")


def mid_game(seed: int, decisions: int) -> Duel:
    d = Duel(*DECKS, seed=seed)
    r = RandomAgent(seed)
    for _ in range(decisions):
        if d.is_terminal():
            break
        d.apply_action(r.act(d))
    return d


def decisions(n: int = 8) -> list[Duel]:
    out = []
    seed = 0
    while len(out) < n:
        d = mid_game(seed, 8)
        seed += 1
        if not d.is_terminal() and len(d.legal_actions()) >= 2:
            out.append(d)
    return out


def uniform(obs, mask, players):
    """Uniform priors over the legal actions, value 0."""
    return mask.astype(np.float32), np.zeros(len(players), np.float32)


class FavoursLargest:
    """All the prior on the largest legal action id; counts its calls and rows."""

    def __init__(self):
        self.calls = 0
        self.rows = 0
        self.largest_call = 0

    def evaluate(self, obs, mask, players):
        self.calls += 1
        self.rows += len(players)
        self.largest_call = max(self.largest_call, len(players))
        assert obs.dtype == np.float32 and mask.dtype == np.bool_
        assert obs.shape[0] == mask.shape[0] == players.shape[0]
        priors = np.zeros(mask.shape, np.float32)
        priors[np.arange(len(mask)), mask.shape[1] - 1 - np.argmax(mask[:, ::-1], axis=1)] = 1
        return priors, np.zeros(len(players), np.float32)


@pytest.mark.parametrize("algorithm", ["determinized", "ismcts"])
def test_a_known_evaluator_steers_the_search(algorithm):
    for d in decisions(5):
        e = FavoursLargest()
        a = MCTSAgent(simulations=8, seed=1, algorithm=algorithm, evaluator=e)
        assert a.act(d) == max(d.legal_actions())
        assert e.calls > 0
        assert a.evaluator is e


@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_values_reach_the_search(sign):
    # Every leaf is worth `sign` to the root player, whichever player is to act there (a value
    # is for the player to act at its leaf): every root action's mean value is `sign`.
    d = decisions(1)[0]
    p = d.current_player()
    seen = []

    def evaluator(obs, mask, players):
        seen.extend(players.tolist())
        values = np.where(players == p, sign, -sign).astype(np.float32)
        return mask.astype(np.float32), values

    for algorithm in ("determinized", "ismcts"):
        a = MCTSAgent(simulations=50, seed=2, evaluator=evaluator, algorithm=algorithm)
        a.act(d)
        assert sum(v for _, v, _ in a.root_stats()) > 0
        assert all(m == sign for _, v, m in a.root_stats() if v > 0)
    assert p in seen and set(seen) <= {0, 1}


@pytest.mark.parametrize(
    "bad,error,match",
    [
        (lambda o, m, p: (m.astype(np.float32)[:, :-1], np.zeros(len(p))), ValueError, "shape"),
        (lambda o, m, p: (m.astype(np.float32), np.zeros((len(p), 2))), ValueError, "shape"),
        (lambda o, m, p: (m * np.nan, np.zeros(len(p))), ValueError, "prior"),
        (lambda o, m, p: (m.astype(np.float32), np.full(len(p), np.nan)), ValueError, "value"),
        (lambda o, m, p: (m.astype(np.float32), np.full(len(p), 2.0)), ValueError, "value"),
        (lambda o, m, p: (-m.astype(np.float32), np.zeros(len(p))), ValueError, "prior"),
        (lambda o, m, p: None, TypeError, "priors, values"),
        (lambda o, m, p: (["x"] * len(p), np.zeros(len(p))), TypeError, "float32"),
        (lambda o, m, p: 1 / 0, ZeroDivisionError, "division"),
    ],
)
def test_bad_evaluators_are_python_errors(bad, error, match):
    d = decisions(1)[0]
    for algorithm in ("determinized", "ismcts"):
        a = MCTSAgent(simulations=10, evaluator=bad, algorithm=algorithm)
        with pytest.raises(error, match=match):
            a.act(d)
        for pipelined in (False, True):
            s = BatchedSearch(
                [d, d], evaluator=bad, simulations=10, algorithm=algorithm, pipelined=pipelined
            )
            with pytest.raises(error, match=match):
                s.run()
    # The duel is unchanged and the agent searches again with a good evaluator.
    assert d.legal_actions() == decisions(1)[0].legal_actions()
    assert MCTSAgent(simulations=10, evaluator=uniform).act(d) in d.legal_actions()


def test_bad_evaluator_arguments():
    with pytest.raises(TypeError, match="evaluator"):
        MCTSAgent(evaluator=3)
    with pytest.raises(ValueError, match="evaluator"):
        MCTSAgent(evaluator="network")
    with pytest.raises(TypeError, match="duels"):
        BatchedSearch([Duel(*DECKS), "duel"], evaluator=uniform)
    with pytest.raises(ValueError, match="parallel_leaves"):
        BatchedSearch([], evaluator=uniform, parallel_leaves=0)
    with pytest.raises(ValueError, match="game_seeds"):
        BatchedSearch([Duel(*DECKS)], evaluator=uniform, game_seeds=[1, 2])


def test_a_duel_that_is_over_is_skipped():
    over = mid_game(0, 10_000)
    assert over.is_terminal()
    live = decisions(1)[0]
    s = BatchedSearch([over, live], evaluator=uniform, simulations=10)
    actions, policies = s.run()
    assert actions[0] == -1 and not policies[0].any() and s.root_stats(0) == []
    assert actions[1] in live.legal_actions() and policies[1].sum() == pytest.approx(1.0)


def test_an_agent_with_an_evaluator_plays_games_from_python():
    a = MCTSAgent(simulations=10, evaluator=uniform, seed=3)
    r = playout(Duel(*DECKS, seed=1), a, RandomAgent(1), seed=4)
    assert r == playout(Duel(*DECKS, seed=1), a, RandomAgent(1), seed=4)
    assert r.decisions > 0


def test_pickling_keeps_the_evaluator():
    a = MCTSAgent(simulations=12, evaluator=uniform, c_puct=2.0, parallel_leaves=3)
    b = pickle.loads(pickle.dumps(a))
    assert (b.evaluator, b.c_puct, b.parallel_leaves, b.simulations) == (uniform, 2.0, 3, 12)
    assert repr(a) == repr(b)
    assert MCTSAgent(evaluator="evaluation").evaluator == "evaluation"


@pytest.mark.parametrize("algorithm", ["determinized", "ismcts"])
@pytest.mark.parametrize("parallel_leaves", [1, 4])
def test_batched_search_is_the_same_whatever_the_batch_size(algorithm, parallel_leaves):
    duels = decisions(6)
    results = []
    # Pipelined: two overlapping halves of the duels, each duel's search unchanged.
    for batch_size, pipelined in ((4, False), (5, False), (256, False), (5, True), (256, True)):
        s = BatchedSearch(
            duels,
            evaluator=uniform if batch_size != 5 else lambda o, m, p: uniform(o, m, p),
            simulations=30,
            seed=7,
            algorithm=algorithm,
            batch_size=batch_size,
            parallel_leaves=parallel_leaves,
            pipelined=pipelined,
        )
        assert s.pipelined == pipelined
        runs = [s.run() for _ in range(2)]
        stats = [s.root_stats(i) for i in range(len(duels))]
        results.append((runs, stats))
    for runs, stats in results[1:]:
        for (a, p), (a0, p0) in zip(runs, results[0][0], strict=True):
            np.testing.assert_array_equal(a, a0)
            np.testing.assert_array_equal(p, p0)
        assert stats == results[0][1]
    actions, policies = results[0][0][0]
    assert actions.dtype == np.int64 and policies.dtype == np.float32
    assert policies.shape == (len(duels), duels[0].num_distinct_actions())
    np.testing.assert_allclose(policies.sum(axis=1), 1.0, rtol=1e-5)
    for d, a, p in zip(duels, actions, policies, strict=True):
        assert a in d.legal_actions()
        assert set(np.flatnonzero(p)) <= set(d.legal_actions())


@pytest.mark.parametrize("algorithm", ["determinized", "ismcts"])
def test_batched_search_is_each_agents_search(algorithm):
    duels = decisions(4)
    s = BatchedSearch(duels, evaluator=uniform, simulations=25, seed=5, algorithm=algorithm)
    actions, _ = s.run()
    for i, d in enumerate(duels):
        a = MCTSAgent(simulations=25, seed=5, algorithm=algorithm, evaluator=uniform)
        a.reset(i)
        assert a.act(d) == actions[i]
        assert a.root_stats() == s.root_stats(i)


def test_one_call_per_batch():
    duels = decisions(6)
    e = FavoursLargest()
    s = BatchedSearch(duels, evaluator=e, simulations=20, batch_size=256)
    s.run()
    # One leaf per duel per round, one call per round: at most 20 calls, most with 6 rows.
    assert 0 < e.rows <= s.simulations_run == 6 * 20
    assert e.calls <= 20 and e.rows >= 4 * e.calls


def test_pipelined_calls_carry_one_half_each():
    duels = decisions(6)
    e = FavoursLargest()
    s = BatchedSearch(duels, evaluator=e, simulations=20, batch_size=256, pipelined=True)
    actions, _ = s.run()
    # The halves' rounds alternate: three rows a call, twice the calls of the unpipelined search.
    assert e.rows == s.simulations_run == 6 * 20
    assert e.largest_call == 3 and e.calls >= 40
    unpipelined = BatchedSearch(duels, evaluator=FavoursLargest(), simulations=20).run()[0]
    assert list(actions) == list(unpipelined)


def test_built_in_evaluators_in_a_batched_search():
    duels = decisions(3)
    for name in ("rollout", "evaluation"):
        actions, policies = BatchedSearch(duels, evaluator=name, simulations=20).run()
        assert all(a in d.legal_actions() for a, d in zip(actions, duels, strict=True))


def test_the_observations_are_lent_read_only_and_may_be_kept():
    duels = decisions(4)
    kept: list[tuple[np.ndarray, np.ndarray]] = []

    def keeping(obs, mask, players):
        # An evaluator may keep its inputs: they stay as they were when it was called.
        kept.append((obs, obs.copy()))
        return uniform(obs, mask, players)

    for pipelined in (False, True):
        kept.clear()
        s = BatchedSearch(duels, evaluator=keeping, simulations=12, pipelined=pipelined)
        actions, _ = s.run()
        assert kept and all(np.array_equal(a, copy) for a, copy in kept)
        # The search is the one whose evaluator keeps nothing.
        again = BatchedSearch(duels, evaluator=uniform, simulations=12, pipelined=pipelined)
        assert list(again.run()[0]) == list(actions)

    def writing(obs, mask, players):
        obs[:] = 0
        return uniform(obs, mask, players)

    with pytest.raises(ValueError, match="read-only"):
        BatchedSearch(duels, evaluator=writing, simulations=4).run()
