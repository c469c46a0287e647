"""The library's operations: milling (701.17), searching (701.23) and shuffling (701.24),
scrying (701.22), surveilling (701.25)."""

from __future__ import annotations

from typing import Any

from cardstate.cards import vocab as v
from cardstate.cards.compile.emitter import Emitter, Ops
from cardstate.vocabulary import MAGIC_TYPES, SUPERTYPES

MAX_SEARCHED = 255  # the most cards one search finds (``MAX_SEARCHED`` of rust/effects)


def mill(c: Emitter, e: v.Mill, ops: Ops) -> None:
    ops.append({"op": "mill", "who": c.selector(e.who), "n": c.amount(e.n)})


def surveil(c: Emitter, e: v.Surveil, ops: Ops) -> None:
    ops.append({"op": "surveil", "n": c.amount(e.n)})


def scry(c: Emitter, e: v.Scry, ops: Ops) -> None:
    ops.append({"op": "scry", "n": c.amount(e.n)})


def search(c: Emitter, e: v.Search, ops: Ops) -> None:
    if e.to not in ("hand", "battlefield", "library_top"):
        raise c.bad(
            "a search puts the card into a hand, onto the battlefield or on top of the library, "
            f"not {e.to!r}"
        )
    if e.to == "library_top" and e.n != 1:
        raise c.bad("a search puts one card on top of the library")
    if e.tapped and e.to != "battlefield":
        raise c.bad("only a card put onto the battlefield by a search enters tapped")
    types = c.names(e.types, "a search's types")
    supertypes = c.names(e.supertypes, "a search's supertypes")
    for t in types:
        if t not in MAGIC_TYPES:
            raise c.bad(f"a search for unknown card type {t!r}")
    for t in supertypes:
        if t not in SUPERTYPES:
            raise c.bad(f"a search for unknown supertype {t!r}")
    op: dict[str, Any] = {"op": "search", "types": types, "supertypes": supertypes, "to": e.to}
    op["tapped"] = bool(e.tapped)
    n = c.integer(e.n, "the cards a search finds", 1, MAX_SEARCHED)
    if n != 1:
        op["n"] = n  # "up to n" (absent: one)
    if e.mana_value is not None:
        op["mana_value"] = c.integer(e.mana_value, "a search's mana value", 0, 2**32 - 1)
    if e.mana_value_at_most is not None:
        if e.mana_value is not None:
            raise c.bad("a search states a mana value or a mana value at most, not both")
        op["mana_value_at_most"] = c.amount(e.mana_value_at_most)  # "with mana value X or less"
    ops.append(op)


def look_at_top(c: Emitter, e: v.LookAtTop, ops: Ops) -> None:
    if e.to not in ("hand", "battlefield", "library_top"):
        raise c.bad(
            "a card looked at goes to a hand, onto the battlefield or back on top of the "
            f"library, not {e.to!r}"
        )
    if e.rest not in ("graveyard", "library_bottom"):
        raise c.bad(
            "the rest of the cards looked at go to the graveyard or on the bottom of the "
            f"library, not {e.rest!r}"
        )
    types = c.names(e.types, "the types of a card looked at")
    for t in types:
        if t not in MAGIC_TYPES:
            raise c.bad(f"a look for unknown card type {t!r}")
    op: dict[str, Any] = {"op": "look_at_top", "n": c.amount(e.n), "to": e.to, "rest": e.rest}
    if types:
        op["types"] = types
    if e.power_at_most is not None:
        op["power_at_most"] = c.integer(e.power_at_most, "a power", -(2**31), 2**31 - 1)
    if e.mana_value_at_most is not None:
        op["mana_value_at_most"] = c.amount(e.mana_value_at_most)
    if e.any_number:
        if e.to == "library_top":
            raise c.bad("any number of the cards looked at go to a hand or the battlefield")
        op["any_number"] = True
    ops.append(op)


def separate_into_piles(c: Emitter, e: v.SeparateIntoPiles, ops: Ops) -> None:
    ops.append({"op": "separate_piles", "n": c.amount(e.n)})


def _card_types(c: Emitter, types: object, what: str) -> list[str]:
    """Some card types (205.2a), of ``what``: at least one, each a type of Magic."""
    names = c.names(types, what)
    if not names:
        raise c.bad(f"{what}: at least one card type")
    for t in names:
        if t not in MAGIC_TYPES:
            raise c.bad(f"{what}: unknown card type {t!r}")
    return names


def reveal_until(c: Emitter, e: v.RevealUntil, ops: Ops) -> None:
    types = _card_types(c, e.types, "the types a reveal stops at")
    ops.append({"op": "reveal_until", "types": types})


def return_from_graveyard(c: Emitter, e: v.ReturnFromGraveyard, ops: Ops) -> None:
    types = _card_types(c, e.types, "the types of a card returned from a graveyard")
    ops.append({"op": "return_from_graveyard", "types": types})


def mill_while_sharing_colour(c: Emitter, e: v.MillWhileSharingColour, ops: Ops) -> None:
    ops.append({"op": "mill_while_sharing_colour", "who": c.selector(e.who)})


def reveal_until_into_graveyard(c: Emitter, e: v.RevealUntilIntoGraveyard, ops: Ops) -> None:
    types = _card_types(c, e.types, "the types a reveal stops at")
    ops.append({"op": "reveal_until_into_graveyard", "who": c.selector(e.who), "types": types})
