"""The effects a game holds besides its objects: replacement, prevention and "can't" effects
(614-616; SEMANTICS §10) and continuous effects (611, 613; SEMANTICS §11), as records.

A replacement effect has an id, what it does, an optional source (a permanent: the effect ends
when it leaves the battlefield, and "you" is its controller), filters on the affected entity
(clauses) and on the counter kind, and a duration. A continuous effect has an id, what it changes
(and so its layer, 613.1), the permanents it affects (a filter evaluated continuously, 611.3a, or
a set locked in as it begins, 611.2c), an optional source and a duration; its timestamp is its
place in the game's list (613.7: creation order). The rules that apply them are
:mod:`~cardstate.reference.replacement` and :mod:`~cardstate.reference.continuous`.
"""

from __future__ import annotations

from typing import Any

from cardstate.vocabulary import LAYERS, Clause, describe, describe_source


class ReplacementEffect:
    """A replacement, prevention or "can't" effect; ``amount`` only for the effects that take
    one."""

    __slots__ = (
        "id",
        "effect",
        "amount",
        "source",
        "controller",
        "affects",
        "counter",
        "until_end_of_turn",
        "sources",
        "target",
        "by",
        "to",
        "combat",
        "ordered",
    )

    def __init__(
        self,
        eid: int,
        effect: str,
        amount: int | None,
        source: int | None,
        controller: int | None,
        affects: tuple[Clause, ...],
        counter: str | None,
        until_end_of_turn: bool,
        sources: tuple[Clause, ...] = (),
        target: int | None = None,
        by: int | None = None,
        to: int | None = None,
        combat: bool = False,
        ordered: bool = False,
    ) -> None:
        self.id = eid
        self.effect = effect
        self.amount = amount
        self.source = source
        self.controller = controller
        self.affects = affects
        self.counter = counter
        self.until_end_of_turn = until_end_of_turn
        self.sources = sources  # damage effects: the sources it applies to (none: any)
        # the one entity it affects instead of ``affects`` (a shield on it, damage to it
        # redirected): the effect ends when that entity leaves its zone
        self.target = target
        self.by = by  # damage effects: only damage from this object
        self.to = to  # a redirection's new recipient
        self.combat = combat  # damage effects: only combat damage (Fog)
        # 616.1: its place among the effects on a damage event was chosen across the default
        # groups: it applies, in the list's order among such effects, before the others
        self.ordered = ordered

    def ends_with(self, eid: int) -> bool:
        """Whether it ends when ``eid`` leaves its zone: its source's static ability (611.3a), or
        the entity it affects or redirects to."""
        return eid in (self.source, self.target, self.to)

    def canonical(self) -> tuple[Any, ...]:
        return (
            self.id,
            self.effect,
            self.amount,
            self.source,
            self.controller,
            [list(c) for c in self.affects],
            self.counter,
            self.until_end_of_turn,
            [list(c) for c in self.sources],
            self.target,
            self.by,
            self.to,
            self.combat,
            self.ordered,
        )

    def as_dict(self) -> dict[str, Any]:
        """What ``Game.replacement_effects()`` shows."""
        return {
            "id": self.id,
            "effect": self.effect,
            "affects": (
                [self.target] if self.target is not None else [describe(c) for c in self.affects]
            ),
            "source": self.source,
            "controller": self.controller,
            "counter": self.counter,
            "sources": ([] if self.by is None else [self.by])
            + [describe_source(c) for c in self.sources],
            "amount": self.amount,
            "to": self.to,
            "combat": self.combat,
            "until_end_of_turn": self.until_end_of_turn,
            "ordered": self.ordered,
        }


def kernel_effect(
    eid: int, name: str, amount: int | None, target: int, by: int | None, to: int | None
) -> ReplacementEffect:
    """An effect of the kernel's own calls (a prevention shield, a redirection) on one entity,
    "this turn" (514.2)."""
    return ReplacementEffect(eid, name, amount, None, None, (), None, True, (), target, by, to)


FilterClause = tuple[Any, ...]
"""One filter text: ``(players, type, scope, subtype, other)`` — a clause of
:func:`~cardstate.vocabulary.parse_clause`, the subtype named before its plural type
(``"Zombie creatures you control"``, 205.3) or None, and whether the source is left out — then,
for a clause with a quality, ``with``: ``("counter", kind)`` ("with a +1/+1 counter") or
``("keyword", name)`` ("with flying")."""

Condition = tuple[Any, ...]
"""A static ability's condition (611.3a): ``("graveyard", n)`` (threshold: "n or more cards in
your graveyard"), ``("counters", kind, n)`` ("n or more <kind> counters on it"),
``("untapped",)`` ("as long as it's untapped"), ``("your_turn",)`` ("during your turn",
102.1) or ``("life", n)`` ("as long as your life total is n or more", 119.1)."""


def describe_filter(c: FilterClause) -> str:
    """One filter text as the engine shows it ("other " and the subtype first, the quality
    last)."""
    prefix = ("other " if c[4] else "") + ("" if c[3] is None else c[3] + " ")
    text = prefix + describe(c[:3])
    if len(c) > 5:
        text += f" with a {c[5][1]} counter" if c[5][0] == "counter" else f" with {c[5][1]}"
    return text


def describe_condition(c: Condition) -> str:
    """A condition as the engine shows it (after "this while ")."""
    if c[0] == "untapped":
        return "untapped"
    if c[0] == "your_turn":
        return "your turn"
    if c[0] == "graveyard":
        return f"{c[1]} or more cards in your graveyard"
    if c[0] == "life":
        return f"{c[1]} or more life"
    return f"{c[2]} or more {c[1]} counters on it"


class ContinuousEffect:
    """A continuous effect. ``form`` is ``"filter"`` (``clauses``: :data:`FilterClause` tuples),
    ``"this"``, ``"this_while"`` (one clause), ``"this_if"`` (``condition``: a
    :data:`Condition`), ``"filter_if"`` (``clauses`` while ``condition`` holds) or ``"fixed"``
    (``ids``: the locked-in set, in the order given)."""

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
        "condition",
        "subtype",
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
        condition: Condition | None = None,
        subtype: str | None = None,
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
        self.condition = condition
        self.subtype = subtype

    def copy(self) -> ContinuousEffect:
        """An independent copy (the locked-in set changes as objects leave)."""
        new = ContinuousEffect.__new__(ContinuousEffect)
        for name in ContinuousEffect.__slots__:
            setattr(new, name, getattr(self, name))
        new.ids = list(self.ids)
        return new

    def canonical(self) -> tuple[Any, ...]:
        return (
            (
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
            + (() if self.condition is None else (list(self.condition),))
            + (() if self.subtype is None else (self.subtype,))
        )

    def as_dict(self) -> dict[str, Any]:
        """What ``Game.continuous_effects()`` shows."""
        if self.form == "fixed":
            affected: list[Any] = list(self.ids)
        elif self.form == "this":
            affected = ["this"]
        elif self.form == "this_if":
            affected = ["this while " + describe_condition(self.condition or ())]
        elif self.form == "this_while":
            affected = ["this while " + describe_filter(c) for c in self.clauses]
        elif self.form == "filter_if":
            said = describe_condition(self.condition or ())
            affected = [f"{describe_filter(c)} while {said}" for c in self.clauses]
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
            "subtype": self.subtype,
        }
