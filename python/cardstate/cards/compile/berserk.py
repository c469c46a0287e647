"""Compiling a :class:`~cardstate.cards.vocab.BerserkCard`: its base properties (cost with X,
element, class, strength or three strike values, lives, movement or flying, elite, the game's
keywords), its text and non-game elements (classic Berserk 109), and the abilities a Berserk
card may have, into the compiled form (docs/CARDS.md, "Berserk cards").

A Berserk card's compiled form is a card's (name, types, subtypes, ``oracle``: its text,
``info``, abilities; no mana cost, supertypes, power, toughness, loyalty or Magic keywords)
with a ``"berserk"`` object holding its Berserk properties: the interpreters know a Berserk card
by it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cardstate.cards import vocab as v
from cardstate.vocabulary import BERSERK_TYPES, MAX_COST_X, STAT_LIMIT

if TYPE_CHECKING:
    from cardstate.cards.compile import _Compiler

__all__ = ["LIVES_TYPES", "ability", "card_data", "parse_cost"]

LIVES_TYPES = ("creature", "hero", "artifact")
"""The types that have lives (classic Berserk 208: a terrain or an equipment has only a cost and
eliteness; a spell or an event has none)."""

_COST_TERM = re.compile(r"[0-9]+|X")


def parse_cost(cost: object) -> dict[str, Any]:
    """A Berserk cost (105.1: a number, with X): ``3``, ``"X"``, ``"2+X"``, as ``{text, base,
    x}`` (``base`` the numbers added up, ``x`` how many X). ``ValueError`` saying why."""
    if isinstance(cost, bool) or not isinstance(cost, int | str):
        raise ValueError(f"a cost is an int or a text like '2+X', got {cost!r}")
    if isinstance(cost, int):
        if not 0 <= cost < STAT_LIMIT:
            raise ValueError(f"a cost is in 0..{STAT_LIMIT - 1}, got {cost}")
        return {"text": str(cost), "base": cost, "x": 0}
    terms = cost.replace(" ", "").split("+")
    base = xs = 0
    for term in terms:
        if not _COST_TERM.fullmatch(term):
            raise ValueError(f"bad cost {cost[:40]!r}: terms are numbers or X, added with '+'")
        if term == "X":
            xs += 1
        elif len(term.lstrip("0")) > len(str(STAT_LIMIT)):
            raise ValueError(f"cost {cost[:40]!r} is too large (below 2**31)")
        else:
            base += int(term)
    if base >= STAT_LIMIT:
        raise ValueError(f"cost {cost[:40]!r} is too large (below 2**31)")
    if xs > MAX_COST_X:
        raise ValueError(f"cost {cost[:40]!r}: {xs} X; a cost has at most {MAX_COST_X}")
    text = "+".join(([str(base)] if base or not xs else []) + ["X"] * xs)
    return {"text": text, "base": base, "x": xs}


def _number(c: _Compiler, value: object, what: str) -> int | None:
    if value is None:
        return None
    return c.integer(value, what, 0, STAT_LIMIT - 1)


def card_data(c: _Compiler) -> dict[str, Any]:
    """The compiled form of the Berserk card ``c.card`` (``InvalidCard`` naming the field)."""
    card = c.card
    assert isinstance(card, v.BerserkCard)
    c.where = "types"
    types = c.names(card.types, "a card's types")
    if not types:
        raise c.bad("a card needs at least one type")
    for t in types:
        if t not in BERSERK_TYPES:
            raise c.bad(f"unknown Berserk type {t!r}; valid: {', '.join(BERSERK_TYPES)}")
    c.where = "subtypes"
    subtypes = c.names(card.subtypes, "a card's class (subtypes)")
    if any(not t for t in subtypes):
        raise c.bad("a class (subtype) is a non-empty str")
    c.where = "cost"
    try:
        cost = None if card.cost is None else parse_cost(card.cost)
    except ValueError as e:
        raise c.bad(str(e)) from None
    c.where = "element"
    if card.element is not None and (
        not isinstance(card.element, str) or card.element not in v.ELEMENTS
    ):
        raise c.bad(f"unknown element {card.element!r}; elements: {', '.join(v.ELEMENTS)}")
    c.where = "strength"
    strikes: list[int] | None = None
    if isinstance(card.strength, tuple | list):
        if len(card.strength) != 3:
            raise c.bad(
                f"strength is one value or the three strike values (weak, medium, strong), "
                f"got {card.strength!r}"
            )
        strikes = [c.integer(s, "a strike value", 0, STAT_LIMIT - 1) for s in card.strength]
        strength: int | None = strikes[0]
    else:
        strength = _number(c, card.strength, "strength")
    c.where = "lives"
    lives = _number(c, card.lives, "lives")
    c.where = "movement"
    movement = _number(c, card.movement, "movement")
    for what, flag in (("flying", card.flying), ("elite", card.elite)):
        c.where = what
        if not isinstance(flag, bool):
            raise c.bad(f"{what} is a bool, got {flag!r}")
    creature = "creature" in types
    c.where = "strength"
    if creature and (strength is None or lives is None):
        raise c.bad("a creature has a strength and lives")
    for what, present in (
        ("strength", strength is not None),
        ("movement", movement is not None),
        ("flying", card.flying),
    ):
        c.where = what
        if present and not creature:
            raise c.bad(f"only a creature has {what} (classic 108.1)")
    c.where = "movement"
    if card.flying and movement is not None:
        raise c.bad("a flyer has no movement: the flying icon stands in its place (108.1)")
    c.where = "lives"
    if lives is not None and not set(types) & set(LIVES_TYPES):
        raise c.bad("only a creature, a hero or an artifact has lives (classic 208)")
    c.where = "keywords"
    keywords = c.names(card.keywords, "a Berserk card's keywords")
    for k in keywords:
        if k not in v.BERSERK_KEYWORDS:
            known = ", ".join(v.BERSERK_KEYWORDS)
            raise c.bad(f"unknown keyword {k!r}; the game's keywords: {known}")
    if len(set(keywords)) != len(keywords):
        raise c.bad("a keyword is given twice")
    for what, text in (("text", card.text), ("reconstructed", card.reconstructed)):
        c.where = what
        if not isinstance(text, str):
            raise c.bad(f"{what} is a str")
    c.where = "info"
    info = c.info(card.info)
    for key in info:
        if key not in v.NON_GAME_ELEMENTS:
            raise c.bad(
                f"{key!r} is not a non-game element (109.1): {', '.join(v.NON_GAME_ELEMENTS)}"
            )
    c.where = "abilities"
    if not isinstance(card.abilities, tuple | list):
        raise c.bad(f"a card's abilities are a tuple of abilities, got {card.abilities!r}")
    abilities = [ability(c, i, a) for i, a in enumerate(card.abilities)]
    c.where = "abilities"
    if sum(1 for a in abilities if a["kind"] == "spell") > 1:
        raise c.bad("a card has at most one Spell ability")
    return {
        "name": card.name,
        "cost": None,
        "types": types,
        "supertypes": [],
        "subtypes": subtypes,
        "power": None,
        "toughness": None,
        "loyalty": None,
        "keywords": {},
        "oracle": card.text,
        "info": info,
        "python": bool(c.callables),
        "abilities": abilities,
        "berserk": {
            "cost": cost,
            "element": card.element,
            "strength": strength,
            "strikes": strikes,
            "lives": lives,
            "movement": movement,
            "flying": card.flying,
            "elite": card.elite,
            "keywords": keywords,
            "reconstructed": card.reconstructed,
        },
    }


def _clauses(c: _Compiler, f: object) -> list[str]:
    """A filter of permanents by type and controller as the kernel's filter texts ("creatures
    opponents control")."""
    if not isinstance(f, v.Filter):
        raise c.bad(f"expected a Filter, got {f!r}")
    c.filter(f)
    if f.players or not f.objects or f.keywords or f.other or f.zone != "battlefield":
        raise c.bad(
            "a static ability affects permanents in play by type and controller (no players, "
            "keywords, other zones or 'other')"
        )
    whose = {None: "", "you": " you control", "opponent": " opponents control"}[f.controller]
    return [f"{t}s{whose}" for t in (f.types or ("permanent",))]


def ability(c: _Compiler, i: int, a: object) -> dict[str, Any]:
    """One ability of a Berserk card: the vocabulary's (no mana abilities, mana or {E} costs,
    or Magic's characteristic-changing statics) and Berserk's own."""
    c.where = f"abilities[{i}]"
    if isinstance(a, v.CostModifier):
        amount = c.integer(a.amount, "a cost modifier's amount", 1 - STAT_LIMIT, STAT_LIMIT - 1)
        types = c.names(a.types, "a cost modifier's types")
        for t in types:
            if t not in BERSERK_TYPES:
                raise c.bad(f"unknown Berserk type {t!r} in a cost modifier")
        subtypes = c.names(a.subtypes, "a cost modifier's classes (subtypes)")
        if any(not t for t in subtypes):
            raise c.bad("a class (subtype) is a non-empty str")
        if a.controller not in (None, "you", "opponent"):
            raise c.bad(
                f"a cost modifier's controller is 'you', 'opponent' or None, not {a.controller!r}"
            )
        return {
            "kind": "cost_modifier",
            "amount": amount,
            "subtypes": subtypes,
            "types": types,
            "controller": a.controller,
        }
    if isinstance(a, v.HaveKeyword):
        if not isinstance(a.keyword, str) or a.keyword not in v.BERSERK_KEYWORDS:
            raise c.bad(
                f"unknown keyword {a.keyword!r}; the game's keywords: "
                f"{', '.join(v.BERSERK_KEYWORDS)}"
            )
        return {"kind": "have_keyword", "keyword": a.keyword, "affects": _clauses(c, a.affected)}
    if isinstance(
        a,
        v.ManaAbility
        | v.Static
        | v.Flash
        | v.AnyNumberInDeck
        | v.Flashback
        | v.AlternativeCost
        | v.CantBeCountered,
    ):
        raise c.bad(f"a Berserk card has no {type(a).__name__} (a Magic ability)")
    if isinstance(a, v.Activated) and isinstance(a.cost, v.Cost):
        if a.cost.mana is not None or a.cost.energy:
            raise c.bad("a Berserk ability's cost has no mana and no {E}")
    return c.ability(i, a)
