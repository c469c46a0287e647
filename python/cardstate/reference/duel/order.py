"""The order of replacement and prevention effects (616.1) on combat damage: when two or more
of them would apply to the damage about to be dealt to an object or a player, its controller (or
that player) chooses the one applied next, one decision per effect ("apply <effect>
(replacement effect <id>) next", docs/DUEL.md), until one is left. Each choice goes to the
kernel at once (``order_replacement_effects(..., across_groups=True)``: the chosen ones marked,
in order), so the kernel's state holds the choices made so far; the marks are cleared once the
damage is dealt, so the next event is chosen for anew. During a resolution the card
interpreter asks the same choice (an "order" request, a resolution decision: casting.py)."""

from __future__ import annotations

from cardstate.reference.duel import actions
from cardstate.reference.duel.state import BEGIN, DuelState

FIRST_STRIKE_DAMAGE, COMBAT_DAMAGE = 7, 8  # the damage steps (flow.py)


class Order(DuelState):
    def order_choice(self) -> tuple[int, list[int], int] | None:
        """The next order choice (616.1) before this step's combat damage: the first recipient
        (the active player's, then the other's; each in the order of the assignments) with two
        or more damage, prevention or redirection effects that would apply to damage from one
        of its sources and two or more of them not yet ordered: its controller, the ids of
        those not yet ordered (the kernel's order, at most ``ORDER_SLOTS``) and the recipient.
        An effect that applies to several recipients is ordered once, by the first to
        choose."""
        k = self.kernel
        if self.step_index not in (FIRST_STRIKE_DAMAGE, COMBAT_DAMAGE) or len(k._effects) < 2:
            return None
        asg = self.combat_assignments()
        for q in (self.active, 1 - self.active):
            seen: set[int] = set()
            for _s, r, _n in asg:
                if r in seen:
                    continue
                seen.add(r)
                ent = k._entity(r)
                if (r if r < len(k._players) else k._objs[r].controller) != q:
                    continue
                applicable = [
                    e
                    for e in k._effects
                    if any(
                        t == r and k._to_order_on_damage(e, k._objs[s], ent, True)
                        for s, t, _ in asg
                    )
                ]
                unordered = [e.id for e in applicable if not e.ordered]
                if len(applicable) >= 2 and len(unordered) >= 2:
                    return q, unordered[: actions.ORDER_SLOTS], r
        return None

    def choose_order(self, k: int) -> None:
        """The deciding player applies effect ``k`` of those still to be ordered next; with one
        left, it comes last. Then the step begins again: the next choice, or the damage."""
        choice = self.order_choice()
        if choice is not None:
            left = choice[1]
            ids = [e.id for e in self.kernel._effects if e.ordered] + [left[k]]
            if len(left) == 2:
                ids.append(left[1 - k])
            self.kernel.order_replacement_effects(ids, across_groups=True)
        self.pending = BEGIN

    def order_chosen(self) -> None:
        """After the damage: the choices were for that event only."""
        if any(e.ordered for e in self.kernel._effects):
            self.kernel.order_replacement_effects([], across_groups=True)

    def effect_name(self, eid: int) -> str:
        """The effect's name in the kernel (``"prevent"``, ``"damage_plus"``...)."""
        return next((e.effect for e in self.kernel._effects if e.id == eid), "effect")
