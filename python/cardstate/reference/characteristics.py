"""An object's characteristics (SEMANTICS §3, §5): reading them (power, toughness and keywords
through the layers of :mod:`~cardstate.reference.continuous`; name, types, controller, owner;
marked damage, loyalty, defense, toxic), and changing them directly: keywords granted and
revoked (with until-end-of-turn grants, 514.2), and power/toughness changes until end of turn.
"""

from __future__ import annotations

from typing import Any

from cardstate.vocabulary import DEFENSE, LOYALTY, PUMP_LIMIT

from . import checks
from .continuous import ContinuousRules
from .entities import Obj


class CharacteristicRules(ContinuousRules):
    """Reading and changing an object's characteristics."""

    # ------------------------------------------------------------------------------------------
    # §3 Characteristics (last known information for a gone id)
    # ------------------------------------------------------------------------------------------

    def controller(self, x: int) -> int:
        """The controller of ``x`` (LKI for a gone id)."""
        return self._read(x).controller

    def owner(self, x: int) -> int:
        """The owner of ``x``."""
        return self._read(x).owner

    def info(self, x: int) -> dict[Any, Any]:
        """The non-game elements of ``x`` (classic Berserk rule 109) as a new dict ({} if none)."""
        obj = self._read(x)
        return {} if obj.info is None else dict(obj.info)

    def name(self, x: int) -> str:
        """The name of ``x``."""
        return self._read(x).printed.name

    def supertypes(self, x: int) -> list[str]:
        """The supertypes of ``x`` (205.4) in the canonical order (basic legendary ongoing snow
        world)."""
        return list(self._read(x).printed.supertypes)

    def is_token(self, x: int) -> bool:
        """Whether ``x`` is a token (111.1; last known information for a gone id)."""
        return self._read(x).printed.token

    def types(self, x: int) -> list[str]:
        """The card types of ``x`` in the canonical order (artifact battle creature enchantment
        instant kindred land planeswalker sorcery terrain equipment spell event hero)."""
        return list(self._read(x).types)

    def subtypes(self, x: int) -> list[str]:
        """The subtypes of ``x`` in the order given, then those effects add (613.1d)."""
        obj = self._read(x)
        return self._subtypes(obj) if self._continuous else list(obj.subtypes)

    def power(self, x: int) -> int | None:
        """Power: base + P/T counters + until-end-of-turn changes (None for a non-creature
        without a printed power; a creature without one has base 0)."""
        return self._power(self._read(x))

    def toughness(self, x: int) -> int | None:
        """Toughness, as :meth:`power`."""
        return self._toughness(self._read(x))

    def damage(self, x: int) -> int:
        """The damage marked on ``x`` (120.3e)."""
        return self._read(x).damage

    def loyalty(self, x: int) -> int:
        """The number of loyalty counters on ``x``."""
        return self._read(x).counters.get(LOYALTY, 0)

    def defense(self, x: int) -> int:
        """The number of defense counters on ``x``."""
        return self._read(x).counters.get(DEFENSE, 0)

    def has_keyword(self, x: int, kw: str) -> bool:
        """Whether ``x`` has keyword ``kw``: from a keyword counter (122.1b), granted, or
        printed and not revoked."""
        xid = checks.ident(x)
        name = checks.text(kw, "a keyword")
        obj = self._object(xid)
        return self._has_keyword(obj, checks.known_keyword(name))

    def toxic(self, x: int) -> int:
        """The total toxic value of ``x`` (702.164b), continuous effects applied."""
        return self._toxic(self._read(x))

    # ------------------------------------------------------------------------------------------
    # §5 Keywords granted and revoked, until-end-of-turn P/T changes
    # ------------------------------------------------------------------------------------------

    def grant(self, x: int, keyword: str, *, until_end_of_turn: bool = False) -> None:
        """``x`` gains ``keyword`` (until cleanup if ``until_end_of_turn``). A flyer's movement
        reads None (Berserk 108.1). Toxic is valued: it can't be granted (ValueError)."""
        xid = checks.ident(x)
        name = checks.text(keyword, "a keyword")
        eot = checks.flag(until_end_of_turn, "until_end_of_turn")
        obj = self._object(xid, mutate=True)
        kw = _grantable(name)
        if eot:
            obj.granted_eot.add(kw)
        else:
            obj.granted.add(kw)

    def revoke(self, x: int, keyword: str) -> None:
        """``x`` loses ``keyword``: every grant of it ends and a printed one no longer counts
        (until x changes zones). Keyword counters still grant it (122.1b). A Berserk creature
        that loses flying has its movement back (108.2)."""
        xid = checks.ident(x)
        name = checks.text(keyword, "a keyword")
        obj = self._object(xid, mutate=True)
        self._lose_keyword(obj, _grantable(name))

    @staticmethod
    def _lose_keyword(obj: Obj, kw: str) -> None:
        obj.granted.discard(kw)
        obj.granted_eot.discard(kw)
        obj.revoked.add(kw)

    def pump(self, x: int, power: int, toughness: int) -> None:
        """Permanent ``x`` gets +power/+toughness until end of turn (any sign)."""
        xid = checks.ident(x)
        dp = checks.int64(power, "power")
        dt = checks.int64(toughness, "toughness")
        obj = self._object(xid, mutate=True)
        self._in_play(obj, "pump")
        checks.signed_stat(dp, "power")
        checks.signed_stat(dt, "toughness")
        new_power, new_toughness = obj.pump_power + dp, obj.pump_toughness + dt
        if max(abs(new_power), abs(new_toughness)) >= PUMP_LIMIT:
            raise OverflowError(
                f"the power/toughness change would overflow (|total| < 2**62): "
                f"{new_power}/{new_toughness}"
            )
        obj.pump_power, obj.pump_toughness = new_power, new_toughness


def _grantable(keyword: str) -> str:
    """A keyword that can be granted or revoked: known, and not the valued ``toxic``."""
    kw = checks.known_keyword(keyword)
    if kw == "toxic":
        raise ValueError("toxic is a valued keyword: it is set at creation, not granted or revoked")
    return kw
