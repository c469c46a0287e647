"""Ending the turn (723.1): Time Stop's "End the turn." — every object on the stack exiled, the
creatures removed from combat, the turn skipped to its cleanup step; its Oracle text quoted and
shown doing it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.cards.compile import compile_card
from cardstate.cards.vocab import YOU, Card, Draw, EndTheTurn, Seq, Spell
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _words
from test_fdn_duel_modes import _lands

TIME_STOP = (
    "End the turn. (Exile all spells and abilities, including this spell. The player whose turn "
    'it is discards down to their maximum hand size. Damage heals and "this turn" and "until '
    'end of turn" effects end.)'
)


def _names(d, zone, p):
    return [d.game.name(x) for x in d.game.objects(zone, p)]


@pytest.mark.parametrize("impl", IMPLS)
def test_time_stop_exiles_the_spells_on_the_stack_and_ends_the_turn_723_1(impl):
    """Its caster, the active player, casts Think Twice, then Time Stop above it: Time Stop
    resolves, both are exiled (723.1a: Think Twice draws nothing), no player receives priority
    in this turn again, and the next turn is the other player's (723.1d)."""
    oracle("Time Stop", TIME_STOP)
    d = _duel(impl, "Island")
    a = d.active_player()
    _lands(d, a, "Island", 8)
    d.add_card(a, "Think Twice", "hand")
    d.add_card(a, "Time Stop", "hand")
    turn = d.turn()
    _act(d, "cast Think Twice")
    _act(d, "cast Time Stop")
    hand = len(d.hand(a))
    while d.game.objects("stack"):
        assert d.turn() == turn
        d.apply_action(0)
    assert sorted(_names(d, "exile", a)) == ["Think Twice", "Time Stop"]
    assert _names(d, "graveyard", a) == []
    assert len(d.hand(a)) == hand
    assert d.turn() == turn + 1 and d.active_player() == 1 - a


@pytest.mark.parametrize("impl", IMPLS)
def test_time_stop_removes_the_attackers_from_combat_723_1b(impl):
    """The defending player casts it as Savannah Lions attacks: the Lions deals no combat
    damage (the combat damage step never comes), and the defending player's turn is next."""
    d = _duel(impl, "Island")
    a = d.active_player()
    d.add_card(a, "Savannah Lions", "battlefield")
    _lands(d, 1 - a, "Island", 6)
    d.add_card(1 - a, "Time Stop", "hand")
    turn = d.turn()
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")
    while not any(w.startswith("cast Time Stop") for w in _words(d)):
        d.apply_action(0)
    _act(d, "cast Time Stop")
    while d.turn() == turn:
        d.apply_action(0)
    assert d.game.life(1 - a) == 20
    assert _names(d, "exile", 1 - a) == ["Time Stop"]
    assert d.active_player() == 1 - a


@pytest.mark.parametrize("impl", IMPLS)
def test_the_player_whose_turn_it_is_discards_to_the_maximum_hand_size_514_1(impl):
    """Ended with nine cards in hand, the active player discards down to seven in the
    cleanup step the turn skips to (the reminder text; 514.1)."""
    d = _duel(impl, "Island")
    a = d.active_player()
    _lands(d, a, "Island", 6)
    d.add_card(a, "Time Stop", "hand")
    while len(d.hand(a)) < 10:
        d.add_card(a, "Island", "hand")
    _act(d, "cast Time Stop")
    discarded = 0
    while d.game.objects("stack") or d.decision() == "discard":
        discarded += d.decision() == "discard"
        d.apply_action(d.legal_actions()[0])
    assert discarded == 2
    assert len(d.hand(a)) == 7
    assert _names(d, "graveyard", a) == ["Island", "Island"]


def test_end_the_turn_is_only_a_spells_whole_effect():
    """The compiler refuses "End the turn." with anything else in the program (723.1: the
    duel ends the turn as the resolution ends), naming the card."""
    bad = Card(
        name="Bad Stop",
        cost="{U}",
        types=("instant",),
        oracle="",
        abilities=(Spell(Seq(Draw(YOU, 1), EndTheTurn())),),
    )
    with pytest.raises(ValueError, match="Bad Stop.*723.1"):
        compile_card(bad)


def test_time_stop_is_playable():
    assert coverage.card_coverage("Time Stop", "fdn").playable


STOPS = _deck({"Island": 17}, ["Time Stop", "Think Twice", "Strix Lookout"])


@pytest.mark.parametrize("seed", [1, 2])
def test_ending_the_turn_plays_alike_in_both_duels(seed):
    """Random games of Time Stop: the same legal actions, observations, outcome and bytes in
    both duels."""
    play_alike(STOPS, ELVES, seed)
