"""``cardstate league``: a rated round robin between agents, with a progress bar and a table.

``cardstate league --agents A,B,C... [--decks X,Y] [--games-per-pair N] [--seed S] [--backend
serial|local|ray] [--workers K] [--pool NAME|FILE] [--format F] [--json FILE] [--plot FILE]``
plays :func:`cardstate.selfplay.league` and prints each agent's rating with its 95% interval
(random anchored at 1000), its record and every pair's score. Every setting is checked before
the first game, as ``cardstate selfplay`` checks them (one line naming the option, exit status
2). ``--json`` writes ``LeagueResult.to_dict()``; ``--plot`` a PNG of the ratings with their
intervals (extra ``cardstate[plot]``).
"""

from __future__ import annotations

import argparse
from typing import IO, Any

from cardstate.cli import decks as deck_args
from cardstate.cli.files import OutputError, check_output, write_atomic

__all__ = ["add_command", "league_main", "league_table"]


def league_table(result: Any) -> Any:
    """The rich table of a league's ratings and the pairs' scores."""
    from rich.table import Table

    table = Table(
        title=f"cardstate league: {len(result.agents)} agents, {result.games_per_pair} games a "
        f"pair, seed {result.seed}",
        caption=f"decks {', '.join(result.decks)}; Bradley–Terry ratings on the Elo scale, "
        f"{result.anchor} anchored at 1000, with 95% intervals",
    )
    for col in ("agent", "rating", "95% interval", "wins", "losses", "draws", "score"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for r in result.ratings:
        interval = "anchor" if r.agent == result.anchor else f"{r.low:.0f}–{r.high:.0f}"
        table.add_row(
            r.agent,
            f"{r.rating:.0f}",
            interval,
            str(r.wins),
            str(r.losses),
            str(r.draws),
            f"{100 * r.score:.1f}%",
        )
    return table


def _plot(result: Any, fh: IO[bytes]) -> None:
    from cardstate.selfplay.plot import require_matplotlib

    plt = require_matplotlib()
    fig, ax = plt.subplots(figsize=(6, 0.6 * len(result.ratings) + 1.5))
    ys = list(range(len(result.ratings)))[::-1]
    for y, r in zip(ys, result.ratings, strict=True):
        ax.errorbar(r.rating, y, xerr=[[r.rating - r.low], [r.high - r.rating]], fmt="o", capsize=4)
    ax.set_yticks(ys, [r.agent for r in result.ratings])
    ax.set_xlabel(f"rating ({result.anchor} = 1000), 95% interval")
    ax.set_title(f"league: {result.games_per_pair} games a pair")
    fig.tight_layout()
    fig.savefig(fh, format="png")
    plt.close(fig)


def league_main(args: argparse.Namespace) -> int:
    """Run ``cardstate league``."""
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from cardstate import selfplay
    from cardstate.agents import split_agents
    from cardstate.cli.selfplay import _option_message, _pair
    from cardstate.errors import SelfPlayError, SelfPlayInterrupted
    from cardstate.selfplay.league import check_league

    console = Console()
    if not console.is_terminal:
        console.width = max(console.width, 120)

    def fail(message: str) -> None:
        console.print(f"[red]league failed:[/] {escape(message)}", highlight=False)

    try:
        agents = split_agents(args.agents)
        if len(agents) < 2:
            raise ValueError(f"--agents takes two agents or more, got {args.agents!r}")
        if args.json:
            check_output(args.json, "--json")
        if args.plot:
            check_output(args.plot, "--plot")
            from cardstate.selfplay.plot import require_matplotlib

            require_matplotlib()
        pair = _pair(args.decks, "decks")
        decks = None if pair is None else tuple(deck_args.read_deck(d) for d in pair)
        pool = deck_args.read_pool(args.pool)
        check_league(
            agents, decks, args.games_per_pair, args.seed, args.backend, args.workers, None,
            pool, args.format,
        )  # fmt: skip
    except (OutputError, SelfPlayError) as exc:
        fail(str(exc))
        return 2
    except (ValueError, TypeError, OverflowError) as exc:
        fail(_option_message(str(exc)))
        return 2
    total = len(agents) * (len(agents) - 1) // 2 * args.games_per_pair
    progress = Progress(
        TextColumn("[bold]league"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        TimeElapsedColumn(),
        console=console,
    )
    try:
        with progress:
            task = progress.add_task("games", total=total, rate="—")

            def advance(_game: Any) -> None:
                progress.advance(task)
                t = progress.tasks[task]
                if t.elapsed:
                    progress.update(task, rate=f"{t.completed / t.elapsed:.2f}")

            result = selfplay.league(
                agents,
                decks,
                games_per_pair=args.games_per_pair,
                seed=args.seed,
                backend=args.backend,
                workers=args.workers,
                pool=pool,
                format=args.format,
                progress=advance,
            )
    except SelfPlayInterrupted:
        console.print("[yellow]interrupted:[/] no ratings (the league was not finished)")
        return 130
    except (SelfPlayError, ValueError, TypeError, OverflowError, OSError) as exc:
        fail(f"{type(exc).__name__}: {exc}")
        return 1
    console.print(league_table(result))
    try:
        if args.json:
            import json

            data = (json.dumps(result.to_dict(), indent=2) + "\n").encode("utf-8")
            write_atomic(args.json, lambda fh: fh.write(data), "--json")
        if args.plot:
            write_atomic(args.plot, lambda fh: _plot(result, fh), "--plot")
    except (OutputError, SelfPlayError) as exc:
        fail(str(exc))
        return 1
    return 0


def add_command(sub: Any) -> None:
    """Add ``league`` to the ``cardstate`` subcommands."""
    from cardstate.duel import decks as core_decks
    from cardstate.selfplay.settings import BACKENDS

    lg = sub.add_parser(
        "league",
        help="rate agents by a seat-swapped round robin",
        description="Play every pair of agents on the same deals, each deal from both seats, "
        "and print Bradley–Terry ratings on the Elo scale (random anchored at 1000) with 95% "
        "intervals. Every setting is checked before the first game.",
    )
    lg.add_argument(
        "--agents",
        default="random,greedy,mcts:simulations=200",
        metavar="A,B,...",
        help="two agents or more: random, greedy, mcts with options as mcts:simulations=200 "
        "(default random,greedy,mcts:simulations=200; selfplay --list-agents lists every option)",
    )
    lg.add_argument(
        "--decks",
        metavar="X,Y",
        help="the decks of the two seats: names registered with the pool (the core pool's: "
        f"{', '.join(core_decks)}) or deck files (default: the pool's first two decks)",
    )
    lg.add_argument(
        "--games-per-pair",
        type=int,
        default=20,
        metavar="N",
        help="games between each pair, even: N/2 deals, each from both seats (default 20)",
    )
    deck_args.add_arguments(lg)
    lg.add_argument("--seed", type=int, default=0, metavar="S", help="the seed (default 0)")
    lg.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="serial, local (a process pool) or ray: the same results (default local)",
    )
    lg.add_argument(
        "--workers", type=int, metavar="K", help="worker processes, at least 1 (default: CPUs)"
    )
    lg.add_argument("--json", metavar="FILE", help="also write the league as JSON to FILE")
    lg.add_argument("--plot", metavar="FILE", help="write a PNG of the ratings and intervals")
    lg.set_defaults(func=league_main)
