"""Instructions per call of the kernel's hot paths, counted by Callgrind: a figure that doesn't
depend on what else the machine is running (docs/PERFORMANCE.md, "How to measure").

    python benches/count_instructions.py add_counters simultaneous_damage_sba
    python benches/count_instructions.py --time add_counters   # wall clock instead

Each workload is counted twice under ``valgrind --tool=callgrind``: once doing only its setup
``rounds`` times, once doing setup and work; the difference divided by the calls made is the
cost of one call (interpreter start-up, imports and setup cancel out). The counts are the same
for the same build and inputs on any load. ``--cache`` adds Callgrind's simulated first-level
data cache misses per call (for tricks that change memory layout, which instruction counts
can't show). ``--time`` runs the work without Valgrind and prints the median wall-clock time per
call of ``--repeat`` timed rounds: noisy on a loaded machine.

``--builds DIR...`` compares builds: each DIR holds a ``cardstate`` package with its extension
(put first on ``PYTHONPATH``). Counts are made once per build; timings alternate between the
builds ``--rounds`` times in fresh processes and print the median of the medians, so a change
of load hits every build alike.

The workloads are those of ``cardstate bench`` and the pytest-benchmark suite: one definition,
``python/cardstate/_bench/workloads.py``, read here from this source tree (not from the build
measured, whose copy may be older), and using only the public API, so the same definitions
measure any build. A name counts the workload's native case; ``name:variant`` another variant
(``add_counters:floor``, ``grim_affliction:reference``, ``clone:peer``). A few shorter names
stand for variants (:data:`ALIASES`).
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

WORKLOADS_FILE = Path(__file__).resolve().parent.parent / "python/cardstate/_bench/workloads.py"


def _workloads() -> ModuleType:
    """``cardstate._bench.workloads`` of this source tree, loaded by path."""
    spec = importlib.util.spec_from_file_location("_cardstate_bench_workloads", WORKLOADS_FILE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


ALIASES = {
    "noop": "count:floor",
    "noop3": "add_counters:floor",
    "set_lives_many": "batch_set_lives_100",
    "proliferate": "proliferate_10k",
    "grim_affliction_reference": "grim_affliction:reference",
    "chess_clone": "clone:peer",
}
"""Short names of variants: the empty method calls (``Game._noop()``, ``Game._noop3(a, b, c)``),
and names the workloads had before they had one definition."""


def names() -> list[str]:
    """Every workload's name (the native case of each), then the aliases."""
    return [w.name for w in _workloads().WORKLOADS] + list(ALIASES)


def build(name: str) -> Any:
    """The case that ``name`` (``workload`` or ``workload:variant``, or an alias) counts: a
    ``Case`` with ``setup`` (or None), ``run`` and ``calls`` per run."""
    w = _workloads()
    workload, _, variant = ALIASES.get(name, name).partition(":")
    return w.get_workload(workload).build(
        variant or "native", w.native_game_class(), w.reference_game_class()
    )


def _split(case: Any) -> tuple[Any, Any]:
    """``(setup, run)`` of a case, where ``run`` takes what ``setup`` returns."""
    setup = case.setup or (lambda: ())
    run = case.run
    return setup, lambda state: run(*state)


def execute(name: str, rounds: int, work: bool) -> None:
    """The child process counted by Callgrind: ``rounds`` setups, each followed by the work."""
    setup, run = _split(build(name))
    run(setup())  # warm: the first call fills caches of the engine and the interpreter
    # No cyclic collections: one would scan the whole heap at a point that differs between
    # the two runs, which moved counts by millions of instructions.
    gc.collect()
    gc.disable()
    for _i in range(rounds):
        state = setup()
        if work:
            run(state)


def _env(build: str | None) -> dict[str, str]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    if build is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [build, env.get("PYTHONPATH")]))
    return env


def count(name: str, rounds: int, cache: bool, build: str | None = None) -> dict[str, float]:
    """Instructions (and simulated D1 misses) per call of ``name`` under Callgrind."""
    totals = []
    for work in (False, True):
        # Without address randomisation where possible: a few paths (the hash slot of a
        # remembered str) depend on addresses, which moved counts by about 0.3% between runs.
        cmd = ["setarch", "-R"] if shutil.which("setarch") else []
        cmd += ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        if cache:
            cmd.append("--cache-sim=yes")
        cmd += [sys.executable, __file__, "--child", name, str(rounds), str(int(work))]
        err = subprocess.run(cmd, env=_env(build), capture_output=True, text=True, check=True)
        err = err.stderr
        m = re.search(r"Collected : ([\d ]+)", err)
        if m is None:
            raise RuntimeError(f"no Callgrind totals in:\n{err}")
        totals.append([int(v) for v in m.group(1).split()])
    calls = rounds * calls_per_run(name, build)
    diff = [b - a for a, b in zip(totals[0], totals[1], strict=True)]
    out = {"instructions": diff[0] / calls}
    if cache:
        # --cache-sim events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw
        out["d1_misses"] = (diff[4] + diff[7]) / calls
    return out


def calls_per_run(name: str, build: str | None = None) -> int:
    """API calls one run of ``name`` makes (the case is built in a process of its own, with
    ``build`` first on the path, as the counted ones are)."""
    cmd = [sys.executable, __file__, "--calls-child", name]
    out = subprocess.run(cmd, env=_env(build), capture_output=True, text=True, check=True)
    return int(out.stdout)


def timed(name: str, repeat: int) -> float:
    """Median seconds per call over ``repeat`` timed runs."""
    case = build(name)
    setup, run = _split(case)
    calls = case.calls
    run(setup())
    gc.collect()
    gc.disable()
    times = []
    for _i in range(repeat):
        state = setup()
        t = time.perf_counter()
        run(state)
        times.append((time.perf_counter() - t) / calls)
    return statistics.median(times)


def timed_in(build: str | None, name: str, repeat: int) -> float:
    """``timed`` in a fresh process with ``build`` first on the path."""
    cmd = [sys.executable, __file__, "--timed-child", name, str(repeat)]
    out = subprocess.run(cmd, env=_env(build), capture_output=True, text=True, check=True)
    return float(out.stdout)


def main() -> None:
    """Count (or time) the named workloads and print one line per workload (and build)."""
    if sys.argv[1:2] == ["--child"]:
        execute(sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1")
        return
    if sys.argv[1:2] == ["--timed-child"]:
        print(timed(sys.argv[2], int(sys.argv[3])))
        return
    if sys.argv[1:2] == ["--calls-child"]:
        print(build(sys.argv[2]).calls)
        return
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "workloads",
        nargs="*",
        default=[w.name for w in _workloads().WORKLOADS],
        help="workload names, name:variant (floor, reference, peer) or aliases "
        f"({', '.join(ALIASES)}); default: every workload's native case",
    )
    p.add_argument("--rounds", type=int, default=5, help="rounds counted (or timed) per build")
    p.add_argument("--cache", action="store_true", help="also simulated D1 misses per call")
    p.add_argument("--time", action="store_true", help="wall clock instead of Callgrind")
    p.add_argument("--repeat", type=int, default=200, help="timed runs per round (--time)")
    p.add_argument("--builds", nargs="+", metavar="DIR", help="compare these builds")
    a = p.parse_args()
    builds: list[str | None] = a.builds or [None]
    known = names()
    for name in a.workloads:
        if ALIASES.get(name, name).partition(":")[0] not in known:
            p.error(f"unknown workload {name!r}; known: {', '.join(known)}")
        if a.time and a.builds:
            medians: dict[str | None, list[float]] = {b: [] for b in builds}
            for _i in range(a.rounds):
                for b in builds:
                    medians[b].append(timed_in(b, name, a.repeat))
            for b in builds:
                m = sorted(medians[b])
                print(
                    f"{name:26} {statistics.median(m) * 1e9:12.1f} ns/call "
                    f"(medians {m[0] * 1e9:.1f}..{m[-1] * 1e9:.1f}) {b}",
                    flush=True,
                )
        elif a.time:
            print(f"{name:26} {timed(name, a.repeat) * 1e9:12.1f} ns/call", flush=True)
        else:
            for b in builds:
                r = count(name, a.rounds, a.cache, b)
                extra = f" {r['d1_misses']:10.2f} D1 misses/call" if a.cache else ""
                where = f" {b}" if b else ""
                print(
                    f"{name:26} {r['instructions']:12.1f} instructions/call{extra}{where}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
