"""The packaged card data the Foundations pool is checked against and read from
(``cardstate/cards/data``, its README credits the sources): each card's current Oracle text and
characteristics (``oracle.json``), the set's card names (``fdn/cards.txt``), the card facts of
``fdn/card_facts.tsv``, and the deck files (``fdn/decks/*.dck``, ``pauper/*.txt``)."""

from __future__ import annotations

import csv
import json
from functools import cache
from pathlib import Path
from typing import Any

__all__ = [
    "DATA",
    "card_facts",
    "deck_files",
    "fdn_names",
    "oracle_records",
    "oracle_text",
    "pauper_files",
]

DATA = Path(__file__).resolve().parent.parent / "data"
"""The package's card data folder."""


@cache
def oracle_records() -> dict[str, dict[str, Any]]:
    """Every card of ``oracle.json`` by name: ``name``, ``set``, ``cost``, ``types``,
    ``supertypes``, ``subtypes`` (as printed), ``power``, ``toughness``, ``loyalty`` (strings or
    None) and ``oracle`` (the current Oracle text)."""
    records = json.loads((DATA / "oracle.json").read_text(encoding="utf-8"))
    return {r["name"]: r for r in records}


def oracle_text(name: str) -> str:
    """The current Oracle text of a card of ``oracle.json`` (``KeyError`` for another name)."""
    return str(oracle_records()[name]["oracle"])


@cache
def fdn_names() -> tuple[str, ...]:
    """The names of ``fdn/cards.txt``: every card of Magic: The Gathering Foundations the pool
    plays (basic lands included), in the file's order."""
    lines = (DATA / "fdn" / "cards.txt").read_text(encoding="utf-8").splitlines()
    return tuple(line.strip() for line in lines if line.strip() and not line.startswith("#"))


@cache
def card_facts() -> dict[str, dict[str, str]]:
    """The rows of ``fdn/card_facts.tsv`` by card name (after its ``#`` line, a header row):
    ``mana_cost``, ``power``, ``toughness``, ``loyalty``... as strings (empty: none)."""
    lines = (DATA / "fdn" / "card_facts.tsv").read_text(encoding="utf-8").splitlines()
    rows = csv.DictReader((ln for ln in lines if not ln.startswith("#")), delimiter="\t")
    return {row["name"]: row for row in rows}


def deck_files() -> dict[str, Path]:
    """The FDN deck files by their stem (``"FDN_top_07961_WR"``), sorted."""
    return {p.stem: p for p in sorted((DATA / "fdn" / "decks").glob("*.dck"))}


def pauper_files() -> dict[str, Path]:
    """The two Pauper lists by their stem (``"burn"``, ``"rally"``)."""
    return {p.stem: p for p in sorted((DATA / "pauper").glob("*.txt"))}
