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
