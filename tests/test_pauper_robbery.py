"""Highway Robbery in the duel, on both implementations: "You may discard a card or sacrifice a
land. If you do, draw two cards." (608.2c, 701.9b, 701.21a) and plot (702.170); random games of
the Burn mirror play alike in both duels."""

from __future__ import annotations

from typing import Any

import duel_support
import pytest
from cardstate import cards
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from test_pauper_duel import PAUPER, _act, _duel, _names, _to_main, _words

ROBBERY = (
    "You may discard a card or sacrifice a land. If you do, draw two cards.\nPlot {1}{R} (You may "
    "pay {1}{R} and exile this card from your hand. Cast it as a sorcery on a later turn without "
    "paying its mana cost. Plot only as a sorcery.)"
)
YES, NO = 1, 2


def test_highway_robbery_text_and_plot():
    """The Oracle text; the compiled plot cost."""
    card = PAUPER["Highway Robbery"]
    assert card.card.oracle == ROBBERY
    (plot,) = [a for a in card.data["abilities"] if a["kind"] == "plot"]
    assert plot["cost"]["text"] == "{1}{R}"
    assert coverage.card_coverage("Highway Robbery", "pauper").playable


def test_a_sacrifice_answer_is_checked(game):
    """On a bare game: the sacrifice is asked of the player with its lands as the candidates;
    an answer naming a permanent that isn't one, or too many, is refused and the request
    stays; the land chosen goes to its owner's graveyard (701.21a)."""
    g = game()
    lands = [cards.place(g, "Mountain", 0, "battlefield", pool=PAUPER) for _ in range(2)]
    meower = cards.place(g, "Masked Meower", 0, "battlefield", pool=PAUPER)
    r = cards.Resolution(g, "Highway Robbery", 0, pool=PAUPER)
    assert r.run().kind == "may"  # "you may discard a card" (an empty hand)
    r.answer(True)
    assert r.run().kind == "may"  # nothing discarded: "or sacrifice a land"
    r.answer(True)
    req = r.run()
    assert req.kind == "sacrifice" and req.player == 0 and req.min == req.max == 1
    assert sorted(req.candidates) == sorted(lands)
    with pytest.raises(ValueError):
        r.answer([meower])
    with pytest.raises(ValueError):
        r.answer(lands)
    assert r.run() == req
    r.answer([lands[1]])
    assert isinstance(r.run(), cards.Outcome)
    assert [g.name(x) for x in g.objects("graveyard", 0)] == ["Mountain"]
    assert lands[0] in g.objects("battlefield", 0) and lands[1] not in g.objects("battlefield", 0)


def _cast_robbery(d: Any) -> int:
    """The active player casts Highway Robbery (not plotting it) with two Mountains and a
    Lightning Bolt in hand; it resolves up to its first choice. Returns that player."""
    _to_main(d)
    a = d.active_player()
    for _ in range(2):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Lightning Bolt", "hand")
    d.add_card(a, "Highway Robbery", "hand")
    _act(d, "cast Highway Robbery")
    _act(d, "no, cast Highway Robbery")
    d.apply_action(0)
    d.apply_action(0)
    assert d.decision() == "yes_no" and d.current_player() == a  # "you may discard"
    return a


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_discarding_draws_two_608_2c(impl):
    """Discarding a card (the player's choice, 701.9b) draws two; no land is sacrificed."""
    d = _duel(impl)
    a = _cast_robbery(d)
    hand = len(d.hand(a))
    d.apply_action(YES)
    assert d.decision() == "discard"
    _act(d, "discard Lightning Bolt")
    assert len(d.hand(a)) == hand + 1  # one discarded, two drawn
    assert sorted(_names(d, "graveyard", a)) == ["Highway Robbery", "Lightning Bolt"]
    assert _names(d, "battlefield", a).count("Mountain") == 2


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_sacrificing_a_land_draws_two_701_21a(impl):
    """Not discarding, the player may sacrifice a land of its choice (701.21a: a decision over
    its lands' permanent slots) and draws two."""
    d = _duel(impl)
    a = _cast_robbery(d)
    hand = len(d.hand(a))
    d.apply_action(NO)
    assert d.decision() == "yes_no"  # "or sacrifice a land"
    d.apply_action(YES)
    assert d.decision() == "sacrifice" and d.current_player() == a
    words = _words(d)
    assert len(words) == 2 and all(w.startswith("sacrifice Mountain") for w in words)
    d.apply_action(d.legal_actions()[0])
    assert _names(d, "battlefield", a).count("Mountain") == 1
    assert sorted(_names(d, "graveyard", a)) == ["Highway Robbery", "Mountain"]
    assert len(d.hand(a)) == hand + 2


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_doing_neither_draws_nothing_608_2c(impl):
    """ "If you do": declining both, nothing is drawn."""
    d = _duel(impl)
    a = _cast_robbery(d)
    hand = len(d.hand(a))
    d.apply_action(NO)
    d.apply_action(NO)
    assert d.decision() == "priority" and len(d.hand(a)) == hand
    assert _names(d, "battlefield", a).count("Mountain") == 2


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_plotted_robbery_is_cast_free_on_a_later_turn_702_170d(impl):
    """Plotted ({1}{R} paid, exiled), it is cast from exile on its owner's next turn without
    paying its mana cost."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    for _ in range(2):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Highway Robbery", "hand")
    _act(d, "cast Highway Robbery")
    _act(d, "yes, plot Highway Robbery")
    assert _names(d, "exile", a) == ["Highway Robbery"]
    while not (d.active_player() == a and d.step() == "main1" and d.turn() > 1):
        d.apply_action(0 if d.decision() == "priority" else d.legal_actions()[0])
    hand = len(d.hand(a))
    _act(d, "cast Highway Robbery (exile slot 0)")
    d.apply_action(0)
    d.apply_action(0)
    d.apply_action(YES)
    d.apply_action(d.legal_actions()[0])
    assert len(d.hand(a)) == hand + 1
    assert _names(d, "exile", a) == [] and "Highway Robbery" in _names(d, "graveyard", a)


BURN = "burn"  # the Pauper Burn list


@pytest.mark.parametrize("seed", [1, 2])
def test_the_burn_mirror_plays_alike_in_both_duels(seed):
    """Random games of the Burn mirror play the same in both duels: the same legal actions,
    words, observations, outcome and bytes; Highway Robbery is offered to be plotted."""
    _, plots = duel_support.play_alike(
        BURN, BURN, seed, pool="pauper", counted=lambda w: w == "yes, plot Highway Robbery"
    )
    assert plots > 0
