"""The observation's layout, schema 2 (docs/DUEL.md, "Observations"): its sections and their
fields in order, each feature's offset and size, and the schema's id. Nothing here depends on
the card pool: a card is described by its characteristics and its identity (its index in the
pool + 1), never by a one-hot over the pool."""

from __future__ import annotations

from cardstate.reference.duel.actions import (
    EXILE_SLOTS,
    GRAVEYARD_SLOTS,
    HAND_SLOTS,
    OPTION_SLOTS,
    PERMANENT_SLOTS,
    STACK_SLOTS,
)
from cardstate.reference.duel.decision import DECISION_NAMES

__all__ = ["FEATURES", "OBSERVATION_LEN", "SCHEMA_ID", "SCHEMA_VERSION"]

SCHEMA_VERSION = 2

Fields = tuple[tuple[str, int], ...]

GLOBAL_FIELDS: Fields = (
    ("turn", 1),
    ("step", 13),
    ("active", 1),
    ("deciding", 1),
    ("decision", len(DECISION_NAMES)),
    ("stack_size", 1),
    ("number_min", 1),
    ("number_max", 1),
    ("subject", 2 * PERMANENT_SLOTS),
    ("subject_player", 2),
)
PLAYER_FIELDS: Fields = (
    ("life", 1),
    ("poison", 1),
    ("energy", 1),
    ("hand_size", 1),
    ("library_size", 1),
    ("graveyard_size", 1),
    ("exile_size", 1),
    ("permanents", 1),
    ("land_played", 1),
    ("drew_from_empty", 1),
    ("mulligans", 1),
)
DESCRIPTOR_FIELDS: Fields = (
    ("present", 1),
    ("card", 1),
    ("mana_value", 1),
    ("colours", 5),
    ("types", 9),
    ("legendary", 1),
    ("basic", 1),
    ("power", 1),
    ("toughness", 1),
    ("loyalty", 1),
    ("keywords", 32),
    ("activated", 1),
    ("triggered", 1),
    ("token", 1),
)
COMPACT_FIELDS: Fields = (
    ("present", 1),
    ("card", 1),
    ("mana_value", 1),
    ("colours", 5),
    ("types", 9),
    ("power", 1),
    ("toughness", 1),
)
PERMANENT_FIELDS: Fields = (
    ("tapped", 1),
    ("summoning_sick", 1),
    ("attacking", 1),
    ("blocking", 1),
    ("blocked", 1),
    ("damage", 1),
    ("plus_one_counters", 1),
    ("minus_one_counters", 1),
    ("loyalty_counters", 1),
    ("other_counters", 1),
    ("controller_not_owner", 1),
    ("subject", 1),
)
STACK_FIELDS: Fields = (("controlled", 1), ("kind", 3))
OPTION_FIELDS: Fields = (("offered", 1),)


def _sections() -> list[tuple[str, Fields]]:
    """The observation as (name prefix, fields), in order."""
    out: list[tuple[str, Fields]] = [("", GLOBAL_FIELDS), ("source.", DESCRIPTOR_FIELDS)]
    out += [(f"players[{i}].", PLAYER_FIELDS) for i in (0, 1)]
    out += [(f"hand[{i}].", DESCRIPTOR_FIELDS) for i in range(HAND_SLOTS)]
    for side in ("mine", "theirs"):
        out += [(f"{side}[{j}].", DESCRIPTOR_FIELDS + PERMANENT_FIELDS) for j in range(PERMANENT_SLOTS)]
    out += [(f"stack[{s}].", DESCRIPTOR_FIELDS + STACK_FIELDS) for s in range(STACK_SLOTS)]
    for zone, slots in (
        ("my_graveyard", GRAVEYARD_SLOTS),
        ("their_graveyard", GRAVEYARD_SLOTS),
        ("my_exile", EXILE_SLOTS),
        ("their_exile", EXILE_SLOTS),
    ):
        out += [(f"{zone}[{g}].", COMPACT_FIELDS) for g in range(slots)]
    out += [(f"options[{k}].", OPTION_FIELDS + DESCRIPTOR_FIELDS) for k in range(OPTION_SLOTS)]
    return out


def _features() -> tuple[tuple[str, int, int], ...]:
    out = []
    at = 0
    for prefix, fields in _sections():
        for name, size in fields:
            out.append((prefix + name, at, size))
            at += size
    return tuple(out)


FEATURES = _features()
"""Every feature in order, ``(name, offset, size)``: they cover the observation exactly once."""

OBSERVATION_LEN = FEATURES[-1][1] + FEATURES[-1][2]
"""The observation's length, the same for every pool."""
assert OBSERVATION_LEN == 6720


def _schema_id() -> str:
    """``duel-<version>:`` and 16 hex digits of a 64-bit FNV-1a hash over each feature's
    ``name:size`` and a newline (the native duel's id)."""
    h = 0xCBF29CE484222325
    for name, _, size in FEATURES:
        for b in f"{name}:{size}\n".encode():
            h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"duel-{SCHEMA_VERSION}:{h:016x}"


SCHEMA_ID = _schema_id()
"""The id of the layout: it changes whenever the layout does."""
