"""Shared fixtures and helpers: every rules test runs against both implementations.

- ``impl``: the ``Game`` class, parametrized as ``"native"`` (``cardstate.Game``, the Rust
  engine) and ``"reference"`` (``cardstate.reference.Game``, the pure-Python model).
- ``game``: a factory ``game(players=2, ruleset="mtg", seed=0)`` building a ``Game`` of ``impl``.
- ``polarity``: ``cardstate.polarity`` / ``cardstate.reference.polarity``, matching ``impl``.
- ``snapshot(g)``: the whole observable state of a game through its public API.
- ``event_tuples(events)``: events as ``Event.as_tuple()`` tuples.
- ``ev(kind, ...)``: an expected event tuple.
- ``assert_fails(g, exc, fn, *args, **kwargs)``: the call raises ``exc`` and changes nothing.

Hypothesis profiles: ``ci`` (derandomized, no deadline, 200 examples) when ``$CI`` is set,
``dev`` otherwise.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from typing import Any

import pytest
from cardstate.vocabulary import KEYWORDS, ZONES
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=200,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")

IMPLS = ("native", "reference")
# Card types that random tests draw from, per ruleset family (shared by the Hypothesis suites).
MAGIC_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker", "instant")
BERSERK_TYPES = ("creature", "artifact", "terrain", "equipment", "spell", "event", "hero")
EVENT_FIELDS = (
    "kind",
    "source",
    "target",
    "amount",
    "counter",
    "combat",
    "zone_from",
    "zone_to",
    "new_id",
)


def impl_module(name: str):
    """The module holding ``Game`` and ``polarity`` for an implementation name."""
    if name == "native":
        return importlib.import_module("cardstate")
    if name == "reference":
        return importlib.import_module("cardstate.reference")
    raise ValueError(name)


@pytest.fixture(params=IMPLS)
def impl_name(request) -> str:
    return request.param


@pytest.fixture
def impl(impl_name):
    """The ``Game`` class of the implementation under test."""
    return impl_module(impl_name).Game


@pytest.fixture
def polarity(impl_name):
    return impl_module(impl_name).polarity


@pytest.fixture
def game(impl) -> Callable[..., Any]:
    """Factory: ``game(players=2, ruleset="mtg", seed=0)``."""

    def make(players: int = 2, ruleset: str = "mtg", seed: int = 0):
        return impl(players=players, ruleset=ruleset, seed=seed)

    return make


# --------------------------------------------------------------------------------------------
# Observation helpers


def _try(fn: Callable[..., Any], *args: Any) -> Any:
    """Value of a read, or the name of the exception it raised (so both sides compare)."""
    try:
        value = fn(*args)
    except Exception as e:  # noqa: BLE001 - the exception type is part of the observation
        return ("raises", type(e).__name__)
    return _plain(value)


def _plain(value: Any) -> Any:
    """Normalize a returned value to plain Python data (numpy arrays, events, dicts)."""
    if hasattr(value, "as_tuple"):
        return value.as_tuple()
    if isinstance(value, dict):
        return ("dict", [(k, _plain(v)) for k, v in value.items()])
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def object_ids(g) -> list[int]:
    """Every object id ever created (ids are allocated in sequence and never reused)."""
    ids = []
    i = len(g.players)
    while True:
        try:
            g.zone(i)
        except KeyError:
            return ids
        ids.append(i)
        i += 1


OBJECT_READS = (
    "zone",
    "controller",
    "owner",
    "name",
    "info",
    "counters",
    "damage",
    "power",
    "toughness",
    "loyalty",
    "defense",
    "types",
    "supertypes",
    "subtypes",
    "is_token",
    "toxic",
    "strength",
    "lives",
    "wounds",
    "movement",
    "is_flying",
    "is_elite",
    "is_tapped",
    "regeneration_shields",
    "cost",
)


def snapshot(g) -> dict[str, Any]:
    """The full observable state of ``g`` through the public API.

    Counters are kept as ordered item lists (their insertion order is observable).
    Reads that raise are recorded as ``("raises", ExceptionName)``.
    """
    players = {}
    for p in g.players:
        players[p] = {
            "life": _try(g.life, p),
            "counters": _try(g.counters, p),
            "has_lost": _try(g.has_lost, p),
        }
    objects = {}
    for x in object_ids(g):
        obs = {name: _try(getattr(g, name), x) for name in OBJECT_READS}
        obs["keywords"] = {kw: _try(g.has_keyword, x, kw) for kw in KEYWORDS}
        objects[x] = obs
    return {
        "ruleset": g.ruleset,
        "players": list(g.players),
        "player_state": players,
        "objects": objects,
        "is_over": _try(g.is_over),
        "winner": _try(g.winner),
        "candidates": _try(g.proliferate_candidates),
        "replacement_effects": _try(g.replacement_effects),
        "continuous_effects": _try(g.continuous_effects),
        # the objects in each zone: a token that ceased to exist (704.5d) is in none
        "in_zones": {z: _try(g.objects, z) for z in ZONES},
    }


def event_tuples(events) -> list[tuple]:
    """Events as ``Event.as_tuple()`` tuples (kind, source, target, amount, counter, combat,
    zone_from, zone_to, new_id)."""
    return [e.as_tuple() for e in events]


def ev(
    kind: str,
    *,
    source: int | None = None,
    target: int | None = None,
    amount: int | None = None,
    counter: str | None = None,
    combat: bool | None = None,
    zone_from: str | None = None,
    zone_to: str | None = None,
    new_id: int | None = None,
) -> tuple:
    """An expected event tuple, in ``Event.as_tuple()`` order."""
    return (kind, source, target, amount, counter, combat, zone_from, zone_to, new_id)


def state_bytes(g) -> bytes | None:
    """``g.to_bytes()`` if the implementation has it."""
    to_bytes = getattr(g, "to_bytes", None)
    return to_bytes() if to_bytes is not None else None


def assert_fails(g, exc: type[BaseException], fn: Callable[..., Any], *args: Any, **kwargs: Any):
    """``fn(*args, **kwargs)`` raises ``exc`` and leaves ``g`` exactly as it was.

    The event log is checked too: marker events are put in it first, and after the failed call
    the log holds exactly those markers (nothing appended, nothing cleared).
    Returns the ``pytest.ExceptionInfo``.
    """
    g.take_events()
    p0 = g.players[0]
    g.lose_life(p0, 1)  # marker events: the log must hold exactly these after the failure
    g.gain_life(p0, 1)
    before = snapshot(g)
    before_bytes = state_bytes(g)
    before_hash = g.hash() if hasattr(g, "hash") else None
    with pytest.raises(exc) as info:
        fn(*args, **kwargs)
    assert snapshot(g) == before, f"failed call {fn.__name__}{args} changed the state"
    assert state_bytes(g) == before_bytes
    if before_hash is not None:
        assert g.hash() == before_hash
    assert event_tuples(g.take_events()) == [
        ev("life_lost", target=p0, amount=1),
        ev("life_gained", target=p0, amount=1),
    ], f"failed call {fn.__name__}{args} changed the event log"
    return info


@pytest.fixture(scope="session")
def ray_cluster() -> Any:
    """One private Ray cluster for the whole session (Ray starts slowly): 2 CPUs, a small
    object store, the tests directory importable by its workers. Skipped without Ray."""
    ray = pytest.importorskip("ray")
    tests_dir = os.path.dirname(os.path.abspath(__file__))
    path = os.pathsep.join(p for p in (tests_dir, os.environ.get("PYTHONPATH")) if p)
    ray.init(
        num_cpus=2,
        object_store_memory=80 * 1024 * 1024,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": path}},
    )
    yield ray
    ray.shutdown()
