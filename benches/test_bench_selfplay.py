"""Agents and self-play: MCTS simulations/s from mid-game duel positions (target: at least
10,000 on one core; determinized and information-set MCTS), the ``local`` backend on 2
workers against ``serial`` (target: at least 1.7x) and Ray's overhead per game (reported).

MCTS's strength (1,000 simulations against random, at least 95% of 200 games) is a Rust
benchmark: ``cargo bench -p cardstate-agents --bench strength``; the criterion benchmark
``cargo bench -p cardstate-agents --bench agents`` measures simulations/s without Python.

Under ``--benchmark-disable`` (``make test``) each case runs once on a tiny match, and the Ray
case is skipped (a cluster takes seconds to start).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from cardstate import selfplay
from cardstate.agents import MCTSAgent, RandomAgent
from cardstate.duel import Duel

SIMULATIONS = 1000


def _disabled(request: Any) -> bool:
    return bool(request.config.getoption("benchmark_disable"))


def _mid_game_positions(n: int) -> list[Duel]:
    out = []
    seed = 0
    while len(out) < n:
        d = Duel("evergreen", "energy", seed=seed, mulligans=False)  # the positions as before
        r = RandomAgent(seed)
        while d.turn() < 8 and not d.is_terminal():
            d.apply_action(r.act(d))
        if not d.is_terminal() and len(d.legal_actions()) > 1:
            out.append(d)
        seed += 1
    return out


@pytest.mark.benchmark(group="mcts")
@pytest.mark.parametrize("algorithm", ["determinized", "ismcts"])
def test_mcts_simulations_per_second(benchmark: Any, algorithm: str) -> None:
    """One MCTS decision of 1,000 simulations from a mid-game position (turn 8)."""
    positions = _mid_game_positions(8)
    agent = MCTSAgent(simulations=SIMULATIONS, seed=1, algorithm=algorithm)
    i = iter(range(10**9))

    def decide() -> int:
        return agent.act(positions[next(i) % len(positions)])

    benchmark(decide)
    benchmark.extra_info["simulations_per_decision"] = SIMULATIONS
    if benchmark.stats is not None:
        benchmark.extra_info["simulations_per_s"] = SIMULATIONS / benchmark.stats.stats.median


def _match(backend: str, games: int, simulations: int, **kw: Any) -> selfplay.MatchResult:
    return selfplay.run(
        games=games,
        agents=(f"mcts:simulations={simulations}", "random"),
        decks=("evergreen", "energy"),
        seed=0,
        backend=backend,
        **kw,
    )


@pytest.mark.benchmark(group="selfplay")
def test_local_two_workers_against_serial(benchmark: Any, request: Any) -> None:
    """The same match serially and on the local backend with 2 workers (pool start-up
    included); ``extra_info["speedup"]`` is serial time over local time."""
    games, simulations = (2, 10) if _disabled(request) else (24, 300)
    start = time.perf_counter()
    serial = _match("serial", games, simulations)
    serial_s = time.perf_counter() - start
    local = benchmark.pedantic(
        _match, args=("local", games, simulations), kwargs={"workers": 2}, rounds=1
    )
    assert local == serial
    benchmark.extra_info["serial_s"] = serial_s
    benchmark.extra_info["local_s"] = local.elapsed_s
    benchmark.extra_info["speedup"] = serial_s / local.elapsed_s


@pytest.mark.benchmark(group="selfplay")
def test_ray_overhead_per_game(benchmark: Any, request: Any) -> None:
    """Random-against-random games (short: the time is the backend's) serially and on a private
    2-CPU Ray cluster (start-up excluded); ``extra_info["overhead_per_game_s"]`` is Ray's time
    per game minus the serial time per game divided by the workers."""
    if _disabled(request):
        pytest.skip("Ray start-up is too slow for --benchmark-disable runs")
    ray = pytest.importorskip("ray")
    games = 200
    serial = selfplay.run(games=games, agents=("random", "random"), backend="serial")
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(num_cpus=2, object_store_memory=80 * 1024 * 1024, include_dashboard=False)
    try:
        result = benchmark.pedantic(
            selfplay.run,
            kwargs={"games": games, "agents": ("random", "random"), "backend": "ray"},
            rounds=3,
        )
    finally:
        if started_here:
            ray.shutdown()
    assert result == serial
    per_game = result.elapsed_s / games
    benchmark.extra_info["serial_per_game_s"] = serial.elapsed_s / games
    benchmark.extra_info["ray_per_game_s"] = per_game
    benchmark.extra_info["overhead_per_game_s"] = per_game - serial.elapsed_s / games / 2
