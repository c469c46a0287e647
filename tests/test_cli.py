"""The ``cardstate`` command line and the benchmark workloads it shares with ``benches/``."""

from __future__ import annotations

import datetime
import json
import math
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cardstate._bench import workloads as benchmarks
from cardstate.cli import commit, main, run_bench, version

# is the foundation: these must be measured on native, reference and the floor.
FOUNDATION = ("add_counters", "count", "counters")


def _check_result(name: str, variant: str, result: dict) -> None:
    status = result["status"]
    assert status in ("ok", "not available"), f"{name} [{variant}]: {result}"
    if status == "ok":
        for key in ("median_s", "best_s", "per_call_s"):
            value = result[key]
            assert isinstance(value, float) and math.isfinite(value) and value > 0, (name, key)
        assert result["loops"] >= 1 and result["repeats_s"]
    else:
        assert result["reason"] and result["missing"], (name, variant, result)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"cardstate {version()}"


def test_python_dash_m_cardstate() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cardstate", "--version"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert out.stdout.startswith("cardstate ")


def test_a_reader_that_stops_reading_ends_the_command_quietly() -> None:
    """`cardstate ... | head`: the pipe closed before the command writes; the command ends
    with 141 (128 + SIGPIPE, as a shell reports it) and no traceback."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardstate", "cards", "coverage", "--pool", "berserk"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141, err
    assert "Traceback" not in err


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "bench" in capsys.readouterr().out


def test_bench_quick_json_has_every_workload_with_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``cardstate bench --quick --json FILE``: every workload of cardstate._bench.workloads, each
    variant timed (or listed as not available, with the reason), ratios computed."""
    out = tmp_path / "bench.json"
    assert main(["bench", "--quick", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["quick"] is True
    assert report["cardstate_version"] == version()
    rows = {row["name"]: row for row in report["workloads"]}
    assert list(rows) == [w.name for w in benchmarks.WORKLOADS]
    for w in benchmarks.WORKLOADS:
        row = rows[w.name]
        assert w.name in printed
        assert row["kind"] == w.kind and row["calls_per_run"] == w.calls
        for variant in w.variants():
            _check_result(w.name, variant, row[variant])
        assert (row["floor"] is not None) == (w.kind == "per-call")
        assert row["reference"]["status"] == "ok" or row["reference"]["missing"]
        if row["native"]["status"] == "ok" and row["reference"]["status"] == "ok":
            assert row["speedup_vs_reference"] > 0
        else:
            assert row["speedup_vs_reference"] is None
    for name in FOUNDATION:
        row = rows[name]
        for variant in ("native", "reference", "floor"):
            assert row[variant]["status"] == "ok", (name, variant, row[variant])
        assert row["native_over_floor"] > 0
        assert row["floor"]["label"].startswith("Game._noop")
    assert rows["add_counters"]["floor"]["label"] == "Game._noop3(a, b, c)"
    # The run records where, what and when.
    assert report["machine"]["cpus"] == os.cpu_count()
    assert report["machine"]["platform"] == platform.platform()
    assert report["commit"] is None or re.fullmatch("[0-9a-f]{40}", report["commit"])
    started = datetime.datetime.fromisoformat(report["started_utc"])
    finished = datetime.datetime.fromisoformat(report["finished_utc"])
    now = datetime.datetime.now(datetime.UTC)
    assert started <= finished <= now and now - started < datetime.timedelta(hours=1)


def test_bench_reports_progress_for_every_workload() -> None:
    seen: list[tuple[str, int, int]] = []
    report = run_bench(quick=True, only="count", progress=lambda *a: seen.append(a))
    names = [row["name"] for row in report["workloads"]]
    assert names and seen == [
        *((name, i, len(names)) for i, name in enumerate(names)),
        ("", len(names), len(names)),
    ]


def test_the_commit_comes_from_the_environment_when_given(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("CARDSTATE_COMMIT", "0123abc")
    assert commit() == "0123abc"


def test_importing_cardstate_sets_nothing_and_loads_no_benchmark_code() -> None:
    """``import cardstate`` (and its public submodules) changes no environment variable and
    imports none of the benchmark workloads; ``cardstate bench`` is what loads them."""
    code = (
        "import os, sys, json; before = dict(os.environ); import cardstate, cardstate.reference,"
        " cardstate.cards, cardstate.cli; after = dict(os.environ); print(json.dumps(["
        "{k: v for k, v in after.items() if before.get(k) != v}, sorted(set(before) - set(after)),"
        " [m for m in sys.modules if m.startswith('cardstate._bench') or 'rich' in m]]))"
    )
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    changed, removed, loaded = json.loads(out.stdout)
    assert changed == {} and removed == [] and loaded == []


def test_runtime_dependencies_of_the_bench_command_are_not_extras() -> None:
    """``cardstate bench`` from a wheel needs rich: it is a dependency, not a dev extra."""
    import tomllib

    root = Path(__file__).resolve().parent.parent
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert any(d.split(">")[0].split("=")[0].strip() == "rich" for d in project["dependencies"])


def test_bench_not_available_is_listed_not_dropped(capsys: pytest.CaptureFixture[str]) -> None:
    """A variant whose code doesn't exist is reported with the missing name."""

    def unavailable(cls: object) -> benchmarks.Case:
        raise benchmarks.Unavailable("Game.no_such_method does not exist yet", missing="x")

    w = benchmarks.Workload(
        name="imaginary",
        kind="compound",
        description="a method nobody wrote",
        native=unavailable,
        reference=lambda cls: benchmarks.Case(lambda: None),
    )
    saved = benchmarks.WORKLOADS[:]
    benchmarks.WORKLOADS[:] = [w]
    try:
        report = run_bench(quick=True)
    finally:
        benchmarks.WORKLOADS[:] = saved
    (row,) = report["workloads"]
    assert row["native"]["status"] == "not available"
    assert row["native"]["reason"] == "Game.no_such_method does not exist yet"
    assert row["reference"]["status"] == "ok"
    assert row["speedup_vs_reference"] is None


def test_bench_filter(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--quick", "-k", "counters"]) == 0
    printed = capsys.readouterr().out
    assert "add_counters" in printed and "deal_damage" not in printed
    assert main(["bench", "--quick", "-k", "no-such-workload"]) == 2


def test_measure_times_runs_and_excludes_setup() -> None:
    """``measure``: auto-ranged loops, the setup runs untimed once before each run."""
    setups = []
    runs = []

    def setup() -> tuple[int]:
        setups.append(1)
        return (len(setups),)

    case = benchmarks.Case(run=runs.append, setup=setup, calls=10)
    timing = benchmarks.measure(case, repeat_count=3, min_time=0.0, max_loops=4)
    assert timing.loops == 1
    assert len(timing.repeats) == 3
    assert runs == list(range(1, len(setups) + 1))
    assert timing.per_call == pytest.approx(timing.median / 10)
    assert timing.best <= timing.median


def test_workloads_are_named_uniquely_and_found() -> None:
    names = [w.name for w in benchmarks.WORKLOADS]
    assert len(names) == len(set(names))
    assert benchmarks.get_workload("clone").peer_label
    with pytest.raises(KeyError, match="known"):
        benchmarks.get_workload("nope")


@pytest.mark.parametrize(
    "build",
    [benchmarks.build_board, benchmarks.build_berserk_board],
    ids=["board", "berserk_board"],
)
def test_boards_are_deterministic_and_the_same_on_both_implementations(build) -> None:
    """The same seeded workload is built on native and on the reference: same ids, counters."""
    native = build(benchmarks.native_game_class())
    again = build(benchmarks.native_game_class())
    reference = build(benchmarks.reference_game_class())
    assert native.permanents == again.permanents == reference.permanents
    assert native.assignments == reference.assignments
    for x in [*native.game.players, *native.permanents]:
        assert native.game.counters(x) == again.game.counters(x) == reference.game.counters(x)
