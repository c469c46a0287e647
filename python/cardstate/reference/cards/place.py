"""Placing a card (an object with the card's characteristics; on the battlefield its static
abilities go live, 611.3a, and it enters with its counters, 614.1c), an activated ability's
costs (602.2b), and a card's programs."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from cardstate.errors import CannotPay
from cardstate.reference.cards import berserk
from cardstate.reference.cards.history import turn_fact
from cardstate.reference.cards.objects import Card, _is_permanent, matches
from cardstate.reference.game import Game


def _create(game: Game, card: Card, controller: int, zone: str, *, token: bool = False) -> int:
    berserk.check_game(game, card)
    if berserk.is_berserk(card):
        return game.create(
            controller,
            zone=zone,
            name=card["name"],
            types=card["types"],
            token=token,
            **berserk.create_kwargs(card),
        )
    cost = card["cost"]
    kernel_cost: int | str | None = None
    if cost is not None:
        if cost["x"]:
            terms = ([str(cost["mana_value"])] if cost["mana_value"] else []) + ["X"] * cost["x"]
            kernel_cost = "+".join(terms)
        else:
            kernel_cost = cost["mana_value"]
    return game.create(
        controller,
        zone=zone,
        name=card["name"],
        types=card["types"],
        supertypes=card["supertypes"],
        subtypes=card["subtypes"],
        keywords=dict(card["keywords"]),
        power=card["power"],
        toughness=card["toughness"],
        loyalty=card["loyalty"],
        cost=kernel_cost,
        token=token,
    )


def enters(
    game: Game,
    card: Card,
    eid: int,
    x: int,
    history: tuple[int, ...] = (0, 0, 0),
    db: Mapping[str, Card] | None = None,
) -> None:
    """As ``eid`` enters the battlefield: it enters tapped if it says so (614.1d), its static
    replacement effects, then the continuous effects of its characteristic-changing static
    abilities, become live in the kernel (they end when it leaves, 611.3a), then its "enters
    with N counters" (614.1c). A Berserk card's own keywords come first, its "… have
    <keyword>" abilities with the replacement effects, its cost modifiers (104.3) with the
    static abilities. ``history``: the turn's, which "enters with" counters may read
    ("if you attacked this turn"). ``db``: the cards by name, whose other permanents may give
    it counters as it enters (614.1c: :func:`others_enter_with_counters`)."""
    if berserk.is_berserk(card):
        berserk.keywords_enter(game, card, eid)
    for a in card["abilities"]:
        if a["kind"] == "enters_tapped":
            game.tap(eid)
        elif a["kind"] == "have_keyword":
            berserk.ability_enters(game, a, eid)
        elif a["kind"] == "replacement":
            game.add_replacement_effect(
                a["effect"],
                affects=a["affects"],
                sources=a.get("sources"),
                source=eid,
                counter=a["counter"],
                amount=a["amount"],
            )
    for a in card["abilities"]:
        if a["kind"] == "cost_modifier":
            berserk.ability_enters(game, a, eid)
        if a["kind"] == "power_toughness_equal_to_count":  # 604.3: layer 7a, 613.4a
            n = count_for_power_toughness(game, a["per"], eid)
            game.add_continuous_effect(
                "define_power_toughness", affected=["this"], source=eid, power=n, toughness=n
            )
        if a["kind"] == "static":
            _add_static(game, a, {"source": eid})
    for a in card["abilities"]:
        if a["kind"] == "enters_with_counters":
            amount = a["n"]
            if amount["a"] == "this_turn":
                # Read for the permanent's controller (raid: "if you attacked this turn").
                n = turn_fact(history, amount["what"], game._objs[eid].controller)
            else:
                n = amount["n"] if amount["a"] == "const" else x if amount["a"] == "x" else 0
            if n > 0:
                game.add_counters(eid, a["counter"], n)
    if db is not None:
        others_enter_with_counters(game, db, eid)


def count_for_power_toughness(game: Game, per: Card, eid: int) -> int:
    """604.3, 613.4a: what a characteristic-defining "power and toughness are each equal to the
    number of …" of permanent ``eid`` counts now: the objects in ``per``'s zone, every
    player's, that match it, "you" the permanent's controller."""
    me = game.controller(eid)
    return sum(
        1
        for p in game.players
        for o in game.objects(per["zone"], p)
        if matches(game, per, o, eid, me)
    )


def sync_power_toughness_counts(game: Game, card_of: Callable[[int], Card | None]) -> bool:
    """604.3, 613.4a: keeps each characteristic-defining "power and toughness are each equal to
    the number of …" on the battlefield current (a host calls it before it checks the
    state-based actions, and after each the kernel performs): an effect whose count changed
    is ended and made again with the count now, in timestamp order. ``card_of`` gives the
    card of a permanent. Returns whether one changed."""
    stale = []
    for e in game.continuous_effects():
        if e["effect"] != "define_power_toughness" or e["affected"] != ["this"]:
            continue
        card = None if e["source"] is None else card_of(e["source"])
        per = next(
            (
                a["per"]
                for a in (card or {"abilities": ()})["abilities"]
                if a["kind"] == "power_toughness_equal_to_count"
            ),
            None,
        )
        if per is not None:
            n = count_for_power_toughness(game, per, e["source"])
            if n != e["power"]:
                stale.append((e["id"], e["source"], n))
    for effect, source, n in stale:
        game.end_continuous_effect(effect)
        game.add_continuous_effect(
            "define_power_toughness", affected=["this"], source=source, power=n, toughness=n
        )
    return bool(stale)


def _add_static(game: Game, a: Card, whose: dict[str, int]) -> None:
    """A characteristic-changing static ability as kernel continuous effects (611.3a): +N/+M
    (layer 7c), what it grants, what it loses (6), the subtypes it adds (4); ``whose`` is the
    ``source`` (a permanent) or the ``controller`` (an emblem's)."""
    if a["power"] or a["toughness"]:
        game.add_continuous_effect(
            "modify_power_toughness",
            affected=a["affects"],
            power=a["power"],
            toughness=a["toughness"],
            **whose,
        )
    for k, n in a["gains"].items():
        game.add_continuous_effect(
            "add_keyword",
            affected=a["affects"],
            keyword=k,
            value=n if k == "toxic" else None,
            **whose,
        )
    for k in a["loses"]:
        game.add_continuous_effect("remove_keyword", affected=a["affects"], keyword=k, **whose)
    for s in a.get("is_also", ()):  # 613.1d: "… in addition to its other types"
        game.add_continuous_effect("add_subtype", affected=a["affects"], subtype=s, **whose)


def emblem_statics(game: Game, card: Card, controller: int) -> None:
    """ "You get an emblem with …" (114.4): the emblem card's characteristic-changing static
    abilities as kernel continuous effects whose "you" is ``controller``, with no source: an
    emblem is never affected and never leaves the command zone, so they last the game."""
    for a in card["abilities"]:
        if a["kind"] == "static":
            _add_static(game, a, {"controller": controller})


def others_enter_with_counters(game: Game, db: Mapping[str, Card], eid: int) -> None:
    """614.1c: the counters the other permanents of ``eid``'s controller give it as it enters
    ("Each other Angel you control enters with an additional +1/+1 counter on it for each Angel
    you already control"), each such ability in battlefield order; the entering one isn't
    counted."""
    p = game.controller(eid)
    sources = [y for y in game.objects("battlefield", p) if y != eid]
    for y in sources:
        card = db.get(game.name(y))
        for a in () if card is None else card["abilities"]:
            if a["kind"] != "others_enter_with_counters" or not matches(game, a["what"], eid, y, p):
                continue
            n = sum(1 for z in sources if matches(game, a["per"], z, y, p))
            if n > 0:
                game.add_counters(eid, a["counter"], n)


def enters_cast(game: Game, card: Card, eid: int, kicked: bool = False) -> None:
    """ "… enters with N counters on it if you cast it" (614.1c): what the permanent a
    resolving spell became gets besides :func:`enters` (a permanent put onto the battlefield
    gets none; the count is a number); "if this creature was kicked" only from a ``kicked``
    spell (702.33d)."""
    for a in card["abilities"]:
        if a["kind"] == "enters_with_counters_if_cast" and a["n"]["a"] == "const":
            if a["n"]["n"] > 0 and (kicked or not a.get("kicked", False)):
                game.add_counters(eid, a["counter"], a["n"]["n"])


def place(
    game: Game,
    card: Card,
    controller: int,
    zone: str = "battlefield",
    x: int = 0,
    db: Mapping[str, Card] | None = None,
) -> int:
    """Create an object of ``card``; on the battlefield it enters with its counters (and those
    the other permanents of ``db``'s cards give it)."""
    eid = _create(game, card, controller, zone)
    if zone == "battlefield":
        enters(game, card, eid, x, db=db)
    return eid


def _program(card: Card, ability: int) -> tuple[list[Card], list[Card]]:
    abilities = card["abilities"]
    if not 0 <= ability < len(abilities):
        raise ValueError(f"{card['name']!r} has {len(abilities)} abilities, not {ability + 1}")
    a = abilities[ability]
    if a["kind"] not in ("spell", "triggered", "activated", "mode", "delayed", "reflexive"):
        raise ValueError(
            f"ability {ability} of {card['name']!r} has no effect to resolve (a mana or "
            "static ability)"
        )
    return a["targets"], a["program"]


def pay_costs(game: Game, card: Card, ability: int, source: int, controller: int) -> None:
    """Pay the costs of an activated ability that the runtime knows (602.2b): {E}, counters
    removed from the source, loyalty (606.4), sacrificing it; all or nothing. Mana and {T} are
    the game's."""
    abilities = card["abilities"]
    if not 0 <= ability < len(abilities) or abilities[ability]["kind"] != "activated":
        raise ValueError(f"ability {ability} of {card['name']!r} is not an activated ability")
    cost = abilities[ability]["cost"]
    game._player(controller)
    game._object(source, mutate=True)
    energy = game.count(controller, "energy")
    if energy < cost["energy"]:
        raise CannotPay(f"can't pay {cost['energy']} {{E}}: player {controller} has {energy}")
    remove = cost["remove_counters"]
    if remove is not None:
        have = game.count(source, remove["counter"])
        if have < remove["n"]:
            raise CannotPay(
                f"can't remove {remove['n']} {remove['counter']} counters: {source} has {have}"
            )
    loyalty = cost.get("loyalty", 0)
    have = game.count(source, "loyalty")
    if loyalty < 0 and have < -loyalty:  # 606.4: "−N:" needs N loyalty counters
        raise CannotPay(f"can't remove {-loyalty} loyalty counters: {source} has {have}")
    if cost["sacrifice"] and not _is_permanent(game, source):
        raise ValueError(f"{source} is not a permanent: it can't be sacrificed")
    if cost["energy"] > 0:
        game.pay_energy(controller, cost["energy"])
    if remove is not None:
        game.pay_counters(source, remove["counter"], remove["n"])
    # 606.4: a loyalty ability's cost puts on or removes loyalty counters.
    if loyalty > 0:
        game._add_counters_as_cost(source, "loyalty", loyalty)
    elif loyalty < 0:
        game.pay_counters(source, "loyalty", -loyalty)
    if cost["sacrifice"]:
        game.move(source, "graveyard")


def spell_ability(card: Card) -> int:
    """The index of the spell ability of an instant or sorcery."""
    for i, a in enumerate(card["abilities"]):
        if a["kind"] == "spell":
            return i
    raise ValueError(
        f"card {card['name']!r} has no spell ability (it is not an instant or a sorcery)"
    )
