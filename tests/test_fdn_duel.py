"""The playable Foundations cards play in the duel: decks of them (every card reported playable
by ``cardstate cards coverage``) play whole games in the native and the reference duel alike,
action by action (the same legal actions, observations and bytes)."""

from __future__ import annotations

import numpy as np
import pytest
from cardstate import agents
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel


def _deck(lands: dict[str, int], spells: list[str]) -> list[str]:
    out = [name for name, n in lands.items() for _ in range(n)]
    out += [spells[i % len(spells)] for i in range(40 - len(out))]
    return out


BOROS = _deck(
    {"Mountain": 8, "Plains": 8},
    [
        "Fanatical Firebrand",
        "Firebrand Archer",
        "Crackling Cyclops",
        "Krenko, Mob Boss",
        "Axgard Cavalry",
        "Dauntless Veteran",
        "Prideful Parent",
        "Stroke of Midnight",
        "Heroic Reinforcements",
        "Sure Strike",
        "Boltwave",
        "Seismic Rupture",
        "Dragon Trainer",
        "Shivan Dragon",
        "Rite of the Dragoncaller",
        "Firespitter Whelp",
        "Savannah Lions",
        "Healer's Hawk",
        "Swiftblade Vindicator",
        "Serra Angel",
        "Make Your Move",
        "Helpful Hunter",
        "Brazen Scourge",
        "Guarded Heir",
    ],
)
SULTAI = _deck(
    {"Swamp": 6, "Forest": 6, "Island": 5},
    [
        "Diregraf Ghoul",
        "Stab",
        "Exsanguinate",
        "Hero's Downfall",
        "Infestation Sage",
        "Phyrexian Arena",
        "Sanguine Syphoner",
        "Vampire Nighthawk",
        "Llanowar Elves",
        "Giant Growth",
        "Overrun",
        "Broken Wings",
        "Snakeskin Veil",
        "Aegis Turtle",
        "Essence Scatter",
        "Fleeting Distraction",
        "Lunar Insight",
        "Meteor Golem",
        "Preposterous Proportions",
        "Quakestrider Ceratops",
        "Day of Judgment",
        "Hidetsugu's Second Rite",
        "Anthem of Champions",
    ],
)


def test_the_decks_are_of_playable_cards():
    for deck in (BOROS, SULTAI):
        assert all(c.playable for c in coverage.coverage(deck)), [
            c for c in coverage.coverage(deck) if not c.playable
        ]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_playable_cards_play_alike_in_both_duels(seed):
    native = Duel(BOROS, SULTAI, pool="fdn", seed=seed, turn_limit=30, format="limited")
    reference = ReferenceDuel(BOROS, SULTAI, pool="fdn", seed=seed, turn_limit=30)
    agent = agents.RandomAgent(seed)
    while not native.is_terminal():
        a = agent.act(native)
        native.apply_action(a)
        reference.apply_action(a)
        assert reference.legal_actions() == native.legal_actions()
        for p in (0, 1):
            assert np.array_equal(reference.observation_tensor(p), native.observation_tensor(p))
    assert reference.is_terminal() and reference.returns() == native.returns()
    assert native.to_bytes() == reference.to_bytes()
