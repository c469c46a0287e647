"""The multicoloured cards of Foundations, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import (
    ANOTHER_CREATURE_YOU_CONTROL,
    INSTANT_OR_SORCERY_SPELL,
    LANDFALL,
    NONCREATURE_SPELL,
    POWER_4_OR_GREATER_YOU_CONTROL,
    THRESHOLD,
    YOUR_CREATURES,
    text,
    ward,
)
from cardstate.cards.vocab import (
    CREATURES_DIED_THIS_TURN,
    EACH_OPPONENT,
    THAT_MUCH,
    THIS,
    TRIGGERING,
    YOU,
    YOU_ATTACKED_THIS_TURN,
    Activated,
    AtLeast,
    AtNextEndStep,
    CantBeCountered,
    Card,
    ChooseOne,
    CopySpell,
    Cost,
    Count,
    CreateToken,
    Discard,
    DoubleCounters,
    Draw,
    Each,
    Exile,
    Filter,
    GainLife,
    GetsPerGraveyardCard,
    Grant,
    LifeTotal,
    LoseLife,
    LoseLifeUnless,
    ManaAbility,
    Mode,
    NoMaximumHandSize,
    PlaysPermanentsFromGraveyard,
    PowerOf,
    PowerToughnessEqualToCount,
    Pump,
    PutCounters,
    ReturnToBattlefield,
    RevealUntilIntoGraveyard,
    Search,
    Seq,
    Spell,
    Static,
    Target,
    TargetSpec,
    Triggered,
    X,
)

__all__ = ["CARDS"]

STARTING_LIFE = 20
"""A player's starting life total in a two-player game (103.4)."""

CARDS: tuple[Card, ...] = (
    Card(
        name="Alesha, Who Laughs at Fate",
        cost="{1}{B}{R}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Human", "Warrior"),
        power=2,
        toughness=2,
        keywords=("first strike",),
        oracle=text("Alesha, Who Laughs at Fate"),
        abilities=(
            Triggered("attacks", PutCounters(THIS, "+1/+1")),
            # Raid (207.2c): an intervening "if" (603.4); "mana value less than or equal to
            # Alesha's power" is read as the target is chosen and as it resolves.
            Triggered(
                "end_step",
                ReturnToBattlefield(Target(0)),
                (
                    TargetSpec(
                        Filter(
                            types=("creature",),
                            controller="you",
                            zone="graveyard",
                            mana_value_at_most_power=True,
                        )
                    ),
                ),
                condition=AtLeast(YOU_ATTACKED_THIS_TURN, 1),
            ),
        ),
    ),
    Card(
        name="Anthem of Champions",
        cost="{G}{W}",
        types=("enchantment",),
        oracle=text("Anthem of Champions"),
        abilities=(Static(YOUR_CREATURES, power=1, toughness=1),),
    ),
    Card(
        name="Ashroot Animist",
        cost="{2}{R}{G}",
        types=("creature",),
        subtypes=("Lizard", "Druid"),
        power=4,
        toughness=4,
        keywords=("trample",),
        oracle=text("Ashroot Animist"),
        abilities=(
            Triggered(
                "attacks",
                # X is this creature's power as the ability resolves (608.2h).
                Seq(Grant(Target(0), "trample"), Pump(Target(0), PowerOf(THIS), PowerOf(THIS))),
                targets=(TargetSpec(Filter(types=("creature",), controller="you", other=True)),),
            ),
        ),
    ),
    Card(
        name="Balmor, Battlemage Captain",
        cost="{U}{R}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Bird", "Wizard"),
        power=1,
        toughness=3,
        keywords=("flying",),
        oracle=text("Balmor, Battlemage Captain"),
        abilities=(
            Triggered(
                "you_cast",
                Seq(Pump(Each(YOUR_CREATURES), 1, 0), Grant(Each(YOUR_CREATURES), "trample")),
                subject=INSTANT_OR_SORCERY_SPELL,
            ),
        ),
    ),
    Card(
        name="Consuming Aberration",
        cost="{3}{U}{B}",
        types=("creature",),
        subtypes=("Horror",),
        # 604.3: a characteristic-defining */*, 0/0 as printed (the data's).
        power=0,
        toughness=0,
        oracle=text("Consuming Aberration"),
        abilities=(
            PowerToughnessEqualToCount(Filter(zone="graveyard", controller="opponent")),
            Triggered("you_cast", RevealUntilIntoGraveyard(EACH_OPPONENT, ("land",))),
        ),
    ),
    Card(
        name="Dreadwing Scavenger",
        cost="{1}{U}{B}",
        types=("creature",),
        subtypes=("Nightmare", "Bird"),
        power=2,
        toughness=2,
        keywords=("flying",),
        oracle=text("Dreadwing Scavenger"),
        abilities=(
            # "Whenever this creature enters or attacks": one ability of two trigger events.
            Triggered("enters", Seq(Draw(YOU, 1), Discard(YOU, 1))),
            Triggered("attacks", Seq(Draw(YOU, 1), Discard(YOU, 1))),
            # Threshold (207.2c), read continuously (611.3a).
            Static(THIS, power=1, toughness=1, gains=("deathtouch",), as_long_as=THRESHOLD),
        ),
    ),
    Card(
        name="Elenda, Saint of Dusk",
        cost="{2}{W}{B}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Vampire", "Knight"),
        power=4,
        toughness=4,
        keywords=("lifelink", "hexproof from instants"),
        oracle=text("Elenda, Saint of Dusk"),
        # 103.4: the starting life total is 20; "greater than" it is 21 or more (119.1), "at
        # least 10 greater" 30 or more; read continuously (611.3a).
        abilities=(
            Static(
                THIS,
                power=1,
                toughness=1,
                gains=("menace",),
                as_long_as=AtLeast(LifeTotal(YOU), STARTING_LIFE + 1),
            ),
            Static(
                THIS, power=5, toughness=5, as_long_as=AtLeast(LifeTotal(YOU), STARTING_LIFE + 10)
            ),
        ),
    ),
    Card(
        name="Empyrean Eagle",
        cost="{1}{W}{U}",
        types=("creature",),
        subtypes=("Bird", "Spirit"),
        power=2,
        toughness=3,
        keywords=("flying",),
        oracle=text("Empyrean Eagle"),
        abilities=(
            # The filter reads flying (layer 6) for an effect of layer 7c (613.8).
            Static(
                Filter(types=("creature",), controller="you", other=True, keywords=("flying",)),
                power=1,
                toughness=1,
            ),
        ),
    ),
    Card(
        name="Fiend Artisan",
        cost="{B/G}{B/G}",
        types=("creature",),
        subtypes=("Nightmare",),
        power=1,
        toughness=1,
        oracle=text("Fiend Artisan"),
        abilities=(
            GetsPerGraveyardCard(types=("creature",)),  # 613.4c
            # 107.3: X is announced as it is activated (601.2b, 602.2b).
            Activated(
                Cost(
                    mana="{X}{B/G}",
                    tap=True,
                    sacrifice_another=Filter(types=("creature",)),
                ),
                Search(types=("creature",), to="battlefield", mana_value_at_most=X),
                timing="sorcery",
            ),
        ),
    ),
    Card(
        name="Fiendish Panda",
        cost="{2}{W}{B}",
        types=("creature",),
        subtypes=("Bear", "Demon"),
        power=3,
        toughness=2,
        oracle=text("Fiendish Panda"),
        abilities=(
            Triggered("you_gain_life", PutCounters(THIS, "+1/+1")),
            # "this creature's power": its last known power (608.2h); non-Bear keeps the
            # Panda's own card out.
            Triggered(
                "dies",
                ReturnToBattlefield(Target(0)),
                (
                    TargetSpec(
                        Filter(
                            types=("creature",),
                            controller="you",
                            zone="graveyard",
                            other=True,
                            mana_value_at_most_power=True,
                            not_subtypes=("Bear",),
                        )
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Good-Fortune Unicorn",
        cost="{1}{G}{W}",
        types=("creature",),
        subtypes=("Unicorn",),
        power=2,
        toughness=2,
        oracle=text("Good-Fortune Unicorn"),
        abilities=(
            Triggered(
                "enters", PutCounters(TRIGGERING, "+1/+1"), subject=ANOTHER_CREATURE_YOU_CONTROL
            ),
        ),
    ),
    Card(
        name="Heroic Reinforcements",
        cost="{2}{R}{W}",
        types=("sorcery",),
        oracle=text("Heroic Reinforcements"),
        abilities=(
            Spell(
                Seq(
                    CreateToken("Soldier Token 1/1", 2),
                    Pump(Each(YOUR_CREATURES), 1, 1),
                    Grant(Each(YOUR_CREATURES), "haste"),
                )
            ),
        ),
    ),
    Card(
        name="Koma, World-Eater",
        cost="{3}{G}{G}{U}{U}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Serpent",),
        power=8,
        toughness=12,
        keywords=("trample",),
        oracle=text("Koma, World-Eater"),
        abilities=(
            CantBeCountered(),
            ward("{4}"),
            Triggered("deals_combat_damage_to_player", CreateToken("Koma's Coil", 4)),
        ),
    ),
    Card(
        name="Kykar, Zephyr Awakener",
        cost="{2}{W}{U}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Bird", "Wizard"),
        power=3,
        toughness=4,
        keywords=("flying",),
        oracle=text("Kykar, Zephyr Awakener"),
        abilities=(
            Triggered(
                "you_cast",
                ChooseOne(
                    # 603.7a: the exile creates a delayed ability about the exiled card (400.7:
                    # the new object), which returns it at the beginning of the next end step.
                    Mode(
                        Seq(
                            Exile(Target(0)),
                            AtNextEndStep(ReturnToBattlefield(TRIGGERING), of=Target(0)),
                        ),
                        (TargetSpec(ANOTHER_CREATURE_YOU_CONTROL),),
                    ),
                    Mode(CreateToken("Spirit Token 1/1")),
                ),
                subject=NONCREATURE_SPELL,
            ),
        ),
    ),
    Card(
        name="Lathril, Blade of the Elves",
        cost="{2}{B}{G}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Elf", "Noble"),
        power=2,
        toughness=3,
        keywords=("menace",),
        oracle=text("Lathril, Blade of the Elves"),
        abilities=(
            # "That many": the combat damage it dealt (603.2, the event's amount).
            Triggered(
                "deals_combat_damage_to_player", CreateToken("Elf Warrior Token 1/1", THAT_MUCH)
            ),
            Activated(
                Cost(
                    tap=True,
                    tap_untapped=(Filter(subtypes=("Elf",), controller="you"), 10),
                ),
                Seq(LoseLife(EACH_OPPONENT, 10), GainLife(YOU, 10)),
                (),
                "instant",
            ),
        ),
    ),
    Card(
        name="Niv-Mizzet, Visionary",
        cost="{4}{U}{R}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Dragon", "Wizard"),
        power=5,
        toughness=5,
        keywords=("flying",),
        oracle=text("Niv-Mizzet, Visionary"),
        abilities=(
            NoMaximumHandSize(),
            # "That many": the noncombat damage dealt (120.2, the event's amount).
            Triggered("noncombat_damage_to_opponent", Draw(YOU, THAT_MUCH)),
        ),
    ),
    Card(
        name="Perforating Artist",
        cost="{1}{B}{R}",
        types=("creature",),
        subtypes=("Devil",),
        power=3,
        toughness=2,
        keywords=("deathtouch",),
        oracle=text("Perforating Artist"),
        abilities=(
            # Raid (207.2c): an intervening "if" (603.4); 608.2d: each opponent chooses.
            Triggered(
                "end_step",
                LoseLifeUnless(
                    EACH_OPPONENT, 3, discard=True, sacrifice=Filter(not_types=("land",))
                ),
                condition=AtLeast(YOU_ATTACKED_THIS_TURN, 1),
            ),
        ),
    ),
    Card(
        name="Ruby, Daring Tracker",
        cost="{R}{G}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Human", "Scout"),
        power=1,
        toughness=2,
        keywords=("haste",),
        oracle=text("Ruby, Daring Tracker"),
        abilities=(
            # "attacks while you control …": a condition of the trigger event, checked only as
            # it attacks (not an intervening "if", 603.4).
            Triggered(
                "attacks",
                Pump(THIS, 2, 2),
                condition=AtLeast(Count(Each(POWER_4_OR_GREATER_YOU_CONTROL)), 1),
                recheck=False,
            ),
            ManaAbility("RG"),
        ),
    ),
    Card(
        name="Swiftblade Vindicator",
        cost="{R}{W}",
        types=("creature",),
        subtypes=("Human", "Soldier"),
        power=1,
        toughness=1,
        keywords=("double strike", "vigilance", "trample"),
        oracle=text("Swiftblade Vindicator"),
    ),
    Card(
        name="Tatyova, Benthic Druid",
        cost="{3}{G}{U}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Merfolk", "Druid"),
        power=3,
        toughness=3,
        oracle=text("Tatyova, Benthic Druid"),
        abilities=(Triggered("enters", Seq(GainLife(YOU, 1), Draw(YOU, 1)), subject=LANDFALL),),
    ),
    Card(
        name="Thousand-Year Storm",
        cost="{4}{U}{R}",
        types=("enchantment",),
        oracle=text("Thousand-Year Storm"),
        abilities=(
            # 707.10: the duels' cast event carries the instant and sorcery spells cast before.
            Triggered(
                "you_cast", CopySpell(TRIGGERING, THAT_MUCH), subject=INSTANT_OR_SORCERY_SPELL
            ),
        ),
    ),
    Card(
        name="Wardens of the Cycle",
        cost="{1}{B}{G}{G}",
        types=("creature",),
        subtypes=("Elf", "Warlock"),
        power=3,
        toughness=4,
        oracle=text("Wardens of the Cycle"),
        abilities=(
            # Morbid (207.2c): an intervening "if" (603.4) of a modal trigger (603.3c).
            Triggered(
                "end_step",
                ChooseOne(Mode(GainLife(YOU, 2)), Mode(Seq(Draw(YOU, 1), LoseLife(YOU, 1)))),
                condition=AtLeast(CREATURES_DIED_THIS_TURN, 1),
            ),
        ),
    ),
    Card(
        name="Zimone, Paradox Sculptor",
        cost="{2}{G}{U}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Human", "Wizard"),
        power=1,
        toughness=4,
        oracle=text("Zimone, Paradox Sculptor"),
        abilities=(
            # 507.1: the beginning of combat on its controller's turn.
            Triggered(
                "beginning_of_combat",
                PutCounters(Target(0), "+1/+1"),
                (TargetSpec(YOUR_CREATURES, count=2, up_to=True),),
            ),
            # 701.10e: as many of each kind of counter as each has.
            Activated(
                Cost(mana="{G}{U}", tap=True),
                DoubleCounters(Target(0)),
                (
                    TargetSpec(
                        Filter(types=("creature", "artifact"), controller="you"),
                        count=2,
                        up_to=True,
                    ),
                ),
                timing="instant",
            ),
        ),
    ),
    Card(
        name="Muldrotha, the Gravetide",
        cost="{3}{B}{G}{U}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Elemental", "Avatar"),
        power=6,
        toughness=6,
        oracle=text("Muldrotha, the Gravetide"),
        abilities=(PlaysPermanentsFromGraveyard(),),
    ),
)
