"""The Ray backend of the self-play runner (one private cluster per session: ``ray_cluster``)."""

from __future__ import annotations

import pytest
from cardstate import selfplay
from cardstate.errors import SelfPlayError
from cardstate.selfplay import game_seed
from selfplay_game import Exploding, PyRandom, countdown


def run(**kw):
    kw.setdefault("agents", (PyRandom(1), PyRandom(2)))
    kw.setdefault("decks", ("a", "b"))
    kw.setdefault("game_factory", countdown)
    return selfplay.run(**kw)


def test_ray_gives_the_same_results_as_serial(ray_cluster):
    expected = run(games=17, seed=3, backend="serial")
    got = run(games=17, seed=3, backend="ray", chunk_size=4)
    assert got == expected
    assert got.backend == "ray" and got.workers == 2
    assert ray_cluster.is_initialized()  # the session's cluster is left running


def test_a_ray_worker_error_is_a_selfplay_error(ray_cluster):
    with pytest.raises(SelfPlayError, match=r"game 2 \(seed \d+\) failed: RuntimeError: boom"):
        run(games=4, agents=(Exploding(game_seed(0, 2)), PyRandom(0)), backend="ray")
