"""Triggered abilities (603): kernel events as the events abilities wait for, and the abilities
a list of events fires."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardstate.reference.cards.objects import Card, _entity, _is_permanent, _is_player, matches
from cardstate.reference.cards.resolution import Resolution
from cardstate.reference.game import Game


def trigger_event(e: Any) -> tuple[str, int, int, int, bool] | None:
    """A kernel event as an event triggered abilities wait for (docs/CARDS.md), or None: an
    object put onto the battlefield (a zone change, or one created there, 603.6a) "entered"; one
    put into a graveyard from the battlefield "died" (700.4); damage; counters put; Berserk's
    wounds placed ("wounded") and wounds healed ("healed"); a player's life gain
    ("gained_life", 119.9) and life loss ("lost_life", 119.3)."""
    if e.kind == "zone_change":
        if e.zone_to == "battlefield":
            return ("entered", e.new_id, 0, 0, False)
        if e.zone_from == "battlefield" and e.zone_to == "graveyard":
            return ("died", e.target, 0, 0, False)
        if e.zone_from == "battlefield":
            return ("left", e.target, 0, 0, False)  # exiled, to a hand or a library (603.6c)
        return None
    if e.kind == "created":
        return ("entered", e.target, 0, 0, False)
    if e.kind == "damage":
        return ("damage", e.source, e.target, e.amount or 0, bool(e.combat))
    if e.kind == "counters_added":
        return ("counters_put", e.target, 0, e.amount or 0, False)
    if e.kind in ("wounded", "healed"):
        return (e.kind, e.target, 0, e.amount or 0, False)
    if e.kind == "life_gained":
        # 119.9: each life-gain event, of the player gaining it.
        return ("gained_life", e.target, 0, e.amount or 0, False)
    if e.kind == "life_lost":
        # 119.3: each life-loss event, of the player losing it (damage's too, 120.3a).
        return ("lost_life", e.target, 0, e.amount or 0, False)
    return None


_PLAYER_SCOPED = frozenset(
    {
        "you_cast",
        "upkeep",
        "you_proliferate",
        "you_gain_life",
        "beginning_of_combat",
        "end_step",
        "you_draw",
        "you_attack",
        "you_gain_life_first",
        "you_cast_on_opponents_turn",
        "opponent_loses_life",
        "noncombat_damage_to_opponent",
    }
)

# The events abilities wait for that an event of a kind may be: a card drawn is "you draw a
# card" to its drawer's abilities, "your second card each turn" when it is that, and "an
# opponent draws a card" to the other players' (121.2).
_ALSO = {
    "dies": ("dies", "leaves_battlefield"),  # dying is leaving the battlefield too (603.6c)
    "enters_kicked": ("enters", "enters_kicked"),  # a kicked permanent's entering (702.33d)
    "you_draw": ("you_draw", "you_draw_second", "you_draw_third", "opponent_draws"),
    # a spell cast is "an opponent casts a spell" to the other players' abilities (601.2i)
    "you_cast": ("you_cast", "opponent_casts"),
    "you_attack": ("you_attack", "you_attack_with_three_or_more"),
    # becoming the target of an opponent's spell is becoming a target too (702.21a)
    "becomes_target": ("becomes_target", "becomes_target_by_opponent"),
    # a first life gain of a turn is one of the player's own turns or not (119.9)
    "you_gain_life_first": ("you_gain_life_first", "you_gain_life_first_your_turn"),
    # the beginning of a player's end step is the beginning of an end step (513.1a)
    "end_step": ("end_step", "each_end_step"),
    # combat damage, to a player or not, may be combat damage during the controller's turn
    # (510.2; ``_combat_on_own_turn`` tests which)
    "deals_combat_damage_to_player": (
        "deals_combat_damage_to_player",
        "deals_combat_damage_your_turn",
    ),
    "deals_damage": ("deals_damage", "deals_combat_damage_your_turn"),
}

CASTS = ("you_cast", "you_cast_on_opponents_turn", "opponent_casts")
"""The events of a spell cast (601.2i), whose ability's subject is the kind of spell."""

NO_SPELL = 2**32 - 1
"""A ``becomes_target`` event's spell when it is an ability's targeting (no spell object)."""


def _combat_on_own_turn(
    game: Game, waits: str, ev: tuple[str, int, int, int, bool], controller: int
) -> bool:
    """Whether an ability of ``controller``'s waiting for ``waits`` may trigger on ``ev``:
    "deals combat damage during your turn" (510.2) only on combat damage dealt while
    ``controller`` is the active player; the others on any."""
    if waits != "deals_combat_damage_your_turn":
        return True
    return ev[0] == "damage" and ev[4] and game.active_player == controller


def _player_event_hit(waits: str, player: int, controller: int, count: int) -> bool:
    """Whether an ability of ``controller``'s waiting for ``waits`` triggers on a
    player-scoped event of ``player``'s carrying ``count`` (which card of the turn a draw is,
    how many creatures attack; 121.2, 508.3d, 603.2)."""
    if waits in ("opponent_draws", "opponent_loses_life", "opponent_casts"):
        return player != controller
    if waits == "you_draw_second":
        return player == controller and count == 2
    if waits == "you_draw_third":
        return player == controller and count == 3
    if waits == "you_attack_with_three_or_more":
        return player == controller and count >= 3
    if waits == "you_gain_life_first_your_turn":
        return player == controller and count == 1  # during its own turn
    if waits == "each_end_step":
        return True  # 513.1a: "at the beginning of each end step", whoever's turn it is
    return player == controller


def _parts(game: Game, ev: tuple[str, int, int, int, bool]) -> tuple[str, int]:
    kind, a, b, _amount, flag = ev
    if kind == "entered":
        return ("enters_kicked" if flag else "enters"), a  # 702.33d: from a kicked spell
    if kind == "died":
        return "dies", a
    if kind == "left":
        return "leaves_battlefield", a
    if kind == "damage":
        if flag and _is_player(game, b):
            return "deals_combat_damage_to_player", a
        return "deals_damage", a
    if kind == "counters_put":
        return "counters_put", a
    if kind == "attacks":
        return "attacks", a
    if kind == "becomes_blocked":
        return "becomes_blocked", a
    if kind == "cast":
        return "you_cast", b
    if kind == "becomes_target":
        return "becomes_target", a
    if kind == "upkeep":
        return "upkeep", a
    if kind == "proliferated":
        return "you_proliferate", a
    if kind in ("wounded", "healed"):
        return kind, a
    if kind == "gained_life":
        return "you_gain_life", a
    if kind in ("beginning_of_combat", "end_step"):
        return kind, a
    if kind == "drew":
        return "you_draw", a
    if kind == "attacked":
        return "you_attack", a
    if kind == "first_life_gain":
        return "you_gain_life_first", a
    if kind == "cast_on_opponents_turn":
        return "you_cast_on_opponents_turn", b
    if kind == "plus_one_counters_put":
        return "plus_one_counters_put", a
    if kind == "lost_life":
        return "opponent_loses_life", a
    if kind == "noncombat_damage":
        return "noncombat_damage_to_opponent", a
    if kind == "untapped":
        return "becomes_untapped", a
    raise ValueError(f"unknown trigger event kind {kind!r}")


def _condition_holds(
    db: Mapping[str, Card],
    card: Card,
    i: int,
    source: int,
    controller: int,
    game: Game,
    history: tuple[int, ...],
) -> bool:
    t = card["abilities"][i]
    if t["condition"] is None:
        return True
    # The targets are placeholders (distinct ids no entity has, none legal), one for each of the
    # targets that aren't "up to".
    n = sum(s["count"] for s in t["targets"] if not s.get("up_to"))
    placeholders = [2**32 - 1 - k for k in range(n)]
    r = Resolution(
        db, card["name"], controller, placeholders, ability=i, source=source, history=history
    )
    r.legal = [False] * n
    try:
        return r.condition(game, t["condition"])
    except Exception:  # noqa: BLE001 - a condition that can't be read doesn't hold
        return False


def event_amount(ev: tuple[str, int, int, int, bool], ability: Mapping[str, Any]) -> int:
    """The amount an event carries ("that many": the damage dealt, the life lost or gained, the
    counters put) for a triggered ability whose program reads it (``carries_amount``), else 0."""
    if not ability.get("carries_amount") or ev[0] not in _AMOUNTS:
        return 0
    return ev[3]


# A cast carries the instant and sorcery spells its caster cast before it this turn.
_AMOUNTS = frozenset(
    {
        "damage",
        "counters_put",
        "gained_life",
        "lost_life",
        "wounded",
        "healed",
        "noncombat_damage",
        "cast",
    }
)


def fired(
    db: Mapping[str, Card],
    game: Game,
    events: Iterable[tuple[str, int, int, int, bool]],
    history: tuple[int, ...] = (0, 0, 0),
) -> list[tuple[int, int, str, int, int, int]]:
    """The triggered abilities the events fire, as (source, controller, card name, ability,
    triggering, amount: what "that many" reads, ``event_amount``), in event order, then source
    id, then ability order (APNAP is the game's); ``history`` is the turn's, which intervening
    "if" clauses read (603.4)."""
    out: list[tuple[int, int, str, int, int, int]] = []
    events = list(events)
    # 603.10a: "whenever a creature dies" looks back in time: the objects that died in these
    # events wait for the others' deaths (and their own) as they last existed.
    looking_back = set()
    for ev in events:
        kind, about = _parts(game, ev)
        ent = _entity(game, about) if kind == "dies" else None
        if ent is not None and ent.printed.name in db:
            if any(
                a["kind"] == "triggered" and a["event"] == "dies" and a["subject"]["s"] == "each"
                for a in db[ent.printed.name]["abilities"]
            ):
                looking_back.add(about)
    for ev in events:
        kind, about = _parts(game, ev)
        by_spell = ev[0] == "becomes_target" and ev[4]
        kinds = _ALSO.get(kind, (kind,))
        # 113.6: "when this permanent becomes the target" functions only on the battlefield: a
        # spell targeted on the stack (ward's, 702.21a) triggers nothing of its own.
        if kind not in _PLAYER_SCOPED and (kind != "becomes_target" or _is_permanent(game, about)):
            ent = _entity(game, about)
            if ent is not None and not _is_player(game, about) and ent.printed.name in db:
                card = db[ent.printed.name]
                for i, a in enumerate(card["abilities"]):
                    triggering = about
                    if a.get("event") == "becomes_target_by_opponent":
                        # 702.21a: "… a spell an opponent controls": that spell triggered it.
                        if not by_spell or ev[3] == NO_SPELL or ev[2] == ent.controller:
                            continue
                        triggering = ev[3]
                    if (
                        a["kind"] == "triggered"
                        and a["event"] in kinds
                        and not a.get("from_graveyard")
                        and not a.get("gained")
                        and a["subject"] == {"s": "this"}
                        and (not a["by_spell"] or by_spell)
                        and _combat_on_own_turn(game, a["event"], ev, ent.controller)
                        and _condition_holds(db, card, i, about, ent.controller, game, history)
                    ):
                        amount = event_amount(ev, a)
                        out.append((about, ent.controller, card["name"], i, triggering, amount))
        count = ev[3] if ev[0] in ("drew", "attacked", "first_life_gain") else 0
        for obj in list(game._objs.values()):
            # The object itself too: "a creature you control" includes it ("another" is the
            # filter's `other`).
            # A source looking back is one of the objects that died (``looking_back``).
            if obj.gone and not (kind == "dies" and obj.id in looking_back):
                continue
            # A card in a graveyard: its abilities that function there (113.6k).
            in_graveyard = not obj.gone and obj.zone == "graveyard"
            # An emblem's abilities function in the command zone (114.4).
            emblem = not obj.gone and obj.zone == "command"
            if not obj.gone and obj.zone != "battlefield" and not in_graveyard and not emblem:
                continue
            if obj.printed.name not in db:
                continue
            card = db[obj.printed.name]
            for i, a in enumerate(card["abilities"]):
                if a["kind"] != "triggered" or a["event"] not in kinds:
                    continue
                if bool(a.get("from_graveyard")) != in_graveyard:
                    continue
                if a["by_spell"] and not by_spell:
                    continue
                if kind in _PLAYER_SCOPED:
                    hit = _player_event_hit(a["event"], about, obj.controller, count)
                    if kind in CASTS and a["subject"]["s"] == "each":
                        # "Whenever you cast an instant or sorcery spell": the spell's kind.
                        spell = ev[1]
                        hit = hit and matches(
                            game, a["subject"]["filter"], spell, obj.id, obj.controller
                        )
                elif a["subject"]["s"] == "each":
                    hit = matches(
                        game,
                        a["subject"]["filter"],
                        about,
                        obj.id,
                        obj.controller,
                        last_known=kind == "dies",
                    )
                else:
                    hit = False
                hit = hit and _combat_on_own_turn(game, a["event"], ev, obj.controller)
                if hit and _condition_holds(db, card, i, obj.id, obj.controller, game, history):
                    amount = event_amount(ev, a)
                    # "Whenever you cast …, copy it": the spell cast is what triggered it.
                    triggering = ev[1] if ev[0] == "cast" and a["event"] == "you_cast" else about
                    out.append((obj.id, obj.controller, card["name"], i, triggering, amount))
    return out


def fired_gained(
    db: Mapping[str, Card],
    game: Game,
    events: Iterable[tuple[str, int, int, int, bool]],
    gained: Iterable[tuple[int, str, int]],
    history: tuple[int, ...] = (0, 0, 0),
) -> list[tuple[int, int, str, int, int, int]]:
    """The gained triggered abilities (613.1f: ``"gained": true``, of subject "this") the events
    fire, as :func:`fired`'s: ``gained`` lists each object that gained one, with its card's
    name and the ability, in the order they were gained; a permanent's ability triggers on the
    events about it, in event order, then in that order."""
    out: list[tuple[int, int, str, int, int, int]] = []
    gained = list(gained)
    for ev in events:
        kind, about = _parts(game, ev)
        if kind in _PLAYER_SCOPED:
            continue
        by_spell = ev[0] == "becomes_target" and ev[4]
        kinds = _ALSO.get(kind, (kind,))
        for obj, name, i in gained:
            if obj != about or not _is_permanent(game, obj) or name not in db:
                continue
            card = db[name]
            a = card["abilities"][i]
            ent = _entity(game, obj)
            if (
                a["kind"] == "triggered"
                and a.get("gained")
                and a["event"] in kinds
                and (not a["by_spell"] or by_spell)
                and _condition_holds(db, card, i, obj, ent.controller, game, history)
            ):
                out.append((obj, ent.controller, name, i, about, event_amount(ev, a)))
    return out
