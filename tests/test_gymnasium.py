"""The duel against a fixed opponent as a Gymnasium environment passes Gymnasium's own
check_env."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from cardstate.duel import Duel  # noqa: E402
from cardstate.duel.gymnasium_env import gym_env  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402


def test_the_observation_is_the_duels() -> None:
    """The observation's shape and layout are the duel's (docs/DUEL.md)."""
    env = gym_env(opponent="random")
    d = Duel("infect", "energy")
    assert env.observation_space["observation"].shape == d.observation_shape()
    assert env.action_space.n == d.num_distinct_actions()
    assert env.metadata["observation_schema"] == d.observation_schema()


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_check_env_passes(opponent: str) -> None:
    import gymnasium
    from cardstate.duel.gymnasium_env import ENV_ID

    # Made through the registry, so that check_env also tries the render modes (it needs a spec).
    env = gymnasium.make(ENV_ID, opponent=opponent, turn_limit=10, render_mode="ansi").unwrapped
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    # Gymnasium flags infinite Box bounds: the observation's features are scaled counts (life,
    # poison, cards) with no limit in the rules, so infinite bounds are the honest ones.
    unexpected = [str(w.message) for w in caught if "infinity" not in str(w.message)]
    assert unexpected == []


def test_gym_env_is_the_registered_env() -> None:
    import gymnasium
    from cardstate.duel.gymnasium_env import ENV_ID, DuelEnv

    assert isinstance(gym_env(), DuelEnv)
    assert isinstance(gymnasium.make(ENV_ID).unwrapped, DuelEnv)


def _play(env, seed: int, policy_seed: int) -> tuple[list[int], float, int]:  # type: ignore[no-untyped-def]
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    actions, reward, terminated = [], 0.0, False
    while not terminated:
        assert env.duel.current_player() == env.learner
        legal = np.flatnonzero(obs["action_mask"])
        a = int(rng.choice(legal))
        actions.append(a)
        obs, reward, terminated, truncated, info = env.step(a)
        assert not truncated
        assert "illegal_action" not in info
    return actions, reward, len(env.duel.history())


@pytest.mark.parametrize("learner", [0, 1])
def test_whole_games_are_reproducible_and_rewarded_by_the_duel(learner: int) -> None:
    env = gym_env(opponent="random", learner=learner, turn_limit=14)
    first = _play(env, seed=4, policy_seed=1)
    assert env.duel.returns()[learner] == first[1]
    assert _play(env, seed=4, policy_seed=1) == first
    assert first[2] >= len(first[0])  # the opponent's decisions are in the duel's history


def test_the_game_is_the_duel_of_the_seed() -> None:
    env = gym_env(opponent="random", learner=0)
    obs, info = env.reset(seed=9)
    d = Duel("infect", "energy", seed=9)
    np.testing.assert_array_equal(d.history(), env.duel.history()[: len(d.history())])
    # The mask is in the observation only: info stays small at every step.
    assert "action_mask" not in info and info["turn"] == env.duel.turn()


@pytest.mark.parametrize("mulligans", [True, False])
def test_the_mulligans_are_the_duels_103_5(mulligans: bool) -> None:
    """With the London mulligan (the default) the learner's first decision of a game where it
    starts is keep or mulligan (103.5); ``mulligans=False`` has none."""
    env = gym_env(opponent="random", learner=0, mulligans=mulligans)
    for seed in range(4):
        obs, info = env.reset(seed=seed)
        d = Duel("infect", "energy", seed=seed, mulligans=mulligans)
        assert env.duel.mulligans is mulligans
        np.testing.assert_array_equal(d.history(), env.duel.history()[: len(d.history())])
        if d.current_player() == 0:
            assert env.duel.decision() == ("mulligan" if mulligans else "priority")
            np.testing.assert_array_equal(obs["observation"], d.observation_tensor(0))


def test_alternating_seats() -> None:
    env = gym_env(opponent="random", learner="alternate", turn_limit=4)
    seats = []
    env.reset(seed=1)
    seats.append(env.learner)
    for _ in range(3):
        env.reset()
        seats.append(env.learner)
    assert seats == [0, 1, 0, 1]


def test_an_illegal_action_loses_or_raises() -> None:
    env = gym_env(opponent="random")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    strict = gym_env(opponent="random", illegal_action="raise")
    strict.reset(seed=2)
    before = strict.duel.hash()
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)
    assert strict.duel.hash() == before


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown agent"):
        gym_env(opponent="nobody")
    with pytest.raises(TypeError, match="act"):
        gym_env(opponent=3)
    with pytest.raises(ValueError, match="learner"):
        gym_env(learner=2)
    with pytest.raises(ValueError, match="render_mode"):
        gym_env(render_mode="human")
