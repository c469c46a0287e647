"""Thousand-Year Storm: copies of an instant or sorcery spell, one for each other instant and
sorcery spell its controller cast before it this turn (707.10, 601.2i), in the native and the
reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _next_turn_of, _pass_until, _words
from test_fdn_duel_modes import _lands

STORM = (
    "Whenever you cast an instant or sorcery spell, copy it for each other instant and sorcery "
    "spell you've cast before it this turn. You may choose new targets for the copies."
)


def test_thousand_year_storm_text_and_coverage():
    """The Oracle text; the card is playable."""
    oracle("Thousand-Year Storm", STORM)
    assert coverage.card_coverage("Thousand-Year Storm").playable


def _boltwave(d, a, life):
    """a casts Boltwave ("deals 3 damage to each opponent") and the players pass until the
    opponent's life is ``life``."""
    _act(d, "cast Boltwave")
    _pass_until(d, lambda: d.game.life(1 - a) == life)


@pytest.mark.parametrize("impl", IMPLS)
def test_each_spell_is_copied_once_for_each_earlier_one_this_turn_707_10(impl):
    """The first Boltwave of the turn has no copy (3 damage); the second has one (6); the
    third two (9). The copies aren't cast (707.10): they trigger the Storm no more."""
    d = _duel(impl, land="Mountain")
    a = d.active_player()
    _lands(d, a, "Mountain", 3)
    d.add_card(a, "Thousand-Year Storm", "battlefield")
    for _ in range(3):
        d.add_card(a, "Boltwave", "hand")
    _boltwave(d, a, 17)
    _boltwave(d, a, 11)
    _boltwave(d, a, 2)
    _next_turn_of(d, 1 - a)  # no copy was left to deal more
    assert d.game.life(1 - a) == 2


@pytest.mark.parametrize("impl", IMPLS)
def test_spells_cast_before_the_storm_was_there_count_707_10(impl):
    """Ruling: the spells cast earlier in the turn count, even those cast while Thousand-Year
    Storm wasn't on the battlefield: a Boltwave before it, then one with it, copied once."""
    d = _duel(impl, land="Mountain")
    a = d.active_player()
    _lands(d, a, "Mountain", 2)
    d.add_card(a, "Boltwave", "hand")
    d.add_card(a, "Boltwave", "hand")
    _boltwave(d, a, 17)
    d.add_card(a, "Thousand-Year Storm", "battlefield")
    _boltwave(d, a, 11)
    _next_turn_of(d, 1 - a)
    assert d.game.life(1 - a) == 11


@pytest.mark.parametrize("impl", IMPLS)
def test_the_copy_may_have_a_new_target_707_10c(impl):
    """ "You may choose new targets for the copies" (707.10c): after a Boltwave, a Burst
    Lightning at the opponent is copied once, and the copy, as it is put on the stack, is aimed
    at the opponent's Savannah Lions: the spell deals 2 to the player, the copy kills the 2/1."""
    d = _duel(impl, land="Mountain")
    a = d.active_player()
    _lands(d, a, "Mountain", 2)
    d.add_card(a, "Thousand-Year Storm", "battlefield")
    lions = d.add_card(1 - a, "Savannah Lions", "battlefield")
    d.add_card(a, "Boltwave", "hand")
    d.add_card(a, "Burst Lightning", "hand")
    _boltwave(d, a, 17)
    _act(d, "cast Burst Lightning")
    _act(d, f"target player {1 - a}")
    _pass_until(d, lambda: any(w.startswith("target Savannah Lions") for w in _words(d)))
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: d.game.life(1 - a) == 15 and lions not in d.battlefield(1 - a))
    assert "Savannah Lions" in [d.game.name(x) for x in d.game.objects("graveyard", 1 - a)]


STORMS = _deck(
    {"Mountain": 9, "Island": 8},
    ["Thousand-Year Storm", "Boltwave", "Burst Lightning", "Think Twice"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_thousand_year_storm_plays_alike_in_both_duels(seed):
    """Random games of Thousand-Year Storm and cheap instants and sorceries (targeted copies
    too): the same legal actions, observations, outcome and bytes in both duels."""
    play_alike(STORMS, BOROS, seed)
