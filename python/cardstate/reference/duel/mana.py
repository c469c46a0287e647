"""Mana (106, 107.4, 202): printed costs, and the duel's automatic, deterministic payment rule
(docs/DUEL.md, "Mana"): which sources pay a cost is not a decision."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["COLOURS", "ManaCost", "Plan", "choose_sources", "max_x", "plan"]

COLOURS = "WUBRG"
"""The five colours in WUBRG order; a colour is its index here."""


@dataclass(frozen=True)
class ManaCost:
    """A cost (202.1): generic mana, coloured symbols per colour, X symbols (107.3), hybrid
    symbols as colour pairs (107.4e), Phyrexian symbols per colour (107.4f)."""

    generic: int = 0
    coloured: tuple[int, ...] = (0, 0, 0, 0, 0)
    x: int = 0
    hybrid: tuple[tuple[int, int], ...] = ()
    phyrexian: tuple[int, ...] = (0, 0, 0, 0, 0)

    @staticmethod
    def parse(text: str) -> ManaCost:
        """Printed symbols such as ``"{1}{G}"``, ``"{X}{R}"``, ``"{R/G}"``, ``"{U/P}"``."""
        generic, x = 0, 0
        coloured, phyrexian = [0] * 5, [0] * 5
        hybrid: list[tuple[int, int]] = []
        rest = text.strip()
        if rest.isdigit():
            return ManaCost(generic=int(rest))
        while rest:
            if not rest.startswith("{") or "}" not in rest:
                raise ValueError(f"bad mana cost {text!r}")
            sym, rest = rest[1 : rest.index("}")], rest[rest.index("}") + 1 :]
            if sym.isdigit():
                generic += int(sym)
            elif sym == "X":
                x += 1
            elif "/" in sym:
                a, b = sym.split("/", 1)
                if a in COLOURS and b == "P":
                    phyrexian[COLOURS.index(a)] += 1
                elif a in COLOURS and b in COLOURS and len(a) == len(b) == 1 and len(hybrid) < 4:
                    hybrid.append((COLOURS.index(a), COLOURS.index(b)))
                else:
                    raise ValueError(f"unsupported mana symbol {{{sym}}} in {text!r}")
            elif len(sym) == 1 and sym in COLOURS:
                coloured[COLOURS.index(sym)] += 1
            else:
                raise ValueError(f"unsupported mana symbol {{{sym}}} in {text!r}")
        return ManaCost(generic, tuple(coloured), x, tuple(hybrid), tuple(phyrexian))


@dataclass
class Plan:
    """How a cost is paid: mana of each colour (coloured, hybrid and Phyrexian symbols), generic
    mana of any colour, and life for Phyrexian symbols paid with life."""

    coloured: list[int] = field(default_factory=lambda: [0] * 5)
    generic: int = 0
    life: int = 0


def plan(available: list[int], cost: ManaCost, x: int, life: int) -> Plan | None:
    """How untapped sources (``available``: one mana each, counted by colour) pay ``cost`` with
    X = ``x``, or None. Coloured symbols first; a hybrid symbol takes the colour with more
    sources left (107.4e); a Phyrexian symbol takes its colour while a source is left, else 2
    life (107.4f), only with that much life (119.4); then generic mana and X."""
    left = list(available)
    p = Plan()
    for c in range(5):
        if left[c] < cost.coloured[c]:
            return None
        left[c] -= cost.coloured[c]
        p.coloured[c] += cost.coloured[c]
    for a, b in cost.hybrid:
        c = b if left[b] > left[a] else a
        if left[c] == 0:
            return None
        left[c] -= 1
        p.coloured[c] += 1
    for c in range(5):
        for _ in range(cost.phyrexian[c]):
            if left[c] > 0:
                left[c] -= 1
                p.coloured[c] += 1
            else:
                p.life += 2
    if p.life > life:
        return None
    generic = cost.generic + cost.x * x
    if sum(left) < generic:
        return None
    p.generic = generic
    return p


def max_x(available: list[int], cost: ManaCost, life: int) -> int | None:
    """The largest X payable (None if not even X = 0 is)."""
    p = plan(available, cost, 0, life)
    if p is None:
        return None
    if cost.x == 0:
        return 0
    return (sum(available) - sum(p.coloured) - p.generic) // cost.x


def choose_sources(sources: list[tuple[int, bool]], p: Plan) -> list[int]:
    """Which sources to tap for a plan: ``sources`` are (colour, is a land) in permanent order;
    returns their indices. Each coloured mana, WUBRG, from the first unused source of its colour
    (lands before creatures); each generic mana from a source of the colour with the most unused
    sources (ties: WUBRG order), so scarce colours stay untapped."""
    sources = sources[:64]
    used = [False] * len(sources)
    out: list[int] = []

    def take(want: int | None) -> None:
        for land_pass in (True, False):
            for i, (c, land) in enumerate(sources):
                if not used[i] and land == land_pass and want in (None, c):
                    used[i] = True
                    out.append(i)
                    return

    for colour in range(5):
        for _ in range(p.coloured[colour]):
            take(colour)
    for _ in range(p.generic):
        left = [0] * 5
        for i, (c, _land) in enumerate(sources):
            if not used[i]:
                left[c] += 1
        best = max(range(5), key=lambda c: (left[c], -c))
        take(best if left[best] > 0 else None)
    return out
