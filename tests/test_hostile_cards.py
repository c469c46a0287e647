"""Hostile card definitions and compiled card data (docs/CARDS.md, "Bad definitions").

- the compiler (``compile_card``) refuses what the runtime would: absurd numbers, wrong types,
  names that are not text, definitions nested too deeply or in a cycle, each an ``InvalidCard``
  (a ``ValueError``) naming the card and the field; whatever it accepts, the native runtime
  loads and both interpreters place alike;
- the native loader (``CardDb``) checks compiled data completely where it enters: a program
  that jumps backwards (which would loop for ever with the GIL held) or a number beyond its
  field is a ``ValueError`` naming the card, and whatever loads resolves within a time bound;
- an effect whose amount takes a game past the kernel's entity limit fails with an
  ``OverflowError`` before anything is made, on both interpreters.

A hang or an abort is checked for in a subprocess with a time bound (and a memory bound where
allocating until the process aborts is the failure).
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from typing import Any

import cardstate
import cardstate.reference
import hypothesis.strategies as st
import pytest
from cardstate._native import CardDb
from cardstate.cards import CardPool, InvalidCard, compile_card, compile_pool, pool
from cardstate.cards import vocab as v
from cardstate.cards.compile import MAX_DEPTH, MAX_OPERATIONS, MAX_TARGETS, pool_json
from conftest import snapshot
from hypothesis import given, settings
from test_hostile import Call, _assert_clear, _draw_call, _public, _run_bounded
from test_hostile_game_layer import _hostile

IMPLS = {"native": cardstate.Game, "reference": cardstate.reference.Game}


def bear(**kw: Any) -> v.Card:
    base: dict[str, Any] = {
        "name": "Test Bear",
        "types": ("creature",),
        "cost": "{1}{G}",
        "power": 2,
        "toughness": 2,
    }
    base.update(kw)
    return v.Card(**base)


def on_enter(effect: Any) -> v.Card:
    return bear(abilities=(v.Triggered("enters", effect),))


def _cycle() -> list[Any]:
    loop: list[Any] = [v.GainLife(v.YOU, 1)]
    loop.append(loop)
    return loop


def _deep(n: int) -> Any:
    effect: Any = v.GainLife(v.YOU, 1)
    for _ in range(n):
        effect = v.May(effect)
    return effect


def _deep_info(n: int) -> dict[str, Any]:
    info: dict[str, Any] = {}
    at = info
    for _ in range(n):
        at["x"] = {}
        at = at["x"]
    return info


def _shared_info(levels: int) -> dict[str, Any]:
    """Small in memory, 2**levels values written out."""
    node: Any = [1]
    for _ in range(levels):
        node = [node, node]
    return {"x": node}


def _info_cycle() -> dict[str, Any]:
    info: dict[str, Any] = {}
    info["me"] = info
    return info


def _spell(targets: tuple[v.TargetSpec, ...]) -> v.Card:
    return bear(
        types=("instant",),
        power=None,
        toughness=None,
        abilities=(v.Spell(v.Destroy(v.Target(0)), targets),),
    )


# Each definition the runtime would refuse (or fail on deep inside), with the field named.
ABSURD = [
    (bear(power=2**63), "power"),
    (bear(power=-(2**31)), "power"),
    (bear(toughness=10**18), "toughness"),
    (bear(power=True), "power"),
    (bear(loyalty=2**31), "loyalty"),
    (bear(cost=f"{{{10**20}}}"), "cost"),
    (bear(cost="{2147483647}{G}"), "cost"),
    (bear(cost="{X}" * 1000), "cost"),
    (bear(cost="{W}" * 256), "cost"),
    (bear(cost="{²}"), "cost"),
    (bear(cost="{" + "9" * 5000 + "}"), "cost"),
    (bear(keywords={"toxic": 2**63}), "keywords"),
    (bear(keywords={"toxic": 2**32}), "keywords"),
    (bear(keywords={5: 1}), "keywords"),
    (bear(keywords=[["flying"]]), "keywords"),
    (bear(abilities=(v.Activated(v.Cost(energy=2**64), v.GetEnergy(1)),)), "abilities[0]"),
    (bear(abilities=(v.Activated(v.Cost(energy=True), v.GetEnergy(1)),)), "abilities[0]"),
    (
        bear(abilities=(v.Activated(v.Cost(remove_counters=("+1/+1", 2**64)), v.Draw()),)),
        "abilities[0]",
    ),
    (bear(abilities=(v.Activated(v.Cost(remove_counters="+1/+1"), v.Draw()),)), "abilities[0]"),
    (
        bear(abilities=(v.Activated(v.Cost(loyalty=2**31), v.Draw(), timing="sorcery"),)),
        "abilities[0]",
    ),
    (
        bear(abilities=(v.Activated(v.Cost(loyalty=True), v.Draw(), timing="sorcery"),)),
        "abilities[0]",
    ),
    (bear(abilities=(v.Activated(v.Cost(loyalty=1), v.Draw()),)), "abilities[0]"),
    (on_enter(v.MayPayEnergy(2**64, v.Draw())), "abilities[0]"),
    (on_enter(v.If(v.AtLeast(v.Count(v.Each(v.CREATURE)), 2**63), v.Draw())), "abilities[0]"),
    (_spell((v.TargetSpec(v.CREATURE, 10**9),)), "abilities[0]"),
    (_spell((v.TargetSpec(v.CREATURE, True),)), "abilities[0]"),
    (_spell((v.TargetSpec(v.CREATURE, 40), v.TargetSpec(v.CREATURE, 40))), "abilities[0]"),
    (on_enter(v.PutCounters(v.Target(True), "+1/+1")), "abilities[0]"),
    (on_enter(v.PutCounters(v.THIS, " +1/+1")), "abilities[0]"),
    (on_enter(v.PutCounters(v.THIS, "+1/1")), "abilities[0]"),
    (on_enter(v.Grant(v.THIS, ["flying"])), "abilities[0]"),
    (on_enter(v.CreateToken(5)), "abilities[0]"),
    (on_enter(v.CreateToken("Squirrel", tapped="yes")), "abilities[0]"),
    (on_enter(v.Draw(v.Each(v.Filter(name=5)))), "abilities[0]"),
    (on_enter(v.PreventDamage(affects=(5,))), "abilities[0]"),
    (bear(abilities=(v.Replacement("counters_plus", ("creatures",), amount="1"),)), "abilities[0]"),
    (bear(abilities=(v.Replacement("counters_plus", "creatures", amount=1),)), "abilities[0]"),
    (bear(abilities=(v.Replacement(["prevent"], ("creatures",)),)), "abilities[0]"),
    (bear(abilities=(v.Static(v.CREATURE, gains={"toxic": 2**40}),)), "abilities[0]"),
    (bear(abilities=(v.Static(v.CREATURE, loses=[["flying"]]),)), "abilities[0]"),
    (bear(abilities=(v.Triggered(["enters"], v.Draw()),)), "abilities[0]"),
    (bear(abilities=(v.ManaAbility(["G"]),)), "abilities[0]"),
    (bear(abilities=(v.Activated(v.Cost(), v.Draw(), timing=["instant"]),)), "abilities[0]"),
    # Wrong types for the card's own fields: a TypeError from deep inside, before.
    (bear(types=5), "types"),
    (bear(types="creature"), "types"),
    (bear(types=(5,)), "types"),
    (bear(supertypes=5), "supertypes"),
    (bear(subtypes=5), "subtypes"),
    (bear(keywords=5), "keywords"),
    (bear(abilities=5), "abilities"),
    (bear(abilities=(5,)), "abilities[0]"),
    (bear(info=5), "info"),
    (bear(info={"x": float("nan")}), "info"),
    (bear(info={"x": object()}), "info"),
    # Nesting: a RecursionError, before.
    (on_enter(_cycle()), "abilities[0]"),
    (on_enter(_deep(MAX_DEPTH + 1)), "abilities[0]"),
    (on_enter(_deep(5000)), "abilities[0]"),
    (on_enter([v.GainLife(v.YOU, 1)] * (MAX_OPERATIONS + 1)), "abilities[0]"),
    (bear(info=_deep_info(MAX_DEPTH + 1)), "info"),
    (bear(info=_deep_info(5000)), "info"),
    (bear(info=_info_cycle()), "info"),
    (bear(info=_shared_info(60)), "info"),
    # Names that are not text: a UnicodeEncodeError on the native side, before.
    (bear(subtypes=("\udc00",)), "subtypes[0]"),
    (on_enter(v.PutCounters(v.THIS, "\ud800")), "abilities[0]"),
    (bear(oracle="a \ud800"), "oracle"),
    (bear(info={"\ud800": 1}), "info"),
    (bear(info={"x": ["\ud800"]}), "info.x[0]"),
]


@pytest.mark.parametrize(("card", "field"), ABSURD)
def test_absurd_definitions_are_refused_naming_the_card_and_the_field(card, field):
    raised = _run_bounded(compile_card, card)  # within a time bound
    assert isinstance(raised, InvalidCard) and isinstance(raised, ValueError), repr(raised)
    assert re.match(rf"card 'Test Bear': {re.escape(field)}: ", str(raised)), str(raised)


def test_a_name_that_is_not_text_is_refused_naming_it():
    with pytest.raises(InvalidCard, match=r"^card '\\ud800': name: not valid text"):
        compile_card(bear(name="\ud800"))
    with pytest.raises(InvalidCard, match=r"^a card needs a non-empty name"):
        compile_card(bear(name=5))


def test_nothing_is_refused_at_the_limits():
    """At each limit (and not beyond) a definition compiles, loads and places."""
    cards = [
        bear(name="Big", power=2**31 - 1, toughness=1 - 2**31, loyalty=2**31 - 1),
        bear(name="Costly", cost="{2147483646}{G}"),
        bear(name="Many X", cost="{X}" * 255 + "{W}" * 255),
        bear(name="Toxic", keywords={"toxic": 2**32 - 1}),
        bear(name="Deep", abilities=(v.Triggered("enters", _deep(MAX_DEPTH - 2)),)),
        bear(name="Wide", abilities=(v.Activated(v.Cost(energy=2**64 - 1), v.Draw()),)),
        bear(
            name="Loyal",
            abilities=(v.Activated(v.Cost(loyalty=1 - 2**31), v.Draw(), timing="sorcery"),),
        ),
        bear(name="Info", info=_deep_info(MAX_DEPTH - 1)),
        dataclasses.replace(_spell((v.TargetSpec(v.CREATURE, MAX_TARGETS),)), name="Sweep"),
    ]
    p = CardPool(cards)
    assert len(p.native.names()) == len(cards)
    for c in cards:
        for impl in IMPLS.values():
            g = impl()
            cardstate.cards.place(g, c.name, 0, pool=p)


# ------------------------------------------------------------------------------------------------
# Whatever compiles loads and places alike


def _mostly(good: st.SearchStrategy[Any], bad: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``good`` four times in five, ``bad`` else: most cards compile, so what they compile to
    is checked too."""
    return st.integers(0, 4).flatmap(lambda i: bad if i == 0 else good)


_ints = _mostly(
    st.integers(0, 3),
    st.one_of(
        st.sampled_from([2**31 - 1, 2**31, -(2**31), 2**32, 2**63, 2**64, 10**20, -1, -(2**63)]),
        st.sampled_from([True, 1.5, None, "1", (1,)]),
    ),
)
_names = _mostly(
    st.sampled_from(["charge", "+1/+1", "-1/-1", "é"]),
    st.sampled_from(["", " x", "+1/1", "\ud800", 5, None, ("a",), "a\x00b"]),
)
_costs = _mostly(
    st.sampled_from([None, "{1}{G}", "{X}{X}", "{R/G}", "{U/P}", "{0}"]),
    st.one_of(
        st.sampled_from(["", 5, "{G}" * 256]),
        st.integers(0, 300).map(lambda k: "{X}" * k),
        st.integers(0, 2**32).map(lambda k: f"{{{k}}}"),
    ),
)


@st.composite
def _effects(draw: st.DrawFn) -> Any:
    n, kind, who = draw(_ints), draw(_names), draw(st.sampled_from([v.THIS, v.YOU, v.Target(0)]))
    keyword = draw(_mostly(st.sampled_from(["flying", "trample"]), _names))
    return draw(
        st.sampled_from(
            [
                v.PutCounters(who, kind, n),
                v.GetEnergy(n),
                v.DealDamage(v.Target(0), n),
                v.MayPayEnergy(n, v.Draw()),
                v.Pump(who, n, n),
                v.Grant(who, keyword),
                v.CreateToken(draw(_mostly(st.just("Fuzz"), _names)), n),
                v.If(v.AtLeast(v.Count(v.Each(v.CREATURE)), n), v.Draw(), v.GainLife(v.YOU, 1)),
                [v.May(v.Draw(v.YOU, n)), v.PreventDamage(affects=("creatures", "you"))],
            ]
        )
    )


@st.composite
def _abilities(draw: st.DrawFn) -> Any:
    n, kind = draw(_ints), draw(_names)
    effect = draw(_effects())
    targets = (v.TargetSpec(v.CREATURE, draw(_ints)),) if draw(st.booleans()) else ()
    return draw(
        st.sampled_from(
            [
                v.Triggered("enters", effect, targets=targets),
                v.Activated(v.Cost(energy=n, remove_counters=(kind, n)), effect, targets),
                v.Activated(v.Cost(mana=draw(_costs)), effect),
                v.EntersWithCounters(kind, n),
                v.Replacement("counters_plus", ("creatures you control",), kind=kind, amount=n),
                v.Static(v.CREATURE, power=n, gains={"toxic": n}),
                v.ManaAbility(draw(_mostly(st.just("G"), _names))),
            ]
        )
    )


@settings(max_examples=150, deadline=None)
@given(
    name=_mostly(st.just("Fuzz"), st.sampled_from(["\ud800", "", 5])),
    types=_mostly(
        st.sampled_from([("creature",), ("artifact",), ("creature", "land")]),
        st.sampled_from(["creature", 5, (), ("creeture",)]),
    ),
    power=_ints,
    toughness=_ints,
    loyalty=st.one_of(st.none(), _ints),
    cost=_costs,
    keywords=_mostly(
        st.sampled_from([(), ("flying",), {"toxic": 2}]),
        st.sampled_from([{"toxic": 2**40}, {"flyng": 1}, 5, {"flying": 2}]),
    ),
    subtypes=_mostly(
        st.sampled_from([(), ("Bear",)]), st.sampled_from([("",), "Bear", ("\udc00",)])
    ),
    info=_mostly(
        st.sampled_from([{}, {"a": [1, "b"]}, {"x": 10**30}]),
        st.sampled_from([{"x": float("inf")}, {"x": "\ud800"}, {1: 2}]),
    ),
    abilities=st.lists(_abilities(), max_size=2),
)
def test_whatever_compiles_loads_and_places_alike(
    name, types, power, toughness, loyalty, cost, keywords, subtypes, info, abilities
):
    """A definition either is refused (``InvalidCard`` naming the card) or compiles to data the
    native loader takes and that places to the same state on both interpreters."""
    card = v.Card(
        name=name,
        types=types,
        cost=cost,
        power=power,
        toughness=toughness,
        loyalty=loyalty,
        keywords=keywords,
        subtypes=subtypes,
        info=info,
        abilities=tuple(abilities),
    )
    try:
        p = CardPool([card])
    except InvalidCard as e:
        assert re.match(r"card .+: [\w.\[\]]+: |a card needs a non-empty name", str(e)), e
        return
    assert p.native.names() == [name]  # the loader takes what compiles
    states = []
    for impl in IMPLS.values():
        g = impl()
        outcome = _outcome(lambda g=g: cardstate.cards.place(g, name, 0, x=3, pool=p))
        states.append((outcome, snapshot(g)))
    assert states[0] == states[1]


def _outcome(call: Any) -> Any:
    try:
        return ("ok", call())
    except Exception as e:  # noqa: BLE001 - compared between the interpreters
        return (type(e).__name__,)


def test_compile_pool_refuses_what_is_not_a_pool():
    with pytest.raises(TypeError):
        compile_pool([bear(), "Grizzly Bears"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="deck 'd': unknown card 5"):
        compile_pool([bear()], {"d": [5]})  # type: ignore[list-item]
    with pytest.raises(ValueError, match="a deck is a list of card names"):
        compile_pool([bear()], {"d": "Test Bear"})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="name: a deck is named by text"):
        compile_pool([bear()], {"\ud800": ["Test Bear"]})


# ------------------------------------------------------------------------------------------------
# The native loader

BOLT = pool["Lightning Bolt"].data


def _form(card: dict[str, Any]) -> str:
    return pool_json({"version": 1, "cards": [card], "decks": {}})


def _with_program(program: list[dict[str, Any]]) -> dict[str, Any]:
    card = json.loads(json.dumps(BOLT))
    card["abilities"][0]["program"] = program
    return card


_DAMAGE = {"op": "deal_damage", "to": {"s": "target", "i": 0}, "n": {"a": "const", "n": 1}}
_DAMAGE |= {"source": {"s": "this"}}

_BACKWARDS = r"""
import sys, cardstate
from cardstate._native import CardDb
try:
    db = CardDb(sys.stdin.read())
except ValueError as e:
    print("refused:", e)
else:
    g = cardstate.Game()
    x = g.create(1, types=["creature"], power=1, toughness=9)
    db.resolve(g, "Lightning Bolt", 0, [x], source=x)
    print("resolved")
"""


@pytest.mark.parametrize("to", [0, 1])
def test_a_program_that_jumps_backwards_is_refused_where_it_is_loaded(to):
    """It used to load, and resolving it looped for ever holding the GIL (Ctrl-C did nothing):
    now the loader refuses it, naming the card and the operation."""
    text = _form(_with_program([_DAMAGE, {"op": "jump", "to": to}]))
    try:
        args = [sys.executable, "-c", _BACKWARDS]
        out = subprocess.run(args, input=text, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("a program jumping backwards hung the process")
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.startswith(
        'refused: card "Lightning Bolt": abilities[0].program[1]: a jump to'
    ), out.stdout


_NUMBERS = [
    ("/power", 2**63, 'card "Lightning Bolt": power: '),
    ("/cost/x", 1000, 'card "Lightning Bolt": cost.x: '),
    ("/cost/generic", 10**20, 'card "Lightning Bolt": cost.generic: '),
    ("/keywords", {"toxic": 2**63}, 'card "Lightning Bolt": keywords'),
    ("/abilities/0/targets/0/count", 10**9, 'card "Lightning Bolt": abilities[0]: '),
    ("/abilities/0/targets/0/count", 65, 'card "Lightning Bolt": abilities[0].targets'),
    ("/abilities/0/program/0/to/i", 5, 'card "Lightning Bolt": abilities[0].program[0]: '),
    ("/cost/mana_value", 7, 'card "Lightning Bolt": cost: mana value 7'),
    ("/name", "", 'card "": name: a card needs a non-empty name'),
]


@pytest.mark.parametrize(("pointer", "value", "message"), _NUMBERS)
def test_bad_compiled_data_names_the_card_and_the_field(pointer, value, message):
    card = json.loads(json.dumps(BOLT))
    *path, last = pointer.strip("/").split("/")
    at: Any = card
    for key in path:
        at = at[int(key)] if isinstance(at, list) else at[key]
    at[last] = value
    with pytest.raises(ValueError) as e:
        CardDb(_form(card))
    assert str(e.value).startswith(message), str(e.value)


def test_text_that_is_not_text_is_refused():
    with pytest.raises(ValueError, match='card "Lightning Bolt"'):
        CardDb(_form(BOLT).replace('"Lightning Bolt deals', '"\\ud800 deals'))
    with pytest.raises(ValueError):  # a lone surrogate can't even be passed (UnicodeEncodeError)
        CardDb(_form(BOLT).replace("Lightning Bolt deals", "\ud800 deals"))


_PROBES: list[Any] = [-1, 0, 2**16, 2**32, 2**64, 10**30, "", "x", None, True, [], {}, 1.5]


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_hostile_compiled_data_is_refused_or_resolves_within_a_time_bound(data):
    """A pool card's compiled data with one value replaced anywhere: ``CardDb`` refuses it (a
    ``ValueError``) or loads it, and then placing it and resolving each of its abilities
    returns or raises an ordinary exception within a time bound."""
    name = data.draw(st.sampled_from(sorted(pool)))
    card = json.loads(json.dumps(pool[name].data))
    slots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, item in items:
            slots.append((node, key))
            if isinstance(item, dict | list):
                walk(item)

    walk(card)
    node, key = data.draw(st.sampled_from(slots))
    node[key] = data.draw(st.sampled_from(_PROBES))
    raised = _run_bounded(CardDb, _form(card))
    if raised is not None:
        assert isinstance(raised, ValueError), raised
        return
    db = CardDb(_form(card))
    g = cardstate.Game()
    bears = [g.create(p, types=["creature"], power=2, toughness=2) for p in (0, 1)]
    raised = _run_bounded(db.place, g, card["name"], 0)
    _assert_clear(raised, "place")
    source = bears[0] if raised is not None else g.objects("battlefield")[-1]
    for i, a in enumerate(card["abilities"]):
        if a.get("kind") not in ("spell", "triggered", "activated"):
            continue
        wanted = sum(t["count"] for t in a["targets"])
        targets = [bears[k % 2] for k in range(wanted)][:2]
        raised = _run_bounded(db.resolve, g, card["name"], 0, targets, ability=i, source=source)
        _assert_clear(raised, f"resolve ability {i}")


# ------------------------------------------------------------------------------------------------
# Amounts beyond the kernel's limits

_TOKENS = r"""
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
import cardstate, cardstate.reference
from cardstate.cards import CardPool, place, resolve, vocab as v
impl = cardstate.Game if sys.argv[1] == "native" else cardstate.reference.Game
x, each = int(sys.argv[2]), sys.argv[3] == "each"
who = v.Each(v.Filter(players=True, objects=False)) if each else v.YOU
pool = CardPool([
    v.Card("Squirrel", ("creature",), power=1, toughness=1),
    v.Card("Squirrel Swarm", ("sorcery",), cost="{X}{G}",
           abilities=(v.Spell(v.CreateToken("Squirrel", v.X, who)),)),
])
g = impl()
source = place(g, "Squirrel Swarm", 0, "stack", pool=pool)
before = g.to_bytes()
try:
    resolve(g, "Squirrel Swarm", 0, source=source, x=x, pool=pool)
except OverflowError as e:
    assert g.to_bytes() == before, "the game changed"
    print("refused:", e)
else:
    print("made", len(g.objects("battlefield")))
"""


@pytest.mark.parametrize("impl_name", sorted(IMPLS))
@pytest.mark.parametrize(("x", "who"), [(2**40, "you"), (2**64 - 1, "you"), (2**31, "each")])
def test_creating_more_tokens_than_the_entity_limit_fails_before_anything_is_made(
    impl_name, x, who
):
    """It used to allocate until the process aborted (SIGABRT): now an ``OverflowError`` before
    any token is made, and the game is as it was."""
    args = [sys.executable, "-c", _TOKENS, impl_name, str(x), who]
    try:
        out = subprocess.run(args, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"creating {x} tokens on {impl_name} never returned")
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.startswith("refused: creating"), out.stdout + out.stderr[-2000:]


# ------------------------------------------------------------------------------------------------
# Hostile objects (the kernel's style: tests/test_hostile.py)

CARD_FIELDS = (
    "name types cost supertypes subtypes power toughness loyalty keywords oracle info abilities"
).split()


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_hostile_objects_in_a_definition_are_refused_within_a_time_bound(data):
    """Objects whose protocols raise or lie, anywhere in a definition (its fields, an effect's
    amount and counter kind, a filter's types): the compiler returns within a time bound, and
    either refuses the card (``InvalidCard``, or the object's own exception) or compiles it to
    data the native runtime loads."""
    values = _hostile(lambda: None)
    fields = {f: data.draw(values) for f in CARD_FIELDS if data.draw(st.integers(0, 3)) == 0}
    if data.draw(st.booleans()):
        effect = v.PutCounters(v.THIS, data.draw(values), data.draw(values))
        where = v.Filter(types=data.draw(values))
        fields["abilities"] = (
            v.Triggered("enters", effect),
            v.Static(where, power=data.draw(values)),
        )
    card = dataclasses.replace(bear(), **fields)
    raised = _run_bounded(compile_card, card)
    if raised is None:
        _run_bounded(lambda: CardPool([card]).native)
        assert CardPool([card]).native.names() == [card.name]
    else:
        assert isinstance(raised, InvalidCard | ArithmeticError), repr(raised)


CARD_DB_CALLS: dict[str, Call] = {
    "builtin": Call(prop=True),
    "decks": Call(),
    "fingerprint": Call(prop=True),
    "name": Call(prop=True),
    "fired": Call(2),
    "names": Call(),
    "pay_costs": Call(5),
    "place": Call(3, ("zone", "x")),
    "pool": Call(static=True),
    "resolution": Call(
        3,
        (
            "ability",
            "source",
            "x",
            "triggering",
            "callbacks",
            "order_effects",
            "attacking",
            "blocking",
        ),
    ),
    "resolve": Call(4, ("ability", "source", "x", "may", "proliferate")),
    "strikes": Call(2),
}


def test_every_public_card_db_call_has_a_hostile_entry():
    assert _public(CardDb) == set(CARD_DB_CALLS)


@pytest.mark.parametrize("name", sorted(CARD_DB_CALLS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_hostile_arguments_to_a_card_db_change_nothing(name, data):
    """Every call of the native ``CardDb`` given hostile objects returns or raises an ordinary
    exception within a time bound, and a call that raises leaves the game as it was."""
    db = CardDb.pool()
    g = cardstate.Game()
    bear_id = db.place(g, "Grizzly Bears", 1)
    g.add_counters(0, "energy", 2)
    g.take_events()
    ordinary = st.sampled_from(
        [g, "Grim Affliction", "Longtusk Cub", 0, 1, bear_id, [bear_id], "battlefield"]
    )
    event = st.sampled_from([[("entered", bear_id, 0, 0, False)], [("nothing", 0, 0, 0, 0)]])
    values = st.one_of(_hostile(g.hash), ordinary, event)
    spec = CARD_DB_CALLS[name]
    args, kwargs = _draw_call(data, spec, values)
    before = g.to_bytes()
    if spec.prop:
        raised = _run_bounded(getattr, db, name)
    else:
        target = getattr(CardDb, name) if spec.static else getattr(db, name)
        raised = _run_bounded(target, *args, **kwargs)
    _assert_clear(raised, f"CardDb.{name}")
    if raised is not None:
        assert g.to_bytes() == before, f"CardDb.{name} raised {raised!r} but changed the game"


@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_hostile_answers_leave_the_choice_pending(data):
    """A resolution waiting for a choice, answered with hostile objects: an ordinary exception
    (or an accepted answer) within a time bound, and a refused answer leaves the choice pending:
    a good answer then finishes it."""
    db = CardDb.pool()
    g = cardstate.Game()
    bear_id = db.place(g, "Grizzly Bears", 1)
    r = db.resolution("Grim Affliction", 0, [bear_id])
    assert r.run(g)[0] == "proliferate"
    raised = _run_bounded(r.answer, data.draw(_hostile(g.hash)))
    _assert_clear(raised, "CardResolution.answer")
    raised = _run_bounded(r.run, g)
    _assert_clear(raised, "CardResolution.run")
    if raised is not None or r.run(g)[0] == "proliferate":
        r.answer([bear_id])
    assert r.run(g)[0] == "done"
