"""The blue cards of Foundations, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import (
    TARGET_CREATURE,
    text,
)
from cardstate.cards.vocab import (
    YOU,
    YOU_ATTACKED_THIS_TURN,
    AtLeast,
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
    Triggered,
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
    Card(
        name="Skyship Buccaneer",
        cost="{3}{U}{U}",
        types=("creature",),
        subtypes=("Human", "Pirate"),
        power=4,
        toughness=3,
        keywords=("flying",),
        oracle=text("Skyship Buccaneer"),
        abilities=(
            # Raid (207.2c): an intervening "if" (603.4).
            Triggered("enters", Draw(YOU, 1), condition=AtLeast(YOU_ATTACKED_THIS_TURN, 1)),
        ),
    ),
)
