"""Replacement and "can't" effects for the reference model (CR 614-616; docs/SEMANTICS.md §10).

An effect is a record with an id, what it does, an optional source (a permanent: the effect ends
when it leaves the battlefield, and "you" is its controller), filters on the affected entity
(clauses) and on the counter kind, and a duration. :mod:`cardstate.reference.game` consults
them wherever counters are put, life changes or damage would be prevented.
"""

from __future__ import annotations

from typing import Any

from .kinds import MAX_COUNT

EFFECTS = (
    "counters_plus",
    "counters_minus",
    "counters_times",
    "counters_half",
    "counters_cant",
    "life_gain_cant",
    "life_change_cant",
    "prevention_cant",
    "damage_plus",
    "damage_times",
    "prevent",
    "prevent_all_but",
    "redirect",
    "redirection_cant",
    "counters_limit",
)
COUNTER_EFFECTS = frozenset(EFFECTS[:5])
# The counter effects that change how many counters are put (616.1 orders those).
MODIFY_COUNTERS = frozenset(EFFECTS[:4])
# The effects that apply to damage events (and so may have source filters).
DAMAGE_EFFECTS = frozenset(EFFECTS[7:14])
# The effects that change how much damage is dealt (614.1a), after redirection.
MODIFY_DAMAGE = frozenset({"damage_plus", "damage_times"})
PREVENTION = frozenset({"prevent", "prevent_all_but"})
# The effects whose order may be chosen across the default groups (616.1).
ORDERABLE = MODIFY_DAMAGE | PREVENTION | {"redirect"}
WITH_AMOUNT = {
    "counters_plus": 1,
    "counters_minus": 1,
    "counters_times": 2,
    "damage_plus": 1,
    "damage_times": 2,
    "prevent_all_but": 1,
    "counters_limit": 1,
}
# The ``affects`` text for the effect's own source.
THIS_PERMANENT = "this permanent"
# "The next N damage" (what is left of N), or all of it (None).
OPTIONAL_AMOUNT = frozenset({"prevent", "redirect"})
MAX_EFFECT_AMOUNT = 2**31 - 1

# A clause: (players?, card type or None for any permanent, scope "any" | "you" | "opponents")
Clause = tuple[bool, "str | None", str]


def parse_clause(text: str, allowed: tuple[str, ...]) -> Clause:
    """``"players"``, ``"you"``, ``"opponents"``, ``"permanents"``, a plural card type
    (``"creatures"``), optionally followed by ``" you control"`` or ``" opponents control"``."""
    if text.endswith(" you control"):
        what, scope = text[: -len(" you control")], "you"
    elif text.endswith(" opponents control"):
        what, scope = text[: -len(" opponents control")], "opponents"
    elif text in ("players", "you", "opponents"):
        return (True, None, {"players": "any", "you": "you", "opponents": "opponents"}[text])
    else:
        what, scope = text, "any"
    if what == "permanents":
        return (False, None, scope)
    if what.endswith("s") and what[:-1] in allowed:
        return (False, what[:-1], scope)
    raise ValueError(
        f"unknown filter {text!r}: expected players, you, opponents, or permanents or a plural "
        'card type (creatures, artifacts...), optionally followed by "you control" or '
        '"opponents control"'
    )


def parse_source_clause(text: str, allowed: tuple[str, ...]) -> Clause:
    """A source filter: ``"sources"`` or a plural card type (``"creatures"``, ``"instants"``,
    ``"sorceries"``), optionally followed by ``" you control"`` or ``" opponents control"``."""
    for suffix in (" you control", " opponents control", ""):
        if text.endswith(suffix):
            what = text[: len(text) - len(suffix)] if suffix else text
            break
    mapped = {"sources": "permanents", "sorceries": "sorcerys"}.get(what, what)
    if mapped in ("permanents", "players", "you", "opponents") and what != "sources":
        mapped = "?"
    try:
        clause = parse_clause(mapped + suffix, allowed)
    except ValueError:
        clause = (True, None, "any")
    if clause[0]:
        raise ValueError(
            f"unknown source filter {text!r}: expected sources or a plural card type (creatures, "
            'instants, sorceries...), optionally followed by "you control" or "opponents control"'
        )
    return clause


def describe_source(clause: Clause) -> str:
    """The source filter as text (what :func:`parse_source_clause` reads)."""
    _players, typ, scope = clause
    what = "sources" if typ is None else ("sorceries" if typ == "sorcery" else f"{typ}s")
    return {"any": what, "you": f"{what} you control", "opponents": f"{what} opponents control"}[
        scope
    ]


def describe(clause: Clause) -> str:
    """The clause as text (what :func:`parse_clause` reads)."""
    players, typ, scope = clause
    if players:
        return {"any": "players", "you": "you", "opponents": "opponents"}[scope]
    what = "permanents" if typ is None else f"{typ}s"
    return {"any": what, "you": f"{what} you control", "opponents": f"{what} opponents control"}[
        scope
    ]


class ReplacementEffect:
    """One effect; ``amount`` only for the effects that take one."""

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


def check_effect(effect: str, amount: int | None) -> None:
    """The effect's name and amount (ValueError / OverflowError), as the engine checks them."""
    if effect not in EFFECTS:
        raise ValueError(
            f"unknown replacement effect {effect!r}; valid effects: {', '.join(EFFECTS)}"
        )
    if effect in OPTIONAL_AMOUNT:
        if amount == 0:
            raise ValueError(f"{effect} needs an amount of at least 1, got 0")
        return
    least = WITH_AMOUNT.get(effect)
    if least is None:
        if amount is not None:
            raise ValueError(f"{effect} takes no amount")
        return
    if amount is None:
        raise ValueError(f"{effect} needs an amount")
    if amount < least:
        raise ValueError(f"{effect} needs an amount of at least {least}, got {amount}")
    if amount > MAX_EFFECT_AMOUNT:
        raise OverflowError(f"the amount of {effect} is too large")


def modify_damage(effect: ReplacementEffect, d: int) -> int:
    """614.1a: what a damage effect makes of ``d`` damage (at most ``MAX_COUNT``)."""
    if effect.effect == "damage_plus":
        return min(MAX_COUNT, d + (effect.amount or 0))
    return min(MAX_COUNT, d * (effect.amount or 0))


def modify_count(effect: ReplacementEffect, n: int) -> int:
    """614.1a: what a counter effect makes of ``n`` counters (at most ``MAX_COUNT``: more could
    never be put, and putting it then overflows)."""
    if effect.effect == "counters_plus":
        return min(MAX_COUNT, n + (effect.amount or 0))
    if effect.effect == "counters_minus":
        return max(0, n - (effect.amount or 0))
    if effect.effect == "counters_times":
        return min(MAX_COUNT, n * (effect.amount or 0))
    if effect.effect == "counters_half":
        return n // 2
    return 0  # counters_cant
