"""Hostile and careless callers: no hang, no abort, no panic, a failing call changes nothing.

One test (or more) per class of defect, on both implementations where the class applies:

- re-entrancy: an argument that calls back into the same game (a generator, ``__index__``)
  is read before the game is locked, so the call completes; a call that does re-enter a game
  locked by its own thread (a collection's callback during the call) is a ``RuntimeError``
  naming the call; a thread waiting for a game's lock still sees Ctrl-C;
- sizes: requests larger than memory are refused before anything is allocated;
- the cycle collector sees a game's ``info`` (a game kept in its own info is collected);
- a ``GameBatch`` shared between threads;
- exception types and messages for odd arguments (numpy ints, ``__index__`` objects, lying int
  subclasses, huge ints, lone surrogates, list and tuple subclasses), deep copies of ``info``,
  batch indexes beyond any batch, copies and pickles of events.
"""

from __future__ import annotations

import _thread
import copy
import faulthandler
import gc
import pickle
import threading
import time
from typing import Any

import cardstate
import cardstate.reference
import hypothesis.strategies as st
import numpy as np
import pytest
from cardstate.errors import CounterKindError
from conftest import assert_fails, state_bytes
from hypothesis import given, settings


def creature(g, controller: int = 0, power: int = 1, toughness: int = 3) -> int:
    return g.create(controller, types=["creature"], power=power, toughness=toughness)


# ------------------------------------------------------------------------------------------------
# Re-entrancy


def test_generator_argument_calling_the_game_completes(game):
    """An argument read back into the game (a generator calling ``hash()``) is read before the
    game is locked: the call completes, as it does on the reference."""
    g = game()
    x = creature(g)
    g.add_counters(x, "+1/+1")

    def ids():
        g.hash()
        yield x

    g.proliferate(0, ids())
    assert g.count(x, "+1/+1") == 2

    def names():
        g.hash()
        yield "artifact"

    g.set_types(x, names())
    assert g.types(x) == ["artifact"]


def test_index_calling_the_game_completes(game):
    """An id whose ``__index__`` calls the game (read before the lock)."""
    g = game()
    x = creature(g)

    class Sneaky:
        def __index__(self) -> int:
            g.hash()
            return x

    g.add_counters(Sneaky(), "charge", 2)
    assert g.count(x, "charge") == 2
    g.proliferate(0, [Sneaky()])
    assert g.count(x, "charge") == 3


def test_reentrant_call_is_a_clear_error():
    """Python code run while a call holds the game (a finalizer run by an allocation inside the
    call: ``_while_locked`` stands for it) that calls the same game gets a RuntimeError naming
    that call, never a hang; the game is usable afterwards."""
    g = cardstate.Game()
    x = creature(g)
    seen: list[BaseException] = []

    def reenter() -> None:
        for call in (g.hash, lambda: g.add_counters(x, "charge"), g.take_events):
            try:
                call()
            except RuntimeError as e:
                seen.append(e)

    g._while_locked(reenter)
    assert len(seen) == 3
    assert "Game.hash" in str(seen[0]) and "re-enter" in str(seen[0])
    assert "Game.add_counters" in str(seen[1])
    assert g.count(x, "charge") == 0
    g.add_counters(x, "charge")
    assert g.count(x, "charge") == 1


def test_reentrant_call_from_another_thread_waits():
    """Only the holding thread is refused: another thread waits for the lock and then runs."""
    g = cardstate.Game()
    x = creature(g)
    results: list[int] = []

    def other() -> None:
        g.add_counters(x, "charge")
        results.append(g.count(x, "charge"))

    def while_locked() -> None:
        t = threading.Thread(target=other)
        t.start()
        time.sleep(0.1)  # the other thread is waiting now (GIL released while it waits)
        assert results == []
        threads.append(t)

    threads: list[threading.Thread] = []
    g._while_locked(while_locked)
    threads[0].join()
    assert results == [1]


def test_waiting_for_a_batch_is_interruptible():
    """A thread waiting for a batch another thread works on (GIL released) sees Ctrl-C."""
    g = cardstate.Game()
    x = creature(g, toughness=10**9)
    batch = cardstate.GameBatch.repeat(g, 4000)
    ops = [("add_counters", x, "charge", 1), ("remove_counters", x, "charge", 1)] * 400
    started = threading.Event()

    def work() -> None:
        started.set()
        for _ in range(3):
            batch.apply(ops)

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    time.sleep(0.05)
    timer = threading.Timer(0.05, _thread.interrupt_main)
    timer.start()
    t0 = time.monotonic()
    interrupted = False
    try:
        for _ in range(200):
            batch.hashes()
    except KeyboardInterrupt:
        interrupted = True
    waited = time.monotonic() - t0
    worker.join()
    timer.cancel()
    # If the batch was never busy when asked, no wait happened: the interrupt then arrives in
    # Python code; either way it must arrive, and soon.
    assert interrupted
    assert waited < 30


# ------------------------------------------------------------------------------------------------
# Sizes


@pytest.mark.parametrize("n", [2**40, 2**60])
def test_repeat_beyond_memory_is_refused_before_allocating(n):
    g = cardstate.Game()
    with pytest.raises(MemoryError):
        cardstate.GameBatch.repeat(g, n)


def test_repeat_beyond_any_size_is_refused():
    g = cardstate.Game()
    with pytest.raises(OverflowError):
        cardstate.GameBatch.repeat(g, 2**70)
    with pytest.raises(OverflowError):
        cardstate.GameBatch.repeat(g, -1)


def test_batch_observation_beyond_memory_is_refused_before_reading():
    g = cardstate.Game()
    for _ in range(200):
        creature(g)
    batch = cardstate.GameBatch.repeat(g, 5000)
    kinds = [f"kind {i}" for i in range(200_000)]
    with pytest.raises((MemoryError, ValueError)):
        batch.observation(kinds)


# ------------------------------------------------------------------------------------------------
# Garbage collection


def test_game_in_its_own_info_is_collected():
    freed = threading.Event()

    class Marker:
        def __del__(self) -> None:
            freed.set()

    g = cardstate.Game()
    x = g.create(0, info={"marker": Marker()})
    g.create(0, info={"game": g})
    assert "marker" in g.info(x)
    del g
    gc.collect()
    assert freed.is_set()


# ------------------------------------------------------------------------------------------------
# A GameBatch shared between threads


def test_batch_shared_between_threads():
    g = cardstate.Game()
    x = creature(g, toughness=10**9)
    batch = cardstate.GameBatch.repeat(g, 500)
    ops = [("add_counters", x, "charge", 1)] * 50
    errors: list[BaseException] = []
    stop = threading.Event()

    def apply() -> None:
        try:
            for _ in range(20):
                batch.apply(ops)
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)
        finally:
            stop.set()

    def read() -> None:
        try:
            while not stop.is_set():
                assert len(batch) == 500
                assert batch.hashes().shape == (500,)
                batch.clone()
                batch[0]
                repr(batch)
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=apply), threading.Thread(target=read)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert batch[0].count(x, "charge") == 20 * 50


# ------------------------------------------------------------------------------------------------
# Exception types and messages


def test_numpy_ints(game):
    g = game()
    x = creature(g)
    g.add_counters(x, "charge", np.int64(3))
    assert g.count(x, "charge") == 3
    assert_fails(g, ValueError, g.add_counters, x, "charge", np.int64(-1))
    assert_fails(g, ValueError, g.add_counters, 0, "x", np.int64(-1))


class Index:
    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


class Lying(int):
    """An int whose methods lie about its value: it stands for its value (3)."""

    def __index__(self) -> int:
        return 5

    def __int__(self) -> int:
        return 6


def test_index_objects_beyond_range(game):
    g = game()
    x = creature(g)
    info = assert_fails(g, KeyError, g.add_counters, Index(2**70), "charge", 1)
    assert "no entity with id" in str(info.value)
    assert_fails(g, OverflowError, g.add_counters, x, "charge", Index(2**70))
    assert_fails(g, ValueError, g.add_counters, x, "charge", Index(-2))
    g.add_counters(Index(x), "charge", Index(2))
    assert g.count(x, "charge") == 2


def test_index_raising_passes_through(game):
    class Broken:
        def __index__(self) -> int:
            raise ZeroDivisionError("no index")

    g = game()
    x = creature(g)
    assert_fails(g, ZeroDivisionError, g.add_counters, Broken(), "charge", 1)
    assert_fails(g, ZeroDivisionError, g.add_counters, x, "charge", Broken())


def test_lying_int_subclass_stands_for_its_value(game):
    g = game()
    x = creature(g)
    g.add_counters(x, "charge", Lying(3))
    assert g.count(x, "charge") == 3
    g.pump(x, Lying(3), 0)
    assert g.power(x) == 4


def test_players_beyond_any_limit_says_what_it_got(impl):
    with pytest.raises(ValueError, match=f"got {10**100}"):
        impl(players=10**100)
    with pytest.raises(ValueError, match="got 0"):
        impl(players=0)
    assert impl(players=np.int64(3)).players == [0, 1, 2]


def test_lone_surrogate_kind_names_the_problem(game):
    g = game()
    x = creature(g)
    info = assert_fails(g, CounterKindError, g.add_counters, x, "\ud800", 1)
    assert "surrogate" in str(info.value)


def test_unknown_id_says_what_is_missing(game):
    g = game()
    info = assert_fails(g, KeyError, g.life, 999)
    assert info.value.args[0] == "no entity with id 999"


def test_flag_errors_name_the_flag(game):
    g = game()
    x = creature(g)
    info = assert_fails(g, TypeError, g.deal_damage, x, x, 1, combat=1)
    assert "combat" in str(info.value)
    info = assert_fails(g, TypeError, g.deal_simultaneous_damage, [(x, x, 1)], preventable=0)
    assert "preventable" in str(info.value)


def test_deepcopy_copies_info(game):
    g = game()
    x = g.create(0, info={"tags": ["a"]})
    h = copy.deepcopy(g)
    h.info(x)["tags"].append("b")
    assert g.info(x)["tags"] == ["a"]
    assert h == g


def test_deepcopy_of_a_game_in_its_own_info():
    g = cardstate.Game()
    x = g.create(0, info={"game": g})
    h = copy.deepcopy(g)
    assert h.info(x)["game"] is h


def test_list_subclass_iter_is_honoured(game):
    g = game()
    x = creature(g)
    y = creature(g)
    g.add_counters(x, "+1/+1")
    g.add_counters(y, "+1/+1")

    class OnlyY(list):
        def __iter__(self):
            return iter([y])

    g.proliferate(0, OnlyY([x]))
    assert (g.count(x, "+1/+1"), g.count(y, "+1/+1")) == (1, 2)


def test_tuple_subclass_assignment_is_read_as_the_reference_reads_it(game):
    g = game()
    x = creature(g, toughness=10)

    class Swapped(tuple):
        def __getitem__(self, i):
            return (x, x, 2)[i]

    assert g.deal_simultaneous_damage([Swapped((0, 0, 0))]) == [2]


def test_batch_index_beyond_any_batch_is_index_error():
    batch = cardstate.GameBatch.repeat(cardstate.Game(), 2)
    for i in (2**63, -(2**63) - 1, 2**100, 2, -3):
        with pytest.raises(IndexError):
            batch[i]
    assert batch[-2] == batch[0]


def test_events_copy_and_pickle():
    g = cardstate.Game()
    x = creature(g)
    g.add_counters(x, "charge", 2)
    g.add_counters(x, "my kind", 1)
    g.deal_damage(x, x, 1, combat=True)
    events = g.take_events()
    assert len(events) == 4  # created, two counters_added, damage
    for e in events:
        assert copy.copy(e) == e
        assert copy.deepcopy(e) == e
        back = pickle.loads(pickle.dumps(e))
        assert back == e and back.as_tuple() == e.as_tuple() and repr(back) == repr(e)
    assert pickle.loads(pickle.dumps(events)) == events


def test_failed_calls_leave_the_bytes_unchanged(game):
    g = game()
    x = creature(g)
    before = state_bytes(g)
    for call in (
        lambda: g.add_counters(x, "charge", np.int64(-1)),
        lambda: g.proliferate(0, [x, Index(2**70)]),
    ):
        with pytest.raises((ValueError, KeyError)):
            call()
        assert state_bytes(g) == before


# ------------------------------------------------------------------------------------------------
# Hostile objects as arguments (Hypothesis)


class Raising:
    """Raises from every protocol a conversion may use."""

    def __index__(self) -> int:
        raise ArithmeticError("hostile __index__")

    def __iter__(self):
        raise ArithmeticError("hostile __iter__")

    def __eq__(self, other: object) -> bool:
        raise ArithmeticError("hostile __eq__")

    def __hash__(self) -> int:
        raise ArithmeticError("hostile __hash__")

    def __len__(self) -> int:
        raise ArithmeticError("hostile __len__")


class LyingIter(list):
    """A list whose iteration says something else than its items."""

    def __iter__(self):
        return iter([10**30, "x", None])


def _hostile_values(g) -> st.SearchStrategy[Any]:
    def reentrant_ids():
        g.hash()
        g.to_bytes()
        yield 0
        g.hash()
        yield 10**40

    return st.one_of(
        st.builds(Raising),
        st.builds(Index, st.integers(-(2**70), 2**70)),
        st.builds(Lying, st.integers(-5, 5)),
        st.builds(lambda: LyingIter([0, 1])),
        st.builds(lambda: reentrant_ids()),
        st.sampled_from([np.int64(-1), np.int64(2**62), np.uint64(2**64 - 1), -1, 2**64, 2**200]),
        st.sampled_from(["", "\ud800", "charge", b"charge", 1.5, None, (), [], {}]),
        st.builds(lambda: {Index(0): "x"}),
    )


CALLS: list[tuple[str, int]] = [
    ("add_counters", 3),
    ("remove_counters", 3),
    ("pay_counters", 3),
    ("count", 2),
    ("gain_life", 2),
    ("lose_life", 2),
    ("deal_damage", 3),
    ("deal_simultaneous_damage", 1),
    ("prevent_damage", 2),
    ("redirect_damage", 3),
    ("move", 2),
    ("proliferate", 2),
    ("pump", 3),
    ("grant", 2),
    ("set_types", 2),
    ("create", 1),
    ("apply", 1),
    ("info", 1),
    ("counters", 1),
    ("has_keyword", 2),
]


@settings(max_examples=300, deadline=None)
@given(
    data=st.data(), which=st.sampled_from(CALLS), impl_name=st.sampled_from(["native", "reference"])
)
def test_hostile_arguments_return_or_raise_quickly_and_change_nothing(data, which, impl_name):
    """Every public call given hostile objects returns or raises within a time bound, and a call
    that raises leaves the state as it was (``to_bytes()`` before == after)."""
    impl = cardstate.Game if impl_name == "native" else cardstate.reference.Game
    g = impl()
    x = creature(g)
    g.add_counters(x, "+1/+1")
    g.take_events()
    name, arity = which
    hostile = _hostile_values(g)
    args = [
        data.draw(st.one_of(hostile, st.sampled_from([0, 1, x, "charge", [x], [(x, x, 1)]])))
        for _ in range(arity)
    ]
    before = g.to_bytes()
    faulthandler.dump_traceback_later(60, exit=True)  # a hang fails the run instead of blocking
    try:
        t0 = time.monotonic()
        try:
            getattr(g, name)(*args)
        except Exception:  # noqa: BLE001 - any clear exception is an answer
            assert g.to_bytes() == before, f"{name}{tuple(args)!r} raised but changed the state"
        assert time.monotonic() - t0 < 5
    finally:
        faulthandler.cancel_dump_traceback_later()
