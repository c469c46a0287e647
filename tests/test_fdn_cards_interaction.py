"""Foundations' interaction on both implementations (the ``game`` fixture): fights and bites
(701.14), discarding (701.9) and zone changes by effect — returning a permanent to its owner's
hand (400.3), returning a card from a graveyard to the battlefield or to a hand, exiling
(701.13); a moved card is a new object (400.7). Each card's test quotes its Oracle text (and
checks that the pool stores exactly that text), and its rulings where they bite."""

from __future__ import annotations

import pytest
from cardstate import cards
from cardstate.cards import coverage
from fdn_support import FDN, activate, battlefield, cast, drawn, fired, oracle, put, resolve

NEW_CARDS = [
    "Affectionate Indrik",
    "Angel of Finality",
    "Bigfin Bouncer",
    "Bite Down",
    "Burglar Rat",
    "Elvish Regrower",
    "Felling Blow",
    "Icewind Elemental",
    "Raise the Past",
    "Refute",
    "Run Away Together",
    "Scavenging Ooze",
    "Strix Lookout",
    "Zombify",
]
FIGHT_REMINDER = "(Each deals damage equal to its power to the other.)"


def hand(g, player):
    """The names of the cards in ``player``'s hand."""
    return drawn(g, player)


# ----- the rules ------------------------------------------------------------------------------


def test_fight_each_deals_damage_equal_to_its_power_to_the_other(game):
    """CR 701.14a: each creature deals damage equal to its power to the other; 701.14b: if a
    creature instructed to fight is no longer on the battlefield, no damage is dealt (by
    either)."""
    g = game()
    angel = put(g, "Serra Angel", 1)
    gone = put(g, "Affectionate Indrik")
    (f,) = fired(g)
    g.move(gone, "graveyard")
    resolve(g, f, [angel])
    assert g.damage(angel) == 0  # 701.14b: it left, no damage at all
    indrik = put(g, "Affectionate Indrik")
    (f,) = fired(g)
    resolve(g, f, [angel])
    assert (g.damage(indrik), g.damage(angel)) == (4, 4)
    g.check_state_based_actions()
    assert (g.zone(indrik), g.zone(angel)) == ("graveyard", "graveyard")


def test_bite_deals_damage_one_way_and_none_without_its_source(game):
    """CR 701.14 (a one-sided fight): the creature deals damage equal to its power and the
    other deals none back; if the first is no longer on the battlefield, no damage is dealt."""
    g = game()
    angel, hawk = put(g, "Serra Angel"), put(g, "Vampire Nighthawk", 1)
    cast(g, "Bite Down", [angel, hawk])
    assert (g.damage(angel), g.damage(hawk)) == (0, 4)
    g.move(angel, "graveyard")
    hawk2 = put(g, "Vampire Nighthawk", 1)
    assert not cast(g, "Bite Down", [angel, hawk2]).fizzled
    assert g.damage(hawk2) == 0


def test_a_returned_permanent_is_a_new_object_in_its_owners_hand(game):
    """CR 400.3, 400.7: a permanent returned to a hand goes to its owner's hand as a new
    object (its damage and counters don't follow it); 111.8 and 704.5d: a token returned to a
    hand ceases to exist there when state-based actions are checked."""
    g = game()
    angel = put(g, "Serra Angel", 1)
    g.deal_damage(angel, angel, 1)
    put(g, "Bigfin Bouncer")
    (f,) = fired(g)
    resolve(g, f, [angel])
    assert g.zone(angel) != "battlefield"
    assert hand(g, 1) == ["Serra Angel"]
    assert battlefield(g, 1) == []
    g2 = game()
    cast(g2, "Heroic Reinforcements")
    (token, _) = battlefield(g2, 0)
    put(g2, "Bigfin Bouncer", 1)
    (f,) = fired(g2)
    resolve(g2, f, [token])
    g2.check_state_based_actions()
    assert len(battlefield(g2, 0)) == 1 and hand(g2, 0) == []


def test_a_card_returned_to_the_battlefield_enters_as_a_new_object(game):
    """CR 400.7: the card returned from a graveyard to the battlefield is a new permanent; it
    enters (603.6a: its "when this enters" ability triggers) under its owner's control."""
    g = game()
    bouncer = put(g, "Bigfin Bouncer", 0, "graveyard")
    lions = put(g, "Savannah Lions", 1)
    g.take_events()
    cast(g, "Zombify", [bouncer])
    (new,) = battlefield(g, 0, "Bigfin Bouncer")
    assert new != bouncer and g.controller(new) == 0
    (f,) = fired(g)
    assert f.card == "Bigfin Bouncer" and f.source == new
    resolve(g, f, [lions])
    assert hand(g, 1) == ["Savannah Lions"]


# ----- the cards --------------------------------------------------------------------------------


def test_affectionate_indrik(game):
    """'When this creature enters, you may have it fight target creature you don't control.
    (Each deals damage equal to its power to the other.)' — "you may" (608.2d): declined, no
    damage."""
    oracle(
        "Affectionate Indrik",
        "When this creature enters, you may have it fight target creature you don't control. "
        + FIGHT_REMINDER,
    )
    g = game()
    hawk = put(g, "Vampire Nighthawk", 1)
    indrik = put(g, "Affectionate Indrik")
    (f,) = fired(g)
    resolve(g, f, [hawk], choose=lambda game, p, req: False)
    assert (g.damage(indrik), g.damage(hawk)) == (0, 0)
    hawk = put(g, "Vampire Nighthawk", 1)
    indrik = put(g, "Affectionate Indrik")
    (f,) = fired(g)
    resolve(g, f, [hawk])
    # The Nighthawk's deathtouch and lifelink apply to the damage it deals (702.2b, 702.15b).
    assert (g.damage(indrik), g.damage(hawk), g.life(1)) == (2, 4, 22)
    g.check_state_based_actions()
    assert g.zone(indrik) == "graveyard" and g.zone(hawk) == "graveyard"


def test_bite_down(game):
    """'Target creature you control deals damage equal to its power to target creature or
    planeswalker you don't control.' — the ruling: if either target is an illegal target as
    Bite Down tries to resolve, the creature you control won't deal damage."""
    oracle(
        "Bite Down",
        "Target creature you control deals damage equal to its power to target creature or "
        "planeswalker you don't control.",
    )
    g = game()
    angel, hawk = put(g, "Serra Angel"), put(g, "Vampire Nighthawk", 1)
    cast(g, "Bite Down", [angel, hawk])
    assert (g.damage(angel), g.damage(hawk)) == (0, 4)
    assert g.life(1) == 20  # the Nighthawk deals no damage back: no lifelink
    g.move(angel, "graveyard")
    hawk2 = put(g, "Vampire Nighthawk", 1)
    assert not cast(g, "Bite Down", [angel, hawk2]).fizzled
    assert g.damage(hawk2) == 0
    lions = put(g, "Savannah Lions")
    g.move(hawk2, "graveyard")
    assert cast(g, "Bite Down", [lions, hawk2]).fizzled is False
    assert g.damage(lions) == 0


def test_felling_blow(game):
    """'Put a +1/+1 counter on target creature you control. Then that creature deals damage
    equal to its power to target creature an opponent controls.' — the counter counts (its
    power is read as it deals damage); with the second target gone, the counter is still
    put."""
    oracle(
        "Felling Blow",
        "Put a +1/+1 counter on target creature you control. Then that creature deals damage "
        "equal to its power to target creature an opponent controls.",
    )
    g = game()
    lions, hawk = put(g, "Savannah Lions"), put(g, "Vampire Nighthawk", 1)
    cast(g, "Felling Blow", [lions, hawk])
    assert g.counters(lions).get("+1/+1") == 1 and g.damage(hawk) == 3
    g.move(hawk, "graveyard")
    cast(g, "Felling Blow", [lions, hawk])
    assert g.counters(lions).get("+1/+1") == 2


def test_bigfin_bouncer(game):
    """'When this creature enters, return target creature an opponent controls to its owner's
    hand.'"""
    oracle(
        "Bigfin Bouncer",
        "When this creature enters, return target creature an opponent controls to its owner's "
        "hand.",
    )
    g = game()
    mine, theirs = put(g, "Savannah Lions"), put(g, "Serra Angel", 1)
    put(g, "Bigfin Bouncer")
    (f,) = fired(g)
    assert resolve(g, f, [mine]).fizzled  # not a creature an opponent controls
    resolve(g, f, [theirs])
    assert hand(g, 1) == ["Serra Angel"] and g.zone(mine) == "battlefield"


def test_run_away_together(game):
    """'Choose two target creatures controlled by different players. Return those creatures to
    their owners' hands.' — in a two-player game, one of yours and one of your opponent's; if
    one is an illegal target as it resolves, the other is still returned."""
    oracle(
        "Run Away Together",
        "Choose two target creatures controlled by different players. Return those creatures "
        "to their owners' hands.",
    )
    g = game()
    mine, theirs = put(g, "Savannah Lions"), put(g, "Serra Angel", 1)
    cast(g, "Run Away Together", [mine, theirs])
    assert (hand(g, 0), hand(g, 1)) == (["Savannah Lions"], ["Serra Angel"])
    mine, theirs = put(g, "Savannah Lions"), put(g, "Serra Angel", 1)
    g.move(theirs, "graveyard")
    assert not cast(g, "Run Away Together", [mine, theirs]).fizzled
    assert hand(g, 0) == ["Savannah Lions", "Savannah Lions"]


def test_zombify(game):
    """'Return target creature card from your graveyard to the battlefield.' — only a creature
    card of your own graveyard is a legal target."""
    oracle("Zombify", "Return target creature card from your graveyard to the battlefield.")
    g = game()
    angel = put(g, "Serra Angel", 0, "graveyard")
    bolt = put(g, "Giant Growth", 0, "graveyard")
    theirs = put(g, "Serra Angel", 1, "graveyard")
    assert cast(g, "Zombify", [bolt]).fizzled and cast(g, "Zombify", [theirs]).fizzled
    cast(g, "Zombify", [angel])
    assert battlefield(g, 0, "Serra Angel") and g.zone(angel) != "graveyard"


def test_raise_the_past(game):
    """'Return all creature cards with mana value 2 or less from your graveyard to the
    battlefield.' — mana value (202.3): a card's {X} counts 0 there; an opponent's graveyard
    and noncreature cards stay; all of them enter at once as new objects (400.7)."""
    oracle(
        "Raise the Past",
        "Return all creature cards with mana value 2 or less from your graveyard to the "
        "battlefield.",
    )
    g = game()
    for name in ("Savannah Lions", "Diregraf Ghoul", "Vampire Nighthawk", "Stab"):
        put(g, name, 0, "graveyard")
    put(g, "Savannah Lions", 1, "graveyard")
    cast(g, "Raise the Past")
    assert sorted(g.name(x) for x in battlefield(g, 0)) == ["Diregraf Ghoul", "Savannah Lions"]
    # The Ghoul enters tapped (its "enters tapped" applies as it enters, 614.1d).
    (ghoul,) = battlefield(g, 0, "Diregraf Ghoul")
    assert g.is_tapped(ghoul)
    assert sorted(g.name(x) for x in g.objects("graveyard", 0)) == [
        "Raise the Past",
        "Stab",
        "Vampire Nighthawk",
    ]
    assert battlefield(g, 1) == []


def test_angel_of_finality(game):
    """'Flying\nWhen this creature enters, exile target player's graveyard.' — CR 701.13a:
    every card of that graveyard goes to exile; the other player's stays."""
    oracle(
        "Angel of Finality", "Flying\nWhen this creature enters, exile target player's graveyard."
    )
    g = game()
    theirs = [put(g, name, 1, "graveyard") for name in ("Serra Angel", "Stab")]
    mine = put(g, "Savannah Lions", 0, "graveyard")
    angel = put(g, "Angel of Finality")
    assert g.has_keyword(angel, "flying")
    (f,) = fired(g)
    resolve(g, f, [1])
    assert g.objects("graveyard", 1) == [] and g.zone(mine) == "graveyard"
    assert sorted(g.name(x) for x in g.objects("exile", 1)) == ["Serra Angel", "Stab"]
    assert all(g.zone(x) != "graveyard" for x in theirs)


def test_exile_takes_a_permanent_or_a_graveyard_card_701_13(game):
    """CR 701.13a: exile moves the object to the exile zone (a new object, 400.7); a permanent
    or a card in a graveyard can be exiled."""
    g = game()
    lions = put(g, "Savannah Lions", 1)
    put(g, "Serra Angel", 1, "graveyard")
    put(g, "Angel of Finality")
    (f,) = fired(g)
    resolve(g, f, [1])
    assert g.zone(lions) == "battlefield" and g.objects("exile", 1) != []


def test_scavenging_ooze(game):
    """'{G}: Exile target card from a graveyard. If it was a creature card, put a +1/+1 counter
    on this creature and you gain 1 life.' — the card's type is read before it is exiled; a
    card of either graveyard; the rulings: if the target is illegal as the ability resolves, it
    doesn't resolve (no counter, no life)."""
    oracle(
        "Scavenging Ooze",
        "{G}: Exile target card from a graveyard. If it was a creature card, put a +1/+1 "
        "counter on this creature and you gain 1 life.",
    )
    g = game()
    ooze = put(g, "Scavenging Ooze")
    angel = put(g, "Serra Angel", 1, "graveyard")
    stab = put(g, "Stab", 0, "graveyard")
    activate(g, ooze, "Scavenging Ooze", [angel])
    assert g.zone(angel) != "graveyard" and g.objects("exile", 1) != []
    assert g.counters(ooze).get("+1/+1") == 1 and g.life(0) == 21
    activate(g, ooze, "Scavenging Ooze", [stab])
    assert g.objects("graveyard", 0) == [] and g.counters(ooze).get("+1/+1") == 1
    assert g.life(0) == 21
    lions = put(g, "Savannah Lions", 1, "graveyard")
    g.move(lions, "exile")
    assert activate(g, ooze, "Scavenging Ooze", [lions]).fizzled
    assert g.counters(ooze).get("+1/+1") == 1 and g.life(0) == 21


def test_elvish_regrower(game):
    """'When this creature enters, return target permanent card from your graveyard to your
    hand.' — a permanent card is an artifact, battle, creature, enchantment, land or
    planeswalker card (110.4b): an instant isn't one."""
    oracle(
        "Elvish Regrower",
        "When this creature enters, return target permanent card from your graveyard to your hand.",
    )
    g = game()
    forest = put(g, "Forest", 0, "graveyard")
    bolt = put(g, "Giant Growth", 0, "graveyard")
    put(g, "Elvish Regrower")
    (f,) = fired(g)
    assert resolve(g, f, [bolt]).fizzled
    resolve(g, f, [forest])
    assert hand(g, 0) == ["Forest"]


@pytest.mark.parametrize("name", NEW_CARDS)
def test_the_cards_are_playable(name):
    """``cardstate cards coverage`` reports each of these cards playable: the duel runs all of
    it (graveyard cards are targets of its graveyard slots)."""
    assert coverage.card_coverage(name).playable


# ----- discarding (701.9) ---------------------------------------------------------------------

LOOT = "Draw a card, then discard a card."


def chooser(picks):
    """A chooser answering each discard request with the cards of ``picks`` (names) of the
    request's hand, and recording who was asked; every other request as ``auto_choice``."""
    asked = []

    def choose(g, player, req):
        if req.kind != "discard":
            return cards.auto_choice(g, player, req)
        asked.append((player, req.min, sorted(g.name(x) for x in req.candidates)))
        names = list(picks)
        out = []
        for x in req.candidates:
            if g.name(x) in names:
                names.remove(g.name(x))
                out.append(x)
        return out

    return choose, asked


def test_the_discarding_player_chooses_701_9b(game):
    """CR 701.9b: the player discards the cards of its choice; a player who must discard at
    least as many cards as it holds discards its whole hand without a choice; 701.9a: a
    discarded card goes to its owner's graveyard."""
    g = game()
    for name in ("Forest", "Stab"):
        put(g, name, 1, "hand")
    put(g, "Burglar Rat")
    (f,) = fired(g)
    choose, asked = chooser(["Stab"])
    resolve(g, f, choose=choose)
    assert asked == [(1, 1, ["Forest", "Stab"])]  # the opponent is asked, not the controller
    assert hand(g, 1) == ["Forest"]
    assert [g.name(x) for x in g.objects("graveyard", 1)] == ["Stab"]
    put(g, "Burglar Rat")
    (f,) = fired(g)
    choose, asked = chooser([])
    resolve(g, f, choose=choose)
    assert asked == [] and hand(g, 1) == []  # one card: discarded without a choice
    put(g, "Burglar Rat")
    (f,) = fired(g)
    resolve(g, f)  # an empty hand: nothing to discard
    assert len(g.objects("graveyard", 1)) == 2


def test_a_discard_answer_is_checked(game):
    """A discard is answered with as many cards of the hand as it asks for, each once; a wrong
    answer is refused and the request stays."""
    g = game()
    ids = [put(g, name, 0, "hand") for name in ("Forest", "Stab", "Island")]
    r = cards.Resolution(g, "Strix Lookout", 0, ability=0, pool=FDN)
    library(g)
    req = r.run()
    assert req.kind == "discard" and req.player == 0 and req.min == req.max == 1
    assert len(req.candidates) == 4 and set(ids) <= set(req.candidates)
    with pytest.raises(ValueError):
        r.answer([ids[0], ids[1]])
    with pytest.raises(ValueError):
        r.answer([12345])
    assert r.run() == req
    r.answer([ids[1]])
    assert isinstance(r.run(), cards.Outcome)
    assert sorted(hand(g, 0)) == ["Forest", "Island", "Island"]


def library(g, player=0):
    """One Island in ``player``'s library."""
    return put(g, "Island", player, "library")


def test_icewind_elemental(game):
    """'Flying\\nWhen this creature enters, draw a card, then discard a card.' — the drawn card
    may be the one discarded."""
    oracle("Icewind Elemental", "Flying\nWhen this creature enters, " + LOOT[0].lower() + LOOT[1:])
    g = game()
    put(g, "Forest", 0, "hand")
    library(g)
    elemental = put(g, "Icewind Elemental")
    assert g.has_keyword(elemental, "flying")
    (f,) = fired(g)
    choose, asked = chooser(["Island"])
    resolve(g, f, choose=choose)
    assert asked == [(0, 1, ["Forest", "Island"])]
    assert hand(g, 0) == ["Forest"]


def test_refute(game):
    """'Counter target spell. Draw a card, then discard a card.'"""
    oracle("Refute", "Counter target spell. " + LOOT)
    g = game()
    spell = put(g, "Stab", 1, "stack")
    put(g, "Forest", 0, "hand")
    library(g)
    choose, _ = chooser(["Forest"])
    cast(g, "Refute", [spell], choose=choose)
    assert g.zone(spell) != "stack" and "Stab" in [g.name(x) for x in g.objects("graveyard", 1)]
    assert hand(g, 0) == ["Island"]


def test_strix_lookout(game):
    """'Flying, vigilance (Attacking doesn't cause this creature to tap.)\n{1}{U}, {T}: Draw a
    card, then discard a card.'"""
    oracle(
        "Strix Lookout",
        "Flying, vigilance (Attacking doesn't cause this creature to tap.)\n{1}{U}, {T}: " + LOOT,
    )
    g = game()
    strix = put(g, "Strix Lookout")
    assert g.has_keyword(strix, "flying") and g.has_keyword(strix, "vigilance")
    put(g, "Stab", 0, "hand")
    library(g)
    choose, _ = chooser(["Stab"])
    cards.resolve(g, "Strix Lookout", 0, [], ability=0, source=strix, pool=FDN, choose=choose)
    assert hand(g, 0) == ["Island"]


def test_burglar_rat(game):
    """'When this creature enters, each opponent discards a card.'"""
    oracle("Burglar Rat", "When this creature enters, each opponent discards a card.")
    g = game()
    put(g, "Forest", 0, "hand")
    put(g, "Island", 1, "hand")
    put(g, "Burglar Rat")
    (f,) = fired(g)
    resolve(g, f)
    assert (hand(g, 0), hand(g, 1)) == (["Forest"], [])


def test_macabre_waltz(game):
    """'Return up to two target creature cards from your graveyard to your hand, then discard
    a card.' — the returned cards may be discarded; with no target it still discards."""
    oracle(
        "Macabre Waltz",
        "Return up to two target creature cards from your graveyard to your hand, then discard "
        "a card.",
    )
    g = game()
    lions = put(g, "Savannah Lions", 0, "graveyard")
    angel = put(g, "Serra Angel", 0, "graveyard")
    put(g, "Forest", 0, "hand")
    choose, asked = chooser(["Forest"])
    cast(g, "Macabre Waltz", [lions, angel], choose=choose)
    assert sorted(hand(g, 0)) == ["Savannah Lions", "Serra Angel"]
    choose, asked = chooser(["Serra Angel"])
    cast(g, "Macabre Waltz", [], choose=choose)
    assert hand(g, 0) == ["Savannah Lions"]
