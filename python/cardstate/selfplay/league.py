"""A rated league: a seat-swapped round robin between agents, and ratings fitted to it.

>>> from cardstate import selfplay
>>> table = selfplay.league(["random", "greedy", "mcts:simulations=50"], ("evergreen", "energy"),
...                         games_per_pair=20, seed=0, backend="serial")  # doctest: +SKIP
>>> [(r.agent, round(r.rating)) for r in table.ratings]  # doctest: +SKIP

Every pair of agents plays ``games_per_pair`` games as ``games_per_pair / 2`` deals, each deal
(a seed, the two decks in their seats) played twice with the agents' seats swapped: deal ``i``
is game ``i`` of two :func:`cardstate.selfplay.run` matches, ``(A, B)`` and ``(B, A)``, with the
same ``seed`` and decks, so each agent plays each side of every deal. Every pair plays the same
deals. The results are therefore those of ``run``: identical on every backend.

Ratings are a Bradley–Terry fit on the Elo scale (``P(a beats b) = 1 / (1 + 10 ** ((R_b -
R_a) / 400))``), a draw counting half a win to each, by maximum likelihood with one virtual draw
between every pair that played (so an agent that won every game still has a finite rating),
anchored with the agent labelled ``random`` at 1000 (the first agent if none is), as the public
Magic AI arenas report them. A rating's 95% interval is ``± 1.96`` standard errors from the
fit's information matrix (the anchor's is exactly its rating).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from cardstate.selfplay.results import MatchResult

__all__ = ["ANCHOR", "LeagueResult", "Rating", "check_league", "fit_ratings", "league"]

ANCHOR = 1000.0
"""The anchor agent's rating."""

_ELO = 400.0 / math.log(10.0)
"""Elo points per unit of Bradley–Terry log-strength."""


@dataclass(frozen=True)
class Rating:
    """An agent's rating with its 95% interval, and its record in the league."""

    agent: str
    rating: float
    low: float
    high: float
    games: int
    wins: int
    losses: int
    draws: int

    @property
    def score(self) -> float:
        """Points per game (a draw is half a point)."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0


@dataclass(frozen=True)
class LeagueResult:
    """A league's ratings (best first) and every pair's matches (both seat orders)."""

    agents: tuple[str, ...]
    decks: tuple[str, str]
    seed: int
    games_per_pair: int
    ratings: tuple[Rating, ...]
    matches: tuple[MatchResult, ...]
    anchor: str

    def score(self, a: str, b: str) -> tuple[int, int, int]:
        """``a``'s wins, losses and draws against ``b``."""
        w = ls = d = 0
        for m in self.matches:
            if set(m.agents) != {a, b} or a == b:
                continue
            t = m.agent_totals[m.agents.index(a)]
            w, ls, d = w + t.wins, ls + t.losses, d + t.draws
        return w, ls, d

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the ratings, every pair's score and each match's games."""
        return {
            "agents": list(self.agents),
            "decks": list(self.decks),
            "seed": self.seed,
            "games_per_pair": self.games_per_pair,
            "anchor": self.anchor,
            "ratings": [asdict(r) | {"score": r.score} for r in self.ratings],
            "pairs": [
                {"agents": [a, b], "wins_losses_draws": list(self.score(a, b))}
                for i, a in enumerate(self.agents)
                for b in self.agents[i + 1 :]
            ],
            "matches": [m.to_dict() for m in self.matches],
        }


def fit_ratings(
    agents: Sequence[str], results: Sequence[tuple[int, int, float, int]], anchor: int = 0
) -> list[tuple[float, float]]:
    """Each agent's Elo rating and its standard error from ``results``: ``(i, j, score of i,
    games)`` per pair (a draw half a point), with one virtual draw added to every pair, the
    agent ``anchor`` fixed at :data:`ANCHOR`. Newton's method on the concave log-likelihood."""
    import numpy as np  # here: the command line imports this module before any numpy is needed

    k = len(agents)
    n = np.zeros((k, k))
    s = np.zeros((k, k))
    for i, j, score, games in results:
        n[i, j] += games + 1
        n[j, i] += games + 1
        s[i, j] += score + 0.5
        s[j, i] += games - score + 0.5
    free = [i for i in range(k) if i != anchor]
    theta = np.zeros(k)
    info = np.eye(len(free))
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # P(i beats j)
        grad = (s - n * p).sum(axis=1)[free]
        w = n * p * (1.0 - p)
        h = np.diag(w.sum(axis=1)) - w
        info = h[np.ix_(free, free)]
        if not free:
            break
        step = np.linalg.solve(info + 1e-12 * np.eye(len(free)), grad)
        theta[free] += step
        if np.abs(step).max() < 1e-10:
            break
    cov = np.linalg.inv(info) if free else np.zeros((0, 0))
    se = np.zeros(k)
    se[free] = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    return [(ANCHOR + _ELO * theta[i], _ELO * se[i]) for i in range(k)]


def check_league(
    agents: Sequence[Any],
    decks: Sequence[Any] | None,
    games_per_pair: Any,
    seed: Any,
    backend: Any,
    workers: Any,
    address: Any,
    pool: Any,
    format: Any,
    progress: Any = None,
) -> tuple[list[str], tuple[str, str]]:
    """:func:`league`'s arguments checked as ``run`` checks them (every agent, the decks, the
    backend...), before any game: the agents' labels and the decks' labels."""
    from cardstate.selfplay.settings import check_run

    if isinstance(games_per_pair, bool) or not isinstance(games_per_pair, int):
        raise TypeError(f"games_per_pair must be an int, not {type(games_per_pair).__name__}")
    if games_per_pair < 2 or games_per_pair % 2:
        raise ValueError(
            "games_per_pair must be even and at least 2 (each deal is played from both "
            f"seats), got {games_per_pair}"
        )
    if isinstance(agents, str) or len(agents) < 2:
        raise ValueError("a league needs a list of at least two agents")
    checked = [
        check_run(
            games_per_pair // 2,
            (a, a),
            decks,
            seed,
            backend,
            workers,
            address,
            None,
            progress,
            None,
            10.0,
            pool,
            format,
        )  # fmt: skip
        for a in agents
    ]
    labels = [s.labels[0] for s in checked]
    if len(set(labels)) != len(labels):
        raise ValueError(f"the agents' labels must differ, got {', '.join(labels)}")
    return labels, checked[0].deck_labels


def league(
    agents: Sequence[Any],
    decks: Sequence[Any] | None = None,
    *,
    games_per_pair: int = 20,
    seed: int = 0,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    pool: Any = None,
    format: str = "free",
    progress: Callable[[Any], None] | None = None,
) -> LeagueResult:
    """Play the league (see the module documentation) and fit its ratings.

    ``agents`` are two or more agents as :func:`cardstate.selfplay.run` takes them (names,
    specs or agent objects, their labels distinct); ``decks``, ``pool``, ``format``,
    ``backend``, ``workers`` and ``address`` are ``run``'s; ``games_per_pair`` is even and at
    least 2; ``progress`` is called with each game as it finishes. Every argument and every
    pair's settings are checked before the first game."""
    from cardstate.selfplay import run

    labels, deck_labels = check_league(
        agents, decks, games_per_pair, seed, backend, workers, address, pool, format, progress
    )
    deals = games_per_pair // 2
    matches: list[MatchResult] = []
    pairs: list[tuple[int, int, float, int]] = []
    for i in range(len(agents)):
        for j in range(i + 1, len(agents)):
            score, games = 0.0, 0
            for first, second in ((i, j), (j, i)):
                m = run(
                    games=deals,
                    agents=(agents[first], agents[second]),
                    decks=decks,
                    seed=seed,
                    backend=backend,
                    workers=workers,
                    address=address,
                    progress=progress,
                    pool=pool,
                    format=format,
                )
                matches.append(m)
                t = m.agent_totals[0 if first == i else 1]
                score += t.wins + 0.5 * t.draws
                games += t.games
            pairs.append((i, j, score, games))
    anchor = labels.index("random") if "random" in labels else 0
    fitted = fit_ratings(labels, pairs, anchor)
    ratings = []
    for k, label in enumerate(labels):
        w = ls = d = 0
        for m in matches:
            if label in m.agents:
                t = m.agent_totals[m.agents.index(label)]
                w, ls, d = w + t.wins, ls + t.losses, d + t.draws
        r, se = fitted[k]
        ratings.append(Rating(label, r, r - 1.96 * se, r + 1.96 * se, w + ls + d, w, ls, d))
    ratings.sort(key=lambda r: -r.rating)
    return LeagueResult(
        agents=tuple(labels),
        decks=deck_labels,
        seed=seed,
        games_per_pair=games_per_pair,
        ratings=tuple(ratings),
        matches=tuple(matches),
        anchor=labels[anchor],
    )
