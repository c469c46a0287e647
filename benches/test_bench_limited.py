"""Limited: a full 8-seat draft with rating bots and the eight decks built (the draft and
building alone), the same followed by a round robin of 28 games with random agents (target:
under 5 s on one core, serial backend), and the draft environment's steps/s (a whole draft of
336 picks through PettingZoo, first legal card).

Under ``--benchmark-disable`` (``make test``) each case runs once.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardstate import limited


def _draft_and_build(seed: int) -> list[list[str]]:
    r = limited.run_draft(["rating"] * 8, seed=seed)
    return [limited.build(p, seed=seed) for p in r.picks]


def test_draft_and_build(benchmark: Any) -> None:
    limited.build(limited.sealed_pool(0))  # the playable cards, computed once
    decks = benchmark(_draft_and_build, 1)
    assert len(decks) == 8 and all(len(d) == 40 for d in decks)


def test_draft_build_and_round_robin(benchmark: Any) -> None:
    limited.build(limited.sealed_pool(0))
    result = benchmark.pedantic(
        limited.draft_event, args=(["rating"] * 8, 1), rounds=3, iterations=1
    )
    assert sum(s.games for s in result.standings) == 2 * 28


def _draft_env_episode(e: Any) -> int:
    e.reset(seed=2)
    steps = 0
    for _agent in e.agent_iter():
        obs, _r, terminated, truncated, _i = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(obs["action_mask"].argmax()))
        steps += 1
    return steps


def test_draft_env_steps(benchmark: Any) -> None:
    pytest.importorskip("pettingzoo")
    e = limited.draft_env(seats=8, seed=None)
    steps = benchmark(_draft_env_episode, e)
    assert steps == 336
    if benchmark.stats is not None:
        benchmark.extra_info["steps_per_s"] = steps / benchmark.stats.stats.mean
