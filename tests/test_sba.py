"""State-based actions (CR 704; SEMANTICS §6) and cleanup (CR 514.2)."""

from __future__ import annotations

from conftest import assert_fails, ev, event_tuples


def creature(g, controller=0, power=2, toughness=2, keywords=(), **kw):
    return g.create(
        controller, types=["creature"], power=power, toughness=toughness, keywords=keywords, **kw
    )


def to_gy(old, new):
    return ev("zone_change", target=old, zone_from="battlefield", zone_to="graveyard", new_id=new)


def sba(g):
    g.take_events()
    events = event_tuples(g.check_state_based_actions())
    assert event_tuples(g.take_events()) == events, "SBA events are also in the log"
    return events


# --------------------------------------------------------------------------------------------
# Players


def test_cr704_5a_player_with_zero_life_loses(game):
    """CR 704.5a: a player with 0 or less life loses the game."""
    g = game()
    g.lose_life(1, 20)
    assert g.life(1) == 0
    assert not g.has_lost(1)
    assert sba(g) == [ev("player_lost", target=1)]
    assert g.has_lost(1) and not g.has_lost(0)
    assert g.is_over()
    assert g.winner() == 0


def test_cr704_5a_negative_life_loses(game):
    g = game()
    g.lose_life(0, 25)
    assert sba(g) == [ev("player_lost", target=0)]
    assert g.winner() == 1


def test_cr704_5a_positive_life_does_not_lose(game):
    g = game()
    g.lose_life(1, 19)
    assert sba(g) == []
    assert not g.is_over() and g.winner() is None


def test_cr704_5c_ten_poison_counters_lose(game):
    """CR 704.5c (SoM 2010 notes): a player with ten or more poison counters loses the game."""
    g = game()
    g.add_counters(1, "poison", 9)
    assert sba(g) == []
    g.add_counters(1, "poison", 1)
    assert sba(g) == [ev("player_lost", target=1)]
    assert g.has_lost(1) and g.winner() == 0


def test_cr704_5c_poison_from_infect_damage(game):
    g = game()
    s = creature(g, 0, 10, 10, keywords=["infect"])
    g.deal_damage(s, 1, 10, combat=True)
    assert g.life(1) == 20
    assert sba(g) == [ev("player_lost", target=1)]


def test_cr704_5c_more_than_ten_poison(game):
    g = game()
    g.add_counters(0, "poison", 15)
    assert sba(g) == [ev("player_lost", target=0)]


def test_cr704_both_players_lose_at_once_is_a_draw(game):
    """CR 704.3: all applicable SBAs at once: both players losing together leaves no winner."""
    g = game()
    g.lose_life(0, 20)
    g.add_counters(1, "poison", 10)
    assert sba(g) == [ev("player_lost", target=0), ev("player_lost", target=1)]
    assert g.is_over()
    assert g.winner() is None


def test_lost_player_is_reported_once(game):
    g = game()
    g.lose_life(1, 20)
    sba(g)
    g.lose_life(1, 5)
    assert sba(g) == []
    assert g.has_lost(1)


def test_is_over_with_three_players(game):
    """SEMANTICS §6: is_over when fewer than 2 players are not lost."""
    g = game(players=3)
    g.lose_life(2, 20)
    sba(g)
    assert g.has_lost(2)
    assert not g.is_over() and g.winner() is None
    g.add_counters(0, "poison", 10)
    sba(g)
    assert g.is_over() and g.winner() == 1


def test_one_player_game_is_over_by_definition(game):
    """SEMANTICS §6, literally: is_over() is 'fewer than 2 players not lost', winner() the one
    player left."""
    g = game(players=1)
    assert g.is_over()
    assert g.winner() == 0
    g.lose_life(0, 20)
    sba(g)
    assert g.is_over()
    assert g.winner() is None


# --------------------------------------------------------------------------------------------
# Creatures


def test_cr704_5f_toughness_zero_goes_to_graveyard(game):
    """CR 704.5f: a creature with toughness 0 or less is put into its owner's graveyard (not
    destroyed: no destroyed event)."""
    g = game()
    x = creature(g, 1, 2, 2)
    g.add_counters(x, "-1/-1", 2)
    assert sba(g) == [to_gy(x, x + 1)]
    assert g.zone(x) == "graveyard"
    assert g.zone(x + 1) == "graveyard"
    assert g.owner(x + 1) == 1


def test_cr704_5f_base_toughness_zero(game):
    g = game()
    x = creature(g, 0, 0, 0)
    assert sba(g) == [to_gy(x, x + 1)]


def test_cr704_5f_indestructible_does_not_help(game):
    """CR 704.5f: indestructible doesn't stop toughness 0 (it isn't destruction)."""
    g = game()
    x = creature(g, 0, 3, 1, keywords=["indestructible"])
    g.add_counters(x, "-1/-1", 3)
    assert sba(g) == [to_gy(x, x + 1)]


def test_cr704_5f_pump_to_zero_toughness(game):
    """CR 704.5f with an until-end-of-turn -0/-2."""
    g = game()
    x = creature(g, 0, 2, 2)
    g.pump(x, 0, -2)
    assert g.toughness(x) == 0
    assert sba(g) == [to_gy(x, x + 1)]


def test_cr704_5g_lethal_damage_destroys(game):
    """CR 704.5g: a creature with toughness > 0 and damage ≥ toughness is destroyed."""
    g = game()
    s = creature(g, 0, 5, 5)
    x = creature(g, 1, 3, 3)
    g.deal_damage(s, x, 2)
    assert sba(g) == []
    g.deal_damage(s, x, 1)
    assert sba(g) == [ev("destroyed", target=x), to_gy(x, x + 1)]


def test_cr704_5g_counters_raise_lethal_threshold(game):
    g = game()
    s = creature(g, 0, 5, 5)
    x = creature(g, 1, 2, 2)
    g.add_counters(x, "+1/+1")
    g.deal_damage(s, x, 2)
    assert sba(g) == []
    g.deal_damage(s, x, 1)
    assert sba(g) == [ev("destroyed", target=x), to_gy(x, x + 1)]


def test_cr704_5g_indestructible_survives_lethal_damage(game):
    """CR 702.12b: an indestructible permanent isn't destroyed by lethal damage; that is not
    an action, so SBAs report nothing."""
    g = game()
    s = creature(g, 0, 5, 5)
    x = creature(g, 1, 2, 2, keywords=["indestructible"])
    g.deal_damage(s, x, 5)
    assert sba(g) == []
    assert g.zone(x) == "battlefield"
    assert g.damage(x) == 5


def test_cr702_12b_indestructible_keeps_its_shield_counters(game):
    """SEMANTICS §6: an indestructible permanent is never 'destroyed', so a shield counter is not
    used up by lethal damage."""
    g = game()
    s = creature(g, 0, 5, 5)
    x = creature(g, 1, 2, 2, keywords=["indestructible"])
    g.deal_damage(s, x, 3)
    g.add_counters(x, "shield")
    assert sba(g) == []
    assert g.counters(x) == {"shield": 1}


def test_cr704_5h_deathtouch_damage_destroys(game):
    """CR 704.5h: a creature dealt damage by a deathtouch source since the last check is
    destroyed."""
    g = game()
    s = creature(g, 0, 1, 1, keywords=["deathtouch"])
    x = creature(g, 1, 10, 10)
    g.deal_damage(s, x, 1)
    assert sba(g) == [ev("destroyed", target=x), to_gy(x, x + 1)]


def test_cr704_5h_deathtouch_mark_cleared_after_the_check(game):
    """SEMANTICS §6.4: after the first pass every deathtouch mark is cleared, so an
    indestructible creature dealt deathtouch damage survives even after losing
    indestructible."""
    g = game()
    s = creature(g, 0, 1, 1, keywords=["deathtouch"])
    x = creature(g, 1, 10, 10)
    g.grant(x, "indestructible")
    g.deal_damage(s, x, 1)
    assert sba(g) == []
    g.revoke(x, "indestructible")
    assert sba(g) == []
    assert g.zone(x) == "battlefield"


def test_cr122_1c_shield_counters_dont_stop_deathtouch_destruction(game):
    """CR 122.1c: "If this permanent would be destroyed as the result of an effect, instead
    remove a shield counter from it": destruction by 704.5h is a state-based action, not an
    effect, so the creature is destroyed and its shield counter stays on it (Streets of New
    Capenna release notes, 2022-04-29)."""
    g = game()
    s = creature(g, 0, 1, 1, keywords=["deathtouch"])
    x = creature(g, 1, 5, 5)
    g.add_counters(x, "shield")
    g.deal_damage(s, x, 1, preventable=False)  # dealt in full; a shield counter is removed
    g.add_counters(x, "shield")
    assert sba(g) == [ev("destroyed", target=x), to_gy(x, x + 1)]
    assert g.counters(x) == {"shield": 1}  # last known information: it stayed on it


def test_cr122_1c_shield_counters_dont_stop_lethal_damage_destruction(game):
    """CR 704.5g with 122.1c: a creature with lethal damage marked is destroyed by state-based
    actions even with shield counters, and they stay on it (one pass, no shield removed)."""
    g = game()
    s = creature(g, 0, 5, 5)
    x = creature(g, 1, 3, 3)
    g.deal_damage(s, x, 3)
    g.add_counters(x, "shield", 2)
    assert sba(g) == [ev("destroyed", target=x), to_gy(x, x + 1)]
    assert g.count(x, "shield") == 2


def test_cr704_3_simultaneous_actions_in_one_pass(game):
    """CR 704.3: all applicable actions at once, permanents in ascending id."""
    g = game()
    s = creature(g, 0, 5, 5)
    a = creature(g, 0, 1, 1)
    b = creature(g, 1, 1, 1)
    pw = g.create(1, types=["planeswalker"], loyalty=1)
    g.deal_damage(s, b, 1)
    g.add_counters(a, "-1/-1")
    g.deal_damage(s, pw, 1)
    g.lose_life(1, 20)
    assert sba(g) == [
        ev("player_lost", target=1),
        to_gy(a, pw + 1),
        ev("destroyed", target=b),
        to_gy(b, pw + 2),
        to_gy(pw, pw + 3),
    ]


def test_cr704_5i_planeswalker_with_zero_loyalty(game):
    """CR 704.5i: a planeswalker with 0 loyalty is put into its owner's graveyard."""
    g = game()
    pw = g.create(0, types=["planeswalker"], loyalty=2)
    assert sba(g) == []
    g.remove_counters(pw, "loyalty", 2)
    assert sba(g) == [to_gy(pw, pw + 1)]


def test_cr704_5i_planeswalker_entering_with_zero_loyalty(game):
    g = game()
    pw = g.create(0, types=["planeswalker"], loyalty=0)
    assert g.counters(pw) == {}
    assert sba(g) == [to_gy(pw, pw + 1)]


def test_cr704_5v_battle_with_zero_defense(game):
    """CR 704.5v: a battle with 0 defense is put into its owner's graveyard."""
    g = game()
    s = creature(g, 0, 5, 5)
    b = g.create(1, types=["battle"], defense=3)
    g.deal_damage(s, b, 2)
    assert sba(g) == []
    g.deal_damage(s, b, 2)
    assert sba(g) == [to_gy(b, b + 1)]


def test_cr704_5q_annihilation_more_plus(game):
    """CR 704.5q: +1/+1 and -1/-1 counters on a permanent: N of each removed, N the smaller."""
    g = game()
    x = creature(g, 0, 2, 2)
    g.add_counters(x, "+1/+1", 3)
    g.add_counters(x, "-1/-1", 2)
    assert sba(g) == [
        ev("counters_removed", target=x, counter="+1/+1", amount=2),
        ev("counters_removed", target=x, counter="-1/-1", amount=2),
    ]
    assert g.counters(x) == {"+1/+1": 1}
    assert (g.power(x), g.toughness(x)) == (3, 3)


def test_cr704_5q_annihilation_is_symmetric_and_leaves_no_zero_kind(game):
    """Regression: annihilation is symmetric and leaves no zero-count kind."""
    g = game()
    x = creature(g, 0, 5, 5)
    y = creature(g, 0, 5, 5)
    g.add_counters(x, "-1/-1", 3)
    g.add_counters(x, "+1/+1", 2)
    g.add_counters(y, "+1/+1", 2)
    g.add_counters(y, "charge", 1)
    g.add_counters(y, "-1/-1", 2)
    assert sba(g) == [
        ev("counters_removed", target=x, counter="+1/+1", amount=2),
        ev("counters_removed", target=x, counter="-1/-1", amount=2),
        ev("counters_removed", target=y, counter="+1/+1", amount=2),
        ev("counters_removed", target=y, counter="-1/-1", amount=2),
    ]
    assert g.counters(x) == {"-1/-1": 1}
    assert g.counters(y) == {"charge": 1}
    assert (g.power(x), g.toughness(x)) == (4, 4)
    assert (g.power(y), g.toughness(y)) == (5, 5)


def test_cr704_5q_other_pt_kinds_do_not_annihilate(game):
    g = game()
    x = creature(g, 0, 5, 5)
    g.add_counters(x, "+2/+2")
    g.add_counters(x, "-1/-1")
    assert sba(g) == []
    assert g.counters(x) == {"+2/+2": 1, "-1/-1": 1}


def test_cr704_5q_only_on_permanents(game):
    g = game()
    card = g.create(0, zone="graveyard", types=["creature"], power=1, toughness=1)
    g.add_counters(card, "+1/+1")
    g.add_counters(card, "-1/-1")
    g.add_counters(0, "+1/+1")
    g.add_counters(0, "-1/-1")
    assert sba(g) == []
    assert g.counters(card) == {"+1/+1": 1, "-1/-1": 1}


def test_cr704_8_a_creature_dying_as_its_counters_annihilate_is_remembered_with_all(game):
    """CR 704.3, 704.8: the actions of one pass are simultaneous, so a 1/1 with one +1/+1 and
    two -1/-1 counters (toughness 0, 704.5f) dies in the pass in which 704.5q would remove a
    pair, and its last known information has all of them (persist, undying and modular read
    it)."""
    g = game()
    x = creature(g, 0, 1, 1)
    g.add_counters(x, "+1/+1")
    g.add_counters(x, "-1/-1", 2)
    assert sba(g) == [to_gy(x, x + 1)]
    assert g.counters(x) == {"+1/+1": 1, "-1/-1": 2}  # last known information


def test_cr704_5q_annihilation_on_an_indestructible_creature_with_lethal_damage(game):
    """CR 704.5q with 702.12b: a creature that stays (indestructible, lethal damage) has its
    counters annihilated in the same pass."""
    g = game()
    s = creature(g, 0, 5, 5)
    x = creature(g, 1, 2, 2, keywords=["indestructible"])
    g.add_counters(x, "+1/+1", 2)
    g.add_counters(x, "-1/-1")
    g.deal_damage(s, x, 5)
    assert sba(g) == [
        ev("counters_removed", target=x, counter="+1/+1", amount=1),
        ev("counters_removed", target=x, counter="-1/-1", amount=1),
    ]
    assert g.counters(x) == {"+1/+1": 1}


def test_sba_on_a_quiet_board_does_nothing(game):
    g = game()
    creature(g, 0, 2, 2)
    g.create(0, types=["planeswalker"], loyalty=3)
    g.create(0, zone="hand", types=["creature"], power=0, toughness=0)
    assert sba(g) == []


def test_sba_on_cards_in_other_zones_does_nothing(game):
    """CR 704.5f applies to creatures on the battlefield only."""
    g = game()
    card = g.create(0, zone="hand", types=["creature"], power=1, toughness=1)
    g.add_counters(card, "-1/-1", 3)
    assert sba(g) == []
    assert g.zone(card) == "hand"


def test_destroyed_creature_goes_to_its_owners_graveyard(game):
    """CR 704.5g: destroyed → owner's graveyard; the new object is controlled by its owner."""
    g = game()
    s = creature(g, 0, 5, 5)
    x = creature(g, 1, 1, 1)
    g.deal_damage(s, x, 1)
    sba(g)
    assert g.controller(x + 1) == 1 and g.owner(x + 1) == 1


def test_card_put_into_graveyard_by_sba_is_the_printed_card(game):
    """CR 400.7 / SEMANTICS §3 (move): the new object made by an SBA zone change has the printed
    characteristics, its owner as controller, no counters and the same info."""
    g = game()
    s = creature(g, 0, 5, 5)
    x = creature(g, 1, 2, 2, name="Bear", keywords=["trample"], info={"artist": "A"})
    g.add_counters(x, "+1/+1")
    g.grant(x, "lifelink")
    g.deal_damage(s, x, 3)
    sba(g)
    new = x + 1
    assert g.zone(new) == "graveyard"
    assert g.info(new) == {"artist": "A"}
    assert g.name(new) == "Bear"
    assert g.counters(new) == {}
    assert g.has_keyword(new, "trample") and not g.has_keyword(new, "lifelink")
    assert (g.power(new), g.toughness(new), g.damage(new)) == (2, 2, 0)
    assert g.info(x) == {"artist": "A"}


# --------------------------------------------------------------------------------------------
# Cleanup (514.2)


def test_cr514_2_cleanup_removes_damage_not_minus_counters(game):
    """CR 514.2 / SoM 2010 notes: cleanup removes marked damage; -1/-1 counters stay (not removed at
    end of turn); no events."""
    g = game()
    s = creature(g, 0, 5, 5)
    w = creature(g, 0, 5, 5, keywords=["wither"])
    x = creature(g, 1, 5, 5)
    g.deal_damage(s, x, 2)
    g.deal_damage(w, x, 1)
    g.add_counters(0, "energy", 2)
    g.take_events()
    g.cleanup()
    assert g.take_events() == []
    assert g.damage(x) == 0
    assert g.counters(x) == {"-1/-1": 1}
    assert g.counters(0) == {"energy": 2}
    assert g.toughness(x) == 4


def test_cr514_2_cleanup_ends_until_end_of_turn_effects(game):
    g = game()
    x = creature(g, 0, 2, 2)
    g.pump(x, 3, 1)
    g.grant(x, "flying", until_end_of_turn=True)
    g.grant(x, "trample")
    assert (g.power(x), g.toughness(x)) == (5, 3)
    assert g.has_keyword(x, "flying") and g.has_keyword(x, "trample")
    g.cleanup()
    assert (g.power(x), g.toughness(x)) == (2, 2)
    assert not g.has_keyword(x, "flying")
    assert g.has_keyword(x, "trample")


def test_cr514_2_damage_removed_before_sba_saves_creature(game):
    g = game()
    s = creature(g, 0, 5, 5)
    x = creature(g, 1, 3, 3)
    g.pump(x, 0, 2)
    g.deal_damage(s, x, 4)
    assert sba(g) == []
    g.cleanup()
    assert g.damage(x) == 0
    assert sba(g) == []
    assert g.toughness(x) == 3


def test_704_5r_counter_limit_removes_the_excess(game):
    """704.5r: "If a permanent with an ability that says it can't have more than N counters of a
    certain kind on it has more than N counters of that kind on it, all but N of those counters
    are removed from it." Rasputin Dreamweaver: "Rasputin Dreamweaver can't have more than seven
    dream counters on it." The limit is not a replacement: the counters are put, then removed."""
    g = game()
    rasputin = g.create(0, types=["creature"], power=4, toughness=1, name="Rasputin Dreamweaver")
    g.add_replacement_effect(
        "counters_limit", source=rasputin, affects="this permanent", counter="dream", amount=7
    )
    other = g.create(0, types=["creature"], power=1, toughness=1)
    g.add_counters(rasputin, "dream", 9)
    g.add_counters(rasputin, "charge", 9)
    g.add_counters(other, "dream", 9)
    g.take_events()
    assert event_tuples(g.check_state_based_actions()) == [
        ev("counters_removed", target=rasputin, counter="dream", amount=2)
    ]
    assert g.count(rasputin, "dream") == 7 and g.count(rasputin, "charge") == 9
    assert g.count(other, "dream") == 9
    assert g.check_state_based_actions() == []


def test_704_5r_smallest_limit_and_leaving_permanents(game):
    """704.5r with two limits on the same kind: the smaller wins. A permanent that leaves in the
    same pass (704.5f) leaves with all its counters (704.3: simultaneous)."""
    g = game()
    g.add_replacement_effect("counters_limit", affects="creatures", counter="charge", amount=3)
    g.add_replacement_effect("counters_limit", affects="permanents", counter="charge", amount=5)
    a = g.create(0, types=["creature"], power=1, toughness=1)
    dying = g.create(0, types=["creature"], power=1, toughness=0)
    relic = g.create(0, types=["artifact"])
    for x in (a, dying, relic):
        g.add_counters(x, "charge", 8)
    g.take_events()
    g.check_state_based_actions()
    assert g.count(a, "charge") == 3 and g.count(relic, "charge") == 5
    assert g.zone(dying) == "graveyard" and g.count(dying, "charge") == 8  # last known


def test_counter_limit_needs_a_kind_and_this_permanent_a_source(game):
    """Bad input: counters_limit without counter=, "this permanent" without source= or with
    other filters: ValueError, nothing changes."""
    g = game()
    x = g.create(0, types=["creature"], power=1, toughness=1)
    assert_fails(g, ValueError, g.add_replacement_effect, "counters_limit", affects="creatures")
    assert_fails(
        g,
        ValueError,
        g.add_replacement_effect,
        "counters_limit",
        affects="this permanent",
        counter="dream",
        amount=1,
    )
    assert_fails(
        g,
        ValueError,
        g.add_replacement_effect,
        "counters_limit",
        source=x,
        affects=["this permanent", "creatures"],
        counter="dream",
        amount=1,
    )
