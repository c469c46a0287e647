"""The card pool and decks the duel commands (``selfplay``, ``play``) take: ``--pool NAME|FILE``
(one of ``cardstate.cards.pools``, or a pool file that ``CardPool.load`` reads: a ``.py`` file
defining ``POOL`` or ``CARDS``/``DECKS``, or compiled ``.json``), ``--format`` (the decks'
construction rules: ``limited`` by default, the built-in decks' format), ``--no-mulligans`` (each
player keeps its first seven cards; by default the London mulligan,
103.5) and decks by registered name or deck file (``.dck``: ``N [SET:num] Name`` or ``N Name``
lines)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

__all__ = ["FORMATS", "add_arguments", "read_deck", "read_pool"]

FORMATS = ("limited", "constructed", "free")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--pool``, ``--format`` and ``--no-mulligans`` to a command."""
    parser.add_argument(
        "--pool",
        metavar="NAME|FILE",
        help="the card pool: a built-in pool's name (default core) or a pool file (.py or .json)",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="limited",
        help="the decks' construction rules (default limited: at least 40 cards)",
    )
    parser.add_argument(
        "--no-mulligans",
        action="store_true",
        help="no mulligans: each player keeps its first seven cards (by default each player may "
        "mulligan, CR 103.5)",
    )


def read_pool(text: str | None) -> Any:
    """``--pool``: None (the built-in pool), a pool's name, or the pool read from a file
    (``ValueError`` naming what is wrong)."""
    if text is None:
        return None
    from cardstate.cards import CardPool, pools

    if text in pools:
        return text
    if not os.path.exists(text):
        raise ValueError(f"--pool {text}: neither a pool ({', '.join(pools)}) nor a file")
    try:
        return CardPool.load(text)
    except (OSError, SyntaxError, TypeError, ValueError) as exc:
        raise ValueError(f"--pool {text}: {type(exc).__name__}: {exc}") from exc


def read_deck(text: Any) -> Any:
    """A deck argument: a deck file's path when a file is there (or the name ends in
    ``.dck``), else a registered deck's name (anything else as it is, for the duel to
    refuse)."""
    if isinstance(text, str) and (text.endswith(".dck") or os.path.isfile(text)):
        return Path(text)
    return text
