"""Who or what an effect acts on (selectors), how much (amounts), and when (conditions); the
filters they and targets use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Filter:
    """Which entities match: objects of any of ``types`` (none given: any object) in ``zone``,
    and players if ``players``; ``controller`` is relative to the ability's controller
    (``"you"``, ``"opponent"`` or ``None`` for anyone; for a player, the player itself);
    ``keywords`` must all be present; ``other`` excludes the source object itself;
    ``subtypes``: any of them (205.3: ``("Zombie",)``, "Goblins you control").

    An object also has none of ``not_types`` ("nonland", "noncreature"), none of the keywords
    ``without`` ("creature without flying"), a power of at least ``power_at_least`` ("with
    power 4 or greater", 208.1), a mana value of at most ``mana_value_at_most`` ("with mana
    value 2 or less", 202.3: no mana cost is 0, an X is 0 off the stack), is ``combat`` —
    ``"attacking"``, ``"blocking"`` or ``"attacking or blocking"`` (506.4; the kernel has no
    combat: a resolution is told which creatures are attacking and blocking) — and, when
    ``any_of`` is given, matches at least one of those filters too ("artifact, enchantment, or
    creature with flying"); with ``nontoken``, it isn't a token (111.1: "another nontoken
    Cat"); with ``name``, it has that name (201.2: "named Hare Apparent"); with
    ``mana_value_at_most_power``, its mana value is at most the source's power ("with mana value
    less than or equal to this creature's power", 208.1: the last known power of a source that
    left, 608.2h); it has none of ``not_subtypes`` ("non-Bear"); with ``with_counter``, it has a
    counter of that kind on it (122.1: "with a +1/+1 counter on it"); with
    ``put_there_this_turn``, it came to its zone this turn ("creature card from a graveyard that
    was put there this turn", 400.7: a new object — the duels know the turn, a bare ``Game``
    has none and counts every object). A
    :class:`Static` ability's filter uses only types, subtypes, controller and ``other`` (the
    kernel's continuous-effect filters), and one quality: ``with_counter``, a built-in counter
    kind it has one or more of ("each creature you control with a +1/+1 counter on it": a
    static ability's filter only), or one of ``keywords`` for a static ability that changes
    only power and toughness ("other creatures you control with flying get +1/+1", 613.8)."""

    types: tuple[str, ...] = ()
    players: bool = False
    objects: bool = True
    controller: Literal["you", "opponent"] | None = None
    keywords: tuple[str, ...] = ()
    other: bool = False
    zone: str = "battlefield"
    subtypes: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    without: tuple[str, ...] = ()
    power_at_least: int | None = None
    combat: Literal["attacking", "blocking", "attacking or blocking"] | None = None
    any_of: tuple[Filter, ...] = ()
    mana_value_at_most: int | None = None
    nontoken: bool = False
    name: str | None = None
    mana_value_at_most_power: bool = False
    not_subtypes: tuple[str, ...] = ()
    with_counter: str | None = None
    put_there_this_turn: bool = False


CREATURE = Filter(types=("creature",))
"""Target creature."""


ANY_TARGET = Filter(types=("creature", "planeswalker", "battle"), players=True)
"""'Any target' (115.4): a creature, a player, a planeswalker or a battle."""


OPPONENT = Filter(players=True, objects=False, controller="opponent")
"""Target opponent."""


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

UNTAPPED = _Named("UNTAPPED")
"""A static ability's condition ("This creature has hexproof as long as it's untapped", 611.3a:
its source untapped, read continuously); only :class:`Static`'s ``as_long_as``."""
ATTACHED = _Named("ATTACHED")
"""The permanent the source (an Aura or Equipment) is attached to: "equipped creature",
"enchanted creature" (301.5, 303.4); none where no game layer keeps attachments (a bare
``Game``). As a trigger's subject: "whenever equipped creature deals combat damage to a
player"."""

DURING_YOUR_TURN = _Named("DURING_YOUR_TURN")
"""A static ability's condition ("During your turn, this creature has first strike", 611.3a:
its controller the active player, 102.1, read continuously); only :class:`Static`'s
``as_long_as``, of THIS or of a filter of permanents."""

DISCARDED = _Named("DISCARDED")
"""The card discarded to pay the spell's additional cost (601.2h: "the discarded card"), in
its owner's graveyard; none where no game layer paid it (a bare ``Game``)."""


@dataclass(frozen=True)
class Target:
    """The entities chosen for the ``index``-th declared target (those still legal, 608.2b)."""

    index: int = 0


@dataclass(frozen=True)
class ControllerOf:
    """The controllers of the objects ``of`` selects, each once (last known information for an
    object that left: "Destroy target nonland permanent. Its controller creates …")."""

    of: Selector


@dataclass(frozen=True)
class GraveyardOf:
    """The cards in the graveyards of the players ``of`` selects, each player's in id order
    ("exile target player's graveyard": ``Exile(GraveyardOf(Target(0)))``)."""

    of: Selector


@dataclass(frozen=True)
class Matching:
    """Those of the entities ``of`` selects that match ``filter`` as the effect happens ("if it
    was a creature card": ``AtLeast(Count(Matching(Target(0), Filter(types=("creature",),
    zone="graveyard"))), 1)``, read before the card moves); an object that left the
    battlefield as it last existed there (608.2h: "if it wasn't a Demon":
    ``Exactly(Count(Matching(THIS, Filter(subtypes=("Demon",)))), 0)``)."""

    of: Selector
    filter: Filter


@dataclass(frozen=True)
class Each:
    """Every entity matching ``filter`` as the effect happens, in id order."""

    filter: Filter


TOP_OF_LIBRARY = _Named("TOP_OF_LIBRARY")
"""The top card of the controller's library (on a bare kernel ``Game``, the lowest id there,
as drawing takes it); only a Berserk card's effects name it (a duel keeps libraries hidden)."""


Selector = _Named | Target | Each | ControllerOf | GraveyardOf | Matching


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


@dataclass(frozen=True)
class CostOf:
    """The cost of the (first) object of ``of``, with X counted as 0 and the cost modifiers
    that apply to it where it is (Berserk 105.1, 104.3); 0 if it selects none."""

    of: Selector


LIFE_LOST = _Named("LIFE_LOST")
"""The life lost so far by this resolution's :class:`~cardstate.cards.vocab.LoseLife` effects
("You gain life equal to the life lost this way", 119.3)."""

PERMANENTS_SACRIFICED = _Named("PERMANENTS_SACRIFICED")
"""The permanents sacrificed so far by this resolution's :class:`~cardstate.cards.vocab.Sacrifice`
effects: "If you do" (608.2c) after a sacrifice."""

KICKED = _Named("KICKED")
"""1 if the resolving spell was kicked, else 0 (702.33d: "If this spell was kicked, it deals 4
damage instead" is ``If(AtLeast(KICKED, 1), ..., ...)``): the duels tell it; a spell resolved on
a bare ``Game`` was not kicked."""

EXCESS_DAMAGE = _Named("EXCESS_DAMAGE")
"""The excess damage (120.10) dealt so far by this resolution's
:class:`~cardstate.cards.vocab.DealDamage` effects: to each creature, the damage dealt beyond the
lethal damage it had (its toughness less the damage already marked on it; 1 from a source with
deathtouch, 702.2c) — Goblin Negotiation's "equal to the amount of excess damage dealt to that
creature this way"."""

CARDS_DISCARDED = _Named("CARDS_DISCARDED")
"""The cards discarded so far by this resolution's :class:`~cardstate.cards.vocab.Discard`
effects: "If you do" (608.2c) after a discard ("You may discard a card. If you do, draw a
card.": ``May(Seq(Discard(YOU, 1), If(AtLeast(CARDS_DISCARDED, 1), Draw(YOU, 1))))``)."""


@dataclass(frozen=True)
class PowerOf:
    """The power of the (first) object ``of`` selects (208.1; last known information for one that
    left, 608.2h); 0 if none, or if its power is below 0."""

    of: Selector


@dataclass(frozen=True)
class ToughnessOf:
    """The toughness of the (first) object ``of`` selects (208.1; last known information for one
    that left, 608.2h: "Its controller gains life equal to its toughness"); 0 if none, or if its
    toughness is below 0."""

    of: Selector


@dataclass(frozen=True)
class LifeTotal:
    """The life total of the (first) player ``of`` selects (119.1); 0 if none, or if it is below
    0."""

    of: Selector


@dataclass(frozen=True)
class DistinctManaValues:
    """How many different mana values (202.3) the objects ``of`` selects have ("for each
    different mana value among nonland permanents you control")."""

    of: Selector


@dataclass(frozen=True)
class Minus:
    """The negative of an amount: "gets -2/-2" (only a :class:`~cardstate.cards.vocab.Pump`'s
    power and toughness are negative; a negative ``int`` there is one too)."""

    of: Amount


TURN_FACTS = ("creatures_died", "you_attacked", "opponents_lost_life", "you_gained_life")
"""What :class:`ThisTurn` reads of the turn's history."""


@dataclass(frozen=True)
class ThisTurn:
    """What happened this turn, as the game tells it (the kernel keeps no history; 603.4):
    ``"creatures_died"`` the creatures that died (700.4, any player's: morbid),
    ``"you_attacked"`` 1 if the controller attacked with a creature (508.1: raid) else 0,
    ``"opponents_lost_life"`` the controller's opponents who lost life (119.3),
    ``"you_gained_life"`` the life the controller gained (119.9: a duel's players)."""

    what: str


CREATURES_DIED_THIS_TURN = ThisTurn("creatures_died")
"""The creatures that died this turn (morbid: "if a creature died this turn", 207.2c)."""

YOU_ATTACKED_THIS_TURN = ThisTurn("you_attacked")
"""1 if you attacked this turn (raid: "if you attacked this turn", 207.2c), else 0."""

OPPONENTS_LOST_LIFE_THIS_TURN = ThisTurn("opponents_lost_life")
"""Your opponents who lost life this turn ("if an opponent lost life this turn")."""

LIFE_YOU_GAINED_THIS_TURN = ThisTurn("you_gained_life")
"""The amount of life you gained this turn (119.9): the duels keep it; none on a bare ``Game``."""


Amount = (
    int
    | _Named
    | CountersOn
    | Count
    | CostOf
    | PowerOf
    | ToughnessOf
    | LifeTotal
    | DistinctManaValues
    | Minus
    | ThisTurn
)


@dataclass(frozen=True)
class AtLeast:
    """True when ``amount`` is at least ``n``."""

    amount: Amount
    n: int = 1


@dataclass(frozen=True)
class Exactly:
    """True when ``amount`` is exactly ``n`` ("if target player has exactly 10 life")."""

    amount: Amount
    n: int


Condition = AtLeast | Exactly
