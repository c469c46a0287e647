"""Errors of the card layer."""

from __future__ import annotations

from cardstate.errors import CardstateError

__all__ = ["InvalidCard", "PythonEffectError", "UnsupportedEffect"]


class PythonEffectError(CardstateError):
    """A card whose effect is a Python callable was run where Python isn't (a Rust-only path:
    playouts, search, batches) — docs/CARDS.md, "The escape hatch"."""


class UnsupportedEffect(CardstateError, NotImplementedError):
    """The effect needs something the game it runs on doesn't have (e.g. a card's Python
    effect in a pool read from compiled JSON, which holds no Python code)."""


class InvalidCard(CardstateError, ValueError):
    """A card definition the compiler refuses (``cardstate.cards.compile_card``): the message
    names the card and the field."""
