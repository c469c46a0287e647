"""Continuous effects for the reference model (CR 611, 613; docs/SEMANTICS.md §11).

An effect is a record with an id, what it changes (and so its layer, 613.1), the permanents it
affects (a filter evaluated continuously, 611.3a, or a set locked in as it begins, 611.2c), an
optional source (a permanent: the effect of its static ability ends when it leaves the
battlefield, 611.3a, and "you" is its controller) and a duration. Its timestamp is its place in
the game's list (613.7: creation order). :mod:`cardstate.reference.game` applies them where
power, toughness, keywords and toxic are read: layer 6 (613.1f), then 7a, 7b and 7c (613.4),
the counters of 7d, and the switches of 7e last (613.4e).
"""

from __future__ import annotations

from typing import Any

from .kinds import KEYWORDS
from .replacement import describe, parse_clause

CHANGES = (
    "add_keyword",
    "remove_keyword",
    "define_power_toughness",
    "set_base_power_toughness",
    "modify_power_toughness",
    "switch_power_toughness",
)
LAYERS = {
    "add_keyword": "6",
    "remove_keyword": "6",
    "define_power_toughness": "7a",
    "set_base_power_toughness": "7b",
    "modify_power_toughness": "7c",
    "switch_power_toughness": "7e",
}
STAT_LIMIT = 2**31
TOXIC_LIMIT = 2**32


def check_change(
    name: str, keyword: str | None, value: int | None, power: int | None, toughness: int | None
) -> int | None:
    """The change's arguments (ValueError / OverflowError), as the engine checks them; returns
    the value it keeps (toxic N's N: 1 if not given; None for the other changes)."""
    if name not in CHANGES:
        raise ValueError(f"unknown continuous effect {name!r}; valid effects: {', '.join(CHANGES)}")
    if name in ("add_keyword", "remove_keyword"):
        if power is not None or toughness is not None:
            raise ValueError(f"{name} takes no power or toughness")
        if keyword is None:
            raise ValueError(f"{name} needs a keyword=")
        if keyword not in KEYWORDS:
            raise ValueError(
                f"unknown keyword {keyword!r}; valid keywords: {', '.join(sorted(KEYWORDS))}"
            )
        if name == "remove_keyword":
            if value is not None:
                raise ValueError(f"{name} takes no value")
            return None
        if keyword == "toxic":
            if value is None:
                return 1
            if value == 0:
                raise ValueError("toxic needs a value of at least 1, got 0")
            if value >= TOXIC_LIMIT:
                raise OverflowError("the toxic value is too large")
            return value
        if value is not None:
            raise ValueError(f"{keyword} is not a valued keyword: give no value")
        return None
    if keyword is not None or value is not None:
        raise ValueError(f"{name} takes no keyword or value")
    if name == "switch_power_toughness":
        if power is not None or toughness is not None:
            raise ValueError(f"{name} takes no power or toughness")
        return None
    if power is None or toughness is None:
        raise ValueError(f"{name} needs power= and toughness=")
    if not (-STAT_LIMIT < power < STAT_LIMIT and -STAT_LIMIT < toughness < STAT_LIMIT):
        raise OverflowError(f"the power/toughness of {name} is too large")
    return None


FilterClause = tuple[bool, str | None, str, str | None, bool]
"""One filter text: ``(players, type, scope, subtype, other)`` — a clause of
:func:`~cardstate.reference.replacement.parse_clause`, the subtype named before its plural type
(``"Zombie creatures you control"``, 205.3) or None, and whether the source is left out."""


def split_subtype(text: str) -> tuple[str | None, str]:
    """The subtype named before the plural type of a filter text (``"Zombie creatures you
    control"`` -> ``("Zombie", "creatures you control")``), or None."""
    end = len(text)
    for suffix in (" you control", " your opponents control", " opponents control"):
        at = text.find(suffix)
        if at >= 0:
            end = at
            break
    at = text.rfind(" ", 0, end)
    if at < 0:
        return None, text
    return text[:at], text[at + 1 :]


def parse_affected(
    texts: list[str], allowed: tuple[str, ...], has_source: bool, has_controller: bool
) -> tuple[str, tuple[FilterClause, ...]]:
    """``"this"``, or filter clauses of permanents ("creatures you control", "creatures your
    opponents control", "other creatures you control", "Zombie creatures you control"...), each
    "other" or not. Returns ``(form, clauses)`` with form ``"this"`` or ``"filter"``."""
    if not texts:
        raise ValueError("an effect must affect something: give affected=")
    if texts == ["this"]:
        if not has_source:
            raise ValueError('"this" needs a source=')
        return ("this", ())
    clauses: list[FilterClause] = []
    for text in texts:
        rest = text
        other = text.startswith("other ")
        if other:
            rest = text[len("other ") :]
        subtype, rest = split_subtype(rest)
        rest = rest.replace(" your opponents control", " opponents control")
        try:
            players, typ, scope = parse_clause(rest, allowed)
        except ValueError:
            if subtype is None:
                raise
            raise ValueError(
                f"unknown filter {text!r}: a subtype comes before a plural card type "
                '("Zombie creatures you control")'
            ) from None
        if players:
            raise ValueError(f"{text!r}: continuous effects affect permanents, not players")
        if subtype == "":
            raise ValueError("a subtype must be a non-empty name")
        clauses.append((players, typ, scope, subtype, other))
    if not has_source and any(c[4] for c in clauses):
        raise ValueError('"other" needs a source=')
    if not has_source and not has_controller and any(c[2] != "any" for c in clauses):
        raise ValueError('"you" and "opponents" need a source= or a controller=')
    return ("filter", tuple(clauses))


def describe_filter(c: FilterClause) -> str:
    """One filter text as the engine shows it ("other " and the subtype first)."""
    prefix = ("other " if c[4] else "") + ("" if c[3] is None else c[3] + " ")
    return prefix + describe(c[:3])


class ContinuousEffect:
    """One effect. ``form`` is ``"filter"`` (``clauses``: :data:`FilterClause` tuples),
    ``"this"`` or ``"fixed"`` (``ids``: the locked-in set, in the order given)."""

    __slots__ = (
        "id",
        "effect",
        "keyword",
        "value",
        "power",
        "toughness",
        "form",
        "clauses",
        "ids",
        "source",
        "controller",
        "until_end_of_turn",
    )

    def __init__(
        self,
        eid: int,
        effect: str,
        keyword: str | None,
        value: int | None,
        power: int | None,
        toughness: int | None,
        form: str,
        clauses: tuple[FilterClause, ...],
        ids: list[int],
        source: int | None,
        controller: int | None,
        until_end_of_turn: bool,
    ) -> None:
        self.id = eid
        self.effect = effect
        self.keyword = keyword
        self.value = value
        self.power = power
        self.toughness = toughness
        self.form = form
        self.clauses = clauses
        self.ids = ids
        self.source = source
        self.controller = controller
        self.until_end_of_turn = until_end_of_turn

    def copy(self) -> ContinuousEffect:
        """An independent copy (the locked-in set changes as objects leave)."""
        new = ContinuousEffect.__new__(ContinuousEffect)
        for name in ContinuousEffect.__slots__:
            setattr(new, name, getattr(self, name))
        new.ids = list(self.ids)
        return new

    def canonical(self) -> tuple[Any, ...]:
        return (
            self.id,
            self.effect,
            self.keyword,
            self.value,
            self.power,
            self.toughness,
            self.form,
            [list(c) for c in self.clauses],
            list(self.ids),
            self.source,
            self.controller,
            self.until_end_of_turn,
        )

    def as_dict(self) -> dict[str, Any]:
        """What ``Game.continuous_effects()`` shows."""
        if self.form == "fixed":
            affected: list[Any] = list(self.ids)
        elif self.form == "this":
            affected = ["this"]
        else:
            affected = [describe_filter(c) for c in self.clauses]
        return {
            "id": self.id,
            "effect": self.effect,
            "layer": LAYERS[self.effect],
            "affected": affected,
            "source": self.source,
            "controller": self.controller,
            "keyword": self.keyword,
            "value": self.value,
            "power": self.power,
            "toughness": self.toughness,
            "until_end_of_turn": self.until_end_of_turn,
        }
