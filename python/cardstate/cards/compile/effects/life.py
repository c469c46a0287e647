"""Life (119), energy (107.14) and mana added to a mana pool (106.4)."""

from __future__ import annotations

from cardstate.cards import vocab as v
from cardstate.cards.compile.emitter import Emitter, Ops


def gain_life(c: Emitter, e: v.GainLife, ops: Ops) -> None:
    ops.append({"op": "gain_life", "who": c.selector(e.who), "n": c.amount(e.n)})


def lose_life(c: Emitter, e: v.LoseLife, ops: Ops) -> None:
    ops.append({"op": "lose_life", "who": c.selector(e.who), "n": c.amount(e.n)})


def lose_life_unless(c: Emitter, e: v.LoseLifeUnless, ops: Ops) -> None:
    if e.sacrifice is not None and not isinstance(e.sacrifice, v.Filter):
        raise c.bad(f"LoseLifeUnless names what it sacrifices by a Filter, got {e.sacrifice!r}")
    if not isinstance(e.discard, bool):
        raise c.bad(f"LoseLifeUnless's discard is a bool, got {e.discard!r}")
    sacrifice = None if e.sacrifice is None else c.selector(v.Each(e.sacrifice))
    ops.append(
        {
            "op": "lose_life_unless",
            "who": c.selector(e.who),
            "n": c.amount(e.n),
            "discard": e.discard,
            "sacrifice": sacrifice,
        }
    )


def get_energy(c: Emitter, e: v.GetEnergy, ops: Ops) -> None:
    ops.append({"op": "get_energy", "who": c.selector(e.who), "n": c.amount(e.n)})


def pay_any_energy(c: Emitter, e: v.PayAnyAmountOfEnergy, ops: Ops) -> None:
    ops.append({"op": "pay_any_energy"})


def add_mana(c: Emitter, e: v.AddMana, ops: Ops) -> None:
    if not e.mana or any(ch not in "WUBRG" for ch in e.mana):
        raise c.bad(f"AddMana {e.mana!r}: colour letters of WUBRG")
    mana = [e.mana.count(ch) for ch in "WUBRG"]
    ops.append({"op": "add_mana", "who": c.selector(e.who), "mana": mana, "n": c.amount(e.n)})
