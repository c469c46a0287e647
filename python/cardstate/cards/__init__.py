"""The card-effect layer (docs/CARDS.md): cards declared once as data, run by Rust and by the
reference interpreter.

- the vocabulary (:mod:`cardstate.cards.vocab`): :class:`Card` (Magic), :class:`BerserkCard`,
  abilities, effects, selectors, amounts, filters;
- compilation (:func:`compile_card`): a definition validated (a bad one is a ``ValueError``
  naming the card and the field) into the compiled plain-data form both interpreters run;
- card pools (:class:`CardPool`: compiled cards by name, and decks; docs/CARDS.md, "Card
  pools"): the built-in ones by name in :data:`pools` (``"core"`` is :data:`pool`, with its
  :data:`decks`; ``"berserk"`` the Berserk cards the rules name), others from card
  definitions, a Python file or module, or compiled JSON (:meth:`CardPool.load`); deck files
  read by :func:`load_deck`;
- the embedding on a bare ``Game`` (both implementations): :func:`place`, :class:`Resolution`,
  :func:`resolve`, :func:`fired`, :func:`strikes`;
- energy payments (energy rulings, CR 107.14): :class:`OptionalEnergyPayment`,
:func:`may_pay_energy`.
"""

from cardstate.cards.cardpool import CardPool, PoolRegistry, pools
from cardstate.cards.compile import CompiledCard, compile_card, compile_pool, parse_mana_cost
from cardstate.cards.deckfile import load_deck
from cardstate.cards.embed import (
    ChoiceRequest,
    Fired,
    GameEvent,
    Outcome,
    Resolution,
    attacked,
    attacks,
    auto_choice,
    becomes_blocked,
    becomes_target,
    beginning_of_combat,
    cast,
    default_pool,
    drew,
    end_step,
    fired,
    pay_costs,
    place,
    proliferated,
    resolve,
    strikes,
    upkeep,
)
from cardstate.cards.embed import TurnHistory as TurnHistory
from cardstate.cards.energy import (
    ENERGY,
    EnergyDecision,
    EnergyGame,
    OptionalEnergyPayment,
    PaymentAlreadyDecided,
    may_pay_energy,
)
from cardstate.cards.errors import InvalidCard, PythonEffectError, UnsupportedEffect
from cardstate.cards.pool import DECKS
from cardstate.cards.vocab import BerserkCard, Card

pool: CardPool = default_pool()
"""The built-in pool (``pools["core"]``): card name -> compiled card (its ``oracle``,
``data``, ``card``); the Rust runtime runs the same pool embedded in the extension
(rust/effects/pool.json), so Rust-only programs need no Python."""

decks: dict[str, list[str]] = {name: list(cards) for name, cards in DECKS.items()}
"""Ready 40-card decks by name ("infect", "proliferate", "energy", "evergreen")."""

__all__ = [
    "ENERGY",
    "BerserkCard",
    "Card",
    "CardPool",
    "ChoiceRequest",
    "CompiledCard",
    "Fired",
    "GameEvent",
    "InvalidCard",
    "Outcome",
    "PoolRegistry",
    "PythonEffectError",
    "Resolution",
    "UnsupportedEffect",
    "attacked",
    "attacks",
    "auto_choice",
    "becomes_blocked",
    "becomes_target",
    "beginning_of_combat",
    "cast",
    "end_step",
    "drew",
    "fired",
    "load_deck",
    "pay_costs",
    "place",
    "proliferated",
    "resolve",
    "strikes",
    "upkeep",
    "TurnHistory",
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
    "pools",
]
