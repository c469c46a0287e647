"""A card (108): its characteristics, Oracle text, non-game elements and abilities."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardstate.cards.vocab.abilities import Ability


@dataclass(frozen=True)
class Card:
    """A card: its characteristics (cost as printed, e.g. ``"{1}{G}"``, ``"{X}{X}"``,
    ``"{R/G}"``, ``"{U/P}"``), Oracle text (stored, never parsed), the non-game ``info`` of rule
    109, and its abilities."""

    name: str
    types: tuple[str, ...]
    cost: str | None = None
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: Mapping[str, int] | Sequence[str] = ()
    oracle: str = ""
    info: Mapping[str, Any] = field(default_factory=dict)
    abilities: tuple[Ability, ...] = ()
