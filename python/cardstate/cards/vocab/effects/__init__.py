"""Effects: what a spell or ability does, composed (``May``, ``If``, ``Seq``) of the families'
effects (one module each: counters, damage, life, permanents, zones, cards, berserk), and the
escape hatch (``PythonEffect``); ``MayPayEnergy`` ("you may pay {E}… If you do, …") is
composed too.
``Effect`` is their union."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardstate.cards.vocab.effects.berserk import (
    BecomeElite,
    BecomeType,
    DrawCheaper,
    GainControl,
    GainFlying,
    Heal,
    LivesBecome,
    LoseFlying,
    RemoveEffects,
    StrengthBecomes,
)
from cardstate.cards.vocab.effects.cards import (
    CopySpell,
    CounterSpell,
    CounterUnlessPays,
    CreateEmblem,
    CreateToken,
    CreateTokenCopy,
    CreateTokenCopyExilingOthers,
    Discard,
    Draw,
    EndTheTurn,
    ExtraTurn,
    KeepOneOfEachType,
    MayPayToCopy,
    RevealHandChooseDiscard,
    Sacrifice,
)
from cardstate.cards.vocab.effects.counters import (
    DoubleCounters,
    Proliferate,
    PutCounters,
    RemoveCounters,
)
from cardstate.cards.vocab.effects.damage import (
    Bite,
    DealDamage,
    ExileInsteadOfDying,
    Fight,
    PreventDamage,
    PreventDamageTo,
    Regenerate,
)
from cardstate.cards.vocab.effects.library import (
    LookAtTop,
    Mill,
    MillWhileSharingColour,
    ReturnFromGraveyard,
    RevealUntil,
    RevealUntilIntoGraveyard,
    Scry,
    Search,
    SeparateIntoPiles,
    Surveil,
)
from cardstate.cards.vocab.effects.life import (
    AddMana,
    GainLife,
    GetEnergy,
    LoseLife,
    LoseLifeUnless,
    PayAnyAmountOfEnergy,
)
from cardstate.cards.vocab.effects.permanents import (
    Attach,
    Becomes,
    BecomesCreature,
    Destroy,
    DoublePower,
    GainControlUntilEndOfTurn,
    GainsAbility,
    Grant,
    Pump,
    SwitchPowerToughness,
    Tap,
    Untap,
)
from cardstate.cards.vocab.effects.zones import (
    Exile,
    ExileTopCastFree,
    ExileTopChooseOne,
    ExileTopMayPlay,
    GainsFlashbackUntilEndOfTurn,
    MayCastFromGraveyardThisTurn,
    PutOnLibraryBottom,
    PutOnTopOrBottom,
    ReturnToBattlefield,
    ReturnToHand,
    ReturnWithFewerCounters,
)
from cardstate.cards.vocab.selectors import Condition, Selector


@dataclass(frozen=True)
class MayPayEnergy:
    """ "You may pay {E}×``n``. If you do, ``then``": one optional payment (energy rulings); not
    asked when the controller has too little energy."""

    n: int
    then: Effect


@dataclass(frozen=True)
class MayPayMana:
    """ "You may pay ``cost``. If you do, ``then``" (a mana cost paid as the ability resolves,
    608.2c: "if you do"): the controller chooses; a duel asks only a player who can pay (its
    automatic payment pays it), a bare ``Game`` never pays (no mana sources)."""

    cost: str
    then: Effect


@dataclass(frozen=True)
class May:
    """ "You may ``effect``": the controller chooses on resolution."""

    effect: Effect


@dataclass(frozen=True)
class If:
    """Do ``then`` if ``condition`` holds as this part resolves, else ``otherwise``."""

    condition: Condition
    then: Effect
    otherwise: Effect | None = None


@dataclass(frozen=True)
class Seq:
    """The effects in order ("…, then …")."""

    effects: tuple[Effect, ...]

    def __init__(self, *effects: Effect) -> None:
        object.__setattr__(self, "effects", tuple(effects))


@dataclass(frozen=True)
class AtNextEndStep:
    """ "… at the beginning of the next end step": a delayed triggered ability (603.7a),
    created as this part resolves, that triggers once (603.7c) at the beginning of the next
    end step and does ``effect``. It refers to the object ``of`` names as this part resolves
    — the card it became if an earlier part of this effect moved it (400.7, 603.7c: "that
    card") — as :data:`TRIGGERING` in ``effect``; it finds no other. Its controller is the
    controller of the ability or spell that created it (603.7d). Only a duel keeps it; a
    bare ``Game`` has no steps."""

    effect: Effect
    of: Selector


@dataclass(frozen=True)
class GainsWhenDies:
    """ "Until end of turn, ``who`` gains 'When this creature dies, ``effect``'" (613.1f: an
    ability granted until end of turn, 514.2): each permanent ``who`` selects as this part
    resolves triggers it if it dies this turn — its controller as it last existed controls the
    ability, and :data:`TRIGGERING` in ``effect`` is the card it became in the graveyard (400.7:
    "return it"). It compiles to an ability of kind ``delayed`` after the card's own; the duels
    keep it; a bare ``Game`` drops it. Fake Your Own Death."""

    who: Selector
    effect: Effect


@dataclass(frozen=True)
class WhenYouDo:
    """ "… When you do, ``effect``" after an action of this effect (603.12): a reflexive
    triggered ability that triggers as this part resolves, of this ability's source and
    controller. It goes on the stack the next time a player would receive priority (in a duel:
    the triggered abilities' place), its controller choosing its ``targets`` then (none legal:
    it is removed, 603.3d). A bare ``Game`` has no stack, and drops it. Faebloom Trick: "Create
    two … tokens … When you do, tap target creature an opponent controls."."""

    effect: Effect
    targets: tuple[Any, ...] = ()


@dataclass(frozen=True)
class PythonEffect:
    """The escape hatch: ``fn(game, context)`` for what the vocabulary lacks. A card that uses
    one is marked ``python``; Rust-only paths (playouts, search, batches) refuse it."""

    fn: Callable[[Any, Any], None]
    description: str = ""


Effect = (
    PutCounters
    | RemoveCounters
    | Proliferate
    | DealDamage
    | Destroy
    | Draw
    | GainLife
    | LoseLife
    | GetEnergy
    | MayPayEnergy
    | PayAnyAmountOfEnergy
    | Pump
    | Grant
    | SwitchPowerToughness
    | Tap
    | Untap
    | CreateToken
    | CreateEmblem
    | PreventDamage
    | Regenerate
    | CounterSpell
    | CounterUnlessPays
    | May
    | If
    | Seq
    | PythonEffect
    | StrengthBecomes
    | LivesBecome
    | Heal
    | RemoveEffects
    | GainControl
    | BecomeType
    | BecomeElite
    | GainFlying
    | LoseFlying
    | DrawCheaper
    | Fight
    | Bite
    | ReturnToHand
    | Exile
    | ReturnToBattlefield
    | ReturnWithFewerCounters
    | Discard
    | Sacrifice
    | Mill
    | Search
    | Surveil
    | Scry
    | ExileTopMayPlay
    | ExileTopCastFree
    | AtNextEndStep
    | AddMana
    | MayPayToCopy
    | CreateTokenCopy
    | CreateTokenCopyExilingOthers
    | MayPayMana
    | Attach
    | ExtraTurn
    | PreventDamageTo
    | WhenYouDo
    | GainsWhenDies
    | PutOnLibraryBottom
    | PutOnTopOrBottom
    | DoublePower
    | EndTheTurn
    | LookAtTop
    | SeparateIntoPiles
    | DoubleCounters
    | ExileTopChooseOne
    | RevealUntil
    | Becomes
    | ReturnFromGraveyard
    | MillWhileSharingColour
    | RevealUntilIntoGraveyard
    | ExileInsteadOfDying
    | GainControlUntilEndOfTurn
    | MayCastFromGraveyardThisTurn
    | GainsFlashbackUntilEndOfTurn
    | RevealHandChooseDiscard
    | LoseLifeUnless
    | KeepOneOfEachType
    | BecomesCreature
    | GainsAbility
    | CopySpell
)
