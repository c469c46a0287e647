"""Proliferate (CR 701.34; old 701.23 in ``"mtg-2010"``; docs/SEMANTICS.md §7): the candidates,
the choice (every kind an entity has, or in ``"mtg-2010"`` one kind each), each counter through
the replacement effects (614.1a), all or nothing, and a choice for agents by polarity.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cardstate.vocabulary import polarity

from . import checks
from .entities import Entity, Player
from .events import Event
from .replacement import ReplacementRules


class ProliferateRules(ReplacementRules):
    """701.34: proliferate."""

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
