"""Casting spells as though they had flash (702.8a, 307.1): High Fae Trickster's "You may cast
spells as though they had flash."; its Oracle text quoted and shown doing it in the native and
the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.cards.compile import compile_card
from cardstate.cards.vocab import Card, SpellsFromHandFree, SpellsHaveFlash
from fdn_support import oracle
from test_fdn_cards_flash import FLASH, has_flash
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _pass_until, _words
from test_fdn_duel_modes import _lands

TRICKSTER = FLASH + "\nFlying\nYou may cast spells as though they had flash."


def _on_the_others_turn(impl, trickster):
    """A duel in its active player's first main phase, the other player (returned third)
    holding priority, with two Plains and four Swamps, Savannah Lions and Zombify in hand and
    Serra Angel in its graveyard; with ``trickster``, High Fae Trickster on its battlefield."""
    d = _duel(impl, "Plains")
    a = d.active_player()
    b = 1 - a
    _lands(d, b, "Plains", 2)
    _lands(d, b, "Swamp", 4)
    if trickster:
        d.add_card(b, "High Fae Trickster", "battlefield")
    d.add_card(b, "Savannah Lions", "hand")
    d.add_card(b, "Zombify", "hand")
    d.add_card(b, "Serra Angel", "graveyard")
    d.apply_action(0)  # the active player passes priority
    assert d.current_player() == b and d.step() == "main1" and d.active_player() == a
    return d, a, b


@pytest.mark.parametrize("impl", IMPLS)
def test_without_it_a_creature_or_sorcery_waits_for_sorcery_timing_307_1(impl):
    """Without it, neither is offered on the other player's turn."""
    d, _, _ = _on_the_others_turn(impl, trickster=False)
    words = _words(d)
    assert not any(w.startswith(("cast Savannah Lions", "cast Zombify")) for w in words)


@pytest.mark.parametrize("impl", IMPLS)
def test_high_fae_trickster_lets_its_controller_cast_spells_as_though_they_had_flash(impl):
    """On the other player's turn, with priority in its main phase, its controller casts
    Savannah Lions, then Zombify (a sorcery, returning Serra Angel), each resolving."""
    oracle("High Fae Trickster", TRICKSTER)
    assert has_flash("High Fae Trickster")
    d, a, b = _on_the_others_turn(impl, trickster=True)
    _act(d, "cast Savannah Lions")
    _pass_until(d, lambda: bool(_named(d, b, "Savannah Lions")))
    assert d.active_player() == a
    while d.current_player() != b:
        d.apply_action(0)
    _act(d, "cast Zombify")
    _act(d, "target")
    _pass_until(d, lambda: bool(_named(d, b, "Serra Angel")))
    assert d.active_player() == a


def test_high_fae_trickster_is_playable():
    assert coverage.card_coverage("High Fae Trickster", "fdn").playable


TRICKSTERS = _deck(
    {"Island": 9, "Plains": 8},
    ["High Fae Trickster", "Savannah Lions", "Serra Angel", "Think Twice"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_flash_for_all_plays_alike_in_both_duels(seed):
    """Random games of High Fae Trickster: the same legal actions, observations, outcome and
    bytes in both duels."""
    play_alike(TRICKSTERS, BOROS, seed)


@pytest.mark.parametrize("ability", [SpellsHaveFlash(), SpellsFromHandFree()])
def test_a_permission_to_cast_is_a_permanents_static_ability(ability):
    """The compiler refuses "you may cast spells as though they had flash" and "… without
    paying their mana costs" on an instant (no permanent to have it), naming the card."""
    card = Card(name="Bad Trick", cost="{U}", types=("instant",), oracle="", abilities=(ability,))
    with pytest.raises(ValueError, match="Bad Trick.*permanent's static ability"):
        compile_card(card)
