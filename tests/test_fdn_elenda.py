"""Elenda, Saint of Dusk: hexproof from instants (702.11d) and static abilities that read its
controller's life total against the starting life total (119.1, 103.4: 20), on both kernels'
condition "this while N or more life" (611.3a: read continuously) and in the native and the
reference duel alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _words

ELENDA = "Elenda, Saint of Dusk"


def test_elenda_text_and_coverage():
    """The Oracle text; the card is playable."""
    oracle(
        ELENDA,
        "Lifelink, hexproof from instants\n"
        "As long as your life total is greater than your starting life total, Elenda gets "
        "+1/+1 and has menace. Elenda gets an additional +5/+5 as long as your life total is at "
        "least 10 greater than your starting life total.",
    )
    assert coverage.card_coverage(ELENDA).playable


def test_a_static_ability_while_its_controller_has_n_or_more_life_119_1_611_3a(game):
    """611.3a: "this while 21 or more life" applies while the source's controller's life total
    is 21 or more (119.1), read continuously; another player's life doesn't count; the bytes
    keep the condition."""
    g = game()
    x = g.create(0, zone="battlefield", types=["creature"], power=4, toughness=4)
    g.add_continuous_effect(
        "modify_power_toughness",
        affected="this while 21 or more life",
        source=x,
        power=1,
        toughness=0,
    )
    assert g.continuous_effects()[0]["affected"] == ["this while 21 or more life"]
    assert g.power(x) == 4
    g.gain_life(1, 5)
    assert g.power(x) == 4
    g.gain_life(0, 1)
    assert g.power(x) == 5
    again = type(g).from_bytes(g.to_bytes())
    assert again == g and again.power(x) == 5
    g.lose_life(0, 1)
    assert g.power(x) == 4


def _elenda(impl, mine=True):
    """The active player's first main phase with Swamps, Elenda on the battlefield of the
    active player (``mine``) or of its opponent."""
    d = _duel(impl, land="Swamp")
    a = d.active_player()
    elenda = d.add_card(a if mine else 1 - a, ELENDA, "battlefield")
    return d, a, elenda


def _exsanguinate(d, a, x):
    """The active player casts Exsanguinate for X = ``x`` (gaining ``x`` life) and it
    resolves."""
    before = d.game.life(a)
    for _ in range(x + 2):
        d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, "Exsanguinate", "hand")
    _act(d, "cast Exsanguinate")
    _act(d, f"choose {x}")
    while d.decision() != "priority":
        d.apply_action(d.legal_actions()[0])
    d.apply_action(0)
    d.apply_action(0)
    assert d.game.life(a) == before + x


@pytest.mark.parametrize("impl", IMPLS)
def test_elenda_grows_with_its_controllers_life_total(impl):
    """At 20 life it is a 4/4 without menace; above 20 a 5/5 with menace; at 30 or more a
    10/10 with menace (both bonuses)."""
    d, a, elenda = _elenda(impl)
    assert (d.game.power(elenda), d.game.toughness(elenda)) == (4, 4)
    assert d.game.has_keyword(elenda, "lifelink")
    assert not d.game.has_keyword(elenda, "menace")
    _exsanguinate(d, a, 1)
    assert (d.game.power(elenda), d.game.toughness(elenda)) == (5, 5)
    assert d.game.has_keyword(elenda, "menace")
    _exsanguinate(d, a, 9)
    assert (d.game.power(elenda), d.game.toughness(elenda)) == (10, 10)


@pytest.mark.parametrize("impl", IMPLS)
def test_702_11d_an_opponents_instant_cant_target_it(impl):
    """Burst Lightning (an instant) of its opponent can't target it; its controller's can."""
    for mine, offered in ((False, False), (True, True)):
        d, a, elenda = _elenda(impl, mine)
        d.add_card(a, "Mountain", "battlefield")
        d.add_card(a, "Burst Lightning", "hand")
        _act(d, "cast Burst Lightning")
        while d.decision() != "target":
            d.apply_action(d.legal_actions()[0])
        assert any(f"({elenda})" in w for w in _words(d)) == offered, _words(d)


ELENDAS = _deck(
    {"Swamp": 9, "Plains": 8},
    [ELENDA, "Healer's Hawk", "Savannah Lions", "Exsanguinate", "Burst Lightning"],
)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_elendas_play_alike_in_both_duels(seed):
    """Random games playing lands, attacking and casting Elenda whenever offered: the same
    legal actions, observations, outcome and bytes in both duels."""
    _, seen = duel_support.play_alike(
        ELENDAS,
        ELENDAS,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: w.startswith((f"cast {ELENDA}", "play ", "attack with ")),
        counted=lambda w: w.startswith(f"cast {ELENDA}"),
    )
    assert seen > 0
