"""The vocabulary of card definitions: cards, abilities, effects, selectors, amounts, filters.

A card is declared once, as data, with these classes (see docs/CARDS.md). Nothing here runs
anything: :func:`cardstate.cards.compile.compile_card` validates a :class:`Card` and turns it
into the compiled plain-data form that both interpreters execute (the Rust runtime in
``rust/effects`` and the reference interpreter ``cardstate.reference.cards``).

Selectors say *who or what* an effect acts on: :data:`THIS` (the source object), :data:`YOU`
(its controller), :class:`Target` (the i-th declared target), :data:`EACH_OPPONENT`,
:class:`Each` (every entity matching a :class:`Filter`), :data:`TRIGGERING` (the object or
player the trigger event was about). Amounts are an ``int``, :data:`X`, :data:`THAT_MUCH` (the
amount of {E} just paid), :class:`CountersOn` or :class:`Count`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = [
    "ANY_TARGET",
    "CREATURE",
    "EACH_OPPONENT",
    "OPPONENT",
    "THAT_MUCH",
    "THIS",
    "TRIGGERING",
    "X",
    "YOU",
    "Activated",
    "Amount",
    "Card",
    "Cost",
    "Count",
    "CounterSpell",
    "CountersOn",
    "CreateToken",
    "DealDamage",
    "Destroy",
    "Draw",
    "Each",
    "Effect",
    "EntersWithCounters",
    "Filter",
    "GainLife",
    "GetEnergy",
    "Grant",
    "SwitchPowerToughness",
    "If",
    "LoseLife",
    "ManaAbility",
    "May",
    "MayPayEnergy",
    "PayAnyAmountOfEnergy",
    "PreventDamage",
    "Proliferate",
    "Pump",
    "PutCounters",
    "PythonEffect",
    "Regenerate",
    "RemoveCounters",
    "Replacement",
    "Selector",
    "Seq",
    "Spell",
    "Static",
    "Tap",
    "Target",
    "TargetSpec",
    "Triggered",
    "Untap",
    "AtLeast",
]

# ----- filters ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Filter:
    """Which entities match: objects of any of ``types`` (none given: any object) in ``zone``,
    and players if ``players``; ``controller`` is relative to the ability's controller
    (``"you"``, ``"opponent"`` or ``None`` for anyone; for a player, the player itself);
    ``keywords`` must all be present; ``other`` excludes the source object itself.
    ``subtypes`` (any of them, 205.3: ``("Zombie",)``) only in a :class:`Static` ability's
    filter."""

    types: tuple[str, ...] = ()
    players: bool = False
    objects: bool = True
    controller: Literal["you", "opponent"] | None = None
    keywords: tuple[str, ...] = ()
    other: bool = False
    zone: str = "battlefield"
    subtypes: tuple[str, ...] = ()


CREATURE = Filter(types=("creature",))
"""Target creature."""
ANY_TARGET = Filter(types=("creature", "planeswalker", "battle"), players=True)
"""'Any target' (115.4): a creature, a player, a planeswalker or a battle."""
OPPONENT = Filter(players=True, objects=False, controller="opponent")
"""Target opponent."""

# ----- selectors ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Named:
    name: str

    def __repr__(self) -> str:
        return self.name


THIS = _Named("THIS")
"""The source object of the spell or ability ("~", "it")."""
YOU = _Named("YOU")
"""The controller of the spell or ability."""
EACH_OPPONENT = _Named("EACH_OPPONENT")
"""Each opponent of the controller."""
TRIGGERING = _Named("TRIGGERING")
"""The object or player the trigger event was about (e.g. the creature that became the
target)."""


@dataclass(frozen=True)
class Target:
    """The entities chosen for the ``index``-th declared target (those still legal, 608.2b)."""

    index: int = 0


@dataclass(frozen=True)
class Each:
    """Every entity matching ``filter`` as the effect happens, in id order."""

    filter: Filter


Selector = _Named | Target | Each

# ----- amounts ------------------------------------------------------------------------------

X = _Named("X")
"""The value of X chosen for the spell or ability."""
THAT_MUCH = _Named("THAT_MUCH")
"""The amount of {E} paid by the last :class:`PayAnyAmountOfEnergy` of this resolution."""


@dataclass(frozen=True)
class CountersOn:
    """How many counters of ``kind`` the (first) entity of ``of`` has."""

    of: Selector
    kind: str


@dataclass(frozen=True)
class Count:
    """How many entities ``of`` selects."""

    of: Selector


Amount = int | _Named | CountersOn | Count

# ----- conditions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AtLeast:
    """True when ``amount`` is at least ``n``."""

    amount: Amount
    n: int = 1


Condition = AtLeast

# ----- effects ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PutCounters:
    """Put ``n`` counters of ``kind`` on each of ``on``."""

    on: Selector
    kind: str
    n: Amount = 1


@dataclass(frozen=True)
class RemoveCounters:
    """Remove up to ``n`` counters of ``kind`` from each of ``of``."""

    of: Selector
    kind: str
    n: Amount = 1


@dataclass(frozen=True)
class Proliferate:
    """Proliferate (701.34): the controller chooses on resolution (not targeting)."""


@dataclass(frozen=True)
class DealDamage:
    """``source`` (default: this) deals ``n`` damage to each of ``to``."""

    to: Selector
    n: Amount
    source: Selector = THIS


@dataclass(frozen=True)
class Destroy:
    """Destroy each of ``what`` (701.8: indestructible permanents aren't)."""

    what: Selector


@dataclass(frozen=True)
class Draw:
    """Each of ``who`` draws ``n`` cards (the top of a library is its lowest id)."""

    who: Selector = YOU
    n: Amount = 1


@dataclass(frozen=True)
class GainLife:
    """Each of ``who`` gains ``n`` life."""

    who: Selector
    n: Amount


@dataclass(frozen=True)
class LoseLife:
    """Each of ``who`` loses ``n`` life."""

    who: Selector
    n: Amount


@dataclass(frozen=True)
class GetEnergy:
    """Each of ``who`` gets ``n`` {E} (107.14)."""

    n: Amount
    who: Selector = YOU


@dataclass(frozen=True)
class MayPayEnergy:
    """ "You may pay {E}×``n``. If you do, ``then``": one optional payment (energy rulings); not
    asked when the controller has too little energy."""

    n: int
    then: Effect


@dataclass(frozen=True)
class PayAnyAmountOfEnergy:
    """ "You may pay any amount of {E}": the controller chooses 0..their energy;
    :data:`THAT_MUCH` is the amount paid."""


@dataclass(frozen=True)
class Pump:
    """Each of ``who`` gets +``power``/+``toughness`` until end of turn."""

    who: Selector
    power: Amount
    toughness: Amount


@dataclass(frozen=True)
class Grant:
    """Each of ``who`` gains ``keyword`` until end of turn."""

    who: Selector
    keyword: str


@dataclass(frozen=True)
class SwitchPowerToughness:
    """Switch the power and toughness of each of ``who`` until end of turn (613.4e, layer 7e)."""

    who: Selector


@dataclass(frozen=True)
class Tap:
    """Tap each of ``what``."""

    what: Selector


@dataclass(frozen=True)
class Untap:
    """Untap each of ``what``."""

    what: Selector


@dataclass(frozen=True)
class CreateToken:
    """Create ``n`` tokens that are copies of the characteristics of pool card ``card``,
    controlled by ``who`` (default: you)."""

    card: str
    n: Amount = 1
    who: Selector = YOU


@dataclass(frozen=True)
class Regenerate:
    """Regenerate each of ``what`` (701.15)."""

    what: Selector


@dataclass(frozen=True)
class PreventDamage:
    """ "Prevent all damage that would be dealt this turn" (615.1a) to the entities ``affects``
    names (kernel filter texts relative to the controller, docs/SEMANTICS.md §10: ``"players"``,
    ``"permanents"``, ``"creatures you control"``...); ``combat``: combat damage only. The
    prevention effect lasts until the end of the turn (514.2). Fog: ``PreventDamage(combat=True)``
    ("Prevent all combat damage that would be dealt this turn")."""

    affects: tuple[str, ...] = ("players", "permanents")
    combat: bool = False


@dataclass(frozen=True)
class CounterSpell:
    """Counter each spell of ``what`` (701.6): it goes to its owner's graveyard."""

    what: Selector


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
    | PreventDamage
    | Regenerate
    | CounterSpell
    | May
    | If
    | Seq
    | PythonEffect
)

# ----- abilities ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TargetSpec:
    """A target declared by a spell or ability: ``count`` distinct entities matching
    ``filter``, chosen as it is put on the stack and checked again on resolution (608.2b)."""

    filter: Filter
    count: int = 1


@dataclass(frozen=True)
class Cost:
    """An activation cost: ``mana`` as printed (``"{4}"``), {T}, {E}×``energy``, removing
    ``remove_counters`` = (kind, n) from the source, sacrificing the source."""

    mana: str | None = None
    tap: bool = False
    energy: int = 0
    remove_counters: tuple[str, int] | None = None
    sacrifice: bool = False


@dataclass(frozen=True)
class Spell:
    """The effect of an instant or sorcery as it resolves."""

    effect: Effect
    targets: tuple[TargetSpec, ...] = ()


TRIGGER_EVENTS = (
    "enters",
    "dies",
    "attacks",
    "becomes_blocked",
    "deals_combat_damage_to_player",
    "deals_damage",
    "you_cast",
    "counters_put",
    "you_proliferate",
    "upkeep",
    "becomes_target",
)
"""The events a triggered ability can wait for (docs/CARDS.md)."""


@dataclass(frozen=True)
class Triggered:
    """ "When/Whenever ``event``, ``effect``." ``subject``: whose event it is — :data:`THIS`
    (the default) or a :class:`Filter` relative to the controller (e.g. "a creature you
    control" for ``becomes_target``). ``may``: "you may"; ``condition``: an intervening "if"
    (603.4), checked when it triggers and again on resolution. ``by_spell``: for
    ``becomes_target``, only targeting by a spell counts."""

    event: str
    effect: Effect
    targets: tuple[TargetSpec, ...] = ()
    subject: _Named | Filter = THIS
    may: bool = False
    condition: Condition | None = None
    by_spell: bool = False


@dataclass(frozen=True)
class Activated:
    """ "``cost``: ``effect``." ``timing``: ``"instant"`` (any time the controller has
    priority) or ``"sorcery"``."""

    cost: Cost
    effect: Effect
    targets: tuple[TargetSpec, ...] = ()
    timing: Literal["instant", "sorcery"] = "instant"


@dataclass(frozen=True)
class ManaAbility:
    """ "``cost``: Add {``produces``}." (605): resolved by the game that owns the mana pool."""

    produces: str
    cost: Cost = field(default_factory=lambda: Cost(tap=True))


@dataclass(frozen=True)
class EntersWithCounters:
    """ "~ enters with ``n`` ``kind`` counters on it" (614.1c)."""

    kind: str
    n: Amount


@dataclass(frozen=True)
class Replacement:
    """A static replacement or "can't" effect (CR 614), made live in the kernel while the
    source is on the battlefield (the kernel's mechanism, docs/SEMANTICS.md §10): ``effect`` is
    a kernel effect name (``"counters_plus"``, ``"counters_cant"``, ``"counters_times"``...),
    ``affects`` its clauses relative to the controller (``"creatures you control"``,
    ``"you"``...), ``kind`` the counter kind (None: any), ``amount`` its N."""

    effect: str
    affects: tuple[str, ...]
    kind: str | None = None
    amount: int | None = None


@dataclass(frozen=True)
class Static:
    """A static ability that changes characteristics (611.3a): each of ``affected`` (a filter
    relative to the controller, or a tuple of them: the permanents matching any, each once —
    "Skeletons you control and other Zombies you control") gets +``power``/+``toughness``
    (layer 7c), has ``gains`` (layer 6: keyword names, or a mapping name -> value for
    ``toxic``; "creatures you control have flying") and loses ``loses`` (layer 6)."""

    affected: Filter | tuple[Filter, ...]
    power: int = 0
    toughness: int = 0
    loses: tuple[str, ...] = ()
    gains: Mapping[str, int] | Sequence[str] = ()


Ability = Spell | Triggered | Activated | ManaAbility | EntersWithCounters | Replacement | Static

# ----- cards --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A card: its characteristics (cost as printed, e.g. ``"{1}{G}"``, ``"{X}{X}"``,
    ``"{R/G}"``, ``"{U/P}"``), Oracle text (stored, never parsed), the non-game ``info`` of rule
    109, and its abilities."""

    name: str
    types: tuple[str, ...]
    cost: str | None = None
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: Mapping[str, int] | Sequence[str] = ()
    oracle: str = ""
    info: Mapping[str, Any] = field(default_factory=dict)
    abilities: tuple[Ability, ...] = ()
