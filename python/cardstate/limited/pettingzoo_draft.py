"""A booster draft as a PettingZoo AEC environment (extra ``cardstate[pettingzoo]``).

>>> from cardstate.limited import draft_env
>>> e = draft_env(seats=8)
>>> e.reset(seed=1)
>>> for agent in e.agent_iter():
...     obs, reward, termination, truncation, info = e.last()
...     action = None if termination or truncation else int(obs["action_mask"].argmax())
...     e.step(action)

- Agents ``"seat_0"`` … ``"seat_7"``; in each pick they choose in seat order (their choices of
  one pick are simultaneous in the draft — a seat's booster doesn't change until every seat has
  picked — so the order leaks nothing), then the boosters pass (:mod:`cardstate.limited.draft`).
- Cards are numbered by their index in the set (``cardstate.limited.setdata.card_index()``, the
  order of ``fdn/cards.txt``; ``N`` = 286 cards). The action is a card number, masked to the
  cards of the seat's booster.
- Observations are ``{"observation": float32 (2N + 2,), "action_mask": int8 (N,)}``: the count
  of each card in the booster in front of the seat, the count of each card among its picks so
  far, the round (from 0) and the pick within the round (from 0). Only what that seat sees.
- Rewards are 0: a draft has no outcome until its decks are played; the episode ends
  (termination for every agent) after the last pick, and :meth:`raw_env.result` gives the
  :class:`~cardstate.limited.draft.DraftResult` to build decks from and play
  (:mod:`cardstate.limited.event`).
- ``reset(seed=s)`` starts ``Draft(seats, seed=s)``; without a seed the next draft's seed comes
  from the environment's generator (seeded by the last seed given, else at random).

:func:`env` wraps :class:`raw_env` in PettingZoo's usual wrappers (an illegal action ends the
draft with reward -1 for the agent that made it; out-of-range actions are refused; the call
order is enforced). With :class:`raw_env`, an illegal action raises ``ValueError`` and changes
nothing.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardstate.limited.draft import Draft, DraftResult
from cardstate.limited.setdata import card_index

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """:class:`raw_env` in PettingZoo's standard wrappers for board games."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's own name for the unwrapped class
    """A booster draft as an AEC environment (see the module documentation)."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi"],
        "name": "cardstate_draft_v0",
        "is_parallelizable": False,
    }

    def __init__(self, seats: int = 8, rounds: int = 3, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self._index = card_index()
        self._names = list(self._index)
        n = len(self._names)
        self._n = n
        self.draft = Draft(seats, 0, rounds)  # checks the arguments
        self._seats = seats
        self._rounds = rounds
        agents = [f"seat_{s}" for s in range(seats)]
        self.possible_agents = list(agents)
        self.agents = list(agents)
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in agents}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        0.0, 255.0, shape=(2 * n + 2,), dtype=np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in agents
        }
        self._rng = np.random.default_rng()
        self._start(int(self._rng.integers(2**63)))

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    def _start(self, seed: int) -> None:
        self.draft = Draft(self._seats, seed, self._rounds)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new draft: ``Draft(seats, seed=seed)``, or the generator's next seed."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            draft_seed = seed
        else:
            draft_seed = int(self._rng.integers(2**63))
        self._start(draft_seed)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        obs = np.zeros(2 * self._n + 2, dtype=np.float32)
        mask = np.zeros(self._n, dtype=np.int8)
        for name in self.draft.booster_of(seat):
            obs[self._index[name]] += 1
        for name in self.draft.picks[seat]:
            obs[self._n + self._index[name]] += 1
        obs[2 * self._n] = min(self.draft.round, self._rounds - 1)
        obs[2 * self._n + 1] = self.draft.pick_number
        if agent == self.agent_selection and not self.draft.done:
            mask[:] = obs[: self._n] > 0
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        card = int(action)
        if not 0 <= card < self._n or self._names[card] not in self.draft.booster_of(seat):
            raise ValueError(f"card {card} is not in {agent}'s booster")
        self.draft.choose(seat, self._names[card])
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        if self.draft.done:
            for a in self.agents:
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.agents[(seat + 1) % self._seats]
        self._accumulate_rewards()

    def result(self) -> DraftResult:
        """The draft's picks so far (all of them once it is over)."""
        return self.draft.result()

    def render(self) -> str | None:
        """The booster and the picks of the agent to act (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        seat = self.possible_agents.index(self.agent_selection)
        return (
            f"{self.agent_selection}, round {self.draft.round + 1}, "
            f"pick {self.draft.pick_number + 1}\n"
            f"booster: {', '.join(self.draft.booster_of(seat))}\n"
            f"picks: {', '.join(self.draft.picks[seat])}"
        )

    def close(self) -> None:
        pass
