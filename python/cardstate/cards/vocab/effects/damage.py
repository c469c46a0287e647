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
    """``source`` (default: this) deals ``n`` damage to each of ``to``. ``divided``: "deals
    ``n`` damage divided as you choose among" the entities of target ``to`` (a
    ``Target(i)``, 601.2d): each is dealt its share of the division chosen as it was put on the
    stack (at least 1 each; an illegal target's share is not dealt, 608.2b)."""

    to: Selector
    n: Amount
    source: Selector = THIS
    divided: bool = False


@dataclass(frozen=True)
class Fight:
    """``a`` fights ``b`` (701.14a): each deals damage equal to its power to the other; no
    damage is dealt if either is no longer a creature on the battlefield (701.14b). "Target
    creature you control fights target creature you don't control":
    ``Fight(Target(0), Target(1))``."""

    a: Selector
    b: Selector


@dataclass(frozen=True)
class Bite:
    """``source`` deals damage equal to its power to each of ``to`` (a one-sided fight,
    701.14): no damage if the source is no longer a creature on the battlefield. "Target
    creature you control deals damage equal to its power to target creature …":
    ``Bite(Target(0), Target(1))``."""

    source: Selector
    to: Selector


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


@dataclass(frozen=True)
class PreventDamageTo:
    """ "Prevent all [combat] damage that would be dealt to it this turn" (615.1a): a prevention
    effect on each object or player ``to`` selects as this part resolves, until the end of the
    turn (514.2) or until it leaves its zone (400.7: a new object). ``combat``: combat damage
    only. Fleeting Flight: ``PreventDamageTo(Target(0), combat=True)``."""

    to: Selector
    combat: bool = False


@dataclass(frozen=True)
class ExileInsteadOfDying:
    """ "If that creature would die this turn, exile it instead" (614.1a): a replacement effect
    on each permanent ``what`` selects as this part resolves, until the end of the turn (514.2)
    or until it leaves the battlefield (400.7). Fiery Annihilation:
    ``ExileInsteadOfDying(Target(0))``."""

    what: Selector
