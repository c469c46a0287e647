"""Self-play training data: games played by the batched search (:class:`BatchedSearch`, one
evaluator guiding both seats), written per decision as numpy shards.

>>> from cardstate.selfplay import data
>>> paths = data.generate(games=64, out="shards", evaluator=net, simulations=100, seed=1)
>>> positions = data.load(paths)  # doctest: +SKIP

A shard is one ``.npz`` file (``shard-<first game>.npz``) holding consecutive games, in game
order and each game's decisions in order, with the arrays of :class:`Positions`. Game ``i`` is
played on ``Duel(decks[s0], decks[s1], seed=derive(seed, i))`` with the seats alternating as in
a match (:func:`~cardstate.selfplay.worker.seats_of`); its search's random stream is that of
``BatchedSearch(..., seed=seed, game_seeds=[i])``, and its first ``sample_moves`` actions are
drawn from the root visit distribution by a numpy generator seeded ``derive(seed, i)`` (the
rest are the search's choices). So every game depends only on ``(seed, i)``, the settings and
the evaluator: the shards are the same on every backend and whatever ``games_per_shard`` (for
an evaluator whose rows don't depend on each other, bit for bit).

The workers are the self-play runner's backends (``serial``, ``local`` processes, ``ray``); the
evaluator travels to them pickled: a picklable object (a network's weights inside it, or a path
it loads them from when unpickled).
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cardstate.agents.seeds import derive
from cardstate.errors import SelfPlayError
from cardstate.selfplay.executors import make_executor
from cardstate.selfplay.settings import BACKENDS, iter_chunks
from cardstate.selfplay.worker import game_seed, seats_of

__all__ = ["DataConfig", "Positions", "ShardInfo", "generate", "play_shard", "load", "load_shard"]

FIELDS = ("observations", "masks", "policies", "players", "actions", "outcomes", "games")
"""The arrays of a shard, by name."""


@dataclass(frozen=True)
class Positions:
    """Decisions of self-play games, one row each."""

    observations: npt.NDArray[np.float32]
    """``[N, obs]``: what the player to act saw (``Duel.observation_tensor(player)``)."""
    masks: npt.NDArray[np.bool_]
    """``[N, A]``: the legal actions."""
    policies: npt.NDArray[np.float32]
    """``[N, A]``: the search's root visit distribution (sums to 1)."""
    players: npt.NDArray[np.int8]
    """``[N]``: the player to act."""
    actions: npt.NDArray[np.int64]
    """``[N]``: the action played."""
    outcomes: npt.NDArray[np.float32]
    """``[N]``: the game's final return for that player (1 a win, -1 a loss, 0 a draw)."""
    games: npt.NDArray[np.int64]
    """``[N]``: the game's index."""

    def __len__(self) -> int:
        return len(self.players)


@dataclass(frozen=True)
class DataConfig:
    """Everything a worker needs to play any game of the data set from its index."""

    out: str
    decks: tuple[Any, Any]
    """The two decks (registered names, deck files or lists of card names) of ``pool``."""
    pool: Any
    """The card pool (None: the built-in pool); pools pickle to the workers whole."""
    mulligans: bool
    """Whether games begin with the London mulligan (103.5), the rules' default."""
    seed: int
    evaluator: Any
    """A picklable evaluator, a built-in evaluator's name, or None (the default)."""
    search: tuple[tuple[str, Any], ...]
    """``BatchedSearch`` options other than the evaluator and the seed."""
    sample_moves: int


@dataclass(frozen=True)
class ShardInfo:
    """A shard written: its path, its games and its number of positions."""

    path: str
    games: tuple[int, ...]
    positions: int


def _shard_path(out: str, first: int) -> str:
    return os.path.join(out, f"shard-{first:07d}.npz")


def play_shard(config: DataConfig, indices: Sequence[int]) -> ShardInfo:
    """Plays games ``indices`` together (one batched search) and writes their shard; a
    failure is a :class:`~cardstate.errors.SelfPlayError` naming the games."""
    try:
        return _play_shard(config, indices)
    except SelfPlayError:
        raise
    except Exception as exc:
        raise SelfPlayError(
            f"the shard of games {indices[0]}..{indices[-1]} failed: {type(exc).__name__}: {exc}"
        ) from exc


def _play_shard(config: DataConfig, indices: Sequence[int]) -> ShardInfo:
    from cardstate.agents import BatchedSearch
    from cardstate.duel import Duel

    duels = []
    for i in indices:
        s0, s1 = seats_of(i)
        duels.append(
            Duel(
                config.decks[s0],
                config.decks[s1],
                pool=config.pool,
                seed=game_seed(config.seed, i),
                mulligans=config.mulligans,
            )
        )
    rngs = [np.random.default_rng(derive(config.seed, i)) for i in indices]
    search = BatchedSearch(
        duels,
        evaluator=config.evaluator,
        seed=config.seed,
        game_seeds=list(indices),
        **dict(config.search),
    )
    rows: list[list[tuple[Any, ...]]] = [[] for _ in indices]
    moves = [0] * len(indices)
    while not all(d.is_terminal() for d in duels):
        actions, policies = search.run()
        for j, d in enumerate(duels):
            action = int(actions[j])
            if action < 0:
                continue
            player = d.current_player()
            policy = policies[j]
            if moves[j] < config.sample_moves:
                p = policy.astype(np.float64)
                action = int(rngs[j].choice(len(p), p=p / p.sum()))
            rows[j].append(
                (d.observation_tensor(player), d.legal_action_mask(), policy, player, action)
            )
            d.apply_action(action)
            moves[j] += 1
    flat = [
        (r, i, d) for game_rows, i, d in zip(rows, indices, duels, strict=True) for r in game_rows
    ]
    width = duels[0].num_distinct_actions() if duels else 0
    obs_len = duels[0].observation_shape()[0] if duels else 0
    arrays = {
        "observations": np.array([r[0] for r, _, _ in flat], np.float32).reshape(-1, obs_len),
        "masks": np.array([r[1] for r, _, _ in flat], np.bool_).reshape(-1, width),
        "policies": np.array([r[2] for r, _, _ in flat], np.float32).reshape(-1, width),
        "players": np.array([r[3] for r, _, _ in flat], np.int8),
        "actions": np.array([r[4] for r, _, _ in flat], np.int64),
        "outcomes": np.array([d.returns()[r[3]] for r, _, d in flat], np.float32),
        "games": np.array([i for _, i, _ in flat], np.int64),
    }
    path = _shard_path(config.out, indices[0])
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        np.savez(f, **arrays)  # type: ignore[arg-type]
    os.replace(tmp, path)
    return ShardInfo(path, tuple(indices), len(flat))


def _positive(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")
    return value


def generate(
    games: int,
    out: str | os.PathLike[str],
    evaluator: Any = None,
    *,
    decks: tuple[Any, Any] = ("evergreen", "energy"),
    pool: Any = None,
    mulligans: bool = True,
    seed: int = 0,
    games_per_shard: int = 16,
    sample_moves: int = 8,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    **search: Any,
) -> list[str]:
    """Plays ``games`` self-play games and writes their positions as shards in ``out``
    (created if missing); returns the shards' paths in game order. The games are between
    ``decks`` (of ``pool``, the built-in pool by default; the seats alternate), beginning with
    the London mulligan unless ``mulligans=False``. ``evaluator`` and
    ``search`` (``simulations``, ``c_puct``, ``dirichlet_alpha``, ``batch_size``, ...) are
    :class:`~cardstate.agents.BatchedSearch`'s, checked before any game starts; a game's
    failure (the evaluator's included) is a :class:`~cardstate.errors.SelfPlayError`."""
    from cardstate.agents import BatchedSearch
    from cardstate.duel import Duel

    games = _positive("games", games)
    games_per_shard = _positive("games_per_shard", games_per_shard)
    if isinstance(sample_moves, bool) or not isinstance(sample_moves, int) or sample_moves < 0:
        raise ValueError(f"sample_moves must be an int >= 0, got {sample_moves!r}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; expected one of {', '.join(BACKENDS)}")
    if not isinstance(mulligans, bool):
        raise TypeError(f"mulligans must be a bool, not {type(mulligans).__name__}")
    # An unknown deck or card, or a bad pool, is refused here, naming it.
    Duel(decks[0], decks[1], pool=pool, mulligans=mulligans)
    if "seed" in search or "game_seeds" in search:
        raise TypeError("the search's seeds come from seed= and the game indices")
    # The registry checks the options (and the evaluator's kind) here, before any game.
    BatchedSearch([], evaluator=evaluator, seed=seed, **search)
    if backend != "serial":
        try:
            pickle.dumps(evaluator)
        except Exception as exc:
            raise TypeError(
                f"the {backend} backend ships the evaluator to its workers pickled, and it "
                f"can't be pickled: {type(exc).__name__}: {exc}"
            ) from exc
    Path(out).mkdir(parents=True, exist_ok=True)
    config = DataConfig(
        out=os.fspath(out),
        decks=(decks[0], decks[1]),
        pool=pool,
        mulligans=mulligans,
        seed=seed,
        evaluator=evaluator,
        search=tuple(sorted(search.items())),
        sample_moves=sample_moves,
    )
    executor = make_executor(backend, workers, address)
    infos: list[ShardInfo] = []
    try:
        for info in executor.map(config, iter_chunks(games, games_per_shard), play_shard):
            infos.append(info)
    except BaseException:
        executor.terminate()
        raise
    else:
        executor.close()
    infos.sort(key=lambda s: s.games[0])
    return [s.path for s in infos]


def load_shard(path: str | os.PathLike[str]) -> Positions:
    """A shard's positions (a ``ValueError`` naming the file if an array is missing)."""
    with np.load(path) as f:
        missing = [k for k in FIELDS if k not in f.files]
        if missing:
            raise ValueError(f"{os.fspath(path)} is not a self-play shard: no {missing}")
        return Positions(**{k: f[k] for k in FIELDS})


def load(paths: Sequence[str | os.PathLike[str]]) -> Positions:
    """The positions of several shards, concatenated in the order given."""
    if not paths:
        raise ValueError("no shards to load")
    parts = [load_shard(p) for p in paths]
    return Positions(**{k: np.concatenate([getattr(p, k) for p in parts]) for k in FIELDS})
