"""``cardstate replay FILE``: step through a game saved by ``cardstate play`` (``save FILE``).

The board is shown as ``play`` shows it (from the saved seat: the agent's hand by its size only;
``--all`` shows both hands) before each action, with the action about to be played and its
number. Commands: Enter or ``n`` plays the next action, ``b`` goes back one, a number goes to
that action, ``e`` to the end, ``q`` quits. The game is replayed from its start (the actions
are checked against the saved state as the file is read).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardstate.cli import record
from cardstate.cli.play import _action_text, _board

__all__ = ["add_command", "replay_main"]


def replay_main(args: argparse.Namespace) -> int:
    """Run ``cardstate replay``."""
    try:
        saved = record.load(args.file)
        saved.replay()
    except (OSError, ValueError) as exc:
        print(f"can't replay {args.file}: {exc}", file=sys.stderr)
        return 2
    actions = saved.actions
    hidden = -1 if args.all else 1 - saved.seat
    out = sys.stdout

    def at(k: int) -> Any:
        game = saved.start()
        for a in actions[:k]:
            game.apply_action(a)
        return game

    k = 0
    game = at(0)
    while True:
        print("", file=out)
        print(_board(game, hidden), file=out)
        if k < len(actions):
            who = "you" if game.current_player() == saved.seat else "the agent"
            text = _action_text(game, actions[k])
            print(
                f"action {k + 1}/{len(actions)}: {who} (player {game.current_player()}): {text}",
                file=out,
            )
        else:
            print(f"end of the saved game ({len(actions)} actions)", file=out)
        out.write("replay (Enter/n next, b back, NUMBER go to, e end, q quit): ")
        out.flush()
        line = sys.stdin.readline()
        command = line.strip().lower()
        if not line or command in ("q", "quit"):
            print("", file=out)
            return 0
        if command in ("", "n"):
            if k < len(actions):
                game.apply_action(actions[k])
                k += 1
        elif command == "b":
            k = max(0, k - 1)
            game = at(k)
        elif command == "e":
            k = len(actions)
            game = at(k)
        elif command.isdigit():
            k = min(len(actions), max(0, int(command) - 1))
            game = at(k)
        else:
            print(f"not a replay command: {line.strip()!r}", file=out)


def add_command(sub: Any) -> None:
    """Add ``replay`` to the ``cardstate`` subcommands."""
    rp = sub.add_parser(
        "replay",
        help="step through a game saved by cardstate play",
        description="Step through a game saved by cardstate play (save FILE): the board before "
        "each action; Enter/n next, b back, a number goes to that action, e end, q quit.",
    )
    rp.add_argument("file", metavar="FILE", help="the saved game")
    rp.add_argument("--all", action="store_true", help="show both players' hands")
    rp.set_defaults(func=replay_main)
