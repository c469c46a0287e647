"""Static abilities "during your turn" (611.3a: whose turn it is, 102.1, read continuously): the
kernel's active player and its "while your turn" texts on both kernels, and the Foundations
cards that have them in both duels."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage, fdn
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import oracle, put
from test_fdn_combat_restrictions import _attack_with, _duel
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import _named, _next_turn_of
from test_pauper_duel import _act

IMPLS = [Duel, ReferenceDuel]
PALADIN = (
    "During your turn, this creature has first strike. (It deals combat damage before "
    "creatures without first strike.)\nDuring your turn, creatures you control with +1/+1 "
    "counters on them have first strike."
)


# ----- the kernel -------------------------------------------------------------------------------


def test_the_active_player_is_state_102_1(game):
    """102.1: the active player is part of the game: player 0 at first, kept by the bytes, by
    ``==`` and by the hash; an object or an unknown id is refused and changes nothing."""
    g = game()
    x = g.create(0, zone="battlefield", types=["creature"], power=1, toughness=1)
    fresh = game()
    fresh.create(0, zone="battlefield", types=["creature"], power=1, toughness=1)
    assert g.active_player == 0 and g == fresh
    g.active_player = 1
    assert g.active_player == 1 and g != fresh and g.hash() != fresh.hash()
    again = type(g).from_bytes(g.to_bytes())
    assert again == g and again.active_player == 1
    with pytest.raises(ValueError, match="not a player"):
        g.active_player = x
    with pytest.raises(KeyError):
        g.active_player = 7
    assert g.active_player == 1


def test_during_your_turn_comes_and_goes_with_the_turn_611_3a(game):
    """611.3a: "this while your turn" and "creatures you control with a +1/+1 counter while
    your turn" apply while the source's controller is the active player (102.1), and stop when
    another player's turn begins; the filter still reads each permanent's counters and its
    controller ("you")."""
    g = game()
    x = g.create(0, zone="battlefield", types=["creature"], power=3, toughness=3)
    y = g.create(0, zone="battlefield", types=["creature"], power=2, toughness=2)
    bare = g.create(0, zone="battlefield", types=["creature"], power=2, toughness=2)
    theirs = g.create(1, zone="battlefield", types=["creature"], power=2, toughness=2)
    for affected in (
        "this while your turn",
        "creatures you control with a +1/+1 counter while your turn",
    ):
        g.add_continuous_effect("add_keyword", affected=affected, source=x, keyword="first strike")
    for z in (y, theirs):
        g.add_counters(z, "+1/+1", 1)
    assert [g.has_keyword(z, "first strike") for z in (x, y, bare, theirs)] == [
        True,
        True,
        False,
        False,
    ]
    assert [e["affected"] for e in g.continuous_effects()] == [
        ["this while your turn"],
        ["creatures you control with a +1/+1 counter while your turn"],
    ]
    g.active_player = 1
    assert not any(g.has_keyword(z, "first strike") for z in (x, y, bare, theirs))
    again = type(g).from_bytes(g.to_bytes())
    assert again == g and not again.has_keyword(x, "first strike")
    again.active_player = 0
    assert again.has_keyword(x, "first strike") and again.has_keyword(y, "first strike")


@pytest.mark.parametrize(
    "affected",
    [
        "creatures you control while blue",
        ["creatures you control while your turn", "other creatures you control"],
        "creatures you control with a bogus counter while your turn",
    ],
)
def test_a_conditional_filter_the_kernel_cant_read_is_refused(game, affected):
    """An unknown condition, a filter text without the condition the others name, or a bad
    filter before "while" is a ValueError; and a conditional filter needs a source. Nothing
    changes."""
    g = game()
    x = g.create(0, zone="battlefield", types=["creature"], power=1, toughness=1)
    with pytest.raises(ValueError):
        g.add_continuous_effect("add_keyword", affected=affected, source=x, keyword="flying")
    with pytest.raises(ValueError, match="source"):
        g.add_continuous_effect(
            "add_keyword",
            affected="creatures you control while your turn",
            controller=0,
            keyword="flying",
        )
    assert g.continuous_effects() == []


# ----- the cards --------------------------------------------------------------------------------


def test_inspiring_paladin_first_strike_during_your_turn(game):
    """'During your turn, this creature has first strike. … During your turn, creatures you
    control with +1/+1 counters on them have first strike.' — itself and its controller's
    creatures with a +1/+1 counter, only during its controller's turn."""
    oracle("Inspiring Paladin", PALADIN)
    assert "Inspiring Paladin" not in fdn.GAPS
    assert coverage.card_coverage("Inspiring Paladin", "fdn").playable
    g = game()
    paladin = put(g, "Inspiring Paladin")
    lions, bare = put(g, "Savannah Lions"), put(g, "Savannah Lions")
    theirs = put(g, "Savannah Lions", 1)
    for z in (lions, theirs):
        g.add_counters(z, "+1/+1", 1)
    strikes = lambda: [g.has_keyword(z, "first strike") for z in (paladin, lions, bare, theirs)]  # noqa: E731
    assert strikes() == [True, True, False, False]
    g.active_player = 1
    assert strikes() == [False, False, False, False]


@pytest.mark.parametrize("impl", IMPLS)
def test_inspiring_paladin_strikes_first_on_its_controllers_turn_only(impl):
    """Two Inspiring Paladins (3/3) meet in combat: on a's turn a's attacks, b's blocks, and
    a's strikes first (702.7b): b's dies, a's survives. On b's turn a new Paladin of b's
    attacks and a new one of a's blocks (the first is still tapped): now b's strikes first,
    and a's dies."""
    d = _duel(impl, "Plains")
    a = d.active_player()
    b = 1 - a
    mine = d.add_card(a, "Inspiring Paladin", "battlefield")
    theirs = d.add_card(b, "Inspiring Paladin", "battlefield")
    assert d.game.has_keyword(mine, "first strike")
    assert not d.game.has_keyword(theirs, "first strike")
    _attack_with(d, "Inspiring Paladin")
    _act(d, "block Inspiring Paladin")
    while d.step() != "end":
        d.apply_action(0)
    assert _named(d, a, "Inspiring Paladin") == [mine] and _named(d, b, "Inspiring Paladin") == []
    _next_turn_of(d, b)
    assert not d.game.has_keyword(mine, "first strike")
    guard = d.add_card(a, "Inspiring Paladin", "battlefield")
    other = d.add_card(b, "Inspiring Paladin", "battlefield")
    assert d.game.has_keyword(other, "first strike")
    assert not d.game.has_keyword(guard, "first strike")
    _attack_with(d, "Inspiring Paladin")
    _act(d, "block Inspiring Paladin")
    while d.step() != "end":
        d.apply_action(0)
    assert _named(d, a, "Inspiring Paladin") == [mine]
    assert _named(d, b, "Inspiring Paladin") == [other]


SELESNYA = _deck(
    {"Plains": 9, "Forest": 8},
    ["Inspiring Paladin", "Gnarlid Colony", "Savannah Lions", "Healer's Hawk"],
)
BOROS = _deck(
    {"Plains": 8, "Mountain": 9},
    ["Inspiring Paladin", "Fanatical Firebrand", "Crackling Cyclops", "Frenzied Goblin"],
)


@pytest.mark.parametrize("seed", [21, 22])
def test_during_your_turn_plays_alike_in_both_duels(seed):
    """Random games with Inspiring Paladins on both sides: the same legal actions,
    observations, outcome and bytes in both duels."""
    assert all(c.playable for c in coverage.coverage(SELESNYA + BOROS))
    play_alike(SELESNYA, BOROS, seed)
