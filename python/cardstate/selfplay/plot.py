"""A PNG of a match: the first agent's win rate with its 95% interval as games accumulate
(in index order), and a histogram of game lengths. Needs matplotlib (``cardstate[plot]``)."""

from __future__ import annotations

from typing import IO, Any

from cardstate.errors import SelfPlayError
from cardstate.selfplay.results import MatchResult, wilson_interval

__all__ = ["require_matplotlib", "write_plot"]


def require_matplotlib() -> Any:
    """``matplotlib.pyplot`` on the Agg backend, or a :class:`SelfPlayError` saying how to get
    it (the command line asks before the match starts)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise SelfPlayError("--plot needs matplotlib: pip install 'cardstate[plot]'") from exc
    return plt


def write_plot(result: MatchResult, file: str | IO[bytes]) -> None:
    """Write the plot of ``result`` to ``file`` (a path or a binary file; PNG)."""
    plt = require_matplotlib()

    xs, rate, lo, hi = [], [], [], []
    wins = 0
    for n, g in enumerate(result.games, start=1):
        wins += g.winner == 0
        low, high = wilson_interval(wins, n)
        xs.append(n)
        rate.append(wins / n)
        lo.append(low)
        hi.append(high)
    fig, (ax0, ax1) = plt.subplots(1, 2, figsize=(11, 4))
    ax0.plot(xs, rate, label=f"{result.agents[0]} win rate")
    ax0.fill_between(xs, lo, hi, alpha=0.3, label="95% Wilson interval")
    ax0.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax0.set_xlabel("games")
    ax0.set_ylabel("win rate")
    ax0.set_ylim(0, 1)
    ax0.set_title(f"{result.agents[0]} vs {result.agents[1]}")
    ax0.legend(loc="lower right")
    turns = [g.turns for g in result.games]
    if turns:
        ax1.hist(turns, bins=range(min(turns), max(turns) + 2), align="left")
    ax1.set_xlabel("turns")
    ax1.set_ylabel("games")
    ax1.set_title("game length")
    fig.tight_layout()
    fig.savefig(file, format="png", dpi=100)
    plt.close(fig)
