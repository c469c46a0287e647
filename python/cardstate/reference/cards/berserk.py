"""Berserk cards in the reference interpreter: a card plays in its own game's rulesets only,
the kernel description of a Berserk card, its keywords as kernel effects, and the three strike
values of a classic creature in play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardstate.reference.cards.objects import Card, _entity, _is_player
from cardstate.reference.game import Game
from cardstate.vocabulary import MINUS_STRENGTH, PLUS_STRENGTH

KEYWORD_EFFECTS: dict[str, tuple[str, int]] = {"уязвимость": ("damage_plus", 1)}
"""Each keyword of the game as the kernel's replacement effect that plays it (the effect and
its amount): Уязвимость, "each time it is wounded it gets one more wound", is "that much damage
plus 1" on it (damage to a Berserk creature places that many wounds)."""


def is_berserk(card: Card) -> bool:
    """Whether the compiled card is a Berserk card."""
    return card.get("berserk") is not None


def check_game(game: Game, card: Card) -> None:
    """A card plays in its own game: a Berserk card in a ``"berserk"`` game, a Magic card in a
    Magic one (``ValueError`` saying so otherwise)."""
    berserk_game = game.ruleset == "berserk"
    if is_berserk(card) != berserk_game:
        which = "a Berserk card" if is_berserk(card) else "a Magic card"
        rulesets = '"berserk"' if is_berserk(card) else '"mtg" or "mtg-2010"'
        raise ValueError(
            f"card {card['name']!r} is {which}: it plays in a {rulesets} game, not in a "
            f'"{game.ruleset}" one'
        )


def create_kwargs(card: Card) -> dict[str, Any]:
    """What ``Game.create`` takes of a Berserk card beyond its name and types."""
    b = card["berserk"]
    cost = b["cost"]
    kernel_cost: int | str | None = None
    if cost is not None:
        kernel_cost = cost["text"] if cost["x"] else cost["base"]
    return {
        "subtypes": card["subtypes"],
        "cost": kernel_cost,
        "strength": b["strength"],
        "lives": b["lives"],
        "movement": b["movement"],
        "flying": b["flying"],
        "elite": b["elite"],
    }


def keywords_enter(game: Game, card: Card, eid: int) -> None:
    """As a Berserk permanent enters: its own keywords become the kernel effects that play
    them, on itself."""
    for k in card["berserk"]["keywords"]:
        effect, amount = KEYWORD_EFFECTS[k]
        game.add_replacement_effect(effect, affects="this permanent", source=eid, amount=amount)


def ability_enters(game: Game, ability: Card, eid: int) -> None:
    """What a Berserk static ability of permanent ``eid`` makes live as it enters: "… have
    <keyword>" as the keyword's kernel effect; a cost modifier (104.3) as the kernel's, for
    cards of its controller ("you", as it enters), of each opponent, or of anyone."""
    if ability["kind"] == "have_keyword":
        effect, amount = KEYWORD_EFFECTS[ability["keyword"]]
        game.add_replacement_effect(effect, affects=ability["affects"], source=eid, amount=amount)
    elif ability["kind"] == "cost_modifier":
        me = game.controller(eid)
        rel = ability["controller"]
        whose: list[int | None] = (
            [None]
            if rel is None
            else [me]
            if rel == "you"
            else [p for p in game.players if p != me]
        )
        for p in whose:
            game.add_cost_modifier(
                ability["amount"],
                source=eid,
                subtypes=ability["subtypes"],
                types=ability["types"],
                controller=p,
            )


def strikes(db: Mapping[str, Card], game: Game, eid: int) -> tuple[int, int, int] | None:
    """The three strike values (weak, medium, strong) of a classic Berserk creature: each
    printed value moved by its strength effects, never read below 0 (104.3.1). None when the
    object is not a card of ``db`` with three strike values, or has no strength now (an
    artifact, 108.1). An unknown id is a ``KeyError``."""
    game.strength(eid)  # KeyError: unknown id; ValueError: a player
    obj = _entity(game, eid)
    assert obj is not None and not _is_player(game, eid)
    card = db.get(obj.printed.name)
    if card is None or not is_berserk(card) or card["berserk"]["strikes"] is None:
        return None
    if obj.strength is None:
        return None
    moved = obj.strength + obj.counters.get(PLUS_STRENGTH, 0) - obj.counters.get(MINUS_STRENGTH, 0)
    weak, medium, strong = card["berserk"]["strikes"]
    return (
        max(0, moved),
        max(0, moved + medium - weak),
        max(0, moved + strong - weak),
    )
