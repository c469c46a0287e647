"""Casting spells without paying their mana costs (118.9, 601.2b): Omniscience's "You may cast
spells from your hand without paying their mana costs."; its Oracle text quoted and shown doing
it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _pass_until, _words

OMNISCIENCE = "You may cast spells from your hand without paying their mana costs."


def _omniscient(impl, omniscience=True):
    """A duel in its active player's first main phase with no land on its battlefield; with
    ``omniscience``, Omniscience there."""
    d = _duel(impl, "Island")
    a = d.active_player()
    if omniscience:
        d.add_card(a, "Omniscience", "battlefield")
    return d, a


def _offered(d, name):
    return any(w.startswith(f"cast {name}") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_omniscience_casts_spells_from_the_hand_for_no_mana_118_9(impl):
    """Without a land, Serra Angel ({3}{W}{W}) is cast from the hand and resolves; without
    Omniscience it isn't offered."""
    oracle("Omniscience", OMNISCIENCE)
    d, a = _omniscient(impl, omniscience=False)
    d.add_card(a, "Serra Angel", "hand")
    assert not _offered(d, "Serra Angel")
    d, a = _omniscient(impl)
    d.add_card(a, "Serra Angel", "hand")
    _act(d, "cast Serra Angel")
    _pass_until(d, lambda: bool(_named(d, a, "Serra Angel")))


@pytest.mark.parametrize("impl", IMPLS)
def test_only_from_the_hand_702_34a(impl):
    """Think Twice in the graveyard still costs its flashback cost {2}{U}: not offered
    without mana; from the hand it is cast and draws."""
    d, a = _omniscient(impl)
    d.add_card(a, "Think Twice", "graveyard")
    assert not _offered(d, "Think Twice with flashback")
    d.add_card(a, "Think Twice", "hand")
    hand = len(d.hand(a))
    _act(d, "cast Think Twice (hand")
    _pass_until(d, lambda: len(d.game.objects("graveyard", a)) == 2)
    assert len(d.hand(a)) == hand


@pytest.mark.parametrize("impl", IMPLS)
def test_x_is_0_when_the_mana_cost_isnt_paid_107_3b(impl):
    """Wildwood Scourge ({X}{G}, a 0/0 that enters with X +1/+1 counters): cast so, no X is
    asked, it enters with none and dies (704.5f)."""
    d, a = _omniscient(impl)
    d.add_card(a, "Wildwood Scourge", "hand")
    _act(d, "cast Wildwood Scourge")
    assert d.decision() != "number"
    _pass_until(d, lambda: "Wildwood Scourge" in map(d.game.name, d.game.objects("graveyard", a)))
    assert _named(d, a, "Wildwood Scourge") == []


def test_omniscience_is_playable():
    assert coverage.card_coverage("Omniscience", "fdn").playable


OMNISCIENT = _deck({"Island": 17}, ["Omniscience", "Serra Angel", "Think Twice", "Strix Lookout"])


@pytest.mark.parametrize("seed", [1, 2])
def test_free_casts_play_alike_in_both_duels(seed):
    """Random games of Omniscience: the same legal actions, observations, outcome and bytes in
    both duels."""
    play_alike(OMNISCIENT, BOROS, seed)
