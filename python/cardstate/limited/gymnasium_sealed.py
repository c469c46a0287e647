"""Sealed deck building as a Gymnasium environment (extra ``cardstate[gymnasium]``).

>>> from cardstate.limited import sealed_env
>>> e = sealed_env()
>>> obs, info = e.reset(seed=1)
>>> while True:
...     action = int(info["action_mask"].argmax())
...     obs, reward, terminated, truncated, info = e.step(action)
...     if terminated or truncated:
...         break

- An episode: a sealed pool (``sealed_pool(seed)``) is opened and the policy adds cards to its
  deck one at a time — the pool's spells and nonbasic lands (each copy once) and any number of
  basic lands — until the deck has 40 cards (the Limited minimum, CR 100.2a).
- Cards are numbered by their index in the set (``card_index()``, ``N`` = 286); the action is a
  card number. ``info["action_mask"]`` (int8, ``N``) marks the legal ones: a card still in the
  pool that the duel plays with ``pool``, or a basic land. An illegal action changes nothing and
  gives reward 0 (``info["illegal"]`` is True); after ``max_steps`` steps (200) the episode is
  truncated.
- Observations are float32 ``(2N,)``: the count of each card left in the pool, then the count
  of each card in the deck.
- The reward is 0 until the deck is complete; then the deck plays ``games`` games (4 by
  default, the self-play runner, ``agent`` on both sides, ``"random"`` by default) against the
  deck :func:`~cardstate.limited.deckbuild.build` makes from another sealed pool (the
  opponent's, from the episode's seed), and the reward is (wins - losses) / games.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from cardstate.limited.booster import booster_seed, sealed_pool
from cardstate.limited.deckbuild import DECK_SIZE, build, playable_cards
from cardstate.limited.setdata import BASIC_LANDS, card_index

__all__ = ["SealedDeckEnv", "OPPONENT_SEED"]

OPPONENT_SEED = 4_000_000
"""The opponent's pool: ``sealed_pool(booster_seed(seed, OPPONENT_SEED))``."""


class SealedDeckEnv(gymnasium.Env):  # type: ignore[type-arg]
    """Sealed deck building (see the module documentation)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        *,
        pool: Any = "fdn",
        games: int = 4,
        agent: Any = "random",
        max_steps: int = 200,
        render_mode: str | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise ValueError(f"games must be a positive int, got {games!r}")
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise ValueError(f"max_steps must be a positive int, got {max_steps!r}")
        self.render_mode = render_mode
        self._pool = pool
        self._games = games
        self._agent = agent
        self._max_steps = max_steps
        self._index = card_index()
        self._names = list(self._index)
        self._n = len(self._names)
        self._playable = playable_cards(pool)
        self._basics = {self._index[b] for b in BASIC_LANDS.values() if b in self._playable}
        self.action_space = gymnasium.spaces.Discrete(self._n)
        self.observation_space = gymnasium.spaces.Box(
            0.0, float(DECK_SIZE), shape=(2 * self._n,), dtype=np.float32
        )
        self._left = np.zeros(self._n, dtype=np.float32)
        self._deck: list[str] = []
        self._cards: list[str] = []
        self._seed = 0
        self._steps = 0

    def _mask(self) -> np.ndarray:
        mask = np.zeros(self._n, dtype=np.int8)
        for i in np.flatnonzero(self._left):
            if self._names[i] in self._playable:
                mask[i] = 1
        for b in self._basics:
            mask[b] = 1
        return mask

    def _obs(self) -> np.ndarray:
        deck = np.zeros(self._n, dtype=np.float32)
        for name in self._deck:
            deck[self._index[name]] += 1
        return np.concatenate([self._left, deck])

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new sealed pool: ``sealed_pool(seed)``, or the generator's next seed."""
        super().reset(seed=seed)
        self._seed = seed if seed is not None else int(self.np_random.integers(2**63))
        self._cards = sealed_pool(self._seed)
        self._left = np.zeros(self._n, dtype=np.float32)
        for name in self._cards:
            self._left[self._index[name]] += 1
        self._deck = []
        self._steps = 0
        return self._obs(), {"action_mask": self._mask(), "illegal": False}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        card = int(action)
        self._steps += 1
        legal = 0 <= card < self._n and bool(self._mask()[card])
        if legal:
            self._deck.append(self._names[card])
            if card not in self._basics:
                self._left[card] -= 1
        terminated = len(self._deck) >= DECK_SIZE
        truncated = not terminated and self._steps >= self._max_steps
        reward = self._play() if terminated else 0.0
        info = {"action_mask": self._mask(), "illegal": not legal}
        return self._obs(), reward, terminated, truncated, info

    def deck(self) -> list[str]:
        """The deck so far."""
        return list(self._deck)

    def sealed_pool(self) -> list[str]:
        """The episode's sealed pool, as opened."""
        return list(self._cards)

    def _play(self) -> float:
        from cardstate import selfplay

        opponent = build(sealed_pool(booster_seed(self._seed, OPPONENT_SEED)), pool=self._pool)
        r = selfplay.run(
            games=self._games,
            agents=(self._agent, self._agent),
            decks=(list(self._deck), opponent),
            seed=self._seed,
            backend="serial",
            pool=self._pool,
            format="limited",
        )
        a = r.agent_totals[0]
        return (a.wins - a.losses) / self._games

    def render(self) -> str | None:
        """The deck so far and the playable cards left (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        left = [self._names[i] for i in np.flatnonzero(self._mask())]
        return f"deck ({len(self._deck)}): {', '.join(self._deck)}\nlegal: {', '.join(left)}"
