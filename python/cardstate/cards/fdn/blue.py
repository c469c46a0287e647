"""The blue cards of Foundations, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import TARGET_CREATURE, text
from cardstate.cards.vocab import (
    YOU,
    Card,
    CounterSpell,
    DistinctManaValues,
    Draw,
    Each,
    Filter,
    Pump,
    Seq,
    Spell,
    Target,
    TargetSpec,
)

__all__ = ["CARDS"]

CARDS: tuple[Card, ...] = (
    Card(
        name="Aegis Turtle",
        cost="{U}",
        types=("creature",),
        subtypes=("Turtle",),
        power=0,
        toughness=5,
        oracle=text("Aegis Turtle"),
    ),
    Card(
        name="Essence Scatter",
        cost="{1}{U}",
        types=("instant",),
        oracle=text("Essence Scatter"),
        abilities=(
            Spell(
                CounterSpell(Target(0)),
                (TargetSpec(Filter(types=("creature",), zone="stack")),),
            ),
        ),
    ),
    Card(
        name="Fleeting Distraction",
        cost="{U}",
        types=("instant",),
        oracle=text("Fleeting Distraction"),
        abilities=(Spell(Seq(Pump(Target(0), -1, 0), Draw(YOU, 1)), TARGET_CREATURE),),
    ),
    Card(
        name="Lunar Insight",
        cost="{2}{U}",
        types=("sorcery",),
        oracle=text("Lunar Insight"),
        abilities=(
            Spell(
                Draw(
                    YOU,
                    DistinctManaValues(Each(Filter(not_types=("land",), controller="you"))),
                )
            ),
        ),
    ),
)
