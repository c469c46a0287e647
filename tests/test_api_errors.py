"""Bad input (SEMANTICS §0, §1, §3"Bad input"): every failing call raises the
documented exception and leaves the game exactly as it was (state, event log, hash, bytes)."""

from __future__ import annotations

import pytest
from cardstate.errors import GoneError
from cardstate.vocabulary import MAX_COUNT, RULESETS, ZONES
from conftest import assert_fails, ev, event_tuples


def setup(g):
    """A small board: a creature x, a card in hand h, a gone id old (moved to graveyard)."""
    x = g.create(0, types=["creature"], power=2, toughness=2)
    h = g.create(1, zone="hand", types=["creature"], power=1, toughness=1)
    old = g.create(0, types=["creature"], power=1, toughness=1)
    g.add_counters(x, "+1/+1")
    g.add_counters(old, "charge", 2)
    g.move(old, "graveyard")
    g.take_events()
    return x, h, old


# --------------------------------------------------------------------------------------------
# Game construction


@pytest.mark.parametrize("players", [0, -1, 65, 1000])
def test_game_players_out_of_range(impl, players):
    with pytest.raises(ValueError):
        impl(players=players)


def test_game_players_bounds_are_inclusive(impl):
    assert impl(players=1).players == [0]
    assert impl(players=64).players == list(range(64))


def test_game_unknown_ruleset_lists_the_valid_ones(impl):
    with pytest.raises(ValueError) as info:
        impl(ruleset="mtg-1993")
    for name in RULESETS:
        assert name in str(info.value)


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_game_seed_out_of_range(impl, seed):
    with pytest.raises(ValueError):
        impl(seed=seed)


def test_game_defaults(impl):
    g = impl()
    assert g.players == [0, 1]
    assert g.ruleset == "mtg"
    assert [g.life(p) for p in g.players] == [20, 20]
    assert impl(seed=2**64 - 1).players == [0, 1]
    for ruleset in RULESETS:
        g = impl(players=3, ruleset=ruleset)
        assert g.ruleset == ruleset
        assert [g.life(p) for p in g.players] == [20, 20, 20]


# --------------------------------------------------------------------------------------------
# Unknown ids


@pytest.mark.parametrize(
    ("method", "args"),
    [
        ("counters", ()),
        ("count", ("charge",)),
        ("zone", ()),
        ("controller", ()),
        ("owner", ()),
        ("info", ()),
        ("power", ()),
        ("toughness", ()),
        ("damage", ()),
        ("life", ()),
        ("has_lost", ()),
        ("add_counters", ("charge", 1)),
        ("remove_counters", ("charge", 1)),
        ("pay_counters", ("charge", 1)),
        ("pay_energy", (1,)),
        ("gain_life", (1,)),
        ("lose_life", (1,)),
        ("move", ("hand",)),
        ("prevent_damage", ()),
        ("grant", ("flying",)),
        ("revoke", ("flying",)),
    ],
)
@pytest.mark.parametrize("bad_id", [4242, -1])
def test_unknown_id_is_key_error_naming_it(game, method, args, bad_id):
    """SEMANTICS §0: an unknown id is a KeyError saying so: "no entity with id N"."""
    g = game()
    setup(g)
    info = assert_fails(g, KeyError, getattr(g, method), bad_id, *args)
    assert info.value.args[0] == f"no entity with id {bad_id}"


def test_form_of_arguments_is_checked_before_ids(game):
    """SEMANTICS §0 validation order: 1. the form of every argument, left to right (kind name,
    amount, zone name); 2. then the ids (unknown → KeyError)."""
    g = game()
    setup(g)
    assert_fails(g, ValueError, g.add_counters, 4242, "", -1)
    assert_fails(g, TypeError, g.add_counters, 4242, 5, 1.5)
    assert_fails(g, TypeError, g.add_counters, 4242, "charge", 1.5)
    assert_fails(g, OverflowError, g.remove_counters, 4242, "charge", MAX_COUNT + 1)
    assert_fails(g, ValueError, g.move, 4242, "nowhere")
    assert_fails(g, ValueError, g.lose_life, -1, -1)
    assert_fails(g, TypeError, g.deal_damage, 4242, 4243, "1")


def test_ids_are_checked_left_to_right(game):
    """SEMANTICS §0 step 2: ids left to right; for each: unknown, wrong kind, gone."""
    g = game()
    x, _, old = setup(g)
    info = assert_fails(g, KeyError, g.deal_damage, 4242, 4243, 1)
    assert info.value.args[0] == "no entity with id 4242"
    assert_fails(g, ValueError, g.deal_damage, 0, 4243, 1)  # source a player, first
    info = assert_fails(g, KeyError, g.deal_damage, x, 4243, 1)
    assert info.value.args[0] == "no entity with id 4243"
    assert_fails(g, GoneError, g.redirect_damage, old, 4243)
    assert_fails(g, KeyError, g.redirect_damage, x, 4243)
    assert_fails(g, ValueError, g.redirect_damage, x, x)  # ids fine, then a != b


def test_rules_checks_come_after_ids(game):
    """SEMANTICS §0 step 3: the rules checks (zone, type, candidates) after all the ids."""
    g = game(ruleset="berserk")
    h = g.create(0, zone="hand", types=["creature"], strength=1, lives=1)
    info = assert_fails(g, KeyError, g.set_controller, h, 9)
    assert info.value.args[0] == "no entity with id 9"
    assert_fails(g, ValueError, g.set_controller, h, 1)  # not in play


def test_create_for_unknown_or_non_player_controller(game):
    g = game()
    x, _, _ = setup(g)
    info = assert_fails(g, KeyError, g.create, 77)
    assert info.value.args[0] == "no entity with id 77"
    assert_fails(g, ValueError, g.create, x)


# --------------------------------------------------------------------------------------------
# Wrong entity kind


def test_object_reads_on_players_are_value_errors(game):
    g = game()
    setup(g)
    for method in ("zone", "controller", "owner", "info", "move"):
        args = ("hand",) if method == "move" else ()
        assert_fails(g, ValueError, getattr(g, method), 0, *args)


def test_player_calls_on_objects_are_value_errors(game):
    g = game()
    x, _, _ = setup(g)
    for method, args in [
        ("life", ()),
        ("gain_life", (1,)),
        ("lose_life", (1,)),
        ("pay_energy", (0,)),
        ("has_lost", ()),
    ]:
        assert_fails(g, ValueError, getattr(g, method), x, *args)


# --------------------------------------------------------------------------------------------
# Gone ids


def test_gone_id_reads_are_last_known_information(game):
    g = game()
    _, _, old = setup(g)
    assert g.counters(old) == {"charge": 2}
    assert g.count(old, "charge") == 2
    assert g.zone(old) == "graveyard"
    assert g.controller(old) == 0
    assert (g.power(old), g.toughness(old)) == (1, 1)


@pytest.mark.parametrize(
    ("method", "args"),
    [
        ("add_counters", ("charge", 1)),
        ("remove_counters", ("charge", 1)),
        ("pay_counters", ("charge", 1)),
        ("move", ("hand",)),
        ("prevent_damage", ()),
        ("grant", ("flying",)),
        ("revoke", ("flying",)),
        ("pump", (1, 1)),
    ],
)
def test_gone_id_mutations_are_gone_errors(game, method, args):
    """SEMANTICS §0: any mutation through a gone id raises GoneError."""
    g = game()
    _, _, old = setup(g)
    assert_fails(g, GoneError, getattr(g, method), old, *args)


def test_form_wins_over_gone(game):
    """SEMANTICS §0 validation order: the form of the arguments first, then gone ids."""
    g = game()
    _, _, old = setup(g)
    assert_fails(g, ValueError, g.add_counters, old, "", -1)
    assert_fails(g, ValueError, g.move, old, "nowhere")
    assert_fails(g, TypeError, g.pump, old, 1.5, 0)
    assert_fails(g, GoneError, g.add_counters, old, "charge", 1)


def test_redirect_to_or_from_gone_is_gone_error(game):
    g = game()
    x, _, old = setup(g)
    assert_fails(g, GoneError, g.redirect_damage, old, x)
    assert_fails(g, GoneError, g.redirect_damage, x, old)


# --------------------------------------------------------------------------------------------
# Amounts


@pytest.mark.parametrize(
    ("amount", "exc"),
    [
        (-1, ValueError),
        (-(2**70), ValueError),
        (1.0, TypeError),
        (float("nan"), TypeError),
        ("1", TypeError),
        (None, TypeError),
        (MAX_COUNT + 1, OverflowError),
        (2**200, OverflowError),
    ],
)
@pytest.mark.parametrize("method", ["add_counters", "remove_counters", "pay_counters"])
def test_counter_amounts(game, amount, exc, method):
    """SEMANTICS §0: non-int → TypeError; negative → ValueError; > MAX_COUNT → OverflowError."""
    g = game()
    x, _, _ = setup(g)
    assert_fails(g, exc, getattr(g, method), x, "+1/+1", amount)


@pytest.mark.parametrize(
    ("amount", "exc"),
    [(-1, ValueError), (1.5, TypeError), ("3", TypeError), (MAX_COUNT + 1, OverflowError)],
)
@pytest.mark.parametrize("method", ["gain_life", "lose_life", "pay_energy"])
def test_player_amounts(game, amount, exc, method):
    g = game()
    setup(g)
    assert_fails(g, exc, getattr(g, method), 1, amount)


def test_life_overflow(game):
    """SEMANTICS §0: a life total that would leave -2**63 .. 2**63-1 is OverflowError."""
    g = game()
    g.gain_life(0, 2**63 - 21)
    assert g.life(0) == 2**63 - 1
    assert_fails(g, OverflowError, g.gain_life, 0, 1)
    assert_fails(g, OverflowError, g.gain_life, 0, MAX_COUNT)
    g.lose_life(1, 2**63 + 20)
    assert g.life(1) == -(2**63)
    assert_fails(g, OverflowError, g.lose_life, 1, 1)
    assert_fails(g, OverflowError, g.lose_life, 1, MAX_COUNT)
    g.gain_life(1, MAX_COUNT)
    assert g.life(1) == 2**63 - 1


def test_life_events(game):
    g = game()
    g.gain_life(0, 3)
    g.lose_life(1, 2)
    g.gain_life(0, 0)
    g.lose_life(1, 0)
    assert event_tuples(g.take_events()) == [
        ev("life_gained", target=0, amount=3),
        ev("life_lost", target=1, amount=2),
    ]
    assert (g.life(0), g.life(1)) == (23, 18)


# --------------------------------------------------------------------------------------------
# Counter kind names


@pytest.mark.parametrize(("kind", "exc"), [("", ValueError), (5, TypeError), (None, TypeError)])
@pytest.mark.parametrize("method", ["add_counters", "remove_counters", "pay_counters", "count"])
def test_counter_kind_names(game, kind, exc, method):
    """SEMANTICS §0: counter kind names must be str (TypeError) and non-empty (ValueError)."""
    g = game()
    x, _, _ = setup(g)
    args = () if method == "count" else (1,)
    assert_fails(g, exc, getattr(g, method), x, kind, *args)


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("", "a counter kind must be a non-empty name"),
        ("+1/1", "looks like a power/toughness kind but isn't one"),
        (" shield", "has leading or trailing whitespace"),
    ],
)
def test_every_call_taking_a_kind_refuses_it_alike(game, kind, message):
    """SEMANTICS §0: one kind-name check, in the form step, whichever call takes the kind (a
    counter's kind, an observation's extra kinds, a replacement effect's ``counter=``)."""
    g = game()
    x, _, _ = setup(g)
    calls = [
        (g.add_counters, (x, kind, 1), {}),
        (g.move_counters, (x, x, kind, 1), {}),
        (g.add_replacement_effect, ("counters_plus",), {"affects": ["permanents"], "amount": 1}),
    ]
    if hasattr(g, "observation"):
        calls.append((g.observation, (), {"kinds": [kind]}))
    for fn, args, kwargs in calls:
        if fn == g.add_replacement_effect:
            kwargs = {**kwargs, "counter": kind}
        info = assert_fails(g, ValueError, fn, *args, **kwargs)
        assert message in str(info.value), (fn.__name__, info.value)


def test_kind_checked_before_amount(game):
    """SEMANTICS §0: the form of every argument, left to right: the kind before the amount."""
    g = game()
    x, _, _ = setup(g)
    assert_fails(g, ValueError, g.add_counters, x, "", 1.5)
    assert_fails(g, TypeError, g.add_counters, x, 3, -1)


# --------------------------------------------------------------------------------------------
# Zones


def test_wrong_zone_name_lists_valid_ones(game):
    """a wrong zone name is a ValueError listing the valid ones."""
    g = game()
    x, _, _ = setup(g)
    info = assert_fails(g, ValueError, g.create, 0, zone="void")
    for zone in ZONES:
        assert zone in str(info.value)
    info = assert_fails(g, ValueError, g.move, x, "Battlefield")
    for zone in ZONES:
        assert zone in str(info.value)


@pytest.mark.parametrize("zone", ZONES)
def test_every_zone_is_valid(game, zone):
    g = game()
    x = g.create(0, zone=zone, name="Card")
    assert g.zone(x) == zone
    y = g.move(x, zone)
    assert g.zone(y) == zone


# --------------------------------------------------------------------------------------------
# create()


@pytest.mark.parametrize(
    ("kwargs", "exc"),
    [
        ({"types": "creature"}, TypeError),
        ({"types": ["creature", "hero"]}, ValueError),
        ({"types": ["tribal?"]}, ValueError),
        ({"types": [3]}, TypeError),
        ({"subtypes": "Goblin"}, TypeError),
        ({"subtypes": [""]}, ValueError),
        ({"keywords": ["flying", "banding"]}, ValueError),
        ({"keywords": {"flying": 2}}, ValueError),
        ({"keywords": {"toxic": 0}}, ValueError),
        ({"power": 2**31}, OverflowError),
        ({"toughness": -(2**31)}, OverflowError),
        ({"loyalty": -1}, ValueError),
        ({"defense": -1}, ValueError),
        ({"strength": -1}, ValueError),
        ({"lives": -2}, ValueError),
        ({"movement": -1}, ValueError),
        ({"loyalty": 2**31}, OverflowError),
        ({"cost": -1}, ValueError),
        ({"cost": "Y"}, ValueError),
        ({"cost": "2+"}, ValueError),
        ({"cost": "2-X"}, ValueError),
        ({"cost": ""}, ValueError),
        ({"power": 1.5}, TypeError),
    ],
)
def test_create_bad_arguments(game, kwargs, exc):
    """SEMANTICS §3: create() validates every argument; a failure creates nothing (the next id
    is still the next one)."""
    g = game()
    setup(g)
    info = assert_fails(g, exc, g.create, 0, **kwargs)
    if exc is ValueError and "types" in kwargs and isinstance(kwargs["types"], list):
        assert str(kwargs["types"][-1]) in str(info.value)
    if "keywords" in kwargs and isinstance(kwargs["keywords"], list):
        assert "banding" in str(info.value)
    nxt = g.create(0)
    assert nxt == 6


def test_create_good_edge_arguments(game):
    g = game()
    x = g.create(
        0,
        types=["creature", "artifact"],
        power=-(2**31) + 1,
        toughness=2**31 - 1,
        cost="X+X+1",
        keywords={"toxic": 5, "flying": True, "trample": 1},
    )
    assert g.power(x) == -(2**31) + 1
    assert g.toughness(x) == 2**31 - 1
    assert g.toxic(x) == 5
    assert g.has_keyword(x, "flying") and g.has_keyword(x, "trample")
    assert g.types(x) == ["artifact", "creature"]  # canonical order (SEMANTICS §3)


# --------------------------------------------------------------------------------------------
# Other calls


def test_proliferate_checks_each_element_completely_in_order(game):
    """SEMANTICS §0: proliferate raises for the first bad element: unknown → KeyError, gone →
    GoneError, not a candidate / chosen twice → ValueError."""
    g = game()
    x, h, old = setup(g)
    g.add_counters(h, "charge")
    assert_fails(g, GoneError, g.proliferate, 0, [x, old, 4242])
    assert_fails(g, KeyError, g.proliferate, 0, [x, 4242, old])
    assert_fails(g, ValueError, g.proliferate, 0, [h, old])
    assert_fails(g, ValueError, g.proliferate, 0, [x, x, 4242])
    assert_fails(g, TypeError, g.proliferate, 0, [x, "1"])


def test_simultaneous_damage_form_first_then_each_assignment(game):
    """SEMANTICS §0: deal_simultaneous_damage checks the form of every assignment first, then
    each assignment's source then target."""
    g = game()
    x, h, old = setup(g)
    assert_fails(g, KeyError, g.deal_simultaneous_damage, [(x, 4242, 1), (x, old, 1)])
    assert_fails(g, GoneError, g.deal_simultaneous_damage, [(x, old, 1), (x, 4242, 1)])
    assert_fails(g, TypeError, g.deal_simultaneous_damage, [(x, 4242, 1), (x, 1, 1.5)])
    assert_fails(g, ValueError, g.deal_simultaneous_damage, [(x, h, 1), (x, 4242, -1)])
    assert_fails(g, ValueError, g.deal_simultaneous_damage, [(0, 4242, 1)])


def test_keyword_flags_are_checked_after_the_positional_arguments(game):
    """SEMANTICS §0: the form of every argument, left to right: the assignments (first
    argument) before the `combat`/`preventable` flags."""
    g = game()
    x, _, _ = setup(g)
    assert_fails(g, ValueError, g.deal_simultaneous_damage, [(x, 1, -1)], combat=1)
    assert_fails(g, OverflowError, g.deal_simultaneous_damage, [(x, 1, 2**64)], preventable=None)
    assert_fails(g, ValueError, g.deal_damage, x, 1, -1, combat=1)


def test_cost_modifier_ids_in_signature_order(game):
    """SEMANTICS §0: ids left to right in the signature add_cost_modifier(amount, *, card,
    source, ..., controller): `card` is checked before `source`."""
    g = game(ruleset="berserk")
    setup(g)
    assert_fails(g, ValueError, g.add_cost_modifier, -1, card=0, source=-1)
    info = assert_fails(g, KeyError, g.add_cost_modifier, -1, card=-1, source=0)
    assert info.value.args[0] == "no entity with id -1"


def test_damage_bad_targets(game):
    g = game()
    x, h, old = setup(g)
    assert_fails(g, ValueError, g.deal_damage, x, h, 1)  # a card in hand
    assert_fails(g, GoneError, g.deal_damage, x, old, 1)
    assert g.deal_damage(old, x, 1) == 1  # a gone source is allowed (LKI)


def test_pump_and_grant_bad_arguments(game):
    """SEMANTICS §5: grant a known keyword other than toxic; pump a permanent, |v| < 2**31."""
    g = game()
    x, h, _ = setup(g)
    assert_fails(g, ValueError, g.grant, x, "banding")
    assert_fails(g, ValueError, g.grant, x, "toxic")
    assert_fails(g, TypeError, g.grant, x, 5)
    assert_fails(g, TypeError, g.pump, x, 1.5, 0)
    assert_fails(g, OverflowError, g.pump, x, 2**31, 0)
    assert_fails(g, ValueError, g.pump, h, 1, 1)  # not a permanent
    assert_fails(g, ValueError, g.pump, 0, 1, 1)  # a player


def test_non_str_and_non_bool_arguments_are_type_errors(game, impl):
    """SEMANTICS §0: a non-str zone, ruleset, kind, keyword or name is a TypeError; so is a
    non-bool flag (combat=1)."""
    g = game()
    x, _, _ = setup(g)
    assert_fails(g, TypeError, g.create, 0, zone=3)
    assert_fails(g, TypeError, g.create, 0, name=5)
    assert_fails(g, TypeError, g.create, 0, keywords=[5])
    assert_fails(g, TypeError, g.move, x, None)
    assert_fails(g, TypeError, g.has_keyword, x, 5)
    assert_fails(g, TypeError, g.deal_damage, x, 1, 1, combat=1)
    assert_fails(g, TypeError, g.deal_damage, x, 1, 1, preventable=None)
    assert_fails(g, TypeError, g.deal_simultaneous_damage, [(x, 1, 1)], combat="yes")
    assert_fails(g, TypeError, g.grant, x, "flying", until_end_of_turn=1)
    with pytest.raises(TypeError):
        impl(ruleset=1)


def test_berserk_ops_bad_input(game):
    """bad input: strength/lives on a card not in play, a negative heal, an unknown
    keyword, a type not in the ruleset: a clear error, nothing changed."""
    g = game(ruleset="berserk")
    x = g.create(0, types=["creature"], strength=1, lives=2)
    h = g.create(0, zone="hand", types=["creature"], strength=1, lives=2)
    g.take_events()
    assert_fails(g, ValueError, g.set_strength, h, 3)
    assert_fails(g, ValueError, g.set_lives, h, 3)
    assert_fails(g, ValueError, g.heal, x, -1)
    assert_fails(g, TypeError, g.heal, x, 1.0)
    assert_fails(g, ValueError, g.grant, x, "banding")
    assert_fails(g, ValueError, g.set_types, x, ["planeswalker"])
    assert_fails(g, TypeError, g.set_types, x, "artifact")
    assert_fails(g, KeyError, g.set_strength, 999, 1)
