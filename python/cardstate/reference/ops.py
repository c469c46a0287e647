"""The vocabulary of ``Game.apply``: each operation's name and the form of its arguments, in
order (the same table as the kernel's ``ops::OPS``), and reading ``(name, *args)`` tuples by it.

Every operation's form is checked before any is applied, each argument by the helpers of
``checks`` (the same exceptions as the methods raise for that argument).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import checks

ID, KIND, AMOUNT, FLAG, ZONE, IDS = "id", "kind", "amount", "flag", "zone", "ids"
TEXT, OPT_TEXT, OPT_AMOUNT, OPT_INT = "text", "opt_text", "opt_amount", "opt_int"
_NO_DEFAULT = object()


@dataclass(frozen=True)
class Param:
    """One argument: its name in the method's signature, its form, its default, and whether the
    method takes it by keyword only."""

    name: str
    form: str
    default: Any = _NO_DEFAULT
    keyword: bool = False


_COUNTERS = (Param("e", ID), Param("kind", KIND), Param("n", AMOUNT, 1))
_LIFE = (Param("p", ID), Param("n", AMOUNT))

OPS: dict[str, tuple[Param, ...]] = {
    "add_counters": _COUNTERS,
    "remove_counters": _COUNTERS,
    "pay_counters": (Param("e", ID), Param("kind", KIND), Param("n", AMOUNT)),
    "gain_life": _LIFE,
    "lose_life": _LIFE,
    "deal_damage": (
        Param("source", ID),
        Param("target", ID),
        Param("amount", AMOUNT),
        Param("combat", FLAG, False, keyword=True),
        Param("preventable", FLAG, True, keyword=True),
    ),
    "move": (Param("x", ID), Param("zone", ZONE)),
    "proliferate": (Param("player", ID), Param("chosen", IDS)),
    "proliferate_auto": (Param("player", ID),),
    "cleanup": (),
    "check_state_based_actions": (),
    "destroy": (Param("x", ID),),
    "regenerate": (Param("x", ID),),
    "tap": (Param("x", ID),),
    "untap": (Param("x", ID),),
    "move_counters": (Param("a", ID), Param("b", ID), Param("kind", KIND), Param("n", AMOUNT)),
    "put_counters_from": (Param("a", ID), Param("b", ID)),
    # A continuous effect on a locked-in set of permanents (611.2c), without a source.
    "add_continuous_effect": (
        Param("effect", TEXT),
        Param("affected", IDS, keyword=True),
        Param("keyword", OPT_TEXT, None, keyword=True),
        Param("value", OPT_AMOUNT, None, keyword=True),
        Param("power", OPT_INT, None, keyword=True),
        Param("toughness", OPT_INT, None, keyword=True),
        Param("until_end_of_turn", FLAG, False, keyword=True),
    ),
    "end_continuous_effect": (Param("id", ID),),
}


@dataclass(frozen=True)
class Call:
    """An operation read: the method to call with its arguments."""

    name: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]


def _ids(value: object) -> list[int]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"an iterable of ids is needed, not {type(value).__name__}")
    return [checks.ident(v) for v in value]


def _read(form: str, value: object, what: str) -> Any:
    if form == ID:
        return checks.ident(value)
    if form == KIND:
        return checks.kind(value)
    if form == AMOUNT:
        return checks.amount(value)
    if form == FLAG:
        return checks.flag(value, what)
    if form == ZONE:
        return checks.zone(value)
    if form == TEXT:
        return _text(value, what)
    if form == OPT_TEXT:
        return None if value is None else _text(value, what)
    if form == OPT_AMOUNT:
        return None if value is None else checks.amount(value)
    if form == OPT_INT:
        return None if value is None else checks.int64(value, what.rsplit(": ", 1)[-1])
    return _ids(value)


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    return value


def read_op(index: int, op: object) -> Call:
    """Operation ``index`` of a list, its form checked."""
    if not isinstance(op, tuple):
        raise TypeError(f"operation {index} must be a tuple (name, *args)")
    if len(op) == 0:
        raise ValueError(f"operation {index} is empty")
    name = op[0]
    if not isinstance(name, str):
        raise TypeError(f"operation {index}: the name must be a str, not {type(name).__name__}")
    params = OPS.get(name)
    if params is None:
        raise ValueError(f"operation {index}: unknown operation {name!r}; known: {', '.join(OPS)}")
    given = len(op) - 1
    required = sum(1 for p in params if p.default is _NO_DEFAULT)
    if not required <= given <= len(params):
        raise TypeError(
            f"operation {index} ({name}) takes {required}..{len(params)} arguments, got {given}"
        )
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for k, param in enumerate(params):
        value = (
            _read(param.form, op[k + 1], f"operation {index} ({name}): {param.name}")
            if k < given
            else param.default
        )
        if param.keyword:
            kwargs[param.name] = value
        else:
            args.append(value)
    return Call(name, tuple(args), kwargs)
