"""``cardstate cards``: commands about the card pools.

``cardstate cards coverage [FILE...] [--pool NAME|FILE]`` prints, for each deck file (``N Card
Name`` lines, as ``.dck`` files) or list of card names (one a line), which of its cards are
playable with the pool (default ``fdn``) and, for the others, why not
(:mod:`cardstate.cards.coverage`); with no file, the whole pool's cards (``--pool berserk``:
the Berserk cards). The exit status is 0 when every card of every file is
playable, 1 when some aren't, 2 for a file or pool that can't be read.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from cardstate.cli import decks as deck_args

__all__ = ["add_command", "coverage_main", "print_coverage"]


def print_coverage(title: str, report: list[Any], out: TextIO) -> None:
    """One file's report: a summary line, the playable cards, the notes on some (each with
    its cards), then each other card and why."""
    good = [c.name for c in report if c.playable]
    bad = [c for c in report if not c.playable]
    out.write(f"{title}: {len(good)} of {len(report)} distinct cards playable\n")
    if good:
        out.write(f"  playable: {', '.join(good)}\n")
    notes: dict[str, list[str]] = {}
    for c in report:
        for note in c.notes:
            notes.setdefault(note, []).append(c.name)
    for note, names in notes.items():
        out.write(f"  {note}: {', '.join(names)}\n")
    for c in bad:
        out.write(f"  not playable: {c.name}\n")
        for reason in c.reasons:
            out.write(f"    - {reason}\n")


def coverage_main(args: argparse.Namespace) -> int:
    """Run ``cardstate cards coverage``."""
    from cardstate.cards.cardpool import pool_arg
    from cardstate.cards.coverage import coverage, read_names

    try:
        pool = pool_arg(deck_args.read_pool(args.pool or "fdn"))
    except (ValueError, TypeError) as exc:
        print(f"bad --pool: {exc}", file=sys.stderr)
        return 2
    reports = []
    if not args.files:
        reports.append((f"the pool {pool.name}", coverage(list(pool), pool)))
    for path in args.files:
        try:
            names = read_names(path)
        except (OSError, UnicodeDecodeError) as exc:
            print(f"can't read {path}: {exc}", file=sys.stderr)
            return 2
        reports.append((path, coverage(names, pool)))
    everything = True
    for path, report in reports:
        title = path if not args.files else f"{path} (pool {pool.name})"
        print_coverage(title, report, sys.stdout)
        everything &= all(c.playable for c in report)
    return 0 if everything else 1


def add_command(sub: Any) -> None:
    """Add ``cards`` (and its ``coverage`` command) to the ``cardstate`` subcommands."""
    cards = sub.add_parser("cards", help="commands about the card pools")
    cmds = cards.add_subparsers(dest="cards_command", metavar="COMMAND", required=True)
    cov = cmds.add_parser(
        "coverage",
        help="which cards of deck files or name lists are playable, and why not",
        description="For each deck file (N Card Name lines) or list of card names (one a "
        "line), or with none for the whole pool, print which cards are playable with the pool "
        "and why the others are not. Exit status 0 when all are.",
    )
    cov.add_argument(
        "files", nargs="*", metavar="FILE", help="deck files or lists of names (none: the pool)"
    )
    cov.add_argument(
        "--pool",
        metavar="NAME|FILE",
        help="the card pool: a built-in pool's name (default fdn; berserk for the Berserk cards) "
        "or a pool file (.py or .json)",
    )
    cov.set_defaults(func=coverage_main)
