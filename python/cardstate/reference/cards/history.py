"""The turn's history the conditions of 603.4 read (morbid, raid, "an opponent lost life this
turn"): a game keeps it and gives it as (creatures died, attacked mask, lost-life mask), the
masks by player id, and a duel the life players 0 and 1 gained this turn after them."""

from __future__ import annotations


def _bit(player: int) -> int:
    return 1 << player if 0 <= player < 64 else 0


def turn_fact(history: tuple[int, ...], what: str, controller: int) -> int:
    """A fact of the turn's history (creatures died, attacked mask, lost-life mask[, life
    gained by player 0, by player 1]) as an amount for ``controller``: the creatures that died
    (700.4), 1 if it attacked (508.1), its opponents who lost life (119.3), the life it gained
    (119.9; none where not given)."""
    died, attacked, lost = history[:3]
    if what == "you_gained_life":
        gained = history[3:5]
        return gained[controller] if 0 <= controller < len(gained) else 0
    if what == "creatures_died":
        return died
    if what == "you_attacked":
        return int(attacked & _bit(controller) != 0)
    if what == "opponents_lost_life":
        return bin(lost & ~_bit(controller) & (2**64 - 1)).count("1")
    raise ValueError(f"unknown fact of the turn {what!r}")
