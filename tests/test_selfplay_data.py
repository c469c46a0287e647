"""Self-play data shards: every decision of every game recorded (replaying the actions from the
game's seed gives the recorded observations and the final outcomes), reproducible from the
seed whatever the shard size and backend, arguments checked before any game."""

from __future__ import annotations

import numpy as np
import pytest
from cardstate.agents.seeds import derive
from cardstate.duel import Duel
from cardstate.errors import SelfPlayError
from cardstate.selfplay import data
from cardstate.selfplay.worker import seats_of

DECKS = ("evergreen", "energy")
SEARCH = {"simulations": 6, "batch_size": 64}


def uniform(obs, mask, players):
    return mask.astype(np.float32), np.zeros(len(players), np.float32)


class Boom:
    def __call__(self, obs, mask, players):
        raise RuntimeError("the network is down")


def test_shards_round_trip(tmp_path):
    paths = data.generate(
        games=3,
        out=tmp_path,
        evaluator="evaluation",
        seed=4,
        games_per_shard=2,
        backend="serial",
        **SEARCH,
    )
    assert [p.rsplit("/", 1)[-1] for p in paths] == ["shard-0000000.npz", "shard-0000002.npz"]
    pos = data.load(paths)
    n = len(pos)
    assert n > 0 and list(np.unique(pos.games)) == [0, 1, 2]
    assert pos.observations.dtype == np.float32 and pos.masks.dtype == np.bool_
    assert pos.policies.shape == pos.masks.shape and pos.observations.shape[0] == n
    np.testing.assert_allclose(pos.policies.sum(axis=1), 1.0, rtol=1e-5)
    assert not (pos.policies[~pos.masks] > 0).any()  # visits only on legal actions
    assert pos.masks[np.arange(n), pos.actions].all()
    # Replaying each game's actions from its seed gives what was recorded.
    for g in range(3):
        rows = np.flatnonzero(pos.games == g)
        s0, s1 = seats_of(g)
        d = Duel(DECKS[s0], DECKS[s1], seed=derive(4, g))
        for r in rows:
            p = d.current_player()
            assert pos.players[r] == p
            np.testing.assert_array_equal(pos.observations[r], d.observation_tensor(p))
            np.testing.assert_array_equal(pos.masks[r], d.legal_action_mask())
            d.apply_action(int(pos.actions[r]))
        assert d.is_terminal()
        for r in rows:
            assert pos.outcomes[r] == d.returns()[pos.players[r]]


def test_shards_are_reproducible_whatever_the_shard_size_and_backend(tmp_path):
    runs = [
        data.load(
            data.generate(
                games=4,
                out=tmp_path / name,
                evaluator=uniform,
                seed=9,
                backend=backend,
                games_per_shard=size,
                workers=2,
                **SEARCH,
            )
        )
        for name, size, backend in [("a", 4, "serial"), ("b", 1, "serial"), ("c", 3, "local")]
    ]
    for other in runs[1:]:
        for field in data.FIELDS:
            np.testing.assert_array_equal(getattr(runs[0], field), getattr(other, field))
    different = data.load(
        data.generate(
            games=4, out=tmp_path / "d", evaluator=uniform, seed=10, backend="serial", **SEARCH
        )
    )
    assert len(different) != len(runs[0]) or not np.array_equal(
        different.observations, runs[0].observations
    )


def test_bad_arguments_are_refused_before_any_game(tmp_path):
    with pytest.raises(ValueError, match="simulations"):
        data.generate(games=1, out=tmp_path, simulations=0, backend="serial")
    with pytest.raises(TypeError, match="games"):
        data.generate(games=1.5, out=tmp_path, backend="serial")
    with pytest.raises(ValueError, match="backend"):
        data.generate(games=1, out=tmp_path, backend="cloud")
    with pytest.raises(TypeError, match="pickled"):
        data.generate(games=1, out=tmp_path, evaluator=lambda o, m, p: None, backend="local")
    with pytest.raises(TypeError, match="seed"):
        data.generate(games=1, out=tmp_path, backend="serial", game_seeds=[1])
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(SelfPlayError, match="network is down"):
        data.generate(games=1, out=tmp_path, evaluator=Boom(), backend="serial", **SEARCH)


def test_a_file_that_is_not_a_shard(tmp_path):
    np.savez(tmp_path / "x.npz", a=np.zeros(2))
    with pytest.raises(ValueError, match="not a self-play shard"):
        data.load_shard(tmp_path / "x.npz")
    with pytest.raises(ValueError, match="no shards"):
        data.load([])


def test_ray_writes_the_same_shards(tmp_path, ray_cluster):
    kw = {"games": 3, "evaluator": "evaluation", "seed": 2, "games_per_shard": 2, **SEARCH}
    serial = data.load(data.generate(out=tmp_path / "serial", backend="serial", **kw))
    ray = data.load(data.generate(out=tmp_path / "ray", backend="ray", **kw))
    for field in data.FIELDS:
        np.testing.assert_array_equal(getattr(serial, field), getattr(ray, field))


def test_games_begin_with_the_london_mulligan_unless_told_not_to(tmp_path):
    """103.5: by default each game's first decision is keep (YES) or mulligan (NO); with
    ``mulligans=False`` the game begins at the first turn's priority."""
    first = {}
    for mulligans in (True, False):
        paths = data.generate(
            games=1,
            out=tmp_path / str(mulligans),
            evaluator="evaluation",
            decks=("infect", "proliferate"),
            pool="core",
            mulligans=mulligans,
            backend="serial",
            **SEARCH,
        )
        first[mulligans] = set(np.flatnonzero(data.load(paths).masks[0]))
    assert first[True] == {1, 2}
    assert first[False] != {1, 2}
    with pytest.raises(TypeError, match="mulligans"):
        data.generate(games=1, out=tmp_path, mulligans=1, backend="serial")
    with pytest.raises(ValueError, match="Black Lotus"):
        data.generate(games=1, out=tmp_path, decks=(["Black Lotus"], "energy"), backend="serial")
