""" "You may sacrifice another creature. If you do, …" as a creature attacks (608.2c, 701.21a)
and "whenever another nontoken creature dies": High-Society Hunter and Vampire Gourmand; their
Oracle texts quoted and shown doing it in the native and the reference duel alike."""

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


def _attack_alone_with(impl, name="High-Society Hunter"):
    """A duel at its active player's next declare attackers step: ``name``, Savannah Lions,
    Prideful Parent and the Cat token it created on its battlefield, a Savannah Lions on the
    other's; ``name`` attacks alone, its trigger's "may" asked."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    hunter = d.add_card(a, name, "battlefield")
    d.add_card(1 - a, "Savannah Lions", "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    _lands(d, a, "Plains", 3)
    d.add_card(a, "Prideful Parent", "hand")
    _act(d, "cast Prideful Parent")  # as it enters, its trigger creates a Cat token
    _pass_until(d, lambda: bool(_named(d, a, "Cat Token 1/1")))
    _next_turn_of(d, a)
    (cat,) = _named(d, a, "Cat Token 1/1")
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    _act(d, f"attack with {name}")
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
    oracle("High-Society Hunter", HUNTER)
    d, a, hunter, lions, cat = _attack_alone_with(impl)
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


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("sacrifice", [True, False])
def test_vampire_gourmand_sacrifices_to_draw_and_be_unblockable_608_2c(impl, sacrifice):
    """Its attack trigger: sacrificing another creature (the Hunter's sacrifice decision, not
    Gourmand itself offered) draws a card and it can't be blocked this turn (509.1b: the
    defending player's Lions isn't asked to block; 514.2: the restriction ends at cleanup); not
    sacrificing, neither."""
    oracle(
        "Vampire Gourmand",
        "Whenever this creature attacks, you may sacrifice another creature. If you do, draw a "
        "card and this creature can't be blocked this turn.",
    )
    d, a, gourmand, lions, _cat = _attack_alone_with(impl, "Vampire Gourmand")
    hand = len(d.hand(a))
    if sacrifice:
        _act(d, "yes")
        assert not any("Vampire Gourmand" in w for w in _words(d))
        _act(d, "sacrifice Savannah Lions")
    else:
        _act(d, "no")
    while d.step() == "declare attackers":
        d.apply_action(d.legal_actions()[0])
    assert len(d.hand(a)) == hand + sacrifice
    assert len(_named(d, a, "Savannah Lions")) == (0 if sacrifice else 1)
    assert d.game.has_keyword(gourmand, "can't be blocked") == sacrifice
    assert (d.decision() == "block") != sacrifice
    t = d.turn()
    while d.turn() == t:
        d.apply_action(d.legal_actions()[0])
    assert not d.game.has_keyword(gourmand, "can't be blocked")


HUNTERS = _deck(
    {"Swamp": 17},
    ["High-Society Hunter", "Vengeful Bloodwitch", "Stab", "Arbiter of Woe", "Vampire Gourmand"],
)


def test_the_hunter_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(HUNTERS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2])
def test_attack_sacrifices_play_alike_in_both_duels(seed):
    """Random games of High-Society Hunter: the same legal actions, observations, outcome and
    bytes in both duels."""
    play_alike(HUNTERS, ELVES, seed)
