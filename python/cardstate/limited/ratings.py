"""A card-quality table for the rating drafter and the deck builder.

17lands publishes FDN game-in-hand win rates (GIH WR) under CC BY 4.0, but the package has no
copy of them: the table shipped here, :func:`proxy_ratings`, is a **proxy** computed from the
packaged card facts by the documented formula below, on the same scale (a win rate in percent,
about 45 to 62). It is not 17lands' data and it ranks cards only roughly. A user who has 17lands'
card-ratings export for FDN reads it with :func:`read_17lands_csv` and passes the mapping to the
drafter and to ``build`` (``ratings=``).

The proxy, for a card of the set (:mod:`cardstate.limited.setdata`):

- a base by rarity: common 50, uncommon 52, rare 55, mythic 56, Special Guest 55; a gain land
  47; a basic land 0 (a drafter never prefers a basic to a card);
- a creature: + (power + toughness - 2 x mana value - 1), clipped to [-4, 4] (its size for its
  cost), + its combat keywords (flying 2, double strike 2, deathtouch 1, first strike 1,
  lifelink 1, menace 1, indestructible 1.5, ward 1, trample, haste, vigilance, reach and flash
  0.5 each, defender -3);
- removal in its Oracle text ("destroy / exile target ... creature", "deals N damage to target",
  "fights"): + 4; card draw + 1.5; a token maker + 1; a counterspell or a bounce + 0.5;
- mana value above 6: - 1 for each point above.
"""

from __future__ import annotations

import csv
import os
import re
from collections.abc import Mapping
from functools import cache

from cardstate.cards.fdn.data import card_facts, oracle_records
from cardstate.limited.setdata import fdn_set

__all__ = ["proxy_ratings", "rating_of", "read_17lands_csv"]

_BASE = {"common": 50.0, "uncommon": 52.0, "rare": 55.0, "mythic": 56.0, "special": 55.0}
_KEYWORDS = {
    "Flying": 2.0,
    "DoubleStrike": 2.0,
    "Deathtouch": 1.0,
    "FirstStrike": 1.0,
    "Lifelink": 1.0,
    "Menace": 1.0,
    "Indestructible": 1.5,
    "Ward": 1.0,
    "Trample": 0.5,
    "Haste": 0.5,
    "Vigilance": 0.5,
    "Reach": 0.5,
    "Flash": 0.5,
    "Defender": -3.0,
}
_REMOVAL = re.compile(
    r"(destroy|exile) (target|each|all)[^.]*creature|deals? [^.]*damage to (any )?target|fights?",
    re.IGNORECASE,
)


def _number(s: str | None) -> int:
    return int(s) if s and s.isdigit() else 0


@cache
def proxy_ratings() -> Mapping[str, float]:
    """The proxy rating of every card of the set by name (the module's formula)."""
    oracle = oracle_records()
    facts = card_facts()
    out: dict[str, float] = {}
    for name, card in fdn_set().items():
        if card.sheet == "basic":
            out[name] = 0.0
            continue
        score = 47.0 if card.sheet == "gain land" else _BASE[card.rarity]
        rec, fact = oracle[name], facts[name]
        if card.is_creature:
            size = _number(rec["power"]) + _number(rec["toughness"]) - 2 * card.mana_value - 1
            score += max(-4, min(4, size))
            score += sum(_KEYWORDS.get(k, 0.0) for k in fact["keywords"].split(",") if k)
        features = set(fact["features"].split(","))
        text = rec["oracle"]
        if _REMOVAL.search(text):
            score += 4.0
        if "draw" in features:
            score += 1.5
        if "token_maker" in features:
            score += 1.0
        if features & {"counterspell", "bounce_to_hand"}:
            score += 0.5
        score -= max(0, card.mana_value - 6)
        out[name] = round(score, 2)
    return out


def rating_of(name: str, ratings: Mapping[str, float] | None = None) -> float:
    """``name``'s rating in ``ratings`` (the proxy table by default); a card the table doesn't
    rate counts as 0."""
    table = proxy_ratings() if ratings is None else ratings
    return float(table.get(name, 0.0))


def read_17lands_csv(path: str | os.PathLike[str]) -> dict[str, float]:
    """A card-ratings table from 17lands' card-ratings CSV export: its ``Name`` column and its
    ``GIH WR`` column (a percentage like ``"58.3%"``); rows with no GIH WR are left out.
    ``ValueError`` when the file lacks those columns."""
    with open(path, encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        fields = reader.fieldnames or []
        if "Name" not in fields or "GIH WR" not in fields:
            raise ValueError(f"{os.fspath(path)!r} has no 'Name' and 'GIH WR' columns")
        out: dict[str, float] = {}
        for row in reader:
            value = (row["GIH WR"] or "").strip().rstrip("%")
            if value:
                try:
                    out[row["Name"]] = float(value)
                except ValueError:
                    raise ValueError(
                        f"{os.fspath(path)!r}: GIH WR {row['GIH WR']!r} of {row['Name']!r} "
                        "is not a number"
                    ) from None
        return out
