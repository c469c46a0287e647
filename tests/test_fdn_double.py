"""Doubling (701.10): Bulk Up's "double target creature's power until end of turn", cast from
the hand and by flashback (702.34a); its Oracle text quoted and shown doing it in the native and
the reference duel alike, and on both card-layer implementations."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import cast, oracle, pt, put
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _pass_until

BULK_UP = (
    "Double target creature's power until end of turn.\nFlashback {4}{R}{R} (You may cast this "
    "card from your graveyard for its flashback cost. Then exile it.)"
)


@pytest.mark.parametrize("impl", IMPLS)
def test_bulk_up_doubles_power_then_again_by_flashback_701_10(impl):
    """Cast for {1}{R}, Savannah Lions (2/1) gets +2/+0; cast again from the graveyard for
    {4}{R}{R} (702.34a), it doubles the doubled power (+4/+0: 8/1) and Bulk Up is exiled; both
    effects end at cleanup (514.2)."""
    oracle("Bulk Up", BULK_UP)
    d = _duel(impl, "Mountain")
    a = d.active_player()
    for _ in range(8):
        d.add_card(a, "Mountain", "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Bulk Up", "hand")
    _act(d, "cast Bulk Up")
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: d.game.objects("graveyard", a) != [])
    assert pt(d.game, lions) == (4, 1)
    _act(d, "cast Bulk Up with flashback")
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: d.game.objects("exile", a) != [])
    assert pt(d.game, lions) == (8, 1)
    assert [d.game.name(x) for x in d.game.objects("exile", a)] == ["Bulk Up"]
    t = d.turn()
    while d.turn() == t:
        d.apply_action(d.legal_actions()[0])
    assert pt(d.game, lions) == (2, 1)


@pytest.mark.parametrize(("change", "doubled"), [(-3, -2), (-2, 0)])
def test_bulk_up_doubles_a_negative_power_downwards_701_10b(game, change, doubled):
    """The rulings: a creature of power below 0 gets -X/-0, X how far below 0 its power is
    (Savannah Lions made -1/1 ends at -2/1); of power 0, nothing."""
    g = game()
    lions = put(g, "Savannah Lions")
    g.add_continuous_effect("modify_power_toughness", affected=[lions], power=change, toughness=0)
    cast(g, "Bulk Up", [lions])
    assert pt(g, lions) == (doubled, 1)


def test_bulk_up_is_playable():
    assert coverage.card_coverage("Bulk Up", "fdn").playable


BULK = _deck({"Mountain": 17}, ["Bulk Up", "Savannah Lions", "Fanatical Firebrand"])


@pytest.mark.parametrize("seed", [1, 2])
def test_doubling_plays_alike_in_both_duels(seed):
    """Random games of Bulk Up: the same legal actions, observations, outcome and bytes in both
    duels."""
    play_alike(BULK, BOROS, seed)
