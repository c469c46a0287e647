"""A discard as a spell's additional cost (601.2f-h, 701.9a) in the duel, on both
implementations: Grab the Prize, the card discarded the caster's choice and read as the spell
resolves; random games of it play alike."""

from __future__ import annotations

import pytest
from cardstate import cards
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

GRAB = (
    "As an additional cost to cast this spell, discard a card.\nDraw two cards. If the "
    "discarded card wasn't a land card, Grab the Prize deals 2 damage to each opponent."
)


def test_grab_the_prize_text_and_cost():
    """The Oracle text; the compiled additional cost and the condition on the discarded card."""
    card = PAUPER["Grab the Prize"]
    assert card.card.oracle == GRAB
    (cost,) = [a for a in card.data["abilities"] if a["kind"] == "additional_cost"]
    assert cost["discard"] == 1
    assert coverage.card_coverage("Grab the Prize", "pauper").playable


def test_on_a_bare_game_no_card_was_discarded(game):
    """On a bare ``Game`` no layer pays the cost: there is no discarded card, so none that was
    a land, and the spell draws two and deals 2 damage."""
    g = game()
    for _ in range(3):
        cards.place(g, "Lightning Bolt", 0, "library", pool=PAUPER)
    cards.resolve(g, "Grab the Prize", 0, [], pool=PAUPER)
    assert g.life(1) == 18 and len(g.objects("hand", 0)) == 2


def _grab(d, a, discard):
    """Casts Grab the Prize with a Lightning Bolt and a Mountain in hand besides, discarding
    ``discard``; resolves it."""
    for _ in range(2):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Grab the Prize", "hand")
    d.add_card(a, "Lightning Bolt", "hand")
    hand = len(d.hand(a))
    _act(d, "cast Grab the Prize")
    assert d.decision() == "discard" and d.current_player() == a
    words = _words(d)
    assert "discard Lightning Bolt" in " ".join(words) and "discard Mountain" in " ".join(words)
    assert not any("Grab the Prize" in w for w in words)  # it is on the stack, not in hand
    _act(d, f"discard {discard}")
    assert _names(d, "graveyard", a) == [discard]
    assert all(d.game.is_tapped(x) for x in d.game.objects("battlefield", a))
    d.apply_action(0)
    d.apply_action(0)
    assert len(d.hand(a)) == hand - 2 + 2  # cast, discarded, then two drawn
    assert "Grab the Prize" in _names(d, "graveyard", a)


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_discarding_a_nonland_card_deals_2_damage_601_2h(impl):
    """CR 601.2f-h, 701.9a: the additional cost is paid as the spell is cast — the caster
    chooses the card it discards (a discard decision over the rest of its hand); the discarded
    Lightning Bolt wasn't a land card: Grab the Prize draws two and deals 2 damage to each
    opponent."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    _grab(d, a, "Lightning Bolt")
    assert d.game.life(1 - a) == 18 and d.game.life(a) == 20


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_discarding_a_land_card_deals_no_damage(impl):
    """The discarded Mountain was a land card: Grab the Prize only draws two."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    _grab(d, a, "Mountain")
    assert d.game.life(1 - a) == 20


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_grab_the_prize_needs_a_card_to_discard(impl):
    """601.2h: a cost is paid in full — with no other card in hand, Grab the Prize isn't
    offered; with one, it is."""
    bolts = ["Lightning Bolt"] * 40
    d = impl(bolts, bolts, pool="pauper", seed=1, auto_pass=False, mulligans=False)
    while d.step() != "main1" or d.current_player() != d.active_player():
        d.apply_action(d.legal_actions()[0])
    a = d.active_player()
    for _ in range(len(d.hand(a)) + 2):  # two left for Grab the Prize
        d.add_card(a, "Mountain", "battlefield")
    # The hand emptied: its Bolts cast (six at the opponent, the others at their caster).
    for k in range(len(d.hand(a))):
        _act(d, "cast Lightning Bolt")
        _act(d, f"target player {1 - a if k < 6 else a}")
        d.apply_action(0)
        d.apply_action(0)
    d.add_card(a, "Grab the Prize", "hand")
    assert d.hand(a) == ["Grab the Prize"]
    assert not any(w.startswith("cast Grab the Prize") for w in _words(d))
    d.add_card(a, "Lightning Bolt", "hand")
    assert any(w.startswith("cast Grab the Prize") for w in _words(d))


GRABS = _random_deck(
    {
        "Grab the Prize": 12,
        "Guttersnipe": 6,
        "Lightning Bolt": 8,
        "Faithless Looting": 4,
        "Great Furnace": 4,
    }
)


@pytest.mark.parametrize("seed", [1, 2])
def test_additional_costs_play_alike_in_both_duels(seed):
    """Random games of Grab the Prize play the same in both duels: the same legal actions,
    words, observations, outcome and bytes; it is cast in them."""
    assert _play_alike(GRABS, seed, lambda w: w.startswith("cast Grab")) > 0
