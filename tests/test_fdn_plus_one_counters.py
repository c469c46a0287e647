"""+1/+1 counters put on a creature (122.1, 122.6) as a trigger event, and an ability that
triggers only once each turn (603.2h): Exemplar of Light and Wildwood Scourge; each card's
Oracle text quoted and shown doing it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _named, _next_turn_of, _words
from test_fdn_duel_modes import _lands

EXEMPLAR = (
    "Flying\nWhenever you gain life, put a +1/+1 counter on this creature.\nWhenever you put one "
    "or more +1/+1 counters on this creature, draw a card. This ability triggers only once each "
    "turn."
)
SCOURGE = (
    "This creature enters with X +1/+1 counters on it.\nWhenever one or more +1/+1 counters are "
    "put on another non-Hydra creature you control, put a +1/+1 counter on this creature."
)


def _settle(d, a):
    """Takes the first action until a may play a land: the stack is empty (305.1)."""
    for _ in range(40):
        if d.current_player() == a and any(w.startswith("play Plains") for w in _words(d)):
            return
        d.apply_action(d.legal_actions()[0])
    raise AssertionError("the stack never emptied")


@pytest.mark.parametrize("impl", IMPLS)
def test_exemplar_of_light_draws_once_each_turn_603_2h(impl):
    """Two life gains this turn (Dazzling Angel's, as two Savannah Lions enter) put a +1/+1
    counter on Exemplar of Light each; its draw triggers only for the first. The next turn of
    its controller a life gain makes it draw again."""
    oracle("Exemplar of Light", EXEMPLAR)
    d = _duel(impl, "Plains")
    a = d.active_player()
    _lands(d, a, "Plains", 2)
    exemplar = d.add_card(a, "Exemplar of Light", "battlefield")
    d.add_card(a, "Dazzling Angel", "battlefield")
    for _ in range(3):
        d.add_card(a, "Savannah Lions", "hand")
    hand = len(d.hand(a))
    for _ in range(2):
        _act(d, "cast Savannah Lions")
        d.apply_action(d.legal_actions()[0])  # it resolves: Dazzling Angel triggers
        _settle(d, a)
    assert d.game.counters(exemplar) == {"+1/+1": 2}
    assert len(d.hand(a)) == hand - 2 + 1
    _next_turn_of(d, a)
    hand = len(d.hand(a))
    _act(d, "cast Savannah Lions")
    d.apply_action(d.legal_actions()[0])
    _settle(d, a)
    assert d.game.counters(exemplar) == {"+1/+1": 3}
    assert len(d.hand(a)) == hand - 1 + 1


@pytest.mark.parametrize("impl", IMPLS)
def test_wildwood_scourge_grows_with_another_non_hydra_122_6(impl):
    """Wildwood Scourge cast with X = 2 enters with two +1/+1 counters. A Mossborn Hydra
    entering with its counter (a Hydra) doesn't make it grow; Felling Blow putting a counter
    on Savannah Lions does (one counter)."""
    oracle("Wildwood Scourge", SCOURGE)
    d = _duel(impl, "Forest")
    a = d.active_player()
    _lands(d, a, "Forest", 9)
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(1 - a, "Serra Angel", "battlefield")
    for name in ("Wildwood Scourge", "Mossborn Hydra", "Felling Blow"):
        d.add_card(a, name, "hand")
    _act(d, "cast Wildwood Scourge")
    _act(d, "choose 2")  # X
    _pass = lambda: d.apply_action(d.legal_actions()[0])  # noqa: E731
    while not _named(d, a, "Wildwood Scourge"):
        _pass()
    (scourge,) = _named(d, a, "Wildwood Scourge")
    assert d.game.counters(scourge) == {"+1/+1": 2}
    _act(d, "cast Mossborn Hydra")
    while not _named(d, a, "Mossborn Hydra") or not any(
        w.startswith("cast Felling Blow") for w in _words(d)
    ):
        _pass()
    assert d.game.counters(scourge) == {"+1/+1": 2}
    _act(d, "cast Felling Blow")
    _act(d, f"target Savannah Lions ({lions})")
    d.apply_action(d.legal_actions()[-1])  # the opponent's Serra Angel
    while d.game.counters(lions) == {} or d.game.counters(scourge) == {"+1/+1": 2}:
        _pass()
    assert d.game.counters(scourge) == {"+1/+1": 3}


COUNTERS = _deck(
    {"Plains": 9, "Forest": 8},
    [
        "Exemplar of Light",
        "Wildwood Scourge",
        "Dazzling Angel",
        "Felling Blow",
        "Healer's Hawk",
        "Savannah Lions",
    ],
)


def test_the_counters_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(COUNTERS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_plus_one_counters_play_alike_in_both_duels(seed):
    """Random games of Exemplar of Light and Wildwood Scourge: the same legal actions,
    observations, outcome and bytes in both duels."""
    play_alike(COUNTERS, ELVES, seed)
