"""Argument validation shared by the reference model (SEMANTICS 0 and 3).

Each helper validates one argument and returns it in normal form, raising ``TypeError`` for a
value of the wrong type, ``ValueError`` for a value out of the rules' domain and
``OverflowError`` for a number beyond the engine's limits.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Mapping
from typing import Any

from .kinds import KEYWORDS, MAX_COUNT, STAT_LIMIT, ZONES


def as_int(value: object, what: str) -> int:
    """An ``int`` (``bool`` and anything with ``__index__`` count as ints), else TypeError."""
    if isinstance(value, int):
        return int(value)
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what} must be an int, not {type(value).__name__}") from None


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
    """A ``bool`` (TypeError otherwise)."""
    if not isinstance(value, bool):
        raise TypeError(f"{what} must be a bool, not {type(value).__name__}")
    return value


def signed_stat(value: object, what: str) -> int | None:
    """None, or an int of any sign with |v| < 2**31 (OverflowError beyond)."""
    if value is None:
        return None
    n = as_int(value, what)
    if not -STAT_LIMIT < n < STAT_LIMIT:
        raise OverflowError(f"{what} {n} is out of range (|{what}| < 2**31)")
    return n


def unsigned_stat(value: object, what: str) -> int | None:
    """None, or an int with 0 <= v < 2**31 (ValueError below 0, OverflowError beyond)."""
    if value is None:
        return None
    n = as_int(value, what)
    if n < 0:
        raise ValueError(f"{what} must not be negative, got {n}")
    if n >= STAT_LIMIT:
        raise OverflowError(f"{what} {n} is out of range (< 2**31)")
    return n


def zone(value: object) -> str:
    """One of the seven zone names; anything else is a ValueError listing them."""
    if not isinstance(value, str) or value not in ZONES:
        raise ValueError(f"zone must be one of {', '.join(ZONES)}; got {value!r}")
    return value


def _str_items(value: object, what: str) -> list[str]:
    """The items of an iterable of str, first occurrences only, in order. A bare str, a
    non-iterable or a non-str item is a TypeError."""
    if isinstance(value, str | bytes):
        raise TypeError(f"{what} must be an iterable of str, not a bare {type(value).__name__}")
    if not isinstance(value, Iterable):
        raise TypeError(f"{what} must be an iterable of str, not {type(value).__name__}")
    items: list[str] = []
    for item in value:
        if not isinstance(item, str):
            raise TypeError(f"{what} must contain str, not {type(item).__name__}")
        if item not in items:
            items.append(item)
    return items


def card_types(value: object, allowed: tuple[str, ...], ruleset: str) -> tuple[str, ...]:
    """An iterable of card types of ``ruleset`` (duplicates dropped, order kept)."""
    items = _str_items(value, "types")
    for item in items:
        if item not in allowed:
            raise ValueError(
                f"unknown card type {item!r} in ruleset {ruleset!r} (one of {', '.join(allowed)})"
            )
    return tuple(items)


def subtypes(value: object) -> tuple[str, ...]:
    """An iterable of non-empty str (duplicates dropped, order kept)."""
    items = _str_items(value, "subtypes")
    for item in items:
        if not item:
            raise ValueError("a subtype must be a non-empty str")
    return tuple(items)


def keyword(value: object) -> str:
    """A known keyword name: str (TypeError), known (ValueError)."""
    if not isinstance(value, str):
        raise TypeError(f"a keyword must be a str, not {type(value).__name__}")
    if value not in KEYWORDS:
        raise ValueError(f"unknown keyword {value!r}")
    return value


def keywords(value: object) -> tuple[frozenset[str], int]:
    """Printed keywords: an iterable of names or a mapping name -> value.

    Returns the set of names and the total toxic value. In an iterable each ``toxic`` is one
    instance of toxic 1 (instances add up, 702.164b); in a mapping the toxic value is an int
    >= 1 and every other value must be 1 (``True``).
    """
    names: set[str] = set()
    toxic = 0
    if isinstance(value, Mapping):
        for name, val in value.items():
            keyword(name)
            if name == "toxic":
                n = as_int(val, "the toxic value")
                if n < 1:
                    raise ValueError(f"the toxic value must be at least 1, got {n}")
                if n > MAX_COUNT:
                    raise OverflowError(f"the toxic value {n} exceeds {MAX_COUNT}")
                toxic += n
            elif not (isinstance(val, int) and val == 1):
                raise ValueError(f"keyword {name!r} takes no value (use 1 or True), got {val!r}")
            names.add(name)
        return frozenset(names), toxic
    if isinstance(value, str | bytes):
        raise TypeError("keywords must be an iterable of str or a mapping, not a bare str")
    if not isinstance(value, Iterable):
        raise TypeError(f"keywords must be an iterable or a mapping, not {type(value).__name__}")
    for name in value:
        keyword(name)
        if name == "toxic":
            toxic += 1
        names.add(name)
    if toxic > MAX_COUNT:
        raise OverflowError(f"the toxic value {toxic} exceeds {MAX_COUNT}")
    return frozenset(names), toxic


_COST_NUMBER = re.compile(r"[0-9]+")


def cost(value: object) -> tuple[int | None, int]:
    """A cost: None, an int >= 0, or a str of ``+``-separated terms each a decimal int or ``X``
    (spaces ignored). Returns (numeric part or None, number of X)."""
    if value is None:
        return None, 0
    if isinstance(value, str):
        terms = value.replace(" ", "").split("+")
        base = 0
        xs = 0
        for term in terms:
            if term == "X":
                xs += 1
            elif _COST_NUMBER.fullmatch(term):
                base += int(term)
            else:
                raise ValueError(f"malformed cost {value!r}: each term must be a number or X")
        if base >= STAT_LIMIT:
            raise OverflowError(f"cost {value!r} is out of range (< 2**31)")
        return base, xs
    if isinstance(value, int) or hasattr(value, "__index__"):
        return unsigned_stat(value, "cost"), 0
    raise TypeError(f"cost must be None, an int or a str, not {type(value).__name__}")


def info(value: object) -> dict[Any, Any] | None:
    """None or a mapping (stored as a copy)."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise TypeError(f"info must be a mapping or None, not {type(value).__name__}")
    return dict(value)
