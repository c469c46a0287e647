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


def test_an_address_with_no_cluster_is_an_error_within_the_timeout():
    """``address=`` where no Ray cluster answers: a port that refuses, and one that accepts but
    never speaks (Ray alone would wait for ever). A subprocess, since a Ray already initialised
    in this process (``ray_cluster``) would be used instead, with a time bound: a hang is the
    failure."""
    import subprocess
    import sys
    import textwrap

    pytest.importorskip("ray")
    code = textwrap.dedent(
        """
        import socket, time
        from cardstate import selfplay
        from cardstate.errors import SelfPlayError
        silent = socket.socket()
        silent.bind(("127.0.0.1", 0))
        silent.listen(4)
        closed = socket.socket()
        closed.bind(("127.0.0.1", 0))
        refused = closed.getsockname()[1]
        closed.close()
        for port in (refused, silent.getsockname()[1]):
            start = time.monotonic()
            try:
                selfplay.run(games=2, agents=("random", "random"), backend="ray",
                             address=f"127.0.0.1:{port}", connect_timeout=2)
            except SelfPlayError as exc:
                print(f"{time.monotonic() - start:.1f}", exc)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=90, check=True
    )
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 2, out
    refused, silent = (line.split(" ", 1) for line in lines)
    assert "no Ray cluster answers" in refused[1] and "ray start --head" in refused[1]
    assert "did not answer within 2 s" in silent[1]
    assert float(silent[0]) < 10
