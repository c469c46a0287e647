"""The duel as a PettingZoo AEC environment (extra ``cardstate[pettingzoo]``).

>>> from cardstate.duel.pettingzoo_env import env
>>> e = env(decks=("infect", "energy"))
>>> e.reset(seed=1)
>>> for agent in e.agent_iter():
...     obs, reward, termination, truncation, info = e.last()
...     action = None if termination or truncation else int(obs["action_mask"].argmax())
...     e.step(action)

- Agents ``"player_0"`` and ``"player_1"``; ``agent_selection`` is the duel's player to decide,
  so an agent may act several times in a row (priority, attackers one by one).
- Observations are ``{"observation": float32 (observation_shape,), "action_mask": int8
  (num_distinct_actions,)}``: the duel's ``observation_tensor(player)`` (only what that player
  can see) and, for the agent to act, its legal actions (all zeros for the other agent and once
  the game is over). The mask is int8, PettingZoo's convention (its ``api_test`` samples
  actions with ``Discrete.sample(mask)``, which takes int8); ``DuelBatch`` and the vector
  environment give bool masks. The observation's bounds are infinite: its features are scaled counts
  (life, poison, cards) with no upper or lower limit in the rules. Its layout is the duel's
  (``Duel.observation_features()``, docs/DUEL.md), named by ``metadata["observation_schema"]``.
- Rewards are 0 until the game ends, then its ``returns()``: +1 / -1, or 0 each for a draw (the
  turn limit is a rule of the duel, so reaching it is a termination, not a truncation).
- ``reset(seed=s)`` starts ``Duel(deck0, deck1, pool=pool, seed=s)``; without a seed the next
  game's seed comes from the environment's generator (seeded by the last seed given, else at
  random). ``pool`` (a ``CardPool`` or the name of one of ``cardstate.cards.pools``; the
  built-in ``"core"`` by default), ``format`` (``"free"`` by default) and ``mulligans`` (the
  London mulligan, 103.5: on by default; ``False``: each keeps its first seven) are the duel's; deck
  files are read once, as the environment is made.
- ``render_mode="ansi"``: ``render()`` returns the board as text, as the agent to act sees it
  (the opponent's hand as a size only).

:func:`env` wraps :class:`raw_env` in PettingZoo's usual wrappers (an illegal action ends the
game with reward -1 for the agent that made it; out-of-range actions are refused; the call order
is enforced). With :class:`raw_env`, an illegal action raises ``ValueError`` and changes nothing.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardstate import _native
from cardstate.duel.args import deck_names, native_pool

__all__ = ["env", "raw_env"]

AGENTS = ("player_0", "player_1")


def env(**kwargs: Any) -> AECEnv:
    """:class:`raw_env` in PettingZoo's standard wrappers for board games."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's own name for the unwrapped class
    """The duel as an AEC environment (see the module documentation)."""

    metadata = {
        "render_modes": ["ansi"],
        "name": "cardstate_duel_v0",
        "is_parallelizable": False,
        "observation_schema": _native.Duel.observation_schema(),
    }

    def __init__(
        self,
        decks: tuple[Any, Any] = ("infect", "energy"),
        turn_limit: int = 40,
        render_mode: str | None = None,
        pool: Any = None,
        format: str = "free",
        mulligans: bool = True,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self._decks = deck_names(decks)
        self._turn_limit = turn_limit
        self._pool = native_pool(pool)
        self._format = format
        self._mulligans = mulligans
        # A probe duel checks the decks and gives the spaces' sizes.
        probe = self._duel(0)
        (n_obs,) = probe.observation_shape()
        n_actions = probe.num_distinct_actions()
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.action_spaces = {a: gymnasium.spaces.Discrete(n_actions) for a in AGENTS}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        -np.inf, np.inf, shape=(n_obs,), dtype=np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, shape=(n_actions,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self._n_actions = n_actions
        self._rng = np.random.default_rng()
        self.duel = probe
        self._start(int(self._rng.integers(2**63)))

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    def _duel(self, seed: int) -> _native.Duel:
        return _native.Duel(
            *self._decks,
            pool=self._pool,
            seed=seed,
            turn_limit=self._turn_limit,
            format=self._format,
            mulligans=self._mulligans,
        )

    def _start(self, seed: int) -> None:
        self.duel = self._duel(seed)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.duel.current_player()]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``Duel(deck0, deck1, pool=pool, seed=seed)``, or the generator's next
        seed."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = seed
        else:
            game_seed = int(self._rng.integers(2**63))
        self._start(game_seed)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = AGENTS.index(agent)
        if agent == self.agent_selection and not self.duel.is_terminal():
            mask = self.duel.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(self._n_actions, dtype=np.int8)
        return {"observation": self.duel.observation_tensor(p), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.duel.apply_action(int(action))
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        if self.duel.is_terminal():
            returns = self.duel.returns()
            for p, a in enumerate(AGENTS):
                self.rewards[a] = float(returns[p])
                self.terminations[a] = True
            # The other agent observes the end first (then each steps with None).
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]
        else:
            self.agent_selection = AGENTS[self.duel.current_player()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The board as the agent to act sees it (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        return self.duel.board(AGENTS.index(self.agent_selection))

    def close(self) -> None:
        pass
