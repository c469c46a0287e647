"""The white, blue and black cards of Foundations do what their Oracle text says, on both
implementations.

Each test quotes the card's Oracle text (and checks that the pool stores exactly that text),
then plays it on a bare kernel ``Game`` through ``cardstate.cards`` (``place``, ``resolve``,
``fired``) with the Foundations pool; the ``game`` fixture runs it on ``cardstate.Game`` (the
Rust runtime) and ``cardstate.reference.Game`` (the reference interpreter). Where a card's
official rulings bite, the test quotes them.
"""

from __future__ import annotations

import pytest
from cardstate import cards
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

LIFELINK = "Lifelink (Damage dealt by this creature also causes you to gain that much life.)"
VIGILANCE = "Vigilance (Attacking doesn't cause this creature to tap.)"


# ----- white --------------------------------------------------------------------------------


def test_dauntless_veteran(game):
    """'Whenever this creature attacks, creatures you control get +1/+1 until end of turn.' —
    508.3a; the creatures are those you control as the ability resolves (611.2c), an
    opponent's aren't, and the bonus ends in the cleanup step (514.2)."""
    oracle(
        "Dauntless Veteran",
        "Whenever this creature attacks, creatures you control get +1/+1 until end of turn.",
    )
    g = game()
    veteran, lions = put(g, "Dauntless Veteran"), put(g, "Savannah Lions")
    theirs = put(g, "Savannah Lions", 1)
    assert fired(g, [cards.attacks(lions)]) == []
    (f,) = fired(g, [cards.attacks(veteran)])
    resolve(g, f)
    assert (pt(g, veteran), pt(g, lions), pt(g, theirs)) == ((3, 3), (3, 2), (2, 1))
    g.cleanup()
    assert pt(g, veteran) == (2, 2)


def test_day_of_judgment(game):
    """'Destroy all creatures.' — every creature of every player (701.8); an indestructible
    one isn't destroyed (702.12b), and a noncreature permanent stays."""
    oracle("Day of Judgment", "Destroy all creatures.")
    g = game()
    mine, theirs = put(g, "Savannah Lions"), put(g, "Serra Angel", 1)
    tough = put(g, "Aegis Turtle", 1)
    g.grant(tough, "indestructible")
    arena, plains = put(g, "Phyrexian Arena"), put(g, "Plains")
    cast(g, "Day of Judgment")
    assert g.zone(mine) == g.zone(theirs) == "graveyard"
    assert {g.zone(x) for x in (tough, arena, plains)} == {"battlefield"}


def test_felidar_savior(game):
    """'Lifelink …\\nWhen this creature enters, put a +1/+1 counter on each of up to two other
    target creatures you control.' — the rulings: you may choose zero, one or two targets
    (601.2c); "other": not Felidar Savior itself; an opponent's creature isn't a legal target."""
    oracle(
        "Felidar Savior",
        LIFELINK + "\nWhen this creature enters, put a +1/+1 counter on each of up to two other "
        "target creatures you control.",
    )
    g = game()
    a, b = put(g, "Savannah Lions"), put(g, "Aegis Turtle")
    theirs = put(g, "Savannah Lions", 1)
    g.take_events()
    savior = put(g, "Felidar Savior")
    assert g.has_keyword(savior, "lifelink") and pt(g, savior) == (2, 3)
    (f,) = fired(g)
    assert f.source == savior
    resolve(g, f, [a, b])
    assert g.count(a, "+1/+1") == g.count(b, "+1/+1") == 1
    resolve(g, f, [a])
    assert g.count(a, "+1/+1") == 2
    assert not resolve(g, f, []).fizzled, "no target chosen: it resolves, doing nothing"
    assert resolve(g, f, [savior]).fizzled and g.count(savior, "+1/+1") == 0
    assert resolve(g, f, [theirs]).fizzled and g.count(theirs, "+1/+1") == 0
    with pytest.raises(ValueError, match="needs 0 to 2 target"):
        resolve(g, f, [a, b, savior])
    with pytest.raises(ValueError, match="115.3"):
        resolve(g, f, [a, a])


def test_guarded_heir(game):
    """'Lifelink …\\nWhen this creature enters, create two 3/3 white Knight creature tokens.'
    (111.1, 111.4)"""
    oracle(
        "Guarded Heir",
        LIFELINK + "\nWhen this creature enters, create two 3/3 white Knight creature tokens.",
    )
    g = game()
    g.take_events()
    heir = put(g, "Guarded Heir")
    assert g.has_keyword(heir, "lifelink")
    (f,) = fired(g)
    resolve(g, f)
    knights = battlefield(g, 0, "Knight Token 3/3")
    assert len(knights) == 2 and all(g.is_token(k) for k in knights)
    assert [pt(g, k) for k in knights] == [(3, 3), (3, 3)]
    assert g.subtypes(knights[0]) == ["Knight"]


def test_healers_hawk(game):
    """'Flying\\nLifelink …' — its damage makes its controller gain that much life (702.15b)."""
    oracle("Healer's Hawk", "Flying\n" + LIFELINK)
    g = game()
    hawk = put(g, "Healer's Hawk")
    assert g.has_keyword(hawk, "flying") and pt(g, hawk) == (1, 1)
    g.deal_damage(hawk, 1, 1, combat=True)
    assert (g.life(0), g.life(1)) == (21, 19)


def test_helpful_hunter(game):
    """'When this creature enters, draw a card.'"""
    oracle("Helpful Hunter", "When this creature enters, draw a card.")
    g = game()
    library(g, 0, 1)
    g.take_events()
    put(g, "Helpful Hunter")
    (f,) = fired(g)
    resolve(g, f)
    assert drawn(g) == ["Island"]


def test_joust_through(game):
    """'Joust Through deals 3 damage to target attacking or blocking creature. You gain 1
    life.' — only an attacking or a blocking creature is a legal target (506.4): with the
    target no longer in combat as it resolves, the spell doesn't resolve and no life is gained
    (608.2b)."""
    oracle(
        "Joust Through",
        "Joust Through deals 3 damage to target attacking or blocking creature. You gain 1 life.",
    )
    g = game()
    attacker, blocker = put(g, "Serra Angel", 1), put(g, "Savannah Lions")
    cast(g, "Joust Through", [attacker], attacking=[attacker], blocking=[blocker])
    assert g.damage(attacker) == 3 and g.life(0) == 21
    cast(g, "Joust Through", [blocker], attacking=[attacker], blocking=[blocker])
    assert g.damage(blocker) == 3 and g.life(0) == 22
    bystander = put(g, "Aegis Turtle", 1)
    out = cast(g, "Joust Through", [bystander], attacking=[attacker])
    assert out.fizzled and g.damage(bystander) == 0 and g.life(0) == 22


def test_make_your_move(game):
    """'Destroy target artifact, enchantment, or creature with power 4 or greater.' — the
    power is read as the spell resolves (608.2b): a 2/1 isn't a legal target, pumped to 5/4 it
    is."""
    oracle(
        "Make Your Move",
        "Destroy target artifact, enchantment, or creature with power 4 or greater.",
    )
    g = game()
    golem, arena = put(g, "Meteor Golem", 1), put(g, "Phyrexian Arena", 1)
    angel = put(g, "Serra Angel", 1)
    lions = put(g, "Savannah Lions", 1)
    for x in (golem, arena, angel):
        assert not cast(g, "Make Your Move", [x]).fizzled
        assert g.zone(x) == "graveyard"
    assert cast(g, "Make Your Move", [lions]).fizzled and g.zone(lions) == "battlefield"
    cast(g, "Giant Growth", [lions])
    cast(g, "Make Your Move", [lions])
    assert g.zone(lions) == "graveyard"


def test_prideful_parent(game):
    """'Vigilance …\\nWhen this creature enters, create a 1/1 white Cat creature token.'"""
    oracle(
        "Prideful Parent",
        VIGILANCE + "\nWhen this creature enters, create a 1/1 white Cat creature token.",
    )
    g = game()
    g.take_events()
    parent = put(g, "Prideful Parent")
    assert g.has_keyword(parent, "vigilance")
    (f,) = fired(g)
    resolve(g, f)
    (cat,) = battlefield(g, 0, "Cat Token 1/1")
    assert g.is_token(cat) and g.subtypes(cat) == ["Cat"] and pt(g, cat) == (1, 1)


@pytest.mark.parametrize(
    ("name", "stats", "subtypes"),
    [("Savannah Lions", (2, 1), ["Cat"]), ("Aegis Turtle", (0, 5), ["Turtle"])],
)
def test_vanilla_creatures(game, name, stats, subtypes):
    """No rules text: a creature with its printed power, toughness and subtypes (302)."""
    oracle(name, "")
    g = game()
    x = put(g, name)
    assert pt(g, x) == stats and g.subtypes(x) == subtypes and g.types(x) == ["creature"]
    assert FDN[name].data["abilities"] == []


def test_serra_angel(game):
    """'Flying\\nVigilance (Attacking doesn't cause this creature to tap.)'"""
    oracle("Serra Angel", "Flying\n" + VIGILANCE)
    g = game()
    angel = put(g, "Serra Angel")
    assert g.has_keyword(angel, "flying") and g.has_keyword(angel, "vigilance")
    assert pt(g, angel) == (4, 4)


def test_stroke_of_midnight(game):
    """'Destroy target nonland permanent. Its controller creates a 1/1 white Human creature
    token.' — the rulings: if the target is illegal as it tries to resolve, it doesn't resolve
    and no token is created; if the permanent is a legal target but isn't destroyed (it has
    indestructible), its controller still creates the token."""
    oracle(
        "Stroke of Midnight",
        "Destroy target nonland permanent. Its controller creates a 1/1 white Human creature "
        "token.",
    )
    g = game()
    angel = put(g, "Serra Angel", 1)
    cast(g, "Stroke of Midnight", [angel])
    assert g.zone(angel) == "graveyard"
    (human,) = battlefield(g, 1, "Human Token 1/1")
    assert g.is_token(human) and g.controller(human) == 1 and battlefield(g, 0) == []
    plains = put(g, "Plains", 1)
    assert cast(g, "Stroke of Midnight", [plains]).fizzled
    assert g.zone(plains) == "battlefield" and len(battlefield(g, 1, "Human Token 1/1")) == 1
    mine = put(g, "Aegis Turtle")
    g.grant(mine, "indestructible")
    cast(g, "Stroke of Midnight", [mine])
    assert g.zone(mine) == "battlefield" and len(battlefield(g, 0, "Human Token 1/1")) == 1


# ----- blue ---------------------------------------------------------------------------------


def test_essence_scatter(game):
    """'Counter target creature spell.' (701.6) — a noncreature spell isn't a legal target."""
    oracle("Essence Scatter", "Counter target creature spell.")
    g = game()
    spell = put(g, "Serra Angel", 1, "stack")
    cast(g, "Essence Scatter", [spell])
    assert g.zone(spell) == "graveyard"
    sorcery = put(g, "Boltwave", 1, "stack")
    assert cast(g, "Essence Scatter", [sorcery]).fizzled and g.zone(sorcery) == "stack"


def test_fleeting_distraction(game):
    """'Target creature gets -1/-0 until end of turn.\\nDraw a card.'"""
    oracle("Fleeting Distraction", "Target creature gets -1/-0 until end of turn.\nDraw a card.")
    g = game()
    library(g, 0, 1)
    angel = put(g, "Serra Angel", 1)
    cast(g, "Fleeting Distraction", [angel])
    assert pt(g, angel) == (3, 4) and drawn(g) == ["Island"]
    g.cleanup()
    assert pt(g, angel) == (4, 4)


def test_lunar_insight(game):
    """'Draw a card for each different mana value among nonland permanents you control.' —
    each mana value once (202.3): two 1s count once; a token without a mana cost has mana value
    0 (202.3a), which counts too; lands and an opponent's permanents don't."""
    oracle(
        "Lunar Insight",
        "Draw a card for each different mana value among nonland permanents you control.",
    )
    g = game()
    library(g, 0, 10)
    for name in ("Savannah Lions", "Healer's Hawk", "Serra Angel", "Plains", "Cat Token 1/1"):
        put(g, name)
    put(g, "Meteor Golem", 1)
    cast(g, "Lunar Insight")
    assert len(g.objects("hand", 0)) == 3  # 1, 5 and 0
    g2 = game()
    library(g2, 0, 3)
    put(g2, "Plains")
    cast(g2, "Lunar Insight")
    assert g2.objects("hand", 0) == []


# ----- black --------------------------------------------------------------------------------


def test_diregraf_ghoul(game):
    """'This creature enters tapped.' — a replacement effect (614.1d): it is tapped as it
    enters; it doesn't enter untapped and then become tapped (no tap event after it enters)."""
    oracle("Diregraf Ghoul", "This creature enters tapped.")
    g = game()
    g.take_events()
    ghoul = put(g, "Diregraf Ghoul")
    assert g.is_tapped(ghoul) and pt(g, ghoul) == (2, 2)
    assert FDN["Diregraf Ghoul"].data["abilities"] == [{"kind": "enters_tapped"}]
    assert not g.is_tapped(put(g, "Savannah Lions"))
    assert not g.is_tapped(put(g, "Diregraf Ghoul", zone="graveyard"))


def test_exsanguinate(game):
    """'Each opponent loses X life. You gain life equal to the life lost this way.' — the
    rulings: an opponent with less life than X still loses X, and you gain that much."""
    oracle(
        "Exsanguinate",
        "Each opponent loses X life. You gain life equal to the life lost this way.",
    )
    g = game()
    cast(g, "Exsanguinate", x=3)
    assert (g.life(0), g.life(1)) == (23, 17)
    g.lose_life(1, 15)
    cast(g, "Exsanguinate", x=5)
    assert (g.life(0), g.life(1)) == (28, -3)
    cast(g, "Exsanguinate", x=0)
    assert (g.life(0), g.life(1)) == (28, -3)


def test_heros_downfall(game):
    """'Destroy target creature or planeswalker.' — a land isn't a legal target."""
    oracle("Hero's Downfall", "Destroy target creature or planeswalker.")
    g = game()
    angel = put(g, "Serra Angel", 1)
    walker = g.create(1, name="Test Walker", types=["planeswalker"], loyalty=3)
    cast(g, "Hero's Downfall", [angel])
    cast(g, "Hero's Downfall", [walker])
    assert g.zone(angel) == g.zone(walker) == "graveyard"
    plains = put(g, "Plains", 1)
    assert cast(g, "Hero's Downfall", [plains]).fizzled and g.zone(plains) == "battlefield"


def test_hungry_ghoul(game):
    """'{1}, Sacrifice another creature: Put a +1/+1 counter on this creature.' — which creature
    is sacrificed is chosen as the cost is paid (601.2h; 701.21a: one you control, and
    "another": not Hungry Ghoul itself); the game pays it with the mana."""
    oracle("Hungry Ghoul", "{1}, Sacrifice another creature: Put a +1/+1 counter on this creature.")
    (a,) = FDN["Hungry Ghoul"].data["abilities"]
    assert a["cost"]["mana"]["text"] == "{1}" and not a["cost"]["sacrifice"]
    assert a["cost"]["sacrifice_another"]["types"] == ["creature"]
    assert a["cost"]["sacrifice_another"]["other"]
    g = game()
    ghoul, lions = put(g, "Hungry Ghoul"), put(g, "Savannah Lions")
    g.move(lions, "graveyard")  # the sacrifice, the game's part of the cost
    activate(g, ghoul, "Hungry Ghoul")
    assert g.count(ghoul, "+1/+1") == 1 and pt(g, ghoul) == (3, 3)


def test_infestation_sage(game):
    """'When this creature dies, create a 1/1 black and green Insect creature token with
    flying.' (603.6c, 603.10a: it triggers from the battlefield as it leaves)"""
    oracle(
        "Infestation Sage",
        "When this creature dies, create a 1/1 black and green Insect creature token with flying.",
    )
    g = game()
    sage = put(g, "Infestation Sage")
    g.take_events()
    cast(g, "Stab", [sage])
    g.check_state_based_actions()
    (f,) = [f for f in fired(g) if f.card == "Infestation Sage"]
    resolve(g, f)
    (insect,) = battlefield(g, 0, "Insect Token 1/1")
    assert g.has_keyword(insect, "flying") and g.subtypes(insect) == ["Insect"]


def test_phyrexian_arena(game):
    """'At the beginning of your upkeep, you draw a card and you lose 1 life.' — your upkeep
    only (503.1a)."""
    oracle(
        "Phyrexian Arena",
        "At the beginning of your upkeep, you draw a card and you lose 1 life.",
    )
    g = game()
    library(g, 0, 1)
    put(g, "Phyrexian Arena")
    assert fired(g, [cards.upkeep(1)]) == []
    (f,) = fired(g, [cards.upkeep(0)])
    resolve(g, f)
    assert drawn(g) == ["Island"] and g.life(0) == 19


def test_sanguine_syphoner(game):
    """'Whenever this creature attacks, each opponent loses 1 life and you gain 1 life.'"""
    oracle(
        "Sanguine Syphoner",
        "Whenever this creature attacks, each opponent loses 1 life and you gain 1 life.",
    )
    g = game()
    syphoner = put(g, "Sanguine Syphoner")
    (f,) = fired(g, [cards.attacks(syphoner)])
    resolve(g, f)
    assert (g.life(0), g.life(1)) == (21, 19)


def test_stab(game):
    """'Target creature gets -2/-2 until end of turn.' — a creature with toughness 0 or less
    is put into its owner's graveyard (704.5f); a survivor is whole again after the cleanup
    step (514.2)."""
    oracle("Stab", "Target creature gets -2/-2 until end of turn.")
    g = game()
    lions, turtle = put(g, "Savannah Lions", 1), put(g, "Aegis Turtle", 1)
    cast(g, "Stab", [lions])
    cast(g, "Stab", [turtle])
    assert pt(g, turtle) == (-2, 3)
    g.check_state_based_actions()
    assert g.zone(lions) == "graveyard" and g.zone(turtle) == "battlefield"
    g.cleanup()
    assert pt(g, turtle) == (0, 5)


def test_vampire_nighthawk(game):
    """'Flying\\nDeathtouch …\\nLifelink …' — any damage it deals to a creature destroys it
    (702.2b, 704.5h); its damage gains its controller that much life (702.15b)."""
    oracle(
        "Vampire Nighthawk",
        "Flying\nDeathtouch (Any amount of damage this deals to a creature is enough to destroy "
        "it.)\n" + LIFELINK,
    )
    g = game()
    hawk, angel = put(g, "Vampire Nighthawk"), put(g, "Serra Angel", 1)
    g.deal_damage(hawk, angel, 2, combat=True)
    g.check_state_based_actions()
    assert g.zone(angel) == "graveyard" and g.life(0) == 22
