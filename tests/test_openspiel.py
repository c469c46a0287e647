"""The duel as an OpenSpiel game: OpenSpiel's own random_sim_test (with serialization) passes,
and OpenSpiel's own MCTS and ISMCTS bots play complete games of it."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from cardstate import openspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

PARAMS = {"deck0": "infect", "deck1": "energy", "turn_limit": 8}


def _dealt(game, seed: int):  # type: ignore[no-untyped-def]
    """A state after the deal of ``Duel(seed=seed)``: the eight chance nodes take its bytes."""
    state = game.new_initial_state()
    for i in range(openspiel.SEED_BYTES):
        assert state.is_chance_node()
        assert state.chance_outcomes() == [(b, 1 / 256) for b in range(256)]
        state.apply_action((seed >> (8 * i)) & 0xFF)
    assert not state.is_chance_node()
    return state


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    name = openspiel.register()
    return pyspiel.load_game(name, PARAMS)


def test_register_returns_the_name_and_is_idempotent() -> None:
    assert openspiel.register() == openspiel.register() == "cardstate_duel"
    assert "cardstate_duel" in pyspiel.registered_names()


def test_game_type_and_info_are_honest(game) -> None:  # type: ignore[no-untyped-def]
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_players() == 2
    assert game.max_chance_outcomes() == 256
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.max_game_length() == 1000  # the decision cap (max_decisions)
    state = _dealt(game, 1)
    assert game.num_distinct_actions() == state.duel.num_distinct_actions()
    assert game.observation_tensor_shape() == list(state.duel.observation_shape())
    assert game.observation_features() == state.duel.observation_features()
    assert game.observation_schema() == state.duel.observation_schema()


def test_random_sim_test_passes_with_serialization(game) -> None:  # type: ignore[no-untyped-def]
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_random_sim_test_passes_on_full_length_games() -> None:
    g = pyspiel.load_game(openspiel.register(), {**PARAMS, "turn_limit": 40})
    pyspiel.random_sim_test(g, num_sims=2, serialize=True, verbose=False)


def test_the_decision_cap_ends_the_game_in_a_draw() -> None:
    g = pyspiel.load_game(openspiel.register(), {**PARAMS, "turn_limit": 40, "max_decisions": 5})
    assert g.max_game_length() == 5
    state = _dealt(g, 2)
    for _ in range(5):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and not state.duel.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []
    pyspiel.random_sim_test(g, num_sims=3, serialize=True, verbose=False)


def test_bad_parameters_are_refused() -> None:
    name = openspiel.register()
    with pytest.raises(ValueError, match="max_decisions"):
        pyspiel.load_game(name, {**PARAMS, "max_decisions": 0})
    with pytest.raises(ValueError, match="unknown deck"):
        pyspiel.load_game(name, {**PARAMS, "deck0": "no such deck"})


def test_states_are_the_duels_they_wrap(game) -> None:  # type: ignore[no-untyped-def]
    from cardstate.duel import Duel

    seed = 0x0123_4567_89AB_CDEF
    state = _dealt(game, seed)
    d = state.duel
    assert d.hash() == Duel("infect", "energy", seed=seed, turn_limit=8).hash()
    p = state.current_player()
    assert p == d.current_player()
    assert state.legal_actions() == d.legal_actions()
    np.testing.assert_array_equal(state.observation_tensor(p), d.observation_tensor(p))
    assert state.observation_string(p) == d.board(p)
    a = state.legal_actions()[-1]
    assert state.action_to_string(p, a) == d.action_to_string(a)
    state.apply_action(a)
    assert state.history()[openspiel.SEED_BYTES :] == [a] == d.history()


@pytest.mark.parametrize("mulligans", [True, False])
def test_the_mulligans_parameter_is_the_duels_103_5(mulligans: bool) -> None:
    """``mulligans`` (on by default: the London mulligan, 103.5) reaches the duel, and a
    serialized state keeps it."""
    from cardstate.duel import Duel

    name = openspiel.register()
    params = PARAMS if mulligans else {**PARAMS, "mulligans": False}
    g = pyspiel.load_game(name, params)
    state = _dealt(g, 7)
    d = Duel("infect", "energy", seed=7, turn_limit=8, mulligans=mulligans)
    assert state.duel.mulligans is mulligans and state.duel.hash() == d.hash()
    assert state.duel.decision() == ("mulligan" if mulligans else "priority")
    state.apply_action(state.legal_actions()[0])
    _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, state))
    assert again.duel.mulligans is mulligans and again.duel.hash() == state.duel.hash()


def test_serialized_states_deserialize_to_the_same_duel(game) -> None:  # type: ignore[no-untyped-def]
    state = _dealt(game, 5)
    rng = np.random.default_rng(0)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.duel.hash() == state.duel.hash()
    assert again.information_state_string(0) == state.information_state_string(0)
    assert again.history() == state.history()


def test_the_information_state_is_what_the_player_saw(game) -> None:  # type: ignore[no-untyped-def]
    state = _dealt(game, 6)
    rng = np.random.default_rng(1)
    for _ in range(20):
        state.apply_action(int(rng.choice(state.legal_actions())))
        assert not state.is_terminal()
    p = state.current_player()
    resampled = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert resampled.information_state_string(p) == state.information_state_string(p)
    np.testing.assert_array_equal(resampled.observation_tensor(p), state.observation_tensor(p))
    assert resampled.duel.hash() != state.duel.hash(), "what p can't see was dealt again"
    assert resampled.history() == state.history()
    # Two different histories of p's observations are two information states.
    other = _dealt(game, 7)
    assert other.information_state_string(0) != state.information_state_string(0)
    # Before the deal nobody has seen anything.
    fresh = game.new_initial_state()
    assert fresh.information_state_string(0) == "p0 before the deal"


def _play(game, bots, seed: int) -> list[float]:  # type: ignore[no-untyped-def]
    state = _dealt(game, seed)
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    return state.returns()


def test_openspiels_mcts_bot_plays_complete_games(game) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng)
    for seed in range(2):
        returns = _play(game, [bot, bot], seed)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiels_ismcts_bot_plays_complete_games(game) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    for seed in range(2):
        returns = _play(game, [bot, bot], seed)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
