"""The white cards of Foundations, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import (
    ANOTHER_CREATURE_YOU_CONTROL,
    ATTACH_TO_TARGET,
    NONLAND_PERMANENT,
    PERMANENT_TYPES,
    TARGET_CREATURE,
    TARGET_CREATURE_YOU_CONTROL,
    YOUR_CREATURES,
    equip,
    loyalty,
    text,
)
from cardstate.cards.vocab import (
    CREATURE,
    DURING_YOUR_TURN,
    THIS,
    TRIGGERING,
    YOU,
    Activated,
    AnyNumberInDeck,
    AtLeast,
    AttachedGets,
    Card,
    ControllerOf,
    Cost,
    CostsLessForPermanents,
    CostsLessIfTargetsTapped,
    Count,
    CountersOn,
    CreateToken,
    DealDamage,
    Destroy,
    Draw,
    Each,
    Enchant,
    Exile,
    Filter,
    Flash,
    GainLife,
    Grant,
    GraveyardOf,
    Kicker,
    LifeTotal,
    LookAtTop,
    ManaAbility,
    OthersEnterWithCounters,
    PreventDamageTo,
    Pump,
    PutCounters,
    PutOnLibraryBottom,
    Replacement,
    ReturnToBattlefield,
    ReturnToHand,
    Seq,
    Spell,
    Static,
    Surveil,
    Target,
    TargetSpec,
    ToughnessOf,
    Triggered,
)

__all__ = ["CARDS"]

CARDS: tuple[Card, ...] = (
    Card(
        name="Ajani's Pridemate",
        cost="{1}{W}",
        types=("creature",),
        subtypes=("Cat", "Soldier"),
        power=2,
        toughness=2,
        oracle=text("Ajani's Pridemate"),
        abilities=(Triggered("you_gain_life", PutCounters(THIS, "+1/+1")),),
    ),
    Card(
        name="Ajani, Caller of the Pride",
        cost="{1}{W}{W}",
        types=("planeswalker",),
        supertypes=("legendary",),
        subtypes=("Ajani",),
        loyalty=4,
        oracle=text("Ajani, Caller of the Pride"),
        abilities=(
            loyalty(1, PutCounters(Target(0), "+1/+1"), (TargetSpec(CREATURE, up_to=True),)),
            loyalty(
                -3,
                Seq(Grant(Target(0), "flying"), Grant(Target(0), "double strike")),
                (TargetSpec(CREATURE),),
            ),
            loyalty(-8, CreateToken("Cat Token 2/2", LifeTotal(YOU))),
        ),
    ),
    Card(
        name="Angel of Finality",
        cost="{3}{W}",
        types=("creature",),
        subtypes=("Angel",),
        power=3,
        toughness=4,
        keywords=("flying",),
        oracle=text("Angel of Finality"),
        abilities=(
            Triggered(
                "enters",
                Exile(GraveyardOf(Target(0))),
                (TargetSpec(Filter(players=True, objects=False)),),
            ),
        ),
    ),
    Card(
        name="Arahbo, the First Fang",
        cost="{2}{W}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Cat", "Avatar"),
        power=2,
        toughness=2,
        oracle=text("Arahbo, the First Fang"),
        abilities=(
            Static(
                Filter(types=("creature",), subtypes=("Cat",), controller="you", other=True),
                power=1,
                toughness=1,
            ),
            # "Whenever Arahbo or another nontoken Cat you control enters": its own entering
            # and another's, each a trigger of the one ability (603.6a).
            Triggered("enters", CreateToken("Cat Token 1/1")),
            Triggered(
                "enters",
                CreateToken("Cat Token 1/1"),
                subject=Filter(
                    types=("creature",),
                    subtypes=("Cat",),
                    controller="you",
                    other=True,
                    nontoken=True,
                ),
            ),
        ),
    ),
    Card(
        name="Armasaur Guide",
        cost="{4}{W}",
        types=("creature",),
        subtypes=("Dinosaur",),
        power=4,
        toughness=4,
        keywords=("vigilance",),
        oracle=text("Armasaur Guide"),
        abilities=(
            Triggered(
                "you_attack_with_three_or_more",
                PutCounters(Target(0), "+1/+1"),
                TARGET_CREATURE_YOU_CONTROL,
            ),
        ),
    ),
    Card(
        name="Authority of the Consuls",
        cost="{W}",
        types=("enchantment",),
        oracle=text("Authority of the Consuls"),
        abilities=(
            # 614.12: a replacement effect as they enter, not a trigger.
            Replacement("enters_tapped", ("creatures opponents control",)),
            Triggered(
                "enters",
                GainLife(YOU, 1),
                subject=Filter(types=("creature",), controller="opponent"),
            ),
        ),
    ),
    Card(
        name="Cat Collector",
        cost="{2}{W}",
        types=("creature",),
        subtypes=("Human", "Citizen"),
        power=3,
        toughness=2,
        oracle=text("Cat Collector"),
        abilities=(
            Triggered("enters", CreateToken("Food Token")),
            Triggered("you_gain_life_first_your_turn", CreateToken("Cat Token 1/1")),
        ),
    ),
    Card(
        name="Banishing Light",
        cost="{2}{W}",
        types=("enchantment",),
        oracle=text("Banishing Light"),
        abilities=(
            Triggered(
                "enters",
                Exile(Target(0), until_this_leaves=True),
                (TargetSpec(Filter(not_types=("land",), controller="opponent")),),
            ),
        ),
    ),
    Card(
        name="Cathar Commando",
        cost="{1}{W}",
        types=("creature",),
        subtypes=("Human", "Soldier"),
        power=3,
        toughness=1,
        oracle=text("Cathar Commando"),
        abilities=(
            Flash(),
            Activated(
                Cost(mana="{1}", sacrifice=True),
                Destroy(Target(0)),
                (TargetSpec(Filter(types=("artifact", "enchantment"))),),
            ),
        ),
    ),
    Card(
        name="Celestial Armor",
        cost="{2}{W}",
        types=("artifact",),
        subtypes=("Equipment",),
        oracle=text("Celestial Armor"),
        abilities=(
            Flash(),
            Triggered(
                "enters",
                Seq(
                    ATTACH_TO_TARGET,
                    Grant(Target(0), "hexproof"),
                    Grant(Target(0), "indestructible"),
                ),
                targets=TARGET_CREATURE_YOU_CONTROL,
            ),
            AttachedGets(power=2, gains=("flying",)),
            equip("{3}{W}"),
        ),
    ),
    Card(
        name="Claws Out",
        cost="{3}{W}{W}",
        types=("instant",),
        oracle=text("Claws Out"),
        abilities=(
            # Affinity for Cats (702.41a): {1} less for each Cat its caster controls.
            CostsLessForPermanents(Filter(subtypes=("Cat",), controller="you")),
            Spell(Pump(Each(YOUR_CREATURES), 2, 2)),
        ),
    ),
    Card(
        name="Condemn",
        cost="{W}",
        types=("instant",),
        oracle=text("Condemn"),
        abilities=(
            Spell(
                # 608.2h: its controller and toughness as it last existed on the battlefield.
                Seq(
                    PutOnLibraryBottom(Target(0)),
                    GainLife(ControllerOf(Target(0)), ToughnessOf(Target(0))),
                ),
                (TargetSpec(Filter(types=("creature",), combat="attacking")),),
            ),
        ),
    ),
    Card(
        name="Crystal Barricade",
        cost="{1}{W}",
        types=("artifact", "creature"),
        subtypes=("Wall",),
        power=0,
        toughness=4,
        keywords=("defender",),
        oracle=text("Crystal Barricade"),
        abilities=(
            Replacement("hexproof", ("you",)),
            Replacement("prevent_noncombat_other", ("creatures you control",)),
        ),
    ),
    Card(
        name="Dauntless Veteran",
        cost="{1}{W}{W}",
        types=("creature",),
        subtypes=("Human", "Soldier"),
        power=2,
        toughness=2,
        oracle=text("Dauntless Veteran"),
        abilities=(Triggered("attacks", Pump(Each(YOUR_CREATURES), 1, 1)),),
    ),
    Card(
        name="Day of Judgment",
        cost="{2}{W}{W}",
        types=("sorcery",),
        oracle=text("Day of Judgment"),
        abilities=(Spell(Destroy(Each(CREATURE))),),
    ),
    Card(
        name="Dazzling Angel",
        cost="{2}{W}",
        types=("creature",),
        subtypes=("Angel",),
        power=2,
        toughness=3,
        keywords=("flying",),
        oracle=text("Dazzling Angel"),
        abilities=(Triggered("enters", GainLife(YOU, 1), subject=ANOTHER_CREATURE_YOU_CONTROL),),
    ),
    Card(
        name="Divine Resilience",
        cost="{W}",
        types=("instant",),
        oracle=text("Divine Resilience"),
        abilities=(
            Spell(Grant(Target(0), "indestructible"), TARGET_CREATURE_YOU_CONTROL),
            # 702.33d: kicked, "instead any number of target creatures you control" (601.2c).
            Kicker(
                "{2}{W}",
                kicked=Spell(
                    Grant(Target(0), "indestructible"),
                    (TargetSpec(YOUR_CREATURES, count=64, up_to=True),),
                ),
            ),
        ),
    ),
    Card(
        name="Exemplar of Light",
        cost="{2}{W}{W}",
        types=("creature",),
        subtypes=("Angel",),
        power=3,
        toughness=3,
        keywords=("flying",),
        oracle=text("Exemplar of Light"),
        abilities=(
            Triggered("you_gain_life", PutCounters(THIS, "+1/+1")),
            # One trigger for each putting of +1/+1 counters (122.1), once each turn (603.2h).
            Triggered("plus_one_counters_put", Draw(YOU, 1), once_each_turn=True),
        ),
    ),
    Card(
        name="Felidar Savior",
        cost="{3}{W}",
        types=("creature",),
        subtypes=("Cat", "Beast"),
        power=2,
        toughness=3,
        keywords=("lifelink",),
        oracle=text("Felidar Savior"),
        abilities=(
            Triggered(
                "enters",
                PutCounters(Target(0), "+1/+1"),
                targets=(
                    TargetSpec(
                        Filter(types=("creature",), controller="you", other=True),
                        count=2,
                        up_to=True,
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Fleeting Flight",
        cost="{W}",
        types=("instant",),
        oracle=text("Fleeting Flight"),
        abilities=(
            Spell(
                Seq(
                    PutCounters(Target(0), "+1/+1"),
                    Grant(Target(0), "flying"),
                    PreventDamageTo(Target(0), combat=True),
                ),
                TARGET_CREATURE,
            ),
        ),
    ),
    Card(
        name="Giada, Font of Hope",
        cost="{1}{W}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Angel",),
        power=2,
        toughness=2,
        keywords=("flying", "vigilance"),
        oracle=text("Giada, Font of Hope"),
        abilities=(
            # 614.1c: a replacement effect on the other Angels' entering.
            OthersEnterWithCounters(
                Filter(subtypes=("Angel",), controller="you", other=True),
                "+1/+1",
                per=Filter(subtypes=("Angel",), controller="you"),
            ),
            ManaAbility("W", spend_only_on=("Angel",)),  # 106.6
        ),
    ),
    Card(
        name="Guarded Heir",
        cost="{5}{W}",
        types=("creature",),
        subtypes=("Human", "Noble"),
        power=1,
        toughness=1,
        keywords=("lifelink",),
        oracle=text("Guarded Heir"),
        abilities=(Triggered("enters", CreateToken("Knight Token 3/3", 2)),),
    ),
    Card(
        name="Hare Apparent",
        cost="{1}{W}",
        types=("creature",),
        subtypes=("Rabbit", "Noble"),
        power=2,
        toughness=2,
        oracle=text("Hare Apparent"),
        abilities=(
            # Counted as the ability resolves (608.2h).
            Triggered(
                "enters",
                CreateToken(
                    "Rabbit Token 1/1",
                    Count(
                        Each(
                            Filter(
                                types=("creature",),
                                controller="you",
                                other=True,
                                name="Hare Apparent",
                            )
                        )
                    ),
                ),
            ),
            AnyNumberInDeck(),
        ),
    ),
    Card(
        name="Healer's Hawk",
        cost="{W}",
        types=("creature",),
        subtypes=("Bird",),
        power=1,
        toughness=1,
        keywords=("flying", "lifelink"),
        oracle=text("Healer's Hawk"),
    ),
    Card(
        name="Helpful Hunter",
        cost="{1}{W}",
        types=("creature",),
        subtypes=("Cat",),
        power=1,
        toughness=1,
        oracle=text("Helpful Hunter"),
        abilities=(Triggered("enters", Draw(YOU, 1)),),
    ),
    Card(
        name="Herald of Eternal Dawn",
        cost="{4}{W}{W}{W}",
        types=("creature",),
        subtypes=("Angel",),
        power=6,
        toughness=6,
        keywords=("flying",),
        oracle=text("Herald of Eternal Dawn"),
        abilities=(
            Flash(),
            # 104.3: in a two-player game the opponent wins only by this player's losing.
            Replacement("losing_cant", ("you",)),
        ),
    ),
    Card(
        name="Inspiring Paladin",
        cost="{2}{W}",
        types=("creature",),
        subtypes=("Human", "Knight"),
        power=3,
        toughness=3,
        oracle=text("Inspiring Paladin"),
        abilities=(
            # Whose turn it is, read continuously (102.1, 611.3a).
            Static(THIS, gains=("first strike",), as_long_as=DURING_YOUR_TURN),
            Static(
                Filter(types=("creature",), controller="you", with_counter="+1/+1"),
                gains=("first strike",),
                as_long_as=DURING_YOUR_TURN,
            ),
        ),
    ),
    Card(
        name="Joust Through",
        cost="{W}",
        types=("instant",),
        oracle=text("Joust Through"),
        abilities=(
            Spell(
                Seq(DealDamage(Target(0), 3), GainLife(YOU, 1)),
                (TargetSpec(Filter(types=("creature",), combat="attacking or blocking")),),
            ),
        ),
    ),
    Card(
        name="Luminous Rebuke",
        cost="{4}{W}",
        types=("instant",),
        oracle=text("Luminous Rebuke"),
        abilities=(
            # 601.2f: {3} less once its target, chosen first (601.2c), is tapped.
            CostsLessIfTargetsTapped(3),
            Spell(Destroy(Target(0)), TARGET_CREATURE),
        ),
    ),
    Card(
        name="Make Your Move",
        cost="{2}{W}",
        types=("instant",),
        oracle=text("Make Your Move"),
        abilities=(
            Spell(
                Destroy(Target(0)),
                (
                    TargetSpec(
                        Filter(
                            any_of=(
                                Filter(types=("artifact", "enchantment")),
                                Filter(types=("creature",), power_at_least=4),
                            )
                        )
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Mischievous Pup",
        cost="{2}{W}",
        types=("creature",),
        subtypes=("Dog",),
        power=3,
        toughness=1,
        oracle=text("Mischievous Pup"),
        abilities=(
            Flash(),
            Triggered(
                "enters",
                ReturnToHand(Target(0)),
                (TargetSpec(Filter(controller="you", other=True), up_to=True),),
            ),
        ),
    ),
    Card(
        name="Prideful Parent",
        cost="{2}{W}",
        types=("creature",),
        subtypes=("Cat",),
        power=2,
        toughness=2,
        keywords=("vigilance",),
        oracle=text("Prideful Parent"),
        abilities=(Triggered("enters", CreateToken("Cat Token 1/1")),),
    ),
    Card(
        name="Raise the Past",
        cost="{2}{W}{W}",
        types=("sorcery",),
        oracle=text("Raise the Past"),
        abilities=(
            Spell(
                ReturnToBattlefield(
                    Each(
                        Filter(
                            types=("creature",),
                            controller="you",
                            zone="graveyard",
                            mana_value_at_most=2,
                        )
                    )
                )
            ),
        ),
    ),
    Card(
        name="Resolute Reinforcements",
        cost="{1}{W}",
        types=("creature",),
        subtypes=("Human", "Soldier"),
        power=1,
        toughness=1,
        oracle=text("Resolute Reinforcements"),
        abilities=(Flash(), Triggered("enters", CreateToken("Soldier Token 1/1"))),
    ),
    Card(
        name="Savannah Lions",
        cost="{W}",
        types=("creature",),
        subtypes=("Cat",),
        power=2,
        toughness=1,
        oracle=text("Savannah Lions"),
    ),
    Card(
        name="Serra Angel",
        cost="{3}{W}{W}",
        types=("creature",),
        subtypes=("Angel",),
        power=4,
        toughness=4,
        keywords=("flying", "vigilance"),
        oracle=text("Serra Angel"),
    ),
    Card(
        name="Skyknight Squire",
        cost="{1}{W}",
        types=("creature",),
        subtypes=("Cat", "Scout"),
        power=1,
        toughness=1,
        oracle=text("Skyknight Squire"),
        abilities=(
            Triggered(
                "enters", PutCounters(THIS, "+1/+1", 1), subject=ANOTHER_CREATURE_YOU_CONTROL
            ),
            # Read continuously (611.3a); the Knight is layer 4 (613.1d).
            Static(
                THIS,
                gains=("flying",),
                is_also=("Knight",),
                as_long_as=AtLeast(CountersOn(THIS, "+1/+1"), 3),
            ),
        ),
    ),
    Card(
        name="Squad Rallier",
        cost="{3}{W}",
        types=("creature",),
        subtypes=("Human", "Scout"),
        power=3,
        toughness=4,
        oracle=text("Squad Rallier"),
        abilities=(
            # 401.4: the card revealed goes to the hand, the rest to the bottom at random.
            Activated(
                Cost(mana="{2}{W}"),
                LookAtTop(4, types=("creature",), power_at_most=2),
            ),
        ),
    ),
    Card(
        name="Stroke of Midnight",
        cost="{2}{W}",
        types=("instant",),
        oracle=text("Stroke of Midnight"),
        abilities=(
            Spell(
                Seq(
                    Destroy(Target(0)),
                    # "Its controller": the destroyed permanent's, as it last existed.
                    CreateToken("Human Token 1/1", 1, ControllerOf(Target(0))),
                ),
                (TargetSpec(NONLAND_PERMANENT),),
            ),
        ),
    ),
    Card(
        name="Twinblade Blessing",
        cost="{1}{W}{W}",
        types=("enchantment",),
        subtypes=("Aura",),
        oracle=text("Twinblade Blessing"),
        abilities=(Flash(), Enchant(CREATURE), AttachedGets(gains=("double strike",))),
    ),
    Card(
        name="Sun-Blessed Healer",
        cost="{1}{W}",
        types=("creature",),
        subtypes=("Human", "Cleric"),
        power=3,
        toughness=1,
        keywords=("lifelink",),
        oracle=text("Sun-Blessed Healer"),
        abilities=(
            Kicker("{1}{W}"),
            # "When this creature enters, if it was kicked" (702.33d).
            Triggered(
                "enters_kicked",
                ReturnToBattlefield(Target(0)),
                (
                    TargetSpec(
                        Filter(
                            types=PERMANENT_TYPES,
                            not_types=("land",),
                            controller="you",
                            zone="graveyard",
                            mana_value_at_most=2,
                        )
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Vanguard Seraph",
        cost="{3}{W}",
        types=("creature",),
        subtypes=("Angel", "Warrior"),
        power=3,
        toughness=3,
        keywords=("flying",),
        oracle=text("Vanguard Seraph"),
        abilities=(Triggered("you_gain_life_first", Surveil(1)),),
    ),
    Card(
        name="Valkyrie's Call",
        cost="{3}{W}{W}",
        types=("enchantment",),
        oracle=text("Valkyrie's Call"),
        abilities=(
            # 614.1c: the counter as it enters; 611.2c: flying (613.1f) and Angel (613.1d)
            # from the resolving ability, for as long as it stays.
            Triggered(
                "dies",
                ReturnToBattlefield(
                    TRIGGERING, counters=("+1/+1", 1), gains=("flying",), is_also=("Angel",)
                ),
                subject=Filter(
                    types=("creature",),
                    controller="you",
                    nontoken=True,
                    not_subtypes=("Angel",),
                ),
            ),
        ),
    ),
    Card(
        name="Youthful Valkyrie",
        cost="{1}{W}",
        types=("creature",),
        subtypes=("Angel",),
        power=1,
        toughness=3,
        keywords=("flying",),
        oracle=text("Youthful Valkyrie"),
        abilities=(
            Triggered(
                "enters",
                PutCounters(THIS, "+1/+1"),
                subject=Filter(subtypes=("Angel",), controller="you", other=True),
            ),
        ),
    ),
)
