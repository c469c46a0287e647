"""What the interpreter reads of the reference kernel: entities by id, filters (which entities
an ability's filter matches), the top of a bare kernel's library, and the set an "until end of
turn" effect locks in (611.2c)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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


def matches(game: Game, f: Card, eid: int, source: int | None, controller: int) -> bool:
    """Whether entity ``eid`` matches filter ``f`` for an ability of ``source`` controlled by
    ``controller``: a player still in the game, or an object in the filter's zone with one of
    its types, the right controller and all its keywords."""
    ent = _entity(game, eid)
    if ent is None:
        return False
    if _is_player(game, eid):
        return f["players"] and not ent.lost and _relation(f["controller"], eid, controller)
    return (
        f["objects"]
        and not ent.gone
        and ent.zone == f["zone"]
        and (not f["types"] or any(t in ent.types for t in f["types"]))
        and _relation(f["controller"], ent.controller, controller)
        and all(game._has_keyword(ent, k) for k in f["keywords"])
        and not (f["other"] and eid == source)
    )


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
