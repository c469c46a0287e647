"""The ``pool=`` and deck arguments of the environments and the self-play runner, read once
before their games: the card layer is imported only for a pool other than the built-in one or
a deck file (a program on the built-in pool starts without it)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

__all__ = ["deck_names", "native_pool"]


def native_pool(pool: Any) -> Any:
    """The native database of a ``pool=`` argument (``None``: the built-in pool, as the duel
    reads it)."""
    if pool is None:
        return None
    from cardstate.cards.cardpool import native_db

    return native_db(pool)


def deck_names(decks: Iterable[Any]) -> tuple[Any, ...]:
    """The decks, each deck file's path read once as card names (the others as they are)."""
    decks = tuple(decks)
    if not any(isinstance(d, os.PathLike) for d in decks):
        return decks
    from cardstate.cards.deckfile import load_deck

    return tuple(load_deck(d) if isinstance(d, os.PathLike) else d for d in decks)
