"""The results table of a match (rich) and its JSON."""

from __future__ import annotations

import json
from typing import Any

from cardstate.selfplay.results import MatchResult

__all__ = ["results_table", "json_bytes"]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def results_table(result: MatchResult) -> Any:
    """A rich ``Table``: per agent wins, losses, draws, win rate with its 95% interval and
    wins by seat; the caption has the game length and games/s."""
    from rich.table import Table

    n = len(result.games)
    workers = f"{result.workers} worker{'' if result.workers == 1 else 's'}"
    partial = " (partial: interrupted)" if result.partial else ""
    table = Table(
        title=f"cardstate selfplay: {n} games, seed {result.seed}{partial}",
        caption=(
            f"mean length {result.mean_turns:.1f} turns, {result.mean_decisions:.1f} decisions; "
            f"{result.games_per_s:.2f} games/s on {result.backend} ({workers}); "
            "win rate with its 95% Wilson interval"
        ),
    )
    for col in ("agent", "deck"):
        table.add_column(col)
    for col in ("wins", "losses", "draws", "win rate", "95% interval", "seat 0", "seat 1"):
        table.add_column(col, justify="right")
    for t, deck in zip(result.agent_totals, result.decks, strict=True):
        lo, hi = t.interval
        table.add_row(
            t.agent,
            deck,
            str(t.wins),
            str(t.losses),
            str(t.draws),
            _pct(t.win_rate),
            f"{_pct(lo)}–{_pct(hi)}",
            f"{t.wins_by_seat[0]}/{t.games_by_seat[0]}",
            f"{t.wins_by_seat[1]}/{t.games_by_seat[1]}",
        )
    return table


def json_bytes(result: MatchResult) -> bytes:
    """``result.to_dict()`` (with timing) as JSON text in UTF-8, for a file."""
    return (json.dumps(result.to_dict(), indent=2, ensure_ascii=False) + "\n").encode("utf-8")
