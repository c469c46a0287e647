"""``cardstate limited draft|sealed``: a Limited event on Foundations, with a progress bar, the
picks, the decks and the standings table.

``cardstate limited draft [--seats 8] [--bots rating,...] [--seed S] [--games-per-pair 1]
[--agent random] [--backend serial|local|ray] [--workers K] [--address ADDR] [--json FILE]
[--plot FILE]`` drafts (one bot per seat: a list of names separated by commas, or one name for
every seat), builds each seat's deck and plays a round robin; ``cardstate limited sealed
[--players 8] ...`` does the same with sealed pools (:mod:`cardstate.limited.event`).

Everything is checked before the event starts (the bots, the numbers, that the ``--json`` and
``--plot`` files can be written and matplotlib imported for ``--plot``); a problem is one line
and exit status 2. The files are written atomically.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardstate.cli.files import OutputError, check_output, write_atomic

__all__ = ["add_command", "limited_main"]


def _bots(text: str, seats: int) -> list[str]:
    from cardstate.limited.bots import BOTS

    names = [p.strip() for p in text.split(",")]
    for n in names:
        if n not in BOTS:
            raise ValueError(f"--bots: unknown bot {n!r}: one of {', '.join(BOTS)}")
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise ValueError(f"--bots names {len(names)} bots for {seats} seats")
    return names


def limited_main(args: argparse.Namespace) -> int:
    """Run ``cardstate limited draft`` or ``cardstate limited sealed``."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from cardstate.agents import parse_agent
    from cardstate.errors import SelfPlayError
    from cardstate.limited import event

    console = Console()
    if not console.is_terminal:
        console.width = max(console.width, 120)

    def fail(message: str) -> int:
        console.print(f"[red]limited failed:[/] {message}", highlight=False)
        return 2

    players = args.seats if args.kind == "draft" else args.players
    try:
        if not 2 <= players <= 64:
            raise ValueError(f"the number of players must be in 2..64, got {players}")
        if not 0 <= args.seed < 2**64:
            raise ValueError(f"--seed must be in 0..2**64-1, got {args.seed}")
        if args.games_per_pair < 1:
            raise ValueError(f"--games-per-pair must be at least 1, got {args.games_per_pair}")
        bots = _bots(args.bots, players) if args.kind == "draft" else []
        parse_agent(args.agent)
        if args.json:
            check_output(args.json, "--json")
        if args.plot:
            check_output(args.plot, "--plot")
            from cardstate.selfplay.plot import require_matplotlib

            require_matplotlib()
    except (OutputError, SelfPlayError, ValueError, TypeError) as exc:
        return fail(str(exc))

    progress = Progress(
        TextColumn(f"[bold]limited {args.kind}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    )
    options: dict[str, Any] = {
        "games_per_pair": args.games_per_pair,
        "agent": args.agent,
        "backend": args.backend,
        "workers": args.workers,
        "address": args.address,
    }
    try:
        with progress:
            task = progress.add_task("pairs", total=players * (players - 1) // 2)

            def tick(done: int, total: int) -> None:
                progress.update(task, completed=done)

            if args.kind == "draft":
                result = event.draft_event(bots, args.seed, progress=tick, **options)
            else:
                result = event.sealed_event(players, args.seed, progress=tick, **options)
    except (SelfPlayError, ValueError) as exc:
        return fail(str(exc))

    what = "picks" if args.kind == "draft" else "pool"
    for p, (cards, deck) in enumerate(zip(result.pools, result.decks, strict=True)):
        colours = next(s.colours for s in result.standings if s.player == p)
        console.print(f"[bold]player {p}[/] ({result.drafters[p]}), {what}: " + ", ".join(cards))
        console.print(f"  deck {colours or '-'}: " + ", ".join(deck), highlight=False)
    table = Table(title=f"cardstate limited {args.kind}: seed {args.seed}, {result.agent} play")
    for col in ("rank", "player", "drafter", "colours", "points", "wins", "losses", "draws"):
        table.add_column(col, justify="right" if col not in ("drafter", "colours") else "left")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    for rank, s in enumerate(result.standings, start=1):
        table.add_row(
            str(rank),
            str(s.player),
            s.drafter,
            s.colours or "-",
            str(s.points),
            str(s.wins),
            str(s.losses),
            str(s.draws),
            f"{100 * s.win_rate:.1f}%",
            f"{100 * s.interval[0]:.1f}%–{100 * s.interval[1]:.1f}%",
        )
    console.print(table)
    try:
        if args.json:
            data = json.dumps(result.to_dict(), indent=1).encode()
            write_atomic(args.json, lambda fh: fh.write(data), "--json")
        if args.plot:
            from cardstate.limited.plot import write_event_plot

            write_atomic(args.plot, lambda fh: write_event_plot(result, fh), "--plot")
    except OutputError as exc:
        return fail(str(exc))
    return 0


def add_command(sub: Any) -> None:
    """Add ``limited draft`` and ``limited sealed`` to the ``cardstate`` subcommands."""
    limited = sub.add_parser("limited", help="Limited events on Foundations: draft or sealed")
    kinds = limited.add_subparsers(dest="kind", metavar="KIND", required=True)
    for kind, help_text in (
        ("draft", "a booster draft with bots, decks built, a round robin"),
        ("sealed", "sealed pools, decks built, a round robin"),
    ):
        p = kinds.add_parser(kind, help=help_text)
        if kind == "draft":
            p.add_argument("--seats", type=int, default=8, help="players at the table (8)")
            p.add_argument(
                "--bots",
                default="rating",
                help="a drafter per seat, separated by commas, or one for all: random, rating",
            )
        else:
            p.add_argument("--players", type=int, default=8, help="players (8)")
        p.add_argument("--seed", type=int, default=0, help="the event's seed (0)")
        p.add_argument("--games-per-pair", type=int, default=1, help="games each pair plays (1)")
        p.add_argument("--agent", default="random", help="the agent that plays every deck")
        p.add_argument("--backend", default="serial", choices=("serial", "local", "ray"))
        p.add_argument("--workers", type=int, default=None, help="processes for local/ray")
        p.add_argument("--address", default=None, help="a Ray cluster's address")
        p.add_argument("--json", default=None, metavar="FILE", help="write the event as JSON")
        p.add_argument("--plot", default=None, metavar="FILE", help="write a PNG (matplotlib)")
        p.set_defaults(func=limited_main)
