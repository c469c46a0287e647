"""FDN play boosters and sealed pools, generated from a seed.

The collation is Foundations' play booster as Forge's edition file for the set describes it
(sheets and rarities: ``cards/data/fdn/rarities.tsv``), 14 cards in this order:

1. **six commons**, distinct, from the main set's 80 commons (not the gain lands);
2. **a common or a Special Guest**: with probability 1/64 one of the ten Special Guests,
   uniformly; otherwise a seventh common, distinct from the six;
3. **three uncommons**, distinct, from the 101;
4. **a rare or a mythic rare**: each of the 60 rares twice as likely as each of the 20 mythics
   (a mythic in 1 booster of 7);
5. **a wildcard** of any rarity of the main set: common 18.3%, uncommon 62.8%, rare 16.3%,
   mythic 2.6%, then a card of that rarity uniformly;
6. **a second wildcard** by the same rule (the booster's traditional foil);
7. **a land**: one of the ten gain lands or one of the five basic lands, each half the time.

Simplifications: finishes and frames (foil, borderless, extended art, full-art basics) are not
modelled — a card is its name; the non-playable card (token, art card, ad) is left out; the
wildcards and the land are drawn independently of the other slots, so they may repeat a card of
another slot (as real boosters can). Within the commons (slots 1–2) and within the uncommons
(slot 3) no card repeats.

Random numbers: SplitMix64 (:class:`cardstate.rng.SplitMix`) seeded with the booster's seed, so
a booster is the same on every machine and version of Python.
"""

from __future__ import annotations

import operator

from cardstate.limited.setdata import sheet
from cardstate.rng import MASK64, SplitMix, mix64

__all__ = [
    "BOOSTER_SIZE",
    "GUEST_CHANCE",
    "SEALED_BOOSTERS",
    "WILDCARD_RARITY",
    "booster",
    "booster_seed",
    "check_seed",
    "sealed_pool",
]

BOOSTER_SIZE = 14
"""Cards in a play booster (the playable ones)."""

SEALED_BOOSTERS = 6
"""Boosters in a sealed pool."""

GUEST_CHANCE = (1, 64)
"""The chance that slot 2 holds a Special Guest instead of a common."""

WILDCARD_RARITY = (("common", 183), ("uncommon", 628), ("rare", 163), ("mythic", 26))
"""A wildcard's rarity, in thousandths."""


def check_seed(seed: object, what: str = "seed") -> int:
    """``seed`` as an int in 0..2**64-1 (``TypeError``/``OverflowError`` naming ``what``)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        try:
            seed = operator.index(seed)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"{what} must be an int, not {type(seed).__name__}") from None
    if not 0 <= seed <= MASK64:
        raise OverflowError(f"{what} must be in 0..2**64-1, got {seed}")
    return seed


def booster_seed(seed: int, index: int) -> int:
    """The seed of booster ``index`` of an event seeded ``seed`` (a sealed pool, a draft)."""
    return mix64((seed ^ mix64(index + 1)) & MASK64)


def _distinct(rng: SplitMix, names: tuple[str, ...], k: int, out: list[str]) -> None:
    taken: set[str] = set(out)
    while k:
        name = names[rng.below(len(names))]
        if name not in taken:
            taken.add(name)
            out.append(name)
            k -= 1


def _wildcard(rng: SplitMix) -> str:
    roll = rng.below(1000)
    chosen = WILDCARD_RARITY[-1][0]
    for rarity, weight in WILDCARD_RARITY:
        if roll < weight:
            chosen = rarity
            break
        roll -= weight
    names = sheet("main", chosen)
    return names[rng.below(len(names))]


def booster(seed: int = 0) -> list[str]:
    """One FDN play booster (14 card names, in the module's slot order) from ``seed``."""
    rng = SplitMix(check_seed(seed))
    commons: list[str] = []
    _distinct(rng, sheet("main", "common"), 6, commons)
    guest, of = GUEST_CHANCE
    if rng.below(of) < guest:
        guests = sheet("special guest")
        commons.append(guests[rng.below(len(guests))])
    else:
        _distinct(rng, sheet("main", "common"), 1, commons)
    uncommons: list[str] = []
    _distinct(rng, sheet("main", "uncommon"), 3, uncommons)
    rares, mythics = sheet("main", "rare"), sheet("main", "mythic")
    roll = rng.below(2 * len(rares) + len(mythics))
    rare = rares[roll // 2] if roll < 2 * len(rares) else mythics[roll - 2 * len(rares)]
    wildcards = [_wildcard(rng), _wildcard(rng)]
    lands = sheet("gain land") if rng.below(2) == 0 else sheet("basic")
    land = lands[rng.below(len(lands))]
    return [*commons, *uncommons, rare, *wildcards, land]


def sealed_pool(seed: int = 0) -> list[str]:
    """A sealed pool: six boosters (84 card names), booster ``i`` from
    ``booster_seed(seed, i)``."""
    s = check_seed(seed)
    return [name for i in range(SEALED_BOOSTERS) for name in booster(booster_seed(s, i))]
