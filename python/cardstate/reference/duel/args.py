"""How the duel reads its arguments, the same way as the native duel's binding: an integer is
anything with ``__index__`` (``TypeError`` otherwise) and beyond the range the native duel reads
it in is an ``OverflowError``; a name is a ``str`` (``TypeError`` otherwise); a player is 0 or 1
(``ValueError`` otherwise). docs/DUEL.md, "Bad arguments"."""

from __future__ import annotations

import operator

I64 = (-(2**63), 2**63)
U64 = (0, 2**64)
U32 = (0, 2**32)


def integer(value: object, bounds: tuple[int, int] = I64) -> int:
    """An int read through ``__index__``, within ``bounds`` (low inclusive, high exclusive)."""
    try:
        n = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"'{type(value).__name__}' object cannot be interpreted as an integer"
        ) from None
    low, high = bounds
    if n < low:
        unsigned = low == 0
        raise OverflowError(
            "can't convert negative int to unsigned" if unsigned else "int too small"
        )
    if n >= high:
        raise OverflowError("int too big to convert")
    return n


def player(value: object) -> int:
    """A player: an int, 0 or 1."""
    p = integer(value)
    if p not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {p}")
    return p


def flag(value: object) -> bool:
    """A ``bool`` (numpy's too), ``TypeError`` otherwise (even for 0 and 1)."""
    if isinstance(value, bool):
        return value
    kind = type(value)
    if kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_"):
        return bool(value)
    raise TypeError(f"'{kind.__name__}' object is not an instance of 'bool'")


def text(value: object) -> str:
    """A ``str`` (a lone surrogate can't be read: ``UnicodeEncodeError``, a ``ValueError``)."""
    if not isinstance(value, str):
        raise TypeError(f"'{type(value).__name__}' object is not an instance of 'str'")
    value.encode("utf-8")
    return value
