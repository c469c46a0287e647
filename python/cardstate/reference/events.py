"""Events: the record of every change (SEMANTICS §2, SEMANTICS 2)."""

from __future__ import annotations

from typing import Any

FIELDS = (
    "kind",
    "source",
    "target",
    "amount",
    "counter",
    "combat",
    "zone_from",
    "zone_to",
    "new_id",
)


class Event:
    """One change of the game state.

    ``kind`` is one of ``damage``, ``life_lost``, ``life_gained``, ``counters_added``,
    ``counters_removed``, ``wounded``, ``healed``, ``destroyed``, ``zone_change``,
    ``player_lost``, ``proliferated``, ``created``. An attribute that does not apply to the kind
    is ``None``.
    """

    __slots__ = FIELDS

    kind: str
    source: int | None
    target: int | None
    amount: int | None
    counter: str | None
    combat: bool | None
    zone_from: str | None
    zone_to: str | None
    new_id: int | None

    def __init__(
        self,
        kind: str,
        source: int | None = None,
        target: int | None = None,
        amount: int | None = None,
        counter: str | None = None,
        combat: bool | None = None,
        zone_from: str | None = None,
        zone_to: str | None = None,
        new_id: int | None = None,
    ) -> None:
        self.kind = kind
        self.source = source
        self.target = target
        self.amount = amount
        self.counter = counter
        self.combat = combat
        self.zone_from = zone_from
        self.zone_to = zone_to
        self.new_id = new_id

    def as_tuple(
        self,
    ) -> tuple[
        str,
        int | None,
        int | None,
        int | None,
        str | None,
        bool | None,
        str | None,
        str | None,
        int | None,
    ]:
        """The attributes in the order kind, source, target, amount, counter, combat,
        zone_from, zone_to, new_id."""
        return (
            self.kind,
            self.source,
            self.target,
            self.amount,
            self.counter,
            self.combat,
            self.zone_from,
            self.zone_to,
            self.new_id,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self.as_tuple() == other.as_tuple()

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{name}={getattr(self, name)!r}"
            for name in FIELDS[1:]
            if getattr(self, name) is not None
        )
        return f"Event({self.kind!r}{', ' if fields else ''}{fields})"

    def __getstate__(self) -> tuple[Any, ...]:
        return self.as_tuple()

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(FIELDS, state, strict=True):
            setattr(self, name, value)
