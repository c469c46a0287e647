"""Drawing (121), discarding (701.9), tokens (111) and countering spells (701.6)."""

from __future__ import annotations

from cardstate.cards import vocab as v
from cardstate.cards.compile.emitter import Emitter, Ops
from cardstate.vocabulary import MAGIC_TYPES


def draw(c: Emitter, e: v.Draw, ops: Ops) -> None:
    ops.append({"op": "draw", "who": c.selector(e.who), "n": c.amount(e.n)})


def discard(c: Emitter, e: v.Discard, ops: Ops) -> None:
    ops.append({"op": "discard", "who": c.selector(e.who), "n": c.amount(e.n)})


def reveal_hand_choose_discard(c: Emitter, e: v.RevealHandChooseDiscard, ops: Ops) -> None:
    not_types = c.names(e.not_types, "the types a card chosen from a revealed hand hasn't")
    for t in not_types:
        if t not in MAGIC_TYPES:
            raise c.bad(f"the types a card chosen from a revealed hand hasn't: unknown {t!r}")
    ops.append(
        {"op": "reveal_hand_choose_discard", "who": c.selector(e.who), "not_types": not_types}
    )


def keep_one_of_each_type(c: Emitter, e: v.KeepOneOfEachType, ops: Ops) -> None:
    ops.append({"op": "keep_one_of_each_type", "who": c.selector(e.who)})


def sacrifice(c: Emitter, e: v.Sacrifice, ops: Ops) -> None:
    if not isinstance(e.what, v.Filter) and e.what is not v.TRIGGERING:
        raise c.bad(f"Sacrifice names what by a Filter or TRIGGERING, got {e.what!r}")
    what = c.selector(v.Each(e.what) if isinstance(e.what, v.Filter) else e.what)
    ops.append(
        {
            "op": "sacrifice",
            "who": c.selector(e.who),
            "what": what,
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


def create_emblem(c: Emitter, e: v.CreateEmblem, ops: Ops) -> None:
    if not isinstance(e.card, str):
        raise c.bad(f"CreateEmblem names a card by its name (a str), got {e.card!r}")
    if c.known is not None and e.card not in c.known:
        raise c.bad(f"CreateEmblem of {e.card!r}, which is not a card of the pool")
    ops.append({"op": "create_emblem", "card": e.card})


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


def copy_spell(c: Emitter, e: v.CopySpell, ops: Ops) -> None:
    ops.append({"op": "copy_spell", "of": c.selector(e.of), "n": c.amount(e.n)})


def may_pay_to_copy(c: Emitter, e: v.MayPayToCopy, ops: Ops) -> None:
    mana = c.mana(e.mana)
    if mana["x"]:
        raise c.bad("MayPayToCopy's mana has no {X}")
    ops.append({"op": "pay_to_copy", "of": c.selector(e.of), "mana": mana, "life": 0})


def create_token_copy(c: Emitter, e: v.CreateTokenCopy, ops: Ops) -> None:
    op: dict[str, object] = {"op": "create_token_copy", "of": c.selector(e.of)}
    op["who"] = c.selector(e.who)
    if e.haste:
        op["haste"] = True
    if e.sacrificed_at_end_step:
        # 603.7a: "at the beginning of the end step, sacrifice this token" as a delayed
        # ability of the card about the token.
        op["sacrificed_at_end_step"] = c.delayed(v.Sacrifice(v.TRIGGERING))
    ops.append(op)


def create_token_copy_exiling_others(
    c: Emitter, e: v.CreateTokenCopyExilingOthers, ops: Ops
) -> None:
    if not isinstance(e.subtype, str) or not e.subtype:
        raise c.bad(f"a token copy's added subtype is a non-empty name, got {e.subtype!r}")
    ops.append(
        {"op": "create_token_copy_exiling_others", "of": c.selector(e.of), "subtype": e.subtype}
    )


def end_the_turn(c: Emitter, e: v.EndTheTurn, ops: Ops) -> None:
    # 723.1: the host ends the turn as the resolution ends: nothing may follow it, nor
    # precede it (the Spell branch compiles Spell(EndTheTurn()) itself).
    raise c.bad('"End the turn." is a spell\'s whole effect: Spell(EndTheTurn()) (723.1)')


def extra_turn(c: Emitter, e: v.ExtraTurn, ops: Ops) -> None:
    ops.append({"op": "extra_turn", "who": c.selector(e.who)})
