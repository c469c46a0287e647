"""Effects on counters (122) and proliferate (701.34)."""

from __future__ import annotations

from dataclasses import dataclass

from cardstate.cards.vocab.selectors import (
    Amount,
    Selector,
)


@dataclass(frozen=True)
class PutCounters:
    """Put ``n`` counters of ``kind`` on each of ``on``."""

    on: Selector
    kind: str
    n: Amount = 1


@dataclass(frozen=True)
class RemoveCounters:
    """Remove up to ``n`` counters of ``kind`` from each of ``of``."""

    of: Selector
    kind: str
    n: Amount = 1


@dataclass(frozen=True)
class Proliferate:
    """Proliferate (701.34): the controller chooses on resolution (not targeting)."""


@dataclass(frozen=True)
class DoubleCounters:
    """ "Double the number of each kind of counter on …" (701.10e): each permanent ``who``
    selects gets as many of each kind of counter as it has as this resolves, kind by kind in
    the order they were first put on it (each a putting of counters, 122.6; simplification:
    with two or more replacement effects that apply, the kernel's order, unasked, 616.1)."""

    who: Selector
