"""Raid (207.2c) and "mana value less than or equal to this creature's power" (202.3, 208.1):
Alesha, Who Laughs at Fate; its Oracle text quoted and shown doing it in the native and the
reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _named, _next_turn_of, _words

ALESHA = (
    "First strike\nWhenever Alesha attacks, put a +1/+1 counter on it.\nRaid — At the beginning "
    "of your end step, if you attacked this turn, return target creature card with mana value "
    "less than or equal to Alesha's power from your graveyard to the battlefield."
)
GRAVEYARD = ["Savannah Lions", "Cat Collector", "Vanguard Seraph"]  # mana values 1, 3, 4


def _alesha(impl):
    """A duel at its active player's next first main phase, Alesha (no longer summoning sick)
    on its battlefield and Savannah Lions, Cat Collector and Vanguard Seraph in its
    graveyard."""
    oracle("Alesha, Who Laughs at Fate", ALESHA)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    alesha = d.add_card(a, "Alesha, Who Laughs at Fate", "battlefield")
    cards = {name: d.add_card(a, name, "graveyard") for name in GRAVEYARD}
    _next_turn_of(d, a)
    return d, a, alesha, cards


def _to_end_step_targets(d):
    while d.decision() != "target" and d.step() != "cleanup":
        d.apply_action(d.legal_actions()[0])


@pytest.mark.parametrize("impl", IMPLS)
def test_alesha_returns_a_card_of_mana_value_up_to_its_power_207_2c(impl):
    """Alesha attacks: its trigger puts a +1/+1 counter on it (a 3/3). At the beginning of the
    end step (raid: it attacked) its controller chooses a target among the creature cards in
    its graveyard of mana value at most 3 — Savannah Lions and Cat Collector, not Vanguard
    Seraph (4) — and Cat Collector returns to the battlefield."""
    d, a, alesha, cards = _alesha(impl)
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    _act(d, "attack with Alesha")
    _to_end_step_targets(d)
    assert d.step() == "end" and d.current_player() == a
    assert d.game.counters(alesha) == {"+1/+1": 1} and d.game.power(alesha) == 3
    words = _words(d)
    assert any("Savannah Lions" in w for w in words) and any("Cat Collector" in w for w in words)
    assert not any("Vanguard Seraph" in w for w in words)
    _act(d, f"target Cat Collector ({cards['Cat Collector']})")
    while not _named(d, a, "Cat Collector"):
        d.apply_action(d.legal_actions()[0])
    assert _named(d, a, "Savannah Lions") == []


@pytest.mark.parametrize("impl", IMPLS)
def test_alesha_without_an_attack_doesnt_trigger_603_4(impl):
    """Not having attacked, the intervening "if" (603.4) keeps the end step's ability from
    triggering: no target is asked for, nothing returns."""
    d, a, _, _ = _alesha(impl)
    turn = d.turn()
    seen = []
    while d.turn() == turn:
        seen.append(d.decision())
        d.apply_action(d.legal_actions()[0])  # no attack
    assert "target" not in seen
    assert all(not _named(d, a, name) for name in GRAVEYARD)


RAIDERS = _deck(
    {"Swamp": 8, "Mountain": 9},
    ["Alesha, Who Laughs at Fate", "Savannah Lions", "Goblin Boarders", "Searslicer Goblin"],
)


def test_the_raid_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(RAIDERS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_raid_plays_alike_in_both_duels(seed):
    """Random games of Alesha: the same legal actions, observations, outcome and bytes in both
    duels."""
    play_alike(RAIDERS, ELVES, seed)
