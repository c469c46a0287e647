"""Creatures "with a +1/+1 counter on it" (122.1): Inspiring Call; its Oracle text quoted and
shown doing it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.cards.compile import compile_card
from cardstate.cards.vocab import YOU, Card, Count, Draw, Each, Filter, Spell
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _pass_until
from test_fdn_duel_modes import _lands

CALL = (
    "Draw a card for each creature you control with a +1/+1 counter on it. Those creatures "
    'gain indestructible until end of turn. (Damage and effects that say "destroy" don\'t '
    "destroy them.)"
)


@pytest.mark.parametrize("impl", IMPLS)
def test_inspiring_call_draws_for_each_creature_with_a_counter_122_1(impl):
    """Two Mossborn Hydras (each enters with a +1/+1 counter) and Savannah Lions (none) of its
    caster's, and a Hydra of the opponent's: Inspiring Call draws two cards; the Hydras gain
    indestructible until end of turn, the Lions and the opponent's Hydra don't."""
    oracle("Inspiring Call", CALL)
    d = _duel(impl, "Forest")
    a = d.active_player()
    _lands(d, a, "Forest", 3)
    hydras = [d.add_card(a, "Mossborn Hydra", "battlefield") for _ in range(2)]
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    theirs = d.add_card(1 - a, "Mossborn Hydra", "battlefield")
    d.add_card(a, "Inspiring Call", "hand")
    hand = len(d.hand(a))
    _act(d, "cast Inspiring Call")
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert len(d.hand(a)) == hand - 1 + 2
    assert all(d.game.has_keyword(x, "indestructible") for x in hydras)
    assert not d.game.has_keyword(lions, "indestructible")
    assert not d.game.has_keyword(theirs, "indestructible")


def test_a_counter_filter_names_a_known_counter_kind():
    """The compiler refuses a misspelt counter kind in a filter, naming the card."""
    misspelt = Filter(types=("creature",), with_counter="+1+1")
    card = Card(
        name="Bad Call",
        types=("instant",),
        cost="{G}",
        oracle="",
        abilities=(Spell(Draw(YOU, Count(Each(misspelt)))),),
    )
    with pytest.raises(ValueError, match="Bad Call"):
        compile_card(card)


COUNTERS = _deck(
    {"Forest": 17},
    ["Inspiring Call", "Mossborn Hydra", "Felling Blow", "Llanowar Elves"],
)


def test_the_counters_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(COUNTERS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2])
def test_counter_filters_play_alike_in_both_duels(seed):
    """Random games of Inspiring Call: the same legal actions, observations, outcome and bytes
    in both duels."""
    play_alike(COUNTERS, ELVES, seed)
