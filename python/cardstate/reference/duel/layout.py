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

__all__ = ["EMBLEM_SLOTS", "FEATURES", "OBSERVATION_LEN", "SCHEMA_ID", "SCHEMA_VERSION", "markdown"]

SCHEMA_VERSION = 2

Fields = tuple[tuple[str, int, str], ...]
"""A list of fields: (name, size, meaning); docs/DUEL.md's tables are made from them."""

GLOBAL_FIELDS: Fields = (
    ("turn", 1, "the turn number / the turn limit"),
    ("step", 13, "the step, one-hot (500.1: untap ... cleanup)"),
    ("active", 1, "the observer is the active player"),
    ("deciding", 1, "the observer decides now"),
    ("decision", len(DECISION_NAMES), 'the decision\'s kind, one-hot ("Decisions")'),
    ("stack_size", 1, "spells and abilities on the stack / 8"),
    ("number_min", 1, "a number decision's lowest number / 30 (else 0)"),
    ("number_max", 1, "a number decision's highest number / 30 (else 0)"),
    ("subject", 2 * PERMANENT_SLOTS, "the decision's subject permanent: your slots, theirs"),
    ("subject_player", 2, "the decision's subject player: you, your opponent"),
)
PLAYER_FIELDS: Fields = (
    ("life", 1, "life / 20"),
    ("poison", 1, "poison counters / 10"),
    ("energy", 1, "energy counters / 10"),
    ("hand_size", 1, "cards in hand / 10"),
    ("library_size", 1, "cards in library / 40"),
    ("graveyard_size", 1, "cards in graveyard / 40"),
    ("exile_size", 1, "cards in exile / 20"),
    ("permanents", 1, "permanents / 24"),
    ("land_played", 1, "played a land this turn (305.2)"),
    ("drew_from_empty", 1, "drew from an empty library (704.5b)"),
    ("mulligans", 1, "mulligans taken / 7 (103.5)"),
)
DESCRIPTOR_FIELDS: Fields = (
    ("present", 1, "a card is there"),
    ("card", 1, "its identity: its index in the pool + 1 (0: no card of the pool)"),
    ("mana_value", 1, "mana value / 10 (202.3, X = 0)"),
    ("colours", 5, "W U B R G, from its cost's coloured, hybrid and Phyrexian symbols"),
    ("types", 9, "artifact battle creature enchantment instant kindred land planeswalker sorcery"),
    ("legendary", 1, "legendary (205.4d)"),
    ("basic", 1, "basic (205.4c)"),
    ("power", 1, "power / 10"),
    ("toughness", 1, "toughness / 10"),
    ("loyalty", 1, "printed loyalty / 10"),
    ("keywords", 32, "the kernel's keyword bits in `cardstate.KEYWORDS` order; the rest reserved"),
    ("activated", 1, "has an activated ability that is not a mana ability"),
    ("triggered", 1, "has a triggered ability"),
    ("token", 1, "a token (111.1)"),
)
COMPACT_FIELDS: Fields = (
    ("present", 1, "a card is there"),
    ("card", 1, "its identity (pool index + 1; 0: no card of the pool)"),
    ("mana_value", 1, "mana value / 10"),
    ("colours", 5, "W U B R G"),
    ("types", 9, "the nine card types, as in the descriptor"),
    ("power", 1, "printed power / 10"),
    ("toughness", 1, "printed toughness / 10"),
)
PERMANENT_FIELDS: Fields = (
    ("tapped", 1, "tapped"),
    ("summoning_sick", 1, "not controlled since its controller's turn began (302.6)"),
    ("attacking", 1, "an attacking creature, or a planeswalker being attacked (506.3)"),
    ("blocking", 1, "a blocking creature"),
    ("blocked", 1, "a blocked attacker (509.1h)"),
    ("damage", 1, "marked damage / 10"),
    ("plus_one_counters", 1, "+1/+1 counters / 10"),
    ("minus_one_counters", 1, "-1/-1 counters / 10"),
    ("loyalty_counters", 1, "loyalty counters / 10"),
    ("other_counters", 1, "all other counters / 10"),
    ("controller_not_owner", 1, "controlled by a player other than its owner"),
    ("subject", 1, "the decision's subject"),
)
STACK_FIELDS: Fields = (
    ("controlled", 1, "controlled by the observer"),
    ("kind", 3, "spell, activated ability, triggered ability"),
)
OPTION_FIELDS: Fields = (("offered", 1, "the option is offered"),)
EMBLEM_FIELDS: Fields = (("card", 1, "its identity: its card's index in the pool + 1"),)

EMBLEM_SLOTS = 4
"""The emblems shown of each player (114.1: in its command zone), in the order it got them; a
fifth and later aren't shown (simplification)."""


def _width(fields: Fields) -> int:
    return sum(n for _, n, _ in fields)


DESCRIPTOR = _width(DESCRIPTOR_FIELDS)
COMPACT = _width(COMPACT_FIELDS)
PLAYER = _width(PLAYER_FIELDS)
PERMANENT = DESCRIPTOR + _width(PERMANENT_FIELDS)  # a permanent slot: descriptor, status
STACK_ITEM = DESCRIPTOR + _width(STACK_FIELDS)  # a stack slot: descriptor, controlled, kind
OPTION = _width(OPTION_FIELDS) + DESCRIPTOR  # an option slot: offered, its card's descriptor


def _sections() -> list[tuple[str, Fields]]:
    """The observation as (name prefix, fields), in order."""
    out: list[tuple[str, Fields]] = [("", GLOBAL_FIELDS), ("source.", DESCRIPTOR_FIELDS)]
    out += [(f"players[{i}].", PLAYER_FIELDS) for i in (0, 1)]
    out += [(f"hand[{i}].", DESCRIPTOR_FIELDS) for i in range(HAND_SLOTS)]
    for side in ("mine", "theirs"):
        out += [
            (f"{side}[{j}].", DESCRIPTOR_FIELDS + PERMANENT_FIELDS) for j in range(PERMANENT_SLOTS)
        ]
    out += [(f"stack[{s}].", DESCRIPTOR_FIELDS + STACK_FIELDS) for s in range(STACK_SLOTS)]
    for zone, slots in (
        ("my_graveyard", GRAVEYARD_SLOTS),
        ("their_graveyard", GRAVEYARD_SLOTS),
        ("my_exile", EXILE_SLOTS),
        ("their_exile", EXILE_SLOTS),
    ):
        out += [(f"{zone}[{g}].", COMPACT_FIELDS) for g in range(slots)]
    out += [(f"options[{k}].", OPTION_FIELDS + DESCRIPTOR_FIELDS) for k in range(OPTION_SLOTS)]
    for side in ("my_emblems", "their_emblems"):
        out += [(f"{side}[{m}].", EMBLEM_FIELDS) for m in range(EMBLEM_SLOTS)]
    return out


def _features() -> tuple[tuple[str, int, int], ...]:
    out = []
    at = 0
    for prefix, fields in _sections():
        for name, size, _ in fields:
            out.append((prefix + name, at, size))
            at += size
    return tuple(out)


FEATURES = _features()
"""Every feature in order, ``(name, offset, size)``: they cover the observation exactly once."""

OBSERVATION_LEN = FEATURES[-1][1] + FEATURES[-1][2]
"""The observation's length, the same for every pool."""
assert OBSERVATION_LEN == 6728


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


def markdown() -> str:
    """docs/DUEL.md's tables of the observation: its sections (each feature's name with its
    slot index, offset and size) and the fields of each kind of slot (tests/test_duel.py checks
    that the document holds exactly this)."""
    descriptor, compact, permanent = DESCRIPTOR, COMPACT, PERMANENT
    stack, option, player = STACK_ITEM, OPTION, PLAYER
    at = {name: offset for name, offset, _ in FEATURES}
    p, g, e = PERMANENT_SLOTS, GRAVEYARD_SLOTS, EXILE_SLOTS
    rows = [
        (
            "`source.`*descriptor*",
            at["source.present"],
            "1 × " + str(descriptor),
            "the decision's source: the spell or ability being cast or resolved, the attacking "
            "creature whose damage is divided",
        ),
        (
            "`players[i].`*player*",
            at["players[0].life"],
            f"2 × {player}",
            "i = 0 the observer, 1 its opponent",
        ),
        (
            "`hand[i].`*descriptor*",
            at["hand[0].present"],
            f"{HAND_SLOTS} × {descriptor}",
            f"the observer's hand slots i = 0-{HAND_SLOTS - 1}, printed",
        ),
        (
            "`mine[j].`*descriptor*, *permanent*",
            at["mine[0].present"],
            f"{p} × {permanent}",
            f"the observer's permanent slots j = 0-{p - 1}, current characteristics",
        ),
        (
            "`theirs[j].`*descriptor*, *permanent*",
            at["theirs[0].present"],
            f"{p} × {permanent}",
            "the opponent's permanent slots",
        ),
        (
            "`stack[s].`*descriptor*, *stack*",
            at["stack[0].present"],
            f"{STACK_SLOTS} × {stack}",
            f"the stack from the bottom, s = 0-{STACK_SLOTS - 1}, printed",
        ),
        (
            "`my_graveyard[g].`*compact*",
            at["my_graveyard[0].present"],
            f"{g} × {compact}",
            f"the observer's graveyard slots g = 0-{g - 1}, printed",
        ),
        (
            "`their_graveyard[g].`*compact*",
            at["their_graveyard[0].present"],
            f"{g} × {compact}",
            "the opponent's graveyard slots",
        ),
        (
            "`my_exile[e].`*compact*",
            at["my_exile[0].present"],
            f"{e} × {compact}",
            f"the observer's exile slots e = 0-{e - 1}, printed",
        ),
        (
            "`their_exile[e].`*compact*",
            at["their_exile[0].present"],
            f"{e} × {compact}",
            "the opponent's exile slots",
        ),
        (
            "`options[k].`*option*, *descriptor*",
            at["options[0].offered"],
            f"{OPTION_SLOTS} × {option}",
            f"the decision's options k = 0-{OPTION_SLOTS - 1}: the option's card, printed",
        ),
        (
            "`my_emblems[m].`*emblem*",
            at["my_emblems[0].card"],
            f"{EMBLEM_SLOTS} × {_width(EMBLEM_FIELDS)}",
            f"the observer's emblems m = 0-{EMBLEM_SLOTS - 1} (114.1), in the order it got them",
        ),
        (
            "`their_emblems[m].`*emblem*",
            at["their_emblems[0].card"],
            f"{EMBLEM_SLOTS} × {_width(EMBLEM_FIELDS)}",
            "the opponent's emblems",
        ),
    ]
    out = ["| offset | feature | size | what |", "|---|---|---|---|"]
    for name, size, meaning in GLOBAL_FIELDS:
        out.append(f"| {at[name]} | `{name}` | {size} | {meaning} |")
    for feature, first, sizes, what in rows:
        out.append(f"| {first} | {feature} | {sizes} | {what} |")
    out.append(f"| {OBSERVATION_LEN} | (end) | | |")
    for title, fields in (
        ("player", PLAYER_FIELDS),
        ("descriptor", DESCRIPTOR_FIELDS),
        ("compact", COMPACT_FIELDS),
        ("permanent", PERMANENT_FIELDS),
        ("stack", STACK_FIELDS),
        ("option", OPTION_FIELDS),
        ("emblem", EMBLEM_FIELDS),
    ):
        n = _width(fields)
        out += ["", f"*{title}* ({n} column{'s' if n > 1 else ''}):", ""]
        out += ["| offset | field | size | what |", "|---|---|---|---|"]
        offset = descriptor if title in ("permanent", "stack") else 0
        for name, size, meaning in fields:
            out.append(f"| {offset} | `{name}` | {size} | {meaning} |")
            offset += size
    return "\n".join(out) + "\n"
