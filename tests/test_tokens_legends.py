"""Tokens (CR 111.1, 111.7, 111.8, 704.5d), supertypes (205.4) and the legend rule (704.5j):
SEMANTICS §3 and §6, on both implementations."""

from __future__ import annotations

import pytest
from cardstate.errors import GoneError
from conftest import assert_fails, ev, event_tuples


def soldier(g, controller=0, zone="battlefield", **kw):
    return g.create(
        controller,
        zone=zone,
        name="Soldier",
        types=["creature"],
        power=1,
        toughness=1,
        token=True,
        **kw,
    )


def legend(g, name, controller=0, **kw):
    return g.create(
        controller,
        name=name,
        types=["creature"],
        supertypes=["legendary"],
        power=2,
        toughness=2,
        **kw,
    )


def sba(g):
    g.take_events()
    events = event_tuples(g.check_state_based_actions())
    assert event_tuples(g.take_events()) == events
    return events


# --------------------------------------------------------------------------------------------
# Tokens


def test_cr111_1_a_token_is_marked_and_a_card_is_not(game):
    """CR 111.1: some effects create tokens; a token is not a card. ``is_token`` says which."""
    g = game()
    t = soldier(g)
    c = g.create(0, types=["creature"], power=1, toughness=1)
    assert g.is_token(t) and not g.is_token(c)
    assert event_tuples(g.take_events()) == [ev("created", target=t), ev("created", target=c)]


def test_cr704_5d_a_token_that_died_ceases_to_exist_at_the_next_check(game):
    """CR 704.5d: "If a token is in a zone other than the battlefield, it ceases to exist."
    The token dies first (its "dies" triggers see the zone change, 111.7 note), then ceases to
    exist in the next pass of the same check; its id keeps last known information."""
    g = game()
    t = soldier(g)
    g.add_counters(t, "+1/+1", 1)
    g.add_counters(t, "-1/-1", 3)
    events = sba(g)
    dead = events[0][-1]
    assert events == [
        ev("zone_change", target=t, zone_from="battlefield", zone_to="graveyard", new_id=dead),
        ev("ceased_to_exist", target=dead, zone_from="graveyard"),
    ]
    assert g.objects("graveyard") == []
    assert g.zone(dead) == "graveyard", "the zone it was in when it ceased to exist"
    assert g.is_token(dead) and g.power(dead) == 1 and g.counters(dead) == {}
    assert_fails(g, GoneError, g.move, dead, "hand")
    assert_fails(g, GoneError, g.add_counters, dead, "+1/+1")
    h = type(g).from_bytes(g.to_bytes())
    assert h == g and h.hash() == g.hash()


def test_cr111_8_a_token_that_left_the_battlefield_stays_where_it_is(game):
    """CR 111.8: "A token that has left the battlefield can't move to another zone or come back
    onto the battlefield. If such a token would change zones, it remains in its current zone
    instead." ``move`` returns its own id, with no event and nothing changed."""
    g = game()
    t = soldier(g)
    exiled = g.move(t, "exile")
    g.take_events()
    before = (g.to_bytes(), g.hash())
    assert g.move(exiled, "battlefield") == exiled
    assert g.move(exiled, "hand", counters={"+1/+1": 2}) == exiled
    assert (g.to_bytes(), g.hash()) == before
    assert g.take_events() == []
    assert g.zone(exiled) == "exile" and g.objects("battlefield") == []
    assert sba(g) == [ev("ceased_to_exist", target=exiled, zone_from="exile")]


def test_cr704_5d_a_token_created_outside_the_battlefield(game):
    """CR 704.5d applies to any token outside the battlefield, one created there included; a
    card in the graveyard stays."""
    g = game()
    card = g.create(0, zone="graveyard", types=["creature"], power=1, toughness=1)
    t = soldier(g, zone="hand")
    assert g.take_events() == []
    g.add_counters(t, "charge", 2)
    assert sba(g) == [ev("ceased_to_exist", target=t, zone_from="hand")]
    assert g.objects("graveyard") == [card] and g.objects("hand") == []
    assert sba(g) == []


def test_cr704_5d_effects_tied_to_a_token_end_when_it_ceases_to_exist(game):
    """A prevention shield on a token in the graveyard (an object not gone) ends with it, as on
    a zone change (SEMANTICS §6)."""
    g = game()
    t = soldier(g, zone="graveyard")
    g.prevent_damage(t)
    assert len(g.replacement_effects()) == 1
    sba(g)
    assert g.replacement_effects() == []


def test_token_flag_is_a_bool(game):
    """SEMANTICS §0: a non-``bool`` flag is a TypeError."""
    g = game()
    assert_fails(g, TypeError, g.create, 0, token=1)


# --------------------------------------------------------------------------------------------
# Supertypes


def test_cr205_4_supertypes_are_printed_in_canonical_order(game):
    """CR 205.4a: the supertypes are basic, legendary, ongoing, snow and world."""
    g = game()
    x = g.create(0, types=["land"], supertypes=["snow", "basic"])
    assert g.supertypes(x) == ["basic", "snow"]
    assert g.supertypes(legend(g, "Melira")) == ["legendary"]
    assert g.supertypes(g.create(0)) == []
    assert_fails(g, ValueError, g.create, 0, supertypes=["legend"])
    assert_fails(g, TypeError, g.create, 0, supertypes="legendary")
    assert_fails(g, TypeError, g.create, 0, supertypes=[1])


def test_berserk_has_no_supertypes(game):
    g = game(ruleset="berserk")
    assert_fails(g, ValueError, g.create, 0, supertypes=["legendary"])


def test_supertypes_survive_a_zone_change(game):
    """400.7: the new object has the printed characteristics, supertypes included."""
    g = game()
    x = legend(g, "Melira")
    y = g.move(x, "graveyard")
    assert g.supertypes(y) == ["legendary"]


# --------------------------------------------------------------------------------------------
# The legend rule


def test_cr704_5j_the_newest_legend_stays_by_default(game):
    """CR 704.5j: "If a player controls two or more legendary permanents with the same name,
    that player chooses one of them, and the rest are put into their owners' graveyards." The
    kernel's default choice keeps the newest (the highest id); it is not destruction."""
    g = game()
    a = legend(g, "Melira")
    b = legend(g, "Melira")
    theirs = legend(g, "Melira", controller=1)
    other = legend(g, "Torbran")
    events = sba(g)
    assert len(events) == 1 and events[0][0] == "zone_change" and events[0][2] == a
    assert g.zone(a) == "graveyard"
    assert set(g.objects("battlefield")) == {b, theirs, other}


def test_cr704_5j_indestructible_doesnt_help_and_nameless_objects_share_no_name(game):
    """704.5j puts them into the graveyard (not destruction: indestructible doesn't help); an
    object with no name has no name in common with another (201.2)."""
    g = game()
    a = legend(g, "Avacyn", keywords=["indestructible"])
    legend(g, "Avacyn")
    u = [legend(g, ""), legend(g, "")]
    sba(g)
    assert g.zone(a) == "graveyard"
    assert all(g.zone(x) == "battlefield" for x in u)


def test_cr704_5j_the_player_chooses_which_legend_stays(game):
    """704.5j: "that player chooses one of them": ``legend_rule_keep`` names the one kept; the
    others of its group go, and other groups keep the default."""
    g = game()
    a = legend(g, "Melira")
    b = legend(g, "Melira")
    c = legend(g, "Torbran")
    d = legend(g, "Torbran")
    g.add_counters(a, "+1/+1", 2)
    g.take_events()
    events = event_tuples(g.check_state_based_actions(legend_rule_keep=[a]))
    assert [e[2] for e in events] == [b, c]
    assert g.zone(a) == "battlefield" and g.zone(d) == "battlefield"


def test_cr704_5j_a_bad_choice_changes_nothing(game):
    """SEMANTICS §6: each kept id must be a legendary permanent, at most one per controller and
    name; the form (ints) first, then each id completely, in order."""
    g = game()
    a = legend(g, "Melira")
    b = legend(g, "Melira")
    plain = g.create(0, types=["creature"], power=1, toughness=1)
    in_hand = legend(g, "Melira", zone="hand")
    sba_ = g.check_state_based_actions
    assert_fails(g, ValueError, sba_, legend_rule_keep=[a, b])
    assert_fails(g, ValueError, sba_, legend_rule_keep=[a, a])
    assert_fails(g, ValueError, sba_, legend_rule_keep=[plain])
    assert_fails(g, ValueError, sba_, legend_rule_keep=[in_hand])
    assert_fails(g, ValueError, sba_, legend_rule_keep=[0])
    assert_fails(g, KeyError, sba_, legend_rule_keep=[999])
    assert_fails(g, KeyError, sba_, legend_rule_keep=[-1])
    assert_fails(g, TypeError, sba_, legend_rule_keep=["a"])
    assert_fails(g, TypeError, sba_, legend_rule_keep=[plain, "a"])
    assert_fails(g, TypeError, sba_, legend_rule_keep=7)
    gone = g.create(0, types=["creature"], toughness=1)
    g.move(gone, "exile")
    assert_fails(g, GoneError, sba_, legend_rule_keep=[gone])
    assert sba_(legend_rule_keep=None) != []
    assert g.zone(a) == "graveyard" and g.zone(b) == "battlefield"


@pytest.mark.parametrize("ruleset", ["mtg", "mtg-2010"])
def test_cr704_5j_legend_leaves_with_its_counters(game, ruleset):
    """704.3, 704.8: the legend rule and 704.5q are simultaneous: a legend that goes is
    remembered with all its counters."""
    g = game(ruleset=ruleset)
    a = legend(g, "Melira")
    legend(g, "Melira")
    g.add_counters(a, "+1/+1", 2)
    g.add_counters(a, "-1/-1", 1)
    sba(g)
    assert g.counters(a) == {"+1/+1": 2, "-1/-1": 1}
