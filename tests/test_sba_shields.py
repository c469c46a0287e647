"""CR 122.1c with 704.3: lethal damage stays marked, so a creature whose destruction a shield
counter replaced is destroyed again in the next pass; it dies once its shields run out. The
engine does those repeated passes without rescanning the board (regression: one pass per shield
made huge shield counts hang)."""

from __future__ import annotations

import time

import cardstate


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
