"""Shared machinery of the benchmark suite (pytest-benchmark).

Each ``test_bench_*.py`` test is one group (``@pytest.mark.benchmark(group=...)``) parametrized
over the variants of one workload of :mod:`cardstate._bench.workloads`: ``native``
(``cardstate.Game``), ``reference`` (``cardstate.reference.Game``), ``floor`` (an empty native
method, ``Game._noop()`` or ``Game._noop3(a, b, c)``) and ``peer`` (OpenSpiel's chess
``clone()``, or a Python loop of native calls for the batch workloads), so the ratios are one
glance in ``make bench`` (``--benchmark-group-by=group``).

Per-call workloads time :data:`cardstate._bench.workloads.PER_CALL_BATCH` calls per round (the same
loop for the method and its floor); divide by it for the time of one call (``extra_info``
records it). Rounds whose workload mutates the game get an untimed setup (a fresh board, or the
event log drained) through ``benchmark.pedantic``.

``make test`` runs this suite once with ``--benchmark-disable`` (each case runs once), so a
workload cannot rot. The only skips allowed are OpenSpiel not being installed, batch
functions that don't exist yet, and the real decks' workloads (test_bench_fdn.py) while their
cards aren't all playable (the skip names them); anything else missing is a failure.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import pytest
from cardstate._bench import workloads as benchmarks

ROUND_BUDGET_S = 1.0
"""Timed seconds to aim for per pedantic benchmark when ``--benchmark-max-time`` can't be read
(pytest-benchmark's default max time)."""


@pytest.fixture(scope="session")
def native_cls() -> Any:
    """``cardstate.Game`` (the native engine)."""
    return benchmarks.native_game_class()


@pytest.fixture(scope="session")
def reference_cls() -> Any:
    """``cardstate.reference.Game`` (the pure-Python reference model)."""
    return benchmarks.reference_game_class()


def _rounds_for(case: benchmarks.Case, budget: float) -> int:
    """Rounds so that the timed part takes about ``budget`` seconds (5 to 2,000)."""
    assert case.setup is not None
    args = case.setup()
    t0 = time.perf_counter()
    case.run(*args)
    dt = time.perf_counter() - t0
    return max(5, min(2000, math.ceil(budget / max(dt, 1e-9))))


def run_case(benchmark: Any, case: benchmarks.Case) -> object:
    """Benchmark ``case``: ``benchmark(run)`` when it has no setup, else pedantic rounds with the
    setup untimed before each round."""
    benchmark.extra_info["calls_per_round"] = case.calls
    if case.setup is None:
        return benchmark(case.run)
    setup = case.setup

    def pedantic_setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        return setup(), {}

    if benchmark.disabled:
        return benchmark.pedantic(case.run, setup=pedantic_setup, rounds=1)
    # --benchmark-max-time if pytest-benchmark exposes it, else its default.
    budget = float(getattr(benchmark, "_max_time", ROUND_BUDGET_S))
    return benchmark.pedantic(
        case.run, setup=pedantic_setup, rounds=_rounds_for(case, budget), warmup_rounds=1
    )


@pytest.fixture
def run_workload(
    native_cls: Any, reference_cls: Any
) -> Callable[[Any, str, benchmarks.Variant], object]:
    """``run_workload(benchmark, name, variant)``: build the workload's variant and time it.

    :class:`cardstate._bench.workloads.Unavailable` skips when the workload allows it (OpenSpiel not
    installed, a batch function not written yet) and fails otherwise.
    """

    def run(benchmark: Any, name: str, variant: benchmarks.Variant) -> object:
        workload = benchmarks.get_workload(name)
        benchmark.extra_info["workload"] = workload.description
        if variant == "floor":
            benchmark.extra_info["floor"] = workload.floor_label
        if variant == "peer":
            benchmark.extra_info["peer"] = workload.peer_label
        try:
            case = workload.build(variant, native_cls, reference_cls)
        except benchmarks.Unavailable as exc:
            if exc.skip:
                pytest.skip(exc.reason)
            pytest.fail(f"{name} [{variant}]: {exc.reason}")
        return run_case(benchmark, case)

    return run
