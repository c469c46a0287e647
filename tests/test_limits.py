"""The limits of a game's state (docs/FORMAT.md 1.1), on both implementations.

Three promises, each checked as a class rather than by its one known example:

- no silent wrap: arithmetic on input is exact or refused (``OverflowError``), never wrapped;
- one set of limits: whatever the API builds round-trips through the bytes, and a legal call on
  a decoded game (even one at a limit) gives a game that encodes again;
- the kind limit counts the kinds in use, not the kinds ever used.
"""

from __future__ import annotations

import pickle
import struct
from typing import Any

import pytest
from cardstate.vocabulary import MAX_COUNT
from conftest import IMPLS, assert_fails, object_ids
from hypothesis import given
from hypothesis import strategies as st
from test_codec import Call, apply, draw_call, make_game, played_games

STAT_LIMIT = 2**31
PUMP_LIMIT = 2**62
MAX_KINDS = 2**16 - 1
BUILTIN_KINDS = 35  # "+1/+1" ... "vigilance": cardstate.vocabulary.BUILTIN_KINDS
CUSTOM_KINDS = MAX_KINDS - BUILTIN_KINDS


def round_trip(g: Any) -> Any:
    again = type(g).from_bytes(g.to_bytes())
    assert again == g and again.hash() == g.hash()
    return again


# ------------------------------------------------------------------------------------------------
# No silent wrap: costs (105.1), printed numbers, pumps


cost_terms = st.lists(
    st.one_of(
        st.just("X"),
        st.integers(0, 2**31 + 5).map(str),
        st.integers(0, 10**40).map(str),
        st.integers(0, 9).map(lambda n: "0" * 50 + str(n)),
        st.integers(12, 60).map(lambda n: "9" * n),
    ),
    min_size=1,
    max_size=12,
)


@pytest.mark.parametrize("impl_name", IMPLS)
@given(terms=cost_terms)
def test_cost_totals_add_up_exactly_or_overflow(impl_name: str, terms: list[str]) -> None:
    g = make_game(impl_name)
    text = "+".join(terms)
    total = sum(int(t) for t in terms if t != "X")
    xs = terms.count("X")
    if xs > 255:
        assert_fails(g, ValueError, g.create, 0, cost=text)
    elif total >= STAT_LIMIT:
        assert_fails(g, OverflowError, g.create, 0, cost=text)
    else:
        x = g.create(0, zone="hand", cost=text)
        assert g.cost(x) == total and g.cost(x, x_value=3) == total + 3 * xs


@pytest.mark.parametrize("impl_name", IMPLS)
def test_the_reported_cost_wrap(impl_name: str) -> None:
    g = make_game(impl_name)
    assert_fails(g, OverflowError, g.create, 0, cost="1000000000000+1000000000000+7")
    assert_fails(g, OverflowError, g.create, 0, cost="+".join(["9" * 13] * 300))
    assert_fails(g, OverflowError, g.create, 0, cost="9" * 5000)


@pytest.mark.parametrize("impl_name", IMPLS)
@pytest.mark.parametrize("field", ["power", "toughness", "loyalty", "defense", "cost"])
@pytest.mark.parametrize("value", [-(2**63), -(2**31), 2**31, 2**63 - 1])
def test_printed_numbers_beyond_the_limit_are_refused(impl_name: str, field: str, value: int):
    g = make_game(impl_name)
    expected = (
        ValueError if value < 0 and field in ("loyalty", "defense", "cost") else OverflowError
    )
    assert_fails(g, expected, g.create, 0, types=["creature"], **{field: value})


@pytest.mark.parametrize("impl_name", IMPLS)
@pytest.mark.parametrize("field", ["strength", "lives", "movement"])
@pytest.mark.parametrize("value", [-(2**63), 2**31, 2**63 - 1])
def test_berserk_numbers_beyond_the_limit_are_refused(impl_name: str, field: str, value: int):
    g = make_game(impl_name, ruleset="berserk")
    expected = ValueError if value < 0 else OverflowError
    assert_fails(g, expected, g.create, 0, types=["creature"], **{field: value})


@pytest.mark.parametrize("impl_name", IMPLS)
@pytest.mark.parametrize("power, toughness", [(-(2**63), 0), (0, -(2**63)), (2**31, 0)])
def test_a_pump_beyond_the_limit_is_refused(impl_name: str, power: int, toughness: int) -> None:
    g = make_game(impl_name)
    x = g.create(0, types=["creature"], power=1, toughness=1)
    assert_fails(g, OverflowError, g.pump, x, power, toughness)


# ------------------------------------------------------------------------------------------------
# One set of limits: the API's states round-trip, decoded games stay encodable

MARK_POWER, MARK_TOUGHNESS = 1_234_567, -7_654_321


def game_with_pump(impl_name: str, power: int, toughness: int) -> tuple[Any, int]:
    """A game decoded from bytes in which creature x's pump totals are ``power``/``toughness``
    (any i64: the bytes are edited, so values beyond the limit can be tried)."""
    g = make_game(impl_name)
    x = g.create(0, types=["creature"], power=1, toughness=1)
    g.pump(x, MARK_POWER, MARK_TOUGHNESS)
    data = g.to_bytes()
    if impl_name == "native":
        for mark, value in ((MARK_POWER, power), (MARK_TOUGHNESS, toughness)):
            old = struct.pack("<q", mark)
            assert data.count(old) == 1
            data = data.replace(old, struct.pack("<q", value))
    else:
        for mark, value in ((MARK_POWER, power), (MARK_TOUGHNESS, toughness)):
            old = f",{mark},".encode()
            assert data.count(old) == 1
            data = data.replace(old, f",{value},".encode())
    return type(g).from_bytes(data), x


@pytest.mark.parametrize("impl_name", IMPLS)
@pytest.mark.parametrize("sign", [1, -1])
def test_a_decoded_game_at_the_pump_limit_takes_legal_pumps_and_encodes_again(
    impl_name: str, sign: int
) -> None:
    edge = sign * (PUMP_LIMIT - 1)
    g, x = game_with_pump(impl_name, edge, -edge)
    assert g.power(x) == 1 + edge and g.toughness(x) == 1 - edge
    assert_fails(g, OverflowError, g.pump, x, sign, 0)
    assert_fails(g, OverflowError, g.pump, x, 0, -sign)
    g.pump(x, -sign, sign)
    round_trip(g)
    g.pump(x, sign, -sign)
    round_trip(g)
    for beyond in (sign * PUMP_LIMIT, -(2**63)):
        with pytest.raises(ValueError):
            game_with_pump(impl_name, beyond, 0)


@pytest.mark.parametrize("impl_name", IMPLS)
def test_a_card_with_more_than_65536_subtypes_round_trips(impl_name: str) -> None:
    g = make_game(impl_name, ruleset="berserk")
    subtypes = [f"s{i}" for i in range(65_537)]
    x = g.create(0, types=["creature"], subtypes=subtypes, strength=1, lives=1)
    again = round_trip(g)
    assert again.subtypes(x) == subtypes
    assert pickle.loads(pickle.dumps(g)) == g


def draw_edge_call(draw: Any, g: Any, ruleset: str) -> Call:
    """A random call, often with an argument at or next to a limit."""
    players = list(g.players)
    objs = object_ids(g)
    obj = st.sampled_from(objs[-5:]) if objs else st.sampled_from(players)
    who = st.one_of(st.sampled_from(players), obj)
    near = st.sampled_from([0, 1, MAX_COUNT - 1, MAX_COUNT, 2**63 - 1, 2**63])
    stat = st.sampled_from([STAT_LIMIT - 1, -(STAT_LIMIT - 1), STAT_LIMIT, -STAT_LIMIT, 0, 1])
    kind = st.sampled_from(["+1/+1", "-1/-1", "poison", "energy", "wound", "+1 strength", "x"])
    op = draw(st.sampled_from(["random", "random", "counters", "life", "pump", "create"]))
    if op == "random":
        return draw_call(draw, g, ruleset)
    if op == "counters":
        name = draw(st.sampled_from(["add_counters", "remove_counters"]))
        return (name, (draw(who), draw(kind), draw(near.filter(lambda n: n <= MAX_COUNT))), {})
    if op == "life":
        name = draw(st.sampled_from(["gain_life", "lose_life"]))
        return (name, (draw(st.sampled_from(players)), draw(near)), {})
    if op == "pump":
        return ("pump", (draw(obj), draw(stat), draw(stat)), {})
    types = ["creature"]
    kw: dict[str, Any] = {"types": types, "zone": "battlefield"}
    if ruleset == "berserk":
        kw.update(strength=draw(stat.filter(lambda v: v >= 0)), lives=1)
    else:
        kw.update(power=draw(stat), toughness=draw(st.integers(1, 3)))
    kw["cost"] = draw(st.sampled_from([None, STAT_LIMIT - 1, "2147483646+1", "X+" * 254 + "X"]))
    kw["subtypes"] = [f"t{i}" for i in range(draw(st.integers(0, 300)))]
    return ("create", (draw(st.sampled_from(players)),), kw)


@pytest.mark.parametrize("impl_name", IMPLS)
@given(data=st.data())
def test_whatever_the_api_builds_round_trips(impl_name: str, data: st.DataObject) -> None:
    """After every call (refused or not) the game round-trips through its bytes, and the
    decoded copy makes the same next call with the same outcome."""
    played = data.draw(played_games(impl_name, max_calls=5))
    g, ruleset = played.game, played.ruleset
    for _ in range(data.draw(st.integers(1, 15))):
        call = draw_edge_call(data.draw, g, ruleset)
        copy = round_trip(g)
        outcome = apply(g, call)
        if call[0] != "take_events":  # the bytes don't hold the log
            assert apply(copy, call) == outcome, call
        round_trip(g)


# ------------------------------------------------------------------------------------------------
# Counter kinds: the limit counts kinds in use


@pytest.mark.parametrize("impl_name", IMPLS)
def test_kinds_no_longer_used_are_given_back(impl_name: str) -> None:
    g = make_game(impl_name)
    x = g.create(0, types=["creature"], power=1, toughness=1)
    for i in range(CUSTOM_KINDS + 20):
        g.add_counters(x, f"k{i}", 1)
        g.remove_counters(x, f"k{i}", 1)
        if i % 1000 == 0:
            g.clear_events()
    g.clear_events()
    g.add_counters(x, "a new kind", 3)
    assert g.counters(x) == {"a new kind": 3}
    again = round_trip(g)
    again.add_counters(x, "another", 1)
    g.add_counters(x, "another", 1)
    assert again == g and again.hash() == g.hash()


@pytest.mark.parametrize("impl_name", IMPLS)
def test_the_kind_limit_is_the_same_built_or_decoded(impl_name: str) -> None:
    g = make_game(impl_name)
    players = list(g.players)
    x = g.create(0, types=["creature"], power=1, toughness=1)
    for i in range(CUSTOM_KINDS):
        g.add_counters((x, *players)[i % 3], f"k{i}", 1)
        if i % 1000 == 0:
            g.clear_events()
    g.clear_events()
    assert_fails(g, OverflowError, g.add_counters, x, "one too many", 1)
    decoded = round_trip(g)
    assert_fails(decoded, OverflowError, decoded.add_counters, x, "one too many", 1)
    for game in (g, decoded):
        game.add_counters(x, "k0", 1)  # a kind in use is no new kind
        game.remove_counters(players[0], "k1", 1)
        game.clear_events()
        game.add_counters(x, "one too many", 1)
    assert g == decoded


@pytest.mark.parametrize("impl_name", IMPLS)
def test_kinds_named_by_unread_events_are_still_in_use(impl_name: str) -> None:
    g = make_game(impl_name)
    x = g.create(0, types=["creature"], power=1, toughness=1)
    g.take_events()  # its "created"
    g.add_counters(x, "logged", 1)
    g.remove_counters(x, "logged", 1)
    g.record_events = False  # the kinds below are named by no logged event
    for i in range(1, CUSTOM_KINDS):
        g.add_counters(x, f"k{i}", 1)
    with pytest.raises(OverflowError):
        g.add_counters(x, "new", 1)
    counters = [e.counter for e in g.take_events()]
    assert counters[:2] == ["logged", "logged"]
    g.add_counters(x, "new", 1)
    assert g.count(x, "new") == 1


@pytest.mark.parametrize("impl_name", IMPLS)
def test_kinds_named_only_by_unlogged_events_are_given_back(impl_name: str) -> None:
    # With the log off, a kind that was removed is held by nothing: the limit is the same on
    # both implementations however many kinds were ever used.
    g = make_game(impl_name)
    g.record_events = False
    x = g.create(0, types=["creature"], power=1, toughness=1)
    for i in range(CUSTOM_KINDS + 20):
        g.add_counters(x, f"k{i}", 1)
        g.remove_counters(x, f"k{i}", 1)
    g.add_counters(x, "a new kind", 2)
    assert g.counters(x) == {"a new kind": 2}
    assert g.take_events() == []


# ------------------------------------------------------------------------------------------------
# No call takes time or memory unbounded in the size of a count

# Builds games whose counts, damage and life are at their limits, then makes every call that
# reads or changes them; each call must return or raise within a second. Run in a child process
# so that a call that never returns fails the test instead of hanging the run.
_BOUNDED_BATTERY = r"""
import sys, time, importlib
impl, ruleset, shields = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
Game = importlib.import_module("cardstate" if impl == "native" else "cardstate.reference").Game
MAX = 2**64 - 1
KINDS = ["+1/+1", "-1/-1", "poison", "energy", "loyalty", "defense", "stun", "wound",
         "extra life", "negative life", "+1 strength", "-1 strength", "flying", "x", "+2/-1"]
if shields:
    KINDS = ["shield"]
g = Game(players=2, ruleset=ruleset)
berserk = ruleset == "berserk"
stats = dict(strength=1, lives=1) if berserk else dict(power=1, toughness=1)
types = ["creature"] if berserk or shields else ["creature", "planeswalker", "battle"]
xs = [g.create(0, types=types, cost="X+1", **stats) for _ in range(3)]
if shields:  # lethal damage marked first, then the shield counters
    for x in xs:
        g.deal_damage(x, x, 5)
for x in xs:
    for k in KINDS:
        g.add_counters(x, k, MAX)
for p in g.players:
    for k in KINDS:
        g.add_counters(p, k, MAX)
g.add_cost_modifier(-(2**31 - 1), source=xs[0])

def timed(name, *args, **kw):
    start = time.perf_counter()
    try:
        getattr(g, name)(*args, **kw)
    except Exception:  # refusals are fine; a panic (a BaseException) is not
        pass
    took = time.perf_counter() - start
    assert took < 1.0, f"{name}{args} took {took:.2f}s"

ids = [*g.players, *xs]
for x in xs:
    timed("deal_damage", x, x, MAX)
    timed("deal_damage", xs[0], x, MAX, combat=True)
timed("deal_simultaneous_damage", [(s, t, MAX) for s in xs for t in ids])
for x in ids:
    timed("prevent_damage", x, MAX)
    timed("redirect_damage", x, ids[(ids.index(x) + 1) % len(ids)], MAX)
    timed("deal_damage", xs[1], x, MAX)
    timed("cost", x, x_value=MAX)
    timed("power", x)
    timed("toughness", x)
    timed("strength", x)
    timed("lives", x)
    timed("set_lives", x, 2**63 - 1)
    timed("set_strength", x, 2**63 - 1)
    timed("heal", x, MAX)
    timed("remove_effects", x)
    timed("gain_life", x, MAX)
    timed("lose_life", x, MAX)
    timed("pay_counters", x, "+1/+1", MAX)
timed("proliferate_auto", 0)
timed("proliferate", 0, [int(c) for c in g.proliferate_candidates()])
timed("check_state_based_actions")
timed("take_events")
timed("cleanup")
timed("check_state_based_actions")
timed("to_bytes")
timed("hash")
print("bounded")
"""


def _limit_memory() -> None:
    """The child may use 2 GiB of address space: filling memory fails it instead of the box."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def run_battery(impl_name: str, ruleset: str, shields: bool) -> None:
    import subprocess
    import sys

    args = [sys.executable, "-c", _BOUNDED_BATTERY, impl_name, ruleset, str(int(shields))]
    try:
        out = subprocess.run(
            args, capture_output=True, text=True, timeout=20, preexec_fn=_limit_memory
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"a call on {impl_name} ({ruleset}) with huge counts never returned")
    assert out.returncode == 0 and out.stdout.strip() == "bounded", out.stderr[-2000:]


@pytest.mark.parametrize("impl_name", IMPLS)
@pytest.mark.parametrize("ruleset", ["mtg", "berserk"])
def test_no_call_is_unbounded_in_the_size_of_a_count(impl_name: str, ruleset: str) -> None:
    run_battery(impl_name, ruleset, shields=False)


# Shield counters under lethal damage: destruction by state-based actions ignores them (122.1c:
# "destroyed as the result of an effect"), so a huge count takes one pass, not one per counter.
@pytest.mark.parametrize("impl_name", IMPLS)
def test_huge_shield_counts_keep_state_based_actions_bounded(impl_name: str) -> None:
    run_battery(impl_name, "mtg", shields=True)


_DECODED_SBA = r"""
import sys, pathlib, cardstate
g = cardstate.Game.from_bytes(pathlib.Path(sys.argv[1]).read_bytes())
g.check_state_based_actions()
print("bounded")
"""


# Found by the decoded_ops fuzz target (a timeout): a creature with lethal damage and about 7e18
# shield counters, decoded (format version 1); state-based actions once ran a pass per counter.
def test_regression_fuzzed_game_with_huge_shield_count_under_lethal_damage() -> None:
    import subprocess
    import sys
    from pathlib import Path

    data = Path(__file__).parent / "data" / "decoded_ops-timeout-shields.bin"
    args = [sys.executable, "-c", _DECODED_SBA, str(data)]
    try:
        out = subprocess.run(
            args, capture_output=True, text=True, timeout=20, preexec_fn=_limit_memory
        )
    except subprocess.TimeoutExpired:
        pytest.fail("check_state_based_actions() on the fuzzed game never returned")
    assert out.returncode == 0 and out.stdout.strip() == "bounded", out.stderr[-2000:]
