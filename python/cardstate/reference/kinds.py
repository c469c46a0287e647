"""Vocabulary of the rules: limits, rulesets, zones, card types, keywords and counter kinds.

Everything here is data read by the reference model (docs/SEMANTICS.md sections 0, 3 and 4).
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
MAX_KINDS: Final = 2**16 - 1
"""Counter kinds a game holds at once, the built-in kinds included. A kind no entity has and no
logged event names is given back when the limit is reached, so this bounds the kinds in use,
not the kinds ever used (the native engine's kind ids are 16-bit)."""
SEED_LIMIT: Final = 2**64
MAX_PLAYERS: Final = 64
MAX_ENTITIES: Final = 2**32 - 1
"""Entities (players and objects, gone ones included) in one game: ids are below this."""
MAX_ORDERED_EFFECTS: Final = 64
"""Replacement effects ordered across the default groups at once (616.1; OverflowError beyond)."""
STARTING_LIFE: Final = 20
POISON_TO_LOSE: Final = 10  # 704.5c

# --- rulesets, zones, types (SEMANTICS §1, 2)
# -------------------------------------------------------

RULESETS: Final = ("mtg", "mtg-2010", "berserk")
ZONES: Final = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command")
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
TYPE_ORDER: Final = (*MAGIC_TYPES, "terrain", "equipment", "spell", "event", "hero")
"""Every card type, in the canonical order in which ``types(x)`` lists them (SEMANTICS 3)."""
SUPERTYPES: Final = ("basic", "legendary", "ongoing", "snow", "world")
"""The supertypes of the Magic rulesets (205.4a), in the order ``supertypes(x)`` lists them;
the Berserk ruleset has none."""

# --- keywords (SEMANTICS 3) -------------------------------------------------------------------

KEYWORDS: Final = frozenset(
    {
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
    }
)
"""Known keywords. Only ``toxic`` carries a value (702.164)."""

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

# --- counter kinds (SEMANTICS §4, SEMANTICS 4, 8)
# ---------------------------------------------------

PLUS_ONE: Final = "+1/+1"
MINUS_ONE: Final = "-1/-1"
POISON: Final = "poison"
ENERGY: Final = "energy"
LOYALTY: Final = "loyalty"
DEFENSE: Final = "defense"
SHIELD: Final = "shield"
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
        "stun",
        "finality",
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

BAD_KINDS: Final = frozenset(
    {MINUS_ONE, POISON, "stun", "rad", WOUND, MINUS_STRENGTH, NEGATIVE_LIFE}
)
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
