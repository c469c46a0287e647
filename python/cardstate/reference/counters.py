"""Counters (CR 122; docs/SEMANTICS.md §4): reading them, putting them through the replacement
effects (614.1a), removing them, paying them as a cost, moving them (122.5), putting an
object's last counters on another (122.8), and paying energy (107.14).

The store itself (room for more, the kinds a game holds) is the state's
(:class:`~cardstate.reference.state.State`).
"""

from __future__ import annotations

from cardstate.errors import CannotPay
from cardstate.vocabulary import ENERGY

from . import checks
from .replacement import ReplacementRules


class CounterRules(ReplacementRules):
    """122: the counter calls."""

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
        self._add_counters(e, kind, n, by_effect=True)

    def _add_counters_as_cost(self, e: int, kind: str, n: int) -> None:
        """Put ``n`` ``kind`` counters on object ``e`` as a cost (117.1: a loyalty ability's
        "+N", 606.4): through the replacement effects that apply to a cost (614.1a; not the "N
        times that many" ones, which replace an effect's putting, 609.1). The card layer's."""
        self._add_counters(e, kind, n, by_effect=False)

    def _add_counters(self, e: int, kind: str, n: int, by_effect: bool) -> None:
        """Put ``n`` counters through the replacement effects that apply (614.1a), the "N times
        that many" ones only ``by_effect``."""
        eid = checks.ident(e)
        kind = checks.kind(kind)
        amount = checks.amount(n, "n")
        ent = self._any(eid, mutate=True)
        if amount == 0:
            return
        self._hold_kind(kind)
        amount = self._counters_to_put(ent, kind, amount, by_effect=by_effect)
        if amount:
            self._put(ent, kind, amount)

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
