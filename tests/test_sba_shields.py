"""CR 122.1c with 704.3: lethal damage stays marked, so a creature whose destruction a shield
counter replaced is destroyed again in the next pass; it dies once its shields run out. The
engine does those repeated passes without rescanning the board (regression: one pass per shield
made huge shield counts hang)."""

from __future__ import annotations

import time

import cardstate
import cardstate.reference as reference
import hypothesis.strategies as st
from cardstate._bench.workloads import build_board
from hypothesis import given, settings


def _shielded_creature(g, shields: int) -> int:
    x = g.create(0, types=["creature"], power=1, toughness=1)
    g.add_counters(x, "shield", shields)
    g.deal_damage(x, x, 1, preventable=False)  # lethal, and can't be prevented by the shields
    return x


def test_cr_122_1c_each_pass_removes_one_shield_then_it_dies(impl):
    g = impl(players=2)
    a = _shielded_creature(g, 3)
    b = _shielded_creature(g, 5)
    g.take_events()
    events = [e.as_tuple() for e in g.check_state_based_actions()]
    shield_removals = [e for e in events if e[0] == "counters_removed"]
    # Passes 1-3 remove a shield from each; pass 4 destroys a; passes 4-5 remove b's last two.
    assert [e[2] for e in shield_removals] == [a, b, a, b, a, b, b, b]
    assert all(e[3] == 1 and e[4] == "shield" for e in shield_removals)
    assert g.zone(a) == "graveyard" and g.zone(b) == "graveyard"
    kinds = [e[0] for e in events]
    assert kinds.count("destroyed") == 2


def test_huge_shield_counts_finish_quickly_without_events():
    g = cardstate.Game(players=2, record_events=False)
    x = _shielded_creature(g, 10**12)
    start = time.perf_counter()
    # apply() runs the actions without collecting their events (the log is off).
    g.apply([("check_state_based_actions",)])
    assert time.perf_counter() - start < 5.0
    assert g.zone(x) == "graveyard"
    assert g.count(x, "shield") == 0  # last known information: every shield was used
    assert g.hash() == g._recompute_hash()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), permanents=st.integers(1, 80), preventable=st.booleans())
def test_cr704_3_after_the_check_no_action_applies(seed, permanents, preventable):
    """704.3: the check repeats until no action applies. After the first pass the engine looks
    only at what a pass changed (annihilated counters, a shield used instead of a destroy); the
    result must be what the reference model, which rescans everything, gives, and a second check
    must find nothing to do. Unpreventable damage leaves shield counters for the SBAs to use."""
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
