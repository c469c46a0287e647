"""The fixed action id space (docs/DUEL.md, "Actions"): every id means the same in every state."""

from __future__ import annotations

HAND_SLOTS = 16  # hand slots a player can play or cast from (the canonical hand order)
PERMANENT_SLOTS = 24  # a player's permanents in id order (the order they entered)
ABILITIES = 3  # activated abilities per permanent
STACK_SLOTS = 8  # stack slots a target can name, from the bottom
ATTACKER_SLOTS = 16  # attackers a blocker can name, in declaration order
MAX_AMOUNT = 20  # the largest X or amount that can be chosen

PASS = 0
YES = 1
NO = 2
ATTACK = 3
PLAY = 4
ACTIVATE = PLAY + HAND_SLOTS
TARGET = ACTIVATE + PERMANENT_SLOTS * ABILITIES
# Target slots: 0 yourself, 1 your opponent, your permanent slots, your opponent's, the stack.
TARGET_SLOTS = 2 + 2 * PERMANENT_SLOTS + STACK_SLOTS
BLOCK = TARGET + TARGET_SLOTS
CHOOSE = BLOCK + ATTACKER_SLOTS
KEEP = CHOOSE + MAX_AMOUNT + 1  # keep the legendary permanent of your permanent slot j (704.5j)
ORDER_SLOTS = 8  # replacement and prevention effects one order decision can name (616.1)
ORDER = KEEP + PERMANENT_SLOTS  # apply effect k of those still to be ordered next (616.1)
NUM_ACTIONS = ORDER + ORDER_SLOTS


def decode(a: int) -> tuple[str, int, int] | None:
    """An action id as ``(kind, i, k)``: kinds pass, yes, no, attack, play (hand slot i),
    activate (ability k of permanent slot i), target (slot i), block (attacker slot i),
    choose (the number i), keep (the legendary permanent of permanent slot i), order (effect i
    of those still to be ordered); None outside the space."""
    if a in (PASS, YES, NO, ATTACK):
        return (("pass", "yes", "no", "attack")[a], 0, 0)
    if PLAY <= a < ACTIVATE:
        return ("play", a - PLAY, 0)
    if ACTIVATE <= a < TARGET:
        j, k = divmod(a - ACTIVATE, ABILITIES)
        return ("activate", j, k)
    if TARGET <= a < BLOCK:
        return ("target", a - TARGET, 0)
    if BLOCK <= a < CHOOSE:
        return ("block", a - BLOCK, 0)
    if CHOOSE <= a < KEEP:
        return ("choose", a - CHOOSE, 0)
    if KEEP <= a < ORDER:
        return ("keep", a - KEEP, 0)
    if ORDER <= a < NUM_ACTIONS:
        return ("order", a - ORDER, 0)
    return None
