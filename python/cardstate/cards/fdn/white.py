"""The white cards of Foundations, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import NONLAND_PERMANENT, YOUR_CREATURES, text
from cardstate.cards.vocab import (
    CREATURE,
    YOU,
    Card,
    ControllerOf,
    CreateToken,
    DealDamage,
    Destroy,
    Draw,
    Each,
    Filter,
    GainLife,
    Pump,
    PutCounters,
    Seq,
    Spell,
    Target,
    TargetSpec,
    Triggered,
)

__all__ = ["CARDS"]

CARDS: tuple[Card, ...] = (
    Card(
        name="Dauntless Veteran",
        cost="{1}{W}{W}",
        types=("creature",),
        subtypes=("Human", "Soldier"),
        power=2,
        toughness=2,
        oracle=text("Dauntless Veteran"),
        abilities=(Triggered("attacks", Pump(Each(YOUR_CREATURES), 1, 1)),),
    ),
    Card(
        name="Day of Judgment",
        cost="{2}{W}{W}",
        types=("sorcery",),
        oracle=text("Day of Judgment"),
        abilities=(Spell(Destroy(Each(CREATURE))),),
    ),
    Card(
        name="Felidar Savior",
        cost="{3}{W}",
        types=("creature",),
        subtypes=("Cat", "Beast"),
        power=2,
        toughness=3,
        keywords=("lifelink",),
        oracle=text("Felidar Savior"),
        abilities=(
            Triggered(
                "enters",
                PutCounters(Target(0), "+1/+1"),
                targets=(
                    TargetSpec(
                        Filter(types=("creature",), controller="you", other=True),
                        count=2,
                        up_to=True,
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Guarded Heir",
        cost="{5}{W}",
        types=("creature",),
        subtypes=("Human", "Noble"),
        power=1,
        toughness=1,
        keywords=("lifelink",),
        oracle=text("Guarded Heir"),
        abilities=(Triggered("enters", CreateToken("Knight Token 3/3", 2)),),
    ),
    Card(
        name="Healer's Hawk",
        cost="{W}",
        types=("creature",),
        subtypes=("Bird",),
        power=1,
        toughness=1,
        keywords=("flying", "lifelink"),
        oracle=text("Healer's Hawk"),
    ),
    Card(
        name="Helpful Hunter",
        cost="{1}{W}",
        types=("creature",),
        subtypes=("Cat",),
        power=1,
        toughness=1,
        oracle=text("Helpful Hunter"),
        abilities=(Triggered("enters", Draw(YOU, 1)),),
    ),
    Card(
        name="Joust Through",
        cost="{W}",
        types=("instant",),
        oracle=text("Joust Through"),
        abilities=(
            Spell(
                Seq(DealDamage(Target(0), 3), GainLife(YOU, 1)),
                (TargetSpec(Filter(types=("creature",), combat="attacking or blocking")),),
            ),
        ),
    ),
    Card(
        name="Make Your Move",
        cost="{2}{W}",
        types=("instant",),
        oracle=text("Make Your Move"),
        abilities=(
            Spell(
                Destroy(Target(0)),
                (
                    TargetSpec(
                        Filter(
                            any_of=(
                                Filter(types=("artifact", "enchantment")),
                                Filter(types=("creature",), power_at_least=4),
                            )
                        )
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Prideful Parent",
        cost="{2}{W}",
        types=("creature",),
        subtypes=("Cat",),
        power=2,
        toughness=2,
        keywords=("vigilance",),
        oracle=text("Prideful Parent"),
        abilities=(Triggered("enters", CreateToken("Cat Token 1/1")),),
    ),
    Card(
        name="Savannah Lions",
        cost="{W}",
        types=("creature",),
        subtypes=("Cat",),
        power=2,
        toughness=1,
        oracle=text("Savannah Lions"),
    ),
    Card(
        name="Serra Angel",
        cost="{3}{W}{W}",
        types=("creature",),
        subtypes=("Angel",),
        power=4,
        toughness=4,
        keywords=("flying", "vigilance"),
        oracle=text("Serra Angel"),
    ),
    Card(
        name="Stroke of Midnight",
        cost="{2}{W}",
        types=("instant",),
        oracle=text("Stroke of Midnight"),
        abilities=(
            Spell(
                Seq(
                    Destroy(Target(0)),
                    # "Its controller": the destroyed permanent's, as it last existed.
                    CreateToken("Human Token 1/1", 1, ControllerOf(Target(0))),
                ),
                (TargetSpec(NONLAND_PERMANENT),),
            ),
        ),
    ),
)
