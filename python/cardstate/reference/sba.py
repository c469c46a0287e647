"""State-based actions (CR 704; docs/SEMANTICS.md §6): performed all at once, repeated until
none applies (704.3). Magic: a player with 0 life or 10 poison counters loses (704.5a, 704.5c),
a token outside the battlefield ceases to exist (704.5d), a creature with toughness 0 or less
(704.5f), lethal damage (704.5g) or deathtouch damage (704.5h) dies, a planeswalker without
loyalty (704.5i) and a battle without defense (704.5v) go to the graveyard, the legend rule
(704.5j), +1/+1 and -1/-1 counters annihilate (704.5q), counters over a limit are removed
(704.5r). Berserk: a creature or hero with as many wounds as lives is destroyed.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardstate.vocabulary import (
    BATTLEFIELD,
    DEFENSE,
    GRAVEYARD,
    LOYALTY,
    MINUS_ONE,
    PLUS_ONE,
    POISON,
    POISON_TO_LOSE,
    WOUND,
)

from . import checks
from .berserk import BerserkRules
from .destruction import DestructionRules
from .entities import Obj
from .events import Event


class StateBasedActions(DestructionRules, BerserkRules):
    """704: the state-based actions of both rulesets."""

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
        # 704.5a, 704.5c (104.3: not a player who can't lose)
        for player in self._players:
            if player.lost:
                continue
            if (
                player.life <= 0 or player.counters.get(POISON, 0) >= POISON_TO_LOSE
            ) and self.can_lose(player.id):
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
