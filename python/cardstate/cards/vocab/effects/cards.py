"""Drawing (121), discarding (701.9), tokens (111) and countering spells (701.6)."""

from __future__ import annotations

from dataclasses import dataclass

from cardstate.cards.vocab.selectors import (
    YOU,
    Amount,
    Selector,
)


@dataclass(frozen=True)
class Draw:
    """Each of ``who`` draws ``n`` cards (the top of a library is its lowest id)."""

    who: Selector = YOU
    n: Amount = 1


@dataclass(frozen=True)
class Discard:
    """Each of ``who`` discards ``n`` cards of its choice (701.9a-b: the discarding player
    chooses; with ``n`` or fewer cards in hand it discards them all). "Draw a card, then
    discard a card": ``Seq(Draw(YOU, 1), Discard(YOU, 1))``."""

    who: Selector = YOU
    n: Amount = 1


@dataclass(frozen=True)
class CreateToken:
    """Create ``n`` tokens that are copies of the characteristics of pool card ``card``,
    controlled by ``who`` (default: you); ``tapped``: "create a tapped … token" (they enter the
    battlefield tapped, 110.5b)."""

    card: str
    n: Amount = 1
    who: Selector = YOU
    tapped: bool = False


@dataclass(frozen=True)
class CounterSpell:
    """Counter each spell of ``what`` (701.6): it goes to its owner's graveyard."""

    what: Selector
