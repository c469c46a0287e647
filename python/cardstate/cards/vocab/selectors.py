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
    ``keywords`` must all be present; ``other`` excludes the source object itself;
    ``subtypes``: any of them (205.3: ``("Zombie",)``, "Goblins you control").

    An object also has none of ``not_types`` ("nonland", "noncreature"), none of the keywords
    ``without`` ("creature without flying"), a power of at least ``power_at_least`` ("with
    power 4 or greater", 208.1), is ``combat`` — ``"attacking"``, ``"blocking"`` or
    ``"attacking or blocking"`` (506.4; the kernel has no combat: a resolution is told which
    creatures are attacking and blocking) — and, when ``any_of`` is given, matches at least
    one of those filters too ("artifact, enchantment, or creature with flying"). A
    :class:`Static` ability's filter uses only types, subtypes, controller and ``other`` (the
    kernel's continuous-effect filters)."""

    types: tuple[str, ...] = ()
    players: bool = False
    objects: bool = True
    controller: Literal["you", "opponent"] | None = None
    keywords: tuple[str, ...] = ()
    other: bool = False
    zone: str = "battlefield"
    subtypes: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    without: tuple[str, ...] = ()
    power_at_least: int | None = None
    combat: Literal["attacking", "blocking", "attacking or blocking"] | None = None
    any_of: tuple[Filter, ...] = ()


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
class ControllerOf:
    """The controllers of the objects ``of`` selects, each once (last known information for an
    object that left: "Destroy target nonland permanent. Its controller creates …")."""

    of: Selector


@dataclass(frozen=True)
class Each:
    """Every entity matching ``filter`` as the effect happens, in id order."""

    filter: Filter


TOP_OF_LIBRARY = _Named("TOP_OF_LIBRARY")
"""The top card of the controller's library (on a bare kernel ``Game``, the lowest id there,
as drawing takes it); only a Berserk card's effects name it (a duel keeps libraries hidden)."""


Selector = _Named | Target | Each | ControllerOf


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


LIFE_LOST = _Named("LIFE_LOST")
"""The life lost so far by this resolution's :class:`~cardstate.cards.vocab.LoseLife` effects
("You gain life equal to the life lost this way", 119.3)."""


@dataclass(frozen=True)
class PowerOf:
    """The power of the (first) object ``of`` selects (208.1; last known information for one that
    left, 608.2h); 0 if none, or if its power is below 0."""

    of: Selector


@dataclass(frozen=True)
class LifeTotal:
    """The life total of the (first) player ``of`` selects (119.1); 0 if none, or if it is below
    0."""

    of: Selector


@dataclass(frozen=True)
class DistinctManaValues:
    """How many different mana values (202.3) the objects ``of`` selects have ("for each
    different mana value among nonland permanents you control")."""

    of: Selector


@dataclass(frozen=True)
class Minus:
    """The negative of an amount: "gets -2/-2" (only a :class:`~cardstate.cards.vocab.Pump`'s
    power and toughness are negative; a negative ``int`` there is one too)."""

    of: Amount


Amount = (
    int | _Named | CountersOn | Count | CostOf | PowerOf | LifeTotal | DistinctManaValues | Minus
)


@dataclass(frozen=True)
class AtLeast:
    """True when ``amount`` is at least ``n``."""

    amount: Amount
    n: int = 1


@dataclass(frozen=True)
class Exactly:
    """True when ``amount`` is exactly ``n`` ("if target player has exactly 10 life")."""

    amount: Amount
    n: int


Condition = AtLeast | Exactly
