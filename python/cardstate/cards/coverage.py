"""Which cards of a deck or a list can be played, and why the others can't
(``cardstate cards coverage``).

A card is **playable** with a pool when the pool defines it, its definition has every ability
its Oracle text has, and the duel runs every part of it. The reasons a card isn't:

- it is not a card of the pool;
- its definition lacks an ability of its Oracle text, which the card layer can't express yet
  (the pool declares it: :data:`cardstate.cards.fdn.GAPS` and
  :data:`cardstate.cards.pauper.GAPS`);
- the duel lacks something it uses (:func:`duel_gaps`, read from the compiled card: the card
  runs on a bare ``Game`` through ``cardstate.cards`` on both implementations, but the duel
  doesn't make that choice or keep that fact yet).

A Berserk card is playable when it plays on a ``ruleset="berserk"`` ``Game`` in both
interpreters (no duel plays Berserk): every card of the Berserk pool but one with an effect
written in Python, which Rust-only paths refuse (:func:`berserk_gaps`). Its report notes what a
reconstructed card is made from.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardstate.cards.cardpool import CardPool, pool_arg
from cardstate.cards.deckfile import parse_deck

__all__ = [
    "CardCoverage",
    "berserk_gaps",
    "card_coverage",
    "coverage",
    "declared_gaps",
    "duel_gaps",
    "read_names",
]


@dataclass(frozen=True)
class CardCoverage:
    """Whether a card is playable with a pool, and if not, why (``reasons``, each a sentence);
    ``notes``: what else a reader should know of a playable one (a Berserk card reconstructed
    from the rules' examples)."""

    name: str
    playable: bool
    reasons: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


# What the duel doesn't run yet, as the compiled form shows it (docs/CARDS.md, "Coverage").
PYTHON = "an effect written in Python: the duel runs without Python"


def duel_gaps(data: Mapping[str, Any]) -> list[str]:
    """What the duel doesn't run yet of a compiled card (``CompiledCard.data``), each once, in
    a fixed order; empty when the duel plays all of it."""
    found: set[str] = set()
    if data.get("python"):
        found.add(PYTHON)
    order = (PYTHON,)
    return [g for g in order if g in found]


BERSERK_PYTHON = "an effect written in Python: the Rust runtime refuses it"
RECONSTRUCTED = "reconstructed from the rules' examples"


def berserk_gaps(data: Mapping[str, Any]) -> list[str]:
    """What keeps a compiled Berserk card (``CompiledCard.data``) from playing on a
    ``ruleset="berserk"`` Game in both interpreters; empty when nothing does."""
    return [BERSERK_PYTHON] if data.get("python") else []


def declared_gaps(pool: CardPool) -> Mapping[str, str]:
    """The abilities a built-in pool's definitions lack (card name -> what and why): the
    Foundations and the Pauper pools declare theirs."""
    if pool.builtin and pool.name in ("fdn", "pauper"):
        from cardstate.cards import fdn, pauper

        return {n: gap for n, gap in {**fdn.GAPS, **pauper.GAPS}.items() if n in pool}
    return {}


def card_coverage(name: str, pool: object = "fdn") -> CardCoverage:
    """Whether card ``name`` is playable with ``pool`` (a pool or a built-in pool's name)."""
    return coverage([name], pool)[0]


def coverage(names: Iterable[str], pool: object = "fdn") -> list[CardCoverage]:
    """Each distinct card of ``names``, in order of first appearance, playable with ``pool``
    or not and why."""
    p = pool_arg(pool)
    declared = declared_gaps(p)
    out: list[CardCoverage] = []
    seen: set[str] = set()
    for name in names:
        if name in seen:
            continue
        seen.add(name)
        if name not in p:
            reason = f"not a card of the pool {p.name!r} (not defined yet)"
            out.append(CardCoverage(name, False, (reason,)))
            continue
        data = p[name].data
        if p[name].game == "berserk":
            reasons = berserk_gaps(data)
            notes = (RECONSTRUCTED,) if data["berserk"]["reconstructed"] else ()
            out.append(CardCoverage(name, not reasons, tuple(reasons), notes))
            continue
        reasons = []
        if name in declared:
            reasons.append(f"its definition lacks {declared[name]}")
        reasons += [f"the duel: {g}" for g in duel_gaps(data)]
        out.append(CardCoverage(name, not reasons, tuple(reasons)))
    return out


def read_names(path: str | os.PathLike[str]) -> list[str]:
    """The card names of a file: a deck file's mainboard (``N Card Name`` or ``N [SET:num] Card
    Name`` lines, as :func:`cardstate.cards.load_deck`), or a list of names, one a line (``#``
    lines and blank lines skipped, as ``fdn/cards.txt``)."""
    p = os.fspath(path)
    with open(p, encoding="utf-8") as fh:
        text = fh.read()
    try:
        return parse_deck(text, p)
    except ValueError:
        lines = (ln.strip() for ln in text.splitlines())
        return [ln for ln in lines if ln and not ln.startswith(("#", "//"))]
