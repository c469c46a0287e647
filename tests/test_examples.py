"""examples/train_policy.py trains on DuelBatch and reports its win rate before and after, on
exactly the games asked for (numpy by default; the PyTorch policy where PyTorch is importable,
else a clear refusal; against an agent or a frozen copy of itself)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

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
