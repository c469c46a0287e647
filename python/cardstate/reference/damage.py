"""Damage (CR 120; docs/SEMANTICS.md §5, §10): dealing it, one assignment or many at once
(510.2), through redirection (614.9), the damage modifications (614.1a) and prevention (615,
shield counters 122.1c) in the default order and the order chosen across its groups (616.1),
then its results (120.3: life loss, poison with infect, -1/-1 counters with wither and infect,
marked damage, deathtouch, loyalty and defense; Berserk: wounds), lifelink per source
(702.15e), and the damage events after the results (120.4). Prevention shields and redirections
are effects of the kernel's own calls.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardstate.vocabulary import (
    BATTLEFIELD,
    DEFENSE,
    LOYALTY,
    MAX_COUNT,
    MINUS_ONE,
    MODIFY_DAMAGE,
    POISON,
    PREVENTION,
    SHIELD,
    WOUND,
)

from . import checks
from .continuous import ContinuousRules
from .entities import Entity, Obj, Player
from .events import Event
from .replacement import ReplacementRules, modify_damage

# A part of a damage event: its recipient, its amount, and the ids of the effects ordered across
# the default groups that already applied to it or to the event it came from (614.5).
Piece = tuple[Entity, int, frozenset[int]]


class DamageRules(ReplacementRules, ContinuousRules):
    """120: dealing damage, preventing and redirecting it."""

    # ------------------------------------------------------------------------------------------
    # Sources and recipients
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

    # ------------------------------------------------------------------------------------------
    # Prevention shields and redirections (SEMANTICS §10)
    # ------------------------------------------------------------------------------------------

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

    def prevent_combat_damage(self, target: int) -> int:
        """Prevent all combat damage that would be dealt to ``target`` this turn (615.1a,
        Fleeting Flight): a prevention effect on that entity for combat damage only (510.2);
        its id."""
        ent = self._any(checks.ident(target), mutate=True)
        eid = self._push_effect("prevent", None, ent.id, None, None)
        self._effects[-1].combat = True
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

    # ------------------------------------------------------------------------------------------
    # Dealing damage
    # ------------------------------------------------------------------------------------------

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

    # ------------------------------------------------------------------------------------------
    # All or nothing: what a damage call may change
    # ------------------------------------------------------------------------------------------

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


def _merge_by_recipient(pieces: list[Piece], first: int) -> list[Piece]:
    """One part per recipient in ``pieces[first:]``, in the order of their first parts."""
    merged: dict[int, Piece] = {}
    for rcpt, d, chosen in pieces[first:]:
        old = merged.get(rcpt.id)
        merged[rcpt.id] = (rcpt, d, chosen) if old is None else (rcpt, old[1] + d, old[2] | chosen)
    return list(merged.values())
