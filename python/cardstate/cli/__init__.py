"""The ``cardstate`` command line: :func:`main` and the dispatch to one module per command.

- ``cardstate bench`` (:mod:`cardstate.cli.bench`): the kernel's benchmark table.
- ``cardstate selfplay`` (:mod:`cardstate.cli.selfplay`): a match between two agents.
- ``cardstate league`` (:mod:`cardstate.cli.league`): a rated round robin between agents.
- ``cardstate play`` (:mod:`cardstate.cli.play`): a person against an agent in the terminal.
- ``cardstate cards coverage`` (:mod:`cardstate.cli.cards`): which cards of decks or lists are
  playable with a pool, and why the others aren't.
- ``cardstate limited draft|sealed`` (:mod:`cardstate.cli.limited`): a Limited event on
  Foundations with standings.
- ``cardstate replay`` (:mod:`cardstate.cli.replay`): steps through a game ``play`` saved
  (:mod:`cardstate.cli.record`).
- ``cardstate --version`` prints the version.

Files the commands write (``--json``, ``--plot``) are checked before any work starts and
written atomically (:mod:`cardstate.cli.files`). Importing this package loads neither the
benchmark workloads nor ``rich``: each command imports what it needs when it runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from cardstate.cli import bench, cards, league, limited, play, replay, selfplay
from cardstate.cli.bench import commit, run_bench
from cardstate.cli.version import version

__all__ = ["build_parser", "commit", "main", "run_bench", "version"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``cardstate``."""
    parser = argparse.ArgumentParser(
        prog="cardstate", description="cardstate: the rules kernel of collectible card games"
    )
    parser.add_argument("--version", action="version", version=f"cardstate {version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    bench.add_command(sub)
    selfplay.add_command(sub)
    league.add_command(sub)
    play.add_command(sub)
    cards.add_command(sub)
    limited.add_command(sub)
    replay.add_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardstate`` command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return int(func(args))
    except BrokenPipeError:
        # The reader stopped reading (`cardstate ... | head`): what is left to print goes
        # nowhere, with no traceback, and the status says so as a shell's would (128 + SIGPIPE).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
