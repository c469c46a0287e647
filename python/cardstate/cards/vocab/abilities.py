"""Abilities (112, 113): spells' effects, triggered, activated, mana, static and replacement
abilities, and what they declare (targets, costs)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from cardstate.cards.vocab.effects import Effect
from cardstate.cards.vocab.selectors import THIS, Amount, Condition, Filter, _Named


@dataclass(frozen=True)
class TargetSpec:
    """A target declared by a spell or ability: ``count`` distinct entities matching
    ``filter``, chosen as it is put on the stack and checked again on resolution (608.2b).
    ``up_to``: "up to ``count``" — any number from 0 to ``count`` of them (601.2c);
    ``distinct``: "other targets" — none of them is chosen for an earlier target of the same
    spell or ability (115.3); ``single_graveyard``: "target cards from a single graveyard" —
    those chosen are all in one player's graveyard (601.2c: the duels offer, after the first,
    only cards of its graveyard); ``attached_to_first_target``: "up to one target Equipment
    attached to that creature" — an "up to" target whose entities are attached to the entity
    chosen for the ability's first target (the duels' attachments: they offer only those, and
    one no longer attached to it is illegal on resolution, 608.2b)."""

    filter: Filter
    count: int = 1
    up_to: bool = False
    distinct: bool = False
    single_graveyard: bool = False
    attached_to_first_target: bool = False


@dataclass(frozen=True)
class Cost:
    """An activation cost: ``mana`` as printed (``"{4}"``), {T}, {E}×``energy``, removing
    ``remove_counters`` = (kind, n) from the source, sacrificing the source, sacrificing
    another permanent of yours matching ``sacrifice_another`` ("Sacrifice another creature",
    701.21a: which one is the game's choice as the cost is paid, 601.2h), discarding
    ``discard`` cards ("Discard a card", 701.9a: which ones is the payer's choice, a decision
    of the duels; a bare ``Game``'s ``pay_costs`` doesn't pay it). ``loyalty`` makes it a
    loyalty ability (606.4): "+N:" puts N loyalty counters on the source, "−N:" removes N (it
    needs N), "0:" neither; such an ability is activated only as a sorcery and only if none of
    the permanent's loyalty abilities was activated this turn (606.3, the duels).
    ``tap_untapped`` = (filter, n): tapping n untapped permanents of yours matching the filter
    ("Tap ten untapped Elves you control", 602.2b: any of them, summoning sick or not — 302.6
    binds only a creature's own {T}; not the source when the cost taps it too; which ones is the
    game's choice as it pays — the first in battlefield order; the duels pay it, a bare
    ``Game``'s ``pay_costs`` doesn't). ``tap_attached``: an Equipment's ability "Equipped
    creature has '{1}, {T}, Tap Fishing Pole: …'" offered as the Equipment's own — the {T} is the
    equipped creature's (302.6: not summoning sick, or with haste), ``tap`` taps the Equipment
    (the duels pay it; a bare ``Game`` keeps no attachment and its ``pay_costs`` doesn't)."""

    mana: str | None = None
    tap: bool = False
    energy: int = 0
    remove_counters: tuple[str, int] | None = None
    sacrifice: bool = False
    sacrifice_another: Filter | None = None
    discard: int = 0
    loyalty: int | None = None
    tap_untapped: tuple[Filter, int] | None = None
    tap_attached: bool = False


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
    "wounded",
    "healed",
    "you_gain_life",
    "beginning_of_combat",
    "end_step",
    "you_draw",
    "you_draw_second",
    "opponent_draws",
    "you_attack",
    "you_attack_with_three_or_more",
    "leaves_battlefield",
    "enters_kicked",
    "you_draw_third",
    "becomes_target_by_opponent",
    "you_gain_life_first",
    "you_gain_life_first_your_turn",
    "you_cast_on_opponents_turn",
    "plus_one_counters_put",
    "opponent_loses_life",
    "noncombat_damage_to_opponent",
    "each_end_step",
    "opponent_casts",
    "deals_combat_damage_your_turn",
    "becomes_untapped",
)
"""The events a triggered ability can wait for (docs/CARDS.md); ``wounded`` ("при ранении":
wounds are placed on it) and ``healed`` ("при лечении": wounds are healed) are Berserk's;
``you_gain_life`` is each life-gain event of its controller's (119.9: "whenever you gain
life"), ``beginning_of_combat`` the beginning of combat on its controller's turn (507.1),
``end_step`` the beginning of its controller's end step (513.1a), ``you_draw`` each card its
controller draws (121.2: "whenever you draw a card"), ``you_draw_second`` the second card its
controller draws in a turn ("whenever you draw your second card each turn"),
``opponent_draws`` each card an opponent draws, ``you_attack`` its controller declaring one or
more attackers (508.3d: "whenever you attack"), ``you_attack_with_three_or_more`` three or
more, ``leaves_battlefield`` its moving from the battlefield to any other zone, dying included
(603.6c: "when ~ leaves the battlefield", read from its last known information, 603.10a),
``you_draw_third`` the third card its controller draws in a turn ("when you draw your third
card in a turn"), ``enters_kicked`` its entering from a spell that was kicked ("when this
creature enters, if it was kicked", 702.33d: an entering the ``enters`` abilities see too),
``you_gain_life_first`` its controller's first life-gain event of a turn ("whenever you gain
life for the first time each turn") and ``you_gain_life_first_your_turn`` that of a turn of its
own ("… for the first time during each of your turns"), ``you_cast_on_opponents_turn`` its
controller casting a spell while another player is the active player ("whenever you cast a
spell during an opponent's turn"), ``plus_one_counters_put`` each putting of one or more +1/+1
counters on the subject (122.1: "whenever one or more +1/+1 counters are put on …"; the duels
make the event beside the ``counters_put`` one), ``each_end_step`` the beginning of every end
step, whoever's turn it is (513.1a: "at the beginning of each end step"),
``opponent_loses_life`` each life-loss event of another player's (119.3, damage's included,
120.3a: "whenever an opponent loses life"), ``opponent_casts`` another player casting a spell
(601.2i: "whenever an opponent casts a spell"; ``TRIGGERING`` is that player),
``deals_combat_damage_your_turn`` combat damage the subject deals to anything during its
controller's turn (510.2: "whenever a creature you control deals combat damage during your
turn"; it carries the damage dealt, and its object is the creature that dealt it),
``noncombat_damage_to_opponent`` noncombat damage a source its controller controls deals to an
opponent (120.2: "whenever a source you control deals noncombat damage to an opponent"; the
duels make the event beside the damage's), ``becomes_untapped`` the subject untapping (502.3,
701.26b: in its controller's untap step or by an effect; "whenever equipped creature becomes
untapped", subject ``ATTACHED``; the duels make the event where an ability waits for it).

In a triggered ability, ``THAT_MUCH`` is the amount its event carried ("that many", "that much":
the damage dealt, the life lost or gained, the counters put) until an effect sets it."""


@dataclass(frozen=True)
class Mode:
    """One mode of a modal triggered ability (700.2a): ``effect`` with its own ``targets``."""

    effect: Effect
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True)
class ChooseOne:
    """ "choose one — • … • …": the effect of a modal triggered ability (603.3c, 700.2a), its
    ``modes`` (two to 16). Its controller chooses the mode as the ability is put on the stack;
    a mode whose targets can't be chosen can't be; with none, the ability is removed from the
    stack. An intervening "if" of the trigger is checked again as the mode chosen resolves."""

    modes: tuple[Mode, ...]

    def __init__(self, *modes: Mode) -> None:
        object.__setattr__(self, "modes", tuple(modes))


@dataclass(frozen=True)
class Triggered:
    """ "When/Whenever ``event``, ``effect``." ``subject``: whose event it is — :data:`THIS`
    (the default) or a :class:`Filter` relative to the controller (e.g. "a creature you
    control" for ``becomes_target``; for ``you_cast``, the kind of spell cast, a filter of
    the ``"stack"`` zone: "whenever you cast an instant or sorcery spell"). ``may``: "you
    may"; ``condition``: an intervening "if" (603.4), checked when it triggers and again on
    resolution — with ``recheck=False`` a condition of the trigger event itself ("whenever ~
    attacks while you control …"), checked only as it triggers. ``by_spell``: for
    ``becomes_target``, only targeting by a spell counts. ``from_graveyard``: the ability
    functions only while its card is in its owner's graveyard (113.6k: "return this card from
    your graveyard …"); its controller is the card's owner. ``once_each_turn``: "This ability
    triggers only once each turn" (603.2h: the duels keep, per object, which triggered this
    turn)."""

    event: str
    effect: Effect | ChooseOne
    targets: tuple[TargetSpec, ...] = ()
    subject: _Named | Filter = THIS
    may: bool = False
    condition: Condition | None = None
    by_spell: bool = False
    recheck: bool = True
    from_graveyard: bool = False
    once_each_turn: bool = False


@dataclass(frozen=True)
class Activated:
    """ "``cost``: ``effect``." ``timing``: ``"instant"`` (any time the controller has
    priority) or ``"sorcery"``. ``once``: "Activate only once" (602.5b: once for the object;
    the duels keep which were activated). ``from_graveyard``: the ability functions only while
    its card is in its owner's graveyard (113.6k, 602.2: "{1}{B}: Return this card from your
    graveyard to the battlefield tapped."; the duels activate it by the card's graveyard slot;
    its cost is mana only)."""

    cost: Cost
    effect: Effect
    targets: tuple[TargetSpec, ...] = ()
    timing: Literal["instant", "sorcery"] = "instant"
    once: bool = False
    from_graveyard: bool = False


@dataclass(frozen=True)
class ManaAbility:
    """ "``cost``: Add {``produces``}." (605): resolved by the game that owns the mana pool.
    ``produces`` is one symbol (``"G"``, ``"C"``) or several colours in WUBRG order for a
    choice among them as it resolves (``"BR"``: "Add {B} or {R}.", 106.1a, 605.1a).
    ``spend_only_on``: "Spend this mana only to cast an Angel spell." (106.6): the subtypes of
    the spells its mana may pay for, one of them (empty: anything).
    ``spend_only_on_chosen``: "Spend this mana only to cast a creature spell of the chosen type"
    (106.6, Secluded Courtyard): its mana pays only for a creature spell of the creature type
    chosen by the card's :class:`ChooseACreatureType` (none before one is chosen)."""

    produces: str
    cost: Cost = field(default_factory=lambda: Cost(tap=True))
    spend_only_on: tuple[str, ...] = ()
    spend_only_on_chosen: bool = False


@dataclass(frozen=True)
class ManaForEach:
    """ "{T}: Add {G} for each Elf you control." (Elvish Archdruid): the card's mana ability,
    of one colour, adds its mana once for each permanent its controller controls that matches
    ``filter`` (controller-relative), counted as it is activated (106.4: what the payment
    doesn't use stays in the mana pool)."""

    filter: Filter


@dataclass(frozen=True)
class ManaOfEachColourAmong:
    """ "{T}: For each color among permanents you control, add one mana of that color." (Bloom
    Tender): the card's mana ability, of "any color" (``ManaAbility("WUBRG")``), adds instead
    one mana of each colour among the permanents its controller controls that match ``filter``
    (controller-relative; 105.2: a permanent's colours are its mana cost's), counted as it is
    activated (106.4: what the payment doesn't use stays in the mana pool)."""

    filter: Filter


@dataclass(frozen=True)
class ChooseAColour:
    """ "As this artifact enters, choose a color. / Creatures you control of the chosen color
    get +``power``/+``toughness``." (614.12, 607.2: Heraldic Banner): its controller chooses a
    colour for the permanent as it enters, which the permanent remembers; each creature its
    controller controls of that colour now (105.2, 613.1e) gets the bonus (layer 7c)."""

    power: int = 0
    toughness: int = 0


@dataclass(frozen=True)
class ChooseACreatureType:
    """ "As this artifact enters, choose a creature type." (614.12, 607.2: Banner of Kinship,
    Secluded Courtyard): its controller chooses a creature type for the permanent as it
    enters, which the permanent remembers. With ``counter``: "This artifact enters with a
    ``counter`` counter on it for each creature you control of the chosen type. / Creatures you
    control of the chosen type get +``power``/+``toughness`` for each ``counter`` counter on
    this artifact." (614.1c, layer 7c); without, each creature its controller controls of that
    type gets +``power``/+``toughness`` (none when both are 0)."""

    counter: str | None = None
    power: int = 0
    toughness: int = 0


@dataclass(frozen=True)
class ManaOfChosenColour:
    """ "{T}: Add one mana of the chosen color." (Heraldic Banner): the card's one mana
    ability, ``ManaAbility("WUBRG")``, adds only the colour chosen by its
    :class:`ChooseAColour` (none before it is chosen)."""


@dataclass(frozen=True)
class OthersEnterWithCounters:
    """ "Each other Angel you control enters with an additional +1/+1 counter on it for each
    Angel you already control." (614.1c, Giada, Font of Hope): a static ability of a permanent;
    each other permanent its controller controls matching ``what`` (controller-relative) enters
    with, besides its own, a ``kind`` counter for each permanent matching ``per`` that player
    controls as it enters (the entering one not counted)."""

    what: Filter
    kind: str
    per: Filter


@dataclass(frozen=True)
class PlaysPermanentsFromGraveyard:
    """ "During each of your turns, you may play a land and cast a permanent spell of each
    permanent type from your graveyard. (If a card has multiple permanent types, choose one as
    you play it.)" (Muldrotha, the Gravetide; 305.1, 601.2a): a static ability of a permanent;
    in the duels its controller, on its own turn, may play one land card (as its land for the
    turn, 305.2) and cast one permanent spell of each other permanent type from its graveyard
    (artifact, creature, enchantment, land, planeswalker, battle: a card of several types uses
    the first of them not used yet this turn). A card with flashback or an ability that
    functions in a graveyard is offered only that way. It does nothing on a bare ``Game``."""


@dataclass(frozen=True)
class CastFromGraveyardRemovingCounters:
    """ "You may cast this card from your graveyard by removing six counters from among
    creatures you control in addition to paying its other costs." (Quilled Greatwurm; 601.2a,
    601.2f-h, 118.8): a permission of the card itself, which functions in its owner's graveyard;
    in the duels its owner may cast it from there as from the hand (its timing, its mana cost),
    offered when the creatures it controls have ``n`` counters among them, which it removes as
    the cost is paid (which ones: the duels' automatic rule, docs/DUEL.md). It does nothing on a
    bare ``Game``."""

    n: int


@dataclass(frozen=True)
class EntersWithCounters:
    """ "~ enters with ``n`` ``kind`` counters on it" (614.1c)."""

    kind: str
    n: Amount


@dataclass(frozen=True)
class EntersWithCountersIfCast:
    """ "This creature enters with ``n`` ``kind`` counters on it if you cast it" (614.1c): only
    the permanent its resolving spell becomes gets them, not one put onto the battlefield
    otherwise (returned from a graveyard, put there by an effect); with ``kicked``, only if that
    spell was kicked ("If this creature was kicked, it enters with two +1/+1 counters on it",
    702.33d)."""

    kind: str
    n: int
    kicked: bool = False


@dataclass(frozen=True)
class GetsPerGraveyardCard:
    """ "This creature gets +1/+1 for each creature card in your graveyard." (613.4c, Fiend
    Artisan): a creature's static ability; it gets +``power``/+``toughness`` for each card of
    ``types`` in its controller's graveyard (layer 7c), counted continuously (the duels: at
    every state-based check). It does nothing on a bare ``Game``."""

    types: tuple[str, ...]
    power: int = 1
    toughness: int = 1


@dataclass(frozen=True)
class CostsLessPerGraveyardCard:
    """ "This spell costs {1} less to cast for each instant and sorcery card in your
    graveyard" (601.2f): its generic mana, less one per card of ``types`` in its caster's
    graveyard as it is cast (never below zero; coloured mana stays)."""

    types: tuple[str, ...]


@dataclass(frozen=True)
class CostsLessPerAttackingCreature:
    """ "This spell costs {1} less to cast for each attacking creature you control" (601.2f):
    its generic mana, less one per attacking creature its caster controls as it is cast (never
    below zero; coloured mana stays). It does nothing on a bare ``Game``."""


@dataclass(frozen=True)
class CostsLessIfTargetsTapped:
    """ "This spell costs {3} less to cast if it targets a tapped creature" (601.2f, determined
    after its targets are chosen, 601.2c): its generic mana, less ``n`` if one of its targets is
    a tapped permanent (never below zero; coloured mana stays). The duels offer it at any
    target when its unreduced cost can be paid, else only at tapped ones. It does nothing on a
    bare ``Game``."""

    n: int


@dataclass(frozen=True)
class DoesntUntap:
    """ "This creature doesn't untap during your untap step." (502.3): the duels' untap step
    leaves it tapped; an effect may still untap it. It does nothing on a bare ``Game``."""


@dataclass(frozen=True)
class BeginOnBattlefield:
    """ "If this card is in your opening hand, you may begin the game with it on the
    battlefield." (103.6a, Leyline Axe): the duels put it there before the first turn. It does
    nothing on a bare ``Game``."""


@dataclass(frozen=True)
class AdditionalLand:
    """ "You may play an additional land on each of your turns." (305.2, Loot, Exuberant
    Explorer): a static ability of a permanent; in the duels its controller may play one more
    land each of its turns for each such permanent it controls. It does nothing on a bare
    ``Game``."""


@dataclass(frozen=True)
class CostsLessForPermanents:
    """ "This spell costs {1} less to cast for each Cat you control" (affinity for Cats,
    702.41a) and, with ``each=False``, "This spell costs {1} less to cast if you control a
    Wizard" (601.2f): its generic mana, less one per permanent of its caster's that ``filter``
    matches (or one if any does), as the duels offer it and as it is cast (never below zero)."""

    filter: Filter
    each: bool = True


@dataclass(frozen=True)
class CostsLessByTotalPower:
    """ "This spell costs {X} less to cast, where X is the total power of creatures you
    control" (601.2f, Ghalta): its generic mana, less the sum of the powers of its caster's
    creatures as the duels offer it and as it is cast (a negative power subtracts; never below
    zero; coloured mana stays). It does nothing on a bare ``Game``."""


@dataclass(frozen=True)
class SpellsHaveFlash:
    """ "You may cast spells as though they had flash." (702.8a, 307.1, High Fae Trickster): a
    static ability of a permanent; its controller may cast its spells any time it could cast
    an instant, in the duels. It does nothing on a bare ``Game``."""


@dataclass(frozen=True)
class SpellsFromHandFree:
    """ "You may cast spells from your hand without paying their mana costs." (118.9, 601.2b,
    Omniscience): a static ability of a permanent; in the duels its controller's spells cast
    from its hand cost no mana (X is 0; additional costs are paid: a sacrifice, a discard —
    not the mana "… or pay {3}{B}" allows instead of a sacrifice, with which the spell costs
    its mana as without it). Simplification: cast so, a spell is offered no other alternative
    cost and no kicker cost, and its caster always takes the permission. It does nothing on a
    bare ``Game``."""


@dataclass(frozen=True)
class SpellsCostLess:
    """ "Instant and sorcery spells you cast cost {1} less to cast." (601.2f): a static
    ability of a permanent; each such permanent a player controls takes {1} off the generic
    mana of each spell of one of ``types`` that player casts (never below zero). It does
    nothing on a bare ``Game``."""

    types: tuple[str, ...]


@dataclass(frozen=True)
class EntersTapped:
    """ "This permanent enters tapped." (614.1d): a replacement effect applied as it enters
    the battlefield, not a trigger (it enters tapped; it isn't tapped afterwards)."""


@dataclass(frozen=True)
class Flash:
    """ "Flash" (702.8a): a static ability that functions wherever the card could be cast
    from — it may be cast any time its controller could cast an instant (307.1 doesn't bind
    it)."""


@dataclass(frozen=True)
class AnyNumberInDeck:
    """ "A deck can have any number of cards named ~." — an exception to 100.2a's limit of four
    copies of a card in a constructed deck (as for basic land cards); it does nothing in a
    game."""


@dataclass(frozen=True)
class Flashback:
    """ "Flashback ``cost``" (702.34a): the card may be cast from its owner's graveyard by
    paying ``cost`` (a mana cost, ``"{2}{R}"``) rather than its mana cost (an alternative cost,
    118.9); a spell cast this way is exiled instead of going anywhere else as it leaves the
    stack. A flashback cost that sacrifices permanents instead ("Flashback—Sacrifice a
    Mountain") is ``sacrifice``, a filter of its caster's permanents, with no ``cost``: which
    one is the caster's choice as the cost is paid (601.2h, 701.21a)."""

    cost: str | None = None
    sacrifice: Filter | None = None


@dataclass(frozen=True)
class AdditionalCost:
    """ "As an additional cost to cast this spell, discard ``discard`` cards." (601.2f-h,
    701.9a): which ones is the caster's choice as the cost is paid, after the targets (the
    duels' discard decision); the spell is offered only with that many other cards in hand.
    :data:`DISCARDED` names the card discarded. It does nothing on a bare ``Game``."""

    discard: int = 1


@dataclass(frozen=True)
class AdditionalSacrifice:
    """ "As an additional cost to cast this spell, sacrifice a creature." (601.2f-h, 701.21a):
    ``count`` of its caster's permanents matching ``sacrifice``, which ones the caster's choice
    as the cost is paid, after the targets (the duels' sacrifice decision), besides its mana
    cost; the spell is offered only when they can be sacrificed. It does nothing on a bare
    ``Game``. With ``or_pay`` ("sacrifice a creature or pay {3}{B}", 601.2b) the caster may
    pay that mana instead (its choice when both can be paid: the duels' pay_cost decision)."""

    sacrifice: Filter
    count: int = 1
    or_pay: str | None = None


@dataclass(frozen=True)
class Madness:
    """ "Madness ``cost``" (702.35a): discarded, the card goes to exile instead of its owner's
    graveyard, and a triggered ability lets its owner cast it for ``cost`` (an alternative
    cost, 118.9) as that ability resolves, or put it into the graveyard (the duels' yes/no
    decision). It does nothing on a bare ``Game``."""

    cost: str


@dataclass(frozen=True)
class Plot:
    """ "Plot ``cost``" (702.170a): its owner may pay ``cost`` and exile it from their hand
    (a special action, 116.2k, only as a sorcery: the duels' yes/no decision as its hand slot is
    chosen); on a later turn they may cast it from exile without paying its mana cost, as a
    sorcery (702.170d). It does nothing on a bare ``Game``."""

    cost: str


@dataclass(frozen=True)
class Kicker:
    """ "Kicker ``cost``" (702.33a): an optional additional cost (601.2b, 601.2f) its caster may
    pay as the spell is cast; a spell whose kicker cost was paid is kicked (702.33d), and so is
    the permanent it becomes (``Triggered("enters_kicked", …)``). ``kicked``: a ``Spell``
    that the kicked spell is instead of the card's one ``Spell`` — its targets and effect ("If
    this spell was kicked, instead any number of target creatures you control gain
    indestructible until end of turn", Divine Resilience): the duels choose its targets once
    the kicker cost is chosen (601.2b, then 601.2c)."""

    cost: str
    kicked: Spell | None = None


@dataclass(frozen=True)
class AlternativeCost:
    """ "You may sacrifice ``count`` <``sacrifice``> rather than pay this spell's mana cost."
    (118.9, 601.2b): the spell may be cast by sacrificing that many permanents of its caster's
    matching the filter instead of paying its mana cost; which ones is the caster's choice as
    the cost is paid (601.2h, 701.21a)."""

    sacrifice: Filter
    count: int = 1


@dataclass(frozen=True)
class AlternativeManaCost:
    """ "You may pay {B} rather than pay this spell's mana cost if there are thirteen or more
    creatures on the battlefield." (118.9, 601.2b): the spell may be cast for ``cost`` instead
    of its mana cost while at least ``creatures_at_least`` creatures, any player's, are on the
    battlefield (in the duels: with both payable the caster chooses, the ``pay_cost``
    decision). It does nothing on a bare ``Game``."""

    cost: str
    creatures_at_least: int


@dataclass(frozen=True)
class Replacement:
    """A static replacement or "can't" effect (CR 614), made live in the kernel while the
    source is on the battlefield (the kernel's mechanism, docs/SEMANTICS.md §10): ``effect`` is
    a kernel effect name (``"counters_plus"``, ``"counters_cant"``, ``"counters_times"``...),
    ``affects`` its clauses relative to the controller (``"creatures you control"``,
    ``"you"``...), ``kind`` the counter kind (None: any), ``amount`` its N; ``sources``: a
    damage effect's source filter texts (``"sources you control"``: Twinflame Tyrant's "if a
    source you control would deal damage …"; none: every source)."""

    effect: str
    affects: tuple[str, ...]
    kind: str | None = None
    amount: int | None = None
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class Static:
    """A static ability that changes characteristics (611.3a): each of ``affected`` (a filter
    relative to the controller, or a tuple of them: the permanents matching any, each once —
    "Skeletons you control and other Zombies you control") gets +``power``/+``toughness``
    (layer 7c), has ``gains`` (layer 6: keyword names, or a mapping name -> value for
    ``toxic``; "creatures you control have flying") and loses ``loses`` (layer 6).
    ``affected`` may be :data:`THIS` (the permanent itself: "this creature gets +1/+0"), then
    with ``as_long_as``, a condition it applies while (evaluated continuously, 611.3a): a filter
    of one type of permanent its controller controls ("As long as you control an artifact,
    this creature gets +1/+0 and has haste"), threshold's count of the cards in your graveyard
    (``AtLeast(Count(Each(Filter(zone="graveyard", controller="you"))), 7)``), the counters on
    it (``AtLeast(CountersOn(THIS, "+1/+1"), 3)``) or :data:`UNTAPPED` ("as long as it's
    untapped"); of THIS or of filters, :data:`DURING_YOUR_TURN` ("During your turn, creatures
    you control with +1/+1 counters on them have first strike", 102.1). ``is_also``: subtypes
    they have in addition to their other types (layer 4, 613.1d: "it's a Knight in addition to
    its other types"); such a filter names no subtype."""

    affected: Filter | tuple[Filter, ...] | _Named
    power: int = 0
    toughness: int = 0
    loses: tuple[str, ...] = ()
    gains: Mapping[str, int] | Sequence[str] = ()
    as_long_as: Filter | Condition | _Named | None = None
    is_also: tuple[str, ...] = ()


@dataclass(frozen=True)
class AttachedGets:
    """The static ability of an Aura or Equipment (303.4, 301.5): "Equipped creature gets
    +``power``/+``toughness`` and has ``gains``" ("Enchanted creature …"): continuous effects
    on the permanent it is attached to (layer 7c, 613.4c; layer 6, 613.1f) while it is. With
    ``per``, a filter of the permanents its controller controls, the bonus is that much for
    each of them ("+1/+1 for each Forest you control"); with ``during_your_turn``, it applies
    only during its controller's turn. The duels keep the link and apply it; a bare ``Game``
    has no link and applies nothing."""

    power: int = 0
    toughness: int = 0
    gains: Mapping[str, int] | Sequence[str] = ()
    per: Filter | None = None
    during_your_turn: bool = False


@dataclass(frozen=True)
class AttachedIs:
    """An Aura's static ability that rewrites what the permanent it enchants is (303.4, 613.1):
    "Enchanted creature loses all abilities and is a green and white Citizen creature with base
    power and toughness 1/1 named Legitimate Businessperson." (Witness Protection). While it is
    attached, the permanent: loses every ability it has (``loses_all_abilities``, layer 6,
    613.1f: abilities granted later by timestamp stay); has only the card types ``types``
    (layer 4, 613.1d; empty: its own); is of the colours ``colours`` (layer 5, 613.1e: WUBRG
    letters, ``""`` colourless; None: its own); has only the subtypes ``subtypes`` (layer 4;
    None: its own); has base power and toughness ``power``/``toughness`` (layer 7b, 613.4b:
    counters and +N/+N effects still apply); is named ``name`` (None: its own); has the mana
    ability "{T}: Add ``mana``" (one symbol, ``"C"``: Imprisoned in the Moon's, granted with the
    rest, so not lost). The duels keep the link and apply it; a bare ``Game`` has no link and
    applies nothing."""

    loses_all_abilities: bool = False
    types: tuple[str, ...] = ()
    colours: str | None = None
    subtypes: tuple[str, ...] | None = None
    power: int | None = None
    toughness: int | None = None
    name: str | None = None
    mana: str | None = None


@dataclass(frozen=True)
class PowerToughnessEqualToCount:
    """ "This creature's power and toughness are each equal to the number of cards in your
    opponents' graveyards." (Consuming Aberration): a characteristic-defining ability (604.3)
    of a creature printed ``*/*`` (0/0 here), applied in layer 7a (613.4a): its power and
    toughness are each the number of objects ``per`` matches, counted continuously — in
    ``per``'s zone, "you" its controller (``Filter(zone="graveyard", controller="opponent")``:
    the cards in its controller's opponents' graveyards). On the battlefield only: a bare
    ``Game`` counts them as it enters; the duels keep the count current."""

    per: Filter


@dataclass(frozen=True)
class Enchant:
    """ "Enchant creature" (702.5a): an Aura spell targets a permanent matching ``filter``
    (303.4a) and enters the battlefield attached to it (303.4f); an Aura attached to an illegal
    object, or to none, goes to its owner's graveyard (704.5m). The duels play it; it does
    nothing on a bare ``Game``."""

    filter: Filter


@dataclass(frozen=True)
class CantBeCountered:
    """ "This spell can't be countered." (101.2: a "can't" beats an effect that would counter
    it, 701.6a): a static ability that functions on the stack; an effect that would counter the
    spell (a counterspell, ward's "counter it unless that player pays") does nothing to it."""


@dataclass(frozen=True)
class NoMaximumHandSize:
    """ "You have no maximum hand size." (402.2): while the permanent is on the battlefield its
    controller discards nothing to a hand size in the cleanup step (514.1; the duels)."""


@dataclass(frozen=True)
class TwiceAsManyTokens:
    """ "If an effect would create one or more tokens under your control, it creates twice that
    many of those tokens instead." (614.1a, Doubling Season): a static ability of a permanent;
    each such permanent a player controls doubles the tokens an effect creates under that
    player's control (two of them: four times as many)."""


Ability = (
    Spell
    | Triggered
    | Activated
    | ManaAbility
    | EntersWithCounters
    | EntersTapped
    | Flash
    | AnyNumberInDeck
    | Flashback
    | Kicker
    | Madness
    | Plot
    | AdditionalCost
    | AlternativeCost
    | Replacement
    | Static
    | ManaForEach
    | AttachedGets
    | Enchant
    | CostsLessPerAttackingCreature
    | CostsLessIfTargetsTapped
    | BeginOnBattlefield
    | CantBeCountered
    | CostsLessByTotalPower
    | AlternativeManaCost
    | SpellsHaveFlash
    | SpellsFromHandFree
    | AdditionalLand
    | NoMaximumHandSize
    | DoesntUntap
    | AttachedIs
    | PowerToughnessEqualToCount
    | TwiceAsManyTokens
    | ManaOfEachColourAmong
    | ChooseAColour
    | ChooseACreatureType
    | GetsPerGraveyardCard
    | ManaOfChosenColour
    | OthersEnterWithCounters
    | PlaysPermanentsFromGraveyard
    | CastFromGraveyardRemovingCounters
)
