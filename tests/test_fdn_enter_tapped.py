"""Replacement effects that modify how permanents enter (614.12): the kernel's "enters_tapped"
effect on both kernels, and Authority of the Consuls in both duels."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage, fdn
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import oracle
from test_fdn_combat_restrictions import _duel
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import _named, _next_turn_of, _pass_until
from test_pauper_duel import _act

IMPLS = [Duel, ReferenceDuel]
AUTHORITY = (
    "Creatures your opponents control enter tapped.\n"
    "Whenever a creature an opponent controls enters, you gain 1 life."
)


def test_enters_tapped_applies_as_a_permanent_enters_614_12(game):
    """614.12: "creatures opponents control enter tapped" taps, as it enters, each creature of
    an opponent of its source's controller that enters (created there or moved there), not
    one of its controller's nor a noncreature; the bytes keep the effect. It takes no amount
    (ValueError, nothing changes)."""
    g = game()
    source = g.create(0, zone="battlefield", types=["enchantment"])
    g.add_replacement_effect(
        "enters_tapped", affects=["creatures opponents control"], source=source
    )
    theirs = g.create(1, zone="battlefield", types=["creature"], power=1, toughness=1)
    mine = g.create(0, zone="battlefield", types=["creature"], power=1, toughness=1)
    relic = g.create(1, zone="battlefield", types=["artifact"])
    moved = g.move(
        g.create(1, zone="hand", types=["creature"], power=1, toughness=1), "battlefield"
    )
    assert [g.is_tapped(x) for x in (theirs, mine, relic, moved)] == [True, False, False, True]
    again = type(g).from_bytes(g.to_bytes())
    assert again == g and again.replacement_effects() == g.replacement_effects()
    before = g.replacement_effects()
    with pytest.raises(ValueError, match="takes no amount"):
        g.add_replacement_effect(
            "enters_tapped", affects=["creatures opponents control"], source=source, amount=1
        )
    assert g.replacement_effects() == before
    g.move(source, "graveyard")
    assert not g.is_tapped(g.create(1, zone="battlefield", types=["creature"], toughness=1))


def _cast_lions(d, player):
    """``player`` casts Savannah Lions with a Plains put onto the battlefield for it, and the
    spell resolves; returns the creature."""
    d.add_card(player, "Plains", "battlefield")
    d.add_card(player, "Savannah Lions", "hand")
    _act(d, "cast Savannah Lions")
    _pass_until(d, lambda: _named(d, player, "Savannah Lions"))
    (lions,) = _named(d, player, "Savannah Lions")
    return lions


@pytest.mark.parametrize("impl", IMPLS)
def test_authority_of_the_consuls_taps_the_opponents_creatures_and_gains_life(impl):
    """'Creatures your opponents control enter tapped. Whenever a creature an opponent controls
    enters, you gain 1 life.' — its controller's own Savannah Lions enters untapped and gains
    nothing; on the opponent's turn, the opponent's enters tapped (614.12: it can't block or
    attack until it untaps) and Authority's controller gains 1 life."""
    oracle("Authority of the Consuls", AUTHORITY)
    assert "Authority of the Consuls" not in fdn.GAPS
    assert coverage.card_coverage("Authority of the Consuls", "fdn").playable
    d = _duel(impl, "Plains")
    a = d.active_player()
    b = 1 - a
    d.add_card(a, "Authority of the Consuls", "battlefield")
    mine = _cast_lions(d, a)
    assert not d.game.is_tapped(mine)
    _next_turn_of(d, b)
    assert d.game.life(a) == 20, "its controller's own creature gains nothing"
    theirs = _cast_lions(d, b)
    assert d.game.is_tapped(theirs)
    _pass_until(d, lambda: d.game.life(a) == 21)
    assert d.game.life(b) == 20 and d.game.is_tapped(theirs)


AZORIUS = _deck(
    {"Plains": 9, "Island": 8},
    ["Authority of the Consuls", "Savannah Lions", "Healer's Hawk", "Inspiring Paladin"],
)
GRUUL = _deck(
    {"Mountain": 9, "Forest": 8},
    ["Gnarlid Colony", "Fanatical Firebrand", "Crackling Cyclops", "Frenzied Goblin"],
)


@pytest.mark.parametrize("seed", [31, 32])
def test_enters_tapped_plays_alike_in_both_duels(seed):
    """Random games with Authority of the Consuls: the same legal actions, observations,
    outcome and bytes in both duels."""
    assert all(c.playable for c in coverage.coverage(AZORIUS + GRUUL))
    play_alike(AZORIUS, GRUUL, seed)
