"""Drawing (121), discarding (701.9), tokens (111) and countering spells (701.6, 118.12)."""

from __future__ import annotations

from dataclasses import dataclass

from cardstate.cards.vocab.selectors import (
    YOU,
    Amount,
    Filter,
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
class Sacrifice:
    """Each of ``who`` sacrifices ``n`` permanents it controls that match ``what``, of its
    choice (701.21a; with ``n`` or fewer such permanents it sacrifices them all).
    :data:`PERMANENTS_SACRIFICED` counts them ("If you do", 608.2c)."""

    what: Filter
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


@dataclass(frozen=True)
class CounterUnlessPays:
    """ "Counter ``what`` unless its controller pays ``mana`` [and ``life`` life]" (701.6a,
    118.12): each selected spell's controller chooses whether to pay (only a player who can
    pay is asked in the duels: the mana from its untapped sources, the life with at least that
    much, 119.4); not paid, the spell goes to its owner's graveyard. Ward's effect (702.21a):
    ``CounterUnlessPays(TRIGGERING, "{2}")``, ``CounterUnlessPays(TRIGGERING, life=7)``."""

    what: Selector
    mana: str | None = None
    life: int = 0


@dataclass(frozen=True)
class ExtraTurn:
    """ "Take an extra turn after this one." (500.7): each player ``who`` selects takes an
    extra turn directly after this one (the most recently created first); the duels keep it,
    a bare ``Game`` has no turns."""

    who: Selector = YOU
