"""Destruction and what replaces it (CR 701.8, 701.19, 702.12b, 122.1c, 122.1h), the tapped
status, and the Berserk terrain rule (classic Berserk 208, 108.2). Every test runs on both
implementations."""

from __future__ import annotations

import pytest
from cardstate import GoneError
from conftest import assert_fails, ev, event_tuples


def creature(g, controller=0, power=2, toughness=2, keywords=(), **kw):
    return g.create(
        controller, types=["creature"], power=power, toughness=toughness, keywords=keywords, **kw
    )


def to_zone(old, new, zone="graveyard"):
    return ev("zone_change", target=old, zone_from="battlefield", zone_to=zone, new_id=new)


def sba(g):
    g.take_events()
    return event_tuples(g.check_state_based_actions())


# --------------------------------------------------------------------------------------------
# 701.8 destroy


def test_cr701_8_destroy_puts_a_permanent_into_its_owners_graveyard(game):
    """CR 701.8a: to destroy a permanent, move it from the battlefield to its owner's
    graveyard."""
    g = game()
    x = creature(g, 1)
    g.take_events()
    assert g.destroy(x) is True
    assert event_tuples(g.take_events()) == [ev("destroyed", target=x), to_zone(x, x + 1)]
    assert g.zone(x) == "graveyard"


def test_cr702_12b_indestructible_isnt_destroyed_and_keeps_its_shield(game):
    """CR 702.12b: a permanent with indestructible can't be destroyed; nothing replaces a
    destruction that doesn't happen, so its shield counter stays."""
    g = game()
    x = creature(g, 1, keywords=["indestructible"])
    g.add_counters(x, "shield")
    g.take_events()
    assert g.destroy(x) is False
    assert g.take_events() == []
    assert g.count(x, "shield") == 1 and g.zone(x) == "battlefield"


def test_cr122_1c_a_shield_counter_replaces_destruction_by_an_effect(game):
    """CR 122.1c: "If this permanent would be destroyed as the result of an effect, instead
    remove a shield counter from it." """
    g = game()
    x = creature(g, 1)
    g.add_counters(x, "shield", 2)
    g.take_events()
    assert g.destroy(x) is False
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=x, counter="shield", amount=1)
    ]
    assert g.destroy(x) is False
    assert g.destroy(x) is True
    assert g.zone(x) == "graveyard"


def test_destroy_refuses_what_isnt_a_permanent(game):
    """SEMANTICS §6: destroy takes a permanent; anything else is refused and nothing changes."""
    g = game()
    card = g.create(0, zone="hand", types=["creature"], power=1, toughness=1)
    x = creature(g)
    g.move(x, "graveyard")
    assert_fails(g, ValueError, g.destroy, card)
    assert_fails(g, ValueError, g.destroy, 0)
    assert_fails(g, KeyError, g.destroy, 99)
    assert_fails(g, GoneError, g.destroy, x)
    assert_fails(g, TypeError, g.destroy, "x")


# --------------------------------------------------------------------------------------------
# 701.19 regeneration


def test_cr701_15b_regeneration_replaces_destruction_by_lethal_damage(game):
    """CR 701.19a: "The next time [it] would be destroyed this turn, instead remove all damage
    marked on it and tap it." Lethal damage (704.5g) is destruction it replaces."""
    g = game()
    s = creature(g, 0, 5, 5)
    x = creature(g, 1, 2, 2)
    g.regenerate(x)
    assert g.regeneration_shields(x) == 1
    g.deal_damage(s, x, 3)
    assert sba(g) == []
    assert g.zone(x) == "battlefield"
    assert g.damage(x) == 0 and g.is_tapped(x)
    assert g.regeneration_shields(x) == 0
    g.deal_damage(s, x, 3)
    assert sba(g) == [ev("destroyed", target=x), to_zone(x, x + 1)]


def test_cr701_15b_regeneration_replaces_deathtouch_destruction(game):
    """CR 701.19a with 704.5h: a creature dealt deathtouch damage regenerates."""
    g = game()
    s = creature(g, 0, 1, 1, keywords=["deathtouch"])
    x = creature(g, 1, 5, 5)
    g.regenerate(x)
    g.deal_damage(s, x, 1)
    assert sba(g) == []
    assert g.zone(x) == "battlefield" and g.damage(x) == 0 and g.is_tapped(x)


def test_cr701_15a_regeneration_replaces_a_destroy_effect_before_a_shield_counter(game):
    """CR 701.19a, 616.1: both a regeneration shield and a shield counter would replace the
    destruction; the default order uses the regeneration shield (it ends this turn anyway)."""
    g = game()
    x = creature(g, 1)
    g.add_counters(x, "shield")
    g.regenerate(x)
    g.regenerate(x)
    assert g.regeneration_shields(x) == 2
    assert g.destroy(x) is False
    assert g.count(x, "shield") == 1 and g.regeneration_shields(x) == 1 and g.is_tapped(x)
    assert g.destroy(x) is False
    assert g.destroy(x) is False  # the shield counter now
    assert g.counters(x) == {}
    assert g.destroy(x) is True


def test_cr701_15a_regeneration_doesnt_stop_toughness_zero(game):
    """CR 704.5f: a creature with toughness 0 is put into the graveyard, not destroyed, so
    regeneration can't replace it."""
    g = game()
    x = creature(g, 1, 1, 1)
    g.regenerate(x)
    g.add_counters(x, "-1/-1")
    assert sba(g) == [to_zone(x, x + 1)]


def test_cr701_15a_regeneration_shields_end_this_turn_or_when_it_leaves(game):
    """CR 701.19a: "this turn": cleanup ends the shields; so does leaving the battlefield."""
    g = game()
    x = creature(g, 1)
    g.regenerate(x)
    g.cleanup()
    assert g.regeneration_shields(x) == 0
    g.regenerate(x)
    y = g.move(x, "hand")
    y = g.move(y, "battlefield")
    assert g.regeneration_shields(y) == 0
    assert g.destroy(y) is True


def test_regenerate_refuses_what_isnt_a_permanent(game):
    g = game()
    card = g.create(0, zone="hand", types=["creature"], power=1, toughness=1)
    assert_fails(g, ValueError, g.regenerate, card)
    assert_fails(g, ValueError, g.regenerate, 1)
    assert_fails(g, KeyError, g.regenerate, 42)


# --------------------------------------------------------------------------------------------
# The tapped status


def test_tap_and_untap_are_a_status_not_counters(game):
    """SEMANTICS §6: tapped is kept as state, not as a counter proliferate would touch."""
    g = game()
    x = creature(g)
    assert g.is_tapped(x) is False
    assert g.tap(x) is True
    assert g.tap(x) is False
    assert g.is_tapped(x) and g.counters(x) == {}
    assert len(g.proliferate_candidates()) == 0
    h = g.clone()
    assert g.untap(x) is True and g.untap(x) is False
    assert h.is_tapped(x) and not g.is_tapped(x)
    assert h != g and h.hash() != g.hash()
    g.tap(x)
    assert h == g and h.hash() == g.hash()
    y = g.move(x, "battlefield")  # a new object (400.7) is untapped
    assert g.is_tapped(x) and not g.is_tapped(y)


def test_tap_refuses_what_isnt_a_permanent(game):
    g = game()
    card = g.create(0, zone="hand", types=["creature"], power=1, toughness=1)
    x = creature(g)
    g.move(x, "exile")
    for fn in (g.tap, g.untap):
        assert_fails(g, ValueError, fn, card)
        assert_fails(g, ValueError, fn, 0)
        assert_fails(g, GoneError, fn, x)
        assert_fails(g, KeyError, fn, 77)


# --------------------------------------------------------------------------------------------
# 122.1h finality counters


def test_cr122_1h_finality_counter_exiles_a_dying_creature_instead(game):
    """CR 122.1h: "If a permanent with a finality counter on it would be put into a graveyard
    from the battlefield, exile it instead." """
    g = game()
    s = creature(g, 0, 5, 5)
    x = creature(g, 1, 2, 2)
    g.add_counters(x, "finality")
    g.deal_damage(s, x, 2)
    assert sba(g) == [ev("destroyed", target=x), to_zone(x, x + 1, "exile")]
    assert g.zone(x) == "exile"
    y = creature(g, 1, 1, 1)
    g.add_counters(y, "finality")
    g.add_counters(y, "-1/-1")
    assert sba(g) == [to_zone(y, y + 1, "exile")]  # 704.5f


def test_cr122_1h_finality_counter_with_destroy_and_move(game):
    """CR 122.1h: any way to the graveyard from the battlefield (a destroy effect, a move);
    other destinations are unaffected."""
    g = game()
    x = creature(g)
    g.add_counters(x, "finality")
    g.destroy(x)
    assert g.zone(x) == "exile"
    y = creature(g)
    g.add_counters(y, "finality")
    assert g.zone(g.move(y, "graveyard")) == "exile"
    z = creature(g)
    g.add_counters(z, "finality")
    assert g.zone(g.move(z, "hand")) == "hand"
    card = g.create(0, zone="hand")
    g.add_counters(card, "finality")
    assert g.zone(g.move(card, "graveyard")) == "graveyard"  # not from the battlefield


# --------------------------------------------------------------------------------------------
# Berserk: a creature that becomes a terrain


@pytest.fixture
def berserk(game):
    return lambda: game(ruleset="berserk")


def test_berserk_208_a_creature_that_becomes_a_terrain_has_no_lives(berserk):
    """Classic Berserk 208 and 108.2: a terrain has only a cost and eliteness: a creature that
    becomes one has no lives, strength or movement while it is one (so it can't be dealt
    damage and can't die of wounds); they come back with the creature type."""
    g = berserk()
    x = g.create(0, types=["creature"], strength=3, lives=4, movement=2)
    src = g.create(1, types=["creature"], strength=1, lives=1)
    g.set_types(x, ["terrain"])
    assert (g.lives(x), g.strength(x), g.movement(x)) == (None, None, None)
    with pytest.raises(ValueError):
        g.deal_damage(src, x, 1)
    g.set_types(x, ["creature"])
    assert (g.lives(x), g.strength(x), g.movement(x)) == (4, 3, 2)
    # an artifact keeps its lives (108.1: it loses strength and movement only)
    g.set_types(x, ["artifact"])
    assert (g.lives(x), g.strength(x), g.movement(x)) == (4, None, None)


def test_berserk_208_round_trip_keeps_the_terrain_without_lives(berserk):
    g = berserk()
    x = g.create(0, types=["creature"], strength=3, lives=4, movement=2)
    g.set_types(x, ["terrain"])
    h = type(g).from_bytes(g.to_bytes())
    assert h == g and h.lives(x) is None
