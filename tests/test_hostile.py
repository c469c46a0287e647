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
  batch indexes beyond any batch, copies and pickles of events;
- every public method and property of ``Game`` (both implementations) and ``GameBatch`` given
  hostile arguments (Hypothesis): it returns or raises an ordinary exception within a time
  bound, a call that raises changes nothing, and the state stays whole (its bytes decode to an
  equal game with the same hash). A public call without an entry in ``GAME_CALLS`` or
  ``BATCH_CALLS`` fails ``test_every_public_call_has_a_hostile_entry``.
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


class EqRaising:
    """Hashable, but comparing it raises (a mapping key that lies when looked up)."""

    def __hash__(self) -> int:
        return 0

    def __eq__(self, other: object) -> bool:
        raise ArithmeticError("hostile __eq__")


class HashOnce:
    """Hashes once (to enter a dict), then raises."""

    def __init__(self) -> None:
        self.hashed = False

    def __hash__(self) -> int:
        if self.hashed:
            raise ArithmeticError("hostile __hash__")
        self.hashed = True
        return 1


class LyingStr(str):
    """A str whose comparisons and hash lie."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        raise ArithmeticError("hostile str __hash__")


class LyingMapping(dict):
    """A dict whose items() and iteration say something else than its contents."""

    def items(self):  # type: ignore[override]
        raise ArithmeticError("hostile items()")

    def __iter__(self):
        return iter([EqRaising()])


class Mutations:
    """Whether a hostile argument changed the game while it was read (then a call that raises
    may leave those changes: they are the argument's, not the call's)."""

    def __init__(self) -> None:
        self.happened = False


def reentrant_generator(items, read_back, change=None):
    """A generator of ``items`` that calls ``read_back`` (and ``change``) before each one."""
    for item in items:
        read_back()
        if change is not None:
            change()
        yield item


def failing_midway(items):
    """A generator of ``items`` that then raises."""
    yield from items
    raise ArithmeticError("hostile generator")


class ReentrantIndex:
    """An ``__index__`` object that calls ``read_back`` as it is read."""

    def __init__(self, value: int, read_back) -> None:
        self.value, self.read_back = value, read_back

    def __index__(self) -> int:
        self.read_back()
        return self.value


def _hostile_values(g, x: int, batch=None, mutations: Mutations | None = None):
    """Hostile arguments for calls on ``g`` (or on ``batch``): objects whose protocols raise or
    lie, and generators and ``__index__`` objects that call back into the same game: reading
    it, or (noted in ``mutations``) changing it."""

    def read_back() -> None:
        g.hash()
        g.to_bytes()
        g.counters(x)
        if batch is not None:
            batch.hashes()
            len(batch)

    def change() -> None:
        if mutations is not None:
            mutations.happened = True
        g.add_counters(x, "charge")
        g.create(1)

    def reentrant(items, mutate=False):
        return reentrant_generator(items, read_back, change if mutate else None)

    def reentrant_index(value: int):
        return ReentrantIndex(value, read_back)

    items = st.lists(
        st.sampled_from([0, 1, x, 10**40, -1, "charge", "+1/+1", (x, x, 1), ("add_counters", x)]),
        max_size=3,
    )
    return st.one_of(
        st.builds(Raising),
        st.builds(Index, st.sampled_from([-(2**70), -1, 0, 1, x, 2**31, 2**63, 2**64, 2**70])),
        st.builds(reentrant_index, st.sampled_from([0, 1, x, -1, 2**64])),
        st.builds(Lying, st.integers(-5, 5)),
        st.builds(lambda: LyingIter([0, 1])),
        st.builds(reentrant, items),
        st.builds(reentrant, items, st.just(True)) if mutations is not None else st.nothing(),
        st.builds(failing_midway, items),
        st.sampled_from([np.int64(-1), np.int64(2**62), np.uint64(2**64 - 1), -1, 2**64, 2**200]),
        st.sampled_from(["", "\ud800", "charge", b"charge", 1.5, None, (), [], {}, True]),
        st.builds(lambda: LyingStr("charge")),
        st.builds(lambda: {Index(0): "x"}),
        st.builds(lambda: {EqRaising(): "charge", x: "charge"}),
        st.builds(lambda: {HashOnce(): 1}),
        st.builds(lambda: LyingMapping({x: "charge"})),
        st.builds(lambda: {"charge": Raising()}),
    )


def _ordinary_values(x: int, h: int) -> st.SearchStrategy[Any]:
    return st.sampled_from(
        [0, 1, x, h, "charge", "+1/+1", "battlefield", "creature", "flying", [x], [(x, x, 1)]]
    )


class Call:
    """How a public method or property is called: ``pos`` positional arguments, then any of the
    keyword arguments ``kw``; ``static`` for one called on the class; ``prop`` for a property
    (``settable`` if it can be assigned)."""

    def __init__(
        self,
        pos: int = 0,
        kw: tuple[str, ...] = (),
        static: bool = False,
        prop: bool = False,
        settable: bool = False,
    ) -> None:
        self.pos, self.kw, self.static, self.prop, self.settable = pos, kw, static, prop, settable


_CREATE_KW = (
    "zone name types supertypes subtypes keywords power toughness loyalty defense cost strength "
    "lives movement flying elite token info counters"
).split()

# Every public method and property of cardstate.Game (and of the reference Game, which has a
# subset); test_every_public_call_has_a_hostile_entry fails for one that is missing.
GAME_CALLS: dict[str, Call] = {
    "active_player": Call(prop=True, settable=True),
    "add_continuous_effect": Call(
        1,
        (
            "affected",
            "source",
            "controller",
            "keyword",
            "value",
            "power",
            "toughness",
            "until_end_of_turn",
        ),
    ),
    "add_cost_modifier": Call(1, ("card", "source", "subtypes", "types", "controller")),
    "add_counters": Call(3),
    "add_replacement_effect": Call(
        1,
        (
            "affects",
            "sources",
            "source",
            "controller",
            "counter",
            "amount",
            "combat",
            "until_end_of_turn",
        ),
    ),
    "apply": Call(1),
    "can_lose": Call(1),
    "check_state_based_actions": Call(0, ("legend_rule_keep",)),
    "cleanup": Call(),
    "clear_events": Call(),
    "clone": Call(),
    "continuous_effects": Call(),
    "controller": Call(1),
    "cost": Call(1, ("x_value",)),
    "cost_many": Call(1),
    "count": Call(2),
    "counters": Call(1),
    "create": Call(1, tuple(_CREATE_KW)),
    "damage": Call(1),
    "deal_damage": Call(3, ("combat", "preventable")),
    "deal_simultaneous_damage": Call(1, ("combat", "preventable")),
    "defense": Call(1),
    "destroy": Call(1),
    "end_continuous_effect": Call(1),
    "exile_instead_of_dying": Call(1),
    "from_bytes": Call(1, static=True),
    "gain_life": Call(2),
    "grant": Call(2, ("until_end_of_turn",)),
    "has_keyword": Call(2),
    "has_lost": Call(1),
    "hash": Call(),
    "heal": Call(2),
    "info": Call(1),
    "is_elite": Call(1),
    "is_flying": Call(1),
    "is_over": Call(),
    "is_tapped": Call(1),
    "is_token": Call(1),
    "life": Call(1),
    "lives": Call(1),
    "lose_life": Call(2),
    "loyalty": Call(1),
    "move": Call(2, ("counters",)),
    "move_counters": Call(4),
    "movement": Call(1),
    "name": Call(1),
    "objects": Call(2),
    "observation": Call(1),
    "order_replacement_effects": Call(1, ("across_groups",)),
    "owner": Call(1),
    "pay_counters": Call(3),
    "pay_energy": Call(2),
    "players": Call(prop=True),
    "power": Call(1),
    "prevent_damage": Call(2, ("source",)),
    "prevent_combat_damage": Call(1),
    "proliferate": Call(2),
    "proliferate_auto": Call(1),
    "proliferate_candidates": Call(),
    "pump": Call(3),
    "put_counters_from": Call(2),
    "random_u64": Call(),
    "record_events": Call(prop=True, settable=True),
    "redirect_damage": Call(3, ("source",)),
    "regenerate": Call(1),
    "regeneration_shields": Call(1),
    "remove_counters": Call(3),
    "remove_effects": Call(1),
    "remove_replacement_effect": Call(1),
    "replacement_effects": Call(),
    "revoke": Call(2),
    "ruleset": Call(prop=True),
    "seed": Call(prop=True),
    "set_controller": Call(2),
    "set_elite": Call(2),
    "set_lives": Call(2),
    "set_lives_many": Call(2),
    "set_strength": Call(2),
    "set_types": Call(2, ("subtypes",)),
    "strength": Call(1),
    "subtypes": Call(1),
    "supertypes": Call(1),
    "take_events": Call(),
    "tap": Call(1),
    "to_bytes": Call(),
    "toughness": Call(1),
    "toxic": Call(1),
    "types": Call(1),
    "untap": Call(1),
    "winner": Call(),
    "wounds": Call(1),
    "zone": Call(1),
}

BATCH_CALLS: dict[str, Call] = {
    "apply": Call(1),
    "clone": Call(),
    "clone_and_hash": Call(),
    "games": Call(),
    "hashes": Call(),
    "observation": Call(1),
    "repeat": Call(2, static=True),
}

# Seconds a call may take before it counts as a hang (each runs on a small board).
CALL_TIMEOUT = 10


def _public(cls: type) -> set[str]:
    return {n for n in dir(cls) if not n.startswith("_")}


def test_every_public_call_has_a_hostile_entry():
    """A new public method or property of Game or GameBatch can't be forgotten here: each one
    has an entry saying how the hostile test calls it (and no entry names a call that is gone)."""
    assert _public(cardstate.Game) == set(GAME_CALLS)
    assert _public(cardstate.reference.Game) <= set(GAME_CALLS)
    assert _public(cardstate.GameBatch) == set(BATCH_CALLS)


def _draw_call(data, spec: Call, values: st.SearchStrategy[Any]) -> tuple[list[Any], dict]:
    args = [data.draw(values) for _ in range(spec.pos)]
    # Positional arguments may stop early (defaults, or a missing one: a TypeError).
    args = args[: data.draw(st.integers(max(0, spec.pos - 1), spec.pos))] if spec.pos else args
    kwargs = {k: data.draw(values) for k in spec.kw if data.draw(st.booleans())}
    return args, kwargs


def _run_bounded(target, *args, **kwargs) -> BaseException | None:
    """Runs ``target`` in a thread; fails the test if it neither returns nor raises within
    ``CALL_TIMEOUT`` (the thread is left behind: a daemon). Returns what it raised."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            target(*args, **kwargs)
            outcome.append(None)
        except BaseException as e:  # noqa: BLE001 - judged by the caller
            outcome.append(e)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(CALL_TIMEOUT)
    assert not t.is_alive(), f"{getattr(target, '__name__', target)} hung"
    return outcome[0]


def _assert_clear(raised: BaseException | None, what: str) -> None:
    """A failing call raises an ordinary exception: never a panic (a BaseException) or a
    SystemError."""
    if raised is not None:
        assert isinstance(raised, Exception), f"{what} raised {raised!r}"
        assert not isinstance(raised, SystemError), f"{what} raised {raised!r}"


def _board(impl: type, ruleset: str):
    g = impl(ruleset=ruleset)
    types = ["creature"]
    if ruleset == "berserk":
        x = g.create(0, types=types, strength=1, lives=3)
    else:
        x = creature(g)
    g.add_counters(x, "+1/+1")
    h = g.create(1, zone="hand", types=types)
    g.take_events()
    return g, x, h


@pytest.mark.parametrize("impl_name", ["native", "reference"])
@pytest.mark.parametrize("name", sorted(GAME_CALLS))
@settings(max_examples=12, deadline=None)
@given(data=st.data(), ruleset=st.sampled_from(["mtg", "mtg-2010", "berserk"]))
def test_hostile_arguments_return_or_raise_quickly_and_change_nothing(
    name, impl_name, data, ruleset
):
    """Every public call given hostile objects returns or raises within a time bound, and a call
    that raises leaves the state as it was (``to_bytes()`` and ``==`` before and after, and no
    event logged); the game is usable afterwards."""
    impl = cardstate.Game if impl_name == "native" else cardstate.reference.Game
    if not hasattr(impl, name):
        return  # the reference lacks a few native-only calls
    spec = GAME_CALLS[name]
    g, x, h = _board(impl, ruleset)
    mutations = Mutations()
    values = st.one_of(_hostile_values(g, x, mutations=mutations), _ordinary_values(x, h))
    before, copy_before = g.to_bytes(), g.clone()
    faulthandler.dump_traceback_later(120, exit=True)  # a hang holding the GIL ends the run
    try:
        if spec.prop:
            raised = _run_bounded(getattr, g, name)
            _assert_clear(raised, name)
            if spec.settable:
                raised = _run_bounded(setattr, g, name, data.draw(values))
        else:
            args, kwargs = _draw_call(data, spec, values)
            target = getattr(impl, name) if spec.static else getattr(g, name)
            raised = _run_bounded(target, *args, **kwargs)
        _assert_clear(raised, name)
        if raised is not None and not mutations.happened:
            assert g.to_bytes() == before, f"{name} raised {raised!r} but changed the state"
            assert g == copy_before
            assert g.take_events() == [], f"{name} raised {raised!r} but logged events"
        assert _run_bounded(g.hash) is None, "the game is unusable after the call"
        # Whatever happened, the state is whole: its bytes decode to an equal game with the
        # same hash (the incremental hash is the one computed afresh).
        back = impl.from_bytes(g.to_bytes())
        assert back == g and back.hash() == g.hash(), f"{name} left an inconsistent state"
    finally:
        faulthandler.cancel_dump_traceback_later()


@pytest.mark.parametrize("name", sorted(BATCH_CALLS))
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_hostile_arguments_to_a_batch_return_or_raise_quickly_and_change_nothing(name, data):
    """The same for every public call of ``GameBatch``: within a time bound, and a call that
    raises leaves every game of the batch as it was."""
    g, x, h = _board(cardstate.Game, "mtg")
    batch = cardstate.GameBatch.repeat(g, 3)
    spec = BATCH_CALLS[name]
    values = st.one_of(_hostile_values(g, x, batch), _ordinary_values(x, h))
    before = [b.to_bytes() for b in batch.games()]
    faulthandler.dump_traceback_later(120, exit=True)
    try:
        args, kwargs = _draw_call(data, spec, values)
        target = getattr(cardstate.GameBatch, name) if spec.static else getattr(batch, name)
        raised = _run_bounded(target, *args, **kwargs)
        _assert_clear(raised, name)
        if raised is not None:
            assert [b.to_bytes() for b in batch.games()] == before, f"{name} changed the batch"
        assert _run_bounded(batch.hashes) is None, "the batch is unusable after the call"
    finally:
        faulthandler.cancel_dump_traceback_later()
