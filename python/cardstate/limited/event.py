"""Limited events: a draft or sealed pools, the decks built, and a round robin of duels played
through the self-play runner (:func:`cardstate.selfplay.run`), with standings.

Every pair of players ``(i, j)``, ``i < j``, in order, plays ``games_per_pair`` games (one by
default: 28 games for 8 players) with the same agent (``"random"`` by default) on both sides,
player ``i`` with its deck as the runner's first agent; the pair's match seed is
``booster_seed(seed, PAIR_SEEDS + k)`` for the ``k``-th pair. The self-play runner's backends
(``serial``, ``local``, ``ray``) give identical results, so an event is reproducible from its
seed on every backend.

Standings: 3 points a win, 1 a draw; sorted by points, then wins, then seat. Win rates come
with their 95% Wilson interval, by player and by the deck's colour pair.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from cardstate.limited.booster import booster_seed, check_seed, sealed_pool
from cardstate.limited.deckbuild import build, deck_summary
from cardstate.limited.draft import run_draft

__all__ = [
    "EventResult",
    "MatchRecord",
    "PAIR_SEEDS",
    "SEALED_SEEDS",
    "Standing",
    "draft_event",
    "play_round_robin",
    "sealed_event",
]

PAIR_SEEDS = 2_000_000
"""The offset of the pairs' match seeds among the event seed's derived seeds."""
SEALED_SEEDS = 3_000_000
"""The offset of the players' sealed pool seeds among the event seed's derived seeds."""


@dataclass(frozen=True)
class MatchRecord:
    """The games of one pair of players."""

    players: tuple[int, int]
    seed: int
    wins: tuple[int, int]
    draws: int
    turns: tuple[int, ...]


@dataclass(frozen=True)
class Standing:
    """One player's record in the event."""

    player: int
    drafter: str
    colours: str
    games: int
    wins: int
    losses: int
    draws: int
    points: int
    win_rate: float
    interval: tuple[float, float]


@dataclass(frozen=True)
class EventResult:
    """A whole event: what each player had (``pools``: sealed pools or draft picks), their
    decks, every pair's games and the standings."""

    kind: str
    seed: int
    agent: str
    drafters: tuple[str, ...]
    pools: tuple[tuple[str, ...], ...]
    decks: tuple[tuple[str, ...], ...]
    matches: tuple[MatchRecord, ...]
    standings: tuple[Standing, ...]
    by_colours: dict[str, dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-ready data."""
        d = asdict(self)
        d["decks"] = [
            {"player": i, **deck_summary(deck), "list": list(deck)}
            for i, deck in enumerate(self.decks)
        ]
        return d


def _label(d: Any) -> str:
    if isinstance(d, str):
        return d
    return str(getattr(d, "name", type(d).__name__))


def play_round_robin(
    decks: Sequence[Sequence[str]],
    seed: int,
    *,
    games_per_pair: int = 1,
    agent: Any = "random",
    backend: str = "serial",
    workers: int | None = None,
    address: str | None = None,
    pool: Any = "fdn",
    progress: Callable[[int, int], None] | None = None,
) -> list[MatchRecord]:
    """Every pair of ``decks`` plays ``games_per_pair`` games (see the module); ``progress(done,
    total)`` is called after each pair."""
    from cardstate import selfplay

    if isinstance(games_per_pair, bool) or not isinstance(games_per_pair, int):
        raise TypeError("games_per_pair must be an int")
    if games_per_pair < 1:
        raise ValueError(f"games_per_pair must be at least 1, got {games_per_pair}")
    pairs = [(i, j) for i in range(len(decks)) for j in range(i + 1, len(decks))]
    out: list[MatchRecord] = []
    for k, (i, j) in enumerate(pairs):
        match_seed = booster_seed(seed, PAIR_SEEDS + k)
        r = selfplay.run(
            games=games_per_pair,
            agents=(agent, agent),
            decks=(list(decks[i]), list(decks[j])),
            seed=match_seed,
            backend=backend,
            workers=workers,
            address=address,
            pool=pool,
            format="limited",
        )
        wins = [0, 0]
        for g in r.games:
            if g.winner is not None:
                wins[g.winner] += 1
        out.append(
            MatchRecord(
                (i, j),
                match_seed,
                (wins[0], wins[1]),
                r.draws,
                tuple(g.turns for g in r.games),
            )
        )
        if progress is not None:
            progress(k + 1, len(pairs))
    return out


def _standings(
    drafters: Sequence[str], decks: Sequence[Sequence[str]], matches: Sequence[MatchRecord]
) -> tuple[tuple[Standing, ...], dict[str, dict[str, Any]]]:
    from cardstate.selfplay import wilson_interval

    n = len(decks)
    wins, losses, draws = [0] * n, [0] * n, [0] * n
    for m in matches:
        i, j = m.players
        wins[i] += m.wins[0]
        wins[j] += m.wins[1]
        losses[i] += m.wins[1]
        losses[j] += m.wins[0]
        draws[i] += m.draws
        draws[j] += m.draws
    rows = []
    for p in range(n):
        games = wins[p] + losses[p] + draws[p]
        rows.append(
            Standing(
                player=p,
                drafter=drafters[p],
                colours=deck_summary(decks[p])["colours"],
                games=games,
                wins=wins[p],
                losses=losses[p],
                draws=draws[p],
                points=3 * wins[p] + draws[p],
                win_rate=wins[p] / games if games else 0.0,
                interval=wilson_interval(wins[p], games) if games else (0.0, 1.0),
            )
        )
    rows.sort(key=lambda s: (-s.points, -s.wins, s.player))
    by: dict[str, dict[str, Any]] = {}
    for s in rows:
        c = by.setdefault(s.colours, {"players": 0, "games": 0, "wins": 0})
        c["players"] += 1
        c["games"] += s.games
        c["wins"] += s.wins
    for c in by.values():
        c["win_rate"] = c["wins"] / c["games"] if c["games"] else 0.0
        c["interval"] = wilson_interval(c["wins"], c["games"]) if c["games"] else (0.0, 1.0)
    return tuple(rows), dict(sorted(by.items()))


def draft_event(
    drafters: Sequence[Any] = ("rating",) * 8,
    seed: int = 0,
    *,
    games_per_pair: int = 1,
    agent: Any = "random",
    backend: str = "serial",
    workers: int | None = None,
    address: str | None = None,
    pool: Any = "fdn",
    progress: Callable[[int, int], None] | None = None,
) -> EventResult:
    """A booster draft (one seat per drafter, :func:`cardstate.limited.draft.run_draft`), each
    seat's deck built from its picks (``build(picks, seed=seed)``), and a round robin."""
    s = check_seed(seed)
    result = run_draft(drafters, s)
    decks = [build(p, seed=s, pool=pool) for p in result.picks]
    matches = play_round_robin(
        decks,
        s,
        games_per_pair=games_per_pair,
        agent=agent,
        backend=backend,
        workers=workers,
        address=address,
        pool=pool,
        progress=progress,
    )
    labels = tuple(_label(d) for d in drafters)
    standings, by = _standings(labels, decks, matches)
    return EventResult(
        "draft",
        s,
        _label(agent),
        labels,
        result.picks,
        tuple(tuple(d) for d in decks),
        tuple(matches),
        standings,
        by,
    )


def sealed_event(
    players: int = 8,
    seed: int = 0,
    *,
    games_per_pair: int = 1,
    agent: Any = "random",
    backend: str = "serial",
    workers: int | None = None,
    address: str | None = None,
    pool: Any = "fdn",
    progress: Callable[[int, int], None] | None = None,
) -> EventResult:
    """A sealed event: player ``p`` opens ``sealed_pool(booster_seed(seed, SEALED_SEEDS +
    p))``, builds (``build(pool, seed=seed)``), and the players play a round robin."""
    s = check_seed(seed)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 64:
        raise ValueError(f"players must be an int in 2..64, got {players!r}")
    pools = [tuple(sealed_pool(booster_seed(s, SEALED_SEEDS + p))) for p in range(players)]
    decks = [build(p, seed=s, pool=pool) for p in pools]
    matches = play_round_robin(
        decks,
        s,
        games_per_pair=games_per_pair,
        agent=agent,
        backend=backend,
        workers=workers,
        address=address,
        pool=pool,
        progress=progress,
    )
    labels = ("sealed",) * players
    standings, by = _standings(labels, decks, matches)
    return EventResult(
        "sealed",
        s,
        _label(agent),
        labels,
        tuple(pools),
        tuple(tuple(d) for d in decks),
        tuple(matches),
        standings,
        by,
    )
