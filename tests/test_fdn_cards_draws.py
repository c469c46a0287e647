"""The Foundations cards of draw triggers do what their Oracle text says, on both
implementations (see tests/test_fdn_cards_wub.py for how): "whenever you draw a card", "whenever
you draw your second card each turn" and "whenever an opponent draws a card" (121.2, 603.2);
the duel's draws trigger them (tests/test_fdn_duel.py)."""

from __future__ import annotations

import pytest
from cardstate import cards
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import FDN, battlefield, fired, library, oracle, pt, put, resolve
from test_fdn_duel import SULTAI, _deck, play_alike


def test_clinquant_skymage(game):
    """'Flying\\nWhenever you draw a card, put a +1/+1 counter on this creature.' — 121.2: each
    card its controller draws triggers it once; an opponent's draw doesn't."""
    oracle(
        "Clinquant Skymage",
        "Flying\nWhenever you draw a card, put a +1/+1 counter on this creature.",
    )
    g = game()
    skymage = put(g, "Clinquant Skymage")
    assert g.has_keyword(skymage, "flying") and pt(g, skymage) == (1, 1)
    g.take_events()
    assert fired(g, [cards.drew(1)]) == []
    fs = fired(g, [cards.drew(0, 1), cards.drew(0, 2)])
    assert [(f.source, f.triggering) for f in fs] == [(skymage, 0), (skymage, 0)]
    for f in fs:
        resolve(g, f)
    assert g.counters(skymage) == {"+1/+1": 2} and pt(g, skymage) == (3, 3)


def test_erudite_wizard(game):
    """'Whenever you draw your second card each turn, put a +1/+1 counter on this creature.' —
    121.2: only the second card its controller draws in a turn triggers it (the first and third
    don't; an opponent's second card doesn't)."""
    oracle(
        "Erudite Wizard",
        "Whenever you draw your second card each turn, put a +1/+1 counter on this creature.",
    )
    g = game()
    wizard = put(g, "Erudite Wizard")
    g.take_events()
    assert fired(g, [cards.drew(0, 1), cards.drew(0, 3), cards.drew(1, 2)]) == []
    (f,) = fired(g, [cards.drew(0, 2)])
    assert f.source == wizard and f.controller == 0
    resolve(g, f)
    assert g.counters(wizard) == {"+1/+1": 1} and pt(g, wizard) == (3, 4)


def test_mischievous_mystic(game):
    """'Flying\\nWhenever you draw your second card each turn, create a 1/1 blue Faerie creature
    token with flying.'"""
    oracle(
        "Mischievous Mystic",
        "Flying\nWhenever you draw your second card each turn, create a 1/1 blue Faerie "
        "creature token with flying.",
    )
    g = game()
    mystic = put(g, "Mischievous Mystic")
    assert g.has_keyword(mystic, "flying") and pt(g, mystic) == (2, 1)
    g.take_events()
    assert fired(g, [cards.drew(0, 1)]) == []
    (f,) = fired(g, [cards.drew(0, 2)])
    resolve(g, f)
    (faerie,) = battlefield(g, 0, "Faerie Token 1/1")
    assert pt(g, faerie) == (1, 1) and g.has_keyword(faerie, "flying")
    assert FDN["Faerie Token 1/1"].card.info["colours"] == ["U"]


def test_scrawling_crawler(game):
    """'At the beginning of your upkeep, each player draws a card.\\nWhenever an opponent draws
    a card, that player loses 1 life.' — 121.2: "that player" is the opponent who drew; its
    controller's own draws don't trigger it."""
    oracle(
        "Scrawling Crawler",
        "At the beginning of your upkeep, each player draws a card.\nWhenever an opponent "
        "draws a card, that player loses 1 life.",
    )
    g = game()
    crawler = put(g, "Scrawling Crawler")
    assert set(g.types(crawler)) >= {"artifact", "creature"} and pt(g, crawler) == (3, 2)
    library(g, 0, 2)
    library(g, 1, 2)
    g.take_events()
    assert fired(g, [cards.upkeep(1)]) == []
    (f,) = fired(g, [cards.upkeep(0)])
    resolve(g, f)
    assert len(g.objects("hand", 0)) == 1 and len(g.objects("hand", 1)) == 1
    assert fired(g, [cards.drew(0)]) == []
    (f,) = fired(g, [cards.drew(1)])
    assert f.triggering == 1
    resolve(g, f)
    assert g.life(1) == 19 and g.life(0) == 20


@pytest.mark.parametrize("duel", [Duel, ReferenceDuel])
def test_the_duels_draws_trigger_121_2(duel):
    """CR 121.2: each card drawn — in the draw step (504.1), by an effect (Phyrexian Arena's "At
    the beginning of your upkeep, you draw a card and you lose 1 life.", Scrawling Crawler's
    "each player draws a card") — is a draw its abilities see; the cards a player drew are
    counted each turn from none, whoever's turn it is (the second card of the turn is the
    draw step's after the Arena's, not one of the opponent's turn)."""
    d = duel(["Island"] * 40, ["Island"] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False)
    while d.step() != "main1":
        d.apply_action(0)
    a, turn = d.active_player(), d.turn()
    b = 1 - a
    wizard = d.add_card(a, "Erudite Wizard", "battlefield")
    d.add_card(a, "Mischievous Mystic", "battlefield")
    skymage = d.add_card(a, "Clinquant Skymage", "battlefield")
    d.add_card(a, "Phyrexian Arena", "battlefield")
    d.add_card(b, "Scrawling Crawler", "battlefield")

    def faeries():
        return [x for x in d.battlefield(a) if d.game.name(x) == "Faerie Token 1/1"]

    while not (d.turn() == turn + 1 and d.step() == "main1"):
        d.apply_action(d.legal_actions()[0])  # pass, and no attack or block
    # The opponent's upkeep: the Crawler's "each player draws" is a's first card that turn.
    assert d.game.counters(skymage) == {"+1/+1": 1} and d.game.counters(wizard) == {}
    assert d.game.life(a) == 19 and d.game.life(b) == 20, "its controller's draws don't count"
    while not (d.turn() == turn + 2 and d.step() == "main1"):
        d.apply_action(d.legal_actions()[0])
    # a's upkeep: the Arena's draw (the first card), then the draw step's (the second).
    assert d.game.counters(skymage) == {"+1/+1": 3}
    assert d.game.counters(wizard) == {"+1/+1": 1} and len(faeries()) == 1
    assert d.game.life(a) == 19 - 1 - 2


DRAWS = _deck(
    {"Island": 9, "Swamp": 8},
    [
        "Erudite Wizard",
        "Mischievous Mystic",
        "Clinquant Skymage",
        "Scrawling Crawler",
        "Phyrexian Arena",
        "Lunar Insight",
        "Strix Lookout",
        "Icewind Elemental",
        "Aegis Turtle",
        "Essence Scatter",
        "Stab",
        "Vampire Nighthawk",
    ],
)


@pytest.mark.parametrize("seed", [9, 10])
def test_draw_triggers_play_alike_in_both_duels(seed):
    """The draw triggers (121.2) play the same games in both duels."""
    assert all(c.playable for c in coverage.coverage(DRAWS))
    play_alike(DRAWS, SULTAI, seed)
