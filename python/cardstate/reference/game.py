"""The pure-Python reference model of cardstate.

A plain reading of the rules (docs/RULES.md, docs/SEMANTICS.md), used as the oracle the native
engine is differentially tested against and as its speed baseline. Section numbers in comments are
SEMANTICS.md sections (``§5``) and Comprehensive Rules numbers (``120.3a``); Berserk Heroes and 003
rule numbers are the Berserk rules'.

Every public method validates all of its arguments before it changes anything, in the order of
SEMANTICS §0: first the form of every argument, left to right (``checks``: TypeError, ValueError
for a negative amount / empty kind / unknown zone, OverflowError); then the ids, left to right
(unknown -> KeyError, wrong kind of entity -> ValueError, gone and the call mutates ->
GoneError); then the rules checks; then arithmetic. Lists of ids (``proliferate``,
``deal_simultaneous_damage``) have the form of all their elements checked first, then each
element in turn. A call that raises leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import CannotPay, GoneError
from . import checks
from .continuous import ContinuousEffect, FilterClause, check_change, parse_affected
from .entities import CostModifier, Entity, Obj, Player, Printed
from .events import Event
from .kinds import (
    BATTLEFIELD,
    BERSERK_EFFECTS,
    BERSERK_TYPES,
    BUILTIN_KINDS,
    DEFENSE,
    ENERGY,
    EXILE,
    EXTRA_LIFE,
    FINALITY,
    GRAVEYARD,
    HAND,
    KEYWORD_COUNTERS,
    LIFE_MAX,
    LIFE_MIN,
    LOYALTY,
    MAGIC_TYPES,
    MAX_COUNT,
    MAX_KINDS,
    MAX_ORDERED_EFFECTS,
    MAX_PLAYERS,
    MINUS_ONE,
    MINUS_STRENGTH,
    NEGATIVE_LIFE,
    PLUS_ONE,
    PLUS_STRENGTH,
    POISON,
    POISON_TO_LOSE,
    PUMP_LIMIT,
    RULESETS,
    SEED_LIMIT,
    SHIELD,
    STAT_LIMIT,
    SUPERTYPES,
    WOUND,
    polarity,
    pt_delta,
)
from .ops import read_op
from .replacement import (
    COUNTER_EFFECTS,
    DAMAGE_EFFECTS,
    MODIFY_COUNTERS,
    MODIFY_DAMAGE,
    ORDERABLE,
    PREVENTION,
    THIS_PERMANENT,
    ReplacementEffect,
    check_effect,
    modify_count,
    modify_damage,
    parse_clause,
    parse_source_clause,
)

# A piece of damage on its way to one recipient: (recipient, amount).
# A part of a damage event: its recipient, its amount, and the ids of the effects ordered across
# the default groups that already applied to it or to the event it came from (614.5).
Piece = tuple[Entity, int, frozenset[int]]


class Game:
    """A game state under one ruleset: ``"mtg"``, ``"mtg-2010"`` or ``"berserk"``."""

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
        # regeneration shields (701.15a): the permanent each protects, creation order
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

    @property
    def players(self) -> list[int]:
        """The player ids, ``0..N-1``."""
        return list(range(len(self._players)))

    @property
    def ruleset(self) -> str:
        """The ruleset name."""
        return self._ruleset

    def __repr__(self) -> str:
        return (
            f"<cardstate.reference.Game ruleset={self._ruleset!r} "
            f"players={len(self._players)} objects={len(self._objs)}>"
        )

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

    def _emit(self, event: Event) -> None:
        if self._record_events:
            self._events.append(event)

    # ------------------------------------------------------------------------------------------
    # §0 Id lookup and the order of id checks
    # ------------------------------------------------------------------------------------------
    #
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

    # ------------------------------------------------------------------------------------------
    # §3 Entities, zones, move, last known information
    # ------------------------------------------------------------------------------------------

    def create(
        self,
        controller: int,
        *,
        zone: str = "battlefield",
        name: str = "",
        types: Iterable[str] = (),
        supertypes: Iterable[str] = (),
        subtypes: Iterable[str] = (),
        keywords: Iterable[str] | Mapping[str, int] = (),
        power: int | None = None,
        toughness: int | None = None,
        loyalty: int | None = None,
        defense: int | None = None,
        cost: int | str | None = None,
        strength: int | None = None,
        lives: int | None = None,
        movement: int | None = None,
        flying: bool = False,
        elite: bool = False,
        token: bool = False,
        info: Mapping[Any, Any] | None = None,
        counters: Mapping[str, int] | None = None,
    ) -> int:
        """Create an object owned and controlled by ``controller`` in ``zone``; return its id.

        A planeswalker created on the battlefield enters with its loyalty counters (306.5b), a
        battle with its defense counters (310.4b); neither makes an event. ``counters`` are put
        on it as it enters (122.6): through the replacement effects, with ``counters_added``.
        ``supertypes`` (205.4: ``legendary``...), ``token``: a token (111.1), which ceases to
        exist outside the battlefield (704.5d).
        """
        # §0 step 1: the form of every argument, left to right
        owner_id = checks.ident(controller)
        zone_name = checks.zone(zone)
        name = checks.text(name, "name")
        type_names = checks.names(types, "types")
        supertype_names = checks.names(supertypes, "supertypes")
        subtype_names = checks.names(subtypes, "subtypes")
        keyword_items = checks.keyword_items(keywords)
        power_given = checks.optional_int64(power, "power")
        toughness_given = checks.optional_int64(toughness, "toughness")
        loyalty_given = checks.optional_int64(loyalty, "loyalty")
        defense_given = checks.optional_int64(defense, "defense")
        cost_given = checks.cost_form(cost)
        strength_given = checks.optional_int64(strength, "strength")
        lives_given = checks.optional_int64(lives, "lives")
        movement_given = checks.optional_int64(movement, "movement")
        is_flyer = checks.flag(flying, "flying")
        is_elite = checks.flag(elite, "elite")
        is_token = checks.flag(token, "token")
        stored_info = checks.info(info)
        entering = _counters_form(counters)
        # step 2: the controller
        owner = self._player(owner_id)
        # step 3: the rules (in the engine's order)
        printed_types = checks.card_types(type_names, self._allowed_types(), self._ruleset)
        printed_supertypes = checks.supertypes(
            supertype_names, () if self._berserk else SUPERTYPES, self._ruleset
        )
        printed_subtypes = checks.subtypes(subtype_names)
        printed_keywords, toxic = checks.printed_keywords(keyword_items)
        printed_cost, cost_x = checks.parse_cost(cost_given)
        printed_power = checks.signed_stat(power_given, "power")
        printed_toughness = checks.signed_stat(toughness_given, "toughness")
        printed_loyalty = checks.unsigned_stat(loyalty_given, "loyalty")
        printed_defense = checks.unsigned_stat(defense_given, "defense")
        printed_strength = checks.unsigned_stat(strength_given, "strength")
        printed_lives = checks.unsigned_stat(lives_given, "lives")
        printed_movement = checks.unsigned_stat(movement_given, "movement")
        if is_flyer:
            # The Berserk flying property is the keyword flying, printed (classic Berserk, 108.1).
            printed_keywords = printed_keywords | {"flying"}
        printed = Printed(
            name=name,
            types=printed_types,
            subtypes=printed_subtypes,
            keywords=printed_keywords,
            toxic=toxic,
            power=printed_power,
            toughness=printed_toughness,
            loyalty=printed_loyalty,
            defense=printed_defense,
            cost=printed_cost,
            cost_x=cost_x,
            strength=printed_strength,
            lives=printed_lives,
            movement=printed_movement,
            elite=is_elite,
            supertypes=printed_supertypes,
            token=is_token,
        )
        if not entering:
            return self._created(self._new_object(owner.id, zone_name, printed, stored_info)).id
        return self._all_or_nothing(
            lambda: (
                self._enter_with(
                    self._created(self._new_object(owner.id, zone_name, printed, stored_info)),
                    entering,
                ).id
            )
        )

    def _created(self, obj: Obj) -> Obj:
        """603.6a: an object created on the battlefield enters it (``created``, before the
        counters it enters with)."""
        if obj.zone == BATTLEFIELD:
            self._emit(Event("created", target=obj.id))
        return obj

    def _all_or_nothing(self, fn: Any) -> Any:
        """Run ``fn``; if it raises, put the whole game back as it was."""
        saved = self.clone()
        try:
            return fn()
        except (OverflowError, ValueError):
            self.__dict__.update(saved.__dict__)
            raise

    def _enter_with(self, obj: Obj, counters: list[tuple[str, int]]) -> Obj:
        """122.6: counters put on an object as it enters, through the replacement effects."""
        for kind, n in counters:
            self._hold_kind(kind)
            n = self._counters_to_put(obj, kind, n)
            if n:
                self._put(obj, kind, n)
        return obj

    def _new_object(
        self, owner: int, zone: str, printed: Printed, info: dict[Any, Any] | None
    ) -> Obj:
        obj = Obj(self._next_id, owner, zone, printed, info)
        self._next_id += 1
        self._objs[obj.id] = obj
        if zone == BATTLEFIELD:
            self._battlefield[obj.id] = obj
            if self._effects:
                # 122.6: loyalty and defense are put on it as it enters, through the effects
                for kind in (LOYALTY, DEFENSE):
                    if kind in obj.counters:
                        n = self._counters_to_put(obj, kind, obj.counters[kind])
                        if n:
                            obj.counters[kind] = n
                        else:
                            del obj.counters[kind]
        return obj

    def move(self, x: int, zone: str, *, counters: Mapping[str, int] | None = None) -> int:
        """Move object ``x`` to ``zone``; it becomes a new object (400.7) whose id is returned.

        The new object has the printed characteristics, is controlled by its owner and has no
        counters (122.2), damage or effects. The old id keeps its last known information.
        """
        xid = checks.ident(x)
        zone_name = checks.zone(zone)
        entering = _counters_form(counters)
        obj = self._object(xid, mutate=True)
        if obj.printed.token and obj.zone != BATTLEFIELD:
            # 111.8: a token that isn't on the battlefield can't move: it stays (no event) and
            # ceases to exist at the next check of state-based actions (704.5d).
            return obj.id
        if not entering:
            return self._move(obj, zone_name)
        return self._all_or_nothing(
            lambda: self._enter_with(self._objs[self._move(obj, zone_name)], entering).id
        )

    def _move(self, obj: Obj, zone: str) -> int:
        if self._continuous:
            self._remember_layered(obj)  # 113.7a: as it last existed
        if zone == GRAVEYARD and obj.zone == BATTLEFIELD and obj.counters.get(FINALITY, 0):
            zone = EXILE  # 122.1h: a finality counter exiles it instead
        # Effects that refer to the object as it was end now (§5, §8, §10), before the new
        # object enters: shields on it, redirections from or to it, its regeneration shields,
        # the effects of its static abilities (611.3a), cost modifiers tied to it (as card or
        # as source). A source *filter* stays: a gone source still deals damage through its LKI.
        self._end_effects_tied_to(obj)
        obj.gone = True
        self._battlefield.pop(obj.id, None)
        new = self._new_object(obj.owner, zone, obj.printed, obj.info)  # 400.7
        obj.moved_to = zone
        obj.new_id = new.id
        self._emit(
            Event("zone_change", target=obj.id, zone_from=obj.zone, zone_to=zone, new_id=new.id)
        )
        return new.id

    def _end_effects_tied_to(self, obj: Obj) -> None:
        """The effects that refer to an object as it was end as it leaves its zone (or ceases
        to exist): its regeneration shields, the effects of its static abilities (611.3a), a
        shield on it, redirections from or to it, cost modifiers tied to it, the continuous
        effects it is the source of, and its place in locked-in sets."""
        self._regenerations = [r for r in self._regenerations if r != obj.id]
        self._effects = [e for e in self._effects if not e.ends_with(obj.id)]
        if self._continuous:
            self._end_continuous_for(obj.id)
        self._cost_mods = [m for m in self._cost_mods if obj.id not in (m.card, m.source)]

    def zone(self, x: int) -> str:
        """The zone ``x`` is in; for a gone id, the zone the card went to (a token that ceased
        to exist: the zone it was in)."""
        obj = self._read(x)
        return obj.moved_to if obj.gone and obj.moved_to is not None else obj.zone

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
        """The subtypes of ``x`` in the order given."""
        return list(self._read(x).subtypes)

    # ------------------------------------------------------------------------------------------
    # §3 Characteristics
    # ------------------------------------------------------------------------------------------

    def _pt_from_counters(self, obj: Obj) -> tuple[int, int]:
        dp = 0
        dt = 0
        for kind, n in obj.counters.items():
            delta = pt_delta(kind)  # 122.1a
            if delta is not None:
                dp += delta[0] * n
                dt += delta[1] * n
        return dp, dt

    def _bases(self, obj: Obj) -> tuple[int | None, int | None]:
        """The base power and toughness before the continuous effects (printed, or as the
        record of a gone object keeps them)."""
        if obj.remembered is not None and obj.remembered[2] is not None:
            return obj.remembered[2]
        return obj.printed.power, obj.printed.toughness

    def _unswitched(self, obj: Obj) -> tuple[int | None, int | None, bool]:
        """Power and toughness through layer 7d (613.4a-d), and whether an odd number of 7e
        switches applies."""
        base_p, base_t = self._bases(obj)
        dp = dt = 0
        switched = False
        if self._continuous:
            layered, dp, dt, switched = self._layer_7(obj)
            if layered is not None:
                base_p, base_t = layered
        cp, ct = self._pt_from_counters(obj)
        creature = "creature" in obj.types
        power = None if base_p is None and not creature else (base_p or 0) + cp + obj.pump_power
        toughness = (
            None if base_t is None and not creature else (base_t or 0) + ct + obj.pump_toughness
        )
        return (
            None if power is None else power + dp,
            None if toughness is None else toughness + dt,
            switched,
        )

    def _power_toughness(self, obj: Obj) -> tuple[int | None, int | None]:
        """Power and toughness with every layer; 613.4e: the switches of 7e apply last, to a
        creature with both values."""
        power, toughness, switched = self._unswitched(obj)
        if switched and power is not None and toughness is not None:
            return toughness, power
        return power, toughness

    def _power(self, obj: Obj) -> int | None:
        return self._power_toughness(obj)[0]

    def _toughness(self, obj: Obj) -> int | None:
        return self._power_toughness(obj)[1]

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

    @staticmethod
    def _granted_keywords(obj: Obj) -> set[str]:
        """Printed (not revoked) and granted keywords, before the continuous effects; as it
        last existed for an object that left with effects applying to it."""
        if obj.remembered is not None:
            return set(obj.remembered[0])
        own = {k for k in obj.printed.keywords if k not in obj.revoked}
        return own | obj.granted | obj.granted_eot

    def _own_keywords(self, obj: Obj) -> set[str]:
        """122.1b: with the keywords of its keyword counters."""
        own = self._granted_keywords(obj)
        own.update(k for k in KEYWORD_COUNTERS if obj.counters.get(k, 0) > 0)
        return own

    def _has_keyword(self, obj: Obj, kw: str) -> bool:
        if self._continuous:
            return kw in self._layer_6(obj, self._own_keywords(obj), self._base_toxic(obj))[0]
        if kw in KEYWORD_COUNTERS and obj.counters.get(kw, 0) > 0:
            return True  # 122.1b: a keyword counter grants its keyword
        if obj.remembered is not None:
            return kw in obj.remembered[0]
        if kw in obj.granted or kw in obj.granted_eot:
            return True
        return kw in obj.printed.keywords and kw not in obj.revoked

    def has_keyword(self, x: int, kw: str) -> bool:
        """Whether ``x`` has keyword ``kw``: from a keyword counter (122.1b), granted, or
        printed and not revoked."""
        xid = checks.ident(x)
        name = checks.text(kw, "a keyword")
        obj = self._object(xid)
        return self._has_keyword(obj, checks.known_keyword(name))

    @staticmethod
    def _base_toxic(obj: Obj) -> int:
        return obj.printed.toxic if obj.remembered is None else obj.remembered[1]

    def _toxic(self, obj: Obj) -> int:
        if self._continuous:
            return self._layer_6(obj, self._own_keywords(obj), self._base_toxic(obj))[1]
        return self._base_toxic(obj)

    def toxic(self, x: int) -> int:
        """The total toxic value of ``x`` (702.164b), continuous effects applied."""
        return self._toxic(self._read(x))

    # ------------------------------------------------------------------------------------------
    # §3 Life
    # ------------------------------------------------------------------------------------------

    def life(self, p: int) -> int:
        """The life total of player ``p``."""
        return self._player(checks.ident(p)).life

    def _change_life(self, player: Player, delta: int) -> None:
        new = player.life + delta
        if not LIFE_MIN <= new <= LIFE_MAX:
            raise OverflowError(f"the life total of player {player.id} would leave its range")
        player.life = new

    def gain_life(self, p: int, n: int) -> None:
        """Player ``p`` gains ``n`` life (event ``life_gained``)."""
        pid = checks.ident(p)
        amount = checks.amount(n)
        player = self._player(pid)
        if amount == 0 or not self._life_may_change(player, gain=True):
            return
        self._change_life(player, amount)
        self._emit(Event("life_gained", target=player.id, amount=amount))

    def lose_life(self, p: int, n: int) -> None:
        """Player ``p`` loses ``n`` life (event ``life_lost``)."""
        pid = checks.ident(p)
        amount = checks.amount(n)
        player = self._player(pid)
        if amount == 0 or not self._life_may_change(player, gain=False):
            return
        self._change_life(player, -amount)
        self._emit(Event("life_lost", target=player.id, amount=amount))

    # ------------------------------------------------------------------------------------------
    # §4 Counters (122)
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

    def counters(self, e: int) -> dict[str, int]:
        """The counters on player or object ``e``, kind -> count, in insertion order."""
        return dict(self._any(checks.ident(e)).counters)

    def count(self, e: int, kind: str) -> int:
        """How many ``kind`` counters ``e`` has (0 if none)."""
        eid = checks.ident(e)
        name = checks.kind(kind)
        return self._any(eid).counters.get(name, 0)

    def add_counters(self, e: int, kind: str, n: int = 1) -> None:
        """Put ``n`` ``kind`` counters on player or object ``e`` (any zone)."""
        eid = checks.ident(e)
        kind = checks.kind(kind)
        amount = checks.amount(n, "n")
        ent = self._any(eid, mutate=True)
        if amount == 0:
            return
        self._hold_kind(kind)
        amount = self._counters_to_put(ent, kind, amount)  # 614.1a
        if amount:
            self._put(ent, kind, amount)

    def _hold_kind(self, kind: str) -> None:
        """Make room for ``kind`` among the kinds the game holds (OverflowError if MAX_KINDS
        kinds are in use: on an entity or named by a logged event)."""
        if kind in BUILTIN_KINDS or kind in self._kinds:
            return
        if len(self._kinds) + len(BUILTIN_KINDS) >= MAX_KINDS:
            in_use = {k for ent in (*self._players, *self._objs.values()) for k in ent.counters}
            in_use.update(e.counter for e in self._events if e.counter is not None)
            in_use.update(e.counter for e in self._effects if e.counter is not None)
            self._kinds &= in_use
            if len(self._kinds) + len(BUILTIN_KINDS) >= MAX_KINDS:
                raise OverflowError(
                    f"too many counter kinds in use in one game (at most {MAX_KINDS}, "
                    "the built-in ones included)"
                )
        self._kinds.add(kind)

    def remove_counters(self, e: int, kind: str, n: int = 1) -> int:
        """Remove up to ``n`` ``kind`` counters from ``e``; return how many were removed."""
        eid = checks.ident(e)
        kind = checks.kind(kind)
        amount = checks.amount(n, "n")
        ent = self._any(eid, mutate=True)
        removed = min(amount, ent.counters.get(kind, 0))
        if removed:
            self._take(ent, kind, removed)
        return removed

    def pay_counters(self, e: int, kind: str, n: int) -> None:
        """Remove exactly ``n`` ``kind`` counters as a cost: all or nothing (CannotPay)."""
        eid = checks.ident(e)
        kind = checks.kind(kind)
        amount = checks.amount(n, "n")
        ent = self._any(eid, mutate=True)
        have = ent.counters.get(kind, 0)
        if have < amount:
            raise CannotPay(f"{ent.id} has {have} {kind} counters, can't pay {amount}")
        if amount:
            self._take(ent, kind, amount)

    def move_counters(self, a: int, b: int, kind: str, n: int) -> int:
        """122.5: move ``n`` ``kind`` counters from ``a`` to ``b``: removed from the one (all n,
        or CannotPay and nothing changes), then put on the other through the replacement
        effects. Return how many were put."""
        aid = checks.ident(a)
        bid = checks.ident(b)
        name = checks.kind(kind)
        amount = checks.amount(n, "n")
        frm = self._any(aid, mutate=True)
        to = self._any(bid, mutate=True)
        if frm.id == to.id:
            raise ValueError(f"can't move counters from {frm.id} to itself")
        if amount == 0:
            return 0
        have = frm.counters.get(name, 0)
        if have < amount:
            raise CannotPay(f"{frm.id} has {have} {name} counters, can't move {amount}")
        if any(
            e.effect == "counters_cant" and e.counter in (None, name) and self._affects(e, to)
            for e in self._effects
        ):
            return 0  # 122.5: counters that can't be put on the other aren't moved at all
        put = self._counters_to_put(to, name, amount)
        self._check_room(to, name, put)
        self._take(frm, name, amount)
        if put:
            self._put(to, name, put)
        return put

    def put_counters_from(self, a: int, b: int) -> None:
        """122.8: put on ``b`` the counters object ``a`` had as it last existed (its last known
        information if it left), each kind through the replacement effects; all or nothing."""
        aid = checks.ident(a)
        bid = checks.ident(b)
        frm = self._object(aid)
        to = self._any(bid, mutate=True)
        if frm.id == to.id:
            raise ValueError(f"can't put {frm.id}'s counters on itself")
        items = list(frm.counters.items())

        def put_all() -> None:
            for kind, n in items:
                n = self._counters_to_put(to, kind, n)
                if n:
                    self._put(to, kind, n)

        self._all_or_nothing(put_all)

    def objects(self, zone: str, controller: int | None = None) -> list[int]:
        """The objects in ``zone`` (not those that left it), in id order, optionally only those
        ``controller`` controls."""
        zone_name = checks.zone(zone)
        cid = checks.optional_ident(controller)
        ctrl = None if cid is None else self._player(cid).id
        return [
            o.id
            for o in self._objs.values()
            if not o.gone and o.zone == zone_name and ctrl in (None, o.controller)
        ]

    def pay_energy(self, p: int, n: int) -> None:
        """Player ``p`` pays ``n`` energy ({E}, 107.14): all or nothing (CannotPay)."""
        pid = checks.ident(p)
        amount = checks.amount(n, "n")
        player = self._player(pid)
        have = player.counters.get(ENERGY, 0)
        if have < amount:
            raise CannotPay(f"player {player.id} has {have} energy, can't pay {amount}")
        if amount:
            self._take(player, ENERGY, amount)

    # ------------------------------------------------------------------------------------------
    # §5 Damage (120; SoM 2010 notes)
    # ------------------------------------------------------------------------------------------

    def _source(self, sid: int) -> Obj:
        """A source of damage: an object (a player is a ValueError); a gone source is allowed and
        deals damage through its last known information (702.90d)."""
        ent = self._entity(sid)
        if isinstance(ent, Player):
            raise ValueError(f"{ent.id} is a player, not a source of damage")
        return ent

    def _can_be_dealt_damage(self, ent: Entity) -> bool:
        """Magic: a player, or a creature, planeswalker or battle on the battlefield. Berserk: a
        creature or hero on the battlefield with lives (players can't be dealt damage)."""
        if isinstance(ent, Player):
            return not self._berserk
        if ent.gone or ent.zone != BATTLEFIELD:
            return False
        if self._berserk:
            return ("creature" in ent.types or "hero" in ent.types) and ent.lives is not None
        return "creature" in ent.types or "planeswalker" in ent.types or "battle" in ent.types

    def prevent_damage(
        self, target: int, amount: int | None = None, *, source: int | None = None
    ) -> int | None:
        """Prevent the next ``amount`` damage (all, until cleanup, if None) that would be dealt
        to ``target`` (by ``source`` only, if given): a prevention effect (SEMANTICS §10); its
        id. An amount of 0 does nothing (None)."""
        tid = checks.ident(target)
        n = checks.optional_amount(amount)
        sid = checks.optional_ident(source)
        ent = self._any(tid, mutate=True)
        src = None if sid is None else self._source(sid).id
        if n == 0:
            return None
        return self._push_effect("prevent", n, ent.id, src, None)

    def _push_effect(
        self, name: str, amount: int | None, target: int, by: int | None, to: int | None
    ) -> int:
        """An effect of the kernel's own calls (a prevention shield, a redirection), "this turn"
        (514.2); its id."""
        eid = self._next_effect_id
        self._next_effect_id += 1
        self._effects.append(
            ReplacementEffect(eid, name, amount, None, None, (), None, True, (), target, by, to)
        )
        return eid

    def redirect_damage(
        self, a: int, b: int, amount: int | None = None, *, source: int | None = None
    ) -> int | None:
        """The next damage (``amount`` of it, all if None) that would be dealt to ``a`` (by
        ``source`` only, if given) is dealt to ``b`` instead: a replacement effect (SEMANTICS
        §10); its id. An amount of 0 does nothing (None)."""
        aid = checks.ident(a)
        bid = checks.ident(b)
        n = checks.optional_amount(amount)
        sid = checks.optional_ident(source)
        frm = self._any(aid, mutate=True)
        to = self._any(bid, mutate=True)
        src = None if sid is None else self._source(sid).id
        if frm.id == to.id:
            raise ValueError(f"can't redirect damage from {frm.id} to itself")
        if n == 0:
            return None
        return self._push_effect("redirect", n, frm.id, src, to.id)

    def deal_damage(
        self,
        source: int,
        target: int,
        amount: int,
        *,
        combat: bool = False,
        preventable: bool = True,
    ) -> int:
        """``source`` deals ``amount`` damage to ``target``; return the damage dealt after
        prevention (redirected parts included)."""
        return self.deal_simultaneous_damage(
            [(source, target, amount)], combat=combat, preventable=preventable
        )[0]

    def deal_simultaneous_damage(
        self,
        assignments: Iterable[tuple[int, int, int] | tuple[int, int, int, bool]],
        *,
        combat: bool = True,
        preventable: bool = True,
    ) -> list[int]:
        """Deal every ``(source, target, amount)`` at once (510.2); return the damage dealt per
        assignment. Lifelink gains are per source (702.15e). An assignment ``(source, target,
        amount, preventable)`` says for itself whether it can be prevented (615.12)."""
        # §0: the form of every assignment, then of the flags
        if isinstance(assignments, str | bytes) or not isinstance(assignments, Iterable):
            raise TypeError("assignments must be an iterable of (source, target, amount)")
        raw: list[tuple[int, int, int, bool | None]] = []
        for assignment in assignments:
            if not isinstance(assignment, tuple) or len(assignment) not in (3, 4):
                raise TypeError(
                    "each assignment must be a (source, target, amount) or (source, target, "
                    "amount, preventable) tuple"
                )
            raw.append(
                (
                    checks.ident(assignment[0]),
                    checks.ident(assignment[1]),
                    checks.amount(assignment[2]),
                    checks.flag(assignment[3], "preventable") if len(assignment) == 4 else None,
                )
            )
        is_combat = checks.flag(combat, "combat")
        is_preventable = checks.flag(preventable, "preventable")
        # then each assignment in order: its source, then its target
        items: list[tuple[Obj, Entity, int, bool]] = []
        for sid, tid, n, each in raw:
            src = self._source(sid)
            tgt = self._any(tid, mutate=True)
            if not self._can_be_dealt_damage(tgt):
                raise ValueError(f"{tgt.id} can't be dealt damage")
            items.append((src, tgt, n, is_preventable if each is None else each))
        # An overflow part-way undoes everything: remember what damage can touch.
        saved = self._save_for_damage(items)
        try:
            return self._deal(items, is_combat)
        except OverflowError:
            self._restore_after_damage(saved)
            raise

    def _deal(self, items: list[tuple[Obj, Entity, int, bool]], combat: bool) -> list[int]:
        dealt_per_assignment: list[int] = []
        dealt_pieces: list[tuple[Obj, Entity, int]] = []
        by_source: dict[int, int] = {}  # source id -> total dealt, in order of first dealing
        for src, target, n, preventable in items:
            if n == 0:  # 120.8: 0 damage is no damage
                dealt_per_assignment.append(0)
                continue
            # the default order of the effects (616.1, SEMANTICS §10): redirection, then the
            # damage modifications (Torbran, Gratuitous Violence), then prevention; the effects
            # whose order was chosen across these groups after the other redirections, before
            # the others
            pieces: list[Piece] = [(target, n, frozenset())]
            applied: set[int] = set()  # the redirections that applied to this event (614.5)
            self._redirect(src, pieces, 0, combat, applied)
            if any(e.ordered for e in self._effects):
                at = 0  # a part redirected by a chosen effect is a new part, looked at in turn
                while at < len(pieces):
                    self._chosen_order(src, pieces, at, preventable, combat, applied)
                    at += 1
            self._effects = [
                e for e in self._effects if not (e.effect == "redirect" and e.amount == 0)
            ]
            pieces = [(r, self._damage_to_deal(src, r, d, combat), c) for r, d, c in pieces]
            pieces = [(r, self._prevent(src, r, d, preventable, combat), c) for r, d, c in pieces]
            # a recipient reached by two ways (a chosen redirection) is dealt the sum at once
            pieces = _merge_by_recipient(pieces, 0)
            if any(d > MAX_COUNT for _r, d, _c in pieces):
                raise OverflowError("the damage dealt would overflow")
            total = 0
            for rcpt, d, _chosen in pieces:
                if d > 0:
                    self._damage_results(src, rcpt, d, combat)
                    dealt_pieces.append((src, rcpt, d))
                    total += d
            dealt_per_assignment.append(total)
            if total > 0:
                by_source[src.id] = by_source.get(src.id, 0) + total
        # 702.15b, 702.15e: lifelink, one life gain per source
        for src_id, total in by_source.items():
            src = self._objs[src_id]
            controller = self._players[src.controller]
            if self._has_keyword(src, "lifelink") and self._life_may_change(controller, gain=True):
                self._change_life(controller, total)
                self._emit(Event("life_gained", target=controller.id, amount=total, source=src_id))
        # 120.4: the damage event is recorded after its results
        for src, rcpt, d in dealt_pieces:
            self._emit(Event("damage", source=src.id, target=rcpt.id, amount=d, combat=combat))
        return dealt_per_assignment

    def _redirect(
        self, src: Obj, pieces: list[Piece], first: int, combat: bool, applied: set[int]
    ) -> None:
        """614.9: redirection effects on the parts ``pieces[first:]`` of one event, each applying
        to the event at most once (614.5, ``applied``: those that did); after one applies,
        every other that now applies does (616.1f, 616.2), so redirected damage can be
        redirected again. The first applicable effect (in the list's order) is applied to the
        first part it applies to; a redirected part is looked at again at once, then the rest.
        Parts for the same recipient are merged, in the order of their first parts. The
        redirections ordered across groups are applied by :meth:`_chosen_order`."""
        at = first
        while at < len(pieces):
            rcpt, d, chosen = pieces[at]
            for effect in self._effects:
                if (
                    effect.effect != "redirect"
                    or effect.ordered
                    or effect.id in applied
                    or effect.amount == 0
                    or not self._affects(effect, rcpt)
                    or not self._applies_to_damage(effect, src, combat)
                ):
                    continue
                assert effect.to is not None
                to = self._entity(effect.to)
                if not self._can_be_dealt_damage(to):
                    continue
                if not self._redirection_allowed(src, rcpt, combat):
                    at += 1  # "damage can't be redirected": it stays where it is
                    break
                applied.add(effect.id)
                moved = d if effect.amount is None else min(effect.amount, d)
                # "the next damage" (no amount) is used up by this event
                effect.amount = 0 if effect.amount is None else effect.amount - moved
                new = [(to, moved, chosen)]
                if d > moved:
                    new.append((rcpt, d - moved, chosen))
                pieces[at : at + 1] = new
                break
            else:
                at += 1
        pieces[first:] = _merge_by_recipient(pieces, first)

    def _chosen_order(
        self,
        src: Obj,
        pieces: list[Piece],
        at: int,
        preventable: bool,
        combat: bool,
        applied: set[int],
    ) -> None:
        """616.1: the effects whose order was chosen across the default groups, in the list's
        order, each once on the part ``pieces[at]`` and the event it came from (614.5): "plus N"
        and "N times" change the amount, prevention prevents it (not damage that can't be
        prevented, 615.12), a redirection moves its part to a new part for its recipient (a new
        event for it, 616.1f: the other redirections apply to it at once, then the chosen
        effects not yet applied, when its turn comes); once all of it is prevented or moved
        nothing more applies."""
        recipient, left, chosen = pieces[at]
        preventable = preventable and self._prevention_allowed(src, recipient, combat)
        for effect in [e for e in self._effects if e.ordered]:
            if left == 0:
                break
            if (
                effect.id in chosen
                or not self._affects(effect, recipient)
                or not self._applies_to_damage(effect, src, combat)
            ):
                continue
            if effect.effect in MODIFY_DAMAGE:
                left = modify_damage(effect, left)
            elif effect.effect == "redirect":
                assert effect.to is not None
                to = self._entity(effect.to)
                if (
                    effect.amount == 0
                    or effect.id in applied
                    or not self._can_be_dealt_damage(to)
                    or not self._redirection_allowed(src, recipient, combat)
                ):
                    continue
                applied.add(effect.id)
                moved = left if effect.amount is None else min(effect.amount, left)
                # "the next damage" (no amount) is used up by this event
                effect.amount = 0 if effect.amount is None else effect.amount - moved
                left -= moved
                pieces.append((to, moved, chosen | {effect.id}))
                self._redirect(src, pieces, len(pieces) - 1, combat, applied)
            elif not preventable:
                continue
            elif effect.effect == "prevent_all_but":
                assert effect.amount is not None
                left = min(left, effect.amount)
            elif effect.amount is None:
                left = 0
            else:
                prevented = min(effect.amount, left)
                effect.amount -= prevented
                left -= prevented
                if effect.amount == 0:
                    self._effects.remove(effect)
            chosen = chosen | {effect.id}
        pieces[at] = (recipient, left, chosen)

    def _prevent(self, src: Obj, recipient: Entity, n: int, preventable: bool, combat: bool) -> int:
        """615: the prevention effects that apply, in their order, then a shield counter
        (122.1c). Returns the damage left. Damage that can't be prevented (615.12) is dealt in
        full, and a shield counter is still removed."""
        left = n
        preventable = preventable and self._prevention_allowed(src, recipient, combat)  # 615.12
        for effect in list(self._effects) if preventable else []:
            if left == 0:
                break
            if (
                effect.effect not in PREVENTION
                or effect.ordered
                or not self._affects(effect, recipient)
                or not self._applies_to_damage(effect, src, combat)
            ):
                continue
            if effect.effect == "prevent_all_but":  # "prevent all but N of that damage"
                assert effect.amount is not None
                left = min(left, effect.amount)
                continue
            if effect.amount is None:  # prevents all, and stays
                left = 0
                break
            prevented = min(effect.amount, left)
            effect.amount -= prevented
            left -= prevented
            if effect.amount == 0:
                self._effects.remove(effect)
        # 122.1c: a shield counter prevents the damage and one shield counter is removed
        if left > 0 and isinstance(recipient, Obj) and recipient.counters.get(SHIELD, 0) > 0:
            if preventable:
                left = 0
            self._take(recipient, SHIELD, 1)
        return left

    def _damage_results(self, src: Obj, rcpt: Entity, d: int, combat: bool) -> None:
        """120.3: the results of ``d`` damage dealt by ``src`` to ``rcpt``."""
        if self._berserk:
            # damage places that many wounds
            self._check_room(rcpt, WOUND, d)
            rcpt.counters[WOUND] = rcpt.counters.get(WOUND, 0) + d
            self._emit(Event("wounded", target=rcpt.id, amount=d, source=src.id))
            return
        infect = self._has_keyword(src, "infect")  # 702.90; works from any zone, 702.90e
        if isinstance(rcpt, Player):
            if infect:
                poison = self._counters_to_put(rcpt, POISON, d)  # 120.3b
                if poison:
                    self._put(rcpt, POISON, poison)
            elif self._life_may_change(rcpt, gain=False):
                self._change_life(rcpt, -d)  # 120.3a
                self._emit(Event("life_lost", target=rcpt.id, amount=d))
            toxic = self._counters_to_put(rcpt, POISON, self._toxic(src))
            if combat and toxic > 0:
                self._put(rcpt, POISON, toxic)  # 120.3g, 702.164c
            return
        if "planeswalker" in rcpt.types:  # 120.3c, infect or not (SoM 2010 notes)
            removed = min(d, rcpt.counters.get(LOYALTY, 0))
            if removed:
                self._take(rcpt, LOYALTY, removed)
        if "creature" in rcpt.types:
            if infect or self._has_keyword(src, "wither"):
                minus = self._counters_to_put(rcpt, MINUS_ONE, d)  # 120.3d
                if minus:
                    self._put(rcpt, MINUS_ONE, minus)
            else:
                if rcpt.damage + d > MAX_COUNT:  # 120.3e
                    raise OverflowError(f"{rcpt.id} can't have more than {MAX_COUNT} damage")
                rcpt.damage += d
            if self._has_keyword(src, "deathtouch"):
                rcpt.deathtouched = True  # 702.2b, checked by 704.5h
        if "battle" in rcpt.types:  # 120.3h
            removed = min(d, rcpt.counters.get(DEFENSE, 0))
            if removed:
                self._take(rcpt, DEFENSE, removed)

    def _save_for_damage(self, items: list[tuple[Obj, Entity, int, bool]]) -> tuple[Any, ...]:
        """What a damage call may change: its recipients (targets and redirection destinations),
        the sources' controllers (lifelink), the effects (shields and redirections are used up)
        and the log."""
        touched: dict[int, Entity] = {}
        for src, target, _n, _p in items:
            touched[target.id] = target
            touched[src.controller] = self._players[src.controller]
        for effect in self._effects:
            if effect.to is not None:
                touched[effect.to] = self._entity(effect.to)
        entities: list[tuple[Entity, int, dict[str, int], int, bool]] = []
        for ent in touched.values():
            if isinstance(ent, Player):
                entities.append((ent, ent.life, dict(ent.counters), 0, False))
            else:
                entities.append((ent, 0, dict(ent.counters), ent.damage, ent.deathtouched))
        effects = [(e, e.amount) for e in self._effects]
        return entities, effects, len(self._events)

    def _restore_after_damage(self, saved: tuple[Any, ...]) -> None:
        entities, effects, n_events = saved
        for ent, life, counters, damage, deathtouched in entities:
            ent.counters = counters
            if isinstance(ent, Player):
                ent.life = life
            else:
                ent.damage = damage
                ent.deathtouched = deathtouched
        for effect, amount in effects:
            effect.amount = amount
        self._effects = [e for e, _ in effects]
        del self._events[n_events:]

    # ------------------------------------------------------------------------------------------
    # §5 Keywords granted, until-end-of-turn changes, cleanup
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

    # ------------------------------------------------------------------------------------------
    # §10 Replacement and "can't" effects (614-616)
    # ------------------------------------------------------------------------------------------

    def _effect_controller(self, effect: ReplacementEffect) -> int | None:
        """ "You" for an effect: its source's controller, or its own."""
        if effect.source is not None:
            return self._objs[effect.source].controller
        return effect.controller

    def _affects(self, effect: ReplacementEffect, ent: Entity) -> bool:
        you = self._effect_controller(effect)
        is_player = isinstance(ent, Player)
        whose = ent.id if is_player else ent.controller
        if effect.target is not None:
            return effect.target == ent.id
        for players, typ, scope in effect.affects:
            if is_player:
                if not players:
                    continue
            elif players or ent.gone or ent.zone != BATTLEFIELD:
                continue
            elif typ is not None and typ not in ent.types:
                continue
            if scope == "any" or (scope == "you") == (you == whose) and you is not None:
                return True
        return False

    def _applies_to_damage(self, effect: ReplacementEffect, src: Obj, combat: bool) -> bool:
        """Whether a damage effect applies to damage from ``src`` (its source filters), combat
        damage or not (``combat=True``: combat damage only, "prevent all combat damage")."""
        if effect.by is not None and effect.by != src.id:
            return False
        if effect.combat and not combat:
            return False
        if not effect.sources:
            return True
        you = self._effect_controller(effect)
        for _players, typ, scope in effect.sources:
            if typ is not None and typ not in src.types:
                continue
            if scope == "any" or (scope == "you") == (you == src.controller) and you is not None:
                return True
        return False

    def _damage_to_deal(self, src: Obj, rcpt: Entity, d: int, combat: bool) -> int:
        """614.1a, 616.1: every damage effect that applies, each once, in order."""
        for effect in self._effects:
            if d == 0:
                break  # all of it prevented: no damage is dealt (120.8)
            if (
                effect.effect in MODIFY_DAMAGE
                and not effect.ordered
                and self._affects(effect, rcpt)
                and self._applies_to_damage(effect, src, combat)
            ):
                d = modify_damage(effect, d)
        return d

    def _applies_to_counters(self, effect: ReplacementEffect, ent: Entity, kind: str) -> bool:
        """614.1a: a counter effect on counters of ``kind`` (or of every kind) that affects
        ``ent``."""
        return (
            effect.effect in COUNTER_EFFECTS
            and effect.counter in (None, kind)
            and self._affects(effect, ent)
        )

    def _to_order_on_counters(self, effect: ReplacementEffect, ent: Entity, kind: str) -> bool:
        """616.1: whether ``effect`` is one whose order the affected entity's controller (or the
        affected player) chooses when counters of ``kind`` would be put on ``ent``: one that
        changes how many are put (plus, minus, times, half) and applies. Two or more of them,
        in the kernel's order (the list's), make the choice."""
        return effect.effect in MODIFY_COUNTERS and self._applies_to_counters(effect, ent, kind)

    def _to_order_on_damage(
        self, effect: ReplacementEffect, src: Obj, rcpt: Entity, combat: bool
    ) -> bool:
        """616.1: whether ``effect`` is one whose order the affected entity's controller (or the
        affected player) chooses when damage from ``src`` would be dealt to ``rcpt``: a damage,
        prevention or redirection effect that would apply to it."""
        return (
            effect.effect in ORDERABLE
            and self._affects(effect, rcpt)
            and self._applies_to_damage(effect, src, combat)
        )

    def _counters_to_put(self, ent: Entity, kind: str, n: int) -> int:
        """614.1a, 616.1: every counter effect that applies, each once, in order."""
        for effect in self._effects:
            if n == 0:
                break
            if self._applies_to_counters(effect, ent, kind):
                n = modify_count(effect, n)
        return n

    def _life_may_change(self, player: Player, *, gain: bool) -> bool:
        """Sulfuric Vortex ("players can't gain life"), Platinum Emperion ("your life total
        can't change")."""
        for effect in self._effects:
            if effect.effect == "life_change_cant" or (gain and effect.effect == "life_gain_cant"):
                if self._affects(effect, player):
                    return False
        return True

    def _prevention_allowed(self, src: Obj, recipient: Entity, combat: bool) -> bool:
        """615.12: "damage can't be prevented" effects."""
        return not any(
            e.effect == "prevention_cant"
            and self._affects(e, recipient)
            and self._applies_to_damage(e, src, combat)
            for e in self._effects
        )

    def _redirection_allowed(self, src: Obj, recipient: Entity, combat: bool) -> bool:
        """ "Damage can't be redirected" effects."""
        return not any(
            e.effect == "redirection_cant"
            and self._affects(e, recipient)
            and self._applies_to_damage(e, src, combat)
            for e in self._effects
        )

    def add_replacement_effect(
        self,
        effect: str,
        *,
        affects: str | Iterable[str],
        sources: str | Iterable[str] | None = None,
        source: int | None = None,
        controller: int | None = None,
        counter: str | None = None,
        amount: int | None = None,
        combat: bool = False,
        until_end_of_turn: bool = False,
    ) -> int:
        """Add a replacement, prevention or "can't" effect (SEMANTICS §10); return its id.
        ``combat=True``: a damage effect that applies to combat damage only ("prevent all
        combat damage that would be dealt this turn", Fog)."""
        # the flags' form first (the binding reads them with the signature), then the others
        on_combat = checks.flag(combat, "combat")
        eot = checks.flag(until_end_of_turn, "until_end_of_turn")
        name = checks.text(effect, "an effect")
        if isinstance(affects, str):
            clauses_text = [affects]
        else:
            clauses_text = list(checks.names(affects, "affects"))
        if sources is None:
            sources_text: list[str] = []
        elif isinstance(sources, str):
            sources_text = [sources]
        else:
            sources_text = list(checks.names(sources, "sources"))
        sid = checks.optional_ident(source)
        cid = checks.optional_ident(controller)
        kind = None if counter is None else checks.kind(counter)
        n = checks.optional_amount(amount)
        src = None if sid is None else self._object(sid, mutate=True)
        ctrl = None if cid is None else self._player(cid)
        check_effect(name, n)
        if name == "redirect":
            raise ValueError("a redirection names where the damage goes: use redirect_damage")
        if src is not None and src.zone != BATTLEFIELD:
            raise ValueError(
                f"an effect's source must be on the battlefield; {src.id} is in {src.zone}"
            )
        if src is not None and ctrl is not None:
            raise ValueError("give at most one of source= and controller=")
        if not clauses_text:
            raise ValueError("an effect must affect something: give affects=")
        # "this permanent": the effect's own source (Rasputin "can't have more than seven dream
        # counters on it")
        itself = THIS_PERMANENT in clauses_text
        if itself and (len(clauses_text) != 1 or src is None):
            raise ValueError(
                '"this permanent" is the effect\'s source: give it alone, with source='
            )
        clauses = (
            () if itself else tuple(parse_clause(t, self._allowed_types()) for t in clauses_text)
        )
        if sources_text and name not in DAMAGE_EFFECTS:
            raise ValueError(f"{name} applies to no damage: sources= is for damage effects")
        source_clauses = tuple(parse_source_clause(t, self._allowed_types()) for t in sources_text)
        if on_combat and name not in DAMAGE_EFFECTS:
            raise ValueError(f"{name} applies to no damage: combat= is for damage effects")
        if src is None and ctrl is None and any(c[2] != "any" for c in clauses + source_clauses):
            raise ValueError('"you" and "opponents" need a source= or a controller=')
        if kind is not None and name not in COUNTER_EFFECTS | {"counters_limit"}:
            raise ValueError(f"{name} applies to no counters: counter= is for counter effects")
        if kind is None and name == "counters_limit":
            raise ValueError("counters_limit needs the counter= kind it limits")
        if kind is not None:
            self._hold_kind(kind)
        eid = self._next_effect_id
        self._next_effect_id += 1
        self._effects.append(
            ReplacementEffect(
                eid,
                name,
                n,
                None if src is None else src.id,
                None if ctrl is None else ctrl.id,
                clauses,
                kind,
                eot,
                source_clauses,
                src.id if itself and src is not None else None,
                combat=on_combat,
            )
        )
        return eid

    def remove_replacement_effect(self, effect_id: int) -> None:
        """End the effect with that id (KeyError if there is none)."""
        eid = checks.ident(effect_id)
        for i, effect in enumerate(self._effects):
            if effect.id == eid:
                del self._effects[i]
                return
        raise KeyError(eid)

    def order_replacement_effects(self, ids: Iterable[int], *, across_groups: bool = False) -> None:
        """616.1: the effects ``ids`` first, in that order; the others after them as they were
        (the order within each default group). ``across_groups=True``: the ids (damage_plus,
        damage_times, prevent, prevent_all_but, redirect) apply to a damage event in that order
        after the other redirections, before the default groups of the others; this choice
        replaces the previous one."""
        across = checks.flag(across_groups, "across_groups")
        wanted = [checks.ident(i) for i in ids]
        by_id = {e.id: e for e in self._effects}
        for i, eid in enumerate(wanted):
            if eid not in by_id:
                raise KeyError(eid)
            if eid in wanted[:i]:
                raise ValueError(f"replacement effect {eid} is given twice")
        if across:
            if len(wanted) > MAX_ORDERED_EFFECTS:
                raise OverflowError(
                    f"{len(wanted)} effects ordered across groups; at most "
                    f"{MAX_ORDERED_EFFECTS} can be"
                )
            for eid in wanted:
                if by_id[eid].effect not in ORDERABLE:
                    raise ValueError(
                        f"replacement effect {eid} is {by_id[eid].effect}: only damage_plus, "
                        "damage_times, prevent, prevent_all_but and redirect are ordered across "
                        "groups (616.1)"
                    )
            for e in self._effects:
                e.ordered = e.id in wanted
        first = [by_id[i] for i in wanted]
        self._effects = first + [e for e in self._effects if e.id not in wanted]

    def replacement_effects(self) -> list[dict[str, Any]]:
        """The effects in their order of application, as dicts."""
        return [e.as_dict() for e in self._effects]

    # ------------------------------------------------------------------------------------------
    # §11 Continuous effects (611, 613)
    # ------------------------------------------------------------------------------------------

    def _continuous_applies(self, effect: ContinuousEffect, obj: Obj) -> bool:
        """Whether ``effect`` affects ``obj`` now (611.2c locked-in set, 611.3a filter)."""
        if effect.form == "fixed":
            return obj.id in effect.ids
        if effect.form == "this":
            return effect.source == obj.id
        if obj.gone or obj.zone != BATTLEFIELD:
            return False
        you = (
            self._objs[effect.source].controller if effect.source is not None else effect.controller
        )
        for _players, typ, scope, subtype, other in effect.clauses:
            if typ is not None and typ not in obj.types:
                continue
            if other and effect.source == obj.id:
                continue
            if subtype is not None and subtype not in obj.subtypes:
                continue
            if scope == "any" or you is not None and (scope == "you") == (you == obj.controller):
                return True
        return False

    def _layer_6(self, obj: Obj, keywords: set[str], toxic: int) -> tuple[set[str], int]:
        """613.1f: abilities added and removed, in timestamp order (613.7)."""
        for effect in self._continuous:
            if effect.effect == "add_keyword" and self._continuous_applies(effect, obj):
                keywords.add(effect.keyword or "")
                toxic = min(toxic + (effect.value or 0), 2**32 - 1)  # 702.164b: the sum
            elif effect.effect == "remove_keyword" and self._continuous_applies(effect, obj):
                keywords.discard(effect.keyword or "")
                if effect.keyword == "toxic":
                    toxic = 0
        return keywords, toxic

    def _layer_7(self, obj: Obj) -> tuple[tuple[int, int] | None, int, int, bool]:
        """613.4: the base P/T set by 7a then 7b (the latest timestamp wins) if any, the sum
        of the 7c modifications, and whether an odd number of 7e switches applies."""
        defined = base = None
        dp = dt = 0
        switched = False
        for effect in self._continuous:
            if effect.effect == "switch_power_toughness":
                if self._continuous_applies(effect, obj):
                    switched = not switched
                continue
            if effect.power is None or not self._continuous_applies(effect, obj):
                continue
            pt = (effect.power, effect.toughness or 0)
            if effect.effect == "define_power_toughness":
                defined = pt
            elif effect.effect == "set_base_power_toughness":
                base = pt
            else:
                dp += pt[0]
                dt += pt[1]
        return (base if base is not None else defined), dp, dt, switched

    def _remember_layered(self, obj: Obj) -> None:
        """113.7a, 704.8: an object leaving is remembered with the values the effects gave it;
        no effect affects its record afterwards."""
        if not any(self._continuous_applies(e, obj) for e in self._continuous):
            return
        keywords, toxic = self._layer_6(obj, self._granted_keywords(obj), self._base_toxic(obj))
        power, toughness, switched = self._unswitched(obj)
        base, dp, dt, _ = self._layer_7(obj)
        bases = self._bases(obj)
        if base is None and obj.remembered is not None:
            base = obj.remembered[2]
        obj.remembered = (frozenset(keywords), toxic, base)
        limit = PUMP_LIMIT - 1
        pump_p, pump_t = obj.pump_power + dp, obj.pump_toughness + dt
        if switched and power is not None and toughness is not None:
            # 7e: the record holds the switched values; it reads base + pump + counters, so
            # the pumps take the difference.
            bp, bt = base if base is not None else bases
            cp, ct = self._pt_from_counters(obj)
            pump_p, pump_t = toughness - (bp or 0) - cp, power - (bt or 0) - ct
        obj.pump_power = max(-limit, min(limit, pump_p))
        obj.pump_toughness = max(-limit, min(limit, pump_t))

    def _end_continuous_for(self, oid: int) -> None:
        """611.3a: the effects of the static abilities of ``oid`` end; it leaves the locked-in
        sets (an emptied one ends)."""
        kept = []
        for effect in self._continuous:
            if effect.source == oid:
                continue
            if effect.form == "fixed" and oid in effect.ids:
                effect.ids.remove(oid)
                if not effect.ids:
                    continue
            kept.append(effect)
        self._continuous = kept

    def add_continuous_effect(
        self,
        effect: str,
        *,
        affected: str | Iterable[str] | Iterable[int],
        source: int | None = None,
        controller: int | None = None,
        keyword: str | None = None,
        value: int | None = None,
        power: int | None = None,
        toughness: int | None = None,
        until_end_of_turn: bool = False,
    ) -> int:
        """Add a continuous effect (SEMANTICS §11); return its id. ``affected``: a filter text
        (``"creatures you control"``, ``"other creatures you control"``, ``"creatures your
        opponents control"``, ``"Zombie creatures you control"``, ``"this"``), a list of them,
        or a list of permanent ids (a set locked in now, 611.2c)."""
        # The flag's form first: the engine's binding reads it with the signature.
        eot = checks.flag(until_end_of_turn, "until_end_of_turn")
        name = checks.text(effect, "an effect")
        texts: list[str] | None = None
        fixed: list[int] | None = None
        if isinstance(affected, str):
            texts = [affected]
        else:
            try:
                items = list(affected)
            except TypeError:
                raise TypeError(
                    "affected must be a filter text, or an iterable of texts or ids"
                ) from None
            if items and isinstance(items[0], int) and not isinstance(items[0], bool):
                if not all(isinstance(i, int) and not isinstance(i, bool) for i in items):
                    raise TypeError("affected: give filter texts or ids, not both")
                fixed = [checks.ident(i) for i in items]
            else:
                texts = list(checks.names(items, "affected"))
        sid = checks.optional_ident(source)
        cid = checks.optional_ident(controller)
        kw = None if keyword is None else checks.text(keyword, "a keyword")
        n = checks.optional_amount(value)
        dp = None if power is None else checks.int64(power, "power")
        dt = None if toughness is None else checks.int64(toughness, "toughness")
        src = None if sid is None else self._object(sid, mutate=True)
        ctrl = None if cid is None else self._player(cid)
        if fixed is not None:
            for i, x in enumerate(fixed):
                self._in_play(self._object(x, mutate=True), "a continuous effect")
                if x in fixed[:i]:
                    raise ValueError(f"{x} is given twice in affected=")
        kept = check_change(name, kw, n, dp, dt)
        if src is not None and src.zone != BATTLEFIELD:
            raise ValueError(
                f"an effect's source must be on the battlefield; {src.id} is in {src.zone}"
            )
        if src is not None and ctrl is not None:
            raise ValueError("give at most one of source= and controller=")
        clauses: tuple[FilterClause, ...] = ()
        if fixed is not None:
            if not fixed:
                raise ValueError("an effect must affect something: give affected=")
            form = "fixed"
        else:
            form, clauses = parse_affected(
                texts or [], self._allowed_types(), src is not None, ctrl is not None
            )
        eid = self._next_continuous_id
        self._next_continuous_id += 1
        self._continuous.append(
            ContinuousEffect(
                eid,
                name,
                kw,
                kept,
                dp,
                dt,
                form,
                clauses,
                list(fixed or []),
                None if src is None else src.id,
                None if ctrl is None else ctrl.id,
                eot,
            )
        )
        return eid

    def end_continuous_effect(self, id: int) -> None:
        """End the continuous effect with that id (KeyError if there is none)."""
        eid = checks.ident(id)
        for i, effect in enumerate(self._continuous):
            if effect.id == eid:
                del self._continuous[i]
                return
        raise KeyError(eid)

    def continuous_effects(self) -> list[dict[str, Any]]:
        """The continuous effects in timestamp order (613.7), as dicts."""
        return [e.as_dict() for e in self._continuous]

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
    # §6 State-based actions (704)
    # ------------------------------------------------------------------------------------------

    def check_state_based_actions(
        self, *, legend_rule_keep: Iterable[int] | None = None
    ) -> list[Event]:
        """Perform all applicable state-based actions at once, repeating until none applies
        (704.3). Return the events they caused (they are in the log too, if it is kept).

        ``legend_rule_keep``: the legendary permanents their controller chooses to keep when
        the legend rule applies to them (704.5j; at most one per controller and name); for the
        other groups the newest (highest id) stays."""
        keep = self._legend_choice(legend_rule_keep)
        record = self._record_events
        start = len(self._events)
        self._record_events = True  # the returned events are wanted even with the log off
        try:
            return self._check_state_based_actions(keep)
        finally:
            self._record_events = record
            if not record:
                del self._events[start:]

    def _check_state_based_actions(self, keep: list[int]) -> list[Event]:
        start = len(self._events)
        first = True
        while True:
            if self._berserk:
                acted = self._sba_pass_berserk()
            else:
                acted = self._sba_pass_magic(keep)
                if first:
                    # deathtouch damage is looked at by the first check only
                    for obj in self._battlefield.values():
                        obj.deathtouched = False
            first = False
            if not acted:
                break
        return self._events[start:]

    def _legend_choice(self, keep: object) -> list[int]:
        """``legend_rule_keep``: its form (ints), then each id completely, in order: a
        legendary permanent, none of the same controller and name as one before it."""
        if keep is None:
            return []
        if isinstance(keep, str | bytes) or not isinstance(keep, Iterable):
            raise TypeError("legend_rule_keep must be an iterable of ids")
        ids = [checks.ident(x) for x in keep]
        chosen: list[Obj] = []
        for xid in ids:
            obj = self._object(xid, mutate=True)
            self._in_play(obj, "keep under the legend rule")
            if "legendary" not in obj.printed.supertypes:
                raise ValueError(
                    f"{xid} is not legendary: the legend rule (704.5j) keeps legendary permanents"
                )
            for other in chosen:
                if other.controller == obj.controller and other.printed.name == obj.printed.name:
                    raise ValueError(
                        f"{other.id} and {xid} are both {obj.printed.name!r} of player "
                        f"{obj.controller}: the legend rule keeps one"
                    )
            chosen.append(obj)
        return ids

    def _legend_rule(self, keep: list[int], fates: dict[int, str]) -> None:
        """704.5j: of two or more legendary permanents with the same name that one player
        controls, that player keeps one (the caller's choice, else the newest: the highest id)
        and the rest are put into their owners' graveyards (a graveyard fate replaces a
        destruction; indestructible doesn't help). Objects with no name share no name (201.2).
        """
        groups: dict[tuple[int, str], list[Obj]] = {}
        for obj in self._battlefield.values():
            if "legendary" in obj.printed.supertypes and obj.printed.name:
                groups.setdefault((obj.controller, obj.printed.name), []).append(obj)
        for group in groups.values():
            if len(group) < 2:
                continue
            chosen = [o.id for o in group if o.id in keep]
            kept = chosen[0] if chosen else max(o.id for o in group)
            for obj in group:
                if obj.id != kept:
                    fates[obj.id] = "graveyard"

    def _cease_tokens(self) -> bool:
        """704.5d: a token in a zone other than the battlefield ceases to exist (ascending id).
        Its record stays as last known information: gone, with no new object, in the zone it
        was in; the effects tied to it end as on a zone change. Event ``ceased_to_exist``."""
        ceasing = [
            o
            for o in self._objs.values()
            if o.printed.token and not o.gone and o.zone != BATTLEFIELD
        ]
        for obj in ceasing:
            if self._continuous:
                self._remember_layered(obj)  # 113.7a: as it last existed
            self._end_effects_tied_to(obj)
            obj.gone = True
            self._emit(Event("ceased_to_exist", target=obj.id, zone_from=obj.zone))
        return bool(ceasing)

    def _sba_pass_magic(self, keep: list[int]) -> bool:
        acted = False
        # 704.5a, 704.5c
        for player in self._players:
            if player.lost:
                continue
            if player.life <= 0 or player.counters.get(POISON, 0) >= POISON_TO_LOSE:
                player.lost = True
                self._emit(Event("player_lost", target=player.id))
                acted = True
        permanents = list(self._battlefield.values())
        # Every permanent's fate first (annihilation leaves P/T unchanged).
        fates: dict[int, str] = {}
        for obj in permanents:
            is_creature = "creature" in obj.types
            toughness = self._toughness(obj) if is_creature else None
            if (
                (toughness is not None and toughness <= 0)  # 704.5f
                or ("planeswalker" in obj.types and obj.counters.get(LOYALTY, 0) == 0)  # 704.5i
                or ("battle" in obj.types and obj.counters.get(DEFENSE, 0) == 0)  # 704.5v
            ):
                fates[obj.id] = "graveyard"
            elif toughness is not None and (0 < toughness <= obj.damage or obj.deathtouched):
                fates[obj.id] = "destroy"  # 704.5g, 704.5h
        self._legend_rule(keep, fates)  # 704.5j
        acted = self._cease_tokens() or acted  # 704.5d
        # 704.5q: +1/+1 and -1/-1 counters annihilate, on the permanents that stay: the actions
        # are simultaneous (704.3), so one that leaves in this pass is remembered with all its
        # counters (704.8).
        for obj in permanents:
            fate = fates.get(obj.id)
            stays = fate is None or (
                fate == "destroy"
                and (self._has_keyword(obj, "indestructible") or obj.id in self._regenerations)
            )
            plus = obj.counters.get(PLUS_ONE, 0)
            minus = obj.counters.get(MINUS_ONE, 0)
            if stays and plus and minus:
                n = min(plus, minus)
                self._take(obj, PLUS_ONE, n)
                self._take(obj, MINUS_ONE, n)
                acted = True
        acted = self._remove_counters_over_limits(permanents, fates) or acted
        for obj in permanents:
            fate = fates.get(obj.id)
            if fate == "graveyard":
                self._move(obj, GRAVEYARD)
                acted = True
            elif fate == "destroy":
                # 122.1c: a shield counter replaces destruction by an effect only; it stays.
                acted = self._destroy(obj, by_effect=False) != "not" or acted
        return acted

    def _stays(self, obj: Obj, fate: str | None) -> bool:
        """Whether a permanent with this fate stays on the battlefield in this pass."""
        return fate is None or (
            fate == "destroy"
            and (self._has_keyword(obj, "indestructible") or obj.id in self._regenerations)
        )

    def _remove_counters_over_limits(self, permanents: list[Obj], fates: dict[int, str]) -> bool:
        """704.5r: a permanent that can't have more than N counters of a kind (a
        ``counters_limit`` effect; the smallest N if several) and has more has the excess
        removed: ascending id, its kinds in its counters' order, after 704.5q, only on the
        permanents that stay in this pass."""
        limits = [e for e in self._effects if e.effect == "counters_limit"]
        if not limits:
            return False
        excess: list[tuple[Obj, str, int]] = []
        for obj in permanents:
            if not self._stays(obj, fates.get(obj.id)):
                continue
            for kind, n in obj.counters.items():
                caps = [
                    e.amount
                    for e in limits
                    if e.counter == kind and e.amount is not None and self._affects(e, obj)
                ]
                if caps and n > min(caps):
                    excess.append((obj, kind, n - min(caps)))
        for obj, kind, n in excess:
            self._take(obj, kind, n)
        return bool(excess)

    def _destroy(self, obj: Obj, *, by_effect: bool) -> str:
        """701.8: destroy a permanent. Indestructible stops it (702.12b); a regeneration shield
        (oldest first, 701.15b) replaces it, or else, for an effect, a shield counter (122.1c).
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
        """701.15a: the next time permanent ``x`` would be destroyed this turn, instead tap it
        and remove all damage from it."""
        obj = self._object(checks.ident(x), mutate=True)
        self._in_play(obj, "regenerate")
        self._regenerations.append(obj.id)

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
        """Untap permanent ``x``; return whether it was tapped."""
        obj = self._object(checks.ident(x), mutate=True)
        self._in_play(obj, "untap")
        was = obj.tapped
        obj.tapped = False
        return was

    def is_tapped(self, x: int) -> bool:
        """Whether ``x`` is tapped (last known information for a gone id)."""
        return self._read(x).tapped

    def _sba_pass_berserk(self) -> bool:
        acted = self._cease_tokens()  # 704.5d
        for obj in list(self._battlefield.values()):
            if "creature" not in obj.types and "hero" not in obj.types:
                continue
            lives = self._lives(obj)
            if lives is not None and obj.counters.get(WOUND, 0) >= lives:
                self._emit(Event("destroyed", target=obj.id))
                self._move(obj, GRAVEYARD)
                acted = True
        return acted

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

    # ------------------------------------------------------------------------------------------
    # §7 Proliferate (701.34; old 701.23 in "mtg-2010")
    # ------------------------------------------------------------------------------------------

    def proliferate_candidates(self) -> list[int]:
        """Players not lost with a counter (ascending), then permanents with a counter
        (ascending). Cards in other zones are never candidates (SoM 2010 notes)."""
        ids = [p.id for p in self._players if not p.lost and p.counters]
        ids.extend(obj.id for obj in self._battlefield.values() if obj.counters)
        return ids

    def proliferate(self, player: int, chosen: Iterable[int] | Mapping[int, str]) -> None:
        """``player`` proliferates. ``"mtg"``/``"berserk"``: ``chosen`` is an iterable of ids,
        each gets one more counter of each kind it has (701.34a). ``"mtg-2010"``: a mapping
        id -> kind, each gets one more counter of that kind (old 701.23a).

        §0: the form of the player and of every choice first; then the player; then each choice
        completely (its id, gone, candidate, chosen twice, the kind, room for one more counter)
        before the next; nothing happens unless every choice is good."""
        pid = checks.ident(player)
        raw = self._proliferate_form(chosen)
        self._player(pid)
        candidates = set(self.proliferate_candidates())
        seen: set[int] = set()
        choices: list[tuple[Entity, list[str]]] = []
        for eid, kind in raw:
            ent = self._any(eid, mutate=True)
            if ent.id not in candidates:
                raise ValueError(f"{ent.id} is not a proliferate candidate")
            if ent.id in seen:
                raise ValueError(f"{ent.id} is chosen more than once")
            seen.add(ent.id)
            if kind is not None and kind not in ent.counters:
                raise ValueError(f"{ent.id} has no {kind!r} counter")
            kinds = list(ent.counters) if kind is None else [kind]
            for k in kinds:
                self._check_room(ent, k, 1)
            choices.append((ent, kinds))
        if self._effects:
            # 614.1a: each counter through the effects; all or nothing.
            saved = [(ent, dict(ent.counters)) for ent, _ in choices]
            n_events = len(self._events)
            try:
                for ent, kinds in choices:
                    for k in kinds:
                        n = self._counters_to_put(ent, k, 1)
                        if n:
                            self._put(ent, k, n)
            except OverflowError:
                for ent, counters in saved:
                    ent.counters = counters
                del self._events[n_events:]
                raise
        else:
            for ent, kinds in choices:
                for k in kinds:
                    self._put(ent, k, 1)
        # "whenever you proliferate" triggers even when nothing was chosen
        self._emit(Event("proliferated", target=pid))

    def _proliferate_form(
        self, chosen: Iterable[int] | Mapping[int, str]
    ) -> list[tuple[int, str | None]]:
        """The form of the choice: (id, kind) pairs, kind None meaning every kind it has."""
        if self._ruleset == "mtg-2010":
            if not isinstance(chosen, Mapping):
                raise TypeError("in mtg-2010, proliferate takes a mapping id -> counter kind")
            return [(checks.ident(e), checks.kind(k)) for e, k in chosen.items()]
        if isinstance(chosen, str | bytes) or not isinstance(chosen, Iterable):
            raise TypeError("proliferate takes an iterable of ids")
        return [(checks.ident(e), None) for e in chosen]

    def _benefit(self, player: int, ent: Entity, kind: str) -> int:
        friendly = ent.id == player if isinstance(ent, Player) else ent.controller == player
        pol = polarity(kind)
        if pol == "neutral":
            return 0
        return 1 if (pol == "good") == friendly else -1

    def proliferate_auto(self, player: int) -> list[int] | dict[int, str]:
        """Proliferate for an agent, by polarity: more counters where that helps ``player``.
        Returns the choice made (a list of ids, or in ``"mtg-2010"`` a dict id -> kind)."""
        pid = self._player(checks.ident(player)).id
        candidates = [self._entity(c) for c in self.proliferate_candidates()]
        if self._ruleset == "mtg-2010":
            choice: dict[int, str] = {}
            for ent in candidates:
                helpful = [k for k in ent.counters if self._benefit(pid, ent, k) == 1]
                if helpful:
                    choice[ent.id] = min(helpful)  # smallest name, code-point order
            self.proliferate(pid, choice)
            return choice
        chosen = [
            ent.id
            for ent in candidates
            if sum(self._benefit(pid, ent, k) for k in ent.counters) > 0
        ]
        self.proliferate(pid, chosen)
        return chosen

    # ------------------------------------------------------------------------------------------
    # §8 Berserk: strength, lives, wounds (Berserk Heroes, rules 104.3)
    # ------------------------------------------------------------------------------------------

    def _unclamped_strength(self, obj: Obj) -> int | None:
        if obj.strength is None:
            return None
        return (
            obj.strength + obj.counters.get(PLUS_STRENGTH, 0) - obj.counters.get(MINUS_STRENGTH, 0)
        )

    def _lives(self, obj: Obj) -> int | None:
        base = obj.lives
        if base is None:
            return None
        return base + obj.counters.get(EXTRA_LIFE, 0) - obj.counters.get(NEGATIVE_LIFE, 0)

    def strength(self, x: int) -> int | None:
        """Base strength plus strength effects, never below 0 when read (104.3.1)."""
        value = self._unclamped_strength(self._read(x))
        return None if value is None else max(0, value)

    def lives(self, x: int) -> int | None:
        """Base lives plus extra lives minus negative lives."""
        return self._lives(self._read(x))

    def wounds(self, x: int) -> int:
        """The number of wounds on ``x``."""
        return self._read(x).counters.get(WOUND, 0)

    def _in_play(self, obj: Obj, what: str) -> None:
        if obj.zone != BATTLEFIELD:
            raise ValueError(f"{what} applies only to cards in play; {obj.id} is in {obj.zone}")

    def set_strength(self, x: int, n: int) -> None:
        """104.3.1 "strength becomes X": put as many +1 or -1 strength effects as make the
        (unclamped) strength X."""
        xid = checks.ident(x)
        target = checks.int64(n, "strength")
        obj = self._object(xid, mutate=True)
        self._in_play(obj, "set_strength")
        current = self._unclamped_strength(obj)
        if current is None:
            raise ValueError(f"{obj.id} has no strength")
        if target < 0:
            raise ValueError(f"strength can't become {target}: it must be at least 0")
        if target > current:
            self._put(obj, PLUS_STRENGTH, target - current)
        elif target < current:
            self._put(obj, MINUS_STRENGTH, current - target)

    def set_lives(self, x: int, n: int) -> None:
        """104.3.1 "lives become X": remove all wounds (no event), then remove or put extra and
        negative lives so that lives equal X. No ``wounded`` and no ``healed`` event."""
        xid = checks.ident(x)
        target = checks.int64(n, "lives")
        obj = self._object(xid, mutate=True)
        self._in_play(obj, "set_lives")
        current = self._lives(obj)
        if current is None:
            raise ValueError(f"{obj.id} has no lives")
        if target < 0:
            raise ValueError(f"lives can't become {target}: they must be at least 0")
        if target > current:
            undo, put = NEGATIVE_LIFE, EXTRA_LIFE
        else:
            undo, put = EXTRA_LIFE, NEGATIVE_LIFE
        change = abs(target - current)
        removed = min(change, obj.counters.get(undo, 0))
        added = change - removed
        self._check_room(obj, put, added)
        if obj.counters.get(WOUND, 0):
            self._take(obj, WOUND, obj.counters[WOUND], event=False)
        if removed:
            self._take(obj, undo, removed)
        if added:
            self._put(obj, put, added)

    def heal(self, x: int, n: int) -> int:
        """Heal ``n``: remove up to ``n`` wounds (event ``healed``); return how many."""
        xid = checks.ident(x)
        amount = checks.amount(n, "n")
        obj = self._object(xid, mutate=True)
        self._in_play(obj, "heal")
        healed = min(amount, obj.counters.get(WOUND, 0))
        if healed:
            self._take(obj, WOUND, healed, event=False)
            self._emit(Event("healed", target=obj.id, amount=healed))
        return healed

    def remove_effects(self, x: int) -> None:
        """Remove every strength and life effect from ``x`` (not wounds, not overwritten
        non-base properties such as the controller, 104.3.4)."""
        obj = self._object(checks.ident(x), mutate=True)
        for kind in [k for k in obj.counters if k in BERSERK_EFFECTS]:
            self._take(obj, kind, obj.counters[kind])

    # ------------------------------------------------------------------------------------------
    # §8 Berserk: cost (105.1, 104.3)
    # ------------------------------------------------------------------------------------------

    def _cost_modifier_total(self, obj: Obj) -> int:
        total = 0
        for mod in self._cost_mods:
            if mod.card is not None:
                if mod.card == obj.id and obj.zone == HAND:
                    total += mod.amount
                continue
            assert mod.source is not None
            source = self._objs[mod.source]
            if source.gone or source.zone != BATTLEFIELD:
                continue
            if obj.zone not in (HAND, BATTLEFIELD):
                continue
            if mod.subtypes and not any(s in obj.subtypes for s in mod.subtypes):
                continue
            if mod.types and not any(t in obj.types for t in mod.types):
                continue
            if mod.controller is not None and obj.controller != mod.controller:
                continue
            total += mod.amount
        return total

    def cost(self, x: int, *, x_value: int | None = None) -> int:
        """The cost of ``x``: base cost (0 if it has none) with X = ``x_value`` (0 if None,
        105.1), plus the cost modifiers that apply to it where it is; never below 0. Modifiers
        apply only to live cards in hand or in play: a gone id's cost is its base cost."""
        xid = checks.ident(x)
        xv = checks.optional_amount(x_value, "x_value") or 0
        obj = self._object(xid)
        total = (obj.printed.cost or 0) + xv * obj.printed.cost_x
        if not obj.gone:
            total += self._cost_modifier_total(obj)
        return max(0, total)

    def add_cost_modifier(
        self,
        amount: int,
        *,
        card: int | None = None,
        source: int | None = None,
        subtypes: Iterable[str] = (),
        types: Iterable[str] = (),
        controller: int | None = None,
    ) -> None:
        """Add ``amount`` (negative: a reduction) to costs. With ``card``: that card's cost while
        it is in hand (it must be in hand now; the filters are ignored). With ``source`` (it
        must be in play now): while the source is in play, the cost of cards in hand or in play
        that have one of ``subtypes`` and one of ``types`` (when given) and are controlled by
        ``controller`` (when given). Either ends when its card or source moves."""
        # §0: the form of every argument, left to right
        delta = checks.int64(amount, "amount")
        card_id = checks.optional_ident(card)
        source_id = checks.optional_ident(source)
        subtype_names = checks.names(subtypes, "subtypes")
        type_names = checks.names(types, "types")
        controller_id = checks.optional_ident(controller)
        # the ids, left to right
        card_obj = None if card_id is None else self._object(card_id, mutate=True)
        source_obj = None if source_id is None else self._object(source_id, mutate=True)
        ctrl = None if controller_id is None else self._player(controller_id).id
        # the rules
        if card_obj is not None and card_obj.zone != HAND:
            raise ValueError(
                f"a one-off cost modifier needs its card in hand; {card_obj.id} "
                f"is in {card_obj.zone}"
            )
        if source_obj is not None and source_obj.zone != BATTLEFIELD:
            raise ValueError(
                f"a static cost modifier needs its source in play; "
                f"{source_obj.id} is in {source_obj.zone}"
            )
        if (card_obj is None) == (source_obj is None):
            raise ValueError("give exactly one of card and source")
        typ = checks.card_types(type_names, self._allowed_types(), self._ruleset)
        sub = checks.subtypes(subtype_names)
        if not -STAT_LIMIT < delta < STAT_LIMIT:
            raise OverflowError(f"cost modifier {delta} is out of range (|amount| < 2**31)")
        if card_obj is not None:
            mod = CostModifier(delta, card_obj.id, None, (), (), None)
        else:
            assert source_obj is not None
            mod = CostModifier(delta, None, source_obj.id, sub, typ, ctrl)
        self._cost_mods.append(mod)

    # ------------------------------------------------------------------------------------------
    # §8 Berserk: non-base properties (104.3.4) and property replacement (classic Berserk, 108)
    # ------------------------------------------------------------------------------------------

    def set_controller(self, x: int, p: int) -> None:
        """104.3.4: overwrite the controller of a card in play (no effect, no counters). The
        card is controlled by its owner again after it leaves play."""
        xid = checks.ident(x)
        pid = checks.ident(p)
        obj = self._object(xid, mutate=True)
        player = self._player(pid)
        self._in_play(obj, "set_controller")
        obj.controller = player.id

    def set_types(
        self, x: int, types: Iterable[str], *, subtypes: Iterable[str] | None = None
    ) -> None:
        """108.1/108.2: ``x`` (in play) now has exactly ``types``, and ``subtypes`` (its printed
        subtypes if None). Becoming a non-creature loses strength, movement and flying; becoming
        a creature again gets back the printed ones (0, 0, no flying if not printed a creature)."""
        xid = checks.ident(x)
        type_names = checks.names(types, "types")
        subtype_names = None if subtypes is None else checks.names(subtypes, "subtypes")
        obj = self._object(xid, mutate=True)
        self._in_play(obj, "set_types")
        new_types = checks.card_types(type_names, self._allowed_types(), self._ruleset)
        new_subtypes = None if subtype_names is None else checks.subtypes(subtype_names)
        was_creature = "creature" in obj.types
        is_creature = "creature" in new_types
        # Classic Berserk 208: a terrain (or another type without lives) has only a cost and
        # eliteness; creatures, heroes and artifacts have lives, back with the type (108.2).
        with_lives = ("creature", "hero", "artifact")
        had_lives = any(t in obj.types for t in with_lives)
        has_lives = any(t in new_types for t in with_lives)
        if had_lives and not has_lives:
            obj.lives = None
        elif has_lives and not had_lives:
            obj.lives = obj.printed.lives
        obj.types = list(new_types)
        obj.subtypes = list(obj.printed.subtypes if new_subtypes is None else new_subtypes)
        if was_creature and not is_creature:
            obj.strength = None
            obj.movement = None
            self._lose_keyword(obj, "flying")
        elif is_creature and not was_creature:
            if "creature" in obj.printed.types:
                obj.strength = obj.printed.strength
                obj.movement = obj.printed.movement
                obj.revoked.discard("flying")  # printed flying (if any) is back
            else:
                obj.strength = 0
                obj.movement = 0
                self._lose_keyword(obj, "flying")

    def movement(self, x: int) -> int | None:
        """The movement of ``x``; None for a flyer (the flying icon stands in its place)."""
        obj = self._read(x)
        return None if self._has_keyword(obj, "flying") else obj.movement

    def is_flying(self, x: int) -> bool:
        """Whether ``x`` flies: ``has_keyword(x, "flying")``."""
        return self._has_keyword(self._read(x), "flying")

    def is_elite(self, x: int) -> bool:
        """Whether ``x`` is elite."""
        return self._read(x).elite

    def set_elite(self, x: int, flag: bool) -> None:
        """Make ``x`` elite or ordinary (108.1)."""
        xid = checks.ident(x)
        elite = checks.flag(flag, "flag")
        self._object(xid, mutate=True).elite = elite

    # ------------------------------------------------------------------------------------------
    # Search support (SEMANTICS §9): clone, ==, hash, bytes
    # ------------------------------------------------------------------------------------------

    def clone(self) -> Game:
        """A deep, independent copy (the event log included)."""
        new = Game.__new__(Game)
        new._record_events = self._record_events
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

    def apply(self, ops: Iterable[tuple[Any, ...]]) -> None:
        """Applies ``[(name, *args), ...]`` in one call, all or nothing: every operation's form is
        checked first (``ops.read_op``), then they run in order; on the first failure the game
        is put back as it was and that error is raised. The names and arguments are the
        methods' (``ops.OPS``)."""
        calls = [read_op(i, op) for i, op in enumerate(ops)]
        saved = self.clone()
        try:
            for call in calls:
                getattr(self, call.name)(*call.args, **call.kwargs)
        except BaseException:
            self.__dict__.update(saved.__dict__)
            raise

    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        new = self.clone()
        for obj in new._objs.values():  # info values may be mutable: copy them too
            if obj.info is not None:
                obj.info = copy.deepcopy(obj.info, memo)
        return new

    def _state(self, sort_counters: bool) -> tuple[Any, ...]:
        """The rules-relevant state: everything except the seed (no rule reads it), ``info``
        and the event log. ``sort_counters``: counters as sorted items (for == and hash) or in
        their insertion order (for bytes)."""
        return (
            self._ruleset,
            self._next_id,
            tuple(p.canonical(sort_counters) for p in self._players),
            tuple(o.canonical(sort_counters) for o in self._objs.values()),
            (),  # versions 1 and 2 of the bytes: prevention shields (now effects)
            (),  # and redirections (now effects)
            tuple(m.canonical() for m in self._cost_mods),
            tuple(self._regenerations),
            self._next_effect_id,
            tuple(e.canonical() for e in self._effects),
            self._next_continuous_id,
            tuple(c.canonical() for c in self._continuous),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._state(True) == other._state(True)

    __hash__ = None  # type: ignore[assignment]  # mutable; use .hash()

    def hash(self) -> int:
        """A 64-bit hash of the rules-relevant state: equal for equal games."""
        digest = hashlib.blake2b(repr(self._state(True)).encode(), digest_size=8).digest()
        return int.from_bytes(digest, "little")

    def to_bytes(self) -> bytes:
        """The rules-relevant state (not ``info``, not the event log) as bytes."""
        from .codec import encode

        return encode(self._seed, self._state(False), self._record_events)

    @classmethod
    def from_bytes(cls, data: bytes) -> Game:
        """A game from :meth:`to_bytes` output. Malformed input raises ValueError."""
        from .codec import decode

        return decode(cls, data)


def _counters_form(counters: object) -> list[tuple[str, int]]:
    """``counters=``: None, or a mapping kind -> amount (each checked in form, in order)."""
    if counters is None:
        return []
    if not isinstance(counters, Mapping):
        raise TypeError("counters must be a mapping kind -> amount")
    return [(checks.kind(k), checks.amount(n)) for k, n in counters.items()]


def _grantable(keyword: str) -> str:
    """A keyword that can be granted or revoked: known, and not the valued ``toxic``."""
    kw = checks.known_keyword(keyword)
    if kw == "toxic":
        raise ValueError("toxic is a valued keyword: it is set at creation, not granted or revoked")
    return kw


def _merge_by_recipient(pieces: list[Piece], first: int) -> list[Piece]:
    """One part per recipient in ``pieces[first:]``, in the order of their first parts."""
    merged: dict[int, Piece] = {}
    for rcpt, d, chosen in pieces[first:]:
        old = merged.get(rcpt.id)
        merged[rcpt.id] = (rcpt, d, chosen) if old is None else (rcpt, old[1] + d, old[2] | chosen)
    return list(merged.values())
