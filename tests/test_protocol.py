"""``cardstate.KernelGame`` (the kernel's Protocol) names calls both implementations have, with
the same keyword parameters. (``make typecheck`` checks the full signatures with mypy; this runs
with the tests so a call added to the Protocol but missing from one implementation fails here.)
"""

from __future__ import annotations

import inspect

import cardstate
import cardstate.reference
import pytest
from cardstate.protocol import EventLike, KernelGame

MEMBERS = sorted(
    name
    for name, value in vars(KernelGame).items()
    if not name.startswith("_") and (callable(value) or isinstance(value, property))
)


def _keywords(fn: object) -> set[str]:
    return {
        p.name
        for p in inspect.signature(fn).parameters.values()  # type: ignore[arg-type]
        if p.kind is inspect.Parameter.KEYWORD_ONLY
    }


def test_the_protocol_has_the_kernel_calls() -> None:
    assert {"create", "add_counters", "deal_damage", "check_state_based_actions"} <= set(MEMBERS)
    assert len(MEMBERS) > 60


@pytest.mark.parametrize("name", MEMBERS)
def test_both_implementations_have_each_call(name: str) -> None:
    for cls in (cardstate.Game, cardstate.reference.Game):
        assert hasattr(cls, name), f"{cls.__module__}.Game has no {name}"
    declared = vars(KernelGame)[name]
    if isinstance(declared, property):
        return
    for cls in (cardstate.Game, cardstate.reference.Game):
        assert _keywords(getattr(cls, name)) == _keywords(declared), (cls, name)


def test_events_of_both_implementations_have_the_event_fields() -> None:
    fields = {n for n in vars(EventLike) if not n.startswith("_")}
    for g in (cardstate.Game(), cardstate.reference.Game()):
        g.add_counters(0, "poison", 1)
        (event,) = g.take_events()
        assert all(hasattr(event, f) for f in fields)
