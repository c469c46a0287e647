"""Compound damage: 100 simultaneous assignments, then state-based actions. Each round starts from a
fresh 2-player 100-permanent board (untimed setup), so every round deals real damage and kills real
creatures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

RunWorkload = Callable[[Any, str, str], object]


@pytest.mark.benchmark(group="simultaneous_damage_sba")
@pytest.mark.parametrize("variant", ["native", "reference"])
def test_simultaneous_damage_sba(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``deal_simultaneous_damage`` (100 assignments) + ``check_state_based_actions()``."""
    run_workload(benchmark, "simultaneous_damage_sba", variant)
