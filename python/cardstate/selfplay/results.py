"""The typed results of a self-play match."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["GameResult", "AgentTotals", "SeatTotals", "MatchResult", "wilson_interval", "totals"]

Z95 = 1.959963984540054


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default); ``(0, 1)`` if
    ``n == 0``."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class GameResult:
    """One game of a match."""

    index: int
    seed: int
    """The game's seed: ``derive(match_seed, index)``; the duel and the agents' streams come
    from it."""
    seats: tuple[int, int]
    """Which agent (0 = the first of ``agents``, 1 = the second) sat in seat 0 and seat 1."""
    winner: int | None
    """The winning agent (0 or 1), or ``None`` for a draw."""
    turns: int
    decisions: int

    @property
    def winner_seat(self) -> int | None:
        """The seat of the winner, or ``None`` for a draw."""
        return None if self.winner is None else self.seats.index(self.winner)


@dataclass(frozen=True)
class AgentTotals:
    """One agent's record over the match."""

    agent: str
    games: int
    wins: int
    losses: int
    draws: int
    win_rate: float
    """Wins over games (a draw is not a win)."""
    interval: tuple[float, float]
    """The 95% Wilson interval of ``win_rate``."""
    wins_by_seat: tuple[int, int]
    games_by_seat: tuple[int, int]


@dataclass(frozen=True)
class SeatTotals:
    """One seat's record over the match, whoever sat there."""

    seat: int
    wins: int
    losses: int
    draws: int


@dataclass(frozen=True)
class MatchResult:
    """A whole match: its settings, every game in index order, and the totals. Two results
    compare equal when the games and totals are (timing and backend aside)."""

    agents: tuple[str, str]
    decks: tuple[str, str]
    seed: int
    games: tuple[GameResult, ...]
    agent_totals: tuple[AgentTotals, AgentTotals]
    seat_totals: tuple[SeatTotals, SeatTotals]
    draws: int
    mean_turns: float
    mean_decisions: float
    backend: str = field(default="serial", compare=False)
    workers: int = field(default=1, compare=False)
    elapsed_s: float = field(default=0.0, compare=False)
    games_per_s: float = field(default=0.0, compare=False)
    partial: bool = False
    """True for the games finished before the match was interrupted (Ctrl-C): fewer than asked
    for, and not necessarily the first ones by index."""

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        d = asdict(self)
        for g, src in zip(d["games"], self.games, strict=True):
            g["winner_seat"] = src.winner_seat
        return d


def totals(
    agents: tuple[str, str],
    decks: tuple[str, str],
    seed: int,
    games: Sequence[GameResult],
    *,
    backend: str,
    workers: int,
    elapsed_s: float,
    partial: bool = False,
) -> MatchResult:
    """The :class:`MatchResult` of ``games`` (sorted by index here)."""
    ordered = tuple(sorted(games, key=lambda g: g.index))
    n = len(ordered)
    per_agent = []
    for a in (0, 1):
        wins = sum(1 for g in ordered if g.winner == a)
        draws = sum(1 for g in ordered if g.winner is None)
        by_seat = tuple(
            sum(1 for g in ordered if g.winner == a and g.seats[s] == a) for s in (0, 1)
        )
        games_by_seat = tuple(sum(1 for g in ordered if g.seats[s] == a) for s in (0, 1))
        per_agent.append(
            AgentTotals(
                agent=agents[a],
                games=n,
                wins=wins,
                losses=n - wins - draws,
                draws=draws,
                win_rate=wins / n if n else 0.0,
                interval=wilson_interval(wins, n),
                wins_by_seat=(by_seat[0], by_seat[1]),
                games_by_seat=(games_by_seat[0], games_by_seat[1]),
            )
        )
    per_seat = []
    for s in (0, 1):
        wins = sum(1 for g in ordered if g.winner_seat == s)
        draws = sum(1 for g in ordered if g.winner is None)
        per_seat.append(SeatTotals(seat=s, wins=wins, losses=n - wins - draws, draws=draws))
    return MatchResult(
        agents=agents,
        decks=decks,
        seed=seed,
        games=ordered,
        agent_totals=(per_agent[0], per_agent[1]),
        seat_totals=(per_seat[0], per_seat[1]),
        draws=sum(1 for g in ordered if g.winner is None),
        mean_turns=sum(g.turns for g in ordered) / n if n else 0.0,
        mean_decisions=sum(g.decisions for g in ordered) / n if n else 0.0,
        backend=backend,
        workers=workers,
        elapsed_s=elapsed_s,
        games_per_s=n / elapsed_s if elapsed_s > 0 else 0.0,
        partial=partial,
    )
