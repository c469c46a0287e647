"""Drawing (121), discarding (701.9), tokens (111) and countering spells (701.6)."""

from __future__ import annotations

from cardstate.cards import vocab as v
from cardstate.cards.compile.emitter import Emitter, Ops


def draw(c: Emitter, e: v.Draw, ops: Ops) -> None:
    ops.append({"op": "draw", "who": c.selector(e.who), "n": c.amount(e.n)})


def discard(c: Emitter, e: v.Discard, ops: Ops) -> None:
    ops.append({"op": "discard", "who": c.selector(e.who), "n": c.amount(e.n)})


def sacrifice(c: Emitter, e: v.Sacrifice, ops: Ops) -> None:
    if not isinstance(e.what, v.Filter):
        raise c.bad(f"Sacrifice names what by a Filter, got {e.what!r}")
    ops.append(
        {
            "op": "sacrifice",
            "who": c.selector(e.who),
            "what": c.selector(v.Each(e.what)),
            "n": c.amount(e.n),
        }
    )


def create_token(c: Emitter, e: v.CreateToken, ops: Ops) -> None:
    if not isinstance(e.card, str):
        raise c.bad(f"CreateToken names a card by its name (a str), got {e.card!r}")
    if c.known is not None and e.card not in c.known:
        raise c.bad(f"CreateToken of {e.card!r}, which is not a card of the pool")
    if not isinstance(e.tapped, bool):
        raise c.bad(f"CreateToken's tapped is a bool, got {e.tapped!r}")
    op = {"op": "create_token", "card": e.card, "n": c.amount(e.n), "who": c.selector(e.who)}
    if e.tapped:
        op["tapped"] = True  # written only when used: other cards compile as they did
    ops.append(op)


def counter_spell(c: Emitter, e: v.CounterSpell, ops: Ops) -> None:
    ops.append({"op": "counter_spell", "what": c.selector(e.what)})


def counter_unless_pays(c: Emitter, e: v.CounterUnlessPays, ops: Ops) -> None:
    life = c.integer(e.life, "life paid", 0, 2**31 - 1)
    mana = None if e.mana is None else c.mana(e.mana)
    if mana is None and life == 0:
        raise c.bad("CounterUnlessPays needs a cost: mana, life or both")
    if mana is not None and mana["x"]:
        raise c.bad("CounterUnlessPays's mana has no {X}")
    what = c.selector(e.what)
    ops.append({"op": "counter_unless_pays", "what": what, "mana": mana, "life": life})


def extra_turn(c: Emitter, e: v.ExtraTurn, ops: Ops) -> None:
    ops.append({"op": "extra_turn", "who": c.selector(e.who)})
