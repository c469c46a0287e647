"""Zones (CR 400): creating objects in them (SEMANTICS §3), moving objects between them (400.7:
a moved card is a new object, the old id its last known information), and reading where an
object is and which objects a zone holds.

A token outside the battlefield can't move (111.8); a finality counter exiles a permanent that
would go to a graveyard (122.1h); counters an object enters with go through the replacement
effects (122.6); the effects tied to an object end as it leaves (611.3a, 514.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardstate.vocabulary import (
    BATTLEFIELD,
    DEFENSE,
    EXILE,
    FINALITY,
    GRAVEYARD,
    LOYALTY,
    SUPERTYPES,
)

from . import checks
from .continuous import ContinuousRules
from .entities import Obj, Printed
from .events import Event
from .replacement import ReplacementRules


class ZoneRules(ReplacementRules, ContinuousRules):
    """Objects created in zones and moved between them."""

    # ------------------------------------------------------------------------------------------
    # §3 Creating objects
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

    def _enter_with(self, obj: Obj, counters: list[tuple[str, int]]) -> Obj:
        """122.6: counters put on an object as it enters, through the replacement effects."""
        for kind, n in counters:
            self._hold_kind(kind)
            n = self._counters_to_put(obj, kind, n)
            if n:
                self._put(obj, kind, n)
        return obj

    def _new_object(
        self,
        owner: int,
        zone: str,
        printed: Printed,
        info: dict[Any, Any] | None,
        controller: int | None = None,
    ) -> Obj:
        obj = Obj(self._next_id, owner, zone, printed, info)
        if controller is not None:
            # 110.2: put onto the battlefield under another player's control than its
            # owner's, from the moment it enters (614.12 sees that controller).
            obj.controller = controller
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
                # 614.12: "they enter tapped" applies as it enters (it isn't tapped after)
                tapped = (e for e in self._effects if e.effect == "enters_tapped")
                if any(self._affects(e, obj) for e in tapped):
                    obj.tapped = True
        return obj

    # ------------------------------------------------------------------------------------------
    # §3 Moving objects (400.7) and the effects that end as they leave
    # ------------------------------------------------------------------------------------------

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

    def _move_to_battlefield_under(self, x: int, player: int) -> int:
        """``move`` to the battlefield under ``player``'s control (110.2: "put … onto the
        battlefield under your control"), whoever owns it: the effects that apply as it enters
        see that controller (614.12). Returns the new id."""
        obj = self._object(checks.ident(x), mutate=True)
        self._player(checks.ident(player))
        if obj.printed.token and obj.zone != BATTLEFIELD:
            return obj.id  # 111.8, as ``move``
        return self._move(obj, BATTLEFIELD, player)

    def _move(self, obj: Obj, zone: str, controller: int | None = None) -> int:
        if self._continuous:
            self._remember_layered(obj)  # 113.7a: as it last existed
        if zone == GRAVEYARD and obj.zone == BATTLEFIELD and self._exiled_instead(obj):
            zone = EXILE
        # Effects that refer to the object as it was end now (§5, §8, §10), before the new
        # object enters: shields on it, redirections from or to it, its regeneration shields,
        # the effects of its static abilities (611.3a), cost modifiers tied to it (as card or
        # as source). A source *filter* stays: a gone source still deals damage through its LKI.
        self._end_effects_tied_to(obj)
        obj.gone = True
        self._battlefield.pop(obj.id, None)
        # 400.7; 400.3: outside the battlefield it is its owner's.
        under = controller if zone == BATTLEFIELD else None
        new = self._new_object(obj.owner, zone, obj.printed, obj.info, under)
        obj.moved_to = zone
        obj.new_id = new.id
        self._emit(
            Event("zone_change", target=obj.id, zone_from=obj.zone, zone_to=zone, new_id=new.id)
        )
        return new.id

    def _exiled_instead(self, obj: Obj) -> bool:
        """Whether permanent ``obj``, about to die, is exiled instead: 122.1h, a finality counter
        on it; 614.1a, an "if it would die, exile it instead" effect on it."""
        if obj.counters.get(FINALITY, 0):
            return True
        exiling = (e for e in self._effects if e.effect == "exile_instead_of_dying")
        return any(self._affects(e, obj) for e in exiling)

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

    # ------------------------------------------------------------------------------------------
    # §3 Where objects are
    # ------------------------------------------------------------------------------------------

    def zone(self, x: int) -> str:
        """The zone ``x`` is in; for a gone id, the zone the card went to (a token that ceased
        to exist: the zone it was in)."""
        obj = self._read(x)
        return obj.moved_to if obj.gone and obj.moved_to is not None else obj.zone

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


def _counters_form(counters: object) -> list[tuple[str, int]]:
    """``counters=``: None, or a mapping kind -> amount (each checked in form, in order)."""
    if counters is None:
        return []
    if not isinstance(counters, Mapping):
        raise TypeError("counters must be a mapping kind -> amount")
    return [(checks.kind(k), checks.amount(n)) for k, n in counters.items()]
