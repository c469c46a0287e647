"""A PNG of a Limited event: each player's win rate with its 95% Wilson interval, and each
colour pair's. Needs matplotlib (``cardstate[plot]``)."""

from __future__ import annotations

from typing import IO

from cardstate.limited.event import EventResult
from cardstate.selfplay.plot import require_matplotlib

__all__ = ["write_event_plot"]


def write_event_plot(result: EventResult, file: str | IO[bytes]) -> None:
    """Write the plot of ``result`` to ``file`` (a path or a binary file; PNG)."""
    plt = require_matplotlib()
    by_player = sorted(result.standings, key=lambda s: s.player)
    fig, (ax0, ax1) = plt.subplots(1, 2, figsize=(11, 4))

    def bars(
        ax: object, labels: list[str], rates: list[float], intervals: list[tuple[float, float]]
    ) -> None:
        # max(0, ...): the interval holds the rate, up to rounding.
        lo = [max(0.0, r - i[0]) for r, i in zip(rates, intervals, strict=True)]
        hi = [max(0.0, i[1] - r) for r, i in zip(rates, intervals, strict=True)]
        ax.bar(range(len(labels)), rates, yerr=[lo, hi], capsize=3)  # type: ignore[attr-defined]
        ax.set_xticks(range(len(labels)), labels, rotation=45, ha="right")  # type: ignore[attr-defined]
        ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")  # type: ignore[attr-defined]
        ax.set_ylim(0, 1)  # type: ignore[attr-defined]
        ax.set_ylabel("win rate")  # type: ignore[attr-defined]

    bars(
        ax0,
        [f"{s.player} {s.colours}" for s in by_player],
        [s.win_rate for s in by_player],
        [s.interval for s in by_player],
    )
    ax0.set_title(f"{result.kind} seed {result.seed}: by player")
    pairs = list(result.by_colours)
    bars(
        ax1,
        pairs,
        [result.by_colours[p]["win_rate"] for p in pairs],
        [tuple(result.by_colours[p]["interval"]) for p in pairs],
    )
    ax1.set_title("by colours")
    fig.tight_layout()
    fig.savefig(file, format="png", dpi=100)
    plt.close(fig)
