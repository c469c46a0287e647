"""Raid (207.2c), "mana value less than or equal to this creature's power" (202.3, 208.1) and
"the amount of life you gained this turn" (119.9): Alesha, Who Laughs at Fate and Midnight
Snack; each card's Oracle text quoted and shown doing it in the native and the reference duel
alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import (
    ELVES,
    IMPLS,
    _act,
    _duel,
    _named,
    _next_turn_of,
    _pass_until,
    _words,
)
from test_fdn_duel_modes import _lands

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


SNACK = (
    "Raid — At the beginning of your end step, if you attacked this turn, create a Food token. "
    '(It\'s an artifact with "{2}, {T}, Sacrifice this token: You gain 3 life.")\n{2}{B}, '
    "Sacrifice this enchantment: Target opponent loses X life, where X is the amount of life you "
    "gained this turn."
)


def _settle(d):
    """Passes until its active player may play a land: the stack is empty (305.1)."""
    _pass_until(d, lambda: any(w.startswith("play Swamp") for w in _words(d)))


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("lions", [2, 0])
def test_midnight_snack_drains_the_life_gained_this_turn_119_9(impl, lions):
    """Two Savannah Lions enter (Dazzling Angel gains 1 life for each): Midnight Snack,
    sacrificed, makes the opponent lose 2 — the life its controller gained this turn, not its
    life total. With no life gained, it makes the opponent lose none."""
    oracle("Midnight Snack", SNACK)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    _lands(d, a, "Swamp", 3)
    _lands(d, a, "Plains", 2)
    d.add_card(a, "Midnight Snack", "battlefield")
    d.add_card(a, "Dazzling Angel", "battlefield")
    for _ in range(lions):
        d.add_card(a, "Savannah Lions", "hand")
        _act(d, "cast Savannah Lions")
        _settle(d)
    assert d.game.life(a) == 20 + lions
    _act(d, "activate Midnight Snack")
    _act(d, f"target player {1 - a}")
    _settle(d)
    assert _named(d, a, "Midnight Snack") == []
    assert d.game.life(1 - a) == 20 - lions


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("attack", [True, False])
def test_midnight_snack_raid_makes_a_food_207_2c(impl, attack):
    """Raid: at the beginning of its controller's end step, if it attacked this turn (Savannah
    Lions), Midnight Snack creates a Food token; without an attack, none."""
    oracle("Midnight Snack", SNACK)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    d.add_card(a, "Midnight Snack", "battlefield")
    d.add_card(a, "Savannah Lions", "battlefield")
    _next_turn_of(d, a)
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    if attack:
        _act(d, "attack with Savannah Lions")
    turn = d.turn()
    while d.turn() == turn:
        d.apply_action(d.legal_actions()[0])
    assert len(_named(d, a, "Food Token")) == (1 if attack else 0)


RAIDERS = _deck(
    {"Swamp": 8, "Mountain": 9},
    [
        "Alesha, Who Laughs at Fate",
        "Savannah Lions",
        "Goblin Boarders",
        "Searslicer Goblin",
        "Midnight Snack",
        "Vampire Nighthawk",
    ],
)


def test_the_raid_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(RAIDERS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_raid_plays_alike_in_both_duels(seed):
    """Random games of Alesha: the same legal actions, observations, outcome and bytes in both
    duels."""
    play_alike(RAIDERS, ELVES, seed)
