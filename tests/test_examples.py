"""examples/train_policy.py trains on DuelBatch and reports its win rate before and after, on
exactly the games asked for (numpy by default; the PyTorch policy where PyTorch is importable,
else a clear refusal; against an agent or a frozen copy of itself); examples/alphazero.py runs
its loop (generate, train, evaluate, checkpoint) on tiny settings, with numpy and, where
PyTorch is importable, with PyTorch."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_policy.py"
RESULT = re.compile(r"(\d+\.\d)% wins \((\d+)-(\d+)-(\d+) in (\d+) games, 95% CI")


def _run(*extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLE), "--seconds", "3", "--games", "16", "--eval-games", "40"]
        + list(extra),
        capture_output=True,
        text=True,
        timeout=600,
    )


def _check_report(out: str) -> None:
    lines = out.splitlines()
    assert [line.split(" ")[0] for line in lines] == ["before:", "trained", "after:"], out
    for line in (lines[0], lines[2]):
        m = RESULT.search(line)
        assert m, line
        rate, wins, losses, draws, n = m.groups()
        # Exactly the games asked for, though several end in the same step.
        assert int(wins) + int(losses) + int(draws) == int(n) == 40
        assert abs(float(rate) - 100 * int(wins) / int(n)) < 0.06
    trained = re.search(r"(\d+) games, (\d+) decisions", lines[1])
    assert trained and int(trained.group(1)) > 0 and int(trained.group(2)) > 0, lines[1]


def test_train_policy_runs_and_reports_win_rates() -> None:
    r = _run()
    assert r.returncode == 0, r.stderr
    _check_report(r.stdout)


def test_train_policy_against_a_frozen_copy_of_itself() -> None:
    """``--opponent self``: a copy of the policy plays the other seat as the batch's Python
    opponent policy, copied again every ``--refresh`` games."""
    r = _run("--opponent", "self", "--refresh", "2")
    assert r.returncode == 0, r.stderr
    _check_report(r.stdout)


def test_train_policy_refuses_a_bad_opponent_before_training() -> None:
    r = _run("--opponent", "mcts:sims=3")
    assert r.returncode == 2 and r.stdout == ""
    assert "--opponent mcts:sims=3" in r.stderr and "simulations" in r.stderr, r.stderr


def test_train_policy_torch_backend_runs_or_says_why_not() -> None:
    r = _run("--backend", "torch")
    if importlib.util.find_spec("torch") is not None:
        assert r.returncode == 0, r.stderr
        assert "Warning" not in r.stderr, r.stderr
        _check_report(r.stdout)
    else:
        # Without PyTorch the example refuses before training, naming what is missing.
        assert r.returncode != 0 and r.stdout == ""
        assert "--backend torch needs PyTorch" in r.stderr, r.stderr


ALPHAZERO = EXAMPLE.parent / "alphazero.py"
TINY = ["--iterations", "2", "--games", "2", "--simulations", "4", "--eval-games", "2"]
TINY += ["--hidden", "8", "--epochs", "1", "--workers", "1"]
ITERATION = re.compile(
    r"iteration (\d): (\d+) positions, loss ([\d.]+), "
    r"vs previous (\d+)% \((\d+)-(\d+)-(\d+)\), vs rollouts (\d+)% \((\d+)-(\d+)-(\d+)\)"
)


def _alphazero(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ALPHAZERO), *TINY, "--out", str(tmp_path), *extra],
        capture_output=True,
        text=True,
        timeout=600,
    )


def _check_alphazero(r: subprocess.CompletedProcess[str], tmp_path: Path, suffix: str) -> None:
    assert r.returncode == 0, r.stderr
    found = [ITERATION.search(line) for line in r.stdout.splitlines()]
    its = [m for m in found if m]
    assert [int(m.group(1)) for m in its] == [1, 2], r.stdout
    # The second iteration trains on both iterations' positions (the window).
    assert 0 < int(its[0].group(2)) < int(its[1].group(2))
    for m in its:
        for rate, first in ((4, 5), (8, 9)):
            wins, losses, draws = (int(m.group(first + i)) for i in range(3))
            assert wins + losses + draws == 2
            assert int(m.group(rate)) == round(100 * wins / 2)
    curve = json.loads((tmp_path / "curve.json").read_text())
    assert [c["iteration"] for c in curve] == [1, 2]
    assert (tmp_path / f"net-2{suffix}").exists()
    assert sorted(p.name for p in (tmp_path / "data-1").iterdir())[0].startswith("shard-")


def test_alphazero_runs_a_tiny_configuration(tmp_path: Path) -> None:
    _check_alphazero(_alphazero(tmp_path), tmp_path, ".npz")


def test_alphazero_torch_backend_runs_or_says_why_not(tmp_path: Path) -> None:
    if importlib.util.find_spec("torch") is None:
        r = _alphazero(tmp_path, "--backend", "torch")
        assert r.returncode != 0 and "--backend torch needs PyTorch" in r.stderr, r.stderr
        pytest.skip("PyTorch is not installed: the torch backend said so and stopped")
    _check_alphazero(_alphazero(tmp_path, "--backend", "torch", "--device", "cpu"), tmp_path, ".pt")
