"""SplitMix64 (Steele, Lea and Flood), once for Python: the reference duel's random numbers
(the native duel's, docs/DUEL.md "Determinism") and the function the agents' seeds are mixed
with (:mod:`cardstate.agents.seeds`). The Rust definition is ``rust/duel/src/rng.rs``, which
the agents crate reads too; the tests check the two give the same numbers.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MASK64", "SplitMix", "mix64"]

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
"""SplitMix64's increment (the golden ratio in 64 bits)."""


def mix64(z: int) -> int:
    """SplitMix64's output for the state ``z`` (taken modulo 2**64): ``z`` advanced one step,
    then finalised; a well-mixed 64-bit value from any 64-bit value."""
    z = (z + GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class SplitMix:
    """A SplitMix64 stream, seeded with ``seed`` mixed with a constant (as the native duel's)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = (seed ^ 0x6A09E667F3BCC909) & MASK64

    def next_u64(self) -> int:
        out = mix64(self.state)
        self.state = (self.state + GAMMA) & MASK64
        return out

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
