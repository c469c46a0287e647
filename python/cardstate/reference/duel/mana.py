"""Mana (106, 107.4, 202, 601.2g-h): printed costs, whether untapped sources can pay a cost
(exactly), and the duel's automatic, deterministic payment rule (docs/DUEL.md, "Mana"): which
sources pay a cost is not a decision.

A source is the mask of the colours it can add one of (a bit per colour in WUBRG order), or
``COLOURLESS``: colourless mana (106.1b), which pays only generic mana. A cost
is payable when some assignment pays it: each coloured symbol a source of its colour, each hybrid
symbol (107.4e) a source of either colour, each Phyrexian symbol (107.4f) a source of its colour
or 2 life (119.4: only with that much life), the generic mana any other sources, each source
once. With the Phyrexian symbols paid with life chosen, that is a matching of symbols to
sources, which exists exactly when Hall's condition holds: for every set of colours U, the
symbols whose colours all lie in U are no more than the sources that can add a colour of U; and
the sources are at least the symbols and the generic mana together."""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = [
    "COLOURLESS",
    "COLOURS",
    "ManaCost",
    "Plan",
    "can_pay",
    "choose_sources",
    "max_x",
    "plan",
]

COLOURS = "WUBRG"
"""The five colours in WUBRG order; a colour is its index here."""

COLOURLESS = 1 << 5
"""The mask bit of colourless mana ("{T}: Add {C}.", 106.1b), after the five colours'."""

_ALL_COLOURS = 31


@dataclass(frozen=True)
class ManaCost:
    """A cost (202.1): generic mana, coloured symbols per colour, X symbols (107.3), hybrid
    symbols as colour pairs (107.4e), Phyrexian symbols per colour (107.4f), colourless symbols
    (107.4c)."""

    generic: int = 0
    coloured: tuple[int, ...] = (0, 0, 0, 0, 0)
    x: int = 0
    hybrid: tuple[tuple[int, int], ...] = ()
    phyrexian: tuple[int, ...] = (0, 0, 0, 0, 0)
    colourless: int = 0

    @staticmethod
    def parse(text: str) -> ManaCost:
        """Printed symbols such as ``"{1}{G}"``, ``"{X}{R}"``, ``"{R/G}"``, ``"{U/P}"``,
        ``"{C}"``."""
        generic, x, colourless = 0, 0, 0
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
            elif sym == "C":
                colourless += 1
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
        return ManaCost(generic, tuple(coloured), x, tuple(hybrid), tuple(phyrexian), colourless)

    def colours(self) -> int:
        """The colours of the cost (105.2, 202.2): of its coloured, hybrid and Phyrexian
        symbols, a bit each in WUBRG order."""
        mask = sum(1 << i for i in range(5) if self.coloured[i] or self.phyrexian[i])
        for a, b in self.hybrid:
            mask |= 1 << a | 1 << b
        return mask


@dataclass(frozen=True)
class Plan:
    """How a cost is paid, beyond which sources: the Phyrexian symbols paid with 2 life each (by
    colour), the life that is, and the generic mana (X included)."""

    phyrexian_life: tuple[int, ...] = (0, 0, 0, 0, 0)
    life: int = 0
    generic: int = 0


def _generic(cost: ManaCost, x: int) -> int:
    return cost.generic + cost.x * x  # 107.3: each X costs X


def _life_payments(cost: ManaCost, life: int) -> int:
    """How many Phyrexian symbols life can pay: 2 life each, only with that much life (119.4)."""
    return min(sum(cost.phyrexian), max(life, 0) // 2)


def _splits(phyrexian: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    """The ways of paying ``k`` of the Phyrexian symbols (by colour) with life, the most life for
    W first, then U, and so on."""
    if len(phyrexian) == 0:
        return [()] if k == 0 else []
    out = []
    most = min(k, phyrexian[0])
    least = max(0, k - sum(phyrexian[1:]))
    for n in range(most, least - 1, -1):
        out += [(n, *rest) for rest in _splits(phyrexian[1:], k - n)]
    return out


def _demand(cost: ManaCost, life_paid: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The symbols left to mana: one-colour symbols by colour (coloured, and Phyrexian not paid
    with life), and the hybrid symbols as masks of their two colours."""
    single = [cost.coloured[c] + cost.phyrexian[c] - life_paid[c] for c in range(5)]
    return single, [1 << a | 1 << b for a, b in cost.hybrid]


def _pays(sources: list[int], single: list[int], hybrid: list[int], generic: int) -> bool:
    """Hall's condition for these symbols and generic mana on ``sources`` (masks)."""
    if sum(single) + len(hybrid) + generic > len(sources):
        return False
    for u in range(1, 32):
        symbols = sum(single[c] for c in range(5) if u >> c & 1)
        symbols += sum(1 for h in hybrid if h & ~u == 0)
        if symbols > sum(1 for m in sources if m & u):
            return False
    return True


def can_pay(available: list[int], cost: ManaCost, x: int, life: int) -> bool:
    """Whether untapped sources (``available``: their masks) pay ``cost`` with X = ``x`` and
    ``life`` to spend: some assignment pays it (the module's documentation). Paying more
    Phyrexian symbols with life only ever helps: the most that life allows."""
    if cost.colourless:
        rest = _after_colourless(available, cost)
        return rest is not None and can_pay(*rest, x, life)
    generic = _generic(cost, x)
    return any(
        _pays(available, *_demand(cost, d), generic)
        for d in _splits(cost.phyrexian, _life_payments(cost, life))
    )


def plan(available: list[int], cost: ManaCost, x: int, life: int) -> Plan | None:
    """How the sources pay ``cost`` with X = ``x``, or None: the fewest Phyrexian symbols paid
    with life (mana before life), of those the first way in WUBRG order (``_splits``)."""
    if cost.colourless:
        rest = _after_colourless(available, cost)
        return None if rest is None else plan(*rest, x, life)
    generic = _generic(cost, x)
    for k in range(_life_payments(cost, life) + 1):
        for d in _splits(cost.phyrexian, k):
            if _pays(available, *_demand(cost, d), generic):
                return Plan(d, 2 * k, generic)
    return None


def max_x(available: list[int], cost: ManaCost, life: int) -> int | None:
    """The largest X payable (None if not even X = 0 is): every Phyrexian symbol life allows paid
    with life, the rest of the sources for X."""
    if not can_pay(available, cost, 0, life):
        return None
    if cost.x == 0:
        return 0
    by_mana = sum(cost.coloured) + len(cost.hybrid) + sum(cost.phyrexian)
    by_mana -= _life_payments(cost, life)
    return (len(available) - by_mana - cost.generic - cost.colourless) // cost.x


def _after_colourless(available: list[int], cost: ManaCost) -> tuple[list[int], ManaCost] | None:
    """107.4c: "{C}" is paid only with colourless mana: the sources left once the sources of
    colourless mana pay the cost's {C} symbols, and the cost without them (None: too few)."""
    rest = list(available)
    for _ in range(cost.colourless):
        if COLOURLESS not in rest:
            return None
        rest.remove(COLOURLESS)
    return rest, replace(cost, colourless=0)


def choose_sources(
    sources: list[tuple[int, bool]], pool: int, cost: ManaCost, x: int, p: Plan
) -> list[int]:
    """Which sources pay ``cost`` with X = ``x`` by plan ``p``: ``sources`` are (mask, is a land),
    first the mana in the player's pool (106.4: one entry per mana, of one colour; ``pool`` of
    them), then its permanents in their order; returns their indices. The mana in the pool pays
    first: each symbol and each generic mana by the first mana of the pool that can pay it. The
    symbols are paid in order: coloured symbols (WUBRG), hybrid symbols (as printed), Phyrexian
    symbols paid with mana (WUBRG), then the generic mana; each by the first source in this
    order that leaves the rest payable, after each {C} symbol (107.4c) by the first source of
    colourless mana only:

    - a coloured or Phyrexian symbol: sources of fewer colours first, lands before creatures,
      then permanent order;
    - a hybrid symbol: first the sources that can add the colour with more unused sources that
      can add it (ties: its first colour), then as above;
    - each generic mana: a source of colourless mana only (106.1b: it pays nothing else), lands
      before creatures, then permanent order; then a one-colour source of the colour with the
      most unused one-colour
      sources (ties: WUBRG order), lands before creatures, then permanent order (scarce colours
      stay untapped); with none left, sources of more colours, fewest first, lands before
      creatures, then permanent order."""
    used = [False] * len(sources)
    out: list[int] = []
    for _ in range(cost.colourless):  # 107.4c
        payers = [i for i in range(len(sources)) if sources[i][0] == COLOURLESS and not used[i]]
        if not payers:
            return out
        i = min(payers, key=lambda i: (not sources[i][1], i))
        used[i] = True
        out.append(i)
    single, hybrid = _demand(cost, p.phyrexian_life)
    generic = _generic(cost, x)
    order: list[tuple[int, int | None]] = []  # (colours that pay it, its hybrid pair)
    if not cost.hybrid and all(bin(m & _ALL_COLOURS).count("1") <= 1 for m, _ in sources):
        # One colour per source and per symbol: each colour's symbols in turn (WUBRG).
        for c in range(5):
            order += [(1 << c, None)] * single[c]
    else:
        for c in range(5):
            order += [(1 << c, None)] * cost.coloured[c]
        order += [(1 << a | 1 << b, i) for i, (a, b) in enumerate(cost.hybrid)]
        for c in range(5):
            order += [(1 << c, None)] * (single[c] - cost.coloured[c])

    def unused() -> list[int]:
        return [i for i in range(len(sources)) if not used[i]]

    def colours(i: int) -> int:
        return bin(sources[i][0] & _ALL_COLOURS).count("1")

    for symbol, pair in order:
        if pair is None:
            single[symbol.bit_length() - 1] -= 1
            preferred = symbol
        else:
            hybrid.pop(0)
            a, b = cost.hybrid[pair]
            can_add = [sum(1 for i in unused() if sources[i][0] >> c & 1) for c in range(5)]
            preferred = 1 << (b if can_add[b] > can_add[a] else a)
        rank = {
            i: (not sources[i][0] & preferred, i >= pool, colours(i), not sources[i][1], i)
            for i in unused()
        }
        for i in sorted((i for i in unused() if sources[i][0] & symbol), key=rank.__getitem__):
            rest = [m for j, (m, _) in enumerate(sources) if not used[j] and j != i]
            if _pays(rest, single, hybrid, generic):
                used[i] = True
                out.append(i)
                break
        else:
            return out  # not payable: the sources are not those the plan read
    for _ in range(generic):
        in_pool = [i for i in unused() if i < pool]
        if in_pool:  # 106.4: the mana in the pool pays first
            used[in_pool[0]] = True
            out.append(in_pool[0])
            continue
        colourless = [i for i in unused() if sources[i][0] == COLOURLESS]
        if colourless:  # 106.1b: it pays generic mana only, so that first
            i = min(colourless, key=lambda i: (not sources[i][1], i))
            used[i] = True
            out.append(i)
            continue
        singles = [0] * 5
        for i in unused():
            if colours(i) == 1:
                singles[(sources[i][0] & _ALL_COLOURS).bit_length() - 1] += 1
        best = max(range(5), key=lambda c: (singles[c], -c))
        if singles[best] > 0:
            payers = [i for i in unused() if sources[i][0] == 1 << best]
        else:
            payers = [i for i in unused() if sources[i][0]]
        if not payers:
            return out
        i = min(payers, key=lambda i: (colours(i), not sources[i][1], i))
        used[i] = True
        out.append(i)
    return out
