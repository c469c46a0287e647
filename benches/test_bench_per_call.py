"""Per-call overhead: each group is one API call on native, on the reference, and the floor.

Times are per round of ``cardstate._bench.workloads.PER_CALL_BATCH`` (1,000) calls; the floor
runs the same loop over an empty native method with the same arguments (``Game._noop3(a, b, c)``
for three-argument calls, ``Game._noop()`` otherwise). Targets (README, "Performance"):
``add_counters`` within 2x of the floor, ``deal_damage`` and ``cost`` within 3x.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

PER_CALL = ["native", "reference", "floor"]

RunWorkload = Callable[[Any, str, str], object]


@pytest.mark.benchmark(group="add_counters")
@pytest.mark.parametrize("variant", PER_CALL)
def test_add_counters(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``g.add_counters(x, "+1/+1", 1)``."""
    run_workload(benchmark, "add_counters", variant)


@pytest.mark.benchmark(group="count")
@pytest.mark.parametrize("variant", PER_CALL)
def test_count(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``g.count(x, "+1/+1")`` on an entity with three kinds."""
    run_workload(benchmark, "count", variant)


@pytest.mark.benchmark(group="counters")
@pytest.mark.parametrize("variant", PER_CALL)
def test_counters(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``g.counters(x)`` on an entity with three kinds."""
    run_workload(benchmark, "counters", variant)


@pytest.mark.benchmark(group="deal_damage")
@pytest.mark.parametrize("variant", PER_CALL)
def test_deal_damage(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """A single ``g.deal_damage(source, creature, 1)``."""
    run_workload(benchmark, "deal_damage", variant)


@pytest.mark.benchmark(group="cost")
@pytest.mark.parametrize("variant", PER_CALL)
def test_cost(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``g.cost(x)`` on a card with 10 applicable cost modifiers."""
    run_workload(benchmark, "cost", variant)
