"""Proliferate (CR 701.34; old 701.23 of the SoM 2010 notes as "mtg-2010"), energy (CR 107.14,
energy rulings) and player counters (SEMANTICS §4, §5, §7)."""

from __future__ import annotations

import pytest
from cardstate.errors import CannotPay
from cardstate.vocabulary import MAX_COUNT
from conftest import assert_fails, ev, event_tuples

# 701.34: "whenever you proliferate" abilities trigger on this event, whatever was chosen.
PROLIFERATED = ev("proliferated", target=0)


def creature(g, controller=0, power=2, toughness=2, **kw):
    return g.create(controller, types=["creature"], power=power, toughness=toughness, **kw)


def added(target, counter, amount=1):
    return ev("counters_added", target=target, counter=counter, amount=amount)


def candidates(g):
    return [int(i) for i in g.proliferate_candidates()]


# --------------------------------------------------------------------------------------------
# Candidates


def test_proliferate_candidates_players_then_permanents_with_counters(game):
    """SEMANTICS §7: players with a counter (ascending), then battlefield permanents with a
    counter (ascending), whoever controls them."""
    g = game(players=3)
    a = creature(g, 2)
    b = creature(g, 0)
    c = creature(g, 1)
    g.add_counters(c, "+1/+1")
    g.add_counters(a, "-1/-1")
    g.add_counters(2, "poison")
    g.add_counters(0, "energy")
    assert candidates(g) == [0, 2, a, c]
    assert b not in candidates(g)


def test_seed000_cards_in_other_zones_are_never_candidates(game):
    """SoM 2010 notes ruling: cards not on the battlefield can't be chosen even if they have
    counters (suspended cards, Lightning Storm on the stack)."""
    g = game()
    suspended = g.create(0, zone="exile", name="Suspended card")
    g.add_counters(suspended, "time", 3)
    storm = g.create(1, zone="stack", types=["instant"], name="Lightning Storm")
    g.add_counters(storm, "charge", 2)
    for zone in ("hand", "graveyard", "library", "command"):
        card = g.create(0, zone=zone, types=["creature"], power=1, toughness=1)
        g.add_counters(card, "+1/+1")
    x = creature(g, 0)
    g.add_counters(x, "+1/+1")
    gone = creature(g, 0)
    g.add_counters(gone, "+1/+1")
    g.move(gone, "graveyard")
    assert candidates(g) == [x]
    g.take_events()
    info = assert_fails(g, ValueError, g.proliferate, 0, [suspended])
    assert str(suspended) in str(info.value)
    assert_fails(g, ValueError, g.proliferate, 0, [x, storm])
    assert g.counters(storm) == {"charge": 2}
    assert g.counters(x) == {"+1/+1": 1}


def test_candidates_type_for_each_implementation(game, impl_name):
    """SEMANTICS §7: native returns a numpy int64 array, the reference a list."""
    g = game()
    g.add_counters(1, "poison")
    got = g.proliferate_candidates()
    if impl_name == "native":
        import numpy as np

        assert isinstance(got, np.ndarray)
        assert got.dtype == np.int64
    else:
        assert isinstance(got, list)
    assert list(got) == [1]


def test_lost_players_are_not_candidates(game):
    """SEMANTICS §7: players not lost."""
    g = game(players=3)
    g.add_counters(1, "poison", 10)
    g.add_counters(2, "poison", 1)
    assert candidates(g) == [1, 2]
    g.check_state_based_actions()
    assert candidates(g) == [2]


def test_empty_board_has_no_candidates(game):
    g = game()
    creature(g)
    assert candidates(g) == []


# --------------------------------------------------------------------------------------------
# "mtg": 701.34a


def test_cr701_34a_each_kind_gets_one_more(game):
    """CR 701.34a: each chosen permanent/player gets one more counter of each kind it already
    has; events per kind in counters() order, amount 1."""
    g = game()
    x = creature(g, 0)
    g.add_counters(x, "+1/+1", 2)
    g.add_counters(x, "charge")
    g.add_counters(x, "-1/-1")
    g.add_counters(1, "poison", 3)
    g.add_counters(1, "energy", 1)
    g.take_events()
    g.proliferate(0, [x, 1])
    assert g.counters(x) == {"+1/+1": 3, "charge": 2, "-1/-1": 2}
    assert g.counters(1) == {"poison": 4, "energy": 2}
    assert event_tuples(g.take_events()) == [
        added(x, "+1/+1"),
        added(x, "charge"),
        added(x, "-1/-1"),
        added(1, "poison"),
        added(1, "energy"),
        PROLIFERATED,
    ]


def test_cr701_34a_processed_in_the_given_order(game):
    g = game()
    x = creature(g, 1)
    g.add_counters(x, "stun")
    g.add_counters(0, "experience")
    g.take_events()
    g.proliferate(0, (i for i in [x, 0]))
    assert event_tuples(g.take_events()) == [
        added(x, "stun"),
        added(0, "experience"),
        PROLIFERATED,
    ]


def test_cr701_34a_annihilation_is_not_immediate(game):
    """CR 704.5q: proliferating +1/+1 and -1/-1 adds both; annihilation waits for SBAs."""
    g = game()
    x = creature(g, 0)
    g.add_counters(x, "+1/+1")
    g.add_counters(x, "-1/-1")
    g.proliferate(0, [x])
    assert g.counters(x) == {"+1/+1": 2, "-1/-1": 2}


def test_seed000_you_can_choose_yourself(game):
    """SoM 2010 notes ruling: you can choose any players with counters, including yourself."""
    g = game()
    g.add_counters(0, "poison", 2)
    g.proliferate(0, [0])
    assert g.counters(0) == {"poison": 3}


def test_seed000_you_can_choose_opponents_permanents(game):
    """SoM 2010 notes ruling: any permanents with counters, including those opponents control."""
    g = game()
    theirs = creature(g, 1)
    g.add_counters(theirs, "-1/-1")
    g.proliferate(0, [theirs])
    assert g.counters(theirs) == {"-1/-1": 2}


def test_seed000_any_subset_including_none(game):
    """SoM 2010 notes ruling: you don't have to choose every candidate; 'any number' includes
    zero."""
    g = game()
    a = creature(g, 0)
    b = creature(g, 1)
    g.add_counters(a, "+1/+1")
    g.add_counters(b, "+1/+1")
    g.add_counters(1, "poison")
    g.take_events()
    g.proliferate(0, [])
    assert event_tuples(g.take_events()) == [PROLIFERATED]  # 701.34: you still proliferate
    g.proliferate(0, [b])
    assert g.counters(a) == {"+1/+1": 1}
    assert g.counters(b) == {"+1/+1": 2}
    assert g.counters(1) == {"poison": 1}


def test_seed000_proliferate_is_not_targeting(game):
    """SoM 2010 notes ruling: choices are made on resolution and nothing can respond in between;
    proliferate doesn't target, so a hexproof permanent can be chosen."""
    g = game()
    x = creature(g, 1, keywords=["hexproof"])
    g.add_counters(x, "-1/-1")
    g.proliferate(0, [x])
    assert g.counters(x) == {"-1/-1": 2}


def test_proliferate_non_candidate_duplicate_are_value_errors(game):
    """SEMANTICS §7: a non-candidate or a duplicate is a ValueError naming it, and nothing changes
    (not even the valid choices before it)."""
    g = game()
    x = creature(g, 0)
    y = creature(g, 0)
    g.add_counters(x, "+1/+1")
    info = assert_fails(g, ValueError, g.proliferate, 0, [x, y])
    assert str(y) in str(info.value)
    info = assert_fails(g, ValueError, g.proliferate, 0, [x, x])
    assert str(x) in str(info.value)
    info = assert_fails(g, ValueError, g.proliferate, 0, [x, 1])
    assert "1" in str(info.value)
    assert_fails(g, KeyError, g.proliferate, 0, [x, 4242])
    assert g.counters(x) == {"+1/+1": 1}


def test_proliferate_player_argument(game):
    g = game()
    x = creature(g, 0)
    g.add_counters(x, "+1/+1")
    assert_fails(g, ValueError, g.proliferate, x, [x])
    assert_fails(g, KeyError, g.proliferate, 77, [x])


def test_proliferate_overflow_changes_nothing(game):
    """SEMANTICS §0: a count that would overflow raises OverflowError, nothing changes."""
    g = game()
    x = creature(g, 0)
    g.add_counters(x, "+1/+1")
    g.add_counters(1, "poison", MAX_COUNT)
    assert_fails(g, OverflowError, g.proliferate, 0, [x, 1])
    assert g.counters(x) == {"+1/+1": 1}


@pytest.mark.parametrize("kind", ["experience", "rad", "ticket", "квест", "bounty", "oil"])
def test_proliferate_any_kind_on_players_and_permanents(game, kind):
    """proliferate works for every kind, custom names included (experience, rad and
    custom counters failed in other engines)."""
    g = game()
    x = creature(g, 1)
    g.add_counters(0, kind, 2)
    g.add_counters(x, kind, 1)
    g.proliferate(0, [0, x])
    assert g.counters(0) == {kind: 3}
    assert g.counters(x) == {kind: 2}


def test_berserk_proliferates_like_mtg(game):
    """SEMANTICS §7: berserk rules proliferate like "mtg" (each kind)."""
    g = game(ruleset="berserk")
    x = g.create(0, types=["creature"], strength=2, lives=3)
    g.add_counters(x, "+1 strength")
    g.add_counters(x, "wound")
    g.proliferate(0, [x])
    assert g.counters(x) == {"+1 strength": 2, "wound": 2}


# --------------------------------------------------------------------------------------------
# "mtg-2010": old 701.23a (SoM 2010 notes)


def test_seed000_701_23a_one_chosen_kind_only(game):
    """SoM 2010 notes ruling / old 701.23a: for each chosen permanent or player, choose one kind of
    counter it has and give one more of that kind; a permanent with several kinds still gets
    only one additional counter."""
    g = game(ruleset="mtg-2010")
    x = creature(g, 1)
    g.add_counters(x, "-1/-1", 2)
    g.add_counters(x, "charge")
    g.add_counters(0, "poison", 1)
    g.add_counters(0, "energy", 1)
    g.take_events()
    g.proliferate(0, {x: "-1/-1", 0: "energy"})
    assert g.counters(x) == {"-1/-1": 3, "charge": 1}
    assert g.counters(0) == {"poison": 1, "energy": 2}
    assert event_tuples(g.take_events()) == [added(x, "-1/-1"), added(0, "energy"), PROLIFERATED]


def test_seed000_701_23a_yourself_opponents_and_none(game):
    """SoM 2010 notes rulings in the 2010 rules: yourself, opponents' permanents, or nobody."""
    g = game(ruleset="mtg-2010")
    theirs = creature(g, 1)
    g.add_counters(theirs, "+1/+1")
    g.add_counters(0, "poison", 4)
    g.take_events()
    g.proliferate(0, {})
    assert event_tuples(g.take_events()) == [PROLIFERATED]
    g.proliferate(0, {0: "poison", theirs: "+1/+1"})
    assert g.count(0, "poison") == 5
    assert g.count(theirs, "+1/+1") == 2


def test_seed000_701_23a_kind_must_be_on_the_entity(game):
    """Old 701.23a: 'choose one kind of counter *already there*': a missing kind is a
    ValueError naming it, nothing changed."""
    g = game(ruleset="mtg-2010")
    x = creature(g, 0)
    g.add_counters(x, "+1/+1")
    g.add_counters(1, "poison")
    info = assert_fails(g, ValueError, g.proliferate, 0, {1: "poison", x: "charge"})
    assert "charge" in str(info.value)
    assert g.count(1, "poison") == 1


def test_seed000_701_23a_cards_in_other_zones_are_not_candidates(game):
    g = game(ruleset="mtg-2010")
    storm = g.create(1, zone="stack", types=["instant"], name="Lightning Storm")
    g.add_counters(storm, "charge", 2)
    info = assert_fails(g, ValueError, g.proliferate, 0, {storm: "charge"})
    assert str(storm) in str(info.value)


def test_mtg2010_needs_a_mapping(game):
    """SEMANTICS §7: a non-mapping in "mtg-2010" is a TypeError."""
    g = game(ruleset="mtg-2010")
    x = creature(g, 0)
    g.add_counters(x, "+1/+1")
    assert_fails(g, TypeError, g.proliferate, 0, [x])


# --------------------------------------------------------------------------------------------
# proliferate_auto


def auto_board(g):
    """p0: energy; p1: poison; a (p0): +1/+1; b (p0): -1/-1; c (p1): -1/-1, stun;
    d (p1): +1/+1; e (p0): +1/+1, -1/-1; f (p0): bounty; n (p0) no counters."""
    g.add_counters(0, "energy", 2)
    g.add_counters(1, "poison", 3)
    ids = {}
    for name, ctrl, kinds in [
        ("a", 0, ["+1/+1"]),
        ("b", 0, ["-1/-1"]),
        ("c", 1, ["-1/-1", "stun"]),
        ("d", 1, ["+1/+1"]),
        ("e", 0, ["+1/+1", "-1/-1"]),
        ("f", 0, ["bounty"]),
        ("n", 0, []),
    ]:
        x = creature(g, ctrl, 5, 5, name=name)
        for k in kinds:
            g.add_counters(x, k)
        ids[name] = x
    g.take_events()
    return ids


def test_proliferate_auto_mtg_chooses_by_polarity(game):
    """SEMANTICS §7: proliferate_auto gives more counters where that helps the player (its own
    good kinds, its opponents' bad kinds): candidates with total benefit > 0, in candidate order."""
    g = game()
    ids = auto_board(g)
    a, c = ids["a"], ids["c"]
    assert list(g.proliferate_auto(0)) == [0, 1, a, c]
    assert g.counters(0) == {"energy": 3}
    assert g.counters(1) == {"poison": 4}
    assert g.counters(a) == {"+1/+1": 2}
    assert g.counters(c) == {"-1/-1": 2, "stun": 2}
    assert g.counters(ids["b"]) == {"-1/-1": 1}
    assert g.counters(ids["e"]) == {"+1/+1": 1, "-1/-1": 1}
    assert event_tuples(g.take_events()) == [
        added(0, "energy"),
        added(1, "poison"),
        added(a, "+1/+1"),
        added(c, "-1/-1"),
        added(c, "stun"),
        PROLIFERATED,
    ]


def test_proliferate_auto_mtg_for_the_other_player(game):
    g = game()
    ids = auto_board(g)
    assert list(g.proliferate_auto(1)) == [ids["b"], ids["d"]]


def test_proliferate_auto_mtg2010_best_single_kind(game):
    """SEMANTICS §7: "mtg-2010": per candidate, among kinds of benefit +1 the smallest name
    (code-point order); returns the dict id → kind in candidate order."""
    g = game(ruleset="mtg-2010")
    ids = auto_board(g)
    a, c, e = ids["a"], ids["c"], ids["e"]
    got = g.proliferate_auto(0)
    assert list(got.items()) == [
        (0, "energy"),
        (1, "poison"),
        (a, "+1/+1"),
        (c, "-1/-1"),
        (e, "+1/+1"),
    ]
    assert g.counters(c) == {"-1/-1": 2, "stun": 1}
    assert g.counters(e) == {"+1/+1": 2, "-1/-1": 1}
    assert event_tuples(g.take_events()) == [
        added(0, "energy"),
        added(1, "poison"),
        added(a, "+1/+1"),
        added(c, "-1/-1"),
        added(e, "+1/+1"),
        PROLIFERATED,
    ]


def test_proliferate_auto_is_deterministic(game):
    """SEMANTICS §7: proliferate_auto's choices are deterministic (same board → same choice)."""
    for ruleset in ("mtg", "mtg-2010"):
        results = []
        for seed in (0, 1, 12345):
            g = game(ruleset=ruleset, seed=seed)
            auto_board(g)
            got = g.proliferate_auto(0)
            results.append(
                (
                    repr(list(got.items()) if isinstance(got, dict) else list(got)),
                    event_tuples(g.take_events()),
                )
            )
        assert results[0] == results[1] == results[2]


def test_proliferate_auto_with_nothing_to_gain(game):
    g = game()
    x = creature(g, 0)
    g.add_counters(x, "-1/-1")
    g.add_counters(0, "poison")
    g.take_events()
    assert list(g.proliferate_auto(0)) == []
    assert event_tuples(g.take_events()) == [PROLIFERATED]
    g2 = game(ruleset="mtg-2010")
    g2.add_counters(0, "poison")
    assert dict(g2.proliferate_auto(0)) == {}


# --------------------------------------------------------------------------------------------
# Energy (energy rulings, CR 107.14)


def test_seed002_energy_is_a_player_counter(game):
    """energy rulings: {E} is one energy counter, a kind of counter a player can have; getting {E}
    gives that many energy counters."""
    g = game()
    g.add_counters(0, "energy", 3)
    assert g.counters(0) == {"energy": 3}
    assert g.count(0, "energy") == 3
    assert candidates(g) == [0]


def test_seed002_energy_persists_through_cleanup(game):
    """energy rulings: energy is not mana; it doesn't go away between steps, phases and turns."""
    g = game()
    g.add_counters(0, "energy", 3)
    g.cleanup()
    g.check_state_based_actions()
    g.cleanup()
    assert g.count(0, "energy") == 3


def test_seed002_cant_pay_more_energy_than_you_have(game):
    """energy rulings: to pay {E} you lose that many energy counters; you can't pay more than you
    have (all-or-nothing, CannotPay, nothing paid)."""
    g = game()
    g.add_counters(0, "energy", 3)
    assert_fails(g, CannotPay, g.pay_energy, 0, 4)
    assert g.count(0, "energy") == 3
    assert_fails(g, CannotPay, g.pay_energy, 1, 1)
    g.take_events()
    g.pay_energy(0, 3)
    assert g.counters(0) == {}
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=0, counter="energy", amount=3)
    ]


def test_seed002_second_payment_beyond_what_is_left_is_refused(game):
    """energy rulings: you can't pay more {E} than you have: after paying {E}{E} out of 3, another
    {E}{E} is refused and nothing is paid. (The 'may pay is one optional payment' ruling is the
    card-effect layer's, cardstate.cards; tests/test_cards.py.)"""
    g = game()
    g.add_counters(0, "energy", 3)
    g.pay_energy(0, 2)
    assert_fails(g, CannotPay, g.pay_energy, 0, 2)
    assert g.count(0, "energy") == 1


def test_seed002_proliferate_chooses_players_with_energy(game):
    """energy rulings: effects that interact with counters a player gets or has interact with
    energy:
    proliferate can choose a player with energy."""
    for ruleset in ("mtg", "mtg-2010"):
        g = game(ruleset=ruleset)
        g.add_counters(1, "energy", 1)
        assert candidates(g) == [1]
        g.proliferate(0, [1] if ruleset == "mtg" else {1: "energy"})
        assert g.count(1, "energy") == 2


def test_seed002_energy_is_removable_like_any_counter(game):
    g = game()
    g.add_counters(1, "energy", 2)
    assert g.remove_counters(1, "energy", 5) == 2
    assert g.counters(1) == {}
