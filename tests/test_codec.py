"""Search support (SEMANTICS §9, §13): clone, ``==``, ``hash()``, the binary codec, pickle.

Random operation sequences (every mutating call of the API, valid and invalid, on every ruleset)
build games; then:

- **round trips**: ``from_bytes(to_bytes())``, ``pickle``, ``clone()``, ``copy.copy`` and
  ``copy.deepcopy`` give a game that is ``==`` the original, has the same ``hash()``, the same
  ``to_bytes()`` and the same observable state (``conftest.snapshot``; ``info`` is not in the
  bytes);
- **independence**: mutating a copy leaves the original byte-identical, and the reverse;
- **order**: equal states reached by different operation orders are ``==`` and hash equal;
- **incremental hash**: ``hash()`` equals ``_recompute_hash()`` after every step;
- **determinism**: the same seed and calls give the same bytes, events and results;
- **decoder robustness**: random bytes, every truncation, single-byte mutations, insertions and
  deletions, and huge declared counts either raise ``ValueError`` or decode to a valid game (which
  round-trips and survives further calls) — never another exception, a panic or a hang.

The encodings are also parsed by an independent decoder written from docs/FORMAT.md
(``parse_format``), which must agree with the native one on what is valid and read the same state
the API shows, so the document can't drift from the implementation.

The generic properties run against both implementations (each has its own format); the format,
``_recompute_hash`` and the robustness tests are native only.
"""

from __future__ import annotations

import copy
import json
import pickle
import resource
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import cardstate
import cardstate.reference
import hypothesis.strategies as st
import pytest
from cardstate.errors import CardstateError
from cardstate.vocabulary import KEYWORDS, MAX_COUNT, RULESETS, ZONES
from conftest import BERSERK_TYPES, IMPLS, MAGIC_TYPES, impl_module, object_ids, snapshot
from hypothesis import given

# Errors a call may raise by design (SEMANTICS §0); anything else (a PanicException, which is a
# BaseException, an AttributeError, ...) is a bug.
EXPECTED = (CardstateError, ValueError, KeyError, OverflowError, TypeError)


KINDS = (
    "+1/+1",
    "-1/-1",
    "poison",
    "energy",
    "loyalty",
    "defense",
    "shield",
    "stun",
    "lifelink",
    "flying",
    "+2/+0",
    "wound",
    "+1 strength",
    "-1 strength",
    "extra life",
    "negative life",
    "quest",
    "мана",
    "a:b",
)
NAMES = ("", "Bear", "Гном-воин", "Phyrexian ✶")
SUBTYPES = ("Гном", "Goblin", "Elf")
GRANTABLE = tuple(k for k in KEYWORDS if k != "toxic")


# ------------------------------------------------------------------------------------------------
# Random games


def make_game(impl_name: str, players: int = 2, ruleset: str = "mtg", seed: int = 0, **kw: Any):
    """A new game of either implementation."""
    cls = impl_module(impl_name).Game
    return cls(players=players, ruleset=ruleset, seed=seed, **kw)


Call = tuple[str, tuple[Any, ...], dict[str, Any]]


def apply(g: Any, call: Call) -> tuple[str, Any]:
    """Makes one call; returns ``("ok", result)`` or ``("raised", exception type name)``."""
    name, args, kwargs = call
    try:
        if name == "set record_events":
            g.record_events = args[0]
            return ("ok", None)
        result = getattr(g, name)(*copy.deepcopy(args), **copy.deepcopy(kwargs))
    except EXPECTED as e:
        return ("raised", type(e).__name__)
    return ("ok", _plain(result))


def _plain(value: Any) -> Any:
    if hasattr(value, "as_tuple"):
        return value.as_tuple()
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return [(k, _plain(v)) for k, v in value.items()]
    return value


small = st.integers(0, 4)
amounts = st.one_of(small, small, small, st.sampled_from([0, 5, 20, 2**40, MAX_COUNT]))
opt_bool = st.booleans()


def draw_call(draw: Callable[[Any], Any], g: Any, ruleset: str) -> Call:
    """One random call on ``g``, mostly valid for its current state."""
    players = list(g.players)
    objects = object_ids(g)
    recent = objects[-6:]
    ids = st.sampled_from(players + objects + [len(players) + len(objects) + 5, -1])
    obj = st.sampled_from(recent) if recent else ids
    entity = st.one_of(st.sampled_from(players), obj)
    damageable = st.one_of(obj, st.sampled_from(players)) if ruleset != "berserk" else obj
    types = BERSERK_TYPES if ruleset == "berserk" else MAGIC_TYPES
    kind = st.sampled_from(KINDS)
    effect_amount = st.one_of(st.none(), st.integers(1, 6))
    opt_source = st.one_of(st.none(), obj)

    op = draw(
        st.sampled_from(
            [
                "create",
                "create",
                "create",
                "add_counters",
                "add_counters",
                "add_counters",
                "remove_counters",
                "pay_counters",
                "pay_energy",
                "gain_life",
                "lose_life",
                "move",
                "deal_damage",
                "deal_damage",
                "deal_simultaneous_damage",
                "prevent_damage",
                "redirect_damage",
                "cleanup",
                "check_state_based_actions",
                "proliferate",
                "proliferate_auto",
                "grant",
                "revoke",
                "pump",
                "set_strength",
                "set_lives",
                "heal",
                "remove_effects",
                "add_cost_modifier",
                "set_controller",
                "set_types",
                "set_elite",
                "take_events",
                "set record_events",
            ]
        )
    )
    if op == "create":
        kw: dict[str, Any] = {
            "zone": draw(st.sampled_from(("battlefield",) * 4 + ZONES)),
            "name": draw(st.sampled_from(NAMES)),
            "types": draw(st.lists(st.sampled_from(types), max_size=2, unique=True)),
            "subtypes": draw(st.lists(st.sampled_from(SUBTYPES), max_size=2)),
        }
        keywords = draw(st.lists(st.sampled_from(KEYWORDS), max_size=3, unique=True))
        if "toxic" in keywords and draw(st.booleans()):
            kw["keywords"] = {k: (draw(st.integers(1, 3)) if k == "toxic" else 1) for k in keywords}
        else:
            kw["keywords"] = keywords
        for f in ("power", "toughness"):
            kw[f] = draw(st.one_of(st.none(), st.integers(-2, 5)))
        for f in ("loyalty", "defense", "strength", "lives", "movement"):
            kw[f] = draw(st.one_of(st.none(), st.integers(0, 5)))
        kw["cost"] = draw(st.sampled_from([None, 0, 3, "X", "2+X"]))
        kw["flying"] = draw(st.booleans())
        kw["elite"] = draw(st.booleans())
        kw["info"] = draw(st.sampled_from([None, {"artist": "Н. Иванов", "year": 1999}]))
        return ("create", (draw(st.sampled_from(players)),), kw)
    if op in ("add_counters", "remove_counters", "pay_counters"):
        k = draw(kind)
        n = draw(amounts)
        return (op, (draw(entity), k, n), {})
    if op in ("pay_energy", "gain_life", "lose_life"):
        return (op, (draw(st.sampled_from(players)), draw(amounts)), {})
    if op == "move":
        return (op, (draw(obj), draw(st.sampled_from(ZONES))), {})
    if op == "deal_damage":
        return (
            op,
            (draw(obj), draw(damageable), draw(st.integers(0, 6))),
            {"combat": draw(opt_bool), "preventable": draw(opt_bool)},
        )
    if op == "deal_simultaneous_damage":
        assignments = draw(
            st.lists(st.tuples(obj, damageable, st.integers(0, 4)), min_size=1, max_size=3)
        )
        return (op, (assignments,), {"combat": draw(opt_bool)})
    if op == "prevent_damage":
        return (op, (draw(entity), draw(effect_amount)), {"source": draw(opt_source)})
    if op == "redirect_damage":
        a, b = draw(entity), draw(entity)
        return (op, (a, b, draw(effect_amount)), {"source": draw(opt_source)})
    if op in ("cleanup", "check_state_based_actions", "take_events"):
        return (op, (), {})
    if op == "proliferate":
        candidates = [int(c) for c in g.proliferate_candidates()]
        chosen = draw(st.lists(st.sampled_from(candidates), unique=True)) if candidates else []
        if ruleset == "mtg-2010":
            mapping = {}
            for c in chosen:
                have = list(g.counters(c))
                mapping[c] = draw(st.sampled_from(have)) if have else "poison"
            return (op, (draw(st.sampled_from(players)), mapping), {})
        return (op, (draw(st.sampled_from(players)), chosen), {})
    if op == "proliferate_auto":
        return (op, (draw(st.sampled_from(players)),), {})
    if op == "grant":
        return (
            op,
            (draw(obj), draw(st.sampled_from(GRANTABLE))),
            {"until_end_of_turn": draw(opt_bool)},
        )
    if op == "revoke":
        return (op, (draw(obj), draw(st.sampled_from(GRANTABLE))), {})
    if op == "pump":
        return (op, (draw(obj), draw(st.integers(-3, 3)), draw(st.integers(-3, 3))), {})
    if op in ("set_strength", "set_lives"):
        return (op, (draw(obj), draw(st.integers(0, 6))), {})
    if op == "heal":
        return (op, (draw(obj), draw(amounts)), {})
    if op == "remove_effects":
        return (op, (draw(obj),), {})
    if op == "add_cost_modifier":
        where = "card" if draw(st.booleans()) else "source"
        kw = {
            where: draw(obj),
            "subtypes": draw(st.lists(st.sampled_from(SUBTYPES), max_size=1)),
            "types": draw(st.lists(st.sampled_from(types), max_size=1)),
            "controller": draw(st.one_of(st.none(), st.sampled_from(players))),
        }
        return (op, (draw(st.integers(-4, 4)),), kw)
    if op == "set_controller":
        return (op, (draw(obj), draw(st.sampled_from(players))), {})
    if op == "set_types":
        new_types = draw(st.lists(st.sampled_from(types), max_size=2, unique=True))
        subtypes = draw(st.one_of(st.none(), st.lists(st.sampled_from(SUBTYPES), max_size=2)))
        return (op, (draw(obj), new_types), {"subtypes": subtypes})
    if op == "set_elite":
        return (op, (draw(obj), draw(st.booleans())), {})
    if op == "set record_events":
        return (op, (draw(st.booleans()),), {})
    raise AssertionError(op)


@dataclass
class Played:
    """A game and how it was made (to replay it)."""

    impl_name: str
    ruleset: str
    players: int
    seed: int
    record_events: bool
    calls: list[Call] = field(default_factory=list)
    results: list[tuple[str, Any]] = field(default_factory=list)
    game: Any = None

    def new(self) -> Any:
        return make_game(
            self.impl_name, self.players, self.ruleset, self.seed, record_events=self.record_events
        )

    def replay(self) -> tuple[Any, list[tuple[str, Any]]]:
        g = self.new()
        return g, [apply(g, c) for c in self.calls]


@st.composite
def played_games(draw: Callable[[Any], Any], impl_name: str = "native", max_calls: int = 30):
    """A game after a random sequence of calls."""
    p = Played(
        impl_name=impl_name,
        ruleset=draw(st.sampled_from(RULESETS)),
        players=draw(st.integers(1, 3)),
        seed=draw(st.integers(0, 2**64 - 1)),
        record_events=draw(st.sampled_from([True, True, False])),
    )
    p.game = p.new()
    for _ in range(draw(st.integers(0, max_calls))):
        call = draw_call(draw, p.game, p.ruleset)
        p.calls.append(call)
        p.results.append(apply(p.game, call))
    return p


def continue_playing(draw: Callable[[Any], Any], g: Any, ruleset: str, n: int) -> None:
    """``n`` more random calls on ``g``."""
    for _ in range(n):
        apply(g, draw_call(draw, g, ruleset))


# ------------------------------------------------------------------------------------------------
# Comparing games


def without_info(snap: dict[str, Any]) -> dict[str, Any]:
    """A snapshot minus ``info`` (which ``to_bytes`` leaves out by design)."""
    out = dict(snap)
    out["objects"] = {
        x: {k: v for k, v in o.items() if k != "info"} for x, o in snap["objects"].items()
    }
    return out


def assert_same_game(copy_: Any, original: Any, how: str, *, info: bool = True) -> None:
    """``copy_`` is the same game as ``original`` in every way a round trip must keep."""
    assert copy_ == original, f"{how}: not == the original"
    assert original == copy_, f"{how}: == is not symmetric"
    assert not (copy_ != original), f"{how}: != disagrees with =="
    assert copy_.hash() == original.hash(), f"{how}: different hash()"
    assert copy_.to_bytes() == original.to_bytes(), f"{how}: different to_bytes()"
    assert copy_.ruleset == original.ruleset
    assert copy_.players == original.players
    a, b = snapshot(copy_), snapshot(original)
    if not info:
        a, b = without_info(a), without_info(b)
    assert a == b, f"{how}: different observable state"
    if hasattr(original, "_recompute_hash"):
        assert copy_.hash() == copy_._recompute_hash(), f"{how}: stale incremental hash"
    for attr in ("seed", "record_events"):
        if hasattr(original, attr):
            assert getattr(copy_, attr) == getattr(original, attr), f"{how}: different {attr}"


ROUND_TRIPS: dict[str, Callable[[Any], Any]] = {
    "bytes": lambda g: type(g).from_bytes(g.to_bytes()),
    "pickle": lambda g: pickle.loads(pickle.dumps(g)),
    "pickle-protocol-0": lambda g: pickle.loads(pickle.dumps(g, protocol=0)),
    "clone": lambda g: g.clone(),
    "copy.copy": copy.copy,
    "copy.deepcopy": copy.deepcopy,
}


# ------------------------------------------------------------------------------------------------
# Round trips


@pytest.mark.parametrize("impl_name", IMPLS)
@given(data=st.data())
def test_round_trips_after_random_calls(impl_name: str, data: st.DataObject) -> None:
    p = data.draw(played_games(impl_name))
    g = p.game
    for how, trip in ROUND_TRIPS.items():
        if how == "pickle-protocol-0" and impl_name != "native":
            continue  # the reference pickles as a plain object (protocol 2 and up)
        h = trip(g)
        assert h is not g
        assert_same_game(h, g, how, info=how != "bytes")
        if how == "bytes" or (how == "pickle" and impl_name == "native"):
            # Native pickle goes through to_bytes (SEMANTICS §9), so it drops the log too.
            assert h.take_events() == [], f"{how}: the event log is not part of the state"
        # A second trip gives the same again (bytes are a fixed point).
        assert_same_game(trip(h), g, f"{how} twice", info=how != "bytes")


@pytest.mark.parametrize("impl_name", IMPLS)
@given(data=st.data())
def test_pickle_keeps_info_and_bytes_drop_it(impl_name: str, data: st.DataObject) -> None:
    p = data.draw(played_games(impl_name, max_calls=10))
    g = p.game
    x = g.create(g.players[0], name="Card", info={"artist": "Джон", "year": 1997})
    h = pickle.loads(pickle.dumps(g))
    assert h.info(x) == {"artist": "Джон", "year": 1997}
    assert type(g).from_bytes(g.to_bytes()).info(x) == {}
    assert copy.deepcopy(g).info(x) == g.clone().info(x) == {"artist": "Джон", "year": 1997}


def test_event_log_is_not_in_bytes_or_equality() -> None:
    g = cardstate.Game()
    g.gain_life(0, 3)
    h = cardstate.Game.from_bytes(g.to_bytes())
    assert h == g and h.hash() == g.hash()
    assert h.take_events() == []
    assert [e.kind for e in g.take_events()] == ["life_gained"]
    assert h == g and h.to_bytes() == g.to_bytes()


def test_bytes_keep_seed_and_record_events_but_equality_ignores_them() -> None:
    a = cardstate.Game(seed=1)
    b = cardstate.Game(seed=2, record_events=False)
    assert a == b and a.hash() == b.hash()
    assert a.to_bytes() != b.to_bytes()
    c = cardstate.Game.from_bytes(b.to_bytes())
    assert c.seed == 2 and c.record_events is False


# ------------------------------------------------------------------------------------------------
# Independence


@pytest.mark.parametrize(
    ("impl_name", "how"),
    [
        (i, h)
        for i in IMPLS
        for h in sorted(ROUND_TRIPS)
        if i == "native" or h != "pickle-protocol-0"  # the reference pickles with protocol >= 2
    ],
)
@given(data=st.data())
def test_copies_are_independent(impl_name: str, how: str, data: st.DataObject) -> None:
    p = data.draw(played_games(impl_name, max_calls=15))
    g = p.game
    before = (g.to_bytes(), g.hash(), snapshot(g))
    c = ROUND_TRIPS[how](g)
    continue_playing(data.draw, c, p.ruleset, data.draw(st.integers(1, 15)))
    c.add_counters(c.players[0], "independence", 1)  # at least one change for sure
    assert (g.to_bytes(), g.hash(), snapshot(g)) == before, f"mutating a {how} changed the original"
    # And the reverse: mutating the original leaves a fresh copy alone.
    c2 = ROUND_TRIPS[how](g)
    before2 = (c2.to_bytes(), c2.hash(), snapshot(c2))
    continue_playing(data.draw, g, p.ruleset, data.draw(st.integers(1, 15)))
    g.lose_life(g.players[0], 1)
    assert (c2.to_bytes(), c2.hash(), snapshot(c2)) == before2, (
        f"mutating the original changed a {how}"
    )


@pytest.mark.parametrize("impl_name", IMPLS)
def test_clone_info_is_copy_on_write(impl_name: str) -> None:
    g = make_game(impl_name)
    x = g.create(0, info={"artist": "A"})
    c = g.clone()
    y = c.create(0, info={"artist": "B"})
    c2 = c.move(x, "graveyard")
    assert g.info(x) == {"artist": "A"}
    with pytest.raises(KeyError):
        g.info(y)
    assert c.info(y) == {"artist": "B"} and c.info(c2) == {"artist": "A"}
    g.info(x)["artist"] = "changed"  # a read returns a new dict
    assert c.info(x) == g.info(x) == {"artist": "A"}


def test_many_clones_of_one_game_stay_apart() -> None:
    g = cardstate.Game()
    bears = [g.create(0, types=["creature"], power=2, toughness=2) for _ in range(70)]
    clones = [g.clone() for _ in range(5)]
    for i, c in enumerate(clones):
        c.add_counters(bears[i * 13], "+1/+1", i + 1)
    for i, c in enumerate(clones):
        assert c.count(bears[i * 13], "+1/+1") == i + 1
        assert sum(c.count(b, "+1/+1") for b in bears) == i + 1
        assert c.hash() == c._recompute_hash()
    assert all(g.count(b, "+1/+1") == 0 for b in bears)
    assert g.hash() == g._recompute_hash()


# ------------------------------------------------------------------------------------------------
# Equal states, different orders


@pytest.mark.parametrize("impl_name", IMPLS)
def test_hash_independent_of_counter_order(impl_name: str) -> None:
    a, b = make_game(impl_name), make_game(impl_name)
    for g in (a, b):
        g.create(0, types=["creature"], power=1, toughness=1)
    a.add_counters(2, "+1/+1", 2)
    a.add_counters(2, "quest", 1)
    b.add_counters(2, "quest", 1)
    b.add_counters(2, "+1/+1", 2)
    assert list(a.counters(2)) != list(b.counters(2))  # the order is observable...
    assert a == b and a.hash() == b.hash()  # ...but not part of the rules state


@pytest.mark.parametrize("impl_name", IMPLS)
def test_hash_independent_of_life_order(impl_name: str) -> None:
    a, b = make_game(impl_name), make_game(impl_name)
    a.gain_life(0, 5)
    a.lose_life(0, 3)
    b.lose_life(0, 3)
    b.gain_life(0, 5)
    assert a == b and a.hash() == b.hash() and a.to_bytes() == b.to_bytes()


@pytest.mark.parametrize("impl_name", IMPLS)
def test_undone_changes_hash_like_never_done(impl_name: str) -> None:
    fresh = make_game(impl_name)
    fresh.create(0, types=["creature"], power=2, toughness=2)
    # A prevention shield is an effect with an id, and ids are never reused (SEMANTICS §10): an
    # ended shield leaves the next id moved on, and nothing else.
    fresh.prevent_damage(0)
    fresh.cleanup()
    g = make_game(impl_name)
    g.create(0, types=["creature"], power=2, toughness=2)
    g.add_counters(0, "poison", 3)
    g.remove_counters(0, "poison", 3)
    g.add_counters(2, "brand new kind", 2)
    g.remove_counters(2, "brand new kind", 5)
    g.deal_damage(2, 2, 1)
    g.prevent_damage(1, 2)
    g.grant(2, "haste", until_end_of_turn=True)
    g.pump(2, 1, 1)
    g.cleanup()
    assert g == fresh and g.hash() == fresh.hash()
    assert g.to_bytes() == fresh.to_bytes()


def test_kinds_interned_in_different_orders() -> None:
    """Kind ids differ between the games; ==, hash and bytes go by name."""
    a, b = cardstate.Game(), cardstate.Game()
    a.add_counters(1, "alpha", 1)
    a.remove_counters(1, "alpha", 1)
    for g in (a, b):
        g.add_counters(0, "beta", 2)
        g.add_counters(0, "alpha", 1)
    assert a == b and a.hash() == b.hash() and a.to_bytes() == b.to_bytes()


COMMUTING = st.lists(
    st.one_of(
        st.tuples(
            st.just("add_counters"),
            st.integers(0, 3),
            st.sampled_from(KINDS + ("x", "y")),
            st.integers(1, 5),
        ),
        st.tuples(st.just("gain_life"), st.integers(0, 1), st.integers(0, 50)),
        st.tuples(st.just("lose_life"), st.integers(0, 1), st.integers(0, 50)),
        st.tuples(st.just("grant"), st.integers(2, 3), st.sampled_from(GRANTABLE)),
        st.tuples(st.just("pump"), st.integers(2, 3), st.integers(-3, 3), st.integers(-3, 3)),
    ),
    max_size=25,
)


@pytest.mark.parametrize("impl_name", IMPLS)
@given(ops=COMMUTING, data=st.data())
def test_hash_equal_for_permuted_commuting_calls(
    impl_name: str, ops: list[tuple[Any, ...]], data: st.DataObject
) -> None:
    """Calls that commute (adding counters, gaining and losing life, granting, pumping) in any
    order give ==, hash-equal games."""
    shuffled = data.draw(st.permutations(ops))
    games = []
    for order in (ops, shuffled):
        g = make_game(impl_name)
        for _ in range(2):
            g.create(0, types=["creature"], power=9, toughness=9)  # ids 2, 3
        for name, *args in order:
            getattr(g, name)(*args)
        games.append(g)
    a, b = games
    assert a == b and a.hash() == b.hash()
    if hasattr(a, "_recompute_hash"):
        assert a.hash() == a._recompute_hash() and b.hash() == b._recompute_hash()


@given(data=st.data())
def test_unequal_games_are_unequal(data: st.DataObject) -> None:
    """One more change makes a game unequal (and, almost surely, hash-unequal)."""
    p = data.draw(played_games("native", max_calls=15))
    g = p.game
    h = g.clone()
    h.add_counters(h.players[0], "unequal", 1)
    assert h != g and h.hash() != g.hash()


# ------------------------------------------------------------------------------------------------
# Incremental hash and determinism


@given(data=st.data())
def test_incremental_hash_after_every_call(data: st.DataObject) -> None:
    p = data.draw(played_games("native", max_calls=0))
    g = p.game
    assert g.hash() == g._recompute_hash()
    for _ in range(data.draw(st.integers(1, 40))):
        call = draw_call(data.draw, g, p.ruleset)
        before = g.hash()
        outcome = apply(g, call)
        assert g.hash() == g._recompute_hash(), f"stale hash after {call}"
        if outcome[0] == "raised":
            assert g.hash() == before


@pytest.mark.parametrize("impl_name", IMPLS)
@given(data=st.data())
def test_same_seed_and_calls_same_everything(impl_name: str, data: st.DataObject) -> None:
    p = data.draw(played_games(impl_name))
    g, results = p.replay()
    assert results == p.results
    assert g.to_bytes() == p.game.to_bytes()
    assert g.hash() == p.game.hash()
    assert [e.as_tuple() for e in g.take_events()] == [e.as_tuple() for e in p.game.take_events()]


def test_fixed_encoding_is_stable() -> None:
    """A fresh game's bytes, pinned (docs/FORMAT.md §6): the format is versioned, not
    accidental."""
    b = cardstate.Game(players=2, seed=0).to_bytes()
    assert len(b) == 222
    assert b[:32] == b"CSTG\x06\x00\x00" + struct.pack("<IQ?QI", 2, 0, True, 0, 0)
    player0 = (
        bytes([1, 6])
        + struct.pack("<IIIII", 0xFFFFFFFF, 0, 0, 0xFFFFFFFF, 0)
        + struct.pack("<Qq", 0, 20)
        + bytes(2 + 4 + 4 + 4 + 4 + 1 + 1 + 16 + 3)
    )
    assert b[32:44] == struct.pack("<III", 0, 0, 2)
    assert b[44 : 44 + 77] == player0
    assert b[-24:] == bytes(24)


# ------------------------------------------------------------------------------------------------
# An independent decoder, from docs/FORMAT.md


class Malformed(Exception):
    """The bytes break a rule of docs/FORMAT.md."""


NO_ID = 0xFFFFFFFF
RULESET_CODES = ("mtg", "mtg-2010", "berserk")
TYPE_BITS = (
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
    "terrain",
    "equipment",
    "spell",
    "event",
    "hero",
)
TYPE_MASKS = {"mtg": 0x01FF, "mtg-2010": 0x01FF, "berserk": 0x3E05}
KNOWN_KEYWORDS = (1 << len(KEYWORDS)) - 1
TOXIC_BIT = 1 << 15


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0
        self.counts: list[tuple[int, str]] = []  # offset of every count/length field

    def remaining(self) -> int:
        return len(self.data) - self.pos

    def take(self, n: int) -> bytes:
        if self.remaining() < n:
            raise Malformed("unexpected end of data")
        out = self.data[self.pos : self.pos + n]
        self.pos += n
        return out

    def unpack(self, fmt: str) -> Any:
        return struct.unpack("<" + fmt, self.take(struct.calcsize("<" + fmt)))[0]

    def bool(self) -> bool:
        v = self.unpack("B")
        if v > 1:
            raise Malformed("flag")
        return v == 1

    def count(self, min_size: int, limit: int, what: str) -> int:
        self.counts.append((self.pos, what))
        n = self.unpack("I")
        if n > limit or n * min_size > self.remaining():
            raise Malformed(f"{what} count")
        return n

    def str(self) -> str:
        n = self.count(1, 2**32 - 1, "name length")
        try:
            return self.take(n).decode("utf-8")
        except UnicodeDecodeError as e:
            raise Malformed("utf-8") from e

    def strs(self) -> list[str]:
        out = []
        for _ in range(self.count(4, 2**32 - 1, "subtype")):
            s = self.str()
            if not s:
                raise Malformed("empty subtype")
            out.append(s)
        return out

    def opt_i32(self) -> int | None:
        return self.unpack("i") if self.bool() else None

    def opt_u64(self) -> int | None:
        return self.unpack("Q") if self.bool() else None


DAMAGE_CODES = (*range(7, 14), 19)
"""The effects on damage events (docs/FORMAT.md §2.6b): 7 to 13, and 19."""


def parse_format(data: bytes) -> dict[str, Any]:
    """Decodes ``data`` by docs/FORMAT.md alone; raises ``Malformed``.

    (The kind-table capacity check, reachable only with tens of thousands of kinds, is left
    out.) The result has ``counts``: the offset and name of every count field read.
    """
    r = _Reader(data)
    if data[:4] != b"CSTG":
        raise Malformed("magic")
    r.take(4)
    version = r.unpack("H")
    if version not in (1, 2, 3, 4, 5, 6):
        raise Malformed("version")
    v4_bytes: list[int] = []  # offsets of the bytes version 4 added (see as_version_3)
    v5_bytes: list[int] = []  # offsets of the bytes version 5 added (see as_version_4)
    v5_filters: list[Any] = []  # continuous filters in version 5's form (see as_version_4)
    code = r.unpack("B")
    if code >= len(RULESET_CODES):
        raise Malformed("ruleset")
    ruleset = RULESET_CODES[code]
    tmask = TYPE_MASKS[ruleset]
    players = r.unpack("I")
    if not 1 <= players <= 64:
        raise Malformed("players")
    out: dict[str, Any] = {
        "ruleset": ruleset,
        "players": players,
        "seed": r.unpack("Q"),
        "record_events": r.bool(),
        "rng_draws": r.unpack("Q"),
        "active_player": r.unpack("I") if version >= 6 else 0,
    }
    if out["active_player"] >= players:
        raise Malformed("active player")
    kinds: list[str] = []
    for _ in range(r.count(5, 65535, "kind")):
        name = r.str()
        if not name or name in kinds:
            raise Malformed("kind name")
        kinds.append(name)
    printed = []
    for _ in range(r.count(16, 2**32 - 1, "card")):
        p: dict[str, Any] = {"name": r.str(), "types": r.unpack("H"), "subtypes": r.strs()}
        p["keywords"], p["toxic"] = r.unpack("I"), r.unpack("I")
        p["power"], p["toughness"] = r.opt_i32(), r.opt_i32()
        p["loyalty"], p["defense"] = r.opt_i32(), r.opt_i32()
        p["cost"] = (r.unpack("I"), r.unpack("B")) if r.bool() else None
        p["strength"], p["lives"], p["movement"] = r.opt_i32(), r.opt_i32(), r.opt_i32()
        p["elite"] = r.bool()
        flags = 0
        if version >= 4:
            v4_bytes.append(r.pos)
            flags = r.unpack("B")
        p["token"], p["supertypes"] = bool(flags & 1), flags >> 1
        if (
            flags >> 1 & ~0x1F
            or (p["supertypes"] and ruleset == "berserk")
            or p["types"] & ~tmask
            or p["keywords"] & ~KNOWN_KEYWORDS
            or (p["toxic"] > 0) != bool(p["keywords"] & TOXIC_BIT)
            or any(p[f] == -(2**31) for f in ("power", "toughness"))
            or any(p[f] is not None and p[f] < 0 for f in ("strength", "lives", "movement"))
            or any(p[f] is not None and p[f] < 0 for f in ("loyalty", "defense"))
            or (p["cost"] is not None and p["cost"][0] >= 2**31)
        ):
            raise Malformed("card")
        printed.append(p)
    n_entities = r.count(64, NO_ID, "entity")
    if n_entities < players:
        raise Malformed("fewer entities than players")
    entities = []
    for i in range(n_entities):
        e: dict[str, Any] = {"flags": r.unpack("B")}
        if e["flags"] & ~(0x3F if version >= 2 else 0x1F):
            raise Malformed("entity flags")
        e["zone"] = r.unpack("B")
        if e["zone"] > 6:
            raise Malformed("zone")
        for f in ("new_id", "owner", "controller", "printed"):
            e[f] = r.unpack("I")
        counters: list[tuple[str, int]] = []
        for _ in range(r.count(12, len(kinds), "counter")):
            index, n = r.unpack("I"), r.unpack("Q")
            if index >= len(kinds):
                raise Malformed("kind index")
            if n == 0 or kinds[index] in dict(counters):
                raise Malformed("zero or repeated counter")
            counters.append((kinds[index], n))
        e["counters"] = counters
        e["damage"], e["life"] = r.unpack("Q"), r.unpack("q")
        e["types"], e["subtypes"] = r.unpack("H"), r.strs()
        e["keywords"], e["keywords_eot"], e["toxic"] = r.unpack("I"), r.unpack("I"), r.unpack("I")
        e["power"], e["toughness"] = r.opt_i32(), r.opt_i32()
        e["pump_power"], e["pump_toughness"] = r.unpack("q"), r.unpack("q")
        e["strength"], e["lives"], e["movement"] = r.opt_i32(), r.opt_i32(), r.opt_i32()
        is_player, gone, lost = bool(e["flags"] & 1), bool(e["flags"] & 2), bool(e["flags"] & 8)
        if is_player != (i < players):
            raise Malformed("players first")
        if is_player:
            if gone or e["owner"] != i or e["controller"] != i or e["printed"] != NO_ID:
                raise Malformed("player record")
            if e["new_id"] != NO_ID:
                raise Malformed("player record")
            blank = dict(zone=6, damage=0, types=0, subtypes=[], keywords=0, keywords_eot=0)
            blank.update(toxic=0, power=None, toughness=None, pump_power=0, pump_toughness=0)
            blank.update(strength=None, lives=None, movement=None)
            if e["flags"] & (4 | 16) or any(e[f] != v for f, v in blank.items()):
                raise Malformed("player record")
        elif (
            not (
                (i < e["new_id"] < n_entities or e["new_id"] == NO_ID)
                if gone
                else e["new_id"] == NO_ID
            )
            or (gone and e["new_id"] == NO_ID and not printed[e["printed"]]["token"])
            or e["owner"] >= players
            or e["controller"] >= players
            or e["printed"] >= len(printed)
            or lost
            or e["life"] != 0
            or e["types"] & ~tmask
            or e["keywords"] & ~KNOWN_KEYWORDS
            or e["keywords_eot"] & ~KNOWN_KEYWORDS
            or abs(e["pump_power"]) >= 2**62
            or abs(e["pump_toughness"]) >= 2**62
            or any(e[f] == -(2**31) for f in ("power", "toughness"))
            or any(e[f] is not None and e[f] < 0 for f in ("strength", "lives", "movement"))
        ):
            raise Malformed("object record")
        entities.append(e)

    def in_zone(i: int | None, zone: str) -> bool:
        """None, or a live object (flags: 1 player, 2 gone) in that zone."""
        return i is None or (not entities[i]["flags"] & 3 and ZONES[entities[i]["zone"]] == zone)

    def opt_id(v: int) -> int | None:
        if v == NO_ID:
            return None
        if v >= n_entities:
            raise Malformed("id")
        return v

    shields = []
    for _ in range(r.count(9, 2**64, "shield") if version < 3 else 0):
        target, amount, source = r.unpack("I"), r.opt_u64(), r.unpack("I")
        if target >= n_entities:
            raise Malformed("shield target")
        source = opt_id(source)
        if amount == 0:
            raise Malformed("used-up shield")
        shields.append((target, amount, source))
    redirects = []
    for _ in range(r.count(13, 2**64, "redirection") if version < 3 else 0):
        a, b = r.unpack("I"), r.unpack("I")
        if a >= n_entities or b >= n_entities or a == b:
            raise Malformed("redirection ends")
        amount, source = r.opt_u64(), opt_id(r.unpack("I"))
        if amount == 0:
            raise Malformed("used-up redirection")
        redirects.append((a, b, amount, source))
    regenerations = []
    for _ in range(r.count(4, 2**64, "regeneration shield") if version >= 2 else 0):
        x = r.unpack("I")
        if x >= n_entities or not in_zone(x, "battlefield") or x < players:
            raise Malformed("regeneration shield")
        regenerations.append(x)
    effects = []
    ordered_count = 0
    next_effect_id = r.unpack("I") if version >= 2 else 0
    for _ in range(r.count(34, 2**64, "replacement effect") if version >= 2 else 0):
        eid, code, amount = r.unpack("I"), r.unpack("B"), r.unpack("Q")
        source, controller = opt_id(r.unpack("I")), opt_id(r.unpack("I"))
        counter, eot = r.str(), r.bool()
        clauses, sources = [], []
        for out_list in (clauses, sources):
            for _ in range(r.count(4, 64, "effect filter")):
                players_clause, types, scope = r.bool(), r.unpack("H"), r.unpack("B")
                if scope > 2 or (players_clause and types) or types & ~tmask:
                    raise Malformed("effect filter")
                if players_clause and out_list is sources:
                    raise Malformed("effect source filter")
                out_list.append((players_clause, types, scope))
        target, by, to = (
            (opt_id(r.unpack("I")), opt_id(r.unpack("I")), opt_id(r.unpack("I")))
            if version >= 3
            else (None, None, None)
        )
        combat = False
        if version >= 4:
            v4_bytes.append(r.pos)
            combat = r.bool()
        ordered = False
        if version >= 5:
            v5_bytes.append(r.pos)
            ordered = r.bool()
        least = {0: 1, 1: 1, 2: 2, 8: 1, 9: 2, 11: 1, 14: 1}.get(code)
        live = [x for x in (target, to) if x is not None]
        if (
            code > (19 if version >= 6 else 14)
            or eid >= next_effect_id
            or eid in [e[0] for e in effects]
            or (least is None and amount != 0 and code not in (10, 12))
            or (least is not None and not least <= amount <= 2**31 - 1)
            or (not clauses) != (target is not None)
            or any(entities[x]["flags"] & 2 for x in live)
            or (code == 12) != (to is not None)
            or (code == 12 and (target is None or to == target))
            or (by is not None and (by < players or code not in DAMAGE_CODES))
            or (source is not None and not in_zone(source, "battlefield"))
            or (controller is not None and controller >= players)
            or (source is not None and controller is not None)
            or (source is None and controller is None and any(c[2] for c in clauses + sources))
            or (counter and code > 4 and code != 14)
            or (code == 14 and not counter)
            or (sources and code not in DAMAGE_CODES)
            or (combat and code not in DAMAGE_CODES or combat and code == 19)
            or (ordered and code not in (8, 9, 10, 11, 12, 19))
        ):
            raise Malformed("replacement effect")
        effects.append((eid, code, amount, source, controller, counter, eot, clauses))
        ordered_count += ordered
    if ordered_count > 64:
        raise Malformed("too many effects ordered across groups")
    # Versions 1 and 2: shields and redirections become effects, after the others (§7).
    for _target, amount, _by in shields:
        effects.append((next_effect_id, 10, amount or 0, None, None, "", True, []))
        next_effect_id += 1
    for _a, _b, amount, _by in redirects:
        effects.append((next_effect_id, 12, amount or 0, None, None, "", True, []))
        next_effect_id += 1
    mods = []
    for _ in range(r.count(26, 2**64, "cost modifier")):
        amount = r.unpack("q")
        card, source = opt_id(r.unpack("I")), opt_id(r.unpack("I"))
        subtypes, types = r.strs(), r.unpack("H")
        controller = opt_id(r.unpack("I"))
        if (
            (card is None) == (source is None)
            or (controller is not None and controller >= players)
            or types & ~tmask
            or abs(amount) > 2**31 - 1
            or not in_zone(card, "hand")
            or not in_zone(source, "battlefield")
        ):
            raise Malformed("cost modifier")
        mods.append((amount, card, source, subtypes, types, controller))
    continuous = []
    next_continuous_id = r.unpack("I") if version >= 3 else 0
    for _ in range(r.count(39, 2**64, "continuous effect") if version >= 3 else 0):
        eid, code, kw, value = r.unpack("I"), r.unpack("B"), r.unpack("I"), r.unpack("I")
        power, toughness = r.unpack("q"), r.unpack("q")
        source, controller = opt_id(r.unpack("I")), opt_id(r.unpack("I"))
        eot, form = r.bool(), r.unpack("B")
        other, clauses, ids = False, [], []
        if form == 0 and version >= 5:
            # Each clause with its own "other" and subtype name ("" for none).
            start = r.pos
            for _ in range(r.count(9, 64, "effect filter")):
                players_clause, types, scope = r.bool(), r.unpack("H"), r.unpack("B")
                one_other, subtype = r.bool(), r.str()
                if scope > 2 or players_clause or types & ~tmask:
                    raise Malformed("continuous effect filter")
                other = other or one_other
                clauses.append((players_clause, types, scope, one_other, subtype))
            v5_filters.append((start, r.pos, clauses))
        elif form == 0:
            other = r.bool()
            for _ in range(r.count(4, 64, "effect filter")):
                players_clause, types, scope = r.bool(), r.unpack("H"), r.unpack("B")
                if scope > 2 or players_clause or types & ~tmask:
                    raise Malformed("continuous effect filter")
                clauses.append((players_clause, types, scope, other, ""))
        elif form == 2:
            for _ in range(r.count(4, 2**64, "continuous effect objects")):
                ids.append(r.unpack("I"))
        one_keyword = kw != 0 and kw & (kw - 1) == 0 and kw & KNOWN_KEYWORDS == kw
        toxic = kw == TOXIC_BIT
        if (
            code > 4
            or eid >= next_continuous_id
            or eid in [c[0] for c in continuous]
            or (code <= 1 and (not one_keyword or power or toughness))
            or (code == 0 and (value == 0) == toxic)
            or (code == 1 and value)
            or (code >= 2 and (kw or value or not (abs(power) < 2**31 > abs(toughness))))
            or form > 2
            or (form == 0 and (not clauses or (other and source is None)))
            or (form == 0 and source is None and controller is None and any(c[2] for c in clauses))
            or (form == 1 and source is None)
            or (form == 2 and (not ids or len(set(ids)) != len(ids)))
            or any(x >= n_entities or x < players or not in_zone(x, "battlefield") for x in ids)
            or (source is not None and not in_zone(source, "battlefield"))
            or (controller is not None and controller >= players)
            or (source is not None and controller is not None)
        ):
            raise Malformed("continuous effect")
        continuous.append((eid, code, kw, value, power, toughness, source, controller, form))
    if r.remaining():
        raise Malformed("trailing bytes")
    out.update(kinds=kinds, printed=printed, entities=entities, shields=shields)
    out.update(redirects=redirects, cost_modifiers=mods, counts=r.counts)
    out.update(regenerations=regenerations, version=version, effects=effects)
    out.update(next_effect_id=next_effect_id, continuous=continuous)
    out.update(next_continuous_id=next_continuous_id, v4_bytes=v4_bytes, v5_bytes=v5_bytes)
    out.update(v5_filters=v5_filters)
    return out


def as_version_5(data: bytes) -> bytes:
    """Version 6 bytes without what version 6 added (the header's active player: 0 in the games
    the old-version tests build), as version 5."""
    assert parse_format(data)["version"] == 6 and data[28:32] == bytes(4)
    return data[:4] + struct.pack("<H", 5) + data[6:28] + data[32:]


def as_version_4(data: bytes) -> bytes:
    """Version 5 bytes as version 4, without what version 5 added: an effect's byte "ordered
    across the default groups" (616.1: 0 in the games the old-version tests build) and each
    continuous filter's "other" per clause and subtypes (written as one "other" for all its
    clauses; the games converted have one and no subtypes)."""
    if parse_format(data)["version"] == 6:
        data = as_version_5(data)
    parsed = parse_format(data)
    edits: list[tuple[int, int, bytes]] = []
    for i in parsed["v5_bytes"]:
        assert data[i] == 0
        edits.append((i, i + 1, b""))
    for start, end, clauses in parsed["v5_filters"]:
        others = {c[3] for c in clauses}
        assert len(others) == 1 and all(c[4] == "" for c in clauses)
        old = bytes([others.pop()]) + struct.pack("<I", len(clauses))
        old += b"".join(struct.pack("<?HB", *c[:3]) for c in clauses)
        edits.append((start, end, old))
    out = bytearray(data)
    for start, end, new in sorted(edits, reverse=True):
        out[start:end] = new
    return bytes(out[:4] + struct.pack("<H", 4) + out[6:])


def as_version_3(data: bytes) -> bytes:
    """Version 4 bytes without what version 4 added (a card's token and supertype byte, an
    effect's combat byte: all 0 in the games the old-version tests build), as version 3."""
    if parse_format(data)["version"] >= 5:
        data = as_version_4(data)
    drop = set(parse_format(data)["v4_bytes"])
    assert all(data[i] == 0 for i in drop)
    body = bytes(b for i, b in enumerate(data) if i not in drop)
    return body[:4] + struct.pack("<H", 3) + body[6:]


def assert_parse_matches_game(parsed: dict[str, Any], g: Any) -> None:
    """What docs/FORMAT.md says the bytes hold is what the API shows."""
    assert parsed["ruleset"] == g.ruleset
    assert parsed["players"] == len(g.players)
    assert parsed["seed"] == g.seed and parsed["record_events"] == g.record_events
    assert parsed["active_player"] == g.active_player
    entities = parsed["entities"]
    assert len(entities) == len(g.players) + len(object_ids(g))
    for i, e in enumerate(entities):
        assert list(g.counters(i).items()) == e["counters"], f"counters of {i}"
        if i < len(g.players):
            assert g.life(i) == e["life"] and g.has_lost(i) == bool(e["flags"] & 8)
            continue
        assert g.zone(i) == ZONES[e["zone"]], f"zone of {i}"
        assert (g.owner(i), g.controller(i), g.damage(i)) == (
            e["owner"],
            e["controller"],
            e["damage"],
        )
        assert set(g.types(i)) == {t for b, t in enumerate(TYPE_BITS) if e["types"] >> b & 1}
        assert g.subtypes(i) == e["subtypes"]
        assert g.name(i) == parsed["printed"][e["printed"]]["name"]
        assert g.is_elite(i) == bool(e["flags"] & 16)
        assert g.is_tapped(i) == bool(e["flags"] & 32)
        assert (e["new_id"] != NO_ID) == bool(e["flags"] & 2)


@given(data=st.data())
def test_format_document_matches_encoder(data: st.DataObject) -> None:
    p = data.draw(played_games("native"))
    parsed = parse_format(p.game.to_bytes())
    assert_parse_matches_game(parsed, p.game)


# ------------------------------------------------------------------------------------------------
# Decoder robustness


def decode_verdict(data: bytes) -> Any:
    """``from_bytes(data)``: the game, or None for ValueError; any other outcome fails."""
    start = time.perf_counter()
    try:
        g = cardstate.Game.from_bytes(data)
    except ValueError as e:
        assert str(e).startswith("malformed game bytes"), str(e)
        g = None
    elapsed = time.perf_counter() - start
    assert elapsed < 1.0, f"decoding {len(data)} bytes took {elapsed:.2f}s"
    return g


# Calls that exercise every part of a decoded (possibly hostile but accepted) state.
def _battery(g: Any) -> list[Call]:
    ids = list(g.players) + object_ids(g)
    calls: list[Call] = [
        ("check_state_based_actions", (), {}),
        ("proliferate_auto", (0,), {}),
        ("cleanup", (), {}),
        ("take_events", (), {}),
    ]
    for x in ids[:12]:
        calls += [("deal_damage", (x, y, 1), {"combat": True}) for y in ids[:6]]
        calls += [
            ("add_counters", (x, "+1/+1", 1), {}),
            ("remove_counters", (x, "wound", 1), {}),
            ("cost", (x,), {"x_value": 2}),
            ("move", (x, "battlefield"), {}),
            ("set_lives", (x, 3), {}),
            ("set_strength", (x, 1), {}),
            ("heal", (x, 1), {}),
            ("remove_effects", (x,), {}),
            ("set_types", (x, ["creature"]), {}),
            ("grant", (x, "flying"), {}),
            ("revoke", (x, "flying"), {}),
        ]
    calls += [("proliferate", (0, [int(c) for c in g.proliferate_candidates()]), {})]
    calls += [("check_state_based_actions", (), {})]
    return calls


def assert_valid_decoded(g: Any) -> None:
    """A decoded game round-trips, hashes consistently, reads cleanly and survives calls."""
    b = g.to_bytes()
    again = cardstate.Game.from_bytes(b)
    assert again == g and again.hash() == g.hash() and again.to_bytes() == b
    assert g.hash() == g._recompute_hash()
    snapshot(g)  # every read either works or raises an Exception (a panic is a BaseException)
    assert_parse_matches_game(parse_format(b), g)
    work = g.clone()
    for call in _battery(work):
        apply(work, call)
        assert work.hash() == work._recompute_hash(), f"stale hash after {call}"
    c = cardstate.Game.from_bytes(work.to_bytes())
    assert c == work


def check_input(data: bytes) -> Any:
    """The native decoder and the document agree on ``data``; a decoded game is valid."""
    g = decode_verdict(data)
    try:
        parse_format(data)
        documented = True
    except Malformed:
        documented = False
    assert documented == (g is not None), (
        f"docs/FORMAT.md says {'valid' if documented else 'malformed'}, the decoder "
        f"{'accepted' if g is not None else 'refused'}: {data.hex()}"
    )
    if g is not None:
        assert_valid_decoded(g)
    return g


@given(st.binary(max_size=400))
def test_random_bytes(data: bytes) -> None:
    check_input(data)


@given(st.binary(max_size=400), st.sampled_from(RULESET_CODES), st.integers(1, 3))
def test_random_bytes_after_a_valid_header(tail: bytes, ruleset: str, players: int) -> None:
    header = b"CSTG\x01\x00" + struct.pack("<BIQ?Q", RULESET_CODES.index(ruleset), players, 7, 1, 0)
    check_input(header + tail)


def _rich_game(ruleset: str) -> Any:
    """A game with something in every section of the format."""
    g = cardstate.Game(players=3, ruleset=ruleset, seed=12345)
    kind = "creature"
    if ruleset == "berserk":
        a = g.create(
            0,
            name="Гном",
            types=[kind],
            subtypes=["Гном"],
            strength=2,
            lives=3,
            movement=1,
            cost="2+X",
            elite=True,
            info={"artist": "x"},
        )
        b = g.create(1, types=[kind], strength=1, lives=2, flying=True)
        h = g.create(0, zone="hand", types=[kind], subtypes=["Гном"], cost=3)
        g.add_cost_modifier(-1, source=a, subtypes=["Гном"], types=[kind], controller=0)
        g.add_cost_modifier(-4, card=h)
        g.set_strength(a, 4)
        g.set_lives(b, 5)
        g.deal_damage(a, b, 2)
    else:
        a = g.create(
            0,
            name="Bear",
            types=[kind],
            keywords={"toxic": 2, "lifelink": 1},
            power=2,
            toughness=2,
            cost="1+X",
        )
        b = g.create(
            1, types=[kind, "artifact"], keywords=["infect", "deathtouch"], power=1, toughness=3
        )
        g.create(2, types=["planeswalker"], loyalty=4)
        g.create(2, types=["battle"], defense=3)
        g.deal_damage(b, a, 1)
        g.pump(a, 1, -1)
        g.grant(a, "haste", until_end_of_turn=True)
        g.tap(a)
        g.regenerate(b)
        g.regenerate(a)
        g.add_replacement_effect(
            "counters_plus", source=a, affects="creatures you control", counter="quest", amount=2
        )
        g.add_replacement_effect("life_gain_cant", controller=1, affects=["opponents", "you"])
        g.add_replacement_effect("counters_half", affects="permanents", until_end_of_turn=True)
        g.add_replacement_effect(
            "damage_times",
            controller=0,
            affects="opponents",
            sources="creatures you control",
            amount=3,
        )
        g.add_continuous_effect(
            "modify_power_toughness",
            source=a,
            affected="other creatures you control",
            power=1,
            toughness=1,
        )
        g.add_continuous_effect(
            "remove_keyword", controller=0, affected="creatures opponents control", keyword="infect"
        )
        g.add_continuous_effect(
            "add_keyword", affected=[b], keyword="toxic", value=2, until_end_of_turn=True
        )
        g.add_continuous_effect("set_base_power_toughness", affected=[a, b], power=4, toughness=4)
        g.add_continuous_effect("add_keyword", source=b, affected="this", keyword="flying")
    g.add_counters(0, "poison", 2)
    g.add_counters(a, "+1/+1", 3)
    g.add_counters(a, "quest", 1)
    g.add_counters(b, "quest", 2)
    g.prevent_damage(0, 2, source=a)
    g.prevent_damage(a)
    g.redirect_damage(1, 2, 3)
    g.redirect_damage(0, 1, source=b)
    g.move(g.create(0, zone="library"), "hand")
    return g


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rich_games_round_trip_and_match_the_document(ruleset: str) -> None:
    g = _rich_game(ruleset)
    assert_valid_decoded(cardstate.Game.from_bytes(g.to_bytes()))
    assert_same_game(cardstate.Game.from_bytes(g.to_bytes()), g, "bytes", info=False)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_truncation_is_refused(ruleset: str) -> None:
    b = _rich_game(ruleset).to_bytes()
    for n in range(len(b)):
        assert decode_verdict(b[:n]) is None, f"a {n}-byte prefix of a valid encoding decoded"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_single_byte_change_insertion_and_deletion(ruleset: str) -> None:
    """Exhaustive over positions: each either refused or a valid game (and the document agrees)."""
    b = _rich_game(ruleset).to_bytes()
    accepted = 0
    for i in range(len(b)):
        variants = {b[i] ^ 1, b[i] ^ 0x80, (b[i] + 1) % 256, (b[i] - 1) % 256, 0, 1, 2, 0xFF}
        for v in variants - {b[i]}:
            accepted += check_input(b[:i] + bytes([v]) + b[i + 1 :]) is not None
        accepted += check_input(b[:i] + b[i + 1 :]) is not None
        for v in (0, 1, 0xFF):
            accepted += check_input(b[:i] + bytes([v]) + b[i:]) is not None
    assert accepted > 0  # some mutations land in values (life, counts) and stay valid


@given(data=st.data())
def test_random_mutations_of_random_games(data: st.DataObject) -> None:
    b = bytearray(data.draw(played_games("native", max_calls=20)).game.to_bytes())
    for _ in range(data.draw(st.integers(1, 4))):
        what = data.draw(st.sampled_from(["set", "insert", "delete", "xor"]))
        i = data.draw(st.integers(0, max(len(b) - 1, 0)))
        if what == "set" and b:
            b[i] = data.draw(st.integers(0, 255))
        elif what == "xor" and b:
            b[i] ^= 1 << data.draw(st.integers(0, 7))
        elif what == "insert":
            b[i:i] = data.draw(st.binary(min_size=1, max_size=4))
        elif b:
            del b[i : i + data.draw(st.integers(1, 4))]
    check_input(bytes(b))


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("value", [0xFFFFFFFF, 0x7FFFFFFF, 0x10000, 0xFFFF])
def test_huge_counts_fail_fast_without_allocating(ruleset: str, value: int) -> None:
    """Every count/length field of a valid encoding, set to a huge value: ValueError at once,
    with no allocation sized by the count."""
    b = _rich_game(ruleset).to_bytes()
    counts = parse_format(b)["counts"]
    assert len(counts) > 20
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    for offset, what in counts:
        mutated = b[:offset] + struct.pack("<I", value) + b[offset + 4 :]
        assert decode_verdict(mutated) is None, f"{what} count {value:#x} at {offset} accepted"
    elapsed = time.perf_counter() - start
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before
    assert elapsed < 1.0, f"{len(counts)} refusals took {elapsed:.2f}s"
    assert grown_kib < 64 * 1024, f"peak memory grew by {grown_kib} KiB"


@pytest.mark.parametrize("section", ["kinds", "cards", "entities"])
def test_huge_count_in_a_short_input(section: str) -> None:
    header = b"CSTG\x01\x00\x00" + struct.pack("<IQ?Q", 2, 0, True, 0)
    counts = {"kinds": [0xFFFFFFFF], "cards": [0, 0xFFFFFFFF], "entities": [0, 0, 0xFFFFFFFF]}
    data = header + b"".join(struct.pack("<I", c) for c in counts[section]) + b"\0" * 16
    start = time.perf_counter()
    with pytest.raises(ValueError, match="out of bounds"):
        cardstate.Game.from_bytes(data)
    assert time.perf_counter() - start < 0.1


def test_from_bytes_refuses_what_is_not_bytes() -> None:
    good = cardstate.Game().to_bytes()
    for bad in (bytearray(good), memoryview(good), "CSTG", None, 5):
        with pytest.raises(TypeError):
            cardstate.Game.from_bytes(bad)  # type: ignore[arg-type]


def test_header_checks() -> None:
    b = cardstate.Game().to_bytes()
    cases = {
        "bad magic": b"XSTG" + b[4:],
        "version": b[:4] + b"\x07\x00" + b[6:],
        "active player": b[:28] + struct.pack("<I", 2) + b[32:],
        "version 0": b[:4] + b"\x00\x00" + b[6:],
        "ruleset": b[:6] + b"\x03" + b[7:],
        "no players": b[:7] + struct.pack("<I", 0) + b[11:],
        "65 players": b[:7] + struct.pack("<I", 65) + b[11:],
        "record_events flag": b[:19] + b"\x02" + b[20:],
        "trailing": b + b"\0",
        "empty": b"",
    }
    for what, data in cases.items():
        with pytest.raises(ValueError, match="malformed game bytes"):
            cardstate.Game.from_bytes(data)
        assert decode_verdict(data) is None, what


def test_rng_position_survives_the_round_trip() -> None:
    """``rng_draws`` is stored and a huge position decodes quickly (the stream itself is checked
    in tests/test_threads.py through ``random_u64``)."""
    g = cardstate.Game(seed=99)
    b = bytearray(g.to_bytes())
    b[20:28] = struct.pack("<Q", 2**64 - 1)  # advancing the generator must not loop
    start = time.perf_counter()
    h = cardstate.Game.from_bytes(bytes(b))
    assert time.perf_counter() - start < 0.1
    assert h.to_bytes()[20:28] == struct.pack("<Q", 2**64 - 1)
    assert h == g


# ------------------------------------------------------------------------------------------------
# Regressions: engine bugs found by this suite and fixed (codec minimum sizes of effects without
# an amount; names longer than the old 4096-byte decoder limit)


def test_regression_three_prevent_all_shields_round_trip() -> None:
    g = cardstate.Game()
    for _ in range(3):
        g.prevent_damage(0)
    assert cardstate.Game.from_bytes(g.to_bytes()) == g


def test_regression_two_redirect_all_effects_round_trip() -> None:
    g = cardstate.Game()
    g.redirect_damage(0, 1)
    g.redirect_damage(1, 0)
    assert pickle.loads(pickle.dumps(g)) == g


def test_regression_the_document_parser_takes_effects_of_the_smallest_size() -> None:
    """FORMAT.md §2.5/§2.6 bound the counts by 9 bytes a shield and 13 a redirection (no
    amount); this parser once used 13 and 17 and refused valid bytes ending in such records."""
    g = cardstate.Game()
    for _ in range(2):
        g.prevent_damage(0)
        g.redirect_damage(0, 1)
    assert_parse_matches_game(parse_format(g.to_bytes()), g)


@pytest.mark.parametrize("where", ["name", "kind", "subtype"])
def test_regression_long_names_round_trip(where: str) -> None:
    g = cardstate.Game()
    long = "n" * 5000
    if where == "kind":
        g.add_counters(0, long)
    else:
        g.create(
            0, name=long if where == "name" else "", subtypes=[long] if where == "subtype" else []
        )
    assert cardstate.Game.from_bytes(g.to_bytes()) == g


def test_version_1_bytes_are_still_read() -> None:
    """FORMAT.md §7: the decoder reads version 1 (no tapped flag, no regeneration section; its
    prevention shields become effects)."""
    shield = struct.pack("<IB", 1, 1) + struct.pack("<QI", 2, NO_ID)  # 2 damage to player 1
    for ruleset in RULESETS:
        g = cardstate.Game(players=2, ruleset=ruleset)
        x = g.create(0, types=["creature"], power=2, toughness=2, strength=1, lives=2)
        g.add_counters(x, "quest", 2)
        b = as_version_3(g.to_bytes())
        # Version 3 ends with the regeneration count, the next effect id, the effect count (all
        # 0 here), M = 0 cost modifiers, then the next continuous effect id and count (0).
        assert b[-24:] == bytes(24)
        v1 = b[:4] + struct.pack("<H", 1) + b[6:-24] + struct.pack("<I", 1) + shield
        v1 += struct.pack("<I", 0) + bytes(4)  # R = 0 redirections, M = 0 cost modifiers
        assert parse_format(v1)["version"] == 1
        h = cardstate.Game.from_bytes(v1)
        g.prevent_damage(1, 2)
        assert h == g and h.to_bytes() == g.to_bytes()
        # a tapped flag (bit 5) is refused in version 1
        g.tap(x)
        flagged = cardstate.Game.from_bytes(v1)
        flagged.tap(x)
        fb = flagged.to_bytes()
        assert cardstate.Game.from_bytes(fb).is_tapped(x)


def test_version_2_bytes_are_still_read() -> None:
    """FORMAT.md §7: in version 2, prevention shields and redirections had sections of their
    own and effect records had no target, damage source or recipient id; the shields and
    redirections become effects after the others, with the next ids."""
    g = cardstate.Game(players=2)
    x = g.create(0, types=["planeswalker"], loyalty=3)
    # Version 3 ends with the continuous effects' next id and count (0 here): not in version 2.
    plain = as_version_3(g.to_bytes())[:-8]
    eid = g.add_replacement_effect("prevention_cant", affects="players")
    b = as_version_3(g.to_bytes())[:-8]
    n = len(plain)
    # plain ends with G, next_effect_id, F and M (4 bytes each); b has F = 1 and one record.
    g_count, next_id, f_count = b[n - 16 : n - 12], b[n - 12 : n - 8], b[n - 8 : n - 4]
    record = b[n - 4 : -4]
    shield = struct.pack("<IB", 1, 0) + struct.pack("<I", NO_ID)  # all damage to player 1
    redirect = struct.pack("<IIB", 0, x, 0) + struct.pack("<I", NO_ID)
    v2 = (
        plain[:4]
        + struct.pack("<H", 2)
        + plain[6:-16]
        + struct.pack("<I", 1)
        + shield
        + struct.pack("<I", 1)
        + redirect
        + g_count
        + next_id
        + f_count
        + record[:-12]  # version 3 added target, damage source and recipient (3 ids)
        + bytes(4)
    )
    assert parse_format(v2)["version"] == 2
    h = cardstate.Game.from_bytes(v2)
    g.prevent_damage(1)
    g.redirect_damage(0, x)
    assert h == g and h.to_bytes() == g.to_bytes()
    assert [e["id"] for e in h.replacement_effects()] == [eid, eid + 1, eid + 2]
    # a version 3 game with a continuous effect doesn't decode as version 2
    y = g.create(0, types=["creature"], power=1, toughness=1)
    g.add_continuous_effect("modify_power_toughness", affected=[y], power=1, toughness=1)
    b3 = g.to_bytes()
    assert decode_verdict(b3[:4] + struct.pack("<H", 2) + b3[6:]) is None


def test_version_3_bytes_are_still_read() -> None:
    """FORMAT.md §7: version 3 had no token and supertype byte per card and no combat byte per
    effect (read as 0: a card, no supertypes, any damage)."""
    for impl in (cardstate.Game,):
        g = impl(players=2)
        x = g.create(0, types=["creature"], power=2, toughness=2)
        g.add_replacement_effect("prevent", affects="players")
        g.add_counters(x, "+1/+1", 1)
        v3 = as_version_3(g.to_bytes())
        assert parse_format(v3)["version"] == 3
        h = impl.from_bytes(v3)
        assert h == g and h.to_bytes() == g.to_bytes() and h.hash() == g.hash()


def test_version_4_bytes_without_the_order_are_still_read() -> None:
    """FORMAT.md §7: version 4 had no "ordered" byte per effect (read as 0: the default order,
    616.1)."""
    g = cardstate.Game(players=2)
    x = g.create(0, types=["creature"], power=2, toughness=2)
    g.add_replacement_effect("prevent", affects="players", combat=True)
    g.add_replacement_effect("damage_plus", affects="players", amount=1)
    g.add_counters(x, "+1/+1", 1)
    v4 = as_version_4(g.to_bytes())
    assert parse_format(v4)["version"] == 4
    h = cardstate.Game.from_bytes(v4)
    assert h == g and h.to_bytes() == g.to_bytes() and h.hash() == g.hash()


def test_version_5_holds_the_order_chosen_across_groups_616_1() -> None:
    """616.1: an order chosen across the default groups is state, in the bytes (and refused in
    version 4 bytes, which can't say it)."""
    g = cardstate.Game(players=2)
    plus = g.add_replacement_effect("damage_plus", affects="players", amount=1)
    shield = g.prevent_damage(1, 2)
    g.order_replacement_effects([shield, plus], across_groups=True)
    b = g.to_bytes()
    parsed = parse_format(b)
    assert [b[i] for i in parsed["v5_bytes"]] == [1, 1]
    h = cardstate.Game.from_bytes(b)
    assert h == g and h.hash() == g.hash() and h.replacement_effects() == g.replacement_effects()
    v4 = b[:4] + struct.pack("<H", 4) + b[6:]
    assert decode_verdict(v4) is None
    with pytest.raises(ValueError, match="malformed game bytes"):
        cardstate.Game.from_bytes(v4)


def test_an_ordered_redirection_is_in_the_bytes_and_at_most_64_are_ordered_616_1() -> None:
    """616.1: a redirection may be ordered across the groups too (its ordered byte is 1 and it
    reads back as it was, on both implementations); bytes with more than 64 ordered effects are
    refused (docs/FORMAT.md §1.1), as the API refuses to order more."""
    from cardstate.reference.game import Game as Reference

    for impl in (cardstate.Game, Reference):
        g = impl(players=2)
        a = g.create(1, types=["creature"], power=2, toughness=2)
        shield = g.prevent_damage(a, 1)
        move = g.redirect_damage(a, 1, 1)
        g.order_replacement_effects([shield, move], across_groups=True)
        b = g.to_bytes()
        if impl is cardstate.Game:
            assert [b[i] for i in parse_format(b)["v5_bytes"]] == [1, 1]
        h = impl.from_bytes(b)
        assert h == g and h.replacement_effects() == g.replacement_effects()
        assert [e["ordered"] for e in h.replacement_effects()] == [True, True]
    g = cardstate.Game(players=2)
    ids = [g.prevent_damage(1, 1) for _ in range(65)]
    g.order_replacement_effects(ids[:64], across_groups=True)
    b = bytearray(g.to_bytes())
    last = parse_format(bytes(b))["v5_bytes"][-1]
    assert b[last] == 0
    b[last] = 1
    assert decode_verdict(bytes(b)) is None
    with pytest.raises(ValueError, match="malformed game bytes"):
        cardstate.Game.from_bytes(bytes(b))
    r = Reference(players=2)
    for _ in range(65):
        r.prevent_damage(1, 1)
    for e in r._effects:  # beyond what the API makes
        e.ordered = True
    with pytest.raises(ValueError, match="effect order"):
        Reference.from_bytes(r.to_bytes())


def _continuous_game(impl: Any) -> Any:
    """Two filter effects with one "other" each for the whole filter (what version 4 says)."""
    g = impl(players=2)
    lord = g.create(0, types=["creature"], power=1, toughness=1)
    g.create(0, types=["artifact", "creature"], power=2, toughness=2)
    g.add_continuous_effect(
        "modify_power_toughness",
        affected=["other creatures you control", "other artifacts you control"],
        source=lord,
        power=1,
        toughness=1,
    )
    g.add_continuous_effect("add_keyword", affected=["creatures"], keyword="flying")
    return g


def test_version_4_bytes_are_still_read() -> None:
    """FORMAT.md §7: version 4 had one "other" for a continuous effect's whole filter and no
    subtypes in it (read as that "other" on every clause, no subtype)."""
    g = _continuous_game(cardstate.Game)
    v4 = as_version_4(g.to_bytes())
    assert parse_format(v4)["version"] == 4
    h = cardstate.Game.from_bytes(v4)
    assert h == g and h.to_bytes() == g.to_bytes() and h.hash() == g.hash()
    # The reference's own format: its version 4 records have the "other" field and clauses of
    # three items.
    r = _continuous_game(cardstate.reference.Game)
    raw = r.to_bytes()
    assert raw[5] == 6
    body = json.loads(raw[6:])
    assert body[1].pop() == 0  # version 6's active player, last of the state
    for c in body[1][11]:
        others = {clause[4] for clause in c[7]}
        c[7] = [clause[:3] for clause in c[7]]
        c.insert(8, others.pop() if others else False)
    old = raw[:5] + bytes([4]) + json.dumps(body, separators=(",", ":")).encode()
    back = cardstate.reference.Game.from_bytes(old)
    assert back == r and back.to_bytes() == raw and back.hash() == r.hash()


def test_version_4_holds_tokens_supertypes_and_ceased_tokens() -> None:
    """111.1, 205.4, 704.5d: a token, a legendary card and a token that ceased to exist are
    state like any other, in the bytes (and refused in version 3 bytes, which can't say them)."""
    g = cardstate.Game(players=2)
    t = g.create(0, types=["creature"], power=1, toughness=1, token=True)
    g.create(1, name="Melira", types=["creature"], supertypes=["legendary"], toughness=1)
    dead = g.move(t, "graveyard")
    g.check_state_based_actions()
    b = g.to_bytes()
    parsed = parse_format(b)
    assert [p["token"] for p in parsed["printed"]] == [True, False]
    assert [p["supertypes"] for p in parsed["printed"]] == [0, 0b10]
    assert parsed["entities"][dead]["new_id"] == NO_ID
    h = cardstate.Game.from_bytes(b)
    assert h == g and h.hash() == g.hash() and h.is_token(dead) and h.zone(dead) == "graveyard"
    v3 = b[:4] + struct.pack("<H", 3) + b[6:]
    assert decode_verdict(v3) is None
    with pytest.raises(ValueError, match="malformed game bytes"):
        cardstate.Game.from_bytes(v3)
