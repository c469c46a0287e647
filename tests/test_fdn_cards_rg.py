"""The red, green, multicoloured and colourless cards and the lands of Foundations, and the
cards of the Pauper lists that aren't Foundations', do what their Oracle text says, on both
implementations (see tests/test_fdn_cards_wub.py for how)."""

from __future__ import annotations

import pytest
from cardstate import cards
from cardstate.cards import pools
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

PAUPER = pools["pauper"]
HASTE = "Haste (This creature can attack and {T} as soon as it comes under your control.)"
TRAMPLE = (
    "Trample (This creature can deal excess combat damage to the player or planeswalker it's "
    "attacking.)"
)


def spell(g, name, player=0):
    """A spell of card ``name`` on the stack (cast, 601.2i)."""
    return put(g, name, player, "stack")


# ----- red ----------------------------------------------------------------------------------


def test_axgard_cavalry(game):
    """'{T}: Target creature gains haste until end of turn. (It can attack and {T} this
    turn.)'"""
    oracle(
        "Axgard Cavalry",
        "{T}: Target creature gains haste until end of turn. (It can attack and {T} this turn.)",
    )
    (a,) = FDN["Axgard Cavalry"].data["abilities"]
    assert a["cost"]["tap"] and a["cost"]["mana"] is None
    g = game()
    cavalry, angel = put(g, "Axgard Cavalry"), put(g, "Serra Angel")
    activate(g, cavalry, "Axgard Cavalry", [angel])
    assert g.has_keyword(angel, "haste")
    g.cleanup()
    assert not g.has_keyword(angel, "haste")


def test_boltwave(game):
    """'Boltwave deals 3 damage to each opponent.'"""
    oracle("Boltwave", "Boltwave deals 3 damage to each opponent.")
    g = game()
    cast(g, "Boltwave")
    assert (g.life(0), g.life(1)) == (20, 17)


def test_brazen_scourge(game):
    """'Haste (…)' — a 3/3 Gremlin with haste (702.10)."""
    oracle("Brazen Scourge", HASTE)
    g = game()
    x = put(g, "Brazen Scourge")
    assert g.has_keyword(x, "haste") and pt(g, x) == (3, 3)


def test_crackling_cyclops(game):
    """'Whenever you cast a noncreature spell, this creature gets +3/+0 until end of turn.' —
    your spells only (601.2i); a creature spell doesn't trigger it."""
    oracle(
        "Crackling Cyclops",
        "Whenever you cast a noncreature spell, this creature gets +3/+0 until end of turn.",
    )
    g = game()
    cyclops = put(g, "Crackling Cyclops")
    assert fired(g, [cards.cast(spell(g, "Serra Angel"), 0)]) == []
    assert fired(g, [cards.cast(spell(g, "Boltwave", 1), 1)]) == []
    (f,) = fired(g, [cards.cast(spell(g, "Boltwave"), 0)])
    resolve(g, f)
    (f,) = fired(g, [cards.cast(spell(g, "Phyrexian Arena"), 0)])
    resolve(g, f)
    assert pt(g, cyclops) == (6, 4)


def test_dragon_trainer(game):
    """'When this creature enters, create a 4/4 red Dragon creature token with flying.'"""
    oracle(
        "Dragon Trainer",
        "When this creature enters, create a 4/4 red Dragon creature token with flying.",
    )
    g = game()
    g.take_events()
    put(g, "Dragon Trainer")
    (f,) = fired(g)
    resolve(g, f)
    (dragon,) = battlefield(g, 0, "Dragon Token 4/4")
    assert g.is_token(dragon) and g.has_keyword(dragon, "flying") and pt(g, dragon) == (4, 4)


def test_drakuseth_maw_of_flames(game):
    """'Flying\\nWhenever Drakuseth attacks, it deals 4 damage to any target and 3 damage to
    each of up to two other targets.' — the rulings: the 4 damage and the 3 damage go to
    different targets ("other", 115.3); zero, one or two targets may get 3 (601.2c); if
    Drakuseth has left the battlefield as it resolves, it still deals the damage (its last
    known information)."""
    oracle(
        "Drakuseth, Maw of Flames",
        "Flying\nWhenever Drakuseth attacks, it deals 4 damage to any target and 3 damage to "
        "each of up to two other targets.",
    )
    g = game()
    drakuseth = put(g, "Drakuseth, Maw of Flames")
    assert g.supertypes(drakuseth) == ["legendary"] and g.has_keyword(drakuseth, "flying")
    angel, turtle = put(g, "Serra Angel", 1), put(g, "Aegis Turtle", 1)
    (f,) = fired(g, [cards.attacks(drakuseth)])
    resolve(g, f, [1, angel, turtle])
    assert (g.life(1), g.damage(angel), g.damage(turtle)) == (16, 3, 3)
    resolve(g, f, [angel])
    assert g.damage(angel) == 7
    with pytest.raises(ValueError, match="115.3"):
        resolve(g, f, [1, 1])
    g.move(drakuseth, "graveyard")
    resolve(g, f, [1, turtle])
    assert (g.life(1), g.damage(turtle)) == (12, 6)


def test_fanatical_firebrand(game):
    """'Haste …\\n{T}, Sacrifice this creature: It deals 1 damage to any target.' — it is
    sacrificed as the cost is paid (602.2b); the damage is dealt by it as it last existed
    (608.2h)."""
    oracle(
        "Fanatical Firebrand",
        HASTE + "\n{T}, Sacrifice this creature: It deals 1 damage to any target.",
    )
    (a,) = FDN["Fanatical Firebrand"].data["abilities"]
    assert a["cost"]["tap"] and a["cost"]["sacrifice"]
    g = game()
    firebrand = put(g, "Fanatical Firebrand")
    assert g.has_keyword(firebrand, "haste")
    activate(g, firebrand, "Fanatical Firebrand", [1])
    assert g.zone(firebrand) == "graveyard" and g.life(1) == 19


def test_firebrand_archer(game):
    """'Whenever you cast a noncreature spell, this creature deals 1 damage to each
    opponent.'"""
    oracle(
        "Firebrand Archer",
        "Whenever you cast a noncreature spell, this creature deals 1 damage to each opponent.",
    )
    g = game()
    put(g, "Firebrand Archer")
    assert fired(g, [cards.cast(spell(g, "Savannah Lions"), 0)]) == []
    (f,) = fired(g, [cards.cast(spell(g, "Stab"), 0)])
    resolve(g, f)
    assert g.life(1) == 19


def test_firespitter_whelp(game):
    """'Flying\\nWhenever you cast a noncreature or Dragon spell, this creature deals 1 damage
    to each opponent.' — a Dragon creature spell triggers it, another creature spell doesn't; a
    spell that is both triggers it once."""
    oracle(
        "Firespitter Whelp",
        "Flying\nWhenever you cast a noncreature or Dragon spell, this creature deals 1 damage "
        "to each opponent.",
    )
    g = game()
    whelp = put(g, "Firespitter Whelp")
    assert g.has_keyword(whelp, "flying")
    assert fired(g, [cards.cast(spell(g, "Serra Angel"), 0)]) == []
    (f,) = fired(g, [cards.cast(spell(g, "Shivan Dragon"), 0)])
    resolve(g, f)
    (f,) = fired(g, [cards.cast(spell(g, "Overrun"), 0)])
    resolve(g, f)
    both = g.create(0, zone="stack", name="Test Dragon Ritual", types=["sorcery"])
    g.take_events()
    assert len(cards.fired(g, [cards.cast(both, 0)], pool=FDN)) == 1  # not a Dragon: once
    assert g.life(1) == 18


def test_hidetsugus_second_rite(game):
    """'If target player has exactly 10 life, Hidetsugu's Second Rite deals 10 damage to that
    player.' — the life total is checked as it resolves (608.2)."""
    oracle(
        "Hidetsugu's Second Rite",
        "If target player has exactly 10 life, Hidetsugu's Second Rite deals 10 damage to that "
        "player.",
    )
    g = game()
    g.lose_life(1, 9)
    cast(g, "Hidetsugu's Second Rite", [1])
    assert g.life(1) == 11
    g.lose_life(1, 1)
    cast(g, "Hidetsugu's Second Rite", [1])
    assert g.life(1) == 0
    g.lose_life(0, 10)
    cast(g, "Hidetsugu's Second Rite", [0])
    assert g.life(0) == 0
    bear = put(g, "Savannah Lions")
    assert cast(g, "Hidetsugu's Second Rite", [bear]).fizzled


def test_incinerating_blast(game):
    """'Incinerating Blast deals 6 damage to target creature.\nYou may discard a card. If you
    do, draw a card.' — 608.2c: the draw only if a card was discarded (declined, or with no
    card in hand, there is no draw)."""
    oracle(
        "Incinerating Blast",
        "Incinerating Blast deals 6 damage to target creature.\nYou may discard a card. If you "
        "do, draw a card.",
    )

    def decline(g, controller, request):
        return False if request.kind == "may" else cards.auto_choice(g, controller, request)

    g = game()
    library(g, 0, 3, "Swamp")
    dragon, angel = put(g, "Shivan Dragon", 1), put(g, "Serra Angel", 1)
    cast(g, "Incinerating Blast", [dragon])
    assert g.damage(dragon) == 6
    assert drawn(g) == [], "no card in hand: nothing discarded, nothing drawn"
    put(g, "Mountain", 0, "hand")
    cast(g, "Incinerating Blast", [angel], choose=decline)
    assert drawn(g) == ["Mountain"], "declined: no discard, no draw"
    cast(g, "Incinerating Blast", [angel])
    assert drawn(g) == ["Swamp"]
    assert [g.name(x) for x in g.objects("graveyard", 0)].count("Mountain") == 1


def test_krenko_mob_boss(game):
    """'{T}: Create X 1/1 red Goblin creature tokens, where X is the number of Goblins you
    control.' — the rulings: X is counted as the ability resolves; Krenko counts itself while
    it is on the battlefield; an opponent's Goblins don't count."""
    oracle(
        "Krenko, Mob Boss",
        "{T}: Create X 1/1 red Goblin creature tokens, where X is the number of Goblins you "
        "control.",
    )
    g = game()
    krenko = put(g, "Krenko, Mob Boss")
    put(g, "Fanatical Firebrand", 1)  # an opponent's Goblin
    activate(g, krenko, "Krenko, Mob Boss")
    assert len(battlefield(g, 0, "Goblin Token 1/1")) == 1
    put(g, "Fanatical Firebrand")  # a Goblin Pirate of yours
    activate(g, krenko, "Krenko, Mob Boss")
    assert len(battlefield(g, 0, "Goblin Token 1/1")) == 4  # 1 + 3
    # Activated, then Krenko leaves before the ability resolves: it doesn't count itself.
    g.move(krenko, "graveyard")
    cards.resolve(g, "Krenko, Mob Boss", 0, ability=0, source=krenko, pool=FDN)
    assert len(battlefield(g, 0, "Goblin Token 1/1")) == 9  # 4 + the 5 other Goblins


def test_rite_of_the_dragoncaller(game):
    """'Whenever you cast an instant or sorcery spell, create a 5/5 red Dragon creature token
    with flying.'"""
    oracle(
        "Rite of the Dragoncaller",
        "Whenever you cast an instant or sorcery spell, create a 5/5 red Dragon creature token "
        "with flying.",
    )
    g = game()
    put(g, "Rite of the Dragoncaller")
    assert fired(g, [cards.cast(spell(g, "Phyrexian Arena"), 0)]) == []
    for name in ("Stab", "Boltwave"):
        (f,) = fired(g, [cards.cast(spell(g, name), 0)])
        resolve(g, f)
    dragons = battlefield(g, 0, "Dragon Token 5/5")
    assert len(dragons) == 2 and all(g.has_keyword(d, "flying") for d in dragons)


def test_seismic_rupture(game):
    """'Seismic Rupture deals 2 damage to each creature without flying.' — each player's; a
    creature with flying, even gained this turn, is dealt none."""
    oracle("Seismic Rupture", "Seismic Rupture deals 2 damage to each creature without flying.")
    g = game()
    lions, turtle = put(g, "Savannah Lions"), put(g, "Aegis Turtle", 1)
    angel, hawk = put(g, "Serra Angel", 1), put(g, "Savannah Lions")
    g.grant(hawk, "flying", until_end_of_turn=True)
    cast(g, "Seismic Rupture")
    assert [g.damage(x) for x in (lions, turtle, angel, hawk)] == [2, 2, 0, 0]
    assert (g.life(0), g.life(1)) == (20, 20)


def test_shivan_dragon(game):
    """'Flying\\n{R}: This creature gets +1/+0 until end of turn.' (its mana is the game's to
    pay; each activation resolves on its own)"""
    oracle("Shivan Dragon", "Flying\n{R}: This creature gets +1/+0 until end of turn.")
    (a,) = FDN["Shivan Dragon"].data["abilities"]
    assert a["cost"]["mana"]["text"] == "{R}" and not a["cost"]["tap"]
    g = game()
    dragon = put(g, "Shivan Dragon")
    for _ in range(3):
        activate(g, dragon, "Shivan Dragon")
    assert pt(g, dragon) == (8, 5) and g.has_keyword(dragon, "flying")
    g.cleanup()
    assert pt(g, dragon) == (5, 5)


def test_sure_strike(game):
    """'Target creature gets +3/+0 and gains first strike until end of turn. (…)'"""
    oracle(
        "Sure Strike",
        "Target creature gets +3/+0 and gains first strike until end of turn. (It deals combat "
        "damage before creatures without first strike.)",
    )
    g = game()
    lions = put(g, "Savannah Lions")
    cast(g, "Sure Strike", [lions])
    assert pt(g, lions) == (5, 1) and g.has_keyword(lions, "first strike")


# ----- green --------------------------------------------------------------------------------


def test_broken_wings(game):
    """'Destroy target artifact, enchantment, or creature with flying.' — a creature without
    flying isn't a legal target."""
    oracle("Broken Wings", "Destroy target artifact, enchantment, or creature with flying.")
    g = game()
    targets = [put(g, n, 1) for n in ("Meteor Golem", "Anthem of Champions", "Healer's Hawk")]
    for x in targets:
        cast(g, "Broken Wings", [x])
        assert g.zone(x) == "graveyard"
    lions = put(g, "Savannah Lions", 1)
    assert cast(g, "Broken Wings", [lions]).fizzled


def test_dwynen_gilt_leaf_daen(game):
    """'Reach …\\nOther Elf creatures you control get +1/+1.\\nWhenever Dwynen attacks, you
    gain 1 life for each attacking Elf you control.' — the lord's bonus is a continuous effect
    (611.3a, 613.4c) on your other Elves only; the attacking Elves are counted as the ability
    resolves, Dwynen among them (506.4)."""
    oracle(
        "Dwynen, Gilt-Leaf Daen",
        "Reach (This creature can block creatures with flying.)\nOther Elf creatures you control "
        "get +1/+1.\nWhenever Dwynen attacks, you gain 1 life for each attacking Elf you "
        "control.",
    )
    g = game()
    dwynen = put(g, "Dwynen, Gilt-Leaf Daen")
    elves, sage = put(g, "Llanowar Elves"), put(g, "Infestation Sage")
    theirs, lions = put(g, "Llanowar Elves", 1), put(g, "Savannah Lions")
    assert g.has_keyword(dwynen, "reach")
    assert [pt(g, x) for x in (dwynen, elves, sage, theirs, lions)] == [
        (3, 4),
        (2, 2),
        (2, 2),
        (1, 1),
        (2, 1),
    ]
    (f,) = fired(g, [cards.attacks(dwynen)])
    resolve(g, f, attacking=[dwynen, elves, lions, theirs])
    assert g.life(0) == 22
    g.move(dwynen, "graveyard")
    assert pt(g, elves) == (1, 1)


@pytest.mark.parametrize("name", ["Giant Growth"])
def test_giant_growth(game, name):
    """'Target creature gets +3/+3 until end of turn.'"""
    oracle(name, "Target creature gets +3/+3 until end of turn.")
    g = game()
    lions = put(g, "Savannah Lions")
    cast(g, name, [lions])
    assert pt(g, lions) == (5, 4)
    g.cleanup()
    assert pt(g, lions) == (2, 1)


def test_llanowar_elves(game):
    """'{T}: Add {G}.' — a mana ability (605.1a) of a creature (302.6 applies in a game)."""
    oracle("Llanowar Elves", "{T}: Add {G}.")
    g = game()
    elf = put(g, "Llanowar Elves")
    assert pt(g, elf) == (1, 1) and g.subtypes(elf) == ["Elf", "Druid"]
    (mana,) = FDN["Llanowar Elves"].data["abilities"]
    assert mana["kind"] == "mana" and mana["produces"] == "G" and mana["cost"]["tap"]


def test_overrun(game):
    """'Creatures you control get +3/+3 and gain trample until end of turn. (…)'"""
    oracle(
        "Overrun",
        "Creatures you control get +3/+3 and gain trample until end of turn. (Each of those "
        "creatures can deal excess combat damage to the player or planeswalker it's attacking.)",
    )
    g = game()
    mine, theirs = put(g, "Savannah Lions"), put(g, "Savannah Lions", 1)
    cast(g, "Overrun")
    assert pt(g, mine) == (5, 4) and g.has_keyword(mine, "trample")
    assert pt(g, theirs) == (2, 1) and not g.has_keyword(theirs, "trample")
    later = put(g, "Aegis Turtle")
    assert pt(g, later) == (0, 5), "611.2c: the creatures are those of the moment it resolved"


def test_preposterous_proportions(game):
    """'Creatures you control get +10/+10 and gain vigilance until end of turn.'"""
    oracle(
        "Preposterous Proportions",
        "Creatures you control get +10/+10 and gain vigilance until end of turn.",
    )
    g = game()
    mine, theirs = put(g, "Aegis Turtle"), put(g, "Aegis Turtle", 1)
    cast(g, "Preposterous Proportions")
    assert pt(g, mine) == (10, 15) and g.has_keyword(mine, "vigilance")
    assert pt(g, theirs) == (0, 5)


def test_quakestrider_ceratops(game):
    """No rules text: a 12/8 Dinosaur."""
    oracle("Quakestrider Ceratops", "")
    g = game()
    x = put(g, "Quakestrider Ceratops")
    assert pt(g, x) == (12, 8) and g.subtypes(x) == ["Dinosaur"]


def test_snakeskin_veil(game):
    """'Put a +1/+1 counter on target creature you control. It gains hexproof until end of
    turn. (It can't be the target of spells or abilities your opponents control.)' — an
    opponent's spell targeting it no longer has a legal target and doesn't resolve (702.11b,
    608.2b); your own spells still target it; an opponent's creature isn't a legal target of
    the Veil."""
    oracle(
        "Snakeskin Veil",
        "Put a +1/+1 counter on target creature you control. It gains hexproof until end of "
        "turn. (It can't be the target of spells or abilities your opponents control.)",
    )
    g = game()
    lions, theirs = put(g, "Savannah Lions"), put(g, "Savannah Lions", 1)
    cast(g, "Snakeskin Veil", [lions])
    assert g.count(lions, "+1/+1") == 1 and g.has_keyword(lions, "hexproof")
    assert cast(g, "Stab", [lions], player=1).fizzled and pt(g, lions) == (3, 2)
    cast(g, "Giant Growth", [lions])
    assert pt(g, lions) == (6, 5)
    assert cast(g, "Snakeskin Veil", [theirs]).fizzled
    g.cleanup()
    cast(g, "Stab", [lions], player=1)
    assert pt(g, lions) == (1, 0)


# ----- multicoloured ------------------------------------------------------------------------


def test_anthem_of_champions(game):
    """'Creatures you control get +1/+1.' — a static ability (611.3a, 613.4c): later creatures
    too, an opponent's not, until the Anthem leaves."""
    oracle("Anthem of Champions", "Creatures you control get +1/+1.")
    g = game()
    lions, theirs = put(g, "Savannah Lions"), put(g, "Savannah Lions", 1)
    anthem = put(g, "Anthem of Champions")
    later = put(g, "Aegis Turtle")
    assert [pt(g, x) for x in (lions, theirs, later)] == [(3, 2), (2, 1), (1, 6)]
    g.move(anthem, "graveyard")
    assert pt(g, lions) == (2, 1)


def test_ashroot_animist(game):
    """'Trample\\nWhenever this creature attacks, another target creature you control gains
    trample and gets +X/+X until end of turn, where X is this creature's power.' — the rulings:
    X is its power as the ability resolves; if it has left the battlefield, its power as it
    last existed."""
    oracle(
        "Ashroot Animist",
        "Trample\nWhenever this creature attacks, another target creature you control gains "
        "trample and gets +X/+X until end of turn, where X is this creature's power.",
    )
    g = game()
    animist, lions = put(g, "Ashroot Animist"), put(g, "Savannah Lions")
    theirs = put(g, "Savannah Lions", 1)
    assert g.has_keyword(animist, "trample")
    (f,) = fired(g, [cards.attacks(animist)])
    cast(g, "Giant Growth", [animist])
    resolve(g, f, [lions])
    assert pt(g, lions) == (9, 8) and g.has_keyword(lions, "trample")
    assert resolve(g, f, [animist]).fizzled, "another creature"
    assert resolve(g, f, [theirs]).fizzled, "a creature you control"
    g.cleanup()
    g.move(animist, "graveyard")
    resolve(g, f, [lions])
    assert pt(g, lions) == (6, 5)


def test_balmor_battlemage_captain(game):
    """'Flying\\nWhenever you cast an instant or sorcery spell, creatures you control get
    +1/+0 and gain trample until end of turn.' — the rulings: the ability resolves before the
    spell; the creatures are those you control as it resolves (611.2c)."""
    oracle(
        "Balmor, Battlemage Captain",
        "Flying\nWhenever you cast an instant or sorcery spell, creatures you control get +1/+0 "
        "and gain trample until end of turn.",
    )
    g = game()
    balmor, lions = put(g, "Balmor, Battlemage Captain"), put(g, "Savannah Lions")
    theirs = put(g, "Savannah Lions", 1)
    assert g.supertypes(balmor) == ["legendary"]
    assert fired(g, [cards.cast(spell(g, "Savannah Lions"), 0)]) == []
    assert fired(g, [cards.cast(spell(g, "Stab", 1), 1)]) == []
    (f,) = fired(g, [cards.cast(spell(g, "Stab"), 0)])
    resolve(g, f)
    assert pt(g, balmor) == (2, 3) and pt(g, lions) == (3, 1) and pt(g, theirs) == (2, 1)
    assert g.has_keyword(lions, "trample") and not g.has_keyword(theirs, "trample")


def test_heroic_reinforcements(game):
    """'Create two 1/1 white Soldier creature tokens. Until end of turn, creatures you control
    get +1/+1 and gain haste. (…)' — the new tokens are among the creatures you control (608.2c:
    in order)."""
    oracle(
        "Heroic Reinforcements",
        "Create two 1/1 white Soldier creature tokens. Until end of turn, creatures you control "
        "get +1/+1 and gain haste. (They can attack and {T} this turn.)",
    )
    g = game()
    lions, theirs = put(g, "Savannah Lions"), put(g, "Savannah Lions", 1)
    cast(g, "Heroic Reinforcements")
    soldiers = battlefield(g, 0, "Soldier Token 1/1")
    assert len(soldiers) == 2
    for x in (*soldiers, lions):
        assert g.has_keyword(x, "haste")
    assert [pt(g, x) for x in soldiers] == [(2, 2), (2, 2)] and pt(g, lions) == (3, 2)
    assert pt(g, theirs) == (2, 1) and not g.has_keyword(theirs, "haste")


def test_swiftblade_vindicator(game):
    """'Double strike (…)\\nVigilance (…)\\nTrample (…)'"""
    oracle(
        "Swiftblade Vindicator",
        "Double strike (This creature deals both first-strike and regular combat damage.)\n"
        "Vigilance (Attacking doesn't cause this creature to tap.)\n" + TRAMPLE,
    )
    g = game()
    x = put(g, "Swiftblade Vindicator")
    assert all(g.has_keyword(x, k) for k in ("double strike", "vigilance", "trample"))
    assert pt(g, x) == (1, 1)


# ----- colourless ---------------------------------------------------------------------------


def test_meteor_golem(game):
    """'When this creature enters, destroy target nonland permanent an opponent controls.' —
    a land, or a permanent of yours, isn't a legal target."""
    oracle(
        "Meteor Golem",
        "When this creature enters, destroy target nonland permanent an opponent controls.",
    )
    g = game()
    arena, plains = put(g, "Phyrexian Arena", 1), put(g, "Plains", 1)
    mine = put(g, "Savannah Lions")
    g.take_events()
    golem = put(g, "Meteor Golem")
    assert g.types(golem) == ["artifact", "creature"]
    (f,) = fired(g)
    resolve(g, f, [arena])
    assert g.zone(arena) == "graveyard"
    assert resolve(g, f, [plains]).fizzled and resolve(g, f, [mine]).fizzled


# ----- lands --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "colour"),
    [("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"), ("Forest", "G")],
)
def test_basic_lands(game, name, colour):
    """'({T}: Add {C}.)' — a basic land of its type with that intrinsic mana ability
    (305.6)."""
    oracle(name, f"({{T}}: Add {{{colour}}}.)")
    g = game()
    land = put(g, name)
    assert g.types(land) == ["land"] and g.subtypes(land) == [name]
    assert g.supertypes(land) == ["basic"] and not g.is_tapped(land)
    (mana,) = FDN[name].data["abilities"]
    assert mana["produces"] == colour and mana["cost"]["tap"]


GAIN_LANDS = {
    "Bloodfell Caves": "BR",
    "Blossoming Sands": "GW",
    "Dismal Backwater": "UB",
    "Jungle Hollow": "BG",
    "Rugged Highlands": "RG",
    "Scoured Barrens": "WB",
    "Swiftwater Cliffs": "UR",
    "Thornwood Falls": "GU",
    "Tranquil Cove": "WU",
    "Wind-Scarred Crag": "RW",
}


@pytest.mark.parametrize("name", sorted(GAIN_LANDS))
def test_gain_lands(game, name):
    """'This land enters tapped.\\nWhen this land enters, you gain 1 life.\\n{T}: Add {X} or
    {Y}.' — entering tapped is a replacement effect (614.1d); the life a triggered ability
    (603.6a); the mana ability adds one mana of either colour, chosen as it resolves (106.1a,
    605.1a)."""
    x, y = GAIN_LANDS[name]
    oracle(
        name,
        "This land enters tapped.\nWhen this land enters, you gain 1 life.\n"
        f"{{T}}: Add {{{x}}} or {{{y}}}.",
    )
    g = game()
    g.take_events()
    land = put(g, name)
    assert g.is_tapped(land) and g.types(land) == ["land"] and g.supertypes(land) == []
    (f,) = fired(g)
    resolve(g, f)
    assert g.life(0) == 21
    entered, _, mana = FDN[name].data["abilities"]
    assert entered == {"kind": "enters_tapped"}
    assert set(mana["produces"]) == {x, y} and mana["cost"]["tap"]
    assert not g.is_tapped(put(g, name, zone="graveyard"))


# ----- the Pauper lists' own cards ----------------------------------------------------------


def test_lightning_bolt(game):
    """'Lightning Bolt deals 3 damage to any target.' (115.4)"""
    assert PAUPER["Lightning Bolt"].oracle == "Lightning Bolt deals 3 damage to any target."
    g = game()
    cards.resolve(g, "Lightning Bolt", 0, [1], pool=PAUPER)
    assert g.life(1) == 17
    angel = put(g, "Serra Angel", 1)
    cards.resolve(g, "Lightning Bolt", 0, [angel], pool=PAUPER)
    assert g.damage(angel) == 3


def test_guttersnipe(game):
    """'Whenever you cast an instant or sorcery spell, this creature deals 2 damage to each
    opponent.' — the rulings: it resolves before that spell, even if the spell is countered."""
    assert PAUPER["Guttersnipe"].oracle == (
        "Whenever you cast an instant or sorcery spell, this creature deals 2 damage to each "
        "opponent."
    )
    g = game()
    cards.place(g, "Guttersnipe", 0, pool=PAUPER)
    bolt = cards.place(g, "Lightning Bolt", 0, "stack", pool=PAUPER)
    creature = put(g, "Savannah Lions", 0, "stack")
    g.take_events()
    assert cards.fired(g, [cards.cast(creature, 0)], pool=PAUPER) == []
    (f,) = cards.fired(g, [cards.cast(bolt, 0)], pool=PAUPER)
    g.move(bolt, "graveyard")  # countered before the trigger resolves
    cards.resolve(g, f.card, 0, ability=f.ability, source=f.source, pool=PAUPER)
    assert g.life(1) == 18


def test_rally_at_the_hornburg(game):
    """'Create two 1/1 white Human Soldier creature tokens. Humans you control gain haste
    until end of turn.' — the Humans are those you control as it resolves, the new tokens
    among them; another creature doesn't gain haste."""
    assert PAUPER["Rally at the Hornburg"].oracle == (
        "Create two 1/1 white Human Soldier creature tokens. Humans you control gain haste "
        "until end of turn."
    )
    g = game()
    knight, lions = put(g, "Dragon Trainer"), put(g, "Savannah Lions")
    theirs = put(g, "Dragon Trainer", 1)
    cards.resolve(g, "Rally at the Hornburg", 0, pool=PAUPER)
    soldiers = battlefield(g, 0, "Human Soldier Token 1/1")
    assert len(soldiers) == 2 and g.subtypes(soldiers[0]) == ["Human", "Soldier"]
    assert all(g.has_keyword(x, "haste") for x in (*soldiers, knight))
    assert not g.has_keyword(lions, "haste") and not g.has_keyword(theirs, "haste")


def test_end_the_festivities(game):
    """'End the Festivities deals 1 damage to each opponent and each creature and planeswalker
    they control.' — not to you or your permanents."""
    assert PAUPER["End the Festivities"].oracle == (
        "End the Festivities deals 1 damage to each opponent and each creature and planeswalker "
        "they control."
    )
    g = game()
    mine, theirs = put(g, "Savannah Lions"), put(g, "Savannah Lions", 1)
    walker = g.create(1, name="Test Walker", types=["planeswalker"], loyalty=3)
    cards.resolve(g, "End the Festivities", 0, pool=PAUPER)
    assert (g.life(0), g.life(1)) == (20, 19)
    assert (g.damage(mine), g.damage(theirs), g.loyalty(walker)) == (0, 1, 2)
