"""Deck construction (100.2): the format a duel's decks are checked against before the game
starts (the native duel's is ``rust/duel/src/deck.rs``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardstate.reference.duel.table import DuelCard

__all__ = ["CONSTRUCTED_COPIES", "FORMATS", "check_deck", "format_arg", "quoted"]

FORMATS = ("free", "limited", "constructed")
"""The formats by name."""

MIN_CARDS = {"free": 1, "limited": 40, "constructed": 60}
"""The fewest cards a deck of each format has (100.2a, 100.2b)."""

CONSTRUCTED_COPIES = 4
"""100.2a: the most copies of one card (other than a basic land card) a constructed deck
holds."""


def quoted(s: str) -> str:
    """A name in double quotes, as the native duel's messages give it."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_arg(name: str) -> str:
    """A format's name, checked."""
    if name not in FORMATS:
        raise ValueError(f"unknown format {quoted(name)}; formats: {', '.join(FORMATS)}")
    return name


def _any_number_allowed(card: DuelCard) -> bool:
    """A card a constructed deck may hold any number of (100.2a): a basic land card (205.4c: a
    land with the supertype basic), or one that says so ("A deck can have any number of cards
    named ~.")."""
    says_so = any(a["kind"] == "any_number_in_deck" for a in card.data["abilities"])
    return says_so or (card.is_land and "basic" in card.data["supertypes"])


def check_deck(fmt: str, cards: Sequence[DuelCard], deck: Sequence[int]) -> str | None:
    """What makes ``deck`` (card ids of the table ``cards``) unplayable in format ``fmt``, or
    None: too few cards (100.2a: 60 constructed, 100.2b: 40 limited; one at least in the free
    format), or more than four copies of a card other than a basic land card in constructed
    (100.2a; the first such card in pool order is named)."""
    least = MIN_CARDS[fmt]
    if len(deck) < least:
        rule = {
            "free": "a deck has at least one card",
            "limited": f"a limited deck has at least {least} cards (100.2b)",
            "constructed": f"a constructed deck has at least {least} cards (100.2a)",
        }[fmt]
        return f"{rule}, got {len(deck)}"
    if fmt == "constructed":
        copies = Counter(deck)
        for c in sorted(copies):
            if copies[c] > CONSTRUCTED_COPIES and not _any_number_allowed(cards[c]):
                return (
                    f"{copies[c]} copies of {quoted(cards[c].name)}: a constructed deck has at "
                    f"most {CONSTRUCTED_COPIES} of a card other than a basic land card (100.2a)"
                )
    return None
