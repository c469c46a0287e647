"""Whose turn it is: an extra turn (500.7: Temporal Manipulation) and a spell cast during an
opponent's turn (Brineborn Cutthroat); each card's Oracle text quoted and shown doing it in the
native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _next_turn_of, _pass_until
from test_fdn_duel_modes import _lands

CUTTHROAT = (
    "Flash (You may cast this spell any time you could cast an instant.)\nWhenever you cast a "
    "spell during an opponent's turn, put a +1/+1 counter on this creature."
)


def _turns(d, n):
    """The active player of each of the next ``n`` turns after this one (passing, attacking
    and blocking with nothing)."""
    out = []
    while len(out) < n:
        t = d.turn()
        while d.turn() == t:
            d.apply_action(d.legal_actions()[0])
        out.append(d.active_player())
    return out


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("copies", [1, 2])
def test_temporal_manipulation_takes_an_extra_turn_500_7(impl, copies):
    """Temporal Manipulation: "Take an extra turn after this one." Its caster takes the next
    turn (and the one after with two of them), then the opponent; the turns are counted as any
    others."""
    oracle("Temporal Manipulation", "Take an extra turn after this one.")
    d = _duel(impl, "Island")
    a = d.active_player()
    _lands(d, a, "Island", 5 * copies)
    for _ in range(copies):
        d.add_card(a, "Temporal Manipulation", "hand")
        _act(d, "cast Temporal Manipulation")
        _pass_until(d, lambda: not d.game.objects("stack"))
    turn = d.turn()
    assert _turns(d, copies + 2) == [a] * copies + [1 - a, a]
    assert d.turn() == turn + copies + 2


@pytest.mark.parametrize("impl", IMPLS)
def test_brineborn_cutthroat_grows_on_an_opponents_turn_601_2i(impl):
    """Brineborn Cutthroat: Think Twice cast on its controller's own turn puts no counter on
    it; cast on the opponent's turn (an instant, with priority there) it puts one."""
    oracle("Brineborn Cutthroat", CUTTHROAT)
    d = _duel(impl, "Island")
    a = d.active_player()
    _lands(d, a, "Island", 4)
    cutthroat = d.add_card(a, "Brineborn Cutthroat", "battlefield")
    d.add_card(a, "Think Twice", "hand")
    _act(d, "cast Think Twice")
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert d.game.counters(cutthroat) == {}
    _next_turn_of(d, 1 - a)
    d.add_card(a, "Think Twice", "hand")
    _pass_until(d, lambda: d.current_player() == a)
    _act(d, "cast Think Twice")
    _pass_until(d, lambda: d.game.counters(cutthroat) != {})
    assert d.game.counters(cutthroat) == {"+1/+1": 1}
    assert d.active_player() == 1 - a


TURNS = _deck(
    {"Island": 17},
    ["Temporal Manipulation", "Brineborn Cutthroat", "Think Twice", "Strix Lookout"],
)


def test_the_turns_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(TURNS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_extra_turns_play_alike_in_both_duels(seed):
    """Random games of extra turns and flash: the same legal actions, observations, outcome
    and bytes in both duels."""
    play_alike(TURNS, ELVES, seed)
