"""What the Foundations definitions share: the Oracle text read from the packaged data, and the
filters and targets many cards name."""

from __future__ import annotations

from cardstate.cards.fdn.data import oracle_text
from cardstate.cards.vocab import ANY_TARGET, CREATURE, Filter, TargetSpec

__all__ = [
    "ANY",
    "INSTANT_OR_SORCERY_SPELL",
    "NONCREATURE_SPELL",
    "NONLAND_PERMANENT",
    "TARGET_CREATURE",
    "TARGET_CREATURE_YOU_CONTROL",
    "YOUR_CREATURES",
    "text",
]

text = oracle_text
"""A card's current Oracle text, exactly as ``oracle.json`` has it."""

YOUR_CREATURES = Filter(types=("creature",), controller="you")
"""Creatures you control."""

NONLAND_PERMANENT = Filter(not_types=("land",))
"""A nonland permanent."""

INSTANT_OR_SORCERY_SPELL = Filter(types=("instant", "sorcery"), zone="stack")
"""An instant or sorcery spell ("whenever you cast an instant or sorcery spell")."""

NONCREATURE_SPELL = Filter(not_types=("creature",), zone="stack")
"""A noncreature spell."""

ANY = (TargetSpec(ANY_TARGET),)
"""Any target (115.4)."""

TARGET_CREATURE = (TargetSpec(CREATURE),)
"""Target creature."""

TARGET_CREATURE_YOU_CONTROL = (TargetSpec(YOUR_CREATURES),)
"""Target creature you control."""
