"""Are slow rounds of a one-call benchmark the call's or the machine's? Each timed Grim
Affliction resolution (on a fresh board, as ``benches/test_bench_cards.py``) is followed by a
fixed calibration (20 ``Game.hash()`` calls on another game); rounds are split at 1.3x the 10th
percentile of the resolution's time, and the calibration's median is printed for each side
(docs/PERFORMANCE.md, "How to measure"; the measurements in docs/PERFORMANCE-ARCHIVE.md, "The
card runtime: Grim Affliction from Python").

    python benches/timing_modes.py [rounds]
"""

from __future__ import annotations

import gc
import statistics
import sys
import time

import cardstate
from cardstate import cards
from test_bench_cards import board


def calibration(h: object) -> int:
    """Nanoseconds of 20 calls of ``h``."""
    t = time.perf_counter_ns()
    for _i in range(20):
        h()  # type: ignore[operator]
    return time.perf_counter_ns() - t


def rounds(n: int, collect: bool) -> list[tuple[int, int]]:
    """(resolution ns, calibration ns) of ``n`` rounds, the garbage collector on or off."""
    db = cards.pool.native
    h = cardstate.Game(players=2).hash
    (gc.enable if collect else gc.disable)()
    out = []
    for _i in range(n):
        g, target = board(cardstate.Game)
        spell = cards.place(g, "Grim Affliction", 0, "stack")
        t = time.perf_counter_ns()
        db.resolve(g, "Grim Affliction", 0, [target], source=spell)
        out.append((time.perf_counter_ns() - t, calibration(h)))
    gc.enable()
    return out


def report(label: str, rs: list[tuple[int, int]]) -> None:
    times = sorted(r[0] for r in rs)
    cut = times[len(times) // 10] * 1.3
    fast = [c for t, c in rs if t <= cut]
    slow = [c for t, c in rs if t > cut]
    print(
        f"{label}: resolution p10 {times[len(times) // 10]} p50 {times[len(times) // 2]} ns, "
        f"slow rounds (> {cut:.0f} ns) {len(slow) / len(rs):.0%}; calibration median "
        f"{statistics.median(fast):.0f} ns in fast rounds, "
        f"{statistics.median(slow) if slow else float('nan'):.0f} ns in slow ones"
    )


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rounds(50, True)  # warm
    for collect in (True, False, True, False):
        report(f"gc {'on' if collect else 'off'}", rounds(n, collect))


if __name__ == "__main__":
    main()
