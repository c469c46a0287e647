"""The Python side's vocabulary (``cardstate.vocabulary``: what the card compiler, the reference
model and the tests read) equals the Rust kernel's tables, as the native module exposes them, so
the two can't drift apart."""

from __future__ import annotations

import cardstate
import pytest
from cardstate import _native, vocabulary


def test_the_keywords_are_the_kernels_in_its_bit_order() -> None:
    """SEMANTICS 3: the known keywords; docs/FORMAT.md: bit i of a keyword set is KEYWORDS[i]."""
    assert vocabulary.KEYWORDS == tuple(_native.KEYWORDS)
    assert vocabulary.KEYWORDS == tuple(cardstate.KEYWORDS)


def test_cr122_1b_the_keyword_counters_are_the_kernels() -> None:
    """CR 122.1b: the keyword counters (a keyword counter grants its keyword)."""
    assert vocabulary.KEYWORD_COUNTERS == frozenset(_native.KEYWORD_COUNTERS)
    assert len(_native.KEYWORD_COUNTERS) == len(vocabulary.KEYWORD_COUNTERS)
    assert vocabulary.KEYWORD_COUNTERS <= frozenset(vocabulary.KEYWORDS)


def test_the_built_in_counter_kinds_are_the_kernels() -> None:
    """CR 122.1: the kinds every game knows from the start (they count towards MAX_KINDS)."""
    assert vocabulary.BUILTIN_KINDS == frozenset(_native.BUILTIN_KINDS)
    assert len(_native.BUILTIN_KINDS) == len(vocabulary.BUILTIN_KINDS)


@pytest.mark.parametrize("kind", [*_native.BUILTIN_KINDS, "+2/+0", "-0/-2", "+1/-1", "quest"])
def test_each_kinds_polarity_is_the_kernels(kind: str) -> None:
    """Polarity (for agents' proliferate choices): good, bad or neutral, kind by kind."""
    assert vocabulary.polarity(kind) == _native.polarity(kind)


def test_the_card_types_and_supertypes_are_the_kernels() -> None:
    """SEMANTICS 3: the card types in canonical order, per ruleset family; 205.4a supertypes."""
    assert vocabulary.CARD_TYPES == tuple(_native.CARD_TYPES)
    assert vocabulary.MAGIC_TYPES == tuple(_native.MAGIC_TYPES)
    # The Berserk ruleset names its types in its own order in messages; the set is the kernel's.
    assert sorted(vocabulary.BERSERK_TYPES) == sorted(_native.BERSERK_TYPES)
    assert len(set(vocabulary.BERSERK_TYPES)) == len(vocabulary.BERSERK_TYPES)
    assert vocabulary.SUPERTYPES == tuple(_native.SUPERTYPES)


def test_the_zones_and_rulesets_are_the_kernels() -> None:
    """SEMANTICS §1, §2: the rulesets and the seven zones, in the kernel's order."""
    assert vocabulary.ZONES == tuple(_native.ZONES)
    assert vocabulary.RULESETS == tuple(_native.RULESETS)


def test_the_effect_names_are_the_kernels() -> None:
    """CR 614-616 (SEMANTICS §10) and 611, 613 (§11): the replacement effects and the continuous
    changes, in the kernel's order, each continuous change with its layer."""
    assert vocabulary.REPLACEMENT_EFFECTS == tuple(_native.REPLACEMENT_EFFECTS)
    assert vocabulary.CONTINUOUS_EFFECTS == tuple(_native.CONTINUOUS_EFFECTS)
    assert tuple(vocabulary.LAYERS) == vocabulary.CONTINUOUS_EFFECTS


def test_the_limits_are_the_kernels() -> None:
    """docs/FORMAT.md 1.1: the limits of a game's state bound both implementations alike."""
    assert _native.LIMITS.keys() == {
        "MAX_PLAYERS",
        "STAT_LIMIT",
        "PUMP_LIMIT",
        "MAX_COST_X",
        "MAX_KINDS",
        "MAX_ENTITIES",
        "MAX_ORDERED_EFFECTS",
        "MAX_EFFECT_AMOUNT",
        "STARTING_LIFE",
    }
    for name, value in _native.LIMITS.items():
        assert getattr(vocabulary, name) == value, name
    assert vocabulary.MAX_COUNT == _native.MAX_COUNT
