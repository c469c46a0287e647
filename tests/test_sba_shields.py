"""CR 122.1c with 704.5g: shield counters replace destruction by effects only, so state-based
actions destroy a creature with lethal damage whatever its shield counters, in one pass, and the
counters stay on it (its last known information has them)."""

from __future__ import annotations

import cardstate
import cardstate.reference as reference
import hypothesis.strategies as st
from cardstate._bench.workloads import build_board
from hypothesis import given, settings


def _shielded_creature(g, shields: int) -> int:
    x = g.create(0, types=["creature"], power=1, toughness=1)
    g.add_counters(x, "shield", shields + 1)
    g.deal_damage(x, x, 1, preventable=False)  # lethal, dealt in full; one shield removed
    return x


def test_cr_122_1c_lethal_damage_destroys_in_one_pass_and_the_shields_stay(impl):
    g = impl(players=2)
    a = _shielded_creature(g, 3)
    b = _shielded_creature(g, 10**12)
    g.take_events()
    events = [e.as_tuple() for e in g.check_state_based_actions()]
    assert [e[0] for e in events] == ["destroyed", "zone_change", "destroyed", "zone_change"]
    assert g.zone(a) == "graveyard" and g.zone(b) == "graveyard"
    assert g.count(a, "shield") == 3 and g.count(b, "shield") == 10**12


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), permanents=st.integers(1, 80), preventable=st.booleans())
def test_cr704_3_after_the_check_no_action_applies(seed, permanents, preventable):
    """704.3: the check repeats until no action applies. After the first pass the engine looks
    only at what a pass changed (annihilated counters, a regenerated creature); the result must
    be what the reference model, which rescans everything, gives, and a second check must find
    nothing to do."""
    results = []
    for cls in (cardstate.Game, reference.Game):
        board = build_board(cls, permanents=permanents, seed=seed)
        g = board.game
        g.deal_simultaneous_damage(board.assignments, preventable=preventable)
        g.take_events()
        events = [e.as_tuple() for e in g.check_state_based_actions()]
        assert g.check_state_based_actions() == []
        results.append((events, [g.zone(x) for x in board.permanents]))
    assert results[0] == results[1]
