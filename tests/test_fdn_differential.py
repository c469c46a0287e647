"""The Rust card runtime and the reference interpreter agree on the Foundations and Pauper pools
(docs/CARDS.md): Hypothesis builds random boards of their cards, resolves a random ability of
a random card with random targets (legal, illegal, gone, too few or too many), a random X,
random creatures in combat and answers from a random script, on ``cardstate.Game`` and
``cardstate.reference.Game`` side by side: the requests, outcomes, errors, the whole state and
the events are equal; so are the triggers random events fire."""

from __future__ import annotations

import cardstate
import cardstate.reference
from cardstate import cards
from cardstate.cards import pools
from conftest import event_tuples, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

FDN = pools["fdn"]
PAUPER = pools["pauper"]
POOLS = (FDN, PAUPER)
NAMES = {p.name: sorted(p) for p in POOLS}
RESOLVABLE = [
    (p.name, name, i)
    for p in POOLS
    for name in sorted(p)
    for i, a in enumerate(p[name].data["abilities"])
    if a["kind"] in ("spell", "triggered", "activated")
]
BY_NAME = {p.name: p for p in POOLS}
EVENT_KINDS = (
    "attacks",
    "becomes_blocked",
    "cast",
    "becomes_target",
    "upkeep",
    "gained_life",
    "beginning_of_combat",
    "end_step",
    "untapped",
)


@st.composite
def boards(draw, pool_name):
    """Set-up steps, applied identically to both games."""
    names = NAMES[pool_name]
    steps = []
    for _ in range(draw(st.integers(0, 8))):
        steps.append(
            (
                "place",
                draw(st.sampled_from(names)),
                draw(st.integers(0, 1)),
                draw(st.sampled_from(("battlefield", "battlefield", "library", "stack"))),
            )
        )
    # Life lost (a player), or toughness lowered (an object).
    for _ in range(draw(st.integers(0, 3))):
        steps.append(("damage", draw(st.integers(0, 10)), draw(st.integers(1, 3))))
    for _ in range(draw(st.integers(0, 2))):
        steps.append(
            ("grant", draw(st.integers(2, 10)), draw(st.sampled_from(("hexproof", "flying"))))
        )
    for _ in range(draw(st.integers(0, 2))):
        steps.append(("gone", draw(st.integers(2, 10))))
    return steps


def set_up(g, steps, pool):
    for step in steps:
        try:
            if step[0] == "place":
                cards.place(g, step[1], step[2], step[3], pool=pool)
            elif step[0] == "damage" and step[1] < 2:
                g.lose_life(step[1], step[2])
            elif step[0] == "damage":
                g.pump(step[1], 0, -step[2])
            elif step[0] == "grant":
                g.grant(step[1], step[2])
            else:
                g.move(step[1], "graveyard")
        except (KeyError, ValueError, cardstate.CardstateError):
            pass
    g.take_events()


def play(g, pool, name, ability, targets, source, x, script, attacking, blocking):
    trace = []
    answers = iter(script)
    try:
        r = cards.Resolution(
            g,
            name,
            0,
            targets,
            ability=ability,
            source=source,
            x=x,
            pool=pool,
            attacking=attacking,
            blocking=blocking,
        )
        while True:
            step = r.run()
            trace.append(step)
            if isinstance(step, cards.Outcome):
                break
            pick = next(answers, 0)
            if step.kind in ("may", "unless"):
                r.answer(bool(pick & 1))
            elif step.kind == "amount":
                r.answer(step.min + pick % (step.max - step.min + 1))
            elif step.kind == "keep":  # one of each group (701.21a)
                r.answer([g[(pick >> k) % len(g)] for k, g in enumerate(step.groups)])
            else:
                r.answer([c for k, c in enumerate(step.candidates) if pick >> k & 1])
    except Exception as e:  # noqa: BLE001 - the same error on both sides is the point
        trace.append(type(e).__name__)
    return trace


@settings(max_examples=300)
@given(
    data=st.data(),
    pick=st.sampled_from(RESOLVABLE),
    targets=st.lists(st.integers(0, 12), max_size=4),
    source=st.one_of(st.none(), st.integers(2, 12)),
    x=st.integers(0, 4),
    script=st.lists(st.integers(0, 255), max_size=3),
    attacking=st.lists(st.integers(0, 12), max_size=3),
    blocking=st.lists(st.integers(0, 12), max_size=2),
)
def test_native_runtime_matches_the_reference_interpreter(
    data, pick, targets, source, x, script, attacking, blocking
):
    pool_name, name, ability = pick
    pool = BY_NAME[pool_name]
    board = data.draw(boards(pool_name))
    results = []
    for cls in (cardstate.Game, cardstate.reference.Game):
        g = cls(players=2)
        set_up(g, board, pool)
        trace = play(g, pool, name, ability, targets, source, x, script, attacking, blocking)
        results.append((trace, snapshot(g), event_tuples(g.take_events())))
    assert results[0] == results[1]


@settings(max_examples=200)
@given(
    data=st.data(),
    pool_name=st.sampled_from(sorted(BY_NAME)),
    events=st.lists(
        st.tuples(
            st.sampled_from(EVENT_KINDS), st.integers(0, 12), st.integers(0, 1), st.booleans()
        ),
        max_size=4,
    ),
    kernel=st.lists(st.tuples(st.integers(2, 12), st.integers(0, 12), st.booleans()), max_size=3),
)
def test_fired_triggers_match(data, pool_name, events, kernel):
    pool = BY_NAME[pool_name]
    board = data.draw(boards(pool_name))
    results = []
    for cls in (cardstate.Game, cardstate.reference.Game):
        g = cls(players=2)
        set_up(g, board, pool)
        for src, target, combat in kernel:
            try:
                g.deal_damage(src, target, 1, combat=combat)
            except (KeyError, ValueError, cardstate.CardstateError):
                pass
        g.check_state_based_actions()
        evs = list(g.take_events())
        evs += [cards.GameEvent(k, a, b, 0, f) for k, a, b, f in events]
        results.append((cards.fired(g, evs, pool=pool), snapshot(g)))
    assert results[0] == results[1]
