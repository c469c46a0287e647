"""The environments' speed: DuelBatch steps/s on one thread, on two threads (one batch with
``threads=2``), and as two batches stepped by two Python threads; and the PettingZoo env's
steps/s beside OpenSpiel's chess stepped from Python, in the same run (``make bench``;
``extra_info["steps_per_round"]`` turns a round's time into steps/s).

A batch's step includes writing every game's observation and mask; the actions are random legal
ones chosen with numpy from the masks, as a policy would (that choice is part of the timing, on
the caller's one thread: the serial part in front of a batch on two threads).
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest
from cardstate.duel.batch import DuelBatch

GAMES = 256
STEPS = 20
AEC_STEPS = 500


class _Driver:
    """A batch and a random legal policy over its masks (noise precomputed, so the policy costs a
    multiply and an argmax per step)."""

    def __init__(self, seed: int, threads: int = 1) -> None:
        # No mulligans, comparable across versions.
        self.batch = DuelBatch(GAMES, ("infect", "energy"), seed, threads=threads, mulligans=False)
        _, self.masks = self.batch.reset()
        rng = np.random.default_rng(seed)
        self.noise = rng.random((16, *self.masks.shape), dtype=np.float32)
        self.t = 0

    def steps(self) -> None:
        for _ in range(STEPS):
            actions = (self.noise[self.t % 16] * self.masks).argmax(axis=1)
            self.t += 1
            _, self.masks, _, _ = self.batch.step(actions)


@pytest.mark.benchmark(group="duel_batch")
def test_duel_batch_one_thread(benchmark: Any) -> None:
    d = _Driver(1)
    benchmark.extra_info["steps_per_round"] = GAMES * STEPS
    benchmark(d.steps)


@pytest.mark.benchmark(group="duel_batch")
def test_duel_batch_two_threads(benchmark: Any) -> None:
    d = _Driver(1, threads=2)
    benchmark.extra_info["steps_per_round"] = GAMES * STEPS
    benchmark(d.steps)


@pytest.mark.benchmark(group="duel_batch")
def test_duel_batch_two_batches_on_two_python_threads(benchmark: Any) -> None:
    drivers = [_Driver(2), _Driver(3)]
    benchmark.extra_info["steps_per_round"] = 2 * GAMES * STEPS

    def both() -> None:
        threads = [threading.Thread(target=d.steps) for d in drivers]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    benchmark(both)


@pytest.mark.benchmark(group="env_steps")
def test_pettingzoo_duel_steps(benchmark: Any) -> None:
    pytest.importorskip("pettingzoo")
    from cardstate.duel.pettingzoo_env import raw_env

    env = raw_env()
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    benchmark.extra_info["steps_per_round"] = AEC_STEPS

    def run() -> None:
        for _ in range(AEC_STEPS):
            obs, _, terminated, _, _ = env.last()
            if terminated:
                env.reset(seed=int(rng.integers(2**32)))
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))

    benchmark(run)


@pytest.mark.benchmark(group="env_steps")
def test_openspiel_chess_steps(benchmark: Any) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("chess")
    rng = np.random.default_rng(0)
    box = [game.new_initial_state()]
    benchmark.extra_info["steps_per_round"] = AEC_STEPS

    def run() -> None:
        state = box[0]
        for _ in range(AEC_STEPS):
            if state.is_terminal():
                state = game.new_initial_state()
                continue
            state.observation_tensor()
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
        box[0] = state

    benchmark(run)
