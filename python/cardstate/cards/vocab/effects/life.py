"""Life (119), energy (107.14) and mana added to a mana pool (106.4)."""

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


@dataclass(frozen=True)
class AddMana:
    """ "Add {R}{G}." as an effect (106.4, not a mana ability of the duel's automatic payment):
    each of ``who`` adds ``mana`` (colour letters in WUBRG order, ``"RG"``) ``n`` times to its
    mana pool, which empties at the end of each step and phase (500.4) and pays costs before
    any source is tapped."""

    mana: str
    who: Selector = YOU
    n: Amount = 1
