"""Self-play matches between two agents on the duel, on one machine or a Ray cluster.

>>> from cardstate import selfplay
>>> result = selfplay.run(games=20, agents=("mcts:simulations=200", "random"),
...                       decks=("red", "green"), seed=1, backend="serial")  # doctest: +SKIP
>>> result.agent_totals[0].win_rate, result.agent_totals[0].interval  # doctest: +SKIP

Game ``i`` has the seed ``derive(seed, i)``; the first agent sits in seat 0 in the even games
and seat 1 in the odd ones (each agent keeps its deck); results are ordered by index. The
backends (``serial`` in this process, ``local`` a process pool, ``ray`` a Ray cluster) replay
each game from its seed and the settings alone, so they give identical results.

Every argument is checked before any game starts (:mod:`cardstate.selfplay.settings`; agent
names by the agents' registry, :func:`cardstate.agents.parse_agent`). A Ctrl-C stops the match
within a second or two: the workers are stopped and :class:`~cardstate.errors.SelfPlayInterrupted`
(a ``KeyboardInterrupt``) carries the games finished so far as a partial ``MatchResult``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from cardstate.agents.spec import AgentSpec, parse_agent
from cardstate.errors import SelfPlayError, SelfPlayInterrupted
from cardstate.selfplay.executors import Executor, make_executor
from cardstate.selfplay.league import LeagueResult, Rating, league
from cardstate.selfplay.results import (
    AgentTotals,
    GameResult,
    MatchResult,
    SeatTotals,
    totals,
    wilson_interval,
)
from cardstate.selfplay.settings import (
    BACKENDS,
    RAY_CONNECT_TIMEOUT,
    check_run,
    chunk_size_for,
    chunks_of,
    iter_chunks,
)
from cardstate.selfplay.worker import MatchConfig, game_seed, seats_of

__all__ = [
    "run",
    "league",
    "LeagueResult",
    "Rating",
    "MatchResult",
    "GameResult",
    "AgentTotals",
    "SeatTotals",
    "AgentSpec",
    "MatchConfig",
    "Executor",
    "SelfPlayError",
    "SelfPlayInterrupted",
    "BACKENDS",
    "RAY_CONNECT_TIMEOUT",
    "parse_agent",
    "game_seed",
    "seats_of",
    "wilson_interval",
    "chunks_of",
]


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
    connect_timeout: float = RAY_CONNECT_TIMEOUT,
    pool: Any = None,
    format: str = "free",
    mulligans: bool = True,
) -> MatchResult:
    """Play ``games`` games between ``agents[0]`` and ``agents[1]`` and return the results.

    ``agents`` are names (``"random"``, ``"greedy"``, ``"mcts:simulations=200"``), specs
    (:class:`AgentSpec`) or agent objects (built-in agents, or picklable Python objects with
    ``act(game)``); ``decks`` the two agents' decks (names registered with the pool, deck files'
    paths or lists of card names; by default the pool's first two registered decks), checked
    against ``format`` (``"free"``, ``"limited"``, ``"constructed"``); the duel plays the London
    mulligan (103.5) unless ``mulligans`` is false. ``pool`` is the duel's
    card pool (a ``CardPool`` or the name of one of ``cardstate.cards.pools``; the built-in
    ``"core"`` by default): every backend's workers receive a run-time pool as its compiled
    JSON text and make its Rust database from it, nothing rebuilt. ``backend`` is
    ``"serial"``, ``"local"`` (a process pool of ``workers`` processes, the CPU count by
    default) or ``"ray"`` (a private local cluster, or the one at ``address``, which must
    answer within ``connect_timeout`` seconds).
    ``chunk_size`` games go to a worker at a time (by default about four chunks per worker, at
    most 64 games each). ``progress`` is called with each game as its chunk finishes;
    ``game_factory(deck0, deck1, seed)`` replaces the native duel (for other games with the same
    interface).

    Every argument is checked before anything starts (``TypeError``/``ValueError``/
    ``OverflowError`` naming it; the first game is made here to check the decks). A game that
    fails raises :class:`SelfPlayError`; a Ctrl-C stops the workers and raises
    :class:`SelfPlayInterrupted` holding the games finished so far.
    """
    s = check_run(
        games,
        agents,
        decks,
        seed,
        backend,
        workers,
        address,
        chunk_size,
        progress,
        game_factory,
        connect_timeout,
        pool,
        format,
        mulligans,
    )
    start = time.perf_counter()
    executor: Executor | None = None
    results: list[GameResult] = []

    def result(partial: bool = False) -> MatchResult:
        return totals(
            s.labels,
            s.deck_labels,
            seed,
            results,
            backend=s.backend,
            workers=executor.workers if executor is not None else s.workers or 1,
            elapsed_s=time.perf_counter() - start,
            partial=partial,
        )

    try:
        executor = make_executor(s.backend, s.workers, s.address, connect_timeout=s.connect_timeout)
        size = s.chunk_size or chunk_size_for(s.games, executor.workers)
        for chunk in executor.map(s.config, iter_chunks(s.games, size)):
            results.extend(chunk)
            if s.progress is not None:
                for g in chunk:
                    s.progress(g)
    except KeyboardInterrupt as exc:
        if executor is not None:
            executor.terminate()
        if isinstance(exc, SelfPlayInterrupted):
            raise
        raise SelfPlayInterrupted(result(partial=True)) from exc
    except BaseException:
        if executor is not None:
            executor.terminate()
        raise
    executor.close()
    return result()
