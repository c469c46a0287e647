"""The duel's random numbers: SplitMix64, the same numbers as the native duel on every machine
(docs/DUEL.md, "Determinism")."""

from __future__ import annotations

from typing import Any

__all__ = ["SplitMix"]

MASK = (1 << 64) - 1


class SplitMix:
    """SplitMix64 (Steele, Lea and Flood), seeded with ``seed`` mixed with a constant."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = (seed ^ 0x6A09E667F3BCC909) & MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``0..n`` (n > 0) by multiply-shift of the high 32 bits."""
        return ((self.next_u64() >> 32) * n) >> 32

    def shuffle(self, v: list[Any]) -> None:
        """Fisher-Yates, from the last position down."""
        for i in range(len(v) - 1, 0, -1):
            j = self.below(i + 1)
            v[i], v[j] = v[j], v[i]

    def copy(self) -> SplitMix:
        r = SplitMix(0)
        r.state = self.state
        return r
