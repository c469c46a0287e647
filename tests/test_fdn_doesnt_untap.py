"""A permanent that doesn't untap during its controller's untap step (502.3) and an ability that
triggers at the beginning of each end step, whoever's turn it is (513.1a): Slumbering Cerberus
in both duels."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage, fdn
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import oracle
from test_fdn_combat_restrictions import _attack_with, _duel
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import _next_turn_of, _pass_until
from test_pauper_duel import _act

IMPLS = [Duel, ReferenceDuel]
CERBERUS = (
    "This creature doesn't untap during your untap step.\n"
    "Morbid — At the beginning of each end step, if a creature died this turn, untap this "
    "creature."
)


@pytest.mark.parametrize("impl", IMPLS)
def test_slumbering_cerberus_stays_tapped_until_a_creature_dies(impl):
    """'This creature doesn't untap during your untap step. Morbid — At the beginning of each
    end step, if a creature died this turn, untap this creature.' — it attacks and stays tapped
    through its controller's end step (nothing died), the opponent's turn and its
    controller's next untap step (502.3); on the opponent's following turn the opponent's
    Savannah Lions dies to Stab, and at that turn's end step (each end step, 513.1a) it
    untaps."""
    oracle("Slumbering Cerberus", CERBERUS)
    assert "Slumbering Cerberus" not in fdn.GAPS
    assert coverage.card_coverage("Slumbering Cerberus", "fdn").playable
    d = _duel(impl, "Mountain")
    a = d.active_player()
    b = 1 - a
    dog = d.add_card(a, "Slumbering Cerberus", "battlefield")
    _attack_with(d, "Slumbering Cerberus")
    assert d.game.is_tapped(dog)
    _next_turn_of(d, b)
    assert d.game.life(b) == 16 and d.game.is_tapped(dog)
    _next_turn_of(d, a)
    assert d.game.is_tapped(dog), "it doesn't untap during its controller's untap step"
    _next_turn_of(d, b)
    d.add_card(b, "Swamp", "battlefield")
    d.add_card(b, "Savannah Lions", "battlefield")
    d.add_card(b, "Stab", "hand")
    _act(d, "cast Stab")
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: d.step() == "end")
    assert d.game.is_tapped(dog), "no end step has begun since the Lions died"
    _pass_until(d, lambda: not d.game.is_tapped(dog))
    assert d.active_player() == b and d.step() == "end"


RAKDOS = _deck(
    {"Mountain": 9, "Swamp": 8},
    ["Slumbering Cerberus", "Stab", "Savannah Lions", "Frenzied Goblin"],
)
SELESNYA = _deck(
    {"Plains": 9, "Forest": 8},
    ["Savannah Lions", "Healer's Hawk", "Gnarlid Colony", "Inspiring Paladin"],
)


@pytest.mark.parametrize("seed", [41, 42])
def test_doesnt_untap_plays_alike_in_both_duels(seed):
    """Random games with Slumbering Cerberus: the same legal actions, observations, outcome and
    bytes in both duels."""
    assert all(c.playable for c in coverage.coverage(RAKDOS + SELESNYA))
    play_alike(RAKDOS, SELESNYA, seed)
