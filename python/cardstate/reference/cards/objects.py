"""What the interpreter reads of the reference kernel: entities by id, filters (which entities
an ability's filter matches), the top of a bare kernel's library, and the set an "until end of
turn" effect locks in (611.2c)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from cardstate.reference.game import Game

Card = Mapping[str, Any]
"""A compiled card, ability, operation, selector... (plain data, docs/CARDS.md)."""
Request = tuple[Any, ...]
"""A choice request or a result, as the native binding's tuples."""


def _entity(game: Game, eid: int) -> Any:
    """The player or object record, or None for an unknown id."""
    if 0 <= eid < len(game._players):
        return game._players[eid]
    return game._objs.get(eid)


def _is_player(game: Game, eid: int) -> bool:
    return 0 <= eid < len(game._players)


def _ids(game: Game) -> Iterable[int]:
    """Every entity id in ascending order (players first)."""
    yield from range(len(game._players))
    yield from game._objs


def _live(game: Game, eid: int) -> bool:
    ent = _entity(game, eid)
    return ent is not None and (_is_player(game, eid) or not ent.gone)


def _is_permanent(game: Game, eid: int) -> bool:
    ent = _entity(game, eid)
    return (
        ent is not None and not _is_player(game, eid) and not ent.gone and ent.zone == "battlefield"
    )


def _relation(rel: str | None, who: int, controller: int) -> bool:
    if rel is None:
        return True
    return who == controller if rel == "you" else who != controller


InCombat = tuple[Collection[int], Collection[int]] | tuple[Collection[int], Collection[int], int]
"""The creatures attacking and those blocking (506.4), as the game around the kernel knows
them, and the first object id of this turn (400.7: an object with it or a later one came to
its zone this turn; 0, or none given, where the game has no turns)."""
NO_COMBAT: InCombat = ((), ())


def matches(
    game: Game,
    f: Card,
    eid: int,
    source: int | None,
    controller: int,
    combat: InCombat = NO_COMBAT,
    last_known: bool = False,
) -> bool:
    """Whether entity ``eid`` matches filter ``f`` for an ability of ``source`` controlled by
    ``controller``: a player still in the game, or an object in the filter's zone with one of
    its types and subtypes, none of its excluded types, the right controller, all its keywords
    and none of those it excludes, at least its power, in combat as it asks (``combat``: the
    attacking and the blocking creatures), and one of its alternatives. ``last_known``: a gone
    object as it last existed (603.10a: a leaves-the-battlefield ability looks back)."""
    ent = _entity(game, eid)
    if ent is None:
        return False
    if _is_player(game, eid):
        return f["players"] and not ent.lost and _relation(f["controller"], eid, controller)
    return (
        f["objects"]
        and (not ent.gone or last_known)
        and (ent.zone if not ent.gone else "battlefield") == f["zone"]
        and (not f["types"] or any(t in ent.types for t in f["types"]))
        and _relation(f["controller"], ent.controller, controller)
        and all(game._has_keyword(ent, k) for k in f["keywords"])
        and not (f["other"] and eid == source)
        and (not f.get("subtypes") or any(game._has_subtype(ent, t) for t in f["subtypes"]))
        and not any(t in ent.types for t in f.get("not_types", ()))
        and not (f.get("nontoken") and ent.printed.token)
        and f.get("name", ent.printed.name) == ent.printed.name
        and not any(game._has_keyword(ent, k) for k in f.get("without", ()))
        and _power_at_least(game, eid, f.get("power_at_least"))
        and _mana_value_at_most(ent, f.get("mana_value_at_most"))
        and _in_combat(f.get("combat"), eid, combat)
        and not any(game._has_subtype(ent, t) for t in f.get("not_subtypes", ()))
        and (not f.get("mana_value_at_most_power") or _at_most_power(game, ent, source))
        and (f.get("with_counter") is None or game.count(eid, f["with_counter"]) > 0)
        # 400.7: an object that came to its zone this turn is one made since the turn began.
        and (not f.get("put_there_this_turn") or eid >= (combat[2] if len(combat) > 2 else 0))
        and (
            not f.get("any_of")
            or any(
                matches(game, alt, eid, source, controller, combat, last_known)
                for alt in f["any_of"]
            )
        )
    )


def _in_combat(role: str | None, eid: int, combat: InCombat) -> bool:
    attacking, blocking = eid in combat[0], eid in combat[1]
    if role is None:
        return True
    if role == "attacking":
        return attacking
    if role == "blocking":
        return blocking
    return attacking or blocking


def _power_at_least(game: Game, eid: int, n: int | None) -> bool:
    """ "With power ``n`` or greater" (208.1): an object with no power has none."""
    if n is None:
        return True
    power = game.power(eid)
    return power is not None and power >= n


def _mana_value_at_most(ent: Any, n: int | None) -> bool:
    """ "With mana value ``n`` or less" (202.3: no mana cost is 0; an X is 0 off the stack)."""
    return n is None or (ent.printed.cost or 0) <= n


def _at_most_power(game: Game, ent: Any, source: int | None) -> bool:
    """ "With mana value less than or equal to this creature's power" (202.3, 208.1): the
    source's power, its last known power if it left (608.2h); none matches nothing."""
    power = None if source is None or _entity(game, source) is None else game.power(source)
    return power is not None and (ent.printed.cost or 0) <= power


def legal_target(
    game: Game,
    spec: Card,
    eid: int,
    source: int | None,
    controller: int,
    combat: InCombat = NO_COMBAT,
    by: tuple[int, bool] = (0, False),
) -> bool:
    """Whether ``eid`` is a legal choice for target ``spec`` of an ability of ``source``
    controlled by ``controller`` (601.2c, and again on resolution, 608.2b): it matches the
    filter, and it isn't a permanent with hexproof an opponent of the controller controls
    (702.11b) nor an opponent of the controller with hexproof (702.11d); ``by``, the spell's or
    source's colours and whether it is an instant spell: nor a permanent with protection from
    it (702.16b) or, from an opponent's instant, hexproof from instants (702.11d)."""
    from cardstate.reference.cards.protection import targetable_by

    if not matches(game, spec["filter"], eid, source, controller, combat):
        return False
    if not targetable_by(game, eid, controller, by[0], by[1]):
        return False
    if _is_player(game, eid):
        return eid == controller or not game._player_hexproof(eid)
    ent = _entity(game, eid)
    return not (ent.controller != controller and game._has_keyword(ent, "hexproof"))


def top_of_library(game: Game, player: int) -> int | None:
    """The top card of a player's library: the lowest live id there (docs/CARDS.md)."""
    for obj in game._objs.values():
        if not obj.gone and obj.zone == "library" and obj.owner == player:
            return obj.id
    return None


def _locked_in(game: Game, selected: Iterable[int]) -> list[int]:
    """The permanents among ``selected``, each once, in order (611.2c)."""
    ids: list[int] = []
    for e in selected:
        if _is_permanent(game, e) and e not in ids:
            ids.append(e)
    return ids
