"""cardstate.reference: the pure-Python reference model of cardstate.

A plain, readable implementation of docs/SEMANTICS.md with the same public API as the native
``cardstate.Game``. It is the oracle of the differential tests and the speed baseline of the
benchmarks. It needs only the standard library, :mod:`cardstate.errors` and
:mod:`cardstate.vocabulary` (the kernel's names and numbers); :mod:`cardstate.reference.game`
describes its layout.
"""

from cardstate.errors import CannotPay, CardstateError, GoneError
from cardstate.vocabulary import MAX_COUNT, RULESETS, ZONES, polarity

from .events import Event
from .game import Game

__all__ = [
    "Game",
    "Event",
    "polarity",
    "CardstateError",
    "GoneError",
    "CannotPay",
    "MAX_COUNT",
    "RULESETS",
    "ZONES",
]
