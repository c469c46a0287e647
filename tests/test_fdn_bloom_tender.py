"""Bloom Tender: one mana ability adding one mana of each colour among its controller's
permanents (a permanent's colours are its mana cost's, 105.2), paid by the automatic payment
rule, what the payment doesn't use staying in the mana pool (106.4); in the native and the
reference duel alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _pass_until, _words

TENDER = "Bloom Tender"
ANTHEM = "Anthem of Champions"  # {G}{W}


def test_bloom_tender_text_and_coverage():
    """The Oracle text; the card is playable."""
    oracle(
        TENDER,
        "Vivid \u2014 {T}: For each color among permanents you control, add one mana of that "
        "color.",
    )
    assert coverage.card_coverage(TENDER).playable


def _tender(impl, others, hand):
    """The active player's first main phase of its next turn, with Bloom Tender and the
    permanents ``others`` controlled since the turn began (302.6), no land, and ``hand`` in
    hand. Returns the duel, the player and the Tender."""
    d = _duel(impl, land="Forest")
    a = d.active_player()
    tender = d.add_card(a, TENDER, "battlefield")
    for name in others:
        d.add_card(a, name, "battlefield")
    _next_turn_of(d, a)
    for name in hand:
        d.add_card(a, name, "hand")
    return d, a, tender


def _offered(d, name):
    return any(w.startswith(f"cast {name}") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_one_mana_of_each_colour_among_your_permanents(impl):
    """Alone, green Bloom Tender adds {G}: Anthem of Champions ({G}{W}) isn't offered. With
    Savannah Lions ({W}, white) beside it, it adds {G}{W} and the Anthem is cast with it; the
    opponent's white permanent wouldn't count ("you control")."""
    d, a, tender = _tender(impl, [], [ANTHEM])
    d.add_card(1 - a, "Savannah Lions", "battlefield")
    assert not _offered(d, ANTHEM)
    d.add_card(a, "Savannah Lions", "battlefield")
    assert _offered(d, ANTHEM)
    _act(d, f"cast {ANTHEM}")
    assert d.game.is_tapped(tender)
    _pass_until(d, lambda: bool(_named(d, a, ANTHEM)))


@pytest.mark.parametrize("impl", IMPLS)
def test_the_mana_it_doesnt_use_stays_in_the_pool_106_4(impl):
    """With Savannah Lions (white) and Fanatical Firebrand (red): the Tender adds {W}{R}{G};
    the Anthem uses {G}{W}, the {R} stays in the pool and pays for a second Fanatical Firebrand
    ({R}) in the same step; nothing is left for a third."""
    firebrand = "Fanatical Firebrand"
    d, a, _ = _tender(impl, ["Savannah Lions", firebrand], [ANTHEM, firebrand, firebrand])
    _act(d, f"cast {ANTHEM}")
    _pass_until(d, lambda: bool(_named(d, a, ANTHEM)))
    assert _offered(d, firebrand)
    _act(d, f"cast {firebrand}")
    _pass_until(d, lambda: len(_named(d, a, firebrand)) == 2)
    assert d.decision() == "priority" and not _offered(d, firebrand)


TENDERS = _deck(
    {"Forest": 9, "Plains": 8},
    [TENDER, ANTHEM, "Savannah Lions", "Llanowar Elves", "Giant Growth"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_bloom_tenders_play_alike_in_both_duels(seed):
    """Random games casting Bloom Tender whenever offered: the same legal actions,
    observations, outcome and bytes in both duels."""
    _, seen = duel_support.play_alike(
        TENDERS,
        TENDERS,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: w.startswith(f"cast {TENDER}"),
    )
    assert seen > 0
