"""The two Pauper lists (Mono-Red Burn and Mono Red Rally) as a card pool:
``cardstate.cards.pools["pauper"]``.

The pool holds the distinct cards of the two mainboards that are defined: those that are
cards of Foundations too (Mountain, Goblin Bushwhacker) are Foundations' definitions
(:mod:`cardstate.cards.fdn`), the others are in :mod:`cardstate.cards.pauper.cards`; and the
tokens they create. Its decks are ``"burn"`` and ``"rally"`` (the mainboards of
``data/pauper/burn.txt`` and ``rally.txt``, constructed format), each once every card of it is
defined; ``cardstate cards coverage --pool pauper`` says which cards aren't yet.
"""

from __future__ import annotations

from pathlib import Path

from cardstate.cards import fdn
from cardstate.cards.cardpool import CardPool
from cardstate.cards.deckfile import load_deck
from cardstate.cards.fdn.data import pauper_files
from cardstate.cards.fdn.tokens import tokens_for
from cardstate.cards.pauper.cards import CARDS

__all__ = ["CARDS", "GAPS", "NAME", "decks", "list_names", "make_pool"]

NAME = "pauper"
"""The pool's name in :data:`cardstate.cards.pools`."""

GAPS: dict[str, str] = {}
"""The abilities of their Oracle text that the Pauper-only definitions lack, by card name."""


def list_names() -> list[str]:
    """The distinct cards of the two mainboards, in order of first appearance."""
    out: list[str] = []
    for path in pauper_files().values():
        for name in load_deck(path):
            if name not in out:
                out.append(name)
    return out


def decks() -> dict[str, Path]:
    """The pool's decks: the Pauper lists whose cards are all defined, by stem."""
    defined = {c.name for c in (*fdn.CARDS, *CARDS)}
    return {
        stem: path
        for stem, path in pauper_files().items()
        if all(n in defined for n in load_deck(path))
    }


def make_pool() -> CardPool:
    """The Pauper pool (the lists' cards defined, their tokens, the decks whose cards are all
    defined), compiled: ``pools["pauper"]`` makes it once."""
    defined = {c.name: c for c in (*fdn.CARDS, *CARDS)}
    cards = tuple(defined[n] for n in list_names() if n in defined)
    return CardPool((*cards, *tokens_for(cards)), decks(), name=NAME)
