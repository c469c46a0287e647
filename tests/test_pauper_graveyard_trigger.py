"""A triggered ability that functions from its card's graveyard (113.6k) and "your third card
drawn in a turn" (121.2), in the duel, on both implementations: Sneaky Snacker; random games of
it play alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from test_pauper_duel import PAUPER, _act, _duel, _names, _random_deck

SNACKER = (
    "Flying\nWhen you draw your third card in a turn, return this card from your graveyard to "
    "the battlefield tapped."
)


def test_sneaky_snacker_text_and_trigger():
    """The Oracle text; the compiled trigger waits for the third card drawn and functions from
    the graveyard."""
    card = PAUPER["Sneaky Snacker"]
    assert card.card.oracle == SNACKER
    (t,) = card.data["abilities"]
    assert (t["event"], t["from_graveyard"]) == ("you_draw_third", True)
    assert t["program"][0]["to"] == "battlefield_tapped"
    assert coverage.card_coverage("Sneaky Snacker", "pauper").playable


def _second_turn(impl):
    """The second turn's first main phase (its player drew one card this turn), and its
    player."""
    d = _duel(impl)
    while d.turn() != 2 or d.step() != "main1":
        d.apply_action(d.legal_actions()[0])
    return d, d.active_player()


def _loot(d, a):
    """Player ``a`` casts Faithless Looting (two cards drawn, two discarded)."""
    for _ in range(3):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Faithless Looting", "hand")
    _act(d, "cast Faithless Looting")
    d.apply_action(0)
    d.apply_action(0)
    while d.decision() == "discard":
        d.apply_action(d.legal_actions()[0])


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_the_third_card_drawn_returns_it_tapped_113_6k(impl):
    """CR 113.6k, 121.2: drawn at the draw step and twice by Faithless Looting, the player's
    third card this turn triggers Sneaky Snacker in its graveyard; it returns to the
    battlefield tapped."""
    d, a = _second_turn(impl)
    d.add_card(a, "Sneaky Snacker", "graveyard")
    _loot(d, a)
    assert "Sneaky Snacker" in _names(d, "graveyard", a)  # the trigger is on the stack
    d.apply_action(0)
    d.apply_action(0)
    (snacker,) = [x for x in d.game.objects("battlefield", a) if "Snacker" in d.game.name(x)]
    assert d.game.is_tapped(snacker) and d.game.has_keyword(snacker, "flying")
    assert "Sneaky Snacker" not in _names(d, "graveyard", a)


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_only_the_third_card_and_only_from_the_graveyard(impl):
    """The starting player's first turn has no draw (103.8a): Looting's two cards are its first
    and second, and nothing triggers; a Sneaky Snacker on the battlefield doesn't trigger (its
    ability functions only in the graveyard), nor does the opponent's in its graveyard."""
    d = _duel(impl)
    while d.step() != "main1":
        d.apply_action(0)
    a = d.active_player()
    d.add_card(a, "Sneaky Snacker", "graveyard")
    _loot(d, a)
    d.apply_action(0)
    d.apply_action(0)
    assert d.step() != "main1"  # no trigger: the passes ended the phase
    assert "Sneaky Snacker" in _names(d, "graveyard", a)
    d, a = _second_turn(impl)
    d.add_card(a, "Sneaky Snacker", "battlefield")
    d.add_card(1 - a, "Sneaky Snacker", "graveyard")
    _loot(d, a)
    d.apply_action(0)
    d.apply_action(0)
    assert d.step() != "main1"
    assert "Sneaky Snacker" in _names(d, "graveyard", 1 - a)


SNACKERS = _random_deck(
    {
        "Sneaky Snacker": 8,
        "Faithless Looting": 8,
        "Grab the Prize": 8,
        "Masked Meower": 4,
        "Lightning Bolt": 8,
    }
)


@pytest.mark.parametrize("seed", [1, 2])
def test_graveyard_triggers_play_alike_in_both_duels(seed):
    """Random games of Sneaky Snacker (discarded by Faithless Looting, Grab the Prize and
    Masked Meower) play the same in both duels: the same legal actions, words, observations,
    outcome and bytes; it returns from a graveyard in them."""
    returned = 0

    def watch(native, words):
        nonlocal returned
        on_battlefield = native.game.objects("battlefield")
        returned += any("Snacker" in native.game.name(x) for x in on_battlefield)

    duel_support.play_alike(
        SNACKERS,
        SNACKERS,
        seed,
        pool="pauper",
        prefer=lambda w: "Looting" in w or "Grab" in w,
        watch=watch,
    )
    assert returned > 0
