"""DuelBatch: n duels stepped in one Rust call. It equals n independent duels stepped with the
same actions, refuses bad action arrays without changing anything, lets an opponent agent play
one side, and two threads step two batches independently."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from cardstate.duel import Duel
from cardstate.duel.batch import DuelBatch
from hypothesis import given, settings
from hypothesis import strategies as st

DECKS = ("infect", "energy")


def _random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


@settings(max_examples=12, deadline=None)
@given(
    n=st.integers(1, 6),
    seed=st.integers(0, 2**64 - 1),
    turn_limit=st.integers(1, 12),
    policy=st.integers(0, 2**32 - 1),
    mulligans=st.booleans(),
)
def test_equals_independent_duels_stepped_with_the_same_actions(
    n: int, seed: int, turn_limit: int, policy: int, mulligans: bool
) -> None:
    batch = DuelBatch(n, DECKS, seed, turn_limit=turn_limit, mulligans=mulligans)
    assert batch.mulligans is mulligans
    obs, masks = batch.reset()

    episodes = [0] * n

    def fresh(i: int) -> Duel:
        """Game i's current episode; one that ends before any decision is skipped, as the
        batch skips it."""
        while True:
            s = batch.game_seed(i, episodes[i])
            d = Duel(*DECKS, seed=s, turn_limit=turn_limit, mulligans=mulligans)
            if not d.is_terminal():
                return d
            episodes[i] += 1

    duels = [fresh(i) for i in range(n)]
    rng = np.random.default_rng(policy)
    ended = 0
    for _ in range(150):
        players = batch.current_players()
        for i, d in enumerate(duels):
            p = d.current_player()
            assert players[i] == p
            np.testing.assert_array_equal(obs[i], d.observation_tensor(p))
            np.testing.assert_array_equal(masks[i], d.legal_action_mask())
        np.testing.assert_array_equal(batch.episodes(), episodes)
        actions = _random_actions(masks, rng)
        obs, masks, rewards, dones = batch.step(actions)
        for i, d in enumerate(duels):
            actor = d.current_player()
            d.apply_action(int(actions[i]))
            if d.is_terminal():
                assert dones[i]
                assert rewards[i] == d.returns()[actor]
                episodes[i] += 1
                duels[i] = fresh(i)
                ended += 1
            else:
                assert not dones[i]
                assert rewards[i] == 0.0
    if turn_limit <= 2:
        assert ended > 0


def _twins(n: int = 4, seed: int = 3, **kw: object) -> tuple[DuelBatch, DuelBatch]:
    a, b = DuelBatch(n, DECKS, seed, **kw), DuelBatch(n, DECKS, seed, **kw)
    a.reset()
    b.reset()
    return a, b


def _illegal_ids(masks: np.ndarray) -> np.ndarray:
    """An illegal action per row (every state has some)."""
    return (~masks).argmax(axis=1)


def _at(legal: np.ndarray, i: int, value: object) -> np.ndarray:
    """``legal`` with entry i replaced."""
    return np.where(np.arange(len(legal)) == i, value, legal)


BAD_ACTIONS = {
    "one short": (lambda legal, masks: legal[:-1], ValueError, "shape"),
    "two-dimensional": (lambda legal, masks: np.stack([legal, legal]), ValueError, "shape"),
    "float dtype": (lambda legal, masks: legal.astype(np.float64), TypeError, "integer dtype"),
    "bool dtype": (lambda legal, masks: legal.astype(bool), TypeError, "integer dtype"),
    "a string": (lambda legal, masks: "pass", TypeError, "actions must be"),
    "negative": (lambda legal, masks: _at(legal, 2, -1), ValueError, "game 2"),
    "too large": (lambda legal, masks: _at(legal, 1, 10**6), ValueError, "outside"),
    "illegal": (lambda legal, m: _at(legal, 3, _illegal_ids(m)[3]), ValueError, "not legal"),
    "huge uint64": (
        lambda legal, masks: legal.astype(np.uint64) + np.uint64(2**63),
        ValueError,
        "outside",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_ACTIONS))
def test_bad_action_arrays_are_refused_and_change_nothing(case: str) -> None:
    make_bad, error, words = BAD_ACTIONS[case]
    a, twin = _twins()
    rng = np.random.default_rng(0)
    obs, masks = a.reset()
    twin.reset()
    for _ in range(7):  # into the game, so that the states differ from a fresh start
        actions = _random_actions(masks, rng)
        obs, masks, _, _ = a.step(actions)
        twin.step(actions)
    legal = _random_actions(masks, rng)
    before = [x.copy() for x in (obs, masks)]
    episodes = a.episodes().copy()
    with pytest.raises(error, match=words):
        a.step(make_bad(legal, masks))
    np.testing.assert_array_equal(obs, before[0])
    np.testing.assert_array_equal(masks, before[1])
    np.testing.assert_array_equal(a.episodes(), episodes)
    # The refused call left no trace: the batch goes on exactly as its twin.
    for _ in range(20):
        got = a.step(legal)
        want = twin.step(legal)
        for x, y in zip(got, want, strict=True):
            np.testing.assert_array_equal(x, y)
        legal = _random_actions(got[1], rng)


def test_integer_dtypes_and_lists_are_accepted_alike() -> None:
    rng = np.random.default_rng(1)
    batches = [DuelBatch(3, DECKS, 5) for _ in range(6)]
    masks = [b.reset()[1] for b in batches]
    for _ in range(30):
        legal = _random_actions(masks[0], rng).astype(np.int64)
        forms = [
            legal,
            legal.astype(np.int32),
            legal.astype(np.uint8),
            legal.tolist(),
            legal.astype(">i8"),  # int64 in the other byte order
            np.repeat(legal, 2)[::2],  # int64 with a stride
        ]
        results = [b.step(f) for b, f in zip(batches, forms, strict=True)]
        for r in results[1:]:
            for x, y in zip(r, results[0], strict=True):
                np.testing.assert_array_equal(x, y)
        masks = [r[1] for r in results]


def test_outputs_have_fixed_shapes_and_dtypes() -> None:
    b = DuelBatch(5, DECKS, 0)
    obs, masks = b.reset()
    assert obs.shape == (5, *b.observation_shape()) and obs.dtype == np.float32
    assert masks.shape == (5, b.num_distinct_actions()) and masks.dtype == np.bool_
    assert masks.any(axis=1).all(), "every game has a legal action"
    _, _, rewards, dones = b.step(masks.argmax(axis=1))
    assert rewards.shape == (5,) and rewards.dtype == np.float32
    assert dones.shape == (5,) and dones.dtype == np.bool_
    assert len(b) == 5


def test_the_batch_uses_the_duels_schema() -> None:
    """The batch's observations are the duel's: the same features, schema id and shape."""
    b = DuelBatch(2, DECKS, 0)
    d = Duel(*DECKS)
    assert b.observation_features() == d.observation_features()
    assert b.observation_schema() == d.observation_schema()
    assert b.observation_shape() == d.observation_shape() == (6728,)
    assert b.num_distinct_actions() == d.num_distinct_actions() == 260


def test_the_games_play_the_london_mulligan_unless_told_not_to_103_5() -> None:
    """By default each game starts with the mulligan decisions (103.5), as ``Duel`` does;
    ``mulligans=False`` (no mulligans) starts in the first turn."""
    keep = 1  # YES: keep the hand
    on, off = DuelBatch(3, DECKS, 4), DuelBatch(3, DECKS, 4, mulligans=False)
    assert on.mulligans and not off.mulligans
    _, masks = on.reset()
    assert (masks.sum(axis=1) == 2).all() and masks[:, keep].all(), "keep or mulligan"
    _, masks = off.reset()
    for i in range(3):
        d = Duel(*DECKS, seed=off.game_seed(i, 0), mulligans=False)
        assert d.decision() == "priority"
        np.testing.assert_array_equal(masks[i], d.legal_action_mask())


def test_reset_replays_the_same_games_and_a_new_seed_others() -> None:
    b = DuelBatch(3, DECKS, 8)

    def run(seed: int | None) -> list[np.ndarray]:
        obs, masks = b.reset(seed)
        out = [obs.copy()]
        rng = np.random.default_rng(0)
        for _ in range(40):
            obs, masks, _, _ = b.step(_random_actions(masks, rng))
            out.append(obs.copy())
        return out

    first = run(None)
    again = run(None)
    assert all(np.array_equal(x, y) for x, y in zip(first, again, strict=True))
    other = run(9)
    assert b.seed == 9
    assert not all(np.array_equal(x, y) for x, y in zip(first, other, strict=True))


@pytest.mark.parametrize("learner", [0, 1, "alternate"])
def test_an_opponent_plays_the_other_seat(learner: int | str) -> None:
    b = DuelBatch(6, DECKS, 2, turn_limit=6, opponent="random:seed=4", learner=learner)
    obs, masks = b.reset()
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(120):
        episodes = b.episodes()
        seats = (np.arange(6) + episodes) % 2 if learner == "alternate" else np.full(6, learner)
        np.testing.assert_array_equal(b.current_players(), seats)
        obs, masks, rewards, dones = b.step(_random_actions(masks, rng))
        assert set(np.unique(rewards[dones])) <= {-1.0, 0.0, 1.0}
        assert (rewards[~dones] == 0).all()
        ended += int(dones.sum())
    assert ended > 6


def test_mcts_and_greedy_opponents_play() -> None:
    for spec in ("greedy", "mcts:simulations=8,determinizations=1", "mcts:algorithm=ismcts"):
        b = DuelBatch(2, DECKS, 1, turn_limit=3, opponent=spec)
        _, masks = b.reset()
        for _ in range(30):
            _, masks, _, _ = b.step(masks.argmax(axis=1))


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"n": 0}, ValueError, "at least one game"),
        ({"decks": ("infect", "no such deck")}, ValueError, "unknown deck"),
        ({"decks": ("infect", ["Not A Card"])}, ValueError, "unknown card"),
        ({"decks": 3}, TypeError, "decks"),
        ({"turn_limit": 0}, ValueError, "turn_limit"),
        ({"opponent": "nobody"}, ValueError, "unknown agent"),
        ({"opponent": "mcts:speed=3"}, TypeError, "speed"),
        ({"opponent": "mcts:algorithm=uct"}, ValueError, "ismcts"),
        ({"opponent": "random", "learner": 2}, ValueError, "learner"),
        ({"threads": 0}, ValueError, "threads must be at least 1"),
        ({"threads": 1.5}, TypeError, "threads"),
        ({"spin_us": -1}, ValueError, "spin_us must be from 0"),
        ({"spin_us": 1_000_001}, ValueError, "spin_us must be from 0"),
        ({"spin_us": 2.5}, TypeError, "spin_us"),
        ({"spin_us": True}, TypeError, "spin_us"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict, error: type, words: str) -> None:
    args = {"n": 2, "decks": DECKS, "seed": 0} | kwargs
    with pytest.raises(error, match=words):
        DuelBatch(**args)


@settings(max_examples=10, deadline=None)
@given(
    # A step uses a thread only for 32 games each: the larger sizes use two threads or more.
    n=st.one_of(st.integers(1, 9), st.integers(64, 100)),
    threads=st.integers(2, 4),
    seed=st.integers(0, 2**64 - 1),
    turn_limit=st.integers(1, 12),
    opponent=st.sampled_from([None, "random"]),
    policy=st.integers(0, 2**32 - 1),
    # Workers asleep between steps, spinning through the choice of actions, or through all.
    spin_us=st.sampled_from([0, 250, 1_000_000]),
)
def test_a_batch_on_several_threads_equals_one_on_one_thread(
    n: int,
    threads: int,
    seed: int,
    turn_limit: int,
    opponent: str | None,
    policy: int,
    spin_us: int,
) -> None:
    kwargs = {"turn_limit": turn_limit, "opponent": opponent}
    one = DuelBatch(n, DECKS, seed, **kwargs)
    many = DuelBatch(n, DECKS, seed, threads=threads, spin_us=spin_us, **kwargs)
    assert (one.threads, many.threads) == (1, threads)
    assert (one.spin_us, many.spin_us) == (250, spin_us)
    out1, out2 = one.reset(), many.reset()
    rng = np.random.default_rng(policy)
    for step in range(120):
        for a, b in zip(out1, out2, strict=True):
            np.testing.assert_array_equal(a, b)
        np.testing.assert_array_equal(one.current_players(), many.current_players())
        np.testing.assert_array_equal(one.episodes(), many.episodes())
        if step == 60:
            new_seed = (seed + 1) % 2**64
            out1, out2 = one.reset(new_seed), many.reset(new_seed)
            continue
        actions = _random_actions(out1[1], rng)
        out1, out2 = one.step(actions), many.step(actions)


def test_two_threads_step_two_batches_as_they_would_alone() -> None:
    def run(b: DuelBatch, out: list) -> None:
        _, masks = b.reset()
        rng = np.random.default_rng(b.seed)
        for _ in range(200):
            o, masks, r, d = b.step(_random_actions(masks, rng))
            out.append((o.sum(), r.copy(), d.copy()))

    alone: list[list] = [[], []]
    for k in range(2):
        run(DuelBatch(16, DECKS, k, opponent="random"), alone[k])
    together: list[list] = [[], []]
    threads = [
        threading.Thread(target=run, args=(DuelBatch(16, DECKS, k, opponent="random"), together[k]))
        for k in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in range(2):
        assert len(together[k]) == len(alone[k])
        for x, y in zip(together[k], alone[k], strict=True):
            assert x[0] == y[0]
            np.testing.assert_array_equal(x[1], y[1])
            np.testing.assert_array_equal(x[2], y[2])


def test_observations_are_read_only_and_stay_exact() -> None:
    """A step writes only the observation entries that change, so the returned array is
    read-only: a write into it is refused and the next observations are still exact."""
    batch = DuelBatch(3, DECKS, 4)
    obs, masks = batch.reset()
    with pytest.raises(ValueError, match="read-only"):
        obs[0, 0] = 1.0
    rng = np.random.default_rng(4)
    duels = [Duel(*DECKS, seed=batch.game_seed(i, 0)) for i in range(3)]
    for _ in range(40):
        actions = _random_actions(masks, rng)
        obs, masks, _, dones = batch.step(actions)
        for i, d in enumerate(duels):
            d.apply_action(int(actions[i]))
            if dones[i]:
                return
            np.testing.assert_array_equal(obs[i], d.observation_tensor(d.current_player()))


def _last_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """A deterministic policy: the largest legal id of each row (rarely a pass)."""
    assert observations.dtype == np.float32 and masks.dtype == np.bool_
    assert observations.shape[0] == masks.shape[0]
    return masks.shape[1] - 1 - masks[:, ::-1].argmax(axis=1)


@settings(max_examples=8, deadline=None)
@given(
    n=st.integers(1, 5),
    seed=st.integers(0, 2**64 - 1),
    turn_limit=st.integers(1, 10),
    learner=st.sampled_from([0, 1, "alternate"]),
    choice=st.integers(0, 2**32 - 1),
)
def test_a_policy_opponent_plays_as_the_other_seat_driven_by_hand(
    n: int, seed: int, turn_limit: int, learner: int | str, choice: int
) -> None:
    """A Python policy playing the other seat: each game equals a duel whose learner seat
    plays the caller's actions and whose other seat the policy's answer for that seat's own
    observation and mask; an episode that ends before the learner's first decision is skipped,
    and a done's reward is the learner's return."""
    calls: list[int] = []

    def policy(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        assert not observations.flags.writeable and not masks.flags.writeable
        calls.append(len(masks))
        return _last_legal(observations, masks)

    batch = DuelBatch(n, DECKS, seed, turn_limit=turn_limit, opponent=policy, learner=learner)
    obs, masks = batch.reset()
    episodes = [0] * n

    def seat(i: int) -> int:
        return (i + episodes[i]) % 2 if learner == "alternate" else int(learner)

    def play_policy(d: Duel, i: int) -> None:
        while not d.is_terminal() and d.current_player() != seat(i):
            p = d.current_player()
            row = _last_legal(d.observation_tensor(p)[None], d.legal_action_mask()[None])
            d.apply_action(int(row[0]))

    def fresh(i: int) -> Duel:
        while True:
            d = Duel(*DECKS, seed=batch.game_seed(i, episodes[i]), turn_limit=turn_limit)
            play_policy(d, i)
            if not d.is_terminal():
                return d
            episodes[i] += 1

    duels = [fresh(i) for i in range(n)]
    rng = np.random.default_rng(choice)
    ended = 0
    for _ in range(60):
        np.testing.assert_array_equal(batch.episodes(), episodes)
        for i, d in enumerate(duels):
            assert d.current_player() == seat(i) == batch.current_players()[i]
            np.testing.assert_array_equal(obs[i], d.observation_tensor(seat(i)))
            np.testing.assert_array_equal(masks[i], d.legal_action_mask())
        actions = _random_actions(masks, rng)
        obs, masks, rewards, dones = batch.step(actions)
        for i, d in enumerate(duels):
            me = seat(i)
            d.apply_action(int(actions[i]))
            play_policy(d, i)
            if d.is_terminal():
                assert dones[i]
                assert rewards[i] == d.returns()[me]
                episodes[i] += 1
                duels[i] = fresh(i)
                ended += 1
            else:
                assert not dones[i]
                assert rewards[i] == 0.0
    assert calls and all(1 <= k <= n for k in calls)
    if turn_limit <= 2:
        assert ended > 0


def _policy_batch(policy: object) -> DuelBatch:
    return DuelBatch(4, DECKS, 5, turn_limit=8, opponent=policy, learner=0)


def _step_until_policy_asked(batch: DuelBatch) -> None:
    _, masks = batch.reset()
    for _ in range(200):
        _, masks, _, _ = batch.step(masks.argmax(axis=1))


@pytest.mark.parametrize(
    ("answer", "error", "words"),
    [
        (lambda o, m: m.argmax(axis=1)[:-1], ValueError, r"opponent policy's actions.*shape"),
        (lambda o, m: m.argmax(axis=1).astype(float), TypeError, "opponent policy's.*integer"),
        (lambda o, m: "pass", TypeError, "opponent policy's actions"),
        (lambda o, m: np.full(len(m), 10**6), ValueError, "opponent policy's.*game"),
        (lambda o, m: (~m).argmax(axis=1), ValueError, "opponent policy's.*not legal"),
    ],
)
def test_a_policys_wrong_answer_is_refused_naming_the_policy(
    answer: object, error: type, words: str
) -> None:
    batch = _policy_batch(answer)
    with pytest.raises(error, match=words):
        _step_until_policy_asked(batch)
    # The step was left unfinished: refused until a reset.
    with pytest.raises(RuntimeError, match="reset"):
        batch.step(np.zeros(4, dtype=np.int64))


def test_a_policys_own_exception_comes_out_as_it_is_and_reset_recovers() -> None:
    failing = [True]

    class Frozen(Exception):
        pass

    def policy(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        if failing[0]:
            raise Frozen("the network is not loaded")
        return masks.argmax(axis=1)

    batch = _policy_batch(policy)
    with pytest.raises(RuntimeError, match="reset"):
        batch.step(np.zeros(4, dtype=np.int64))  # never reset
    with pytest.raises(Frozen, match="not loaded"):
        _step_until_policy_asked(batch)
    with pytest.raises(RuntimeError, match="reset"):
        batch.step(np.zeros(4, dtype=np.int64))
    failing[0] = False
    _step_until_policy_asked(batch)
    # The same games as a batch whose policy never failed.
    twin = _policy_batch(policy)
    a, b = batch.reset(), twin.reset()
    for x, y in zip(a, b, strict=True):
        np.testing.assert_array_equal(x, y)


def test_a_policy_that_steps_its_own_batch_is_refused() -> None:
    batch: list[DuelBatch] = []

    def policy(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        batch[0].step(np.zeros(4, dtype=np.int64))
        return masks.argmax(axis=1)

    batch.append(_policy_batch(policy))
    with pytest.raises(RuntimeError, match="borrowed"):
        _step_until_policy_asked(batch[0])


@pytest.mark.parametrize(
    ("opponent", "words"), [(3, "policy\\(observations, masks\\)"), (object(), "got object")]
)
def test_an_opponent_that_is_neither_agent_nor_callable_is_refused(
    opponent: object, words: str
) -> None:
    with pytest.raises(TypeError, match=words):
        DuelBatch(2, DECKS, opponent=opponent)
