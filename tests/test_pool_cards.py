"""Every card of the built-in pool does what its Oracle text says, on both implementations.

Each test quotes the card's Oracle text (and checks that the pool stores exactly that text),
then plays it on a bare kernel ``Game`` through ``cardstate.cards`` (``place``, ``resolve``,
``fired``). The ``game`` fixture runs each test on ``cardstate.Game`` (the Rust runtime) and
``cardstate.reference.Game`` (the reference interpreter).
"""

from __future__ import annotations

import pytest
from cardstate import CannotPay, cards
from cardstate.cards import pool
from conftest import assert_fails

INFECT = (
    "Infect (This creature deals damage to creatures in the form of -1/-1 counters and to "
    "players in the form of poison counters.)"
)
PROLIFERATE = (
    "(Choose any number of permanents and/or players, then give each another counter of each "
    "kind already there.)"
)
TOXIC_1 = "Toxic 1 (Players dealt combat damage by this creature also get a poison counter.)"


def oracle(name: str, text: str) -> None:
    """The pool stores the card's Oracle text exactly as quoted."""
    assert pool[name].oracle == text


def put(g, name: str, player: int = 0, **kw) -> int:
    return cards.place(g, name, player, **kw)


def choose_all(_game, _controller, request):
    """Yes to every "may", the most of any amount, every proliferate candidate."""
    if request.kind == "proliferate":
        return list(request.candidates)
    return True if request.kind == "may" else request.max


def choose_none(_game, _controller, request):
    if request.kind == "proliferate":
        return []
    return False if request.kind == "may" else request.min


def ability(name: str, kind: str, n: int = 0) -> int:
    """The index of the n-th ability of that kind."""
    found = [i for i, a in enumerate(pool[name].data["abilities"]) if a["kind"] == kind]
    return found[n]


def resolve_trigger(g, fired, targets=(), choose=choose_all):
    return cards.resolve(
        g,
        fired.card,
        fired.controller,
        targets,
        ability=fired.ability,
        source=fired.source,
        triggering=fired.triggering,
        choose=choose,
    )


# ----- lands and evergreen ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "colour"),
    [("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"), ("Forest", "G")],
)
def test_basic_lands(game, name, colour):
    """'({T}: Add {C}.)' — a basic land of its type with an intrinsic mana ability (305.6)."""
    oracle(name, f"({{T}}: Add {{{colour}}}.)")
    g = game()
    land = put(g, name)
    assert g.types(land) == ["land"] and g.subtypes(land) == [name]
    (mana,) = pool[name].data["abilities"]
    assert mana == {"kind": "mana", "produces": colour, "cost": mana["cost"]}
    assert mana["cost"]["tap"] and mana["cost"]["mana"] is None


def test_grizzly_bears(game):
    """Grizzly Bears: a vanilla 2/2 Bear for {1}{G} (no rules text)."""
    oracle("Grizzly Bears", "")
    g = game()
    bear = put(g, "Grizzly Bears")
    assert (g.power(bear), g.toughness(bear), g.subtypes(bear)) == (2, 2, ["Bear"])
    assert pool["Grizzly Bears"].data["cost"]["text"] == "{1}{G}"


def test_llanowar_elves(game):
    """'{T}: Add {G}.'"""
    oracle("Llanowar Elves", "{T}: Add {G}.")
    g = game()
    elf = put(g, "Llanowar Elves")
    assert (g.power(elf), g.toughness(elf)) == (1, 1)
    (mana,) = pool["Llanowar Elves"].data["abilities"]
    assert mana["produces"] == "G" and mana["cost"]["tap"]


def test_serra_angel(game):
    """'Flying\\nVigilance'"""
    oracle("Serra Angel", "Flying\nVigilance")
    g = game()
    angel = put(g, "Serra Angel")
    assert g.has_keyword(angel, "flying") and g.has_keyword(angel, "vigilance")
    assert (g.power(angel), g.toughness(angel)) == (4, 4)


def test_giant_spider(game):
    """'Reach'"""
    oracle("Giant Spider", "Reach")
    g = game()
    spider = put(g, "Giant Spider")
    assert g.has_keyword(spider, "reach") and (g.power(spider), g.toughness(spider)) == (2, 4)


def test_lightning_bolt(game):
    """'Lightning Bolt deals 3 damage to any target.' — a player, or a creature (lethal)."""
    oracle("Lightning Bolt", "Lightning Bolt deals 3 damage to any target.")
    g = game()
    cards.resolve(g, "Lightning Bolt", 0, [1])
    assert g.life(1) == 17
    bear = put(g, "Grizzly Bears", 1)
    cards.resolve(g, "Lightning Bolt", 0, [bear])
    assert g.damage(bear) == 3
    g.check_state_based_actions()
    assert g.zone(bear) == "graveyard"


def test_giant_growth(game):
    """'Target creature gets +3/+3 until end of turn.'"""
    oracle("Giant Growth", "Target creature gets +3/+3 until end of turn.")
    g = game()
    bear = put(g, "Grizzly Bears")
    cards.resolve(g, "Giant Growth", 0, [bear])
    assert (g.power(bear), g.toughness(bear)) == (5, 5)
    g.cleanup()
    assert (g.power(bear), g.toughness(bear)) == (2, 2)


def test_vampire_nighthawk(game):
    """'Flying\\nDeathtouch\\nLifelink' — 2 damage to a creature destroys it (702.2b) and gains
    its controller 2 life (702.15b)."""
    oracle("Vampire Nighthawk", "Flying\nDeathtouch\nLifelink")
    g = game()
    hawk = put(g, "Vampire Nighthawk")
    spider = put(g, "Giant Spider", 1)
    g.deal_damage(hawk, spider, 2, combat=True)
    assert g.life(0) == 22
    g.check_state_based_actions()
    assert g.zone(spider) == "graveyard"


def test_boggart_ram_gang(game):
    """'Haste\\nWither (This deals damage to creatures in the form of -1/-1 counters.)'"""
    oracle(
        "Boggart Ram-Gang",
        "Haste\nWither (This deals damage to creatures in the form of -1/-1 counters.)",
    )
    g = game()
    gang = put(g, "Boggart Ram-Gang")
    assert g.has_keyword(gang, "haste")
    spider = put(g, "Giant Spider", 1)
    g.deal_damage(gang, spider, 3, combat=True)
    assert g.counters(spider) == {"-1/-1": 3} and g.damage(spider) == 0
    assert pool["Boggart Ram-Gang"].data["cost"]["hybrid"] == [["R", "G"]] * 3


# ----- infect and poison --------------------------------------------------------------------


def test_glistener_elf(game):
    """'Infect (…)': damage to players as poison counters, to creatures as -1/-1 counters."""
    oracle("Glistener Elf", INFECT)
    g = game()
    elf = put(g, "Glistener Elf")
    g.deal_damage(elf, 1, 1, combat=True)
    assert g.count(1, "poison") == 1 and g.life(1) == 20
    bear = put(g, "Grizzly Bears", 1)
    g.deal_damage(elf, bear, 1, combat=True)
    assert g.counters(bear) == {"-1/-1": 1}


def test_plague_stinger(game):
    """'Flying\\nInfect (…)'"""
    oracle("Plague Stinger", "Flying\n" + INFECT)
    g = game()
    stinger = put(g, "Plague Stinger")
    assert g.has_keyword(stinger, "flying")
    g.deal_damage(stinger, 1, 1, combat=True)
    assert g.count(1, "poison") == 1


def test_blight_mamba(game):
    """'Infect (…)\n{1}{G}: Regenerate Blight Mamba.' — the next time it would be destroyed
    this turn, instead it is tapped and its damage removed (701.19)."""
    oracle("Blight Mamba", INFECT + "\n{1}{G}: Regenerate Blight Mamba.")
    g = game()
    mamba = put(g, "Blight Mamba")
    g.deal_damage(mamba, 1, 1, combat=True)
    assert g.count(1, "poison") == 1
    regen = ability("Blight Mamba", "activated")
    assert pool["Blight Mamba"].data["abilities"][regen]["cost"]["mana"]["text"] == "{1}{G}"
    cards.resolve(g, "Blight Mamba", 0, ability=regen, source=mamba)
    bolt = put(g, "Lightning Bolt", 1, zone="stack")
    g.deal_damage(bolt, mamba, 3)
    g.check_state_based_actions()
    assert g.zone(mamba) == "battlefield" and g.is_tapped(mamba) and g.damage(mamba) == 0
    g.deal_damage(bolt, mamba, 3)  # the shield is used up
    g.check_state_based_actions()
    assert g.zone(mamba) == "graveyard"


def test_ichorclaw_myr(game):
    """'Infect (…)\\nWhenever Ichorclaw Myr becomes blocked, it gets +2/+2 until end of turn.'"""
    oracle(
        "Ichorclaw Myr",
        INFECT + "\nWhenever Ichorclaw Myr becomes blocked, it gets +2/+2 until end of turn.",
    )
    g = game()
    myr = put(g, "Ichorclaw Myr")
    assert g.types(myr) == ["artifact", "creature"]
    assert cards.fired(g, [cards.attacks(myr)]) == []
    (f,) = cards.fired(g, [cards.becomes_blocked(myr)])
    assert (f.source, f.card) == (myr, "Ichorclaw Myr")
    resolve_trigger(g, f)
    assert (g.power(myr), g.toughness(myr)) == (3, 3)


def test_bilious_skulldweller(game):
    """'Deathtouch\\nToxic 1 (Players dealt combat damage by this creature also get a poison
    counter.)'"""
    oracle("Bilious Skulldweller", "Deathtouch\n" + TOXIC_1)
    g = game()
    dweller = put(g, "Bilious Skulldweller")
    g.deal_damage(dweller, 1, 1, combat=True)
    assert g.life(1) == 19 and g.count(1, "poison") == 1
    g.deal_damage(dweller, 1, 1)  # not combat damage: no toxic (702.164c)
    assert g.count(1, "poison") == 1
    assert g.has_keyword(dweller, "deathtouch")


def test_venerated_rotpriest(game):
    """'Toxic 1 (…)\\nWhenever a creature you control becomes the target of a spell, target
    opponent gets a poison counter.'"""
    oracle(
        "Venerated Rotpriest",
        TOXIC_1 + "\nWhenever a creature you control becomes the target of a spell, target "
        "opponent gets a poison counter.",
    )
    g = game()
    priest = put(g, "Venerated Rotpriest")
    mine = put(g, "Grizzly Bears", 0)
    theirs = put(g, "Grizzly Bears", 1)
    (f,) = cards.fired(g, [cards.becomes_target(mine)])
    assert (f.source, f.triggering) == (priest, mine)
    # the priest itself is a creature you control: a trigger over "a creature you control"
    # doesn't skip its own source
    (own,) = cards.fired(g, [cards.becomes_target(priest)])
    assert (own.source, own.triggering, own.controller) == (priest, priest, 0)
    assert cards.fired(g, [cards.becomes_target(theirs)]) == []
    assert cards.fired(g, [cards.becomes_target(mine, by_spell=False)]) == []
    resolve_trigger(g, f, [1])
    assert g.count(1, "poison") == 1
    # "target opponent": you are not a legal target; with no legal target it does nothing
    assert cards.resolve(g, f.card, 0, [0], ability=f.ability, source=priest).fizzled
    assert g.count(0, "poison") == 0


def test_tainted_strike(game):
    """'Target creature gets +1/+0 and gains infect until end of turn. (It deals damage to
    creatures in the form of -1/-1 counters and to players in the form of poison counters.)'"""
    oracle(
        "Tainted Strike",
        "Target creature gets +1/+0 and gains infect until end of turn. (It deals damage to "
        "creatures in the form of -1/-1 counters and to players in the form of poison "
        "counters.)",
    )
    g = game()
    bear = put(g, "Grizzly Bears")
    cards.resolve(g, "Tainted Strike", 0, [bear])
    assert (g.power(bear), g.toughness(bear)) == (3, 2) and g.has_keyword(bear, "infect")
    g.deal_damage(bear, 1, 3, combat=True)
    assert g.count(1, "poison") == 3 and g.life(1) == 20
    g.cleanup()
    assert not g.has_keyword(bear, "infect") and g.power(bear) == 2


# ----- -1/-1 counters and proliferate -------------------------------------------------------


def test_thrummingbird(game):
    """'Flying\\nWhenever Thrummingbird deals combat damage to a player, proliferate. (…)'"""
    oracle(
        "Thrummingbird",
        "Flying\nWhenever Thrummingbird deals combat damage to a player, proliferate. "
        + PROLIFERATE,
    )
    g = game()
    bird = put(g, "Thrummingbird")
    g.add_counters(1, "poison", 2)
    g.take_events()
    g.deal_damage(bird, 1, 1, combat=True)
    (f,) = cards.fired(g, g.take_events())
    assert f.source == bird
    out = resolve_trigger(g, f)
    assert out.proliferated and g.count(1, "poison") == 3
    g.deal_damage(bird, 1, 1)  # noncombat damage doesn't trigger it
    assert cards.fired(g, g.take_events()) == []


def test_contagion_clasp(game):
    """'When Contagion Clasp enters, put a -1/-1 counter on target creature.\\n{4}, {T}:
    Proliferate. (…)'"""
    oracle(
        "Contagion Clasp",
        "When Contagion Clasp enters, put a -1/-1 counter on target creature.\n{4}, {T}: "
        "Proliferate. " + PROLIFERATE,
    )
    g = game()
    bear = put(g, "Grizzly Bears", 1)
    clasp = g.move(put(g, "Contagion Clasp", zone="hand"), "battlefield")
    (f,) = [f for f in cards.fired(g, g.take_events()) if f.source == clasp]
    resolve_trigger(g, f, [bear])
    assert g.counters(bear) == {"-1/-1": 1}
    act = ability("Contagion Clasp", "activated")
    cost = pool["Contagion Clasp"].data["abilities"][act]["cost"]
    assert cost["tap"] and cost["mana"]["text"] == "{4}"
    cards.resolve(g, "Contagion Clasp", 0, ability=act, source=clasp, choose=choose_all)
    assert g.counters(bear) == {"-1/-1": 2}


def test_tezzerets_gambit(game):
    """'({U/P} can be paid with either {U} or 2 life.)\\nDraw two cards, then proliferate.'"""
    oracle(
        "Tezzeret's Gambit",
        "({U/P} can be paid with either {U} or 2 life.)\nDraw two cards, then proliferate. "
        + PROLIFERATE,
    )
    g = game()
    library = [put(g, "Island", zone="library") for _ in range(3)]
    g.add_counters(1, "poison", 1)
    out = cards.resolve(g, "Tezzeret's Gambit", 0, choose=choose_all)
    assert [g.zone(c) for c in library] == ["hand", "hand", "library"]
    assert out.proliferated and g.count(1, "poison") == 2
    assert pool["Tezzeret's Gambit"].data["cost"]["phyrexian"] == ["U"]
    # drawing from an empty library is reported (704.5b is the game's to apply)
    assert cards.resolve(g, "Tezzeret's Gambit", 0).empty_draws == (0,)


def test_grim_affliction(game):
    """'Put a -1/-1 counter on target creature, then proliferate. (…)'"""
    oracle(
        "Grim Affliction",
        "Put a -1/-1 counter on target creature, then proliferate. " + PROLIFERATE,
    )
    g = game()
    bear = put(g, "Grizzly Bears", 1)
    mine = put(g, "Grizzly Bears", 0)
    g.add_counters(mine, "+1/+1", 1)
    r = cards.Resolution(
        g, "Grim Affliction", 0, [bear], source=put(g, "Grim Affliction", 0, zone="stack")
    )
    req = r.run()
    assert req.kind == "proliferate" and set(req.candidates) == {bear, mine}
    assert g.counters(bear) == {"-1/-1": 1}
    r.answer([bear])  # any subset: the opponent's creature, not mine
    assert r.run() == cards.Outcome(False, (), True)
    assert g.counters(bear) == {"-1/-1": 2} and g.counters(mine) == {"+1/+1": 1}


def test_grim_affliction_in_mtg_2010(game):
    """Grim Affliction under the "mtg-2010" ruleset: proliferate as the 2010 release notes give
    it (old 701.23a): each chosen permanent or player gets one more counter of one kind already
    there, chosen for each; answered with a mapping id -> kind. A list of ids (the current
    form, 701.34a) is refused (TypeError), and the resolution waits for a good answer; the
    default chooser picks a helpful kind (the smallest name)."""
    g = game(ruleset="mtg-2010")
    bear = put(g, "Grizzly Bears", 1)
    mine = put(g, "Grizzly Bears", 0)
    g.add_counters(bear, "+1/+1", 1)
    g.add_counters(mine, "+1/+1", 1)
    g.add_counters(mine, "charge", 1)
    r = cards.Resolution(
        g, "Grim Affliction", 0, [bear], source=put(g, "Grim Affliction", 0, zone="stack")
    )
    req = r.run()
    assert req.kind == "proliferate" and set(req.candidates) == {bear, mine}
    r.answer([bear])
    assert_fails(g, TypeError, r.run)
    with pytest.raises(ValueError, match="not a proliferate candidate"):
        r.answer({99: "-1/-1"})
    r.answer({bear: "-1/-1", mine: "charge"})
    assert r.run() == cards.Outcome(False, (), True)
    assert g.counters(bear) == {"+1/+1": 1, "-1/-1": 2}
    assert g.counters(mine) == {"+1/+1": 1, "charge": 2}
    # The default chooser: the opponent's creature gets a -1/-1 counter, mine a +1/+1.
    g.add_counters(1, "poison", 1)
    out = cards.resolve(g, "Grim Affliction", 0, [bear])
    assert out.proliferated and g.count(1, "poison") == 2
    assert g.counters(bear) == {"+1/+1": 1, "-1/-1": 4}
    assert g.counters(mine) == {"+1/+1": 2, "charge": 2}


def test_volt_charge(game):
    """'Volt Charge deals 3 damage to any target. Then proliferate. (…)'"""
    oracle(
        "Volt Charge",
        "Volt Charge deals 3 damage to any target. Then proliferate. " + PROLIFERATE,
    )
    g = game()
    g.add_counters(1, "poison", 4)
    out = cards.resolve(g, "Volt Charge", 0, [1], choose=choose_all)
    assert g.life(1) == 17 and g.count(1, "poison") == 5 and out.proliferated


def test_steady_progress(game):
    """'Proliferate. (…)\\nDraw a card.'"""
    oracle("Steady Progress", "Proliferate. " + PROLIFERATE + "\nDraw a card.")
    g = game()
    top = put(g, "Forest", zone="library")
    g.add_counters(0, "energy", 1)
    cards.resolve(g, "Steady Progress", 0, choose=choose_all)
    assert g.count(0, "energy") == 2 and g.zone(top) == "hand"


def test_inexorable_tide(game):
    """'Whenever you cast a spell, proliferate. (…)' — not when an opponent casts one."""
    oracle("Inexorable Tide", "Whenever you cast a spell, proliferate. " + PROLIFERATE)
    g = game()
    tide = put(g, "Inexorable Tide")
    spell = put(g, "Lightning Bolt", 0, zone="stack")
    (f,) = cards.fired(g, [cards.cast(spell, 0)])
    assert (f.source, f.controller) == (tide, 0)
    assert cards.fired(g, [cards.cast(spell, 1)]) == []
    g.add_counters(1, "poison", 1)
    resolve_trigger(g, f)
    assert g.count(1, "poison") == 2


def test_skinrender(game):
    """'When Skinrender enters, put three -1/-1 counters on target creature.'"""
    oracle("Skinrender", "When Skinrender enters, put three -1/-1 counters on target creature.")
    g = game()
    spider = put(g, "Giant Spider", 1)
    skinrender = g.move(put(g, "Skinrender", zone="hand"), "battlefield")
    (f,) = cards.fired(g, g.take_events())
    assert f.source == skinrender
    resolve_trigger(g, f, [spider])
    assert g.counters(spider) == {"-1/-1": 3} and g.toughness(spider) == 1
    # 603.6a: created on the battlefield (placed there, as a token is created) it enters too
    again = put(g, "Skinrender")
    (f,) = cards.fired(g, g.take_events())
    assert (f.source, f.triggering) == (again, again)
    # in a zone other than the battlefield it doesn't enter
    put(g, "Skinrender", zone="graveyard")
    assert cards.fired(g, g.take_events()) == []


# ----- energy and +1/+1 counters ------------------------------------------------------------


def test_longtusk_cub(game):
    """'Whenever Longtusk Cub deals combat damage to a player, you get {E}{E} (two energy
    counters).\\nPay {E}{E}: Put a +1/+1 counter on Longtusk Cub.'"""
    oracle(
        "Longtusk Cub",
        "Whenever Longtusk Cub deals combat damage to a player, you get {E}{E} (two energy "
        "counters).\nPay {E}{E}: Put a +1/+1 counter on Longtusk Cub.",
    )
    g = game()
    cub = put(g, "Longtusk Cub")
    g.take_events()
    g.deal_damage(cub, 1, 2, combat=True)
    (f,) = cards.fired(g, g.take_events())
    resolve_trigger(g, f)
    assert g.count(0, "energy") == 2
    act = ability("Longtusk Cub", "activated")
    assert pool["Longtusk Cub"].data["abilities"][act]["cost"]["energy"] == 2
    cards.pay_costs(g, "Longtusk Cub", act, cub, 0)  # Pay {E}{E}
    assert g.count(0, "energy") == 0
    cards.resolve(g, "Longtusk Cub", 0, ability=act, source=cub)
    assert g.counters(cub) == {"+1/+1": 1} and g.power(cub) == 3
    # 107.14: you can't pay more energy than you have; nothing changes
    assert_fails(g, CannotPay, cards.pay_costs, g, "Longtusk Cub", act, cub, 0)


def test_harnessed_lightning(game):
    """'Choose target creature. You get {E}{E}{E} (three energy counters), then you may pay any
    amount of {E}. Harnessed Lightning deals that much damage to that creature.'"""
    oracle(
        "Harnessed Lightning",
        "Choose target creature. You get {E}{E}{E} (three energy counters), then you may pay "
        "any amount of {E}. Harnessed Lightning deals that much damage to that creature.",
    )
    g = game()
    g.add_counters(0, "energy", 1)
    spider = put(g, "Giant Spider", 1)
    r = cards.Resolution(
        g, "Harnessed Lightning", 0, [spider], source=put(g, "Harnessed Lightning", zone="stack")
    )
    req = r.run()
    assert (req.kind, req.min, req.max) == ("amount", 0, 4)
    r.answer(2)
    assert not r.run().fizzled
    assert g.damage(spider) == 2 and g.count(0, "energy") == 2


def test_harnessed_lightning_with_an_illegal_target_gets_and_pays_no_energy(game):
    """Seed 002 ruling: if the target is illegal as Harnessed Lightning tries to resolve, it
    doesn't resolve (608.2b): you don't get {E}{E}{E} and can't pay any."""
    g = game()
    bear = put(g, "Grizzly Bears", 1)
    spell = put(g, "Harnessed Lightning", zone="stack")
    g.move(bear, "graveyard")
    out = cards.resolve(g, "Harnessed Lightning", 0, [bear], source=spell, choose=choose_all)
    assert out.fizzled and g.count(0, "energy") == 0


def test_voltaic_brawler(game):
    """'When Voltaic Brawler enters, you get {E}{E} (two energy counters).\\nWhenever Voltaic
    Brawler attacks, you may pay {E}. If you do, it gets +1/+1 and gains trample until end of
    turn.'"""
    oracle(
        "Voltaic Brawler",
        "When Voltaic Brawler enters, you get {E}{E} (two energy counters).\nWhenever Voltaic "
        "Brawler attacks, you may pay {E}. If you do, it gets +1/+1 and gains trample until end "
        "of turn.",
    )
    g = game()
    brawler = g.move(put(g, "Voltaic Brawler", zone="hand"), "battlefield")
    (etb,) = cards.fired(g, g.take_events())
    resolve_trigger(g, etb)
    assert g.count(0, "energy") == 2
    (attack,) = cards.fired(g, [cards.attacks(brawler)])
    r = cards.Resolution(g, "Voltaic Brawler", 0, ability=attack.ability, source=brawler)
    assert r.run() == cards.ChoiceRequest("may", pay_energy=1)
    r.answer(True)
    r.run()
    assert g.count(0, "energy") == 1
    assert (g.power(brawler), g.toughness(brawler)) == (4, 2) and g.has_keyword(brawler, "trample")
    # declining pays nothing and gives nothing
    resolve_trigger(g, attack, choose=choose_none)
    assert g.count(0, "energy") == 1 and g.power(brawler) == 4


def test_voltaic_brawler_with_no_energy_is_not_asked(game):
    """Seed 002: you can't pay more energy than you have: with none, no choice and no bonus."""
    g = game()
    brawler = put(g, "Voltaic Brawler")
    (attack,) = cards.fired(g, [cards.attacks(brawler)])
    r = cards.Resolution(g, "Voltaic Brawler", 0, ability=attack.ability, source=brawler)
    assert r.run() == cards.Outcome(False)
    assert g.power(brawler) == 3 and not g.has_keyword(brawler, "trample")


def test_walking_ballista(game):
    """'Walking Ballista enters with X +1/+1 counters on it.\\n{4}: Put a +1/+1 counter on
    Walking Ballista.\\nRemove a +1/+1 counter from Walking Ballista: It deals 1 damage to any
    target.'"""
    oracle(
        "Walking Ballista",
        "Walking Ballista enters with X +1/+1 counters on it.\n{4}: Put a +1/+1 counter on "
        "Walking Ballista.\nRemove a +1/+1 counter from Walking Ballista: It deals 1 damage to "
        "any target.",
    )
    g = game()
    ballista = put(g, "Walking Ballista", x=2)
    assert g.counters(ballista) == {"+1/+1": 2} and g.power(ballista) == 2
    grow, ping = (
        ability("Walking Ballista", "activated"),
        ability("Walking Ballista", "activated", 1),
    )
    cards.resolve(g, "Walking Ballista", 0, ability=grow, source=ballista)
    assert g.count(ballista, "+1/+1") == 3
    cost = pool["Walking Ballista"].data["abilities"][ping]["cost"]
    assert cost["remove_counters"] == {"counter": "+1/+1", "n": 1}
    cards.pay_costs(g, "Walking Ballista", ping, ballista, 0)
    cards.resolve(g, "Walking Ballista", 0, [1], ability=ping, source=ballista)
    assert g.life(1) == 19 and g.count(ballista, "+1/+1") == 2
    assert pool["Walking Ballista"].data["cost"]["x"] == 2
    # X = 0: a 0/0 that dies to state-based actions (704.5f)
    zero = put(g, "Walking Ballista")
    g.check_state_based_actions()
    assert g.zone(zero) == "graveyard"


def test_hardened_scales(game):
    """'If one or more +1/+1 counters would be put on a creature you control, that many plus one
    +1/+1 counters are put on it instead.' — live in the kernel while it is on the battlefield:
    placing it on a bare Game makes the next +1/+1 counter come in one larger."""
    oracle(
        "Hardened Scales",
        "If one or more +1/+1 counters would be put on a creature you control, that many plus "
        "one +1/+1 counters are put on it instead.",
    )
    g = game()
    scales = put(g, "Hardened Scales")
    bear, theirs = put(g, "Grizzly Bears"), put(g, "Grizzly Bears", 1)
    g.add_counters(bear, "+1/+1", 1)
    g.add_counters(theirs, "+1/+1", 1)
    g.add_counters(bear, "-1/-1", 1)
    assert g.counters(bear) == {"+1/+1": 2, "-1/-1": 1} and g.counters(theirs) == {"+1/+1": 1}
    # Walking Ballista with X = 1 enters with two (122.6: counters it enters with are "put")
    assert g.counters(put(g, "Walking Ballista", x=1)) == {"+1/+1": 2}
    g.move(scales, "graveyard")
    g.add_counters(bear, "+1/+1", 1)
    assert g.count(bear, "+1/+1") == 3


def test_winding_constrictor(game):
    """'If one or more counters would be put on an artifact or creature you control, that many
    plus one of each of those kinds of counters are put on that permanent instead.\nIf you
    would get one or more counters, you get that many plus one of each of those kinds of
    counters instead.'"""
    oracle(
        "Winding Constrictor",
        "If one or more counters would be put on an artifact or creature you control, that "
        "many plus one of each of those kinds of counters are put on that permanent instead.\n"
        "If you would get one or more counters, you get that many plus one of each of those "
        "kinds of counters instead.",
    )
    g = game()
    put(g, "Winding Constrictor")
    clasp, bear = put(g, "Contagion Clasp"), put(g, "Grizzly Bears")
    g.add_counters(clasp, "charge", 1)
    g.add_counters(bear, "-1/-1", 1)
    g.add_counters(0, "energy", 2)
    g.add_counters(1, "energy", 2)
    assert g.counters(clasp) == {"charge": 2} and g.counters(bear) == {"-1/-1": 2}
    assert g.count(0, "energy") == 3 and g.count(1, "energy") == 2
    # Longtusk Cub's {E}{E} under it: three
    cards.resolve(g, "Longtusk Cub", 0, ability=0, source=put(g, "Longtusk Cub"))
    assert g.count(0, "energy") == 6


def test_corpsejack_menace(game):
    """'If one or more +1/+1 counters would be put on a creature you control, twice that many of
    those counters are put on it instead.' — live while it is on the battlefield, only for
    +1/+1 counters on its controller's creatures. With Hardened Scales the order is its
    controller's choice (616.1): Scales first makes one counter 4, the Menace first 3."""
    oracle(
        "Corpsejack Menace",
        "If one or more +1/+1 counters would be put on a creature you control, twice that many "
        "of those counters are put on it instead.",
    )
    assert pool["Corpsejack Menace"].data["cost"]["text"] == "{2}{B}{G}"
    g = game()
    menace = put(g, "Corpsejack Menace")
    assert (g.power(menace), g.toughness(menace)) == (4, 4) and g.subtypes(menace) == ["Fungus"]
    bear, theirs = put(g, "Grizzly Bears"), put(g, "Grizzly Bears", 1)
    g.add_counters(bear, "+1/+1", 2)
    g.add_counters(theirs, "+1/+1", 1)
    g.add_counters(bear, "-1/-1", 1)
    assert g.counters(bear) == {"+1/+1": 4, "-1/-1": 1} and g.counters(theirs) == {"+1/+1": 1}
    scales = put(g, "Hardened Scales")
    ballista = put(g, "Walking Ballista")
    effects = {e["source"]: e["id"] for e in g.replacement_effects()}
    for first, total in ((menace, 3), (scales, 3 + 4)):

        def order(_g, who, request, first=first):
            assert request.kind == "order" and who == 0
            return [effects[first]]

        cards.resolve(
            g, "Walking Ballista", 0, ability=1, source=ballista, order_effects=True, choose=order
        )
        assert g.count(ballista, "+1/+1") == total
    g.move(menace, "graveyard")
    g.add_counters(bear, "+1/+1", 1)
    assert g.count(bear, "+1/+1") == 6


def test_glorious_anthem(game):
    """'Creatures you control get +1/+1.' — a static ability's continuous effect (layer 7c,
    613.4c) on a set evaluated continuously (611.3a): creatures that come later get it, an
    opponent's don't, and it ends when the Anthem leaves the battlefield. Lethal damage (704.5g)
    reads the toughness it gives; an "until end of turn" pump adds to it (both 7c)."""
    oracle("Glorious Anthem", "Creatures you control get +1/+1.")
    g = game()
    bear = put(g, "Grizzly Bears")
    theirs = put(g, "Grizzly Bears", 1)
    anthem = put(g, "Glorious Anthem")
    assert (g.power(bear), g.toughness(bear)) == (3, 3)
    assert (g.power(theirs), g.toughness(theirs)) == (2, 2)
    assert g.power(anthem) is None
    later = put(g, "Llanowar Elves")
    assert (g.power(later), g.toughness(later)) == (2, 2)
    cards.resolve(g, "Giant Growth", 0, [bear])
    assert (g.power(bear), g.toughness(bear)) == (6, 6)
    g.deal_damage(theirs, bear, 5)
    g.check_state_based_actions()
    assert g.zone(bear) == "battlefield"
    g.cleanup()
    assert (g.power(bear), g.toughness(bear)) == (3, 3)
    g.deal_damage(theirs, later, 2)
    g.move(anthem, "graveyard")
    assert (g.power(later), g.toughness(later)) == (1, 1)
    g.check_state_based_actions()
    assert g.zone(later) == "graveyard"


def test_melira_sylvok_outcast(game):
    """'You can't get poison counters.\nCreatures you control can't have -1/-1 counters put on
    them.\nCreatures your opponents control lose infect.' — the third ability is a continuous
    effect of layer 6 (613.1f): an opponent's infect creature deals ordinary damage; infect
    granted to it afterwards has a later timestamp (613.7) and applies, and then the first two
    abilities keep the counters off (infect damage is still dealt); when Melira leaves the
    battlefield its effect ends (611.3a)."""
    oracle(
        "Melira, Sylvok Outcast",
        "You can't get poison counters.\nCreatures you control can't have -1/-1 counters put "
        "on them.\nCreatures your opponents control lose infect.",
    )
    g = game()
    melira = put(g, "Melira, Sylvok Outcast")
    elf = put(g, "Glistener Elf", 1)
    assert not g.has_keyword(elf, "infect")
    assert g.deal_damage(elf, 0, 1, combat=True) == 1
    assert g.count(0, "poison") == 0 and g.life(0) == 19
    assert g.deal_damage(elf, melira, 1) == 1
    assert g.counters(melira) == {} and g.damage(melira) == 1
    # Tainted Strike: "Target creature gets +1/+0 and gains infect until end of turn."
    cards.resolve(g, "Tainted Strike", 1, [elf])
    assert g.has_keyword(elf, "infect") and g.power(elf) == 2
    assert g.deal_damage(elf, 0, 2, combat=True) == 2
    assert g.count(0, "poison") == 0 and g.life(0) == 19
    assert g.deal_damage(elf, melira, 1) == 1
    assert g.counters(melira) == {} and g.damage(melira) == 1
    cards.resolve(g, "Grim Affliction", 1, [melira], choose=choose_all)
    assert g.counters(melira) == {}
    g.cleanup()
    assert not g.has_keyword(elf, "infect") and g.power(elf) == 1
    g.move(melira, "graveyard")
    assert g.has_keyword(elf, "infect")
    assert pool["Melira, Sylvok Outcast"].card.supertypes == ("legendary",)


def test_levitation(game):
    """'Creatures you control have flying.' — a static ability granting a keyword: a continuous
    effect of layer 6 (613.1f) on a set evaluated continuously (611.3a): creatures that come
    later have flying too, an opponent's don't, and it ends when Levitation leaves the
    battlefield. "Lose flying" with a later timestamp wins (613.7)."""
    oracle("Levitation", "Creatures you control have flying.")
    assert pool["Levitation"].card.cost == "{2}{U}{U}"
    g = game()
    bear = put(g, "Grizzly Bears")
    theirs = put(g, "Grizzly Bears", 1)
    levitation = put(g, "Levitation")
    assert g.has_keyword(bear, "flying") and not g.has_keyword(theirs, "flying")
    assert not g.has_keyword(levitation, "flying")  # not a creature
    later = put(g, "Llanowar Elves")
    assert g.has_keyword(later, "flying")
    [effect] = g.continuous_effects()
    assert (effect["effect"], effect["layer"], effect["keyword"]) == ("add_keyword", "6", "flying")
    assert (effect["affected"], effect["source"]) == (["creatures you control"], levitation)
    g.add_continuous_effect("remove_keyword", affected=[bear], keyword="flying")
    assert not g.has_keyword(bear, "flying") and g.has_keyword(later, "flying")
    g.move(levitation, "graveyard")
    assert not g.has_keyword(later, "flying")
    assert len(g.continuous_effects()) == 1


def test_fog(game):
    """'Prevent all combat damage that would be dealt this turn.' — a prevention effect (615.1a)
    until end of turn (514.2) on every player and permanent, combat damage only (510.2):
    combat damage to a player and to a creature is prevented (no lifelink either, 702.15b: no
    damage is dealt), noncombat damage is not, and the next turn's combat damage is dealt."""
    oracle("Fog", "Prevent all combat damage that would be dealt this turn.")
    assert pool["Fog"].card.cost == "{G}" and pool["Fog"].card.types == ("instant",)
    g = game()
    hawk = put(g, "Vampire Nighthawk")
    bear = put(g, "Grizzly Bears", 1)
    cards.resolve(g, "Fog", 1)
    [effect] = g.replacement_effects()
    assert (effect["effect"], effect["combat"], effect["until_end_of_turn"]) == (
        "prevent",
        True,
        True,
    )
    assert effect["controller"] == 1
    g.deal_simultaneous_damage([(hawk, 1, 2), (hawk, bear, 2), (bear, hawk, 2)], combat=True)
    assert (g.life(0), g.life(1)) == (20, 20), "no lifelink: the damage was prevented"
    assert g.damage(bear) == 0 and g.damage(hawk) == 0
    g.deal_damage(hawk, 1, 1)
    assert (g.life(0), g.life(1)) == (21, 19), "noncombat damage is dealt"
    g.cleanup()
    assert g.replacement_effects() == []
    g.deal_damage(hawk, 1, 2, combat=True)
    assert g.life(1) == 17


def test_twisted_image(game):
    """'Switch target creature's power and toughness until end of turn.\\nDraw a card.' — a
    switch is layer 7e (613.4e): it applies after the +1/+1 counters (7d) and after a pump that
    begins later (7c), and until end of turn (514.2); nonlethal damage can become lethal while
    switched (704.5g). A target gone as it resolves: it doesn't resolve (608.2b), so no card."""
    oracle(
        "Twisted Image",
        "Switch target creature's power and toughness until end of turn.\nDraw a card.",
    )
    assert pool["Twisted Image"].card.cost == "{U}"
    g = game()
    spider = put(g, "Giant Spider")
    g.add_counters(spider, "+1/+1", 1)
    top = put(g, "Forest", zone="library")
    second = put(g, "Island", zone="library")
    cards.resolve(g, "Twisted Image", 0, [spider])
    assert (g.power(spider), g.toughness(spider)) == (5, 3)
    assert g.zone(top) == "hand" and g.zone(second) == "library"
    cards.resolve(g, "Giant Growth", 0, [spider])
    assert (g.power(spider), g.toughness(spider)) == (8, 6)
    g.cleanup()
    assert (g.power(spider), g.toughness(spider)) == (3, 5)
    bear = put(g, "Grizzly Bears", 1)
    g.deal_damage(bear, spider, 3)
    g.check_state_based_actions()
    assert g.zone(spider) == "battlefield"
    cards.resolve(g, "Twisted Image", 1, [spider])
    g.check_state_based_actions()
    assert g.zone(spider) == "graveyard"
    spell = put(g, "Twisted Image", 0, zone="stack")
    gone = put(g, "Grizzly Bears", 1)
    g.move(gone, "graveyard")
    out = cards.resolve(g, "Twisted Image", 0, [gone], source=spell)
    assert out.fizzled and g.zone(second) == "library"


def test_death_baron(game):
    """'Skeletons you control and other Zombies you control get +1/+1 and have deathtouch.' —
    a lord by creature type (205.3): a continuous effect of layers 7c and 6 (613.4c, 613.1f) on
    the controller's Skeletons and its other Zombies, evaluated continuously (611.3a); a Zombie
    Skeleton gets it once; a second Death Baron gives the first its bonus (each is another
    Zombie to the other); a 1-power Skeleton's damage destroys (702.2b); it ends when Death
    Baron leaves (611.3a)."""
    oracle(
        "Death Baron",
        "Skeletons you control and other Zombies you control get +1/+1 and have deathtouch.",
    )
    card = pool["Death Baron"].card
    assert (card.cost, card.subtypes, card.power, card.toughness) == (
        "{1}{B}{B}",
        ("Zombie", "Wizard"),
        2,
        2,
    )
    g = game()
    baron = put(g, "Death Baron")
    zombie = put(g, "Skinrender")
    theirs = put(g, "Skinrender", 1)
    bear = put(g, "Grizzly Bears")
    skeleton = g.create(0, types=["creature"], subtypes=["Skeleton"], power=1, toughness=1)
    both = g.create(0, types=["creature"], subtypes=["Zombie", "Skeleton"], power=1, toughness=1)
    stats = [
        (g.power(x), g.toughness(x), g.has_keyword(x, "deathtouch"))
        for x in (baron, zombie, theirs, bear, skeleton, both)
    ]
    assert stats == [
        (2, 2, False),
        (4, 4, True),
        (3, 3, False),
        (2, 2, False),
        (2, 2, True),
        (2, 2, True),
    ]
    angel = put(g, "Serra Angel", 1)
    g.deal_damage(skeleton, angel, 2)
    g.check_state_based_actions()
    assert g.zone(angel) == "graveyard"
    second = put(g, "Death Baron")
    assert [g.power(x) for x in (baron, second, zombie)] == [3, 3, 5]
    assert g.has_keyword(baron, "deathtouch") and g.has_keyword(second, "deathtouch")
    g.move(baron, "graveyard")
    g.move(second, "graveyard")
    assert [g.power(x) for x in (zombie, skeleton, both)] == [3, 1, 1]
    assert not g.has_keyword(zombie, "deathtouch")
    assert g.continuous_effects() == []
