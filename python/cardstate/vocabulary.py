"""The kernel's vocabulary: the names and numbers of the rules that every layer shares.

Rulesets, zones, card types and supertypes, keywords, counter kinds (what each does and its
polarity), the names of the replacement and continuous effects with the forms of their
arguments, and the limits of a game's state (docs/SEMANTICS.md sections 0, 3, 4, 10 and 11;
docs/FORMAT.md 1.1). The reference model (:mod:`cardstate.reference`), the card compiler
(:mod:`cardstate.cards.compile`), the reference card interpreter and the tests read them here;
the Rust kernel has the same tables (``rust/core/src``: ``keywords.rs``, ``kinds.rs``,
``limits.rs``, ``game/replacement_effect.rs``, ``game/continuous_effect.rs``), and
``tests/test_vocabulary.py`` holds the two equal through the native module's copies of them.

Pure Python, standard library only: importing it needs neither the native module nor the
reference model.
"""

from __future__ import annotations

import re
from typing import Final, Literal

from cardstate.errors import CounterKindError

Polarity = Literal["good", "bad", "neutral"]

# --- limits (SEMANTICS 0; docs/FORMAT.md 1.1: the same limits bound the API and the decoder) ----

MAX_COUNT: Final = 2**64 - 1
"""Largest count of one counter kind (and largest amount an argument may carry)."""
INT64_MIN: Final = -(2**63)
INT64_MAX: Final = 2**63 - 1
"""The range of the signed numbers the engine reads as 64-bit ints (strengths, pumps...)."""
LIFE_MIN: Final = INT64_MIN
LIFE_MAX: Final = INT64_MAX
STAT_LIMIT: Final = 2**31
"""Printed numbers (power, toughness, loyalty, ...) must have an absolute value below this."""
PUMP_LIMIT: Final = 2**62
"""An until-end-of-turn P/T change adds up to an absolute value below this (OverflowError)."""
MAX_COST_X: Final = 255
"""A cost has at most this many X terms."""
TOXIC_LIMIT: Final = 2**32
"""The total toxic value of a card is below this (OverflowError beyond)."""
MAX_ENTITIES: Final = 2**32 - 1
"""Entities (players and objects, gone ones included) in one game: ids are below this."""
MAX_KINDS: Final = 2**16 - 1
"""Counter kinds a game holds at once, the built-in kinds included. A kind no entity has and no
logged event names is given back when the limit is reached, so this bounds the kinds in use,
not the kinds ever used (the native engine's kind ids are 16-bit)."""
SEED_LIMIT: Final = 2**64
MAX_PLAYERS: Final = 64
MAX_ORDERED_EFFECTS: Final = 64
"""Replacement effects ordered across the default groups at once (616.1; OverflowError beyond)."""
MAX_EFFECT_AMOUNT: Final = 2**31 - 1
"""The largest amount a replacement effect takes ("plus N", "N times", "at most N")."""
STARTING_LIFE: Final = 20
POISON_TO_LOSE: Final = 10  # 704.5c

# --- rulesets, zones, types (SEMANTICS §1, 2) ---------------------------------------------------

RULESETS: Final = ("mtg", "mtg-2010", "berserk")
ZONES: Final = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command")
"""The zone names, in the engine's order."""
BATTLEFIELD: Final = "battlefield"
HAND: Final = "hand"
GRAVEYARD: Final = "graveyard"
EXILE: Final = "exile"

MAGIC_TYPES: Final = (
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
)
BERSERK_TYPES: Final = ("creature", "artifact", "terrain", "equipment", "spell", "event", "hero")
CARD_TYPES: Final = (*MAGIC_TYPES, "terrain", "equipment", "spell", "event", "hero")
"""Every card type, in the canonical order in which ``types(x)`` lists them (SEMANTICS 3)."""
SUPERTYPES: Final = ("basic", "legendary", "ongoing", "snow", "world")
"""The supertypes of the Magic rulesets (205.4a), in the order ``supertypes(x)`` lists them;
the Berserk ruleset has none."""

# --- keywords (SEMANTICS 3) ---------------------------------------------------------------------

KEYWORDS: Final = (
    "flying",
    "first strike",
    "double strike",
    "deathtouch",
    "decayed",
    "defender",
    "exalted",
    "haste",
    "hexproof",
    "indestructible",
    "infect",
    "lifelink",
    "menace",
    "reach",
    "shadow",
    "toxic",
    "trample",
    "vigilance",
    "wither",
    "can't block",
    "can't be blocked",
    "can't be blocked by walls",
    "attacks each combat if able",
    "protection from white",
    "protection from blue",
    "protection from black",
    "protection from red",
    "protection from green",
    "protection from everything",
    "hexproof from instants",
)
"""Known keywords, in the engine's order (``cardstate.KEYWORDS``: bit *i* of the state's keyword
set is ``KEYWORDS[i]``). Only ``toxic`` carries a value (702.164). The last four are no keyword
abilities of the rules but combat's restrictions (509.1a-b: "can't block", "can't be blocked",
"can't be blocked by Walls") and requirement (508.1d: "attacks each combat if able"), which the
kernel keeps as keywords so that statics and "until end of turn" effects grant them. Then
protection from each colour and from everything (702.16a, 702.16j) and hexproof from instants
(702.11d), which the duels read where targets, blocks, attachments and damage are decided."""

KEYWORD_COUNTERS: Final = frozenset(
    {
        "flying",
        "first strike",
        "double strike",
        "deathtouch",
        "decayed",
        "exalted",
        "haste",
        "hexproof",
        "indestructible",
        "lifelink",
        "menace",
        "reach",
        "shadow",
        "trample",
        "vigilance",
    }
)
"""122.1b: a keyword counter grants its keyword to the permanent it is on."""

# --- counter kinds (SEMANTICS §4, SEMANTICS 4, 8) -----------------------------------------------

PLUS_ONE: Final = "+1/+1"
MINUS_ONE: Final = "-1/-1"
POISON: Final = "poison"
ENERGY: Final = "energy"
LOYALTY: Final = "loyalty"
DEFENSE: Final = "defense"
SHIELD: Final = "shield"
STUN: Final = "stun"
FINALITY: Final = "finality"
WOUND: Final = "wound"
PLUS_STRENGTH: Final = "+1 strength"
MINUS_STRENGTH: Final = "-1 strength"
EXTRA_LIFE: Final = "extra life"
NEGATIVE_LIFE: Final = "negative life"
BERSERK_EFFECTS: Final = frozenset({PLUS_STRENGTH, MINUS_STRENGTH, EXTRA_LIFE, NEGATIVE_LIFE})
"""Berserk effects (Berserk Heroes): strength and life modifications, removed by remove_effects."""

BUILTIN_KINDS: Final = frozenset(
    {
        PLUS_ONE,
        MINUS_ONE,
        POISON,
        ENERGY,
        "experience",
        "rad",
        "ticket",
        LOYALTY,
        DEFENSE,
        SHIELD,
        STUN,
        FINALITY,
        "charge",
        "lore",
        "oil",
        PLUS_STRENGTH,
        MINUS_STRENGTH,
        EXTRA_LIFE,
        NEGATIVE_LIFE,
        WOUND,
    }
    | KEYWORD_COUNTERS
)
"""The kinds every game knows from the start (they count towards MAX_KINDS once and always)."""

BAD_KINDS: Final = frozenset({MINUS_ONE, POISON, STUN, "rad", WOUND, MINUS_STRENGTH, NEGATIVE_LIFE})
GOOD_KINDS: Final = (
    frozenset(
        {
            PLUS_ONE,
            LOYALTY,
            SHIELD,
            ENERGY,
            "experience",
            "ticket",
            "lore",
            "oil",
            "charge",
            PLUS_STRENGTH,
            EXTRA_LIFE,
        }
    )
    | KEYWORD_COUNTERS
)

_PT_KIND = re.compile(r"([+-][0-9]{1,9})/([+-][0-9]{1,9})")
_pt_cache: dict[str, tuple[int, int] | None] = {}


def pt_delta(kind: str) -> tuple[int, int] | None:
    """The (power, toughness) change of one counter of ``kind``, or None if it is no P/T kind.

    A P/T kind is a name matching ``^[+-][0-9]{1,9}/[+-][0-9]{1,9}$`` (122.1a: "+1/+1" adds
    1 to power and toughness; "-0/-1", "+2/+0" and the like work the same way).
    """
    if kind in _pt_cache:
        return _pt_cache[kind]
    match = _PT_KIND.fullmatch(kind)
    delta = None if match is None else (int(match.group(1)), int(match.group(2)))
    _pt_cache[kind] = delta
    return delta


def check_kind(kind: object) -> str:
    """Validate a counter kind name: a ``str`` (else CounterKindError, a TypeError and a
    ValueError), non-empty (else ValueError)."""
    if not isinstance(kind, str):
        raise CounterKindError(f"a counter kind must be a str, not {type(kind).__name__}")
    if not kind:
        raise ValueError("a counter kind must be a non-empty name")
    if not kind.isascii():
        try:
            kind.encode("utf-8")
        except UnicodeEncodeError:
            raise CounterKindError(
                f"a counter kind must be valid Unicode text: {kind!r} has a lone surrogate"
            ) from None
    why = kind_name_typo(kind)
    if why is not None:
        raise ValueError(why)
    return kind


_PT_SHAPED = re.compile(r"[+-][0-9]+(?:[/+-].*)?", re.DOTALL)


def kind_name_typo(kind: str) -> str | None:
    """Why a kind name can only be a typo, if it can: leading or trailing whitespace, or a name
    shaped like a power/toughness kind (a sign, digits, then the end or ``/``, ``+``, ``-``)
    that doesn't parse as one (``"+1+1"``, ``"+1/1"``)."""
    if kind.strip() != kind:
        return f"counter kind {kind!r} has leading or trailing whitespace"
    if _PT_SHAPED.fullmatch(kind) and pt_delta(kind) is None:
        return (
            f"counter kind {kind!r} looks like a power/toughness kind but isn't one "
            '(write it like "+1/+1")'
        )
    return None


def polarity(kind: str) -> Polarity:
    """Whether a counter of ``kind`` is ``"good"``, ``"bad"`` or ``"neutral"`` for its holder.

    Bad: -1/-1, poison, stun, rad, wound, -1 strength, negative life. Good: +1/+1, loyalty,
    shield, energy, experience, ticket, lore, oil, charge, +1 strength, extra life and every
    keyword counter (122.1b). Other P/T kinds go by the sign of dp + dt. Everything else is
    neutral.
    """
    check_kind(kind)
    if kind in BAD_KINDS:
        return "bad"
    if kind in GOOD_KINDS:
        return "good"
    delta = pt_delta(kind)
    if delta is not None:
        total = delta[0] + delta[1]
        if total > 0:
            return "good"
        if total < 0:
            return "bad"
    return "neutral"


# --- replacement, prevention and "can't" effects (614-616; SEMANTICS §10) -----------------------

REPLACEMENT_EFFECTS: Final = (
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
    "enters_tapped",
    "exile_instead_of_dying",
    "losing_cant",
    "hexproof",
    "prevent_noncombat_other",
)
"""The effect names of ``add_replacement_effect``, in the engine's order."""
COUNTER_EFFECTS: Final = frozenset(REPLACEMENT_EFFECTS[:5])
"""The effects on counters being put (614.1a), ``counter=`` naming the kind they apply to."""
MODIFY_COUNTERS: Final = frozenset(REPLACEMENT_EFFECTS[:4])
"""The counter effects that change how many counters are put (616.1 orders those)."""
DAMAGE_EFFECTS: Final = frozenset(REPLACEMENT_EFFECTS[7:14]) | {"prevent_noncombat_other"}
"""The effects that apply to damage events (and so may have source filters)."""
MODIFY_DAMAGE: Final = frozenset({"damage_plus", "damage_times"})
"""The effects that change how much damage is dealt (614.1a), after redirection."""
PREVENTION: Final = frozenset({"prevent", "prevent_all_but", "prevent_noncombat_other"})
ORDERABLE: Final = MODIFY_DAMAGE | PREVENTION | {"redirect"}
"""The effects whose order may be chosen across the default groups (616.1)."""
WITH_AMOUNT: Final = {
    "counters_plus": 1,
    "counters_minus": 1,
    "counters_times": 2,
    "damage_plus": 1,
    "damage_times": 2,
    "prevent_all_but": 1,
    "counters_limit": 1,
}
"""The effects that need an amount, and the least amount each takes."""
OPTIONAL_AMOUNT: Final = frozenset({"prevent", "redirect"})
"""The effects on "the next N damage" (what is left of N), or all of it (no amount)."""
THIS_PERMANENT: Final = "this permanent"
"""The ``affects`` text for the effect's own source."""

Clause = tuple[bool, "str | None", str]
"""An ``affects`` text read: (players?, card type or None for any permanent, scope "any" |
"you" | "opponents")."""


def check_effect(effect: str, amount: int | None) -> None:
    """The effect's name and amount (ValueError / OverflowError), as the engine checks them."""
    if effect not in REPLACEMENT_EFFECTS:
        valid = ", ".join(REPLACEMENT_EFFECTS)
        raise ValueError(f"unknown replacement effect {effect!r}; valid effects: {valid}")
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


def describe(clause: Clause) -> str:
    """The clause as text (what :func:`parse_clause` reads)."""
    players, typ, scope = clause
    if players:
        return {"any": "players", "you": "you", "opponents": "opponents"}[scope]
    what = "permanents" if typ is None else f"{typ}s"
    return {"any": what, "you": f"{what} you control", "opponents": f"{what} opponents control"}[
        scope
    ]


def describe_source(clause: Clause) -> str:
    """The source filter as text (what :func:`parse_source_clause` reads)."""
    _players, typ, scope = clause
    what = "sources" if typ is None else ("sorceries" if typ == "sorcery" else f"{typ}s")
    return {"any": what, "you": f"{what} you control", "opponents": f"{what} opponents control"}[
        scope
    ]


# --- continuous effects (611, 613; SEMANTICS §11) -----------------------------------------------

CONTINUOUS_EFFECTS: Final = (
    "add_keyword",
    "remove_keyword",
    "define_power_toughness",
    "set_base_power_toughness",
    "modify_power_toughness",
    "switch_power_toughness",
    "add_subtype",
    "lose_subtypes",
    "lose_all_abilities",
    "all_creature_types",
)
"""The changes of ``add_continuous_effect``, in the engine's order."""
LAYERS: Final = {
    "add_keyword": "6",
    "remove_keyword": "6",
    "define_power_toughness": "7a",
    "set_base_power_toughness": "7b",
    "modify_power_toughness": "7c",
    "switch_power_toughness": "7e",
    "add_subtype": "4",
    "lose_subtypes": "4",
    "lose_all_abilities": "6",
    "all_creature_types": "4",
}
"""The layer (613.1) or sublayer (613.4) of each change."""


def check_change(
    name: str, keyword: str | None, value: int | None, power: int | None, toughness: int | None
) -> int | None:
    """The change's arguments (ValueError / OverflowError), as the engine checks them; returns
    the value it keeps (toxic N's N: 1 if not given; None for the other changes)."""
    if name not in CONTINUOUS_EFFECTS:
        raise ValueError(
            f"unknown continuous effect {name!r}; valid effects: {', '.join(CONTINUOUS_EFFECTS)}"
        )
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
    if name == "add_subtype":
        raise ValueError(f"{name} needs a subtype=")
    if keyword is not None or value is not None:
        raise ValueError(f"{name} takes no keyword or value")
    if name in (
        "switch_power_toughness",
        "lose_subtypes",
        "lose_all_abilities",
        "all_creature_types",
    ):
        if power is not None or toughness is not None:
            raise ValueError(f"{name} takes no power or toughness")
        return None
    if power is None or toughness is None:
        raise ValueError(f"{name} needs power= and toughness=")
    if not (-STAT_LIMIT < power < STAT_LIMIT and -STAT_LIMIT < toughness < STAT_LIMIT):
        raise OverflowError(f"the power/toughness of {name} is too large")
    return None
