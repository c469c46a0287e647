"""Zone changes by effect (400.7): one ``move`` operation naming its destination."""

from __future__ import annotations

from cardstate.cards import vocab as v
from cardstate.cards.compile.emitter import Emitter, Ops
from cardstate.vocabulary import KEYWORDS


def return_to_hand(c: Emitter, e: v.ReturnToHand, ops: Ops) -> None:
    ops.append({"op": "move", "what": c.selector(e.what), "to": "hand"})


def exile(c: Emitter, e: v.Exile, ops: Ops) -> None:
    if not isinstance(e.until_this_leaves, bool):
        raise c.bad(f"Exile's until_this_leaves is a bool, got {e.until_this_leaves!r}")
    to = "exile_until_source_leaves" if e.until_this_leaves else "exile"
    ops.append({"op": "move", "what": c.selector(e.what), "to": to})


def put_on_library_bottom(c: Emitter, e: v.PutOnLibraryBottom, ops: Ops) -> None:
    ops.append({"op": "move", "what": c.selector(e.what), "to": "library_bottom"})


def put_on_top_or_bottom(c: Emitter, e: v.PutOnTopOrBottom, ops: Ops) -> None:
    ops.append({"op": "put_on_top_or_bottom", "what": c.selector(e.what)})


def return_to_battlefield(c: Emitter, e: v.ReturnToBattlefield, ops: Ops) -> None:
    """A plain return is a ``move``; one with counters, keywords or subtypes is ``return_with``
    (614.1c, 613.1d, 613.1f)."""
    to = "battlefield_tapped" if e.tapped else "battlefield"
    if e.under_your_control:
        if e.tapped or e.counters is not None or e.gains or e.is_also:
            raise c.bad("a return under your control is a plain one")
        to = "battlefield_under_your_control"
    if e.counters is None and not e.gains and not e.is_also:
        ops.append({"op": "move", "what": c.selector(e.what), "to": to})
        return
    if e.tapped:
        raise c.bad("a return with counters, keywords or subtypes isn't tapped")
    counter, n = "+1/+1", 0
    if e.counters is not None:
        if not isinstance(e.counters, tuple | list) or len(e.counters) != 2:
            raise c.bad(f"counters is (kind, n), got {e.counters!r}")
        counter = c.kind(e.counters[0])
        n = c.integer(e.counters[1], "the counters it returns with", 1, 2**32)
    if not isinstance(e.gains, tuple | list):
        raise c.bad(f"gains is a tuple of keywords, got {e.gains!r}")
    for k in e.gains:
        if not isinstance(k, str) or k not in KEYWORDS or k == "toxic":
            raise c.bad(f"can't grant keyword {k!r}")
    is_also = c.names(e.is_also, "is_also's subtypes")
    if "" in is_also:
        raise c.bad("is_also's subtypes are non-empty names")
    ops.append(
        {
            "op": "return_with",
            "what": c.selector(e.what),
            "counter": counter,
            "n": n,
            "gains": list(e.gains),
            "is_also": is_also,
        }
    )


def return_with_fewer_counters(c: Emitter, e: v.ReturnWithFewerCounters, ops: Ops) -> None:
    ops.append(
        {
            "op": "return_with_fewer_counters",
            "what": c.selector(e.what),
            "counter": c.kind(e.kind),
            "fewer": c.integer(e.fewer, "the counters fewer", 0, 2**32),
        }
    )


def exile_top_may_play(c: Emitter, e: v.ExileTopMayPlay, ops: Ops) -> None:
    if e.until not in ("end_of_turn", "end_of_next_turn"):
        raise c.bad(f"ExileTopMayPlay until {e.until!r}: end_of_turn or end_of_next_turn")
    ops.append({"op": "exile_top", "who": c.selector(e.who), "n": c.amount(e.n), "until": e.until})


def exile_top_cast_free(c: Emitter, e: v.ExileTopCastFree, ops: Ops) -> None:
    # The top card of each; its controller may cast them free now (the permission's "until").
    ops.append(
        {"op": "exile_top", "who": c.selector(e.who), "n": c.amount(1), "until": "cast_free"}
    )


def exile_top_choose_one(c: Emitter, e: v.ExileTopChooseOne, ops: Ops) -> None:
    if e.until not in ("end_of_turn", "end_of_next_turn"):
        raise c.bad(f"ExileTopChooseOne until {e.until!r}: end_of_turn or end_of_next_turn")
    ops.append({"op": "exile_top_choose_one", "n": c.amount(e.n), "until": e.until})


def may_cast_from_graveyard_this_turn(
    c: Emitter, e: v.MayCastFromGraveyardThisTurn, ops: Ops
) -> None:
    ops.append({"op": "may_cast_from_graveyard", "what": c.selector(e.what), "flashback": False})


def gains_flashback_until_end_of_turn(
    c: Emitter, e: v.GainsFlashbackUntilEndOfTurn, ops: Ops
) -> None:
    ops.append({"op": "may_cast_from_graveyard", "what": c.selector(e.what), "flashback": True})
