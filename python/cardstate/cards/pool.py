"""The built-in card pool and decks, defined once (compiled into ``rust/effects/pool.json``).

Real Magic cards with their Oracle text (reminder text included, as Oracle prints it). The
text is stored and shown, never parsed: the abilities below say what the text says, and each
card has a test quoting its text (tests/test_pool_cards.py).
"""

from __future__ import annotations

from cardstate.cards.vocab import (
    ANY_TARGET,
    CREATURE,
    OPPONENT,
    THAT_MUCH,
    THIS,
    YOU,
    Activated,
    Card,
    Cost,
    DealDamage,
    Draw,
    EntersWithCounters,
    Filter,
    GetEnergy,
    Grant,
    ManaAbility,
    MayPayEnergy,
    PayAnyAmountOfEnergy,
    PreventDamage,
    Proliferate,
    Pump,
    PutCounters,
    Regenerate,
    Replacement,
    Seq,
    Spell,
    Static,
    SwitchPowerToughness,
    Target,
    TargetSpec,
    Triggered,
    X,
)

__all__ = ["CARDS", "DECKS"]

INFECT = (
    "Infect (This creature deals damage to creatures in the form of -1/-1 counters and to "
    "players in the form of poison counters.)"
)
PROLIFERATE = (
    "(Choose any number of permanents and/or players, then give each another counter of each "
    "kind already there.)"
)
TOXIC_1 = "Toxic 1 (Players dealt combat damage by this creature also get a poison counter.)"
TARGET_CREATURE = (TargetSpec(CREATURE),)


def _basic(name: str, subtype: str, colour: str) -> Card:
    return Card(
        name=name,
        types=("land",),
        supertypes=("basic",),
        subtypes=(subtype,),
        oracle=f"({{T}}: Add {{{colour}}}.)",
        abilities=(ManaAbility(colour),),
    )


CARDS: tuple[Card, ...] = (
    _basic("Plains", "Plains", "W"),
    _basic("Island", "Island", "U"),
    _basic("Swamp", "Swamp", "B"),
    _basic("Mountain", "Mountain", "R"),
    _basic("Forest", "Forest", "G"),
    # --- evergreen ---
    Card(
        name="Grizzly Bears",
        cost="{1}{G}",
        types=("creature",),
        subtypes=("Bear",),
        power=2,
        toughness=2,
    ),
    Card(
        name="Llanowar Elves",
        cost="{G}",
        types=("creature",),
        subtypes=("Elf", "Druid"),
        power=1,
        toughness=1,
        oracle="{T}: Add {G}.",
        abilities=(ManaAbility("G"),),
    ),
    Card(
        name="Serra Angel",
        cost="{3}{W}{W}",
        types=("creature",),
        subtypes=("Angel",),
        power=4,
        toughness=4,
        keywords=("flying", "vigilance"),
        oracle="Flying\nVigilance",
    ),
    Card(
        name="Giant Spider",
        cost="{3}{G}",
        types=("creature",),
        subtypes=("Spider",),
        power=2,
        toughness=4,
        keywords=("reach",),
        oracle="Reach",
    ),
    Card(
        name="Lightning Bolt",
        cost="{R}",
        types=("instant",),
        oracle="Lightning Bolt deals 3 damage to any target.",
        abilities=(Spell(DealDamage(Target(0), 3), targets=(TargetSpec(ANY_TARGET),)),),
    ),
    Card(
        name="Giant Growth",
        cost="{G}",
        types=("instant",),
        oracle="Target creature gets +3/+3 until end of turn.",
        abilities=(Spell(Pump(Target(0), 3, 3), targets=TARGET_CREATURE),),
    ),
    Card(
        name="Vampire Nighthawk",
        cost="{1}{B}{B}",
        types=("creature",),
        subtypes=("Vampire", "Shaman"),
        power=2,
        toughness=3,
        keywords=("flying", "deathtouch", "lifelink"),
        oracle="Flying\nDeathtouch\nLifelink",
    ),
    Card(
        name="Boggart Ram-Gang",
        cost="{R/G}{R/G}{R/G}",
        types=("creature",),
        subtypes=("Goblin", "Warrior"),
        power=3,
        toughness=3,
        keywords=("haste", "wither"),
        oracle="Haste\nWither (This deals damage to creatures in the form of -1/-1 counters.)",
    ),
    Card(
        name="Glorious Anthem",
        cost="{1}{W}{W}",
        types=("enchantment",),
        oracle="Creatures you control get +1/+1.",
        abilities=(Static(Filter(types=("creature",), controller="you"), power=1, toughness=1),),
    ),
    # --- infect and poison ---
    Card(
        name="Glistener Elf",
        cost="{G}",
        types=("creature",),
        subtypes=("Phyrexian", "Elf", "Warrior"),
        power=1,
        toughness=1,
        keywords=("infect",),
        oracle=INFECT,
    ),
    Card(
        name="Plague Stinger",
        cost="{1}{B}",
        types=("creature",),
        subtypes=("Phyrexian", "Insect", "Horror"),
        power=1,
        toughness=1,
        keywords=("flying", "infect"),
        oracle="Flying\n" + INFECT,
    ),
    Card(
        name="Blight Mamba",
        cost="{1}{G}",
        types=("creature",),
        subtypes=("Phyrexian", "Snake"),
        power=1,
        toughness=1,
        keywords=("infect",),
        oracle=INFECT + "\n{1}{G}: Regenerate Blight Mamba.",
        abilities=(Activated(Cost(mana="{1}{G}"), Regenerate(THIS)),),
    ),
    Card(
        name="Ichorclaw Myr",
        cost="{2}",
        types=("artifact", "creature"),
        subtypes=("Phyrexian", "Myr"),
        power=1,
        toughness=1,
        keywords=("infect",),
        oracle=INFECT
        + "\nWhenever Ichorclaw Myr becomes blocked, it gets +2/+2 until end of turn.",
        abilities=(Triggered("becomes_blocked", Pump(THIS, 2, 2)),),
    ),
    Card(
        name="Bilious Skulldweller",
        cost="{B}",
        types=("creature",),
        subtypes=("Phyrexian", "Insect"),
        power=1,
        toughness=1,
        keywords={"deathtouch": 1, "toxic": 1},
        oracle="Deathtouch\n" + TOXIC_1,
    ),
    Card(
        name="Venerated Rotpriest",
        cost="{G}",
        types=("creature",),
        subtypes=("Phyrexian", "Druid"),
        power=1,
        toughness=2,
        keywords={"toxic": 1},
        oracle=TOXIC_1
        + "\nWhenever a creature you control becomes the target of a spell, target opponent "
        "gets a poison counter.",
        abilities=(
            Triggered(
                "becomes_target",
                PutCounters(Target(0), "poison"),
                targets=(TargetSpec(OPPONENT),),
                subject=Filter(types=("creature",), controller="you"),
                by_spell=True,
            ),
        ),
    ),
    Card(
        name="Tainted Strike",
        cost="{B}",
        types=("instant",),
        oracle="Target creature gets +1/+0 and gains infect until end of turn. (It deals damage "
        "to creatures in the form of -1/-1 counters and to players in the form of poison "
        "counters.)",
        abilities=(Spell(Seq(Pump(Target(0), 1, 0), Grant(Target(0), "infect")), TARGET_CREATURE),),
    ),
    Card(
        name="Melira, Sylvok Outcast",
        cost="{1}{G}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Human", "Scout"),
        power=2,
        toughness=2,
        oracle="You can't get poison counters.\nCreatures you control can't have -1/-1 counters "
        "put on them.\nCreatures your opponents control lose infect.",
        abilities=(
            Replacement("counters_cant", ("you",), kind="poison"),
            Replacement("counters_cant", ("creatures you control",), kind="-1/-1"),
            Static(Filter(types=("creature",), controller="opponent"), loses=("infect",)),
        ),
    ),
    # --- -1/-1 counters and proliferate ---
    Card(
        name="Thrummingbird",
        cost="{1}{U}",
        types=("creature",),
        subtypes=("Phyrexian", "Bird", "Horror"),
        power=1,
        toughness=1,
        keywords=("flying",),
        oracle="Flying\nWhenever Thrummingbird deals combat damage to a player, proliferate. "
        + PROLIFERATE,
        abilities=(Triggered("deals_combat_damage_to_player", Proliferate()),),
    ),
    Card(
        name="Contagion Clasp",
        cost="{2}",
        types=("artifact",),
        oracle="When Contagion Clasp enters, put a -1/-1 counter on target creature.\n"
        "{4}, {T}: Proliferate. " + PROLIFERATE,
        abilities=(
            Triggered("enters", PutCounters(Target(0), "-1/-1"), targets=TARGET_CREATURE),
            Activated(Cost(mana="{4}", tap=True), Proliferate()),
        ),
    ),
    Card(
        name="Tezzeret's Gambit",
        cost="{3}{U/P}",
        types=("sorcery",),
        oracle="({U/P} can be paid with either {U} or 2 life.)\nDraw two cards, then "
        "proliferate. " + PROLIFERATE,
        abilities=(Spell(Seq(Draw(YOU, 2), Proliferate())),),
    ),
    Card(
        name="Grim Affliction",
        cost="{2}{B}",
        types=("instant",),
        oracle="Put a -1/-1 counter on target creature, then proliferate. " + PROLIFERATE,
        abilities=(Spell(Seq(PutCounters(Target(0), "-1/-1"), Proliferate()), TARGET_CREATURE),),
    ),
    Card(
        name="Volt Charge",
        cost="{2}{R}",
        types=("instant",),
        oracle="Volt Charge deals 3 damage to any target. Then proliferate. " + PROLIFERATE,
        abilities=(Spell(Seq(DealDamage(Target(0), 3), Proliferate()), (TargetSpec(ANY_TARGET),)),),
    ),
    Card(
        name="Steady Progress",
        cost="{2}{U}",
        types=("instant",),
        oracle="Proliferate. " + PROLIFERATE + "\nDraw a card.",
        abilities=(Spell(Seq(Proliferate(), Draw(YOU, 1))),),
    ),
    Card(
        name="Inexorable Tide",
        cost="{3}{U}{U}",
        types=("enchantment",),
        oracle="Whenever you cast a spell, proliferate. " + PROLIFERATE,
        abilities=(Triggered("you_cast", Proliferate()),),
    ),
    Card(
        name="Skinrender",
        cost="{2}{B}{B}",
        types=("creature",),
        subtypes=("Phyrexian", "Zombie"),
        power=3,
        toughness=3,
        oracle="When Skinrender enters, put three -1/-1 counters on target creature.",
        abilities=(
            Triggered("enters", PutCounters(Target(0), "-1/-1", 3), targets=TARGET_CREATURE),
        ),
    ),
    # --- energy and +1/+1 counters ---
    Card(
        name="Longtusk Cub",
        cost="{1}{G}",
        types=("creature",),
        subtypes=("Cat",),
        power=2,
        toughness=2,
        oracle="Whenever Longtusk Cub deals combat damage to a player, you get {E}{E} (two "
        "energy counters).\nPay {E}{E}: Put a +1/+1 counter on Longtusk Cub.",
        abilities=(
            Triggered("deals_combat_damage_to_player", GetEnergy(2)),
            Activated(Cost(energy=2), PutCounters(THIS, "+1/+1")),
        ),
    ),
    Card(
        name="Harnessed Lightning",
        cost="{1}{R}",
        types=("instant",),
        oracle="Choose target creature. You get {E}{E}{E} (three energy counters), then you may "
        "pay any amount of {E}. Harnessed Lightning deals that much damage to that creature.",
        abilities=(
            Spell(
                Seq(GetEnergy(3), PayAnyAmountOfEnergy(), DealDamage(Target(0), THAT_MUCH)),
                TARGET_CREATURE,
            ),
        ),
    ),
    Card(
        name="Voltaic Brawler",
        cost="{R}{G}",
        types=("creature",),
        subtypes=("Human", "Warrior"),
        power=3,
        toughness=1,
        oracle="When Voltaic Brawler enters, you get {E}{E} (two energy counters).\nWhenever "
        "Voltaic Brawler attacks, you may pay {E}. If you do, it gets +1/+1 and gains trample "
        "until end of turn.",
        abilities=(
            Triggered("enters", GetEnergy(2)),
            Triggered("attacks", MayPayEnergy(1, Seq(Pump(THIS, 1, 1), Grant(THIS, "trample")))),
        ),
    ),
    Card(
        name="Walking Ballista",
        cost="{X}{X}",
        types=("artifact", "creature"),
        subtypes=("Construct",),
        power=0,
        toughness=0,
        oracle="Walking Ballista enters with X +1/+1 counters on it.\n{4}: Put a +1/+1 counter "
        "on Walking Ballista.\nRemove a +1/+1 counter from Walking Ballista: It deals 1 damage "
        "to any target.",
        abilities=(
            EntersWithCounters("+1/+1", X),
            Activated(Cost(mana="{4}"), PutCounters(THIS, "+1/+1")),
            Activated(
                Cost(remove_counters=("+1/+1", 1)),
                DealDamage(Target(0), 1),
                targets=(TargetSpec(ANY_TARGET),),
            ),
        ),
    ),
    Card(
        name="Hardened Scales",
        cost="{G}",
        types=("enchantment",),
        oracle="If one or more +1/+1 counters would be put on a creature you control, that "
        "many plus one +1/+1 counters are put on it instead.",
        abilities=(Replacement("counters_plus", ("creatures you control",), "+1/+1", 1),),
    ),
    Card(
        name="Winding Constrictor",
        cost="{B}{G}",
        types=("creature",),
        subtypes=("Snake",),
        power=2,
        toughness=3,
        oracle="If one or more counters would be put on an artifact or creature you control, "
        "that many plus one of each of those kinds of counters are put on that permanent "
        "instead.\nIf you would get one or more counters, you get that many plus one of each "
        "of those kinds of counters instead.",
        abilities=(
            Replacement(
                "counters_plus", ("artifacts you control", "creatures you control"), amount=1
            ),
            Replacement("counters_plus", ("you",), amount=1),
        ),
    ),
    Card(
        name="Levitation",
        cost="{2}{U}{U}",
        types=("enchantment",),
        oracle="Creatures you control have flying.",
        abilities=(Static(Filter(types=("creature",), controller="you"), gains=("flying",)),),
    ),
    Card(
        name="Fog",
        cost="{G}",
        types=("instant",),
        oracle="Prevent all combat damage that would be dealt this turn.",
        abilities=(Spell(PreventDamage(combat=True)),),
    ),
    Card(
        name="Twisted Image",
        cost="{U}",
        types=("instant",),
        oracle="Switch target creature's power and toughness until end of turn.\nDraw a card.",
        abilities=(Spell(Seq(SwitchPowerToughness(Target(0)), Draw(YOU, 1)), TARGET_CREATURE),),
    ),
    # --- lords by creature type ---
    Card(
        name="Death Baron",
        cost="{1}{B}{B}",
        types=("creature",),
        subtypes=("Zombie", "Wizard"),
        power=2,
        toughness=2,
        oracle="Skeletons you control and other Zombies you control get +1/+1 and have deathtouch.",
        abilities=(
            Static(
                (
                    Filter(subtypes=("Skeleton",), controller="you"),
                    Filter(subtypes=("Zombie",), controller="you", other=True),
                ),
                power=1,
                toughness=1,
                gains=("deathtouch",),
            ),
        ),
    ),
    Card(
        name="Corpsejack Menace",
        cost="{2}{B}{G}",
        types=("creature",),
        subtypes=("Fungus",),
        power=4,
        toughness=4,
        oracle="If one or more +1/+1 counters would be put on a creature you control, twice that "
        "many of those counters are put on it instead.",
        abilities=(Replacement("counters_times", ("creatures you control",), "+1/+1", 2),),
    ),
)


def _deck(*parts: tuple[int, str]) -> list[str]:
    out = [name for n, name in parts for _ in range(n)]
    assert len(out) == 40, len(out)
    return out


DECKS: dict[str, list[str]] = {
    "infect": _deck(
        (9, "Forest"),
        (8, "Swamp"),
        (4, "Glistener Elf"),
        (4, "Plague Stinger"),
        (3, "Blight Mamba"),
        (3, "Ichorclaw Myr"),
        (3, "Bilious Skulldweller"),
        (3, "Venerated Rotpriest"),
        (3, "Tainted Strike"),
    ),
    "proliferate": _deck(
        (8, "Island"),
        (9, "Swamp"),
        (3, "Skinrender"),
        (4, "Grim Affliction"),
        (3, "Contagion Clasp"),
        (4, "Thrummingbird"),
        (2, "Tezzeret's Gambit"),
        (2, "Steady Progress"),
        (1, "Inexorable Tide"),
        (4, "Vampire Nighthawk"),
    ),
    "energy": _deck(
        (8, "Mountain"),
        (9, "Forest"),
        (4, "Longtusk Cub"),
        (4, "Voltaic Brawler"),
        (3, "Harnessed Lightning"),
        (2, "Walking Ballista"),
        (2, "Hardened Scales"),
        (4, "Llanowar Elves"),
        (2, "Lightning Bolt"),
        (2, "Giant Growth"),
    ),
    "evergreen": _deck(
        (8, "Plains"),
        (9, "Forest"),
        (4, "Grizzly Bears"),
        (4, "Serra Angel"),
        (4, "Giant Spider"),
        (4, "Llanowar Elves"),
        (4, "Giant Growth"),
        (3, "Melira, Sylvok Outcast"),
    ),
}
"""Ready 40-card decks by name: poison/infect, -1/-1 counters and proliferate, energy and
+1/+1 counters, and an evergreen one."""
