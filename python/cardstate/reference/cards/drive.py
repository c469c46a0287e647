"""Resolving with fixed answers, as the native ``CardDb.resolve`` (tests, benchmarks, simple
engines)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardstate.cards.errors import PythonEffectError
from cardstate.reference.cards.objects import Card, Request
from cardstate.reference.cards.resolution import Resolution
from cardstate.reference.game import Game


def resolve_with(
    db: Mapping[str, Card],
    game: Game,
    name: str,
    controller: int,
    targets: Sequence[int] = (),
    *,
    ability: int | None = None,
    source: int | None = None,
    x: int = 0,
    may: bool = True,
    proliferate: str = "all",
) -> Request:
    """Resolve with fixed answers, as the native ``CardDb.resolve``: every "may" ``may``,
    amounts the most, proliferate choosing ``"all"`` or ``"none"`` of the candidates (in
    "mtg-2010" each chosen one gets one more of its kind with the smallest name)."""
    if proliferate not in ("all", "none"):
        raise ValueError(f'proliferate is "all" or "none", not {proliferate!r}')
    r = Resolution(db, name, controller, targets, ability=ability, source=source, x=x)
    while True:
        step = r.run(game)
        if step[0] == "done":
            return step
        if step[0] == "may":
            r.answer(may)
        elif step[0] == "pay":  # fixed answers: not paid (a bare game has no mana sources)
            r.answer(False)
        elif step[0] == "top_or_bottom":  # fixed answers: the bottom (401.4)
            r.answer(False)
        elif step[0] == "piles":  # fixed answers: every card face down (700.3)
            r.answer([])
        elif step[0] == "choose_pile":  # fixed answers: the face-down pile (700.3)
            r.answer(False)
        elif step[0] == "unless":  # fixed answers: the punished player loses the life (608.2d)
            r.answer(False)
        elif step[0] == "keep":  # fixed answers: the first permanent of each type (701.21a)
            r.answer([group[0] for group in step[2]])
        elif step[0] == "amount":
            r.answer(step[2])
        elif step[0] == "order":  # never asked here (order_effects is off): the kernel's order
            r.answer([])
        elif step[0] == "discard":  # fixed answers: the first cards of the hand (701.9b)
            r.answer(list(range(step[2])))
        elif step[0] == "search":  # fixed answers: the first candidate (701.23a)
            r.answer(step[2][0])
        elif step[0] in ("surveil", "scry"):  # fixed answers: all stay on top (701.22a, 701.25a)
            r.answer([])
        elif step[0] == "proliferate":
            chosen = list(step[1]) if proliferate == "all" else []
            if game.ruleset == "mtg-2010":
                r.answer({e: min(game.counters(e)) for e in chosen if game.counters(e)})
            else:
                r.answer(chosen)
        else:
            raise PythonEffectError(f"card {name!r} has an effect written in Python")
