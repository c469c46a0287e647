"""Prevention shields, redirections and "can't" effects on damage as instances of the one
replacement/prevention mechanism (CR 614-616; docs/SEMANTICS.md §5 and §10). Every test runs on
both implementations."""

from __future__ import annotations

import pytest
from cardstate import GoneError
from conftest import assert_fails


def creature(g, controller=0, power=2, toughness=2, **kw):
    return g.create(controller, types=["creature"], power=power, toughness=toughness, **kw)


# --------------------------------------------------------------------------------------------
# Shields and redirections are effects with ids (615.1, 614.9)


def test_a_prevention_shield_is_an_effect(game):
    """615.1: "prevent the next 2 damage that would be dealt to target creature this turn" is a
    prevention effect: it has an id, is listed with the others, can be ended by its id, and
    ends at cleanup (514.2) or when its creature leaves the battlefield."""
    g = game()
    bear, src = creature(g, 1, 2, 4), creature(g, 0)
    sid = g.prevent_damage(bear, 2, source=src)
    assert isinstance(sid, int)
    (row,) = g.replacement_effects()
    assert row == {
        "id": sid,
        "effect": "prevent",
        "affects": [bear],
        "source": None,
        "controller": None,
        "counter": None,
        "sources": [src],
        "amount": 2,
        "to": None,
        "combat": False,
        "until_end_of_turn": True,
        "ordered": False,
    }
    assert g.deal_damage(src, bear, 3) == 1
    assert g.replacement_effects() == []  # used up
    sid = g.prevent_damage(bear)
    g.remove_replacement_effect(sid)
    assert g.deal_damage(src, bear, 1) == 1
    g.prevent_damage(bear)
    g.move(bear, "hand")
    assert g.replacement_effects() == []
    assert g.prevent_damage(src, 0) is None  # 0: nothing


def test_615_1a_prevent_all_combat_damage_to_it_this_turn(game):
    """615.1a: "Prevent all combat damage that would be dealt to it this turn" prevents combat
    damage (510.2) of any amount to that creature, not noncombat damage, and ends at cleanup
    (514.2)."""
    g = game()
    bear, src = creature(g, 1, 2, 4), creature(g, 0, 3, 3)
    sid = g.prevent_combat_damage(bear)
    (row,) = g.replacement_effects()
    assert row["id"] == sid and row["combat"] is True and row["amount"] is None
    assert g.deal_damage(src, bear, 3, combat=True) == 0
    assert g.deal_damage(src, bear, 5, combat=True) == 0
    assert g.deal_damage(src, bear, 1) == 1
    g.cleanup()
    assert g.replacement_effects() == []
    assert g.deal_damage(src, bear, 3, combat=True) == 3


def test_a_redirection_is_an_effect(game):
    """614.9: "the next 3 damage that would be dealt to you this turn is dealt to target
    planeswalker instead" is a replacement effect with an id; it ends when the planeswalker
    leaves the battlefield."""
    g = game()
    walker = g.create(0, types=["planeswalker"], loyalty=5)
    src = creature(g, 1)
    rid = g.redirect_damage(0, walker, 3)
    (row,) = g.replacement_effects()
    assert row["id"] == rid and row["effect"] == "redirect"
    assert row["affects"] == [0] and row["to"] == walker and row["amount"] == 3
    assert g.deal_damage(src, 0, 2) == 2 and g.loyalty(walker) == 3
    assert g.replacement_effects()[0]["amount"] == 1
    g.move(walker, "graveyard")
    assert g.replacement_effects() == []


def test_616_1_order_of_shields_is_a_choice(game):
    """616.1: the affected player chooses the order of the prevention effects that apply; the
    kernel applies the list's order, which order_replacement_effects changes. A used-up "next
    2" shield is removed, an "all but 1" one stays."""
    g = game()
    src, bear = creature(g, 0), creature(g, 1, 2, 9)
    two = g.prevent_damage(bear, 2)
    all_but = g.add_replacement_effect("prevent_all_but", controller=1, affects="you", amount=1)
    # "you" is player 1 here: the bear isn't affected by the "all but 1" effect.
    assert g.deal_damage(src, bear, 5) == 3
    g.remove_replacement_effect(all_but)
    g.prevent_damage(bear, 2)
    all_but = g.add_replacement_effect("prevent_all_but", affects="creatures", amount=1)
    assert two not in [e["id"] for e in g.replacement_effects()]
    # The default order: the next-2 shield (5 -> 3), then all but 1 (3 -> 1).
    h = g.clone()
    assert g.deal_damage(src, bear, 5) == 1
    assert [e["effect"] for e in g.replacement_effects()] == ["prevent_all_but"]
    # The other order: all but 1 (5 -> 1), then the shield prevents that 1 and keeps 1.
    h.order_replacement_effects([all_but])
    assert h.deal_damage(src, bear, 5) == 0
    assert [(e["effect"], e["amount"]) for e in h.replacement_effects()] == [
        ("prevent_all_but", 1),
        ("prevent", 1),
    ]


# --------------------------------------------------------------------------------------------
# Prevention with filters (615.1)


def test_prevent_all_but_1(game):
    """A Fog-like "prevent all but 1 of that damage": each damage event to an affected
    recipient is dealt 1 (combat damage of several creatures too: each assignment is its own
    event); the effect stays until it ends."""
    g = game()
    g.add_replacement_effect(
        "prevent_all_but", controller=0, affects=["you", "creatures you control"], amount=1
    )
    a, b = creature(g, 1, 4, 4), creature(g, 1, 5, 5)
    mine = creature(g, 0, 2, 9)
    assert g.deal_simultaneous_damage([(a, 0, 4), (b, mine, 5), (b, 1, 5)]) == [1, 1, 5]
    assert g.life(0) == 19 and g.damage(mine) == 1 and g.life(1) == 15
    assert len(g.replacement_effects()) == 1


def test_prevention_filtered_by_source_types(game):
    """Prevention filtered by the source's types: "prevent all damage that would be dealt to
    you by creatures" and "prevent all damage instants and sorceries would deal to creatures
    you control" (615.1); a spell on the stack is a source of its types."""
    g = game()
    g.add_replacement_effect("prevent", controller=0, affects="you", sources="creatures")
    g.add_replacement_effect(
        "prevent",
        controller=0,
        affects="creatures you control",
        sources=["instants", "sorceries"],
    )
    bear, mine = creature(g, 1), creature(g, 0, 2, 9)
    bolt = g.create(1, zone="stack", types=["instant"])
    rift = g.create(1, zone="stack", types=["sorcery"])
    relic = g.create(1, types=["artifact"])
    assert g.deal_damage(bear, 0, 2) == 0
    assert g.deal_damage(bolt, 0, 3) == 3  # not from a creature
    assert g.deal_damage(bolt, mine, 3) == 0 and g.deal_damage(rift, mine, 3) == 0
    assert g.deal_damage(bear, mine, 2) == 2 and g.deal_damage(relic, mine, 1) == 1
    assert g.life(0) == 17 and g.damage(mine) == 3


def test_next_n_prevention_effect_is_used_up(game):
    """615.7: "prevent the next 3 damage that would be dealt to creatures you control this turn
    by sources opponents control" is used up by 3 damage across events."""
    g = game()
    eid = g.add_replacement_effect(
        "prevent",
        controller=0,
        affects="creatures you control",
        sources="sources opponents control",
        amount=3,
        until_end_of_turn=True,
    )
    mine, theirs = creature(g, 0, 2, 9), creature(g, 1, 2, 9)
    assert g.deal_damage(mine, mine, 2) == 2  # a source 0 controls
    assert g.deal_damage(theirs, mine, 2) == 0
    assert g.replacement_effects()[0]["amount"] == 1
    assert g.deal_damage(theirs, mine, 2) == 1
    assert eid not in [e["id"] for e in g.replacement_effects()]


def test_prevention_cant_filtered_by_source(game):
    """Questing Beast: "Combat damage that would be dealt by creatures you control can't be
    prevented." (615.12; the kernel has no combat filter on effects: the sources it names)."""
    g = game()
    beast = creature(g, 0, 4, 4, name="Questing Beast")
    g.add_replacement_effect(
        "prevention_cant",
        source=beast,
        affects=["players", "permanents"],
        sources="creatures you control",
    )
    theirs = creature(g, 1)
    g.prevent_damage(1)
    g.prevent_damage(0)
    assert g.deal_damage(beast, 1, 4, combat=True) == 4
    assert g.deal_damage(theirs, 0, 2, combat=True) == 0


# --------------------------------------------------------------------------------------------
# Redirection


def test_damage_cant_be_redirected(game):
    """ "Damage that would be dealt to you can't be redirected": a redirection from the
    protected recipient doesn't apply, and stays for later; damage redirected to it can't go on
    to a third recipient (616.1f: the next effect would redirect from it)."""
    g = game()
    walker = g.create(1, types=["planeswalker"], loyalty=5)
    other = g.create(0, types=["planeswalker"], loyalty=5)
    src = creature(g, 0)
    g.redirect_damage(1, walker)
    cant = g.add_replacement_effect("redirection_cant", controller=1, affects="you")
    assert g.deal_damage(src, 1, 2) == 2
    assert g.life(1) == 18 and g.loyalty(walker) == 5
    g.remove_replacement_effect(cant)
    g.add_replacement_effect("redirection_cant", affects="planeswalkers")
    g.redirect_damage(walker, other)
    assert g.deal_damage(src, 1, 2) == 2
    assert g.life(1) == 18 and g.loyalty(walker) == 3 and g.loyalty(other) == 5


def test_redirection_cant_filtered_by_source(game):
    """ "Damage that would be dealt by creatures can't be redirected": an instant's damage is
    still redirected."""
    g = game()
    walker = g.create(1, types=["planeswalker"], loyalty=5)
    src = creature(g, 0)
    bolt = g.create(0, zone="stack", types=["instant"])
    g.add_replacement_effect("redirection_cant", affects="players", sources="creatures")
    g.redirect_damage(1, walker)
    assert g.deal_damage(src, 1, 2) == 2 and g.life(1) == 18
    assert g.deal_damage(bolt, 1, 3) == 3 and g.loyalty(walker) == 2


# --------------------------------------------------------------------------------------------
# Unpreventable per assignment (615.12)


def test_unpreventable_per_assignment(game):
    """615.12: "combat damage that would be dealt by this creature can't be prevented" is part of
    one combat damage step: each assignment may say whether it can be prevented; the others
    take the call's preventable=. A shield counter is still removed (122.1c)."""
    g = game()
    a, b = creature(g, 0, 3, 3), creature(g, 0, 3, 3)
    blocker = creature(g, 1, 2, 9)
    g.add_counters(blocker, "shield")
    g.prevent_damage(1)
    dealt = g.deal_simultaneous_damage([(a, 1, 3, False), (b, 1, 3), (a, blocker, 3, False)])
    assert dealt == [3, 0, 3]
    assert g.life(1) == 17 and g.damage(blocker) == 3 and g.counters(blocker) == {}
    assert g.deal_simultaneous_damage([(a, 1, 1, True)], preventable=False) == [0]


def test_bad_effects_are_refused(game):
    """Bad input: a redirection through add_replacement_effect (it needs a recipient), a 0 or
    missing amount where one is needed, a non-bool preventable in an assignment, a wrong-length
    assignment: a clear error and nothing changes."""
    g = game()
    src, bear = creature(g, 0), creature(g, 1)
    assert_fails(g, ValueError, g.add_replacement_effect, "redirect", affects="players")
    assert_fails(g, ValueError, g.add_replacement_effect, "prevent", affects="players", amount=0)
    assert_fails(g, ValueError, g.add_replacement_effect, "prevent_all_but", affects="players")
    assert_fails(g, TypeError, g.deal_simultaneous_damage, [(src, bear, 1, 1)])
    assert_fails(g, TypeError, g.deal_simultaneous_damage, [(src, bear, 1, True, 2)])
    assert_fails(
        g,
        ValueError,
        g.add_replacement_effect,
        "prevent",
        affects="players",
        sources="players",
    )
    g.move(bear, "hand")
    assert_fails(g, GoneError, g.prevent_damage, bear)


@pytest.mark.parametrize("amount", [None, 2])
def test_shields_survive_bytes_and_clone(game, amount):
    """Effects are state: shields and redirections round-trip through clone, ==, hash and the
    bytes."""
    g = game()
    walker = g.create(1, types=["planeswalker"], loyalty=5)
    src = creature(g, 0)
    g.prevent_damage(walker, amount, source=src)
    g.redirect_damage(1, walker, amount)
    g.add_replacement_effect("prevent_all_but", affects="planeswalkers", amount=1)
    back = type(g).from_bytes(g.to_bytes())
    assert back == g and back.hash() == g.hash()
    assert back.replacement_effects() == g.replacement_effects()
    h = g.clone()
    g.deal_damage(src, 1, 3)
    assert h != g
    h.deal_damage(src, 1, 3)
    assert h == g and h.hash() == g.hash()


def test_fog_prevents_combat_damage_only(game):
    """Fog: "Prevent all combat damage that would be dealt this turn." A prevention effect with
    ``combat=True`` applies to combat damage (510.2) only; other damage is dealt. It ends at
    cleanup (514.2: "this turn")."""
    g = game()
    bear = g.create(0, types=["creature"], power=2, toughness=2)
    other = g.create(1, types=["creature"], power=3, toughness=3)
    fog = g.add_replacement_effect(
        "prevent", affects=["players", "permanents"], combat=True, until_end_of_turn=True
    )
    assert g.replacement_effects()[0]["combat"] is True
    assert g.deal_simultaneous_damage([(bear, 1, 2), (other, bear, 3)], combat=True) == [0, 0]
    assert g.life(1) == 20 and g.damage(bear) == 0
    assert g.deal_damage(other, 1, 3) == 3, "not combat damage: dealt"
    assert g.deal_damage(bear, 1, 2, combat=True) == 0
    assert [e["id"] for e in g.replacement_effects()] == [fog], "prevent all: it stays"
    g.cleanup()
    assert g.replacement_effects() == []
    assert g.deal_damage(bear, 1, 2, combat=True) == 2


def test_combat_only_filters_on_other_damage_effects(game):
    """``combat=True`` on other damage effects: "combat damage that would be dealt by creatures
    you control can't be prevented" (Questing Beast), and a combat-only "plus N"."""
    g = game()
    bear = g.create(0, types=["creature"], power=2, toughness=2)
    g.prevent_damage(1)
    g.add_replacement_effect(
        "prevention_cant",
        affects="players",
        sources="creatures you control",
        controller=0,
        combat=True,
    )
    assert g.deal_damage(bear, 1, 2) == 0, "noncombat damage is still prevented"
    assert g.deal_damage(bear, 1, 2, combat=True) == 2, "combat damage can't be"
    g.add_replacement_effect("damage_plus", affects="players", amount=1, combat=True)
    assert g.deal_damage(bear, 1, 1, combat=True) == 2
    assert g.deal_damage(bear, 1, 1) == 0, "no plus 1, and prevented (the shield stays)"


def test_combat_filter_is_for_damage_effects(game):
    """SEMANTICS §10: ``combat`` is a bool (``TypeError``), only for damage effects
    (``ValueError``); nothing changes."""
    g = game()
    assert_fails(
        g, ValueError, g.add_replacement_effect, "counters_cant", affects="players", combat=True
    )
    assert_fails(g, TypeError, g.add_replacement_effect, "prevent", affects="players", combat=1)
