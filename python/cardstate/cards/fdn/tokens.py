"""The tokens Foundations cards create, as cards of the pool (111.4: the effect that creates a
token sets its characteristics; ``CreateToken`` names one of these).

A token's name is 111.4's — its subtypes and the word "Token" — followed by its power and
toughness, so that the pool's names stay unique (Dragon Trainer's Dragon is 4/4, Rite of the
Dragoncaller's 5/5): "Dragon Token 4/4". Its colours (105.2, 111.4), which the card layer
doesn't model, are kept in ``info["colours"]``; its rules text is the abilities the effect
gives it ("with flying")."""

from __future__ import annotations

from cardstate.cards.compile import compile_card
from cardstate.cards.vocab import (
    YOU,
    Activated,
    Card,
    Cost,
    CreateToken,
    Draw,
    Filter,
    GainLife,
    ManaAbility,
    Static,
    Triggered,
)

__all__ = ["TOKENS", "token", "tokens_for"]


def token(
    subtypes: tuple[str, ...],
    power: int,
    toughness: int,
    colours: str,
    keywords: tuple[str, ...] = (),
) -> Card:
    """A creature token: "a <power>/<toughness> <colours> <subtypes> creature token with
    <keywords>"."""
    return Card(
        name=f"{' '.join(subtypes)} Token {power}/{toughness}",
        types=("creature",),
        subtypes=subtypes,
        power=power,
        toughness=toughness,
        keywords=keywords,
        oracle="\n".join(k.capitalize() for k in keywords),
        info={"colours": list(colours)},
    )


BLOOD = Card(
    name="Blood Token",
    types=("artifact",),
    subtypes=("Blood",),
    oracle="{1}, {T}, Discard a card, Sacrifice this token: Draw a card.",
    info={"colours": []},
    abilities=(Activated(Cost(mana="{1}", tap=True, discard=1, sacrifice=True), Draw(YOU, 1)),),
)
"""A Blood token (111.10g): a colourless Blood artifact with "{1}, {T}, Discard a card,
Sacrifice this artifact: Draw a card." (its name, 111.4, has no power and toughness)."""

FOOD = Card(
    name="Food Token",
    types=("artifact",),
    subtypes=("Food",),
    oracle="{2}, {T}, Sacrifice this token: You gain 3 life.",
    info={"colours": []},
    abilities=(Activated(Cost(mana="{2}", tap=True, sacrifice=True), GainLife(YOU, 3)),),
)
"""A Food token (111.10b): a colourless Food artifact with "{2}, {T}, Sacrifice this artifact:
You gain 3 life." (its name, 111.4, has no power and toughness)."""

TREASURE = Card(
    name="Treasure Token",
    types=("artifact",),
    subtypes=("Treasure",),
    oracle="{T}, Sacrifice this token: Add one mana of any color.",
    info={"colours": []},
    abilities=(ManaAbility("WUBRG", Cost(tap=True, sacrifice=True)),),
)
"""A Treasure token (111.10a): a colourless Treasure artifact with "{T}, Sacrifice this
artifact: Add one mana of any color." (a mana ability, 605.1a; the duels pay with it after the
lands and sacrifice it as it pays: docs/DUEL.md, "Mana")."""

SCION_OF_THE_DEEP = Card(
    name="Scion of the Deep",
    types=("creature",),
    supertypes=("legendary",),
    subtypes=("Octopus",),
    power=8,
    toughness=8,
    oracle="",
    info={"colours": ["U"]},
)
"""Kiora, the Rising Tide's "Scion of the Deep, a legendary 8/8 blue Octopus creature token":
the effect names it (111.4), and it is legendary (205.4a: the legend rule applies, 704.5j)."""

KOMAS_COIL = Card(
    name="Koma's Coil",
    types=("creature",),
    subtypes=("Serpent",),
    power=3,
    toughness=3,
    oracle="",
    info={"colours": ["U"]},
)
"""Koma, World-Eater's "3/3 blue Serpent creature tokens named Koma's Coil": the effect names
them (111.4)."""

KAITO_EMBLEM = Card(
    name="Kaito, Cunning Infiltrator Emblem",
    types=(),
    oracle="Whenever a player casts a spell, you create a 2/1 blue Ninja creature token.",
    info={"colours": []},
    abilities=(
        # "Whenever a player casts a spell" (601.2i): in a two-player game, the emblem's owner
        # or its opponent; either way its owner creates the token.
        Triggered("you_cast", CreateToken("Ninja Token 2/1")),
        Triggered("opponent_casts", CreateToken("Ninja Token 2/1")),
    ),
)
"""Kaito, Cunning Infiltrator's emblem (114: an object of the command zone with only
abilities, its owner's; ``CreateEmblem`` makes it)."""

VIVIEN_EMBLEM = Card(
    name="Vivien Reid Emblem",
    types=(),
    oracle="Creatures you control get +2/+2 and have vigilance, trample, and indestructible.",
    info={"colours": []},
    abilities=(
        Static(
            Filter(types=("creature",), controller="you"),
            2,
            2,
            gains=("vigilance", "trample", "indestructible"),
        ),
    ),
)
"""Vivien Reid's emblem (114): its static ability applies from the command zone (114.4)."""

TOKENS: tuple[Card, ...] = (
    BLOOD,
    token(("Cat",), 1, 1, "W"),
    token(("Dragon",), 4, 4, "R", ("flying",)),
    token(("Dragon",), 5, 5, "R", ("flying",)),
    token(("Elf", "Warrior"), 1, 1, "G"),
    token(("Faerie",), 1, 1, "U", ("flying",)),
    token(("Fish",), 1, 1, "U"),
    FOOD,
    token(("Goblin",), 1, 1, "R"),
    token(("Human",), 1, 1, "W"),
    token(("Human", "Soldier"), 1, 1, "W"),
    token(("Insect",), 1, 1, "BG", ("flying",)),
    token(("Knight",), 3, 3, "W"),
    KOMAS_COIL,
    token(("Rabbit",), 1, 1, "W"),
    token(("Raccoon",), 3, 3, "G"),
    token(("Rat",), 1, 1, "B"),
    token(("Samurai",), 2, 2, "W", ("vigilance",)),
    SCION_OF_THE_DEEP,
    token(("Soldier",), 1, 1, "W"),
    token(("Spirit",), 1, 1, "W", ("flying",)),
    TREASURE,
    token(("Zombie",), 2, 2, "B"),
    token(("Cat",), 2, 2, "W"),
    token(("Ninja",), 2, 1, "U"),
    token(("Drake",), 2, 2, "U", ("flying",)),
    KAITO_EMBLEM,
    VIVIEN_EMBLEM,
)
"""The tokens and emblems (a pool holds those its cards create: :func:`tokens_for`)."""


def tokens_for(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The token and emblem cards of :data:`TOKENS` that these cards' effects create (and the
    tokens those emblems create)."""
    made: set[str] = set()
    todo = list(cards)
    while todo:
        for a in compile_card(todo.pop()).data["abilities"]:
            for op in a.get("program", ()):
                if op["op"] in ("create_token", "create_emblem") and op["card"] not in made:
                    made.add(op["card"])
                    todo.extend(t for t in TOKENS if t.name == op["card"])
    return tuple(t for t in TOKENS if t.name in made)
