"""cardstate.reference: the pure-Python reference model of cardstate.

A plain, readable implementation of docs/SEMANTICS.md with the same public API as the native
``cardstate.Game``. It is the oracle of the differential tests and the speed baseline of the
benchmarks. It needs only the standard library and :mod:`cardstate.errors`.
"""

from ..errors import CannotPay, CardstateError, GoneError
from .events import Event
from .game import Game
from .kinds import MAX_COUNT, RULESETS, ZONES, polarity

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
