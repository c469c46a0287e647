"""The Foundations cards of triggers, conditions and statics do what their Oracle text says, on
both implementations (see tests/test_fdn_cards_wub.py for how): "whenever another creature you
control enters" and landfall (603.6a, 207.2c), intervening "if" clauses and ability words
(603.4, 207.2c), "you may" (608.2d), "whenever you gain life" (119.9), "at the beginning of
combat on your turn" (507.1), "at the beginning of your end step" (513.1a) and the turn's
history (morbid, raid, "an opponent lost life this turn": 603.4)."""

from __future__ import annotations

import pytest
from cardstate import cards
from cardstate.cards import CardPool, pools
from cardstate.cards.vocab import Card
from fdn_support import (
    FDN,
    activate,
    battlefield,
    drawn,
    fired,
    library,
    oracle,
    pt,
    put,
    resolve,
)

TRAMPLE = (
    "Trample (This creature can deal excess combat damage to the player or planeswalker it's "
    "attacking.)"
)
REACH = "Reach (This creature can block creatures with flying.)"


def entering(g, name, player=0):
    """Puts a permanent of ``name`` onto the battlefield and returns it with the triggered
    abilities its entering fires (603.6a)."""
    g.take_events()
    x = put(g, name, player)
    return x, fired(g)


# ----- whenever another creature you control enters (603.6a) --------------------------------


def test_beast_kin_ranger(game):
    """'Trample …\\nWhenever another creature you control enters, this creature gets +1/+0
    until end of turn.' — 603.6a: tokens enter too; an opponent's creature and the Ranger
    itself don't trigger it; the bonus ends in the cleanup step (514.2)."""
    oracle(
        "Beast-Kin Ranger",
        TRAMPLE + "\nWhenever another creature you control enters, this creature gets +1/+0 "
        "until end of turn.",
    )
    g = game()
    ranger, own = entering(g, "Beast-Kin Ranger")
    assert own == [] and g.has_keyword(ranger, "trample") and pt(g, ranger) == (3, 3)
    assert entering(g, "Savannah Lions", 1)[1] == []
    assert entering(g, "Plains")[1] == [], "a land is not a creature"
    _, (f,) = entering(g, "Savannah Lions")
    resolve(g, f)
    _, (f,) = entering(g, "Cat Token 1/1")
    resolve(g, f)
    assert pt(g, ranger) == (5, 3)
    g.cleanup()
    assert pt(g, ranger) == (3, 3)


def test_dazzling_angel(game):
    """'Flying\\nWhenever another creature you control enters, you gain 1 life.' — each
    creature entering triggers it once (603.2c); two entering at once trigger it twice."""
    oracle(
        "Dazzling Angel", "Flying\nWhenever another creature you control enters, you gain 1 life."
    )
    g = game()
    angel, own = entering(g, "Dazzling Angel")
    assert own == [] and g.has_keyword(angel, "flying")
    g.take_events()
    put(g, "Savannah Lions")
    put(g, "Healer's Hawk")
    put(g, "Savannah Lions", 1)
    fs = fired(g)
    assert len(fs) == 2
    for f in fs:
        resolve(g, f)
    assert g.life(0) == 22 and g.life(1) == 20


def test_arahbo_the_first_fang(game):
    """'Other Cats you control get +1/+1.\nWhenever Arahbo or another nontoken Cat you control
    enters, create a 1/1 white Cat creature token.' — 611.3a for the first; the second
    triggers for Arahbo and for each other nontoken Cat of yours (111.1: the Cat tokens it
    makes don't trigger it), not an opponent's."""
    oracle(
        "Arahbo, the First Fang",
        "Other Cats you control get +1/+1.\nWhenever Arahbo or another nontoken Cat you control "
        "enters, create a 1/1 white Cat creature token.",
    )
    g = game()
    theirs = put(g, "Savannah Lions", 1)
    arahbo, (f,) = entering(g, "Arahbo, the First Fang")
    assert f.source == arahbo and pt(g, arahbo) == (2, 2) and pt(g, theirs) == (2, 1)
    resolve(g, f)
    (token,) = battlefield(g, 0, "Cat Token 1/1")
    assert pt(g, token) == (2, 2), "a Cat of yours: +1/+1"
    assert fired(g) == [], "the token is no nontoken Cat"
    lions, (f,) = entering(g, "Savannah Lions")
    assert pt(g, lions) == (3, 2) and f.triggering == lions
    resolve(g, f)
    assert len(battlefield(g, 0, "Cat Token 1/1")) == 2
    assert entering(g, "Beast-Kin Ranger")[1] == [], "not a Cat"
    assert entering(g, "Savannah Lions", 1)[1] == []


def test_good_fortune_unicorn(game):
    """'Whenever another creature you control enters, put a +1/+1 counter on that creature.' —
    the ruling: the counter goes on the creature that entered (TRIGGERING), not the Unicorn;
    if that creature has left the battlefield by then, no counter is put on anything."""
    oracle(
        "Good-Fortune Unicorn",
        "Whenever another creature you control enters, put a +1/+1 counter on that creature.",
    )
    g = game()
    unicorn, own = entering(g, "Good-Fortune Unicorn")
    assert own == [] and pt(g, unicorn) == (2, 2)
    lions, (f,) = entering(g, "Savannah Lions")
    assert f.triggering == lions
    resolve(g, f)
    assert g.count(lions, "+1/+1") == 1 and pt(g, lions) == (3, 2)
    assert g.count(unicorn, "+1/+1") == 0
    hawk, (f,) = entering(g, "Healer's Hawk")
    g.move(hawk, "graveyard")
    resolve(g, f)
    assert g.count(unicorn, "+1/+1") == 0
    assert entering(g, "Savannah Lions", 1)[1] == []


def test_youthful_valkyrie(game):
    """'Flying\\nWhenever another Angel you control enters, put a +1/+1 counter on this
    creature.' — only Angels (205.3), only yours, not itself."""
    oracle(
        "Youthful Valkyrie",
        "Flying\nWhenever another Angel you control enters, put a +1/+1 counter on this creature.",
    )
    g = game()
    valkyrie, own = entering(g, "Youthful Valkyrie")
    assert own == [] and g.has_keyword(valkyrie, "flying") and pt(g, valkyrie) == (1, 3)
    assert entering(g, "Savannah Lions")[1] == []
    assert entering(g, "Serra Angel", 1)[1] == []
    _, (f,) = entering(g, "Serra Angel")
    resolve(g, f)
    _, fs = entering(g, "Dazzling Angel")
    (f,) = [f for f in fs if f.source == valkyrie]
    resolve(g, f)
    assert pt(g, valkyrie) == (3, 5)


# ----- landfall (207.2c, 603.6a) ------------------------------------------------------------


def test_tatyova_benthic_druid(game):
    """'Landfall — Whenever a land you control enters, you gain 1 life and draw a card.' —
    207.2c: landfall is an ability word (no rules meaning); an opponent's land doesn't trigger
    it, nor a nonland permanent."""
    oracle(
        "Tatyova, Benthic Druid",
        "Landfall — Whenever a land you control enters, you gain 1 life and draw a card.",
    )
    g = game()
    tatyova, own = entering(g, "Tatyova, Benthic Druid")
    assert own == [] and g.supertypes(tatyova) == ["legendary"]
    library(g, 0, 2)
    assert entering(g, "Forest", 1)[1] == []
    assert entering(g, "Savannah Lions")[1] == []
    _, (f,) = entering(g, "Forest")
    resolve(g, f)
    assert g.life(0) == 21 and drawn(g) == ["Island"]


def test_spitfire_lagac(game):
    """'Landfall — Whenever a land you control enters, this creature deals 1 damage to each
    opponent.'"""
    oracle(
        "Spitfire Lagac",
        "Landfall — Whenever a land you control enters, this creature deals 1 damage to each "
        "opponent.",
    )
    g = game()
    lagac, _ = entering(g, "Spitfire Lagac")
    assert entering(g, "Mountain", 1)[1] == []
    _, (f,) = entering(g, "Mountain")
    assert f.source == lagac
    resolve(g, f)
    cliffs, fs = entering(g, "Swiftwater Cliffs")
    # A gain land entering: its own trigger and the landfall one.
    assert sorted(f.source for f in fs) == [lagac, cliffs]
    (f,) = [f for f in fs if f.source == lagac]
    resolve(g, f)
    assert (g.life(0), g.life(1)) == (20, 18)


def test_elfsworn_giant(game):
    """'Reach …\\nLandfall — Whenever a land you control enters, create a 1/1 green Elf
    Warrior creature token.' (111.1, 111.4)"""
    oracle(
        "Elfsworn Giant",
        REACH + "\nLandfall — Whenever a land you control enters, create a 1/1 green Elf "
        "Warrior creature token.",
    )
    g = game()
    giant, _ = entering(g, "Elfsworn Giant")
    assert g.has_keyword(giant, "reach") and pt(g, giant) == (5, 3)
    _, (f,) = entering(g, "Forest")
    resolve(g, f)
    (elf,) = battlefield(g, 0, "Elf Warrior Token 1/1")
    assert g.is_token(elf) and pt(g, elf) == (1, 1) and g.subtypes(elf) == ["Elf", "Warrior"]
    assert FDN["Elf Warrior Token 1/1"].card.info == {"colours": ["G"]}


def test_mossborn_hydra(game):
    """'Trample …\nThis creature enters with a +1/+1 counter on it.\nLandfall — Whenever a
    land you control enters, double the number of +1/+1 counters on this creature.' — 614.1c;
    701.10e: to double the counters on it is to put that many more on it (with none, none)."""
    oracle(
        "Mossborn Hydra",
        TRAMPLE + "\nThis creature enters with a +1/+1 counter on it.\nLandfall — Whenever a "
        "land you control enters, double the number of +1/+1 counters on this creature.",
    )
    g = game()
    hydra, own = entering(g, "Mossborn Hydra")
    assert own == [] and g.has_keyword(hydra, "trample")
    assert g.count(hydra, "+1/+1") == 1 and pt(g, hydra) == (1, 1)
    for expected in (2, 4, 8):
        _, (f,) = entering(g, "Forest")
        resolve(g, f)
        assert g.count(hydra, "+1/+1") == expected
    assert entering(g, "Forest", 1)[1] == []
    g.remove_counters(hydra, "+1/+1", 8)
    g.take_events()
    _, (f,) = entering(g, "Forest")
    resolve(g, f)
    assert g.count(hydra, "+1/+1") == 0


# ----- intervening "if" clauses (603.4) -----------------------------------------------------


def test_dwynens_elite(game):
    """'When this creature enters, if you control another Elf, create a 1/1 green Elf Warrior
    creature token.' — 603.4: an intervening "if": it doesn't trigger unless you control
    another Elf as it enters, and does nothing if you no longer do as it resolves; an
    opponent's Elf doesn't count."""
    oracle(
        "Dwynen's Elite",
        "When this creature enters, if you control another Elf, create a 1/1 green Elf Warrior "
        "creature token.",
    )
    g = game()
    put(g, "Llanowar Elves", 1)
    assert entering(g, "Dwynen's Elite")[1] == [], "no other Elf of yours: no trigger"
    g2 = game()
    llanowar = put(g2, "Llanowar Elves")
    _, (f,) = entering(g2, "Dwynen's Elite")
    resolve(g2, f)
    assert len(battlefield(g2, 0, "Elf Warrior Token 1/1")) == 1
    _, (f,) = entering(g2, "Dwynen's Elite")
    g2.move(llanowar, "graveyard")
    # The first Elite and the token are other Elves still: it resolves.
    resolve(g2, f)
    assert len(battlefield(g2, 0, "Elf Warrior Token 1/1")) == 2
    g3 = game()
    llanowar = put(g3, "Llanowar Elves")
    elite, (f,) = entering(g3, "Dwynen's Elite")
    g3.move(llanowar, "graveyard")
    resolve(g3, f)
    assert battlefield(g3, 0, "Elf Warrior Token 1/1") == [], "603.4: checked on resolution"
    assert battlefield(g3, 0) == [elite]


def test_garruks_uprising(game):
    """'When this enchantment enters, if you control a creature with power 4 or greater, draw
    a card.\\nCreatures you control have trample. …\\nWhenever a creature you control with
    power 4 or greater enters, draw a card.' — 603.4 for the first; 611.3a for the second (a
    creature that comes later has trample too); the third reads the creature's power as it
    enters (with its counters and effects)."""
    oracle(
        "Garruk's Uprising",
        "When this enchantment enters, if you control a creature with power 4 or greater, draw "
        "a card.\nCreatures you control have trample. (Each of those creatures can deal excess "
        "combat damage to the player or planeswalker it's attacking.)\nWhenever a creature you "
        "control with power 4 or greater enters, draw a card.",
    )
    g = game()
    library(g, 0, 3)
    lions = put(g, "Savannah Lions")
    assert entering(g, "Garruk's Uprising")[1] == [], "no power 4 creature: no trigger"
    assert g.has_keyword(lions, "trample")
    assert entering(g, "Serra Angel", 1)[1] == [], "an opponent's creature"
    angel, (f,) = entering(g, "Serra Angel")
    assert g.has_keyword(angel, "trample")
    resolve(g, f)
    assert drawn(g) == ["Island"]
    assert entering(g, "Beast-Kin Ranger")[1] == [], "power 3"
    _, fs = entering(g, "Garruk's Uprising")
    assert len(fs) == 1
    resolve(g, fs[0])
    assert drawn(g) == ["Island", "Island"]


def test_landfall_and_entering_creatures_fire_alike_in_both_runtimes(game):
    """The events of one board fire the same abilities (603.3b: in source order) in both."""
    g = game()
    for name in (
        "Beast-Kin Ranger",
        "Dazzling Angel",
        "Good-Fortune Unicorn",
        "Tatyova, Benthic Druid",
    ):
        put(g, name)
    g.take_events()
    land, lions = put(g, "Forest"), put(g, "Savannah Lions")
    fs = fired(g)
    assert [(f.card, f.triggering) for f in fs] == [
        ("Tatyova, Benthic Druid", land),
        ("Beast-Kin Ranger", lions),
        ("Dazzling Angel", lions),
        ("Good-Fortune Unicorn", lions),
    ]
    assert cards.fired(g, [], pool=FDN) == []


# ----- ability words: threshold, metalcraft (207.2c, 603.4) ---------------------------------


def test_crypt_feaster(game):
    """'Menace …\nThreshold — Whenever this creature attacks, if there are seven or more
    cards in your graveyard, this creature gets +2/+0 until end of turn.' — 603.4: counted as
    it triggers and again as it resolves; an opponent's graveyard doesn't count."""
    oracle(
        "Crypt Feaster",
        "Menace (This creature can't be blocked except by two or more creatures.)\nThreshold — "
        "Whenever this creature attacks, if there are seven or more cards in your graveyard, "
        "this creature gets +2/+0 until end of turn.",
    )
    g = game()
    feaster = put(g, "Crypt Feaster")
    assert g.has_keyword(feaster, "menace") and pt(g, feaster) == (3, 4)
    for _ in range(6):
        put(g, "Island", 0, "graveyard")
    for _ in range(3):
        put(g, "Island", 1, "graveyard")
    g.take_events()
    assert fired(g, [cards.attacks(feaster)]) == [], "six cards: no threshold"
    last = put(g, "Stab", 0, "graveyard")
    (f,) = fired(g, [cards.attacks(feaster)])
    resolve(g, f)
    assert pt(g, feaster) == (5, 4)
    g.cleanup()
    (f,) = fired(g, [cards.attacks(feaster)])
    g.move(last, "exile")
    resolve(g, f)
    assert pt(g, feaster) == (3, 4), "603.4: six cards as it resolves"


def test_courageous_goblin(game):
    """'Whenever this creature attacks while you control a creature with power 4 or greater,
    this creature gets +1/+0 and gains menace until end of turn. …' — the condition is part
    of the trigger event (it attacks while …), not an intervening "if" (603.4): it is checked
    only as it attacks, and once triggered the ability resolves even if you no longer control
    such a creature; an opponent's creature doesn't count."""
    oracle(
        "Courageous Goblin",
        "Whenever this creature attacks while you control a creature with power 4 or greater, "
        "this creature gets +1/+0 and gains menace until end of turn. (It can't be blocked "
        "except by two or more creatures.)",
    )
    assert FDN["Courageous Goblin"].data["abilities"][0]["condition"] is not None
    g = game()
    goblin = put(g, "Courageous Goblin")
    put(g, "Serra Angel", 1)
    g.take_events()
    assert fired(g, [cards.attacks(goblin)]) == []
    angel = put(g, "Serra Angel")
    g.take_events()
    (f,) = fired(g, [cards.attacks(goblin)])
    g.move(angel, "graveyard")
    resolve(g, f)
    assert pt(g, goblin) == (3, 2) and g.has_keyword(goblin, "menace")
    g.cleanup()
    assert pt(g, goblin) == (2, 2) and not g.has_keyword(goblin, "menace")


def test_galvanic_blast(game):
    """'Galvanic Blast deals 2 damage to any target.\nMetalcraft — Galvanic Blast deals 4
    damage instead if you control three or more artifacts.' — 207.2c; the artifacts counted
    as it resolves are yours (an opponent's don't count)."""
    pauper = pools["pauper"]
    assert pauper["Galvanic Blast"].oracle == (
        "Galvanic Blast deals 2 damage to any target.\nMetalcraft — Galvanic Blast deals 4 "
        "damage instead if you control three or more artifacts."
    )
    relic = Card(name="Test Relic", types=("artifact",), cost="{1}")
    pool = pauper | CardPool([relic], name="relics")
    g = game()
    cards.resolve(g, "Galvanic Blast", 0, [1], pool=pool)
    assert g.life(1) == 18
    for p in (0, 0, 1, 1):
        cards.place(g, "Test Relic", p, pool=pool)
    cards.resolve(g, "Galvanic Blast", 0, [1], pool=pool)
    assert g.life(1) == 16, "two artifacts of yours: 2 damage"
    cards.place(g, "Test Relic", 0, pool=pool)
    cards.resolve(g, "Galvanic Blast", 0, [1], pool=pool)
    assert g.life(1) == 12, "three: 4 damage"


# ----- "you may" (608.2d) -------------------------------------------------------------------


def test_reclamation_sage(game):
    """'When this creature enters, you may destroy target artifact or enchantment.' — 608.2d:
    the controller chooses as it resolves whether to destroy it (the target is chosen as it is
    put on the stack, 603.3d: a creature isn't a legal one)."""
    oracle(
        "Reclamation Sage",
        "When this creature enters, you may destroy target artifact or enchantment.",
    )
    g = game()
    arena, lions = put(g, "Phyrexian Arena", 1), put(g, "Savannah Lions", 1)
    uprising = put(g, "Garruk's Uprising", 1)
    _, (f,) = entering(g, "Reclamation Sage")
    asked = []

    def no(_g, _p, request):
        asked.append(request.kind)
        return False

    resolve(g, f, [arena], choose=no)
    assert asked == ["may"] and g.zone(arena) == "battlefield"
    resolve(g, f, [arena])
    assert g.zone(arena) == "graveyard"
    assert resolve(g, f, [lions]).fizzled and g.zone(lions) == "battlefield"
    resolve(g, f, [uprising])
    assert g.zone(uprising) == "graveyard"


# ----- activate only as a sorcery (602.5d) -------------------------------------------------


def test_treetop_snarespinner(game):
    """'Reach …\nDeathtouch …\n{2}{G}: Put a +1/+1 counter on target creature you control.
    Activate only as a sorcery.' — 602.5d (the duel offers it only in its controller's main
    phase with an empty stack: tests/test_fdn_duel.py); an opponent's creature isn't a legal
    target."""
    oracle(
        "Treetop Snarespinner",
        REACH + "\nDeathtouch (Any amount of damage this deals to a creature is enough to "
        "destroy it.)\n{2}{G}: Put a +1/+1 counter on target creature you control. Activate "
        "only as a sorcery.",
    )
    (a,) = FDN["Treetop Snarespinner"].data["abilities"]
    assert a["timing"] == "sorcery" and a["cost"]["mana"]["text"] == "{2}{G}"
    g = game()
    spinner = put(g, "Treetop Snarespinner")
    assert g.has_keyword(spinner, "reach") and g.has_keyword(spinner, "deathtouch")
    theirs = put(g, "Savannah Lions", 1)
    activate(g, spinner, "Treetop Snarespinner", [spinner])
    assert pt(g, spinner) == (2, 5)
    assert activate(g, spinner, "Treetop Snarespinner", [theirs]).fizzled
    assert g.counters(theirs) == {}


# ----- whenever you gain life (119.9) -------------------------------------------------------


def test_ajanis_pridemate(game):
    """'Whenever you gain life, put a +1/+1 counter on this creature.' — 119.9: each life-gain
    event triggers it once, whatever the amount; the rulings: two lifelink creatures dealing
    combat damage at once are two life-gain events (702.15e: one per source), so it triggers
    twice; an opponent's life gain doesn't trigger it."""
    oracle("Ajani's Pridemate", "Whenever you gain life, put a +1/+1 counter on this creature.")
    g = game()
    pridemate, _ = entering(g, "Ajani's Pridemate")
    g.take_events()
    g.gain_life(0, 3)
    (f,) = fired(g)
    assert (f.source, f.triggering) == (pridemate, 0)
    resolve(g, f)
    assert pt(g, pridemate) == (3, 3)
    g.take_events()
    g.gain_life(1, 5)
    assert fired(g) == []
    hawk, nighthawk = put(g, "Healer's Hawk"), put(g, "Vampire Nighthawk")
    g.take_events()
    g.deal_simultaneous_damage([(hawk, 1, 1), (nighthawk, 1, 2)], combat=True)
    fs = fired(g)
    assert len(fs) == 2 and g.life(0) == 26
    for f in fs:
        resolve(g, f)
    assert g.count(pridemate, "+1/+1") == 3
    g.take_events()
    g.gain_life(0, 0)
    assert fired(g) == [], "gaining 0 life is no life-gain event (119.9)"


def test_marauding_blight_priest(game):
    """'Whenever you gain life, each opponent loses 1 life.' — once per life-gain event
    (119.9), 1 life whatever the amount gained (119.3)."""
    oracle("Marauding Blight-Priest", "Whenever you gain life, each opponent loses 1 life.")
    g = game()
    priest, _ = entering(g, "Marauding Blight-Priest")
    assert pt(g, priest) == (3, 2)
    g.take_events()
    g.gain_life(0, 4)
    (f,) = fired(g)
    resolve(g, f)
    assert (g.life(0), g.life(1)) == (24, 19)
    put(g, "Dazzling Angel")
    _, fs = entering(g, "Savannah Lions")
    (angel,) = fs
    resolve(g, angel)
    (f,) = fired(g)
    assert f.card == "Marauding Blight-Priest"
    resolve(g, f)
    assert (g.life(0), g.life(1)) == (25, 18)


# ----- at the beginning of combat on your turn (507.1) --------------------------------------


def test_nessian_hornbeetle(game):
    """'At the beginning of combat on your turn, if you control another creature with power 4
    or greater, put a +1/+1 counter on this creature.' — 507.1: it triggers at the beginning
    of combat of its controller's turn only; 603.4: only if another creature of yours has
    power 4 or greater then (not the Hornbeetle itself, not an opponent's), and again as it
    resolves."""
    oracle(
        "Nessian Hornbeetle",
        "At the beginning of combat on your turn, if you control another creature with power 4 "
        "or greater, put a +1/+1 counter on this creature.",
    )
    g = game()
    beetle, _ = entering(g, "Nessian Hornbeetle")
    put(g, "Serra Angel", 1)
    g.take_events()
    assert fired(g, [cards.beginning_of_combat(0)]) == []
    g.add_counters(beetle, "+1/+1", 2)
    g.take_events()
    assert pt(g, beetle) == (4, 4)
    assert fired(g, [cards.beginning_of_combat(0)]) == [], "not itself"
    angel = put(g, "Serra Angel")
    g.take_events()
    assert fired(g, [cards.beginning_of_combat(1)]) == [], "not on an opponent's turn"
    (f,) = fired(g, [cards.beginning_of_combat(0)])
    resolve(g, f)
    assert g.count(beetle, "+1/+1") == 3
    (f,) = fired(g, [cards.beginning_of_combat(0)])
    g.move(angel, "graveyard")
    # The Hornbeetle is 5/5 now, but it is no "other" creature: 603.4 on resolution.
    resolve(g, f)
    assert g.count(beetle, "+1/+1") == 3


# ----- the turn's history (603.4: morbid, raid), the end step (513.1a) ----------------------

DIED = cards.TurnHistory(creatures_died=1)
ATTACKED = cards.TurnHistory(attacked=frozenset({0}))


def test_searslicer_goblin(game):
    """'Raid — At the beginning of your end step, if you attacked this turn, create a 1/1 red
    Goblin creature token.' — 513.1a: your end step only; 603.4: it triggers only if you
    attacked this turn (an opponent's attack doesn't count), and checks again as it
    resolves."""
    oracle(
        "Searslicer Goblin",
        "Raid — At the beginning of your end step, if you attacked this turn, create a 1/1 red "
        "Goblin creature token.",
    )
    g = game()
    goblin = put(g, "Searslicer Goblin")
    assert pt(g, goblin) == (2, 1)
    g.take_events()
    end = [cards.end_step(0)]
    assert fired(g, end) == []
    assert cards.fired(g, end, pool=FDN, history=cards.TurnHistory(attacked={1})) == []
    assert cards.fired(g, [cards.end_step(1)], pool=FDN, history=ATTACKED) == []
    (f,) = cards.fired(g, end, pool=FDN, history=ATTACKED)
    assert resolve(g, f).fizzled is False
    assert battlefield(g, 0, "Goblin Token 1/1") == [], "no history as it resolves: 603.4"
    resolve(g, f, history=ATTACKED)
    assert len(battlefield(g, 0, "Goblin Token 1/1")) == 1


def test_gorehorn_raider(game):
    """'Raid — When this creature enters, if you attacked this turn, this creature deals 2
    damage to any target.' (603.4)"""
    oracle(
        "Gorehorn Raider",
        "Raid — When this creature enters, if you attacked this turn, this creature deals 2 "
        "damage to any target.",
    )
    g = game()
    assert entering(g, "Gorehorn Raider")[1] == []
    g.take_events()
    raider = put(g, "Gorehorn Raider")
    (f,) = cards.fired(g, g.take_events(), pool=FDN, history=ATTACKED)
    assert f.source == raider
    resolve(g, f, [1], history=ATTACKED)
    assert g.life(1) == 18


def test_skyship_buccaneer(game):
    """'Flying\\nRaid — When this creature enters, if you attacked this turn, draw a card.'
    (603.4)"""
    oracle(
        "Skyship Buccaneer",
        "Flying\nRaid — When this creature enters, if you attacked this turn, draw a card.",
    )
    g = game()
    library(g, 0, 2)
    buccaneer, own = entering(g, "Skyship Buccaneer")
    assert own == [] and g.has_keyword(buccaneer, "flying")
    g.take_events()
    put(g, "Skyship Buccaneer")
    (f,) = cards.fired(g, g.take_events(), pool=FDN, history=ATTACKED)
    resolve(g, f, history=ATTACKED)
    assert drawn(g) == ["Island"]


def test_needletooth_pack(game):
    """'Morbid — At the beginning of your end step, if a creature died this turn, put two
    +1/+1 counters on target creature you control.' — 207.2c, 603.4: any player's creature
    dying counts (700.4)."""
    oracle(
        "Needletooth Pack",
        "Morbid — At the beginning of your end step, if a creature died this turn, put two "
        "+1/+1 counters on target creature you control.",
    )
    g = game()
    pack = put(g, "Needletooth Pack")
    theirs = put(g, "Savannah Lions", 1)
    g.take_events()
    end = [cards.end_step(0)]
    assert fired(g, end) == []
    (f,) = cards.fired(g, end, pool=FDN, history=DIED)
    resolve(g, f, [pack], history=DIED)
    assert g.count(pack, "+1/+1") == 2 and pt(g, pack) == (6, 7)
    assert resolve(g, f, [theirs], history=DIED).fizzled, "a creature you control"


def test_tragic_banshee(game):
    """'Morbid — When this creature enters, target creature an opponent controls gets -1/-1
    until end of turn. If a creature died this turn, that creature gets -13/-13 until end of
    turn instead.' — the morbid check is made as the ability resolves (not an intervening
    "if": it triggers either way)."""
    oracle(
        "Tragic Banshee",
        "Morbid — When this creature enters, target creature an opponent controls gets -1/-1 "
        "until end of turn. If a creature died this turn, that creature gets -13/-13 until end "
        "of turn instead.",
    )
    g = game()
    angel, ceratops = put(g, "Serra Angel", 1), put(g, "Quakestrider Ceratops", 1)
    banshee, (f,) = entering(g, "Tragic Banshee")
    assert pt(g, banshee) == (5, 3)
    resolve(g, f, [angel])
    assert pt(g, angel) == (3, 3)
    resolve(g, f, [ceratops], history=DIED)
    assert pt(g, ceratops) == (-1, -5)
    assert resolve(g, f, [banshee]).fizzled, "a creature an opponent controls"


def test_stromkirk_bloodthief(game):
    """'At the beginning of your end step, if an opponent lost life this turn, put a +1/+1
    counter on target Vampire you control.' — 119.3, 603.4: only an opponent's life loss
    counts, not yours."""
    oracle(
        "Stromkirk Bloodthief",
        "At the beginning of your end step, if an opponent lost life this turn, put a +1/+1 "
        "counter on target Vampire you control.",
    )
    g = game()
    thief = put(g, "Stromkirk Bloodthief")
    nighthawk = put(g, "Vampire Nighthawk")
    lions = put(g, "Savannah Lions")
    g.take_events()
    end = [cards.end_step(0)]
    mine = cards.TurnHistory(lost_life={0})
    theirs = cards.TurnHistory(lost_life={1})
    assert cards.fired(g, end, pool=FDN, history=mine) == []
    (f,) = cards.fired(g, end, pool=FDN, history=theirs)
    resolve(g, f, [nighthawk], history=theirs)
    resolve(g, f, [thief], history=theirs)
    assert g.count(nighthawk, "+1/+1") == g.count(thief, "+1/+1") == 1
    assert resolve(g, f, [lions], history=theirs).fizzled, "not a Vampire"


def test_the_turns_history_is_checked(game):
    """A history names players by id 0..63 (a TypeError or ValueError otherwise, nothing
    resolved)."""
    g = game()
    put(g, "Searslicer Goblin")
    with pytest.raises(ValueError, match="player"):
        cards.fired(g, [cards.end_step(0)], pool=FDN, history=cards.TurnHistory(attacked={64}))
    with pytest.raises(TypeError, match="TurnHistory"):
        cards.fired(g, [cards.end_step(0)], pool=FDN, history=(0, 1, 0))
    assert battlefield(g, 0, "Goblin Token 1/1") == []


def test_goblin_boarders(game):
    """'Raid — This creature enters with a +1/+1 counter on it if you attacked this turn.' —
    614.1c: a replacement effect as it enters, reading the turn's history then (the duel's:
    tests/test_fdn_duel.py); with no attack, none."""
    oracle(
        "Goblin Boarders",
        "Raid — This creature enters with a +1/+1 counter on it if you attacked this turn.",
    )
    g = game()
    boarders = put(g, "Goblin Boarders")
    assert g.counters(boarders) == {} and pt(g, boarders) == (3, 2)
