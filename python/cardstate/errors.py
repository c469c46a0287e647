"""Exceptions raised by cardstate (both the native engine and the reference model).

They live in pure Python so that the reference model works without the native extension; the
native module raises these very classes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING


class CardstateError(Exception):
    """Base class of cardstate's own errors."""


class GoneError(CardstateError):
    """The object changed zones: its old id is last known information and can't be changed."""


class CannotPay(CardstateError):
    """A cost (counters, energy) can't be paid in full; nothing was paid."""


class CounterKindError(CardstateError, TypeError, ValueError):
    """A counter kind that is not a ``str``: a ``TypeError`` by Python's convention and a
    ``ValueError`` as bad counter names are (docs/SEMANTICS.md §0); catch either."""


class SelfPlayError(CardstateError):
    """A self-play game failed (in this process, a worker process or a Ray task); the message
    names the game and the original error, which is also the ``__cause__`` where it could be
    kept."""


if TYPE_CHECKING:
    from cardstate.selfplay.results import MatchResult


class SelfPlayInterrupted(KeyboardInterrupt):
    """A self-play match stopped by an interruption (Ctrl-C) once its workers were stopped;
    ``partial`` is the ``MatchResult`` of the games finished before it (``partial=True``). A
    ``KeyboardInterrupt``, so code that doesn't look for it stops as before."""

    def __init__(self, partial: MatchResult) -> None:
        super().__init__("self-play interrupted")
        self.partial = partial


__all__ = [
    "CardstateError",
    "GoneError",
    "CannotPay",
    "CounterKindError",
    "SelfPlayError",
    "SelfPlayInterrupted",
]
