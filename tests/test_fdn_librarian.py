"""Mild-Mannered Librarian: "becomes a Werewolf" (205.1a: the new creature type replaces the
old, layer 4, 613.1d) and "Activate only once" (602.5b); in the native and the reference duel
alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _duel, _next_turn_of, _words
from test_fdn_duel_modes import _lands

LIBRARIAN = (
    "{3}{G}: This creature becomes a Werewolf. Put two +1/+1 counters on it and you draw a "
    "card. Activate only once."
)


def test_the_oracle_text_and_coverage():
    oracle("Mild-Mannered Librarian", LIBRARIAN)
    assert coverage.card_coverage("Mild-Mannered Librarian").playable


def _activated(d):
    return [w for w in _words(d) if w.startswith("activate Mild-Mannered Librarian")]


@pytest.mark.parametrize("impl", IMPLS)
def test_it_becomes_a_werewolf_once_205_1a_602_5b(impl):
    """Activated and resolved, the Human is a Werewolf only (205.1a), a 3/3 with two +1/+1
    counters, and its controller drew a card; with mana for it again, the ability isn't
    offered (602.5b), this turn or the next."""
    d = _duel(impl, land="Forest")
    a = d.active_player()
    librarian = d.add_card(a, "Mild-Mannered Librarian", "battlefield")
    _lands(d, a, "Forest", 4)
    assert d.game.subtypes(librarian) == ["Human"]
    hand = len(d.hand(a))
    (activate,) = _activated(d)
    [action] = [x for x in d.legal_actions() if d.action_to_string(x) == activate]
    d.apply_action(action)
    d.apply_action(0)
    d.apply_action(0)
    assert d.game.subtypes(librarian) == ["Werewolf"]
    assert d.game.counters(librarian) == {"+1/+1": 2}
    assert (d.game.power(librarian), d.game.toughness(librarian)) == (3, 3)
    assert len(d.hand(a)) == hand + 1
    _lands(d, a, "Forest", 4)
    assert _activated(d) == []
    _next_turn_of(d, a)
    assert d.game.subtypes(librarian) == ["Werewolf"] and _activated(d) == []
    again = type(d).from_bytes(d.to_bytes(), pool="fdn")
    assert again.legal_actions() == d.legal_actions()
    assert again.game.subtypes(librarian) == ["Werewolf"]


LIBRARIANS = _deck(
    {"Forest": 17},
    ["Mild-Mannered Librarian", "Llanowar Elves", "Mild-Mannered Librarian", "Stab"],
)


def test_the_librarian_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(LIBRARIANS) if not c.playable] == []


@pytest.mark.parametrize("seed", [3, 9])
def test_librarians_play_alike_in_both_duels(seed):
    """Random games of the Librarian's deck: the same legal actions, observations, outcome and
    bytes in both duels."""
    play_alike(LIBRARIANS, ELVES, seed)
