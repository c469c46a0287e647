"""Gaining control (613.1b, layer 2): Involuntary Employment's "Gain control of target creature
until end of turn", its Oracle text quoted and shown in the native and the reference duel alike:
the creature changes battlefields, has summoning sickness under its new controller (302.6:
hence the haste), returns at cleanup (514.2), and goes to its owner's graveyard if it dies
(108.3, 400.3)."""

from __future__ import annotations

import duel_support
import pytest
from fdn_support import oracle
from test_fdn_duel import BOROS, _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of
from test_fdn_duel_modes import _lands

INVOLUNTARY_EMPLOYMENT = (
    "Gain control of target creature until end of turn. Untap that creature. It gains haste "
    "until end of turn. Create a Treasure token. (It's an artifact with \"{T}, Sacrifice this "
    'token: Add one mana of any color.")'
)


def _names(d, zone, p):
    return [d.game.name(x) for x in d.game.objects(zone, p)]


def _employ(d, a, target="Savannah Lions"):
    """Player a, in its first main phase, casts Involuntary Employment on ``target`` and lets
    it resolve."""
    _lands(d, a, "Mountain", 4)
    d.add_card(a, "Involuntary Employment", "hand")
    _act(d, "cast Involuntary Employment")
    _act(d, f"target {target}")
    while d.game.objects("stack"):
        d.apply_action(0)


@pytest.mark.parametrize("impl", IMPLS)
def test_involuntary_employment_steals_untaps_and_attacks_with_haste_613_1b(impl):
    """The opponent's Savannah Lions attacked on its turn and is still tapped: cast on it, the
    Lions is the caster's (613.1b), untapped, with haste (302.6 would keep a creature that just
    came under its control from attacking), and there is a Treasure; it attacks its owner for
    2. At cleanup (514.2) it returns to its owner, who attacks with it on its own turn."""
    oracle("Involuntary Employment", INVOLUNTARY_EMPLOYMENT)
    d = _duel(impl, "Mountain")
    a = d.active_player()
    b = 1 - a
    (lions,) = [d.add_card(b, "Savannah Lions", "battlefield")]
    _next_turn_of(d, b)
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")
    _next_turn_of(d, a)
    assert d.game.life(a) == 18 and d.game.is_tapped(lions)
    _employ(d, a)
    assert _named(d, a, "Savannah Lions") == [lions] and _named(d, b, "Savannah Lions") == []
    assert d.game.controller(lions) == a and d.game.owner(lions) == b
    assert not d.game.is_tapped(lions)
    assert len(_named(d, a, "Treasure Token")) == 1
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")
    while d.step() != "end":
        d.apply_action(0)
    assert d.game.life(b) == 18
    assert d.game.controller(lions) == a
    _next_turn_of(d, b)
    assert _named(d, b, "Savannah Lions") == [lions] and _named(d, a, "Savannah Lions") == []
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")
    _next_turn_of(d, a)
    assert d.game.life(a) == 16


@pytest.mark.parametrize("impl", IMPLS)
def test_a_stolen_creature_that_dies_goes_to_its_owner_s_graveyard_404_2(impl):
    """The stolen Lions attacks and the opponent's Serra Angel blocks it: it dies, into its
    owner's graveyard (404.2), not its controller's."""
    d = _duel(impl, "Mountain")
    a = d.active_player()
    b = 1 - a
    d.add_card(b, "Savannah Lions", "battlefield")
    d.add_card(b, "Serra Angel", "battlefield")
    _employ(d, a)
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")
    while d.decision() != "block":
        d.apply_action(0)
    _act(d, "block Savannah Lions")
    while d.step() != "end":
        d.apply_action(0)
    assert _names(d, "graveyard", b) == ["Savannah Lions"]
    assert _names(d, "graveyard", a) == ["Involuntary Employment"]


@pytest.mark.parametrize("impl", IMPLS)
def test_gaining_control_of_your_own_creature_changes_nothing_613_1b(impl):
    """Cast on its caster's own creature, which came under its control before the turn
    began: it stays its caster's after cleanup too, untapped, and a Treasure is made."""
    d = _duel(impl, "Mountain")
    a = d.active_player()
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    _employ(d, a)
    assert d.game.controller(lions) == a
    _next_turn_of(d, 1 - d.active_player())
    assert d.game.controller(lions) == a
    assert len(_named(d, a, "Treasure Token")) == 1


THIEVES = _deck(
    {"Mountain": 17},
    ["Involuntary Employment", "Savannah Lions", "Fanatical Firebrand", "Courageous Goblin"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_involuntary_employment_plays_alike_in_both_duels(seed):
    """Random games with Involuntary Employment cast whenever it can be: the same actions,
    observations (a permanent controlled by another than its owner) and bytes in both."""

    def employ(w):
        return w.startswith("cast Involuntary Employment")

    _, seen = duel_support.play_alike(
        THIEVES, BOROS, seed, pool="fdn", format="limited", prefer=employ
    )
    assert seen > 0
