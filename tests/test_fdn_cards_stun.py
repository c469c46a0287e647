"""Stun counters (122.1d) in both kernels and both duels, and the Foundations card that puts
them: Grappling Kraken."""

from __future__ import annotations

import pytest
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import fired, oracle, pt, put, resolve
from test_fdn_duel import play_alike
from test_fdn_duel_choices import _duel, _next_turn_of

IMPLS = [Duel, ReferenceDuel]


def test_a_stun_counter_replaces_untapping_122_1d(game):
    """CR 122.1d: "If a permanent with a stun counter on it would become untapped, instead
    remove a stun counter from it." — one counter per untap; an untapped permanent keeps its
    counters (it wouldn't become untapped)."""
    g = game()
    x = put(g, "Savannah Lions")
    g.add_counters(x, "stun", 2)
    assert g.untap(x) is False and g.counters(x) == {"stun": 2}, "untapped already"
    g.tap(x)
    assert g.untap(x) is False and g.is_tapped(x) and g.counters(x) == {"stun": 1}
    assert g.untap(x) is False and g.is_tapped(x) and g.counters(x) == {}
    assert g.untap(x) is True and not g.is_tapped(x)


def test_grappling_kraken(game):
    """'Landfall — Whenever a land you control enters, tap target creature an opponent controls
    and put a stun counter on it. (If a permanent with a stun counter would become untapped,
    remove one from it instead.)' — 207.2c, 603.6a: an opponent's land doesn't trigger it."""
    oracle(
        "Grappling Kraken",
        "Landfall — Whenever a land you control enters, tap target creature an opponent "
        "controls and put a stun counter on it. (If a permanent with a stun counter would become "
        "untapped, remove one from it instead.)",
    )
    g = game()
    kraken, lions = put(g, "Grappling Kraken"), put(g, "Savannah Lions", 1)
    assert pt(g, kraken) == (5, 6)
    g.take_events()
    put(g, "Island", 1)
    assert fired(g) == []
    put(g, "Island")
    (f,) = fired(g)
    resolve(g, f, [lions])
    assert g.is_tapped(lions) and g.counters(lions) == {"stun": 1}
    g.untap(lions)
    assert g.is_tapped(lions) and g.counters(lions) == {}


@pytest.mark.parametrize("impl", IMPLS)
def test_grappling_kraken_in_the_duel(impl):
    """The Kraken's landfall trigger, its only target the opponent's creature: tapped and
    stunned, it stays tapped through its controller's next untap step (502.3: the stun
    counter is removed instead, 122.1d), and the untap step after that untaps it."""
    d = _duel(impl, "Island")
    a = d.active_player()
    b = 1 - a
    d.add_card(a, "Grappling Kraken", "battlefield")
    lions = d.add_card(b, "Savannah Lions", "battlefield")
    d.add_card(a, "Island", "hand")
    (play,) = [x for x in d.legal_actions() if d.action_to_string(x).startswith("play Island")]
    d.apply_action(play)
    while d.game.counters(lions) == {}:
        d.apply_action(d.legal_actions()[0])
    assert d.game.is_tapped(lions) and d.game.counters(lions) == {"stun": 1}
    _next_turn_of(d, b)
    assert d.game.is_tapped(lions) and d.game.counters(lions) == {}
    _next_turn_of(d, b)
    assert not d.game.is_tapped(lions)


KRAKEN = (
    ["Island"] * 17 + ["Grappling Kraken"] * 10 + ["Llanowar Elves", "Forest"] * 6 + ["Serra Angel"]
)


@pytest.mark.parametrize("seed", [31])
def test_stun_plays_alike_in_both_duels(seed):
    """Landfall stuns and skipped untaps play the same games in both duels."""
    assert len(KRAKEN) == 40
    play_alike(KRAKEN, KRAKEN, seed)
