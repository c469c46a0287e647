"""Replacement and "can't" effects (CR 614-616; docs/SEMANTICS.md §10), each tested with the card
whose wording it is. Every test runs on both implementations."""

from __future__ import annotations

import pickle

import hypothesis.strategies as st
import pytest
from cardstate import GoneError
from conftest import assert_fails, ev, event_tuples, snapshot
from hypothesis import given, settings


def creature(g, controller=0, power=2, toughness=2, keywords=(), **kw):
    return g.create(
        controller, types=["creature"], power=power, toughness=toughness, keywords=keywords, **kw
    )


def permanent(g, controller=0, name="", types=("enchantment",)):
    return g.create(controller, name=name, types=list(types))


# --------------------------------------------------------------------------------------------
# Counter placement (614.1a)


def test_hardened_scales(game):
    """Hardened Scales: "If one or more +1/+1 counters would be put on a creature you control,
    that many plus one +1/+1 counters are put on it instead." """
    g = game()
    scales = permanent(g, 0, "Hardened Scales")
    g.add_replacement_effect(
        "counters_plus", source=scales, affects="creatures you control", counter="+1/+1", amount=1
    )
    mine, theirs = creature(g, 0), creature(g, 1)
    g.take_events()
    g.add_counters(mine, "+1/+1", 2)
    assert event_tuples(g.take_events()) == [
        ev("counters_added", target=mine, counter="+1/+1", amount=3)
    ]
    g.add_counters(theirs, "+1/+1", 2)
    g.add_counters(mine, "charge", 2)  # another kind
    assert g.counters(theirs) == {"+1/+1": 2}
    assert g.counters(mine) == {"+1/+1": 3, "charge": 2}


def test_winding_constrictor(game):
    """Winding Constrictor: "If one or more counters would be put on an artifact or creature
    you control, that many plus one of each of those kinds of counters are put on that
    permanent instead. If you would get one or more counters, you get that many plus one of
    each of those kinds of counters instead." """
    g = game()
    snake = creature(g, 0, 2, 3, name="Winding Constrictor")
    g.add_replacement_effect(
        "counters_plus",
        source=snake,
        affects=["artifacts you control", "creatures you control", "you"],
        amount=1,
    )
    relic = g.create(0, types=["artifact"])
    aura = permanent(g, 0)
    g.add_counters(relic, "charge")
    g.add_counters(snake, "+1/+1")
    g.add_counters(aura, "lore")
    g.add_counters(0, "energy", 2)
    g.add_counters(1, "poison")
    assert g.count(relic, "charge") == 2 and g.count(snake, "+1/+1") == 2
    assert g.count(aura, "lore") == 1
    assert g.count(0, "energy") == 3 and g.count(1, "poison") == 1


def test_doubling_season_and_proliferate(game):
    """Doubling Season: "If an effect would put one or more counters on a permanent you
    control, it puts twice that many of those counters on that permanent instead."
    Proliferate puts counters (701.34a), so it goes through it too."""
    g = game()
    season = permanent(g, 0, "Doubling Season")
    g.add_replacement_effect(
        "counters_times", source=season, affects="permanents you control", amount=2
    )
    x, y = creature(g, 0), creature(g, 1)
    g.add_counters(x, "+1/+1")
    g.add_counters(y, "+1/+1")
    g.add_counters(0, "poison")  # not a permanent
    assert g.counters(x) == {"+1/+1": 2} and g.counters(y) == {"+1/+1": 1}
    if g.ruleset == "mtg":
        g.take_events()
        g.proliferate(0, [x, y, 0])
        assert g.counters(x) == {"+1/+1": 4} and g.counters(y) == {"+1/+1": 2}
        assert g.count(0, "poison") == 2
        assert ev("counters_added", target=x, counter="+1/+1", amount=2) in event_tuples(
            g.take_events()
        )


def test_hardened_scales_and_doubling_season_in_the_default_and_a_chosen_order(game):
    """616.1: the affected permanent's controller chooses the order; by default effects apply
    in creation order (Scales then Season: (1 + 1) x 2 = 4); choosing Season first gives
    1 x 2 + 1 = 3. Each applies once (614.5)."""
    g = game()
    scales = permanent(g, 0)
    season = permanent(g, 0)
    a = g.add_replacement_effect(
        "counters_plus", source=scales, affects="creatures you control", counter="+1/+1", amount=1
    )
    b = g.add_replacement_effect(
        "counters_times", source=season, affects="permanents you control", amount=2
    )
    x = creature(g)
    g.add_counters(x, "+1/+1")
    assert g.count(x, "+1/+1") == 4
    assert [e["id"] for e in g.replacement_effects()] == [a, b]
    g.order_replacement_effects([b])
    assert [e["id"] for e in g.replacement_effects()] == [b, a]
    g.add_counters(x, "+1/+1")
    assert g.count(x, "+1/+1") == 7


def test_corpsejack_menace(game):
    """Corpsejack Menace: "If one or more +1/+1 counters would be put on a creature you
    control, twice that many +1/+1 counters are put on it instead." """
    g = game()
    menace = creature(g, 0, 4, 4, name="Corpsejack Menace")
    g.add_replacement_effect(
        "counters_times", source=menace, affects="creatures you control", counter="+1/+1", amount=2
    )
    x = creature(g)
    g.add_counters(x, "+1/+1", 3)
    g.add_counters(x, "-1/-1", 1)
    assert g.counters(x) == {"+1/+1": 6, "-1/-1": 1}


def test_vorinclex_monstrous_raider(game):
    """Vorinclex, Monstrous Raider: "If you would put one or more counters on a permanent or
    player, put twice that many of each of those kinds of counters on that permanent or player
    instead. If an opponent would put one or more counters on a permanent or player, they put
    half that many of each of those kinds of counters on that permanent or player, rounded
    down, instead." The kernel doesn't know who puts a counter; it models the card by whose
    entity gets them (docs/SEMANTICS.md §10): twice on permanents you control and on you, half
    rounded down on opponents and their permanents."""
    g = game()
    vorinclex = creature(g, 0, 6, 6, name="Vorinclex, Monstrous Raider")
    g.add_replacement_effect(
        "counters_times", source=vorinclex, affects=["permanents you control", "you"], amount=2
    )
    g.add_replacement_effect(
        "counters_half", source=vorinclex, affects=["permanents opponents control", "opponents"]
    )
    mine, theirs = creature(g, 0), creature(g, 1)
    g.add_counters(mine, "+1/+1", 3)
    g.add_counters(0, "experience")
    g.add_counters(theirs, "+1/+1", 3)
    g.take_events()
    g.add_counters(1, "poison", 1)  # half of 1 rounded down: none, and no event
    assert g.take_events() == []
    assert g.count(mine, "+1/+1") == 6 and g.count(0, "experience") == 2
    assert g.count(theirs, "+1/+1") == 1 and g.count(1, "poison") == 0


def test_vizier_of_remedies(game):
    """Vizier of Remedies: "If one or more -1/-1 counters would be put on a creature you
    control, that many -1/-1 counters minus one are put on it instead." Wither damage puts
    -1/-1 counters (120.3d), so it goes through it."""
    g = game()
    vizier = creature(g, 0, 2, 1, name="Vizier of Remedies")
    g.add_replacement_effect(
        "counters_minus", source=vizier, affects="creatures you control", counter="-1/-1", amount=1
    )
    x = creature(g, 0, 4, 4)
    withered = creature(g, 1, 1, 1, keywords=["wither"])
    g.add_counters(x, "-1/-1", 1)
    assert g.counters(x) == {}
    assert g.deal_damage(withered, x, 3) == 3  # the damage is dealt in full
    assert g.counters(x) == {"-1/-1": 2}


def test_an_effect_ends_when_its_source_leaves_the_battlefield(game):
    """611.3a: a static ability's effect lasts while its permanent is on the battlefield."""
    g = game()
    scales = permanent(g, 0)
    g.add_replacement_effect(
        "counters_plus", source=scales, affects="creatures you control", amount=1
    )
    x = creature(g)
    g.move(scales, "graveyard")
    assert g.replacement_effects() == []
    g.add_counters(x, "+1/+1")
    assert g.count(x, "+1/+1") == 1


def test_you_is_the_sources_controller_now(game):
    """ "You" is the controller of the effect's source, so it follows a change of control."""
    g = game()
    scales = permanent(g, 0)
    g.add_replacement_effect(
        "counters_plus", source=scales, affects="creatures you control", amount=1
    )
    x, y = creature(g, 0), creature(g, 1)
    g.add_counters(x, "+1/+1")
    g.add_counters(y, "+1/+1")
    assert (g.count(x, "+1/+1"), g.count(y, "+1/+1")) == (2, 1)
    g.set_controller(scales, 1)
    g.add_counters(x, "+1/+1")
    g.add_counters(y, "+1/+1")
    assert (g.count(x, "+1/+1"), g.count(y, "+1/+1")) == (3, 3)


def test_until_end_of_turn_effects_end_at_cleanup(game):
    """514.2: "this turn" effects end in the cleanup step."""
    g = game()
    eid = g.add_replacement_effect(
        "counters_times",
        controller=0,
        affects="permanents you control",
        amount=2,
        until_end_of_turn=True,
    )
    lasting = g.add_replacement_effect("counters_cant", affects="players", counter="rad")
    assert [e["id"] for e in g.replacement_effects()] == [eid, lasting]
    assert g.replacement_effects()[0] == {
        "id": eid,
        "effect": "counters_times",
        "affects": ["permanents you control"],
        "source": None,
        "controller": 0,
        "counter": None,
        "sources": [],
        "amount": 2,
        "to": None,
        "combat": False,
        "until_end_of_turn": True,
        "ordered": False,
    }
    g.cleanup()
    assert [e["id"] for e in g.replacement_effects()] == [lasting]
    g.remove_replacement_effect(lasting)
    assert g.replacement_effects() == []
    # ids are never reused
    assert g.add_replacement_effect("counters_cant", affects="players") == lasting + 1


# --------------------------------------------------------------------------------------------
# "Can't"


def test_solemnity(game):
    """Solemnity: "Players can't get counters. Counters can't be put on artifacts, creatures,
    enchantments, or lands." """
    g = game()
    solemnity = permanent(g, 0, "Solemnity")
    g.add_replacement_effect(
        "counters_cant",
        source=solemnity,
        affects=["players", "artifacts", "creatures", "enchantments", "lands"],
    )
    x = creature(g, 1)
    pw = g.create(1, types=["planeswalker"], loyalty=3)
    g.take_events()
    g.add_counters(x, "+1/+1")
    g.add_counters(1, "poison", 3)
    g.add_counters(solemnity, "charge")
    assert g.take_events() == []
    g.add_counters(pw, "loyalty")  # a planeswalker is none of those
    assert g.counters(x) == {} and g.counters(1) == {} and g.count(pw, "loyalty") == 4


def test_melira_sylvok_outcast(game):
    """Melira, Sylvok Outcast: "You can't get poison counters. Creatures you control can't have
    -1/-1 counters put on them." Infect damage is still dealt, and lifelink still applies."""
    g = game()
    melira = creature(g, 0, 2, 2, name="Melira, Sylvok Outcast")
    g.add_replacement_effect("counters_cant", source=melira, affects="you", counter="poison")
    g.add_replacement_effect(
        "counters_cant", source=melira, affects="creatures you control", counter="-1/-1"
    )
    phyrexian = creature(g, 1, 2, 2, keywords=["infect", "lifelink"])
    g.take_events()
    assert g.deal_damage(phyrexian, 0, 2) == 2
    assert g.deal_damage(phyrexian, melira, 2) == 2
    assert g.count(0, "poison") == 0 and g.counters(melira) == {}
    assert g.life(1) == 24
    kinds = [e[0] for e in event_tuples(g.take_events())]
    assert kinds == ["life_gained", "damage", "life_gained", "damage"]


def test_sulfuric_vortex(game):
    """Sulfuric Vortex: "If a player would gain life, that player gains no life instead." """
    g = game()
    vortex = permanent(g, 0, "Sulfuric Vortex")
    g.add_replacement_effect("life_gain_cant", source=vortex, affects="players")
    link = creature(g, 1, 3, 3, keywords=["lifelink"])
    g.take_events()
    g.gain_life(0, 5)
    assert g.deal_damage(link, 0, 3) == 3
    assert g.life(0) == 17 and g.life(1) == 20
    assert [e[0] for e in event_tuples(g.take_events())] == ["life_lost", "damage"]


def test_platinum_emperion(game):
    """Platinum Emperion: "Your life total can't change. (You can't gain or lose life.)"
    Damage to you is still dealt; it makes you lose no life."""
    g = game()
    emperion = creature(g, 0, 8, 8, name="Platinum Emperion")
    g.add_replacement_effect("life_change_cant", source=emperion, affects="you")
    s = creature(g, 1, 3, 3)
    g.take_events()
    g.lose_life(0, 5)
    g.gain_life(0, 5)
    assert g.deal_damage(s, 0, 3) == 3
    assert g.life(0) == 20
    assert event_tuples(g.take_events()) == [
        ev("damage", source=s, target=0, amount=3, combat=False)
    ]
    g.lose_life(1, 1)
    assert g.life(1) == 19


def test_damage_cant_be_prevented(game):
    """Leyline of Punishment: "Damage can't be prevented." (615.12): prevention shields are not
    used, and a shield counter is still removed (122.1c)."""
    g = game()
    leyline = permanent(g, 0, "Leyline of Punishment")
    g.add_replacement_effect("prevention_cant", source=leyline, affects=["players", "permanents"])
    s = creature(g, 0, 5, 5)
    x = creature(g, 1, 4, 4)
    g.prevent_damage(1, 3)
    g.add_counters(x, "shield")
    assert g.deal_damage(s, 1, 2) == 2
    assert g.deal_damage(s, x, 2) == 2
    assert g.counters(x) == {} and g.damage(x) == 2
    g.move(leyline, "exile")
    assert g.deal_damage(s, 1, 2) == 0  # the shield is still there


# --------------------------------------------------------------------------------------------
# Damage


def test_torbran_thane_of_red_fell(game):
    """Torbran, Thane of Red Fell: "If a red source you control would deal damage to an
    opponent or a permanent an opponent controls, it deals that much damage plus 2 instead."
    (The kernel has no colours: the filter is the sources you control.) The damage is changed
    before prevention; lifelink gains what is dealt."""
    g = game()
    torbran = creature(g, 0, 2, 4, name="Torbran, Thane of Red Fell")
    g.add_replacement_effect(
        "damage_plus",
        source=torbran,
        sources="sources you control",
        affects=["opponents", "permanents opponents control"],
        amount=2,
    )
    mine = creature(g, 0, 1, 1, keywords=["lifelink"])
    theirs = creature(g, 1, 1, 9)
    bolt = g.create(0, zone="stack", types=["instant"])
    assert g.deal_damage(mine, 1, 1) == 3
    assert g.life(1) == 17 and g.life(0) == 23
    assert g.deal_damage(bolt, theirs, 3) == 5
    assert g.deal_damage(mine, mine, 1) == 1  # not an opponent's permanent
    assert g.deal_damage(theirs, 0, 1) == 1  # not a source 0 controls
    g.prevent_damage(1, 2)
    assert g.deal_damage(mine, 1, 1) == 1  # 1 + 2, then 2 prevented


def test_the_order_across_the_default_groups_is_the_affected_players_choice_616_1(game):
    """616.1: "If two or more replacement and/or prevention effects are attempting to modify the
    way an event affects an object or player, the affected object's controller (or its owner if
    it has no controller) or the affected player chooses one to apply". Torbran's "that much
    damage plus 2" and "prevent the next 2 damage" on 1 damage to the opponent: by default the
    +2 applies first (3, then 2 prevented: 1 dealt, the shield used up); the opponent may choose
    prevention first (the 1 damage prevented, so no damage is dealt for Torbran to change, and
    1 of the shield is left). The choice is state: in ==, hash and bytes, and it replaces the
    previous one; only damage and prevention effects can be ordered across groups."""
    g = game()
    torbran = creature(g, 0, 2, 4, name="Torbran, Thane of Red Fell")
    plus = g.add_replacement_effect(
        "damage_plus",
        source=torbran,
        sources="sources you control",
        affects=["opponents", "permanents opponents control"],
        amount=2,
    )
    mine = creature(g, 0, 1, 1)
    default = g.clone()
    shield = g.prevent_damage(1, 2)
    assert g.deal_damage(mine, 1, 1) == 1, "default: 1 + 2, then 2 prevented"
    assert g.life(1) == 19 and [e["id"] for e in g.replacement_effects()] == [plus]

    shield = g.prevent_damage(1, 2)
    before = g.clone()
    g.order_replacement_effects([shield, plus], across_groups=True)
    rows = {e["id"]: e for e in g.replacement_effects()}
    assert [e["id"] for e in g.replacement_effects()] == [shield, plus]
    assert rows[shield]["ordered"] and rows[plus]["ordered"]
    assert g != before and g.hash() != before.hash()
    again = type(g).from_bytes(g.to_bytes())
    assert again == g and again.replacement_effects() == g.replacement_effects()
    assert g.deal_damage(mine, 1, 1) == 0, "prevention first: nothing left for Torbran"
    assert g.life(1) == 19
    assert [(e["id"], e["amount"]) for e in g.replacement_effects()] == [(shield, 1), (plus, 2)]
    # 3 damage: the shield's 1 first, then +2: 4 dealt.
    assert g.deal_damage(mine, 1, 3) == 4 and g.life(1) == 15
    # Torbran first, chosen across groups, is the default's result again.
    h = default.clone()
    s2 = h.prevent_damage(1, 2)
    h.order_replacement_effects([plus, s2], across_groups=True)
    assert h.deal_damage(mine, 1, 1) == 1
    # A later choice replaces the earlier one; a plain reorder keeps the marks.
    h = default.clone()
    s3 = h.prevent_damage(1, 2)
    h.order_replacement_effects([s3, plus], across_groups=True)
    h.order_replacement_effects([plus], across_groups=True)
    assert {e["id"]: e["ordered"] for e in h.replacement_effects()} == {plus: True, s3: False}
    assert h.deal_damage(mine, 1, 1) == 1, "Torbran first again"
    # Only damage and prevention effects; bad choices change nothing.
    cant = g.add_replacement_effect("counters_cant", affects="players")
    assert_fails(g, ValueError, g.order_replacement_effects, [cant], across_groups=True)
    assert_fails(g, KeyError, g.order_replacement_effects, [cant + 1], across_groups=True)
    assert_fails(g, ValueError, g.order_replacement_effects, [plus, plus], across_groups=True)
    assert_fails(g, TypeError, g.order_replacement_effects, [plus], across_groups=1)


def test_a_prevention_before_a_redirection_is_the_affected_players_choice_616_1(game):
    """616.1: "the affected object's controller ... chooses one to apply" - redirections too:
    "prevent the next 2 damage that would be dealt to A" chosen before "the next 1 damage that
    would be dealt to A is dealt to B instead". 3 damage to A: by default the redirection
    applies first (1 to B, then 2 of A's 2 prevented: 1 dealt in all); prevention chosen first,
    2 are prevented and the redirection moves 1 of what is left (1 to B, none to A). 614.5:
    each applies to the event once."""
    g = game()
    s = creature(g, 0, 3, 3)
    a, b = creature(g, 1, 5, 5), creature(g, 1, 5, 5)
    base = g.clone()
    g.prevent_damage(a, 2)
    g.redirect_damage(a, b, 1)
    assert g.deal_damage(s, a, 3) == 1, "default: redirection first"
    assert (g.damage(a), g.damage(b)) == (0, 1) and g.replacement_effects() == []

    g = base.clone()
    shield = g.prevent_damage(a, 2)
    move = g.redirect_damage(a, b, 1)
    before = g.clone()
    g.order_replacement_effects([shield, move], across_groups=True)
    assert {e["id"]: e["ordered"] for e in g.replacement_effects()} == {shield: True, move: True}
    assert g != before and type(g).from_bytes(g.to_bytes()) == g
    g.take_events()
    assert g.deal_damage(s, a, 3) == 1, "prevention first: 2 prevented, then 1 moved"
    assert (g.damage(a), g.damage(b)) == (0, 1) and g.replacement_effects() == []
    assert event_tuples(g.take_events()) == [
        ev("damage", target=b, amount=1, source=s, combat=False)
    ]
    # 4 damage: 2 prevented, 1 moved to B, 1 left for A; the redirection listed first moves 1
    # before prevention: 1 to B, 2 of A's 3 prevented.
    for order, expected in (([shield, move], (1, 1)), ([move, shield], (1, 1))):
        h = base.clone()
        sh, mv = h.prevent_damage(a, 2), h.redirect_damage(a, b, 1)
        h.order_replacement_effects([{shield: sh, move: mv}[i] for i in order], across_groups=True)
        assert h.deal_damage(s, a, 4) == 2
        assert (h.damage(a), h.damage(b)) == expected
    # "prevent all" on A chosen first: nothing is left to redirect, and the redirection stays.
    h = base.clone()
    everything = h.add_replacement_effect("prevent", affects="creatures")
    mv = h.redirect_damage(a, b, 1)
    h.order_replacement_effects([everything, mv], across_groups=True)
    assert h.deal_damage(s, a, 3) == 0
    assert [e["id"] for e in h.replacement_effects()] == [everything, mv]


def test_a_chosen_redirection_makes_a_new_event_for_the_new_recipient_616_1f(game):
    """616.1f, 616.2: after a redirection applies, the effects on the new recipient apply to
    the new event (B's own redirection to player 1, prevention on B); 614.5: an effect that
    already applied to the event (Torbran's +2 before the move) does not apply again."""
    g = game()
    torbran = creature(g, 0, 2, 4, name="Torbran, Thane of Red Fell")
    g.add_replacement_effect(
        "damage_plus",
        source=torbran,
        sources="sources you control",
        affects=["opponents", "permanents opponents control"],
        amount=2,
    )
    plus = g.replacement_effects()[0]["id"]
    s = creature(g, 0, 1, 1)
    a, b, c = creature(g, 1, 9, 9), creature(g, 1, 9, 9), creature(g, 1, 9, 9)
    base = g.clone()
    move = g.redirect_damage(a, b)  # all of the next damage
    g.order_replacement_effects([plus, move], across_groups=True)
    assert g.deal_damage(s, a, 1) == 3, "1 + 2 to A, all of it moved to B, no +2 again"
    assert (g.damage(a), g.damage(b)) == (0, 3)
    # B's unordered redirection to C applies to the new event at once (616.2).
    g = base.clone()
    move = g.redirect_damage(a, b)
    g.redirect_damage(b, c)
    g.order_replacement_effects([plus, move], across_groups=True)
    assert g.deal_damage(s, a, 1) == 3
    assert (g.damage(a), g.damage(b), g.damage(c)) == (0, 0, 3)
    # A prevention on B listed before the move still applies to the new event for B.
    g = base.clone()
    guard = g.prevent_damage(b, 1)
    move = g.redirect_damage(a, b)
    g.order_replacement_effects([guard, move], across_groups=True)
    assert g.deal_damage(s, a, 1) == 0, "moved to B, then prevented there before Torbran's +2"
    assert (g.damage(a), g.damage(b)) == (0, 0)
    assert [e["id"] for e in g.replacement_effects()] == [plus]
    # A -> B and B -> A both chosen: each applies once (614.5), A ends with it.
    g = base.clone()
    ab, ba = g.redirect_damage(a, b), g.redirect_damage(b, a)
    g.order_replacement_effects([ab, ba], across_groups=True)
    assert g.deal_damage(s, a, 2) == 4 and (g.damage(a), g.damage(b)) == (4, 0)
    # Two ways to one recipient are one damage event for it.
    g = base.clone()
    first, second = g.redirect_damage(a, b, 1), g.redirect_damage(a, c, 1)
    g.redirect_damage(c, b)
    g.order_replacement_effects([first, second], across_groups=True)
    g.take_events()
    assert g.deal_damage(s, a, 2) == 6, "1 to B, 1 to C then B: each part 1 + 2"
    assert (g.damage(a), g.damage(b), g.damage(c)) == (0, 6, 0)
    assert [e.target for e in g.take_events() if e.kind == "damage"] == [b]
    # "Damage can't be redirected" keeps a chosen redirection off too.
    g = base.clone()
    move = g.redirect_damage(a, b)
    g.add_replacement_effect("redirection_cant", affects="creatures")
    g.order_replacement_effects([move], across_groups=True)
    assert g.deal_damage(s, a, 1) == 3 and g.damage(a) == 3


def test_at_most_64_effects_are_ordered_across_groups(game):
    """616.1 needs each chosen effect to apply to an event once: the kernel tracks 64."""
    g = game()
    a = creature(g, 1)
    ids = [g.prevent_damage(a, 1) for _ in range(65)]
    assert_fails(g, OverflowError, g.order_replacement_effects, ids, across_groups=True)
    g.order_replacement_effects(ids[:64], across_groups=True)
    assert sum(e["ordered"] for e in g.replacement_effects()) == 64


def test_gratuitous_violence(game):
    """Gratuitous Violence: "If a creature you control would deal damage to a permanent or
    player, it deals double that damage to that permanent or player instead." """
    g = game()
    violence = permanent(g, 0, "Gratuitous Violence")
    g.add_replacement_effect(
        "damage_times",
        source=violence,
        sources="creatures you control",
        affects=["players", "permanents"],
        amount=2,
    )
    bear = creature(g, 0, 2, 2)
    spell = g.create(0, zone="stack", types=["sorcery"])
    other = creature(g, 1, 2, 2)
    assert g.deal_simultaneous_damage([(bear, 1, 2), (spell, 1, 2), (other, 0, 2)]) == [4, 2, 2]
    assert g.life(1) == 14 and g.life(0) == 18
    assert g.replacement_effects()[0]["sources"] == ["creatures you control"]


def test_bad_source_filters_are_refused(game):
    g = game()
    add = g.add_replacement_effect
    assert_fails(g, ValueError, add, "damage_plus", affects="players", sources="wizards", amount=1)
    assert_fails(g, ValueError, add, "damage_plus", affects="players", sources="players", amount=1)
    assert_fails(g, ValueError, add, "counters_cant", affects="players", sources="sources")
    assert_fails(
        g,
        ValueError,
        add,
        "damage_plus",
        affects="players",
        sources="sources you control",
        amount=1,
    )
    assert_fails(g, ValueError, add, "damage_times", affects="players", amount=1)
    assert_fails(g, TypeError, add, "damage_plus", affects="players", sources=[3], amount=1)


# --------------------------------------------------------------------------------------------
# State and bad input


def test_effects_are_state(game):
    g = game()
    src = permanent(g, 0)
    h = g.clone()
    eid = g.add_replacement_effect(
        "counters_times", source=src, affects="permanents you control", counter="+1/+1", amount=3
    )
    assert g != h and g.hash() != h.hash()
    h.add_replacement_effect(
        "counters_times", source=src, affects="permanents you control", counter="+1/+1", amount=3
    )
    assert g == h and g.hash() == h.hash()
    back = type(g).from_bytes(g.to_bytes())
    assert back == g and back.replacement_effects() == g.replacement_effects()
    assert pickle.loads(pickle.dumps(g)) == g
    g.remove_replacement_effect(eid)
    assert g != h


def test_bad_effects_are_refused_and_change_nothing(game):
    """SEMANTICS §10: a bad effect is refused with a clear error, and nothing changes."""
    g = game()
    src = permanent(g, 0)
    card = g.create(0, zone="hand", types=["enchantment"])
    gone = permanent(g, 0)
    g.move(gone, "graveyard")
    add = g.add_replacement_effect
    assert_fails(g, ValueError, add, "counters_squared", affects="players")
    assert_fails(g, ValueError, add, "counters_cant", affects="wizards")
    assert_fails(g, ValueError, add, "counters_cant", affects="creatures your friends control")
    assert_fails(g, ValueError, add, "counters_cant", affects=[])
    assert_fails(g, ValueError, add, "counters_plus", affects="players", amount=-1)
    assert_fails(g, ValueError, add, "counters_plus", affects="players", amount=0)
    assert_fails(g, ValueError, add, "counters_plus", affects="players")
    assert_fails(g, ValueError, add, "counters_times", affects="players", amount=1)
    assert_fails(g, OverflowError, add, "counters_plus", affects="players", amount=2**40)
    assert_fails(g, OverflowError, add, "counters_plus", affects="players", amount=2**64)
    assert_fails(g, ValueError, add, "counters_cant", affects="players", amount=1)
    assert_fails(g, ValueError, add, "counters_cant", affects="players", source=card)
    assert_fails(g, GoneError, add, "counters_cant", affects="players", source=gone)
    assert_fails(g, KeyError, add, "counters_cant", affects="players", source=99)
    assert_fails(g, ValueError, add, "counters_cant", affects="players", source=0)
    assert_fails(g, ValueError, add, "counters_cant", affects="players", controller=src)
    assert_fails(g, ValueError, add, "counters_cant", affects="you")
    assert_fails(g, ValueError, add, "counters_cant", affects="you", source=src, controller=0)
    assert_fails(g, ValueError, add, "life_gain_cant", affects="players", counter="poison")
    assert_fails(g, ValueError, add, "counters_cant", affects="players", counter="")
    assert_fails(g, TypeError, add, 5, affects="players")
    assert_fails(g, TypeError, add, "counters_cant", affects=[5])
    assert_fails(g, TypeError, add, "counters_cant", affects="players", counter=5)
    assert_fails(g, KeyError, g.remove_replacement_effect, 0)
    eid = add("counters_cant", affects="players")
    assert_fails(g, KeyError, g.order_replacement_effects, [eid + 1])
    assert_fails(g, ValueError, g.order_replacement_effects, [eid, eid])


@pytest.mark.parametrize("n", [1, 3])
def test_overflowing_counters_from_an_effect_change_nothing(game, n):
    """Counts are checked: twice a huge count overflows and the call changes nothing."""
    g = game()
    g.add_replacement_effect("counters_times", controller=0, affects="you", amount=2)
    g.add_counters(0, "energy", 2**63)
    assert_fails(g, OverflowError, g.add_counters, 0, "energy", 2**62 * n)


# --------------------------------------------------------------------------------------------
# 122.6: counters an object enters with are put on it


def test_cr122_6_a_planeswalker_entering_under_doubling_season_has_twice_its_loyalty(game):
    """122.6 with Doubling Season: a planeswalker's loyalty counters (306.5b) are put on it as
    it enters, so Doubling Season doubles them."""
    g = game()
    season = permanent(g, 0, "Doubling Season")
    g.add_replacement_effect(
        "counters_times", source=season, affects="permanents you control", amount=2
    )
    mine = g.create(0, types=["planeswalker"], loyalty=3)
    theirs = g.create(1, types=["planeswalker"], loyalty=3)
    in_hand = g.create(0, zone="hand", types=["planeswalker"], loyalty=3)
    assert (g.loyalty(mine), g.loyalty(theirs)) == (6, 3)
    assert g.loyalty(g.move(in_hand, "battlefield")) == 6


def test_cr122_6_walking_ballista_under_hardened_scales(game):
    """122.6 (SEMANTICS §10): Walking Ballista, X = 1, enters with one +1/+1 counter; under Hardened
    Scales ("that many plus one") it enters with two, and `counters_added` records it."""
    g = game()
    scales = permanent(g, 0, "Hardened Scales")
    g.add_replacement_effect(
        "counters_plus", source=scales, affects="creatures you control", counter="+1/+1", amount=1
    )
    g.take_events()
    ballista = g.create(
        0,
        name="Walking Ballista",
        types=["artifact", "creature"],
        power=0,
        toughness=0,
        counters={"+1/+1": 1},
    )
    assert g.counters(ballista) == {"+1/+1": 2}
    assert event_tuples(g.take_events()) == [
        ev("created", target=ballista),
        ev("counters_added", target=ballista, counter="+1/+1", amount=2),
    ]
    card = g.create(0, zone="hand", types=["creature"], power=1, toughness=1)
    new = g.move(card, "battlefield", counters={"+1/+1": 2, "shield": 1})
    assert g.counters(new) == {"+1/+1": 3, "shield": 1}
    assert event_tuples(g.take_events())[1:] == [
        ev("counters_added", target=new, counter="+1/+1", amount=3),
        ev("counters_added", target=new, counter="shield", amount=1),
    ]


def test_entering_counters_bad_input_changes_nothing(game):
    g = game()
    card = g.create(0, zone="hand", types=["planeswalker"], loyalty=3)
    assert_fails(g, TypeError, g.create, 0, types=["creature"], counters=[("+1/+1", 1)])
    assert_fails(g, ValueError, g.create, 0, types=["creature"], counters={"+1/+1": -1})
    assert_fails(g, ValueError, g.create, 0, types=["creature"], counters={"": 1})
    assert_fails(g, TypeError, g.move, card, "battlefield", counters={5: 1})
    assert_fails(g, OverflowError, g.move, card, "battlefield", counters={"loyalty": 2**64 - 1})
    assert_fails(
        g,
        OverflowError,
        g.create,
        0,
        types=["planeswalker"],
        loyalty=1,
        counters={"loyalty": 2**64 - 1},
    )


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_orders_across_groups_with_redirections_agree_with_the_reference_616_1(data) -> None:
    """616.1, 616.1f, 614.5 on both implementations: random prevention, redirection and damage
    effects on two players and three creatures, a random order chosen across the groups
    (redirections included), then simultaneous damage: the same damage dealt, events, effects
    left and state."""
    import cardstate
    import cardstate.reference

    games = [cardstate.Game(players=2), cardstate.reference.Game(players=2)]
    made = [[creature(g, i % 2, 2, 9) for i in range(3)] for g in games]
    assert made[0] == made[1]
    ents = [0, 1, *made[0]]
    amount = st.one_of(st.none(), st.integers(1, 3))
    kinds = ["prevent", "redirect", "damage_plus", "damage_times", "prevent_all_but"]
    for _ in range(data.draw(st.integers(2, 7))):
        kind = data.draw(st.sampled_from(kinds))
        a = data.draw(st.sampled_from(ents))
        if kind == "prevent":
            name, args, kw = "prevent_damage", (a, data.draw(amount)), {}
        elif kind == "redirect":
            b = data.draw(st.sampled_from([e for e in ents if e != a]))
            name, args, kw = "redirect_damage", (a, b, data.draw(amount)), {}
        else:
            n = data.draw(st.integers(2 if kind == "damage_times" else 1, 3))
            what = data.draw(st.sampled_from(["players", "creatures", ["players", "creatures"]]))
            name, args, kw = "add_replacement_effect", (kind,), {"affects": what, "amount": n}
        assert len({getattr(g, name)(*args, **kw) for g in games}) == 1
    ids = [e["id"] for e in games[0].replacement_effects()]
    chosen = data.draw(st.permutations(ids))[: data.draw(st.integers(0, len(ids)))]
    for g in games:
        g.order_replacement_effects(chosen, across_groups=True)
    asg = data.draw(
        st.lists(
            st.tuples(st.sampled_from(made[0]), st.sampled_from(ents), st.integers(0, 4)),
            min_size=1,
            max_size=3,
        )
    )
    for g in games:
        g.take_events()
    dealt = [g.deal_simultaneous_damage(asg, combat=False) for g in games]
    assert dealt[0] == dealt[1]
    events = [event_tuples(g.take_events()) for g in games]
    assert events[0] == events[1]
    assert games[0].replacement_effects() == games[1].replacement_effects()
    assert snapshot(games[0]) == snapshot(games[1])
