"""The fixed action id space of schema 2 (docs/DUEL.md, "Actions"). An id names a thing of the
game relative to the deciding player (a verb, a player, a hand slot, a permanent slot, a stack
slot, a graveyard or exile slot, an offered option, a number, an activation) and means the same
in every state; the decision being made (``Duel.decision()``) says what is decided about it. The
space is fixed by the schema, not by the card pool."""

from __future__ import annotations

HAND_SLOTS = 16  # the canonical hand order: ascending card id
PERMANENT_SLOTS = 24  # a player's permanents in the order they entered
ABILITIES = 4  # activated abilities per permanent that are not mana abilities
STACK_SLOTS = 8  # the stack from the bottom
GRAVEYARD_SLOTS = 16  # a player's graveyard in the order the cards were put there
EXILE_SLOTS = 8  # a player's exile in the order the cards were put there
OPTION_SLOTS = 16  # the options a decision can offer
MAX_NUMBER = 30  # the largest number that can be chosen (X, an amount)
ORDER_SLOTS = 8  # replacement and prevention effects one order decision offers (616.1)

PASS = 0  # priority: pass
YES = 1  # a "may", a proliferate candidate
NO = 2  # the opposite of yes; attack or block: this creature doesn't
SELF = 3  # target or choose yourself
OPPONENT = 4  # target or choose your opponent; attack: the candidate attacks the opponent
HAND = 5  # hand slot i: play or cast it
MINE = HAND + HAND_SLOTS  # your permanent slot j: target it; the legend rule (704.5j): keep it
THEIRS = MINE + PERMANENT_SLOTS  # your opponent's slot j: target it; block the attacker in it
STACK = THEIRS + PERMANENT_SLOTS  # stack slot s from the bottom: target the spell in it
MY_GRAVEYARD = STACK + STACK_SLOTS
THEIR_GRAVEYARD = MY_GRAVEYARD + GRAVEYARD_SLOTS
MY_EXILE = THEIR_GRAVEYARD + GRAVEYARD_SLOTS
OPTION = MY_EXILE + EXILE_SLOTS  # the k-th offered option: the effect applied next (616.1)
NUMBER = OPTION + OPTION_SLOTS  # the number n: X, an amount
ACTIVATE = NUMBER + MAX_NUMBER + 1  # ability k of your permanent slot j: ACTIVATE + 4j + k
NUM_ACTIONS = ACTIVATE + PERMANENT_SLOTS * ABILITIES
assert NUM_ACTIONS == 260

RANGES: tuple[tuple[str, int, int], ...] = (
    ("PASS", PASS, 1),
    ("YES", YES, 1),
    ("NO", NO, 1),
    ("SELF", SELF, 1),
    ("OPPONENT", OPPONENT, 1),
    ("HAND", HAND, HAND_SLOTS),
    ("MINE", MINE, PERMANENT_SLOTS),
    ("THEIRS", THEIRS, PERMANENT_SLOTS),
    ("STACK", STACK, STACK_SLOTS),
    ("MY_GRAVEYARD", MY_GRAVEYARD, GRAVEYARD_SLOTS),
    ("THEIR_GRAVEYARD", THEIR_GRAVEYARD, GRAVEYARD_SLOTS),
    ("MY_EXILE", MY_EXILE, EXILE_SLOTS),
    ("OPTION", OPTION, OPTION_SLOTS),
    ("NUMBER", NUMBER, MAX_NUMBER + 1),
    ("ACTIVATE", ACTIVATE, PERMANENT_SLOTS * ABILITIES),
)
"""The id ranges in order: (name, first id, how many); docs/DUEL.md's table lists each."""


def decode(a: int) -> tuple[str, int, int] | None:
    """An action id as ``(kind, i, k)``: kinds pass, yes, no, self, opponent, hand (slot i),
    mine and theirs (permanent slot i), stack (slot i), my_graveyard, their_graveyard and
    my_exile (slot i), option (i), number (i), activate (ability k of permanent slot i); None
    outside the space."""
    if not 0 <= a < NUM_ACTIONS:
        return None
    if a >= ACTIVATE:
        j, k = divmod(a - ACTIVATE, ABILITIES)
        return ("activate", j, k)
    for name, first, n in RANGES:
        if first <= a < first + n:
            return (name.lower(), a - first, 0)
    return None  # pragma: no cover - the ranges cover the space
