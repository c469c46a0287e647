"""Life (119) and energy (107.14)."""

from __future__ import annotations

from dataclasses import dataclass

from cardstate.cards.vocab.selectors import (
    YOU,
    Amount,
    Selector,
)


@dataclass(frozen=True)
class GainLife:
    """Each of ``who`` gains ``n`` life."""

    who: Selector
    n: Amount


@dataclass(frozen=True)
class LoseLife:
    """Each of ``who`` loses ``n`` life (:data:`~cardstate.cards.vocab.LIFE_LOST` then counts
    it: "the life lost this way")."""

    who: Selector
    n: Amount


@dataclass(frozen=True)
class GetEnergy:
    """Each of ``who`` gets ``n`` {E} (107.14)."""

    n: Amount
    who: Selector = YOU


@dataclass(frozen=True)
class PayAnyAmountOfEnergy:
    """ "You may pay any amount of {E}": the controller chooses 0..their energy;
    :data:`THAT_MUCH` is the amount paid."""
