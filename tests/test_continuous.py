"""Continuous effects (CR 611, 613; docs/SEMANTICS.md §11): layers, timestamps, sources, locked-in
sets, and everything that reads power, toughness and keywords. Every test runs on both
implementations."""

from __future__ import annotations

import pickle

import pytest
from cardstate import GoneError
from conftest import assert_fails, ev, event_tuples


def creature(g, controller=0, power=2, toughness=2, keywords=(), **kw):
    return g.create(
        controller, types=["creature"], power=power, toughness=toughness, keywords=keywords, **kw
    )


def enchantment(g, controller=0, name="Anthem"):
    return g.create(controller, name=name, types=["enchantment"])


def anthem(g, source, affected="creatures you control", n=1):
    return g.add_continuous_effect(
        "modify_power_toughness", affected=affected, source=source, power=n, toughness=n
    )


# --------------------------------------------------------------------------------------------
# Affected sets (611.2c, 611.3a)


def test_611_3a_static_effect_applies_to_a_set_evaluated_continuously(game):
    """611.3a: a static ability's effect applies to whatever its filter matches at each moment:
    a creature that enters later is affected, an opponent's isn't, and it ends when its source
    leaves the battlefield."""
    g = game()
    source = enchantment(g)
    mine = creature(g)
    theirs = creature(g, 1)
    eid = anthem(g, source)
    later = creature(g)
    assert [g.power(x) for x in (mine, theirs, later)] == [3, 2, 3]
    assert g.continuous_effects()[0]["id"] == eid
    g.move(source, "graveyard")
    assert [g.toughness(x) for x in (mine, theirs, later)] == [2, 2, 2]
    assert g.continuous_effects() == []


def test_205_3_a_filter_naming_a_subtype_affects_permanents_of_that_subtype(game):
    """205.3 and 611.3a: "Zombie creatures you control" (a creature type before the plural card
    type) affects the controller's creatures with that subtype, evaluated continuously (a
    creature that becomes a Zombie is affected); each text has its own "other" (Death Baron:
    "Skeletons you control and other Zombies you control"), and a creature matching both
    texts is affected once. The filter is state: ==, hash, bytes, pickle."""
    g = game()
    baron = creature(g, subtypes=["Zombie", "Wizard"])
    zombie = creature(g, subtypes=["Phyrexian", "Zombie"])
    skeleton = creature(g, subtypes=["Skeleton"])
    both = creature(g, subtypes=["Zombie", "Skeleton"])
    bear = creature(g, subtypes=["Bear"])
    theirs = creature(g, 1, subtypes=["Zombie"])
    g.add_continuous_effect(
        "modify_power_toughness",
        affected=["Skeleton permanents you control", "other Zombie permanents you control"],
        source=baron,
        power=1,
        toughness=1,
    )
    g.add_continuous_effect(
        "add_keyword", affected=["Goblin creatures"], controller=0, keyword="haste"
    )
    assert [g.power(x) for x in (baron, zombie, skeleton, both, bear, theirs)] == [
        2,
        3,
        3,
        3,
        2,
        2,
    ]
    effects = g.continuous_effects()
    assert effects[0]["affected"] == [
        "Skeleton permanents you control",
        "other Zombie permanents you control",
    ]
    assert effects[1]["affected"] == ["Goblin creatures"]
    g.set_types(bear, ["creature"], subtypes=["Goblin", "Zombie"])
    assert g.power(bear) == 3 and g.has_keyword(bear, "haste")
    again = type(g).from_bytes(g.to_bytes())
    assert again == g and again.hash() == g.hash() and again.to_bytes() == g.to_bytes()
    assert again.power(bear) == 3 and again.continuous_effects() == g.continuous_effects()
    assert pickle.loads(pickle.dumps(g)) == g
    other = game()
    other_baron = creature(other, subtypes=["Zombie", "Wizard"])
    other.add_continuous_effect(
        "modify_power_toughness",
        affected=["Zombie permanents you control"],
        source=other_baron,
        power=1,
        toughness=1,
    )
    assert other.power(other_baron) == 3
    g.move(baron, "graveyard")
    assert [g.power(x) for x in (zombie, skeleton, both)] == [2, 2, 2]


def test_205_3_a_bad_subtype_filter_is_refused_and_changes_nothing(game):
    """A subtype goes before a plural card type; an empty one, a misspelt type, or "other"
    without a source is a ValueError, and the game is as it was."""
    g = game()
    x = creature(g, subtypes=["Zombie"])
    for affected, kw in [
        ("Zombie creaturez you control", {"controller": 0}),
        (" creatures", {}),
        ("Zombies you control", {"controller": 0}),
        ("other Zombie creatures", {}),
        (["Zombie creatures", "Zombie players"], {}),
    ]:
        assert_fails(
            g,
            ValueError,
            g.add_continuous_effect,
            "modify_power_toughness",
            affected=affected,
            power=1,
            toughness=1,
            **kw,
        )
    assert g.continuous_effects() == [] and g.power(x) == 2


def test_611_3a_you_follows_the_source_controller(game):
    """ "You" is the source's current controller: "creatures your opponents control" of a
    source controlled by player 1 affects player 0's creatures."""
    g = game()
    source = enchantment(g, 1)
    mine = creature(g)
    g.add_continuous_effect(
        "modify_power_toughness",
        affected="creatures your opponents control",
        source=source,
        power=-1,
        toughness=-1,
    )
    assert (g.power(mine), g.toughness(mine)) == (1, 1)
    assert g.continuous_effects()[0]["affected"] == ["creatures opponents control"]


def test_other_creatures_you_control_skips_the_source(game):
    """ "Other creatures you control get +1/+1" (a lord): not the source itself."""
    g = game()
    lord = creature(g)
    other = creature(g)
    anthem(g, lord, "other creatures you control")
    assert (g.power(lord), g.power(other)) == (2, 3)


def test_this_is_the_source(game):
    g = game()
    x = creature(g)
    g.add_continuous_effect("add_keyword", affected="this", source=x, keyword="flying")
    assert g.has_keyword(x, "flying")


def test_611_2c_a_resolved_effect_locks_in_its_set(game):
    """611.2c: "creatures you control get +1/+1 until end of turn" from a resolved spell affects
    the creatures there as it resolved, not one that comes later; it ends at cleanup (514.2)."""
    g = game()
    a, b = creature(g), creature(g)
    g.add_continuous_effect(
        "modify_power_toughness", affected=[a, b], power=1, toughness=1, until_end_of_turn=True
    )
    later = creature(g)
    assert [g.power(x) for x in (a, b, later)] == [3, 3, 2]
    g.cleanup()
    assert [g.power(x) for x in (a, b, later)] == [2, 2, 2]
    assert g.continuous_effects() == []


def test_400_7_an_object_that_leaves_is_no_longer_in_a_locked_in_set(game):
    """400.7: the new object is not the old one: it isn't affected; an emptied set ends."""
    g = game()
    a, b = creature(g), creature(g)
    g.add_continuous_effect("modify_power_toughness", affected=[a, b], power=1, toughness=1)
    a2 = g.move(a, "battlefield")
    assert g.power(a2) == 2 and g.continuous_effects()[0]["affected"] == [b]
    g.move(b, "graveyard")
    assert g.continuous_effects() == []


# --------------------------------------------------------------------------------------------
# Layers (613.1, 613.4) and timestamps (613.7)


def test_613_4b_animated_land(game):
    """613.4b: "its base power and toughness become 3/3 until end of turn" (an animated land);
    a +1/+1 counter (7d) and a pump (7c) apply on top whatever their timestamps."""
    g = game()
    land = g.create(0, types=["land", "creature"])
    g.add_counters(land, "+1/+1", 1)
    g.pump(land, 1, 0)
    g.add_continuous_effect(
        "set_base_power_toughness", affected=[land], power=3, toughness=3, until_end_of_turn=True
    )
    assert (g.power(land), g.toughness(land)) == (5, 4)
    g.cleanup()
    assert (g.power(land), g.toughness(land)) == (1, 1)


def test_613_4_layer_7b_before_7c_whatever_the_timestamps(game):
    """613.4: a +1/+1 effect (7c) older than a "becomes 0/1" effect (7b) still applies."""
    g = game()
    x = creature(g, power=4, toughness=4)
    g.add_continuous_effect("modify_power_toughness", affected=[x], power=1, toughness=1)
    g.add_continuous_effect("set_base_power_toughness", affected=[x], power=0, toughness=1)
    assert (g.power(x), g.toughness(x)) == (1, 2)


def test_613_7_latest_base_setting_wins_and_7b_beats_7a(game):
    """613.7: within layer 7b the later timestamp wins; 7a (characteristic-defining) applies
    before 7b, so a 7b effect overrides it."""
    g = game()
    x = creature(g)
    g.add_continuous_effect("set_base_power_toughness", affected=[x], power=5, toughness=5)
    g.add_continuous_effect("set_base_power_toughness", affected=[x], power=1, toughness=4)
    g.add_continuous_effect("define_power_toughness", affected=[x], power=7, toughness=7)
    assert (g.power(x), g.toughness(x)) == (1, 4)
    y = creature(g)
    g.add_continuous_effect("define_power_toughness", affected=[y], power=7, toughness=6)
    assert (g.power(y), g.toughness(y)) == (7, 6)


def test_613_7_timestamps_in_layer_6(game):
    """613.7: abilities added and removed apply in timestamp order: "loses infect" then "gains
    infect" leaves infect; "gains" then "loses" doesn't."""
    g = game()
    a, b = creature(g, keywords=["infect"]), creature(g)
    g.add_continuous_effect("remove_keyword", affected=[a, b], keyword="infect")
    g.add_continuous_effect("add_keyword", affected=[b], keyword="infect")
    assert not g.has_keyword(a, "infect") and g.has_keyword(b, "infect")
    g.add_continuous_effect("remove_keyword", affected=[b], keyword="infect")
    assert not g.has_keyword(b, "infect")


def test_702_164b_toxic_granted_until_end_of_turn(game):
    """702.164b: total toxic value is the sum of the instances; "gains toxic 2 until end of turn"
    adds to a printed toxic 1, and combat damage to a player gives that many more poison
    counters (120.3g)."""
    g = game()
    x = creature(g, keywords={"toxic": 1})
    g.add_continuous_effect(
        "add_keyword", affected=[x], keyword="toxic", value=2, until_end_of_turn=True
    )
    assert g.toxic(x) == 3 and g.has_keyword(x, "toxic")
    g.deal_damage(x, 1, 2, combat=True)
    assert g.count(1, "poison") == 3 and g.life(1) == 18
    g.cleanup()
    assert g.toxic(x) == 1
    g.add_continuous_effect("remove_keyword", affected=[x], keyword="toxic")
    assert g.toxic(x) == 0 and not g.has_keyword(x, "toxic")


def test_613_4e_switch_after_counters_and_pumps(game):
    """613.4e: layer 7e, effects that switch a creature's power and toughness, apply after the
    counters of 7d and every other P/T effect whatever their timestamps: a 1/3 with a +1/+1
    counter switched is 4/2; a +2/+0 pump given after the switch still applies before it
    (Aeromoeba's ruling: 4/4, not 6/2); two switches are none (timestamp order, 613.7)."""
    g = game()
    x = creature(g, power=1, toughness=3)
    g.add_counters(x, "+1/+1", 1)
    eid = g.add_continuous_effect("switch_power_toughness", affected=[x], until_end_of_turn=True)
    assert (g.power(x), g.toughness(x)) == (4, 2)
    [d] = g.continuous_effects()
    assert (d["id"], d["layer"], d["power"], d["toughness"]) == (eid, "7e", None, None)
    g.add_continuous_effect("modify_power_toughness", affected=[x], power=2, toughness=0)
    assert (g.power(x), g.toughness(x)) == (4, 4)
    g.pump(x, 0, 1)
    g.add_continuous_effect("set_base_power_toughness", affected=[x], power=0, toughness=1)
    assert (g.power(x), g.toughness(x)) == (3, 3)  # base 0/1, +2/+1, +1/+1, switched
    second = g.add_continuous_effect("switch_power_toughness", affected=[x])
    assert (g.power(x), g.toughness(x)) == (3, 3)
    g.add_counters(x, "-1/-1", 2)
    assert (g.power(x), g.toughness(x)) == (1, 1)
    g.cleanup()  # the first switch and the pump end: 0/1 +2/+0 -1/-1 is 1/0, switched 0/1
    assert (g.power(x), g.toughness(x)) == (0, 1)
    g.end_continuous_effect(second)
    assert (g.power(x), g.toughness(x)) == (1, 0)
    g.check_state_based_actions()
    assert g.zone(x) == "graveyard"  # 704.5f reads the switched toughness


def test_613_4e_switching_makes_damage_lethal_and_the_record_keeps_it(game):
    """613.4e: a 2/4 dealt 2 damage and switched is a 4/2 with lethal damage (704.5g);
    113.7a: its record keeps the switched values."""
    g = game()
    x = creature(g, power=2, toughness=4)
    y = creature(g, 1, power=1, toughness=3)
    g.add_counters(y, "+1/+1", 2)
    g.deal_damage(y, x, 2)
    g.check_state_based_actions()
    assert g.zone(x) == "battlefield"
    g.add_continuous_effect("switch_power_toughness", affected=[x, y], until_end_of_turn=True)
    assert (g.power(y), g.toughness(y)) == (5, 3)
    g.check_state_based_actions()
    assert g.zone(x) == "graveyard" and (g.power(x), g.toughness(x)) == (4, 2)
    g.move(y, "exile")
    assert (g.power(y), g.toughness(y)) == (5, 3)
    assert g.continuous_effects() == []


def test_613_4e_a_switch_of_a_non_creature_changes_nothing(game):
    """613.4e switches a creature's power and toughness: an enchantment (no P/T) keeps none."""
    g = game()
    e = enchantment(g)
    g.add_continuous_effect("switch_power_toughness", affected="permanents", controller=0)
    assert (g.power(e), g.toughness(e)) == (None, None)
    x = creature(g, power=0, toughness=5)
    assert (g.power(x), g.toughness(x)) == (5, 0)
    h = type(g).from_bytes(g.to_bytes())
    assert h == g and (h.power(x), h.toughness(x)) == (5, 0)


# --------------------------------------------------------------------------------------------
# What reads the result: damage results (120.3), state-based actions (704.5f/g)


def test_120_3_granted_and_removed_keywords_route_damage(game):
    """120.3b/d/f, 702.2b: damage results read the source's keywords after the layers: granted
    infect gives poison, granted lifelink gains life, granted deathtouch destroys; an infect
    source that lost infect deals ordinary damage."""
    g = game()
    src = creature(g)
    for kw in ("infect", "lifelink", "deathtouch"):
        g.add_continuous_effect("add_keyword", affected=[src], keyword=kw)
    g.deal_damage(src, 1, 2)
    assert g.count(1, "poison") == 2 and g.life(0) == 22
    victim = creature(g, 1, power=1, toughness=5)
    g.deal_damage(src, victim, 1)
    g.check_state_based_actions()
    assert g.zone(victim) == "graveyard"
    infect = creature(g, 1, keywords=["infect"])
    g.add_continuous_effect("remove_keyword", affected=[infect], keyword="infect")
    life = g.life(0)  # 23: lifelink gained 2, then 1
    g.deal_damage(infect, 0, 2)
    assert g.count(0, "poison") == 0 and g.life(0) == life - 2 == 21


def test_704_5f_toughness_from_effects_and_the_source_leaving(game):
    """704.5f/g: a -1/-1 effect makes a 1/1 die; a creature whose toughness came from a lord
    that dies in the same check dies in the next pass (704.3: checked again)."""
    g = game()
    source = enchantment(g, 1)
    small = creature(g, power=1, toughness=1)
    g.add_continuous_effect(
        "modify_power_toughness",
        affected="creatures your opponents control",
        source=source,
        power=-1,
        toughness=-1,
    )
    g.check_state_based_actions()
    assert g.zone(small) == "graveyard"
    lord = creature(g, power=1, toughness=1)
    follower = creature(g, power=1, toughness=1)
    anthem(g, lord, "other creatures you control")
    g.deal_damage(lord, follower, 1)
    g.deal_damage(follower, lord, 1)
    g.check_state_based_actions()
    assert g.zone(lord) == "graveyard" and g.zone(follower) == "graveyard"


def test_704_3_the_last_effect_ending_in_a_pass_is_seen_by_the_next_pass(game):
    """704.3: after a pass the whole state is checked again. The lord dying ends the only
    continuous effect (611.3a), and the follower whose toughness it gave dies in the next pass
    of the same check."""
    g = game()
    lord = creature(g, power=1, toughness=1)
    follower = creature(g, power=1, toughness=0)
    anthem(g, lord, "other creatures you control")
    g.deal_damage(follower, lord, 1)
    g.check_state_based_actions()
    assert g.continuous_effects() == []
    assert g.zone(lord) == "graveyard" and g.zone(follower) == "graveyard"


def test_113_7a_last_known_information_keeps_the_effects(game):
    """113.7a: an object that left is remembered as it last existed, with the effects that
    applied to it then (its power with an Anthem, its keywords)."""
    g = game()
    source = enchantment(g)
    x = creature(g)
    anthem(g, source)
    g.add_continuous_effect("add_keyword", affected=[x], keyword="lifelink")
    g.move(x, "graveyard")
    assert (g.power(x), g.toughness(x)) == (3, 3) and g.has_keyword(x, "lifelink")


# --------------------------------------------------------------------------------------------
# Layer 4: subtypes (613.1d)


def test_613_1d_a_subtype_in_addition_to_its_other_types(game, impl):
    """613.1d, 205.1b: "it's a Knight in addition to its other types" adds the subtype in
    layer 4, read continuously ("this while 3 or more +1/+1 counters on it"); a layer-7 filter
    naming the subtype sees it (613.1d before 613.4c); the record of an object that left keeps
    it (113.7a); the effect is state."""
    g = game()
    x = creature(g, subtypes=["Cat", "Scout"])
    lord = enchantment(g)
    anthem(g, lord, "Knight creatures you control")
    eid = g.add_continuous_effect(
        "add_subtype",
        affected="this while 3 or more +1/+1 counters on it",
        source=x,
        subtype="Knight",
    )
    assert g.subtypes(x) == ["Cat", "Scout"] and g.power(x) == 2
    g.add_counters(x, "+1/+1", 3)
    assert g.subtypes(x) == ["Cat", "Scout", "Knight"] and g.power(x) == 6
    (row,) = [c for c in g.continuous_effects() if c["id"] == eid]
    assert (row["effect"], row["layer"], row["subtype"], row["keyword"]) == (
        "add_subtype",
        "4",
        "Knight",
        None,
    )
    h = type(g).from_bytes(g.to_bytes())
    assert h == g and h.hash() == g.hash() and h.subtypes(x) == ["Cat", "Scout", "Knight"]
    if impl == "native":
        assert pickle.loads(pickle.dumps(g)) == g and g.hash() == g._recompute_hash()
    other = g.clone()
    other.end_continuous_effect(eid)
    assert other != g and other.subtypes(x) == ["Cat", "Scout"] and other.power(x) == 5
    g.remove_counters(x, "+1/+1", 1)
    assert g.subtypes(x) == ["Cat", "Scout"] and g.power(x) == 4
    g.add_counters(x, "+1/+1", 1)
    g.move(x, "graveyard")
    assert g.subtypes(x) == ["Cat", "Scout", "Knight"]


def test_613_1d_a_locked_in_subtype_and_a_subtype_already_there(game):
    """A resolved ability's "it's a Demon in addition to its other types" (611.2c: a locked-in
    set, no duration) lasts; an object that already has the subtype has it once."""
    g = game()
    x = creature(g)
    demon = creature(g, subtypes=["Demon"])
    g.add_continuous_effect("add_subtype", affected=[x, demon], subtype="Demon")
    g.cleanup()
    assert g.subtypes(x) == ["Demon"] and g.subtypes(demon) == ["Demon"]


@pytest.mark.parametrize(
    ("exc", "kwargs"),
    [
        (ValueError, {"affected": "creatures"}),
        (ValueError, {"affected": "creatures", "subtype": ""}),
        (ValueError, {"affected": "creatures", "subtype": "Knight", "keyword": "flying"}),
        (ValueError, {"affected": "creatures", "subtype": "Knight", "power": 1, "toughness": 1}),
        (ValueError, {"affected": "Zombie creatures", "subtype": "Knight"}),
        (TypeError, {"affected": "creatures", "subtype": 5}),
    ],
)
def test_613_1d_bad_add_subtype_is_refused_and_changes_nothing(game, exc, kwargs):
    """A subtype= is needed, non-empty, alone; a layer-4 filter names no subtype (613.8)."""
    g = game()
    x = creature(g)
    assert_fails(g, exc, g.add_continuous_effect, "add_subtype", **kwargs)
    assert_fails(
        g,
        ValueError,
        g.add_continuous_effect,
        "add_keyword",
        affected=[x],
        keyword="flying",
        subtype="Knight",
    )


# --------------------------------------------------------------------------------------------
# State: ==, hash, clone, bytes, pickle, apply


def test_effects_are_state(game, impl):
    g = game()
    source = enchantment(g)
    x = creature(g)
    anthem(g, source)
    g.add_continuous_effect("add_keyword", affected=[x], keyword="toxic", value=2)
    h = g.clone()
    assert h == g and h.hash() == g.hash()
    h2 = type(g).from_bytes(g.to_bytes())
    assert h2 == g and h2.power(x) == 3 and h2.toxic(x) == 2
    if impl == "native":
        assert pickle.loads(pickle.dumps(g)) == g
        assert g.hash() == g._recompute_hash()
    h.end_continuous_effect(0)
    assert h != g and h.hash() != g.hash() and h.power(x) == 2 and g.power(x) == 3


def test_apply_operations(game):
    """The operations of ``apply``: a locked-in effect, and ending one; all or nothing."""
    g = game()
    x = creature(g)
    g.apply(
        [
            ("add_continuous_effect", "modify_power_toughness", [x], None, None, 2, 0, True),
            ("add_continuous_effect", "add_keyword", [x], "toxic", 3),
        ]
    )
    assert g.power(x) == 4 and g.toxic(x) == 3
    assert_fails(g, KeyError, g.apply, [("end_continuous_effect", 0), ("end_continuous_effect", 7)])
    g.apply([("end_continuous_effect", 1)])
    assert g.toxic(x) == 0 and g.power(x) == 4


def test_no_event(game):
    """Effects change characteristics, not the state of counters or life: no event."""
    g = game()
    x = creature(g)
    g.take_events()
    g.add_continuous_effect("modify_power_toughness", affected=[x], power=1, toughness=1)
    assert event_tuples(g.take_events()) == []
    g.move(x, "exile")
    assert [e[0] for e in event_tuples(g.take_events())] == [ev("zone_change")[0]]


# --------------------------------------------------------------------------------------------
# Bad input: a clear error naming it, nothing changes


@pytest.mark.parametrize(
    ("exc", "args", "kwargs"),
    [
        (ValueError, ("switch_power_toughness",), {"affected": "creatures", "power": 1}),
        (ValueError, ("modify_power_toughness",), {"affected": "creatures", "power": 1}),
        (ValueError, ("add_keyword",), {"affected": "creatures"}),
        (ValueError, ("add_keyword",), {"affected": "creatures", "keyword": "banding"}),
        (ValueError, ("add_keyword",), {"affected": "creatures", "keyword": "flying", "value": 2}),
        (ValueError, ("add_keyword",), {"affected": "creatures", "keyword": "toxic", "value": 0}),
        (ValueError, ("remove_keyword",), {"affected": "wizards", "keyword": "flying"}),
        (ValueError, ("remove_keyword",), {"affected": "players", "keyword": "flying"}),
        (ValueError, ("remove_keyword",), {"affected": [], "keyword": "flying"}),
        (ValueError, ("remove_keyword",), {"affected": "this", "keyword": "flying"}),
        (ValueError, ("remove_keyword",), {"affected": "creatures you control", "keyword": "x"}),
        (
            ValueError,
            ("remove_keyword",),
            {"affected": "creatures you control", "keyword": "reach"},
        ),
        (ValueError, ("remove_keyword",), {"affected": [0], "keyword": "flying"}),
        (KeyError, ("remove_keyword",), {"affected": [99], "keyword": "flying"}),
        (KeyError, ("remove_keyword",), {"affected": "creatures", "keyword": "x", "source": 99}),
        (TypeError, ("remove_keyword",), {"affected": 5, "keyword": "flying"}),
        (TypeError, (5,), {"affected": "creatures", "keyword": "flying"}),
        (TypeError, ("add_keyword",), {"affected": "creatures", "keyword": 5}),
        (
            OverflowError,
            ("modify_power_toughness",),
            {"affected": "creatures", "power": 2**31, "toughness": 0},
        ),
        (ValueError, ("add_keyword",), {"affected": "creatures", "keyword": "toxic", "value": -1}),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(game, exc, args, kwargs):
    g = game()
    creature(g)
    assert_fails(g, exc, g.add_continuous_effect, *args, **kwargs)


def test_a_source_must_be_on_the_battlefield_and_ids_must_exist(game):
    g = game()
    card = g.create(0, zone="hand", types=["enchantment"])
    x = creature(g)
    kw = {"keyword": "flying"}
    assert_fails(
        g, ValueError, g.add_continuous_effect, "add_keyword", affected="this", source=card, **kw
    )
    gone = creature(g)
    g.move(gone, "graveyard")
    assert_fails(g, GoneError, g.add_continuous_effect, "add_keyword", affected=[gone], **kw)
    assert_fails(g, ValueError, g.add_continuous_effect, "add_keyword", affected=[x, x], **kw)
    assert_fails(
        g,
        ValueError,
        g.add_continuous_effect,
        "add_keyword",
        affected="this",
        source=x,
        controller=0,
        **kw,
    )
    assert_fails(g, KeyError, g.end_continuous_effect, 0)


# --------------------------------------------------------------------------------------------
# Layer 4: losing the subtypes (613.1d, 205.1a)


def test_613_1d_205_1a_it_becomes_a_werewolf(game, impl):
    """205.1a: "it becomes a Werewolf" replaces its creature types: lose_subtypes, then the
    Werewolf added, both in layer 4 in timestamp order (613.7): a subtype added before the loss
    is lost, one added after it stays; a filter naming a lost subtype no longer sees it (613.1d
    before 613.4c); the record of an object that left keeps what it had (113.7a); the effect is
    state (==, hash, bytes)."""
    g = game()
    x = creature(g, subtypes=["Human"])
    lord = enchantment(g)
    anthem(g, lord, "Human creatures you control")
    g.add_continuous_effect("add_subtype", affected=[x], subtype="Knight")
    assert g.subtypes(x) == ["Human", "Knight"] and g.power(x) == 3
    eid = g.add_continuous_effect("lose_subtypes", affected=[x])
    g.add_continuous_effect("add_subtype", affected=[x], subtype="Werewolf")
    assert g.subtypes(x) == ["Werewolf"] and g.power(x) == 2
    (row,) = [c for c in g.continuous_effects() if c["id"] == eid]
    assert (row["effect"], row["layer"], row["subtype"]) == ("lose_subtypes", "4", None)
    h = type(g).from_bytes(g.to_bytes())
    assert h == g and h.hash() == g.hash() and h.subtypes(x) == ["Werewolf"]
    if impl == "native":
        assert pickle.loads(pickle.dumps(g)) == g and g.hash() == g._recompute_hash()
    other = g.clone()
    other.end_continuous_effect(eid)
    assert other != g and other.subtypes(x) == ["Human", "Knight", "Werewolf"]
    g.cleanup()
    g.move(x, "graveyard")
    assert g.subtypes(x) == ["Werewolf"]


@pytest.mark.parametrize(
    ("exc", "kwargs"),
    [
        (ValueError, {"affected": "creatures", "subtype": "Knight"}),
        (ValueError, {"affected": "creatures", "keyword": "flying"}),
        (ValueError, {"affected": "creatures", "power": 1, "toughness": 1}),
        (ValueError, {"affected": "Zombie creatures"}),
    ],
)
def test_613_1d_bad_lose_subtypes_is_refused_and_changes_nothing(game, exc, kwargs):
    """It takes no argument; a layer-4 filter names no subtype (613.8)."""
    g = game()
    creature(g)
    assert_fails(g, exc, g.add_continuous_effect, "lose_subtypes", **kwargs)


# --------------------------------------------------------------------------------------------
# Layer 6: losing all abilities (613.1f)


def test_613_1f_it_loses_all_abilities(game, impl):
    """613.1f: "Enchanted creature loses all abilities" (a locked-in set, 611.2c): its
    keywords then are lost (printed, granted, keyword counters: 122.1b), a keyword granted
    later stays (613.7); the static abilities of which it is the source stop applying (its
    anthem); its base power and toughness set to 1/1 (7b) with its +1/+1 counter (7d) still
    read 2/2 (613.4). Ending the effect gives them back; the effect is state."""
    g = game()
    x = creature(g, keywords=["flying"])
    other = creature(g)
    anthem(g, x, "other creatures you control")
    g.add_counters(x, "+1/+1", 1)
    g.add_counters(x, "trample", 1)
    assert g.power(other) == 3 and g.has_keyword(x, "flying") and g.has_keyword(x, "trample")
    eid = g.add_continuous_effect("lose_all_abilities", affected=[x])
    g.add_continuous_effect("set_base_power_toughness", affected=[x], power=1, toughness=1)
    assert not g.has_keyword(x, "flying") and not g.has_keyword(x, "trample")
    assert g.power(other) == 2 and (g.power(x), g.toughness(x)) == (2, 2)
    g.add_continuous_effect("add_keyword", affected=[x], keyword="haste", until_end_of_turn=True)
    assert g.has_keyword(x, "haste") and not g.has_keyword(x, "flying")
    (row,) = [c for c in g.continuous_effects() if c["id"] == eid]
    assert (row["effect"], row["layer"], row["affected"]) == ("lose_all_abilities", "6", [x])
    h = type(g).from_bytes(g.to_bytes())
    assert h == g and h.hash() == g.hash() and not h.has_keyword(x, "flying")
    if impl == "native":
        assert pickle.loads(pickle.dumps(g)) == g and g.hash() == g._recompute_hash()
    g.end_continuous_effect(eid)
    assert g.has_keyword(x, "flying") and g.power(other) == 3


@pytest.mark.parametrize(
    ("exc", "kwargs"),
    [
        (ValueError, {"affected": "creatures"}),
        (ValueError, {"affected": "this"}),
        (ValueError, {"affected": [0], "keyword": "flying"}),
        (ValueError, {"affected": [0], "power": 1, "toughness": 1}),
        (ValueError, {"affected": [0], "subtype": "Knight"}),
    ],
)
def test_613_1f_bad_lose_all_abilities_is_refused_and_changes_nothing(game, exc, kwargs):
    """It affects a locked-in set of ids and takes no argument."""
    g = game()
    x = creature(g)
    kwargs = {k: ([x] if v == [0] else v) for k, v in kwargs.items()}
    if kwargs["affected"] == "this":
        kwargs["source"] = x
    assert_fails(g, exc, g.add_continuous_effect, "lose_all_abilities", **kwargs)


# --------------------------------------------------------------------------------------------
# Layer 4: all creature types (205.3m)


def test_205_3m_it_has_all_creature_types(game, impl):
    """205.3m: "a 3/3 creature with … all creature types" (a flag, not a list): a filter
    naming any creature type sees it ("Elf creatures you control get +1/+1"), `subtypes`
    lists only the named ones; a later lose_subtypes takes them away (613.7); the effect is
    state (==, hash, bytes)."""
    g = game()
    x = creature(g, subtypes=["Human"])
    lord = enchantment(g)
    anthem(g, lord, "Elf creatures you control")
    assert g.power(x) == 2
    eid = g.add_continuous_effect("all_creature_types", affected=[x])
    assert g.power(x) == 3 and g.subtypes(x) == ["Human"]
    (row,) = [c for c in g.continuous_effects() if c["id"] == eid]
    assert (row["effect"], row["layer"], row["subtype"]) == ("all_creature_types", "4", None)
    h = type(g).from_bytes(g.to_bytes())
    assert h == g and h.hash() == g.hash() and h.power(x) == 3
    if impl == "native":
        assert pickle.loads(pickle.dumps(g)) == g and g.hash() == g._recompute_hash()
    g.add_continuous_effect("lose_subtypes", affected=[x])
    assert g.power(x) == 2 and g.subtypes(x) == []


@pytest.mark.parametrize(
    ("exc", "kwargs"),
    [
        (ValueError, {"affected": "creatures", "subtype": "Elf"}),
        (ValueError, {"affected": "creatures", "power": 1, "toughness": 1}),
        (ValueError, {"affected": "Zombie creatures"}),
    ],
)
def test_205_3m_bad_all_creature_types_is_refused_and_changes_nothing(game, exc, kwargs):
    """It takes no argument; a layer-4 filter names no subtype (613.8)."""
    g = game()
    creature(g)
    assert_fails(g, exc, g.add_continuous_effect, "all_creature_types", **kwargs)
