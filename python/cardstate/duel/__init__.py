"""The duel: a two-player game of Magic on the kernel, with OpenSpiel's interface.

The rules it plays, its action space, observations and every simplification are in
docs/DUEL.md. The game runs in Rust (``cardstate._native.Duel``); a pure-Python reference is
``cardstate.reference.duel``.

>>> from cardstate.duel import Duel
>>> d = Duel("infect", "energy", seed=1)
>>> d.current_player() in (0, 1)
True
>>> d.action_to_string(d.legal_actions()[0])
'pass'
"""

from cardstate._native import DUEL_DECKS, Duel

TERMINAL_PLAYER = -4
"""``current_player()`` once the game is over (OpenSpiel's ``kTerminalPlayerId``)."""

decks: tuple[str, ...] = tuple(DUEL_DECKS)
"""The registered deck names a ``Duel`` accepts."""

__all__ = ["Duel", "TERMINAL_PLAYER", "decks"]
