"""The Foundations cards of the trigger events beyond entering and drawing do what their Oracle
text says, on both implementations (see tests/test_fdn_cards_wub.py for how): "whenever this
creature or another creature you control dies" looking back in time (603.10a)."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import cast, fired, oracle, put, resolve
from test_fdn_duel import BOROS, _deck, play_alike


def test_vengeful_bloodwitch(game):
    """'Whenever this creature or another creature you control dies, target opponent loses 1
    life and you gain 1 life.' — 603.10a: a leaves-the-battlefield ability looks back in time:
    when the Bloodwitch dies with other creatures of yours (Day of Judgment), it triggers for
    each of them and for itself, as they last existed; not for an opponent's creature."""
    oracle(
        "Vengeful Bloodwitch",
        "Whenever this creature or another creature you control dies, target opponent loses 1 "
        "life and you gain 1 life.",
    )
    g = game()
    witch = put(g, "Vengeful Bloodwitch")
    lions = put(g, "Savannah Lions")
    put(g, "Savannah Lions", 1)
    g.take_events()
    cast(g, "Day of Judgment")
    fs = fired(g)
    assert sorted(f.triggering for f in fs) == [witch, lions]
    assert {(f.source, f.controller) for f in fs} == {(witch, 0)}
    for f in fs:
        resolve(g, f, [1])
    assert g.life(1) == 18 and g.life(0) == 22


def test_vengeful_bloodwitch_on_the_battlefield(game):
    """Another creature of its controller's dying alone triggers it; an opponent's doesn't."""
    g = game()
    witch = put(g, "Vengeful Bloodwitch")
    lions = put(g, "Savannah Lions")
    theirs = put(g, "Savannah Lions", 1)
    g.take_events()
    g.destroy(theirs)
    assert fired(g) == []
    g.destroy(lions)
    (f,) = fired(g)
    assert (f.source, f.triggering) == (witch, lions)
    resolve(g, f, [1])
    assert g.life(1) == 19 and g.life(0) == 21


@pytest.mark.parametrize("duel", [Duel, ReferenceDuel])
def test_dies_abilities_look_back_in_time_603_10a(duel):
    """CR 603.10a: "whenever a creature you control dies" triggers for the creatures that die
    at the same time as its source — the duel keeps those deaths' events though no permanent
    left waits for them. Day of Judgment destroys the Bloodwitch and two other creatures of its
    controller's: three triggers, each making the opponent lose 1 life."""
    d = duel(["Plains"] * 40, ["Plains"] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False)
    while d.step() != "main1":
        d.apply_action(0)
    a = d.active_player()
    b = 1 - a
    d.add_card(a, "Vengeful Bloodwitch", "battlefield")
    d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(b, "Savannah Lions", "battlefield")
    for _ in range(4):
        d.add_card(a, "Plains", "battlefield")
    d.add_card(a, "Day of Judgment", "hand")
    (cast_it,) = [x for x in d.legal_actions() if d.action_to_string(x).startswith("cast Day")]
    d.apply_action(cast_it)
    turn = d.turn()
    while d.turn() == turn:
        d.apply_action(d.legal_actions()[0])  # pass, the opponent the only target
    assert d.game.life(b) == 17 and d.game.life(a) == 23
    assert d.battlefield(b) == []


EVENTS = _deck(
    {"Swamp": 9, "Plains": 8},
    [
        "Vengeful Bloodwitch",
        "Day of Judgment",
        "Savannah Lions",
        "Stab",
        "Krenko, Mob Boss",
        "Vampire Nighthawk",
        "Hero's Downfall",
        "Healer's Hawk",
        "Infestation Sage",
        "Diregraf Ghoul",
    ],
)


@pytest.mark.parametrize("seed", [11, 12])
def test_the_events_cards_play_alike_in_both_duels(seed):
    """Dies looking back (603.10a) plays the same games in both duels."""
    assert all(c.playable for c in coverage.coverage(EVENTS))
    play_alike(EVENTS, BOROS, seed)
