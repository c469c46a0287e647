"""The duel as a Gymnasium vector environment over DuelBatch: its outputs lie in its spaces,
its games are the batch's, it autoresets in the same step as its metadata says, Gymnasium's
own vector wrappers run over it, and its opponent may be an agent or a Python policy."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
from cardstate.duel import vector_env  # noqa: E402
from cardstate.duel.batch import DuelBatch  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

DECKS = ("infect", "energy")


def _random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def test_outputs_lie_in_the_spaces_for_hundreds_of_steps() -> None:
    envs = vector_env(6, DECKS, opponent="random", turn_limit=8)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert envs.action_space == gymnasium.spaces.MultiDiscrete(
        [envs.batch.num_distinct_actions()] * 6
    )
    obs, infos = envs.reset(seed=3)
    assert infos == {}
    assert envs.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        assert obs["action_mask"].dtype == np.bool_ and obs["action_mask"].any(axis=1).all()
        np.testing.assert_array_equal(envs.action_masks(), obs["action_mask"])
        obs, rewards, terminations, truncations, infos = envs.step(
            _random_actions(obs["action_mask"], rng)
        )
        assert envs.observation_space.contains(obs)
        assert rewards.dtype == np.float32 and rewards.shape == (6,)
        assert set(np.unique(rewards[terminations])) <= {-1.0, 0.0, 1.0}
        assert (rewards[~terminations] == 0).all()
        assert not truncations.any() and infos == {}
        ended += int(terminations.sum())
    assert ended > 6


def test_its_games_are_the_batchs() -> None:
    """Same seed, same actions: the environment's outputs are DuelBatch's, copied."""
    envs = vector_env(4, DECKS, opponent="random:seed=2", learner=1, turn_limit=10)
    batch = DuelBatch(4, DECKS, opponent="random:seed=2", learner=1, turn_limit=10)
    obs, _ = envs.reset(seed=7)
    b_obs, b_masks = batch.reset(7)
    rng = np.random.default_rng(1)
    for _ in range(80):
        np.testing.assert_array_equal(obs["observation"], b_obs)
        np.testing.assert_array_equal(obs["action_mask"], b_masks)
        actions = _random_actions(b_masks, rng)
        obs, rewards, terminations, _, _ = envs.step(actions)
        b_obs, b_masks, b_rewards, b_dones = batch.step(actions)
        np.testing.assert_array_equal(rewards, b_rewards)
        np.testing.assert_array_equal(terminations, b_dones)
    # Copies: the environment's arrays are the caller's to keep and write.
    assert obs["observation"].flags.writeable and not np.shares_memory(obs["observation"], b_obs)


@pytest.mark.parametrize("mulligans", [True, False])
def test_mulligans_reach_the_batch_103_5(mulligans: bool) -> None:
    """``mulligans`` is the batch's: with the London mulligan (the default) the learner's first
    decision in every game is keep (YES) or mulligan (NO), 103.5 (every player declares in the
    first round); without it, a decision of the first turn."""
    envs = vector_env(3, DECKS, opponent="random", learner=0, mulligans=mulligans)
    assert envs.batch.mulligans is mulligans
    obs, _ = envs.reset(seed=3)
    for mask in obs["action_mask"]:
        assert (np.flatnonzero(mask).tolist() == [1, 2]) is mulligans


def test_reset_with_a_seed_replays_and_without_one_moves_on() -> None:
    envs = vector_env(3, DECKS, opponent="random")
    first, _ = envs.reset(seed=5)
    again, _ = envs.reset(seed=5)
    np.testing.assert_array_equal(first["observation"], again["observation"])
    assert envs.batch.seed == 5
    envs.reset()
    assert envs.batch.seed != 5


def test_gymnasiums_vector_wrappers_run_over_it() -> None:
    """Episode statistics (which reads the autoreset mode) and the list-of-dicts infos."""
    from gymnasium.wrappers.vector import DictInfoToList, RecordEpisodeStatistics

    envs = DictInfoToList(RecordEpisodeStatistics(vector_env(4, DECKS, turn_limit=6)))
    obs, infos = envs.reset(seed=1)
    assert infos == [{}] * 4
    rng = np.random.default_rng(2)
    episodes = []
    for _ in range(200):
        obs, _, terminations, _, infos = envs.step(_random_actions(obs["action_mask"], rng))
        episodes += [info["episode"] for info, t in zip(infos, terminations, strict=True) if t]
    assert episodes and all(e["r"] in (-1.0, 0.0, 1.0) and e["l"] >= 1 for e in episodes)


def test_a_python_policy_plays_the_other_seat() -> None:
    seen: list[int] = []

    def frozen(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        seen.append(len(masks))
        return masks.argmax(axis=1)

    envs = vector_env(4, DECKS, opponent=frozen, turn_limit=6)
    obs, _ = envs.reset(seed=0)
    for _ in range(60):
        obs, *_ = envs.step(obs["action_mask"].argmax(axis=1))
    assert seen


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"opponent": None}, TypeError, "needs an opponent"),
        ({"opponent": "nobody"}, ValueError, "unknown agent"),
        ({"learner": 3}, ValueError, "learner"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        vector_env(2, DECKS, **kwargs)


def test_an_illegal_action_is_refused_naming_the_game() -> None:
    envs = vector_env(2, DECKS)
    obs, _ = envs.reset(seed=0)
    actions = obs["action_mask"].argmax(axis=1)
    actions[1] = int(np.flatnonzero(~obs["action_mask"][1])[0])
    with pytest.raises(ValueError, match="game 1"):
        envs.step(actions)


def test_gymnasium_make_vec_makes_it_through_the_registry() -> None:
    from cardstate.duel.gymnasium_env import ENV_ID
    from cardstate.duel.gymnasium_vector import DuelVectorEnv

    envs = gymnasium.make_vec(
        ENV_ID, num_envs=3, vectorization_mode="vector_entry_point", opponent="greedy"
    )
    assert isinstance(envs.unwrapped, DuelVectorEnv) and envs.num_envs == 3
    obs, _ = envs.reset(seed=2)
    assert envs.observation_space.contains(obs)
    envs.step(obs["action_mask"].argmax(axis=1))
