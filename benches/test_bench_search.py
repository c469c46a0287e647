"""Search support: clone, hash, to_bytes, from_bytes of a 2-player 100-permanent board,
and batch clone+hash of 1,000 games.

Targets: native clone at least 50x faster than the reference's and no slower than OpenSpiel's
``clone()`` of a chess state (the ``peer``; skipped with a message if ``open_spiel`` is not
installed); the batch call at least 10x faster than a Python loop of native calls (the ``peer``
of the batch group; skipped with a message naming the function until it exists).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

RunWorkload = Callable[[Any, str, str], object]


@pytest.mark.benchmark(group="clone")
@pytest.mark.parametrize("variant", ["native", "reference", "peer"])
def test_clone(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``g.clone()``; peer: ``pyspiel.load_game("chess").new_initial_state().clone()``."""
    run_workload(benchmark, "clone", variant)


@pytest.mark.benchmark(group="hash")
@pytest.mark.parametrize("variant", ["native", "reference"])
def test_hash(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``g.hash()`` (native: O(1), kept incrementally)."""
    run_workload(benchmark, "hash", variant)


@pytest.mark.benchmark(group="to_bytes")
@pytest.mark.parametrize("variant", ["native", "reference"])
def test_to_bytes(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``g.to_bytes()``."""
    run_workload(benchmark, "to_bytes", variant)


@pytest.mark.benchmark(group="from_bytes")
@pytest.mark.parametrize("variant", ["native", "reference"])
def test_from_bytes(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """``Game.from_bytes(data)``."""
    run_workload(benchmark, "from_bytes", variant)


@pytest.mark.benchmark(group="batch_clone_hash_1000")
@pytest.mark.parametrize("variant", ["native", "reference", "peer"])
def test_batch_clone_hash(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """Clone + hash of 1,000 games: native batch call; reference and peer: Python loops."""
    run_workload(benchmark, "batch_clone_hash_1000", variant)


@pytest.mark.benchmark(group="batch_threads")
@pytest.mark.parametrize("variant", ["native", "reference", "peer"])
def test_batch_threads(benchmark: Any, run_workload: RunWorkload, variant: str) -> None:
    """Batch work on two Python threads (native; batch calls release the GIL), the same work on
    one thread (peer), and the reference doing it game by game. Target: two threads finish
    faster than one."""
    run_workload(benchmark, "batch_threads", variant)
