"""Foundations cards that move objects between zones by effect — returning permanents to a
hand (400.3), exiling a card from a graveyard (406), casting from a graveyard by flashback
(702.34) — and that make Food (111.10b), named (111.4) and tapped (110.5b) tokens, on both
implementations (see tests/test_fdn_cards_wub.py for how), and in the native and the reference
duel alike."""

from __future__ import annotations

import pytest
from cardstate import cards
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import (
    FDN,
    activate,
    battlefield,
    cast,
    drawn,
    fired,
    library,
    oracle,
    pt,
    put,
    resolve,
)
from test_fdn_cards_flash import FLASH, has_flash
from test_fdn_cards_triggers import entering
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import _act, _duel, _named, _pass_until, _words

IMPLS = [Duel, ReferenceDuel]

FOOD = (
    "create a Food token. (It's an artifact with \"{2}, {T}, Sacrifice this token: You gain 3 "
    'life.")'
)


def test_food_token_111_10b(game):
    """111.10b: a Food token is a colourless Food artifact with "{2}, {T}, Sacrifice this
    token: You gain 3 life."; its ability is paid with the sacrifice (602.2b) and gains 3."""
    food = FDN["Food Token"].card
    assert food.types == ("artifact",) and food.subtypes == ("Food",)
    assert food.oracle == "{2}, {T}, Sacrifice this token: You gain 3 life."
    g = game()
    x = put(g, "Food Token")
    activate(g, x, "Food Token")
    assert g.life(0) == 23 and g.zone(x) != "battlefield"


def test_bake_into_a_pie(game):
    """'Destroy target creature. Create a Food token. …' — 701.8: the creature is destroyed
    and its caster (not the creature's controller) creates the Food (111.2)."""
    oracle("Bake into a Pie", "Destroy target creature. C" + FOOD[1:])
    g = game()
    angel = put(g, "Serra Angel", 1)
    cast(g, "Bake into a Pie", [angel])
    assert g.zone(angel) == "graveyard"
    (food,) = battlefield(g, 0, "Food Token")
    assert g.is_token(food) and battlefield(g, 1) == []


def test_eager_trufflesnout(game):
    """'Trample …\\nWhenever this creature deals combat damage to a player, create a Food
    token. …' — 510.2: combat damage to a player triggers it; noncombat damage doesn't."""
    oracle(
        "Eager Trufflesnout",
        "Trample (This creature can deal excess combat damage to the player or planeswalker "
        "it's attacking.)\nWhenever this creature deals combat damage to a player, " + FOOD,
    )
    g = game()
    boar = put(g, "Eager Trufflesnout")
    assert g.has_keyword(boar, "trample") and pt(g, boar) == (4, 2)
    g.take_events()
    g.deal_damage(boar, 1, 4)
    assert fired(g) == []
    g.deal_damage(boar, 1, 4, combat=True)
    (f,) = fired(g)
    resolve(g, f)
    assert len(battlefield(g, 0, "Food Token")) == 1 and g.life(1) == 12


def test_ambush_wolf(game):
    """'Flash …\\nWhen this creature enters, exile up to one target card from a graveyard.' —
    406.2: the card is exiled from any player's graveyard; "up to one" may be none (601.2c)."""
    oracle(
        "Ambush Wolf",
        FLASH + "\nWhen this creature enters, exile up to one target card from a graveyard.",
    )
    assert has_flash("Ambush Wolf")
    g = game()
    theirs = put(g, "Serra Angel", 1, "graveyard")
    wolf, (f,) = entering(g, "Ambush Wolf")
    assert pt(g, wolf) == (4, 2)
    resolve(g, f, [theirs])
    assert g.zone(theirs) == "exile"
    mine = put(g, "Stab", 0, "graveyard")
    _, (f,) = entering(g, "Ambush Wolf")
    resolve(g, f, [])
    assert g.zone(mine) == "graveyard"


def test_mischievous_pup(game):
    """'Flash …\\nWhen this creature enters, return up to one other target permanent you
    control to its owner's hand.' — 400.3: the permanent (a land too) goes to its owner's
    hand (the targets offered: below)."""
    oracle(
        "Mischievous Pup",
        FLASH + "\nWhen this creature enters, return up to one other target permanent you "
        "control to its owner's hand.",
    )
    assert has_flash("Mischievous Pup")
    g = game()
    land = put(g, "Forest")
    pup, (f,) = entering(g, "Mischievous Pup")
    assert pt(g, pup) == (3, 1)
    resolve(g, f, [land])
    assert drawn(g) == ["Forest"] and g.zone(pup) == "battlefield"


def test_aetherize(game):
    """'Return all attacking creatures to their owner's hand.' — 506.4: only the attacking
    creatures (the resolution is told which); a token returned ceases to exist (704.5d)."""
    oracle("Aetherize", "Return all attacking creatures to their owner's hand.")
    g = game()
    lions, angel = put(g, "Savannah Lions", 1), put(g, "Serra Angel", 1)
    mine = put(g, "Savannah Lions")
    cast(g, "Aetherize", attacking=[lions, mine])
    assert drawn(g, 1) == ["Savannah Lions"] and drawn(g, 0) == ["Savannah Lions"]
    assert g.zone(angel) == "battlefield"


def test_think_twice(game):
    """'Draw a card.\\nFlashback {2}{U} …' — 121.1; 702.34a: the flashback cost is compiled with
    the card (the duels cast it from the graveyard: below)."""
    oracle(
        "Think Twice",
        "Draw a card.\nFlashback {2}{U} (You may cast this card from your graveyard for its "
        "flashback cost. Then exile it.)",
    )
    (fb,) = [a for a in FDN["Think Twice"].data["abilities"] if a["kind"] == "flashback"]
    assert fb["cost"] is not None
    g = game()
    library(g, 0, 2)
    cast(g, "Think Twice")
    assert drawn(g) == ["Island"]


@pytest.mark.parametrize("impl", IMPLS)
def test_think_twice_with_flashback_702_34a(impl):
    """CR 702.34a in the duel: Think Twice is cast from the graveyard for {2}{U}, draws a card,
    and is exiled as it leaves the stack."""
    d = _duel(impl, "Island")
    a = d.active_player()
    for _ in range(3):
        d.add_card(a, "Island", "battlefield")
    d.add_card(a, "Think Twice", "graveyard")
    hand = len(d.hand(a))
    _act(d, "cast Think Twice with flashback")
    _pass_until(d, lambda: d.game.objects("exile", a) != [])
    assert len(d.hand(a)) == hand + 1
    assert [d.game.name(x) for x in d.game.objects("exile", a)] == ["Think Twice"]


def test_revenge_of_the_rats(game):
    """'Create a tapped 1/1 black Rat creature token for each creature card in your graveyard.
    \nFlashback {2}{B}{B} …' — 110.5b: the tokens enter tapped; only creature cards of its
    caster's graveyard count (an opponent's don't, nor a sorcery)."""
    oracle(
        "Revenge of the Rats",
        "Create a tapped 1/1 black Rat creature token for each creature card in your graveyard."
        "\nFlashback {2}{B}{B} (You may cast this card from your graveyard for its flashback "
        "cost. Then exile it.)",
    )
    g = game()
    for name, player in (
        ("Savannah Lions", 0),
        ("Serra Angel", 0),
        ("Stab", 0),
        ("Serra Angel", 1),
    ):
        put(g, name, player, "graveyard")
    cast(g, "Revenge of the Rats")
    rats = battlefield(g, 0, "Rat Token 1/1")
    assert len(rats) == 2 and all(g.is_tapped(r) and g.is_token(r) for r in rats)
    assert pt(g, rats[0]) == (1, 1) and FDN["Rat Token 1/1"].card.info["colours"] == ["B"]


@pytest.mark.parametrize("impl", IMPLS)
def test_revenge_of_the_rats_with_flashback_702_34a(impl):
    """Cast from the hand, then from the graveyard by flashback (the Revenge itself, on the
    stack, is no creature card): tapped Rats each time, and the second Revenge exiled."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    for _ in range(8):
        d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, "Savannah Lions", "graveyard")
    d.add_card(a, "Revenge of the Rats", "hand")
    _act(d, "cast Revenge of the Rats")
    _pass_until(d, lambda: _named(d, a, "Rat Token 1/1") != [])
    _act(d, "cast Revenge of the Rats with flashback")
    _pass_until(d, lambda: len(_named(d, a, "Rat Token 1/1")) == 2)
    assert all(d.game.is_tapped(r) for r in _named(d, a, "Rat Token 1/1"))
    assert [d.game.name(x) for x in d.game.objects("exile", a)] == ["Revenge of the Rats"]


def test_hare_apparent(game):
    """'When this creature enters, create a number of 1/1 white Rabbit creature tokens equal to
    the number of other creatures you control named Hare Apparent.\nA deck can have any number
    of cards named Hare Apparent.' — 201.2: only creatures of that name count (not the
    entering one, not an opponent's, not its Rabbits), as the ability resolves (608.2h)."""
    oracle(
        "Hare Apparent",
        "When this creature enters, create a number of 1/1 white Rabbit creature tokens equal to "
        "the number of other creatures you control named Hare Apparent.\nA deck can have any "
        "number of cards named Hare Apparent.",
    )
    g = game()
    put(g, "Hare Apparent", 1)
    _, (f,) = entering(g, "Hare Apparent")
    resolve(g, f)
    assert battlefield(g, 0, "Rabbit Token 1/1") == []
    _, (f,) = entering(g, "Hare Apparent")
    put(g, "Hare Apparent")  # a third, entering before the second's ability resolves
    resolve(g, f)
    rabbits = battlefield(g, 0, "Rabbit Token 1/1")
    assert len(rabbits) == 2 and pt(g, rabbits[0]) == (1, 1)


@pytest.mark.parametrize("impl", IMPLS)
def test_a_deck_can_have_any_number_of_hare_apparent_100_2a(impl):
    """'A deck can have any number of cards named Hare Apparent.' — the exception to 100.2a's
    four copies in a constructed deck, as for basic land cards; five of another card are
    still refused."""
    hares = ["Plains"] * 20 + ["Hare Apparent"] * 40
    d = impl(hares, hares, pool="fdn", seed=1, format="constructed")
    assert d.library_size(0) == 53
    five = ["Plains"] * 20 + ["Hare Apparent"] * 35 + ["Savannah Lions"] * 5
    with pytest.raises(ValueError, match=r'5 copies of "Savannah Lions".*100\.2a'):
        impl(five, five, pool="fdn", seed=1, format="constructed")


def test_kiora_the_rising_tide(game):
    """'When Kiora enters, draw two cards, then discard two cards.\\nThreshold — Whenever Kiora
    attacks, if there are seven or more cards in your graveyard, you may create Scion of the
    Deep, a legendary 8/8 blue Octopus creature token.' — 603.4: with six cards in the
    graveyard the attack doesn't trigger it; with seven it does; the token is legendary (the
    legend rule, 704.5j, leaves one)."""
    oracle(
        "Kiora, the Rising Tide",
        "When Kiora enters, draw two cards, then discard two cards.\nThreshold — Whenever Kiora "
        "attacks, if there are seven or more cards in your graveyard, you may create Scion of "
        "the Deep, a legendary 8/8 blue Octopus creature token.",
    )
    g = game()
    library(g, 0, 2)
    put(g, "Stab", 0, "hand")
    kiora, (f,) = entering(g, "Kiora, the Rising Tide")
    resolve(g, f)
    assert len(drawn(g)) == 1 and len(g.objects("graveyard", 0)) == 2
    for _ in range(4):
        put(g, "Stab", 0, "graveyard")
    assert fired(g, [cards.attacks(kiora)]) == [], "six cards"
    put(g, "Stab", 0, "graveyard")
    for _ in range(2):
        (f,) = fired(g, [cards.attacks(kiora)])
        resolve(g, f)
    g.check_state_based_actions()
    (scion,) = battlefield(g, 0, "Scion of the Deep")
    assert pt(g, scion) == (8, 8) and g.is_token(scion)
    assert FDN["Scion of the Deep"].card.supertypes == ("legendary",)


def test_ruby_daring_tracker(game):
    """'Haste …\\nWhenever Ruby attacks while you control a creature with power 4 or greater,
    Ruby gets +2/+2 until end of turn.\\n{T}: Add {R} or {G}.' — a condition of the trigger
    event (checked as it attacks); 106.1a: the mana ability adds either colour."""
    oracle(
        "Ruby, Daring Tracker",
        "Haste (This creature can attack and {T} as soon as it comes under your control.)\n"
        "Whenever Ruby attacks while you control a creature with power 4 or greater, Ruby gets "
        "+2/+2 until end of turn.\n{T}: Add {R} or {G}.",
    )
    (mana,) = [a for a in FDN["Ruby, Daring Tracker"].data["abilities"] if a["kind"] == "mana"]
    assert mana["produces"] == "RG"
    g = game()
    ruby = put(g, "Ruby, Daring Tracker")
    assert g.has_keyword(ruby, "haste")
    put(g, "Serra Angel", 1)
    assert fired(g, [cards.attacks(ruby)]) == [], "an opponent's power 4 doesn't count"
    put(g, "Eager Trufflesnout")
    (f,) = fired(g, [cards.attacks(ruby)])
    resolve(g, f)
    assert pt(g, ruby) == (3, 4)
    g.cleanup()
    assert pt(g, ruby) == (1, 2)


@pytest.mark.parametrize("impl", IMPLS)
def test_mischievous_pup_targets_another_permanent_you_control_115_1(impl):
    """The Pup's trigger offers its controller's other permanents — lands included — and PASS
    (up to one, 601.2c); not the Pup itself nor an opponent's permanent. Flash: it is cast in
    the opponent's turn (702.8a)."""
    d = _duel(impl, "Plains")
    a = d.active_player()
    b = 1 - a
    lands = [d.add_card(b, "Plains", "battlefield") for _ in range(3)]
    lions = d.add_card(b, "Savannah Lions", "battlefield")
    d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(b, "Mischievous Pup", "hand")
    while d.current_player() != b:
        d.apply_action(0)
    assert d.active_player() == a
    _act(d, "cast Mischievous Pup")
    _pass_until(d, lambda: d.decision() == "target")
    assert d.current_player() == b
    offered = _words(d)
    assert offered[0] == "pass" and len(offered) == 1 + len(lands) + 1
    assert f"target Savannah Lions ({lions})" in offered
    assert not any(w.startswith("target Mischievous Pup") for w in offered)
    _act(d, f"target Savannah Lions ({lions})")
    _pass_until(d, lambda: "Savannah Lions" in d.hand(b))
    assert _named(d, b, "Savannah Lions") == [] and len(_named(d, a, "Savannah Lions")) == 1


@pytest.mark.parametrize("impl", IMPLS)
def test_aetherize_in_combat_506_4(impl):
    """Aetherize cast in the declare blockers step returns the attacking creatures: the
    duel tells the resolution which creatures attack (506.4); the defender's untouched."""
    d = _duel(impl, "Island")
    a = d.active_player()
    b = 1 - a
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Savannah Lions", "battlefield")
    guard = d.add_card(b, "Savannah Lions", "battlefield")
    turn = d.turn()
    while d.turn() < turn + 2:
        d.apply_action(d.legal_actions()[0])  # pass, and no attack or block
    for _ in range(4):
        d.add_card(b, "Island", "battlefield")
    d.add_card(b, "Aetherize", "hand")  # now: not discarded to hand size (514.1)
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    _act(d, f"attack with Savannah Lions ({lions})")
    while d.current_player() != b or not any(w.startswith("cast Aetherize") for w in _words(d)):
        d.apply_action(d.legal_actions()[0])  # the other Lions doesn't attack; pass
    _act(d, "cast Aetherize")
    _pass_until(d, lambda: "Savannah Lions" in d.hand(a))
    assert d.hand(a).count("Savannah Lions") == 1
    assert len(_named(d, a, "Savannah Lions")) == 1 and d.game.zone(guard) == "battlefield"


ZONES = _deck(
    {"Forest": 6, "Island": 5, "Swamp": 3, "Plains": 2, "Mountain": 1},
    [
        "Ruby, Daring Tracker",
        "Ambush Wolf",
        "Mischievous Pup",
        "Aetherize",
        "Think Twice",
        "Kiora, the Rising Tide",
        "Bake into a Pie",
        "Revenge of the Rats",
        "Hare Apparent",
        "Eager Trufflesnout",
        "Llanowar Elves",
        "Serra Angel",
        "Scavenging Ooze",
        "Quakestrider Ceratops",
    ],
)


@pytest.mark.parametrize("seed", [21, 22])
def test_the_zones_cards_play_alike_in_both_duels(seed):
    """Bounce, graveyard exile, flashback and Food play the same games in both duels."""
    assert all(c.playable for c in coverage.coverage(ZONES))
    play_alike(ZONES, BOROS, seed)
