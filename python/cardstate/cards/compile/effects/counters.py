"""Counters (122) and proliferate (701.34)."""

from __future__ import annotations

from cardstate.cards import vocab as v
from cardstate.cards.compile.emitter import Emitter, Ops


def put_counters(c: Emitter, e: v.PutCounters, ops: Ops) -> None:
    ops.append(
        {
            "op": "put_counters",
            "on": c.selector(e.on),
            "counter": c.kind(e.kind),
            "n": c.amount(e.n),
        }
    )


def remove_counters(c: Emitter, e: v.RemoveCounters, ops: Ops) -> None:
    ops.append(
        {
            "op": "remove_counters",
            "of": c.selector(e.of),
            "counter": c.kind(e.kind),
            "n": c.amount(e.n),
        }
    )


def proliferate(c: Emitter, e: v.Proliferate, ops: Ops) -> None:
    ops.append({"op": "proliferate"})


def double_counters(c: Emitter, e: v.DoubleCounters, ops: Ops) -> None:
    ops.append({"op": "double_counters", "who": c.selector(e.who)})
