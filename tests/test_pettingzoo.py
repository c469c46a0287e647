"""The duel as a PettingZoo AEC environment passes PettingZoo's own API and seed tests."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from cardstate.duel import pettingzoo_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

# The two warnings api_test gives every environment whose observation is the dict of
# "observation" and "action_mask" that PettingZoo's own board games use (its list of such
# environments names only its own).
DICT_OBSERVATION = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def test_the_observation_is_the_duels() -> None:
    """The observation's shape and layout are the duel's (docs/DUEL.md)."""
    from cardstate.duel import Duel

    e = pettingzoo_env.raw_env()
    d = Duel("infect", "energy")
    for agent in e.possible_agents:
        assert e.observation_space(agent)["observation"].shape == d.observation_shape()
        assert e.action_space(agent).n == d.num_distinct_actions()
    assert e.metadata["observation_schema"] == d.observation_schema()


def test_api_test_passes() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(pettingzoo_env.env(turn_limit=8), num_cycles=300)
    unexpected = [
        str(w.message) for w in caught if not any(s in str(w.message) for s in DICT_OBSERVATION)
    ]
    assert unexpected == []


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
def test_api_test_passes_on_the_raw_env() -> None:
    api_test(pettingzoo_env.raw_env(turn_limit=8), num_cycles=300)


def test_seed_test_passes() -> None:
    seed_test(lambda: pettingzoo_env.env(turn_limit=10), num_cycles=300)


def test_a_game_to_its_end_with_the_duels_rewards() -> None:
    e = pettingzoo_env.env(decks=("infect", "energy"), turn_limit=12)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in e.possible_agents}
    moves = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        assert not truncated
        if terminated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        e.step(int(rng.choice(legal)))
        moves += 1
    duel = e.unwrapped.duel
    assert duel.is_terminal()
    assert [totals["player_0"], totals["player_1"]] == duel.returns()
    assert moves == len(duel.history())


def test_reset_with_a_seed_is_the_duel_of_that_seed() -> None:
    from cardstate.duel import Duel

    e = pettingzoo_env.raw_env()
    e.reset(seed=11)
    d = Duel("infect", "energy", seed=11)
    agent = e.agent_selection
    assert agent == f"player_{d.current_player()}"
    obs = e.observe(agent)
    np.testing.assert_array_equal(obs["observation"], d.observation_tensor(d.current_player()))
    np.testing.assert_array_equal(obs["action_mask"], d.legal_action_mask().astype(np.int8))
    other = e.observe(f"player_{1 - d.current_player()}")
    assert not other["action_mask"].any(), "only the agent to act has legal actions"


@pytest.mark.parametrize("mulligans", [True, False])
def test_the_mulligans_are_the_duels_103_5(mulligans: bool) -> None:
    """By default each game opens with the keep-or-mulligan decisions (103.5), the starting
    player's first; ``mulligans=False`` has none."""
    from cardstate.duel import Duel

    e = pettingzoo_env.raw_env(mulligans=mulligans)
    e.reset(seed=11)
    d = Duel("infect", "energy", seed=11, mulligans=mulligans)
    assert d.decision() == ("mulligan" if mulligans else "priority")
    agent = e.agent_selection
    assert agent == f"player_{d.current_player()}"
    np.testing.assert_array_equal(
        e.observe(agent)["observation"], d.observation_tensor(d.current_player())
    )
    e.step(1 if mulligans else 0)  # keep the hand, or pass
    d.apply_action(1 if mulligans else 0)
    assert e.agent_selection == f"player_{d.current_player()}"


def test_an_illegal_action_is_refused_by_the_raw_env_and_changes_nothing() -> None:
    e = pettingzoo_env.raw_env()
    e.reset(seed=2)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.duel.hash()
    with pytest.raises(ValueError):
        e.step(illegal)
    assert e.duel.hash() == before


def test_an_illegal_action_loses_through_the_wrapped_env() -> None:
    e = pettingzoo_env.env()
    e.reset(seed=2)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.rewards[agent] == -1
    assert all(e.terminations.values())


def test_ansi_render_is_the_board_of_the_agent_to_act() -> None:
    e = pettingzoo_env.raw_env(render_mode="ansi")
    e.reset(seed=5)
    p = int(e.agent_selection[-1])
    assert e.render() == e.duel.board(p)
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env.raw_env(render_mode="human")
