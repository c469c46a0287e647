"""Heraldic Banner: "As this artifact enters, choose a color." (614.12, 607.2) — a decision of
its controller, remembered by the permanent; "Creatures you control of the chosen color get
+1/+0." (613.4c, 105.2: a creature's colours now) and "{T}: Add one mana of the chosen color.";
in the native and the reference duel alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _pass_until, _words

BANNER = "Heraldic Banner"
FIREBRAND = "Fanatical Firebrand"  # {R}, a red 1/1
LIONS = "Savannah Lions"  # {W}, a white 2/1


def test_heraldic_banner_text_and_coverage():
    """The Oracle text; the card is playable."""
    oracle(
        BANNER,
        "As this artifact enters, choose a color.\n"
        "Creatures you control of the chosen color get +1/+0.\n"
        "{T}: Add one mana of the chosen color.",
    )
    assert coverage.card_coverage(BANNER).playable


def _banner_cast(impl):
    """The active player's first main phase with three Mountains, a red and a white creature
    of its own and a red one of its opponent's; Heraldic Banner cast and resolved, its colour
    not chosen yet. Returns the duel, the player and the creatures (its red, its white, the
    opponent's red)."""
    d = _duel(impl, land="Mountain")
    a = d.active_player()
    for _ in range(3):
        d.add_card(a, "Mountain", "battlefield")
    red, white = d.add_card(a, FIREBRAND, "battlefield"), d.add_card(a, LIONS, "battlefield")
    theirs = d.add_card(1 - a, FIREBRAND, "battlefield")
    d.add_card(a, BANNER, "hand")
    _act(d, f"cast {BANNER}")
    _pass_until(d, lambda: d.decision() == "option")
    return d, a, (red, white, theirs)


@pytest.mark.parametrize("impl", IMPLS)
def test_its_controller_chooses_a_colour_as_it_enters_614_12(impl):
    """As it enters its controller chooses one of the five colours (an ``option`` decision
    naming the Banner); until then nothing gets the bonus."""
    d, a, (red, _, _) = _banner_cast(impl)
    (banner,) = _named(d, a, BANNER)
    assert d.current_player() == a
    assert _words(d) == [
        f"choose {c} for {BANNER} ({banner})" for c in ("white", "blue", "black", "red", "green")
    ]
    assert d.game.power(red) == 1


@pytest.mark.parametrize("impl", IMPLS)
def test_creatures_you_control_of_the_chosen_colour_get_plus_1_plus_0(impl):
    """Red chosen: its controller's red creature is 2/1, its white one stays 2/1, the
    opponent's red one stays 1/1; a red creature entering later gets it too."""
    d, a, (red, white, theirs) = _banner_cast(impl)
    _act(d, "choose red")
    assert d.decision() == "priority"
    assert (d.game.power(red), d.game.toughness(red)) == (2, 1)
    assert (d.game.power(white), d.game.toughness(white)) == (2, 1)
    assert d.game.power(theirs) == 1
    later = d.add_card(a, FIREBRAND, "battlefield")
    _pass_until(d, lambda: d.decision() == "priority")
    assert d.game.power(later) == 2


@pytest.mark.parametrize("impl", IMPLS)
def test_it_taps_for_one_mana_of_the_chosen_colour(impl):
    """White chosen, the Mountains tapped for the Banner: it pays for Savannah Lions ({W}),
    not for Fanatical Firebrand ({R}); white Savannah Lions gets +1/+0."""
    d, a, (red, white, _) = _banner_cast(impl)
    _act(d, "choose white")
    assert d.game.power(white) == 3 and d.game.power(red) == 1
    d.add_card(a, LIONS, "hand")
    d.add_card(a, FIREBRAND, "hand")
    words = _words(d)
    assert any(w.startswith(f"cast {LIONS}") for w in words)
    assert not any(w.startswith(f"cast {FIREBRAND}") for w in words)
    _act(d, f"cast {LIONS}")
    (banner,) = _named(d, a, BANNER)
    assert d.game.is_tapped(banner)


BANNERS = _deck(
    {"Mountain": 9, "Plains": 8},
    [BANNER, FIREBRAND, LIONS, "Giant Growth", "Goblin Boarders"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_heraldic_banners_play_alike_in_both_duels(seed):
    """Random games casting Heraldic Banner whenever offered: the same legal actions,
    observations, outcome and bytes in both duels."""
    _, seen = duel_support.play_alike(
        BANNERS,
        BANNERS,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: w.startswith(f"cast {BANNER}"),
    )
    assert seen > 0
