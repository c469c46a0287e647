"""Madness (702.35) in the duel, on both implementations: Fiery Temper discarded into exile, its
madness trigger, and its owner's choice to cast it for its madness cost; random games of it play
alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from test_pauper_duel import (
    PAUPER,
    _act,
    _duel,
    _names,
    _play_alike,
    _random_deck,
    _to_main,
    _words,
)

TEMPER = (
    "Fiery Temper deals 3 damage to any target.\nMadness {R} (If you discard this card, discard "
    "it into exile. When you do, cast it for its madness cost or put it into your graveyard.)"
)


def test_fiery_temper_text_and_madness():
    """The Oracle text; the compiled madness cost."""
    card = PAUPER["Fiery Temper"]
    assert card.card.oracle == TEMPER
    (madness,) = [a for a in card.data["abilities"] if a["kind"] == "madness"]
    assert madness["cost"]["text"] == "{R}"
    assert coverage.card_coverage("Fiery Temper", "pauper").playable


def _discard_temper_to_grab(d, a, mountains):
    """Player ``a`` casts Grab the Prize, discarding Fiery Temper for its cost."""
    for _ in range(mountains):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Grab the Prize", "hand")
    d.add_card(a, "Fiery Temper", "hand")
    _act(d, "cast Grab the Prize")
    _act(d, "discard Fiery Temper")
    assert _names(d, "exile", a) == ["Fiery Temper"]  # 702.35a: discarded into exile
    assert "Fiery Temper" not in _names(d, "graveyard", a)


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_madness_casts_it_for_its_madness_cost_702_35a(impl):
    """CR 702.35a: discarded for Grab the Prize's cost, Fiery Temper is exiled; its madness
    trigger goes on the stack above Grab the Prize, and as it resolves its owner chooses to cast
    it for {R} (an instant-speed cast, any target): 3 damage, then Grab the Prize's 2 (the
    discarded card wasn't a land card)."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    _discard_temper_to_grab(d, a, 3)
    d.apply_action(0)
    d.apply_action(0)  # the madness trigger resolves
    assert d.decision() == "yes_no" and d.current_player() == a
    assert _words(d) == [
        "yes, cast Fiery Temper for its madness cost",
        "no, put Fiery Temper into your graveyard",
    ]
    _act(d, "yes")
    _act(d, f"target player {1 - a}")
    assert all(d.game.is_tapped(x) for x in d.game.objects("battlefield", a))  # {1}{R} + {R}
    d.apply_action(0)
    d.apply_action(0)
    assert d.game.life(1 - a) == 17
    assert "Fiery Temper" in _names(d, "graveyard", a)
    d.apply_action(0)
    d.apply_action(0)  # Grab the Prize
    assert d.game.life(1 - a) == 15


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_madness_declined_or_unpayable_puts_it_into_the_graveyard(impl):
    """702.35a: "or put it into your graveyard" — declined (no), or with no mana left for {R}
    (no decision), the card goes from exile to its owner's graveyard."""
    for mountains, decline in ((3, True), (2, False)):
        d = _duel(impl)
        _to_main(d)
        a = d.active_player()
        _discard_temper_to_grab(d, a, mountains)
        d.apply_action(0)
        d.apply_action(0)
        if decline:
            _act(d, "no")
        assert d.decision() == "priority"
        assert _names(d, "exile", a) == []
        assert "Fiery Temper" in _names(d, "graveyard", a)
        assert d.game.life(1 - a) == 20


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_an_effects_discard_is_madness_too(impl):
    """701.9a, 702.35a: discarded by Faithless Looting's effect (its caster's choice), Fiery
    Temper goes to exile and may be cast for {R}."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    for _ in range(2):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Faithless Looting", "hand")
    d.add_card(a, "Fiery Temper", "hand")
    _act(d, "cast Faithless Looting")
    d.apply_action(0)
    d.apply_action(0)
    _act(d, "discard Fiery Temper")
    d.apply_action(d.legal_actions()[0])
    assert "Fiery Temper" in _names(d, "exile", a)
    d.apply_action(0)
    d.apply_action(0)
    _act(d, "yes")
    _act(d, f"target player {1 - a}")
    d.apply_action(0)
    d.apply_action(0)
    assert d.game.life(1 - a) == 17


MADNESS = _random_deck(
    {
        "Fiery Temper": 10,
        "Faithless Looting": 8,
        "Grab the Prize": 8,
        "Masked Meower": 4,
        "Lightning Bolt": 6,
    }
)


@pytest.mark.parametrize("seed", [1, 2])
def test_madness_plays_alike_in_both_duels(seed):
    """Random games of Fiery Temper (discarded by Faithless Looting, Grab the Prize, Masked
    Meower and to the hand size) play the same in both duels: the same legal actions, words,
    observations, outcome and bytes; it is cast for its madness cost in them."""
    assert (
        _play_alike(
            MADNESS,
            seed,
            lambda w: "madness cost" in w or w.startswith(("cast Grab", "cast Faithless")),
            lambda w: "madness cost" in w,
        )
        > 0
    )
