"""Life (119) and energy (107.14)."""

from __future__ import annotations

from cardstate.cards import vocab as v
from cardstate.cards.compile.emitter import Emitter, Ops


def gain_life(c: Emitter, e: v.GainLife, ops: Ops) -> None:
    ops.append({"op": "gain_life", "who": c.selector(e.who), "n": c.amount(e.n)})


def lose_life(c: Emitter, e: v.LoseLife, ops: Ops) -> None:
    ops.append({"op": "lose_life", "who": c.selector(e.who), "n": c.amount(e.n)})


def get_energy(c: Emitter, e: v.GetEnergy, ops: Ops) -> None:
    ops.append({"op": "get_energy", "who": c.selector(e.who), "n": c.amount(e.n)})


def pay_any_energy(c: Emitter, e: v.PayAnyAmountOfEnergy, ops: Ops) -> None:
    ops.append({"op": "pay_any_energy"})
