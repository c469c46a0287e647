"""The reference card interpreter: the compiled form (docs/CARDS.md) run on
:class:`cardstate.reference.Game`, in plain Python, written for clarity.

It executes the same compiled programs as the Rust runtime (``rust/effects``): a resolution is
a program counter over the flat program of one ability, a flag (set by ``may``,
``may_pay_energy`` and ``test``, read by ``jump_unless``) and the amount of {E} paid. A choice
stops it (:meth:`Resolution.run` returns a request tuple) until :meth:`Resolution.answer`.
Requests and results are the same tuples as the native binding's.

One module per job, as ``rust/effects/src``: ``objects`` (entities and filters), ``place``
(placing a card, an ability's costs), ``state`` (a resolution's standing: selectors, amounts,
conditions, the order of replacement effects), ``ops/`` (the operations by family),
``resolution`` (the driver), ``drive`` (fixed answers), ``triggers`` (603), ``berserk``
(Berserk cards: their game, kernel description, keywords and strike values).
"""

from cardstate.reference.cards.berserk import strikes
from cardstate.reference.cards.drive import resolve_with
from cardstate.reference.cards.objects import legal_target, matches, top_of_library
from cardstate.reference.cards.place import enters, pay_costs, place
from cardstate.reference.cards.resolution import Resolution
from cardstate.reference.cards.triggers import fired, trigger_event

__all__ = [
    "Resolution",
    "enters",
    "fired",
    "legal_target",
    "matches",
    "pay_costs",
    "place",
    "resolve_with",
    "strikes",
    "top_of_library",
    "trigger_event",
]
