"""The Berserk ruleset's properties (docs/SEMANTICS.md §8): strength, lives and wounds (Berserk
Heroes 104.3: effects as counters, "becomes X", healing), costs and cost modifiers (105.1,
104.3), the non-base properties that are overwritten (104.3.4: controller), and property
replacement (classic Berserk 108: types, flying, movement, eliteness).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardstate.vocabulary import (
    BATTLEFIELD,
    BERSERK_EFFECTS,
    EXTRA_LIFE,
    HAND,
    MINUS_STRENGTH,
    NEGATIVE_LIFE,
    PLUS_STRENGTH,
    STAT_LIMIT,
    WOUND,
)

from . import checks
from .characteristics import CharacteristicRules
from .entities import CostModifier, Obj
from .events import Event


class BerserkRules(CharacteristicRules):
    """The Berserk properties."""

    # ------------------------------------------------------------------------------------------
    # §8 Strength, lives, wounds (Berserk Heroes, rules 104.3)
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
    # §8 Cost (105.1, 104.3)
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
    # §8 Non-base properties (104.3.4) and property replacement (classic Berserk, 108)
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
