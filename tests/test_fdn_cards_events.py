"""The Foundations cards of the trigger events beyond entering and drawing do what their Oracle
text says, on both implementations (see tests/test_fdn_cards_wub.py for how): "whenever this
creature or another creature you control dies" looking back in time (603.10a)."""

from __future__ import annotations

import pytest
from cardstate import cards
from cardstate.cards import CardPool, coverage
from cardstate.cards.vocab import YOU, Card, GainLife, Triggered
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import FDN, cast, fired, oracle, pt, put, resolve
from test_fdn_duel import BOROS, _deck, play_alike


def test_vengeful_bloodwitch(game):
    """'Whenever this creature or another creature you control dies, target opponent loses 1
    life and you gain 1 life.' — 603.10a: a leaves-the-battlefield ability looks back in time:
    when the Bloodwitch dies with other creatures of yours (Day of Judgment), it triggers for
    each of them and for itself, as they last existed; not for an opponent's creature."""
    oracle(
        "Vengeful Bloodwitch",
        "Whenever this creature or another creature you control dies, target opponent loses 1 "
        "life and you gain 1 life.",
    )
    g = game()
    witch = put(g, "Vengeful Bloodwitch")
    lions = put(g, "Savannah Lions")
    put(g, "Savannah Lions", 1)
    g.take_events()
    cast(g, "Day of Judgment")
    fs = fired(g)
    assert sorted(f.triggering for f in fs) == [witch, lions]
    assert {(f.source, f.controller) for f in fs} == {(witch, 0)}
    for f in fs:
        resolve(g, f, [1])
    assert g.life(1) == 18 and g.life(0) == 22


def test_vengeful_bloodwitch_on_the_battlefield(game):
    """Another creature of its controller's dying alone triggers it; an opponent's doesn't."""
    g = game()
    witch = put(g, "Vengeful Bloodwitch")
    lions = put(g, "Savannah Lions")
    theirs = put(g, "Savannah Lions", 1)
    g.take_events()
    g.destroy(theirs)
    assert fired(g) == []
    g.destroy(lions)
    (f,) = fired(g)
    assert (f.source, f.triggering) == (witch, lions)
    resolve(g, f, [1])
    assert g.life(1) == 19 and g.life(0) == 21


@pytest.mark.parametrize("duel", [Duel, ReferenceDuel])
def test_dies_abilities_look_back_in_time_603_10a(duel):
    """CR 603.10a: "whenever a creature you control dies" triggers for the creatures that die
    at the same time as its source — the duel keeps those deaths' events though no permanent
    left waits for them. Day of Judgment destroys the Bloodwitch and two other creatures of its
    controller's: three triggers, each making the opponent lose 1 life."""
    d = duel(["Plains"] * 40, ["Plains"] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False)
    while d.step() != "main1":
        d.apply_action(0)
    a = d.active_player()
    b = 1 - a
    d.add_card(a, "Vengeful Bloodwitch", "battlefield")
    d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(b, "Savannah Lions", "battlefield")
    for _ in range(4):
        d.add_card(a, "Plains", "battlefield")
    d.add_card(a, "Day of Judgment", "hand")
    (cast_it,) = [x for x in d.legal_actions() if d.action_to_string(x).startswith("cast Day")]
    d.apply_action(cast_it)
    turn = d.turn()
    while d.turn() == turn:
        d.apply_action(d.legal_actions()[0])  # pass, the opponent the only target
    assert d.game.life(b) == 17 and d.game.life(a) == 23
    assert d.battlefield(b) == []


def test_battlesong_berserker(game):
    """'Whenever you attack, target creature you control gets +1/+0 and gains menace until end
    of turn. (It can't be blocked except by two or more creatures.)' — 508.3d: it triggers once
    as its controller declares attackers, however many; not on an opponent's attack."""
    oracle(
        "Battlesong Berserker",
        "Whenever you attack, target creature you control gets +1/+0 and gains menace until end "
        "of turn. (It can't be blocked except by two or more creatures.)",
    )
    g = game()
    berserker = put(g, "Battlesong Berserker")
    lions = put(g, "Savannah Lions")
    assert pt(g, berserker) == (3, 4)
    g.take_events()
    assert fired(g, [cards.attacked(1, 2)]) == []
    (f,) = fired(g, [cards.attacked(0, 2)])
    assert f.source == berserker and f.triggering == 0
    resolve(g, f, [lions])
    assert pt(g, lions) == (3, 1) and g.has_keyword(lions, "menace")
    g.cleanup()
    assert pt(g, lions) == (2, 1) and not g.has_keyword(lions, "menace")


def test_armasaur_guide(game):
    """'Vigilance …\nWhenever you attack with three or more creatures, put a +1/+1 counter on
    target creature you control.' — 508.3d: an attack with two creatures doesn't trigger it."""
    oracle(
        "Armasaur Guide",
        "Vigilance (Attacking doesn't cause this creature to tap.)\nWhenever you attack with "
        "three or more creatures, put a +1/+1 counter on target creature you control.",
    )
    g = game()
    guide = put(g, "Armasaur Guide")
    assert g.has_keyword(guide, "vigilance") and pt(g, guide) == (4, 4)
    g.take_events()
    assert fired(g, [cards.attacked(0, 2), cards.attacked(1, 3)]) == []
    (f,) = fired(g, [cards.attacked(0, 3)])
    resolve(g, f, [guide])
    assert g.counters(guide) == {"+1/+1": 1}


@pytest.mark.parametrize("duel", [Duel, ReferenceDuel])
def test_whenever_you_attack_triggers_once_508_3d(duel):
    """CR 508.3d: "whenever you attack" triggers once when its controller declares one or more
    attackers: two attackers, one trigger (its target a creature of the attacker's: +1/+0)."""
    d = duel(
        ["Mountain"] * 40, ["Mountain"] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False
    )
    while d.step() != "main1":
        d.apply_action(0)
    a, turn = d.active_player(), d.turn()
    berserker = d.add_card(a, "Battlesong Berserker", "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    while d.turn() < turn + 2:
        d.apply_action(d.legal_actions()[0])  # pass, and no attack or block
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    for _ in range(2):
        (attack,) = [x for x in d.legal_actions() if d.action_to_string(x).startswith("attack")]
        d.apply_action(attack)
    assert d.decision() == "target"
    d.apply_action(d.legal_actions()[0])
    while d.step() == "declare attackers":
        d.apply_action(0)
    assert d.game.power(berserker) + d.game.power(lions) == 3 + 2 + 1


KEEPER = Card(
    name="Departing Keeper",
    cost="{1}",
    types=("artifact", "creature"),
    power=1,
    toughness=1,
    oracle="When this creature leaves the battlefield, you gain 1 life.",
    abilities=(Triggered("leaves_battlefield", GainLife(YOU, 1)),),
)
LEAVING = CardPool([KEEPER], name="leaving")


@pytest.mark.parametrize("to", ["exile", "hand", "library", "graveyard"])
def test_leaves_the_battlefield_603_6c(game, to):
    """CR 603.6c: a leaves-the-battlefield ability triggers when its permanent moves from the
    battlefield to any other zone — dying (put into a graveyard) included — read from its last
    known information (603.10a); its controller's, as it last existed."""
    g = game()
    keeper = cards.place(g, "Departing Keeper", 1, "battlefield", pool=LEAVING)
    g.take_events()
    g.move(keeper, to)
    (f,) = cards.fired(g, g.take_events(), pool=LEAVING)
    assert (f.source, f.controller, f.triggering) == (keeper, 1, keeper)
    cards.resolve(g, f.card, f.controller, [], ability=f.ability, source=f.source, pool=LEAVING)
    assert g.life(1) == 21


def test_entering_and_leaving_are_different_events(game):
    """A permanent entering doesn't trigger "leaves the battlefield"; a card moving between
    other zones (a hand to a graveyard) doesn't either; a dies ability doesn't trigger on an
    exile."""
    g = game()
    cards.place(g, "Departing Keeper", 0, "battlefield", pool=LEAVING)
    in_hand = cards.place(g, "Departing Keeper", 0, "hand", pool=LEAVING)
    assert cards.fired(g, g.take_events(), pool=LEAVING) == []
    g.move(in_hand, "graveyard")
    assert cards.fired(g, g.take_events(), pool=LEAVING) == []
    ghoul = put(g, "Infestation Sage")  # "When this creature dies, create a …"
    g.take_events()
    g.move(ghoul, "exile")
    assert fired(g) == []


@pytest.mark.parametrize("duel", [Duel, ReferenceDuel])
def test_a_permanent_returned_to_a_hand_leaves_the_battlefield_603_6c(duel):
    """CR 603.6c in the duel: Bigfin Bouncer's "When this creature enters, return target
    creature an opponent controls to its owner's hand." returns the opponent's Departing Keeper;
    its leaves-the-battlefield ability triggers for its controller."""
    pool = FDN | LEAVING
    d = duel(["Island"] * 40, ["Island"] * 40, pool=pool, seed=3, auto_pass=False, mulligans=False)
    while d.step() != "main1":
        d.apply_action(0)
    a, turn = d.active_player(), d.turn()
    b = 1 - a
    for _ in range(4):
        d.add_card(a, "Island", "battlefield")
    d.add_card(a, "Bigfin Bouncer", "hand")
    d.add_card(b, "Departing Keeper", "battlefield")
    (cast_it,) = [x for x in d.legal_actions() if d.action_to_string(x).startswith("cast Bigfin")]
    d.apply_action(cast_it)
    while d.turn() == turn:
        d.apply_action(d.legal_actions()[0])  # pass; the Keeper the only target
    assert "Departing Keeper" in d.hand(b)
    assert d.game.life(b) == 21 and d.game.life(a) == 20


EVENTS = _deck(
    {"Swamp": 6, "Plains": 6, "Mountain": 5},
    [
        "Vengeful Bloodwitch",
        "Battlesong Berserker",
        "Armasaur Guide",
        "Day of Judgment",
        "Savannah Lions",
        "Stab",
        "Krenko, Mob Boss",
        "Vampire Nighthawk",
        "Hero's Downfall",
        "Healer's Hawk",
        "Infestation Sage",
        "Diregraf Ghoul",
    ],
)


@pytest.mark.parametrize("seed", [11, 12])
def test_the_events_cards_play_alike_in_both_duels(seed):
    """Dies looking back (603.10a) and "whenever you attack" (508.3d) play the same games in
    both duels."""
    assert all(c.playable for c in coverage.coverage(EVENTS))
    play_alike(EVENTS, BOROS, seed)
