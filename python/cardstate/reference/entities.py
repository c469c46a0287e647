"""The records of the entities the reference model keeps: players, objects (with their printed
characteristics), and the Berserk cost modifiers that live beside them.

These are plain mutable records, held by :class:`~cardstate.reference.state.State`; the rules
live in the rule modules (:mod:`cardstate.reference.game` lists them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardstate.vocabulary import BATTLEFIELD, DEFENSE, LOYALTY, STARTING_LIFE


@dataclass(frozen=True, slots=True)
class Printed:
    """The characteristics an object was created with (what is printed on the card).

    A card that changes zones becomes a new object with exactly these characteristics (400.7).
    Immutable, so old and new objects (and clones) share one instance.
    """

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: frozenset[str]  # "flying" included when created with flying=True (Berserk)
    toxic: int  # total toxic value of the printed keywords (702.164b)
    power: int | None
    toughness: int | None
    loyalty: int | None
    defense: int | None
    cost: int | None  # the numeric part of the cost; None: the card has no cost
    cost_x: int  # how many X the cost contains (105.1: X counts as 0 unless chosen)
    strength: int | None
    lives: int | None
    movement: int | None
    elite: bool
    supertypes: tuple[str, ...] = ()  # 205.4: legendary, basic, ... in the canonical order
    token: bool = False  # 111.1: every object it becomes is a token (111.8, 704.5d)

    def __deepcopy__(self, memo: dict[int, Any]) -> Printed:
        return self

    def __copy__(self) -> Printed:
        return self

    def canonical(self) -> tuple[Any, ...]:
        """Everything, in a fixed order, keywords sorted."""
        return (
            self.name,
            self.types,
            self.subtypes,
            tuple(sorted(self.keywords)),
            self.toxic,
            self.power,
            self.toughness,
            self.loyalty,
            self.defense,
            self.cost,
            self.cost_x,
            self.strength,
            self.lives,
            self.movement,
            self.elite,
            self.supertypes,
            self.token,
        )


class Player:
    """A player: life total, counters (poison, energy, ...) and whether it has lost."""

    __slots__ = ("id", "life", "counters", "lost")

    def __init__(self, pid: int) -> None:
        self.id: int = pid
        self.life: int = STARTING_LIFE
        self.counters: dict[str, int] = {}
        self.lost: bool = False

    def copy(self) -> Player:
        """An independent copy."""
        new = Player(self.id)
        new.life = self.life
        new.counters = dict(self.counters)
        new.lost = self.lost
        return new

    def canonical(self, sort_counters: bool) -> tuple[Any, ...]:
        counters = sorted(self.counters.items()) if sort_counters else list(self.counters.items())
        return (self.id, self.life, tuple(counters), self.lost)


class Obj:
    """A card or token in a zone. Once it has moved (``gone``), the record is frozen as its last
    known information and ``moved_to``/``new_id`` say where the card went; a token that ceased
    to exist (704.5d) is gone with neither."""

    __slots__ = (
        "id",
        "owner",
        "controller",
        "zone",
        "printed",
        "info",
        "types",
        "subtypes",
        "strength",
        "movement",
        "elite",
        "counters",
        "damage",
        "deathtouched",
        "granted",
        "granted_eot",
        "revoked",
        "pump_power",
        "pump_toughness",
        "gone",
        "moved_to",
        "new_id",
        "lives",
        "tapped",
        "remembered",
    )

    def __init__(
        self, oid: int, owner: int, zone: str, printed: Printed, info: dict[Any, Any] | None
    ) -> None:
        self.id: int = oid
        self.owner: int = owner
        self.controller: int = owner
        self.zone: str = zone
        self.printed: Printed = printed
        self.info: dict[Any, Any] | None = info
        # characteristics that effects can change (108.1, 108.2)
        self.types: list[str] = list(printed.types)
        self.subtypes: list[str] = list(printed.subtypes)
        self.strength: int | None = printed.strength
        self.movement: int | None = printed.movement
        self.lives: int | None = printed.lives  # base lives; a terrain has none (108.2)
        self.elite: bool = printed.elite
        self.counters: dict[str, int] = {}
        # 306.5b, 310.4b: planeswalkers and battles enter with loyalty / defense counters
        # (no event)
        if zone == BATTLEFIELD:
            if "planeswalker" in printed.types and printed.loyalty:
                self.counters[LOYALTY] = printed.loyalty
            if "battle" in printed.types and printed.defense:
                self.counters[DEFENSE] = printed.defense
        self.damage: int = 0  # marked damage (120.3e), removed in cleanup (514.2)
        self.deathtouched: bool = False  # dealt damage by a deathtouch source (702.2b)
        self.granted: set[str] = set()
        self.granted_eot: set[str] = set()  # granted until end of turn
        self.revoked: set[str] = set()  # printed keywords it has lost
        self.pump_power: int = 0
        self.pump_toughness: int = 0
        self.gone: bool = False
        self.moved_to: str | None = None
        self.new_id: int | None = None
        self.tapped: bool = False  # a status, not a counter
        # As it last existed with the continuous effects that applied to it (113.7a): its
        # keywords (without those of counters), toxic value and base P/T if an effect set them.
        self.remembered: tuple[frozenset[str], int, tuple[int, int] | None] | None = None

    def copy(self) -> Obj:
        """An independent copy (the immutable printed characteristics are shared)."""
        new = Obj.__new__(Obj)
        for name in Obj.__slots__:
            setattr(new, name, getattr(self, name))
        new.info = None if self.info is None else dict(self.info)
        new.types = list(self.types)
        new.subtypes = list(self.subtypes)
        new.counters = dict(self.counters)
        new.granted = set(self.granted)
        new.granted_eot = set(self.granted_eot)
        new.revoked = set(self.revoked)
        return new

    def canonical(self, sort_counters: bool) -> tuple[Any, ...]:
        counters = sorted(self.counters.items()) if sort_counters else list(self.counters.items())
        return (
            self.id,
            self.owner,
            self.controller,
            self.zone,
            self.printed.canonical(),
            tuple(self.types),
            tuple(self.subtypes),
            self.strength,
            self.movement,
            self.elite,
            tuple(counters),
            self.damage,
            self.deathtouched,
            tuple(sorted(self.granted)),
            tuple(sorted(self.granted_eot)),
            tuple(sorted(self.revoked)),
            self.pump_power,
            self.pump_toughness,
            self.gone,
            self.moved_to,
            self.new_id,
            self.lives,
            self.tapped,
            None
            if self.remembered is None
            else (tuple(sorted(self.remembered[0])), self.remembered[1], self.remembered[2]),
        )


Entity = Player | Obj


class CostModifier:
    """A Berserk cost modifier (Berserk Heroes): ``amount`` added to the cost of one ``card`` while
    it is in hand, or of matching cards in hand or in play while ``source`` is in play."""

    __slots__ = ("amount", "card", "source", "subtypes", "types", "controller")

    def __init__(
        self,
        amount: int,
        card: int | None,
        source: int | None,
        subtypes: tuple[str, ...],
        types: tuple[str, ...],
        controller: int | None,
    ) -> None:
        self.amount = amount
        self.card = card
        self.source = source
        self.subtypes = subtypes
        self.types = types
        self.controller = controller

    def canonical(self) -> tuple[Any, ...]:
        return (self.amount, self.card, self.source, self.subtypes, self.types, self.controller)
