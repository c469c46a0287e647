"""Foundations (FDN) as Limited sees it: each of the set's 286 cards with its rarity, its booster
sheet, its colours and its mana value, read from the packaged card data (``cards/data``, whose
README credits the sources): ``fdn/rarities.tsv`` (rarity and sheet), ``oracle.json`` (cost and
types) and ``fdn/card_facts.tsv`` (the colours a land's mana has)."""

from __future__ import annotations

import csv
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from cardstate.cards.fdn.data import DATA, card_facts, fdn_names, oracle_records

__all__ = [
    "BASIC_LANDS",
    "COLOURS",
    "RARITIES",
    "SHEETS",
    "SetCard",
    "card_index",
    "fdn_set",
    "sheet",
]

COLOURS = "WUBRG"
"""The five colours in the rules' order (CR 105.1)."""

BASIC_LANDS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
"""The basic land that makes each colour's mana (CR 305.6)."""

RARITIES = ("common", "uncommon", "rare", "mythic", "special", "basic land")
"""The values of :attr:`SetCard.rarity`: ``special`` is a card of the Special Guests sheet."""

SHEETS = ("main", "gain land", "basic", "special guest")
"""The booster sheets (:attr:`SetCard.sheet`): the main set's cards, its ten common gain lands
(only in the land slot), the five basic lands, the ten Special Guests."""

_SYMBOL = re.compile(r"\{([^}]*)\}")


@dataclass(frozen=True)
class SetCard:
    """One card of the set, as a drafter and a deck builder see it."""

    name: str
    number: int
    """The collector number (in the set ``SPG`` for a Special Guest)."""
    rarity: str
    sheet: str
    colours: str
    """Its colours (CR 105.2), in WUBRG order: the colours of its mana cost's symbols; a land's
    are the colours of the mana it adds. Empty: colourless."""
    mana_value: int
    """CR 202.3 (X counts as 0)."""
    types: tuple[str, ...]
    pips: Mapping[str, int]
    """How many mana symbols of each colour its cost has (hybrid symbols count for both)."""

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types


def _cost_facts(cost: str) -> tuple[int, dict[str, int]]:
    value = 0
    pips: dict[str, int] = {}
    for sym in _SYMBOL.findall(cost):
        parts = sym.split("/")
        if sym.isdigit():
            value += int(sym)
        elif sym in ("X", "Y"):
            continue
        else:
            value += 1
            for p in parts:
                if p in COLOURS:
                    pips[p] = pips.get(p, 0) + 1
    return value, pips


@cache
def fdn_set() -> Mapping[str, SetCard]:
    """Every card of ``fdn/cards.txt`` by name (in the file's order)."""
    lines = (DATA / "fdn" / "rarities.tsv").read_text(encoding="utf-8").splitlines()
    rows = {
        r["name"]: r
        for r in csv.DictReader((ln for ln in lines if not ln.startswith("#")), delimiter="\t")
    }
    oracle = oracle_records()
    facts = card_facts()
    out: dict[str, SetCard] = {}
    for name in fdn_names():
        row, rec = rows[name], oracle[name]
        value, pips = _cost_facts(rec["cost"])
        colours = set(pips)
        if "Land" in rec["types"]:
            colours |= {c for c in facts[name].get("land_mana", "") if c in COLOURS}
        out[name] = SetCard(
            name=name,
            number=int(row["number"]),
            rarity=row["rarity"],
            sheet=row["sheet"],
            colours="".join(c for c in COLOURS if c in colours),
            mana_value=value,
            types=tuple(rec["types"]),
            pips=pips,
        )
    return out


@cache
def sheet(name: str, rarity: str | None = None) -> tuple[str, ...]:
    """The names of booster sheet ``name`` (one of :data:`SHEETS`), of one rarity if given,
    in the set file's order."""
    return tuple(
        c.name
        for c in fdn_set().values()
        if c.sheet == name and (rarity is None or c.rarity == rarity)
    )


@cache
def card_index() -> Mapping[str, int]:
    """Each card's index in the set (the order of ``fdn/cards.txt``): the environments' card
    ids."""
    return {name: i for i, name in enumerate(fdn_set())}
