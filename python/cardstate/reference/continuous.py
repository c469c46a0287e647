"""Continuous effects (CR 611, 613; docs/SEMANTICS.md §11) and the characteristics they change.

What an effect affects (611.2c locked-in sets, 611.3a filters), the layers it applies in where
power, toughness, keywords and toxic are read: layer 6 (613.1f), then 7a, 7b and 7c (613.4), the
counters of 7d, and the switches of 7e last (613.4e), in timestamp order (613.7); an object that
leaves is remembered with the values the effects gave it (113.7a); the effects of a source's
static abilities end when it leaves (611.3a). The characteristics before the effects (printed,
granted and revoked keywords, keyword counters, P/T counters) are read here too, as the layers'
input. The effects themselves are records (:mod:`~cardstate.reference.effects`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardstate.vocabulary import (
    BATTLEFIELD,
    BUILTIN_KINDS,
    KEYWORD_COUNTERS,
    LAYERS,
    PUMP_LIMIT,
    check_change,
    parse_clause,
    pt_delta,
)

from . import checks
from .effects import Condition, ContinuousEffect, FilterClause
from .entities import Obj
from .state import State


def split_subtype(text: str) -> tuple[str | None, str]:
    """The subtype named before the plural type of a filter text (``"Zombie creatures you
    control"`` -> ``("Zombie", "creatures you control")``), or None."""
    end = len(text)
    for suffix in (" you control", " your opponents control", " opponents control"):
        at = text.find(suffix)
        if at >= 0:
            end = at
            break
    at = text.rfind(" ", 0, end)
    if at < 0:
        return None, text
    return text[:at], text[at + 1 :]


def split_with(text: str) -> tuple[str, tuple[str, str] | None]:
    """A filter text's quality, split off its end: ``" with a +1/+1 counter"`` (a built-in
    kind), ``" with flying"`` (a keyword)."""
    at = text.find(" with ")
    if at < 0:
        return text, None
    rest, quality = text[:at], text[at + len(" with ") :]
    if quality.startswith("a ") and quality.endswith(" counter"):
        kind = quality[len("a ") : -len(" counter")]
        if kind not in BUILTIN_KINDS:
            raise ValueError(f'{text!r}: "with a <kind> counter" takes a built-in counter kind')
        return rest, ("counter", kind)
    return rest, ("keyword", checks.known_keyword(quality))


def parse_condition(text: str) -> Condition | None:
    """A static ability's condition ("7 or more cards in your graveyard", "3 or more +1/+1
    counters on it", "untapped", "your turn"), or None for another text (a filter of "this
    while")."""
    if text == "untapped":
        return ("untapped",)
    if text == "your turn":
        return ("your_turn",)
    n, sep, rest = text.partition(" or more ")
    if not sep or not n.isascii() or not n.isdigit() or int(n) > 2**32 - 1:
        return None
    if rest == "cards in your graveyard":
        return ("graveyard", int(n))
    if rest == "life":
        return ("life", int(n))
    if rest.endswith(" counters on it"):
        kind = rest[: -len(" counters on it")]
        if kind not in BUILTIN_KINDS:
            raise ValueError(
                f'{text!r}: "N or more <kind> counters on it" takes a built-in counter kind'
            )
        return ("counters", kind, int(n))
    raise ValueError(
        f'unknown condition {text!r}: "N or more cards in your graveyard", "N or more '
        '<kind> counters on it", "N or more life", "untapped" or "your turn"'
    )


def parse_affected(
    texts: list[str], allowed: tuple[str, ...], has_source: bool, has_controller: bool
) -> tuple[str, tuple[FilterClause, ...], Condition | None]:
    """``"this"``, or filter clauses of permanents ("creatures you control", "creatures your
    opponents control", "other creatures you control", "Zombie creatures you control"...), each
    "other" or not and with a quality or not ("creatures you control with a +1/+1 counter",
    "other creatures you control with flying"), or ``"this while <clause>"`` (the source, as
    long as its controller controls a permanent the clause matches: "this while artifacts you
    control"), or ``"this while <condition>"`` (the source, as long as the condition holds:
    "this while 7 or more cards in your graveyard"), or filter clauses each followed by the same
    ``" while <condition>"`` (the permanents they match, as long as the condition holds:
    "creatures you control with a +1/+1 counter while your turn"). Returns ``(form, clauses,
    condition)`` with form ``"this"``, ``"this_while"``, ``"this_if"``, ``"filter_if"`` or
    ``"filter"``."""
    if not texts:
        raise ValueError("an effect must affect something: give affected=")
    if texts == ["this"]:
        if not has_source:
            raise ValueError('"this" needs a source=')
        return ("this", (), None)
    if len(texts) == 1 and texts[0].startswith("this while "):
        condition = parse_condition(texts[0][len("this while ") :])
        if not has_source:
            raise ValueError('"this while" needs a source=')
        if condition is not None:
            return ("this_if", (), condition)
        rest = texts[0][len("this while ") :]
        form, clauses, _ = parse_affected([rest], allowed, True, False)
        if form != "filter":
            raise ValueError(f'{rest!r}: "this while" takes a filter of permanents')
        return ("this_while", clauses, None)
    if " while " in texts[0] and not texts[0].startswith("this while "):
        rest, _, said = texts[0].rpartition(" while ")
        condition = parse_condition(said)
        if condition is None:
            raise ValueError(f'{texts[0]!r}: "<filter> while <condition>" takes a condition')
        filters = [rest]
        for t in texts[1:]:
            f, sep, c = t.rpartition(" while ")
            if not sep or parse_condition(c) != condition:
                raise ValueError(f"{t!r}: every filter of a conditional effect names its condition")
            filters.append(f)
        if not has_source:
            raise ValueError('"<filter> while <condition>" needs a source=')
        form, clauses, _ = parse_affected(filters, allowed, True, has_controller)
        if form != "filter":
            raise ValueError(f'{texts[0]!r}: "while" follows a filter of permanents')
        return ("filter_if", clauses, condition)
    clauses: list[FilterClause] = []
    for text in texts:
        rest = text
        other = text.startswith("other ")
        if other:
            rest = text[len("other ") :]
        rest, with_ = split_with(rest)
        subtype, rest = split_subtype(rest)
        rest = rest.replace(" your opponents control", " opponents control")
        try:
            players, typ, scope = parse_clause(rest, allowed)
        except ValueError:
            if subtype is None:
                raise
            raise ValueError(
                f"unknown filter {text!r}: a subtype comes before a plural card type "
                '("Zombie creatures you control")'
            ) from None
        if players:
            raise ValueError(f"{text!r}: continuous effects affect permanents, not players")
        if subtype == "":
            raise ValueError("a subtype must be a non-empty name")
        clauses.append((players, typ, scope, subtype, other) + ((with_,) if with_ else ()))
    if not has_source and any(c[4] for c in clauses):
        raise ValueError('"other" needs a source=')
    if not has_source and not has_controller and any(c[2] != "any" for c in clauses):
        raise ValueError('"you" and "opponents" need a source= or a controller=')
    return ("filter", tuple(clauses), None)


class ContinuousRules(State):
    """611, 613: continuous effects, and the characteristics read through their layers."""

    # ------------------------------------------------------------------------------------------
    # What an effect affects (611.2c, 611.3a)
    # ------------------------------------------------------------------------------------------

    def _continuous_applies(self, effect: ContinuousEffect, obj: Obj) -> bool:
        """Whether ``effect`` affects ``obj`` now (611.2c locked-in set, 611.3a filter); not if
        it is a static ability's effect whose source lost all abilities (613.1f)."""
        if effect.source is not None and self._lost_abilities(effect.source):
            return False
        if effect.form == "fixed":
            return obj.id in effect.ids
        if effect.form == "this":
            return effect.source == obj.id
        if effect.form == "this_if":
            return effect.source == obj.id and self._condition_holds(effect, obj)
        if effect.form == "filter_if" and (
            effect.source is None or not self._condition_holds(effect, self._objs[effect.source])
        ):
            return False
        if effect.form == "this_while":
            return effect.source == obj.id and any(
                self._matches_clauses(effect, o)
                for o in self._objs.values()
                if not o.gone and o.zone == BATTLEFIELD
            )
        if obj.gone or obj.zone != BATTLEFIELD:
            return False
        return self._matches_clauses(effect, obj)

    def _matches_clauses(self, effect: ContinuousEffect, obj: Obj) -> bool:
        """Whether permanent ``obj`` matches one of the effect's filter clauses (611.3a)."""
        you = (
            self._objs[effect.source].controller if effect.source is not None else effect.controller
        )
        for _players, typ, scope, subtype, other, *with_ in effect.clauses:
            if typ is not None and typ not in obj.types:
                continue
            if other and effect.source == obj.id:
                continue
            if subtype is not None and not self._has_subtype(obj, subtype):
                continue
            if with_ and not self._has_quality(obj, with_[0]):
                continue
            if scope == "any" or you is not None and (scope == "you") == (you == obj.controller):
                return True
        return False

    def _has_quality(self, obj: Obj, quality: tuple[str, str]) -> bool:
        """Whether a permanent has a filter's quality: counters of the kind, or the keyword
        through layer 6 (a keyword filter is only on layer-7 effects: no cycle, 613.8)."""
        if quality[0] == "counter":
            return obj.counters.get(quality[1], 0) > 0
        return self._has_keyword(obj, quality[1])

    def _condition_holds(self, effect: ContinuousEffect, obj: Obj) -> bool:
        """Whether a static ability's condition holds now for its source ``obj`` (611.3a)."""
        c = effect.condition or ("graveyard", 0)
        if c[0] == "untapped":
            return not obj.tapped
        if c[0] == "your_turn":
            return obj.controller == self._active_player  # 102.1
        if c[0] == "counters":
            return bool(obj.counters.get(c[1], 0) >= c[2])
        if c[0] == "life":
            # 119.1, 611.3a: its controller's life total, read continuously.
            return bool(self._players[obj.controller].life >= c[1])
        you = obj.controller
        graveyard = sum(
            1
            for o in self._objs.values()
            if not o.gone and o.zone == "graveyard" and o.controller == you
        )
        return graveyard >= c[1]

    # ------------------------------------------------------------------------------------------
    # Subtypes: layer 4 (613.1d)
    # ------------------------------------------------------------------------------------------

    def _has_subtype(self, obj: Obj, subtype: str) -> bool:
        """205.3, 613.1d: its own subtype, or one an effect adds, unless an effect made it lose
        them since (a layer-4 effect's filter names no subtype: no cycle)."""
        if any(e.effect in ("lose_subtypes", "all_creature_types") for e in self._continuous):
            return self._has_all_creature_types(obj) or subtype in self._subtypes(obj)
        return subtype in obj.subtypes or any(
            e.subtype == subtype and self._continuous_applies(e, obj) for e in self._continuous
        )

    def _has_all_creature_types(self, obj: Obj) -> bool:
        """205.3m through layer 4: an effect gave it all creature types (a flag, not a list),
        and no later one made it lose its subtypes (613.7: timestamp order)."""
        every = False
        for e in self._continuous:
            if e.effect == "all_creature_types" and self._continuous_applies(e, obj):
                every = True
            elif e.effect == "lose_subtypes" and every and self._continuous_applies(e, obj):
                every = False
        return every

    def _subtypes(self, obj: Obj) -> list[str]:
        """613.1d: its own subtypes, then the effects in timestamp order (613.7): each adds its
        subtype once, or makes it lose all it has (205.1a: "it becomes a Werewolf")."""
        out = list(obj.subtypes)
        for e in self._continuous:
            if e.effect == "lose_subtypes":
                if out and self._continuous_applies(e, obj):
                    out = []
            elif e.subtype is not None and e.subtype not in out:
                if self._continuous_applies(e, obj):
                    out.append(e.subtype)
        return out

    # ------------------------------------------------------------------------------------------
    # Keywords and toxic: printed, granted, keyword counters (122.1b), layer 6
    # ------------------------------------------------------------------------------------------

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

    @staticmethod
    def _base_toxic(obj: Obj) -> int:
        return obj.printed.toxic if obj.remembered is None else obj.remembered[1]

    def _toxic(self, obj: Obj) -> int:
        if self._continuous:
            return self._layer_6(obj, self._own_keywords(obj), self._base_toxic(obj))[1]
        return self._base_toxic(obj)

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
            elif effect.effect == "lose_all_abilities" and self._continuous_applies(effect, obj):
                keywords = set()  # those granted later stay
                toxic = 0
        return keywords, toxic

    # ------------------------------------------------------------------------------------------
    # Power and toughness: base, layer 7 (613.4), counters (122.1a)
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

    # ------------------------------------------------------------------------------------------
    # Leaving: last known information (113.7a) and the end of effects (611.3a)
    # ------------------------------------------------------------------------------------------

    def _remember_layered(self, obj: Obj) -> None:
        """113.7a, 704.8: an object leaving is remembered with the values the effects gave it;
        no effect affects its record afterwards."""
        if not any(self._continuous_applies(e, obj) for e in self._continuous):
            return
        keywords, toxic = self._layer_6(obj, self._granted_keywords(obj), self._base_toxic(obj))
        subtypes = self._subtypes(obj)
        power, toughness, switched = self._unswitched(obj)
        base, dp, dt, _ = self._layer_7(obj)
        bases = self._bases(obj)
        if base is None and obj.remembered is not None:
            base = obj.remembered[2]
        obj.remembered = (frozenset(keywords), toxic, base)
        obj.subtypes = subtypes
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

    # ------------------------------------------------------------------------------------------
    # Adding, ending and listing effects
    # ------------------------------------------------------------------------------------------

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
        subtype: str | None = None,
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
        sub = None if subtype is None else checks.text(subtype, "a subtype")
        src = None if sid is None else self._object(sid, mutate=True)
        ctrl = None if cid is None else self._player(cid)
        if fixed is not None:
            for i, x in enumerate(fixed):
                self._in_play(self._object(x, mutate=True), "a continuous effect")
                if x in fixed[:i]:
                    raise ValueError(f"{x} is given twice in affected=")
        if name == "add_subtype":
            # 613.1d: "it's a Knight in addition to its other types" (205.1b).
            if kw is not None or n is not None or dp is not None or dt is not None:
                raise ValueError("add_subtype takes no keyword, value, power or toughness")
            if sub is None:
                raise ValueError("add_subtype needs a subtype=")
            checks.subtypes([sub])
            kept = None
        else:
            kept = check_change(name, kw, n, dp, dt)
            if sub is not None:
                raise ValueError(f"{name} takes no subtype")
        if src is not None and src.zone != BATTLEFIELD:
            raise ValueError(
                f"an effect's source must be on the battlefield; {src.id} is in {src.zone}"
            )
        if src is not None and ctrl is not None:
            raise ValueError("give at most one of source= and controller=")
        clauses: tuple[FilterClause, ...] = ()
        condition = None
        if fixed is not None:
            if not fixed:
                raise ValueError("an effect must affect something: give affected=")
            form = "fixed"
        elif name == "lose_all_abilities":
            raise ValueError("lose_all_abilities affects a locked-in set of ids (611.2c)")
        else:
            form, clauses, condition = parse_affected(
                texts or [], self._allowed_types(), src is not None, ctrl is not None
            )
            keyed = any(len(c) > 5 and c[5][0] == "keyword" for c in clauses)
            if keyed and name in ("add_keyword", "remove_keyword"):
                # 613.8: a layer-6 effect reading the keywords it changes would depend on itself.
                raise ValueError(
                    'a filter "with <keyword>" is only for power and toughness effects'
                )
            if LAYERS[name] == "4" and any(c[3] is not None for c in clauses):
                # 613.8: a layer-4 effect's filter reads no subtypes (what it changes).
                raise ValueError(f"an {name} effect's filter names no subtype")
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
                condition if fixed is None else None,
                sub,
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
