"""The vocabulary beyond the built-in pool does what it says, on both implementations (the
cards are the differential test's ``EXTRA`` pool)."""

from __future__ import annotations

from cardstate import cards
from test_cards_differential import EXTRA


def put(g, name, player=0, zone="battlefield", **kw):
    return cards.place(g, name, player, zone, pool=EXTRA, **kw)


def yes(_g, _p, request):
    return list(request.candidates) if request.kind == "proliferate" else True


def test_if_otherwise_destroy_and_x(game):
    """If(AtLeast(CountersOn(target, -1/-1), 1), Destroy, else put X -1/-1 counters)."""
    g = game()
    bear = put(g, "Test Bear", 1)
    cards.resolve(g, "Test Pox", 0, [bear], x=1, pool=EXTRA)
    assert g.counters(bear) == {"-1/-1": 1}
    cards.resolve(g, "Test Pox", 0, [bear], x=1, pool=EXTRA)
    assert g.zone(bear) == "graveyard"  # destroyed (701.8)


def test_each_opponent_counts_and_each_filter(game):
    g = game()
    mine = [put(g, "Test Bear") for _ in range(3)]
    put(g, "Test Bear", 1)
    g.add_counters(mine[0], "+1/+1", 2)
    cards.resolve(g, "Test Drain", 0, pool=EXTRA)
    assert (g.life(0), g.life(1)) == (23, 18)  # you gain 1 per creature you control
    assert g.count(mine[0], "+1/+1") == 1


def test_tokens_counterspells(game):
    g = game()
    cards.resolve(g, "Test Tokens", 0, x=2, pool=EXTRA)
    made = [x for x in range(len(g.players), 100) if _exists(g, x)]
    # the spell on the stack (2), two tokens (3, 4), the spell in the graveyard (5)
    assert [(g.name(x), g.zone(x)) for x in made[1:3]] == [("Test Bear", "battlefield")] * 2
    assert g.zone(made[3]) == "graveyard" and len(made) == 4
    spell = put(g, "Test Pox", 1, "stack")
    cards.resolve(g, "Test Negate", 0, [spell], pool=EXTRA)
    assert g.zone(spell) == "graveyard"  # countered (701.6)


def _exists(g, x):
    try:
        g.zone(x)
    except KeyError:
        return False
    return True


def test_intervening_if_may_tap_and_dies(game):
    """603.4: the intervening "if" is checked as it triggers; "may" is asked on resolution."""
    g = game()
    mine = put(g, "Test Bear")
    tapper = g.move(put(g, "Test Tapper", zone="hand"), "battlefield")
    assert cards.fired(g, g.take_events(), pool=EXTRA) == []  # no creature of an opponent
    put(g, "Test Bear", 1)
    g.move(tapper, "graveyard")
    events = g.take_events()
    (dies,) = cards.fired(g, events, pool=EXTRA)
    assert dies.card == "Test Tapper" and dies.source == tapper  # last known information
    tapper2 = g.move(put(g, "Test Tapper", zone="hand"), "battlefield")
    (etb,) = cards.fired(g, g.take_events(), pool=EXTRA)
    cards.resolve(
        g, "Test Tapper", 0, [mine], ability=etb.ability, source=tapper2, choose=yes, pool=EXTRA
    )
    assert g.is_tapped(mine) and not g.is_tapped(tapper2)
    (up,) = cards.fired(g, [cards.upkeep(0)], pool=EXTRA)
    assert up.source == tapper2
    assert cards.fired(g, [cards.upkeep(1)], pool=EXTRA) == []


def test_sacrifice_cost_and_x_damage_to_each_opponent(game):
    g = game()
    surge = put(g, "Test Surge")
    bear = put(g, "Test Bear")
    cards.pay_costs(g, "Test Surge", 0, surge, 0, pool=EXTRA)
    assert g.zone(surge) == "graveyard"
    cards.resolve(g, "Test Surge", 0, ability=0, source=surge, x=2, pool=EXTRA)
    assert g.life(1) == 18 and g.count(bear, "+1/+1") == 2


def test_static_keyword_grants(game):
    """A static ability granting keywords (611.3a, layer 6 of 613.1f): "other creatures you
    control get +1/+0 and have toxic 2 and lifelink" reaches later creatures, not the lord
    itself ("other"), and toxic's value adds up (702.164b); the second ability makes the
    opponent's creatures gain flying and lose infect. All of it ends when the lord leaves."""
    g = game()
    bear = put(g, "Test Bear")
    theirs = put(g, "Test Bear", 1)
    g.grant(theirs, "infect")
    lord = put(g, "Test Lord")
    later = put(g, "Test Bear")
    for x in (bear, later):
        assert g.power(x) == 3 and g.toughness(x) == 2
        assert g.has_keyword(x, "lifelink") and g.toxic(x) == 2
    assert not g.has_keyword(lord, "lifelink") and g.toxic(lord) == 0
    assert g.has_keyword(theirs, "flying") and not g.has_keyword(theirs, "infect")
    assert g.deal_damage(bear, 1, 3, combat=True) == 3
    assert (g.life(0), g.life(1), g.count(1, "poison")) == (23, 17, 2)
    g.move(lord, "graveyard")
    assert g.toxic(bear) == 0 and g.power(bear) == 2 and g.has_keyword(theirs, "infect")
    assert g.continuous_effects() == []


def test_switch_power_and_toughness_until_end_of_turn(game):
    """SwitchPowerToughness: "switch target creature's power and toughness until end of turn"
    (613.4e, layer 7e, after the counters): a 1/3 with a +1/+1 counter is 4/2; nonlethal damage
    marked on it becomes lethal (704.5g); the switch ends at cleanup (514.2)."""
    g = game()
    bear = put(g, "Test Bear", 1)
    wall = g.create(1, types=["creature"], power=1, toughness=3)
    g.add_counters(wall, "+1/+1", 1)
    g.deal_damage(bear, wall, 2)
    g.check_state_based_actions()
    cards.resolve(g, "Test Twister", 0, [wall], pool=EXTRA)
    assert (g.power(wall), g.toughness(wall)) == (4, 2)
    assert g.continuous_effects()[0]["effect"] == "switch_power_toughness"
    g.check_state_based_actions()
    assert g.zone(wall) == "graveyard"
    other = g.create(1, types=["creature"], power=1, toughness=3)
    cards.resolve(g, "Test Twister", 0, [other], pool=EXTRA)
    assert (g.power(other), g.toughness(other)) == (3, 1)
    g.cleanup()
    assert (g.power(other), g.toughness(other)) == (1, 3)
