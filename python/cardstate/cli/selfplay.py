"""``cardstate selfplay``: a match between two agents, with a progress bar and the results table.

``cardstate selfplay --games N --agents A,B --decks X,Y [--pool NAME|FILE] [--format F]
[--no-mulligans] --seed S
--backend serial|local|ray [--workers K] [--chunk-size C] [--address ADDR] [--connect-timeout T]
[--json FILE] [--plot FILE]`` plays a match with a progress bar (games/s) and prints the results
table (decks by registered name or deck file; the pool, format and mulligans as in
:mod:`cardstate.cli.decks`);
``--list-agents`` prints the agents and their options with their ranges and defaults.
``--game MODULE:FUNCTION`` plays another game with the duel's interface, made by
``FUNCTION(deck0, deck1, seed)``.

Everything is checked before the first game: the arguments (agents by the agents' registry,
whose errors name the option and list the valid ones with their ranges), the decks, and that
the ``--json`` and ``--plot`` files can be written (and matplotlib imported for ``--plot``);
a problem is one line on the terminal and a non-zero exit status (2), never a traceback. The
files are written atomically. Ctrl-C stops the match within a second or two: the workers are
stopped, the games finished so far are printed (and written) marked as partial, and the exit
status is 130.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import Any

from cardstate.cli import decks as deck_args
from cardstate.cli.files import OutputError, check_output, write_atomic

__all__ = ["add_command", "selfplay_main"]

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells report it."""


def game_factory(spec: str | None) -> Callable[[Any, Any, int], Any] | None:
    """The factory named ``MODULE:FUNCTION`` (``--game``), or None for the duel."""
    if not spec:
        return None
    module, _, name = spec.partition(":")
    if not module or not name:
        raise ValueError(f"--game must be MODULE:FUNCTION, got {spec!r}")
    try:
        return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"--game {spec}: {type(exc).__name__}: {exc}") from exc


def _pair(text: str | None, what: str) -> tuple[str, str] | None:
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    if len(parts) == 1:
        parts *= 2
    if len(parts) != 2 or not all(parts):
        raise ValueError(f"--{what} takes two names separated by a comma, got {text!r}")
    return (parts[0], parts[1])


# run()'s argument names as the command line spells them.
_OPTIONS = {
    "games": "--games",
    "games_per_pair": "--games-per-pair",
    "workers": "--workers",
    "chunk_size": "--chunk-size",
    "connect_timeout": "--connect-timeout",
    "address": "--address",
    "seed": "--seed",
    "deck0": "--decks (the first)",
    "deck1": "--decks (the second)",
}


def _option_message(message: str) -> str:
    """``message`` of run()'s check with its argument named as the command line's option."""
    head, sep, rest = message.partition(" ")
    if sep and head in _OPTIONS:
        return f"{_OPTIONS[head]} {rest}"
    head, sep, rest = message.partition(": ")
    if sep and head in _OPTIONS:
        return f"{_OPTIONS[head]}: {rest}"
    return message


def _check_outputs(args: argparse.Namespace) -> None:
    """The output files can be written (and ``--plot`` has matplotlib): before any game."""
    if args.json:
        check_output(args.json, "--json")
    if args.plot:
        check_output(args.plot, "--plot")
        from cardstate.selfplay.plot import require_matplotlib

        require_matplotlib()


def _write_outputs(args: argparse.Namespace, result: Any) -> None:
    from cardstate.selfplay.report import json_bytes

    if args.json:
        data = json_bytes(result)
        write_atomic(args.json, lambda fh: fh.write(data), "--json")
    if args.plot:
        from cardstate.selfplay.plot import write_plot

        write_atomic(args.plot, lambda fh: write_plot(result, fh), "--plot")


def selfplay_main(args: argparse.Namespace) -> int:
    """Run ``cardstate selfplay``."""
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from cardstate import selfplay
    from cardstate.agents import agents_help, split_agents
    from cardstate.errors import SelfPlayError, SelfPlayInterrupted
    from cardstate.selfplay.settings import check_run

    if args.list_agents:
        print(agents_help())
        return 0

    console = Console()
    if not console.is_terminal:
        console.width = max(console.width, 120)

    def fail(message: str) -> None:
        # Escaped: an install hint's extra (``cardstate[plot]``) is not rich markup.
        console.print(f"[red]selfplay failed:[/] {escape(message)}", highlight=False)

    agents = split_agents(args.agents)
    if len(agents) == 1:
        agents *= 2
    if len(agents) != 2:
        fail(f"--agents takes two agents, got {args.agents!r}")
        return 2
    try:
        if args.games < 1:
            raise ValueError(f"--games must be at least 1, got {args.games}")
        _check_outputs(args)
        pair = _pair(args.decks, "decks")
        decks = None if pair is None else tuple(deck_args.read_deck(d) for d in pair)
        pool = deck_args.read_pool(args.pool)
        factory = game_factory(args.game)
        # Every setting the match takes, checked as run() will check it, before the progress
        # bar: agents and their options, decks in the pool, backend, workers, chunk size.
        check_run(
            args.games,
            (agents[0], agents[1]),
            decks,
            args.seed,
            args.backend,
            args.workers,
            args.address,
            args.chunk_size,
            None,
            factory,
            args.connect_timeout,
            pool,
            args.format,
        )
    except (OutputError, SelfPlayError) as exc:
        fail(str(exc))
        return 2
    except (ValueError, TypeError, OverflowError) as exc:
        fail(_option_message(str(exc)))
        return 2
    progress = Progress(
        TextColumn("[bold]selfplay"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    )
    try:
        with progress:
            task = progress.add_task("games", total=args.games, rate="—")

            def advance(_game: selfplay.GameResult) -> None:
                progress.advance(task)
                t = progress.tasks[task]
                if t.elapsed:
                    progress.update(task, rate=f"{t.completed / t.elapsed:.2f}")

            result = selfplay.run(
                games=args.games,
                agents=(agents[0], agents[1]),
                decks=decks,
                seed=args.seed,
                backend=args.backend,
                workers=args.workers,
                address=args.address,
                chunk_size=args.chunk_size,
                progress=advance,
                game_factory=factory,
                connect_timeout=args.connect_timeout,
                pool=pool,
                format=args.format,
                mulligans=not args.no_mulligans,
            )
    except SelfPlayInterrupted as stop:
        partial = stop.partial
        console.print(results_table_of(partial))
        console.print(
            f"[yellow]interrupted:[/] {len(partial.games)} of {args.games} games played; "
            "the results above are partial",
            highlight=False,
        )
        try:
            _write_outputs(args, partial)
        except (OutputError, SelfPlayError) as exc:
            fail(str(exc))
        return INTERRUPTED
    except (SelfPlayError, ValueError, TypeError, OverflowError, KeyError, OSError) as exc:
        fail(f"{type(exc).__name__}: {exc}")
        return 1
    console.print(results_table_of(result))
    try:
        _write_outputs(args, result)
    except (OutputError, SelfPlayError) as exc:
        fail(str(exc))
        return 1
    return 0


def results_table_of(result: Any) -> Any:
    """The rich table of a match's result."""
    from cardstate.selfplay.report import results_table

    return results_table(result)


def add_command(sub: Any) -> None:
    """Add ``selfplay`` to the ``cardstate`` subcommands."""
    from cardstate.duel import decks as core_decks
    from cardstate.selfplay.settings import BACKENDS, RAY_CONNECT_TIMEOUT

    def duel_decks() -> list[str]:
        return list(core_decks)

    def agent_names() -> list[str]:
        from cardstate.agents import AGENTS

        return list(AGENTS)

    sp = sub.add_parser(
        "selfplay",
        help="play a match between two agents and print the results",
        description="Play GAMES games between two agents on the duel (seats alternating, seeds "
        "from --seed and the game's index) and print wins, draws and win rates with 95% "
        "intervals. Every setting is checked before the first game.",
    )
    sp.add_argument(
        "--games", type=int, default=100, metavar="N", help="games, at least 1 (default 100)"
    )
    sp.add_argument(
        "--agents",
        default="mcts,random",
        metavar="A,B",
        help=f"two agents: {', '.join(agent_names())}, with options as mcts:simulations=200 "
        "(default mcts,random; --list-agents lists every option)",
    )
    sp.add_argument(
        "--list-agents",
        action="store_true",
        help="print the agents and their options (ranges, defaults) and exit",
    )
    sp.add_argument(
        "--decks",
        metavar="X,Y",
        help="the two agents' decks: names registered with the pool (the core pool's: "
        f"{', '.join(duel_decks())}) or deck files (default: the pool's first two decks, "
        f"{','.join(duel_decks()[:2])} for core)",
    )
    deck_args.add_arguments(sp)
    sp.add_argument("--seed", type=int, default=0, metavar="S", help="the match seed (default 0)")
    sp.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="serial (in this process), local (a process pool) or ray (default local)",
    )
    sp.add_argument(
        "--workers", type=int, metavar="K", help="worker processes, at least 1 (default: CPUs)"
    )
    sp.add_argument(
        "--chunk-size", type=int, metavar="C", help="games per task (default: about 4 per worker)"
    )
    sp.add_argument("--address", metavar="ADDR", help="a Ray cluster's address (ray backend)")
    sp.add_argument(
        "--connect-timeout",
        type=float,
        default=RAY_CONNECT_TIMEOUT,
        metavar="T",
        help=f"seconds to wait for the Ray cluster at --address (default {RAY_CONNECT_TIMEOUT:g})",
    )
    sp.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    sp.add_argument("--plot", metavar="FILE", help="write a PNG of the win rate and game lengths")
    sp.add_argument("--game", metavar="MODULE:FUNCTION", help=argparse.SUPPRESS)
    sp.set_defaults(func=selfplay_main)
