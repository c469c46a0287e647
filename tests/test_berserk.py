"""Berserk CCG property rules (ruleset "berserk"): Berserk Heroes («Берсерк. Герои» 104.3–105.1) and
classic Berserk (classic Berserk 108–109); SEMANTICS §8, SEMANTICS §8."""

from __future__ import annotations

import pytest
from cardstate.vocabulary import MAX_COUNT
from conftest import assert_fails, ev, event_tuples


def berserk(game, players=2):
    return game(players=players, ruleset="berserk")


def card(g, controller=0, *, name, zone="battlefield", types=("creature",), **kw):
    return g.create(controller, zone=zone, name=name, types=list(types), **kw)


def kinds_of(events):
    return [e[0] for e in events]


# --------------------------------------------------------------------------------------------
# Heroes 104.3.1: strength


def test_heroes_104_3_1_vail_plus_one_effect_from_strength_zero(game):
    """Heroes 104.3.1, example: you play Обряд Пум-Пу on your Вайл, whose strength is 0; you
    put one +1 strength effect and Вайл's strength becomes 1."""
    g = berserk(game)
    vail = card(g, name="Вайл", strength=0, lives=3, movement=1)
    assert g.strength(vail) == 0
    g.take_events()
    g.set_strength(vail, 1)
    assert g.strength(vail) == 1
    assert g.counters(vail) == {"+1 strength": 1}
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=vail, counter="+1 strength", amount=1)
    ]


def test_heroes_104_3_1_strength_never_read_below_zero(game):
    """Heroes 104.3.1: the final strength can't be less than 0 when read."""
    g = berserk(game)
    x = card(g, name="Вайл", strength=1, lives=3)
    g.add_counters(x, "-1 strength", 3)
    assert g.strength(x) == 0
    g.add_counters(x, "+1 strength", 1)
    assert g.strength(x) == 0
    g.add_counters(x, "+1 strength", 2)
    assert g.strength(x) == 1


def test_heroes_strength_and_lives_are_exact_with_huge_effects(game):
    """SEMANTICS §0: strength and lives computed exactly; strength read clamped at 0; an effect
    count that would pass MAX_COUNT is OverflowError, nothing changed."""
    g = berserk(game)
    x = card(g, name="Вайл", strength=3, lives=2)
    g.add_counters(x, "-1 strength", MAX_COUNT)
    g.add_counters(x, "negative life", MAX_COUNT)
    assert g.strength(x) == 0
    assert g.lives(x) == 2 - MAX_COUNT
    assert_fails(g, OverflowError, g.set_strength, x, 5)  # would need MAX_COUNT + 2 effects
    g.set_strength(x, 2)
    assert g.count(x, "+1 strength") == MAX_COUNT - 1
    assert g.strength(x) == 2
    g.take_events()
    g.set_lives(x, 4)
    assert g.lives(x) == 4
    assert g.counters(x) == {
        "-1 strength": MAX_COUNT,
        "+1 strength": MAX_COUNT - 1,
        "extra life": 2,
    }
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=x, counter="negative life", amount=MAX_COUNT),
        ev("counters_added", target=x, counter="extra life", amount=2),
    ]


def test_heroes_104_3_1_strength_becomes_x_counts_from_the_unclamped_value(game):
    """Heroes 104.3.1 / SEMANTICS §8: put as many effects as make strength X, counted from the
    unclamped value; never removes effects."""
    g = berserk(game)
    x = card(g, name="Вайл", strength=1, lives=3)
    g.add_counters(x, "-1 strength", 2)  # unclamped -1, reads 0
    g.take_events()
    g.set_strength(x, 2)
    assert g.strength(x) == 2
    assert g.counters(x) == {"-1 strength": 2, "+1 strength": 3}
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=x, counter="+1 strength", amount=3)
    ]


def test_heroes_104_3_1_strength_becomes_lower(game):
    g = berserk(game)
    x = card(g, name="Гном-воин", strength=4, lives=3)
    g.add_counters(x, "+1 strength")
    g.take_events()
    g.set_strength(x, 2)
    assert g.strength(x) == 2
    assert g.counters(x) == {"+1 strength": 1, "-1 strength": 3}
    g.set_strength(x, 2)
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=x, counter="-1 strength", amount=3)
    ]


def test_heroes_104_3_1_only_for_cards_in_play(game):
    """Heroes 104.3.1: 'applies only to cards in the play zone'."""
    g = berserk(game)
    x = card(g, name="Вайл", zone="hand", strength=0, lives=3)
    assert_fails(g, ValueError, g.set_strength, x, 1)
    assert_fails(g, ValueError, g.set_lives, x, 1)
    art = card(g, name="Артефакт", types=["artifact"])
    assert_fails(g, ValueError, g.set_strength, art, 1)
    y = card(g, name="Вайл", strength=0, lives=3)
    assert_fails(g, ValueError, g.set_strength, y, -1)
    assert_fails(g, ValueError, g.set_lives, y, -1)


# --------------------------------------------------------------------------------------------
# Heroes 104.3.1: lives


def test_heroes_104_3_1_akkenia_and_shock_lives_become_one(game):
    """Heroes 104.3.1, example: you control Аккения (enemy creatures have Уязвимость) and your
    opponent plays Шок (lives of all creatures in play become 1). All wounds are removed and
    negative-life effects put so that every creature has 1 life. No wound is placed, so
    Уязвимость doesn't work; 'on healing' abilities don't trigger either although wounds were
    removed: no `wounded` and no `healed` event."""
    g = berserk(game)
    akkenia = card(g, 0, name="Аккения", strength=2, lives=4)
    goblin = card(g, 1, name="Гоблин", strength=1, lives=2)
    orc = card(g, 1, name="Орк", strength=1, lives=1)
    hitter = card(g, 1, name="Боец", strength=3, lives=3)
    g.deal_damage(hitter, akkenia, 2)
    g.deal_damage(akkenia, goblin, 1)
    g.add_counters(goblin, "extra life")
    assert (g.lives(akkenia), g.wounds(akkenia)) == (4, 2)
    assert (g.lives(goblin), g.wounds(goblin)) == (3, 1)
    g.take_events()
    for x in (akkenia, goblin, orc):  # Шок
        g.set_lives(x, 1)
    events = event_tuples(g.take_events())
    assert events == [
        ev("counters_added", target=akkenia, counter="negative life", amount=3),
        ev("counters_removed", target=goblin, counter="extra life", amount=1),
        ev("counters_added", target=goblin, counter="negative life", amount=1),
    ]
    assert "wounded" not in kinds_of(events) and "healed" not in kinds_of(events)
    for x in (akkenia, goblin, orc):
        assert g.lives(x) == 1
        assert g.wounds(x) == 0
        assert "wound" not in g.counters(x)
    assert g.counters(akkenia) == {"negative life": 3}
    assert g.check_state_based_actions() == []


def test_heroes_104_3_1_lives_become_higher(game):
    """SEMANTICS §8: to raise, first remove negative lives, then put extra lives."""
    g = berserk(game)
    x = card(g, name="Страж", strength=1, lives=3)
    g.add_counters(x, "negative life")
    g.add_counters(x, "wound")
    g.take_events()
    g.set_lives(x, 5)
    assert g.lives(x) == 5 and g.wounds(x) == 0
    assert g.counters(x) == {"extra life": 2}
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=x, counter="negative life", amount=1),
        ev("counters_added", target=x, counter="extra life", amount=2),
    ]


def test_heroes_lives_and_wounds(game):
    """SEMANTICS §8: lives = base + extra − negative; wounds are markers, not effects."""
    g = berserk(game)
    x = card(g, name="Страж", strength=1, lives=3)
    g.add_counters(x, "extra life", 2)
    g.add_counters(x, "negative life", 1)
    assert g.lives(x) == 4
    g.add_counters(x, "wound", 3)
    assert g.wounds(x) == 3
    assert g.lives(x) == 4
    assert g.check_state_based_actions() == []


# --------------------------------------------------------------------------------------------
# Damage, wounds, death, healing


def test_berserk_damage_places_wounds(game):
    """SEMANTICS §8: damage in "berserk" places that many wounds (event `wounded`, not
    counters_added), then the damage event."""
    g = berserk(game)
    a = card(g, 0, name="Боец", strength=2, lives=3)
    b = card(g, 1, name="Гоблин", strength=1, lives=3)
    g.take_events()
    assert g.deal_damage(a, b, 2) == 2
    assert g.wounds(b) == 2
    assert g.counters(b) == {"wound": 2}
    assert event_tuples(g.take_events()) == [
        ev("wounded", source=a, target=b, amount=2),
        ev("damage", source=a, target=b, amount=2, combat=False),
    ]


def test_berserk_creature_dies_when_wounds_reach_lives(game):
    """SEMANTICS §8/§7: a creature whose wounds are at least its lives dies (state-based action)."""
    g = berserk(game)
    a = card(g, 0, name="Боец", strength=2, lives=3)
    b = card(g, 1, name="Гоблин", strength=1, lives=3)
    g.deal_damage(a, b, 2)
    assert g.check_state_based_actions() == []
    g.add_counters(b, "extra life")
    g.deal_damage(a, b, 1)
    assert g.check_state_based_actions() == []
    g.deal_damage(a, b, 1)
    g.take_events()
    assert event_tuples(g.check_state_based_actions()) == [
        ev("destroyed", target=b),
        ev("zone_change", target=b, zone_from="battlefield", zone_to="graveyard", new_id=b + 1),
    ]


def test_berserk_hero_can_be_dealt_damage_but_players_cannot(game):
    g = berserk(game)
    a = card(g, 0, name="Боец", strength=2, lives=3)
    hero = card(g, 1, name="Герой", types=["hero"], lives=20)
    g.deal_damage(a, hero, 2)
    assert g.wounds(hero) == 2
    assert_fails(g, ValueError, g.deal_damage, a, 1, 2)
    terrain = card(g, 1, name="Лес", types=["terrain"])
    assert_fails(g, ValueError, g.deal_damage, a, terrain, 2)


def test_berserk_life_totals_have_no_sba(game):
    """SEMANTICS §1: the life SBAs only run in the Magic rulesets."""
    g = berserk(game)
    g.lose_life(1, 25)
    g.add_counters(0, "poison", 10)
    assert g.check_state_based_actions() == []
    assert not g.has_lost(0) and not g.has_lost(1)


def test_heal_removes_up_to_n_wounds(game):
    """SEMANTICS §8: healing N removes up to N wounds and emits `healed` with the number removed."""
    g = berserk(game)
    x = card(g, name="Вайл", strength=1, lives=5)
    g.add_counters(x, "wound", 3)
    g.take_events()
    g.heal(x, 2)
    assert g.wounds(x) == 1
    g.heal(x, 5)
    assert g.wounds(x) == 0
    g.heal(x, 5)
    g.heal(x, 0)
    assert event_tuples(g.take_events()) == [
        ev("healed", target=x, amount=2),
        ev("healed", target=x, amount=1),
    ]
    assert_fails(g, ValueError, g.heal, x, -1)
    y = card(g, name="Вайл", zone="hand", strength=1, lives=5)
    assert_fails(g, ValueError, g.heal, y, 1)


def test_remove_effects_removes_effects_not_wounds(game):
    """SEMANTICS §8: remove_effects removes all strength and life effects, not wounds."""
    g = berserk(game)
    x = card(g, name="Вайл", strength=2, lives=5)
    for kind, n in [("+1 strength", 2), ("wound", 1), ("negative life", 1), ("-1 strength", 1)]:
        g.add_counters(x, kind, n)
    g.add_counters(x, "extra life", 3)
    g.take_events()
    g.remove_effects(x)
    assert g.counters(x) == {"wound": 1}
    assert (g.strength(x), g.lives(x)) == (2, 5)
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=x, counter="+1 strength", amount=2),
        ev("counters_removed", target=x, counter="negative life", amount=1),
        ev("counters_removed", target=x, counter="-1 strength", amount=1),
        ev("counters_removed", target=x, counter="extra life", amount=3),
    ]


# --------------------------------------------------------------------------------------------
# Heroes 104.3.4: non-base properties (control)


def test_heroes_104_3_4_vail_control_kept_through_healing(game):
    """Heroes 104.3.4, example: you took control of Вайл, then played Виата and healed it,
    removing effects on the way. The controller is a non-base property: changing it made no
    effect, so Вайл stays under your control. It returns to its owner when it leaves play."""
    g = berserk(game)
    vail = card(g, 1, name="Вайл", strength=0, lives=3)
    g.add_counters(vail, "wound", 2)
    g.add_counters(vail, "-1 strength")
    g.take_events()
    g.set_controller(vail, 0)
    assert g.take_events() == []
    assert g.counters(vail) == {"wound": 2, "-1 strength": 1}
    assert (g.controller(vail), g.owner(vail)) == (0, 1)
    g.heal(vail, 2)  # Виата
    g.remove_effects(vail)
    assert g.counters(vail) == {}
    assert g.controller(vail) == 0
    new = g.move(vail, "hand")
    assert (g.controller(new), g.owner(new)) == (1, 1)


def test_heroes_104_3_4_only_in_play(game):
    g = berserk(game)
    x = card(g, 1, name="Вайл", zone="hand", strength=0, lives=3)
    assert_fails(g, ValueError, g.set_controller, x, 0)
    y = card(g, 1, name="Вайл", strength=0, lives=3)
    assert_fails(g, KeyError, g.set_controller, y, 9)
    assert_fails(g, ValueError, g.set_controller, y, y)


def test_heroes_104_3_4_wounds_dealt_by_a_stolen_creature(game):
    g = berserk(game)
    a = card(g, 1, name="Вайл", strength=2, lives=3)
    g.set_controller(a, 0)
    b = card(g, 0, name="Гоблин", strength=1, lives=3)
    g.deal_damage(a, b, 1)
    assert g.wounds(b) == 1


# --------------------------------------------------------------------------------------------
# Heroes 105.1 and cost modifiers


def test_heroes_105_1_poison_flame_x_is_zero_when_revealed(game):
    """Heroes 105.1, example: Ядовитое пламя costs X; when revealed by Опасное будущее, X is 0
    (so the spell wounds for 0); only when a player plays it does X take the chosen value."""
    g = berserk(game)
    flame = card(g, 0, name="Ядовитое пламя", zone="hand", types=["spell"], cost="X")
    assert g.cost(flame) == 0
    assert g.cost(flame, x_value=3) == 3
    target = card(g, 1, name="Гоблин", strength=1, lives=2)
    g.take_events()
    assert g.deal_damage(flame, target, g.cost(flame)) == 0
    assert g.take_events() == []
    assert g.wounds(target) == 0


@pytest.mark.parametrize(
    ("cost", "x_value", "expected"),
    [
        ("X", None, 0),
        ("2+X", None, 2),
        ("2+X", 3, 5),
        ("X+X+1", 2, 5),
        (" 1 + X ", 4, 5),
        (3, 5, 3),
    ],
)
def test_heroes_105_1_variable_costs(game, cost, x_value, expected):
    g = berserk(game)
    x = card(g, name="Заклинание", zone="hand", types=["spell"], cost=cost)
    assert g.cost(x, x_value=x_value) == expected


def test_heroes_104_3_runesinger_reduces_gnome_in_hand_and_itself(game):
    """Heroes 104.3 (cost abilities), example: Рунопевец in play reduces the cost of a Гном in
    hand (it costs 1) and of itself in play (it costs 2). Modifiers work on cards in play and
    in hand only."""
    g = berserk(game)
    runesinger = card(g, 0, name="Рунопевец", subtypes=["Гном"], cost=3, strength=1, lives=2)
    gnome = card(g, 0, name="Гном", zone="hand", subtypes=["Гном"], cost=2, strength=2, lives=2)
    dead_gnome = card(g, 0, name="Гном", zone="graveyard", subtypes=["Гном"], cost=2)
    elf = card(g, 0, name="Эльф", zone="hand", subtypes=["Эльф"], cost=2)
    their_gnome = card(g, 1, name="Гном", zone="hand", subtypes=["Гном"], cost=2)
    g.add_cost_modifier(-1, source=runesinger, subtypes=["Гном"], controller=0)
    assert g.cost(gnome) == 1
    assert g.cost(runesinger) == 2
    assert g.cost(dead_gnome) == 2
    assert g.cost(elf) == 2
    assert g.cost(their_gnome) == 2
    played = g.move(gnome, "battlefield")
    assert g.cost(played) == 1
    # the modifier ends when its source leaves play
    g.move(runesinger, "graveyard")
    assert g.cost(played) == 2


def test_cost_of_a_card_that_left_is_its_base_cost(game):
    """SEMANTICS §8: modifiers apply only to cards in hand or in play, so a gone id's cost is its
    base cost; the Гном in hand that Рунопевец reduced costs 2 again once Рунопевец has left."""
    g = berserk(game)
    runesinger = card(g, 0, name="Рунопевец", subtypes=["Гном"], cost=3, strength=1, lives=2)
    gnome = card(g, 0, name="Гном", zone="hand", subtypes=["Гном"], cost=2, strength=2, lives=2)
    g.add_cost_modifier(-1, source=runesinger, subtypes=["Гном"], controller=0)
    assert (g.cost(runesinger), g.cost(gnome)) == (2, 1)
    new = g.move(runesinger, "graveyard")
    assert g.cost(runesinger) == 3
    assert g.cost(new) == 3
    assert g.cost(gnome) == 2


def test_cost_strings_and_x_value_are_checked(game):
    """SEMANTICS §8: decimal terms and uppercase X; a numeric total ≥ 2**31 is OverflowError;
    x_value an int ≥ 0."""
    g = berserk(game)
    for bad in ("x", "2+x", "X-1", "1.5", "+", "X++1"):
        assert_fails(g, ValueError, g.create, 0, zone="hand", types=["spell"], cost=bad)
    assert_fails(g, OverflowError, g.create, 0, types=["spell"], cost="2147483647+1")
    assert_fails(g, OverflowError, g.create, 0, types=["spell"], cost="2147483648")
    x = card(g, name="Ядовитое пламя", zone="hand", types=["spell"], cost="2147483647+X")
    assert g.cost(x) == 2**31 - 1
    assert_fails(g, ValueError, g.cost, x, x_value=-1)
    assert_fails(g, TypeError, g.cost, x, x_value=1.5)


def test_heroes_104_3_vial_of_foresight_shaman_costs_0_in_hand_1_in_play(game):
    """Heroes 104.3, example: Фиал предвидения makes the drawn Шаман племени Ворона cost 4
    less: its cost is 0 (never below 0); once played, in play, it costs 1 again."""
    g = berserk(game)
    vial = card(g, 0, name="Фиал предвидения", types=["artifact"], cost=2)
    shaman = card(g, 0, name="Шаман племени Ворона", zone="hand", cost=1, strength=1, lives=2)
    g.add_cost_modifier(-4, card=shaman)
    assert g.cost(shaman) == 0
    played = g.move(shaman, "battlefield")
    assert g.cost(played) == 1
    assert g.cost(vial) == 2


def test_one_off_modifier_needs_a_card_in_hand(game):
    """SEMANTICS §8: `card` must be in hand now; exactly one of card/source."""
    g = berserk(game)
    x = card(g, 0, name="Шаман племени Ворона", cost=1, strength=1, lives=2)
    y = card(g, 0, name="Шаман племени Ворона", zone="hand", cost=1, strength=1, lives=2)
    assert_fails(g, ValueError, g.add_cost_modifier, -4, card=x)
    assert_fails(g, ValueError, g.add_cost_modifier, -4)
    assert_fails(g, ValueError, g.add_cost_modifier, -4, card=y, source=x)


def test_cost_modifier_by_type_and_opponent(game):
    """SEMANTICS §8: a static modifier for cards of a type controlled by a given player."""
    g = berserk(game)
    tax = card(g, 0, name="Налог", types=["artifact"], cost=1)
    their_spell = card(g, 1, name="Шок", zone="hand", types=["spell"], cost=2)
    my_spell = card(g, 0, name="Шок", zone="hand", types=["spell"], cost=2)
    their_creature = card(g, 1, name="Гоблин", zone="hand", cost=2, strength=1, lives=1)
    g.add_cost_modifier(2, source=tax, types=["spell"], controller=1)
    assert g.cost(their_spell) == 4
    assert g.cost(my_spell) == 2
    assert g.cost(their_creature) == 2


# --------------------------------------------------------------------------------------------
# Classic Berserk 108: property replacement


def test_classic_108_1_creature_becomes_artifact(game):
    """Classic 108.1: a creature that becomes an artifact stops being a creature and loses
    what an artifact can't have (strength, movement). 108.2: becoming a creature again gives
    back the printed numbers."""
    g = berserk(game)
    x = card(g, name="Гном-механик", subtypes=["Гном"], strength=3, lives=4, movement=2)
    g.set_types(x, ["artifact"])
    assert g.types(x) == ["artifact"]
    assert g.strength(x) is None
    assert g.movement(x) is None
    assert g.is_flying(x) is False
    g.set_types(x, ["creature"])
    assert g.types(x) == ["creature"]
    assert (g.strength(x), g.movement(x)) == (3, 2)
    assert g.subtypes(x) == ["Гном"]


def test_classic_108_2_artifact_becoming_creature_gets_zero_numbers(game):
    """SEMANTICS §8: a card not printed as a creature gets strength 0, movement 0, no flying."""
    g = berserk(game)
    x = card(g, name="Голем", types=["artifact"])
    g.set_types(x, ["creature"], subtypes=["Голем"])
    assert g.types(x) == ["creature"]
    assert g.subtypes(x) == ["Голем"]
    assert (g.strength(x), g.movement(x), g.is_flying(x)) == (0, 0, False)


def test_classic_108_1_flyer_becoming_artifact_loses_flying(game):
    g = berserk(game)
    x = card(g, name="Гарпия", strength=2, lives=2, flying=True)
    assert g.is_flying(x) and g.movement(x) is None
    g.set_types(x, ["artifact"])
    assert not g.is_flying(x)
    g.set_types(x, ["creature"])
    assert g.is_flying(x) and g.movement(x) is None


def test_classic_108_1_elite_becomes_ordinary(game):
    """Classic 108.1: an elite card that becomes ordinary stops being elite."""
    g = berserk(game)
    x = card(g, name="Элитный страж", strength=3, lives=3, elite=True)
    y = card(g, name="Рядовой", strength=1, lives=1)
    assert g.is_elite(x) and not g.is_elite(y)
    g.set_elite(x, False)
    assert not g.is_elite(x)
    g.set_elite(y, True)
    assert g.is_elite(y)


def test_classic_108_2_movement_2_flying_movement_2(game):
    """Classic 108.2, example: a non-flyer with movement 2 that 'gains flying' has its
    movement replaced by the flying icon; when it later 'loses flying', it has movement 2
    again."""
    g = berserk(game)
    x = card(g, name="Орк-разведчик", strength=2, lives=3, movement=2)
    assert (g.movement(x), g.is_flying(x)) == (2, False)
    g.grant(x, "flying")
    assert g.movement(x) is None
    assert g.is_flying(x)
    g.revoke(x, "flying")
    assert (g.movement(x), g.is_flying(x)) == (2, False)


def test_property_changes_reset_when_leaving_play(game):
    """SEMANTICS §8 (104.3.4): the card gets its original values back when it leaves play."""
    g = berserk(game)
    x = card(g, 1, name="Орк", strength=2, lives=3, movement=2, elite=True)
    g.set_controller(x, 0)
    g.grant(x, "flying")
    g.set_elite(x, False)
    g.set_types(x, ["artifact"])
    new = g.move(x, "battlefield")
    assert g.controller(new) == 1
    assert g.types(new) == ["creature"]
    assert (g.strength(new), g.movement(new)) == (2, 2)
    assert g.is_elite(new) and not g.is_flying(new)


def test_berserk_types_are_checked(game):
    """a type not in the ruleset is an error naming it, nothing changed."""
    g = berserk(game)
    info = assert_fails(g, ValueError, g.create, 0, types=["planeswalker"])
    assert "planeswalker" in str(info.value)
    x = card(g, name="Орк", strength=2, lives=3)
    info = assert_fails(g, ValueError, g.set_types, x, ["instant"])
    assert "instant" in str(info.value)
    for t in ("creature", "artifact", "terrain", "equipment", "spell", "event", "hero"):
        card(g, name=t, types=[t])


# --------------------------------------------------------------------------------------------
# Classic Berserk 109: non-game elements


def test_classic_109_non_game_elements_are_never_read(game):
    """Classic 109: legend, flavour text, idea author, illustration, set icon, collector
    number, artist, manufacturer, year, rarity are non-game elements: stored, returned, never
    read by a rule, ignored by ==."""
    g, h = berserk(game), berserk(game)
    info = {
        "legend": "Не кровь, но яд, сильней которого нет на земле, течёт в их жилах",
        "flavor": "прах к праху",
        "idea": "Автор",
        "illustration": "art.png",
        "set": "Война стихий",
        "number": 104,
        "artist": "Художник",
        "manufacturer": 'ООО "Мир Фэнтези"',
        "year": 2015,
        "rarity": "ультраредкая",
    }
    a = card(g, name="Арацент", strength=3, lives=4, cost=5, info=info)
    b = card(h, name="Арацент", strength=3, lives=4, cost=5)
    assert g.info(a) == info
    for read in ("strength", "lives", "cost", "movement", "is_flying", "is_elite", "types"):
        assert getattr(g, read)(a) == getattr(h, read)(b)
    assert g == h
    assert g.hash() == h.hash()


def test_subtype_names_not_the_order_they_were_first_seen_decide_equality(game):
    """Subtypes compare by name (SEMANTICS §9: ``==`` and ``hash()`` see the state only): two
    games that met the same subtype names in different orders, with the same cards, are equal
    and hash equal; cost modifiers match by name as well."""
    first, second = game(ruleset="berserk"), game(ruleset="berserk")
    for g in (first, second):
        g.create(0, types=["creature"], subtypes=["Гном"], strength=1, lives=2, cost=3)
    # Only the first game meets "Воин" (and forgets it again) before both meet "Эльф".
    first.set_types(2, ["creature"], subtypes=["Воин"])
    first.set_types(2, ["creature"], subtypes=["Гном"])
    for g in (first, second):
        elf = g.create(1, types=["creature"], subtypes=["Эльф"], strength=2, lives=1, cost=2)
        g.add_cost_modifier(-1, source=elf, subtypes=["Гном", "Эльф"])
    assert first == second and first.hash() == second.hash()
    assert first.subtypes(3) == second.subtypes(3) == ["Эльф"]
    assert [first.cost(x) for x in (2, 3)] == [second.cost(x) for x in (2, 3)] == [2, 1]
    second.set_types(3, ["creature"], subtypes=["Воин"])
    assert first != second and first.hash() != second.hash()
    assert second.cost(3) == 2  # a Воин is not an Эльф any more: the modifier no longer applies
