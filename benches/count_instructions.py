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

Workloads use only the public API, so the same file measures any build of the extension.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

Setup = Callable[[], Any]
Run = Callable[[Any], None]


def _game(**kwargs: Any) -> Any:
    # Imported here: the parent process only starts children, each with its own build.
    import cardstate

    return cardstate.Game(**kwargs)


def _target() -> tuple[Any, int]:
    g = _game(players=2, ruleset="mtg", seed=0)
    x = g.create(0, name="Target", types=("creature",), power=2, toughness=2)
    g.add_counters(x, "+1/+1", 2)
    g.add_counters(x, "shield", 1)
    g.add_counters(x, "quest", 3)
    g.take_events()
    return g, x


def _board(permanents: int = 100) -> tuple[Any, list[tuple[int, int, int]]]:
    """2 players and ``permanents`` creatures with mixed keywords and counters; one damage
    assignment per creature to a creature of the other player (amount 1 to 4)."""
    g = _game(players=2, ruleset="mtg", seed=0)
    keywords = ((), ("lifelink",), ("infect",), ("deathtouch",), ("wither",), ())
    ids = []
    for i in range(permanents):
        x = g.create(
            i % 2, types=("creature",), keywords=keywords[i % 6], power=2, toughness=i % 4 + 1
        )
        if i % 3 == 0:
            g.add_counters(x, "+1/+1", 1)
        if i % 7 == 0:
            g.add_counters(x, "shield", 1)
        if i % 5 == 0:
            g.add_counters(x, "-1/-1", 1)
        ids.append(x)
    g.take_events()
    return g, [(ids[i], ids[(i + 1) % permanents], i % 4 + 1) for i in range(permanents)]


def per_call(calls: int, method: str, *args: Any, effects: bool = False) -> tuple[Setup, Run, int]:
    """``calls`` calls of ``g.method(x, *args)`` on one creature (``"y"`` in ``args``: a second
    creature, of toughness 10**9); the setup empties the log. ``effects``: with the five
    replacement effects of :data:`FIVE_EFFECTS` in play."""
    g, x = _target()
    y = g.create(1, types=("creature",), power=1, toughness=10**9)
    if effects:
        add_five_effects(g)
    args = tuple(y if a == "y" else a for a in args)
    f = getattr(g, method)

    def setup() -> Any:
        g.clear_events()
        return None

    def run(_: Any) -> None:
        for _i in range(calls):
            f(x, *args)

    return setup, run, calls


def place_card() -> tuple[Setup, Run, int]:
    """1,000 placements of Grizzly Bears onto the battlefield of a bare game
    (``cardstate.cards.place``); the setup empties the log."""
    import cardstate.cards as cards

    g = _game(players=2, ruleset="mtg", seed=0)
    cards.place(g, "Grizzly Bears", 0)

    def setup() -> Any:
        g.clear_events()
        return None

    def run(_: Any) -> None:
        for _i in range(1000):
            cards.place(g, "Grizzly Bears", 0)

    return setup, run, 1000


FIVE_EFFECTS = (
    ("counters_plus", "creatures you control", "+1/+1", 1),
    ("counters_times", "permanents you control", None, 2),
    ("counters_minus", "creatures you control", "-1/-1", 1),
    ("counters_cant", ("lands", "players"), None, None),
    ("life_gain_cant", "opponents", None, None),
)
"""The five replacement effects of ``rust/core/benches/core.rs`` (``add_effects``), each from an
enchantment of player 0 or 1 in turn (the target: a call with them in play within 2x of one
with none)."""


def add_five_effects(g: Any) -> None:
    for i, (effect, affects, counter, amount) in enumerate(FIVE_EFFECTS):
        source = g.create(i % 2, types=("enchantment",))
        g.add_replacement_effect(
            effect, affects=affects, source=source, counter=counter, amount=amount
        )


def hash_calls() -> tuple[Setup, Run, int]:
    """1,000 calls of ``hash()`` (the hash is kept up to date by every change; the call reads
    it)."""
    g, x = _target()

    def setup() -> Any:
        g.clear_events()
        return None

    def run(_: Any) -> None:
        h = g.hash
        for _i in range(1000):
            h()

    return setup, run, 1000


def simultaneous_damage_sba() -> tuple[Setup, Run, int]:
    """100 assignments of simultaneous combat damage on a fresh board, then SBAs."""
    _, assignments = _board()

    def setup() -> Any:
        return _board()[0]

    def run(g: Any) -> None:
        g.deal_simultaneous_damage(assignments)
        g.check_state_based_actions()

    return setup, run, 1


def noop_calls() -> tuple[Setup, Run, int]:
    """1,000 calls of ``Game._noop()`` (the floor of a one-argument method such as ``cost``, as
    ``cardstate._bench.workloads`` measures it)."""
    g, _ = _target()
    f = g._noop

    def setup() -> Any:
        return None

    def run(_: Any) -> None:
        for _i in range(1000):
            f()

    return setup, run, 1000


def cost_calls() -> tuple[Setup, Run, int]:
    """1,000 calls of ``cost(card)``: a Гном in hand of cost 12 with 10 applicable cost
    modifiers (9 from sources in play, 1 one-off), the board of the ``cost`` workload of
    ``cardstate._bench.workloads``."""
    g = _game(players=2, ruleset="berserk", seed=0)
    card = g.create(
        0, zone="hand", types=("creature",), subtypes=("Гном",), strength=1, lives=2, cost=12
    )
    for i in range(9):
        src = g.create(
            i % 2, types=("creature",), subtypes=("Рунопевец",), strength=1, lives=1, cost=3
        )
        g.add_cost_modifier(-1 if i % 2 == 0 else 1, source=src, subtypes=("Гном",))
    g.add_cost_modifier(-1, card=card)
    g.take_events()
    f = g.cost

    def setup() -> Any:
        return None

    def run(_: Any) -> None:
        for _i in range(1000):
            f(card)

    return setup, run, 1000


def take_events() -> tuple[Setup, Run, int]:
    """100 damage events made into Python objects (``take_events``) and dropped."""
    g, x = _target()
    y = g.create(1, types=("creature",), power=1, toughness=10**9)

    def setup() -> Any:
        g.clear_events()
        for _i in range(100):
            g.deal_damage(x, y, 1)
        return None

    def run(_: Any) -> None:
        g.take_events()

    return setup, run, 100


def clone_and_change() -> tuple[Setup, Run, int]:
    """A clone of a 100-creature board changed ten times (the first change copies a chunk)."""
    g, _ = _board()
    ids = [e for e in range(2, 102)]

    def setup() -> Any:
        return None

    def run(_: Any) -> None:
        c = g.clone()
        for x in ids[:10]:
            c.add_counters(x, "+1/+1", 1)

    return setup, run, 1


def apply_ops() -> tuple[Setup, Run, int]:
    """``Game.apply`` of 5 operations (one transaction each call)."""
    g, _ = _board()
    ops = [("add_counters", 2 + i, "charge", 1) for i in range(4)] + [("gain_life", 0, 1)]

    def setup() -> Any:
        g.clear_events()
        return None

    def run(_: Any) -> None:
        for _i in range(100):
            g.apply(ops)

    return setup, run, 100


def set_lives_many() -> tuple[Setup, Run, int]:
    """``set_lives_many`` over 100 Berserk creatures, alternating between two values."""
    g = _game(players=2, ruleset="berserk", seed=0)
    ids = [g.create(i % 2, types=("creature",), strength=2, lives=3) for i in range(100)]
    g.take_events()
    values = [[2] * 100, [4] * 100]

    def setup() -> Any:
        g.clear_events()
        return None

    def run(_: Any) -> None:
        for v in values:
            g.set_lives_many(ids, v)

    return setup, run, 2


def proliferate() -> tuple[Setup, Run, int]:
    """Proliferate over 10,000 entities with 1 to 3 kinds of counters, half chosen."""
    g = _game(players=2, ruleset="mtg", seed=0)
    kinds = ("+1/+1", "charge", "oil", "quest", "doom", "age")
    chosen = []
    for i in range(9998):
        x = g.create(i % 2, types=("artifact",))
        for j in range(1 + i % 3):
            g.add_counters(x, kinds[(i + j) % 6], 2)
        if i % 2 == 0:
            chosen.append(x)
    g.take_events()

    def setup() -> Any:
        g.clear_events()
        return None

    def run(_: Any) -> None:
        g.proliferate(0, chosen)

    return setup, run, 1


def duel_clone() -> tuple[Setup, Run, int]:
    """``Duel.clone()`` of the mid-game duel of ``benches/test_bench_duel.py::test_clone`` (each
    copy dropped at once, as there)."""
    import random

    from cardstate.duel import Duel

    d = Duel("infect", "energy", seed=3)
    r = random.Random(3)
    for _ in range(40):
        d.apply_action(r.choice(d.legal_actions()))

    def setup() -> Any:
        return None

    def run(_: Any) -> None:
        for _i in range(1000):
            d.clone()

    return setup, run, 1000


def duel_batch_step() -> tuple[Setup, Run, int]:
    """``DuelBatch.step`` of a one-game batch from Python, the smallest legal id
    (``masks.argmax(axis=1)``): the call's own cost, which a one-game batch shows beside the
    game's (the writeable-flag row of docs/PERFORMANCE.md)."""
    from cardstate.duel.batch import DuelBatch

    b = DuelBatch(1, ("infect", "energy"), seed=0)
    masks = [b.reset()[1]]

    def setup() -> Any:
        return None

    def run(_: Any) -> None:
        for _i in range(1000):
            masks[0] = b.step(masks[0].argmax(axis=1))[1]

    return setup, run, 1000


def chess_clone() -> tuple[Setup, Run, int]:
    """OpenSpiel's chess ``clone()`` 20 moves in (the peer of ``duel_clone``; needs
    ``open_spiel``)."""
    import random

    import pyspiel

    s = pyspiel.load_game("chess").new_initial_state()
    r = random.Random(0)
    for _ in range(20):
        s.apply_action(r.choice(s.legal_actions()))

    def setup() -> Any:
        return None

    def run(_: Any) -> None:
        for _i in range(1000):
            s.clone()

    return setup, run, 1000


def _grim_board(reference: bool) -> tuple[Any, int, int]:
    """The board of ``benches/test_bench_cards.py``: 10 creatures per player, every other one
    with a counter, poison on player 1; Grim Affliction on the stack."""
    import cardstate
    import cardstate.reference
    from cardstate import cards

    g = (cardstate.reference.Game if reference else cardstate.Game)(players=2)
    target = -1
    for i in range(20):
        player = i % 2
        x = cards.place(g, "Grizzly Bears", player)
        if i % 4 < 2:
            g.add_counters(x, "-1/-1" if player else "+1/+1", 1)
        if player == 1:
            target = x
    g.add_counters(1, "poison", 2)
    spell = cards.place(g, "Grim Affliction", 0, "stack")
    g.take_events()
    return g, target, spell


def grim_affliction(reference: bool = False) -> tuple[Setup, Run, int]:
    """Grim Affliction ("Put a -1/-1 counter on target creature, then proliferate.") resolved
    on a fresh 20-permanent board, proliferating every candidate, as
    ``benches/test_bench_cards.py``: ``CardDb.resolve`` (or the reference's ``resolve_with``)."""
    from cardstate import cards
    from cardstate.reference import cards as ref_cards

    db = cards.pool.native
    data = cards.pool.data

    def setup() -> Any:
        return _grim_board(reference)

    def run(state: Any) -> None:
        g, target, spell = state
        if reference:
            ref_cards.resolve_with(data, g, "Grim Affliction", 0, [target], source=spell)
        else:
            db.resolve(g, "Grim Affliction", 0, [target], source=spell)

    return setup, run, 1


WORKLOADS: dict[str, Callable[[], tuple[Setup, Run, int]]] = {
    "noop": noop_calls,
    "noop3": lambda: per_call(1000, "_noop3", "+1/+1", 1),
    "add_counters": lambda: per_call(1000, "add_counters", "+1/+1", 1),
    "add_counters_custom": lambda: per_call(1000, "add_counters", "quest", 1),
    "add_counters_5_effects": lambda: per_call(1000, "add_counters", "+1/+1", 1, effects=True),
    "count": lambda: per_call(1000, "count", "+1/+1"),
    "counters": lambda: per_call(1000, "counters"),
    "hash": hash_calls,
    "deal_damage": lambda: per_call(1000, "deal_damage", "y", 1),
    "deal_damage_5_effects": lambda: per_call(1000, "deal_damage", "y", 1, effects=True),
    "cost": cost_calls,
    "take_events": take_events,
    "simultaneous_damage_sba": simultaneous_damage_sba,
    "clone_and_change": clone_and_change,
    "apply_ops": apply_ops,
    "set_lives_many": set_lives_many,
    "proliferate": proliferate,
    "duel_clone": duel_clone,
    "duel_batch_step": duel_batch_step,
    "grim_affliction": grim_affliction,
    "place": place_card,
    "grim_affliction_reference": lambda: grim_affliction(reference=True),
    "chess_clone": chess_clone,
}
"""Name -> builder of (setup, run, calls per run)."""

PEERS = {"chess_clone"}
"""Workloads of other libraries (for comparison; not run by default)."""

CALLS = {
    "noop": 1000,
    "noop3": 1000,
    "add_counters": 1000,
    "add_counters_custom": 1000,
    "add_counters_5_effects": 1000,
    "count": 1000,
    "counters": 1000,
    "hash": 1000,
    "deal_damage": 1000,
    "deal_damage_5_effects": 1000,
    "cost": 1000,
    "take_events": 100,
    "simultaneous_damage_sba": 1,
    "clone_and_change": 1,
    "apply_ops": 100,
    "set_lives_many": 2,
    "proliferate": 1,
    "duel_clone": 1000,
    "duel_batch_step": 1000,
    "grim_affliction": 1,
    "place": 1000,
    "grim_affliction_reference": 1,
    "chess_clone": 1000,
}
"""Calls per run of each workload (known without building it)."""


def execute(name: str, rounds: int, work: bool) -> None:
    """The child process counted by Callgrind: ``rounds`` setups, each followed by the work."""
    setup, run, calls = WORKLOADS[name]()
    assert calls == CALLS[name], name
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
    calls = rounds * CALLS[name]
    diff = [b - a for a, b in zip(totals[0], totals[1], strict=True)]
    out = {"instructions": diff[0] / calls}
    if cache:
        # --cache-sim events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw
        out["d1_misses"] = (diff[4] + diff[7]) / calls
    return out


def timed(name: str, repeat: int) -> float:
    """Median seconds per call over ``repeat`` timed runs."""
    setup, run, calls = WORKLOADS[name]()
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
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "workloads",
        nargs="*",
        default=[w for w in WORKLOADS if w not in PEERS],
        help=f"default: all but {', '.join(sorted(PEERS))}",
    )
    p.add_argument("--rounds", type=int, default=5, help="rounds counted (or timed) per build")
    p.add_argument("--cache", action="store_true", help="also simulated D1 misses per call")
    p.add_argument("--time", action="store_true", help="wall clock instead of Callgrind")
    p.add_argument("--repeat", type=int, default=200, help="timed runs per round (--time)")
    p.add_argument("--builds", nargs="+", metavar="DIR", help="compare these builds")
    a = p.parse_args()
    builds: list[str | None] = a.builds or [None]
    for name in a.workloads:
        if name not in WORKLOADS:
            p.error(f"unknown workload {name!r}; known: {', '.join(WORKLOADS)}")
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
