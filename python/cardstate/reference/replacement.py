"""Replacement, prevention and "can't" effects (CR 614-616; docs/SEMANTICS.md §10).

Which entities and events an effect applies to (its filters, its source's controller as "you"),
what the counter and damage effects make of an amount (614.1a), in what order they apply
(616.1), the "can't" effects on life and on prevention and redirection (615.12), and the calls
that add, end, order and list effects. The counter store, the life totals and the damage
pipeline (:mod:`~cardstate.reference.damage`) consult them; the effects themselves are
records (:mod:`~cardstate.reference.effects`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardstate.vocabulary import (
    BATTLEFIELD,
    COUNTER_EFFECTS,
    DAMAGE_EFFECTS,
    MAX_COUNT,
    MAX_ORDERED_EFFECTS,
    MODIFY_COUNTERS,
    MODIFY_DAMAGE,
    ORDERABLE,
    THIS_PERMANENT,
    check_effect,
    parse_clause,
    parse_source_clause,
)

from . import checks
from .effects import ReplacementEffect, kernel_effect
from .entities import Entity, Obj, Player
from .state import State


def modify_damage(effect: ReplacementEffect, d: int) -> int:
    """614.1a: what a damage effect makes of ``d`` damage (at most ``MAX_COUNT``)."""
    if effect.effect == "damage_plus":
        return min(MAX_COUNT, d + (effect.amount or 0))
    return min(MAX_COUNT, d * (effect.amount or 0))


def modify_count(effect: ReplacementEffect, n: int) -> int:
    """614.1a: what a counter effect makes of ``n`` counters (at most ``MAX_COUNT``: more could
    never be put, and putting it then overflows)."""
    if effect.effect == "counters_plus":
        return min(MAX_COUNT, n + (effect.amount or 0))
    if effect.effect == "counters_minus":
        return max(0, n - (effect.amount or 0))
    if effect.effect == "counters_times":
        return min(MAX_COUNT, n * (effect.amount or 0))
    if effect.effect == "counters_half":
        return n // 2
    return 0  # counters_cant


class ReplacementRules(State):
    """614-616: the effects the game holds, applied where counters are put, life changes and
    damage is dealt."""

    # ------------------------------------------------------------------------------------------
    # What an effect applies to
    # ------------------------------------------------------------------------------------------

    def _effect_controller(self, effect: ReplacementEffect) -> int | None:
        """ "You" for an effect: its source's controller, or its own."""
        if effect.source is not None:
            return self._objs[effect.source].controller
        return effect.controller

    def _affects(self, effect: ReplacementEffect, ent: Entity) -> bool:
        # 613.1f: a static ability's effect stops while its source has lost all abilities.
        if effect.source is not None and self._lost_abilities(effect.source):
            return False
        # "Other creatures you control" (Crystal Barricade): never the effect's own source.
        if effect.effect == "prevent_noncombat_other" and effect.source == ent.id:
            return False
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
        damage or not (``combat=True``: combat damage only, "prevent all combat damage";
        ``prevent_noncombat_other``: noncombat damage only, "prevent all noncombat damage")."""
        if effect.by is not None and effect.by != src.id:
            return False
        if effect.combat and not combat or combat and effect.effect == "prevent_noncombat_other":
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

    def _applies_to_counters(self, effect: ReplacementEffect, ent: Entity, kind: str) -> bool:
        """614.1a: a counter effect on counters of ``kind`` (or of every kind) that affects
        ``ent``."""
        return (
            effect.effect in COUNTER_EFFECTS
            and effect.counter in (None, kind)
            and self._affects(effect, ent)
        )

    # ------------------------------------------------------------------------------------------
    # 614.1a, 616.1: what the effects make of an event
    # ------------------------------------------------------------------------------------------

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

    def _counters_to_put(self, ent: Entity, kind: str, n: int, by_effect: bool = True) -> int:
        """614.1a, 616.1: every counter effect that applies, each once, in order. Counters put
        as a cost (``by_effect`` false, 117.1) aren't put by an effect (609.1): the "N times that
        many" effects, each worded "if an effect would put" (Doubling Season's ruling), don't
        apply to them."""
        for effect in self._effects:
            if n == 0:
                break
            if (by_effect or effect.effect != "counters_times") and self._applies_to_counters(
                effect, ent, kind
            ):
                n = modify_count(effect, n)
        return n

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

    # ------------------------------------------------------------------------------------------
    # "Can't" effects (615.12)
    # ------------------------------------------------------------------------------------------

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

    # ------------------------------------------------------------------------------------------
    # Adding, ending, ordering and listing effects
    # ------------------------------------------------------------------------------------------

    def _player_hexproof(self, p: int) -> bool:
        """Whether player ``p`` has hexproof (702.11d: "You have hexproof", Crystal Barricade:
        it can't be the target of spells or abilities its opponents control)."""
        if not 0 <= p < len(self._players):
            return False
        player = self._players[p]
        hexproof = (e for e in self._effects if e.effect == "hexproof")
        return any(self._affects(e, player) for e in hexproof)

    def can_lose(self, p: int) -> bool:
        """Whether player ``p`` can lose the game (104.3: "You can't lose the game", Herald of
        Eternal Dawn: not while an effect says it can't)."""
        player = self._player(checks.ident(p))
        losing = (e for e in self._effects if e.effect == "losing_cant")
        return not any(self._affects(e, player) for e in losing)

    def _push_effect(
        self, name: str, amount: int | None, target: int, by: int | None, to: int | None
    ) -> int:
        """An effect of the kernel's own calls (a prevention shield, a redirection), "this turn"
        (514.2); its id."""
        eid = self._next_effect_id
        self._next_effect_id += 1
        self._effects.append(kernel_effect(eid, name, amount, target, by, to))
        return eid

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
        if on_combat and name == "prevent_noncombat_other":
            raise ValueError(
                "prevent_noncombat_other applies to noncombat damage only: combat= is refused"
            )
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
