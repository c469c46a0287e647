"""Doubling (701.10): Bulk Up's "double target creature's power until end of turn", cast from
the hand and by flashback (702.34a), and Zimone, Paradox Sculptor's "double the number of each
kind of counter"; their Oracle texts quoted and shown doing it in the native and the reference
duel alike, and on both card-layer implementations."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import activate, cast, oracle, pt, put
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _pass_until
from test_fdn_duel_modes import _lands

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


@pytest.mark.parametrize("name", ["Bulk Up", "Zimone, Paradox Sculptor"])
def test_the_doubling_cards_are_playable(name):
    assert coverage.card_coverage(name, "fdn").playable


BULK = _deck({"Mountain": 17}, ["Bulk Up", "Savannah Lions", "Fanatical Firebrand"])
ZIMONES = _deck(
    {"Forest": 9, "Island": 8},
    ["Zimone, Paradox Sculptor", "Llanowar Elves", "Nessian Hornbeetle", "Strix Lookout"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_doubling_plays_alike_in_both_duels(seed):
    """Random games of Bulk Up: the same legal actions, observations, outcome and bytes in both
    duels."""
    play_alike(BULK, BOROS, seed)
    play_alike(ZIMONES, BOROS, seed)


ZIMONE = (
    "At the beginning of combat on your turn, put a +1/+1 counter on each of up to two target "
    "creatures you control.\n{G}{U}, {T}: Double the number of each kind of counter on up to "
    "two target creatures and/or artifacts you control."
)


@pytest.mark.parametrize("impl", IMPLS)
def test_zimone_puts_counters_then_doubles_each_kind_701_10e(impl):
    """Nine-Lives Familiar (cast: eight revival counters) and Savannah Lions: at the beginning
    of combat on its controller's turn (507.1) Zimone's trigger puts a +1/+1 counter on each of
    its two targets; its {G}{U}, {T} ability then doubles each kind on each: 16 revival and
    two +1/+1 counters on the Familiar, two +1/+1 counters on the Lions."""
    oracle("Zimone, Paradox Sculptor", ZIMONE)
    d = _duel(impl, "Forest")
    a = d.active_player()
    for land, n in (("Forest", 1), ("Island", 1), ("Swamp", 3)):
        _lands(d, a, land, n)
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Nine-Lives Familiar", "hand")
    _act(d, "cast Nine-Lives Familiar")
    _pass_until(d, lambda: bool(_named(d, a, "Nine-Lives Familiar")))
    (familiar,) = _named(d, a, "Nine-Lives Familiar")
    assert d.game.counters(familiar) == {"revival": 8}
    while d.step() != "main2":
        d.apply_action(d.legal_actions()[0])
    zimone = d.add_card(a, "Zimone, Paradox Sculptor", "battlefield")
    _next_turn_of(d, a)
    _pass_until(d, lambda: d.decision() == "target")
    _act(d, "target Savannah Lions")
    _act(d, "target Nine-Lives Familiar")
    _pass_until(d, lambda: d.game.counters(lions) != {})
    assert d.game.counters(familiar) == {"revival": 8, "+1/+1": 1}
    _act(d, "activate Zimone")
    _act(d, "target Nine-Lives Familiar")
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: d.game.counters(lions) == {"+1/+1": 2})
    assert d.game.counters(familiar) == {"revival": 16, "+1/+1": 2}
    assert d.is_tapped(zimone)
    assert pt(d.game, lions) == (4, 3)


def test_zimone_doubles_with_a_replacement_effect_of_counters(game):
    """Each kind doubled is a putting of that many counters (701.10e, 122.6): a replacement
    effect that adds one more +1/+1 counter applies to it (2 become 2 + 3)."""
    g = game()
    lions = put(g, "Savannah Lions")
    g.add_counters(lions, "+1/+1", 2)
    g.add_replacement_effect(
        "counters_plus", affects="creatures you control", counter="+1/+1", amount=1, controller=0
    )
    zimone = put(g, "Zimone, Paradox Sculptor")
    activate(g, zimone, "Zimone, Paradox Sculptor", [lions])
    assert g.counters(lions) == {"+1/+1": 5}
