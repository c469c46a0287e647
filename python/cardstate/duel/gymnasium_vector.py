"""The duel as a Gymnasium vector environment over :class:`~cardstate.duel.batch.DuelBatch`
(extra ``cardstate[gymnasium]``): n games against an opponent, stepped together in Rust.

>>> from cardstate.duel import vector_env
>>> envs = vector_env(4, ("infect", "energy"), opponent="random")
>>> obs, infos = envs.reset(seed=0)
>>> obs["observation"].shape[0], obs["action_mask"].dtype
(4, dtype('bool'))
>>> obs, rewards, terminations, truncations, infos = envs.step(obs["action_mask"].argmax(axis=1))

- Each game is a :class:`~cardstate.duel.batch.DuelBatch` game: the learner plays ``learner``
  (0, 1 or ``"alternate"``), ``opponent`` the other seat (an agent name such as ``"random"`` or
  ``"mcts:simulations=100"``, an ``AgentSpec`` or built-in agent, played in Rust; or a Python
  ``policy(observations, masks) -> actions``, a frozen copy of the learner say), until the
  learner is to decide.
- Observations are ``{"observation": float32 (n, observation_shape), "action_mask": bool (n,
  num_distinct_actions)}``, the learner's, copied out of the batch (a rollout buffer may keep
  them). ``action_masks()`` returns the masks of the last reset or step, as the maskable
  algorithms of sb3-contrib ask for them. Actions: one integer per game
  (``MultiDiscrete``).
- Autoreset is Gymnasium's same-step mode (``metadata["autoreset_mode"]``): a game that ends
  reports its reward and ``terminated`` true, and its row already holds the next game's first
  observation. The turn limit is a rule of the duel (a draw), so a game always *terminates*,
  never truncates; no final observation is kept, as nothing bootstraps from a terminal state.
  ``infos`` is empty.
- ``gymnasium.make_vec("cardstate/Duel-v0", num_envs=n, vectorization_mode="vector_entry_point",
  opponent=...)`` makes one too (:func:`make_vec`).
- ``mulligans`` (the London mulligan, 103.5: on by default; ``False``: each player keeps its
  first seven) is the batch's.
- ``reset(seed=s)`` restarts every game from episode 0 of seed ``s`` (game ``i``'s ``e``-th game
  is ``Duel(..., seed=envs.batch.game_seed(i, e))``); ``reset()`` restarts from the
  constructor's ``seed`` the first time, then from a seed drawn from ``np_random``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from cardstate import _native
from cardstate.duel.batch import DuelBatch

__all__ = ["DuelVectorEnv", "make_vec", "vector_env"]


def vector_env(n: int, decks: Any, opponent: Any = "random", **kwargs: Any) -> DuelVectorEnv:
    """A :class:`DuelVectorEnv` of ``n`` games of ``decks`` against ``opponent``."""
    return DuelVectorEnv(n, decks, opponent=opponent, **kwargs)


def make_vec(num_envs: int = 1, decks: Any = ("infect", "energy"), **kwargs: Any) -> DuelVectorEnv:
    """The vector entry point of ``cardstate/Duel-v0``: ``gymnasium.make_vec(ENV_ID,
    num_envs=n, vectorization_mode="vector_entry_point", opponent=...)`` (the decks of
    ``gym_env`` by default; the other arguments :class:`DuelVectorEnv`'s)."""
    return DuelVectorEnv(num_envs, decks, **kwargs)


class DuelVectorEnv(VectorEnv):  # type: ignore[type-arg]
    """``n`` duels against an opponent as one Gymnasium vector environment (see the module
    documentation); ``batch`` is its :class:`DuelBatch`."""

    metadata = {
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "observation_schema": _native.Duel.observation_schema(),
    }

    def __init__(
        self,
        n: int,
        decks: Any,
        *,
        opponent: Any = "random",
        seed: int = 0,
        pool: Any = None,
        format: str = "free",
        turn_limit: int = 40,
        mulligans: bool = True,
        learner: int | str = "alternate",
        threads: int = 1,
    ) -> None:
        if opponent is None:
            raise TypeError(
                "a vector environment needs an opponent: an agent name, an AgentSpec, a "
                "built-in agent or a policy(observations, masks) -> actions"
            )
        self.batch = DuelBatch(
            n,
            decks,
            seed,
            pool=pool,
            format=format,
            turn_limit=turn_limit,
            mulligans=mulligans,
            opponent=opponent,
            learner=learner,
            threads=threads,
        )
        self.num_envs = n
        (n_obs,) = self.batch.observation_shape()
        n_actions = self.batch.num_distinct_actions()
        self.single_observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    -np.inf, np.inf, shape=(n_obs,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, shape=(n_actions,), dtype=np.bool_),
            }
        )
        self.single_action_space = gymnasium.spaces.Discrete(n_actions)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._masks = np.zeros((n, n_actions), dtype=np.bool_)
        self._resets = 0

    def _observe(
        self, obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> dict[str, npt.NDArray[Any]]:
        self._masks = masks.copy()
        return {"observation": obs.copy(), "action_mask": self._masks.copy()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """Every game from its first episode (of seed ``seed`` if given); ``(observations,
        {})``."""
        super().reset(seed=seed)
        if seed is None and self._resets > 0:
            seed = int(self.np_random.integers(2**63))
        self._resets += 1
        obs, masks = self.batch.reset(seed)
        return self._observe(obs, masks), {}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        dict[str, npt.NDArray[Any]],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """One action per game -> ``(observations, rewards, terminations, truncations, {})``;
        an illegal action is a ``ValueError`` naming the game, and nothing changes."""
        obs, masks, rewards, dones = self.batch.step(actions)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        return self._observe(obs, masks), rewards.copy(), dones.copy(), truncations, {}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of each game's learner after the last reset or step (bool, ``(n,
        num_distinct_actions)``)."""
        return self._masks.copy()

    def __repr__(self) -> str:
        return f"DuelVectorEnv({self.num_envs} games, seed={self.batch.seed})"
