"""Compilation: a :class:`~cardstate.cards.vocab.Card` validated into the compiled plain-data form.

The compiled form (docs/CARDS.md) is JSON-ready data: characteristics, and for each ability a
list of declared targets and a flat *program* of operations with jumps (``may``, ``test``,
``jump_unless``...), so an interpreter resolves an ability with a program counter and two
registers and can stop at any choice and resume (the resumable resolution). Both interpreters
run exactly this form: the Rust runtime (``rust/effects``, which embeds the compiled pool) and
the reference interpreter (``cardstate.reference.cards``).

A bad definition is a ``ValueError`` naming the card and the field: a wrong type, a name that
is not text (a lone surrogate), a number beyond what the runtime holds (the kernel's limits,
``cardstate.vocabulary``, and the compiled form's: :data:`MAX_TARGETS`,
:data:`MAX_SYMBOLS`, :data:`MAX_OPERATIONS`, :data:`MAX_DEPTH`), effects or ``info`` nested
too deeply or in a cycle. Whatever compiles, both interpreters load and place.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

from cardstate.cards import vocab as v
from cardstate.cards.compile import berserk
from cardstate.cards.compile.effects import EMITTERS, effect_game
from cardstate.cards.errors import InvalidCard
from cardstate.vocabulary import (
    BERSERK_TYPES,
    BUILTIN_KINDS,
    COUNTER_EFFECTS,
    DAMAGE_EFFECTS,
    INT64_MAX,
    INT64_MIN,
    KEYWORDS,
    MAGIC_TYPES,
    MAX_COST_X,
    MAX_COUNT,
    STAT_LIMIT,
    TOXIC_LIMIT,
    ZONES,
    check_effect,
    check_kind,
    parse_clause,
    parse_source_clause,
)

__all__ = [
    "FORMAT_VERSION",
    "MAX_DEPTH",
    "MAX_OPERATIONS",
    "MAX_HYBRID",
    "MAX_SYMBOLS",
    "MAX_TARGETS",
    "CompiledCard",
    "compile_card",
    "compile_pool",
    "parse_mana_cost",
    "pool_json",
]

FORMAT_VERSION = 1
MAX_TARGETS = 64
"""Targets one ability declares at most, counts added up (``MAX_TARGETS`` of rust/effects)."""
MAX_SYMBOLS = 255
MAX_HYBRID = 8  # hybrid symbols in one cost (the runtime's fixed-size form)
MAX_COST_DISCARD = 255  # cards one cost discards (``MAX_COST_DISCARD`` of rust/effects)
MAX_MODES = 16  # the modes of a modal spell or trigger (the options of a mode decision)
"""Symbols of one colour, or colourless ones, in one mana cost (the compiled form's counts)."""
MAX_OPERATIONS = 2**16
"""Operations of one ability's program (``MAX_OPERATIONS`` of rust/effects)."""
MAX_DEPTH = 64
"""How deep effects (sequences, mays, ifs) and a card's ``info`` nest: deeper, or in a cycle,
is refused (the compiled form's JSON is read with a bounded depth)."""
COLOURS = ("W", "U", "B", "R", "G")
COMBAT = {
    "attacking": "attacking",
    "blocking": "blocking",
    "attacking or blocking": "attacking_or_blocking",
}
"""A filter's ``combat`` and its compiled form."""
SUPERTYPES = frozenset({"legendary", "basic", "snow", "world"})
_SYMBOL = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class CompiledCard:
    """A compiled card: ``data`` is the plain-data form; ``callables`` the Python functions of
    its :class:`~cardstate.cards.vocab.PythonEffect` parts (indexed by the ``python`` ops)."""

    card: v.Card | v.BerserkCard
    data: dict[str, Any]
    callables: tuple[Callable[[Any, Any], None], ...] = ()

    @property
    def name(self) -> str:
        """The card's name."""
        return self.card.name

    @property
    def oracle(self) -> str:
        """The Oracle text (a Berserk card's text)."""
        return str(self.data["oracle"])

    @property
    def game(self) -> str:
        """The game the card belongs to: ``"magic"`` or ``"berserk"``."""
        return "berserk" if self.data.get("berserk") is not None else "magic"

    @property
    def uses_python(self) -> bool:
        """Whether an effect of this card is a Python callable (Rust-only paths refuse it)."""
        return bool(self.callables)

    def __repr__(self) -> str:
        return f"CompiledCard({self.card.name!r})"


class _Bad(ValueError):
    pass


def _fail(card: str, where: str, problem: str) -> ValueError:
    return InvalidCard(f"card {card!r}: {where}: {problem}")


def _is_int(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_text(x: object) -> bool:
    """A ``str`` that is text (UTF-8 encodable: no lone surrogate), as the runtime reads it."""
    if not isinstance(x, str):
        return False
    if x.isascii():
        return True
    try:
        x.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _bad_text(data: object, path: str = "") -> str | None:
    """The path of the first ``str`` of ``data`` (plain data, keys included) that isn't text."""
    if isinstance(data, str):
        return None if _is_text(data) else path or "."
    if isinstance(data, dict):
        for k, item in data.items():
            where = f"{path}.{k}" if path else str(k)
            if not _is_text(k):
                return path or "."
            found = _bad_text(item, where)
            if found is not None:
                return found
    elif isinstance(data, list):
        for i, item in enumerate(data):
            found = _bad_text(item, f"{path}[{i}]")
            if found is not None:
                return found
    return None


MAX_INFO_VALUES = 2**20
"""Values a card's ``info`` holds at most (a value held twice counted twice: as written out)."""


def _shape(data: object, limit: int, seen: dict[int, tuple[int, int]]) -> tuple[int, int]:
    """(depth, values) of plain data: how deep its lists and dicts nest and how many values it
    holds written out, each counted only up to just past ``limit`` / :data:`MAX_INFO_VALUES`.
    Each container is measured once (``seen``, by identity), so shared parts cost nothing more
    and a cycle or deep nesting stops at ``limit`` levels of recursion."""
    if not isinstance(data, dict | list | tuple):
        return 0, 1
    known = seen.get(id(data))
    if known is not None:
        return known
    if limit < 0:
        return 1, 1
    seen[id(data)] = (limit + 2, MAX_INFO_VALUES + 1)  # reached again inside itself: a cycle
    items = list(data.values()) if isinstance(data, dict) else list(data)
    depth, values = 0, 1
    for item in items:
        d, n = _shape(item, limit - 1, seen)
        depth, values = max(depth, d), min(values + n, MAX_INFO_VALUES + 1)
    seen[id(data)] = (1 + depth, values)
    return 1 + depth, values


def parse_mana_cost(text: str) -> dict[str, Any]:
    """A printed mana cost (``"{2}{B}"``, ``"{X}{X}"``, ``"{R/G}"``, ``"{U/P}"``) as data."""
    if not isinstance(text, str) or not text:
        raise _Bad(f"a mana cost must be a non-empty str like '{{1}}{{G}}', got {text!r}")
    pos = 0
    generic = 0
    coloured = [0] * 5
    colourless = 0
    xs = 0
    hybrid: list[list[str]] = []
    phyrexian: list[str] = []
    for m in _SYMBOL.finditer(text):
        if m.start() != pos:
            raise _Bad(f"bad mana cost {text!r}: text outside {{}} at {pos}")
        pos = m.end()
        sym = m.group(1)
        if sym.isascii() and sym.isdigit():
            # The total is checked below; a number of more digits than any total is too large.
            if len(sym.lstrip("0")) > len(str(STAT_LIMIT)):
                raise _Bad(f"mana cost {text[:40]!r}: {{{sym[:20]}...}} is too large")
            generic += int(sym)
        elif sym in COLOURS:
            coloured[COLOURS.index(sym)] += 1
        elif sym == "C":
            colourless += 1
        elif sym == "X":
            xs += 1
        elif re.fullmatch(r"[WUBRG]/P", sym):
            phyrexian.append(sym[0])
        elif re.fullmatch(r"[WUBRG]/[WUBRG]", sym) and sym[0] != sym[2]:
            hybrid.append([sym[0], sym[2]])
        else:
            raise _Bad(f"bad mana cost {text!r}: unknown symbol {{{sym}}}")
    if pos != len(text):
        raise _Bad(f"bad mana cost {text!r}: text outside {{}} at {pos}")
    mana_value = generic + sum(coloured) + colourless + len(hybrid) + len(phyrexian)
    if mana_value >= STAT_LIMIT:
        raise _Bad(f"mana cost {text[:40]!r}: mana value {mana_value}; a cost is below 2**31")
    phyrexian_most = max((phyrexian.count(c) for c in COLOURS), default=0)
    if max(*coloured, colourless, phyrexian_most) > MAX_SYMBOLS:
        raise _Bad(f"mana cost {text[:40]!r}: more than {MAX_SYMBOLS} symbols of one kind")
    if len(hybrid) > MAX_HYBRID:
        raise _Bad(f"mana cost {text[:40]!r}: {len(hybrid)} hybrid symbols; at most {MAX_HYBRID}")
    if xs > MAX_COST_X:
        raise _Bad(f"mana cost {text[:40]!r}: {xs} {{X}}; a cost has at most {MAX_COST_X}")
    return {
        "text": text,
        "generic": generic,
        "coloured": coloured,
        "colourless": colourless,
        "x": xs,
        "hybrid": hybrid,
        "phyrexian": phyrexian,
        "mana_value": mana_value,
    }


class _Compiler:
    """Compiles one card; ``where`` names the field being compiled for error messages."""

    def __init__(self, card: v.Card | v.BerserkCard, known_cards: frozenset[str] | None) -> None:
        self.card = card
        self.known = known_cards
        # The game the card is of, its types, and the types whose cards have a Spell ability.
        berserk_card = isinstance(card, v.BerserkCard)
        self.game = "berserk" if berserk_card else "magic"
        self.card_types = BERSERK_TYPES if berserk_card else MAGIC_TYPES
        self.spell_types = {"spell"} if berserk_card else {"instant", "sorcery"}
        self.callables: list[Callable[[Any, Any], None]] = []
        self.where = "card"
        self.n_targets = 0
        self.depth = 0
        # The modes of the card's modal triggered abilities and the delayed triggered abilities
        # its effects create, compiled after its abilities.
        self.modes: list[dict[str, Any]] = []

    def bad(self, problem: str) -> ValueError:
        return _fail(self.card.name, self.where, problem)

    # --- pieces ---

    def kind(self, kind: object) -> str:
        if not isinstance(kind, str) or not kind:
            raise self.bad(f"a counter kind must be a non-empty str, got {kind!r}")
        try:
            return check_kind(kind)
        except ValueError as e:  # CounterKindError is one too
            raise self.bad(str(e)) from None

    def names(self, names: object, what: str) -> list[str]:
        """A list or tuple of names (a lone ``str`` is refused: it is not a list of them)."""
        if not isinstance(names, tuple | list):
            raise self.bad(f"{what} are a tuple of str, got {names!r}")
        for n in names:
            if not isinstance(n, str):
                raise self.bad(f"{what} are str, got {n!r}")
        return list(names)

    def integer(self, n: object, what: str, least: int, most: int) -> int:
        """An ``int`` (not a bool) in ``least..=most``, as a plain int."""
        if not _is_int(n):
            raise self.bad(f"{what} must be an int, got {n!r}")
        value = int(n)
        if not least <= value <= most:
            raise self.bad(f"{what} must be in {least}..={most}, got {value}")
        return value

    def filter(self, f: object, static: bool = False, nested: bool = False) -> dict[str, Any]:
        if not isinstance(f, v.Filter):
            raise self.bad(f"expected a Filter, got {f!r}")
        if not isinstance(f.subtypes, tuple | list) or not all(
            isinstance(t, str) and t for t in f.subtypes
        ):
            raise self.bad(f"a filter's subtypes are non-empty names, got {f.subtypes!r}")
        types = self.names(f.types, "a filter's types") + self.names(f.not_types, "not_types")
        for t in types:
            if t not in self.card_types:
                raise self.bad(f"unknown card type {t!r} in a filter")
        kws = self.names(f.keywords, "a filter's keywords") + self.names(f.without, "without")
        for k in kws:
            if k not in KEYWORDS:
                raise self.bad(f"unknown keyword {k!r} in a filter")
        if not isinstance(f.zone, str):
            raise self.bad(f"a filter's zone is a str, got {f.zone!r}")
        if f.controller is not None and not isinstance(f.controller, str):
            raise self.bad(
                f"a filter's controller is 'you', 'opponent' or None, not {f.controller!r}"
            )
        if f.controller not in (None, "you", "opponent"):
            raise self.bad(
                f"a filter's controller is 'you', 'opponent' or None, not {f.controller!r}"
            )
        if f.zone not in ZONES:
            raise self.bad(f"unknown zone {f.zone!r} in a filter")
        if not f.players and not f.objects:
            raise self.bad("a filter must match players or objects")
        out: dict[str, Any] = {
            "types": list(f.types),
            "players": bool(f.players),
            "objects": bool(f.objects),
            "controller": f.controller,
            "keywords": list(f.keywords),
            "other": bool(f.other),
            "zone": f.zone,
            "subtypes": list(f.subtypes),
        }
        # The parts most filters don't use are written only when used.
        if f.not_types:
            out["not_types"] = list(f.not_types)
        if f.without:
            out["without"] = list(f.without)
        if not isinstance(f.nontoken, bool):
            raise self.bad(f"a filter's nontoken is a bool, not {f.nontoken!r}")
        if f.nontoken:
            out["nontoken"] = True
        if f.name is not None:
            if type(f.name) is not str or not f.name:
                raise self.bad(f"a filter's name is a card name (a str), not {f.name!r}")
            out["name"] = f.name
        if f.power_at_least is not None:
            out["power_at_least"] = self.integer(
                f.power_at_least, "a filter's power_at_least", INT64_MIN, INT64_MAX
            )
        if not isinstance(f.mana_value_at_most_power, bool):
            raise self.bad(
                f"a filter's mana_value_at_most_power is a bool, not {f.mana_value_at_most_power!r}"
            )
        if f.mana_value_at_most_power:
            out["mana_value_at_most_power"] = True
        if not isinstance(f.not_subtypes, tuple | list) or not all(
            isinstance(t, str) and t for t in f.not_subtypes
        ):
            raise self.bad(f"a filter's not_subtypes are non-empty names, got {f.not_subtypes!r}")
        if f.not_subtypes:
            out["not_subtypes"] = list(f.not_subtypes)
        if f.with_counter is not None:
            out["with_counter"] = self.kind(f.with_counter)
        if not isinstance(f.put_there_this_turn, bool):
            raise self.bad(f"put_there_this_turn is a bool, not {f.put_there_this_turn!r}")
        if f.put_there_this_turn:
            if static or f.players or f.zone == "battlefield":
                raise self.bad("put_there_this_turn is a quality of a card in a graveyard or exile")
            out["put_there_this_turn"] = True
        if f.mana_value_at_most is not None:
            out["mana_value_at_most"] = self.integer(
                f.mana_value_at_most, "a filter's mana_value_at_most", 0, 2**32 - 1
            )
        if f.combat is not None:
            if f.combat not in COMBAT:
                raise self.bad(
                    "a filter's combat is 'attacking', 'blocking' or 'attacking or blocking', "
                    f"not {f.combat!r}"
                )
            if f.players or f.zone != "battlefield":
                raise self.bad("only creatures on the battlefield attack and block (506.4)")
            out["combat"] = COMBAT[f.combat]
        if not isinstance(f.any_of, tuple | list):
            raise self.bad(f"a filter's any_of is a tuple of Filters, got {f.any_of!r}")
        if f.any_of:
            if nested:
                raise self.bad("a filter of any_of has no any_of of its own")
            alternatives = []
            for alt in f.any_of:
                data = self.filter(alt, nested=True)
                if isinstance(alt, v.Filter) and (alt.players or alt.zone != f.zone):
                    raise self.bad(
                        "the filters of any_of are alternatives for objects of the filter's zone"
                    )
                alternatives.append(data)
            out["any_of"] = alternatives
        if f.with_counter is not None and static and f.with_counter not in BUILTIN_KINDS:
            # The kernel's continuous-effect filters name built-in kinds only (611.3a).
            raise self.bad(f"with_counter is a built-in counter kind, not {f.with_counter!r}")
        if static and (
            f.not_types
            or f.without
            or f.power_at_least is not None
            or f.mana_value_at_most is not None
            or f.any_of
            or f.combat
            or f.nontoken
            or f.name is not None
            or f.mana_value_at_most_power
            or f.not_subtypes
        ):
            raise self.bad(
                "a static ability's filter names types, subtypes, a controller and 'other' "
                "(the kernel's continuous effects read nothing else)"
            )
        return out

    def continuous_affected(
        self, filters: tuple[v.Filter, ...], keywords: bool = False
    ) -> list[str]:
        """A static ability's filters as the kernel's continuous-effect filter texts (611.3a:
        evaluated continuously; docs/SEMANTICS.md §11): permanents of each type (one text per
        type and subtype: "Zombie creatures"), "you control" / "opponents control", "other"
        for ``other``, and a quality last: " with a +1/+1 counter" (``with_counter``), " with
        flying" (one of ``keywords``, only where ``keywords``: an effect of power and toughness,
        613.8)."""
        out: list[str] = []
        for f in filters:
            if f.players or not f.objects or f.zone != "battlefield":
                raise self.bad(
                    "a static ability affects permanents on the battlefield by type, subtype "
                    "and controller (no players or other zones)"
                )
            if f.keywords and (not keywords or len(f.keywords) > 1):
                raise self.bad(
                    "a static ability's filter names one keyword, and only for power and "
                    "toughness (613.8)"
                )
            if f.keywords and f.with_counter is not None:
                raise self.bad("a static ability's filter has one quality: a keyword or counter")
            whose = {None: "", "you": " you control", "opponent": " opponents control"}
            prefix = "other " if f.other else ""
            quality = "".join(f" with {k}" for k in f.keywords)
            if f.with_counter is not None:
                quality = f" with a {f.with_counter} counter"
            for sub in f.subtypes or ("",):
                named = f"{sub} " if sub else ""
                out += [
                    f"{prefix}{named}{t}s{whose[f.controller]}{quality}"
                    for t in (f.types or ("permanent",))
                ]
        return out

    def static_condition(self, c: object) -> str:
        """A static ability's condition as the kernel's text (611.3a): a ``Filter`` of one type
        of permanent its controller controls ("artifacts you control"), threshold's
        ``AtLeast(Count(Each(Filter(zone="graveyard", controller="you"))), n)`` ("n or more
        cards in your graveyard", 207.2c) or ``AtLeast(CountersOn(THIS, kind), n)`` ("n or more
        <kind> counters on it", a built-in kind), ``AtLeast(LifeTotal(YOU), n)`` ("n or more
        life", 119.1), ``UNTAPPED`` ("untapped") or ``DURING_YOUR_TURN`` ("your turn",
        102.1)."""
        if isinstance(c, v.Filter):
            (condition, *more) = self.continuous_affected((c,))
            if more or c.other or c.keywords or c.with_counter is not None:
                raise self.bad("as_long_as names one type of permanent, not 'other'")
            return condition
        if c is v.UNTAPPED:
            return "untapped"
        if c is v.DURING_YOUR_TURN:
            return "your turn"
        if isinstance(c, v.AtLeast) and _is_int(c.n) and 0 <= c.n < 2**32:
            a = c.amount
            if isinstance(a, v.Count) and a.of == v.Each(
                v.Filter(zone="graveyard", controller="you")
            ):
                return f"{c.n} or more cards in your graveyard"
            if isinstance(a, v.CountersOn) and a.of is v.THIS and a.kind in BUILTIN_KINDS:
                return f"{c.n} or more {a.kind} counters on it"
            if isinstance(a, v.LifeTotal) and a.of is v.YOU:
                return f"{c.n} or more life"
        raise self.bad(
            "as_long_as is a Filter of permanents you control, threshold's count of the cards "
            "in your graveyard, the counters of a built-in kind on THIS, your life total, "
            "UNTAPPED or DURING_YOUR_TURN"
        )

    def selector(self, s: object) -> dict[str, Any]:
        if s is v.THIS:
            return {"s": "this"}
        if s is v.YOU:
            return {"s": "you"}
        if s is v.EACH_OPPONENT:
            return {"s": "each_opponent"}
        if s is v.DISCARDED:
            return {"s": "discarded"}
        if s is v.ATTACHED:
            return {"s": "attached"}
        if s is v.TRIGGERING:
            return {"s": "triggering"}
        if s is v.TOP_OF_LIBRARY:
            if self.game != "berserk":
                raise self.bad("TOP_OF_LIBRARY is a Berserk card's (a duel keeps libraries hidden)")
            return {"s": "top_of_library"}
        if isinstance(s, v.Target):
            if not _is_int(s.index) or not 0 <= s.index < self.n_targets:
                raise self.bad(
                    f"Target({s.index!r}) but the ability declares {self.n_targets} target(s)"
                )
            return {"s": "target", "i": int(s.index)}
        if isinstance(s, v.Each):
            return {"s": "each", "filter": self.filter(s.filter)}
        if isinstance(s, v.ControllerOf):
            return {"s": "controller_of", "of": self.selector(s.of)}
        if isinstance(s, v.GraveyardOf):
            return {"s": "graveyard_of", "of": self.selector(s.of)}
        if isinstance(s, v.Matching):
            return {"s": "matching", "of": self.selector(s.of), "filter": self.filter(s.filter)}
        raise self.bad(
            f"expected a selector (THIS, YOU, Target(i), Each(...), TOP_OF_LIBRARY...), got {s!r}"
        )

    def amount(self, a: object) -> dict[str, Any]:
        if isinstance(a, bool):
            raise self.bad(f"an amount must be an int or an amount, got {a!r}")
        if isinstance(a, int):
            if a < 0:
                raise self.bad(f"an amount must be at least 0, got {a}")
            if a > STAT_LIMIT:
                raise self.bad(f"amount {a} is too large (at most 2**31)")
            return {"a": "const", "n": int(a)}
        if a is v.X:
            return {"a": "x"}
        if a is v.THAT_MUCH:
            return {"a": "that_much"}
        if isinstance(a, v.CountersOn):
            return {"a": "counters", "of": self.selector(a.of), "counter": self.kind(a.kind)}
        if isinstance(a, v.Count):
            return {"a": "count", "of": self.selector(a.of)}
        if a is v.LIFE_LOST:
            return {"a": "life_lost"}
        if a is v.CARDS_DISCARDED:
            return {"a": "cards_discarded"}
        if a is v.PERMANENTS_SACRIFICED:
            return {"a": "permanents_sacrificed"}
        if a is v.KICKED:
            return {"a": "kicked"}
        if a is v.EXCESS_DAMAGE:
            return {"a": "excess_damage"}
        if isinstance(a, v.PowerOf):
            return {"a": "power", "of": self.selector(a.of)}
        if isinstance(a, v.ToughnessOf):
            return {"a": "toughness", "of": self.selector(a.of)}
        if isinstance(a, v.LifeTotal):
            return {"a": "life", "of": self.selector(a.of)}
        if isinstance(a, v.DistinctManaValues):
            return {"a": "distinct_mana_values", "of": self.selector(a.of)}
        if isinstance(a, v.Minus):
            raise self.bad("a negative amount (Minus) is only a Pump's power or toughness")
        if isinstance(a, v.CostOf):
            return {"a": "cost", "of": self.selector(a.of)}
        if isinstance(a, v.ThisTurn):
            if self.game != "magic":
                raise self.bad("ThisTurn (the turn's history) is a Magic card's")
            if not isinstance(a.what, str) or a.what not in v.TURN_FACTS:
                raise self.bad(f"ThisTurn reads one of {', '.join(v.TURN_FACTS)}, not {a.what!r}")
            return {"a": "this_turn", "what": a.what}
        raise self.bad(
            "expected an amount (int, X, THAT_MUCH, LIFE_LOST, CARDS_DISCARDED, CountersOn, Count, "
            f"PowerOf, ToughnessOf, LifeTotal, DistinctManaValues, CostOf, ThisTurn), got {a!r}"
        )

    def signed_amount(self, a: object) -> dict[str, Any]:
        """An amount that may be negative (a pump's "-2/-2"): a negative ``int`` or
        :class:`Minus` of an amount."""
        if _is_int(a) and a < 0:
            a = v.Minus(-a)
        if isinstance(a, v.Minus):
            if isinstance(a.of, v.Minus) or (_is_int(a.of) and a.of < 0):
                raise self.bad(f"Minus of a negative amount: write the positive one, got {a!r}")
            return {"a": "minus", "of": self.amount(a.of)}
        return self.amount(a)

    def condition(self, c: object) -> dict[str, Any]:
        if isinstance(c, v.AtLeast):
            n = self.integer(c.n, "AtLeast's number", INT64_MIN, INT64_MAX)
            return {"c": "at_least", "amount": self.amount(c.amount), "n": n}
        if isinstance(c, v.Exactly):
            n = self.integer(c.n, "Exactly's number", INT64_MIN, INT64_MAX)
            return {"c": "exactly", "amount": self.amount(c.amount), "n": n}
        raise self.bad(f"expected a condition (AtLeast, Exactly), got {c!r}")

    def targets(self, specs: object) -> list[dict[str, Any]]:
        if not isinstance(specs, tuple | list):
            raise self.bad(f"targets must be a tuple of TargetSpec, got {specs!r}")
        out = []
        total = 0
        for t in specs:
            if not isinstance(t, v.TargetSpec):
                raise self.bad(f"expected a TargetSpec, got {t!r}")
            count = self.integer(t.count, "a target's count", 1, MAX_TARGETS)
            total += count
            if total > MAX_TARGETS:
                raise self.bad(f"an ability declares at most {MAX_TARGETS} targets")
            spec: dict[str, Any] = {"filter": self.filter(t.filter), "count": count}
            if t.single_graveyard and (t.filter.zone != "graveyard" or count < 2):
                raise self.bad("single_graveyard is of two or more targets in graveyards")
            for flag in ("up_to", "distinct", "single_graveyard", "attached_to_first_target"):
                value = getattr(t, flag)
                if not isinstance(value, bool):
                    raise self.bad(f"a target's {flag} is a bool, got {value!r}")
                if value:
                    spec[flag] = True
            if t.distinct and not out:
                raise self.bad("'other targets' (distinct) follow an earlier target")
            if t.attached_to_first_target is True and (
                not out or t.up_to is not True or out[0].get("up_to")
            ):
                raise self.bad(
                    "attached_to_first_target is of an 'up to' target after a first target "
                    "that isn't 'up to'"
                )
            out.append(spec)
        self.n_targets = len(out)
        return out

    def mana(self, text: object) -> dict[str, Any]:
        try:
            return parse_mana_cost(text)  # type: ignore[arg-type]
        except _Bad as e:
            raise self.bad(str(e)) from None

    def sacrifice_cost(self, f: object, count: object) -> dict[str, Any]:
        """Sacrificing ``count`` permanents of the caster's matching ``f`` (701.21a)."""
        data = self.filter(f)
        if not isinstance(f, v.Filter) or f.players or f.zone != "battlefield":
            raise self.bad("a sacrifice names permanents (a filter of the battlefield)")
        if f.controller == "opponent":
            raise self.bad("a player sacrifices only permanents they control (701.21a)")
        n = self.integer(count, "permanents sacrificed", 1, MAX_COST_DISCARD)
        return {"filter": data, "count": n}

    def cost(self, c: object) -> dict[str, Any]:
        if not isinstance(c, v.Cost):
            raise self.bad(f"expected a Cost, got {c!r}")
        remove = None
        if c.remove_counters is not None:
            if not isinstance(c.remove_counters, tuple | list) or len(c.remove_counters) != 2:
                raise self.bad(f"remove_counters is (kind, count), got {c.remove_counters!r}")
            kind, n = c.remove_counters
            n = self.integer(n, "remove_counters' count", 1, MAX_COUNT)
            remove = {"counter": self.kind(kind), "n": n}
        energy = self.integer(c.energy, "an energy cost", 0, MAX_COUNT)
        out: dict[str, Any] = {
            "mana": None if c.mana is None else self.mana(c.mana),
            "tap": bool(c.tap),
            "energy": energy,
            "remove_counters": remove,
            "sacrifice": bool(c.sacrifice),
        }
        if c.sacrifice_another is not None:
            f = c.sacrifice_another
            data = self.filter(f)
            if not isinstance(f, v.Filter) or f.players or f.zone != "battlefield":
                raise self.bad("sacrifice_another names permanents (a filter of the battlefield)")
            if f.controller == "opponent":
                raise self.bad("a player sacrifices only permanents they control (701.21a)")
            out["sacrifice_another"] = data
        # Written only when there is one (the compiled form of every other cost stays as it was).
        discard = self.integer(c.discard, "a cost's cards discarded", 0, MAX_COST_DISCARD)
        if discard:
            out["discard"] = discard
        if c.loyalty is not None:
            # 606.4: "+N:" / "−N:" / "0:"; written only for a loyalty ability.
            bound = STAT_LIMIT - 1
            out["loyalty"] = self.integer(c.loyalty, "a loyalty cost", -bound, bound)
        if c.tap_untapped is not None:
            # 602.2b: "Tap ten untapped Elves you control" (written only when there is one).
            if not isinstance(c.tap_untapped, tuple | list) or len(c.tap_untapped) != 2:
                raise self.bad(f"tap_untapped is (filter, count), got {c.tap_untapped!r}")
            f, n = c.tap_untapped
            data = self.filter(f)
            if not isinstance(f, v.Filter) or f.players or f.zone != "battlefield":
                raise self.bad("tap_untapped names permanents (a filter of the battlefield)")
            if f.controller != "you":
                raise self.bad("tap_untapped taps permanents you control (controller 'you')")
            n = self.integer(n, "tap_untapped's count", 1, MAX_COST_DISCARD)
            out["tap_untapped"] = {"filter": data, "count": n}
        if not isinstance(c.tap_attached, bool):
            raise self.bad(f"tap_attached is a bool, not {c.tap_attached!r}")
        if c.tap_attached:
            # 302.6: the equipped creature's {T} (written only when it is one).
            if "Equipment" not in self.card.subtypes:
                raise self.bad("tap_attached is an Equipment's (the creature it equips)")
            out["tap_attached"] = True
        return out

    # --- programs ---

    def program(self, effect: object) -> list[dict[str, Any]]:
        ops: list[dict[str, Any]] = []
        self.emit(effect, ops)
        return self.whole(ops)

    def whole(self, ops: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if len(ops) > MAX_OPERATIONS:
            raise self.bad(f"a program has at most {MAX_OPERATIONS} operations")
        return ops

    def emit(self, e: object, ops: list[dict[str, Any]]) -> None:
        if len(ops) >= MAX_OPERATIONS:
            raise self.bad(f"a program has at most {MAX_OPERATIONS} operations")
        if self.depth >= MAX_DEPTH:
            raise self.bad(f"effects nested more than {MAX_DEPTH} deep (or in a cycle)")
        self.depth += 1
        try:
            self.emit_one(e, ops)
        finally:
            self.depth -= 1

    def emit_one(self, e: object, ops: list[dict[str, Any]]) -> None:
        if isinstance(e, list | tuple):
            e = v.Seq(*e)
        emit = EMITTERS.get(type(e))
        if emit is None:
            raise self.bad(f"expected an effect, got {e!r}")
        game = effect_game(type(e))
        if game is not None and game != self.game:
            names = {"magic": "Magic", "berserk": "Berserk"}
            raise self.bad(
                f"{type(e).__name__} is an effect of {names[game]} cards; this is a "
                f"{names[self.game]} card"
            )
        emit(self, e, ops)

    def guarded(self, e: object, ops: list[dict[str, Any]]) -> None:
        """``e`` runs only if the flag just set (a may, a payment, a test) is true."""
        skip = {"op": "jump_unless", "to": -1}
        ops.append(skip)
        self.emit(e, ops)
        skip["to"] = len(ops)

    # --- abilities and the card ---

    def trigger_program(
        self, effect: object, may: bool, condition: dict[str, Any] | None, recheck: bool
    ) -> list[dict[str, Any]]:
        """A triggered ability's program: its intervening "if" checked again (603.4)."""
        ops: list[dict[str, Any]] = []
        if may:
            effect = v.May(effect)  # type: ignore[arg-type]
        if condition is not None and recheck:
            # 603.4: the intervening "if" is checked again on resolution.
            ops.append({"op": "test", "cond": condition})
            self.guarded(effect, ops)
        else:
            self.emit(effect, ops)
        return self.whole(ops)

    def trigger_modes(self, choose: v.ChooseOne, condition: dict[str, Any] | None) -> list[int]:
        """The modes of a modal triggered ability (603.3c, 700.2a), compiled as abilities of
        kind ``mode`` after the card's own: their indices. Each mode's program checks the
        intervening "if" again as it resolves (603.4)."""
        where = self.where
        if not 2 <= len(choose.modes) <= MAX_MODES:
            raise self.bad(f"a modal trigger has 2 to {MAX_MODES} modes, not {len(choose.modes)}")
        indices = []
        for k, m in enumerate(choose.modes):
            self.where = f"{where}.modes[{k}]"
            if not isinstance(m, v.Mode):
                raise self.bad(f"a mode is a Mode, got {m!r}")
            self.n_targets = 0
            targets = self.targets(m.targets)
            program = self.trigger_program(m.effect, False, condition, True)
            # After its program: a delayed ability that program creates comes before it.
            indices.append(len(self.card.abilities) + len(self.modes))
            self.modes.append({"kind": "mode", "targets": targets, "program": program})
        self.where = where
        return indices

    def delayed(self, effect: object) -> int:
        """A delayed triggered ability (603.7a) an effect creates, compiled as an ability of
        kind ``delayed`` after the card's own (no targets: it refers to one object, 603.7c):
        its index."""
        n_targets, self.n_targets = self.n_targets, 0
        ops: list[dict[str, Any]] = []
        self.emit(effect, ops)
        self.n_targets = n_targets
        self.modes.append({"kind": "delayed", "targets": [], "program": self.whole(ops)})
        return len(self.card.abilities) + len(self.modes) - 1

    def reflexive(self, effect: object, targets: object) -> int:
        """A reflexive triggered ability (603.12) an effect creates, compiled as an ability of
        kind ``reflexive`` after the card's own, with its own targets: its index."""
        n_targets, self.n_targets = self.n_targets, 0
        specs = self.targets(targets)
        ops: list[dict[str, Any]] = []
        self.emit(effect, ops)
        self.n_targets = n_targets
        self.modes.append({"kind": "reflexive", "targets": specs, "program": self.whole(ops)})
        return len(self.card.abilities) + len(self.modes) - 1

    def gained(self, a: object) -> int:
        """A triggered ability an effect grants a permanent for as long as it stays (613.1f,
        611.2c), compiled as an ability of kind ``triggered`` after the card's own, marked
        ``"gained": true`` (it triggers only for an object that gained it): its index."""
        if not isinstance(a, v.Triggered) or a.subject is not v.THIS or a.from_graveyard:
            raise self.bad(f"an ability gained is a Triggered ability of subject THIS, got {a!r}")
        if a.event in ("dies", "leaves_battlefield"):
            # 400.7: what it gained is the permanent's only while it stays.
            raise self.bad(f"an ability gained triggers on the permanent's events, not {a.event!r}")
        where, n_targets = self.where, self.n_targets
        out = self.ability(len(self.card.abilities) + len(self.modes), a)
        self.where, self.n_targets = where, n_targets
        out["gained"] = True
        # After its program: a delayed ability that program creates comes before it.
        self.modes.append(out)
        return len(self.card.abilities) + len(self.modes) - 1

    def ability(self, i: int, a: object) -> dict[str, Any]:
        self.where = f"abilities[{i}]"
        self.n_targets = 0
        if isinstance(a, v.Spell):
            if not (self.spell_types & set(self.card.types)):
                kinds = " or a ".join(sorted(self.spell_types))
                raise self.bad(f"a Spell ability belongs to a {kinds}")
            targets = self.targets(a.targets)
            if isinstance(a.effect, v.EndTheTurn):  # 723.1: a spell's whole effect
                return {"kind": "spell", "targets": targets, "program": [{"op": "end_the_turn"}]}
            return {"kind": "spell", "targets": targets, "program": self.program(a.effect)}
        if isinstance(a, v.Triggered):
            if not isinstance(a.event, str) or a.event not in v.TRIGGER_EVENTS:
                raise self.bad(
                    f"unknown trigger event {a.event!r}; known: {', '.join(v.TRIGGER_EVENTS)}"
                )
            if a.subject is v.THIS:
                subject: dict[str, Any] = {"s": "this"}
            elif a.subject is v.ATTACHED:
                # "Whenever equipped creature …": the game keeps what its source is attached to.
                subject = {"s": "attached"}
            elif isinstance(a.subject, v.Filter):
                subject = {"s": "each", "filter": self.filter(a.subject)}
                if a.event == "becomes_target_by_opponent":
                    raise self.bad("a becomes_target_by_opponent trigger's subject is THIS")
                if a.event in ("you_cast", "opponent_casts") and a.subject.zone != "stack":
                    raise self.bad(
                        f"a {a.event} trigger's subject is a filter of spells (zone 'stack')"
                    )
            else:
                raise self.bad(
                    f"a trigger's subject is THIS, ATTACHED or a Filter, got {a.subject!r}"
                )
            targets = self.targets(a.targets)
            condition = None if a.condition is None else self.condition(a.condition)
            if not isinstance(a.recheck, bool):
                raise self.bad(f"recheck is a bool, not {a.recheck!r}")
            out = {
                "kind": "triggered",
                "event": a.event,
                "subject": subject,
                "by_spell": bool(a.by_spell),
                "condition": condition,
                "targets": targets,
                "program": [],
            }
            if a.from_graveyard:  # 113.6k (only when set: the compiled forms stay as they were)
                out["from_graveyard"] = True
            if not isinstance(a.once_each_turn, bool):
                raise self.bad(f"once_each_turn is a bool, not {a.once_each_turn!r}")
            if a.once_each_turn:  # 603.2h
                out["once_each_turn"] = True
            if isinstance(a.effect, v.ChooseOne):
                if targets or a.may:
                    raise self.bad("a modal trigger's targets and 'may' are its modes' own")
                out["modes"] = self.trigger_modes(a.effect, condition if a.recheck else None)
            else:
                out["program"] = self.trigger_program(a.effect, a.may, condition, a.recheck)
            if _reads_that_much(out["program"]):
                # "That many" (603.2): the game keeps the amount its event carried.
                out["carries_amount"] = True
            return out
        if isinstance(a, v.Activated):
            if not isinstance(a.timing, str) or a.timing not in ("instant", "sorcery"):
                raise self.bad(f"timing is 'instant' or 'sorcery', not {a.timing!r}")
            cost = self.cost(a.cost)
            if "loyalty" in cost and a.timing != "sorcery":
                raise self.bad("a loyalty ability is activated only as a sorcery (606.3)")
            targets = self.targets(a.targets)
            if not isinstance(a.once, bool):
                raise self.bad(f"once is a bool, not {a.once!r}")
            out = {
                "kind": "activated",
                "cost": cost,
                "timing": a.timing,
                "targets": targets,
                "program": self.program(a.effect),
            } | ({"once": True} if a.once else {})
            if a.from_graveyard:  # 113.6k (only when set: the compiled forms stay as they were)
                if set(cost) - {"mana", "tap", "energy", "remove_counters", "sacrifice"} or any(
                    cost[k] for k in ("tap", "energy", "remove_counters", "sacrifice")
                ):
                    raise self.bad("an ability of a graveyard card costs mana only")
                out["from_graveyard"] = True
            return out
        if isinstance(a, v.ManaAbility):
            if not isinstance(a.produces, str) or not _mana_symbols(a.produces):
                raise self.bad(
                    "a mana ability produces one of W U B R G C, or a choice of colours in WUBRG "
                    f"order ('BR': {{B}} or {{R}}), not {a.produces!r}"
                )
            cost = self.cost(a.cost)
            if "discard" in cost:
                raise self.bad("a mana ability's cost discards no card (the duels pay it alone)")
            if "loyalty" in cost:
                raise self.bad("a loyalty ability is no mana ability (605.1a, 606.3)")
            out = {"kind": "mana", "produces": a.produces, "cost": cost}
            if a.spend_only_on:
                if not all(isinstance(t, str) and t for t in a.spend_only_on):
                    raise self.bad(f"spend_only_on names subtypes, got {a.spend_only_on!r}")
                out["spend_only_on"] = list(a.spend_only_on)  # 106.6
            if a.spend_only_on_chosen:
                chooses = any(isinstance(b, v.ChooseACreatureType) for b in self.card.abilities)
                if not chooses or a.spend_only_on:
                    raise self.bad(
                        "spend_only_on_chosen belongs to a card that chooses a creature type "
                        "(and names no other subtypes)"
                    )
                out["spend_only_on_chosen"] = True  # 106.6
            return out
        if isinstance(a, v.ManaForEach):
            mana = [b for b in self.card.abilities if isinstance(b, v.ManaAbility)]
            if len(mana) != 1 or len(mana[0].produces) != 1 or mana[0].produces == "C":
                raise self.bad("ManaForEach belongs to a card with one mana ability of one colour")
            return {"kind": "mana_for_each", "filter": self.filter(a.filter)}
        if isinstance(a, v.OthersEnterWithCounters):
            return {
                "kind": "others_enter_with_counters",
                "what": self.filter(a.what),
                "counter": self.kind(a.kind),
                "per": self.filter(a.per),
            }
        if isinstance(a, v.ManaOfEachColourAmong):
            mana = [b for b in self.card.abilities if isinstance(b, v.ManaAbility)]
            if len(mana) != 1 or mana[0].produces != "WUBRG":
                raise self.bad(
                    "ManaOfEachColourAmong belongs to a card with one mana ability of any colour"
                )
            return {"kind": "mana_of_each_colour_among", "filter": self.filter(a.filter)}
        if isinstance(a, v.ChooseAColour):
            if "creature" in self.card.types or "land" in self.card.types:
                raise self.bad("ChooseAColour belongs to a noncreature, nonland permanent")
            for n in (a.power, a.toughness):
                if isinstance(n, bool) or not isinstance(n, int) or not -100 <= n <= 100:
                    raise self.bad(f"ChooseAColour's bonus must be an int in -100..100, got {n!r}")
            return {"kind": "choose_a_colour", "power": a.power, "toughness": a.toughness}
        if isinstance(a, v.ChooseACreatureType):
            if "creature" in self.card.types:
                raise self.bad("ChooseACreatureType belongs to a noncreature permanent")
            for n in (a.power, a.toughness):
                if isinstance(n, bool) or not isinstance(n, int) or not -100 <= n <= 100:
                    raise self.bad(
                        f"ChooseACreatureType's bonus must be an int in -100..100, got {n!r}"
                    )
            out = {"kind": "choose_a_creature_type", "power": a.power, "toughness": a.toughness}
            if a.counter is not None:
                out["counter"] = self.kind(a.counter)
            return out
        if isinstance(a, v.ManaOfChosenColour):
            mana = [b for b in self.card.abilities if isinstance(b, v.ManaAbility)]
            chooses = any(isinstance(b, v.ChooseAColour) for b in self.card.abilities)
            if len(mana) != 1 or mana[0].produces != "WUBRG" or not chooses:
                raise self.bad(
                    "ManaOfChosenColour belongs to a card that chooses a colour, with one mana "
                    "ability of any colour"
                )
            return {"kind": "mana_of_chosen_colour"}
        if isinstance(a, v.EntersTapped):
            return {"kind": "enters_tapped"}
        if isinstance(a, v.Flash):
            return {"kind": "flash"}
        if isinstance(a, v.CantBeCountered):
            if "land" in self.card.types:
                raise self.bad("\"can't be countered\" is a spell's: a land isn't cast (101.2)")
            return {"kind": "cant_be_countered"}
        if isinstance(a, v.AnyNumberInDeck):
            return {"kind": "any_number_in_deck"}
        if isinstance(a, v.NoMaximumHandSize):
            return {"kind": "no_maximum_hand_size"}  # 402.2
        if isinstance(a, v.Flashback):
            if not ({"instant", "sorcery"} & set(self.card.types)):
                raise self.bad("flashback belongs to an instant or a sorcery (702.34a)")
            if (a.cost is None) == (a.sacrifice is None):
                raise self.bad("a flashback cost is a mana cost or a sacrifice, one of them")
            out: dict[str, Any] = {
                "kind": "flashback",
                "cost": None if a.cost is None else self.mana(a.cost),
            }
            if a.sacrifice is not None:
                out["sacrifice"] = self.sacrifice_cost(a.sacrifice, 1)
            return out
        if isinstance(a, v.Madness):
            if "land" in self.card.types:
                raise self.bad("madness is a spell's: a land isn't cast (702.35a)")
            return {"kind": "madness", "cost": self.mana(a.cost)}
        if isinstance(a, v.Plot):
            if "land" in self.card.types:
                raise self.bad("plot is a spell's: a land isn't cast (702.170a)")
            return {"kind": "plot", "cost": self.mana(a.cost)}
        if isinstance(a, v.AdditionalCost):
            if "land" in self.card.types:
                raise self.bad("an additional cost is a spell's: a land isn't cast (601.2f)")
            if not _is_int(a.discard) or not 1 <= a.discard <= MAX_COST_DISCARD:
                raise self.bad(f"an additional cost discards 1 to {MAX_COST_DISCARD} cards")
            return {"kind": "additional_cost", "discard": int(a.discard)}
        if isinstance(a, v.Kicker):
            if "land" in self.card.types:
                raise self.bad("kicker is a spell's: a land isn't cast (702.33a)")
            if self.card.cost is None:
                raise self.bad("kicker is an additional cost: the card has a mana cost (702.33a)")
            kicker = {
                "kind": "kicker",
                "cost": self.mana(a.cost),
                # What a kicked spell costs in all (601.2f: the mana cost plus the kicker cost).
                "kicked_cost": self.mana(self.card.cost + a.cost),
            }
            if a.kicked is not None:
                # "If this spell was kicked, instead …": a mode ability after the card's own.
                spells = [b for b in self.card.abilities if isinstance(b, v.Spell)]
                if not isinstance(a.kicked, v.Spell) or len(spells) != 1:
                    raise self.bad("a kicked spell is a Spell of a card of one Spell (702.33d)")
                self.n_targets = 0
                targets = self.targets(a.kicked.targets)
                program = self.program(a.kicked.effect)
                kicker["spell"] = len(self.card.abilities) + len(self.modes)
                self.modes.append({"kind": "mode", "targets": targets, "program": program})
            return kicker
        if isinstance(a, v.AdditionalSacrifice):
            if "land" in self.card.types:
                raise self.bad("an additional cost is a spell's: a land isn't cast (601.2f)")
            out = {
                "kind": "additional_sacrifice",
                "sacrifice": self.sacrifice_cost(a.sacrifice, a.count),
            }
            if a.or_pay is not None:
                if self.card.cost is None:
                    raise self.bad("'or pay' is an additional cost: the card has a mana cost")
                out["or_pay"] = self.mana(a.or_pay)
                # What the spell costs in all then (601.2f: the mana cost plus that).
                out["or_paid_cost"] = self.mana(self.card.cost + a.or_pay)
            return out
        if isinstance(a, v.AlternativeManaCost):
            if "land" in self.card.types:
                raise self.bad("an alternative cost is a spell's: a land isn't cast (118.9)")
            n = self.integer(a.creatures_at_least, "creatures_at_least", 0, 2**32 - 1)
            return {
                "kind": "alternative_mana_cost",
                "cost": self.mana(a.cost),
                "creatures_at_least": n,
            }
        if isinstance(a, v.AlternativeCost):
            if "land" in self.card.types:
                raise self.bad("an alternative cost is a spell's: a land isn't cast (118.9)")
            return {
                "kind": "alternative_cost",
                "sacrifice": self.sacrifice_cost(a.sacrifice, a.count),
            }
        if isinstance(a, v.EntersWithCounters):
            return {
                "kind": "enters_with_counters",
                "counter": self.kind(a.kind),
                "n": self.amount(a.n),
            }
        if isinstance(a, v.CostsLessForPermanents):
            if "land" in self.card.types:
                raise self.bad("a cost reduction is a spell's: a land isn't cast (601.2f)")
            if not isinstance(a.each, bool):
                raise self.bad(f"a cost reduction's each must be a bool, got {a.each!r}")
            return {
                "kind": "costs_less_for_permanents",
                "filter": self.filter(a.filter),
                "each": a.each,
            }
        if isinstance(a, v.SpellsHaveFlash | v.SpellsFromHandFree):
            if not set(self.card.types) & {
                "artifact",
                "battle",
                "creature",
                "enchantment",
                "planeswalker",
            }:
                raise self.bad(
                    "a permission to cast spells (as though they had flash, 702.8a; without "
                    "paying their mana costs, 118.9) is a permanent's static ability"
                )
            if isinstance(a, v.SpellsFromHandFree):
                return {"kind": "spells_from_hand_free"}
            return {"kind": "spells_have_flash"}
        if isinstance(a, v.SpellsCostLess):
            if not set(self.card.types) & {
                "artifact",
                "battle",
                "creature",
                "enchantment",
                "planeswalker",
            }:
                raise self.bad("spells cost less by a permanent's static ability (601.2f)")
            types = self.names(a.types, "the card types of the spells that cost less")
            if not types or any(t not in MAGIC_TYPES for t in types):
                raise self.bad(f"spells that cost less are of Magic card types, not {types!r}")
            return {"kind": "spells_cost_less", "types": types}
        if isinstance(a, v.GetsPerGraveyardCard):
            if "creature" not in self.card.types:
                raise self.bad("GetsPerGraveyardCard belongs to a creature")
            types = self.names(a.types, "the card types counted in the graveyard")
            if not types or any(t not in MAGIC_TYPES for t in types):
                raise self.bad(f"a graveyard count is of Magic card types, not {types!r}")
            for n in (a.power, a.toughness):
                if isinstance(n, bool) or not isinstance(n, int) or not -100 <= n <= 100:
                    raise self.bad(f"a bonus must be an int in -100..100, got {n!r}")
            return {
                "kind": "gets_per_graveyard_card",
                "types": types,
                "power": a.power,
                "toughness": a.toughness,
            }
        if isinstance(a, v.CostsLessPerGraveyardCard):
            if "land" in self.card.types:
                raise self.bad("a cost reduction is a spell's: a land isn't cast (601.2f)")
            types = self.names(a.types, "a cost reduction's card types")
            if not types or any(t not in MAGIC_TYPES for t in types):
                raise self.bad(f"a cost reduction counts cards of Magic card types, not {types!r}")
            return {"kind": "costs_less_per_graveyard_card", "types": types}
        if isinstance(a, v.EntersWithCountersIfCast):
            if not isinstance(a.kicked, bool):
                raise self.bad(f"kicked is a bool, not {a.kicked!r}")
            out = {
                "kind": "enters_with_counters_if_cast",
                "counter": self.kind(a.kind),
                "n": {"a": "const", "n": self.integer(a.n, "the counters", 0, 2**32)},
            }
            if a.kicked:
                # 702.33d: only a kicked spell's permanent (written only when set).
                out["kicked"] = True
            return out
        if isinstance(a, v.Replacement):
            if not isinstance(a.effect, str):
                raise self.bad(f"a replacement effect is named by a str, got {a.effect!r}")
            if a.amount is not None and not _is_int(a.amount):
                raise self.bad(f"a replacement effect's amount is an int or None, got {a.amount!r}")
            if a.kind is not None:
                self.kind(a.kind)
            affects = self.names(a.affects, "a replacement effect's filter texts")
            try:
                check_effect(a.effect, a.amount)
                if not affects:
                    raise ValueError("a replacement effect must affect something")
                for clause in affects:
                    parse_clause(clause, self.card_types)
            except (ValueError, OverflowError) as e:
                raise self.bad(str(e)) from None
            if a.kind is not None and a.effect not in COUNTER_EFFECTS:
                raise self.bad(f"{a.effect} applies to no counters: kind= is for counter effects")
            sources = self.names(a.sources, "a replacement effect's source filter texts")
            if sources and a.effect not in DAMAGE_EFFECTS:
                raise self.bad(f"{a.effect} applies to no damage: sources= is for damage effects")
            try:
                for clause in sources:
                    parse_source_clause(clause, self.card_types)
            except ValueError as e:
                raise self.bad(str(e)) from None
            out = {
                "kind": "replacement",
                "effect": a.effect,
                "affects": list(a.affects),
                "counter": None if a.kind is None else self.kind(a.kind),
                "amount": None if a.amount is None else int(a.amount),
            }
            if sources:  # only when some: the other cards' compiled form stays
                out["sources"] = list(sources)
            return out
        if isinstance(a, v.Static):
            this = a.affected is v.THIS
            filters = () if this else a.affected if isinstance(a.affected, tuple) else (a.affected,)
            if not this and not filters:
                raise self.bad("a static ability affects something: give a Filter")
            if a.as_long_as is not None and not this and a.as_long_as is not v.DURING_YOUR_TURN:
                raise self.bad(
                    "as_long_as is a condition of a static ability affecting THIS, or "
                    "DURING_YOUR_TURN"
                )
            if not isinstance(a.loses, tuple | list):
                raise self.bad(f"loses is a list of keyword names, got {a.loses!r}")
            for k in self.names(a.loses, "loses' keywords"):
                if k not in KEYWORDS:
                    raise self.bad(f"unknown keyword {k!r} in loses")
            gains = _keywords(a.gains, lambda m: self.bad(f"gains: {m}"))
            both = sorted(set(gains) & set(a.loses))
            if both:
                raise self.bad(f"a static ability can't both grant and remove {both[0]!r}")
            for what, n in (("power", a.power), ("toughness", a.toughness)):
                if not isinstance(n, int) or isinstance(n, bool) or not -(2**31) < n < 2**31:
                    raise self.bad(f"{what} must be an int of at most 31 bits, got {n!r}")
            if not isinstance(a.is_also, tuple | list):
                raise self.bad(f"is_also is a list of subtype names, got {a.is_also!r}")
            is_also = list(self.names(a.is_also, "is_also's subtypes"))
            if "" in is_also:
                raise self.bad("is_also's subtypes are non-empty names")
            if not (a.power or a.toughness or gains or a.loses or is_also):
                raise self.bad(
                    "a static ability must change something (power, gains, loses, is_also)"
                )
            pt_only = not (gains or a.loses or is_also)
            affects = self.continuous_affected(filters, pt_only) if not this else ["this"]
            if a.as_long_as is not None and this:
                affects = [f"this while {self.static_condition(a.as_long_as)}"]
            elif a.as_long_as is not None:
                # "During your turn, creatures you control ... have ...": each filter while it.
                affects = [f"{f} while {self.static_condition(a.as_long_as)}" for f in affects]
            return {
                "kind": "static",
                "affected": [self.filter(f, static=True) for f in filters],
                "affects": affects,
                "power": int(a.power),
                "toughness": int(a.toughness),
                "gains": gains,
                "loses": list(a.loses),
            } | ({"is_also": is_also} if is_also else {})
        if isinstance(a, v.PowerToughnessEqualToCount):
            if "creature" not in self.card.types or (self.card.power, self.card.toughness) != (
                0,
                0,
            ):
                raise self.bad(
                    "a characteristic-defining power and toughness is a */* creature's (604.3)"
                )
            if not isinstance(a.per, v.Filter) or a.per.players:
                raise self.bad(f"per is a Filter of objects, got {a.per!r}")
            return {"kind": "power_toughness_equal_to_count", "per": self.filter(a.per)}
        if isinstance(a, v.AttachedGets):
            return self.attached_gets(a)
        if isinstance(a, v.AttachedIs):
            return self.attached_is(a)
        if isinstance(a, v.BeginOnBattlefield):
            return {"kind": "begin_on_battlefield"}
        if isinstance(a, v.AdditionalLand):
            permanent = ("artifact", "creature", "enchantment", "planeswalker", "battle")
            if "land" in self.card.types or not set(permanent) & set(self.card.types):
                raise self.bad("an additional land is a static ability of a nonland permanent")
            return {"kind": "additional_land"}
        if isinstance(a, v.CastFromGraveyardRemovingCounters):
            if "land" in self.card.types:
                raise self.bad("casting from a graveyard is a spell's: a land isn't cast (601.2a)")
            if not isinstance(a.n, int) or isinstance(a.n, bool) or not 1 <= a.n <= 255:
                raise self.bad("the counters removed are a number from 1 to 255")
            return {"kind": "cast_from_graveyard_removing_counters", "n": a.n}
        if isinstance(a, v.PlaysPermanentsFromGraveyard):
            permanent = ("artifact", "creature", "enchantment", "planeswalker", "battle", "land")
            if not set(permanent) & set(self.card.types):
                raise self.bad("playing cards from a graveyard is a permanent's static ability")
            return {"kind": "plays_permanents_from_graveyard"}
        if isinstance(a, v.TwiceAsManyTokens):
            permanent = ("artifact", "creature", "enchantment", "planeswalker", "battle", "land")
            if not set(permanent) & set(self.card.types):
                raise self.bad("a token doubler is a static ability of a permanent (614.1a)")
            return {"kind": "twice_as_many_tokens"}
        if isinstance(a, v.DoesntUntap):
            if "creature" not in self.card.types:
                raise self.bad("\"doesn't untap during your untap step\" is a creature's (502.3)")
            return {"kind": "doesnt_untap"}
        if isinstance(a, v.CostsLessPerAttackingCreature | v.CostsLessByTotalPower):
            if "land" in self.card.types:
                raise self.bad("a cost reduction is a spell's: a land isn't cast (601.2f)")
            if isinstance(a, v.CostsLessByTotalPower):
                return {"kind": "costs_less_by_total_power"}
            return {"kind": "costs_less_per_attacking_creature"}
        if isinstance(a, v.CostsLessIfTargetsTapped):
            if isinstance(a.n, bool) or not isinstance(a.n, int) or not 0 < a.n < 256:
                raise self.bad(f"a cost reduction's n must be an int in 1..255, got {a.n!r}")
            if not any(isinstance(b, v.Spell) and b.targets for b in self.card.abilities):
                raise self.bad("a cost reduction for its target is a targeted spell's (601.2f)")
            return {"kind": "costs_less_if_targets_tapped", "n": a.n}
        if isinstance(a, v.Enchant):
            if "Aura" not in self.card.subtypes:
                raise self.bad("enchant is an Aura's ability (702.5a)")
            if not isinstance(a.filter, v.Filter):
                raise self.bad(f"what an Aura enchants is a Filter, got {a.filter!r}")
            # 303.4a: the Aura spell's one target.
            return {"kind": "enchant", "targets": self.targets((v.TargetSpec(a.filter),))}
        if isinstance(a, v.CostModifier | v.HaveKeyword):
            raise self.bad(f"{type(a).__name__} is a Berserk card's ability, not a Magic card's")
        raise self.bad(f"expected an ability (Spell, Triggered, Activated...), got {a!r}")

    def attached_gets(self, a: v.AttachedGets) -> dict[str, Any]:
        """ "Equipped creature gets +N/+M and has …" (an Aura's or Equipment's static ability,
        303.4, 301.5): its bonus, the filter of the permanents it counts ("for each Forest you
        control") and "during your turn", written only when used."""
        if not {"Aura", "Equipment"} & set(self.card.subtypes):
            raise self.bad("AttachedGets is an Aura's or an Equipment's ability (303.4, 301.5)")
        gains = _keywords(a.gains, lambda m: self.bad(f"gains: {m}"))
        for what, n in (("power", a.power), ("toughness", a.toughness)):
            if not isinstance(n, int) or isinstance(n, bool) or not -(2**31) < n < 2**31:
                raise self.bad(f"{what} must be an int of at most 31 bits, got {n!r}")
        if not (a.power or a.toughness or gains):
            raise self.bad("an AttachedGets ability must change something (power, gains)")
        if not isinstance(a.during_your_turn, bool):
            raise self.bad(f"during_your_turn is a bool, not {a.during_your_turn!r}")
        out: dict[str, Any] = {
            "kind": "attached",
            "power": int(a.power),
            "toughness": int(a.toughness),
            "gains": gains,
        }
        if a.per is not None:
            if not isinstance(a.per, v.Filter):
                raise self.bad(f"per is a Filter, got {a.per!r}")
            out["per"] = self.filter(a.per)
        if a.during_your_turn:
            out["your_turn"] = True
        return out

    def attached_is(self, a: v.AttachedIs) -> dict[str, Any]:
        """ "Enchanted creature loses all abilities and is a … creature … named …" (an Aura's
        static ability, 303.4, 613.1): what it makes the enchanted permanent, each part written
        only when it has one."""
        if "Aura" not in self.card.subtypes:
            raise self.bad("AttachedIs is an Aura's ability (303.4)")
        out: dict[str, Any] = {"kind": "attached_is"}
        if not isinstance(a.loses_all_abilities, bool):
            raise self.bad(f"loses_all_abilities is a bool, not {a.loses_all_abilities!r}")
        if a.loses_all_abilities:
            out["loses_all_abilities"] = True
        types = self.names(a.types, "AttachedIs's types")
        if any(t not in MAGIC_TYPES for t in types) or len(set(types)) != len(types):
            raise self.bad(f"AttachedIs's types are card types, each once, got {a.types!r}")
        if types:
            out["types"] = types
        if a.colours is not None:
            if not isinstance(a.colours, str) or any(
                c not in "WUBRG" or a.colours.count(c) > 1 for c in a.colours
            ):
                raise self.bad(f"colours are WUBRG letters, each once, got {a.colours!r}")
            out["colours"] = "".join(c for c in "WUBRG" if c in a.colours)
        if a.subtypes is not None:
            subtypes = self.names(a.subtypes, "AttachedIs's subtypes")
            if not all(subtypes):
                raise self.bad("AttachedIs's subtypes are non-empty names")
            out["subtypes"] = subtypes
        if (a.power is None) != (a.toughness is None):
            raise self.bad("a base power and toughness are set together (613.4b)")
        if a.power is not None:
            out["power"] = self.integer(a.power, "power", -(2**31) + 1, 2**31 - 1)
            out["toughness"] = self.integer(a.toughness, "toughness", -(2**31) + 1, 2**31 - 1)
        if a.name is not None:
            if not isinstance(a.name, str) or not a.name:
                raise self.bad(f"a name is a non-empty str, got {a.name!r}")
            out["name"] = a.name
        if a.mana is not None:
            if a.mana != "C" and (len(a.mana) != 1 or a.mana not in "WUBRG"):
                raise self.bad(f"mana is one symbol (W, U, B, R, G or C), got {a.mana!r}")
            out["mana"] = a.mana
        if len(out) == 1:
            raise self.bad("an AttachedIs ability must change something")
        return out

    def card_data(self) -> dict[str, Any]:
        c = self.card
        self.where = "name"
        # A plain str: a subclass may hash or compare as it likes, and a pool keys cards by name.
        if type(c.name) is not str or not c.name:
            raise InvalidCard(f"a card needs a non-empty name (a str), got {c.name!r}")
        if isinstance(c, v.BerserkCard):
            data = berserk.card_data(self)
            where = _bad_text(data)
            if where is not None:
                self.where = where
                raise self.bad("not valid text (a lone surrogate?)")
            return data
        self.where = "types"
        types = self.names(c.types, "a card's types")
        # An emblem (114.1) has no types: only static and triggered abilities, no mana cost.
        emblem = c.cost is None and all(isinstance(a, (v.Static, v.Triggered)) for a in c.abilities)
        if not types and not emblem:
            raise self.bad(
                "a card needs at least one type (an emblem, 114, has none: only Static and "
                "Triggered abilities and no mana cost)"
            )
        for t in types:
            if t not in MAGIC_TYPES:
                raise self.bad(f"unknown card type {t!r}; valid: {', '.join(MAGIC_TYPES)}")
        self.where = "supertypes"
        supertypes = self.names(c.supertypes, "a card's supertypes")
        for t in supertypes:
            if t not in SUPERTYPES:
                raise self.bad(f"unknown supertype {t!r}")
        self.where = "subtypes"
        if not isinstance(c.subtypes, tuple | list):
            raise self.bad(f"a card's subtypes are a tuple of str, got {c.subtypes!r}")
        for t in c.subtypes:
            if not isinstance(t, str) or not t:
                raise self.bad(f"a subtype must be a non-empty str, got {t!r}")
        subtypes = list(c.subtypes)
        self.where = "cost"
        cost = None if c.cost is None else self.mana(c.cost)
        self.where = "keywords"
        keywords = _keywords(c.keywords, self.bad)
        creature = "creature" in types
        stats: dict[str, int | None] = {}
        for what, val in (("power", c.power), ("toughness", c.toughness)):
            self.where = what
            if creature and val is None:
                raise self.bad(f"a creature needs a {what}")
            stats[what] = None
            if val is not None:
                # 208.1: a printed number within the kernel's limit (|n| below 2**31).
                stats[what] = self.integer(val, what, 1 - STAT_LIMIT, STAT_LIMIT - 1)
        self.where = "loyalty"
        loyalty = None
        if c.loyalty is not None:
            loyalty = self.integer(c.loyalty, "loyalty", 0, STAT_LIMIT - 1)
        self.where = "oracle"
        if not isinstance(c.oracle, str):
            raise self.bad("the Oracle text must be a str")
        self.where = "info"
        info = self.info(c.info)
        self.where = "abilities"
        if not isinstance(c.abilities, tuple | list):
            raise self.bad(f"a card's abilities are a tuple of abilities, got {c.abilities!r}")
        abilities = [self.ability(i, a) for i, a in enumerate(c.abilities)]
        abilities += self.modes
        spells = sum(1 for a in abilities if a["kind"] == "spell")
        self.where = "abilities"
        # Two or more Spell abilities are the modes of a modal spell, "Choose one —" (700.2a).
        if spells > MAX_MODES:
            raise self.bad(f"a modal spell has at most {MAX_MODES} modes (Spell abilities)")
        data = {
            "name": c.name,
            "cost": cost,
            "types": types,
            "supertypes": supertypes,
            "subtypes": subtypes,
            "power": stats["power"],
            "toughness": stats["toughness"],
            "loyalty": loyalty,
            "keywords": keywords,
            "oracle": c.oracle,
            "info": info,
            "python": bool(self.callables),
            "abilities": abilities,
        }
        # Every name and text is text the runtime can read (no lone surrogate).
        where = _bad_text(data)
        if where is not None:
            self.where = where
            raise self.bad("not valid text (a lone surrogate?)")
        return data

    def info(self, info: object) -> dict[str, Any]:
        """The non-game elements (109): plain JSON data, at most ``MAX_DEPTH`` deep."""
        if not isinstance(info, Mapping):
            raise self.bad(f"info is a mapping of plain data, got {type(info).__name__}")
        depth, values = _shape(dict(info), MAX_DEPTH, {})
        if depth > MAX_DEPTH:
            raise self.bad(f"info nested more than {MAX_DEPTH} deep (or in a cycle)")
        if values > MAX_INFO_VALUES:
            raise self.bad(f"info holds more than {MAX_INFO_VALUES} values")
        try:
            copied = json.loads(json.dumps(dict(info), allow_nan=False))
        except (TypeError, ValueError, RecursionError) as e:
            raise self.bad(f"info must be plain data (JSON): {e}") from None
        assert isinstance(copied, dict)
        return copied


def _mana_symbols(produces: str) -> bool:
    """Whether a mana ability's ``produces`` is one symbol (W U B R G C) or a choice of two or
    more colours, each once, in WUBRG order (106.1a)."""
    if produces == "C":
        return True
    return (
        bool(produces)
        and all(c in COLOURS for c in produces)
        and list(produces) == sorted(set(produces), key=COLOURS.index)
    )


def _keywords(kws: object, bad: Callable[[str], ValueError]) -> dict[str, int]:
    items: Iterable[tuple[object, object]]
    if isinstance(kws, Mapping):
        items = kws.items()
    elif isinstance(kws, tuple | list | frozenset | set):
        items = ((k, 1) for k in kws)
    else:
        raise bad(f"keywords are a list of names or a mapping name -> value, got {kws!r}")
    out: dict[str, int] = {}
    for k, n in items:
        if not isinstance(k, str) or k not in KEYWORDS:
            raise bad(f"unknown keyword {k!r}")
        if not _is_int(n) or n < 1:
            raise bad(f"keyword {k!r} needs an int value >= 1, got {n!r}")
        if k != "toxic" and n != 1:
            raise bad(f"{k} is not a valued keyword; its value must be 1")
        if n >= TOXIC_LIMIT:  # 702.164b: the kernel's limit of a card's toxic total
            raise bad(f"toxic {n} is too large (below 2**32)")
        out[str(k)] = int(n)
    return dict(sorted(out.items()))


def compile_card(
    card: v.Card | v.BerserkCard, *, known_cards: Iterable[str] | None = None
) -> CompiledCard:
    """Validate ``card`` (a Magic :class:`~cardstate.cards.vocab.Card` or a
    :class:`~cardstate.cards.vocab.BerserkCard`) and compile it (``ValueError`` naming the card
    and the field). ``known_cards``: names a token may copy (default: anything)."""
    if not isinstance(card, v.Card | v.BerserkCard):
        raise TypeError(f"expected a Card or a BerserkCard, got {type(card).__name__}")
    known = None if known_cards is None else frozenset(known_cards)
    comp = _Compiler(card, known)
    try:
        data = comp.card_data()
    except InvalidCard:
        raise
    except RecursionError:
        raise comp.bad("nested too deeply (or in a cycle)") from None
    except (TypeError, ValueError, OverflowError) as e:
        # A value of a kind no check above foresaw: still refused naming the card and field.
        raise comp.bad(f"{type(e).__name__}: {e}") from None
    return CompiledCard(card, data, tuple(comp.callables))


def compile_pool(
    cards: Iterable[v.Card | v.BerserkCard], decks: Mapping[str, list[str]] | None = None
) -> tuple[dict[str, CompiledCard], dict[str, Any]]:
    """Compile a pool: (name -> compiled card, the whole compiled form with its decks).
    Duplicate names and decks naming unknown cards are ``ValueError``."""
    cards = list(cards)
    for c in cards:
        if not isinstance(c, v.Card | v.BerserkCard):
            raise TypeError(f"expected Cards, got {type(c).__name__}")
    names = [c.name for c in cards]
    for n in names:
        if not isinstance(n, str):
            raise InvalidCard(f"a card needs a non-empty name, got {n!r}")
    known = frozenset(names)
    compiled: dict[str, CompiledCard] = {}
    for c in cards:
        if c.name in compiled:
            raise ValueError(f"card {c.name!r}: name: defined twice in the pool")
        compiled[c.name] = compile_card(c, known_cards=known)
    deck_data: dict[str, list[str]] = {}
    if not isinstance(decks or {}, Mapping):
        raise TypeError(f"decks are a mapping name -> card names, got {type(decks).__name__}")
    for deck, contents in (decks or {}).items():
        if not _is_text(deck):
            raise ValueError(f"deck {deck!r}: name: a deck is named by text (a str)")
        if not isinstance(contents, tuple | list):
            raise ValueError(f"deck {deck!r}: a deck is a list of card names, got {contents!r}")
        for n in contents:
            if not isinstance(n, str) or n not in known:
                raise ValueError(f"deck {deck!r}: unknown card {n!r}")
        deck_data[deck] = list(contents)
    form = {
        "version": FORMAT_VERSION,
        "cards": [compiled[n].data for n in names],
        "decks": deck_data,
    }
    return compiled, form


def pool_json(form: Mapping[str, Any]) -> str:
    """The compiled form as the canonical JSON text committed in ``rust/effects/pool.json``."""
    return json.dumps(form, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def _reads_that_much(node: object) -> bool:
    """Whether a compiled program reads ``THAT_MUCH`` (an amount ``{"a": "that_much"}``)."""
    if isinstance(node, dict):
        return node.get("a") == "that_much" or any(_reads_that_much(v) for v in node.values())
    if isinstance(node, list):
        return any(_reads_that_much(v) for v in node)
    return False
