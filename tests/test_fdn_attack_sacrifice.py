""" "You may sacrifice another creature. If you do, …" as a creature attacks (608.2c, 701.21a)
and "whenever another nontoken creature dies": High-Society Hunter; its Oracle text quoted and
shown doing it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import (
    ELVES,
    IMPLS,
    _act,
    _duel,
    _named,
    _next_turn_of,
    _pass_until,
    _words,
)
from test_fdn_duel_modes import _lands

HUNTER = (
    "Flying\nWhenever this creature attacks, you may sacrifice another creature. If you do, put "
    "a +1/+1 counter on this creature.\nWhenever another nontoken creature dies, draw a card."
)


def _attack_with_hunter(impl):
    """A duel at its active player's next declare attackers step: High-Society Hunter, Savannah
    Lions, Prideful Parent and the Cat token it created on its battlefield; the Hunter attacks
    alone."""
    oracle("High-Society Hunter", HUNTER)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    hunter = d.add_card(a, "High-Society Hunter", "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    _lands(d, a, "Plains", 3)
    d.add_card(a, "Prideful Parent", "hand")
    _act(d, "cast Prideful Parent")  # as it enters, its trigger creates a Cat token
    _pass_until(d, lambda: bool(_named(d, a, "Cat Token 1/1")))
    _next_turn_of(d, a)
    (cat,) = _named(d, a, "Cat Token 1/1")
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    _act(d, "attack with High-Society Hunter")
    while d.decision() == "attack":
        _act(d, "no attack")
    while d.decision() != "yes_no":
        d.apply_action(d.legal_actions()[0])
    return d, a, hunter, lions, cat


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("victim", ["lions", "cat", None])
def test_high_society_hunter_sacrifices_for_a_counter_608_2c(impl, victim):
    """The attack trigger: its controller may sacrifice another creature (the sacrifice
    decision offers the Lions and the token, not the Hunter); if it does, the Hunter gets a
    +1/+1 counter. The Lions dying (a nontoken creature) draws a card; the token doesn't; not
    sacrificing, nothing happens."""
    d, a, hunter, lions, cat = _attack_with_hunter(impl)
    hand = len(d.hand(a))
    if victim is None:
        _act(d, "no")
    else:
        _act(d, "yes")
        assert d.decision() == "sacrifice"
        words = _words(d)
        assert f"sacrifice Savannah Lions ({lions})" in words
        assert f"sacrifice Cat Token 1/1 ({cat})" in words
        assert not any("High-Society" in w for w in words)
        _act(d, "sacrifice " + ("Savannah Lions" if victim == "lions" else "Cat Token"))
    while d.step() == "declare attackers":
        d.apply_action(d.legal_actions()[0])
    assert d.game.counters(hunter) == ({} if victim is None else {"+1/+1": 1})
    assert len(d.hand(a)) == hand + (1 if victim == "lions" else 0)
    assert len(_named(d, a, "Savannah Lions")) == (0 if victim == "lions" else 1)


HUNTERS = _deck(
    {"Swamp": 17},
    ["High-Society Hunter", "Vengeful Bloodwitch", "Stab", "Arbiter of Woe"],
)


def test_the_hunter_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(HUNTERS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2])
def test_attack_sacrifices_play_alike_in_both_duels(seed):
    """Random games of High-Society Hunter: the same legal actions, observations, outcome and
    bytes in both duels."""
    play_alike(HUNTERS, ELVES, seed)
