"""The card runtime: resolving Grim Affliction ("Put a -1/-1 counter on target creature, then
proliferate.") on a 20-permanent board, the Rust runtime (``CardDb.resolve`` on
``cardstate.Game``) against the reference interpreter (``resolve_with`` on
``cardstate.reference.Game``), same board, same choices (proliferate every candidate). The
target: native at least 50x the reference. Each round gets a fresh board (untimed setup).

The second group times the embedding's Python-driven call that works on both ``Game`` classes
(``cards.resolve`` with a chooser: a ``Resolution`` object, its choice request made into Python
values and answered from Python), the path of an engine that keeps its own turns and answers
choices itself; there the Python around the two interpreters is a large part of the time."""

from __future__ import annotations

from typing import Any

import cardstate
import cardstate.reference
import pytest
from cardstate import cards
from cardstate.reference import cards as ref_cards


def board(cls: type) -> tuple[Any, int]:
    """10 creatures per player, every other one with a counter; poison on player 1."""
    g = cls(players=2)
    target = -1
    for i in range(20):
        player = i % 2
        x = cards.place(g, "Grizzly Bears", player)
        if i % 4 < 2:
            g.add_counters(x, "-1/-1" if player else "+1/+1", 1)
        if player == 1:
            target = x
    g.add_counters(1, "poison", 2)
    g.take_events()
    return g, target


@pytest.mark.benchmark(group="cards_grim_affliction_20")
@pytest.mark.parametrize("variant", ["native", "reference"])
def test_grim_affliction(benchmark: Any, variant: str) -> None:
    """Grim Affliction: one -1/-1 counter, then proliferate every candidate (20 permanents)."""
    native = variant == "native"
    cls = cardstate.Game if native else cardstate.reference.Game
    db = cards.pool.native
    data = cards.pool.data

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        g, target = board(cls)
        spell = cards.place(g, "Grim Affliction", 0, "stack")
        return (g, target, spell), {}

    def run(g: Any, target: int, spell: int) -> Any:
        if native:
            return db.resolve(g, "Grim Affliction", 0, [target], source=spell)
        return ref_cards.resolve_with(data, g, "Grim Affliction", 0, [target], source=spell)

    out = benchmark.pedantic(run, setup=setup, rounds=200, warmup_rounds=5)
    assert out[0] == "done" and out[3] is True


def choose_every_candidate(game: Any, controller: int, request: Any) -> Any:
    """Every "may" yes, amounts the most, proliferate every candidate (as ``"all"`` above)."""
    if request.kind == "proliferate":
        return list(request.candidates)
    return True if request.kind == "may" else request.max


@pytest.mark.benchmark(group="cards_grim_affliction_20_python_driven")
@pytest.mark.parametrize("variant", ["native", "reference"])
def test_grim_affliction_python_driven(benchmark: Any, variant: str) -> None:
    """The same resolution through ``cards.resolve`` with a Python chooser."""
    cls = cardstate.Game if variant == "native" else cardstate.reference.Game

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        g, target = board(cls)
        spell = cards.place(g, "Grim Affliction", 0, "stack")
        return (g, target, spell), {}

    def run(g: Any, target: int, spell: int) -> Any:
        return cards.resolve(
            g, "Grim Affliction", 0, [target], source=spell, choose=choose_every_candidate
        )

    out = benchmark.pedantic(run, setup=setup, rounds=100, warmup_rounds=5)
    assert out.proliferated and not out.fizzled
