"""Agents that play the duel, and whole games between them.

- :class:`RandomAgent` ``(seed)``: a uniformly random legal action.
- :class:`GreedyAgent` ``(seed=0)``: one ply: every legal action is tried on a determinized copy
  of the duel and the one whose successor evaluates best for the actor is played (ties broken
  at random from the seed). The evaluation reads only what both players see (life, poison,
  energy, counters, creatures); docs/AGENTS.md gives it.
- :class:`MCTSAgent` ``(simulations=1000, exploration=1.0, determinizations=4,
  rollout_depth=16, seed=0, algorithm="determinized")``: UCT over determinized states: each of
  ``determinizations`` searches starts from ``duel.resample(player, ...)``, so the agent never
  reads a hidden card (at most one search per simulation runs). ``algorithm="ismcts"`` is
  information-set MCTS instead: one tree over the player's information sets, a fresh
  ``resample`` every simulation (docs/AGENTS.md compares the two).

Evaluator-guided search: ``MCTSAgent(..., evaluator=f)`` scores the search's leaves with ``f``
(any callable, or an object with ``evaluate``, that maps a batch ``(observations [B, obs]
float32, masks [B, A] bool, players [B] int32)`` to ``(priors [B, A], values [B])``: the
:class:`Evaluator` protocol) and selects by PUCT; ``evaluator="evaluation"`` does the same with
the hand-written evaluation and uniform priors. :class:`BatchedSearch` ``(duels, evaluator=...,
simulations=..., batch_size=...)`` searches many duels at once, one evaluator call per batch of
leaves, and ``run()`` returns the chosen actions and the root visit distributions.
docs/AGENTS.md gives the rule (PUCT and its constants, virtual loss) and what the evaluator
sees (each leaf's observation for the player to act there: never a hidden card).

The options, their ranges and defaults are the Rust registry's (:data:`AGENTS`); the
constructors check every option through it, as :func:`parse_agent` does for an agent given by
name (``"mcts:simulations=200,exploration=1.4"``, :class:`AgentSpec`), with the same errors.

Each has ``act(duel) -> action`` (the search runs in Rust with the GIL released) and
``reset(seed)`` (restart its random stream for a game). :func:`playout` plays a whole game; when
both agents are built-in and the game is the native duel it runs entirely in Rust, search
included, with the GIL released.

Any Python object with ``act(game) -> action`` plays too: :func:`playout` then loops in Python
(slower), calling ``reset(seed)`` first on an agent that has one. Such an agent receives the
true game and must itself refrain from reading the opponent's hidden cards; to give identical
results on every self-play backend it must be picklable and deterministic given ``reset``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from cardstate._native import (
    BatchedSearch,
    Duel,
    GreedyAgent,
    MCTSAgent,
    RandomAgent,
    _agents_playout,
)
from cardstate.agents.seeds import derive
from cardstate.agents.spec import (
    AGENT_NAMES,
    AGENTS,
    AgentKind,
    AgentOption,
    AgentSpec,
    agents_help,
    parse_agent,
    split_agents,
)

__all__ = [
    "RandomAgent",
    "GreedyAgent",
    "MCTSAgent",
    "BatchedSearch",
    "Evaluator",
    "AgentLike",
    "PlayoutResult",
    "playout",
    "derive",
    "is_native_agent",
    "AGENTS",
    "AGENT_NAMES",
    "AgentKind",
    "AgentOption",
    "AgentSpec",
    "agents_help",
    "parse_agent",
    "split_agents",
]

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

_NATIVE = (RandomAgent, GreedyAgent, MCTSAgent)


class AgentLike(Protocol):
    """What can play: an object with ``act(game) -> action``."""

    def act(self, game: Any) -> int: ...


class Evaluator(Protocol):
    """What scores a search's leaves (a plain callable with the same signature works too)."""

    def evaluate(
        self,
        observations: npt.NDArray[np.float32],
        masks: npt.NDArray[np.bool_],
        players: npt.NDArray[np.int32],
    ) -> tuple[npt.ArrayLike, npt.ArrayLike]:
        """``observations [B, obs]`` (row i: what the player to act at leaf i sees), ``masks
        [B, A]`` (its legal actions), ``players [B]`` -> ``(priors [B, A], values [B])``:
        priors non-negative at the legal actions (normalised by the search; all zero means
        uniform), each value in ``[-1, 1]`` for ``players[i]``."""
        ...


@dataclass(frozen=True)
class PlayoutResult:
    """How a game ended."""

    winner: int | None
    """The winning player (0 or 1), or ``None`` for a draw."""
    returns: tuple[float, float]
    turns: int
    """The turn the game ended on."""
    decisions: int
    """Actions applied by both players."""


def is_native_agent(agent: object) -> bool:
    """Whether ``agent`` is one of the built-in (Rust) agents that plays whole games in Rust
    (an ``MCTSAgent`` with a Python evaluator plays through ``act``)."""
    if isinstance(agent, MCTSAgent):
        return isinstance(agent.evaluator, str)
    return isinstance(agent, _NATIVE)


def playout(game: Any, agent0: AgentLike, agent1: AgentLike, seed: int = 0) -> PlayoutResult:
    """Play a copy of ``game`` to its end, ``agent0`` deciding for player 0 and ``agent1`` for
    player 1; ``game`` itself is unchanged. Each agent's random stream restarts from its own
    seed mixed with ``derive(seed, seat)``, so the result depends only on the game, the agents'
    settings and ``seed``. Entirely in Rust (GIL released) for built-in agents on the native
    duel; otherwise a Python loop."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0 or seed >> 64:
        raise OverflowError(f"seed must be in [0, 2**64), got {seed}")
    for i, agent in enumerate((agent0, agent1)):
        if not callable(getattr(agent, "act", None)):
            raise TypeError(f"agent{i} has no act(game) method: {agent!r}")
    if isinstance(game, Duel) and is_native_agent(agent0) and is_native_agent(agent1):
        winner, r, turns, decisions = _agents_playout(game, agent0, agent1, seed)
        return PlayoutResult(winner, (float(r[0]), float(r[1])), turns, decisions)
    g = game.clone()
    agents = (agent0, agent1)
    for seat, agent in enumerate(agents):
        reset = getattr(agent, "reset", None)
        if callable(reset):
            reset(derive(seed, seat))
    decisions = 0
    while not g.is_terminal():
        player = g.current_player()
        g.apply_action(agents[player].act(g))
        decisions += 1
    r = g.returns()
    returns = (float(r[0]), float(r[1]))
    winner = 0 if returns[0] > returns[1] else 1 if returns[1] > returns[0] else None
    return PlayoutResult(winner, returns, int(g.turn()), decisions)
