"""Limited on Magic: The Gathering Foundations (FDN): play boosters, sealed pools, booster
drafts with bots or any policy, deck building, and events that play the decks through the
self-play runner (docs/LIMITED.md).

>>> from cardstate import limited
>>> len(limited.booster(seed=1)), len(limited.sealed_pool(seed=1))
(14, 84)
>>> deck = limited.build(limited.sealed_pool(seed=1))
>>> len(deck)
40

One job per module: ``setdata`` (the set's cards, rarities and sheets), ``booster`` (the
collation), ``ratings`` (the card-quality table), ``draft`` (the draft table), ``bots``
(drafters), ``deckbuild`` (``build``), ``prior`` (the opponent model for search), ``event``
(events and standings), ``plot``,
``pettingzoo_draft`` (PettingZoo, extra ``cardstate[pettingzoo]``) and ``gymnasium_sealed``
(Gymnasium, extra ``cardstate[gymnasium]``), the last two imported only when asked for.
"""

from __future__ import annotations

from typing import Any

from cardstate.limited.booster import booster, booster_seed, sealed_pool
from cardstate.limited.bots import PolicyDrafter, RandomDrafter, RatingDrafter, make_drafter
from cardstate.limited.deckbuild import build, check_limited_deck, playable_cards
from cardstate.limited.draft import Draft, DraftResult, Pick, run_draft
from cardstate.limited.event import EventResult, Standing, draft_event, sealed_event
from cardstate.limited.prior import booster_frequencies, opponent_prior, revealed_colours
from cardstate.limited.ratings import proxy_ratings, read_17lands_csv
from cardstate.limited.setdata import SetCard, card_index, fdn_set

__all__ = [
    "Draft",
    "DraftResult",
    "EventResult",
    "Pick",
    "PolicyDrafter",
    "RandomDrafter",
    "RatingDrafter",
    "SetCard",
    "Standing",
    "booster",
    "booster_seed",
    "booster_frequencies",
    "build",
    "card_index",
    "check_limited_deck",
    "draft_env",
    "draft_event",
    "fdn_set",
    "make_drafter",
    "opponent_prior",
    "playable_cards",
    "proxy_ratings",
    "read_17lands_csv",
    "revealed_colours",
    "run_draft",
    "sealed_env",
    "sealed_event",
    "sealed_pool",
]


def draft_env(seats: int = 8, seed: int | None = 0, *, wrapped: bool = True, **kwargs: Any) -> Any:
    """A booster draft as a PettingZoo AEC environment
    (:mod:`cardstate.limited.pettingzoo_draft`; extra ``cardstate[pettingzoo]``), reset with
    ``seed`` (``None``: not reset). ``wrapped=False`` gives the raw environment."""
    from cardstate.limited import pettingzoo_draft as module

    e = (module.env if wrapped else module.raw_env)(seats=seats, **kwargs)
    if seed is not None:
        e.reset(seed=seed)
    return e


def sealed_env(**kwargs: Any) -> Any:
    """Sealed deck building as a Gymnasium environment (:mod:`cardstate.limited.gymnasium_sealed`;
    extra ``cardstate[gymnasium]``)."""
    from cardstate.limited.gymnasium_sealed import SealedDeckEnv

    return SealedDeckEnv(**kwargs)
