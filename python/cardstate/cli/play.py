"""``cardstate play``: a person plays the duel against an agent in the terminal.

``cardstate play --agent A --deck X [--agent-deck Y] [--pool NAME|FILE] [--format F] [--seed S]
[--seat 0|1] [--load FILE]`` prints the board as text (the agent's hand by its size only, the
creatures attacking and blocking marked), what happened since the person's last decision (the
agent's moves, draws, life and poison, cards entering the battlefield, going to a graveyard) and
the legal actions by number. A move is its number, its text, an unambiguous beginning of it
(``cast Grizzly``) or the one move closest to what was typed. Commands: ``help``, ``show CARD``
(its Oracle text), ``wait`` (pass now and at each decision after until the agent does something
or passing isn't possible), ``end`` (pass until the next turn), ``undo`` (back to the person's
previous decision), ``save FILE``, ``q`` to quit. ``--load FILE`` goes on with a saved game.
Decks are registered names or deck files, the pool and format as in :mod:`cardstate.cli.decks`.
``--game MODULE:FUNCTION`` plays another game with the duel's interface, made by
``FUNCTION(deck0, deck1, seed)``.

A saved game (:mod:`cardstate.cli.record`) holds the decks, pool, format, seed, seats, agent and
every action from the start, and the duel's bytes; ``cardstate replay FILE`` steps through it.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from dataclasses import dataclass, field
from typing import Any

from cardstate.cli import decks as deck_args
from cardstate.cli import record
from cardstate.cli.selfplay import game_factory

__all__ = ["add_command", "parse_move", "play_main"]

HELP = """\
  a number          the move of that number
  text              a move by its text, the beginning of it (cast Grizzly) or close to it
  pass              pass priority (also: the move's number)
  wait              pass now and at each decision until the agent acts or you can't pass
  end               pass until the next turn
  show CARD         a card's Oracle text
  undo              back to your previous decision
  save FILE         save the game (cardstate play --load FILE goes on, cardstate replay FILE
                    steps through it)
  help              this list
  q                 quit"""


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


def parse_move(text: str, moves: list[str]) -> int | str:
    """The index in ``moves`` of what a person typed: a number, a move's text (any case), the
    one move it begins, or the one move closest to it; else why not (a str)."""
    t = " ".join(text.split()).lower()
    if t.isdigit():
        i = int(t)
        return i if i < len(moves) else f"not one of the listed moves: {text!r}"
    lower = [m.lower() for m in moves]
    if t in lower:
        return lower.index(t)
    begun = [i for i, m in enumerate(lower) if m.startswith(t)]
    if len(begun) == 1:
        return begun[0]
    if len(begun) > 1:
        which = "; ".join(f"[{i}] {moves[i]}" for i in begun)
        return f"{text!r} begins several moves: {which}"
    close = difflib.get_close_matches(t, lower, n=2, cutoff=0.6)
    if len(close) == 1 and lower.count(close[0]) == 1:
        return lower.index(close[0])
    if close:
        which = "; ".join(f"[{lower.index(c)}] {moves[lower.index(c)]}" for c in close)
        return f"{text!r} is close to several moves: {which}"
    return f"not one of the listed moves: {text!r} (help lists the commands)"


def _card_text(pool: Any, text: str) -> str:
    """``show CARD``: the card's name, cost and Oracle text from the pool, by name, beginning
    or closeness."""
    from cardstate.cards import CardPool
    from cardstate.cards import pool as core

    cards: Any = pool if isinstance(pool, CardPool) else core
    if isinstance(pool, str):
        from cardstate.cards import pools

        cards = pools[pool]
    names = list(cards)
    by_lower = {n.lower(): n for n in names}
    t = " ".join(text.split()).lower()
    name = by_lower.get(t)
    if name is None:
        begun = [n for n in names if n.lower().startswith(t)]
        close = difflib.get_close_matches(t, list(by_lower), n=1, cutoff=0.6)
        name = begun[0] if len(begun) == 1 else by_lower[close[0]] if close else None
    if name is None:
        return f"no card {text!r} in the pool"
    card = cards[name]
    cost = getattr(card, "cost", "") or ""
    oracle = getattr(card, "oracle", "") or "(no rules text)"
    return f"{name} {cost}".rstrip() + "\n" + "\n".join(f"  {line}" for line in oracle.split("\n"))


@dataclass
class _Snapshot:
    """What a person can see of the board, to tell what changed since."""

    life: list[int]
    poison: list[int]
    hand: list[str]
    battlefield: dict[int, str]
    graveyards: list[list[str]]


def _snapshot(duel: Any, me: int) -> _Snapshot | None:
    game = getattr(duel, "game", None)
    if game is None or not hasattr(duel, "battlefield"):
        return None
    players = (0, 1)
    return _Snapshot(
        life=[game.life(p) for p in players],
        poison=[game.count(p, "poison") for p in players],
        hand=list(duel.hand(me)),
        battlefield={x: game.name(x) for p in players for x in duel.battlefield(p)},
        graveyards=[[game.name(x) for x in game.objects("graveyard", p)] for p in players],
    )


def _removed(before: list[str], after: list[str]) -> list[str]:
    """``after`` less one of each of ``before`` (a multiset difference)."""
    left = list(after)
    for x in before:
        if x in left:
            left.remove(x)
    return left


def _changes(a: _Snapshot | None, b: _Snapshot | None, me: int) -> list[str]:
    """What changed from ``a`` to ``b``, as log lines (the person's own draws by name)."""
    if a is None or b is None:
        return []
    who = ["you" if p == me else "the agent" for p in (0, 1)]
    out = []
    drawn = _removed(a.hand, b.hand)
    if drawn:
        out.append(f"you drew or got: {', '.join(drawn)}")
    for x, name in b.battlefield.items():
        if x not in a.battlefield:
            out.append(f"{name} ({x}) entered the battlefield")
    for p in (0, 1):
        for name in _removed(a.graveyards[p], b.graveyards[p]):
            owner = "your" if p == me else "the agent's"
            out.append(f"{name} went to {owner} graveyard")
        if a.life[p] != b.life[p]:
            out.append(f"{who[p]}: life {a.life[p]} -> {b.life[p]}")
        if a.poison[p] != b.poison[p]:
            out.append(f"{who[p]}: poison {a.poison[p]} -> {b.poison[p]}")
    return out


_COMBAT_STEPS = ("declare attackers", "declare blockers", "combat damage")


@dataclass
class _Combat:
    """The creatures attacking and blocking this combat, read from the moves made."""

    attacking: set[int] = field(default_factory=set)
    blocking: set[int] = field(default_factory=set)

    def note(self, text: str) -> None:
        if text.startswith("attack with "):
            self.attacking.update(_ids(text))
        elif text.startswith("block "):
            ids = _ids(text)
            if ids:
                self.blocking.add(ids[-1] if " with " in text else ids[0])

    def mark(self, board: str, step: str) -> str:
        if not any(s in step for s in _COMBAT_STEPS):
            self.attacking.clear()
            self.blocking.clear()
            return board
        for x in self.attacking:
            board = board.replace(f"({x})", f"({x}) [attacking]")
        for x in self.blocking:
            board = board.replace(f"({x})", f"({x}) [blocking]")
        return board


def _ids(text: str) -> list[int]:
    import re

    return [int(m) for m in re.findall(r"\((\d+)\)", text)]


def play_main(args: argparse.Namespace) -> int:
    """Run ``cardstate play``: a person (seat ``--seat``) against an agent."""
    from cardstate.agents import derive, parse_agent
    from cardstate.selfplay.worker import duel_factory

    saved = None
    if args.load:
        try:
            saved = record.load(args.load)
        except (OSError, ValueError) as exc:
            print(f"can't load {args.load}: {exc}", file=sys.stderr)
            return 2
        args.agent, args.seat, args.seed = saved.agent, saved.seat, saved.seed
    try:
        agent = parse_agent(args.agent).build()
        factory = game_factory(args.game) or duel_factory
    except (ValueError, TypeError, OverflowError) as exc:
        print(f"bad --agent or --game: {exc}", file=sys.stderr)
        return 2
    me = args.seat
    if saved is None and not args.deck and not args.game:
        from cardstate import duel

        print(
            "--deck is needed: a deck registered with the pool (the core pool's: "
            f"{', '.join(duel.decks)}) or a deck file",
            file=sys.stderr,
        )
        return 2
    try:
        if saved is not None:
            game = saved.replay()
            decks = list(saved.decks)
            args.pool, args.format = saved.pool, saved.format
            pool = deck_args.read_pool(args.pool)
        else:
            decks = [deck_args.read_deck(d) for d in (args.deck, args.agent_deck or args.deck)]
            if me == 1:
                decks.reverse()
            pool = deck_args.read_pool(args.pool)
            if args.game:
                game = factory(decks[0], decks[1], args.seed)
            else:
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
    session = _Session(game, agent, me, args, decks, pool)
    return session.run()


class _Session:
    """One game at the terminal: the person's decisions, the agent's, and the commands."""

    def __init__(
        self, game: Any, agent: Any, me: int, args: argparse.Namespace, decks: list[Any], pool: Any
    ) -> None:
        self.game, self.agent, self.me, self.args = game, agent, me, args
        self.decks, self.pool = decks, pool
        self.out = sys.stdout
        from rich.console import Console

        self.console = Console(file=self.out, highlight=False, soft_wrap=True, emoji=False)
        self.undo: list[Any] = []
        self.combat = _Combat()
        self.mode: str | None = None  # "wait" or "end": passing on the person's behalf
        self.mode_turn = 0
        self.seen = _snapshot(game, me)
        self.log: list[str] = []

    def say(self, text: str = "", style: str | None = None) -> None:
        """A line (or lines) of output, in ``style`` where the terminal shows colour (rich
        leaves it plain in a pipe or with ``NO_COLOR``); the text is never read as markup."""
        from rich.text import Text

        self.console.print(Text(text, style=style or ""))

    def say_board(self, board: str) -> None:
        for line in board.split("\n"):
            style = None
            if line.startswith("turn "):
                style = "bold"
            elif line.startswith(f"player {self.me}:"):
                style = "bold green"
            elif line.startswith("player "):
                style = "bold red"
            elif "[attacking]" in line or "[blocking]" in line:
                style = "yellow"
            self.say(line, style)

    def apply(self, action: int, who: str) -> None:
        text = _action_text(self.game, action)
        self.combat.note(text)
        if who:
            self.say(f"{who}: {text}", "magenta")
            if text != "pass":
                self.log.append(f"the agent: {text}")
        self.game.apply_action(action)

    def run(self) -> int:
        me = self.me
        while not self.game.is_terminal():
            game = self.game
            player = game.current_player()
            if player != me:
                self.apply(self.agent.act(game), f"agent (player {player})")
                continue
            legal = list(game.legal_actions())
            moves = [_action_text(game, a) for a in legal]
            now = _snapshot(game, me)
            changes = self.log + _changes(self.seen, now, me)
            self.seen, self.log = now, []
            if self._auto_pass(moves, changes):
                self.apply(legal[moves.index("pass")], "")
                continue
            self.show_decision(changes, moves)
            chosen = self.ask(moves)
            if chosen is None:
                self.say("\nquit")
                return 1
            if chosen < 0:
                continue  # undone: the decision is shown again
            if hasattr(game, "clone"):
                self.undo.append((game.clone(), self.seen))
            self.apply(legal[chosen], "")
        returns = self.game.returns()
        self.say()
        self.say_board(_board(self.game, -1))
        result = "you win" if returns[me] > 0 else "you lose" if returns[me] < 0 else "draw"
        self.say(result, "bold")
        return 0

    def _auto_pass(self, moves: list[str], changes: list[str]) -> bool:
        """Whether to pass on the person's behalf now (``wait`` or ``end``)."""
        if self.mode is None or "pass" not in moves:
            self.mode = None
            return False
        turn = self.game.turn() if hasattr(self.game, "turn") else 0
        if self.mode == "end" and turn != self.mode_turn:
            self.mode = None
            return False
        if self.mode == "wait" and any(c.startswith("the agent:") for c in changes):
            self.mode = None
            self.log = changes  # shown with the decision
            return False
        self.log = changes + self.log
        return True

    def show_decision(self, changes: list[str], moves: list[str]) -> None:
        self.say()
        if changes:
            self.say("since your last decision:", "bold yellow")
            for line in changes:
                self.say(f"  - {line}", "yellow")
        step = self.game.step() if hasattr(self.game, "step") else ""
        self.say_board(self.combat.mark(_board(self.game, 1 - self.me), str(step)))
        for i, m in enumerate(moves):
            self.say(f"  [{i}] {m}", "cyan")

    def ask(self, moves: list[str]) -> int | None:
        """The index of the person's move; None to quit; -1 after an undo."""
        while True:
            self.out.write(f"your move, player {self.me} (0-{len(moves) - 1}, help, q to quit): ")
            self.out.flush()
            line = sys.stdin.readline()
            if not line or line.strip().lower() in ("q", "quit"):
                return None
            text = line.strip()
            word, _, rest = text.partition(" ")
            word = word.lower()
            if word in ("help", "?", "h"):
                self.say(HELP)
            elif word == "show" and rest:
                self.say(_card_text(self.pool, rest))
            elif word == "save" and rest:
                self.save(rest.strip())
            elif word == "undo":
                if self.undo_last():
                    return -1
            elif text.lower() in ("wait", "end") and "pass" in moves:
                self.mode = text.lower()
                self.mode_turn = self.game.turn() if hasattr(self.game, "turn") else 0
                return moves.index("pass")
            else:
                chosen = parse_move(text, moves)
                if isinstance(chosen, int):
                    return chosen
                self.say(chosen, "red")

    def undo_last(self) -> bool:
        if not self.undo:
            self.say("nothing to undo: this is your first decision")
            return False
        game, seen = self.undo.pop()
        self.game, self.seen, self.log = game, seen, []
        self.combat = _Combat()
        self.say("undone: back to your previous decision")
        return True

    def save(self, path: str) -> None:
        if not hasattr(self.game, "to_bytes"):
            self.say("this game can't be saved")
            return
        try:
            record.save(
                path,
                record.SavedGame(
                    decks=tuple(self.decks),
                    pool=self.args.pool,
                    format=self.args.format,
                    seed=self.args.seed,
                    seat=self.me,
                    agent=self.args.agent,
                    actions=list(self.game.history()),
                    state=self.game.to_bytes(),
                ),
            )
        except (OSError, ValueError, TypeError) as exc:
            self.say(f"can't save {path}: {exc}")
            return
        self.say(f"saved to {path}")


def add_command(sub: Any) -> None:
    """Add ``play`` to the ``cardstate`` subcommands."""
    from cardstate import duel

    pl = sub.add_parser(
        "play",
        help="play the duel against an agent in the terminal",
        description="Play the duel against an agent: the board is printed as text with what "
        "happened since your last decision, and the legal moves listed by number; type a "
        "number, a move's text or its beginning, or help for the commands (show CARD, wait, "
        "end, undo, save FILE), q to quit.",
    )
    pl.add_argument(
        "--agent", default="mcts", help="the opponent, as selfplay --agents names it (default mcts)"
    )
    pl.add_argument(
        "--deck",
        help=f"your deck: a deck registered with the pool (core's: {', '.join(duel.decks)}) "
        "or a deck file",
    )
    pl.add_argument("--agent-deck", help="the agent's deck (default: the same as yours)")
    deck_args.add_arguments(pl)
    pl.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    pl.add_argument("--seat", type=int, choices=(0, 1), default=0, help="your seat (default 0)")
    pl.add_argument("--load", metavar="FILE", help="go on with a game saved by save FILE")
    pl.add_argument("--game", metavar="MODULE:FUNCTION", help=argparse.SUPPRESS)
    pl.set_defaults(func=play_main)
