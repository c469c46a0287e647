"""Damage (120), its prevention (615) and regeneration (701.19)."""

from __future__ import annotations

from cardstate.cards import vocab as v
from cardstate.cards.compile.emitter import Emitter, Ops
from cardstate.vocabulary import MAGIC_TYPES, parse_clause


def deal_damage(c: Emitter, e: v.DealDamage, ops: Ops) -> None:
    if not isinstance(e.divided, bool):
        raise c.bad(f"DealDamage's divided is a bool, got {e.divided!r}")
    if e.divided and not isinstance(e.to, v.Target):
        raise c.bad("damage is divided among the entities of a target: DealDamage(Target(i), …)")
    ops.append(
        {
            "op": "deal_damage_divided" if e.divided else "deal_damage",
            "to": c.selector(e.to),
            "n": c.amount(e.n),
            "source": c.selector(e.source),
        }
    )


def fight(c: Emitter, e: v.Fight, ops: Ops) -> None:
    ops.append({"op": "fight", "a": c.selector(e.a), "b": c.selector(e.b)})


def bite(c: Emitter, e: v.Bite, ops: Ops) -> None:
    ops.append({"op": "bite", "source": c.selector(e.source), "to": c.selector(e.to)})


def regenerate(c: Emitter, e: v.Regenerate, ops: Ops) -> None:
    ops.append({"op": "regenerate", "what": c.selector(e.what)})


def prevent_damage(c: Emitter, e: v.PreventDamage, ops: Ops) -> None:
    if not isinstance(e.combat, bool):
        raise c.bad(f"PreventDamage's combat is a bool, got {e.combat!r}")
    if not isinstance(e.affects, tuple | list) or not e.affects:
        raise c.bad("PreventDamage affects a list of filter texts (at least one)")
    for clause in c.names(e.affects, "PreventDamage's filter texts"):
        try:
            parse_clause(clause, MAGIC_TYPES)
        except ValueError as err:
            raise c.bad(str(err)) from None
    ops.append({"op": "prevent_damage", "affects": list(e.affects), "combat": e.combat})


def prevent_damage_to(c: Emitter, e: v.PreventDamageTo, ops: Ops) -> None:
    if not isinstance(e.combat, bool):
        raise c.bad(f"PreventDamageTo's combat is a bool, got {e.combat!r}")
    ops.append({"op": "prevent_damage_to", "to": c.selector(e.to), "combat": e.combat})


def exile_instead_of_dying(c: Emitter, e: v.ExileInsteadOfDying, ops: Ops) -> None:
    ops.append({"op": "exile_instead_of_dying", "what": c.selector(e.what)})
