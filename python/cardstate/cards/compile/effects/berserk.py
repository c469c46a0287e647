"""The Berserk property rules' effects («Берсерк. Герои» 104.3–105.1, classic Berserk 108), and
which effects belong to one game only (:func:`effect_game`)."""

from __future__ import annotations

from cardstate.cards import vocab as v
from cardstate.cards.compile.emitter import Emitter, Ops
from cardstate.vocabulary import BERSERK_TYPES, STAT_LIMIT

BERSERK_ONLY: frozenset[type] = frozenset(
    {
        v.StrengthBecomes,
        v.LivesBecome,
        v.Heal,
        v.RemoveEffects,
        v.GainControl,
        v.BecomeType,
        v.BecomeElite,
        v.GainFlying,
        v.LoseFlying,
        v.DrawCheaper,
    }
)
"""Effects only a Berserk card has (they change Berserk properties)."""

MAGIC_ONLY: frozenset[type] = frozenset(
    {
        v.Pump,
        v.ExtraTurn,
        v.SwitchPowerToughness,
        v.Grant,
        v.GainLife,
        v.LoseLife,
        v.GetEnergy,
        v.MayPayEnergy,
        v.PayAnyAmountOfEnergy,
        v.Proliferate,
        v.Regenerate,
        v.CounterSpell,
        v.CounterUnlessPays,
        v.Fight,
        v.Bite,
        v.ReturnToHand,
        v.Exile,
        v.ReturnToBattlefield,
        v.Discard,
        v.MayPayMana,
        v.PreventDamageTo,
        v.ExileInsteadOfDying,
        v.GainControlUntilEndOfTurn,
        v.MayCastFromGraveyardThisTurn,
        v.GainsFlashbackUntilEndOfTurn,
    }
)
"""Effects only a Magic card has (power and toughness, keywords until end of turn, players'
life, energy, proliferate, regeneration, the stack, fights, zone changes, discarding)."""


def effect_game(kind: type) -> str | None:
    """The game an effect class belongs to only (``"berserk"``, ``"magic"``), or None for
    the effects of both."""
    if kind in BERSERK_ONLY:
        return "berserk"
    if kind in MAGIC_ONLY:
        return "magic"
    return None


def strength_becomes(c: Emitter, e: v.StrengthBecomes, ops: Ops) -> None:
    ops.append({"op": "set_strength", "who": c.selector(e.who), "n": c.amount(e.n)})


def lives_become(c: Emitter, e: v.LivesBecome, ops: Ops) -> None:
    ops.append({"op": "set_lives", "who": c.selector(e.who), "n": c.amount(e.n)})


def heal(c: Emitter, e: v.Heal, ops: Ops) -> None:
    ops.append({"op": "heal", "who": c.selector(e.who), "n": c.amount(e.n)})


def remove_effects(c: Emitter, e: v.RemoveEffects, ops: Ops) -> None:
    ops.append({"op": "remove_effects", "who": c.selector(e.who)})


def gain_control(c: Emitter, e: v.GainControl, ops: Ops) -> None:
    ops.append({"op": "gain_control", "what": c.selector(e.what)})


def become_type(c: Emitter, e: v.BecomeType, ops: Ops) -> None:
    types = c.names(e.types, "BecomeType's types")
    if not types:
        raise c.bad("BecomeType names at least one type")
    for t in types:
        if t not in BERSERK_TYPES:
            raise c.bad(f"unknown Berserk type {t!r}; valid: {', '.join(BERSERK_TYPES)}")
    subtypes = None
    if e.subtypes is not None:
        subtypes = c.names(e.subtypes, "BecomeType's classes (subtypes)")
        if any(not t for t in subtypes):
            raise c.bad("a class (subtype) is a non-empty str")
    ops.append(
        {"op": "become_type", "what": c.selector(e.what), "types": types, "subtypes": subtypes}
    )


def become_elite(c: Emitter, e: v.BecomeElite, ops: Ops) -> None:
    if not isinstance(e.elite, bool):
        raise c.bad(f"BecomeElite's elite is a bool, got {e.elite!r}")
    ops.append({"op": "become_elite", "what": c.selector(e.what), "elite": e.elite})


def gain_flying(c: Emitter, e: v.GainFlying, ops: Ops) -> None:
    ops.append({"op": "set_flying", "what": c.selector(e.what), "flying": True})


def lose_flying(c: Emitter, e: v.LoseFlying, ops: Ops) -> None:
    ops.append({"op": "set_flying", "what": c.selector(e.what), "flying": False})


def draw_cheaper(c: Emitter, e: v.DrawCheaper, ops: Ops) -> None:
    less = c.integer(e.less, "DrawCheaper's less", 0, STAT_LIMIT - 1)
    ops.append({"op": "draw_cheaper", "who": c.selector(e.who), "n": c.amount(e.n), "less": less})
