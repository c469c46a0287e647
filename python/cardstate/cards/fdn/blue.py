"""The blue cards of Foundations, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import (
    PROWESS,
    TARGET_CREATURE,
    text,
)
from cardstate.cards.vocab import (
    THIS,
    YOU,
    YOU_ATTACKED_THIS_TURN,
    Activated,
    AtLeast,
    Card,
    Cost,
    CounterSpell,
    CreateToken,
    Discard,
    DistinctManaValues,
    Draw,
    Each,
    Filter,
    Flash,
    Flashback,
    Pump,
    PutCounters,
    ReturnToHand,
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
        name="Aetherize",
        cost="{3}{U}",
        types=("instant",),
        oracle=text("Aetherize"),
        abilities=(Spell(ReturnToHand(Each(Filter(types=("creature",), combat="attacking")))),),
    ),
    Card(
        name="Bigfin Bouncer",
        cost="{3}{U}",
        types=("creature",),
        subtypes=("Shark", "Pirate"),
        power=3,
        toughness=2,
        oracle=text("Bigfin Bouncer"),
        abilities=(
            Triggered(
                "enters",
                ReturnToHand(Target(0)),
                (TargetSpec(Filter(types=("creature",), controller="opponent")),),
            ),
        ),
    ),
    Card(
        name="Clinquant Skymage",
        cost="{3}{U}",
        types=("creature",),
        subtypes=("Bird", "Wizard"),
        power=1,
        toughness=1,
        keywords=("flying",),
        oracle=text("Clinquant Skymage"),
        abilities=(Triggered("you_draw", PutCounters(THIS, "+1/+1")),),
    ),
    Card(
        name="Elementalist Adept",
        cost="{1}{U}",
        types=("creature",),
        subtypes=("Human", "Wizard"),
        power=2,
        toughness=1,
        oracle=text("Elementalist Adept"),
        abilities=(Flash(), PROWESS),
    ),
    Card(
        name="Erudite Wizard",
        cost="{2}{U}",
        types=("creature",),
        subtypes=("Human", "Wizard"),
        power=2,
        toughness=3,
        oracle=text("Erudite Wizard"),
        abilities=(Triggered("you_draw_second", PutCounters(THIS, "+1/+1")),),
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
        name="Icewind Elemental",
        cost="{4}{U}",
        types=("creature",),
        subtypes=("Elemental",),
        power=3,
        toughness=4,
        keywords=("flying",),
        oracle=text("Icewind Elemental"),
        abilities=(Triggered("enters", Seq(Draw(YOU, 1), Discard(YOU, 1))),),
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
        name="Mischievous Mystic",
        cost="{1}{U}",
        types=("creature",),
        subtypes=("Human", "Wizard"),
        power=2,
        toughness=1,
        keywords=("flying",),
        oracle=text("Mischievous Mystic"),
        abilities=(Triggered("you_draw_second", CreateToken("Faerie Token 1/1")),),
    ),
    Card(
        name="Refute",
        cost="{1}{U}{U}",
        types=("instant",),
        oracle=text("Refute"),
        abilities=(
            Spell(
                Seq(CounterSpell(Target(0)), Draw(YOU, 1), Discard(YOU, 1)),
                (TargetSpec(Filter(zone="stack")),),
            ),
        ),
    ),
    Card(
        name="Run Away Together",
        cost="{1}{U}",
        types=("instant",),
        oracle=text("Run Away Together"),
        abilities=(
            # "Two target creatures controlled by different players": in a two-player game,
            # one of yours and one of your opponent's.
            Spell(
                Seq(ReturnToHand(Target(0)), ReturnToHand(Target(1))),
                (
                    TargetSpec(Filter(types=("creature",), controller="you")),
                    TargetSpec(Filter(types=("creature",), controller="opponent")),
                ),
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
    Card(
        name="Spectral Sailor",
        cost="{U}",
        types=("creature",),
        subtypes=("Spirit", "Pirate"),
        power=1,
        toughness=1,
        keywords=("flying",),
        oracle=text("Spectral Sailor"),
        abilities=(Flash(), Activated(Cost(mana="{3}{U}"), Draw(YOU, 1))),
    ),
    Card(
        name="Strix Lookout",
        cost="{1}{U}",
        types=("creature",),
        subtypes=("Bird",),
        power=1,
        toughness=2,
        keywords=("flying", "vigilance"),
        oracle=text("Strix Lookout"),
        abilities=(Activated(Cost(mana="{1}{U}", tap=True), Seq(Draw(YOU, 1), Discard(YOU, 1))),),
    ),
    Card(
        name="Think Twice",
        cost="{1}{U}",
        types=("instant",),
        oracle=text("Think Twice"),
        abilities=(Spell(Draw(YOU, 1)), Flashback("{2}{U}")),
    ),
)
