"""The black cards of Foundations, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import TARGET_CREATURE, text
from cardstate.cards.vocab import (
    EACH_OPPONENT,
    LIFE_LOST,
    THIS,
    YOU,
    Activated,
    Card,
    Cost,
    CreateToken,
    Destroy,
    Draw,
    EntersTapped,
    Filter,
    GainLife,
    LoseLife,
    Pump,
    PutCounters,
    Seq,
    Spell,
    Target,
    TargetSpec,
    Triggered,
    X,
)

__all__ = ["CARDS"]

CARDS: tuple[Card, ...] = (
    Card(
        name="Diregraf Ghoul",
        cost="{B}",
        types=("creature",),
        subtypes=("Zombie",),
        power=2,
        toughness=2,
        oracle=text("Diregraf Ghoul"),
        abilities=(EntersTapped(),),
    ),
    Card(
        name="Exsanguinate",
        cost="{X}{B}{B}",
        types=("sorcery",),
        oracle=text("Exsanguinate"),
        abilities=(Spell(Seq(LoseLife(EACH_OPPONENT, X), GainLife(YOU, LIFE_LOST))),),
    ),
    Card(
        name="Hero's Downfall",
        cost="{1}{B}{B}",
        types=("instant",),
        oracle=text("Hero's Downfall"),
        abilities=(
            Spell(
                Destroy(Target(0)),
                (TargetSpec(Filter(types=("creature", "planeswalker"))),),
            ),
        ),
    ),
    Card(
        name="Hungry Ghoul",
        cost="{1}{B}",
        types=("creature",),
        subtypes=("Zombie",),
        power=2,
        toughness=2,
        oracle=text("Hungry Ghoul"),
        abilities=(
            Activated(
                Cost(mana="{1}", sacrifice_another=Filter(types=("creature",), other=True)),
                PutCounters(THIS, "+1/+1"),
            ),
        ),
    ),
    Card(
        name="Infestation Sage",
        cost="{B}",
        types=("creature",),
        subtypes=("Elf", "Warlock"),
        power=1,
        toughness=1,
        oracle=text("Infestation Sage"),
        abilities=(Triggered("dies", CreateToken("Insect Token 1/1")),),
    ),
    Card(
        name="Phyrexian Arena",
        cost="{1}{B}{B}",
        types=("enchantment",),
        oracle=text("Phyrexian Arena"),
        abilities=(Triggered("upkeep", Seq(Draw(YOU, 1), LoseLife(YOU, 1))),),
    ),
    Card(
        name="Sanguine Syphoner",
        cost="{1}{B}",
        types=("creature",),
        subtypes=("Vampire", "Warlock"),
        power=1,
        toughness=3,
        oracle=text("Sanguine Syphoner"),
        abilities=(Triggered("attacks", Seq(LoseLife(EACH_OPPONENT, 1), GainLife(YOU, 1))),),
    ),
    Card(
        name="Stab",
        cost="{B}",
        types=("instant",),
        oracle=text("Stab"),
        abilities=(Spell(Pump(Target(0), -2, -2), TARGET_CREATURE),),
    ),
    Card(
        name="Vampire Nighthawk",
        cost="{1}{B}{B}",
        types=("creature",),
        subtypes=("Vampire", "Shaman"),
        power=2,
        toughness=3,
        keywords=("flying", "deathtouch", "lifelink"),
        oracle=text("Vampire Nighthawk"),
    ),
)
