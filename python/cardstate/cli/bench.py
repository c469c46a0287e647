"""``cardstate bench``: the kernel's benchmark table.

``cardstate bench [--json FILE] [--quick] [-k SUBSTRING]`` runs every workload of
:mod:`cardstate._bench.workloads` on the native engine, on the pure-Python reference model, on
the floor (an empty native method) and on the peer where it has one, times them ``timeit``-style
(auto-ranged loops, median of repeats), showing progress as it goes, and prints a table of
medians and ratios. ``--json FILE`` writes the same data as JSON, with the machine, the commit
(when known) and the time of the run. A variant whose code doesn't exist yet is listed as
"not available" with the reason; one that raised is listed as "error".

The workloads are imported only when the command runs (``import cardstate`` loads none of them).
The ``--json`` path is checked before any timing, and the file written atomically.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from cardstate.cli.files import OutputError, check_output, write_atomic
from cardstate.cli.version import version

__all__ = ["add_command", "bench_main", "commit", "machine", "print_report", "run_bench"]


def _format_seconds(seconds: float | None) -> str:
    """``123 ns``, ``4.56 µs``, ``7.89 ms``, ``1.23 s``."""
    if seconds is None or not math.isfinite(seconds):
        return "—"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def _format_ratio(ratio: float | None) -> str:
    """``0.42x``, ``3.1x``, ``57x``, ``1,234x``."""
    if ratio is None or not math.isfinite(ratio):
        return "—"
    if ratio >= 100:
        return f"{ratio:,.0f}x"
    if ratio >= 10:
        return f"{ratio:.1f}x"
    return f"{ratio:.2g}x" if ratio < 0.1 else f"{ratio:.2f}x"


def _measure_variant(
    workload: Any, variant: str, native_cls: Any, reference_cls: Any, quick: bool
) -> dict[str, Any]:
    """Build and time one variant; a JSON-ready dict with ``status`` ok / not available / error."""
    from cardstate._bench.workloads import Unavailable, measure

    label = None
    if variant == "floor":
        label = workload.floor_label
    elif variant == "peer":
        label = workload.peer_label
    out: dict[str, Any] = {"label": label} if label else {}
    try:
        if variant != "reference" and native_cls is None:
            raise Unavailable("the native module cardstate._native is not built", missing="Game")
        if variant == "reference" and reference_cls is None:
            raise Unavailable("cardstate.reference is not importable", missing="reference.Game")
        try:
            case = workload.build(variant, native_cls, reference_cls)
        except (AttributeError, NotImplementedError) as exc:
            # A method the workload's board needs isn't written yet.
            missing = getattr(exc, "name", None) or type(exc).__name__
            raise Unavailable(f"{type(exc).__name__}: {exc}", missing=str(missing)) from exc
        timing = measure(
            case,
            repeat_count=3 if quick else 5,
            min_time=0.002 if quick else 0.2,
            max_loops=3 if quick else 10**7,
        )
    except Unavailable as exc:
        out.update(status="not available", reason=exc.reason, missing=exc.missing)
        return out
    except Exception as exc:  # a broken variant is reported, not fatal
        out.update(status="error", reason=f"{type(exc).__name__}: {exc}")
        return out
    out.update(
        status="ok",
        median_s=timing.median,
        best_s=timing.best,
        per_call_s=timing.per_call,
        repeats_s=timing.repeats,
        loops=timing.loops,
    )
    return out


def _ratio(numerator: dict[str, Any] | None, denominator: dict[str, Any] | None) -> float | None:
    if not numerator or not denominator:
        return None
    if numerator.get("status") != "ok" or denominator.get("status") != "ok":
        return None
    d = denominator["median_s"]
    return numerator["median_s"] / d if d > 0 else None


def machine() -> dict[str, Any]:
    """What the timings were taken on."""
    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
    }


def commit() -> str | None:
    """The git commit of the source the package was built from, if known: ``$CARDSTATE_COMMIT``,
    else that of the checkout holding the imported package (an editable install), else None."""
    if os.environ.get("CARDSTATE_COMMIT"):
        return os.environ["CARDSTATE_COMMIT"]
    import cardstate

    here = os.path.dirname(os.path.abspath(cardstate.__file__))
    try:
        out = subprocess.run(
            ["git", "-C", here, "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10
        )
    except (OSError, subprocess.SubprocessError):
        return None
    sha = out.stdout.strip()
    return sha if out.returncode == 0 and sha else None


def run_bench(
    *,
    quick: bool = False,
    only: str | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, Any]:
    """Time every workload (or those whose name contains ``only``); the report as a dict.
    ``progress(name, done, total)`` is called before each workload and once at the end."""
    from cardstate._bench import workloads as benchmarks

    try:
        native_cls: Any = benchmarks.native_game_class()
    except ImportError:
        native_cls = None
    try:
        reference_cls: Any = benchmarks.reference_game_class()
    except ImportError:
        reference_cls = None

    rows: list[dict[str, Any]] = []
    chosen = [w for w in benchmarks.WORKLOADS if not only or only in w.name]
    started = datetime.datetime.now(datetime.UTC)
    for done, w in enumerate(chosen):
        if progress is not None:
            progress(w.name, done, len(chosen))
        results = {
            v: _measure_variant(w, v, native_cls, reference_cls, quick) for v in w.variants()
        }
        native = results["native"]
        rows.append(
            {
                "name": w.name,
                "kind": w.kind,
                "description": w.description,
                "calls_per_run": w.calls,
                "native": native,
                "reference": results["reference"],
                "floor": results.get("floor"),
                "peer": results.get("peer"),
                # > 1: native is that many times faster than the reference / the peer.
                "speedup_vs_reference": _ratio(results["reference"], native),
                "speedup_vs_peer": _ratio(results.get("peer"), native),
                # > 1: native costs that many times the floor (the empty PyO3 call).
                "native_over_floor": _ratio(native, results.get("floor")),
            }
        )
    if progress is not None:
        progress("", len(chosen), len(chosen))
    return {
        "cardstate_version": version(),
        "commit": commit(),
        "started_utc": started.isoformat(timespec="seconds"),
        "finished_utc": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "quick": quick,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "unit": "seconds per run; per_call_s = median_s / calls_per_run",
        "workloads": rows,
    }


def _cell(result: dict[str, Any] | None, per_call: bool) -> str:
    if result is None:
        return "—"
    status = result.get("status")
    if status == "ok":
        return _format_seconds(result["per_call_s"] if per_call else result["median_s"])
    if status == "not available":
        return "[yellow]not available[/]"
    return "[red]error[/]"


def print_report(report: dict[str, Any], *, file: Any = None) -> None:
    """Print ``report`` (from :func:`run_bench`) as rich tables: native vs reference and floor,
    then native vs peers, then why any variant is not available."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = Console(file=file or sys.stdout)
    if not console.is_terminal:
        console.width = max(console.width, 120)
    title = "cardstate bench" + (" (quick: rough timings)" if report["quick"] else "")
    table = Table(
        title=title,
        caption="medians; per: call (of a 1,000-call loop) or run; speed-up = reference/native; "
        "÷ floor = native/floor (the empty PyO3 method _noop or _noop3)",
    )
    table.add_column("workload")
    table.add_column("per")
    for col in ("native", "reference", "speed-up", "floor", "native ÷ floor"):
        table.add_column(col, justify="right")
    notes: list[str] = []
    for row in report["workloads"]:
        per_call = row["kind"] == "per-call"
        floor = row["floor"]
        floor_cell = _cell(floor, per_call)
        if floor and floor.get("label"):
            floor_cell += (
                " [dim]" + escape(floor["label"].split("(")[0].removeprefix("Game.")) + "[/]"
            )
        table.add_row(
            row["name"],
            "call" if per_call else "run",
            _cell(row["native"], per_call),
            _cell(row["reference"], per_call),
            _format_ratio(row["speedup_vs_reference"]),
            floor_cell,
            _format_ratio(row["native_over_floor"]),
        )
        for variant in ("native", "reference", "floor", "peer"):
            r = row.get(variant)
            if r and r.get("status") != "ok":
                notes.append(f"{row['name']} ({variant}): {r['status']}: {r['reason']}")
    console.print(table)

    peers = [row for row in report["workloads"] if row["peer"] is not None]
    if peers:
        ptable = Table(title="native vs peers", caption="speed-up = peer/native")
        ptable.add_column("workload")
        ptable.add_column("peer")
        for col in ("peer time", "native time", "speed-up"):
            ptable.add_column(col, justify="right")
        for row in peers:
            ptable.add_row(
                row["name"],
                escape(row["peer"].get("label", "")),
                _cell(row["peer"], False),
                _cell(row["native"], False),
                _format_ratio(row["speedup_vs_peer"]),
            )
        console.print(ptable)
    for note in notes:
        console.print("- " + escape(note), style="dim", highlight=False)


def bench_main(args: argparse.Namespace) -> int:
    """Run ``cardstate bench``."""
    if args.json:
        try:
            check_output(args.json, "--json")
        except OutputError as exc:
            print(f"cardstate bench: {exc}", file=sys.stderr)
            return 2
    # The engine never calls BLAS, but numpy's OpenBLAS starts worker threads that spin on the
    # cores the thread-scaling workload runs on (on 2 cores, two engine threads then ran no
    # faster than one). Set here, by the command, before the workloads import numpy.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (
        TextColumn("timing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("", total=None)

        def progress(name: str, done: int, total: int) -> None:
            bar.update(task, description=name, completed=done, total=total)

        report = run_bench(quick=args.quick, only=args.filter, progress=progress)
    if not report["workloads"]:
        print(f"no workload matches {args.filter!r}", file=sys.stderr)
        return 2
    print_report(report)
    if args.json:
        text = json.dumps(report, indent=2, ensure_ascii=False) + "\n"
        try:
            write_atomic(args.json, lambda fh: fh.write(text.encode("utf-8")), "--json")
        except OutputError as exc:
            print(f"cardstate bench: {exc}", file=sys.stderr)
            return 1
    errors = [
        row["name"]
        for row in report["workloads"]
        for v in ("native", "reference", "floor", "peer")
        if row.get(v) and row[v]["status"] == "error"
    ]
    return 1 if errors else 0


def add_command(sub: Any) -> None:
    """Add ``bench`` to the ``cardstate`` subcommands."""
    bench = sub.add_parser(
        "bench",
        help="time the benchmark workloads on native, reference and the floor",
        description="Time every workload of cardstate._bench on the native engine, the "
        "reference model, the floor (an empty native method) and peers; print medians and ratios.",
    )
    bench.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    bench.add_argument(
        "--quick", action="store_true", help="few short repeats (for tests; rough timings)"
    )
    bench.add_argument(
        "-k", "--filter", metavar="SUBSTRING", help="only workloads whose name contains SUBSTRING"
    )
    bench.set_defaults(func=bench_main)
