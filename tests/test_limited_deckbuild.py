"""Deck building (cardstate.limited.build): every deck built is a legal 40-card Limited deck
(CR 100.2a) of cards the duel plays, deterministic, and plays a duel."""

from __future__ import annotations

from collections import Counter

import pytest
from cardstate import agents
from cardstate.duel import Duel
from cardstate.limited import (
    booster,
    build,
    check_limited_deck,
    fdn_set,
    playable_cards,
    run_draft,
    sealed_pool,
)
from cardstate.limited.deckbuild import LANDS
from cardstate.limited.setdata import BASIC_LANDS

BASICS = set(BASIC_LANDS.values())


@pytest.mark.parametrize("seed", range(12))
def test_a_sealed_deck_is_legal_and_playable(seed: int) -> None:
    """CR 100.2a: a Limited deck has at least 40 cards; every card but a basic land comes from
    the pool, no more often than the pool has it."""
    pool = sealed_pool(seed)
    deck = build(pool)
    assert len(deck) == 40
    check_limited_deck(deck, pool)
    playable = playable_cards("fdn")
    assert all(n in playable for n in deck)
    info = fdn_set()
    colours = {c for n in deck if not info[n].is_land for c in info[n].colours}
    assert len(colours) <= 2
    lands = [n for n in deck if info[n].is_land]
    spells = [n for n in deck if not info[n].is_land]
    assert len(spells) <= 23
    assert len(lands) == 40 - len(spells) >= LANDS
    assert (
        all(info[n].colours and set(info[n].colours) <= colours for n in lands if n in BASICS)
        or not colours
    )


def test_the_deck_builder_is_deterministic_and_uses_the_seed_only_for_ties() -> None:
    pool = sealed_pool(3)
    assert build(pool) == build(pool)
    assert build(pool, seed=1) == build(pool, seed=1)
    assert Counter(build(list(reversed(pool)))) == Counter(build(pool))


def test_basic_lands_follow_the_spells_mana_symbols() -> None:
    pool = sealed_pool(4)
    deck = build(pool)
    info = fdn_set()
    pips = Counter()
    for n in deck:
        if not info[n].is_land:
            pips.update(info[n].pips)
    basics = Counter(n for n in deck if n in BASICS)
    for colour, land in BASIC_LANDS.items():
        if pips[colour] == 0:
            assert basics[land] == 0
    if len(pips) == 2:
        (a, pa), (b, pb) = pips.most_common()
        assert basics[BASIC_LANDS[a]] >= basics[BASIC_LANDS[b]] or pa == pb


def test_draft_picks_build_decks_that_play_a_duel() -> None:
    r = run_draft(["rating"] * 8, seed=0)
    decks = [build(p) for p in r.picks]
    for deck, picks in zip(decks, r.picks, strict=True):
        check_limited_deck(deck, picks)
    d = Duel(decks[0], decks[1], pool="fdn", seed=1, format="limited")
    result = agents.playout(d, agents.RandomAgent(1), agents.RandomAgent(2), seed=1)
    assert result is not None


def test_a_deck_of_fewer_than_forty_cards_is_not_limited() -> None:
    with pytest.raises(ValueError, match="at least 40"):
        check_limited_deck(["Plains"] * 39, [])
    with pytest.raises(ValueError, match="'Stab' 2 times, the pool 1"):
        check_limited_deck(["Plains"] * 38 + ["Stab", "Stab"], ["Stab"])
    check_limited_deck(["Plains"] * 40, [])


def test_a_card_not_of_the_set_is_refused() -> None:
    with pytest.raises(ValueError, match="'Black Lotus' is not a card of Foundations"):
        build([*booster(1), "Black Lotus"])
    with pytest.raises(TypeError, match="a card is a name"):
        build([1, 2])  # type: ignore[list-item]
