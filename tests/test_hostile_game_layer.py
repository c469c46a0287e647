"""Hostile and careless callers of the game layer: the duel (both implementations), the batched
environment, the agents and the card database get the kernel's promise (tests/test_hostile.py):
every public call given hostile objects returns or raises an ordinary exception within a time
bound, and a call that raises changes nothing.

- ``Duel``: a call that raises leaves its bytes, hash and legal actions as they were, and the
  duel plays on; a public method without an entry in ``DUEL_CALLS`` fails
  ``test_every_public_duel_call_has_a_hostile_entry``.
- ``DuelBatch``: a call that raises leaves every game as it was: a twin batch that got no
  hostile call steps on with the same actions to the same observations, masks and rewards.
- the agents (``RandomAgent``, ``GreedyAgent``, ``MCTSAgent``, ``playout``), agents by name
  (``AgentSpec``, ``parse_agent``), the self-play runner (``selfplay.run``) and ``CardDb``:
  constructors and calls given hostile arguments; a failing ``act`` leaves the duel unchanged.
"""

from __future__ import annotations

import faulthandler
import itertools
import subprocess
import sys
from typing import Any

import cardstate
import cardstate.reference.duel
import hypothesis.strategies as st
import numpy as np
import pytest
from cardstate import agents, cards
from cardstate.duel import Duel, DuelBatch
from hypothesis import given, settings
from test_hostile import (
    Call,
    EqRaising,
    Index,
    Lying,
    LyingIter,
    LyingMapping,
    LyingStr,
    Raising,
    ReentrantIndex,
    _assert_clear,
    _draw_call,
    _public,
    _run_bounded,
    failing_midway,
    reentrant_generator,
)

DUEL_IMPLS = {"native": Duel, "reference": cardstate.reference.duel.Duel}


def _hostile(read_back) -> st.SearchStrategy[Any]:
    """Hostile arguments: objects whose protocols raise or lie, and generators and
    ``__index__`` objects that call ``read_back`` (reading the object under test) while they
    are read."""

    items = st.lists(st.sampled_from([0, 1, 7, 10**40, -1, "Forest", "hand", "infect"]), max_size=3)
    return st.one_of(
        st.builds(Raising),
        st.builds(Index, st.sampled_from([-(2**70), -1, 0, 1, 2**31, 2**63, 2**64, 2**70])),
        st.builds(ReentrantIndex, st.sampled_from([0, 1, -1, 2**64]), st.just(read_back)),
        st.builds(Lying, st.integers(-5, 5)),
        st.builds(lambda: LyingIter([0, 1])),
        st.builds(reentrant_generator, items, st.just(read_back)),
        st.builds(failing_midway, items),
        st.sampled_from([np.int64(-1), np.int64(2**62), np.uint64(2**64 - 1), -1, 2**64, 2**200]),
        st.sampled_from(["", "\ud800", "Forest", b"Forest", 1.5, float("nan"), None, (), [], {}]),
        st.sampled_from([True, "hand", "battlefield", "library", "pass", "infect", "energy"]),
        st.builds(lambda: LyingStr("Forest")),
        st.builds(lambda: {EqRaising(): "x"}),
        st.builds(lambda: LyingMapping({0: "x"})),
        st.builds(lambda: np.zeros(3, dtype=np.float64)),
        st.builds(lambda: np.array([[0, 1]], dtype=np.int64)),
    )


# ------------------------------------------------------------------------------------------------
# Duel

# Every public method of cardstate.duel.Duel (the reference duel has them too).
DUEL_CALLS: dict[str, Call] = {
    "action_to_string": Call(1),
    "active_player": Call(),
    "add_card": Call(3),
    "apply_action": Call(1),
    "assign_damage": Call(prop=True),
    "battlefield": Call(1),
    "board": Call(1),
    "clone": Call(),
    "current_player": Call(),
    "decision": Call(),
    "from_bytes": Call(1, static=True),
    "game": Call(),
    "hand": Call(1),
    "hash": Call(),
    "history": Call(),
    "is_tapped": Call(1),
    "is_terminal": Call(),
    "legal_action_mask": Call(),
    "legal_actions": Call(),
    "library_size": Call(1),
    "max_game_length": Call(),
    "mulligans": Call(prop=True),
    "num_distinct_actions": Call(),
    "observation_features": Call(static=True),
    "observation_schema": Call(static=True),
    "observation_shape": Call(),
    "observation_tensor": Call(1),
    "pool": Call(),
    "resample": Call(2),
    "returns": Call(),
    "step": Call(),
    "string_to_action": Call(1),
    "to_bytes": Call(),
    "turn": Call(),
}


def test_every_public_duel_call_has_a_hostile_entry():
    assert _public(Duel) == set(DUEL_CALLS)
    assert set(DUEL_CALLS) <= _public(cardstate.reference.duel.Duel)


def _mid_game(impl: type, seed: int) -> Any:
    """A duel a few decisions in (a random legal line from the seed)."""
    d = impl("infect", "energy", seed=seed)
    for i in range(seed % 9):
        legal = d.legal_actions()
        if not legal:
            break
        d.apply_action(legal[(i * 7 + seed) % len(legal)])
    return d


def _duel_ordinary(d: Any) -> st.SearchStrategy[Any]:
    legal = d.legal_actions() or [0]
    return st.sampled_from([0, 1, legal[-1], "Forest", "Giant Spider", "hand", "library", 3])


@pytest.mark.parametrize("impl_name", sorted(DUEL_IMPLS))
@pytest.mark.parametrize("name", sorted(DUEL_CALLS))
@settings(max_examples=10, deadline=None)
@given(data=st.data(), seed=st.integers(0, 40))
def test_hostile_arguments_to_a_duel_return_or_raise_quickly_and_change_nothing(
    name, impl_name, data, seed
):
    impl = DUEL_IMPLS[impl_name]
    d = _mid_game(impl, seed)
    spec = DUEL_CALLS[name]

    def read_back() -> None:
        d.hash()
        d.legal_actions()

    values = st.one_of(_hostile(read_back), _duel_ordinary(d))
    before, hash_before, legal_before = d.to_bytes(), d.hash(), d.legal_actions()
    faulthandler.dump_traceback_later(120, exit=True)
    try:
        if spec.prop:
            raised = _run_bounded(getattr, d, name)
        else:
            args, kwargs = _draw_call(data, spec, values)
            target = getattr(impl, name) if spec.static else getattr(d, name)
            raised = _run_bounded(target, *args, **kwargs)
        _assert_clear(raised, name)
        if raised is not None:
            assert d.to_bytes() == before, f"{name} raised {raised!r} but changed the duel"
            assert d.hash() == hash_before and d.legal_actions() == legal_before
        # The duel is whole and plays on: its bytes replay to the same state.
        back = impl.from_bytes(d.to_bytes())
        assert back.hash() == d.hash(), f"{name} left an inconsistent duel"
        if not d.is_terminal():
            d.apply_action(d.legal_actions()[0])
    finally:
        faulthandler.cancel_dump_traceback_later()


class _Index:
    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"_Index({self.value})"


_ODD = [True, np.int64(0), _Index(1), "x", 1.0, -1, 0, 1, 2**40, 2**70, None, "Forest", "hand"]
_ODD += ["stack", "\ud800", b"x"]
_ARITY = {"apply_action": 1, "action_to_string": 1, "string_to_action": 1, "observation_tensor": 1}
_ARITY |= {"hand": 1, "battlefield": 1, "library_size": 1, "is_tapped": 1, "board": 1}
_ARITY |= {"resample": 2, "add_card": 3}


def _outcome(call, impl: type) -> tuple[Any, ...]:
    try:
        r = call(impl)
    except Exception as e:  # noqa: BLE001 - compared between the implementations
        return (type(e).__name__,)
    if isinstance(r, np.ndarray):
        return ("ok", r.tolist())
    # A duel is compared by its bytes (both implementations write the native format).
    return ("ok", r.to_bytes() if hasattr(r, "to_bytes") else r)


@pytest.mark.parametrize("name", sorted(_ARITY))
def test_odd_arguments_get_the_same_answer_from_both_duels(name):
    """The reference duel reads its arguments as the native binding does: the same exception
    type (or the same result) for every odd argument (docs/DUEL.md, "Bad arguments")."""
    n = _ARITY[name]
    if n == 3:
        cases = [(p, c, z) for p in _ODD[:5] for c in _ODD for z in ("hand", "stack", 1, "x")]
    else:
        cases = list(itertools.product(_ODD, repeat=n))
    for case in cases:
        native, reference = (
            _outcome(lambda i, c=case: getattr(i("infect", "energy", seed=1), name)(*c), impl)
            for impl in (Duel, cardstate.reference.duel.Duel)
        )
        assert native == reference, (name, case)


@pytest.mark.parametrize("keyword", ["seed", "turn_limit", "auto_pass", "pool", "format"])
def test_odd_constructor_arguments_get_the_same_answer_from_both_duels(keyword):
    for value in [*_ODD, False, np.bool_(True), 5]:
        native, reference = (
            _outcome(lambda i, v=value: i("infect", "energy", **{keyword: v}), impl)
            for impl in (Duel, cardstate.reference.duel.Duel)
        )
        assert native == reference, (keyword, value)
    decks = ["x", 5, None, ["Forest", 5], [], ["\ud800"], {"Forest": 1}, "infect", ["Forest"] * 3]
    for deck in [*decks, "iterator"]:
        native, reference = (
            _outcome(
                lambda i, d=deck: i(iter(["Forest"] * 2) if d == "iterator" else d, "energy"),
                impl,
            )
            for impl in (Duel, cardstate.reference.duel.Duel)
        )
        assert native == reference, deck


@pytest.mark.parametrize("impl_name", sorted(DUEL_IMPLS))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_hostile_constructor_arguments_to_a_duel(impl_name, data):
    impl = DUEL_IMPLS[impl_name]
    values = st.one_of(_hostile(lambda: None), st.sampled_from(["infect", "energy", 0, 5]))
    args = [data.draw(values) for _ in range(data.draw(st.integers(0, 2)))]
    kwargs = {
        k: data.draw(values)
        for k in ("seed", "turn_limit", "auto_pass", "pool", "format")
        if data.draw(st.booleans())
    }
    raised = _run_bounded(impl, *args, **kwargs)
    _assert_clear(raised, "Duel()")


# ------------------------------------------------------------------------------------------------
# DuelBatch

BATCH_CALLS: dict[str, Call] = {
    "current_players": Call(),
    "episodes": Call(),
    "game_seed": Call(2),
    "mulligans": Call(prop=True),
    "num_distinct_actions": Call(),
    "observation_features": Call(),
    "observation_schema": Call(),
    "observation_shape": Call(),
    "reset": Call(1),
    "seed": Call(prop=True),
    "spin_us": Call(prop=True),
    "step": Call(1),
    "threads": Call(prop=True),
    "turn_limit": Call(prop=True),
}


def test_every_public_batch_call_has_a_hostile_entry():
    assert _public(DuelBatch) == set(BATCH_CALLS)


def _first_legal(masks: np.ndarray) -> np.ndarray:
    return masks.argmax(axis=1).astype(np.int64)


@pytest.mark.parametrize("name", sorted(BATCH_CALLS))
@settings(max_examples=15, deadline=None)
@given(data=st.data(), opponent=st.sampled_from([None, "random"]))
def test_hostile_arguments_to_a_duel_batch_change_nothing(name, data, opponent):
    """A call that raises leaves every game as it was: the batch and an untouched twin step on
    with the same actions to the same results."""
    batch = DuelBatch(3, ("infect", "energy"), seed=5, opponent=opponent)
    twin = DuelBatch(3, ("infect", "energy"), seed=5, opponent=opponent)
    _, masks = batch.reset()
    twin.reset()
    for _ in range(2):
        actions = _first_legal(masks)
        _, masks, _, _ = batch.step(actions)
        twin.step(actions)
    spec = BATCH_CALLS[name]

    def read_back() -> None:
        batch.current_players()
        batch.episodes()

    good = _first_legal(masks)
    values = st.one_of(
        _hostile(read_back),
        st.sampled_from([good, good.astype(np.int32), good[:2], good.astype(np.float64), None]),
        st.sampled_from([np.full(3, 10**6, dtype=np.int64), np.full(3, -1, dtype=np.int64)]),
    )
    faulthandler.dump_traceback_later(120, exit=True)
    try:
        if spec.prop:
            raised = _run_bounded(getattr, batch, name)
        else:
            args, kwargs = _draw_call(data, spec, values)
            raised = _run_bounded(getattr(batch, name), *args, **kwargs)
        _assert_clear(raised, name)
        if raised is None and name in ("step", "reset"):
            return  # a good call: the twins now differ by that call
        masks_now = twin.current_players()
        assert np.array_equal(batch.current_players(), masks_now)
        assert np.array_equal(batch.episodes(), twin.episodes())
        a, b = batch.step(good), twin.step(good)
        for x, y in zip(a, b, strict=True):
            assert np.array_equal(x, y), f"{name} raised {raised!r} but changed a game"
    finally:
        faulthandler.cancel_dump_traceback_later()


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_hostile_constructor_arguments_to_a_duel_batch(data):
    values = st.one_of(
        _hostile(lambda: None),
        st.sampled_from([1, 2, ("infect", "energy"), "random", "mcts", {"simulations": 2}, 0, 1]),
    )
    args = [data.draw(values) for _ in range(data.draw(st.integers(0, 3)))]
    kw = ("seed", "turn_limit", "opponent", "learner", "threads")
    kwargs = {k: data.draw(values) for k in kw if data.draw(st.booleans())}
    raised = _run_bounded(DuelBatch, *args, **kwargs)
    _assert_clear(raised, "DuelBatch()")


@pytest.mark.parametrize("n", [2**30, 2**40, 2**62])
def test_a_batch_too_large_for_memory_is_refused_before_allocating(n):
    # It used to abort the process (the buffers were allocated by a constructor that aborts).
    with pytest.raises((MemoryError, ValueError)):
        DuelBatch(n, ("infect", "energy"))


_BATCH_IN_LITTLE_MEMORY = r"""
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from cardstate.duel import DuelBatch
n = int(sys.argv[1])
try:
    batch = DuelBatch(n, ("infect", "energy"))
except MemoryError as e:
    print("refused:", e)
else:
    _, masks = batch.reset()
    batch.step(masks.argmax(axis=1))
    print("played")
"""


@pytest.mark.parametrize(
    ("n", "expected"),
    [(1000, "played"), (67_000, "refused"), (10**6, "refused"), (2**40, "refused")],
)
def test_a_batch_that_does_not_fit_in_memory_is_refused_up_front(n, expected):
    """In a process with 2 GiB of address space: a batch whose buffers fit but whose games
    don't (67,000 games) used to abort the process part way through making its games; it is a
    ``MemoryError`` before any is made, and a batch that fits plays."""
    args = [sys.executable, "-c", _BATCH_IN_LITTLE_MEMORY, str(n)]
    try:
        out = subprocess.run(args, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail(f"DuelBatch({n}) never returned")
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.startswith(expected), out.stdout


# ------------------------------------------------------------------------------------------------
# Agents and playouts

AGENTS = {
    "random": (agents.RandomAgent, ("seed",)),
    "greedy": (agents.GreedyAgent, ("seed",)),
    "mcts": (
        agents.MCTSAgent,
        ("simulations", "exploration", "determinizations", "rollout_depth", "seed", "algorithm"),
    ),
}


@pytest.mark.parametrize("kind", sorted(AGENTS))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_hostile_agent_settings_and_calls(kind, data):
    cls, kw = AGENTS[kind]
    d = _mid_game(Duel, 3)
    values = st.one_of(_hostile(d.hash), st.sampled_from([0, 1, 2, 0.5, "ismcts", d, None]))
    kwargs = {k: data.draw(values) for k in kw if data.draw(st.booleans())}
    if kind == "mcts" and "simulations" in kwargs and isinstance(kwargs["simulations"], int):
        kwargs["simulations"] = min(kwargs["simulations"], 8)  # a bound on the search, not a check
    raised = _run_bounded(cls, **kwargs)
    _assert_clear(raised, f"{cls.__name__}()")
    agent = cls(**({"simulations": 4} if kind == "mcts" else {}))
    before = d.to_bytes()
    method = data.draw(st.sampled_from(["act", "reset"]))
    raised = _run_bounded(getattr(agent, method), data.draw(values))
    _assert_clear(raised, f"{cls.__name__}.{method}")
    assert d.to_bytes() == before, f"{method} changed the duel it was given"
    assert agent.act(d) in d.legal_actions()


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_hostile_playout_arguments(data):
    d = _mid_game(Duel, 5)
    values = st.one_of(
        _hostile(d.hash),
        st.sampled_from([agents.RandomAgent(1), agents.GreedyAgent(), d, 0, 7, None]),
    )
    args = [data.draw(values) for _ in range(data.draw(st.integers(0, 4)))]
    before = d.to_bytes()
    raised = _run_bounded(agents.playout, *args)
    _assert_clear(raised, "playout")
    if raised is not None:
        assert d.to_bytes() == before


# ------------------------------------------------------------------------------------------------
# The card database on a kernel game

CARD_CALLS = {
    "place": 3,
    "resolve": 4,
    "pay_costs": 5,
    "fired": 2,
}


@pytest.mark.parametrize("name", sorted(CARD_CALLS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_hostile_arguments_to_the_card_layer_change_nothing(name, data):
    g = cardstate.Game()
    bear = cards.place(g, "Grizzly Bears", 1)
    g.add_counters(0, "energy", 2)
    g.take_events()
    values = st.one_of(
        _hostile(g.hash),
        st.sampled_from([g, "Grim Affliction", "Longtusk Cub", 0, 1, bear, [bear], "battlefield"]),
    )
    args = [data.draw(values) for _ in range(data.draw(st.integers(0, CARD_CALLS[name])))]
    before = g.to_bytes()
    raised = _run_bounded(getattr(cards, name), *args)
    _assert_clear(raised, f"cards.{name}")
    if raised is not None:
        assert g.to_bytes() == before, f"cards.{name} raised {raised!r} but changed the game"
        assert g.take_events() == []


# ------------------------------------------------------------------------------------------------
# Agents by name and the self-play runner


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_hostile_agent_specs(data):
    values = st.one_of(
        _hostile(lambda: None),
        st.sampled_from(["mcts", "random", (("simulations", 2),), (("seed", -1),), ()]),
    )
    args = [data.draw(values) for _ in range(data.draw(st.integers(0, 2)))]
    raised = _run_bounded(agents.AgentSpec, *args)
    _assert_clear(raised, "AgentSpec()")
    raised = _run_bounded(agents.parse_agent, data.draw(values))
    _assert_clear(raised, "parse_agent()")


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_hostile_selfplay_run_arguments(data):
    from cardstate import selfplay
    from selfplay_game import countdown

    def values(*valid):
        return st.one_of(_hostile(lambda: None), st.sampled_from(valid))

    kwargs = {
        "games": data.draw(values(0, 1, 2)),
        "agents": data.draw(values(("random", "random"), ("mcts:simulations=2", "greedy"))),
        "decks": data.draw(values(("a", "b"), ("infect", "energy"))),
        "seed": data.draw(values(0, 3)),
        "backend": data.draw(values("serial")),
        "workers": data.draw(values(None, 1)),
        "chunk_size": data.draw(values(None, 1, 2)),
        "connect_timeout": data.draw(values(1.0, 5)),
        "game_factory": data.draw(st.sampled_from([None, countdown])),
    }
    if isinstance(kwargs["games"], int) and kwargs["games"] > 3:
        kwargs["games"] = 3  # a bound on the work, not a check
    raised = _run_bounded(selfplay.run, **kwargs)
    _assert_clear(raised, "selfplay.run()")
