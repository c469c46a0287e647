"""Who or what an effect acts on (selectors), how much (amounts), and when (conditions); the
filters they and targets use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Filter:
    """Which entities match: objects of any of ``types`` (none given: any object) in ``zone``,
    and players if ``players``; ``controller`` is relative to the ability's controller
    (``"you"``, ``"opponent"`` or ``None`` for anyone; for a player, the player itself);
    ``keywords`` must all be present; ``other`` excludes the source object itself.
    ``subtypes`` (any of them, 205.3: ``("Zombie",)``) only in a :class:`Static` ability's
    filter."""

    types: tuple[str, ...] = ()
    players: bool = False
    objects: bool = True
    controller: Literal["you", "opponent"] | None = None
    keywords: tuple[str, ...] = ()
    other: bool = False
    zone: str = "battlefield"
    subtypes: tuple[str, ...] = ()


CREATURE = Filter(types=("creature",))
"""Target creature."""


ANY_TARGET = Filter(types=("creature", "planeswalker", "battle"), players=True)
"""'Any target' (115.4): a creature, a player, a planeswalker or a battle."""


OPPONENT = Filter(players=True, objects=False, controller="opponent")
"""Target opponent."""


@dataclass(frozen=True)
class _Named:
    name: str

    def __repr__(self) -> str:
        return self.name


THIS = _Named("THIS")
"""The source object of the spell or ability ("~", "it")."""


YOU = _Named("YOU")
"""The controller of the spell or ability."""


EACH_OPPONENT = _Named("EACH_OPPONENT")
"""Each opponent of the controller."""


TRIGGERING = _Named("TRIGGERING")
"""The object or player the trigger event was about (e.g. the creature that became the
target)."""


@dataclass(frozen=True)
class Target:
    """The entities chosen for the ``index``-th declared target (those still legal, 608.2b)."""

    index: int = 0


@dataclass(frozen=True)
class Each:
    """Every entity matching ``filter`` as the effect happens, in id order."""

    filter: Filter


TOP_OF_LIBRARY = _Named("TOP_OF_LIBRARY")
"""The top card of the controller's library (on a bare kernel ``Game``, the lowest id there,
as drawing takes it); only a Berserk card's effects name it (a duel keeps libraries hidden)."""


Selector = _Named | Target | Each


X = _Named("X")
"""The value of X chosen for the spell or ability."""


THAT_MUCH = _Named("THAT_MUCH")
"""The amount of {E} paid by the last :class:`PayAnyAmountOfEnergy` of this resolution."""


@dataclass(frozen=True)
class CountersOn:
    """How many counters of ``kind`` the (first) entity of ``of`` has."""

    of: Selector
    kind: str


@dataclass(frozen=True)
class Count:
    """How many entities ``of`` selects."""

    of: Selector


@dataclass(frozen=True)
class CostOf:
    """The cost of the (first) object of ``of``, with X counted as 0 and the cost modifiers
    that apply to it where it is (Berserk 105.1, 104.3); 0 if it selects none."""

    of: Selector


Amount = int | _Named | CountersOn | Count | CostOf


@dataclass(frozen=True)
class AtLeast:
    """True when ``amount`` is at least ``n``."""

    amount: Amount
    n: int = 1


Condition = AtLeast
