"""The card-effect layer (docs/CARDS.md): cards declared once as data, run by Rust and by the
reference interpreter.

- the vocabulary (:mod:`cardstate.cards.vocab`): :class:`Card`, abilities, effects,
  selectors, amounts, filters;
- compilation (:func:`compile_card`): a definition validated (a bad one is a ``ValueError``
  naming the card and the field) into the compiled plain-data form both interpreters run;
- the built-in pool (:data:`pool`, name -> compiled card) and :data:`decks` (name -> 40 card
  names);
- energy payments (seed 002, CR 107.14): :class:`OptionalEnergyPayment`, :func:`may_pay_energy`.
"""

from cardstate.cards.compile import CompiledCard, compile_card, compile_pool, parse_mana_cost
from cardstate.cards.energy import (
    ENERGY,
    EnergyDecision,
    EnergyGame,
    OptionalEnergyPayment,
    PaymentAlreadyDecided,
    may_pay_energy,
)
from cardstate.cards.pool import CARDS, DECKS
from cardstate.cards.vocab import Card

pool: dict[str, CompiledCard]
"""The built-in pool: card name -> compiled card (its ``oracle``, ``data``, ``card``)."""
pool, _POOL_FORM = compile_pool(CARDS, DECKS)

decks: dict[str, list[str]] = {name: list(cards) for name, cards in DECKS.items()}
"""Ready 40-card decks by name ("infect", "proliferate", "energy", "evergreen")."""

__all__ = [
    "ENERGY",
    "Card",
    "CompiledCard",
    "EnergyDecision",
    "EnergyGame",
    "OptionalEnergyPayment",
    "PaymentAlreadyDecided",
    "compile_card",
    "compile_pool",
    "decks",
    "may_pay_energy",
    "parse_mana_cost",
    "pool",
]
