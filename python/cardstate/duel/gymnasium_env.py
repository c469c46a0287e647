"""The duel as a single-agent Gymnasium environment against a fixed opponent (extra
``cardstate[pettingzoo]``, which brings Gymnasium; or ``pip install gymnasium``).

>>> from cardstate.duel.gymnasium_env import gym_env
>>> env = gym_env(opponent="random")  # or gymnasium.make("cardstate/Duel-v0", opponent=...)
>>> obs, info = env.reset(seed=0)
>>> obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))

- The learner plays seat ``learner`` (0, 1, or ``"alternate"``: seat ``episode % 2``); the
  opponent (an agent name such as ``"random"``, ``"greedy"``, ``"mcts:simulations=100"``, or any
  object with ``act(duel)`` and optionally ``reset(seed)``) plays the other seat, inside
  ``step`` and ``reset``, until the learner is to decide or the game is over.
- Observations are ``{"observation": float32, "action_mask": int8}`` (the learner's
  ``observation_tensor`` and legal actions; ``info`` holds only ``"turn"``). The mask is int8
  here, as Gymnasium's ``Discrete.sample(mask=...)`` takes it; ``DuelBatch`` and the vector
  environment (``cardstate.duel.vector_env``) give bool masks. The observation's
  bounds are infinite: its features are scaled counts with no limit in the rules. Its layout is
  the duel's (``Duel.observation_features()``, docs/DUEL.md), named by
  ``metadata["observation_schema"]``.
- The reward is 0 until the game ends, then the learner's return (+1, -1, 0 for a draw). The
  turn limit is a rule of the duel (a draw), so the episode *terminates* there.
- An illegal action ends the episode with reward -1 and ``info["illegal_action"] = True``
  (as PettingZoo's board games do), or raises ``ValueError`` with ``illegal_action="raise"``.
- ``pool`` (a ``CardPool`` or the name of one of ``cardstate.cards.pools``; the built-in
  ``"core"`` by default), ``format`` (``"free"`` by default) and ``mulligans`` (the London
  mulligan, 103.5: on by default; ``False``: each keeps its first seven) are the duel's; deck
  files are read once, as the environment is made.
- ``reset(seed=s)`` plays ``Duel(deck0, deck1, pool=pool, seed=s)`` and restarts the opponent's
  stream from ``derive(s, its seat)``; without a seed, the next game's seed comes from
  ``np_random``. Nothing in ``step`` draws from ``np_random``: a game depends only on its seed
  and the actions. A game that ends before the learner's first decision is skipped for the one
  of seed ``derive(seed, 2)``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from cardstate import _native
from cardstate.agents.seeds import derive
from cardstate.duel.args import deck_names, native_pool

__all__ = ["ENV_ID", "DuelEnv", "gym_env"]

ENV_ID = "cardstate/Duel-v0"
"""The id this module registers with Gymnasium: ``gymnasium.make(ENV_ID, opponent=...)``."""


def gym_env(opponent: Any = "random", **kwargs: Any) -> DuelEnv:
    """A :class:`DuelEnv` against ``opponent``."""
    return DuelEnv(opponent=opponent, **kwargs)


def _agent(opponent: Any) -> Any:
    if isinstance(opponent, str):
        from cardstate.agents import parse_agent

        return parse_agent(opponent).build()
    if not callable(getattr(opponent, "act", None)):
        raise TypeError(f"opponent must be an agent name or have act(duel), got {opponent!r}")
    return opponent


class DuelEnv(gymnasium.Env):
    """The duel against a fixed opponent (see the module documentation)."""

    metadata = {
        "render_modes": ["ansi"],
        "render_fps": 1,
        "observation_schema": _native.Duel.observation_schema(),
    }

    def __init__(
        self,
        opponent: Any = "random",
        decks: tuple[Any, Any] = ("infect", "energy"),
        learner: int | str = 0,
        turn_limit: int = 40,
        illegal_action: str = "lose",
        render_mode: str | None = None,
        pool: Any = None,
        format: str = "free",
        mulligans: bool = True,
    ) -> None:
        if learner not in (0, 1, "alternate"):
            raise ValueError(f"learner must be 0, 1 or 'alternate', got {learner!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', got {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.opponent = _agent(opponent)
        self._decks = deck_names(decks)
        self._learner_setting = learner
        self._turn_limit = turn_limit
        self._illegal = illegal_action
        self._pool = native_pool(pool)
        self._format = format
        self._mulligans = mulligans
        self.duel = self._duel(0)
        (n_obs,) = self.duel.observation_shape()
        n_actions = self.duel.num_distinct_actions()
        self.action_space = gymnasium.spaces.Discrete(n_actions)
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    -np.inf, np.inf, shape=(n_obs,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, shape=(n_actions,), dtype=np.int8),
            }
        )
        self._episode = -1
        self._over = True
        self.learner = 0

    def _duel(self, seed: int) -> _native.Duel:
        return _native.Duel(
            *self._decks,
            pool=self._pool,
            seed=seed,
            turn_limit=self._turn_limit,
            format=self._format,
            mulligans=self._mulligans,
        )

    def _observe(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        if self.duel.is_terminal():
            mask = np.zeros(self.action_space.n, dtype=np.int8)
        else:
            mask = self.duel.legal_action_mask().astype(np.int8)
        obs = {"observation": self.duel.observation_tensor(self.learner), "action_mask": mask}
        return obs, {"turn": self.duel.turn()}

    def _opponent_plays(self) -> None:
        d = self.duel
        while d.current_player() == 1 - self.learner:
            d.apply_action(int(self.opponent.act(d)))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        self._episode = 0 if seed is not None else self._episode + 1
        alternate = self._learner_setting == "alternate"
        self.learner = self._episode % 2 if alternate else int(self._learner_setting)
        while True:
            self.duel = self._duel(game_seed)
            if hasattr(self.opponent, "reset"):
                self.opponent.reset(derive(game_seed, 1 - self.learner))
            self._opponent_plays()
            if not self.duel.is_terminal():
                break
            # The learner never had a decision: that game is skipped (the next seed follows).
            game_seed = derive(game_seed, 2)
        self._over = self.duel.is_terminal()
        return self._observe()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        d = self.duel
        if self._over:
            raise RuntimeError("step() before reset() or after the episode ended")
        a = int(action)
        legal = 0 <= a < self.action_space.n and bool(d.legal_action_mask()[a])
        if not legal:
            if self._illegal == "raise":
                raise ValueError(f"action {a} is not legal now")
            obs, info = self._observe()
            obs["action_mask"][:] = 0
            info["illegal_action"] = True
            self._over = True
            return obs, -1.0, True, False, info
        d.apply_action(a)
        self._opponent_plays()
        obs, info = self._observe()
        done = self._over = d.is_terminal()
        reward = float(d.returns()[self.learner]) if done else 0.0
        return obs, reward, done, False, info

    def render(self) -> str | None:
        """The board as the learner sees it (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        return self.duel.board(self.learner)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        ENV_ID,
        entry_point=DuelEnv,
        vector_entry_point="cardstate.duel.gymnasium_vector:make_vec",
    )
