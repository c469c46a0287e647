"""What the Foundations definitions share: the Oracle text read from the packaged data, and the
filters and targets many cards name."""

from __future__ import annotations

from cardstate.cards.fdn.data import oracle_text
from cardstate.cards.vocab import (
    ANY_TARGET,
    CREATURE,
    THIS,
    TRIGGERING,
    Activated,
    AtLeast,
    Attach,
    Cost,
    Count,
    CounterUnlessPays,
    Each,
    Effect,
    Filter,
    Pump,
    Target,
    TargetSpec,
    Triggered,
)

__all__ = [
    "ANOTHER_CREATURE_YOU_CONTROL",
    "ANY",
    "INSTANT_OR_SORCERY_SPELL",
    "LANDFALL",
    "NONCREATURE_SPELL",
    "NONLAND_PERMANENT",
    "PERMANENT_TYPES",
    "PROWESS",
    "POWER_4_OR_GREATER_YOU_CONTROL",
    "TARGET_CREATURE",
    "TARGET_CREATURE_YOU_CONTROL",
    "THRESHOLD",
    "your_graveyard",
    "YOUR_CREATURES",
    "text",
    "ward",
    "ATTACH_TO_TARGET",
    "equip",
    "loyalty",
]

text = oracle_text
"""A card's current Oracle text, exactly as ``oracle.json`` has it."""

YOUR_CREATURES = Filter(types=("creature",), controller="you")
"""Creatures you control."""

NONLAND_PERMANENT = Filter(not_types=("land",))
"""A nonland permanent."""

INSTANT_OR_SORCERY_SPELL = Filter(types=("instant", "sorcery"), zone="stack")
"""An instant or sorcery spell ("whenever you cast an instant or sorcery spell")."""

NONCREATURE_SPELL = Filter(not_types=("creature",), zone="stack")
"""A noncreature spell."""

PROWESS = Triggered("you_cast", Pump(THIS, 1, 1), subject=NONCREATURE_SPELL)
"""Prowess (702.108a): "Whenever you cast a noncreature spell, this creature gets +1/+1 until
end of turn." (702.108b: each instance triggers separately.)"""


def ward(mana: str | None = None, life: int = 0) -> Triggered:
    """Ward (702.21a): "Whenever this permanent becomes the target of a spell or ability an
    opponent controls, counter it unless that player pays" ``mana`` ("Ward {2}") or ``life``
    life ("Ward—Pay 7 life"); 702.21b: each instance triggers separately. The duels make the
    trigger event for spells (docs/CARDS.md)."""
    return Triggered("becomes_target_by_opponent", CounterUnlessPays(TRIGGERING, mana, life))


ANY = (TargetSpec(ANY_TARGET),)
"""Any target (115.4)."""

TARGET_CREATURE = (TargetSpec(CREATURE),)
"""Target creature."""

TARGET_CREATURE_YOU_CONTROL = (TargetSpec(YOUR_CREATURES),)
"""Target creature you control."""

ANOTHER_CREATURE_YOU_CONTROL = Filter(types=("creature",), controller="you", other=True)
"""Another creature you control ("whenever another creature you control enters", 603.6a)."""

LANDFALL = Filter(types=("land",), controller="you")
"""Landfall (207.2c): "whenever a land you control enters" (603.6a)."""

POWER_4_OR_GREATER_YOU_CONTROL = Filter(types=("creature",), controller="you", power_at_least=4)
"""A creature you control with power 4 or greater."""

THRESHOLD = AtLeast(Count(Each(Filter(zone="graveyard", controller="you"))), 7)
"""Threshold (207.2c): "if there are seven or more cards in your graveyard" (an intervening
"if" of a triggered ability, 603.4)."""


def your_graveyard(*types: str) -> Filter:
    """A card of one of ``types`` in your graveyard (none: any card): "target creature card
    from your graveyard"."""
    return Filter(types=types, controller="you", zone="graveyard")


PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
"""The permanent types (110.4b): a "permanent card" is a card of one of them."""


ATTACH_TO_TARGET = Attach(THIS, Target(0))
"""Attach this Aura or Equipment to the first target (701.3a): "attach it to target creature you
control"."""


def equip(cost: str) -> Activated:
    """Equip (702.6a): "``cost``: Attach this permanent to target creature you control. Activate
    only as a sorcery." (an Equipment's activated ability; 702.6e: each instance is its own)."""
    return Activated(
        Cost(mana=cost), ATTACH_TO_TARGET, targets=TARGET_CREATURE_YOU_CONTROL, timing="sorcery"
    )


def loyalty(n: int, effect: Effect, targets: tuple[TargetSpec, ...] = ()) -> Activated:
    """A loyalty ability (606), "+N: ``effect``" / "−N: …" / "0: …": its cost puts ``n``
    loyalty counters on the permanent or removes ``-n`` (606.4); it is activated only as a
    sorcery, and only if none of the permanent's loyalty abilities was this turn (606.3)."""
    return Activated(Cost(loyalty=n), effect, targets=targets, timing="sorcery")
