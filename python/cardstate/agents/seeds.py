"""Seed derivation shared with the Rust agents (``cardstate_agents::rng::derive``).

A game's seed is ``derive(match_seed, index)``; an agent's stream in a game starts from
``derive(game_seed, seat)`` mixed with the agent's own seed. Distinct inputs give unrelated
64-bit seeds (SplitMix64's finaliser).
"""

from __future__ import annotations

__all__ = ["MASK64", "mix64", "derive"]

MASK64 = (1 << 64) - 1


def mix64(z: int) -> int:
    """SplitMix64's finaliser of ``z`` (taken modulo 2**64)."""
    z = (z + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


def derive(a: int, b: int) -> int:
    """A seed from the pair ``(a, b)`` (order matters), equal to the Rust ``derive``."""
    return mix64(mix64(a & MASK64) ^ _rotl(b & MASK64, 32) ^ 0xD1B54A32D192ED03)
