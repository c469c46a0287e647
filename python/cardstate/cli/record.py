"""A game saved from ``cardstate play`` (``save FILE``): JSON holding what the game was made from
(the decks as card names or registered names, the pool as its name or file, the format, the
seed), the person's seat and the agent, every action from the start, and the duel's bytes
(``Duel.to_bytes``, base64). Loading checks that the actions, replayed from the start, lead to
the saved state, so a file changed by hand is refused rather than played wrong.
"""

from __future__ import annotations

import base64
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardstate.cli.files import write_atomic

__all__ = ["FORMAT", "SavedGame", "load", "save"]

FORMAT = "cardstate-duel-game/1"
"""The saved file's format id."""


@dataclass(frozen=True)
class SavedGame:
    """A saved game (see the module documentation)."""

    decks: tuple[Any, Any]
    pool: str | None
    """``--pool`` as given: a built-in pool's name or a pool file (None: the core pool)."""
    format: str
    seed: int
    seat: int
    agent: str
    actions: list[int]
    state: bytes

    def start(self) -> Any:
        """The game as it began, with the rules' options of its bytes (``--no-mulligans``)."""
        from cardstate.cli.decks import read_pool
        from cardstate.duel import Duel

        pool = read_pool(self.pool)
        made = Duel.from_bytes(self.state, pool=pool)
        return Duel(
            *self.decks,
            pool=pool,
            seed=self.seed,
            format=self.format,
            mulligans=made.mulligans,
            assign_damage=made.assign_damage,
        )

    def replay(self) -> Any:
        """The game as it was saved: its actions replayed from the start, checked against the
        saved bytes (``ValueError`` if they differ)."""
        game = self.start()
        for i, a in enumerate(self.actions):
            if game.is_terminal() or a not in game.legal_actions():
                raise ValueError(f"its action {i} ({a}) is not legal in the replayed game")
            game.apply_action(a)
        from cardstate.duel import Duel

        saved = Duel.from_bytes(self.state, pool=game.pool)
        if saved.hash() != game.hash():
            raise ValueError("its actions don't lead to its saved state")
        return game


def _deck(deck: Any) -> Any:
    """A deck as JSON keeps it: a registered name, or a deck file's cards by name."""
    if isinstance(deck, os.PathLike):
        from cardstate.cards.deckfile import load_deck

        return load_deck(deck)
    return deck if isinstance(deck, str) else list(deck)


def save(path: str, game: SavedGame) -> None:
    """Write ``game`` to ``path`` atomically."""
    data = {
        "format": FORMAT,
        "decks": [_deck(d) for d in game.decks],
        "pool": game.pool,
        "deck_format": game.format,
        "seed": game.seed,
        "seat": game.seat,
        "agent": game.agent,
        "actions": [int(a) for a in game.actions],
        "state": base64.b64encode(game.state).decode("ascii"),
    }
    text = (json.dumps(data, indent=1) + "\n").encode("utf-8")
    write_atomic(path, lambda fh: fh.write(text), "save")


def load(path: str | Path) -> SavedGame:
    """The game saved at ``path`` (``ValueError`` naming what is wrong with the file)."""
    with open(path, encoding="utf-8") as fh:
        try:
            data = json.load(fh)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not a saved game (not JSON: {exc})") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a saved game (its format is not {FORMAT!r})")
    try:
        decks = tuple(d if isinstance(d, str) else [str(c) for c in d] for d in data["decks"])
        if len(decks) != 2:
            raise ValueError("two decks are needed")
        seat = int(data["seat"])
        if seat not in (0, 1):
            raise ValueError(f"seat {seat} is not 0 or 1")
        game = SavedGame(
            decks=(decks[0], decks[1]),
            pool=None if data["pool"] is None else str(data["pool"]),
            format=str(data["deck_format"]),
            seed=int(data["seed"]),
            seat=seat,
            agent=str(data["agent"]),
            actions=[int(a) for a in data["actions"]],
            state=base64.b64decode(data["state"], validate=True),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"a saved game's field is missing or wrong: {exc}") from exc
    return game
