"""The self-play runner's parameters, checked in one place before anything starts.

:func:`check_run` takes :func:`cardstate.selfplay.run`'s arguments and returns them as
:class:`RunSettings` or raises naming what was wrong: agent names go through the agents'
registry (:func:`cardstate.agents.parse_agent`), the pool is read (a run-time pool goes to the
workers as its compiled JSON text), deck files are read into card names, and the decks are checked
by making the first game's state here, in the caller's process, so that no worker, pool or cluster
is started for a match that can't be played.
"""

from __future__ import annotations

import importlib.util
import math
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from cardstate.agents.spec import AgentSpec, parse_agent
from cardstate.duel.args import deck_names
from cardstate.errors import SelfPlayError
from cardstate.selfplay.results import GameResult
from cardstate.selfplay.worker import MatchConfig, duel_factory, game_seed, native_pool

__all__ = [
    "BACKENDS",
    "MAX_CHUNK",
    "RAY_CONNECT_TIMEOUT",
    "RunSettings",
    "check_run",
    "chunk_size_for",
    "chunks_of",
    "iter_chunks",
    "positive_int",
]

BACKENDS = ("serial", "local", "ray")

MAX_CHUNK = 64
"""The most games in a chunk chosen by default."""

RAY_CONNECT_TIMEOUT = 10.0
"""Seconds the ray backend waits for the cluster at ``address=`` to answer before it gives up
with a :class:`~cardstate.errors.SelfPlayError` (``run(connect_timeout=...)``,
``cardstate selfplay --connect-timeout``)."""


def positive_int(name: str, value: Any) -> int:
    """``value`` if it is an int of at least 1 (``TypeError``/``ValueError`` naming ``name``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a positive int, not {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be a positive int, got {value}")
    return value


def chunk_size_for(games: int, workers: int) -> int:
    """About four chunks per worker (so the pool stays busy as games differ in length), at
    most :data:`MAX_CHUNK` games each."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (4 * max(1, workers)))))


def iter_chunks(games: int, chunk_size: int) -> Iterator[list[int]]:
    """The game indices ``0..games`` in chunks of ``chunk_size``, made as they are asked for."""
    for i in range(0, games, chunk_size):
        yield list(range(i, min(games, i + chunk_size)))


@dataclass(frozen=True)
class RunSettings:
    """A match's checked settings."""

    games: int
    config: MatchConfig
    labels: tuple[str, str]
    deck_labels: tuple[str, str]
    backend: str
    workers: int | None
    address: str | None
    chunk_size: int | None
    progress: Callable[[GameResult], None] | None
    connect_timeout: float


def _agent(a: Any, i: int) -> tuple[Any, str]:
    if isinstance(a, str):
        spec = parse_agent(a)
        return spec, spec.label
    if isinstance(a, AgentSpec):
        return a, a.label
    if not callable(getattr(a, "act", None)):
        raise TypeError(f"agents[{i}] must be a name or an object with act(game), not {a!r}")
    # Its ``name`` if it has one (a str), else its own repr, else its class's name (not
    # ``<__main__.X object at 0x…>``).
    name = getattr(a, "name", None)
    if isinstance(name, str) and name:
        return a, name
    return a, type(a).__name__ if type(a).__repr__ is object.__repr__ else repr(a)


def _deck_label(deck: Any) -> str:
    if isinstance(deck, str):
        return deck
    if isinstance(deck, os.PathLike):
        return os.path.basename(os.fspath(deck))
    return f"{len(list(deck))} cards"


def _default_decks(pool: Any) -> tuple[Any, Any]:
    """The first two decks registered with the pool (in name order, as the native pool lists
    them; the built-in pool's: ``cardstate.duel.decks``)."""
    if pool is None:
        from cardstate import duel

        names = list(duel.decks)
    else:
        names = sorted(pool.decks)
    if not names:
        raise ValueError(f"decks= is needed: the pool {pool.name!r} has no registered decks")
    return (names[0], names[1 % len(names)])


def _pair(value: Any, what: str) -> tuple[Any, Any]:
    if isinstance(value, str | bytes):
        raise TypeError(f"{what} must be a pair, not {type(value).__name__} {value!r}")
    try:
        items = tuple(value)
    except TypeError:
        raise TypeError(f"{what} must be a pair, not {type(value).__name__}") from None
    if len(items) != 2:
        raise ValueError(f"{what} must be two {what}, got {len(items)}")
    return items[0], items[1]


def check_run(
    games: Any,
    agents: Any,
    decks: Any,
    seed: Any,
    backend: Any,
    workers: Any,
    address: Any,
    chunk_size: Any,
    progress: Any,
    game_factory: Any,
    connect_timeout: Any,
    pool: Any = None,
    format: Any = "free",
    mulligans: Any = True,
) -> RunSettings:
    """:func:`cardstate.selfplay.run`'s arguments checked (see there), or the error naming the
    first that is wrong."""
    if isinstance(games, bool) or not isinstance(games, int):
        raise TypeError(f"games must be an int, not {type(games).__name__}")
    if games < 0:
        raise ValueError(f"games must be >= 0, got {games}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0 or seed >> 64:
        raise OverflowError(f"seed must be in [0, 2**64), got {seed}")
    if not isinstance(backend, str) or backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; expected one of {', '.join(BACKENDS)}")
    if workers is not None:
        positive_int("workers", workers)
    if chunk_size is not None:
        positive_int("chunk_size", chunk_size)
    if address is not None:
        if backend != "ray":
            raise ValueError("address= is for the ray backend")
        if not isinstance(address, str) or not address:
            raise TypeError(f"address must be a non-empty str, not {address!r}")
    if isinstance(connect_timeout, bool) or not isinstance(connect_timeout, int | float):
        raise TypeError(
            f"connect_timeout must be a number of seconds, not {type(connect_timeout).__name__}"
        )
    if not (math.isfinite(connect_timeout) and connect_timeout > 0):
        raise ValueError(f"connect_timeout must be a finite number > 0, got {connect_timeout}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, not {type(progress).__name__}")
    if game_factory is not None and not callable(game_factory):
        raise TypeError(f"game_factory must be callable, not {type(game_factory).__name__}")
    if not isinstance(format, str):
        raise TypeError(f"format must be a str, not {type(format).__name__}")
    if not isinstance(mulligans, bool):
        raise TypeError(f"mulligans must be a bool, not {type(mulligans).__name__}")
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise SelfPlayError("the ray backend needs Ray: pip install 'cardstate[ray]'")
    # The built-in pool needs nothing of the card layer (a match on it starts without it).
    card_pool = None
    if pool is not None:
        from cardstate.cards.cardpool import CORE, pool_arg

        card_pool = pool_arg(pool)
        if card_pool.builtin and card_pool.name == CORE:
            card_pool = None
    a0, a1 = _pair(agents, "agents")
    (s0, label0), (s1, label1) = _agent(a0, 0), _agent(a1, 1)
    d0, d1 = _pair(_default_decks(card_pool) if decks is None else decks, "decks")
    labels = (_deck_label(d0), _deck_label(d1))
    d0, d1 = deck_names((d0, d1))
    config = MatchConfig(
        (s0, s1),
        (d0, d1),
        seed,
        game_factory,
        pool=None if card_pool is None else card_pool.json,
        pool_name="core" if card_pool is None else card_pool.name,
        format=format,
        mulligans=mulligans,
    )
    if games > 0:
        # The decks (and the factory) are checked by making the first game here, as a worker
        # will: a bad deck fails now, before any worker starts.
        first = game_seed(seed, 0)
        if game_factory is not None:
            game_factory(d0, d1, first)
        else:
            duel_factory(
                d0, d1, first, pool=native_pool(config), format=format, mulligans=mulligans
            )
    return RunSettings(
        games=games,
        config=config,
        labels=(label0, label1),
        deck_labels=labels,
        backend=backend,
        workers=workers,
        address=address,
        chunk_size=chunk_size,
        progress=progress,
        connect_timeout=float(connect_timeout),
    )


def chunks_of(games: int, workers: int, chunk_size: int | None = None) -> list[list[int]]:
    """Game indices in chunks (all of them, as a list): ``chunk_size`` each, or about four
    chunks per worker, at most :data:`MAX_CHUNK` games each."""
    size = chunk_size_for(games, workers) if chunk_size is None else chunk_size
    return list(iter_chunks(games, positive_int("chunk_size", size)))
