"""What an effect's compilation reads of the compiler: the pieces it compiles (selectors,
amounts, conditions, counter kinds, names, numbers), how it emits its operations (nested
effects, a part guarded by the flag) and how it refuses (naming the card and the field)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

Ops = list[dict[str, Any]]
"""A program being emitted: its operations, appended in order."""


class Emitter(Protocol):
    known: frozenset[str] | None
    """The names of the pool's cards (None: any name), for the cards an effect names."""
    callables: list[Callable[[Any, Any], None]]
    """The Python functions of the card's escape-hatch effects, by index."""

    def bad(self, problem: str) -> ValueError: ...

    def kind(self, kind: object) -> str: ...

    def names(self, names: object, what: str) -> list[str]: ...

    def integer(self, n: object, what: str, least: int, most: int) -> int: ...

    def mana(self, text: object) -> dict[str, Any]: ...

    def selector(self, s: object) -> dict[str, Any]: ...

    def amount(self, a: object) -> dict[str, Any]: ...

    def signed_amount(self, a: object) -> dict[str, Any]: ...

    def condition(self, c: object) -> dict[str, Any]: ...

    def emit(self, e: object, ops: Ops) -> None: ...

    def guarded(self, e: object, ops: Ops) -> None: ...

    def delayed(self, e: object) -> int: ...

    def reflexive(self, e: object, targets: object) -> int: ...
