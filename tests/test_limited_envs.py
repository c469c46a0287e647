"""The Limited environments pass their libraries' own checks: the draft as a PettingZoo AEC
environment (api_test, seed_test), sealed deck building as a Gymnasium environment
(check_env); and they play the same draft and decks as the library does."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from cardstate.limited import Draft, card_index, check_limited_deck, draft_env, sealed_env  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

DICT_OBSERVATION = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def test_the_draft_passes_api_test() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(draft_env(seats=8, seed=None), num_cycles=400)
    unexpected = [
        str(w.message) for w in caught if not any(s in str(w.message) for s in DICT_OBSERVATION)
    ]
    assert unexpected == []


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
def test_the_raw_draft_passes_api_test() -> None:
    api_test(draft_env(seats=4, seed=None, wrapped=False), num_cycles=200)


def test_the_draft_passes_seed_test() -> None:
    seed_test(lambda: draft_env(seats=8, seed=None), num_cycles=400)


def test_a_whole_draft_in_the_environment_is_the_libraries_draft() -> None:
    e = draft_env(seats=8, seed=5)
    index = card_index()
    names = list(index)
    reference = Draft(8, seed=5)
    rng = np.random.default_rng(0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        assert reward == 0
        if terminated or truncated:
            e.step(None)
            continue
        seat = int(agent.split("_")[1])
        booster = reference.booster_of(seat)
        counts = obs["observation"][: len(names)]
        assert {names[i]: int(counts[i]) for i in np.flatnonzero(counts)} == {
            n: booster.count(n) for n in booster
        }
        legal = np.flatnonzero(obs["action_mask"])
        assert {names[i] for i in legal} == set(booster)
        action = int(rng.choice(legal))
        reference.choose(seat, names[action])
        e.step(action)
        steps += 1
    assert steps == 8 * 42
    assert e.unwrapped.result().picks == reference.result().picks


def test_an_illegal_pick_ends_the_draft_with_a_penalty() -> None:
    e = draft_env(seats=2, seed=1)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(illegal)
    assert e.rewards["seat_0"] == -1


def test_the_raw_draft_refuses_an_illegal_pick_and_changes_nothing() -> None:
    e = draft_env(seats=2, seed=1, wrapped=False)
    obs = e.observe("seat_0")
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not in seat_0's booster"):
        e.step(illegal)
    assert np.array_equal(e.observe("seat_0")["observation"], obs["observation"])
    assert e.agent_selection == "seat_0"


def test_sealed_deck_building_passes_check_env() -> None:
    check_env(sealed_env(games=1), skip_render_check=True)


def test_a_sealed_episode_builds_a_legal_deck_and_plays_it() -> None:
    e = sealed_env(games=2)
    obs, info = e.reset(seed=3)
    assert obs.shape == (2 * 286,)
    rng = np.random.default_rng(1)
    reward, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = e.step(action)
        assert not info["illegal"]
    assert terminated and len(e.deck()) == 40
    check_limited_deck(e.deck(), e.unwrapped.sealed_pool())
    assert -1.0 <= reward <= 1.0 and reward * 2 == int(reward * 2)


def test_an_illegal_sealed_action_changes_nothing() -> None:
    e = sealed_env(games=1, max_steps=3)
    obs, info = e.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for _ in range(3):
        obs2, reward, terminated, truncated, info2 = e.step(illegal)
        assert info2["illegal"] and reward == 0 and not terminated
        assert np.array_equal(obs, obs2)
    assert truncated
