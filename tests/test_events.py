"""Event objects (SEMANTICS §2) made by the native engine: their memory is recycled through a free
list of the `Event` type, so events made after others were dropped must read their own
fields, and making and dropping events must not leak references to the type."""

from __future__ import annotations

import gc
import sys

import cardstate


def _life_events(g, n: int, amount: int) -> list:
    for _ in range(n):
        g.gain_life(0, amount)
    return g.take_events()


def test_recycled_events_read_their_own_fields():
    g = cardstate.Game(players=2)
    first = _life_events(g, 3000, 1)  # more than the free list keeps
    assert [e.amount for e in first] == [1] * 3000
    del first
    x = g.create(1, types=["creature"], power=1, toughness=1)
    g.take_events()
    again = _life_events(g, 5, 7)
    assert [e.as_tuple()[:4] for e in again] == [("life_gained", None, 0, 7)] * 5
    g.add_counters(x, "-1/-1", 1)
    g.take_events()
    (moved, *_) = [e for e in g.check_state_based_actions() if e.kind == "zone_change"]
    assert (moved.target, moved.zone_from, moved.zone_to, moved.amount, moved.counter) == (
        x,
        "battlefield",
        "graveyard",
        None,
        None,
    )
    assert [e.amount for e in again] == [7] * 5  # still theirs after more were made


def test_making_and_dropping_events_keeps_the_type_refcount():
    g = cardstate.Game(players=2)
    _life_events(g, 10, 1)
    gc.collect()
    before = sys.getrefcount(cardstate.Event)
    for _ in range(20):
        _life_events(g, 2000, 1)
    gc.collect()
    after = sys.getrefcount(cardstate.Event)
    assert after == before


def test_custom_counter_names_survive_recycling():
    g = cardstate.Game(players=2)
    x = g.create(0, types=["creature"], power=1, toughness=1)
    g.take_events()
    for i in range(200):
        g.add_counters(x, f"kind {i}", 1)
    names = [e.counter for e in g.take_events()]
    assert names == [f"kind {i}" for i in range(200)]
    _life_events(g, 1500, 1)
    g.add_counters(x, "kind 7", 1)
    (e,) = g.take_events()
    assert (e.kind, e.counter, e.amount) == ("counters_added", "kind 7", 1)
