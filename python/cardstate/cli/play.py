"""``cardstate play``: a person plays the duel against an agent in the terminal.

``cardstate play --agent A --deck X [--agent-deck Y] [--pool NAME|FILE] [--format F] [--seed S]
[--seat 0|1]`` prints the board as text (the agent's hand by its size only) and the legal
actions by number; type a number (or the action's text), q to quit. Decks are registered names
or deck files, the pool and format as in :mod:`cardstate.cli.decks`. ``--game
MODULE:FUNCTION`` plays another game with the duel's interface, made by ``FUNCTION(deck0,
deck1, seed)``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardstate.cli import decks as deck_args
from cardstate.cli.selfplay import game_factory

__all__ = ["add_command", "play_main"]


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
    from cardstate.agents import derive, parse_agent
    from cardstate.selfplay.worker import duel_factory

    try:
        agent = parse_agent(args.agent).build()
        factory = game_factory(args.game) or duel_factory
    except (ValueError, TypeError, OverflowError) as exc:
        print(f"bad --agent or --game: {exc}", file=sys.stderr)
        return 2
    me = args.seat
    decks = [deck_args.read_deck(d) for d in (args.deck, args.agent_deck or args.deck)]
    if me == 1:
        decks.reverse()
    try:
        if args.game:
            game = factory(decks[0], decks[1], args.seed)
        else:
            pool = deck_args.read_pool(args.pool)
            game = duel_factory(
                decks[0],
                decks[1],
                args.seed,
                pool=pool,
                format=args.format,
                mulligans=not args.no_mulligans,
            )
    except (ValueError, TypeError, KeyError, OSError) as exc:
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


def add_command(sub: Any) -> None:
    """Add ``play`` to the ``cardstate`` subcommands."""
    pl = sub.add_parser(
        "play",
        help="play the duel against an agent in the terminal",
        description="Play the duel against an agent: the board is printed as text and the legal "
        "actions listed by number; type a number (or the action's text), q to quit.",
    )
    pl.add_argument("--agent", default="mcts", help="the opponent (default mcts)")
    pl.add_argument("--deck", help="your deck (a registered name or a deck file)")
    pl.add_argument("--agent-deck", help="the agent's deck (default: the same as yours)")
    deck_args.add_arguments(pl)
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--seat", type=int, choices=(0, 1), default=0, help="your seat (default 0)")
    pl.add_argument("--game", metavar="MODULE:FUNCTION", help=argparse.SUPPRESS)
    pl.set_defaults(func=play_main)
