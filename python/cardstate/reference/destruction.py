"""Destruction (CR 701.8; docs/SEMANTICS.md §6): destroying a permanent, what stops it
(indestructible, 702.12b) and what replaces it (a regeneration shield, 701.19; a shield counter,
122.1c, for an effect only), and tapping and untapping (regeneration taps).
"""

from __future__ import annotations

from cardstate.vocabulary import GRAVEYARD, SHIELD, STUN

from . import checks
from .entities import Obj
from .events import Event
from .zones import ZoneRules


class DestructionRules(ZoneRules):
    """701.8, 701.19: destroy, regenerate, tap."""

    def _destroy(self, obj: Obj, *, by_effect: bool) -> str:
        """701.8: destroy a permanent. Indestructible stops it (702.12b); a regeneration shield
        (oldest first, 701.19a) replaces it, or else, for an effect, a shield counter (122.1c).
        Returns "not", "regenerated", "shield" or "destroyed"."""
        if self._has_keyword(obj, "indestructible"):
            return "not"
        if obj.id in self._regenerations:
            self._regenerations.remove(obj.id)
            obj.tapped = True
            obj.damage = 0
            obj.deathtouched = False
            return "regenerated"
        if by_effect and obj.counters.get(SHIELD, 0) > 0:
            self._take(obj, SHIELD, 1)
            return "shield"
        self._emit(Event("destroyed", target=obj.id))
        self._move(obj, GRAVEYARD)
        return "destroyed"

    def destroy(self, x: int) -> bool:
        """Destroy permanent ``x`` as the result of an effect (701.8); return whether it was
        destroyed (indestructible, a regeneration shield or a shield counter can stop it)."""
        obj = self._object(checks.ident(x), mutate=True)
        self._in_play(obj, "destroy")
        return self._destroy(obj, by_effect=True) == "destroyed"

    def regenerate(self, x: int) -> None:
        """701.19a: the next time permanent ``x`` would be destroyed this turn, instead tap it
        and remove all damage from it."""
        obj = self._object(checks.ident(x), mutate=True)
        self._in_play(obj, "regenerate")
        self._regenerations.append(obj.id)

    def exile_instead_of_dying(self, x: int) -> int:
        """614.1a: "If permanent ``x`` would die this turn, exile it instead" (Fiery
        Annihilation): a replacement effect on it, ending at cleanup (514.2) or when it leaves
        the battlefield; its id."""
        obj = self._object(checks.ident(x), mutate=True)
        self._in_play(obj, "exile instead of dying")
        return self._push_effect("exile_instead_of_dying", None, obj.id, None, None)

    def regeneration_shields(self, x: int) -> int:
        """How many regeneration shields protect ``x``."""
        obj = self._read(x)
        return self._regenerations.count(obj.id)

    def tap(self, x: int) -> bool:
        """Tap permanent ``x``; return whether it was untapped."""
        obj = self._object(checks.ident(x), mutate=True)
        self._in_play(obj, "tap")
        was = obj.tapped
        obj.tapped = True
        return not was

    def untap(self, x: int) -> bool:
        """Untap permanent ``x``; return whether it became untapped. 122.1d: a tapped permanent
        with a stun counter on it stays tapped, and one stun counter is removed from it
        instead."""
        obj = self._object(checks.ident(x), mutate=True)
        self._in_play(obj, "untap")
        if not obj.tapped:
            return False
        if obj.counters.get(STUN, 0) > 0:
            self._take(obj, STUN, 1)
            return False
        obj.tapped = False
        return True

    def is_tapped(self, x: int) -> bool:
        """Whether ``x`` is tapped (last known information for a gone id)."""
        return self._read(x).tapped
