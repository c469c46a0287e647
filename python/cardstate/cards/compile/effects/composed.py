"""Effects made of effects — a sequence, "you may" (608.2d), "if … then … otherwise", "you may
pay {E}… If you do" — compiled to the flat program's flag and jumps, and the Python escape
hatch."""

from __future__ import annotations

from cardstate.cards import vocab as v
from cardstate.cards.compile.emitter import Emitter, Ops
from cardstate.vocabulary import MAX_COUNT


def seq(c: Emitter, e: v.Seq, ops: Ops) -> None:
    if not isinstance(e.effects, tuple | list):
        raise c.bad(f"a Seq holds a tuple of effects, got {e.effects!r}")
    for part in e.effects:
        c.emit(part, ops)


def may(c: Emitter, e: v.May, ops: Ops) -> None:
    ops.append({"op": "may"})
    c.guarded(e.effect, ops)


def if_(c: Emitter, e: v.If, ops: Ops) -> None:
    ops.append({"op": "test", "cond": c.condition(e.condition)})
    if e.otherwise is None:
        c.guarded(e.then, ops)
        return
    skip = {"op": "jump_unless", "to": -1}
    ops.append(skip)
    c.emit(e.then, ops)
    end = {"op": "jump", "to": -1}
    ops.append(end)
    skip["to"] = len(ops)
    c.emit(e.otherwise, ops)
    end["to"] = len(ops)


def may_pay_energy(c: Emitter, e: v.MayPayEnergy, ops: Ops) -> None:
    n = c.integer(e.n, "MayPayEnergy's amount", 1, MAX_COUNT)
    ops.append({"op": "may_pay_energy", "n": n})
    c.guarded(e.then, ops)


def may_pay_mana(c: Emitter, e: v.MayPayMana, ops: Ops) -> None:
    # 608.2c: "if you do" reads whether it was paid (the flag, as may_pay_energy's).
    mana = c.mana(e.cost)
    if mana["x"]:
        raise c.bad("MayPayMana's cost has no {X}")
    ops.append({"op": "may_pay_mana", "mana": mana})
    c.guarded(e.then, ops)


def at_next_end_step(c: Emitter, e: v.AtNextEndStep, ops: Ops) -> None:
    # 603.7a: the effect creates the delayed ability; it is one of the card's abilities.
    ops.append({"op": "delay", "of": c.selector(e.of), "ability": c.delayed(e.effect)})


def gains_when_dies(c: Emitter, e: v.GainsWhenDies, ops: Ops) -> None:
    # 613.1f: the granted ability's program is one of the card's (a delayed ability's form).
    ability = c.delayed(e.effect)
    ops.append({"op": "delay", "of": c.selector(e.who), "ability": ability, "when_dies": True})


def when_you_do(c: Emitter, e: v.WhenYouDo, ops: Ops) -> None:
    # 603.12: the reflexive ability is one of the card's, with its own targets.
    ops.append({"op": "reflexive", "ability": c.reflexive(e.effect, e.targets)})


def python(c: Emitter, e: v.PythonEffect, ops: Ops) -> None:
    if not callable(e.fn):
        raise c.bad(f"a PythonEffect needs a callable, got {e.fn!r}")
    ops.append({"op": "python", "index": len(c.callables)})
    c.callables.append(e.fn)
