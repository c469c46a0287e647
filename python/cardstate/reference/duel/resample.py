"""Determinization (docs/DUEL.md, "Hidden information and ``resample``"): a copy in which
everything one player can't see is dealt again, reading only the sizes of the hidden zones.
The opponent's hidden cards come from the cards its deck list has left unseen, or from a
prior: a weight for each card of the pool (Limited, where the opponent's deck list isn't
known)."""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from itertools import accumulate
from typing import Any

from cardstate.reference.duel.deck import quoted
from cardstate.reference.duel.state import UNSEEN_MAX
from cardstate.rng import SplitMix

U32_MAX = 2**32 - 1


class Prior:
    """A weight for each card of a pool (by card id); a deal from it picks each card on its
    own, with probability proportional to its weight."""

    def __init__(self, weights: list[int]) -> None:
        self.weights = tuple(weights)
        self.sums = list(accumulate(self.weights))
        if not self.sums or self.sums[-1] == 0:
            raise ValueError("a prior's weights add up to zero: it deals no card")
        if self.sums[-1] > U32_MAX:
            raise ValueError("a prior's weights add up to more than 4294967295")

    def deal(self, rng: SplitMix) -> int:
        """A card dealt from the prior: the first whose running sum exceeds the draw."""
        return bisect.bisect_right(self.sums, rng.below(self.sums[-1]))


def named_weights(obj: object, what: str) -> list[tuple[str, int]]:
    """A mapping of card names (str) to weights (int, from 0 to 4294967295), read as the
    native binding reads it."""
    if not isinstance(obj, Mapping):
        raise TypeError(
            f"{what} must be a mapping of card names to weights, not {type(obj).__name__}"
        )
    out = []
    for name, weight in obj.items():
        if not isinstance(name, str):
            raise TypeError(f"{what}: a card name must be a str, got {name!r}")
        if type(weight) is not int:
            raise TypeError(f"{what}: the weight of {quoted(name)} must be an int, got {weight!r}")
        if weight < 0:
            raise ValueError(f"{what}: the weight of {quoted(name)} is negative ({weight})")
        if weight > U32_MAX:
            raise OverflowError(f"{what}: the weight of {quoted(name)} is above 4294967295")
        out.append((name, weight))
    return out


def prior_over(
    card_index: Mapping[str, int], pool_name: str, weights: list[tuple[str, int]], what: str
) -> Prior:
    """The prior over a pool's cards (``card_index``: name -> card id) that ``weights`` give;
    a card they don't name weighs 0."""
    by_card = [0] * len(card_index)
    for name, w in weights:
        if name not in card_index:
            raise ValueError(f"{what}: unknown card {quoted(name)} in the pool {quoted(pool_name)}")
        by_card[card_index[name]] = w
    try:
        return Prior(by_card)
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None


class Resampling:
    """The duel's ``resample``: mixed into ``Duel``."""

    sides: Any
    rng: SplitMix

    def resample_in_place(self, p: int, seed: int, prior: Prior | None = None) -> None:
        """Deals again what p can't see: p's library is shuffled (p knows its contents, not
        their order, but for the cards it put on the bottom itself), and the opponent's hand
        and library are dealt again from the cards p can't tell apart (counted from public
        information only), or from ``prior``. The true hidden cards are never read, only the
        zones' sizes; later random choices come from ``seed`` too."""
        rng = SplitMix(seed ^ 0xD1B54A32D192ED03)
        self.rng = SplitMix(rng.next_u64())
        mine = self.sides[p]
        # p's own library: its contents are known to it, not their order, except the cards it
        # put on the bottom itself (103.5), which stay there in their order.
        bottom = mine.library[: min(mine.bottom, len(mine.library))]
        left = list(mine.unseen)
        for c in mine.hand + bottom:
            left[c] = max(0, left[c] - 1)
        rest = _expand(left, len(mine.library) - len(bottom))
        rng.shuffle(rest)
        mine.library = bottom + rest
        # The cards of its hand p saw revealed (701.20a) stay there; the rest is dealt.
        theirs = self.sides[1 - p]
        h, lib = len(theirs.hand), len(theirs.library)
        known = theirs.revealed[: min(len(theirs.revealed), h)]
        if prior is None:
            left = list(theirs.unseen)
            for c in known:
                left[c] = max(0, left[c] - 1)
            dealt = _expand(left, h - len(known) + lib)
            rng.shuffle(dealt)
        else:
            # Each card from the prior; what the opponent's hand and library could hold is then
            # what was dealt (its deck list, in this copy, is what was dealt and what was seen).
            dealt = [prior.deal(rng) for _ in range(h - len(known) + lib)]
            theirs.unseen = [0] * len(theirs.unseen)
            for c in dealt + known:
                theirs.unseen[c] = min(UNSEEN_MAX, theirs.unseen[c] + 1)
        theirs.library, theirs.hand = dealt[:lib], sorted(dealt[lib:] + known)


def _expand(counts: list[int], size: int) -> list[Any]:
    """The multiset as a list of exactly ``size`` cards (padded with the last card if the
    counts fall short, truncated if they exceed)."""
    v = [c for c, k in enumerate(counts) for _ in range(k)][:size]
    while len(v) < size:
        v.append(v[-1] if v else 0)
    return v
