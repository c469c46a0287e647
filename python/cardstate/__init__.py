"""cardstate: the rules kernel of collectible card games.

Counters, damage routing, proliferate, state-based actions and property changes, with the hot
path in Rust (``cardstate._native``) and a pure-Python reference model (``cardstate.reference``)
that the engine is proved against. See docs/RULES.md and docs/SEMANTICS.md.

>>> import cardstate
>>> g = cardstate.Game(players=2)
>>> bear = g.create(0, types=["creature"], power=2, toughness=2)
>>> g.add_counters(bear, "+1/+1", 2)
>>> g.power(bear)
4
"""

from cardstate._native import (
    KEYWORDS,
    MAX_COUNT,
    RULESETS,
    ZONES,
    Event,
    Game,
    GameBatch,
    observation_features,
    polarity,
)
from cardstate.errors import CannotPay, CardstateError, CounterKindError, GoneError
from cardstate.protocol import EventLike, KernelGame

__version__ = "0.1.0"

__all__ = [
    "Game",
    "Event",
    "GameBatch",
    "KernelGame",
    "EventLike",
    "observation_features",
    "polarity",
    "CardstateError",
    "GoneError",
    "CannotPay",
    "CounterKindError",
    "MAX_COUNT",
    "ZONES",
    "RULESETS",
    "KEYWORDS",
    "__version__",
]
