"""Argument validation shared by the reference model (SEMANTICS 0 and 3).

SEMANTICS §0 checks a call in steps: first the *form* of every argument, left to right, then
the ids, then the rules, then arithmetic. The helpers here come in the same two groups:

- form helpers (``ident``, ``amount``, ``flag``, ``int64``, ``zone``, ``names``, ...) look at
  one argument alone: ``TypeError`` for a value of the wrong type, ``ValueError`` for a negative
  amount, an empty counter kind or an unknown zone name, ``OverflowError`` for an amount above
  ``MAX_COUNT`` or an int beyond the 64-bit range where the engine reads a signed number;
- rules helpers (``card_types``, ``subtypes``, ``printed_keywords``, ``parse_cost``,
  ``signed_stat``, ``unsigned_stat``, ``known_keyword``) run after the ids have been checked and
  raise ``ValueError`` for a value outside the rules' domain and ``OverflowError`` for a number
  beyond the engine's limits.

Each helper returns its argument in normal form.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Mapping
from typing import Any

from cardstate.vocabulary import (
    CARD_TYPES,
    INT64_MAX,
    INT64_MIN,
    KEYWORDS,
    MAX_COST_X,
    MAX_COUNT,
    STAT_LIMIT,
    TOXIC_LIMIT,
    ZONES,
    check_kind,
)

# ----------------------------------------------------------------------------------------------
# Form (SEMANTICS §0, step 1)
# ----------------------------------------------------------------------------------------------


def as_int(value: object, what: str) -> int:
    """An ``int`` (``bool`` and anything with ``__index__`` count as ints), else TypeError."""
    if isinstance(value, int):
        # An int subclass stands for its value, whatever its __int__ or __index__ say.
        return operator.index(value)
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what} must be an int, not {type(value).__name__}") from None


def ident(value: object) -> int:
    """An id: any int (whether it names an entity is checked later, SEMANTICS §0 step 2)."""
    return as_int(value, "an id")


def optional_ident(value: object) -> int | None:
    """None, or an id as :func:`ident`."""
    return None if value is None else ident(value)


def amount(value: object, what: str = "amount") -> int:
    """An amount: int (TypeError), not negative (ValueError), at most MAX_COUNT (OverflowError)."""
    n = as_int(value, what)
    if n < 0:
        raise ValueError(f"{what} must not be negative, got {n}")
    if n > MAX_COUNT:
        raise OverflowError(f"{what} {n} exceeds the largest count {MAX_COUNT}")
    return n


def optional_amount(value: object, what: str = "amount") -> int | None:
    """None, or an amount as :func:`amount`."""
    return None if value is None else amount(value, what)


def flag(value: object, what: str) -> bool:
    """A ``bool`` (TypeError otherwise, even for 0 and 1)."""
    if not isinstance(value, bool):
        raise TypeError(f"{what} must be a bool, not {type(value).__name__}")
    return value


def int64(value: object, what: str) -> int:
    """A signed number the engine reads as a 64-bit int (a printed number, a strength, a pump):
    an ``int`` (TypeError otherwise), within -2**63 .. 2**63-1 (OverflowError otherwise)."""
    if not isinstance(value, int):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    number = operator.index(value)  # its value, not what a subclass's methods say
    if not INT64_MIN <= number <= INT64_MAX:
        raise OverflowError(f"{what} {number} is beyond the 64-bit range")
    return number


def optional_int64(value: object, what: str) -> int | None:
    """None, or an int as :func:`int64`."""
    return None if value is None else int64(value, what)


def text(value: object, what: str) -> str:
    """A ``str`` (TypeError otherwise)."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    return value


def kind(value: object) -> str:
    """A counter kind name: a ``str`` (TypeError), non-empty (ValueError)."""
    return check_kind(value)


def zone(value: object) -> str:
    """One of the seven zone names: a ``str`` (TypeError), known (ValueError listing them)."""
    name = text(value, "zone")
    if name not in ZONES:
        raise ValueError(f"zone must be one of {', '.join(ZONES)}; got {name!r}")
    return name


def names(value: object, what: str) -> list[str]:
    """The items of an iterable of str, in order. A bare str, a non-iterable or a non-str item
    is a TypeError. (Whether the names are known is a rules check.)"""
    if isinstance(value, str | bytes):
        raise TypeError(f"{what} must be an iterable of str, not a bare {type(value).__name__}")
    if not isinstance(value, Iterable):
        raise TypeError(f"{what} must be an iterable of str, not {type(value).__name__}")
    items: list[str] = []
    for item in value:
        if not isinstance(item, str):
            raise TypeError(f"{what} must contain str, not {type(item).__name__}")
        items.append(item)
    return items


def keyword_items(value: object) -> list[tuple[str, int]]:
    """Printed keywords as given: an iterable of names (each the value 1) or a mapping name ->
    int. Names must be str and values ints within 64 bits; the rules check them later."""
    if isinstance(value, Mapping):
        items: list[tuple[str, int]] = []
        for name, val in value.items():
            items.append((text(name, "a keyword"), int64(val, "a keyword value")))
        return items
    return [(name, 1) for name in names(value, "keywords")]


def cost_form(value: object) -> int | str | None:
    """A cost as given: None, a str (parsed by the rules) or an int within 64 bits."""
    if value is None or isinstance(value, str):
        return value
    if not isinstance(value, int):
        raise TypeError(f"cost must be None, an int or a str, not {type(value).__name__}")
    return int64(value, "cost")


def info(value: object) -> dict[Any, Any] | None:
    """None or a mapping (stored as a copy)."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise TypeError(f"info must be a mapping or None, not {type(value).__name__}")
    return dict(value)


# ----------------------------------------------------------------------------------------------
# Rules (SEMANTICS §0, step 3)
# ----------------------------------------------------------------------------------------------


def card_types(items: list[str], allowed: tuple[str, ...], ruleset: str) -> tuple[str, ...]:
    """Card types of ``ruleset`` (an unknown one is a ValueError naming it), without duplicates,
    in the canonical order (SEMANTICS §3)."""
    for item in items:
        if item not in allowed:
            raise ValueError(
                f"unknown card type {item!r} in ruleset {ruleset!r} (one of {', '.join(allowed)})"
            )
    return tuple(t for t in CARD_TYPES if t in items)


def supertypes(items: list[str], allowed: tuple[str, ...], ruleset: str) -> tuple[str, ...]:
    """Supertypes of ``ruleset`` (205.4a; an unknown one is a ValueError naming it), without
    duplicates, in the canonical order."""
    for item in items:
        if item not in allowed:
            raise ValueError(
                f"unknown supertype {item!r} in ruleset {ruleset!r} "
                f"(valid: {', '.join(allowed) or 'none'})"
            )
    return tuple(t for t in allowed if t in items)


def subtypes(items: list[str]) -> tuple[str, ...]:
    """Subtypes: non-empty names, kept as given (ValueError for an empty one)."""
    for item in items:
        if not item:
            raise ValueError("a subtype must be a non-empty str")
    return tuple(items)


_KNOWN_KEYWORDS = frozenset(KEYWORDS)


def known_keyword(name: str) -> str:
    """A known keyword name (ValueError otherwise)."""
    if name not in _KNOWN_KEYWORDS:
        raise ValueError(f"unknown keyword {name!r}")
    return name


def printed_keywords(items: list[tuple[str, int]]) -> tuple[frozenset[str], int]:
    """The printed keywords and their total toxic value, checked item by item: a known name;
    ``toxic`` takes a value >= 1 (instances add up, 702.164b); any other keyword the value 1."""
    found: set[str] = set()
    toxic = 0
    for name, val in items:
        known_keyword(name)
        if name == "toxic":
            if val < 1:
                raise ValueError(f"the toxic value must be at least 1, got {val}")
            toxic += val
            if toxic >= TOXIC_LIMIT:
                raise OverflowError(f"the toxic value {toxic} is too large (< 2**32)")
        elif val != 1:
            raise ValueError(f"keyword {name!r} takes no value (use 1 or True), got {val!r}")
        found.add(name)
    return frozenset(found), toxic


_COST_NUMBER = re.compile(r"[0-9]+")
# Characters a cost string may contain anywhere and that are ignored (Unicode White_Space).
_SPACE = re.compile("[\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")


def parse_cost(value: int | str | None) -> tuple[int | None, int]:
    """A cost: None, an int >= 0, or a str of ``+``-separated terms each a decimal int or ``X``
    (spaces ignored). Returns (numeric part or None, number of X)."""
    if value is None:
        return None, 0
    if isinstance(value, int):
        return unsigned_stat(value, "cost"), 0
    base = 0
    xs = 0
    for term in _SPACE.sub("", value).split("+"):
        if term == "X" and xs < MAX_COST_X:
            xs += 1
        elif _COST_NUMBER.fullmatch(term):
            # More than 10 significant digits is beyond STAT_LIMIT whatever they are (and int()
            # refuses very long numbers).
            digits = term.lstrip("0")
            if len(digits) > 10:
                raise OverflowError(f"cost {value!r} is out of range (< 2**31)")
            base += int(digits or "0")
        else:
            raise ValueError(f"malformed cost {value!r}: each term must be a number or X")
    if base >= STAT_LIMIT:
        raise OverflowError(f"cost {value!r} is out of range (< 2**31)")
    return base, xs


def signed_stat(value: int | None, what: str) -> int | None:
    """None, or an int of any sign with |v| < 2**31 (OverflowError beyond)."""
    if value is not None and not -STAT_LIMIT < value < STAT_LIMIT:
        raise OverflowError(f"{what} {value} is out of range (|{what}| < 2**31)")
    return value


def unsigned_stat(value: int | None, what: str) -> int | None:
    """None, or an int with 0 <= v < 2**31 (ValueError below 0, OverflowError beyond)."""
    if value is not None and value < 0:
        raise ValueError(f"{what} must not be negative, got {value}")
    return signed_stat(value, what)
