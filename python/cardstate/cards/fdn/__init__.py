"""Magic: The Gathering Foundations (FDN) as a card pool: ``cardstate.cards.pools["fdn"]``.

Every card is a :class:`~cardstate.cards.vocab.Card` of the card vocabulary, one module per
colour (``white``, ``blue``, ``black``, ``red``, ``green``, ``multicolour``, ``colourless``,
``lands``; each sorted by name), with its current Oracle text read from the packaged
``oracle.json`` (:mod:`cardstate.cards.fdn.data`); the tokens the cards create are cards of the
pool too (:mod:`cardstate.cards.fdn.tokens`). ``tests/test_fdn_pool.py`` checks every
definition's characteristics against ``oracle.json`` and ``card_facts.tsv``.

The pool's decks are the 20 FDN deck files of the package (``data/fdn/decks``, 17lands' decks,
credited in ``data/README.md``), registered by file stem (``"FDN_top_07961_WR"``) — those whose
cards are all defined: a deck naming a card the pool doesn't define yet can't be one of its
decks. ``cardstate cards coverage`` (:mod:`cardstate.cards.coverage`) says, for any deck file
or list of names, which cards are playable and why the others aren't.
"""

from __future__ import annotations

from pathlib import Path

from cardstate.cards.cardpool import CardPool
from cardstate.cards.deckfile import load_deck
from cardstate.cards.fdn import black, blue, colourless, green, lands, multicolour, red, white
from cardstate.cards.fdn.data import deck_files, fdn_names
from cardstate.cards.fdn.tokens import TOKENS, tokens_for
from cardstate.cards.vocab import Card

__all__ = ["CARDS", "GAPS", "NAME", "TOKENS", "deck_lists", "decks", "make_pool", "undefined"]

NAME = "fdn"
"""The pool's name in :data:`cardstate.cards.pools`."""

CARDS: tuple[Card, ...] = tuple(
    sorted(
        (
            *white.CARDS,
            *blue.CARDS,
            *black.CARDS,
            *red.CARDS,
            *green.CARDS,
            *multicolour.CARDS,
            *colourless.CARDS,
            *lands.CARDS,
        ),
        key=lambda c: c.name,
    )
)
"""The Foundations cards defined, sorted by name (the tokens are in :data:`TOKENS`)."""


GAPS: dict[str, str] = {}
"""The abilities of their Oracle text that definitions lack, by card name: what, and why the
card layer can't say it yet (``cardstate cards coverage`` reports them)."""


def undefined() -> list[str]:
    """The cards of Foundations (``fdn/cards.txt``) the pool doesn't define yet, in order."""
    defined = {c.name for c in CARDS}
    return [n for n in fdn_names() if n not in defined]


def deck_lists() -> dict[str, list[str]]:
    """Every FDN deck file's mainboard by its stem (``"FDN_top_07961_WR"``), card names."""
    return {stem: load_deck(path) for stem, path in deck_files().items()}


def decks() -> dict[str, Path]:
    """The pool's decks: the FDN deck files whose cards are all defined, by stem."""
    defined = {c.name for c in CARDS}
    lists = deck_lists()
    return {
        stem: path for stem, path in deck_files().items() if all(n in defined for n in lists[stem])
    }


def make_pool() -> CardPool:
    """The Foundations pool (cards, tokens and decks), compiled: ``pools["fdn"]`` makes it
    once."""
    return CardPool((*CARDS, *tokens_for(CARDS)), decks(), name=NAME)
