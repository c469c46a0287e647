"""Self-play matches between two agents on the duel, on one machine or a Ray cluster.

>>> from cardstate import selfplay
>>> result = selfplay.run(games=20, agents=("mcts:simulations=200", "random"),
...                       decks=("red", "green"), seed=1, backend="serial")  # doctest: +SKIP
>>> result.agent_totals[0].win_rate, result.agent_totals[0].interval  # doctest: +SKIP

Game ``i`` has the seed ``derive(seed, i)``; the first agent sits in seat 0 in the even games
and seat 1 in the odd ones (each agent keeps its deck); results are ordered by index. The
backends (``serial`` in this process, ``local`` a process pool, ``ray`` a Ray cluster) replay
each game from its seed and the settings alone, so they give identical results.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardstate.errors import SelfPlayError
from cardstate.selfplay.executors import BACKENDS, Executor, make_executor
from cardstate.selfplay.results import (
    AgentTotals,
    GameResult,
    MatchResult,
    SeatTotals,
    totals,
    wilson_interval,
)
from cardstate.selfplay.specs import AgentSpec, parse_agent
from cardstate.selfplay.worker import MatchConfig, game_seed, seats_of

__all__ = [
    "run",
    "MatchResult",
    "GameResult",
    "AgentTotals",
    "SeatTotals",
    "AgentSpec",
    "MatchConfig",
    "Executor",
    "SelfPlayError",
    "BACKENDS",
    "parse_agent",
    "game_seed",
    "seats_of",
    "wilson_interval",
    "chunks_of",
]


def _default_decks() -> tuple[Any, Any]:
    """The first two registered duel decks (``cardstate.duel.decks``)."""
    from cardstate import duel

    names = list(duel.decks)
    return (names[0], names[1 % len(names)])


def _agent(a: Any, i: int) -> tuple[Any, str]:
    if isinstance(a, str):
        spec = parse_agent(a)
        spec.build()  # a bad option fails here, in the caller's process
        return spec, spec.label
    if isinstance(a, AgentSpec):
        a.build()
        return a, a.label
    if not callable(getattr(a, "act", None)):
        raise TypeError(f"agents[{i}] must be a name or an object with act(game), not {a!r}")
    return a, getattr(a, "name", None) or repr(a)


def chunks_of(games: int, workers: int, chunk_size: int | None = None) -> list[list[int]]:
    """Game indices in chunks: about four chunks per worker (so the pool stays busy as games
    differ in length), at most 64 games each."""
    if chunk_size is None:
        chunk_size = max(1, min(64, math.ceil(games / (4 * max(1, workers)))))
    return [list(range(i, min(games, i + chunk_size))) for i in range(0, games, chunk_size)]


def run(
    games: int = 100,
    agents: Sequence[Any] = ("mcts", "random"),
    decks: Sequence[Any] | None = None,
    seed: int = 0,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    *,
    chunk_size: int | None = None,
    progress: Callable[[GameResult], None] | None = None,
    game_factory: Callable[[Any, Any, int], Any] | None = None,
) -> MatchResult:
    """Play ``games`` games between ``agents[0]`` and ``agents[1]`` and return the results.

    ``agents`` are names (``"random"``, ``"greedy"``, ``"mcts:simulations=200"``) or agent objects
    (built-in agents, or picklable Python objects with ``act(game)``); ``decks`` the two agents'
    decks (registered names or lists of card names; by default the first two registered decks).
    ``backend`` is ``"serial"``, ``"local"`` (a process pool of ``workers`` processes, the CPU count
    by default) or ``"ray"`` (a private local cluster, or the one at ``address``). ``progress`` is
    called with each game as its chunk finishes; ``game_factory(deck0, deck1, seed)`` replaces the
    native duel (for other games with the same interface). A game that fails raises
    :class:`SelfPlayError`.
    """
    if not isinstance(games, int) or isinstance(games, bool):
        raise TypeError(f"games must be an int, not {type(games).__name__}")
    if games < 0:
        raise ValueError(f"games must be >= 0, got {games}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0 or seed >> 64:
        raise OverflowError(f"seed must be in [0, 2**64), got {seed}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; expected one of {', '.join(BACKENDS)}")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers must be a positive int, got {workers!r}")
    if address is not None and backend != "ray":
        raise ValueError("address= is for the ray backend")
    agents = tuple(agents)
    if len(agents) != 2:
        raise ValueError(f"agents must be two agents, got {len(agents)}")
    (a0, label0), (a1, label1) = _agent(agents[0], 0), _agent(agents[1], 1)
    if decks is None:
        decks = _default_decks()
    decks = tuple(decks)
    if len(decks) != 2:
        raise ValueError(f"decks must be two decks, got {len(decks)}")
    config = MatchConfig((a0, a1), (decks[0], decks[1]), seed, game_factory)

    start = time.perf_counter()
    executor = make_executor(backend, workers, address)
    results: list[GameResult] = []
    try:
        for chunk in executor.map(config, chunks_of(games, executor.workers, chunk_size)):
            results.extend(chunk)
            if progress is not None:
                for g in chunk:
                    progress(g)
    finally:
        executor.close()
    elapsed = time.perf_counter() - start
    return totals(
        (label0, label1),
        (_deck_label(decks[0]), _deck_label(decks[1])),
        seed,
        results,
        backend=backend,
        workers=executor.workers,
        elapsed_s=elapsed,
    )


def _deck_label(deck: Any) -> str:
    return deck if isinstance(deck, str) else f"{len(list(deck))} cards"
