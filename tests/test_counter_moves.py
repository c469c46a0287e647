"""Moving counters (CR 122.5), counters put from last known information (122.8), and the
objects of a zone. Every test runs on both implementations."""

from __future__ import annotations

import pytest
from cardstate import CannotPay, GoneError
from conftest import assert_fails, ev, event_tuples


def creature(g, controller=0):
    return g.create(controller, types=["creature"], power=1, toughness=1)


def test_cr122_5_moving_counters_removes_them_from_one_and_puts_them_on_the_other(game):
    """122.5: "If an effect moves counters from one object to another, the counters are removed
    from the first object and put on the second." Putting them goes through replacement
    effects (Hardened Scales adds one)."""
    g = game()
    a, b = creature(g), creature(g)
    g.add_counters(a, "+1/+1", 3)
    g.take_events()
    assert g.move_counters(a, b, "+1/+1", 2) == 2
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=a, counter="+1/+1", amount=2),
        ev("counters_added", target=b, counter="+1/+1", amount=2),
    ]
    scales = g.create(0, types=["enchantment"])
    g.add_replacement_effect(
        "counters_plus", source=scales, affects="creatures you control", counter="+1/+1", amount=1
    )
    assert g.move_counters(b, a, "+1/+1", 2) == 3
    assert g.counters(a) == {"+1/+1": 4} and g.counters(b) == {}


def test_cr122_5_counters_that_cant_be_put_are_not_moved(game):
    """122.5: if the counters can't be put on the second object (Solemnity: "Counters can't be
    put on artifacts, creatures, enchantments, or lands"), none is moved."""
    g = game()
    a = creature(g)
    pw = g.create(0, types=["planeswalker"], loyalty=3)
    g.add_counters(pw, "+1/+1", 2)
    g.add_replacement_effect("counters_cant", affects="creatures")
    g.take_events()
    assert g.move_counters(pw, a, "+1/+1", 2) == 0
    assert g.take_events() == []
    assert g.counters(pw) == {"loyalty": 3, "+1/+1": 2} and g.counters(a) == {}


def test_cr122_5_moving_more_counters_than_there_are_moves_none(game):
    g = game()
    a, b = creature(g), creature(g)
    g.add_counters(a, "charge", 1)
    assert_fails(g, CannotPay, g.move_counters, a, b, "charge", 2)
    assert_fails(g, CannotPay, g.move_counters, a, b, "oil", 1)
    assert_fails(g, ValueError, g.move_counters, a, a, "charge", 1)
    assert_fails(g, ValueError, g.move_counters, a, b, "+1+1", 1)
    assert_fails(g, ValueError, g.move_counters, a, b, "charge", -1)
    g.move(b, "graveyard")
    assert_fails(g, GoneError, g.move_counters, a, b, "charge", 1)
    assert_fails(g, KeyError, g.move_counters, a, 77, "charge", 1)
    assert g.move_counters(a, 0, "charge", 0) == 0


def test_cr122_8_counters_from_last_known_information(game):
    """122.8: "If an object with counters on it leaves the battlefield and an effect puts those
    counters on another object, the counters put are those the object had as it last existed"
    (modular: its +1/+1 counters onto an artifact creature)."""
    g = game()
    modular = g.create(0, types=["artifact", "creature"], power=0, toughness=0)
    g.add_counters(modular, "+1/+1", 2)
    g.add_counters(modular, "oil", 1)
    g.move(modular, "graveyard")
    target = g.create(0, types=["artifact", "creature"], power=1, toughness=1)
    g.take_events()
    g.put_counters_from(modular, target)
    assert g.counters(target) == {"+1/+1": 2, "oil": 1}
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=target, counter="+1/+1", amount=2),
        ev("counters_added", target=target, counter="oil", amount=1),
    ]
    assert g.counters(modular) == {"+1/+1": 2, "oil": 1}  # LKI doesn't change
    assert_fails(g, ValueError, g.put_counters_from, 0, target)
    assert_fails(g, ValueError, g.put_counters_from, target, target)
    g.add_counters(target, "oil", 2**64 - 2)  # the +1/+1 would fit, the oil would not
    assert_fails(g, OverflowError, g.put_counters_from, modular, target)


def test_objects_in_a_zone_in_id_order(game):
    """The objects of a zone (not the ids that left it), optionally by controller."""
    g = game()
    a = creature(g, 0)
    b = g.create(1, zone="hand")
    c = creature(g, 1)
    d = g.move(a, "graveyard")
    e = creature(g, 0)
    assert g.objects("battlefield") == [c, e]
    assert g.objects("battlefield", 0) == [e]
    assert g.objects("battlefield", controller=1) == [c]
    assert g.objects("graveyard") == [d] and g.objects("hand") == [b]
    assert g.objects("exile") == []
    with pytest.raises(ValueError):
        g.objects("nowhere")
    with pytest.raises(TypeError):
        g.objects(3)
    with pytest.raises(ValueError):
        g.objects("battlefield", c)
    with pytest.raises(KeyError):
        g.objects("battlefield", 99)


def test_moving_and_putting_counters_as_operations(game):
    """SEMANTICS §9: ``move_counters`` (122.5) and ``put_counters_from`` (122.8) as operations
    of ``apply`` do what the calls do, all or nothing: a failing operation later in the list
    (122.5: fewer than n counters to move) leaves the game as it was."""
    g = game()
    a, b = creature(g), creature(g)
    g.add_counters(a, "+1/+1", 3)
    g.add_counters(a, "charge", 1)
    h = g.clone()
    g.apply([("move_counters", a, b, "+1/+1", 2), ("put_counters_from", a, 0)])
    h.move_counters(a, b, "+1/+1", 2)
    h.put_counters_from(a, 0)
    assert g == h and g.counters(b) == {"+1/+1": 2} and g.counters(0) == {"+1/+1": 1, "charge": 1}
    assert [e.as_tuple() for e in g.take_events()] == [e.as_tuple() for e in h.take_events()]
    before = g.to_bytes()
    assert_fails(
        g,
        CannotPay,
        g.apply,
        [("move_counters", b, a, "+1/+1", 1), ("move_counters", a, b, "charge", 5)],
    )
    assert g.to_bytes() == before
    with pytest.raises(TypeError):
        g.apply([("move_counters", a, b, "+1/+1")])  # n is required
    with pytest.raises(ValueError):
        g.apply([("put_counters_from", a, a)])
    assert g.to_bytes() == before
