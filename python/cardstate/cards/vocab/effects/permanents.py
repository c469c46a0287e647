"""Changes of permanents: destroy (701.8), until-end-of-turn changes (611.2c, 613), tapping
(701.26), attaching (701.3)."""

from __future__ import annotations

from dataclasses import dataclass

from cardstate.cards.vocab.selectors import (
    Amount,
    Selector,
)


@dataclass(frozen=True)
class Destroy:
    """Destroy each of ``what`` (701.8: indestructible permanents aren't)."""

    what: Selector


@dataclass(frozen=True)
class Pump:
    """Each of ``who`` gets +``power``/+``toughness`` until end of turn (a negative ``int`` or
    :class:`~cardstate.cards.vocab.Minus` for "-2/-2")."""

    who: Selector
    power: Amount
    toughness: Amount


@dataclass(frozen=True)
class Grant:
    """Each of ``who`` gains ``keyword`` until end of turn."""

    who: Selector
    keyword: str


@dataclass(frozen=True)
class SwitchPowerToughness:
    """Switch the power and toughness of each of ``who`` until end of turn (613.4e, layer 7e)."""

    who: Selector


@dataclass(frozen=True)
class DoublePower:
    """Double the power of each of ``who`` until end of turn (701.10a–b): it gets +X/+0, X its
    power as this resolves (a negative power gets that much less)."""

    who: Selector


@dataclass(frozen=True)
class Tap:
    """Tap each of ``what``."""

    what: Selector


@dataclass(frozen=True)
class Untap:
    """Untap each of ``what``."""

    what: Selector


@dataclass(frozen=True)
class Attach:
    """Attach ``what`` (an Aura or Equipment: the source, :data:`THIS`) to ``to`` (701.3a:
    "attach it to target creature you control"; an Equip ability, 702.6a). Attaching it to the
    object it is attached to already does nothing (701.3b). The duels keep the link; a bare
    ``Game`` has none and does nothing."""

    what: Selector
    to: Selector


@dataclass(frozen=True)
class Becomes:
    """Each of ``what`` becomes a ``subtypes`` ("This creature becomes a Werewolf"): the
    subtypes replace all it has (205.1a; layer 4, 613.1d), for as long as it stays (611.2c:
    locked in to it)."""

    what: Selector
    subtypes: tuple[str, ...]


@dataclass(frozen=True)
class GainsAbility:
    """Each of ``what`` gains ``ability``, a :class:`Triggered` ability of subject ``THIS``
    ("it … gains 'Whenever Kellan deals combat damage to a player, …'", 613.1f, layer 6), for
    as long as it stays (611.2c: no duration; 400.7: not the object it becomes if it leaves).
    The ability compiles to a triggered ability of the card's, after its own, marked
    ``"gained": true``: it triggers only for an object that gained it. The duels keep which
    objects gained it; a bare ``Game`` keeps none (the ability never triggers there)."""

    what: Selector
    ability: object


@dataclass(frozen=True)
class GainControlUntilEndOfTurn:
    """ "Gain control of target creature until end of turn." (a control-changing effect,
    613.1b, layer 2): the controller of this ability controls each of ``what`` until the
    cleanup step (514.2), when each still on the battlefield returns to the control of the
    player who controlled it before. Under its new controller it has summoning sickness
    (302.6). The duels keep the return; on a bare ``Game`` (no turns) the control lasts."""

    what: Selector


@dataclass(frozen=True)
class BecomesCreature:
    """Each of ``what`` becomes a ``power``/``toughness`` creature with ``keywords`` ("This
    land becomes a 3/3 creature with vigilance and all creature types. It's still a land."):
    a creature in addition to its card types (205.1b, layer 4), base power and toughness set
    (613.4b, layer 7b), the keywords gained (layer 6) and, with ``all_creature_types``, every
    creature type (205.3m); for as long as it stays (611.2c: no "until end of turn")."""

    what: Selector
    power: int
    toughness: int
    keywords: tuple[str, ...] = ()
    all_creature_types: bool = False
