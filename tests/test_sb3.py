"""The duel as a Stable-Baselines3 VecEnv (extra ``cardstate[sb3]``): its outputs follow SB3's
conventions and are DuelBatch's games, SB3's own wrappers (VecCheckNan, VecMonitor) run over
it, and a few hundred steps of sb3-contrib's MaskablePPO train on it. Skipped where
Stable-Baselines3 (and so PyTorch) is not installed."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("stable_baselines3")

from cardstate.duel import sb3_vec_env  # noqa: E402
from cardstate.duel.batch import DuelBatch  # noqa: E402

DECKS = ("infect", "energy")


def test_its_games_are_the_batchs_with_sb3s_conventions() -> None:
    venv = sb3_vec_env(4, DECKS, opponent="random:seed=1", turn_limit=8)
    batch = DuelBatch(4, DECKS, opponent="random:seed=1", turn_limit=8)
    venv.seed(3)
    obs = venv.reset()
    b_obs, b_masks = batch.reset(3)
    rng = np.random.default_rng(0)
    episodes = 0
    for _ in range(200):
        np.testing.assert_array_equal(obs["observation"], b_obs)
        np.testing.assert_array_equal(obs["action_mask"], b_masks)
        masks = np.stack(venv.env_method("action_masks"))
        np.testing.assert_array_equal(masks, b_masks)
        actions = (rng.random(b_masks.shape) * b_masks).argmax(axis=1)
        obs, rewards, dones, infos = venv.step(actions)
        b_obs, b_masks, b_rewards, b_dones = batch.step(actions)
        np.testing.assert_array_equal(rewards, b_rewards)
        np.testing.assert_array_equal(dones, b_dones)
        assert len(infos) == 4
        for i, info in enumerate(infos):
            assert ("episode" in info) == bool(dones[i])
            if dones[i]:
                assert info["episode"]["r"] == rewards[i] and info["episode"]["l"] >= 1
                episodes += 1
    assert episodes > 0


def test_sb3s_wrappers_run_over_it() -> None:
    from stable_baselines3.common.vec_env import VecCheckNan, VecMonitor

    venv = VecMonitor(VecCheckNan(sb3_vec_env(3, DECKS, turn_limit=6), raise_exception=True))
    obs = venv.reset()
    for _ in range(100):
        masks = np.stack(venv.env_method("action_masks"))
        obs, _, dones, infos = venv.step(masks.argmax(axis=1))
    assert obs["observation"].shape[0] == 3


def test_maskable_ppo_trains_a_few_hundred_steps() -> None:
    """sb3-contrib's MaskablePPO (SB3's PPO with the legal-action masks, which a duel needs:
    plain PPO would choose illegal actions, which the environment refuses)."""
    sb3_contrib = pytest.importorskip("sb3_contrib")

    venv = sb3_vec_env(4, DECKS, turn_limit=10)
    model = sb3_contrib.MaskablePPO(
        "MultiInputPolicy", venv, n_steps=64, batch_size=64, n_epochs=1, seed=0
    )
    model.learn(total_timesteps=512)
    obs = venv.reset()
    actions, _ = model.predict(obs, action_masks=venv.action_masks(), deterministic=True)
    assert actions.shape == (4,) and venv.action_masks()[np.arange(4), actions].all()
