"""``cardstate selfplay`` end to end on the duel through each backend (the same results), its
JSON and PNG, and ``cardstate play`` driven through a pseudo-terminal."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time

import pytest
from cardstate.cli import main

ARGS = ["--games", "4", "--agents", "mcts:simulations=16,random", "--decks", "evergreen,energy"]


def selfplay(tmp_path, capsys, backend, *extra):
    out = tmp_path / f"{backend}.json"
    status = main(
        ["selfplay", *ARGS, "--seed", "3", "--backend", backend, "--json", str(out), *extra]
    )
    text = capsys.readouterr().out
    assert status == 0, text
    assert "win rate" in text and "95% interval" in text and "games/s" in text
    return json.loads(out.read_text())


def games_of(report):
    return report["games"], report["agent_totals"], report["seat_totals"]


def test_selfplay_serial_and_local_give_the_same_games(tmp_path, capsys):
    serial = selfplay(tmp_path, capsys, "serial")
    assert [g["index"] for g in serial["games"]] == [0, 1, 2, 3]
    assert [g["seats"] for g in serial["games"]] == [[0, 1], [1, 0], [0, 1], [1, 0]]
    assert serial["agents"] == ["mcts(simulations=16)", "random"]
    assert serial["decks"] == ["evergreen", "energy"]
    assert sum(t["wins"] for t in serial["agent_totals"]) + serial["draws"] == 4
    for workers in ("1", "2"):
        local = selfplay(tmp_path, capsys, "local", "--workers", workers)
        assert games_of(local) == games_of(serial)
        assert local["backend"] == "local" and local["workers"] == int(workers)


def test_selfplay_ray_gives_the_same_games(tmp_path, capsys, ray_cluster):
    serial = selfplay(tmp_path, capsys, "serial")
    ray = selfplay(tmp_path, capsys, "ray")
    assert games_of(ray) == games_of(serial)


def test_selfplay_plot_writes_a_png(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    png = tmp_path / "match.png"
    selfplay(tmp_path, capsys, "serial", "--plot", str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_selfplay_bad_agent_is_an_error_message(capsys):
    assert (
        main(["selfplay", "--games", "1", "--agents", "alphazero,random", "--backend", "serial"])
        == 1
    )
    assert "unknown agent" in capsys.readouterr().out


def test_selfplay_console_script():
    r = subprocess.run(
        [sys.executable, "-m", "cardstate", "selfplay", *ARGS[:2], "--agents", "greedy,random"]
        + ["--backend", "serial"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert "greedy" in r.stdout and "win rate" in r.stdout


def _read_until(fd: int, needles: tuple[str, ...], timeout: float = 60.0) -> str:
    buf = ""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536).decode("utf-8", "replace")
            except OSError:  # the child closed the terminal
                return buf
            if not chunk:
                return buf
            buf += chunk
            if any(n in buf for n in needles):
                return buf
    raise AssertionError(f"timed out waiting for {needles}; got {buf[-2000:]!r}")


def _play(*args: str) -> tuple[subprocess.Popen, int]:
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardstate", "play", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        close_fds=True,
    )
    os.close(slave)
    return proc, master


def test_play_in_a_pseudo_terminal_to_the_end():
    proc, fd = _play("--agent", "random", "--deck", "evergreen", "--seed", "2")
    try:
        seen = _read_until(fd, ("your move",))
        assert "turn 1/40" in seen and "[0] pass" in seen
        # The agent's hand is shown by its size only; ours in full.
        assert seen.count("hand: 7 cards") == 1
        for _ in range(3000):
            os.write(fd, b"0\n")
            seen = _read_until(fd, ("your move", "you win", "you lose", "draw\r\n"))
            if any(e in seen for e in ("you win", "you lose", "draw\r\n")):
                break
        else:
            raise AssertionError("the game did not end")
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
        os.close(fd)


def test_play_quits_and_rejects_bad_moves():
    proc, fd = _play("--agent", "mcts:simulations=10", "--deck", "energy", "--seat", "1")
    try:
        _read_until(fd, ("your move",))
        os.write(fd, b"999\n")
        assert "not one of the listed moves" in _read_until(fd, ("not one of",))
        os.write(fd, b"q\n")
        _read_until(fd, ("quit",))
        assert proc.wait(timeout=30) == 1
    finally:
        proc.kill()
        os.close(fd)


def test_run_with_agent_objects_gives_the_same_games_on_every_local_worker_count():
    from cardstate import selfplay
    from cardstate.agents import MCTSAgent, RandomAgent

    kw = {"games": 4, "agents": (MCTSAgent(simulations=12, seed=3), RandomAgent(4)), "seed": 8}
    serial = selfplay.run(**kw, decks=("infect", "proliferate"), backend="serial")
    local = selfplay.run(**kw, decks=("infect", "proliferate"), backend="local", workers=2)
    assert local == serial
    assert serial.agents[0].startswith("MCTSAgent(simulations=12")
    # The same agents given by name play the same games.
    named = selfplay.run(
        games=4,
        agents=("mcts:simulations=12,seed=3", "random:seed=4"),
        decks=("infect", "proliferate"),
        seed=8,
        backend="serial",
    )
    assert named.games == serial.games


def test_run_defaults_to_the_first_two_registered_decks():
    from cardstate import duel, selfplay

    r = selfplay.run(games=2, agents=("random", "greedy"), backend="serial")
    assert r.decks == duel.decks[:2]
    assert len(r.games) == 2 and r.games_per_s > 0
