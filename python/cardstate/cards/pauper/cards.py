"""The cards of the two Pauper lists that aren't cards of Foundations, sorted by name (the
others, Mountain and Goblin Bushwhacker, are Foundations' definitions)."""

from __future__ import annotations

from cardstate.cards.fdn.common import ANY, INSTANT_OR_SORCERY_SPELL, text
from cardstate.cards.vocab import (
    CARDS_DISCARDED,
    DISCARDED,
    EACH_OPPONENT,
    PERMANENTS_SACRIFICED,
    THIS,
    YOU,
    Activated,
    AdditionalCost,
    AddMana,
    AlternativeCost,
    AtLeast,
    Card,
    Cost,
    Count,
    CreateToken,
    DealDamage,
    Discard,
    Draw,
    Each,
    Exactly,
    ExileTopMayPlay,
    Filter,
    Flashback,
    Grant,
    If,
    Madness,
    ManaAbility,
    Matching,
    May,
    MayPayToCopy,
    Plot,
    ReturnToBattlefield,
    Sacrifice,
    Seq,
    Spell,
    Static,
    Target,
    Triggered,
)

__all__ = ["CARDS"]

MOUNTAIN = Filter(subtypes=("Mountain",), controller="you")
"""A Mountain of yours: what Fireblast's and Lava Dart's costs sacrifice (701.21a)."""

LAND_CARD = Filter(types=("land",), zone="graveyard")
"""A land card in a graveyard (the card discarded for Grab the Prize's cost)."""

CARDS: tuple[Card, ...] = (
    Card(
        name="Burning-Tree Emissary",
        cost="{R/G}{R/G}",
        types=("creature",),
        subtypes=("Human", "Shaman"),
        power=2,
        toughness=2,
        oracle=text("Burning-Tree Emissary"),
        abilities=(Triggered("enters", AddMana("RG")),),
    ),
    Card(
        name="Chain Lightning",
        cost="{R}",
        types=("sorcery",),
        oracle=text("Chain Lightning"),
        abilities=(
            Spell(
                Seq(
                    DealDamage(Target(0), 3),
                    # 707.10, 707.10c: the player or the permanent's controller may pay {R}{R}
                    # to copy it, choosing the copy's target.
                    MayPayToCopy("{R}{R}", Target(0)),
                ),
                ANY,
            ),
        ),
    ),
    Card(
        name="Clockwork Percussionist",
        cost="{R}",
        types=("artifact", "creature"),
        subtypes=("Monkey", "Toy"),
        power=1,
        toughness=1,
        keywords=("haste",),
        oracle=text("Clockwork Percussionist"),
        abilities=(Triggered("dies", ExileTopMayPlay(1, "end_of_next_turn")),),
    ),
    Card(
        name="End the Festivities",
        cost="{R}",
        types=("sorcery",),
        oracle=text("End the Festivities"),
        abilities=(
            Spell(
                # Each opponent, and each creature and planeswalker they control.
                DealDamage(
                    Each(
                        Filter(
                            types=("creature", "planeswalker"),
                            players=True,
                            controller="opponent",
                        )
                    ),
                    1,
                )
            ),
        ),
    ),
    Card(
        name="Experimental Synthesizer",
        cost="{R}",
        types=("artifact",),
        oracle=text("Experimental Synthesizer"),
        abilities=(
            # "When this artifact enters or leaves the battlefield": one trigger each way.
            Triggered("enters", ExileTopMayPlay(1, "end_of_turn")),
            Triggered("leaves_battlefield", ExileTopMayPlay(1, "end_of_turn")),
            Activated(
                Cost(mana="{2}{R}", sacrifice=True),
                CreateToken("Samurai Token 2/2", 1),
                timing="sorcery",
            ),
        ),
    ),
    Card(
        name="Faithless Looting",
        cost="{R}",
        types=("sorcery",),
        oracle=text("Faithless Looting"),
        abilities=(
            Spell(Seq(Draw(YOU, 2), Discard(YOU, 2))),
            Flashback("{2}{R}"),
        ),
    ),
    Card(
        name="Fiery Temper",
        cost="{1}{R}{R}",
        types=("instant",),
        oracle=text("Fiery Temper"),
        abilities=(
            Spell(DealDamage(Target(0), 3), ANY),
            Madness("{R}"),
        ),
    ),
    Card(
        name="Fireblast",
        cost="{4}{R}{R}",
        types=("instant",),
        oracle=text("Fireblast"),
        abilities=(
            AlternativeCost(MOUNTAIN, 2),
            Spell(DealDamage(Target(0), 4), ANY),
        ),
    ),
    Card(
        name="Galvanic Blast",
        cost="{R}",
        types=("instant",),
        oracle=text("Galvanic Blast"),
        abilities=(
            Spell(
                # Metalcraft (207.2c): three or more artifacts you control as it resolves.
                If(
                    AtLeast(Count(Each(Filter(types=("artifact",), controller="you"))), 3),
                    DealDamage(Target(0), 4),
                    DealDamage(Target(0), 2),
                ),
                ANY,
            ),
        ),
    ),
    Card(
        name="Goblin Tomb Raider",
        cost="{R}",
        types=("creature",),
        subtypes=("Goblin", "Pirate"),
        power=1,
        toughness=2,
        oracle=text("Goblin Tomb Raider"),
        abilities=(
            Static(
                THIS,
                power=1,
                gains=("haste",),
                as_long_as=Filter(types=("artifact",), controller="you"),
            ),
        ),
    ),
    Card(
        name="Grab the Prize",
        cost="{1}{R}",
        types=("sorcery",),
        oracle=text("Grab the Prize"),
        abilities=(
            AdditionalCost(discard=1),
            Spell(
                Seq(
                    Draw(YOU, 2),
                    # "If the discarded card wasn't a land card" (608.2h: as it is now, in
                    # the graveyard it was discarded to).
                    If(
                        Exactly(Count(Matching(DISCARDED, LAND_CARD)), 0),
                        DealDamage(EACH_OPPONENT, 2),
                    ),
                )
            ),
        ),
    ),
    Card(
        # An artifact land (305.6 doesn't apply: no basic land type); an artifact for
        # metalcraft (Galvanic Blast).
        name="Great Furnace",
        types=("artifact", "land"),
        oracle=text("Great Furnace"),
        abilities=(ManaAbility("R"),),
    ),
    Card(
        name="Highway Robbery",
        cost="{1}{R}",
        types=("sorcery",),
        oracle=text("Highway Robbery"),
        abilities=(
            Spell(
                # "You may discard a card or sacrifice a land. If you do, draw two cards."
                # (608.2c): the discard is offered first, then, with none discarded, the
                # sacrifice (701.21a: a land of yours, its controller's choice).
                Seq(
                    May(Discard(YOU, 1)),
                    If(
                        Exactly(CARDS_DISCARDED, 0),
                        May(Sacrifice(Filter(types=("land",)), YOU, 1)),
                    ),
                    If(AtLeast(CARDS_DISCARDED, 1), Draw(YOU, 2)),
                    If(AtLeast(PERMANENTS_SACRIFICED, 1), Draw(YOU, 2)),
                )
            ),
            Plot("{1}{R}"),
        ),
    ),
    Card(
        name="Guttersnipe",
        cost="{2}{R}",
        types=("creature",),
        subtypes=("Goblin", "Shaman"),
        power=2,
        toughness=2,
        oracle=text("Guttersnipe"),
        abilities=(
            Triggered("you_cast", DealDamage(EACH_OPPONENT, 2), subject=INSTANT_OR_SORCERY_SPELL),
        ),
    ),
    Card(
        name="Lightning Bolt",
        cost="{R}",
        types=("instant",),
        oracle=text("Lightning Bolt"),
        abilities=(Spell(DealDamage(Target(0), 3), ANY),),
    ),
    Card(
        name="Lava Dart",
        cost="{R}",
        types=("instant",),
        oracle=text("Lava Dart"),
        abilities=(
            Spell(DealDamage(Target(0), 1), ANY),
            Flashback(sacrifice=MOUNTAIN),
        ),
    ),
    Card(
        name="Masked Meower",
        cost="{R}",
        types=("creature",),
        subtypes=("Spider", "Cat", "Hero"),
        power=1,
        toughness=1,
        keywords=("haste",),
        oracle=text("Masked Meower"),
        abilities=(Activated(Cost(discard=1, sacrifice=True), Draw(YOU, 1)),),
    ),
    Card(
        name="Rally at the Hornburg",
        cost="{1}{R}",
        types=("sorcery",),
        oracle=text("Rally at the Hornburg"),
        abilities=(
            Spell(
                Seq(
                    CreateToken("Human Soldier Token 1/1", 2),
                    Grant(Each(Filter(subtypes=("Human",), controller="you")), "haste"),
                )
            ),
        ),
    ),
    Card(
        name="Reckless Impulse",
        cost="{1}{R}",
        types=("sorcery",),
        oracle=text("Reckless Impulse"),
        abilities=(Spell(ExileTopMayPlay(2, "end_of_next_turn")),),
    ),
    Card(
        name="Sneaky Snacker",
        cost="{U}{B}",
        types=("creature",),
        subtypes=("Faerie", "Rogue"),
        power=2,
        toughness=1,
        keywords=("flying",),
        oracle=text("Sneaky Snacker"),
        abilities=(
            Triggered(
                "you_draw_third",
                ReturnToBattlefield(THIS, tapped=True),
                from_graveyard=True,
            ),
        ),
    ),
    Card(
        name="Voldaren Epicure",
        cost="{R}",
        types=("creature",),
        subtypes=("Vampire",),
        power=1,
        toughness=1,
        oracle=text("Voldaren Epicure"),
        abilities=(
            Triggered("enters", Seq(DealDamage(EACH_OPPONENT, 1), CreateToken("Blood Token", 1))),
        ),
    ),
)
