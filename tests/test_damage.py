"""Damage (CR 120, 122.1c, 615, 702.2/15/80/90/164; SoM 2010 notes; SEMANTICS §5)."""

from __future__ import annotations

import pytest
from cardstate.errors import GoneError
from cardstate.vocabulary import LIFE_MIN, MAX_COUNT
from conftest import assert_fails, ev, event_tuples


def creature(g, controller=0, power=2, toughness=2, keywords=(), **kw):
    return g.create(
        controller, types=["creature"], power=power, toughness=toughness, keywords=keywords, **kw
    )


def dmg(source, target, amount, combat=False):
    return ev("damage", source=source, target=target, amount=amount, combat=combat)


def fresh(g):
    """Clear the event log (setup is not under test)."""
    g.take_events()
    return g


# --------------------------------------------------------------------------------------------
# CR 120.3: results by recipient


def test_cr120_3a_damage_to_player_without_infect_is_life_loss(game):
    """CR 120.3a (2010 numbering: 119.3a): a player dealt damage by a source without infect loses
    that much life."""
    g = game()
    s = creature(g, 0, 3, 3)
    fresh(g)
    assert g.deal_damage(s, 1, 3) == 3
    assert g.life(1) == 17
    assert g.counters(1) == {}
    assert event_tuples(g.take_events()) == [
        ev("life_lost", target=1, amount=3),
        dmg(s, 1, 3),
    ]


def test_cr120_3b_infect_damage_to_player_gives_poison(game):
    """CR 120.3b / 702.90c (2010 numbering: 119.3b, 702.87c): damage from an infect source to a
    player gives that many poison counters and no life loss."""
    g = game()
    s = creature(g, 0, 2, 2, keywords=["infect"])
    fresh(g)
    assert g.deal_damage(s, 1, 2) == 2
    assert g.life(1) == 20
    assert g.counters(1) == {"poison": 2}
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=1, counter="poison", amount=2),
        dmg(s, 1, 2),
    ]


def test_seed000_infect_applies_to_any_damage_not_only_combat(game):
    """SoM 2010 notes ruling: infect applies to any damage, not only combat damage."""
    g = game()
    s = creature(g, 0, 2, 2, keywords=["infect"])
    g.deal_damage(s, 1, 1, combat=False)
    g.deal_damage(s, 1, 1, combat=True)
    assert g.count(1, "poison") == 2
    assert g.life(1) == 20


def test_cr120_3c_damage_to_planeswalker_removes_loyalty(game):
    """CR 120.3c: damage dealt to a planeswalker removes that many loyalty counters."""
    g = game()
    s = creature(g, 0, 3, 3)
    pw = g.create(1, types=["planeswalker"], loyalty=5)
    fresh(g)
    assert g.deal_damage(s, pw, 3) == 3
    assert g.loyalty(pw) == 2
    assert g.damage(pw) == 0
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=pw, counter="loyalty", amount=3),
        dmg(s, pw, 3),
    ]


def test_seed000_infect_damage_to_planeswalker_removes_loyalty_normally(game):
    """SoM 2010 notes ruling: damage from an infect source to a planeswalker works normally (removes
    loyalty; no -1/-1 or poison counters)."""
    g = game()
    s = creature(g, 0, 2, 2, keywords=["infect"])
    pw = g.create(1, types=["planeswalker"], loyalty=4)
    fresh(g)
    assert g.deal_damage(s, pw, 2) == 2
    assert g.counters(pw) == {"loyalty": 2}
    assert g.counters(1) == {}
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=pw, counter="loyalty", amount=2),
        dmg(s, pw, 2),
    ]


def test_regression_loyalty_removed_is_min_of_damage_and_loyalty(game):
    """CR 120.3c regression: the counters_removed event reports min(damage, loyalty); the damage
    event reports the damage dealt; the kind vanishes at 0; 704.5i puts it into the graveyard."""
    g = game()
    s = creature(g, 0, 5, 5)
    pw = g.create(1, types=["planeswalker"], loyalty=2)
    fresh(g)
    assert g.deal_damage(s, pw, 5) == 5
    assert g.loyalty(pw) == 0
    assert g.counters(pw) == {}
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=pw, counter="loyalty", amount=2),
        dmg(s, pw, 5),
    ]
    events = event_tuples(g.check_state_based_actions())
    assert events == [
        ev("zone_change", target=pw, zone_from="battlefield", zone_to="graveyard", new_id=pw + 1)
    ]


def test_cr120_3d_wither_damage_to_creature_is_minus_counters(game):
    """CR 120.3d / 702.80a: damage from a wither source to a creature puts that many -1/-1
    counters on it and marks no damage."""
    g = game()
    s = creature(g, 0, 2, 2, keywords=["wither"])
    t = creature(g, 1, 4, 4)
    fresh(g)
    assert g.deal_damage(s, t, 2) == 2
    assert g.damage(t) == 0
    assert g.counters(t) == {"-1/-1": 2}
    assert (g.power(t), g.toughness(t)) == (2, 2)
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=t, counter="-1/-1", amount=2),
        dmg(s, t, 2),
    ]


def test_cr120_3d_infect_damage_to_creature_is_minus_counters(game):
    """CR 120.3d / 702.90b (2010 numbering: 119.3d, 702.87b): damage from an infect source to a
    creature isn't marked; it puts that many -1/-1 counters on it."""
    g = game()
    s = creature(g, 0, 3, 3, keywords=["infect"])
    t = creature(g, 1, 4, 4)
    fresh(g)
    assert g.deal_damage(s, t, 3) == 3
    assert g.damage(t) == 0
    assert g.counters(t) == {"-1/-1": 3}
    assert g.toughness(t) == 1
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=t, counter="-1/-1", amount=3),
        dmg(s, t, 3),
    ]


def test_wither_and_infect_together_are_not_doubled(game):
    """CR 120.3d: 'wither and/or infect' — one set of -1/-1 counters."""
    g = game()
    s = creature(g, 0, 2, 2, keywords=["wither", "infect"])
    t = creature(g, 1, 5, 5)
    g.deal_damage(s, t, 2)
    assert g.counters(t) == {"-1/-1": 2}


def test_cr120_3e_damage_to_creature_is_marked(game):
    """CR 120.3e (2010 numbering: 119.3e): damage from a source without wither or infect is marked;
    no event besides the damage event."""
    g = game()
    s = creature(g, 0, 3, 3)
    t = creature(g, 1, 4, 4)
    fresh(g)
    assert g.deal_damage(s, t, 3) == 3
    assert g.damage(t) == 3
    assert g.counters(t) == {}
    assert event_tuples(g.take_events()) == [dmg(s, t, 3)]
    g.deal_damage(s, t, 2)
    assert g.damage(t) == 5


def test_cr120_3h_damage_to_battle_removes_defense(game):
    """CR 120.3h: damage dealt to a battle removes that many defense counters (min with what
    it has)."""
    g = game()
    s = creature(g, 0, 3, 3)
    b = g.create(1, types=["battle"], defense=4)
    fresh(g)
    assert g.deal_damage(s, b, 3) == 3
    assert g.defense(b) == 1
    assert g.deal_damage(s, b, 3) == 3
    assert g.defense(b) == 0
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=b, counter="defense", amount=3),
        dmg(s, b, 3),
        ev("counters_removed", target=b, counter="defense", amount=1),
        dmg(s, b, 3),
    ]


def test_cr120_3_permanent_with_several_types_gets_each_result(game):
    """CR 120.3: a permanent that is both a planeswalker and a creature gets each applicable
    result, in the order planeswalker → creature (SEMANTICS §5)."""
    g = game()
    s = creature(g, 0, 2, 2)
    w = creature(g, 0, 2, 2, keywords=["wither"])
    pc = g.create(1, types=["creature", "planeswalker"], power=3, toughness=4, loyalty=5)
    fresh(g)
    g.deal_damage(s, pc, 2)
    assert g.loyalty(pc) == 3 and g.damage(pc) == 2
    g.deal_damage(w, pc, 1)
    assert g.loyalty(pc) == 2 and g.counters(pc) == {"loyalty": 2, "-1/-1": 1}
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=pc, counter="loyalty", amount=2),
        dmg(s, pc, 2),
        ev("counters_removed", target=pc, counter="loyalty", amount=1),
        ev("counters_added", target=pc, counter="-1/-1", amount=1),
        dmg(w, pc, 1),
    ]


def test_cr120_3_battle_creature_gets_both_results(game):
    g = game()
    s = creature(g, 0, 2, 2)
    bc = g.create(1, types=["battle", "creature"], power=1, toughness=5, defense=3)
    g.deal_damage(s, bc, 2)
    assert g.defense(bc) == 1
    assert g.damage(bc) == 2


# --------------------------------------------------------------------------------------------
# 120.4 and 120.8


def test_cr120_8_zero_damage_is_no_damage(game):
    """CR 120.8: 0 damage is no damage: no results and no events."""
    g = game()
    s = creature(g, 0, 2, 2, keywords=["lifelink", "infect", "deathtouch"])
    t = creature(g, 1, 2, 2)
    fresh(g)
    assert g.deal_damage(s, t, 0) == 0
    assert g.deal_damage(s, 1, 0, combat=True) == 0
    assert g.take_events() == []
    assert g.life(0) == 20
    assert g.counters(1) == {} and g.counters(t) == {}
    assert g.check_state_based_actions() == []
    assert g.zone(t) == "battlefield"


def test_cr120_4_prevention_before_results(game):
    """CR 120.4: prevention modifies the damage event first, then results happen for what is
    dealt; the return value is the damage dealt after prevention."""
    g = game()
    s = creature(g, 0, 5, 5, keywords=["lifelink"])
    t = creature(g, 1, 6, 6)
    g.prevent_damage(t, 2)
    fresh(g)
    assert g.deal_damage(s, t, 5) == 3
    assert g.damage(t) == 3
    assert g.life(0) == 23
    assert event_tuples(g.take_events()) == [
        ev("life_gained", target=0, amount=3, source=s),
        dmg(s, t, 3),
    ]


# --------------------------------------------------------------------------------------------
# 615 prevention, 122.1c shield counters


def test_cr615_prevention_shield_with_amount_is_used_up(game):
    """CR 615.7: a shield that prevents the next N damage is used up by what it prevents."""
    g = game()
    s = creature(g, 0, 5, 5)
    g.prevent_damage(1, 3)
    assert g.deal_damage(s, 1, 2) == 0
    assert g.life(1) == 20
    assert g.deal_damage(s, 1, 2) == 1
    assert g.life(1) == 19
    assert g.deal_damage(s, 1, 2) == 2
    assert g.life(1) == 17


def test_cr615_prevent_all_stays_until_cleanup(game):
    """SEMANTICS §5: a shield with amount=None prevents all damage and stays until cleanup."""
    g = game()
    s = creature(g, 0, 5, 5)
    t = creature(g, 1, 2, 2)
    g.prevent_damage(t)
    fresh(g)
    assert g.deal_damage(s, t, 5) == 0
    assert g.deal_damage(s, t, 7) == 0
    assert g.take_events() == []
    g.cleanup()
    assert g.deal_damage(s, t, 1) == 1
    assert g.damage(t) == 1


def test_cr615_prevention_source_filter(game):
    """CR 615: a shield that prevents damage from one source doesn't prevent other sources."""
    g = game()
    a = creature(g, 0, 2, 2)
    b = creature(g, 0, 2, 2)
    g.prevent_damage(1, None, source=a)
    assert g.deal_damage(a, 1, 2) == 0
    assert g.deal_damage(b, 1, 2) == 2
    assert g.life(1) == 18


def test_source_filters_outlive_the_source_leaving(game):
    """SEMANTICS §5.2: a shield or redirection whose source filter has left the battlefield
    stays: the gone source still deals damage through its LKI."""
    g = game()
    s = creature(g, 0, 2, 2)
    t = creature(g, 1, 4, 4)
    g.prevent_damage(1, None, source=s)
    g.redirect_damage(t, 1, source=s)
    g.move(s, "graveyard")
    assert g.deal_damage(s, 1, 2) == 0
    assert g.deal_damage(s, t, 3) == 0  # redirected to player 1, then prevented
    assert (g.life(1), g.damage(t)) == (20, 0)


def test_effects_on_a_recipient_that_left_end(game):
    """SEMANTICS §5.2: a redirection whose `to` moved ends at once (it doesn't come back to the
    new object)."""
    g = game()
    s = creature(g, 0, 2, 2)
    t = creature(g, 1, 4, 4)
    g.redirect_damage(1, t)
    new = g.move(t, "battlefield")
    g.deal_damage(s, 1, 2)
    assert g.life(1) == 18
    assert g.damage(new) == 0


def test_cr615_shields_apply_in_creation_order(game):
    """SEMANTICS §5: shields in creation order; an amount shield removed at 0."""
    g = game()
    s = creature(g, 0, 2, 2)
    g.prevent_damage(1, 1)
    g.prevent_damage(1, 2)
    assert g.deal_damage(s, 1, 2) == 0  # uses 1 of the first, 1 of the second
    assert g.deal_damage(s, 1, 2) == 1  # 1 left on the second
    assert g.deal_damage(s, 1, 2) == 2
    assert g.life(1) == 17


def test_cr615_12_damage_that_cant_be_prevented_uses_up_nothing(game):
    """CR 615.12: damage that can't be prevented is dealt in full and uses up no shield."""
    g = game()
    s = creature(g, 0, 5, 5)
    g.prevent_damage(1, 2)
    assert g.deal_damage(s, 1, 3, preventable=False) == 3
    assert g.life(1) == 17
    assert g.deal_damage(s, 1, 3) == 1
    assert g.life(1) == 16


def test_cr122_1c_shield_counter_prevents_damage_and_is_removed(game):
    """CR 122.1c: a permanent with shield counters: damage is prevented and one shield counter
    removed (one prevention effect however many counters)."""
    g = game()
    s = creature(g, 0, 5, 5, keywords=["lifelink"])
    t = creature(g, 1, 2, 2)
    g.add_counters(t, "shield", 2)
    fresh(g)
    assert g.deal_damage(s, t, 5) == 0
    assert g.damage(t) == 0
    assert g.count(t, "shield") == 1
    assert g.life(0) == 20
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=t, counter="shield", amount=1)
    ]
    assert g.deal_damage(s, t, 1) == 0
    assert g.counters(t) == {}
    assert g.deal_damage(s, t, 1) == 1
    assert g.damage(t) == 1


def test_cr122_1c_shield_counter_after_partial_prevention(game):
    """SEMANTICS §5.3: shields first; only if damage remains is a shield counter used."""
    g = game()
    s = creature(g, 0, 5, 5)
    t = creature(g, 1, 2, 2)
    g.add_counters(t, "shield")
    g.prevent_damage(t, 3)
    assert g.deal_damage(s, t, 2) == 0
    assert g.count(t, "shield") == 1
    assert g.deal_damage(s, t, 2) == 0
    assert g.count(t, "shield") == 0


def test_cr122_1c_unpreventable_damage_is_dealt_and_a_shield_counter_still_removed(game):
    """CR 615.12 with 122.1c (Streets of New Capenna release notes, 2022-04-29): "If damage
    that can't be prevented is dealt to a permanent with a shield counter on it, that damage
    will be dealt and a shield counter will still be removed."""
    g = game()
    s = creature(g, 0, 5, 5)
    t = creature(g, 1, 2, 2)
    g.add_counters(t, "shield", 2)
    fresh(g)
    assert g.deal_damage(s, t, 2, preventable=False) == 2
    assert g.count(t, "shield") == 1
    assert g.damage(t) == 2
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=t, counter="shield", amount=1),
        dmg(s, t, 2),
    ]


def test_shield_counter_on_player_does_not_prevent(game):
    """SEMANTICS §5.3: the shield-counter prevention applies to permanents only."""
    g = game()
    s = creature(g, 0, 2, 2)
    g.add_counters(1, "shield")
    assert g.deal_damage(s, 1, 2) == 2
    assert g.life(1) == 18
    assert g.count(1, "shield") == 1


def test_seed000_prevented_infect_damage_gives_no_poison(game):
    """SoM 2010 notes ruling: if damage from an infect source to a player is prevented, the player
    gets no poison counters."""
    g = game()
    s = creature(g, 0, 3, 3, keywords=["infect"])
    g.prevent_damage(1)
    fresh(g)
    assert g.deal_damage(s, 1, 3) == 0
    assert g.counters(1) == {}
    assert g.take_events() == []


def test_seed000_prevented_infect_damage_gives_no_minus_counters(game):
    """SoM 2010 notes ruling: if damage from an infect source to a creature is prevented, it gets no
    -1/-1 counters; partly prevented damage gives the rest."""
    g = game()
    s = creature(g, 0, 3, 3, keywords=["infect"])
    t = creature(g, 1, 4, 4)
    g.prevent_damage(t, 2)
    fresh(g)
    assert g.deal_damage(s, t, 3) == 1
    assert g.counters(t) == {"-1/-1": 1}
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=t, counter="-1/-1", amount=1),
        dmg(s, t, 1),
    ]


# --------------------------------------------------------------------------------------------
# Redirection


def test_seed000_infect_damage_redirected_from_creature_to_player_gives_poison(game):
    """SoM 2010 notes ruling (damage from infect can be redirected) / SEMANTICS §5.3: results are
    decided by the new recipient: infect damage redirected from a creature to a player is poison."""
    g = game()
    s = creature(g, 0, 3, 3, keywords=["infect"])
    t = creature(g, 1, 4, 4)
    g.redirect_damage(t, 1)
    fresh(g)
    assert g.deal_damage(s, t, 3) == 3
    assert g.counters(t) == {}
    assert g.counters(1) == {"poison": 3}
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=1, counter="poison", amount=3),
        dmg(s, 1, 3),
    ]


def test_redirection_from_player_to_creature_follows_new_recipient(game):
    """SEMANTICS §5.3: infect damage redirected from a player to a creature is -1/-1 counters."""
    g = game()
    s = creature(g, 0, 2, 2, keywords=["infect"])
    t = creature(g, 1, 4, 4)
    g.redirect_damage(1, t)
    g.deal_damage(s, 1, 2)
    assert g.counters(1) == {}
    assert g.counters(t) == {"-1/-1": 2}


def test_redirection_is_used_up(game):
    """SEMANTICS §5.2: amount=None redirects the next damage only, then is used up."""
    g = game()
    s = creature(g, 0, 2, 2)
    t = creature(g, 1, 4, 4)
    g.redirect_damage(1, t)
    g.deal_damage(s, 1, 2)
    g.deal_damage(s, 1, 2)
    assert g.damage(t) == 2
    assert g.life(1) == 18


def test_redirection_of_part_of_the_damage(game):
    """SEMANTICS §5.2: amount=k redirects min(k, damage) as a separate piece, processed before
    the rest; the rest stays with the target."""
    g = game()
    s = creature(g, 0, 5, 5)
    t = creature(g, 1, 4, 4)
    g.redirect_damage(1, t, 2)
    fresh(g)
    assert g.deal_damage(s, 1, 5) == 5
    assert g.damage(t) == 2
    assert g.life(1) == 17
    assert event_tuples(g.take_events()) == [
        ev("life_lost", target=1, amount=3),
        dmg(s, t, 2),
        dmg(s, 1, 3),
    ]
    # the effect had 2 and used 2: gone
    g.deal_damage(s, 1, 1)
    assert g.life(1) == 16


def test_partial_redirection_remaining_amount_carries_over(game):
    g = game()
    s = creature(g, 0, 5, 5)
    t = creature(g, 1, 4, 4)
    g.redirect_damage(1, t, 3)
    g.deal_damage(s, 1, 2)
    assert g.damage(t) == 2 and g.life(1) == 20
    g.deal_damage(s, 1, 2)
    assert g.damage(t) == 3 and g.life(1) == 19
    g.deal_damage(s, 1, 2)
    assert g.damage(t) == 3 and g.life(1) == 17


def test_cr616_1f_redirected_damage_is_redirected_again_by_another_effect(game):
    """CR 614.5, 616.1f, 616.2: a replacement effect applies to an event at most once, but
    after one applies, every other effect that now applies does: damage redirected from A to B
    is redirected again by an effect from B to C."""
    g = game()
    s = creature(g, 0, 2, 2)
    a = creature(g, 1, 4, 4)
    b = creature(g, 1, 4, 4)
    g.redirect_damage(a, b)
    g.redirect_damage(b, 1)
    fresh(g)
    assert g.deal_damage(s, a, 2) == 2
    assert g.damage(a) == 0 and g.damage(b) == 0
    assert g.life(1) == 18
    assert event_tuples(g.take_events()) == [ev("life_lost", target=1, amount=2), dmg(s, 1, 2)]
    # both effects were used up by that event
    g.deal_damage(s, b, 1)
    assert g.damage(b) == 1 and g.life(1) == 18


def test_cr614_5_two_redirections_of_the_next_1_damage_move_2_of_3(game):
    """CR 614.5 with 616.2: two "the next 1 damage that would be dealt to A is dealt to B
    instead" effects each apply once to a 3-damage event: 2 of it goes to B (one damage
    event), 1 stays with A."""
    g = game()
    s = creature(g, 0, 3, 3)
    a = creature(g, 1, 5, 5)
    b = creature(g, 1, 5, 5)
    g.redirect_damage(a, b, 1)
    g.redirect_damage(a, b, 1)
    fresh(g)
    assert g.deal_damage(s, a, 3) == 3
    assert g.damage(b) == 2 and g.damage(a) == 1
    assert event_tuples(g.take_events()) == [dmg(s, b, 2), dmg(s, a, 1)]


def test_cr614_5_a_redirection_loop_applies_each_effect_once(game):
    """CR 614.5: A -> B and B -> A: damage to A goes to B, then back to A, and stops there
    (each effect has applied to the event once)."""
    g = game()
    s = creature(g, 0, 3, 3)
    a = creature(g, 1, 5, 5)
    b = creature(g, 1, 5, 5)
    g.redirect_damage(a, b)
    g.redirect_damage(b, a)
    assert g.deal_damage(s, a, 3) == 3
    assert g.damage(a) == 3 and g.damage(b) == 0


def test_redirection_source_filter(game):
    g = game()
    s = creature(g, 0, 2, 2)
    other = creature(g, 0, 2, 2)
    t = creature(g, 1, 4, 4)
    g.redirect_damage(1, t, source=s)
    g.deal_damage(other, 1, 2)
    assert g.life(1) == 18 and g.damage(t) == 0
    g.deal_damage(s, 1, 2)
    assert g.life(1) == 18 and g.damage(t) == 2


def test_redirection_to_something_that_cant_be_dealt_damage_does_not_apply(game):
    """SEMANTICS §5.2: the redirection applies only if its `to` can currently be dealt damage."""
    g = game()
    s = creature(g, 0, 2, 2)
    card = g.create(1, zone="hand", types=["creature"], power=1, toughness=1)
    t = creature(g, 1, 4, 4)
    g.redirect_damage(1, card)
    g.redirect_damage(1, t)
    g.deal_damage(s, 1, 2)
    assert g.life(1) == 20
    assert g.damage(t) == 2
    # a redirection to a creature that has since left the battlefield doesn't apply either
    u = creature(g, 1, 4, 4)
    g.redirect_damage(1, u)
    g.move(u, "graveyard")
    g.deal_damage(s, 1, 2)
    assert g.life(1) == 18


def test_redirection_then_prevention_on_the_new_recipient(game):
    """CR 120.4 / SEMANTICS §5: redirection first, then the new recipient's prevention."""
    g = game()
    s = creature(g, 0, 3, 3, keywords=["infect"])
    t = creature(g, 1, 4, 4)
    g.prevent_damage(1, 2)
    g.redirect_damage(t, 1)
    assert g.deal_damage(s, t, 3) == 1
    assert g.counters(1) == {"poison": 1}
    assert g.counters(t) == {}


def test_redirect_to_itself_is_value_error(game):
    g = game()
    t = creature(g, 1, 4, 4)
    assert_fails(g, ValueError, g.redirect_damage, t, t)
    assert_fails(g, ValueError, g.redirect_damage, 1, 1)


def test_redirections_and_prevention_end_at_cleanup(game):
    """SEMANTICS §5: prevention shields and redirections end at cleanup."""
    g = game()
    s = creature(g, 0, 2, 2)
    t = creature(g, 1, 4, 4)
    g.redirect_damage(1, t)
    g.prevent_damage(t, 5)
    g.cleanup()
    g.deal_damage(s, 1, 2)
    g.deal_damage(s, t, 2)
    assert g.life(1) == 18
    assert g.damage(t) == 2


# --------------------------------------------------------------------------------------------
# 702.2 deathtouch


def test_cr702_2b_deathtouch_damage_destroys_at_sba(game):
    """CR 702.2b / 704.5h: a creature dealt damage by a deathtouch source is destroyed."""
    g = game()
    s = creature(g, 0, 1, 1, keywords=["deathtouch"])
    t = creature(g, 1, 6, 6)
    g.deal_damage(s, t, 1)
    fresh(g)
    assert event_tuples(g.check_state_based_actions()) == [
        ev("destroyed", target=t),
        ev("zone_change", target=t, zone_from="battlefield", zone_to="graveyard", new_id=t + 1),
    ]
    assert g.zone(t) == "graveyard"


def test_cr702_2_deathtouch_counter_gives_deathtouch(game):
    """CR 122.1b: a deathtouch counter gives deathtouch."""
    g = game()
    s = creature(g, 0, 1, 1)
    g.add_counters(s, "deathtouch")
    t = creature(g, 1, 6, 6)
    g.deal_damage(s, t, 1)
    g.check_state_based_actions()
    assert g.zone(t) == "graveyard"


def test_cr702_2_prevented_deathtouch_damage_marks_nothing(game):
    """CR 702.2b: only damage dealt counts; fully prevented deathtouch damage does nothing."""
    g = game()
    s = creature(g, 0, 1, 1, keywords=["deathtouch"])
    t = creature(g, 1, 6, 6)
    g.prevent_damage(t)
    g.deal_damage(s, t, 1)
    assert g.check_state_based_actions() == []
    assert g.zone(t) == "battlefield"


def test_cr702_2_deathtouch_to_player_is_plain_damage(game):
    g = game()
    s = creature(g, 0, 1, 1, keywords=["deathtouch"])
    g.deal_damage(s, 1, 1)
    assert g.life(1) == 19
    assert g.check_state_based_actions() == []


def test_cr702_2_deathtouch_mark_cleared_at_cleanup(game):
    """SEMANTICS §5: cleanup clears deathtouch marks."""
    g = game()
    s = creature(g, 0, 1, 1, keywords=["deathtouch"])
    t = creature(g, 1, 6, 6)
    g.deal_damage(s, t, 1)
    g.cleanup()
    assert g.check_state_based_actions() == []
    assert g.zone(t) == "battlefield"


def test_cr702_2_deathtouch_with_infect(game):
    """CR 702.2b with 702.90b: deathtouch infect damage gives -1/-1 counters and destroys."""
    g = game()
    s = creature(g, 0, 1, 1, keywords=["deathtouch", "infect"])
    t = creature(g, 1, 6, 6)
    g.deal_damage(s, t, 1)
    assert g.counters(t) == {"-1/-1": 1}
    g.check_state_based_actions()
    assert g.zone(t) == "graveyard"


# --------------------------------------------------------------------------------------------
# 702.15 lifelink


def test_cr702_15b_lifelink_damage_to_player(game):
    """CR 702.15b / 120.3f: damage by a lifelink source also makes its controller gain that
    much life."""
    g = game()
    s = creature(g, 0, 3, 3, keywords=["lifelink"])
    fresh(g)
    g.deal_damage(s, 1, 3)
    assert (g.life(0), g.life(1)) == (23, 17)
    assert event_tuples(g.take_events()) == [
        ev("life_lost", target=1, amount=3),
        ev("life_gained", target=0, amount=3, source=s),
        dmg(s, 1, 3),
    ]


def test_regression_lifelink_on_damage_to_creatures_and_planeswalkers(game):
    """CR 702.15b regression: lifelink applies to damage dealt to creatures and planeswalkers."""
    g = game()
    s = creature(g, 0, 3, 3, keywords=["lifelink"])
    t = creature(g, 1, 5, 5)
    pw = g.create(1, types=["planeswalker"], loyalty=5)
    g.deal_damage(s, t, 3)
    assert g.life(0) == 23
    g.deal_damage(s, pw, 2)
    assert g.life(0) == 25


def test_cr702_15_lifelink_counter(game):
    """CR 122.1b: a lifelink counter gives lifelink."""
    g = game()
    s = creature(g, 0, 3, 3)
    g.add_counters(s, "lifelink")
    g.deal_damage(s, 1, 2)
    assert g.life(0) == 22


def test_seed000_infect_with_lifelink_gains_life(game):
    """SoM 2010 notes ruling: infect damage is damage in every way: with lifelink, its controller
    gains that much life (and the damage event happens: 'when deals damage' triggers)."""
    g = game()
    s = creature(g, 0, 2, 2, keywords=["infect", "lifelink"])
    t = creature(g, 1, 4, 4)
    fresh(g)
    g.deal_damage(s, 1, 2)
    g.deal_damage(s, t, 1)
    assert g.life(0) == 23
    assert g.life(1) == 20
    assert g.counters(1) == {"poison": 2}
    assert g.counters(t) == {"-1/-1": 1}
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=1, counter="poison", amount=2),
        ev("life_gained", target=0, amount=2, source=s),
        dmg(s, 1, 2),
        ev("counters_added", target=t, counter="-1/-1", amount=1),
        ev("life_gained", target=0, amount=1, source=s),
        dmg(s, t, 1),
    ]


def test_cr702_15e_lifelink_gains_are_separate_per_source(game):
    """CR 702.15e (SEMANTICS §5): in simultaneous damage, each lifelink source causes its own life
    gain event, for the total it dealt, in order of its first assignment."""
    g = game()
    a = creature(g, 0, 2, 2, keywords=["lifelink"])
    b = creature(g, 0, 3, 3, keywords=["lifelink"])
    c = creature(g, 0, 4, 4)
    blocker = creature(g, 1, 5, 5)
    fresh(g)
    dealt = g.deal_simultaneous_damage([(b, 1, 3), (a, blocker, 1), (c, 1, 4), (a, 1, 1)])
    assert list(dealt) == [3, 1, 4, 1]
    assert g.life(0) == 25
    assert g.life(1) == 12
    assert event_tuples(g.take_events()) == [
        ev("life_lost", target=1, amount=3),
        ev("life_lost", target=1, amount=4),
        ev("life_lost", target=1, amount=1),
        ev("life_gained", target=0, amount=3, source=b),
        ev("life_gained", target=0, amount=2, source=a),
        dmg(b, 1, 3, True),
        dmg(a, blocker, 1, True),
        dmg(c, 1, 4, True),
        dmg(a, 1, 1, True),
    ]


def test_cr702_15e_lifelink_order_is_by_first_damage_dealt(game):
    """SEMANTICS §5.5: life gains in the order in which each source first *dealt* damage; a
    fully prevented assignment doesn't count."""
    g = game()
    a = creature(g, 0, 2, 2, keywords=["lifelink"])
    b = creature(g, 1, 3, 3, keywords=["lifelink"])
    t = creature(g, 1, 9, 9)
    g.prevent_damage(t, 2, source=a)
    fresh(g)
    dealt = g.deal_simultaneous_damage([(a, t, 2), (b, 0, 3), (a, 1, 2)], combat=False)
    assert list(dealt) == [0, 3, 2]
    assert (g.life(0), g.life(1)) == (19, 21)
    assert event_tuples(g.take_events()) == [
        ev("life_lost", target=0, amount=3),
        ev("life_lost", target=1, amount=2),
        ev("life_gained", target=1, amount=3, source=b),
        ev("life_gained", target=0, amount=2, source=a),
        dmg(b, 0, 3),
        dmg(a, 1, 2),
    ]


def test_cr702_15_lifelink_of_an_opponents_source_goes_to_its_controller(game):
    g = game()
    s = creature(g, 1, 2, 2, keywords=["lifelink"])
    t = creature(g, 0, 4, 4)
    g.deal_damage(s, t, 2)
    assert (g.life(0), g.life(1)) == (20, 22)


def test_cr702_15_lifelink_from_last_known_information(game):
    """CR 702.15 with 113.7a: a lifelink source that left the battlefield uses LKI, its
    controller gains the life."""
    g = game()
    s = creature(g, 1, 2, 2, keywords=["lifelink"])
    g.move(s, "graveyard")
    g.deal_damage(s, 0, 2)
    assert (g.life(0), g.life(1)) == (18, 22)


# --------------------------------------------------------------------------------------------
# 702.80 wither, 702.90 infect


def test_cleanup_never_changes_last_known_information(game):
    """SEMANTICS §5 (cleanup): damage and deathtouch marks are cleared on objects not gone; LKI
    never changes."""
    g = game()
    s = creature(g, 0, 2, 2)
    t = creature(g, 1, 5, 5)
    g.deal_damage(s, t, 3)
    g.move(t, "graveyard")
    g.cleanup()
    assert g.damage(t) == 3


def test_cr702_80_wither_counters_stay_after_cleanup(game):
    """CR 702.80 / SoM 2010 notes ruling: -1/-1 counters stay indefinitely, not removed at end of
    turn (cleanup removes marked damage only)."""
    g = game()
    s = creature(g, 0, 2, 2, keywords=["wither"])
    t = creature(g, 1, 5, 5)
    plain = creature(g, 0, 1, 1)
    g.deal_damage(s, t, 2)
    g.deal_damage(plain, t, 1)
    g.cleanup()
    assert g.counters(t) == {"-1/-1": 2}
    assert g.damage(t) == 0
    assert g.toughness(t) == 3


def test_cr702_90d_infect_from_last_known_information(game):
    """CR 702.90d (2010 numbering: 702.87d): if the source left the battlefield, whether it had
    infect is determined by its last known information."""
    g = game()
    s = creature(g, 0, 2, 2)
    g.grant(s, "infect")
    t = creature(g, 1, 5, 5)
    new = g.move(s, "graveyard")
    assert not g.has_keyword(new, "infect")
    fresh(g)
    assert g.deal_damage(s, 1, 2) == 2
    assert g.deal_damage(s, t, 1) == 1
    assert g.counters(1) == {"poison": 2}
    assert g.counters(t) == {"-1/-1": 1}
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=1, counter="poison", amount=2),
        dmg(s, 1, 2),
        ev("counters_added", target=t, counter="-1/-1", amount=1),
        dmg(s, t, 1),
    ]
    # the new object (without the grant, now in the graveyard) deals plain damage
    g.deal_damage(new, 1, 1)
    assert g.life(1) == 19


def test_cr702_90e_infect_works_from_any_zone(game):
    """CR 702.90e (2010 numbering: 702.87e): infect applies whatever zone the source deals damage
    from."""
    g = game()
    for zone in ("hand", "graveyard", "stack", "exile", "library", "command"):
        s = g.create(0, zone=zone, types=["creature"], keywords=["infect"], power=1, toughness=1)
        g.deal_damage(s, 1, 1)
    assert g.counters(1) == {"poison": 6}
    assert g.life(1) == 20


def test_cr702_90e_infect_instant_on_the_stack(game):
    g = game()
    spell = g.create(0, zone="stack", types=["instant"], keywords=["infect"])
    t = creature(g, 1, 3, 3)
    g.deal_damage(spell, t, 2)
    assert g.counters(t) == {"-1/-1": 2}


def test_cr702_90f_multiple_infect_instances_are_redundant(game):
    """CR 702.90f (2010 numbering: 702.87f): multiple instances of infect are redundant (granting a
    keyword the object already has changes nothing, SEMANTICS §5)."""
    g = game()
    s = creature(g, 0, 2, 2, keywords=["infect"])
    g.grant(s, "infect")
    g.deal_damage(s, 1, 2)
    assert g.counters(1) == {"poison": 2}


def test_granted_and_revoked_keywords_are_read_now(game):
    """SEMANTICS §5.5: abilities are read from the source as it is now."""
    g = game()
    s = creature(g, 0, 2, 2)
    g.grant(s, "infect")
    g.deal_damage(s, 1, 1)
    g.revoke(s, "infect")
    g.deal_damage(s, 1, 1)
    assert g.counters(1) == {"poison": 1}
    assert g.life(1) == 19


def test_revoke_removes_printed_and_granted_but_not_keyword_counters(game):
    """SEMANTICS §5: revoke removes a keyword whether printed, granted or granted until end of
    turn; a keyword counter is a counter and still grants it."""
    g = game()
    s = creature(g, 0, 2, 2, keywords=["lifelink", "infect"])
    g.revoke(s, "infect")
    g.revoke(s, "lifelink")
    assert not g.has_keyword(s, "infect") and not g.has_keyword(s, "lifelink")
    g.deal_damage(s, 1, 2)
    assert (g.life(0), g.life(1), g.counters(1)) == (20, 18, {})
    g.grant(s, "deathtouch", until_end_of_turn=True)
    g.revoke(s, "deathtouch")
    assert not g.has_keyword(s, "deathtouch")
    g.add_counters(s, "lifelink")
    g.revoke(s, "lifelink")
    assert g.has_keyword(s, "lifelink")
    g.deal_damage(s, 1, 1)
    assert g.life(0) == 21


def test_until_end_of_turn_grant_ends_at_cleanup(game):
    """CR 514.2: 'until end of turn' effects end at cleanup."""
    g = game()
    s = creature(g, 0, 2, 2)
    g.grant(s, "lifelink", until_end_of_turn=True)
    assert g.has_keyword(s, "lifelink")
    g.cleanup()
    assert not g.has_keyword(s, "lifelink")
    g.deal_damage(s, 1, 2)
    assert g.life(0) == 20


# --------------------------------------------------------------------------------------------
# 702.164 toxic


def test_cr702_164c_toxic_combat_damage_to_player_gives_poison(game):
    """CR 702.164c / 120.3g: combat damage to a player by a toxic source also gives poison
    counters equal to its total toxic value."""
    g = game()
    s = creature(g, 0, 2, 2, keywords={"toxic": 2})
    fresh(g)
    g.deal_damage(s, 1, 2, combat=True)
    assert g.life(1) == 18
    assert g.counters(1) == {"poison": 2}
    assert event_tuples(g.take_events()) == [
        ev("life_lost", target=1, amount=2),
        ev("counters_added", target=1, counter="poison", amount=2),
        dmg(s, 1, 2, True),
    ]


def test_cr702_164c_toxic_value_not_damage_amount(game):
    g = game()
    s = creature(g, 0, 5, 5, keywords=["toxic"])
    g.deal_damage(s, 1, 5, combat=True)
    assert g.counters(1) == {"poison": 1}
    assert g.life(1) == 15


def test_cr702_164_toxic_only_on_combat_damage(game):
    """CR 702.164c: noncombat damage from a toxic source gives no poison."""
    g = game()
    s = creature(g, 0, 2, 2, keywords={"toxic": 3})
    g.deal_damage(s, 1, 2, combat=False)
    assert g.counters(1) == {}
    assert g.life(1) == 18


def test_cr702_164_toxic_only_on_damage_to_players(game):
    """CR 702.164c: combat damage to a creature from a toxic source gives no poison."""
    g = game()
    s = creature(g, 0, 2, 2, keywords={"toxic": 3})
    t = creature(g, 1, 4, 4)
    g.deal_damage(s, t, 2, combat=True)
    assert g.counters(1) == {} and g.counters(t) == {}
    assert g.damage(t) == 2


def test_cr702_164_toxic_with_infect(game):
    """CR 702.164c with 120.3b: infect poison for the damage plus toxic poison."""
    g = game()
    s = creature(g, 0, 2, 2, keywords={"toxic": 1, "infect": 1})
    fresh(g)
    g.deal_damage(s, 1, 2, combat=True)
    assert g.counters(1) == {"poison": 3}
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=1, counter="poison", amount=2),
        ev("counters_added", target=1, counter="poison", amount=1),
        dmg(s, 1, 2, True),
    ]


def test_cr702_164_fully_prevented_toxic_damage_gives_no_poison(game):
    g = game()
    s = creature(g, 0, 2, 2, keywords={"toxic": 2})
    g.prevent_damage(1)
    g.deal_damage(s, 1, 2, combat=True)
    assert g.counters(1) == {}


# --------------------------------------------------------------------------------------------
# Simultaneous damage


def test_cr510_2_simultaneous_damage_then_sba_sees_the_whole_result(game):
    """CR 510.2: combat damage is dealt simultaneously; SBAs see the whole result."""
    g = game()
    a = creature(g, 0, 3, 3)
    b = creature(g, 1, 3, 3)
    dealt = g.deal_simultaneous_damage([(a, b, 3), (b, a, 3)])
    assert list(dealt) == [3, 3]
    fresh(g)
    assert event_tuples(g.check_state_based_actions()) == [
        ev("destroyed", target=a),
        ev("zone_change", target=a, zone_from="battlefield", zone_to="graveyard", new_id=b + 1),
        ev("destroyed", target=b),
        ev("zone_change", target=b, zone_from="battlefield", zone_to="graveyard", new_id=b + 2),
    ]


def test_simultaneous_damage_is_combat_by_default(game):
    g = game()
    s = creature(g, 0, 2, 2, keywords=["toxic"])
    fresh(g)
    g.deal_simultaneous_damage([(s, 1, 2)])
    assert g.counters(1) == {"poison": 1}
    assert event_tuples(g.take_events())[-1] == dmg(s, 1, 2, True)
    g.deal_simultaneous_damage([(s, 1, 2)], combat=False)
    assert g.counters(1) == {"poison": 1}


def test_simultaneous_damage_with_redirect_and_prevention(game):
    """SEMANTICS §5: assignments processed in order; effects used up by earlier ones."""
    g = game()
    a = creature(g, 0, 2, 2)
    b = creature(g, 0, 2, 2)
    t = creature(g, 1, 9, 9)
    g.prevent_damage(1, 3)
    dealt = g.deal_simultaneous_damage([(a, 1, 2), (b, 1, 2), (a, t, 2)])
    assert list(dealt) == [0, 1, 2]
    assert g.life(1) == 19


# --------------------------------------------------------------------------------------------
# Regressions (bug classes of other engines)


def test_regression_wither_deathtouch_lifelink_together(game):
    """Regression: wither + deathtouch + lifelink on one source: -1/-1 counters, life gain and
    destruction by deathtouch all happen."""
    g = game()
    s = creature(g, 0, 2, 2, keywords=["wither", "deathtouch", "lifelink"])
    t = creature(g, 1, 5, 5)
    fresh(g)
    assert g.deal_damage(s, t, 2, combat=True) == 2
    assert g.counters(t) == {"-1/-1": 2}
    assert g.damage(t) == 0
    assert g.life(0) == 22
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=t, counter="-1/-1", amount=2),
        ev("life_gained", target=0, amount=2, source=s),
        dmg(s, t, 2, True),
    ]
    assert event_tuples(g.check_state_based_actions()) == [
        ev("destroyed", target=t),
        ev("zone_change", target=t, zone_from="battlefield", zone_to="graveyard", new_id=t + 1),
    ]


def test_regression_damage_as_counters_emits_damage_and_counters_added(game):
    """SEMANTICS §2: damage dealt as -1/-1 or poison counters emits both damage and
    counters_added (it still counts as damage)."""
    g = game()
    s = creature(g, 0, 1, 1, keywords=["wither"])
    i = creature(g, 0, 1, 1, keywords=["infect"])
    t = creature(g, 1, 5, 5)
    fresh(g)
    g.deal_damage(s, t, 1)
    g.deal_damage(i, 1, 1)
    kinds = [e[0] for e in event_tuples(g.take_events())]
    assert kinds == ["counters_added", "damage", "counters_added", "damage"]


def test_regression_huge_damage_to_creature_and_planeswalker(game):
    """Regression: huge amounts are exact, never wrap."""
    g = game()
    s = creature(g, 0, 1, 1)
    t = creature(g, 1, 5, 5)
    pw = g.create(1, types=["planeswalker"], loyalty=3)
    assert g.deal_damage(s, t, MAX_COUNT) == MAX_COUNT
    assert g.damage(t) == MAX_COUNT
    fresh(g)
    assert g.deal_damage(s, pw, MAX_COUNT) == MAX_COUNT
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=pw, counter="loyalty", amount=3),
        dmg(s, pw, MAX_COUNT),
    ]


def test_regression_marked_damage_is_a_checked_count(game):
    """SEMANTICS §0/§5: marked damage beyond MAX_COUNT is OverflowError, nothing changed; in
    simultaneous damage the whole call is undone."""
    g = game()
    s = creature(g, 0, 1, 1)
    t = creature(g, 1, 5, 5)
    g.deal_damage(s, t, MAX_COUNT - 1)
    assert_fails(g, OverflowError, g.deal_damage, s, t, 2)
    assert_fails(g, OverflowError, g.deal_simultaneous_damage, [(s, 1, 3), (s, t, 1), (s, t, 1)])
    assert g.life(1) == 20
    assert g.deal_damage(s, t, 1) == 1
    assert g.damage(t) == MAX_COUNT


def test_regression_huge_damage_to_player_life_bounds(game):
    """SEMANTICS §0: life stays in -2**63 .. 2**63-1; leaving it is OverflowError, nothing
    changed."""
    g = game()
    s = creature(g, 0, 1, 1)
    assert g.deal_damage(s, 1, 2**63 + 20) == 2**63 + 20
    assert g.life(1) == LIFE_MIN
    assert_fails(g, OverflowError, g.deal_damage, s, 1, 1)
    assert_fails(g, OverflowError, g.deal_damage, s, 0, MAX_COUNT)
    assert g.life(0) == 20


def test_regression_huge_infect_damage(game):
    g = game()
    s = creature(g, 0, 1, 1, keywords=["infect"])
    t = creature(g, 1, 1, 1)
    g.deal_damage(s, 1, MAX_COUNT)
    assert g.count(1, "poison") == MAX_COUNT
    assert_fails(g, OverflowError, g.deal_damage, s, 1, 1)
    g.deal_damage(s, t, MAX_COUNT)
    assert g.count(t, "-1/-1") == MAX_COUNT
    assert g.toughness(t) == 1 - MAX_COUNT
    assert_fails(g, OverflowError, g.deal_damage, s, t, 1)


def test_regression_lifelink_overflow_undoes_the_whole_damage(game):
    """SEMANTICS §5: an overflow anywhere (here the lifelink gain) undoes all."""
    g = game()
    s = creature(g, 0, 1, 1, keywords=["lifelink"])
    t = creature(g, 1, 1, 1)
    assert_fails(g, OverflowError, g.deal_damage, s, t, 2**63)
    assert g.damage(t) == 0
    assert_fails(g, OverflowError, g.deal_simultaneous_damage, [(s, 1, 2), (s, t, MAX_COUNT)])
    assert g.life(1) == 20


def test_amount_larger_than_max_count_is_overflow_error(game):
    """SEMANTICS §0: amounts larger than MAX_COUNT are OverflowError."""
    g = game()
    s = creature(g, 0, 1, 1)
    assert_fails(g, OverflowError, g.deal_damage, s, 1, MAX_COUNT + 1)


# --------------------------------------------------------------------------------------------
# Bad input: a clear exception, nothing changed


def test_damage_to_a_card_not_on_the_battlefield_is_value_error(game):
    g = game()
    s = creature(g, 0, 1, 1)
    card = g.create(1, zone="hand", types=["creature"], power=1, toughness=1)
    assert_fails(g, ValueError, g.deal_damage, s, card, 1)


def test_damage_to_a_noncreature_permanent_is_value_error(game):
    g = game()
    s = creature(g, 0, 1, 1)
    art = g.create(1, types=["artifact"])
    land = g.create(1, types=["land"])
    assert_fails(g, ValueError, g.deal_damage, s, art, 1)
    assert_fails(g, ValueError, g.deal_damage, s, land, 1)


def test_damage_from_player_or_unknown_is_an_error(game):
    g = game()
    t = creature(g, 1, 2, 2)
    assert_fails(g, ValueError, g.deal_damage, 0, t, 1)
    info = assert_fails(g, KeyError, g.deal_damage, 999, t, 1)
    assert info.value.args[0] == "no entity with id 999"
    assert_fails(g, KeyError, g.deal_damage, t, 998, 1)


def test_damage_to_a_gone_object_is_gone_error(game):
    g = game()
    s = creature(g, 0, 1, 1)
    t = creature(g, 1, 2, 2)
    g.move(t, "graveyard")
    assert_fails(g, GoneError, g.deal_damage, s, t, 1)


def test_negative_or_non_int_damage(game):
    g = game()
    s = creature(g, 0, 1, 1)
    assert_fails(g, ValueError, g.deal_damage, s, 1, -1)
    assert_fails(g, TypeError, g.deal_damage, s, 1, 1.0)
    assert_fails(g, TypeError, g.deal_damage, s, 1, "1")


def test_one_bad_assignment_means_none_is_dealt(game):
    """in deal_simultaneous_damage, one bad assignment means none is dealt."""
    g = game()
    s = creature(g, 0, 3, 3, keywords=["lifelink"])
    t = creature(g, 1, 3, 3)
    card = g.create(1, zone="hand", types=["creature"], power=1, toughness=1)
    g.prevent_damage(1, 1)
    g.redirect_damage(t, 1)
    assert_fails(g, ValueError, g.deal_simultaneous_damage, [(s, t, 2), (s, 1, 2), (s, card, 1)])
    assert_fails(g, ValueError, g.deal_simultaneous_damage, [(s, t, 2), (s, 1, -2)])
    assert_fails(g, KeyError, g.deal_simultaneous_damage, [(s, 1, 2), (s, 12345, 2)])
    assert_fails(g, ValueError, g.deal_simultaneous_damage, [(s, 1, 2), (0, t, 2)])
    # the effects are still there, untouched: t → player 1, then 1 of it prevented
    assert list(g.deal_simultaneous_damage([(s, t, 2)])) == [1]
    assert g.life(1) == 19 and g.damage(t) == 0 and g.life(0) == 21
    assert list(g.deal_simultaneous_damage([])) == []


@pytest.mark.parametrize("bad", [[(1, 2)], [(1, 2, 3, 4)], [5], None, 7])
def test_malformed_assignments_are_type_or_value_errors(game, bad):
    g = game()
    creature(g, 0, 1, 1)
    creature(g, 1, 1, 1)
    assert_fails(g, (TypeError, ValueError), g.deal_simultaneous_damage, bad)
