"""What a worker runs: a chunk of games from the match's configuration (seeds and settings,
never live states; a run-time card pool as its compiled JSON text, never live objects)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardstate.agents.seeds import derive
from cardstate.agents.spec import AgentSpec
from cardstate.errors import SelfPlayError
from cardstate.selfplay.results import GameResult

__all__ = ["MatchConfig", "play_chunk", "game_seed", "seats_of", "duel_factory", "native_pool"]


def duel_factory(
    deck0: Any,
    deck1: Any,
    seed: int,
    *,
    pool: Any = None,
    format: str = "free",
    mulligans: bool = True,
) -> Any:
    """A new native duel: ``deck0`` in seat 0, ``deck1`` in seat 1, on ``pool`` (the built-in
    one by default), the decks checked against ``format``, with the London mulligan (103.5)
    unless ``mulligans`` is false."""
    from cardstate.duel import Duel

    return Duel(deck0, deck1, pool=pool, seed=seed, format=format, mulligans=mulligans)


def native_pool(config: MatchConfig) -> Any:
    """The Rust database of the match's pool: the built-in one, or one made from its compiled
    JSON (once per distinct text in a process)."""
    from cardstate._native import CardDb

    if config.pool is None:
        return CardDb.pool()
    return CardDb(config.pool, config.pool_name)


@dataclass(frozen=True)
class MatchConfig:
    """Everything a worker needs to replay any game of the match from its index."""

    agents: tuple[Any, Any]
    """Each an :class:`AgentSpec` (a fresh agent is built) or a picklable agent object."""
    decks: tuple[Any, Any]
    seed: int
    game_factory: Callable[[Any, Any, int], Any] | None = None
    """``(deck_seat0, deck_seat1, seed) -> game``; the native duel by default."""
    pool: str | None = None
    """The native duel's card pool as compiled JSON text (``CardPool.json``); None for the
    built-in pool."""
    pool_name: str = "core"
    format: str = "free"
    """The native duel's deck-construction format."""
    mulligans: bool = True
    """Whether the native duel plays the London mulligan (103.5)."""


def game_seed(match_seed: int, index: int) -> int:
    """The seed of game ``index``: a function of ``(match_seed, index)`` only."""
    return derive(match_seed, index)


def seats_of(index: int) -> tuple[int, int]:
    """The agents in seat 0 and seat 1: the first agent starts the even games."""
    return (0, 1) if index % 2 == 0 else (1, 0)


def play_game(
    config: MatchConfig, agents: Sequence[Any], index: int, pool: Any = None
) -> GameResult:
    """Game ``index`` of the match (each agent keeps its deck whichever seat it takes), on the
    Rust database ``pool`` of the match's pool (:func:`native_pool`)."""
    from cardstate.agents import playout

    seed = game_seed(config.seed, index)
    seats = seats_of(index)
    d0, d1 = config.decks[seats[0]], config.decks[seats[1]]
    if config.game_factory is not None:
        game = config.game_factory(d0, d1, seed)
    else:
        game = duel_factory(
            d0, d1, seed, pool=pool, format=config.format, mulligans=config.mulligans
        )
    r = playout(game, agents[seats[0]], agents[seats[1]], seed)
    winner = None if r.winner is None else seats[r.winner]
    return GameResult(index, seed, seats, winner, r.turns, r.decisions)


def play_chunk(config: MatchConfig, indices: Sequence[int]) -> list[GameResult]:
    """The games ``indices`` of the match; a failure is a :class:`SelfPlayError` naming the
    game."""
    agents = [a.build() if isinstance(a, AgentSpec) else a for a in config.agents]
    pool = None if config.game_factory is not None else native_pool(config)
    out = []
    for index in indices:
        try:
            out.append(play_game(config, agents, index, pool))
        except SelfPlayError:
            raise
        except Exception as exc:
            raise SelfPlayError(
                f"game {index} (seed {game_seed(config.seed, index)}) failed: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
    return out
