"""What the duel reads of a card, built once per pool from its compiled form (docs/CARDS.md):
card ``i`` of the table is card ``i`` of the pool, the native duel's card ids."""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardstate.reference.duel.mana import COLOURLESS, COLOURS, ManaCost

if TYPE_CHECKING:
    from cardstate.cards.cardpool import CardPool

__all__ = ["DuelCard", "Table", "card_table", "table_of"]


@dataclass(frozen=True)
class DuelCard:
    """One card as the duel sees it."""

    name: str
    data: Mapping[str, Any]  # the compiled card the reference interpreter runs
    types: frozenset[str]
    cost: ManaCost
    produces: int  # the colours its mana abilities add one of (305.6), a bit each in WUBRG order,
    # and COLOURLESS for colourless mana (106.1b)
    mana_sacrifice: bool  # its mana ability's cost sacrifices it (a Treasure, 111.10a)
    supported: bool  # the duel can run all its abilities (docs/DUEL.md)
    spell: int | None  # the index of an instant's or sorcery's spell ability
    activated: tuple[int, ...]  # "ability k": its activated abilities that aren't mana abilities
    activation_mana: tuple[ManaCost, ...]  # the mana part of those abilities' costs
    triggers: bool  # it has triggered abilities
    flash: bool = False  # 702.8a: it may be cast any time its controller could cast an instant
    flashback: ManaCost | None = None  # 702.34a: its flashback cost (cast from the graveyard)
    # The sacrifices of its flashback cost (702.34a) and of its alternative cost (118.9):
    # (filter, count).
    flashback_sacrifice: tuple[Mapping[str, Any], int] | None = None
    alternative: tuple[Mapping[str, Any], int] | None = None
    # The indices of its spell abilities when it has two or more: the modes of a modal spell,
    # "Choose one —" (700.2a); empty otherwise.
    modes: tuple[int, ...] = ()
    # 702.33a: what it costs kicked (its mana cost and its kicker cost, 601.2f).
    kicked_cost: ManaCost | None = None
    # The cards its caster discards as an additional cost (601.2f-h, 701.9a).
    discard_cost: int = 0
    # 601.2f: the card types whose cards in its caster's graveyard each make it cost {1} less.
    costs_less_per_graveyard: frozenset[str] = frozenset()
    # 601.2f, 702.41a: its cost reduction for its caster's permanents (filter, each).
    costs_less_for_permanents: tuple[Mapping[str, Any], bool] | None = None
    # 601.2f: the card types of the spells its controller casts that it (a permanent) makes
    # cost {1} less.
    spells_cost_less: frozenset[str] = frozenset()
    # 601.2f-h: the sacrifice of its additional cost (filter, count).
    additional_sacrifice: tuple[Mapping[str, Any], int] | None = None
    # 601.2f: what it costs when the mana its additional cost allows instead of the sacrifice
    # is paid (the mana cost and that).
    or_paid_cost: ManaCost | None = None
    # 702.35a: the ability index of its madness, and its madness cost.
    madness: int | None = None
    madness_cost: ManaCost = ManaCost()
    # 702.170a: its plot cost (paid to exile it from its owner's hand, to be cast later).
    plot: ManaCost | None = None
    # Its mana ability adds its mana once for each of its controller's permanents matching this
    # filter ("Add {G} for each Elf you control"); None: once.
    mana_for_each: Mapping[str, Any] | None = None
    # Its mana ability adds one mana of each colour among its controller's permanents matching
    # this filter instead ("For each color among permanents you control, add one mana of that
    # color."); None: not so.
    mana_of_each_colour: Mapping[str, Any] | None = None
    # 614.12, 607.2: "As this artifact enters, choose a color. / Creatures you control of the
    # chosen color get +N/+M.": the bonus; None: it chooses no colour.
    chooses_colour: tuple[int, int] | None = None
    # Its mana ability adds only the colour it chose ("Add one mana of the chosen color").
    mana_of_chosen_colour: bool = False
    # 614.12, 607.2: "As this enters, choose a creature type.": the bonus to its controller's
    # creatures of that type (for each counter of ``chooses_type_counter`` on it when that is
    # set: "enters with a fellowship counter on it for each creature you control of the chosen
    # type"); None: it chooses no creature type.
    chooses_type: tuple[int, int] | None = None
    chooses_type_counter: str | None = None
    # 106.6: its mana may be spent only on a creature spell of the type it chose (its other
    # mana, {C}, on anything: Secluded Courtyard).
    mana_spend_only_chosen: bool = False
    # 613.4c: "This creature gets +1/+1 for each creature card in your graveyard.": the bonus
    # for each card of those types in its controller's graveyard; None: none.
    gets_per_graveyard: tuple[int, int, frozenset[str]] | None = None
    # 106.6: its mana may be spent only on spells of one of these subtypes ("Spend this mana
    # only to cast an Angel spell"); empty: on anything.
    mana_spend_only: tuple[str, ...] = ()
    # 702.5a: an Aura: as a spell it has a target, what it will enchant (303.4a).
    enchant: bool = False
    # 601.2f: "This spell costs {1} less to cast for each attacking creature you control".
    costs_less_per_attacker: bool = False
    # 601.2f: "This spell costs {3} less to cast if it targets a tapped creature": that much.
    costs_less_if_targets_tapped: int = 0
    # 103.6a: it may begin the game on the battlefield from its owner's opening hand.
    begins_on_battlefield: bool = False
    # 601.2f: "This spell costs {X} less to cast, where X is the total power of creatures you
    # control".
    costs_less_by_total_power: bool = False
    # 118.9: "You may pay {B} rather than pay this spell's mana cost if there are thirteen or
    # more creatures on the battlefield": that mana, and how many creatures it needs.
    alternative_mana: tuple[ManaCost, int] | None = None
    # 702.8a: "You may cast spells as though they had flash." (a permanent's).
    spells_have_flash: bool = False
    # 118.9: "You may cast spells from your hand without paying their mana costs." (a
    # permanent's).
    spells_from_hand_free: bool = False
    # 305.2: "You may play an additional land on each of your turns."
    additional_land: bool = False
    # 402.2: "You have no maximum hand size." while it is on the battlefield.
    no_maximum_hand_size: bool = False
    # 502.3: "This creature doesn't untap during your untap step."
    doesnt_untap: bool = False
    # "During each of your turns, you may play a land and cast a permanent spell of each
    # permanent type from your graveyard." (Muldrotha, the Gravetide).
    plays_permanents_from_graveyard: bool = False
    # "You may cast this card from your graveyard by removing six counters from among creatures
    # you control in addition to paying its other costs." (Quilled Greatwurm): the counters
    # removed; 0 without such an ability.
    graveyard_cast_counters: int = 0
    # 702.33d: the ability index of the spell a kicked spell is instead of its own.
    kicked_spell: int | None = None
    # 113.6k: its activated ability that functions only from its owner's graveyard, and the
    # mana it costs.
    graveyard_ability: int | None = None
    graveyard_activation_mana: ManaCost = ManaCost()

    @property
    def is_land(self) -> bool:
        return "land" in self.types

    @property
    def is_permanent(self) -> bool:
        """A permanent card (110.4a): it resolves onto the battlefield."""
        return not self.types & {"instant", "sorcery"}


def _runnable(program: list[Mapping[str, Any]]) -> bool:
    return not any(op["op"] == "python" for op in program)


def _convert(card: Mapping[str, Any]) -> DuelCard:
    abilities = card["abilities"]
    # Python effects never run in the duel (docs/DUEL.md, "What the duel doesn't run yet");
    # static abilities go live in the kernel as the permanent enters (611.3a).
    supported = not card["python"] and all(
        a["kind"] not in ("spell", "triggered", "mode", "delayed", "reflexive")
        or _runnable(a["program"])
        for a in abilities
    )
    produces = 0
    mana_sacrifice = False
    for a in abilities:
        if a["kind"] == "mana":
            mana_sacrifice |= a["cost"]["sacrifice"]
            for symbol in a["produces"]:
                if symbol in COLOURS:
                    produces |= 1 << COLOURS.index(symbol)
                elif symbol == "C":  # 106.1b
                    produces |= COLOURLESS
    activated, activation_mana = [], []
    spell = None
    spells = [i for i, a in enumerate(abilities) if a["kind"] == "spell"]
    graveyard_ability, graveyard_mana = None, ManaCost()
    for i, a in enumerate(abilities):
        if a["kind"] == "activated" and a.get("from_graveyard") and _runnable(a["program"]):
            # 113.6k: only from its owner's graveyard, by its graveyard slot.
            graveyard_ability = i
            m = a["cost"]["mana"]
            graveyard_mana = ManaCost.parse(m["text"]) if m else ManaCost()
        elif a["kind"] == "activated" and _runnable(a["program"]):
            activated.append(i)
            m = a["cost"]["mana"]
            activation_mana.append(ManaCost.parse(m["text"]) if m else ManaCost())
        elif a["kind"] == "spell" and spell is None:
            spell = i
    cost = card["cost"]
    fb = next((a for a in abilities if a["kind"] == "flashback"), None)
    alt = next((a for a in abilities if a["kind"] == "alternative_cost"), None)
    kicker = next((a for a in abilities if a["kind"] == "kicker"), None)

    def sacrifice(a: Mapping[str, Any] | None) -> tuple[Mapping[str, Any], int] | None:
        s = None if a is None else a.get("sacrifice")
        return None if s is None else (s["filter"], s["count"])

    flashback = None
    if fb is not None:
        flashback = ManaCost.parse(fb["cost"]["text"]) if fb["cost"] else ManaCost()
    return DuelCard(
        name=card["name"],
        data=card,
        types=frozenset(card["types"]),
        cost=ManaCost.parse(cost["text"]) if cost else ManaCost(),
        produces=produces,
        mana_sacrifice=mana_sacrifice,
        supported=supported,
        spell=spell,
        activated=tuple(activated),
        activation_mana=tuple(activation_mana),
        triggers=any(a["kind"] == "triggered" for a in abilities),
        flash=any(a["kind"] == "flash" for a in abilities),
        flashback=flashback,
        flashback_sacrifice=sacrifice(fb),
        kicked_cost=None if kicker is None else ManaCost.parse(kicker["kicked_cost"]["text"]),
        discard_cost=sum(a["discard"] for a in abilities if a["kind"] == "additional_cost"),
        madness=next((i for i, a in enumerate(abilities) if a["kind"] == "madness"), None),
        madness_cost=next(
            (ManaCost.parse(a["cost"]["text"]) for a in abilities if a["kind"] == "madness"),
            ManaCost(),
        ),
        alternative=sacrifice(alt),
        additional_sacrifice=sacrifice(
            next((a for a in abilities if a["kind"] == "additional_sacrifice"), None)
        ),
        or_paid_cost=next(
            (
                ManaCost.parse(a["or_paid_cost"]["text"])
                for a in abilities
                if a["kind"] == "additional_sacrifice" and a.get("or_paid_cost")
            ),
            None,
        ),
        costs_less_per_graveyard=frozenset(
            t for a in abilities if a["kind"] == "costs_less_per_graveyard_card" for t in a["types"]
        ),
        plot=next(
            (ManaCost.parse(a["cost"]["text"]) for a in abilities if a["kind"] == "plot"), None
        ),
        costs_less_for_permanents=next(
            (
                (a["filter"], a["each"])
                for a in abilities
                if a["kind"] == "costs_less_for_permanents"
            ),
            None,
        ),
        spells_cost_less=frozenset(
            t for a in abilities if a["kind"] == "spells_cost_less" for t in a["types"]
        ),
        modes=tuple(spells) if len(spells) > 1 else (),
        mana_for_each=next((a["filter"] for a in abilities if a["kind"] == "mana_for_each"), None),
        mana_spend_only=tuple(
            t for a in abilities if a["kind"] == "mana" for t in a.get("spend_only_on", ())
        ),
        mana_of_each_colour=next(
            (a["filter"] for a in abilities if a["kind"] == "mana_of_each_colour_among"), None
        ),
        chooses_colour=next(
            ((a["power"], a["toughness"]) for a in abilities if a["kind"] == "choose_a_colour"),
            None,
        ),
        mana_of_chosen_colour=any(a["kind"] == "mana_of_chosen_colour" for a in abilities),
        chooses_type=next(
            (
                (a["power"], a["toughness"])
                for a in abilities
                if a["kind"] == "choose_a_creature_type"
            ),
            None,
        ),
        chooses_type_counter=next(
            (a.get("counter") for a in abilities if a["kind"] == "choose_a_creature_type"), None
        ),
        gets_per_graveyard=next(
            (
                (a["power"], a["toughness"], frozenset(a["types"]))
                for a in abilities
                if a["kind"] == "gets_per_graveyard_card"
            ),
            None,
        ),
        mana_spend_only_chosen=any(
            a["kind"] == "mana" and a.get("spend_only_on_chosen", False) for a in abilities
        ),
        enchant=any(a["kind"] == "enchant" for a in abilities),
        costs_less_per_attacker=any(
            a["kind"] == "costs_less_per_attacking_creature" for a in abilities
        ),
        begins_on_battlefield=any(a["kind"] == "begin_on_battlefield" for a in abilities),
        additional_land=any(a["kind"] == "additional_land" for a in abilities),
        doesnt_untap=any(a["kind"] == "doesnt_untap" for a in abilities),
        plays_permanents_from_graveyard=any(
            a["kind"] == "plays_permanents_from_graveyard" for a in abilities
        ),
        graveyard_cast_counters=sum(
            a["n"] for a in abilities if a["kind"] == "cast_from_graveyard_removing_counters"
        ),
        costs_less_if_targets_tapped=sum(
            a["n"] for a in abilities if a["kind"] == "costs_less_if_targets_tapped"
        ),
        costs_less_by_total_power=any(a["kind"] == "costs_less_by_total_power" for a in abilities),
        alternative_mana=next(
            (
                (ManaCost.parse(a["cost"]["text"]), a["creatures_at_least"])
                for a in abilities
                if a["kind"] == "alternative_mana_cost"
            ),
            None,
        ),
        spells_have_flash=any(a["kind"] == "spells_have_flash" for a in abilities),
        spells_from_hand_free=any(a["kind"] == "spells_from_hand_free" for a in abilities),
        no_maximum_hand_size=any(a["kind"] == "no_maximum_hand_size" for a in abilities),
        kicked_spell=None if kicker is None else kicker.get("spell"),
        graveyard_ability=graveyard_ability,
        graveyard_activation_mana=graveyard_mana,
    )


def card_table(pool: Mapping[str, Mapping[str, Any]]) -> list[DuelCard]:
    """The duel's cards from compiled cards by name, in pool order."""
    return [_convert(c) for c in pool.values()]


@dataclass(frozen=True)
class Table:
    """A pool as the duel reads it, shared by every duel on the pool: the compiled cards by
    name (``db``, what the interpreter runs), the cards in pool order and their ids by name."""

    db: dict[str, Any]
    cards: list[DuelCard]
    index: dict[str, int]
    # An ability of a card reads the turn's history (603.4): the duel keeps it only then.
    reads_history: bool = False
    # An ability of a card waits for a player's second card drawn in a turn (121.2): the duel
    # counts the cards drawn each turn only then.
    counts_draws: bool = False
    # A card has flashback (702.34a): the duel looks at the graveyards for spells to cast.
    casts_from_graveyard: bool = False
    # A card exiles cards its controller may play (impulse draw): the duel looks at the exiles
    # for cards to play.
    plays_from_exile: bool = False
    # An ability of a card waits for a player's first life gain of a turn (119.9): the duel
    # counts each player's life gains each turn only then.
    counts_life_gains: bool = False
    # An ability of a card waits for +1/+1 counters put on an object (122.1).
    listens_plus_one: bool = False
    # An ability of a card triggers only once each turn (603.2h).
    once_each_turn: bool = False
    # A "whenever you cast" ability of a card reads the instant and sorcery spells its
    # controller cast before the spell this turn (Thousand-Year Storm): the duel counts them
    # only then.
    counts_instant_and_sorcery_casts: bool = False
    # A target of a card asks for a card put into its zone this turn (400.7): the duel keeps
    # the turn's first object id only then.
    reads_put_there_this_turn: bool = False


def _targets_put_there_this_turn(card: Any) -> bool:
    """Whether a target of one of the card's abilities asks for a card put into its zone this
    turn (400.7)."""
    return any(
        spec["filter"].get("put_there_this_turn")
        or any(f.get("put_there_this_turn") for f in spec["filter"].get("any_of", ()))
        for a in card["abilities"]
        for spec in a.get("targets", ())
    )


def _exiles_to_play(form: Any) -> bool:
    """Whether a compiled form holds an impulse draw (``{"op": "exile_top"}``, or
    ``"exile_top_choose_one"``) anywhere."""
    if isinstance(form, dict):
        return form.get("op") in ("exile_top", "exile_top_choose_one") or any(
            _exiles_to_play(v) for v in form.values()
        )
    if isinstance(form, list):
        return any(_exiles_to_play(v) for v in form)
    return False


def _has_op(form: Any, name: str) -> bool:
    """Whether a compiled form holds the operation ``name`` anywhere."""
    if isinstance(form, dict):
        return form.get("op") == name or any(_has_op(v, name) for v in form.values())
    if isinstance(form, list):
        return any(_has_op(v, name) for v in form)
    return False


def _reads_history(form: Any) -> bool:
    """Whether a compiled form holds an amount of the turn's history (``{"a": "this_turn"}``,
    603.4) anywhere."""
    if isinstance(form, dict):
        return form.get("a") == "this_turn" or any(_reads_history(v) for v in form.values())
    if isinstance(form, list):
        return any(_reads_history(v) for v in form)
    return False


# By the pool's id, each entry dropped as its pool is (a pool, a mapping, isn't hashable).
_TABLES: dict[int, Table] = {}


def table_of(pool: CardPool) -> Table:
    """The table of ``pool``, built on first use and kept while the pool lives."""
    t = _TABLES.get(id(pool))
    if t is None:
        db = dict(pool.data)
        cards = card_table(db)
        reads_history = any(_reads_history(c["abilities"]) for c in db.values())
        counts_draws = any(
            a["kind"] == "triggered" and a["event"] in ("you_draw_second", "you_draw_third")
            for c in db.values()
            for a in c["abilities"]
        )
        index = {c.name: i for i, c in enumerate(cards)}
        from_graveyard = any(
            c.flashback is not None
            or c.graveyard_ability is not None
            or c.plays_permanents_from_graveyard
            or c.graveyard_cast_counters > 0
            for c in cards
        ) or any(_has_op(c["abilities"], "may_cast_from_graveyard") for c in db.values())
        # Impulse draw, or plot (702.170a: a plotted card is cast from exile).
        from_exile = any(
            _exiles_to_play(c["abilities"]) or any(a["kind"] == "plot" for a in c["abilities"])
            for c in db.values()
        )
        counts_life_gains = any(
            a["kind"] == "triggered"
            and a["event"] in ("you_gain_life_first", "you_gain_life_first_your_turn")
            for c in db.values()
            for a in c["abilities"]
        )
        t = _TABLES[id(pool)] = Table(
            db,
            cards,
            index,
            reads_history,
            counts_draws,
            from_graveyard,
            from_exile,
            counts_life_gains,
            any(
                a["kind"] == "triggered" and a["event"] == "plus_one_counters_put"
                for c in db.values()
                for a in c["abilities"]
            ),
            any(
                a["kind"] == "triggered" and a.get("once_each_turn")
                for c in db.values()
                for a in c["abilities"]
            ),
            any(
                a["kind"] == "triggered"
                and a["event"] == "you_cast"
                and bool(a.get("carries_amount"))
                for c in db.values()
                for a in c["abilities"]
            ),
            any(_targets_put_there_this_turn(c) for c in db.values()),
        )
        weakref.finalize(pool, _TABLES.pop, id(pool), None)
    return t
