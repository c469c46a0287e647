"""The card-effect layer: helpers that card definitions and effects are built from.

So far: energy (seed 002, CR 107.14): "you may pay {E}{E}…" is one optional payment per
resolution (:class:`OptionalEnergyPayment`, :func:`may_pay_energy`). Everything here works with
both ``Game`` implementations (``cardstate.Game`` and ``cardstate.reference.Game``).
"""

from cardstate.cards.energy import (
    ENERGY,
    EnergyDecision,
    EnergyGame,
    OptionalEnergyPayment,
    PaymentAlreadyDecided,
    may_pay_energy,
)

__all__ = [
    "ENERGY",
    "EnergyDecision",
    "EnergyGame",
    "OptionalEnergyPayment",
    "PaymentAlreadyDecided",
    "may_pay_energy",
]
