"""Protection (702.16) and hexproof from a quality (702.11d): what a permanent with them refuses
of an object with the stated quality. The kernel keeps them as keywords ("protection from red",
"protection from everything", "hexproof from instants"); the duels ask here where targets
(702.16b), blocks (702.16f), attachments (702.16c-d) and damage (702.16e) are decided, giving
the colours the other object has now (a bit per colour in WUBRG order)."""

from __future__ import annotations

from typing import Any

from cardstate.reference.cards.objects import _entity, _is_player
from cardstate.reference.game import Game

COLOURS = "WUBRG"
PROTECTION_FROM = tuple(f"protection from {c}" for c in ("white", "blue", "black", "red", "green"))
"""The protection keywords from each colour, in WUBRG order (bit i: ``PROTECTION_FROM[i]``)."""
EVERYTHING = "protection from everything"


def card_colours(card: Any) -> int:
    """A card's colours (105.2, 202.2): of its mana cost's coloured, hybrid and Phyrexian
    symbols, a bit each in WUBRG order (none without a cost)."""
    cost = card.get("cost") if card is not None else None
    text = cost["text"] if cost else ""
    mask = 0
    for sym in text.replace("}", "").split("{"):
        for i, c in enumerate(COLOURS):
            if c in sym.split("/"):
                mask |= 1 << i
    return mask


def protected_from(game: Game, eid: int, colours: int) -> bool:
    """702.16a, 702.16j: whether permanent ``eid`` has protection from an object of
    ``colours`` now (from one of its colours, or from everything: every object, colourless
    too)."""
    ent = _entity(game, eid)
    if ent is None or _is_player(game, eid):
        return False
    if game._has_keyword(ent, EVERYTHING):
        return True
    return any(
        colours >> i & 1 and game._has_keyword(ent, k) for i, k in enumerate(PROTECTION_FROM)
    )


def targetable_by(game: Game, eid: int, controller: int, colours: int, instant: bool) -> bool:
    """702.16b, 702.16j, 702.11d: whether a spell or ability of ``colours`` (an instant spell
    or not) controlled by ``controller`` may target ``eid``: not a permanent with protection
    from it, nor, for an instant spell, a permanent with hexproof from instants an opponent of
    ``controller`` controls."""
    ent = _entity(game, eid)
    if ent is None:
        return False
    if _is_player(game, eid):
        return True
    if protected_from(game, eid, colours):
        return False
    return not (
        instant
        and ent.controller != controller
        and game._has_keyword(ent, "hexproof from instants")
    )


def prevents_damage(game: Game, src: int, colours: int, recipient: int, combat: bool) -> bool:
    """702.16e, 702.16j: whether damage from ``src`` (of ``colours``) to ``recipient`` is
    prevented by the recipient's protection: damage that can't be prevented (615.12) isn't."""
    return protected_from(game, recipient, colours) and game._prevention_allowed(
        _entity(game, src), _entity(game, recipient), combat
    )


def blockable_by(game: Game, attacker: int, colours: int) -> bool:
    """702.16f, 702.16j: whether attacking creature ``attacker`` may be blocked by a creature
    of ``colours``."""
    return not protected_from(game, attacker, colours)


def attachable(game: Game, eid: int, colours: int) -> bool:
    """702.16c-d, 702.16j: whether an Aura or Equipment of ``colours`` may be attached to
    permanent ``eid`` (one already attached that may not falls off as a state-based action,
    704.5m-n)."""
    return not protected_from(game, eid, colours)
