"""The green cards of Foundations, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import (
    PERMANENT_TYPES,
    TARGET_CREATURE,
    TARGET_CREATURE_YOU_CONTROL,
    YOUR_CREATURES,
    text,
    your_graveyard,
)
from cardstate.cards.vocab import (
    THIS,
    YOU,
    Activated,
    AtLeast,
    Bite,
    Card,
    Cost,
    Count,
    Destroy,
    Each,
    Exile,
    Fight,
    Filter,
    GainLife,
    Grant,
    If,
    ManaAbility,
    Matching,
    May,
    Pump,
    PutCounters,
    ReturnToHand,
    Seq,
    Spell,
    Static,
    Target,
    TargetSpec,
    Triggered,
)

__all__ = ["CARDS"]

CREATURE_YOU_DONT_CONTROL = Filter(types=("creature",), controller="opponent")
"""A creature you don't control (in a two-player game, an opponent's)."""

CARDS: tuple[Card, ...] = (
    Card(
        name="Affectionate Indrik",
        cost="{5}{G}",
        types=("creature",),
        subtypes=("Beast",),
        power=4,
        toughness=4,
        oracle=text("Affectionate Indrik"),
        abilities=(
            Triggered(
                "enters",
                May(Fight(THIS, Target(0))),
                (TargetSpec(CREATURE_YOU_DONT_CONTROL),),
            ),
        ),
    ),
    Card(
        name="Bite Down",
        cost="{1}{G}",
        types=("instant",),
        oracle=text("Bite Down"),
        abilities=(
            Spell(
                Bite(Target(0), Target(1)),
                (
                    *TARGET_CREATURE_YOU_CONTROL,
                    TargetSpec(Filter(types=("creature", "planeswalker"), controller="opponent")),
                ),
            ),
        ),
    ),
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
        name="Elvish Regrower",
        cost="{2}{G}{G}",
        types=("creature",),
        subtypes=("Elf", "Druid"),
        power=4,
        toughness=3,
        oracle=text("Elvish Regrower"),
        abilities=(
            Triggered(
                "enters",
                ReturnToHand(Target(0)),
                (TargetSpec(your_graveyard(*PERMANENT_TYPES)),),
            ),
        ),
    ),
    Card(
        name="Felling Blow",
        cost="{2}{G}",
        types=("sorcery",),
        oracle=text("Felling Blow"),
        abilities=(
            Spell(
                Seq(PutCounters(Target(0), "+1/+1"), Bite(Target(0), Target(1))),
                (*TARGET_CREATURE_YOU_CONTROL, TargetSpec(CREATURE_YOU_DONT_CONTROL)),
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
        name="Scavenging Ooze",
        cost="{1}{G}",
        types=("creature",),
        subtypes=("Ooze",),
        power=2,
        toughness=2,
        oracle=text("Scavenging Ooze"),
        abilities=(
            Activated(
                Cost(mana="{G}"),
                # "If it was a creature card": read before it is exiled.
                If(
                    AtLeast(
                        Count(Matching(Target(0), Filter(types=("creature",), zone="graveyard"))),
                        1,
                    ),
                    Seq(Exile(Target(0)), PutCounters(THIS, "+1/+1"), GainLife(YOU, 1)),
                    Exile(Target(0)),
                ),
                (TargetSpec(Filter(zone="graveyard")),),
            ),
        ),
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
