"""Drafters: the bots that pick in a draft, and any Python policy.

A drafter is an object with ``pick(booster, picks, pick_number) -> int | str``: given the
booster in front of it (card names), its picks so far and the pick number over the whole draft
(from 0), it returns the index of its pick in the booster or the card's name.

- :class:`RandomDrafter`: a card of the booster uniformly at random (SplitMix64 from its seed).
- :class:`RatingDrafter`: the best card by a card-quality table (the proxy table of
  :mod:`cardstate.limited.ratings` by default), with a **colour commitment rule**: for its first
  ``commit_after`` picks (5 by default) it takes the best card of any colour; from then on it is
  committed to the two colours whose cards among its picks have the largest total rating, and
  a card with a colour outside them scores its rating minus ``off_colour_penalty`` (10 by
  default). Colourless cards are in every pair. Ties go to the card earlier in the booster.
- :class:`PolicyDrafter`: wraps a function ``policy(booster, picks, pick_number)``.

:func:`make_drafter` makes one from a name (``"random"``, ``"rating"``), a drafter or a
function.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any, Protocol, runtime_checkable

from cardstate.limited.ratings import proxy_ratings
from cardstate.limited.setdata import COLOURS, fdn_set
from cardstate.rng import SplitMix

__all__ = [
    "BOTS",
    "Drafter",
    "PolicyDrafter",
    "RandomDrafter",
    "RatingDrafter",
    "best_pair",
    "make_drafter",
]

PAIRS: tuple[str, ...] = tuple("".join(p) for p in combinations(COLOURS, 2))
"""The ten colour pairs, in WUBRG order (WU, WB, WR, WG, UB, ...)."""


@runtime_checkable
class Drafter(Protocol):
    """What a draft asks of a drafter."""

    def pick(self, booster: Sequence[str], picks: Sequence[str], pick_number: int) -> int | str:
        """The pick: an index into ``booster`` or a card name of it."""
        ...


def _colours(name: str) -> str:
    card = fdn_set().get(name)
    return card.colours if card is not None else ""


def best_pair(cards: Sequence[str], ratings: Mapping[str, float] | None = None) -> str:
    """The colour pair (of :data:`PAIRS`) whose coloured cards among ``cards`` have the largest
    total rating; the first pair in order on a tie."""
    table = proxy_ratings() if ratings is None else ratings
    totals = dict.fromkeys(PAIRS, 0.0)
    for name in cards:
        colours = _colours(name)
        if not colours:
            continue
        value = float(table.get(name, 0.0))
        for pair in PAIRS:
            if set(colours) <= set(pair):
                totals[pair] += value
    return max(PAIRS, key=lambda p: (totals[p], -PAIRS.index(p)))


class RandomDrafter:
    """Picks a card of the booster uniformly at random."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = SplitMix(seed)

    def pick(self, booster: Sequence[str], picks: Sequence[str], pick_number: int) -> int:
        return self._rng.below(len(booster))


class RatingDrafter:
    """Picks by a card-quality table with a colour commitment rule (see the module)."""

    name = "rating"

    def __init__(
        self,
        ratings: Mapping[str, float] | None = None,
        *,
        commit_after: int = 5,
        off_colour_penalty: float = 10.0,
    ) -> None:
        self.ratings = proxy_ratings() if ratings is None else ratings
        self.commit_after = commit_after
        self.off_colour_penalty = off_colour_penalty

    def score(self, name: str, pair: str | None) -> float:
        """``name``'s score for a drafter committed to ``pair`` (``None``: not yet)."""
        value = float(self.ratings.get(name, 0.0))
        if pair is not None and not set(_colours(name)) <= set(pair):
            value -= self.off_colour_penalty
        return value

    def pick(self, booster: Sequence[str], picks: Sequence[str], pick_number: int) -> int:
        pair = best_pair(picks, self.ratings) if len(picks) >= self.commit_after else None
        scores = [self.score(name, pair) for name in booster]
        return max(range(len(booster)), key=lambda i: (scores[i], -i))


class PolicyDrafter:
    """Any Python policy ``policy(booster, picks, pick_number) -> index or name``."""

    name = "policy"

    def __init__(self, policy: Callable[[Sequence[str], Sequence[str], int], int | str]) -> None:
        self.policy = policy

    def pick(self, booster: Sequence[str], picks: Sequence[str], pick_number: int) -> int | str:
        return self.policy(booster, picks, pick_number)


BOTS: dict[str, Callable[[int], Drafter]] = {
    "random": lambda seed: RandomDrafter(seed),
    "rating": lambda seed: RatingDrafter(),
}
"""The drafters by name: each made from a seed."""


def make_drafter(spec: Any, *, seed: int = 0) -> Drafter:
    """A drafter from a name of :data:`BOTS`, a drafter object or a policy function
    (``ValueError`` for an unknown name, ``TypeError`` for anything else)."""
    if isinstance(spec, str):
        if spec not in BOTS:
            raise ValueError(f"unknown drafter {spec!r}: one of {', '.join(BOTS)}")
        return BOTS[spec](seed)
    if isinstance(spec, Drafter):
        return spec
    if callable(spec):
        return PolicyDrafter(spec)
    raise TypeError(
        f"a drafter is a name, an object with pick(...) or a function, not {type(spec).__name__}"
    )
