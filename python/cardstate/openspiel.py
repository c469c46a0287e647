"""The duel as an OpenSpiel game (extra ``cardstate[openspiel]``).

>>> import pyspiel
>>> from cardstate import openspiel
>>> name = openspiel.register()
>>> game = pyspiel.load_game(name, {"deck0": "infect", "deck1": "energy", "seed": 7})
>>> state = game.new_initial_state()
>>> state.current_player() in (0, 1)
True

:func:`register` registers the duel with ``pyspiel`` as a Python game, once, and returns its
short name (``"cardstate_duel"``). Its parameters: ``deck0`` and ``deck1`` (registered deck
names), ``turn_limit`` (40) and ``seed`` (0).

How the game is described to OpenSpiel (its ``GameType`` and ``GameInfo``):

- Sequential, two players, zero-sum, terminal rewards (+1 / -1, 0 each for a draw), imperfect
  information.
- Chance is *sampled* (``SAMPLED_STOCHASTIC``): the one random event, the deal (the order of both
  libraries and who starts, CR 103), happens inside the duel from a seed; there are no chance
  nodes. A state deals when it is first used; the k-th deal of a game object uses the seed
  ``derive(seed, k)`` (``cardstate.agents.derive``), so a program that creates and uses states
  in the same order plays the same deals. Clones and deserialized states keep their deal.
- ``max_game_length`` is the duel's bound on decisions in a game of ``turn_limit`` turns
  (:func:`max_game_length`).
- Observation tensor: the duel's ``observation_tensor(player)``, only what that player can see.
  Observation string: the board as that player sees it (``Duel.board(player)``).
- Information state string (perfect recall): the player's whole history of observations and
  of its own actions, as a running BLAKE2 digest, followed by its current observation string.
  There is no information state tensor (it would grow with the game).
- ``state.resample_from_infostate(player, sampler)`` (used by OpenSpiel's ISMCTS) deals again
  everything ``player`` can't see (``Duel.resample``), consistently with what it has seen; the
  information state of ``player`` is unchanged.
- Serialization is OpenSpiel's own for Python games (the history and a pickle of the state's
  attributes; the duel pickles as its bytes).
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pyspiel

from cardstate import _native
from cardstate.agents.seeds import derive

__all__ = ["SHORT_NAME", "register", "max_game_length", "DuelGame", "DuelState"]

SHORT_NAME = "cardstate_duel"

_PARAMS: dict[str, Any] = {"deck0": "infect", "deck1": "energy", "turn_limit": 40, "seed": 0}


def max_game_length(turn_limit: int) -> int:
    """The most decisions a duel of ``turn_limit`` turns can take (``Duel.max_game_length``)."""
    return int(_native.Duel.max_game_length(turn_limit))


_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="cardstate duel (two-player Magic on the cardstate kernel)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMS,
)


def register() -> str:
    """Registers the duel with ``pyspiel`` (once; later calls do nothing) and returns its short
    name, for ``pyspiel.load_game(name)``."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, DuelGame)
    return SHORT_NAME


class DuelGame(pyspiel.Game):
    """The duel's OpenSpiel game (see the module documentation)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_PARAMS, **(params or {})}
        self._decks = (str(p["deck0"]), str(p["deck1"]))
        self._turn_limit = int(p["turn_limit"])
        self._seed = int(p["seed"])
        probe = _native.Duel(*self._decks, seed=self._seed, turn_limit=self._turn_limit)
        self._observation_len = probe.observation_shape()[0]
        self._deals = 0
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(self._turn_limit),
        )
        super().__init__(_GAME_TYPE, info, p)

    def new_initial_state(self) -> DuelState:
        """A state whose deal happens when it is first used."""
        return DuelState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        """The information-state observer (perfect recall) or the observation observer."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return _InfoStateObserver()
        return _ObservationObserver(self._observation_len)

    def _deal(self) -> _native.Duel:
        seed = derive(self._seed, self._deals)
        self._deals += 1
        return _native.Duel(*self._decks, seed=seed, turn_limit=self._turn_limit)


def _digest(previous: str, event: str, observation: np.ndarray) -> str:
    h = hashlib.blake2b(previous.encode(), digest_size=16)
    h.update(event.encode())
    h.update(observation.tobytes())
    return h.hexdigest()


class DuelState(pyspiel.State):
    """A duel in progress, as OpenSpiel sees it."""

    def __init__(self, game: DuelGame) -> None:
        super().__init__(game)
        self._duel_: _native.Duel | None = None
        # Each player's running digest of what it has seen and done (its information state).
        self._info: list[str] = ["", ""]

    @property
    def duel(self) -> _native.Duel:
        """The duel underneath (dealt on first use)."""
        if self._duel_ is None:
            game = self.get_game()
            assert isinstance(game, DuelGame)
            self._duel_ = game._deal()
            self._info = [_digest("", "start", self._duel_.observation_tensor(p)) for p in (0, 1)]
        return self._duel_

    def current_player(self) -> int:
        p = self.duel.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if p < 0 else int(p)

    def _legal_actions(self, player: int) -> list[int]:
        return self.duel.legal_actions()

    def _apply_action(self, action: int) -> None:
        d = self.duel
        mover = d.current_player()
        d.apply_action(int(action))
        for p in (0, 1):
            event = f"a{action}" if p == mover else "o"
            self._info[p] = _digest(self._info[p], event, d.observation_tensor(p))

    def _action_to_string(self, player: int, action: int) -> str:
        if self.duel.current_player() == player:
            return self.duel.action_to_string(int(action))
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self.duel.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.duel.returns()]

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> DuelState:
        """A state ``player`` can't tell from this one: everything it can't see dealt again
        (``Duel.resample``) from a seed drawn from ``probability_sampler``."""
        seed = int(probability_sampler() * 2**53)
        s = self.clone()
        assert isinstance(s, DuelState)
        s._duel_ = self.duel.resample(player, seed)
        return s

    def __str__(self) -> str:
        return str(self.duel)


def _info_state_string(state: DuelState, player: int) -> str:
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player}")
    d = state.duel
    return f"p{player} {state._info[player]}\n{d.board(player)}"


class _ObservationObserver:
    """The observation: tensor and string of one player's view."""

    def __init__(self, length: int) -> None:
        self.tensor = np.zeros(length, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DuelState, player: int) -> None:
        self.tensor[:] = state.duel.observation_tensor(player)

    def string_from(self, state: DuelState, player: int) -> str:
        return state.duel.board(player)


class _InfoStateObserver:
    """The information state: a string only."""

    tensor = None
    dict: dict[str, np.ndarray] = {}

    def set_from(self, state: DuelState, player: int) -> None:
        raise pyspiel.SpielError("the duel has no information state tensor")

    def string_from(self, state: DuelState, player: int) -> str:
        return _info_state_string(state, player)
