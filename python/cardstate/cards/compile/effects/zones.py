"""Zone changes by effect (400.7): one ``move`` operation naming its destination."""

from __future__ import annotations

from cardstate.cards import vocab as v
from cardstate.cards.compile.emitter import Emitter, Ops


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
    to = "battlefield_tapped" if e.tapped else "battlefield"
    ops.append({"op": "move", "what": c.selector(e.what), "to": to})


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


def exile_top_choose_one(c: Emitter, e: v.ExileTopChooseOne, ops: Ops) -> None:
    if e.until not in ("end_of_turn", "end_of_next_turn"):
        raise c.bad(f"ExileTopChooseOne until {e.until!r}: end_of_turn or end_of_next_turn")
    ops.append({"op": "exile_top_choose_one", "n": c.amount(e.n), "until": e.until})
