"""``DuelBatch``: n duels stepped together in Rust, the hot path of a training loop.

>>> import numpy as np
>>> from cardstate.duel.batch import DuelBatch
>>> batch = DuelBatch(4, ("infect", "energy"), seed=1, opponent="random")
>>> obs, masks = batch.reset()
>>> obs.shape[0], masks.shape == (4, batch.num_distinct_actions())
(4, True)
>>> actions = masks.argmax(axis=1)  # the smallest legal id of each game
>>> obs, masks, rewards, dones = batch.step(actions)

Each call steps every game in one Rust call with the GIL released. With ``threads=k`` the batch
steps its games on up to k threads (the caller's and k-1 of its own, each taking runs of consecutive
games as it comes free; a step uses a thread only for 32 games or more each, since waking one costs
about ten games' steps): the games and every output are the same whatever k is. After a step the
batch's threads spin, awake, for ``spin_us`` microseconds (250 by default) waiting for the next, so
a loop that chooses its actions within that time finds them ready at once; after it they sleep, and
a thread woken on a virtual machine starts tens of microseconds late. ``spin_us=0`` lets them sleep
at once (a policy that needs every core between steps). Two Python threads
stepping two batches also run in parallel. Observations and masks are those of each game's player to
act (``current_players()``); a reward is that of the player who acted: its return (1, -1, or 0 for a
draw) when the action ended the game, else 0. A game that ends starts again at once: its ``dones``
entry is true and its observation and mask are already the new game's. Game ``i``'s ``e``-th game is
``Duel(deck0, deck1, pool=pool, seed=batch.game_seed(i, e))``, a function of the batch's seed,
``i`` and ``e`` only. ``pool``, ``format`` and ``mulligans`` are the duel's (a run-time pool's
cards play here as built-in ones do, docs/CARDS.md "Card pools"; decks are checked against
``format``, ``"free"`` by default; ``mulligans=False`` plays without the London
mulligan).

With ``opponent`` (an agent name as the self-play CLI takes it: ``"random"``, ``"greedy"``,
``"mcts:simulations=200"``, an :class:`~cardstate.agents.AgentSpec`, or a built-in agent
object such as ``MCTSAgent(simulations=200)``, copied), that agent plays one side of every game
in Rust and the caller only ever sees the other: ``learner`` is its seat, ``0``, ``1`` or
``"alternate"`` (seat ``(i + episode) % 2``, the default). The opponent's random stream for a
game starts from ``derive(game seed, its seat)``, as in ``cardstate.agents.playout``. A game
that ends before the learner's first decision is not reported; the slot's next episode starts.

With ``opponent`` a Python callable, ``policy(observations, masks) -> actions`` (a frozen copy of
the learner, say), the policy plays the other seat: within each ``reset`` and ``step`` the batch
plays every game on until the learner or the policy is to act, and while some game waits for the
policy it calls it once with those games' rows (``observations`` float32 of shape ``(k,
*observation_shape())`` and ``masks`` bool ``(k, num_distinct_actions())``, each row for the
policy's seat, read-only and written again by the next call: copy what you keep) and plays the
``k`` integer actions it returns. The GIL is held only while the policy runs; the games move
without it. ``learner`` and the skipped episodes are as with an agent opponent. An exception the
policy raises comes out of ``reset`` or ``step`` as it is; a wrong answer (shape, dtype, an
illegal action) is a ``ValueError`` or ``TypeError`` that says it was the policy's. Either leaves
the step unfinished: the next ``step`` is then a ``RuntimeError`` until ``reset()``.

The arrays returned are the batch's own buffers, written again by the next ``reset`` or
``step``: copy what you keep (``obs.copy()``), and don't read them from another thread while
the batch steps.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np
import numpy.typing as npt

from cardstate import _native

if TYPE_CHECKING:
    from cardstate.agents import AgentSpec
    from cardstate.cards import CardPool

__all__ = ["DuelBatch", "Policy"]

#: An opponent policy: ``policy(observations, masks) -> actions`` for the games where the
#: opponent is to act (``observations`` float32 ``(k, *observation_shape)``, ``masks`` bool
#: ``(k, num_distinct_actions)``, read-only; ``actions`` k integers).
Policy: TypeAlias = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], npt.ArrayLike]


def _decks(decks: Any) -> tuple[Any, Any]:
    if isinstance(decks, str | os.PathLike):
        return decks, decks
    try:
        d0, d1 = decks
    except (TypeError, ValueError):
        raise TypeError(
            "decks is a deck for both players or a pair (deck0, deck1); a deck is a "
            f"registered name, a deck file's path or a list of card names, got {decks!r}"
        ) from None
    return d0, d1


def _opponent(opponent: Any) -> tuple[Any, Any]:
    """The opponent as ``(built-in agent, policy)``, one of them None (an agent's options
    checked by the agents' registry)."""
    if opponent is None:
        return None, None
    from cardstate.agents import AgentSpec, is_native_agent, parse_agent

    if isinstance(opponent, str):
        return parse_agent(opponent).build(), None
    if isinstance(opponent, AgentSpec):
        return opponent.build(), None
    if is_native_agent(opponent):
        return opponent, None
    if callable(opponent):
        return None, opponent
    raise TypeError(
        "opponent is an agent name such as 'random' or 'mcts:simulations=200', an AgentSpec, "
        "a built-in agent or a policy(observations, masks) -> actions, got "
        f"{type(opponent).__name__}"
    )


# A second's spin after every step would only burn a core: longer is surely a slip.
_MAX_SPIN_US = 1_000_000


def _spin_us(spin_us: Any) -> int:
    if isinstance(spin_us, bool) or not isinstance(spin_us, int):
        raise TypeError(f"spin_us is an int of microseconds, got {type(spin_us).__name__}")
    if not 0 <= spin_us <= _MAX_SPIN_US:
        raise ValueError(f"spin_us must be from 0 to {_MAX_SPIN_US:,} (one second), got {spin_us}")
    return spin_us


def _threads(threads: Any) -> int:
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads is a positive int, got {type(threads).__name__}")
    if threads < 1:
        raise ValueError(f"threads must be at least 1, got {threads}")
    return threads


class DuelBatch:
    """``n`` duels of ``decks`` stepped together in Rust (see the module documentation)."""

    def __init__(
        self,
        n: int,
        decks: Any,
        seed: int = 0,
        *,
        pool: CardPool | str | None = None,
        format: str = "free",
        turn_limit: int = 40,
        mulligans: bool = True,
        opponent: str | AgentSpec | Policy | Any | None = None,
        learner: int | str = "alternate",
        threads: int = 1,
        spin_us: int = 250,
    ) -> None:
        d0, d1 = _decks(decks)
        agent, policy = _opponent(opponent)
        self._b = _native.DuelBatch(
            n,
            d0,
            d1,
            pool=pool,
            format=format,
            seed=seed,
            turn_limit=turn_limit,
            mulligans=mulligans,
            opponent=agent,
            policy=policy,
            learner=None if opponent is None else learner,
            threads=_threads(threads),
            spin_us=_spin_us(spin_us),
        )

    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Every game starts again from its first episode (from ``seed`` if given); returns
        ``(observations, masks)``, shapes ``(n, *observation_shape())`` and
        ``(n, num_distinct_actions())``."""
        return self._b.reset(seed)

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """One action per game (a 1-d integer array of length n) -> ``(observations, masks,
        rewards, dones)``. A wrong shape is a ``ValueError``, a non-integer dtype a
        ``TypeError``, an id outside the action space or illegal in its game a ``ValueError``
        naming the game; in every case nothing changes."""
        return self._b.step(actions)

    def current_players(self) -> npt.NDArray[np.int32]:
        """The player to act in each game (0 or 1)."""
        return self._b.current_players()

    def episodes(self) -> npt.NDArray[np.uint64]:
        """Each game's episode since the last reset (0 for the first)."""
        return self._b.episodes()

    def game_seed(self, index: int, episode: int) -> int:
        """The seed of game ``index``'s ``episode``-th game."""
        return self._b.game_seed(index, episode)

    @property
    def seed(self) -> int:
        """The batch's seed (the last one given to ``reset``, else the constructor's)."""
        return self._b.seed

    @property
    def threads(self) -> int:
        """The threads that step the games (the constructor's ``threads``; a step uses one of
        them only for at least 32 games each)."""
        return self._b.threads

    @property
    def spin_us(self) -> int:
        """How long the batch's threads spin, awake, after a step waiting for the next, in
        microseconds (the constructor's ``spin_us``)."""
        return self._b.spin_us

    @property
    def turn_limit(self) -> int:
        """The turn limit of every game."""
        return self._b.turn_limit

    @property
    def mulligans(self) -> bool:
        """Whether the games play the London mulligan (103.5; ``Duel``'s ``mulligans``)."""
        return self._b.mulligans

    def observation_shape(self) -> tuple[int]:
        """The shape of one game's observation (the duel's, the same for every pool)."""
        return self._b.observation_shape()

    def observation_features(self) -> list[tuple[str, int, int]]:
        """Every feature of an observation in order, ``(name, offset, size)``: the duel's
        (``Duel.observation_features``, docs/DUEL.md)."""
        return self._b.observation_features()

    def observation_schema(self) -> str:
        """The id of the observation's layout (``Duel.observation_schema``)."""
        return self._b.observation_schema()

    def num_distinct_actions(self) -> int:
        """The size of the action space (the masks' second axis)."""
        return self._b.num_distinct_actions()

    def __len__(self) -> int:
        return len(self._b)

    def __repr__(self) -> str:
        return f"DuelBatch({len(self)} games, seed={self.seed})"
