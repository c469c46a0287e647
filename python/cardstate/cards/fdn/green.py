"""The green cards of Foundations, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import (
    ANOTHER_CREATURE_YOU_CONTROL,
    LANDFALL,
    PERMANENT_TYPES,
    POWER_4_OR_GREATER_YOU_CONTROL,
    TARGET_CREATURE,
    TARGET_CREATURE_YOU_CONTROL,
    YOUR_CREATURES,
    loyalty,
    text,
    ward,
    your_graveyard,
)
from cardstate.cards.vocab import (
    CREATURE,
    CREATURES_DIED_THIS_TURN,
    KICKED,
    THAT_MUCH,
    THIS,
    TRIGGERING,
    UNTAPPED,
    YOU,
    Activated,
    AdditionalLand,
    AtLeast,
    AttachedGets,
    Becomes,
    Bite,
    Card,
    CastFromGraveyardRemovingCounters,
    ChooseOne,
    Cost,
    CostsLessByTotalPower,
    Count,
    CountersOn,
    CreateEmblem,
    CreateToken,
    Destroy,
    Draw,
    Each,
    Enchant,
    EntersWithCounters,
    EntersWithCountersIfCast,
    Exile,
    Fight,
    Filter,
    Flash,
    GainLife,
    Grant,
    If,
    Kicker,
    LookAtTop,
    ManaAbility,
    ManaForEach,
    ManaOfEachColourAmong,
    Matching,
    May,
    Mode,
    Pump,
    PutCounters,
    Replacement,
    ReturnToHand,
    RevealUntil,
    Search,
    Seq,
    Spell,
    Static,
    Surveil,
    Target,
    TargetSpec,
    Triggered,
    TwiceAsManyTokens,
    X,
)

__all__ = ["CARDS"]

CREATURE_YOU_DONT_CONTROL = Filter(types=("creature",), controller="opponent")
"""A creature you don't control (in a two-player game, an opponent's)."""

YOUR_CREATURES_WITH_A_COUNTER = Filter(types=("creature",), controller="you", with_counter="+1/+1")
"""Each creature you control with a +1/+1 counter on it (122.1)."""

CARDS: tuple[Card, ...] = (
    Card(
        name="Affectionate Indrik",
        cost="{5}{G}",
        types=("creature",),
        subtypes=("Beast",),
        power=4,
        toughness=4,
        oracle=text("Affectionate Indrik"),
        abilities=(
            Triggered(
                "enters",
                May(Fight(THIS, Target(0))),
                (TargetSpec(CREATURE_YOU_DONT_CONTROL),),
            ),
        ),
    ),
    Card(
        name="Ambush Wolf",
        cost="{2}{G}",
        types=("creature",),
        subtypes=("Wolf",),
        power=4,
        toughness=2,
        oracle=text("Ambush Wolf"),
        abilities=(
            Flash(),
            Triggered(
                "enters",
                Exile(Target(0)),
                (TargetSpec(Filter(zone="graveyard"), up_to=True),),
            ),
        ),
    ),
    Card(
        name="Apothecary Stomper",
        cost="{4}{G}{G}",
        types=("creature",),
        subtypes=("Elephant",),
        power=4,
        toughness=4,
        keywords=("vigilance",),
        oracle=text("Apothecary Stomper"),
        abilities=(
            # 603.3c: a modal triggered ability, its mode chosen as it is put on the stack.
            Triggered(
                "enters",
                ChooseOne(
                    Mode(PutCounters(Target(0), "+1/+1", 2), TARGET_CREATURE_YOU_CONTROL),
                    Mode(GainLife(YOU, 4)),
                ),
            ),
        ),
    ),
    Card(
        name="Beast-Kin Ranger",
        cost="{2}{G}",
        types=("creature",),
        subtypes=("Elf", "Ranger"),
        power=3,
        toughness=3,
        keywords=("trample",),
        oracle=text("Beast-Kin Ranger"),
        abilities=(Triggered("enters", Pump(THIS, 1, 0), subject=ANOTHER_CREATURE_YOU_CONTROL),),
    ),
    Card(
        name="Bite Down",
        cost="{1}{G}",
        types=("instant",),
        oracle=text("Bite Down"),
        abilities=(
            Spell(
                Bite(Target(0), Target(1)),
                (
                    *TARGET_CREATURE_YOU_CONTROL,
                    TargetSpec(Filter(types=("creature", "planeswalker"), controller="opponent")),
                ),
            ),
        ),
    ),
    Card(
        name="Blanchwood Armor",
        cost="{2}{G}",
        types=("enchantment",),
        subtypes=("Aura",),
        oracle=text("Blanchwood Armor"),
        abilities=(
            Enchant(CREATURE),
            AttachedGets(power=1, toughness=1, per=Filter(subtypes=("Forest",), controller="you")),
        ),
    ),
    Card(
        name="Bloom Tender",
        cost="{1}{G}",
        types=("creature",),
        subtypes=("Elf", "Druid"),
        power=1,
        toughness=1,
        oracle=text("Bloom Tender"),
        abilities=(
            # Vivid (an ability word, 207.2c): one mana ability adding a mana of each colour.
            ManaAbility("WUBRG"),
            ManaOfEachColourAmong(Filter(controller="you")),
        ),
    ),
    Card(
        name="Broken Wings",
        cost="{2}{G}",
        types=("instant",),
        oracle=text("Broken Wings"),
        abilities=(
            Spell(
                Destroy(Target(0)),
                (
                    TargetSpec(
                        Filter(
                            any_of=(
                                Filter(types=("artifact", "enchantment")),
                                Filter(types=("creature",), keywords=("flying",)),
                            )
                        )
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Bushwhack",
        cost="{G}",
        types=("sorcery",),
        oracle=text("Bushwhack"),
        # "Choose one —" (700.2a): each Spell ability a mode.
        abilities=(
            Spell(Search(types=("land",), supertypes=("basic",))),
            Spell(
                Fight(Target(0), Target(1)),
                (*TARGET_CREATURE_YOU_CONTROL, TargetSpec(CREATURE_YOU_DONT_CONTROL)),
            ),
        ),
    ),
    Card(
        name="Cackling Prowler",
        cost="{3}{G}",
        types=("creature",),
        subtypes=("Hyena", "Rogue"),
        power=4,
        toughness=3,
        oracle=text("Cackling Prowler"),
        abilities=(
            ward("{2}"),
            # Morbid (207.2c): an intervening "if" (603.4).
            Triggered(
                "end_step",
                PutCounters(THIS, "+1/+1"),
                condition=AtLeast(CREATURES_DIED_THIS_TURN, 1),
            ),
        ),
    ),
    Card(
        name="Doubling Season",
        cost="{4}{G}",
        types=("enchantment",),
        oracle=text("Doubling Season"),
        # 614.1a: two replacement effects of its static abilities, live while it is on the
        # battlefield (611.3a); a permanent entering with counters (a planeswalker's loyalty,
        # 306.5b) gets twice as many.
        abilities=(
            TwiceAsManyTokens(),
            Replacement("counters_times", ("permanents you control",), amount=2),
        ),
    ),
    Card(
        name="Dwynen's Elite",
        cost="{1}{G}",
        types=("creature",),
        subtypes=("Elf", "Warrior"),
        power=2,
        toughness=2,
        oracle=text("Dwynen's Elite"),
        abilities=(
            # 603.4: "if you control another Elf", checked as it triggers and as it resolves.
            Triggered(
                "enters",
                CreateToken("Elf Warrior Token 1/1"),
                condition=AtLeast(
                    Count(Each(Filter(subtypes=("Elf",), controller="you", other=True))), 1
                ),
            ),
        ),
    ),
    Card(
        name="Dwynen, Gilt-Leaf Daen",
        cost="{2}{G}{G}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Elf", "Warrior"),
        power=3,
        toughness=4,
        keywords=("reach",),
        oracle=text("Dwynen, Gilt-Leaf Daen"),
        abilities=(
            Static(
                Filter(types=("creature",), subtypes=("Elf",), controller="you", other=True),
                power=1,
                toughness=1,
            ),
            Triggered(
                "attacks",
                GainLife(
                    YOU,
                    Count(Each(Filter(subtypes=("Elf",), controller="you", combat="attacking"))),
                ),
            ),
        ),
    ),
    Card(
        name="Eager Trufflesnout",
        cost="{2}{G}",
        types=("creature",),
        subtypes=("Boar",),
        power=4,
        toughness=2,
        keywords=("trample",),
        oracle=text("Eager Trufflesnout"),
        abilities=(Triggered("deals_combat_damage_to_player", CreateToken("Food Token")),),
    ),
    Card(
        name="Elfsworn Giant",
        cost="{3}{G}{G}",
        types=("creature",),
        subtypes=("Giant",),
        power=5,
        toughness=3,
        keywords=("reach",),
        oracle=text("Elfsworn Giant"),
        abilities=(Triggered("enters", CreateToken("Elf Warrior Token 1/1"), subject=LANDFALL),),
    ),
    Card(
        name="Elvish Archdruid",
        cost="{1}{G}{G}",
        types=("creature",),
        subtypes=("Elf", "Druid"),
        power=2,
        toughness=2,
        oracle=text("Elvish Archdruid"),
        abilities=(
            Static(
                Filter(types=("creature",), subtypes=("Elf",), controller="you", other=True),
                power=1,
                toughness=1,
            ),
            ManaAbility("G"),
            ManaForEach(Filter(subtypes=("Elf",), controller="you")),
        ),
    ),
    Card(
        name="Elvish Regrower",
        cost="{2}{G}{G}",
        types=("creature",),
        subtypes=("Elf", "Druid"),
        power=4,
        toughness=3,
        oracle=text("Elvish Regrower"),
        abilities=(
            Triggered(
                "enters",
                ReturnToHand(Target(0)),
                (TargetSpec(your_graveyard(*PERMANENT_TYPES)),),
            ),
        ),
    ),
    Card(
        name="Felling Blow",
        cost="{2}{G}",
        types=("sorcery",),
        oracle=text("Felling Blow"),
        abilities=(
            Spell(
                Seq(PutCounters(Target(0), "+1/+1"), Bite(Target(0), Target(1))),
                (*TARGET_CREATURE_YOU_CONTROL, TargetSpec(CREATURE_YOU_DONT_CONTROL)),
            ),
        ),
    ),
    Card(
        name="Garruk's Uprising",
        cost="{2}{G}",
        types=("enchantment",),
        oracle=text("Garruk's Uprising"),
        abilities=(
            Triggered(
                "enters",
                Draw(YOU, 1),
                condition=AtLeast(Count(Each(POWER_4_OR_GREATER_YOU_CONTROL)), 1),
            ),
            Static(YOUR_CREATURES, gains=("trample",)),
            Triggered("enters", Draw(YOU, 1), subject=POWER_4_OR_GREATER_YOU_CONTROL),
        ),
    ),
    Card(
        name="Genesis Wave",
        cost="{X}{G}{G}{G}",
        types=("sorcery",),
        oracle=text("Genesis Wave"),
        abilities=(
            # 701.20a, 401.4: the permanent cards of mana value X or less chosen one at a time
            # (simplification: each enters as chosen), the rest into the graveyard.
            Spell(
                LookAtTop(
                    X,
                    to="battlefield",
                    rest="graveyard",
                    types=PERMANENT_TYPES,
                    mana_value_at_most=X,
                    any_number=True,
                )
            ),
        ),
    ),
    Card(
        name="Ghalta, Primal Hunger",
        cost="{10}{G}{G}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Elder", "Dinosaur"),
        power=12,
        toughness=12,
        keywords=("trample",),
        oracle=text("Ghalta, Primal Hunger"),
        abilities=(CostsLessByTotalPower(),),
    ),
    Card(
        name="Giant Growth",
        cost="{G}",
        types=("instant",),
        oracle=text("Giant Growth"),
        abilities=(Spell(Pump(Target(0), 3, 3), TARGET_CREATURE),),
    ),
    Card(
        name="Gnarlid Colony",
        cost="{1}{G}",
        types=("creature",),
        subtypes=("Beast",),
        power=2,
        toughness=2,
        oracle=text("Gnarlid Colony"),
        abilities=(
            Kicker("{2}{G}"),
            # 614.1c, 702.33d: a replacement effect of the kicked spell's permanent.
            EntersWithCountersIfCast("+1/+1", 2, kicked=True),
            # Each one's own counters, read continuously (611.3a).
            Static(
                Filter(types=("creature",), controller="you", with_counter="+1/+1"),
                gains=("trample",),
            ),
        ),
    ),
    Card(
        name="Grow from the Ashes",
        cost="{2}{G}",
        types=("sorcery",),
        oracle=text("Grow from the Ashes"),
        abilities=(
            Kicker("{2}"),
            # 702.33d: kicked, it searches for two basic land cards instead of one.
            Spell(
                If(
                    AtLeast(KICKED, 1),
                    Search(types=("land",), supertypes=("basic",), to="battlefield", n=2),
                    Search(types=("land",), supertypes=("basic",), to="battlefield"),
                )
            ),
        ),
    ),
    Card(
        name="Inspiring Call",
        cost="{2}{G}",
        types=("instant",),
        oracle=text("Inspiring Call"),
        abilities=(
            Spell(
                Seq(
                    Draw(YOU, Count(Each(YOUR_CREATURES_WITH_A_COUNTER))),
                    Grant(Each(YOUR_CREATURES_WITH_A_COUNTER), "indestructible"),
                )
            ),
        ),
    ),
    Card(
        name="Llanowar Elves",
        cost="{G}",
        types=("creature",),
        subtypes=("Elf", "Druid"),
        power=1,
        toughness=1,
        oracle=text("Llanowar Elves"),
        abilities=(ManaAbility("G"),),
    ),
    Card(
        name="Loot, Exuberant Explorer",
        cost="{2}{G}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Beast", "Noble"),
        power=1,
        toughness=4,
        oracle=text("Loot, Exuberant Explorer"),
        abilities=(
            AdditionalLand(),
            # 401.4: a creature card of mana value up to the lands counted as it resolves.
            Activated(
                Cost(mana="{4}{G}{G}", tap=True),
                LookAtTop(
                    6,
                    to="battlefield",
                    types=("creature",),
                    mana_value_at_most=Count(Each(Filter(types=("land",), controller="you"))),
                ),
            ),
        ),
    ),
    Card(
        name="Mild-Mannered Librarian",
        cost="{G}",
        types=("creature",),
        subtypes=("Human",),
        power=1,
        toughness=1,
        oracle=text("Mild-Mannered Librarian"),
        abilities=(
            # 205.1a: the Werewolf replaces Human (613.1d); 602.5b: once.
            Activated(
                Cost(mana="{3}{G}"),
                Seq(Becomes(THIS, ("Werewolf",)), PutCounters(THIS, "+1/+1", 2), Draw(YOU, 1)),
                once=True,
            ),
        ),
    ),
    Card(
        name="Mossborn Hydra",
        cost="{2}{G}",
        types=("creature",),
        subtypes=("Elemental", "Hydra"),
        power=0,
        toughness=0,
        keywords=("trample",),
        oracle=text("Mossborn Hydra"),
        abilities=(
            EntersWithCounters("+1/+1", 1),
            # 701.10e: doubling the counters is putting that many more on it.
            Triggered(
                "enters",
                PutCounters(THIS, "+1/+1", CountersOn(THIS, "+1/+1")),
                subject=LANDFALL,
            ),
        ),
    ),
    Card(
        name="Needletooth Pack",
        cost="{3}{G}{G}",
        types=("creature",),
        subtypes=("Dinosaur",),
        power=4,
        toughness=5,
        oracle=text("Needletooth Pack"),
        abilities=(
            # Morbid (207.2c): an intervening "if" (603.4).
            Triggered(
                "end_step",
                PutCounters(Target(0), "+1/+1", 2),
                targets=TARGET_CREATURE_YOU_CONTROL,
                condition=AtLeast(CREATURES_DIED_THIS_TURN, 1),
            ),
        ),
    ),
    Card(
        name="Nessian Hornbeetle",
        cost="{1}{G}",
        types=("creature",),
        subtypes=("Insect",),
        power=2,
        toughness=2,
        oracle=text("Nessian Hornbeetle"),
        abilities=(
            # 603.4: the intervening "if", checked as it triggers and as it resolves.
            Triggered(
                "beginning_of_combat",
                PutCounters(THIS, "+1/+1"),
                condition=AtLeast(
                    Count(
                        Each(
                            Filter(
                                types=("creature",),
                                controller="you",
                                other=True,
                                power_at_least=4,
                            )
                        )
                    ),
                    1,
                ),
            ),
        ),
    ),
    Card(
        name="Overrun",
        cost="{2}{G}{G}{G}",
        types=("sorcery",),
        oracle=text("Overrun"),
        abilities=(
            Spell(Seq(Pump(Each(YOUR_CREATURES), 3, 3), Grant(Each(YOUR_CREATURES), "trample"))),
        ),
    ),
    Card(
        name="Paradise Druid",
        cost="{1}{G}",
        types=("creature",),
        subtypes=("Elf", "Druid"),
        power=2,
        toughness=1,
        oracle=text("Paradise Druid"),
        abilities=(
            # Its tapped status, read continuously (611.3a).
            Static(THIS, gains=("hexproof",), as_long_as=UNTAPPED),
            ManaAbility("WUBRG"),
        ),
    ),
    Card(
        name="Preposterous Proportions",
        cost="{5}{G}{G}",
        types=("sorcery",),
        oracle=text("Preposterous Proportions"),
        abilities=(
            Spell(
                Seq(Pump(Each(YOUR_CREATURES), 10, 10), Grant(Each(YOUR_CREATURES), "vigilance"))
            ),
        ),
    ),
    Card(
        name="Quakestrider Ceratops",
        cost="{3}{G}{G}{G}",
        types=("creature",),
        subtypes=("Dinosaur",),
        power=12,
        toughness=8,
        oracle=text("Quakestrider Ceratops"),
    ),
    Card(
        name="Quilled Greatwurm",
        cost="{4}{G}{G}",
        types=("creature",),
        subtypes=("Wurm",),
        power=7,
        toughness=7,
        keywords=("trample",),
        oracle=text("Quilled Greatwurm"),
        abilities=(
            Triggered(
                "deals_combat_damage_your_turn",
                PutCounters(TRIGGERING, "+1/+1", THAT_MUCH),
                subject=YOUR_CREATURES,
            ),
            CastFromGraveyardRemovingCounters(6),
        ),
    ),
    Card(
        name="Reclamation Sage",
        cost="{2}{G}",
        types=("creature",),
        subtypes=("Elf", "Shaman"),
        power=2,
        toughness=1,
        oracle=text("Reclamation Sage"),
        abilities=(
            # 608.2d: "you may" is a choice as it resolves.
            Triggered(
                "enters",
                Destroy(Target(0)),
                targets=(TargetSpec(Filter(types=("artifact", "enchantment"))),),
                may=True,
            ),
        ),
    ),
    Card(
        name="Scavenging Ooze",
        cost="{1}{G}",
        types=("creature",),
        subtypes=("Ooze",),
        power=2,
        toughness=2,
        oracle=text("Scavenging Ooze"),
        abilities=(
            Activated(
                Cost(mana="{G}"),
                # "If it was a creature card": read before it is exiled.
                If(
                    AtLeast(
                        Count(Matching(Target(0), Filter(types=("creature",), zone="graveyard"))),
                        1,
                    ),
                    Seq(Exile(Target(0)), PutCounters(THIS, "+1/+1"), GainLife(YOU, 1)),
                    Exile(Target(0)),
                ),
                (TargetSpec(Filter(zone="graveyard")),),
            ),
        ),
    ),
    Card(
        name="Snakeskin Veil",
        cost="{G}",
        types=("instant",),
        oracle=text("Snakeskin Veil"),
        abilities=(
            Spell(
                Seq(PutCounters(Target(0), "+1/+1"), Grant(Target(0), "hexproof")),
                TARGET_CREATURE_YOU_CONTROL,
            ),
        ),
    ),
    Card(
        name="Spinner of Souls",
        cost="{2}{G}",
        types=("creature",),
        subtypes=("Spider", "Spirit"),
        power=4,
        toughness=3,
        keywords=("reach",),
        oracle=text("Spinner of Souls"),
        abilities=(
            # 701.20a: revealed until a creature card, the rest on the bottom at random.
            Triggered(
                "dies",
                RevealUntil(("creature",)),
                subject=Filter(types=("creature",), controller="you", other=True, nontoken=True),
                may=True,
            ),
        ),
    ),
    Card(
        name="Sylvan Scavenging",
        cost="{1}{G}{G}",
        types=("enchantment",),
        oracle=text("Sylvan Scavenging"),
        abilities=(
            Triggered(
                "end_step",
                ChooseOne(
                    Mode(PutCounters(Target(0), "+1/+1"), TARGET_CREATURE_YOU_CONTROL),
                    # The "if" is part of the mode, checked as it resolves (not 603.4's).
                    Mode(
                        If(
                            AtLeast(Count(Each(POWER_4_OR_GREATER_YOU_CONTROL)), 1),
                            CreateToken("Raccoon Token 3/3"),
                        )
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Treetop Snarespinner",
        cost="{3}{G}",
        types=("creature",),
        subtypes=("Spider",),
        power=1,
        toughness=4,
        keywords=("reach", "deathtouch"),
        oracle=text("Treetop Snarespinner"),
        abilities=(
            # 602.5d: "Activate only as a sorcery."
            Activated(
                Cost(mana="{2}{G}"),
                PutCounters(Target(0), "+1/+1"),
                TARGET_CREATURE_YOU_CONTROL,
                timing="sorcery",
            ),
        ),
    ),
    Card(
        name="Vivien Reid",
        cost="{3}{G}{G}",
        types=("planeswalker",),
        supertypes=("legendary",),
        subtypes=("Vivien",),
        loyalty=5,
        oracle=text("Vivien Reid"),
        abilities=(
            # 401.4: the card revealed goes to the hand, the rest to the bottom at random.
            loyalty(1, LookAtTop(4, types=("creature", "land"))),
            loyalty(
                -3,
                Destroy(Target(0)),
                (
                    TargetSpec(
                        Filter(
                            any_of=(
                                Filter(types=("artifact", "enchantment")),
                                Filter(types=("creature",), keywords=("flying",)),
                            )
                        )
                    ),
                ),
            ),
            # 114.1, 114.2: the emblem is an object of the command zone, its owner's.
            loyalty(-8, CreateEmblem("Vivien Reid Emblem")),
        ),
    ),
    Card(
        name="Wary Thespian",
        cost="{1}{G}",
        types=("creature",),
        subtypes=("Cat", "Druid"),
        power=3,
        toughness=1,
        oracle=text("Wary Thespian"),
        abilities=(Triggered("enters", Surveil(1)), Triggered("dies", Surveil(1))),
    ),
    Card(
        name="Wildwood Scourge",
        cost="{X}{G}",
        types=("creature",),
        subtypes=("Hydra",),
        power=0,
        toughness=0,
        oracle=text("Wildwood Scourge"),
        abilities=(
            EntersWithCounters("+1/+1", X),
            Triggered(
                "plus_one_counters_put",
                PutCounters(THIS, "+1/+1"),
                subject=Filter(
                    types=("creature",), controller="you", other=True, not_subtypes=("Hydra",)
                ),
            ),
        ),
    ),
)
