"""A tiny pure-Python game with the duel's interface, and Python agents, for the self-play
runner's tests (importable by worker processes and Ray workers: they replay games from seeds).

Countdown: a counter starts at ``20 + seed % 7``; players alternate taking 1, 2 or 3 from it
(never below zero); whoever takes the last one wins. A turn is one move; after 40 turns the
game is a draw (it can't last that long, the limit only keeps the interface honest).
"""

from __future__ import annotations

import random

from cardstate.players import TERMINAL_PLAYER


class Countdown:
    def __init__(self, deck0: object, deck1: object, seed: int) -> None:
        self.decks = (deck0, deck1)
        self.seed = seed
        self.left = 20 + seed % 7
        self.player = 0
        self.turns = 1
        self.winner: int | None = None

    def clone(self) -> Countdown:
        c = Countdown.__new__(Countdown)
        c.__dict__.update(self.__dict__)
        return c

    def is_terminal(self) -> bool:
        return self.winner is not None or self.turns > 40

    def current_player(self) -> int:
        return TERMINAL_PLAYER if self.is_terminal() else self.player

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [a for a in (1, 2, 3) if a <= self.left]

    def apply_action(self, a: int) -> None:
        if a not in self.legal_actions():
            raise ValueError(f"illegal action {a}")
        self.left -= a
        if self.left == 0:
            self.winner = self.player
        else:
            self.player = 1 - self.player
            self.turns += 1

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def turn(self) -> int:
        return self.turns


def countdown(deck0: object, deck1: object, seed: int) -> Countdown:
    return Countdown(deck0, deck1, seed)


class PyRandom:
    """A seeded random agent in Python."""

    name = "py-random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def reset(self, seed: int) -> None:
        self.rng = random.Random(self.seed * 1_000_003 + seed)

    def act(self, game: Countdown) -> int:
        return self.rng.choice(game.legal_actions())


class PyPerfect:
    """Plays Countdown perfectly (leave a multiple of 4) when it can, else takes 1."""

    name = "py-perfect"

    def act(self, game: Countdown) -> int:
        r = game.left % 4
        return r if r else 1


class Exploding:
    """Raises in the game whose seed is ``boom``; takes 1 in the others."""

    name = "exploding"

    def __init__(self, boom: int) -> None:
        self.boom = boom

    def act(self, game: Countdown) -> int:
        if game.seed == self.boom:
            raise RuntimeError("boom")
        return 1
