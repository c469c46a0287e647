"""The lands of Foundations, sorted by name: the basic lands, the gain lands, Evolving Wilds,
Rogue's Passage, Secluded Courtyard and Soulstone Sanctuary."""

from __future__ import annotations

from cardstate.cards.fdn.common import TARGET_CREATURE, text
from cardstate.cards.vocab import (
    THIS,
    YOU,
    Activated,
    BecomesCreature,
    Card,
    ChooseACreatureType,
    Cost,
    EntersTapped,
    GainLife,
    Grant,
    ManaAbility,
    Search,
    Target,
    Triggered,
)

__all__ = ["CARDS"]


def basic(name: str, colour: str) -> Card:
    """A basic land of its type: "({T}: Add {C}.)", the intrinsic mana ability (305.6)."""
    return Card(
        name=name,
        types=("land",),
        supertypes=("basic",),
        subtypes=(name,),
        oracle=text(name),
        abilities=(ManaAbility(colour),),
    )


def gain_land(name: str, colours: str) -> Card:
    """ "This land enters tapped. When this land enters, you gain 1 life. {T}: Add {X} or {Y}."
    — entering tapped is a replacement effect (614.1d), the life a triggered ability (603.6a),
    the mana a choice of colour as the ability resolves (605.1a, 106.1a)."""
    return Card(
        name=name,
        types=("land",),
        oracle=text(name),
        abilities=(
            EntersTapped(),
            Triggered("enters", GainLife(YOU, 1)),
            ManaAbility(colours),
        ),
    )


CARDS: tuple[Card, ...] = (
    gain_land("Bloodfell Caves", "BR"),
    gain_land("Blossoming Sands", "WG"),
    gain_land("Dismal Backwater", "UB"),
    Card(
        name="Evolving Wilds",
        types=("land",),
        oracle=text("Evolving Wilds"),
        abilities=(
            Activated(
                Cost(tap=True, sacrifice=True),
                Search(types=("land",), supertypes=("basic",), to="battlefield", tapped=True),
            ),
        ),
    ),
    basic("Forest", "G"),
    basic("Island", "U"),
    gain_land("Jungle Hollow", "BG"),
    basic("Mountain", "R"),
    basic("Plains", "W"),
    Card(
        name="Rogue's Passage",
        types=("land",),
        oracle=text("Rogue's Passage"),
        abilities=(
            ManaAbility("C"),
            # 509.1b: "can't be blocked" until end of turn (514.2).
            Activated(
                Cost(mana="{4}", tap=True), Grant(Target(0), "can't be blocked"), TARGET_CREATURE
            ),
        ),
    ),
    gain_land("Rugged Highlands", "RG"),
    gain_land("Scoured Barrens", "WB"),
    Card(
        name="Secluded Courtyard",
        types=("land",),
        oracle=text("Secluded Courtyard"),
        abilities=(
            ChooseACreatureType(),
            ManaAbility("C"),
            # 106.6: its colours pay only for a creature spell of the chosen type (the duels
            # don't spend it on an activated ability: docs/DUEL.md, "Mana").
            ManaAbility("WUBRG", spend_only_on_chosen=True),
        ),
    ),
    Card(
        name="Soulstone Sanctuary",
        types=("land",),
        oracle=text("Soulstone Sanctuary"),
        abilities=(
            ManaAbility("C"),
            # 205.1b, 613.4b, 205.3m: for as long as it stays, not until end of turn.
            Activated(
                Cost(mana="{4}"),
                BecomesCreature(THIS, 3, 3, ("vigilance",), all_creature_types=True),
            ),
        ),
    ),
    basic("Swamp", "B"),
    gain_land("Swiftwater Cliffs", "UR"),
    gain_land("Thornwood Falls", "UG"),
    gain_land("Tranquil Cove", "WU"),
    gain_land("Wind-Scarred Crag", "WR"),
)
