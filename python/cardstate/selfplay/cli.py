"""The ``selfplay`` and ``play`` commands of the ``cardstate`` command line.

``cardstate selfplay --games N --agents A,B --decks X,Y --seed S --backend serial|local|ray
[--workers K] [--address ADDR] [--json FILE] [--plot FILE]`` plays a match with a progress bar
(games/s) and prints the results table. ``cardstate play --agent A --deck X`` lets a person play
the duel against an agent in the terminal: the board as text, the legal actions listed by number.
``--game MODULE:FUNCTION`` (both) plays another game with the duel's interface, made by
``FUNCTION(deck0, deck1, seed)``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["add_commands", "selfplay_main", "play_main"]


def _factory(spec: str | None) -> Callable[[Any, Any, int], Any] | None:
    if not spec:
        return None
    module, _, name = spec.partition(":")
    if not module or not name:
        raise SystemExit(f"--game must be MODULE:FUNCTION, got {spec!r}")
    return getattr(importlib.import_module(module), name)


def _pair(text: str | None, what: str) -> tuple[str, str] | None:
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    if len(parts) == 1:
        parts *= 2
    if len(parts) != 2 or not all(parts):
        raise SystemExit(f"--{what} takes two names separated by a comma, got {text!r}")
    return (parts[0], parts[1])


def selfplay_main(args: argparse.Namespace) -> int:
    """Run ``cardstate selfplay``."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from cardstate import selfplay
    from cardstate.errors import SelfPlayError
    from cardstate.selfplay.report import results_table, write_json
    from cardstate.selfplay.specs import split_agents

    agents = split_agents(args.agents)
    if len(agents) == 1:
        agents *= 2
    if len(agents) != 2:
        print(f"--agents takes two agents, got {args.agents!r}", file=sys.stderr)
        return 2
    console = Console()
    if not console.is_terminal:
        console.width = max(console.width, 120)
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
                decks=_pair(args.decks, "decks"),
                seed=args.seed,
                backend=args.backend,
                workers=args.workers,
                address=args.address,
                progress=advance,
                game_factory=_factory(args.game),
            )
    except (SelfPlayError, ValueError, TypeError, KeyError) as exc:
        console.print(f"[red]selfplay failed:[/] {type(exc).__name__}: {exc}", highlight=False)
        return 1
    console.print(results_table(result))
    if args.json:
        write_json(result, args.json)
    if args.plot:
        from cardstate.selfplay.plot import write_plot

        try:
            write_plot(result, args.plot)
        except SelfPlayError as exc:
            console.print(f"[red]{exc}[/]", highlight=False)
            return 1
    return 0


def _board(game: Any, hidden_player: int) -> str:
    """The board as text with ``hidden_player``'s hand shown by its size only (the whole board
    if ``hidden_player`` is -1)."""
    if hidden_player < 0:
        return str(game)
    board = getattr(game, "board", None)
    if callable(board):
        try:
            return str(board(1 - hidden_player))
        except TypeError:
            pass
    lines = str(game).splitlines()
    out, player = [], None
    for line in lines:
        if line.startswith("player "):
            head = line.split(":", 1)[0].split()
            player = int(head[1]) if len(head) == 2 and head[1].isdigit() else None
        if player == hidden_player and line.strip().startswith("hand:"):
            line = line.split("hand:", 1)[0] + "hand: (hidden)"
        out.append(line)
    return "\n".join(out)


def _action_text(game: Any, action: int) -> str:
    to_string = getattr(game, "action_to_string", None)
    return str(to_string(action)) if callable(to_string) else str(action)


def play_main(args: argparse.Namespace) -> int:
    """Run ``cardstate play``: a person (seat ``--seat``) against an agent."""
    from cardstate.agents import derive
    from cardstate.selfplay.specs import parse_agent
    from cardstate.selfplay.worker import duel_factory

    try:
        agent = parse_agent(args.agent).build()
    except (ValueError, TypeError) as exc:
        print(f"bad --agent: {exc}", file=sys.stderr)
        return 2
    factory = _factory(args.game) or duel_factory
    me = args.seat
    decks = [args.deck, args.agent_deck or args.deck]
    if me == 1:
        decks.reverse()
    try:
        game = factory(decks[0], decks[1], args.seed)
    except (ValueError, TypeError, KeyError) as exc:
        print(f"can't start the game: {exc}", file=sys.stderr)
        return 2
    reset = getattr(agent, "reset", None)
    if callable(reset):
        reset(derive(args.seed, 1 - me))
    out = sys.stdout
    while not game.is_terminal():
        player = game.current_player()
        if player != me:
            action = agent.act(game)
            print(f"agent (player {player}): {_action_text(game, action)}", file=out)
            game.apply_action(action)
            continue
        print("", file=out)
        print(_board(game, 1 - me), file=out)
        legal = list(game.legal_actions())
        for i, a in enumerate(legal):
            print(f"  [{i}] {_action_text(game, a)}", file=out)
        while True:
            out.write(f"your move, player {me} (0-{len(legal) - 1}, q to quit): ")
            out.flush()
            line = sys.stdin.readline()
            if not line or line.strip().lower() in ("q", "quit"):
                print("\nquit", file=out)
                return 1
            text = line.strip()
            if text.isdigit() and int(text) < len(legal):
                action = legal[int(text)]
                break
            matches = [a for a in legal if _action_text(game, a) == text]
            if matches:
                action = matches[0]
                break
            print(f"not one of the listed moves: {text!r}", file=out)
        game.apply_action(action)
    returns = game.returns()
    print("", file=out)
    print(_board(game, -1), file=out)
    if returns[me] > 0:
        print("you win", file=out)
    elif returns[me] < 0:
        print("you lose", file=out)
    else:
        print("draw", file=out)
    return 0


def add_commands(sub: Any) -> None:
    """Add ``selfplay`` and ``play`` to the ``cardstate`` subcommands."""
    from cardstate.selfplay.executors import BACKENDS

    sp = sub.add_parser(
        "selfplay",
        help="play a match between two agents and print the results",
        description="Play GAMES games between two agents on the duel (seats alternating, seeds "
        "from --seed and the game's index) and print wins, draws and win rates with 95%% "
        "intervals.",
    )
    sp.add_argument("--games", type=int, default=100, metavar="N", help="games (default 100)")
    sp.add_argument(
        "--agents",
        default="mcts,random",
        metavar="A,B",
        help="two agents: random, greedy, mcts, with options as mcts:simulations=200 "
        "(default mcts,random)",
    )
    sp.add_argument("--decks", metavar="X,Y", help="the two agents' decks (registered names)")
    sp.add_argument("--seed", type=int, default=0, metavar="S", help="the match seed (default 0)")
    sp.add_argument("--backend", choices=BACKENDS, default="local", help="default: local")
    sp.add_argument("--workers", type=int, metavar="K", help="worker processes (default: CPUs)")
    sp.add_argument("--address", metavar="ADDR", help="a Ray cluster's address (ray backend)")
    sp.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    sp.add_argument("--plot", metavar="FILE", help="write a PNG of the win rate and game lengths")
    sp.add_argument("--game", metavar="MODULE:FUNCTION", help=argparse.SUPPRESS)
    sp.set_defaults(func=selfplay_main)

    pl = sub.add_parser(
        "play",
        help="play the duel against an agent in the terminal",
        description="Play the duel against an agent: the board is printed as text and the legal "
        "actions listed by number; type a number (or the action's text), q to quit.",
    )
    pl.add_argument("--agent", default="mcts", help="the opponent (default mcts)")
    pl.add_argument("--deck", help="your deck (a registered name)")
    pl.add_argument("--agent-deck", help="the agent's deck (default: the same as yours)")
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--seat", type=int, choices=(0, 1), default=0, help="your seat (default 0)")
    pl.add_argument("--game", metavar="MODULE:FUNCTION", help=argparse.SUPPRESS)
    pl.set_defaults(func=play_main)
