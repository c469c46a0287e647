"""Counters (CR 122; SEMANTICS §4), against both implementations."""

from __future__ import annotations

import pickle

import pytest
from cardstate.errors import CannotPay, GoneError
from cardstate.vocabulary import MAX_COUNT
from conftest import assert_fails, ev, event_tuples, snapshot


def bear(g, controller=0, power=2, toughness=2, **kw):
    return g.create(
        controller, name="Bear", types=["creature"], power=power, toughness=toughness, **kw
    )


# --------------------------------------------------------------------------------------------
# Storing and reading counters


def test_cr122_1_counters_are_stored_by_kind_and_counted(game):
    """CR 122.1: a counter is a marker placed on an object or player; counts per kind."""
    g = game()
    x = bear(g)
    g.take_events()  # its "created"
    g.add_counters(x, "+1/+1", 2)
    g.add_counters(x, "charge")
    assert g.counters(x) == {"+1/+1": 2, "charge": 1}
    assert g.count(x, "+1/+1") == 2
    assert g.count(x, "charge") == 1
    assert g.count(x, "poison") == 0
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=x, counter="+1/+1", amount=2),
        ev("counters_added", target=x, counter="charge", amount=1),
    ]


def test_take_events_clears_the_log(game):
    g = game()
    g.add_counters(0, "energy", 3)
    assert len(g.take_events()) == 1
    assert g.take_events() == []


def test_event_attributes_and_as_tuple(game):
    """SEMANTICS §2: an Event has kind/source/target/amount/counter/combat/zone_from/zone_to/
    new_id, None where they don't apply; as_tuple() gives them in that order."""
    g = game()
    g.add_counters(1, "poison", 4)
    (e,) = g.take_events()
    assert e.kind == "counters_added"
    assert e.target == 1
    assert e.counter == "poison"
    assert e.amount == 4
    assert e.source is None and e.combat is None
    assert e.zone_from is None and e.zone_to is None and e.new_id is None
    assert e.as_tuple() == ("counters_added", None, 1, 4, "poison", None, None, None, None)


def test_creating_on_the_battlefield_is_an_event_and_ids_are_sequential(game):
    """SEMANTICS §3: players are 0..N-1, each object gets the next unused id. SEMANTICS §2: an
    object created on the battlefield enters it (603.6a: "created" — a token entering, so that
    enter-the-battlefield abilities see it); created in another zone, it makes no event."""
    g = game(players=3)
    assert g.players == [0, 1, 2]
    a = bear(g)
    b = g.create(1, zone="hand", name="Card")
    assert (a, b) == (3, 4)
    assert event_tuples(g.take_events()) == [ev("created", target=a)]
    new_a = g.move(a, "graveyard")
    assert new_a == 5
    assert g.create(2) == 6


def test_cr122_1a_plus_one_counters_modify_power_and_toughness(game):
    """CR 122.1a: a +1/+1 counter adds 1 to power and toughness; -1/-1 subtracts 1."""
    g = game()
    x = bear(g)
    g.add_counters(x, "+1/+1", 3)
    assert (g.power(x), g.toughness(x)) == (5, 5)
    g.add_counters(x, "-1/-1", 1)
    assert (g.power(x), g.toughness(x)) == (4, 4)


def test_cr704_5q_plus_and_minus_counters_coexist_until_sba(game):
    """SEMANTICS §4 / CR 704.5q: +1/+1 and -1/-1 annihilation is a state-based action, not
    immediate."""
    g = game()
    x = bear(g)
    g.add_counters(x, "+1/+1", 2)
    g.add_counters(x, "-1/-1", 2)
    assert g.counters(x) == {"+1/+1": 2, "-1/-1": 2}
    assert (g.power(x), g.toughness(x)) == (2, 2)


@pytest.mark.parametrize(
    ("kind", "power", "toughness"),
    [
        ("+2/+0", 4, 2),
        ("-0/-1", 2, 1),
        ("+1/-1", 3, 1),
        ("-3/+3", -1, 5),
        ("+10/+10", 12, 12),
        ("+123456789/+0", 123456791, 2),
    ],
)
def test_cr122_1a_other_power_toughness_kinds(game, kind, power, toughness):
    """CR 122.1a / SEMANTICS §3: any +X/+Y kind (1–9 digits each) modifies power/toughness."""
    g = game()
    x = bear(g)
    g.add_counters(x, kind)
    assert (g.power(x), g.toughness(x)) == (power, toughness)


@pytest.mark.parametrize("kind", ["1/1", "+a/+1", "+/+", "x+1/+1"])
def test_names_that_are_not_power_toughness_kinds_change_nothing(game, kind):
    """SEMANTICS §3: a P/T kind matches ^[+-][0-9]{1,9}/[+-][0-9]{1,9}$; others are plain
    (those shaped like one but not parsing, "+1/+1x", "+1234567890/+0", "+1/+1/+1", are
    refused as typos: test_counter_kinds_that_can_only_be_typos_are_refused)."""
    g = game()
    x = bear(g)
    g.add_counters(x, kind, 5)
    assert g.count(x, kind) == 5
    assert (g.power(x), g.toughness(x)) == (2, 2)


def test_power_toughness_of_counters_stack_exactly(game):
    """SEMANTICS §0: power/toughness computed exactly (no wrap), even with huge counts."""
    g = game()
    x = bear(g)
    g.add_counters(x, "+1/+1", MAX_COUNT)
    g.add_counters(x, "+2/+0", MAX_COUNT)
    assert g.power(x) == 2 + 3 * MAX_COUNT
    assert g.toughness(x) == 2 + MAX_COUNT


def test_power_toughness_exact_with_many_huge_kinds(game):
    """SEMANTICS §0: exact arithmetic even where a 64-bit sum would overflow."""
    g = game()
    x = bear(g, power=2**31 - 1, toughness=-(2**31) + 1)
    for kind in ("+999999999/+999999999", "+999999998/-999999999", "-1/-1", "+1/+1"):
        g.add_counters(x, kind, MAX_COUNT)
    assert g.power(x) == 2**31 - 1 + (999999999 + 999999998) * MAX_COUNT
    assert g.toughness(x) == -(2**31) + 1
    g.pump(x, -(2**31) + 1, 2**31 - 1)
    assert g.power(x) == (999999999 + 999999998) * MAX_COUNT
    assert g.toughness(x) == 0


def test_noncreature_without_base_has_no_power(game):
    """SEMANTICS §3: power/toughness are None for a non-creature with no base value; a creature
    with no base value has base 0."""
    g = game()
    art = g.create(0, types=["artifact"])
    assert g.power(art) is None and g.toughness(art) is None
    c = g.create(0, types=["creature"])
    assert (g.power(c), g.toughness(c)) == (0, 0)
    g.add_counters(c, "+1/+1")
    assert (g.power(c), g.toughness(c)) == (1, 1)


@pytest.mark.parametrize(
    "keyword",
    [
        "flying",
        "first strike",
        "double strike",
        "deathtouch",
        "decayed",
        "exalted",
        "haste",
        "hexproof",
        "indestructible",
        "lifelink",
        "menace",
        "reach",
        "shadow",
        "trample",
        "vigilance",
    ],
)
def test_cr122_1b_keyword_counters_grant_their_keyword(game, keyword):
    """CR 122.1b: a keyword counter on a permanent gives it that keyword."""
    g = game()
    x = bear(g)
    assert g.has_keyword(x, keyword) is False
    g.add_counters(x, keyword)
    assert g.has_keyword(x, keyword) is True
    g.remove_counters(x, keyword)
    assert g.has_keyword(x, keyword) is False


@pytest.mark.parametrize("name", ["infect", "wither", "toxic", "defender"])
def test_cr122_1b_only_listed_keywords_are_keyword_counters(game, name):
    """CR 122.1b lists the keyword counters; an "infect" (or wither, toxic, defender) counter is
    a plain counter that grants nothing: damage from its holder is ordinary damage."""
    g = game()
    x = bear(g)
    g.add_counters(x, name)
    assert g.has_keyword(x, name) is False
    assert g.toxic(x) == 0
    g.deal_damage(x, 1, 2, combat=True)
    assert g.life(1) == 18
    assert g.counters(1) == {}


def test_printed_keywords_and_toxic_values(game):
    """SEMANTICS §3: keywords as names or a mapping; toxic is valued (list → toxic 1)."""
    g = game()
    a = g.create(0, types=["creature"], keywords=["flying", "toxic"])
    b = g.create(0, types=["creature"], keywords={"toxic": 3, "infect": True})
    assert g.has_keyword(a, "flying") and not g.has_keyword(a, "infect")
    assert g.toxic(a) == 1
    assert g.toxic(b) == 3
    assert g.has_keyword(b, "infect")
    assert g.toxic(bear(g)) == 0


# --------------------------------------------------------------------------------------------
# Polarity


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("-1/-1", "bad"),
        ("poison", "bad"),
        ("stun", "bad"),
        ("rad", "bad"),
        ("wound", "bad"),
        ("-1 strength", "bad"),
        ("negative life", "bad"),
        ("+1/+1", "good"),
        ("loyalty", "good"),
        ("shield", "good"),
        ("energy", "good"),
        ("experience", "good"),
        ("ticket", "good"),
        ("lore", "good"),
        ("oil", "good"),
        ("charge", "good"),
        ("+1 strength", "good"),
        ("extra life", "good"),
        ("flying", "good"),
        ("deathtouch", "good"),
        ("first strike", "good"),
        ("+2/+0", "good"),
        ("-0/-1", "bad"),
        ("-2/+1", "bad"),
        ("+1/-1", "neutral"),
        ("bounty", "neutral"),
        ("finality", "neutral"),
        ("defense", "neutral"),
        ("квест", "neutral"),
    ],
)
def test_polarity_of_kinds(polarity, kind, expected):
    """SEMANTICS §4: polarity of a kind for its holder (P/T kinds by sign of dp+dt)."""
    assert polarity(kind) == expected


# --------------------------------------------------------------------------------------------
# Adding, removing, paying


def test_adding_zero_counters_is_no_event_and_no_kind(game):
    """SEMANTICS §4: adding 0 is no event (and lists no zero-count kind)."""
    g = game()
    x = bear(g)
    g.take_events()  # its "created"
    g.add_counters(x, "+1/+1", 0)
    g.add_counters(0, "energy", 0)
    assert g.counters(x) == {}
    assert g.counters(0) == {}
    assert g.take_events() == []


def test_bool_amount_counts_as_int(game):
    """SEMANTICS §0: bool is accepted as an int."""
    g = game()
    x = bear(g)
    g.take_events()  # its "created"
    g.add_counters(x, "charge", True)
    g.add_counters(x, "charge", False)
    assert g.counters(x) == {"charge": 1}
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=x, counter="charge", amount=1)
    ]


def test_negative_amount_is_value_error_and_changes_nothing(game):
    """SEMANTICS §4: a negative amount is a ValueError."""
    g = game()
    x = bear(g)
    g.add_counters(x, "charge", 2)
    assert_fails(g, ValueError, g.add_counters, x, "charge", -1)
    assert_fails(g, ValueError, g.remove_counters, x, "charge", -1)
    assert_fails(g, ValueError, g.pay_counters, x, "charge", -1)
    assert_fails(g, ValueError, g.pay_energy, 0, -1)
    assert g.counters(x) == {"charge": 2}


def test_remove_counters_removes_and_returns_count(game):
    """SEMANTICS §4: remove_counters removes min(n, count) and returns it; event if > 0."""
    g = game()
    x = bear(g)
    g.add_counters(x, "charge", 5)
    g.take_events()
    assert g.remove_counters(x, "charge", 2) == 2
    assert g.count(x, "charge") == 3
    assert g.remove_counters(x, "charge") == 1
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=x, counter="charge", amount=2),
        ev("counters_removed", target=x, counter="charge", amount=1),
    ]


def test_removing_more_than_there_removes_all_there_are(game):
    """SEMANTICS §4 (and Berserk Heroes 119.5.1): removing more than there are removes all and
    reports how many."""
    g = game()
    x = bear(g)
    g.add_counters(x, "-1/-1", 2)
    g.take_events()
    assert g.remove_counters(x, "-1/-1", 7) == 2
    assert g.counters(x) == {}
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=x, counter="-1/-1", amount=2)
    ]


def test_removing_absent_kind_returns_zero_and_no_event(game):
    g = game()
    x = bear(g)
    g.take_events()  # its "created"
    assert g.remove_counters(x, "charge", 3) == 0
    assert g.remove_counters(x, "charge", 0) == 0
    assert g.take_events() == []
    assert g.counters(x) == {}


def test_pay_counters_all_or_nothing(game):
    """SEMANTICS §4: paying counters as a cost is all-or-nothing; too few raises CannotPay."""
    g = game()
    x = bear(g)
    g.add_counters(x, "charge", 3)
    assert_fails(g, CannotPay, g.pay_counters, x, "charge", 4)
    assert g.count(x, "charge") == 3
    g.take_events()
    g.pay_counters(x, "charge", 2)
    assert g.count(x, "charge") == 1
    g.pay_counters(x, "charge", 1)
    assert g.counters(x) == {}
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=x, counter="charge", amount=2),
        ev("counters_removed", target=x, counter="charge", amount=1),
    ]
    assert_fails(g, CannotPay, g.pay_counters, x, "charge", 1)


def test_pay_zero_counters_is_no_event(game):
    g = game()
    x = bear(g)
    g.take_events()  # its "created"
    g.pay_counters(x, "charge", 0)
    assert g.take_events() == []
    assert g.counters(x) == {}


def test_cr107_14_pay_energy_is_paying_player_energy_counters(game):
    """CR 107.14 / energy rulings: {E} is one energy counter; pay_energy(p, n) pays p's energy."""
    g = game()
    g.add_counters(0, "energy", 3)
    g.take_events()
    g.pay_energy(0, 2)
    assert g.counters(0) == {"energy": 1}
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=0, counter="energy", amount=2)
    ]
    assert_fails(g, CannotPay, g.pay_energy, 0, 2)
    x = bear(g)
    g.add_counters(x, "energy", 5)
    assert_fails(g, ValueError, g.pay_energy, x, 1)


def test_count_overflow_is_overflow_error_and_changes_nothing(game):
    """SEMANTICS §4 / SEMANTICS §0: a count that would exceed MAX_COUNT = 2**64-1 is
    OverflowError."""
    g = game()
    x = bear(g)
    g.add_counters(x, "charge", MAX_COUNT)
    assert g.count(x, "charge") == MAX_COUNT
    assert_fails(g, OverflowError, g.add_counters, x, "charge", 1)
    assert g.count(x, "charge") == MAX_COUNT
    assert_fails(g, OverflowError, g.add_counters, x, "other", MAX_COUNT + 1)
    assert_fails(g, OverflowError, g.add_counters, 0, "poison", 2**100)
    g.add_counters(0, "poison", MAX_COUNT)
    assert_fails(g, OverflowError, g.add_counters, 0, "poison", MAX_COUNT)
    assert g.count(0, "poison") == MAX_COUNT


def test_zero_count_kinds_vanish_and_come_back_at_the_end(game):
    """SEMANTICS §4: a kind at 0 is gone; insertion order; it comes back appended."""
    g = game()
    x = bear(g)
    for kind in ("charge", "+1/+1", "quest"):
        g.add_counters(x, kind)
    assert list(g.counters(x)) == ["charge", "+1/+1", "quest"]
    g.remove_counters(x, "charge")
    assert list(g.counters(x)) == ["+1/+1", "quest"]
    assert "charge" not in g.counters(x)
    g.add_counters(x, "charge", 4)
    assert list(g.counters(x).items()) == [("+1/+1", 1), ("quest", 1), ("charge", 4)]
    g.add_counters(x, "+1/+1")
    assert list(g.counters(x).items()) == [("+1/+1", 2), ("quest", 1), ("charge", 4)]


def test_counters_returns_a_fresh_dict(game):
    g = game()
    x = bear(g)
    g.add_counters(x, "charge")
    d = g.counters(x)
    d["charge"] = 100
    d["poison"] = 1
    assert g.counters(x) == {"charge": 1}


@pytest.mark.parametrize(
    "kind", ["poison", "energy", "experience", "rad", "ticket", "bounty", "квест", "a b"]
)
def test_players_can_have_counters_of_any_kind(game, kind):
    """SEMANTICS §4: players can have counters (poison, energy, experience, rad, ticket, …); any
    other non-empty name is a valid kind (the SoM 2010 notes' 'poison only' is a historical
    note)."""
    g = game()
    g.add_counters(1, kind, 2)
    assert g.counters(1) == {kind: 2}
    assert g.counters(0) == {}


def test_counters_on_cards_in_other_zones(game):
    """SEMANTICS §4: add_counters works on players and objects in any zone (suspended cards)."""
    g = game()
    card = g.create(0, zone="exile", name="Suspended")
    g.add_counters(card, "time", 3)
    assert g.counters(card) == {"time": 3}
    spell = g.create(0, zone="stack", types=["sorcery"], name="Lightning Storm")
    g.add_counters(spell, "charge", 2)
    assert g.count(spell, "charge") == 2


def test_planeswalker_and_battle_enter_with_counters_without_events(game):
    """CR 306.5b / 310.4b: a planeswalker enters with its loyalty, a battle with its defense, as
    counters; SEMANTICS §2: counters it enters with make no event."""
    g = game()
    pw = g.create(0, types=["planeswalker"], loyalty=4)
    bt = g.create(1, types=["battle"], defense=5)
    assert g.counters(pw) == {"loyalty": 4}
    assert g.loyalty(pw) == 4
    assert g.counters(bt) == {"defense": 5}
    assert g.defense(bt) == 5
    assert event_tuples(g.take_events()) == [ev("created", target=pw), ev("created", target=bt)]


def test_planeswalker_moved_to_battlefield_enters_with_loyalty(game):
    """CR 306.5b: loyalty counters on entering the battlefield (not in hand); no counter event."""
    g = game()
    pw = g.create(0, zone="hand", types=["planeswalker"], loyalty=3)
    assert g.counters(pw) == {}
    new = g.move(pw, "battlefield")
    assert g.counters(new) == {"loyalty": 3}
    assert event_tuples(g.take_events()) == [
        ev("zone_change", target=pw, zone_from="hand", zone_to="battlefield", new_id=new)
    ]


# --------------------------------------------------------------------------------------------
# Zone changes: 122.2, 400.7, last known information


def test_cr122_2_counters_do_not_follow_a_zone_change_and_emit_no_removal(game):
    """CR 122.2 / 400.7: an object that changes zones is a new object without counters; the
    counters ceasing to exist emit no counters_removed."""
    g = game()
    x = bear(g)
    g.add_counters(x, "+1/+1", 2)
    g.add_counters(x, "charge", 1)
    g.take_events()
    new = g.move(x, "graveyard")
    assert new != x
    assert g.counters(new) == {}
    assert g.zone(new) == "graveyard"
    assert event_tuples(g.take_events()) == [
        ev("zone_change", target=x, zone_from="battlefield", zone_to="graveyard", new_id=new)
    ]


def test_cr400_7_old_id_keeps_last_known_information(game):
    """SEMANTICS §3: reads through the old id return last known information; zone(old) tells where
    the card went."""
    g = game()
    x = bear(g, power=3, toughness=3, keywords=["lifelink"])
    g.add_counters(x, "+1/+1", 2)
    g.deal_damage(g.create(1, types=["creature"], power=1, toughness=1), x, 1)
    new = g.move(x, "exile")
    assert g.zone(x) == "exile"
    assert g.counters(x) == {"+1/+1": 2}
    assert g.count(x, "+1/+1") == 2
    assert (g.power(x), g.toughness(x)) == (5, 5)
    assert g.damage(x) == 1
    assert g.controller(x) == 0
    assert g.has_keyword(x, "lifelink")
    assert (g.power(new), g.toughness(new)) == (3, 3)
    assert g.damage(new) == 0


def test_mutating_a_gone_id_raises_gone_error_and_changes_nothing(game):
    """SEMANTICS §3: mutations through a gone id raise GoneError."""
    g = game()
    x = bear(g)
    g.add_counters(x, "charge", 2)
    g.move(x, "graveyard")
    assert_fails(g, GoneError, g.add_counters, x, "charge", 1)
    assert_fails(g, GoneError, g.remove_counters, x, "charge", 1)
    assert_fails(g, GoneError, g.pay_counters, x, "charge", 1)
    assert_fails(g, GoneError, g.move, x, "hand")
    assert_fails(g, GoneError, g.deal_damage, bear(g), x, 1)
    assert_fails(g, GoneError, g.prevent_damage, x)
    assert g.counters(x) == {"charge": 2}


def test_gone_error_is_a_cardstate_error(impl_name):
    import cardstate.errors as errors

    assert issubclass(errors.GoneError, errors.CardstateError)
    assert issubclass(errors.CannotPay, errors.CardstateError)
    if impl_name == "native":
        import cardstate

        assert cardstate.GoneError is errors.GoneError
        assert cardstate.CannotPay is errors.CannotPay
        assert cardstate.CardstateError is errors.CardstateError


def test_moving_to_the_same_zone_makes_a_new_object(game):
    """SEMANTICS §3: moving to the zone it is in is allowed (it still becomes a new object)."""
    g = game()
    x = bear(g)
    g.add_counters(x, "+1/+1")
    g.take_events()
    new = g.move(x, "battlefield")
    assert new != x
    assert g.zone(new) == "battlefield"
    assert g.zone(x) == "battlefield"
    assert g.counters(new) == {}
    assert event_tuples(g.take_events()) == [
        ev("zone_change", target=x, zone_from="battlefield", zone_to="battlefield", new_id=new)
    ]


def test_move_keeps_printed_characteristics_and_owner(game):
    """SEMANTICS §3: the new object has the printed characteristics, controller = owner."""
    g = game()
    x = g.create(
        1,
        name="Plague Stinger",
        types=["creature"],
        subtypes=["Phyrexian", "Insect"],
        keywords=["flying", "infect"],
        power=1,
        toughness=1,
        cost=2,
        info={"artist": "Anonymous"},
    )
    g.grant(x, "lifelink")
    new = g.move(x, "hand")
    assert g.name(new) == "Plague Stinger"
    assert g.types(new) == ["creature"]
    assert g.subtypes(new) == ["Phyrexian", "Insect"]
    assert g.has_keyword(new, "infect") and g.has_keyword(new, "flying")
    assert not g.has_keyword(new, "lifelink")
    assert (g.power(new), g.toughness(new)) == (1, 1)
    assert g.controller(new) == 1 and g.owner(new) == 1
    assert g.info(new) == {"artist": "Anonymous"}


# --------------------------------------------------------------------------------------------
# info: non-game elements (classic Berserk rule 109)


def test_info_is_stored_as_copy_and_returned_as_new_dict(game):
    """SEMANTICS §3: info is stored (a copy) and returned by g.info(x) as a new dict."""
    g = game()
    info = {"artist": "Someone", "rarity": "rare"}
    x = bear(g, info=info)
    info["artist"] = "Changed"
    assert g.info(x) == {"artist": "Someone", "rarity": "rare"}
    got = g.info(x)
    got["year"] = 2010
    assert g.info(x) == {"artist": "Someone", "rarity": "rare"}
    assert g.info(bear(g)) in (None, {})


def test_info_is_ignored_by_equality_and_hash(game):
    """SEMANTICS §3: info is ignored by == and hash()."""
    g, h = game(), game()
    x = bear(g, info={"flavor": "Не кровь, но яд"})
    y = bear(h, info={"flavor": "something else", "year": 2015})
    assert x == y
    g.add_counters(x, "+1/+1")
    h.add_counters(y, "+1/+1")
    assert g == h
    assert g.hash() == h.hash()
    h.add_counters(y, "+1/+1")
    assert g != h


def test_snapshot_sees_counter_order(game):
    """The differential snapshot keeps insertion order (two orders are different states)."""
    g, h = game(), game()
    x, y = bear(g), bear(h)
    g.add_counters(x, "a")
    g.add_counters(x, "b")
    h.add_counters(y, "b")
    h.add_counters(y, "a")
    assert snapshot(g) != snapshot(h)


def test_kind_names_given_as_new_str_objects_each_call(game):
    """The native binding remembers the str objects that name built-in kinds; names built afresh
    on every call (and freed right after), for built-in and custom kinds alike, must count the
    same as literals. Many distinct objects cycle every remembered slot."""
    g = game()
    x = bear(g)
    names = ["+1/+1", "-1/-1", "poison", "shield", "stun", "quest", "lore", "charge", "oil", "ki"]
    expected: dict[str, int] = {}
    for round_ in range(60):
        for i, name in enumerate(names):
            fresh = "".join(list(name))  # a new object with the same text
            g.add_counters(x, fresh, i + 1)
            expected[name] = expected.get(name, 0) + i + 1
            assert g.count(x, "".join(list(name))) == expected[name]
        if round_ % 7 == 0:
            gone = "".join(list(names[round_ % len(names)]))
            assert g.remove_counters(x, gone, 1) == 1
            expected[names[round_ % len(names)]] -= 1
    assert g.counters(x) == {k: v for k, v in expected.items() if v}
    assert g.power(x) == 2 + expected["+1/+1"] - expected["-1/-1"]


def test_a_kind_str_seen_in_one_game_means_the_same_kind_in_another(impl):
    """Built-in kinds have the same meaning in every game; custom kinds are interned per game
    in the order first seen, and a name object reused across games must not carry one game's
    custom id into another."""
    a = impl(players=2, ruleset="mtg", seed=0)
    b = impl(players=2, ruleset="mtg", seed=0)
    name, custom = "".join(["+1", "/+1"]), "".join(["que", "st"])
    a.add_counters(0, "lore", 1)
    a.add_counters(0, "zzz", 1)  # a custom kind interned in a only, before "quest"
    a.add_counters(0, custom, 2)
    b.add_counters(1, custom, 3)
    a.add_counters(0, name, 4)
    b.add_counters(1, name, 5)
    assert a.counters(0) == {"lore": 1, "zzz": 1, "quest": 2, "+1/+1": 4}
    assert b.counters(1) == {"quest": 3, "+1/+1": 5}
    assert a.count(0, "quest") == 2 and b.count(1, "quest") == 3
    assert b.count(1, "zzz") == 0


def test_kind_str_subclass_and_event_counter_objects(game):
    """A str subclass names its text; an event's counter str passed back names the same kind."""

    class Name(str):
        pass

    g = game()
    x = bear(g)
    g.take_events()  # its "created"
    g.add_counters(x, Name("+1/+1"), 2)
    (ev,) = g.take_events()
    g.add_counters(x, ev.counter, 3)
    g.pay_counters(x, ev.counter, 4)
    assert g.count(x, Name("+1/+1")) == 1
    with pytest.raises(CannotPay, match=r"\+1/\+1"):
        g.pay_counters(x, ev.counter, 2)


@pytest.mark.parametrize(
    "kind",
    [
        "+1+1",
        "+1/1",
        "-1-1",
        "+1",
        "+1/+1 ",
        " shield",
        "poison\n",
        "+2/+x",
        "+1/+1x",
        "+1234567890/+0",
        "+1/+1/+1",
    ],
)
def test_counter_kinds_that_can_only_be_typos_are_refused(game, kind):
    """A kind is named exactly (122.1), so a name with leading or trailing whitespace, or one
    shaped like a power/toughness kind that doesn't parse, would silently make a new custom kind:
    it is refused (ValueError) and nothing changes."""
    g = game()
    x = g.create(0, types=["creature"], power=1, toughness=1)
    assert_fails(g, ValueError, g.add_counters, x, kind)
    assert_fails(g, ValueError, g.count, x, kind)


@pytest.mark.parametrize("kind", ["+1/+1", "-0/-2", "+1 strength", "+10/+0", "-1 strength", "x+1"])
def test_counter_kinds_like_those_are_accepted(game, kind):
    g = game()
    x = g.create(0, types=["creature"], power=1, toughness=1)
    g.add_counters(x, kind)
    assert g.count(x, kind) == 1


def test_created_event_comes_before_the_counters_an_object_enters_with(game):
    """603.6a, 122.6: a token created with counters enters the battlefield with them: ``created``
    first, then their ``counters_added``; the event survives pickling (``Event.as_tuple``)."""
    g = game()
    x = g.create(0, types=["creature"], power=0, toughness=0, counters={"+1/+1": 2})
    events = g.take_events()
    assert event_tuples(events) == [
        ev("created", target=x),
        ev("counters_added", target=x, counter="+1/+1", amount=2),
    ]
    assert [e.as_tuple() for e in pickle.loads(pickle.dumps(events))] == event_tuples(events)
