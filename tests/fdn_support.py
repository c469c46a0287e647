"""What the Foundations card tests share: the pool, and the card layer's calls bound to it (on
either implementation's bare ``Game``: the tests' ``game`` fixture gives both)."""

from __future__ import annotations

from typing import Any

from cardstate import cards
from cardstate.cards import pools

FDN = pools["fdn"]


def oracle(name: str, text: str) -> None:
    """The pool stores the card's Oracle text exactly as quoted."""
    assert FDN[name].oracle == text, FDN[name].oracle


def put(g: Any, name: str, player: int = 0, zone: str = "battlefield", **kw: Any) -> int:
    """An object of card ``name`` for ``player`` in ``zone`` (entering the battlefield as a
    permanent does: tapped if it says so, its static abilities live)."""
    return cards.place(g, name, player, zone, pool=FDN, **kw)


def cast(g: Any, name: str, targets: Any = (), player: int = 0, **kw: Any) -> cards.Outcome:
    """Resolves the spell ability of ``name`` (put on the stack first, then into the
    graveyard, 608.2n), answering every choice with ``cards.auto_choice``."""
    return cards.resolve(g, name, player, list(targets), pool=FDN, **kw)


def ability(name: str, kind: str, n: int = 0) -> int:
    """The index of the n-th ability of that kind (``"triggered"``, ``"activated"``...)."""
    found = [i for i, a in enumerate(FDN[name].data["abilities"]) if a["kind"] == kind]
    return found[n]


def activate(
    g: Any, source: int, name: str, targets: Any = (), player: int = 0, n: int = 0, **kw: Any
) -> cards.Outcome:
    """Pays what the card layer pays of the n-th activated ability's cost (602.2b) and
    resolves it."""
    i = ability(name, "activated", n)
    cards.pay_costs(g, name, i, source, player, pool=FDN)
    return cards.resolve(g, name, player, list(targets), ability=i, source=source, pool=FDN, **kw)


def fired(g: Any, events: Any = None) -> list[cards.Fired]:
    """The triggered abilities the game's events (and ``events``) fire."""
    evs = list(g.take_events()) + list(events or ())
    return cards.fired(g, evs, pool=FDN)


def resolve(g: Any, f: cards.Fired, targets: Any = (), **kw: Any) -> cards.Outcome:
    """Resolves a triggered ability that fired."""
    return cards.resolve(
        g,
        f.card,
        f.controller,
        list(targets),
        ability=f.ability,
        source=f.source,
        triggering=f.triggering,
        that_much=f.amount,
        pool=FDN,
        **kw,
    )


def library(g: Any, player: int, n: int, name: str = "Island") -> list[int]:
    """``n`` cards in ``player``'s library (the lowest id is the top)."""
    return [put(g, name, player, "library") for _ in range(n)]


def battlefield(g: Any, player: int, name: str | None = None) -> list[int]:
    """``player``'s permanents (of card ``name``), in id order."""
    ids = g.objects("battlefield", player)
    return [x for x in ids if name is None or g.name(x) == name]


def pt(g: Any, x: int) -> tuple[int, int]:
    """Power and toughness."""
    return g.power(x), g.toughness(x)


def drawn(g: Any, player: int = 0) -> list[str]:
    """The names of the cards in ``player``'s hand (a card drawn is a new object, 400.7)."""
    return [g.name(x) for x in g.objects("hand", player)]
