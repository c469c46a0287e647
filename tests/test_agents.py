"""cardstate.agents on the duel: legal actions only, whole games in Rust equal to the Python
loop, the MCTS agent never reading hidden cards, bad settings refused."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from cardstate.agents import GreedyAgent, MCTSAgent, RandomAgent, derive, playout
from cardstate.duel import Duel

DECKS = ("evergreen", "energy")


def agents():
    return [
        RandomAgent(3),
        GreedyAgent(4),
        MCTSAgent(simulations=30, seed=5),
        MCTSAgent(simulations=30, seed=5, algorithm="ismcts"),
    ]


def mid_game(seed: int, decisions: int) -> Duel:
    d = Duel(*DECKS, seed=seed)
    r = RandomAgent(seed)
    for _ in range(decisions):
        if d.is_terminal():
            break
        d.apply_action(r.act(d))
    return d


class Checked:
    """Plays through an agent and checks each action is among the legal ones."""

    def __init__(self, inner):
        self.inner = inner
        self.decisions = 0

    def reset(self, seed):
        self.inner.reset(seed)

    def act(self, duel):
        a = self.inner.act(duel)
        assert a in duel.legal_actions(), (a, duel.legal_actions())
        self.decisions += 1
        return a


@pytest.mark.parametrize("i", range(4))
def test_agents_only_choose_legal_actions(i):
    a, b = Checked(agents()[i]), Checked(RandomAgent(9))
    r = playout(Duel(*DECKS, seed=i), a, b, seed=i)
    assert r.decisions == a.decisions + b.decisions > 0


@pytest.mark.parametrize("i,j", [(0, 0), (1, 0), (2, 0), (2, 1), (3, 2)])
def test_rust_playout_equals_the_python_loop(i, j):
    d = Duel(*DECKS, seed=11)
    native = playout(d, agents()[i], agents()[j], seed=7)
    python = playout(d, Checked(agents()[i]), Checked(agents()[j]), seed=7)
    assert native == python
    assert not d.is_terminal() and d.history() == []  # the duel itself is unchanged
    assert native.winner in (0, 1, None)
    if native.winner is not None:
        assert native.returns[native.winner] == 1.0


def test_the_same_agent_may_take_both_seats():
    m = MCTSAgent(simulations=20, seed=1)
    d = Duel(*DECKS, seed=2)
    assert playout(d, m, m, seed=3) == playout(d, MCTSAgent(20, seed=1), m, seed=3)


def test_playouts_depend_on_the_seed_only():
    d = Duel(*DECKS, seed=4)
    m, r = MCTSAgent(simulations=20, seed=1), RandomAgent(2)
    first = playout(d, m, r, seed=5)
    playout(d, m, r, seed=6)  # another game between them changes nothing for the next
    assert playout(d, m, r, seed=5) == first
    results = {playout(d, RandomAgent(2), RandomAgent(3), seed=s) for s in range(12)}
    assert len(results) > 1


def test_reset_is_the_seat_stream_of_a_playout():
    # playout(seed) starts seat k's agent at reset(derive(seed, k)).
    d = mid_game(1, 6)
    a, b = RandomAgent(8), RandomAgent(8)
    a.reset(derive(3, 0))
    b.reset(derive(3, 0))
    assert [a.act(d) for _ in range(5)] == [b.act(d) for _ in range(5)]


@pytest.mark.parametrize("algorithm", ["determinized", "ismcts"])
def test_mcts_never_reads_the_opponents_hidden_cards(algorithm):
    compared = 0
    for seed in range(10):
        d = mid_game(seed, 10)
        if d.is_terminal() or len(d.legal_actions()) < 2:
            continue
        p = d.current_player()
        other = d.resample(p, 1000 + seed)
        if other.hand(1 - p) == d.hand(1 - p):
            continue
        assert other.hand(p) == d.hand(p)
        a, b = (MCTSAgent(simulations=100, seed=seed, algorithm=algorithm) for _ in range(2))
        # The same decisions, visit counts and values over several searches at the same seed.
        for _ in range(3):
            assert a.act(d) == b.act(other)
            assert a.root_stats() == b.root_stats()
        compared += 1
    assert compared >= 4


class Recorder:
    """An evaluator that keeps every batch it is shown (uniform priors, value 0)."""

    def __init__(self):
        self.batches = []

    def evaluate(self, obs, mask, players):
        self.batches.append((obs.copy(), mask.copy(), players.copy()))
        return mask.astype(np.float32), np.zeros(len(players), np.float32)


@pytest.mark.parametrize("algorithm", ["determinized", "ismcts"])
def test_an_evaluator_sees_only_the_acting_players_observation(algorithm):
    compared = 0
    for seed in range(10):
        d = mid_game(seed, 10)
        if d.is_terminal() or len(d.legal_actions()) < 2:
            continue
        p = d.current_player()
        other = d.resample(p, 1000 + seed)
        if other.hand(1 - p) == d.hand(1 - p):
            continue
        seen = [Recorder(), Recorder()]
        a, b = (
            MCTSAgent(simulations=40, seed=seed, algorithm=algorithm, evaluator=r) for r in seen
        )
        for _ in range(2):
            assert a.act(d) == b.act(other)
            assert a.root_stats() == b.root_stats()
        # What the evaluator was shown is the same whatever the hidden cards were.
        assert len(seen[0].batches) == len(seen[1].batches) > 0
        for (o0, m0, p0), (o1, m1, p1) in zip(seen[0].batches, seen[1].batches, strict=True):
            np.testing.assert_array_equal(o0, o1)
            np.testing.assert_array_equal(m0, m1)
            np.testing.assert_array_equal(p0, p1)
        # The first leaf is the root: the acting player's own view of the duel.
        o, m, players = seen[0].batches[0]
        assert players[0] == p
        np.testing.assert_array_equal(o[0], d.observation_tensor(p))
        np.testing.assert_array_equal(m[0], d.legal_action_mask())
        compared += 1
    assert compared >= 4


def test_greedy_never_reads_the_opponents_hidden_cards():
    for seed in range(6):
        d = mid_game(seed, 12)
        if d.is_terminal():
            continue
        other = d.resample(d.current_player(), 99)
        a, b = GreedyAgent(seed), GreedyAgent(seed)
        assert [a.act(d) for _ in range(3)] == [b.act(other) for _ in range(3)]


@pytest.mark.parametrize(
    "algorithm,evaluator",
    [("determinized", "rollout"), ("ismcts", "rollout"), ("determinized", "evaluation")],
)
def test_mcts_beats_random(algorithm, evaluator):
    wins = 0
    for i in range(6):
        agent = MCTSAgent(simulations=150, seed=i, algorithm=algorithm, evaluator=evaluator)
        seats = (agent, RandomAgent(i))
        d = Duel(*(DECKS if i % 2 == 0 else DECKS[::-1]), seed=100 + i)
        r = playout(d, *(seats if i % 2 == 0 else seats[::-1]), seed=i)
        wins += r.winner == i % 2
    assert wins >= 5


def test_agents_pickle_as_their_settings():
    m = MCTSAgent(simulations=77, exploration=0.5, determinizations=2, rollout_depth=9, seed=4)
    m2 = pickle.loads(pickle.dumps(m))
    assert repr(m2) == repr(m)
    assert (m2.simulations, m2.exploration, m2.determinizations) == (77, 0.5, 2)
    assert (m2.rollout_depth, m2.seed, m2.algorithm) == (9, 4, "determinized")
    i = pickle.loads(pickle.dumps(MCTSAgent(simulations=9, algorithm="ismcts")))
    assert (i.simulations, i.algorithm) == (9, "ismcts")
    assert pickle.loads(pickle.dumps(RandomAgent(5))).seed == 5
    assert pickle.loads(pickle.dumps(GreedyAgent(6))).seed == 6


def test_bad_settings_and_arguments():
    with pytest.raises(ValueError, match="simulations"):
        MCTSAgent(simulations=0)
    with pytest.raises(ValueError, match="determinizations"):
        MCTSAgent(determinizations=0)
    with pytest.raises(ValueError, match="exploration"):
        MCTSAgent(exploration=float("nan"))
    with pytest.raises(ValueError, match="ismcts"):
        MCTSAgent(algorithm="uct")
    with pytest.raises(TypeError):
        MCTSAgent(algorithm=1)
    with pytest.raises(OverflowError):
        RandomAgent(-1)
    with pytest.raises(TypeError):
        RandomAgent(0).act("not a duel")
    with pytest.raises(TypeError, match="act"):
        playout(Duel(*DECKS), RandomAgent(0), object())
    d = Duel(*DECKS, seed=1)
    over = d.clone()
    while not over.is_terminal():
        over.apply_action(over.legal_actions()[0])
    with pytest.raises(ValueError, match="over"):
        MCTSAgent(simulations=5).act(over)
