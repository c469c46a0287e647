"""A fair opponent model for search in Limited (docs/LIMITED.md, "A fair opponent model"): in
Limited a player doesn't know the opponent's 40 cards, so a search deals the opponent's hidden
cards from a prior (``Duel.resample(player, seed, prior=...)``,
``MCTSAgent(..., opponent_prior=...)``) rather than from its true deck list.

:func:`opponent_prior` makes one: from the opponent's draft picks when they are known, else
from how often each card of the set comes in a play booster (the collation of
:mod:`cardstate.limited.booster`), in the colours the opponent has revealed; a deck's 17 basic
lands to its 23 spells either way. :func:`revealed_colours` reads those colours from a duel:
the colours of the opponent's cards in the public zones (what a player has seen).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from cardstate.limited.booster import GUEST_CHANCE, WILDCARD_RARITY
from cardstate.limited.bots import best_pair
from cardstate.limited.deckbuild import LANDS, SPELLS, playable_cards
from cardstate.limited.setdata import BASIC_LANDS, COLOURS, fdn_set, sheet

__all__ = ["booster_frequencies", "opponent_prior", "revealed_colours"]

SCALE = 1_000_000
"""The prior's weights are frequencies times this, rounded (the duel's weights are ints)."""

PUBLIC_ZONES = ("battlefield", "graveyard", "exile", "stack")
"""The zones whose cards both players see (400.2)."""


@cache
def booster_frequencies() -> Mapping[str, Fraction]:
    """How many copies of each card of the set a play booster holds on average, by the
    collation of :func:`cardstate.limited.booster.booster`: six commons and a seventh unless a
    Special Guest takes its place, three uncommons, a rare (twice as likely as each mythic),
    two wildcards by :data:`~cardstate.limited.booster.WILDCARD_RARITY`, and a gain land or a
    basic land, even odds."""
    out: Counter[str] = Counter()

    def spread(names: tuple[str, ...], copies: Fraction) -> None:
        for name in names:
            out[name] += copies / len(names)

    guest, of = (Fraction(x) for x in GUEST_CHANCE)
    spread(sheet("main", "common"), 6 + (1 - guest / of))
    spread(sheet("special guest"), guest / of)
    spread(sheet("main", "uncommon"), Fraction(3))
    rares, mythics = sheet("main", "rare"), sheet("main", "mythic")
    slots = 2 * len(rares) + len(mythics)
    spread(rares, Fraction(2 * len(rares), slots))
    spread(mythics, Fraction(len(mythics), slots))
    for rarity, thousandths in WILDCARD_RARITY:
        spread(sheet("main", rarity), 2 * Fraction(thousandths, 1000))
    spread(sheet("gain land"), Fraction(1, 2))
    spread(sheet("basic"), Fraction(1, 2))
    return dict(out)


def _colours(colours: str, what: str) -> str:
    if not isinstance(colours, str):
        raise TypeError(f"{what} must be a str of colour letters (WUBRG)")
    bad = sorted(set(colours) - set(COLOURS))
    if bad:
        raise ValueError(f"{what}: unknown colour letters {''.join(bad)!r}; colours are WUBRG")
    return "".join(c for c in COLOURS if c in colours)


def opponent_prior(
    *,
    picks: Iterable[str] | None = None,
    colours: str | None = None,
    pool: Any = "fdn",
) -> dict[str, int]:
    """A prior over an opponent's Limited deck (card name -> weight) for
    ``Duel.resample(..., prior=...)`` and ``MCTSAgent(..., opponent_prior=...)``.

    With ``picks`` (the opponent's known draft picks), each spell weighs by how many of it the
    picks hold, and basic lands of the picks' best colour pair (``bots.best_pair``, or
    ``colours`` if given) make up 17 of every 40 cards. Without, each card of the set in
    ``colours`` (the opponent's revealed colours: its colours all among them; colourless cards
    too; every colour if ``colours`` is empty or None) weighs by how often a play booster holds
    it (:func:`booster_frequencies`), and basics of those colours make up the lands. Only cards
    the duel plays with ``pool`` are named (a built-in pool's name or a ``CardPool``)."""
    chosen = _colours(colours, "colours") if colours is not None else ""
    playable = playable_cards(pool)
    cards = fdn_set()
    spells: dict[str, Fraction] = {}
    if picks is not None:
        if isinstance(picks, str):
            raise TypeError("picks must be an iterable of card names, not a str")
        picked = list(picks)
        unknown = sorted({n for n in picked if n not in cards})
        if unknown:
            raise ValueError(f"picks: not cards of the set: {', '.join(map(repr, unknown))}")
        counts = Counter(n for n in picked if n in playable and not _is_basic(n))
        spells = {n: Fraction(k) for n, k in counts.items()}
        chosen = chosen or best_pair(picked)
    else:
        frequencies = booster_frequencies()
        spells = {
            n: f
            for n, f in frequencies.items()
            if n in playable
            and not _is_basic(n)
            and set(cards[n].colours) <= set(chosen or COLOURS)
        }
    if not spells:
        raise ValueError("the prior has no card: no pick or card of the set is playable there")
    total = sum(spells.values())
    weights = {n: f / total * SPELLS for n, f in spells.items()}
    basics = [BASIC_LANDS[c] for c in (chosen or COLOURS) if BASIC_LANDS[c] in playable]
    for name in basics:
        weights[name] = weights.get(name, Fraction(0)) + Fraction(LANDS, len(basics))
    return {n: max(1, round(w * SCALE)) for n, w in weights.items()}


def _is_basic(name: str) -> bool:
    return name in BASIC_LANDS.values()


def revealed_colours(duel: Any, player: int) -> str:
    """The colours (WUBRG order) of the cards of ``player``'s opponent that ``player`` has
    seen: those in the public zones (battlefield, graveyards, exile, stack) of the set; a
    land's colours are those of the mana it adds."""
    game = duel.game
    cards = fdn_set()
    seen = {
        c
        for zone in PUBLIC_ZONES
        for eid in game.objects(zone, 1 - player)
        if (card := cards.get(game.name(eid))) is not None
        for c in card.colours
    }
    return "".join(c for c in COLOURS if c in seen)
