"""Berserk batches: ``set_lives`` and ``cost`` over a 100-card board in one call,
native at least 50x the reference. Native: ``Game.set_lives_many(ids, values)`` and
``Game.cost_many(ids)`` (skipped with a message naming the method until they exist); the
reference uses its batch method if it has one, else a loop of single calls; the peer is a
Python loop of native single calls. ``set_lives`` alternates two targets so each round changes
every card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

RunWorkload = Callable[[Any, str, str], object]


@pytest.mark.benchmark(group="batch_set_lives_100")
@pytest.mark.parametrize("variant", ["native", "reference", "peer"])
def test_batch_set_lives(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``set_lives`` over 100 berserk creatures."""
    run_workload(benchmark, "batch_set_lives_100", variant)


@pytest.mark.benchmark(group="batch_cost_100")
@pytest.mark.parametrize("variant", ["native", "reference", "peer"])
def test_batch_cost(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``cost`` over 100 berserk cards with cost modifiers."""
    run_workload(benchmark, "batch_cost_100", variant)
