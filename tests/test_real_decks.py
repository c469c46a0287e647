"""Random games of the real decks that play whole: every pair of the Foundations decks whose
cards are all defined (17lands decks, registered in the ``fdn`` pool) and the Pauper mirrors
(Burn, Rally), with the rules' defaults (mulligans on). Each game never raises and ends; its
mask is its legal actions at every decision; mid-game it round-trips through bytes, pickle and a
copy; a resample keeps what the player saw; the same seed plays the same game; and a game of
each pool plays alike in the native and the reference duel."""

from __future__ import annotations

import pickle
import random

import hypothesis.strategies as st
import numpy as np
import pytest
from cardstate.cards import pools
from cardstate.duel import Duel
from duel_support import play_alike
from hypothesis import given, settings

FDN_DECKS = sorted(pools["fdn"].decks)
PAUPER_DECKS = sorted(pools["pauper"].decks)
# (pool, format, deck, deck): every pair of whole Foundations decks, and the Pauper mirrors.
PAIRS = [("fdn", "limited", a, b) for a in FDN_DECKS for b in FDN_DECKS] + [
    ("pauper", "constructed", d, d) for d in PAUPER_DECKS
]
# A bound no game reaches (turn limit 60): most take a few hundred decisions, a board of a few
# hundred tokens blocking one at a time some ten thousand.
MOST_DECISIONS = 200_000


def test_the_real_decks_are_there():
    assert len(FDN_DECKS) >= 4 and PAUPER_DECKS == ["burn", "rally"]


def _play(pair: tuple[str, str, str, str], seed: int, check_at: int) -> tuple[list[int], bytes]:
    """Plays the pair's game seeded ``seed`` at random, checking it along the way; returns its
    actions and its final bytes."""
    pool, fmt, deck0, deck1 = pair
    d = Duel(deck0, deck1, pool=pool, format=fmt, seed=seed, turn_limit=60)
    r = random.Random(seed)
    actions: list[int] = []
    while not d.is_terminal():
        assert len(actions) < MOST_DECISIONS, "the game ends"
        legal = d.legal_actions()
        assert list(np.flatnonzero(d.legal_action_mask())) == legal
        if len(actions) == check_at:
            for e in (
                Duel.from_bytes(d.to_bytes(), pool=pool),
                pickle.loads(pickle.dumps(d)),
                d.clone(),
            ):
                assert e.hash() == d.hash() and e.legal_actions() == legal
                assert e.history() == d.history()
                for p in (0, 1):
                    assert np.array_equal(e.observation_tensor(p), d.observation_tensor(p))
            for p in (0, 1):
                dealt = d.resample(p, seed + 1)
                assert np.array_equal(dealt.observation_tensor(p), d.observation_tensor(p))
                assert dealt.hand(p) == d.hand(p)
                assert len(dealt.hand(1 - p)) == len(d.hand(1 - p))
                assert dealt.library_size(1 - p) == d.library_size(1 - p)
        a = r.choice(legal)
        d.apply_action(a)
        actions.append(a)
    assert d.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    return actions, d.to_bytes()


@settings(max_examples=30, deadline=None)
@given(pair=st.sampled_from(PAIRS), seed=st.integers(0, 10_000), check_at=st.integers(0, 150))
def test_random_games_of_the_real_decks(pair, seed, check_at):
    actions, final = _play(pair, seed, check_at)
    # The same seed plays the same game.
    assert _play(pair, seed, -1) == (actions, final)


MIRRORS = [p for p in PAIRS if p[2] == p[3]]


@pytest.mark.parametrize(
    "pair", MIRRORS + [("fdn", "limited", FDN_DECKS[0], FDN_DECKS[-1])], ids=lambda p: p[2]
)
def test_a_real_deck_game_plays_alike_in_both_duels(pair):
    pool, fmt, deck0, deck1 = pair
    play_alike(deck0, deck1, 3, pool=pool, format=fmt)
