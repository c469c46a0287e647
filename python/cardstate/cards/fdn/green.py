"""The green cards of Foundations, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import (
    TARGET_CREATURE,
    TARGET_CREATURE_YOU_CONTROL,
    YOUR_CREATURES,
    text,
)
from cardstate.cards.vocab import (
    YOU,
    Card,
    Count,
    Destroy,
    Each,
    Filter,
    GainLife,
    Grant,
    ManaAbility,
    Pump,
    PutCounters,
    Seq,
    Spell,
    Static,
    Target,
    TargetSpec,
    Triggered,
)

__all__ = ["CARDS"]

CARDS: tuple[Card, ...] = (
    Card(
        name="Broken Wings",
        cost="{2}{G}",
        types=("instant",),
        oracle=text("Broken Wings"),
        abilities=(
            Spell(
                Destroy(Target(0)),
                (
                    TargetSpec(
                        Filter(
                            any_of=(
                                Filter(types=("artifact", "enchantment")),
                                Filter(types=("creature",), keywords=("flying",)),
                            )
                        )
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Dwynen, Gilt-Leaf Daen",
        cost="{2}{G}{G}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Elf", "Warrior"),
        power=3,
        toughness=4,
        keywords=("reach",),
        oracle=text("Dwynen, Gilt-Leaf Daen"),
        abilities=(
            Static(
                Filter(types=("creature",), subtypes=("Elf",), controller="you", other=True),
                power=1,
                toughness=1,
            ),
            Triggered(
                "attacks",
                GainLife(
                    YOU,
                    Count(Each(Filter(subtypes=("Elf",), controller="you", combat="attacking"))),
                ),
            ),
        ),
    ),
    Card(
        name="Giant Growth",
        cost="{G}",
        types=("instant",),
        oracle=text("Giant Growth"),
        abilities=(Spell(Pump(Target(0), 3, 3), TARGET_CREATURE),),
    ),
    Card(
        name="Llanowar Elves",
        cost="{G}",
        types=("creature",),
        subtypes=("Elf", "Druid"),
        power=1,
        toughness=1,
        oracle=text("Llanowar Elves"),
        abilities=(ManaAbility("G"),),
    ),
    Card(
        name="Overrun",
        cost="{2}{G}{G}{G}",
        types=("sorcery",),
        oracle=text("Overrun"),
        abilities=(
            Spell(Seq(Pump(Each(YOUR_CREATURES), 3, 3), Grant(Each(YOUR_CREATURES), "trample"))),
        ),
    ),
    Card(
        name="Preposterous Proportions",
        cost="{5}{G}{G}",
        types=("sorcery",),
        oracle=text("Preposterous Proportions"),
        abilities=(
            Spell(
                Seq(Pump(Each(YOUR_CREATURES), 10, 10), Grant(Each(YOUR_CREATURES), "vigilance"))
            ),
        ),
    ),
    Card(
        name="Quakestrider Ceratops",
        cost="{3}{G}{G}{G}",
        types=("creature",),
        subtypes=("Dinosaur",),
        power=12,
        toughness=8,
        oracle=text("Quakestrider Ceratops"),
    ),
    Card(
        name="Snakeskin Veil",
        cost="{G}",
        types=("instant",),
        oracle=text("Snakeskin Veil"),
        abilities=(
            Spell(
                Seq(PutCounters(Target(0), "+1/+1"), Grant(Target(0), "hexproof")),
                TARGET_CREATURE_YOU_CONTROL,
            ),
        ),
    ),
)
