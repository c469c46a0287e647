"""Player ids of the two-player games, as OpenSpiel numbers them: one definition for Python.

``TERMINAL_PLAYER`` is what ``current_player()`` returns once a game is over (OpenSpiel's
``kTerminalPlayerId``). The native duel's value (``cardstate._native.TERMINAL_PLAYER``, from
``cardstate_duel::TERMINAL``) is checked equal to it by the tests; this module is pure Python
so that the reference duel reads it without the native extension.
"""

from __future__ import annotations

from typing import Final

__all__ = ["TERMINAL_PLAYER"]

TERMINAL_PLAYER: Final = -4
"""``current_player()`` once the game is over (OpenSpiel's ``kTerminalPlayerId``)."""
