"""Zone changes by effect (400.7: the moved card is a new object, with none of the old one's
counters, damage or effects)."""

from __future__ import annotations

from dataclasses import dataclass

from cardstate.cards.vocab.selectors import Selector


@dataclass(frozen=True)
class ReturnToHand:
    """Return each of ``what`` (a permanent, or a card in a graveyard) to its owner's hand
    (400.3). A token returned to a hand ceases to exist (704.5d)."""

    what: Selector


@dataclass(frozen=True)
class Exile:
    """Exile each of ``what`` (a permanent, or a card in a graveyard: 701.13)."""

    what: Selector


@dataclass(frozen=True)
class ReturnToBattlefield:
    """Return each of ``what`` (a card in a graveyard) to the battlefield under its owner's
    control; it enters as a permanent does (enters tapped, static abilities, "enters with"
    counters; its "when this enters" abilities trigger)."""

    what: Selector
