"""Evaluator-guided search: simulations/s of ``BatchedSearch`` from mid-game duel positions
with a trivial numpy evaluator (uniform priors over the legal mask, value 0) at batch sizes 1,
16 and 256 (target: at least 50,000/s at 256 on one core), and with a small MLP on the
observation (numpy; PyTorch on the CPU where it is installed), with the share of the time
spent outside the evaluator (target: under 10%), sequential and pipelined (the search of one
half of the duels on a second thread while the network scores the other half's leaves); and
self-play data positions/s on the ``local`` backend with two workers.

Batch size B searches B duels at once, one leaf each per evaluator call (``parallel_leaves``
1), so every call but the last few has B rows. ``extra_info`` records simulations/s (by the
wall clock, and per second of the process's CPU time), the evaluator calls, the mean rows per
call and the share of time outside the evaluator.

Under ``--benchmark-disable`` (``make test``) each case runs once.
"""

from __future__ import annotations

import importlib.util
import time
import warnings
from typing import Any

import numpy as np
import pytest
from cardstate.agents import BatchedSearch, RandomAgent
from cardstate.duel import Duel

SIMULATIONS = 64


def _positions(n: int) -> list[Duel]:
    out: list[Duel] = []
    seed = 0
    while len(out) < n:
        d = Duel("evergreen", "energy", seed=seed)
        r = RandomAgent(seed)
        while d.turn() < 8 and not d.is_terminal():
            d.apply_action(r.act(d))
        if not d.is_terminal() and len(d.legal_actions()) > 1:
            out.append(d)
        seed += 1
    return out


class Timed:
    """Wraps an evaluator, counting its calls, rows and seconds."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.calls = 0
        self.rows = 0
        self.seconds = 0.0

    def evaluate(self, obs: Any, mask: Any, players: Any) -> Any:
        t = time.perf_counter()
        out = self.inner(obs, mask, players)
        self.seconds += time.perf_counter() - t
        self.calls += 1
        self.rows += len(players)
        return out


def trivial(obs: Any, mask: Any, players: Any) -> Any:
    return mask, np.zeros(len(players), np.float32)


class NumpyMLP:
    """One hidden layer of 64 on the observation, a policy and a value head."""

    def __init__(self, obs_len: int, actions: int, hidden: int = 64) -> None:
        rng = np.random.default_rng(0)
        self.w1 = (rng.standard_normal((obs_len, hidden)) * 0.02).astype(np.float32)
        self.wp = (rng.standard_normal((hidden, actions)) * 0.02).astype(np.float32)
        self.wv = (rng.standard_normal(hidden) * 0.02).astype(np.float32)

    def __call__(self, obs: Any, mask: Any, players: Any) -> Any:
        h = np.maximum(obs @ self.w1, 0)
        logits = np.where(mask, h @ self.wp, -1e9)
        e = np.exp(logits - logits.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True), np.tanh(h @ self.wv)


class TorchMLP:
    """The same network in PyTorch on the CPU (one thread)."""

    def __init__(self, obs_len: int, actions: int, hidden: int = 64) -> None:
        import torch

        torch.set_num_threads(1)
        self.torch = torch
        self.body = torch.nn.Sequential(torch.nn.Linear(obs_len, hidden), torch.nn.ReLU())
        self.policy = torch.nn.Linear(hidden, actions)
        self.value = torch.nn.Linear(hidden, 1)

    def __call__(self, obs: Any, mask: Any, players: Any) -> Any:
        torch = self.torch
        with torch.no_grad(), warnings.catch_warnings():
            # The search lends its observations read-only: the network only reads them.
            warnings.filterwarnings("ignore", message="The given NumPy array is not writable")
            h = self.body(torch.from_numpy(obs))
            logits = self.policy(h).masked_fill(~torch.from_numpy(mask), -1e9)
            priors = torch.softmax(logits, dim=1).numpy()
            return priors, torch.tanh(self.value(h)).squeeze(1).numpy()


def _run(benchmark: Any, evaluator: Any, batch_size: int, pipelined: bool = False) -> None:
    # Pipelined, twice the duels: each call still carries `batch_size` rows (one half's).
    games = batch_size * (2 if pipelined else 1)
    duels = _positions(min(games, 16))
    duels = [duels[i % len(duels)] for i in range(games)]
    timed = Timed(evaluator)
    search = BatchedSearch(
        duels,
        evaluator=timed,
        simulations=SIMULATIONS,
        batch_size=batch_size,
        pipelined=pipelined,
    )
    before = [0]
    elapsed = [0.0]
    cpu = [0.0]

    def decide() -> Any:
        before[0] = search.simulations_run
        t, c = time.perf_counter(), time.process_time()
        out = search.run()
        elapsed[0] += time.perf_counter() - t
        cpu[0] += time.process_time() - c
        return out

    benchmark(decide)
    simulations = search.simulations_run
    benchmark.extra_info["batch_size"] = batch_size
    benchmark.extra_info["pipelined"] = pipelined
    benchmark.extra_info["simulations_per_run"] = simulations - before[0]
    benchmark.extra_info["evaluator_calls"] = timed.calls
    benchmark.extra_info["rows_per_call"] = timed.rows / max(1, timed.calls)
    benchmark.extra_info["outside_evaluator"] = 1 - timed.seconds / max(elapsed[0], 1e-12)
    # On a shared machine the process's CPU time says more than the wall clock.
    benchmark.extra_info["simulations_per_cpu_s"] = simulations / max(cpu[0], 1e-12)
    if benchmark.stats is not None:
        per_run = simulations - before[0]
        benchmark.extra_info["simulations_per_s"] = per_run / benchmark.stats.stats.median


@pytest.mark.benchmark(group="evaluator_search")
@pytest.mark.parametrize("batch_size", [1, 16, 256])
def test_trivial_evaluator(benchmark: Any, batch_size: int) -> None:
    """A decision in each of ``batch_size`` duels, 64 simulations each, the trivial evaluator."""
    _run(benchmark, trivial, batch_size)


@pytest.mark.benchmark(group="evaluator_search_mlp")
@pytest.mark.parametrize("pipelined", [False, True], ids=["sequential", "pipelined"])
@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_mlp_evaluator(benchmark: Any, backend: str, pipelined: bool) -> None:
    """Batch 256 with a small MLP (hidden 64) on the observation; pipelined, 512 duels in
    two halves, a second thread searching one while the network scores the other."""
    d = Duel("evergreen", "energy")
    shape = (d.observation_shape()[0], d.num_distinct_actions())
    if backend == "torch":
        if importlib.util.find_spec("torch") is None:
            pytest.skip("PyTorch is not installed (pip install 'cardstate[torch]')")
        net: Any = TorchMLP(*shape)
    else:
        net = NumpyMLP(*shape)
    _run(benchmark, net, 256, pipelined)


@pytest.mark.benchmark(group="selfplay_data")
def test_selfplay_data_positions_per_second(benchmark: Any, tmp_path: Any, request: Any) -> None:
    """``selfplay.data.generate`` on the ``local`` backend with 2 workers: 8 games (2 under
    ``--benchmark-disable``), 16 simulations a decision, the hand-written evaluation (PUCT),
    4 games a shard."""
    from cardstate.selfplay import data

    games = 2 if request.config.getoption("benchmark_disable") else 8
    runs = iter(range(10**9))
    positions = [0]

    def generate() -> None:
        out = tmp_path / f"run-{next(runs)}"
        paths = data.generate(
            games=games,
            out=out,
            evaluator="evaluation",
            simulations=16,
            games_per_shard=4,
            backend="local",
            workers=2,
        )
        positions[0] = len(data.load(paths))

    benchmark.pedantic(generate, rounds=1 if games == 2 else 3, iterations=1)
    benchmark.extra_info["positions"] = positions[0]
    if benchmark.stats is not None:
        benchmark.extra_info["positions_per_s"] = positions[0] / benchmark.stats.stats.median
