"""Proliferate over 10,000 entities with counters and ``proliferate_candidates()`` on the same
board. Mixed kinds, custom names included; half of the candidates chosen. The event log is drained
between rounds (untimed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

RunWorkload = Callable[[Any, str, str], object]


@pytest.mark.benchmark(group="proliferate_10k")
@pytest.mark.parametrize("variant", ["native", "reference"])
def test_proliferate(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``g.proliferate(0, half_of_the_candidates)`` on 10,000 entities with counters."""
    run_workload(benchmark, "proliferate_10k", variant)


@pytest.mark.benchmark(group="proliferate_candidates_10k")
@pytest.mark.parametrize("variant", ["native", "reference"])
def test_proliferate_candidates(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``g.proliferate_candidates()`` on 10,000 entities with counters (native: numpy array)."""
    run_workload(benchmark, "proliferate_candidates_10k", variant)
