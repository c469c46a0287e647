"""The duel's state and what every part of it reads: the records (sides, the stack, combat, a
spell being cast), the kernel queries, the hidden zones and the public zones' bookkeeping, and
the state-based actions (704).

Hidden zones (libraries and hands) are lists of card ids kept by the duel; a card becomes a
kernel object when it enters a public zone (stack, battlefield, graveyard). Everything public
lives in the kernel (:class:`cardstate.reference.Game`), and every damage event and state-based
action goes through it.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardstate.reference.cards import Resolution, trigger_event
from cardstate.reference.cards.objects import matches
from cardstate.reference.cards.place import sync_power_toughness_counts
from cardstate.reference.duel import actions
from cardstate.reference.duel.mana import COLOURLESS, ManaCost, choose_sources, plan
from cardstate.reference.duel.table import DuelCard
from cardstate.reference.game import Game
from cardstate.rng import SplitMix

__all__ = ["STEPS", "DuelState", "Item", "Side", "Attacker", "Share", "Casting"]

STEPS = (
    "untap",
    "upkeep",
    "draw",
    "main1",
    "beginning of combat",
    "declare attackers",
    "declare blockers",
    "first strike damage",
    "combat damage",
    "end of combat",
    "main2",
    "end",
    "cleanup",
)
"""The steps of a turn in order (500.1), by the names ``Duel.step()`` returns."""

MAX_HAND_SIZE = 7  # 402.2, 514.1
OPENING_HAND = 7  # 103.5
DECISIONS_PER_TURN = 256  # the decision cap per turn of the turn limit (docs/DUEL.md)
# Spells and abilities resolved with no decision between them that make a loop of mandatory
# actions (104.4b: the game is a draw; docs/DUEL.md, "Loops").
MANDATORY_LOOP_RESOLUTIONS = 1000
# Cards one player has at most in hand, library, battlefield, graveyard and exile together: a
# deck holds at most this many and add_card adds none beyond (docs/DUEL.md, "Limits").
MAX_PLAYER_CARDS = 255
UNSEEN_MAX = 255  # how far each count of ``Side.unseen`` goes (the native duel's u8)
MAX_TARGETS = 4  # targets a spell or ability can have in the duel

# What the game waits for.
BEGIN = "begin"  # the step's turn-based actions are still to be done
PRIORITY = "priority"  # the player with priority acts (117)
ATTACK = "attack"  # the active player decides whether attack candidate i attacks (508.1a)
BLOCK = "block"  # the defending player decides what blocker candidate i blocks (509.1a)
CHOOSE_X = "choose_x"  # the caster chooses X (601.2b)
TARGET = "target"  # the caster chooses the next target (601.2c)
RESOLVE = "resolve"  # the resolving item's controller answers a choice (608.2)
LEGEND = "legend"  # a player chooses which legendary permanent with one name stays (704.5j)
ORDER_EFFECTS = "order"  # the affected player chooses the next effect on combat damage (616.1)
MULLIGAN = "mulligan"  # before the first turn, a player keeps its hand or takes a mulligan (103.5)
BOTTOM = "bottom"  # a player who took a mulligan puts a card on the bottom of its library (103.5)
DISCARD = "discard"  # the active player discards to its maximum hand size in cleanup (514.1)
# The activating player discards a card for its ability's cost (602.2b, 701.9a).
DISCARD_COST = "discard_cost"
# The caster chooses the alternative cost (yes) or the mana cost (no) (601.2b, 118.9).
CHOOSE_COST = "choose_cost"
# The caster sacrifices a permanent for the spell's cost (601.2h, 701.21a).
SACRIFICE_COST = "sacrifice_cost"
# 702.35a: as its madness trigger resolves, the owner of the card discarded into exile casts it
# for its madness cost (yes) or puts it into its graveyard (no).
MADNESS = "madness"
# The attacking player assigns the next share of a creature's combat damage (510.1c, 702.19b).
ASSIGN_DAMAGE = "assign_damage"
OVER = "over"
# The player activating an ability with a cost of sacrificing another permanent chooses which
# (701.21a, 601.2h), after its other costs are paid and before its targets.
SACRIFICE = "sacrifice"
MODE = "mode"  # the caster of a modal spell chooses its mode (601.2b, 700.2a), before X and targets
# 702.170a: the player who chose a hand card it could both cast and plot plots it (yes: a special
# action, 116.2k) or casts it (no).
PLOT = "plot"
# The controller of a permanent that chooses a colour as it enters chooses it (614.12, 607.2),
# as state-based actions are about to be performed.
CHOOSE_COLOUR = "choose_colour"
# The controller of a permanent that chooses a creature type as it enters chooses it (614.12,
# 607.2), as state-based actions are about to be performed.
CHOOSE_TYPE = "choose_type"
# The decisions of the player casting a spell or activating an ability, about its source (601.2).
CASTING_DECISIONS = (
    CHOOSE_X,
    TARGET,
    SACRIFICE,
    DISCARD_COST,
    CHOOSE_COST,
    SACRIFICE_COST,
    MODE,
    PLOT,
)


@dataclass
class Side:
    """One player's zones and turn flags."""

    library: list[int] = field(default_factory=list)  # card ids, the top last
    hand: list[int] = field(default_factory=list)  # card ids, ascending (the canonical order)
    # The cards at the bottom of the library (``library[:bottom]``) that the player put there
    # itself (103.5), in their order: it knows them (``resample`` keeps them).
    bottom: int = 0
    mulligans: int = 0  # the mulligans the player took (103.5)
    battlefield: list[int] = field(default_factory=list)  # kernel ids in the order they entered
    graveyard: list[int] = field(default_factory=list)  # kernel ids
    drew_from_empty: bool = False  # 704.5b, remembered until the next check
    lands_played: int = 0  # 305.2: the lands it played this turn
    # How many of each card could be in its hand and library, from public information only:
    # the deck list, minus cards seen leaving those zones, plus cards returned (resample).
    unseen: list[int] = field(default_factory=list)
    # The cards of its hand its opponent saw it reveal (701.20a) that are still there,
    # ascending: ``resample`` keeps them in the hand.
    revealed: list[int] = field(default_factory=list)

    def copy(self) -> Side:
        return Side(
            list(self.library),
            list(self.hand),
            self.bottom,
            self.mulligans,
            list(self.battlefield),
            list(self.graveyard),
            self.drew_from_empty,
            self.lands_played,
            list(self.unseen),
            list(self.revealed),
        )

    def draw_top(self) -> int | None:
        """The top card of the library, taken off it (a draw, 121.1); the cards put on the bottom
        that are left stay known."""
        if not self.library:
            return None
        c = self.library.pop()
        self.bottom = min(self.bottom, len(self.library))
        return c

    def seen_leaving_hand(self, c: int) -> None:
        """Card ``c`` leaves the hand for a public zone: the opponent has seen it (it leaves the
        cards it can't tell apart, and those it saw revealed there)."""
        self.unseen[c] = max(0, self.unseen[c] - 1)
        if c in self.revealed:
            self.revealed.remove(c)

    def note_unseen(self, c: int) -> None:
        """One more copy of card ``c`` could be in the hand or library (counted up to
        ``UNSEEN_MAX``)."""
        self.unseen[c] = min(UNSEEN_MAX, self.unseen[c] + 1)

    def cards(self) -> int:
        """The cards in its hand, library, battlefield and graveyard (exile is the kernel's)."""
        return len(self.library) + len(self.hand) + len(self.battlefield) + len(self.graveyard)


@dataclass(frozen=True)
class Item:
    """A spell or ability on the stack (405): kind "spell", "activated" or "triggered"; the
    spell's object or the ability's source; the ability to resolve (none for a permanent
    spell)."""

    kind: str
    object: int
    card: int
    ability: int | None
    controller: int
    x: int
    targets: tuple[int, ...]
    triggering: int
    # 702.34a: a spell cast with flashback, exiled instead of going anywhere else as it leaves
    # the stack.
    flashback: bool = False
    kicked: bool = False  # 702.33d: a kicked spell; the permanent it becomes was kicked
    # The card discarded for the spell's additional cost (601.2h), in its graveyard.
    discarded: int | None = None


@dataclass
class Attacker:
    """An attacking creature (506.3): what it attacks (508.1b: the defending player's id, or a
    planeswalker it controlled as attackers were declared) and whether it is blocked (which
    stays true if its blockers leave, 509.1h)."""

    id: int
    target: int
    blocked: bool = False


@dataclass(frozen=True)
class Share:
    """The next share of an attacking creature's combat damage to assign (divide.py): the
    amount, ``lo`` to ``hi``, goes to ``to`` (a blocker, or with trample what the creature
    attacks); ``left`` is the damage still to assign, and after a trample share the rest goes
    to the last blocker ``rest_to``."""

    attacker: int
    to: int
    lo: int
    hi: int
    left: int
    rest_to: int | None = None


@dataclass
class Casting:
    """A spell being cast or an ability being put on the stack: the choices so far (601.2)."""

    kind: str = "spell"
    player: int = 0
    card: int = 0
    ability: int | None = None
    source: int = 0
    triggering: int = 0
    x: int = 0
    max_x: int = 0
    targets: list[int] = field(default_factory=list)
    needed: int = 0
    # The places of "up to N" targets left unchosen (601.2c); whether one was left short (the
    # later ones are left empty then).
    skipped: int = 0
    up_to_ended: bool = False
    # A spell cast from its owner's graveyard with flashback (702.34a): its object, moved to
    # the stack as casting began, is ``source``.
    flashback: bool = False
    # A spell cast from exile (impulse draw): its object, moved to the stack as casting began,
    # is ``source``.
    from_exile: bool = False
    discards: int = 0  # cards still to be discarded for the cost (602.2b, 701.9a)
    alternative: bool = False  # cast for its alternative cost (118.9)
    kicked: bool = False  # its kicker cost is paid too (702.33a)
    madness: bool = False  # cast for its madness cost (702.35a, an alternative cost) from exile
    plotted: bool = False  # a plotted card cast from exile without paying its mana cost (702.170d)
    # Cards are being discarded for the spell's additional cost (601.2h), the last one
    # ``discarded``.
    discarding: bool = False
    discarded: int | None = None
    # Permanents still to be sacrificed for the cost (601.2h, 701.21a), once ``sacrificing``.
    sacrifices: int = 0
    sacrificing: bool = False
    # The mana its additional cost allows instead of its sacrifice is paid ("sacrifice a
    # creature or pay {3}{B}", 601.2b).
    or_paid: bool = False
    # Counters to remove from among the caster's creatures as the cost is paid: a card cast from
    # its graveyard "by removing six counters from among creatures you control in addition to
    # paying its other costs" (601.2f-h); hashed only when there are some (``Duel.hash``).
    remove_counters: int = field(default=0, repr=False)


@dataclass
class Opening:
    """The mulligan process (103.5) while it lasts: who kept its hand, who declared a mulligan in
    this round (taken once every player still deciding has declared), and how many cards each has
    still to put on the bottom of its library."""

    kept: list[bool] = field(default_factory=lambda: [False, False])
    declared: list[bool] = field(default_factory=lambda: [False, False])
    to_bottom: list[int] = field(default_factory=lambda: [0, 0])


@dataclass(frozen=True)
class Options:
    """How a duel plays where it offers a faster variant of the rules (docs/DUEL.md, "Making a
    duel"): part of its set-up (its bytes, equality and hash). The default is the rules'."""

    # The London mulligan (103.5); off, each player keeps its first seven cards.
    mulligans: bool = True
    # The attacking player divides blocked creatures' combat damage (510.1c, 702.19b); off, the
    # automatic division rule does.
    assign_damage: bool = True


RULES = Options()  # the rules' play: every decision the duel makes
FAST = Options(mulligans=False, assign_damage=False)  # the fast variant: every option off


@dataclass
class Resolving:
    """A resolution waiting for its controller's answer (608.2): for proliferate, the
    candidate being asked about and those chosen so far; for the order of replacement effects
    (616.1), the effects chosen so far, in order."""

    res: Resolution
    item: Item
    request: tuple[Any, ...]
    index: int = 0
    chosen: list[int] = field(default_factory=list)


class DuelState:
    """The fields of a duel and the reads and zone changes every part of the rules uses."""

    kernel: Game  # the reference kernel underneath
    cards: list[DuelCard]
    card_index: dict[str, int]
    db: dict[str, Any]
    decks: tuple[list[int], list[int]]
    seed: int
    rng: SplitMix
    turn_limit: int
    options: Options  # the variant of the rules played (its set-up)
    opening: Opening
    turn_number: int
    active: int
    step_index: int
    priority: int
    passes: int
    pending: str
    deciding: int  # the attack or block candidate being asked about
    sides: list[Side]
    card_of: dict[int, int]  # kernel id -> card id, for every object the duel created or saw
    sick: set[int]  # permanents not controlled since their controller's turn began (302.6)
    stack: list[Item]
    candidates: list[int]
    attackers: list[Attacker]
    blocks: list[tuple[int, int]]  # (blocker, attacker slot) in declaration order
    # This damage step's assignments made so far by dividing attackers' damage (510.1c):
    # (attacker, recipient, amount), each attacker's together, its blockers' in declaration order
    assigned: list[tuple[int, int, int]]
    casting: Casting
    outcome: int | None  # the winner, or DRAW
    log: list[tuple[Any, ...]]
    decisions: int
    auto_pass: bool
    resolving: Resolving | None
    events: list[tuple[str, int, int, int, bool]]  # since triggers were last put on the stack
    # (source, controller, card name, ability, triggering[, amount its event carried: "that
    # many", 603.2]).
    trigger_queue: list[tuple[int, int, str, int, int] | tuple[int, int, str, int, int, int]]
    legend_keep: list[int]  # the legendary permanents chosen to stay in this check (704.5j)
    # The turn's history (603.4): creatures died, and the players who attacked and who lost
    # life as bit masks; kept only when the pool's cards read it.
    turn_history: tuple[int, int, int, int, int]
    reads_history: bool
    # The cards each player drew this turn (121.2), counted only when the pool's cards wait for
    # a second card drawn.
    cards_drawn: tuple[int, int]
    counts_draws: bool
    # The life-gain events of each player this turn (119.9), counted only when the pool's
    # cards wait for a first one.
    life_gains: tuple[int, int]
    counts_life_gains: bool
    # The instant and sorcery spells each player cast this turn, counted only when the pool's
    # cards read them (Thousand-Year Storm).
    instant_and_sorcery_casts: tuple[int, int]
    counts_instant_and_sorcery_casts: bool
    # The first object id of this turn (400.7: "put there this turn"), kept only when a
    # target of the pool's cards asks for it.
    turn_first_object: int
    reads_put_there_this_turn: bool
    # An ability of the pool's cards waits for +1/+1 counters put on an object (122.1).
    listens_plus_one: bool
    # An ability of the pool's cards triggers only once each turn (603.2h), and those that
    # did this turn: (object, ability index).
    once_each_turn: bool
    fired_once: list[tuple[int, int]]
    # The permanents one of whose loyalty abilities was activated this turn (606.3).
    loyalty_used: list[int]
    # The "Activate only once" abilities activated (602.5b): (object, ability index).
    activated_once: list[tuple[int, int]]
    casts_from_graveyard: bool
    plays_from_exile: bool
    # The cards in exile their players may play (impulse draw: 305.1, 601.2 as from the hand),
    # in the order they were exiled, and the graveyard cards they may cast this turn by a
    # permission, in the order it was given: (object, player, the last turn it may).
    may_play: list[tuple[int, int, int]]
    # The plotted cards (702.170a), in the order they were plotted: (object, player, the turn it
    # was plotted; it may be cast on a later turn, 702.170d).
    plotted: list[tuple[int, int, int]]
    # The delayed triggered abilities waiting for the beginning of the next end step (603.7a),
    # in the order they were created, each as it will trigger: (source, controller, card name,
    # ability, the object it refers to).
    delayed: list[tuple[int, int, str, int, int]]
    # Each player's mana pool (106.4): the mana an effect added, a count per colour (WUBRG),
    # until it is spent or the step or phase ends (500.4).
    mana_pool: list[list[int]]
    # The Auras and Equipment attached to permanents (301.5c, 303.4), in the order they were
    # attached (attach.py).
    attachments: list[Any]
    left_without_abilities: list[int]
    # The extra turns to take (500.7), by player, the most recently created last.
    extra_turns: list[int]
    # The cards exiled "until this permanent leaves the battlefield" (610.3), in the order they
    # were exiled: (that permanent, the card's object in exile).
    exiled_until: list[tuple[int, int]]
    # The permanents that have "When this creature dies, …" until end of turn (613.1f), each as
    # it will trigger: (the object, a controller read as it dies, card name, ability, object).
    dies_triggers: list[tuple[int, int, str, int, int]]
    # The permanents controlled until end of turn by another player than before (613.1b), in
    # the order the changes happened: (the permanent, the player who controlled it before, to
    # whom it returns at cleanup, 514.2).
    control_until_cleanup: list[tuple[int, int]]
    # The graveyard cards that gained flashback until end of turn (702.34a), each with a
    # permission of ``may_play`` this turn.
    flashback_granted: list[int]
    # The permanent types (bits in the order of ``PERMANENT_TYPES``) the active player used
    # this turn to play cards from its graveyard by Muldrotha, the Gravetide's permission.
    graveyard_types_played: int
    # The exiled cards the controller of the ability that exiled them (``free_casts_player``)
    # may cast without paying their mana costs (Etali, Primal Storm), offered one by one as it
    # has resolved, in the order exiled; whether one of them is being cast.
    free_casts: list[int]
    free_casts_player: int
    free_casts_casting: bool
    # The colours chosen for permanents as they entered (614.12, 607.2), in the order they were
    # chosen.
    chosen_colours: list[Any]
    # The permanents that gained a triggered ability for as long as they stay (613.1f): (the
    # object, its card's name, the ability), in the order they gained them.
    gained_abilities: list[tuple[int, str, int]]
    # The creature types chosen for permanents as they entered (614.12, 607.2), in the order
    # they were chosen.
    chosen_types: list[Any]
    untaps_listened: bool

    def exile(self, p: int) -> list[int]:
        """p's exile, in the order the cards were put there (ascending id): the kernel's."""
        return self.kernel.objects("exile", p)

    @property
    def mulligans(self) -> bool:
        """Whether the duel plays the London mulligan (103.5; its set-up)."""
        return self.options.mulligans

    @property
    def assign_damage(self) -> bool:
        """Whether the attacking player divides blocked creatures' combat damage (510.1c,
        702.19b; its set-up), or the automatic division rule does."""
        return self.options.assign_damage

    # ----- kernel reads -------------------------------------------------------------------

    def _obj(self, eid: int) -> Any:
        return self.kernel._objs.get(eid)

    def is_permanent(self, eid: int) -> bool:
        o = self._obj(eid)
        return o is not None and not o.gone and o.zone == "battlefield"

    def is_creature(self, eid: int) -> bool:
        return self.is_permanent(eid) and "creature" in self._obj(eid).types

    def has(self, eid: int, *keywords: str) -> bool:
        """Whether the object has one of the keywords (last known information once gone)."""
        o = self._obj(eid)
        return o is not None and any(self.kernel._has_keyword(o, k) for k in keywords)

    def tapped(self, eid: int) -> bool:
        """Whether a permanent is tapped (the kernel keeps the tapped status)."""
        o = self._obj(eid)
        return o is not None and o.tapped

    def power(self, eid: int) -> int:
        o = self._obj(eid)
        return max(0, self.kernel._power(o) or 0) if o is not None else 0

    def lethal(self, eid: int, deathtouch: bool) -> int:
        """Damage that is lethal to a creature now (120.6; 1 from a deathtouch source, 702.2c)."""
        o = self._obj(eid)
        if o is None:
            return 0
        left = (self.kernel._toughness(o) or 0) - o.damage
        return 0 if left <= 0 else 1 if deathtouch else left

    def life(self, p: int) -> int:
        return self.kernel.life(p)

    def card(self, c: int) -> DuelCard:
        return self.cards[c]

    def card_of_object(self, eid: int) -> DuelCard | None:
        c = self.card_of.get(eid)
        return None if c is None else self.cards[c]

    # ----- mana ---------------------------------------------------------------------------

    def mana_source(self, eid: int) -> int | None:
        """The colours (a mask) an untapped source can add one of now; a creature needs to have
        been controlled since the turn began or haste (302.6)."""
        card = self.card_of_object(eid)
        if card is None:
            return None
        card = self.abilities_of(eid)
        # "Add one mana of the chosen color": none before one is chosen.
        produces = self.chosen_colour(eid) if card.mana_of_chosen_colour else card.produces
        if not produces or self.tapped(eid):
            return None
        if eid in self.sick and self.is_creature(eid) and not self.has(eid, "haste"):
            return None
        return produces

    def pool_sources(self, p: int) -> list[int]:
        """The mana in p's pool (106.4), one colour mask each (WUBRG): it pays before any
        source is tapped (docs/DUEL.md, "Mana")."""
        return [1 << c for c in range(5) for _ in range(self.mana_pool[p & 1][c])]

    def add_mana(self, p: int, mana: list[int]) -> None:
        """p adds ``mana`` (a count per colour, WUBRG) to its pool (106.4), each count up to
        255 (as the Rust duel counts)."""
        pool = self.mana_pool[p & 1]
        for c in range(5):
            pool[c] = min(pool[c] + mana[c], 255)

    def empty_mana_pools(self) -> None:
        """The mana pools empty (106.4, 500.4): at the end of each step and phase."""
        self.mana_pool = [[0] * 5, [0] * 5]

    def mana_count(self, p: int, eid: int) -> int:
        """How much mana p's source ``eid`` adds: once, or with its ``mana_for_each`` once for
        each of p's permanents matching that filter ("Add {G} for each Elf you control"), up
        to 255."""
        card = self.card_of_object(eid)
        f = None if card is None else self.abilities_of(eid).mana_for_each
        if f is None:
            return 1
        n = sum(1 for x in self.sides[p].battlefield if matches(self.kernel, f, x, eid, p))
        return min(n, 255)

    def mana_added(self, p: int, eid: int, m: int) -> list[int]:
        """The mana p's untapped source ``eid`` (of colours ``m``) adds, a colour mask each:
        ``mana_count`` times ``m``, or with its ``mana_of_each_colour`` one mana of each colour
        among p's permanents matching that filter (105.2: a permanent's colours are its card's
        mana cost's; a token's, of no cost, none), in WUBRG order."""
        card = self.card_of_object(eid)
        f = None if card is None else card.mana_of_each_colour
        if f is None:
            return [m] * self.mana_count(p, eid)
        among = 0
        for x in self.sides[p].battlefield:
            other = self.card_of_object(x)
            if other is not None and matches(self.kernel, f, x, eid, p):
                among |= other.cost.colours()
        return [1 << i for i in range(5) if among >> i & 1]

    def paying_sources(self, p: int, spell: int | None) -> list[tuple[int, int]]:
        """p's untapped mana sources that may pay for spell card ``spell`` (None: a payment
        other than a spell's), each with its colours: those whose mana may be spent on anything
        in p's permanent order, then those whose mana may be spent only on spells of some
        subtypes, if ``spell`` is one (106.6: "Spend this mana only to cast an Angel spell")."""
        general: list[tuple[int, int]] = []
        restricted: list[tuple[int, int]] = []
        subtypes = set() if spell is None else set(self.cards[spell].data["subtypes"])
        creature = spell is not None and "creature" in self.cards[spell].data["types"]
        for eid in self.sides[p].battlefield:
            m = self.mana_source(eid)
            if m is None:
                continue
            card = self.card_of_object(eid)
            if card.mana_spend_only_chosen:  # type: ignore[union-attr]
                # "Spend this mana only to cast a creature spell of the chosen type": a source
                # of any colour for one, of its {C} for anything else (Secluded Courtyard).
                chosen = self.chosen_type(eid)
                general.append((eid, m if creature and chosen in subtypes else COLOURLESS))
                continue
            only = card.mana_spend_only  # type: ignore[union-attr]
            if not only:
                general.append((eid, m))
            elif subtypes & set(only):
                restricted.append((eid, m))
        return general + restricted

    def available(self, p: int, spell: int | None = None) -> list[int]:
        """The mana in p's pool and p's untapped mana sources that may pay for spell card
        ``spell`` (None: for anything but a spell, 106.6), as the masks of the colours each can
        add (a source once for each mana it adds)."""
        out = self.pool_sources(p)
        for eid, m in self.paying_sources(p, spell):
            out += self.mana_added(p, eid, m)
        return out

    def pay(self, p: int, cost: ManaCost, x: int, spell: int | None = None) -> None:
        """Spends the mana in p's pool and taps sources by the automatic payment rule
        (docs/DUEL.md, "Mana"); Phyrexian symbols paid with life lose it (107.4f, 119.4). For
        spell card ``spell``, with the sources whose mana may be spent only on some spells that
        may pay for it (106.6)."""
        how = plan(self.available(p, spell), cost, x, self.life(p))
        if how is None:
            return
        pool = [(m, True) for m in self.pool_sources(p)]
        ids: list[int] = [0] * len(pool)
        sources = list(pool)
        for eid, m in self.paying_sources(p, spell):
            for added in self.mana_added(p, eid, m):
                ids.append(eid)
                # Lands first (what it is now: 613.1d).
                sources.append((added, "land" in self._obj(eid).types))
        sacrificed = False
        chosen = choose_sources(sources, len(pool), cost, x, how)
        for i in chosen:
            if i < len(pool):
                self.mana_pool[p & 1][sources[i][0].bit_length() - 1] -= 1  # spent (106.4)
                continue
            if self.tapped(ids[i]):
                continue  # a source of several mana taps once
            self.kernel.tap(ids[i])
            # 605.1a, 111.10a: a Treasure's mana ability sacrifices it as it pays.
            if self.abilities_of(ids[i]).mana_sacrifice:
                self.kernel.move(ids[i], "graveyard")
                sacrificed = True
        # 106.4: what a source of several mana added that the payment didn't use stays in the
        # pool, each of its colour.
        paid_by = {ids[i] for i in chosen if i >= len(pool)}
        taken = set(chosen)
        for i in range(len(pool), len(sources)):
            if ids[i] in paid_by and i not in taken:
                colour = sources[i][0].bit_length() - 1
                self.mana_pool[p & 1][colour] = min(self.mana_pool[p & 1][colour] + 1, 255)
        if sacrificed:
            self.absorb_events()  # 704.5d: the token ceases to exist in the graveyard
        if how.life > 0:
            self.kernel.lose_life(p, how.life)

    # ----- zones --------------------------------------------------------------------------

    def draw(self, p: int) -> bool:
        """Draws a card (121.1): whether there was one; from an empty library, remembers it
        for 704.5b."""
        side = self.sides[p]
        c = side.draw_top()
        if c is not None:
            bisect.insort(side.hand, c)
            return True
        side.drew_from_empty = True
        return False

    def note_drew(self, p: int) -> None:
        """Player p drew a card (121.2): counted for "your second card each turn" where the
        pool's cards wait for it, and kept as an event."""
        if self.counts_draws:
            drawn = list(self.cards_drawn)
            drawn[p & 1] = min(drawn[p & 1] + 1, 255)
            self.cards_drawn = (drawn[0], drawn[1])
        self.events.append(("drew", p, 0, self.cards_drawn[p & 1], False))

    def note_life_gain(self, p: int) -> None:
        """Player p gained life (119.9): counted, and its first life gain this turn kept as an
        event ("for the first time each turn"; during its own turn or not)."""
        gains = list(self.life_gains)
        gains[p & 1] = min(gains[p & 1] + 1, 255)
        self.life_gains = (gains[0], gains[1])
        if gains[p & 1] == 1:
            self.events.append(("first_life_gain", p, 0, int(p & 1 == self.active), False))

    def reveal(self, p: int, c: int, zone: str) -> int:
        """A card of p's hand enters a public zone: it is seen (no longer unseen) and becomes a
        kernel object."""
        self.sides[p].seen_leaving_hand(c)
        return self.create(p, c, zone)

    def create(self, p: int, c: int, zone: str) -> int:
        """Creates the kernel object of card c for p in a public zone (no events kept)."""
        from cardstate.reference.cards.place import _create

        eid = _create(self.kernel, self.cards[c].data, p, zone)
        self.kernel.clear_events()
        self.note_new(eid, c, zone, p)
        return eid

    def change_control(self, eid: int, p: int) -> None:
        """Player p controls permanent eid now (613.1b): it moves to p's battlefield list (in
        id order, as the kernel lists it) and has summoning sickness under p (302.6)."""
        was = self.kernel._objs[eid].controller
        self.kernel.set_controller(eid, p)
        self.sides[was & 1].battlefield.remove(eid)
        bisect.insort(self.sides[p & 1].battlefield, eid)
        self.sick.add(eid)

    def end_control_until_cleanup(self) -> None:
        """514.2: the "until end of turn" control-changing effects end (613.1b): each
        permanent still on the battlefield returns to the player who controlled it before, the
        latest change undone first."""
        changes, self.control_until_cleanup = self.control_until_cleanup, []
        for eid, was in reversed(changes):
            obj = self.kernel._objs.get(eid)
            if obj is not None and not obj.gone and obj.zone == "battlefield":
                if obj.controller != was:
                    self.change_control(eid, was)

    def note_new(self, eid: int, c: int, zone: str, p: int) -> None:
        self.card_of[eid] = c
        self.sick.discard(eid)
        if zone == "battlefield":
            self.sick.add(eid)  # 302.6: new under its controller's control
            self.sides[p].battlefield.append(eid)
        elif zone == "graveyard":
            self.sides[p].graveyard.append(eid)

    def note_history(self, e: Any) -> None:
        """The turn's history (603.4) a kernel event adds to: a creature died (700.4: put into
        a graveyard from the battlefield; its last known information says it was a creature),
        a player lost life (119.3)."""
        died, attacked, lost, g0, g1 = self.turn_history
        if e.kind == "zone_change" and e.zone_from == "battlefield" and e.zone_to == "graveyard":
            old = self.kernel._objs.get(e.target)
            if old is not None and "creature" in old.types:
                self.turn_history = (min(died + 1, 2**32 - 1), attacked, lost, g0, g1)
        elif e.kind == "life_lost" and e.target is not None and 0 <= e.target < 64:
            self.turn_history = (died, attacked, lost | 1 << e.target, g0, g1)
        elif e.kind == "life_gained" and e.target in (0, 1):
            # 119.9: the life players 0 and 1 gained ("the amount of life you gained").
            gained = [g0, g1]
            gained[e.target] = min(gained[e.target] + (e.amount or 0), 2**32 - 1)
            self.turn_history = (died, attacked, lost, gained[0], gained[1])

    def absorb_events(self, joined: Iterable[int] = ()) -> None:
        """Follows the kernel's events since the last call: zone changes move the duel's
        records (400.7: a new object), and the events triggered abilities wait for are kept.
        ``joined``: objects moved into a library whose cards the resolution has already put in
        the library's list (401.4: ``DuelResolution.put_in_library``)."""
        for e in self.kernel.take_events():
            g = trigger_event(e)
            if g is not None:
                self.events.append(g)
                if g[0] == "gained_life" and self.counts_life_gains:
                    self.note_life_gain(g[1])
                if g[0] == "damage" and not g[4] and g[2] in (0, 1):
                    # 120.2: noncombat damage a source dealt to an opponent of its controller.
                    # (the controller as it is, or as it last existed).
                    source = self.kernel._objs.get(g[1])
                    if source is not None and source.controller != g[2]:
                        self.events.append(
                            ("noncombat_damage", source.controller, g[2], g[3], False)
                        )
                if g[0] == "counters_put" and e.counter == "+1/+1" and self.listens_plus_one:
                    # "Whenever one or more +1/+1 counters are put on …" (122.1).
                    self.events.append(("plus_one_counters_put", g[1], 0, g[3], False))
            if self.reads_history:
                self.note_history(e)
            old, new, to = e.target, e.new_id, e.zone_to
            if e.kind == "ceased_to_exist":
                # 704.5d: a token outside the battlefield is no longer in any zone
                for side in self.sides:
                    if old in side.graveyard:
                        side.graveyard.remove(old)
                continue
            if e.kind != "zone_change" or old is None or new is None or to is None:
                continue
            for side in self.sides:
                if old in side.battlefield:
                    side.battlefield.remove(old)
                if old in side.graveyard:
                    side.graveyard.remove(old)
            c = self.card_of.get(old, NO_CARD)
            owner = self.kernel._objs[new].owner
            # 110.2: a permanent joins its controller's battlefield (its owner's, unless an
            # effect put it there under another player's control); a card its owner's zone.
            self.note_new(new, c, to, self.kernel._objs[new].controller)
            if c == NO_CARD:
                continue  # not a card of the table: nothing to hold in a hidden zone
            if self.kernel._objs[new].printed.token or new in joined:
                continue  # 704.5d: it ceases to exist there, never joining a hidden list
            if to == "hand":
                bisect.insort(self.sides[owner].hand, c)
                self.sides[owner].note_unseen(c)
            elif to == "library":
                self.sides[owner].library.append(c)
                self.sides[owner].note_unseen(c)

    # ----- the end of the game ------------------------------------------------------------

    def check_state_based_actions(self) -> bool:
        """704: the kernel's state-based actions, and 704.5b for a player who drew from an
        empty library; a player who lost loses the game (104.2a; both at once: a draw,
        104.4a). First each player with a legend-rule choice makes it (704.5j: ``LEGEND``,
        one group at a time; the check goes on after the last). Returns whether the kernel
        performed any action (each makes an event)."""
        if self.legend_choice() is not None:
            self.pending = LEGEND
            return False
        if self.colour_choice() is not None:
            self.pending = CHOOSE_COLOUR
            return False
        if self.type_choice_due():
            self.pending = CHOOSE_TYPE
            return False
        self.sync_chosen_colours()
        self.sync_chosen_types()
        self.sync_counted_bonuses()
        drew = [s.drew_from_empty for s in self.sides]
        keep, self.legend_keep = self.legend_keep, []
        # 704.5m-n first, then the kernel's; each of the kernel's actions may make an
        # attachment illegal (704.3: checked again until none is performed).
        performed = bool(self.attachments) and self.sync_attachments()
        # 604.3, 613.4a: the characteristic-defining counts as they are now, before each check.
        self.sync_power_toughness_counts()
        while True:
            kernel = bool(self.kernel.check_state_based_actions(legend_rule_keep=keep))
            keep = []
            self.absorb_events()
            performed |= kernel
            if not kernel:
                break
            counted = self.sync_power_toughness_counts()
            if not self.attachments and not counted:
                break
            if self.attachments:
                performed |= self.sync_attachments()
        for p in (0, 1):
            # 704.5b: not a player who can't lose (104.3); the attempt was since this check.
            if drew[p] and not self.kernel.can_lose(p):
                drew[p] = False
                self.sides[p].drew_from_empty = False
        self.end_if_lost([drew[p] or self.kernel.has_lost(p) for p in (0, 1)])
        return performed

    def sync_power_toughness_counts(self) -> bool:
        """604.3, 613.4a: the characteristic-defining "power and toughness are each equal to the
        number of …" kept current (:func:`~cardstate.reference.cards.place.
        sync_power_toughness_counts`). Whether one changed."""

        def card_of(eid: int) -> Any:
            c = self.card_of.get(eid, NO_CARD)
            return None if c == NO_CARD else self.cards[c].data

        return sync_power_toughness_counts(self.kernel, card_of)

    def legend_name(self, eid: int) -> str | None:
        """The name the legend rule groups a legendary permanent by (205.4d; None for an
        object that is not one, or has no name, 201.2)."""
        o = self._obj(eid)
        if o is None or o.gone or o.zone != "battlefield":
            return None
        if "legendary" not in o.printed.supertypes or not o.printed.name:
            return None
        return str(o.printed.name)

    def legend_choice(self) -> tuple[int, list[int]] | None:
        """The next legend-rule choice (704.5j): the first group of two or more legendary
        permanents with one name and controller, none of them chosen yet, among the permanent
        slots (the active player's first, then by the slot of a group's first member): its
        controller and its members' slots, ascending. A group with fewer than two members in
        the slots is no decision (the kernel's default keeps the newest)."""
        for q in (self.active, 1 - self.active):
            bf = self.sides[q].battlefield[: actions.PERMANENT_SLOTS]
            names = [self.legend_name(e) for e in bf]
            for i, name in enumerate(names):
                if name is None or name in names[:i]:
                    continue
                slots = [j for j, n in enumerate(names) if n == name]
                if len(slots) >= 2 and not any(bf[j] in self.legend_keep for j in slots):
                    return q, slots
        return None

    def keep_legend(self, slot: int) -> None:
        """The deciding player keeps the legendary permanent of its permanent slot; the
        state-based check goes on (made as a player would receive priority, 117.5, or in
        cleanup)."""
        choice = self.legend_choice()
        if choice is not None:
            self.legend_keep.append(self.sides[choice[0]].battlefield[slot])
        self.pending = BEGIN if STEPS[self.step_index] == "cleanup" else PRIORITY

    def end_if_lost(self, lost: list[bool]) -> None:
        if lost == [True, True]:
            self.outcome = DRAW
        elif lost[0] or lost[1]:
            self.outcome = 1 if lost[0] else 0
        else:
            return
        self.pending = OVER

    def give_priority(self, p: int) -> None:
        self.priority = p
        self.passes = 0
        self.pending = PRIORITY

    # ----- what the other parts provide (flow, casting, combat, interface) ----------------

    def current_player(self) -> int:
        raise NotImplementedError

    def legal_actions(self) -> list[int]:
        raise NotImplementedError

    def has_choice(self, p: int) -> bool:
        raise NotImplementedError

    def collect_triggers(self) -> None:
        raise NotImplementedError

    def put_triggers_on_stack(self) -> bool:
        raise NotImplementedError

    def trigger_delayed(self) -> None:
        raise NotImplementedError

    def resolve(self, item: Item) -> None:
        raise NotImplementedError

    def sync_attachments(self) -> bool:
        raise NotImplementedError

    def colour_choice(self) -> int | None:
        raise NotImplementedError

    def chosen_colour(self, eid: int) -> int:
        raise NotImplementedError

    def chosen_type(self, eid: int) -> str | None:
        raise NotImplementedError

    def type_choice(self) -> int | None:
        raise NotImplementedError

    def type_options(self, eid: int) -> list[str]:
        raise NotImplementedError

    def type_choice_due(self) -> bool:
        raise NotImplementedError

    def sync_chosen_types(self) -> None:
        raise NotImplementedError

    def sync_counted_bonuses(self) -> None:
        raise NotImplementedError

    def sync_chosen_colours(self) -> None:
        raise NotImplementedError

    def abilities_of(self, eid: int) -> DuelCard:
        raise NotImplementedError

    def drop_without_abilities(self, fired: list[Any]) -> list[Any]:
        raise NotImplementedError

    def colours_now(self, eid: int) -> int:
        raise NotImplementedError

    def rewrites(self, eid: int) -> list[Mapping[str, Any]]:
        raise NotImplementedError

    def entered(self, c: int, eid: int, x: int) -> None:
        raise NotImplementedError

    def specs(self, c: int, ability: int | None) -> list[Any]:
        raise NotImplementedError

    def aura_target_gone(self, item: Item) -> bool:
        raise NotImplementedError

    def attach_entering_aura(self, item: Item, new: int) -> None:
        raise NotImplementedError

    def attached_to(self, obj: int) -> int | None:
        raise NotImplementedError

    def fired_through_attachments(
        self, events: list[tuple[str, int, int, int, bool]]
    ) -> list[tuple[int, int, str, int, int]]:
        raise NotImplementedError

    def target_entity(self, player: int, t: int) -> int | None:
        raise NotImplementedError

    def casting_modes(self) -> list[int]:
        raise NotImplementedError

    def proliferate_candidate(self) -> int | None:
        raise NotImplementedError

    def resolve_order_choice(self) -> tuple[int, list[int]] | None:
        raise NotImplementedError

    def resolve_order(self, k: int) -> None:
        raise NotImplementedError

    def can_attack(self, eid: int) -> bool:
        raise NotImplementedError

    def can_block(self, blocker: int, attacker: int) -> bool:
        raise NotImplementedError

    def first_strike_step(self) -> bool:
        raise NotImplementedError

    def combat_damage(self) -> None:
        raise NotImplementedError

    def combat_assignments(self) -> list[tuple[int, int, int]]:
        raise NotImplementedError

    def can_be_attacked(self, eid: int) -> bool:
        raise NotImplementedError

    def attack_target(self, att: Attacker) -> int | None:
        raise NotImplementedError

    def deals(self, eid: int) -> bool:
        raise NotImplementedError

    def assignment_due(self) -> bool:
        raise NotImplementedError

    def assignment_choice(self) -> Share | None:
        raise NotImplementedError

    def order_choice(self) -> tuple[int, list[int], int] | None:
        raise NotImplementedError

    def decision(self) -> str:
        raise NotImplementedError

    def decision_subject(self) -> int | None:
        raise NotImplementedError

    def decision_source(self) -> int | None:
        raise NotImplementedError

    def decision_options(self) -> list[int]:
        raise NotImplementedError

    def number_range(self) -> tuple[int, int] | None:
        raise NotImplementedError

    def legal_numbers(self) -> list[int]:
        raise NotImplementedError

    def choose_order(self, k: int) -> None:
        raise NotImplementedError

    def order_chosen(self) -> None:
        raise NotImplementedError

    def effect_name(self, eid: int) -> str:
        raise NotImplementedError

    def end_the_turn(self, item: Item) -> None:
        raise NotImplementedError

    def casts_with_flash(self, p: int) -> bool:
        raise NotImplementedError


DRAW = -1
NO_HISTORY = (0, 0, 0, 0, 0)
"""The turn's history as it starts (603.4): no creature died, nobody attacked, lost or gained
life."""
"""``outcome`` of a drawn game."""

NO_CARD = -1
"""The card of a kernel object that is no card of the table."""
