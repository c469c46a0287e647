"""Foundations artifacts of activated abilities with sacrifice costs (602.2b, 701.21a) do what
their Oracle text says, on both implementations (see tests/test_fdn_cards_wub.py for how), and
in the native and the reference duel alike: Ravenous Amulet."""

from __future__ import annotations

import pytest
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import FDN, activate, drawn, library, oracle, put
from test_fdn_duel import BOROS, play_alike
from test_fdn_duel_choices import _act, _duel, _named, _next_turn_of, _pass_until, _words

IMPLS = [Duel, ReferenceDuel]

AMULET = (
    "{1}, {T}, Sacrifice a creature: Draw a card and put a soul counter on this artifact. "
    "Activate only as a sorcery.\n{4}, {T}, Sacrifice this artifact: Each opponent loses life "
    "equal to the number of soul counters on this artifact."
)


def test_ravenous_amulet(game):
    """The first ability sacrifices a creature (701.21a) as a cost, draws a card and puts a soul
    counter on the Amulet; the second sacrifices the Amulet itself, and each opponent loses
    life equal to its soul counters as it last existed (608.2h)."""
    oracle("Ravenous Amulet", AMULET)
    g = game()
    library(g, 0, 3)
    amulet = put(g, "Ravenous Amulet")
    (a, _) = FDN["Ravenous Amulet"].data["abilities"]
    assert a["cost"]["sacrifice_another"]["types"] == ["creature"] and a["cost"]["tap"]
    assert a["timing"] == "sorcery"
    for _ in range(2):
        g.move(put(g, "Savannah Lions"), "graveyard")  # the sacrifice, the game's part
        activate(g, amulet, "Ravenous Amulet")
    assert drawn(g) == ["Island", "Island"] and g.counters(amulet) == {"soul": 2}
    activate(g, amulet, "Ravenous Amulet", n=1)
    assert g.zone(amulet) == "graveyard" and g.life(1) == 18 and g.life(0) == 20


@pytest.mark.parametrize("impl", IMPLS)
def test_ravenous_amulet_in_the_duel_701_21a(impl):
    """In the duel the first ability is offered only with a creature to sacrifice, which its
    controller chooses (701.21a); with two soul counters, the second makes the opponent lose
    2 life as the Amulet is sacrificed (608.2h)."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    b = 1 - a
    amulet = d.add_card(a, "Ravenous Amulet", "battlefield")
    for _ in range(6):
        d.add_card(a, "Swamp", "battlefield")
    first = f"activate Ravenous Amulet ({amulet}) ability 0"
    assert not any(w.startswith(first) for w in _words(d)), "no creature to sacrifice"
    for souls in (1, 2):
        d.add_card(a, "Savannah Lions", "battlefield")
        _act(d, first)
        _act(d, "sacrifice Savannah Lions")
        _pass_until(d, lambda n=souls: d.game.counters(amulet) == {"soul": n})
        assert _named(d, a, "Savannah Lions") == []
        _next_turn_of(d, a)
    _act(d, f"activate Ravenous Amulet ({amulet}) ability 1")
    _pass_until(d, lambda: d.game.life(b) != 20)
    assert d.game.life(b) == 18 and _named(d, a, "Ravenous Amulet") == []


AMULETS = (
    ["Swamp"] * 16
    + ["Ravenous Amulet"] * 8
    + ["Savannah Lions", "Diregraf Ghoul", "Infestation Sage", "Plains"] * 4
)


@pytest.mark.parametrize("seed", [41])
def test_the_amulet_plays_alike_in_both_duels(seed):
    """Sacrifice costs and soul counters play the same games in both duels."""
    assert len(AMULETS) == 40
    play_alike(AMULETS, BOROS, seed)
