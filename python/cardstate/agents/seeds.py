"""Seed derivation shared with the Rust agents (``cardstate_agents::rng::derive``).

A game's seed is ``derive(match_seed, index)``; an agent's stream in a game starts from
``derive(game_seed, seat)`` mixed with the agent's own seed. Distinct inputs give unrelated
64-bit seeds (SplitMix64's :func:`cardstate.rng.mix64`).
"""

from __future__ import annotations

from cardstate.rng import MASK64, mix64

__all__ = ["MASK64", "mix64", "derive"]


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


def derive(a: int, b: int) -> int:
    """A seed from the pair ``(a, b)`` (order matters), equal to the Rust ``derive``."""
    return mix64(mix64(a & MASK64) ^ _rotl(b & MASK64, 32) ^ 0xD1B54A32D192ED03)
