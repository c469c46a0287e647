"""The duel as a Stable-Baselines3 ``VecEnv`` over :class:`~cardstate.duel.batch.DuelBatch`
(extra ``cardstate[sb3]``: Stable-Baselines3, which brings PyTorch, and sb3-contrib).

>>> from cardstate.duel import sb3_vec_env
>>> from sb3_contrib import MaskablePPO  # doctest: +SKIP
>>> venv = sb3_vec_env(8, ("infect", "energy"), opponent="random")
>>> MaskablePPO("MultiInputPolicy", venv, n_steps=64).learn(1_000)  # doctest: +SKIP

The games, observations (``{"observation": float32, "action_mask": bool}``), opponent and
seeding are those of :func:`cardstate.duel.vector_env` (``envs``, the Gymnasium vector
environment it wraps). Stable-Baselines3's conventions: ``reset()`` returns the observations
only (seeded by ``seed()`` before it, else the next seed of the batch's ``np_random``), a game
that ends is reset in the same step (its ``dones`` entry true and its row the next game's first
observation), ``infos`` is one dict per game, with ``{"episode": {"r", "l"}}`` when its game
ended (the learner's return and its decisions in the game, as ``VecMonitor`` would give) and no
``terminal_observation`` (a game always terminates, never truncates, so nothing bootstraps from
it). ``env_method("action_masks")`` gives each game's mask, as sb3-contrib's ``MaskablePPO``
asks for it: an algorithm must choose legal actions (an illegal one is a ``ValueError`` naming
the game, as ``DuelBatch`` refuses it), so SB3's plain PPO, which reads no masks, can't play the
duel; MaskablePPO can.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from cardstate.duel.gymnasium_vector import DuelVectorEnv

__all__ = ["DuelSB3VecEnv", "sb3_vec_env"]


def sb3_vec_env(n: int, decks: Any, opponent: Any = "random", **kwargs: Any) -> DuelSB3VecEnv:
    """A :class:`DuelSB3VecEnv` of ``n`` games of ``decks`` against ``opponent`` (the other
    arguments are :func:`cardstate.duel.vector_env`'s)."""
    return DuelSB3VecEnv(DuelVectorEnv(n, decks, opponent=opponent, **kwargs))


class DuelSB3VecEnv(VecEnv):  # type: ignore[misc]
    """A Stable-Baselines3 ``VecEnv`` over a :class:`DuelVectorEnv` (see the module
    documentation)."""

    def __init__(self, envs: DuelVectorEnv) -> None:
        self.envs = envs
        super().__init__(envs.num_envs, envs.single_observation_space, envs.single_action_space)
        self._actions: np.ndarray | None = None
        self._returns = np.zeros(self.num_envs, dtype=np.float64)
        self._lengths = np.zeros(self.num_envs, dtype=np.int64)
        self._first = True

    def reset(self) -> dict[str, np.ndarray]:
        seed = self._seeds[0] if self._seeds and self._seeds[0] is not None else None
        if seed is None and self._first:
            seed = self.envs.batch.seed
        self._first = False
        obs, _ = self.envs.reset(seed=seed)
        self._reset_seeds()
        self._reset_options()
        self._returns[:] = 0
        self._lengths[:] = 0
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions).reshape(self.num_envs).astype(np.int64)

    def step_wait(self) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, list[dict]]:
        if self._actions is None:
            raise RuntimeError("step_wait() without step_async()")
        actions, self._actions = self._actions, None
        obs, rewards, terminations, _, _ = self.envs.step(actions)
        self._returns += rewards
        self._lengths += 1
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(terminations):
            infos[i]["episode"] = {"r": float(self._returns[i]), "l": int(self._lengths[i])}
            self._returns[i] = 0
            self._lengths[i] = 0
        return obs, rewards.astype(np.float32), terminations.copy(), infos

    def action_masks(self) -> np.ndarray:
        """Each game's legal actions after the last reset or step (bool)."""
        return self.envs.action_masks()

    def close(self) -> None:
        self.envs.close()

    def _indices(self, indices: None | int | Iterable[int]) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: None | int | Iterable[int] = None) -> list[Any]:
        """An attribute of the environment, once per game asked for (the games share one)."""
        value = getattr(self, attr_name) if hasattr(self, attr_name) else None
        if value is None:
            value = getattr(self.envs, attr_name)
        return [value for _ in self._indices(indices)]

    def set_attr(
        self, attr_name: str, value: Any, indices: None | int | Iterable[int] = None
    ) -> None:
        raise AttributeError(f"the duel's games share their settings: can't set {attr_name!r}")

    def env_method(
        self,
        method_name: str,
        *method_args: Any,
        indices: None | int | Iterable[int] = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        """``action_masks`` gives each game's own mask; other methods are the environment's,
        called once and given to each game asked for."""
        rows = self._indices(indices)
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in rows]
        value = getattr(self.envs, method_name)(*method_args, **method_kwargs)
        return [value for _ in rows]

    def env_is_wrapped(
        self, wrapper_class: type, indices: None | int | Iterable[int] = None
    ) -> list[bool]:
        return [False for _ in self._indices(indices)]

    def get_images(self) -> Sequence[np.ndarray | None]:
        return [None for _ in range(self.num_envs)]
