"""Triggers that carry an amount ("that many", "that much": the damage dealt, the life lost;
603.2, 119.3): Drake Hatcher and Bloodthirsty Conqueror; each card's Oracle text quoted and
shown doing it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _named, _pass_until
from test_fdn_duel_modes import _lands

HATCHER = (
    "Vigilance, prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until "
    "end of turn.)\nWhenever this creature deals combat damage to a player, put that many "
    "incubation counters on it.\nRemove three incubation counters from this creature: Create a "
    "2/2 blue Drake creature token with flying."
)
CONQUEROR = (
    "Flying, deathtouch\nWhenever an opponent loses life, you gain that much life. (Damage "
    "causes loss of life.)"
)


def _attack_with(d, a, name):
    """From a's first main phase: a attacks with ``name`` and the opponent blocks with
    nothing; plays on until a's second main phase."""
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    _act(d, f"attack with {name}")
    while not (d.step() == "main2" and d.current_player() == a):
        d.apply_action(d.legal_actions()[0])


@pytest.mark.parametrize("impl", IMPLS)
def test_drake_hatcher_puts_that_many_incubation_counters_603_2(impl):
    """Drake Hatcher, pumped by Giant Growth (+3/+3) and its prowess (+1/+1), deals 5 combat
    damage to the defending player: its trigger puts that many — five — incubation counters on
    it. Removing three (a cost, 602.2b) creates a 2/2 Drake with flying and leaves two; with two
    left the ability can't be activated again."""
    oracle("Drake Hatcher", HATCHER)
    d = _duel(impl, "Forest")
    a = d.active_player()
    hatcher = d.add_card(a, "Drake Hatcher", "battlefield")
    _lands(d, a, "Forest", 1)
    d.add_card(a, "Giant Growth", "hand")
    _act(d, "cast Giant Growth")
    while d.decision() == "target":
        _act(d, "target Drake Hatcher")
    while d.game.objects("stack"):
        d.apply_action(d.legal_actions()[0])
    _attack_with(d, a, "Drake Hatcher")
    assert d.game.life(1 - a) == 15
    assert not d.is_tapped(hatcher)  # vigilance (702.20b)
    assert d.game.counters(hatcher).get("incubation") == 5
    _act(d, "activate Drake Hatcher")
    assert d.game.counters(hatcher).get("incubation") == 2  # paid as it is activated
    _pass_until(d, lambda: _named(d, a, "Drake Token 2/2"))
    (drake,) = _named(d, a, "Drake Token 2/2")
    assert d.game.has_keyword(drake, "flying")
    assert not any(
        w.startswith("activate Drake Hatcher") for w in map(d.action_to_string, d.legal_actions())
    )


@pytest.mark.parametrize("impl", IMPLS)
def test_bloodthirsty_conqueror_gains_the_life_an_opponent_lost_119_3(impl):
    """Bloodthirsty Conqueror deals 5 combat damage to the opponent (damage causes that much
    loss of life, 120.3a): its controller gains 5. The opponent's own Conqueror doesn't
    trigger: the player who lost life is its controller, not an opponent of its controller."""
    oracle("Bloodthirsty Conqueror", CONQUEROR)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    d.add_card(a, "Bloodthirsty Conqueror", "battlefield")
    d.add_card(1 - a, "Bloodthirsty Conqueror", "battlefield")
    _attack_with(d, a, "Bloodthirsty Conqueror")
    assert d.game.life(1 - a) == 15
    assert d.game.life(a) == 25


@pytest.mark.parametrize("impl", IMPLS)
def test_bloodthirsty_conqueror_sees_any_life_loss_of_an_opponent_119_3(impl):
    """The loss needn't be damage nor come from a source of its controller's: the opponent's
    own Phyrexian Arena ("At the beginning of your upkeep, you draw a card and you lose 1
    life.") makes it lose 1 life in its upkeep — Bloodthirsty Conqueror gains its controller
    1."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    d.add_card(a, "Bloodthirsty Conqueror", "battlefield")
    d.add_card(1 - a, "Phyrexian Arena", "battlefield")
    while d.active_player() == a or d.step() != "draw":
        d.apply_action(d.legal_actions()[0])
    _pass_until(d, lambda: d.game.life(a) == 21)
    assert d.game.life(1 - a) == 19
    assert d.active_player() == 1 - a


AMOUNTS = _deck(
    {"Island": 8, "Swamp": 9},
    ["Drake Hatcher", "Bloodthirsty Conqueror", "Phyrexian Arena", "Fleeting Distraction"],
)


def test_the_amounts_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(AMOUNTS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_amounts_play_alike_in_both_duels(seed):
    """Random games of the amount-carrying triggers: the same legal actions, observations,
    outcome and bytes in both duels."""
    play_alike(AMOUNTS, ELVES, seed)
