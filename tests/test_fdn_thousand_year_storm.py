"""Thousand-Year Storm: copies of an instant or sorcery spell, one for each other instant and
sorcery spell its controller cast before it this turn (707.10, 601.2i), in the native and the
reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel_choices import IMPLS, _act, _duel, _next_turn_of, _pass_until
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
