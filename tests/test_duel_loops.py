"""104.4b: "If a loop contains only mandatory actions, the game is a draw." Two Echoing Wisps
(a card made up for the test: "~ enters with a +1/+1 counter on it. Whenever one or more
counters are put on ~, put a +1/+1 counter on each other creature you control.") feed each
other's triggers for ever. With nothing to choose between two decisions, both duels (the native
one and the reference) call the game a draw once ``MANDATORY_LOOP_RESOLUTIONS`` spells and
abilities have resolved without a decision; one Wisp alone resolves once and the game goes on.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardstate.cards import CardPool
from cardstate.cards.vocab import (
    Card,
    Each,
    EntersWithCounters,
    Filter,
    ManaAbility,
    PutCounters,
    Triggered,
)
from cardstate.duel import Duel as NativeDuel
from cardstate.reference.duel import Duel as ReferenceDuel
from cardstate.reference.duel.state import MANDATORY_LOOP_RESOLUTIONS

FOREST = Card(
    "Forest",
    ("land",),
    supertypes=("basic",),
    subtypes=("Forest",),
    oracle="({T}: Add {G}.)",
    abilities=(ManaAbility("G"),),
)
ECHOING_WISP = Card(
    "Echoing Wisp",
    ("creature",),
    cost="{G}",
    power=1,
    toughness=1,
    oracle="Echoing Wisp enters with a +1/+1 counter on it.\nWhenever one or more counters are "
    "put on Echoing Wisp, put a +1/+1 counter on each other creature you control.",
    abilities=(
        EntersWithCounters("+1/+1", 1),
        Triggered(
            "counters_put",
            PutCounters(Each(Filter(types=("creature",), controller="you", other=True)), "+1/+1"),
        ),
    ),
)
POOL = CardPool([FOREST, ECHOING_WISP])
FORESTS = ["Forest"] * 40
DUELS = pytest.mark.parametrize("make", [NativeDuel, ReferenceDuel], ids=["native", "reference"])


def wisp_counters(d: Any, wisp: int) -> int:
    """The +1/+1 counters on a Wisp, read from the kernel underneath the duel."""
    game = d.game if isinstance(d, NativeDuel) else d.kernel
    return int(game.counters(wisp).get("+1/+1", 0))


@DUELS
def test_cr_104_4b_one_wisp_resolves_once_and_the_game_goes_on(make: Any) -> None:
    d = make(FORESTS, FORESTS, pool=POOL, seed=3, mulligans=False)
    wisp = d.add_card(d.active_player(), "Echoing Wisp", "battlefield")
    assert not d.is_terminal()
    assert wisp_counters(d, wisp) == 1


@DUELS
def test_cr_104_4b_a_loop_of_mandatory_triggers_is_a_draw(make: Any) -> None:
    d = make(FORESTS, FORESTS, pool=POOL, seed=3, mulligans=False)
    me = d.active_player()
    first = d.add_card(me, "Echoing Wisp", "battlefield")
    second = d.add_card(me, "Echoing Wisp", "battlefield")
    assert d.is_terminal()
    assert d.returns() == [0.0, 0.0]
    # Each resolution put one counter on one Wisp, until the count ended the game.
    total = wisp_counters(d, first) + wisp_counters(d, second)
    assert MANDATORY_LOOP_RESOLUTIONS <= total <= MANDATORY_LOOP_RESOLUTIONS + 3


def test_cr_104_4b_both_duels_end_the_loop_in_the_same_state() -> None:
    native = NativeDuel(FORESTS, FORESTS, pool=POOL, seed=5, mulligans=False)
    reference = ReferenceDuel(FORESTS, FORESTS, pool=POOL, seed=5, mulligans=False)
    for d in (native, reference):
        d.add_card(0, "Echoing Wisp", "battlefield")
        d.add_card(0, "Echoing Wisp", "battlefield")
    assert native.to_bytes() == reference.to_bytes()
    assert str(native) == str(reference)
