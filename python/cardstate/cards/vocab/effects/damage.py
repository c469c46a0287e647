"""Damage (120), its prevention (615) and regeneration (701.19)."""

from __future__ import annotations

from dataclasses import dataclass

from cardstate.cards.vocab.selectors import (
    THIS,
    Amount,
    Selector,
)


@dataclass(frozen=True)
class DealDamage:
    """``source`` (default: this) deals ``n`` damage to each of ``to``."""

    to: Selector
    n: Amount
    source: Selector = THIS


@dataclass(frozen=True)
class Regenerate:
    """Regenerate each of ``what`` (701.19)."""

    what: Selector


@dataclass(frozen=True)
class PreventDamage:
    """ "Prevent all damage that would be dealt this turn" (615.1a) to the entities ``affects``
    names (kernel filter texts relative to the controller, docs/SEMANTICS.md §10: ``"players"``,
    ``"permanents"``, ``"creatures you control"``...); ``combat``: combat damage only. The
    prevention effect lasts until the end of the turn (514.2). Fog: ``PreventDamage(combat=True)``
    ("Prevent all combat damage that would be dealt this turn")."""

    affects: tuple[str, ...] = ("players", "permanents")
    combat: bool = False
