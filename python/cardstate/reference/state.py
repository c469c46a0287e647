"""The state of a reference game: players and objects in one id space, the effects the game
holds, the event log, and the primitives every rule goes through.

``State`` keeps the records (:mod:`~cardstate.reference.entities`,
:mod:`~cardstate.reference.effects`, :mod:`~cardstate.reference.events`), looks ids up in the
order of SEMANTICS §0 (unknown -> KeyError, wrong kind of entity -> ValueError, gone and the call
mutates -> GoneError), puts and takes counters (122; an OverflowError before any change), changes
life totals (119), and runs a change all or nothing. It also holds what reads or resets the
state as a whole: the cleanup step (514.2) and the game's outcome (104). The rules live in
their own modules, each a class that extends this one; :class:`~cardstate.reference.Game`
composes them. This module depends on no rule module.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Self, TypeVar

from cardstate.errors import GoneError
from cardstate.vocabulary import (
    BATTLEFIELD,
    BERSERK_TYPES,
    BUILTIN_KINDS,
    LIFE_MAX,
    LIFE_MIN,
    MAGIC_TYPES,
    MAX_COUNT,
    MAX_KINDS,
    MAX_PLAYERS,
    RULESETS,
    SEED_LIMIT,
)

from . import checks
from .effects import ContinuousEffect, ReplacementEffect
from .entities import CostModifier, Entity, Obj, Player
from .events import Event

T = TypeVar("T")


class State:
    """The state of a game under one ruleset: ``"mtg"``, ``"mtg-2010"`` or ``"berserk"``."""

    # ------------------------------------------------------------------------------------------
    # §1 Game
    # ------------------------------------------------------------------------------------------

    def __init__(
        self,
        players: int | None = 2,
        ruleset: str = "mtg",
        seed: int | None = 0,
        *,
        record_events: bool = True,
    ) -> None:
        """Create a game with players ``0..players-1`` at 20 life each (``players=None``: 2;
        ``seed=None``: 0). ``record_events=False`` keeps no event log."""
        count = 2 if players is None else checks.as_int(players, "players")
        checks.text(ruleset, "ruleset")
        seed_value = 0 if seed is None else checks.as_int(seed, "seed")
        if not 1 <= count <= MAX_PLAYERS:
            raise ValueError(f"players must be between 1 and {MAX_PLAYERS}, got {count}")
        if ruleset not in RULESETS:
            raise ValueError(f"ruleset must be one of {', '.join(RULESETS)}; got {ruleset!r}")
        if not 0 <= seed_value < SEED_LIMIT:
            raise ValueError(f"seed must be in 0..2**64, got {seed_value}")
        self._record_events: bool = checks.flag(record_events, "record_events")
        self._ruleset: str = ruleset
        self._seed: int = seed_value
        self._players: list[Player] = [Player(pid) for pid in range(count)]
        self._objs: dict[int, Obj] = {}  # every object ever created, ascending id, gone included
        self._battlefield: dict[int, Obj] = {}  # permanents, ascending id
        self._next_id: int = count
        # regeneration shields (701.19a): the permanent each protects, creation order
        self._regenerations: list[int] = []
        # replacement, prevention and "can't" effects (614-616; prevention shields and
        # redirections included), in their order of application
        self._effects: list[ReplacementEffect] = []
        self._next_effect_id: int = 0
        # continuous effects (611, 613), in timestamp order (613.7)
        self._continuous: list[ContinuousEffect] = []
        self._next_continuous_id: int = 0
        self._cost_mods: list[CostModifier] = []  # Berserk cost modifiers, creation order
        self._events: list[Event] = []
        # Custom counter kinds the game holds (docs/FORMAT.md 1.1: at most MAX_KINDS with the
        # built-in ones; kinds no longer in use are given back when that is reached).
        self._kinds: set[str] = set()
        self._active_player: int = 0  # whose turn it is (102.1): "during your turn" reads it

    @property
    def players(self) -> list[int]:
        """The player ids, ``0..N-1``."""
        return list(range(len(self._players)))

    @property
    def ruleset(self) -> str:
        """The ruleset name."""
        return self._ruleset

    @property
    def _berserk(self) -> bool:
        return self._ruleset == "berserk"

    # ------------------------------------------------------------------------------------------
    # §2 Events
    # ------------------------------------------------------------------------------------------

    def take_events(self) -> list[Event]:
        """Return the events since the last call, in order, and clear the log."""
        events = self._events
        self._events = []
        return events

    def clear_events(self) -> None:
        """Empty the event log without reading it."""
        self._events = []

    @property
    def record_events(self) -> bool:
        """Whether events are logged (off: the log stays empty; a kind named only by an event
        that was never logged is no kind in use)."""
        return self._record_events

    @record_events.setter
    def record_events(self, on: bool) -> None:
        self._record_events = checks.flag(on, "record_events")

    @property
    def active_player(self) -> int:
        """The player whose turn it is (102.1): what "during your turn" reads (611.3a)."""
        return self._active_player

    @active_player.setter
    def active_player(self, player: int) -> None:
        self._active_player = self._player(checks.ident(player)).id

    def _emit(self, event: Event) -> None:
        if self._record_events:
            self._events.append(event)

    # ------------------------------------------------------------------------------------------
    # §0 Id lookup and the order of id checks
    # ------------------------------------------------------------------------------------------

    # Every public method first checks the form of all its arguments (``checks``), then looks its
    # ids up with the helpers below, left to right, then checks the rules, then does arithmetic.

    def _entity(self, eid: int) -> Entity:
        """The player or object with id ``eid`` (KeyError saying so if there is none)."""
        if 0 <= eid < len(self._players):
            return self._players[eid]
        obj = self._objs.get(eid)
        if obj is None:
            raise KeyError(f"no entity with id {eid}")
        return obj

    @staticmethod
    def _gone_error(obj: Obj) -> GoneError:
        if obj.new_id is None:
            return GoneError(
                f"token {obj.id} has ceased to exist (704.5d); its id is last known information "
                "and can't be changed"
            )
        return GoneError(
            f"object {obj.id} has moved to {obj.moved_to} as object {obj.new_id}; "
            "its old id is last known information and can't be changed"
        )

    def _any(self, eid: int, *, mutate: bool = False) -> Entity:
        """A player or an object; GoneError if it is gone and the call mutates it."""
        ent = self._entity(eid)
        if mutate and isinstance(ent, Obj) and ent.gone:
            raise self._gone_error(ent)
        return ent

    def _lost_abilities(self, eid: int) -> bool:
        """613.1f: whether object ``eid`` lost all its abilities (an effect of a locked-in set,
        no filter, so no effect's application depends on another's here)."""
        return any(e.effect == "lose_all_abilities" and eid in e.ids for e in self._continuous)

    def _object(self, eid: int, *, mutate: bool = False) -> Obj:
        """An object (a player is a ValueError); GoneError if gone and the call mutates it."""
        ent = self._entity(eid)
        if isinstance(ent, Player):
            raise ValueError(f"{ent.id} is a player, not an object")
        if mutate and ent.gone:
            raise self._gone_error(ent)
        return ent

    def _player(self, eid: int) -> Player:
        """A player (an object is a ValueError)."""
        ent = self._entity(eid)
        if not isinstance(ent, Player):
            raise ValueError(f"{ent.id} is an object, not a player")
        return ent

    def _read(self, x: object) -> Obj:
        """The object a read names: id form, then the object (LKI if gone)."""
        return self._object(checks.ident(x))

    def _allowed_types(self) -> tuple[str, ...]:
        return BERSERK_TYPES if self._berserk else MAGIC_TYPES

    def _in_play(self, obj: Obj, what: str) -> None:
        if obj.zone != BATTLEFIELD:
            raise ValueError(f"{what} applies only to cards in play; {obj.id} is in {obj.zone}")

    # ------------------------------------------------------------------------------------------
    # §4 The counter store (122) and life totals (119)
    # ------------------------------------------------------------------------------------------

    @staticmethod
    def _check_room(ent: Entity, kind: str, n: int) -> None:
        if ent.counters.get(kind, 0) + n > MAX_COUNT:
            raise OverflowError(f"{ent.id} can't have more than {MAX_COUNT} {kind} counters")

    def _put(self, ent: Entity, kind: str, n: int) -> None:
        """Put n > 0 counters (event ``counters_added``); OverflowError before any change."""
        self._check_room(ent, kind, n)
        ent.counters[kind] = ent.counters.get(kind, 0) + n
        self._emit(Event("counters_added", target=ent.id, counter=kind, amount=n))

    def _take(self, ent: Entity, kind: str, n: int, *, event: bool = True) -> None:
        """Remove 0 < n <= count counters (event ``counters_removed`` unless told otherwise).
        A kind whose count reaches 0 is gone."""
        left = ent.counters[kind] - n
        if left:
            ent.counters[kind] = left
        else:
            del ent.counters[kind]
        if event:
            self._emit(Event("counters_removed", target=ent.id, counter=kind, amount=n))

    def _hold_kind(self, kind: str) -> None:
        """Make room for ``kind`` among the kinds the game holds (OverflowError if MAX_KINDS
        kinds are in use: on an entity or named by a logged event)."""
        if kind in BUILTIN_KINDS or kind in self._kinds:
            return
        if len(self._kinds) + len(BUILTIN_KINDS) >= MAX_KINDS:
            entities: list[Entity] = [*self._players, *self._objs.values()]
            in_use = {k for ent in entities for k in ent.counters}
            in_use.update(e.counter for e in self._events if e.counter is not None)
            in_use.update(e.counter for e in self._effects if e.counter is not None)
            self._kinds &= in_use
            if len(self._kinds) + len(BUILTIN_KINDS) >= MAX_KINDS:
                raise OverflowError(
                    f"too many counter kinds in use in one game (at most {MAX_KINDS}, "
                    "the built-in ones included)"
                )
        self._kinds.add(kind)

    def _change_life(self, player: Player, delta: int) -> None:
        new = player.life + delta
        if not LIFE_MIN <= new <= LIFE_MAX:
            raise OverflowError(f"the life total of player {player.id} would leave its range")
        player.life = new

    # ------------------------------------------------------------------------------------------
    # All or nothing: copies of the whole state
    # ------------------------------------------------------------------------------------------

    def clone(self) -> Self:
        """A deep, independent copy (the event log included)."""
        new = type(self).__new__(type(self))
        new._record_events = self._record_events
        new._active_player = self._active_player
        new._ruleset = self._ruleset
        new._seed = self._seed
        new._players = [p.copy() for p in self._players]
        new._objs = {oid: obj.copy() for oid, obj in self._objs.items()}
        new._battlefield = {oid: new._objs[oid] for oid in self._battlefield}
        new._next_id = self._next_id
        new._regenerations = list(self._regenerations)
        new._effects = [copy.copy(e) for e in self._effects]  # only amounts change
        new._next_effect_id = self._next_effect_id
        new._continuous = [c.copy() for c in self._continuous]
        new._next_continuous_id = self._next_continuous_id
        new._cost_mods = list(self._cost_mods)  # never changed after creation
        new._events = [Event(*e.as_tuple()) for e in self._events]
        new._kinds = set(self._kinds)
        return new

    def _all_or_nothing(self, fn: Callable[[], T]) -> T:
        """Run ``fn``; if it raises, put the whole game back as it was."""
        saved = self.clone()
        try:
            return fn()
        except (OverflowError, ValueError):
            self.__dict__.update(saved.__dict__)
            raise

    # ------------------------------------------------------------------------------------------
    # §5 Cleanup (514.2)
    # ------------------------------------------------------------------------------------------

    def cleanup(self) -> None:
        """514.2: marked damage and deathtouch marks are removed, until-end-of-turn grants and
        P/T changes end, prevention and redirection effects end. Counters stay. No events."""
        for obj in self._objs.values():
            if obj.gone:
                continue  # last known information doesn't change
            obj.damage = 0
            obj.deathtouched = False
            obj.granted_eot.clear()
            obj.pump_power = 0
            obj.pump_toughness = 0
        self._regenerations = []
        self._effects = [e for e in self._effects if not e.until_end_of_turn]
        self._continuous = [c for c in self._continuous if not c.until_end_of_turn]

    # ------------------------------------------------------------------------------------------
    # §6 The outcome (104.2a, 104.3)
    # ------------------------------------------------------------------------------------------

    def has_lost(self, p: int) -> bool:
        """Whether player ``p`` has lost."""
        return self._player(checks.ident(p)).lost

    def is_over(self) -> bool:
        """Whether fewer than two players have not lost."""
        return sum(1 for p in self._players if not p.lost) < 2

    def winner(self) -> int | None:
        """The one player who has not lost, if exactly one is left; else None."""
        left = [p.id for p in self._players if not p.lost]
        return left[0] if len(left) == 1 else None
