"""examples/train_policy.py trains on DuelBatch and reports its win rate before and after."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_policy.py"
RESULT = re.compile(r"(\d+\.\d)% wins \((\d+)-(\d+)-(\d+) in (\d+) games, 95% CI")


def test_train_policy_runs_and_reports_win_rates() -> None:
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "--seconds", "3", "--games", "16", "--eval-games", "40"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    ).stdout
    lines = out.splitlines()
    assert [line.split(" ")[0] for line in lines] == ["before:", "trained", "after:"], out
    for line in (lines[0], lines[2]):
        m = RESULT.search(line)
        assert m, line
        rate, wins, losses, draws, n = m.groups()
        assert int(wins) + int(losses) + int(draws) == int(n) >= 40
        assert abs(float(rate) - 100 * int(wins) / int(n)) < 0.06
    trained = re.search(r"(\d+) games, (\d+) decisions", lines[1])
    assert trained and int(trained.group(1)) > 0 and int(trained.group(2)) > 0, lines[1]
