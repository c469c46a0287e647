"""Deck files: the mainboard of a ``.dck`` or plain list file as card names.

A line is ``N Card Name`` or ``N [SET:num] Card Name`` (N copies of the card, N at least 1);
a ``NAME:`` line, blank lines and comment lines (``#`` or ``//``) are skipped, and everything
after a ``SIDEBOARD:`` line is left out. Anything else is a ``ValueError`` naming the file and
the line.
"""

from __future__ import annotations

import os
import re

__all__ = ["load_deck", "parse_deck"]

_LINE = re.compile(r"(\d+)\s+(?:\[[^\]]*\]\s+)?(\S.*)")

# A deck larger than this is surely a slip (a runaway count), not a deck.
_MAX_COPIES = 10_000


def parse_deck(text: str, source: str = "deck") -> list[str]:
    """The mainboard of a deck file's text, each card name as many times as its count;
    ``source`` names the file in errors."""
    names: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        head = line.upper()
        if head.startswith("SIDEBOARD:"):
            break
        if not line or head.startswith("NAME:") or line.startswith(("#", "//")):
            continue
        m = _LINE.fullmatch(line)
        if m is None:
            raise ValueError(
                f"{source}, line {number}: expected 'N Card Name' or 'N [SET:num] Card Name', "
                f"got {line!r}"
            )
        count, name = int(m.group(1)), m.group(2).strip()
        if not 1 <= count <= _MAX_COPIES:
            raise ValueError(
                f"{source}, line {number}: a count is from 1 to {_MAX_COPIES}, got {count}"
            )
        names.extend([name] * count)
    return names


def load_deck(path: str | os.PathLike[str]) -> list[str]:
    """The mainboard of the deck file at ``path`` (see the module documentation), as card
    names in the file's order."""
    p = os.fspath(path)
    if not isinstance(p, str):
        raise TypeError(f"a deck file's path is a str or a path, got {type(p).__name__}")
    with open(p, encoding="utf-8") as fh:
        text = fh.read()
    return parse_deck(text, p)
