"""The duel as an OpenSpiel game (extra ``cardstate[openspiel]``).

>>> import pyspiel
>>> from cardstate import openspiel
>>> name = openspiel.register()
>>> game = pyspiel.load_game(name, {"deck0": "infect", "deck1": "energy"})
>>> state = game.new_initial_state()
>>> while state.is_chance_node():  # the deal: eight chance nodes, one byte of the seed each
...     state.apply_action(int(state.legal_actions()[0]))
>>> state.current_player() in (0, 1)
True

:func:`register` registers the duel with ``pyspiel`` as a Python game, once, and returns its
short name (``"cardstate_duel"``). Its parameters: ``pool`` (``"core"``: the name of one of
``cardstate.cards.pools``, a program's own pool registered there first, or the path of a pool
file that ``CardPool.load`` reads, without ``,``, ``=`` or parentheses), ``deck0`` and ``deck1``
(deck names registered with the pool, or deck files' paths), ``format`` (``"free"``: the deck
construction rules, docs/DUEL.md), ``turn_limit`` (40), ``mulligans`` (``True``: the London
mulligan, 103.5; ``False``: each player keeps its first seven) and ``max_decisions`` (1000, see
below).

How the game is described to OpenSpiel (its ``GameType`` and ``GameInfo``):

- Sequential, two players, zero-sum, terminal rewards (+1 / -1, 0 each for a draw), imperfect
  information.
- Chance is *explicit* (``EXPLICIT_STOCHASTIC``) and happens only at the start: the duel's
  random events, the deal (the order of both libraries and who starts, CR 103) and the shuffles
  of mulligans (103.5), come from its 64-bit seed, and the game opens with eight chance nodes
  that choose that seed a byte at a time (least significant first), each of the 256 values
  equally likely. So the game is exactly the duel with a uniformly random seed:
  ``Duel(deck0, deck1, seed=s)`` follows the chance outcomes of the bytes of ``s``. (OpenSpiel's
  sampled chance is not used: its serialization needs the game's random state, which a Python
  game can't provide.) No player observes the chance outcomes; each sees their consequences
  (its hand) in its observations.
- ``max_chance_outcomes`` is 256. ``max_game_length`` (decisions, chance excluded) is
  ``max_decisions``: the duel's rules bound a game's turns (the turn limit), not the decisions
  within a turn, so the OpenSpiel game adds a cap of its own: a duel that reaches
  ``max_decisions`` decisions ends there, a draw (``returns() == [0, 0]``). The default, 1000,
  is far above what games take (random play on the pool's decks: about 117 decisions a game,
  the longest of 40,000 games 234).
- Observation tensor: the duel's ``observation_tensor(player)``, only what that player can see
  (zeros during the deal); its layout is the duel's (``game.observation_features()``,
  ``game.observation_schema()``, docs/DUEL.md). Observation string: the board as that player sees it
  (``Duel.board(player)``).
- Information state string (perfect recall): the player's whole history of observations and
  of its own actions, as a running BLAKE2 digest, followed by its current observation string.
  There is no information state tensor (it would grow with the game).
- ``state.resample_from_infostate(player, sampler)`` (used by OpenSpiel's ISMCTS) deals again
  everything ``player`` can't see (``Duel.resample``), consistently with what it has seen; the
  information state of ``player`` is unchanged. The resampled state keeps the history of the
  true state (its chance outcomes no longer replay to its duel).
- Serialization is OpenSpiel's own for Python games (the history and a pickle of the state's
  attributes; the duel pickles as its bytes and its pool, docs/FORMAT.md).
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

import numpy as np
import pyspiel

from cardstate import _native
from cardstate.cards.cardpool import CardPool, pools
from cardstate.cards.deckfile import load_deck
from cardstate.players import TERMINAL_PLAYER

__all__ = ["SHORT_NAME", "SEED_BYTES", "register", "DuelGame", "DuelState"]

SHORT_NAME = "cardstate_duel"

_PARAMS: dict[str, Any] = {
    "pool": "core",
    "deck0": "infect",
    "deck1": "energy",
    "format": "free",
    "turn_limit": 40,
    "mulligans": True,
    "max_decisions": 1000,
}

SEED_BYTES = 8
"""Chance nodes at the start: one byte of the duel's 64-bit seed each."""


_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="cardstate duel (two-player Magic on the cardstate kernel)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
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


# Pools read from files, by path and modification time: a game string names its pool's file.
_FILE_POOLS: dict[tuple[str, int], CardPool] = {}


def _pool(name: str) -> CardPool:
    """The ``pool`` parameter: a pool of ``cardstate.cards.pools`` by name, else a pool file."""
    if name in pools:
        return pools[name]
    if not os.path.isfile(name):
        raise ValueError(
            f"pool {name!r} is neither one of cardstate.cards.pools ({', '.join(pools)}) nor a file"
        )
    path = os.path.abspath(name)
    key = (path, os.stat(path).st_mtime_ns)
    if key not in _FILE_POOLS:
        _FILE_POOLS[key] = CardPool.load(path)
    return _FILE_POOLS[key]


def _deck(name: str, pool: CardPool) -> str | list[str]:
    """A deck parameter: a deck registered with the pool, else a deck file (else the name,
    which the duel refuses naming the pool's decks)."""
    if name not in pool.decks and os.path.isfile(name):
        return load_deck(name)
    return name


class DuelGame(pyspiel.Game):
    """The duel's OpenSpiel game (see the module documentation)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_PARAMS, **(params or {})}
        pool = _pool(str(p["pool"]))
        self._pool = pool.native
        self._decks = (_deck(str(p["deck0"]), pool), _deck(str(p["deck1"]), pool))
        self._format = str(p["format"])
        self._turn_limit = int(p["turn_limit"])
        self._mulligans = bool(p["mulligans"])
        self.max_decisions = int(p["max_decisions"])
        if self.max_decisions < 1:
            raise ValueError(f"max_decisions must be at least 1, got {self.max_decisions}")
        probe = self._duel(0)
        self._observation_len = probe.observation_shape()[0]
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_distinct_actions(),
            max_chance_outcomes=256,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_decisions,
        )
        super().__init__(_GAME_TYPE, info, p)

    @staticmethod
    def observation_features() -> list[tuple[str, int, int]]:
        """Every feature of the observation tensor in order, ``(name, offset, size)``: the
        duel's (``Duel.observation_features``)."""
        return _native.Duel.observation_features()

    @staticmethod
    def observation_schema() -> str:
        """The id of the observation tensor's layout (``Duel.observation_schema``)."""
        return _native.Duel.observation_schema()

    def new_initial_state(self) -> DuelState:
        """A state before the deal (a chance node)."""
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

    def _duel(self, seed: int) -> _native.Duel:
        return _native.Duel(
            *self._decks,
            pool=self._pool,
            seed=seed,
            turn_limit=self._turn_limit,
            format=self._format,
            mulligans=self._mulligans,
        )


def _digest(previous: str, event: str, observation: np.ndarray) -> str:
    h = hashlib.blake2b(previous.encode(), digest_size=16)
    h.update(event.encode())
    h.update(observation.tobytes())
    return h.hexdigest()


class DuelState(pyspiel.State):
    """A duel in progress, as OpenSpiel sees it."""

    def __init__(self, game: DuelGame) -> None:
        super().__init__(game)
        self._seed_bytes: list[int] = []
        self._duel: _native.Duel | None = None
        self._decisions = 0
        self._cap = game.max_decisions
        # Each player's running digest of what it has seen and done (its information state).
        self._info: list[str] = ["", ""]

    @property
    def duel(self) -> _native.Duel:
        """The duel underneath (once dealt)."""
        if self._duel is None:
            raise ValueError("the duel is not dealt yet: the state is a chance node")
        return self._duel

    def _capped(self) -> bool:
        return self._decisions >= self._cap

    def current_player(self) -> int:
        if self._duel is None:
            return int(pyspiel.PlayerId.CHANCE)
        p = self._duel.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if p == TERMINAL_PLAYER or self._capped() else int(p)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(b, 1.0 / 256) for b in range(256)]

    def _legal_actions(self, player: int) -> list[int]:
        return self.duel.legal_actions()

    def _apply_action(self, action: int) -> None:
        if self._duel is None:
            self._seed_bytes.append(int(action))
            if len(self._seed_bytes) == SEED_BYTES:
                seed = sum(b << (8 * i) for i, b in enumerate(self._seed_bytes))
                game = self.get_game()
                assert isinstance(game, DuelGame)
                self._duel = d = game._duel(seed)
                self._info = [_digest("", "start", d.observation_tensor(p)) for p in (0, 1)]
            return
        d = self._duel
        mover = d.current_player()
        d.apply_action(int(action))
        self._decisions += 1
        for p in (0, 1):
            event = f"a{action}" if p == mover else "o"
            self._info[p] = _digest(self._info[p], event, d.observation_tensor(p))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {len(self._seed_bytes)} = {action}"
        if self.duel.current_player() == player:
            return self.duel.action_to_string(int(action))
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self._duel is not None and (self._duel.is_terminal() or self._capped())

    def returns(self) -> list[float]:
        """The duel's returns; ``[0, 0]`` before its end, or when the decision cap ends it."""
        if self._duel is None or not self._duel.is_terminal():
            return [0.0, 0.0]
        return [float(r) for r in self._duel.returns()]

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> DuelState:
        """A state ``player`` can't tell from this one: everything it can't see dealt again
        (``Duel.resample``) from a seed drawn from ``probability_sampler``."""
        seed = int(probability_sampler() * 2**53)
        s = self.clone()
        assert isinstance(s, DuelState)
        s._duel = self.duel.resample(player, seed)
        return s

    def __str__(self) -> str:
        if self._duel is None:
            return f"dealing: seed bytes {self._seed_bytes}"
        return str(self._duel)


def _info_state_string(state: DuelState, player: int) -> str:
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player}")
    if state._duel is None:
        return f"p{player} before the deal"
    return f"p{player} {state._info[player]}\n{state._duel.board(player)}"


class _ObservationObserver:
    """The observation: tensor and string of one player's view."""

    def __init__(self, length: int) -> None:
        self.tensor = np.zeros(length, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DuelState, player: int) -> None:
        if state._duel is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state._duel.observation_tensor(player)

    def string_from(self, state: DuelState, player: int) -> str:
        if state._duel is None:
            return f"p{player} before the deal"
        return state._duel.board(player)


class _InfoStateObserver:
    """The information state: a string only."""

    tensor = None
    dict: dict[str, np.ndarray] = {}

    def set_from(self, state: DuelState, player: int) -> None:
        raise pyspiel.SpielError("the duel has no information state tensor")

    def string_from(self, state: DuelState, player: int) -> str:
        return _info_state_string(state, player)
