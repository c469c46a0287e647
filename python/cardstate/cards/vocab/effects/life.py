"""Life (119), energy (107.14) and mana added to a mana pool (106.4)."""

from __future__ import annotations

from dataclasses import dataclass

from cardstate.cards.vocab.selectors import (
    YOU,
    Amount,
    Filter,
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


@dataclass(frozen=True)
class LoseLifeUnless:
    """ "That player loses 5 life unless they discard a card." / "Each opponent loses 3 life
    unless that player sacrifices a nonland permanent of their choice or discards a card."
    (608.2d: the punished player chooses, 701.21a, 701.9a): each of ``who`` in turn loses ``n``
    life unless it sacrifices one of its permanents matching ``sacrifice`` (a ``Filter``; None:
    no sacrifice) or, with ``discard``, discards a card of its choice — an ``"unless"`` request
    for the sacrifice, then (declined, or no such permanent) one for the discard, each asked
    only of a player who can, then which permanent or card (the ``"sacrifice"`` and
    ``"discard"`` requests, not asked with one to choose from)."""

    who: Selector
    n: Amount
    discard: bool = False
    sacrifice: Filter | None = None
