"""The duel: a two-player game of Magic on the kernel, with OpenSpiel's interface.

The rules it plays, its action space, observations and every simplification are in
docs/DUEL.md. The game runs in Rust (``cardstate._native.Duel``); a pure-Python reference is
``cardstate.reference.duel``.

>>> from cardstate.duel import Duel
>>> d = Duel("infect", "energy", seed=1)
>>> d.current_player() in (0, 1)
True
>>> d.action_to_string(d.legal_actions()[0])
'keep your hand'
"""

from cardstate._native import DUEL_DECKS, Duel
from cardstate.players import TERMINAL_PLAYER

decks: tuple[str, ...] = tuple(DUEL_DECKS)
"""The registered deck names a ``Duel`` accepts."""


def __getattr__(name: str) -> object:
    """The batched environment and the adapters, imported only when asked for (they import
    optional libraries that ``import cardstate`` never imports)."""
    if name == "DuelBatch":
        from cardstate.duel.batch import DuelBatch

        return DuelBatch
    if name in ("env", "raw_env"):
        from cardstate.duel import pettingzoo_env

        return getattr(pettingzoo_env, name)
    if name == "gym_env":
        from cardstate.duel import gymnasium_env

        return gymnasium_env.gym_env
    if name == "sb3_vec_env":
        from cardstate.duel import sb3_env

        return sb3_env.sb3_vec_env
    if name == "vector_env":
        from cardstate.duel import gymnasium_vector

        return gymnasium_vector.vector_env
    raise AttributeError(f"module 'cardstate.duel' has no attribute {name!r}")


__all__ = [
    "Duel",
    "TERMINAL_PLAYER",
    "decks",
    "DuelBatch",
    "env",
    "raw_env",
    "gym_env",
    "vector_env",
    "sb3_vec_env",
]
