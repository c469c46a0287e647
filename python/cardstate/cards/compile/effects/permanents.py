"""Changes of permanents: destroy (701.8), until-end-of-turn changes (611.2c, 613), tapping
(701.26), attaching (701.3)."""

from __future__ import annotations

from cardstate.cards import vocab as v
from cardstate.cards.compile.emitter import Emitter, Ops
from cardstate.vocabulary import KEYWORDS, STAT_LIMIT


def destroy(c: Emitter, e: v.Destroy, ops: Ops) -> None:
    ops.append({"op": "destroy", "what": c.selector(e.what)})


def pump(c: Emitter, e: v.Pump, ops: Ops) -> None:
    ops.append(
        {
            "op": "pump",
            "who": c.selector(e.who),
            "power": c.signed_amount(e.power),
            "toughness": c.signed_amount(e.toughness),
        }
    )


def grant(c: Emitter, e: v.Grant, ops: Ops) -> None:
    if not isinstance(e.keyword, str) or e.keyword not in KEYWORDS or e.keyword == "toxic":
        raise c.bad(f"can't grant keyword {e.keyword!r}")
    ops.append({"op": "grant", "who": c.selector(e.who), "keyword": e.keyword})


def switch(c: Emitter, e: v.SwitchPowerToughness, ops: Ops) -> None:
    ops.append({"op": "switch", "who": c.selector(e.who)})


def double_power(c: Emitter, e: v.DoublePower, ops: Ops) -> None:
    ops.append({"op": "double_power", "who": c.selector(e.who)})


def tap(c: Emitter, e: v.Tap, ops: Ops) -> None:
    ops.append({"op": "tap", "what": c.selector(e.what)})


def untap(c: Emitter, e: v.Untap, ops: Ops) -> None:
    ops.append({"op": "untap", "what": c.selector(e.what)})


def attach(c: Emitter, e: v.Attach, ops: Ops) -> None:
    ops.append({"op": "attach", "what": c.selector(e.what), "to": c.selector(e.to)})


def becomes(c: Emitter, e: v.Becomes, ops: Ops) -> None:
    subtypes = c.names(e.subtypes, "the subtypes it becomes")
    if not subtypes or "" in subtypes:
        raise c.bad("it becomes one or more non-empty subtypes")
    ops.append({"op": "becomes", "what": c.selector(e.what), "subtypes": subtypes})


def becomes_creature(c: Emitter, e: v.BecomesCreature, ops: Ops) -> None:
    keywords = c.names(e.keywords, "the keywords it gains")
    for k in keywords:
        if k not in KEYWORDS or k == "toxic":
            raise c.bad(f"can't grant keyword {k!r}")
    for n in (e.power, e.toughness):
        if not isinstance(n, int) or isinstance(n, bool) or not -STAT_LIMIT < n < STAT_LIMIT:
            raise c.bad(f"it becomes a creature of an int power and toughness, got {n!r}")
    if not isinstance(e.all_creature_types, bool):
        raise c.bad("all_creature_types is a bool")
    ops.append(
        {
            "op": "becomes_creature",
            "what": c.selector(e.what),
            "power": e.power,
            "toughness": e.toughness,
            "keywords": keywords,
            "all_creature_types": e.all_creature_types,
        }
    )


def gains_ability(c: Emitter, e: v.GainsAbility, ops: Ops) -> None:
    # 613.1f, 611.2c: the ability gained is one of the card's, after its own.
    ops.append({"op": "gain_ability", "what": c.selector(e.what), "ability": c.gained(e.ability)})


def gain_control_until_end_of_turn(c: Emitter, e: v.GainControlUntilEndOfTurn, ops: Ops) -> None:
    ops.append({"op": "gain_control_until_end_of_turn", "what": c.selector(e.what)})
