"""Deck building: a legal 40-card Limited deck from a pool of cards.

``build(cards, *, seed=0)`` builds a deck the duel can play, so it uses only the cards of the
pool that the duel plays with the card pool given (``pool="fdn"`` by default: a card is used
when ``cardstate.cards.coverage`` says it is playable; as the FDN pool defines more cards, decks
use more of each sealed pool or draft). The rule, deterministic for a given seed:

1. **Colours**: the two colours (of the ten pairs) whose playable nonland cards of the pool have
   the largest sum of their best 23 ratings (a card counts for a pair when its colours are
   within the pair; colourless cards count for every pair). A tie goes to the first pair in
   WUBRG order.
2. **Spells** (at most 23): the pool's playable nonland cards of those colours, best rating
   first, within a mana curve — at most 9 cards of mana value 2 or less, 6 of 3, 5 of 4, 3 of
   5 and 2 of 6 or more; if the curve leaves places, the next best cards fill them whatever
   their cost. Cards of equal rating are ordered by a shuffle from ``seed`` (of the cards in
   name order, so the order ``cards`` come in doesn't matter).
3. **Lands**: the pool's playable nonbasic lands whose mana is within the two colours (at most
   as many as fill the deck to 40 with 17 lands), then basic lands in proportion to the
   spells' mana symbols of each colour (largest remainders; each colour with a symbol at least
   one), up to 17 lands — and more basic lands when the pool has fewer than 23 playable
   spells, so the deck always has 40 cards (CR 100.2a: at least 40 in Limited; basic lands are
   added freely, as at a Limited event).

A deck so built is legal in the duel's ``"limited"`` format: at least 40 cards, every card
either a basic land or a card of the pool no more often than the pool has it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from cardstate.limited.booster import check_seed
from cardstate.limited.bots import PAIRS
from cardstate.limited.ratings import proxy_ratings
from cardstate.limited.setdata import BASIC_LANDS, COLOURS, SetCard, fdn_set
from cardstate.rng import SplitMix

__all__ = [
    "CURVE",
    "DECK_SIZE",
    "LANDS",
    "SPELLS",
    "build",
    "check_limited_deck",
    "choose_pair",
    "playable_cards",
]

DECK_SIZE = 40
SPELLS = 23
LANDS = 17
CURVE = ((2, 9), (3, 6), (4, 5), (5, 3), (99, 2))
"""(highest mana value, most cards) for each step of the curve."""


@cache
def _playable_builtin(name: str) -> frozenset[str]:
    from cardstate.cards.coverage import coverage

    return frozenset(c.name for c in coverage(fdn_set(), name) if c.playable)


def playable_cards(pool: Any = "fdn") -> frozenset[str]:
    """The cards of the set the duel plays with ``pool`` (a built-in pool's name or a
    ``CardPool``)."""
    if isinstance(pool, str):
        return _playable_builtin(pool)
    from cardstate.cards.coverage import coverage

    return frozenset(c.name for c in coverage(fdn_set(), pool) if c.playable)


def _curve_step(card: SetCard) -> int:
    return next(i for i, (top, _) in enumerate(CURVE) if card.mana_value <= top)


def choose_pair(
    cards: Iterable[str], ratings: Mapping[str, float], playable: frozenset[str]
) -> str:
    """The deck's two colours by rule 1 of the module."""
    info = fdn_set()
    spells = [n for n in cards if n in playable and n in info and not info[n].is_land]

    def strength(pair: str) -> float:
        values = sorted(
            (float(ratings.get(n, 0.0)) for n in spells if set(info[n].colours) <= set(pair)),
            reverse=True,
        )
        return sum(values[:SPELLS])

    scores = {p: strength(p) for p in PAIRS}
    return max(PAIRS, key=lambda p: (scores[p], -PAIRS.index(p)))


def _basics(spells: Sequence[str], pair: str, count: int) -> list[str]:
    info = fdn_set()
    pips = Counter({c: 0 for c in pair})
    for n in spells:
        for c, k in info[n].pips.items():
            if c in pips:
                pips[c] += k
    total = sum(pips.values())
    if total == 0:
        shares = {c: count / len(pair) for c in pair}
    else:
        shares = {c: count * pips[c] / total for c in pair}
    amounts = {c: int(shares[c]) for c in pair}
    for c in pair:
        if pips[c] and amounts[c] == 0 and count >= len(pair):
            amounts[c] = 1
    while sum(amounts.values()) < count:
        c = max(pair, key=lambda c: (shares[c] - amounts[c], -COLOURS.index(c)))
        amounts[c] += 1
    while sum(amounts.values()) > count:
        c = max(pair, key=lambda c: (amounts[c] - shares[c], COLOURS.index(c)))
        amounts[c] -= 1
    return [BASIC_LANDS[c] for c in COLOURS if c in pair for _ in range(amounts[c])]


def build(
    cards: Iterable[str],
    *,
    seed: int = 0,
    pool: Any = "fdn",
    ratings: Mapping[str, float] | None = None,
) -> list[str]:
    """A legal 40-card deck from ``cards`` (a sealed pool or a drafter's picks) by the module's
    rule: its spells, then its nonbasic lands, then its basic lands. ``pool`` is the duel's card
    pool the deck must play with; ``ratings`` the card-quality table (the proxy table by
    default). ``ValueError`` for a card that isn't of the set."""
    s = check_seed(seed)
    names = list(cards)
    info = fdn_set()
    for n in names:
        if not isinstance(n, str):
            raise TypeError(f"a card is a name (str), not {type(n).__name__}")
        if n not in info:
            raise ValueError(f"{n!r} is not a card of Foundations")
    table = proxy_ratings() if ratings is None else ratings
    playable = playable_cards(pool)
    pair = choose_pair(names, table, playable)
    order = sorted(names)  # the deck doesn't depend on the order the cards are given in
    SplitMix(s).shuffle(order)
    order.sort(key=lambda n: -float(table.get(n, 0.0)))  # stable: the shuffle breaks ties
    candidates = [
        n
        for n in order
        if n in playable and not info[n].is_land and set(info[n].colours) <= set(pair)
    ]
    spells: list[str] = []
    used = [0] * len(CURVE)
    rest: list[str] = []
    for n in candidates:
        step = _curve_step(info[n])
        if len(spells) < SPELLS and used[step] < CURVE[step][1]:
            spells.append(n)
            used[step] += 1
        else:
            rest.append(n)
    spells += rest[: SPELLS - len(spells)]
    nonbasic = [
        n
        for n in order
        if n in playable
        and info[n].is_land
        and info[n].sheet != "basic"
        and info[n].colours
        and set(info[n].colours) <= set(pair)
    ][:LANDS]
    basics = _basics(spells, pair, DECK_SIZE - len(spells) - len(nonbasic))
    if any(b not in playable for b in basics):
        raise ValueError(f"the pool {pool!r} can't play the basic lands a deck needs")
    return [*spells, *nonbasic, *basics]


def check_limited_deck(deck: Sequence[str], cards: Iterable[str]) -> None:
    """``ValueError`` unless ``deck`` is a legal Limited deck from ``cards``: at least 40 cards
    (CR 100.2a), each a basic land or a card of ``cards`` used no more often than ``cards`` has
    it."""
    if len(deck) < DECK_SIZE:
        raise ValueError(f"a Limited deck has at least {DECK_SIZE} cards, not {len(deck)}")
    have = Counter(cards)
    basics = set(BASIC_LANDS.values())
    for name, k in Counter(deck).items():
        if name not in basics and k > have[name]:
            raise ValueError(f"the deck has {name!r} {k} times, the pool {have[name]}")


def deck_summary(deck: Sequence[str]) -> dict[str, Any]:
    """A deck's colours and its cards counted, for reports."""
    info = fdn_set()
    colours = "".join(
        c for c in COLOURS if any(c in info[n].colours for n in deck if not info[n].is_land)
    )
    return {"colours": colours, "cards": dict(sorted(Counter(deck).items()))}
