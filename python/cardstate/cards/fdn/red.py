"""The red cards of Foundations, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import (
    ANY,
    ATTACH_TO_TARGET,
    INSTANT_OR_SORCERY_SPELL,
    LANDFALL,
    NONCREATURE_SPELL,
    POWER_4_OR_GREATER_YOU_CONTROL,
    PROWESS,
    TARGET_CREATURE,
    TARGET_CREATURE_YOU_CONTROL,
    YOUR_CREATURES,
    equip,
    loyalty,
    text,
)
from cardstate.cards.vocab import (
    ANY_TARGET,
    CARDS_DISCARDED,
    CREATURES_DIED_THIS_TURN,
    EACH_OPPONENT,
    EXCESS_DAMAGE,
    KICKED,
    THIS,
    YOU,
    YOU_ATTACKED_THIS_TURN,
    Activated,
    AdditionalCost,
    AddMana,
    AtLeast,
    AttachedGets,
    Becomes,
    BecomesCreature,
    Card,
    Cost,
    CostsLessPerAttackingCreature,
    Count,
    CreateToken,
    CreateTokenCopy,
    DealDamage,
    Destroy,
    Discard,
    DoesntUntap,
    DoublePower,
    Draw,
    Each,
    EntersWithCounters,
    Exactly,
    Exile,
    ExileInsteadOfDying,
    ExileTopCastFree,
    ExileTopChooseOne,
    ExileTopMayPlay,
    Filter,
    Flash,
    Flashback,
    GainControlUntilEndOfTurn,
    GainsAbility,
    Grant,
    If,
    Kicker,
    LifeTotal,
    Matching,
    May,
    MayPayMana,
    PowerOf,
    Pump,
    Replacement,
    ReturnToBattlefield,
    Seq,
    Spell,
    Static,
    Target,
    TargetSpec,
    Triggered,
    Untap,
    X,
)

__all__ = ["CARDS"]

CARDS: tuple[Card, ...] = (
    Card(
        name="Abrade",
        cost="{1}{R}",
        types=("instant",),
        oracle=text("Abrade"),
        # "Choose one —" (700.2a): each Spell ability a mode.
        abilities=(
            Spell(DealDamage(Target(0), 3), TARGET_CREATURE),
            Spell(Destroy(Target(0)), (TargetSpec(Filter(types=("artifact",))),)),
        ),
    ),
    Card(
        name="Axgard Cavalry",
        cost="{1}{R}",
        types=("creature",),
        subtypes=("Dwarf", "Berserker"),
        power=2,
        toughness=2,
        oracle=text("Axgard Cavalry"),
        abilities=(Activated(Cost(tap=True), Grant(Target(0), "haste"), TARGET_CREATURE),),
    ),
    Card(
        name="Battlesong Berserker",
        cost="{3}{R}",
        types=("creature",),
        subtypes=("Human", "Berserker"),
        power=3,
        toughness=4,
        oracle=text("Battlesong Berserker"),
        abilities=(
            # 508.3d: once as its controller declares one or more attackers.
            Triggered(
                "you_attack",
                Seq(Pump(Target(0), 1, 0), Grant(Target(0), "menace")),
                TARGET_CREATURE_YOU_CONTROL,
            ),
        ),
    ),
    Card(
        name="Boltwave",
        cost="{R}",
        types=("sorcery",),
        oracle=text("Boltwave"),
        abilities=(Spell(DealDamage(EACH_OPPONENT, 3)),),
    ),
    Card(
        name="Brass's Bounty",
        cost="{6}{R}",
        types=("sorcery",),
        oracle=text("Brass's Bounty"),
        abilities=(
            Spell(
                CreateToken(
                    "Treasure Token", Count(Each(Filter(types=("land",), controller="you")))
                )
            ),
        ),
    ),
    Card(
        name="Brazen Scourge",
        cost="{1}{R}{R}",
        types=("creature",),
        subtypes=("Gremlin",),
        power=3,
        toughness=3,
        keywords=("haste",),
        oracle=text("Brazen Scourge"),
    ),
    Card(
        name="Bulk Up",
        cost="{1}{R}",
        types=("instant",),
        oracle=text("Bulk Up"),
        abilities=(Spell(DoublePower(Target(0)), TARGET_CREATURE), Flashback("{4}{R}{R}")),
    ),
    Card(
        name="Burst Lightning",
        cost="{R}",
        types=("instant",),
        oracle=text("Burst Lightning"),
        abilities=(
            Kicker("{4}"),
            # 702.33d: "If this spell was kicked, it deals 4 damage instead."
            Spell(If(AtLeast(KICKED, 1), DealDamage(Target(0), 4), DealDamage(Target(0), 2)), ANY),
        ),
    ),
    Card(
        name="Chandra, Flameshaper",
        cost="{5}{R}{R}",
        types=("planeswalker",),
        supertypes=("legendary",),
        subtypes=("Chandra",),
        loyalty=6,
        oracle=text("Chandra, Flameshaper"),
        abilities=(
            loyalty(2, Seq(AddMana("R", n=3), ExileTopChooseOne(3, "end_of_turn"))),
            loyalty(
                1,
                CreateTokenCopy(Target(0), haste=True, sacrificed_at_end_step=True),
                TARGET_CREATURE_YOU_CONTROL,
            ),
            # "8 damage divided as you choose among any number of target …": at most 8 of
            # them, each dealt at least 1 (601.2d).
            loyalty(
                -4,
                DealDamage(Target(0), 8, divided=True),
                (TargetSpec(Filter(types=("creature", "planeswalker")), count=8, up_to=True),),
            ),
        ),
    ),
    Card(
        name="Courageous Goblin",
        cost="{1}{R}",
        types=("creature",),
        subtypes=("Goblin",),
        power=2,
        toughness=2,
        oracle=text("Courageous Goblin"),
        abilities=(
            # "attacks while you control …": a condition of the trigger event, checked only as
            # it attacks (not an intervening "if", 603.4).
            Triggered(
                "attacks",
                Seq(Pump(THIS, 1, 0), Grant(THIS, "menace")),
                condition=AtLeast(Count(Each(POWER_4_OR_GREATER_YOU_CONTROL)), 1),
                recheck=False,
            ),
        ),
    ),
    Card(
        name="Crackling Cyclops",
        cost="{2}{R}",
        types=("creature",),
        subtypes=("Cyclops", "Wizard"),
        power=0,
        toughness=4,
        oracle=text("Crackling Cyclops"),
        abilities=(Triggered("you_cast", Pump(THIS, 3, 0), subject=NONCREATURE_SPELL),),
    ),
    Card(
        name="Dragon Trainer",
        cost="{3}{R}{R}",
        types=("creature",),
        subtypes=("Human",),
        power=1,
        toughness=1,
        oracle=text("Dragon Trainer"),
        abilities=(Triggered("enters", CreateToken("Dragon Token 4/4")),),
    ),
    Card(
        name="Drakuseth, Maw of Flames",
        cost="{4}{R}{R}{R}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Dragon",),
        power=7,
        toughness=7,
        keywords=("flying",),
        oracle=text("Drakuseth, Maw of Flames"),
        abilities=(
            Triggered(
                "attacks",
                Seq(DealDamage(Target(0), 4), DealDamage(Target(1), 3)),
                targets=(
                    TargetSpec(ANY_TARGET),
                    TargetSpec(ANY_TARGET, count=2, up_to=True, distinct=True),
                ),
            ),
        ),
    ),
    Card(
        name="Electroduplicate",
        cost="{2}{R}",
        types=("sorcery",),
        oracle=text("Electroduplicate"),
        abilities=(
            Spell(
                CreateTokenCopy(Target(0), haste=True, sacrificed_at_end_step=True),
                TARGET_CREATURE_YOU_CONTROL,
            ),
            Flashback("{2}{R}{R}"),
        ),
    ),
    Card(
        name="Embercleave",
        cost="{4}{R}{R}",
        types=("artifact",),
        supertypes=("legendary",),
        subtypes=("Equipment",),
        oracle=text("Embercleave"),
        abilities=(
            Flash(),
            CostsLessPerAttackingCreature(),
            Triggered("enters", ATTACH_TO_TARGET, targets=TARGET_CREATURE_YOU_CONTROL),
            AttachedGets(power=1, toughness=1, gains=("double strike", "trample")),
            equip("{3}"),
        ),
    ),
    Card(
        name="Etali, Primal Storm",
        cost="{4}{R}{R}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Elder", "Dinosaur"),
        power=6,
        toughness=6,
        oracle=text("Etali, Primal Storm"),
        abilities=(
            Triggered("attacks", ExileTopCastFree(Each(Filter(players=True, objects=False)))),
        ),
    ),
    Card(
        name="Fanatical Firebrand",
        cost="{R}",
        types=("creature",),
        subtypes=("Goblin", "Pirate"),
        power=1,
        toughness=1,
        keywords=("haste",),
        oracle=text("Fanatical Firebrand"),
        abilities=(Activated(Cost(tap=True, sacrifice=True), DealDamage(Target(0), 1), ANY),),
    ),
    Card(
        name="Fiery Annihilation",
        cost="{2}{R}",
        types=("instant",),
        oracle=text("Fiery Annihilation"),
        abilities=(
            Spell(
                Seq(
                    DealDamage(Target(0), 5),
                    Exile(Target(1)),
                    # 614.1a: a replacement effect on it until the end of the turn.
                    ExileInsteadOfDying(Target(0)),
                ),
                (
                    *TARGET_CREATURE,
                    TargetSpec(
                        Filter(types=("artifact",), subtypes=("Equipment",)),
                        up_to=True,
                        attached_to_first_target=True,
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Firebrand Archer",
        cost="{1}{R}",
        types=("creature",),
        subtypes=("Human", "Archer"),
        power=2,
        toughness=1,
        oracle=text("Firebrand Archer"),
        abilities=(Triggered("you_cast", DealDamage(EACH_OPPONENT, 1), subject=NONCREATURE_SPELL),),
    ),
    Card(
        name="Firespitter Whelp",
        cost="{2}{R}",
        types=("creature",),
        subtypes=("Dragon",),
        power=2,
        toughness=2,
        keywords=("flying",),
        oracle=text("Firespitter Whelp"),
        abilities=(
            Triggered(
                "you_cast",
                DealDamage(EACH_OPPONENT, 1),
                subject=Filter(
                    zone="stack",
                    any_of=(
                        Filter(not_types=("creature",), zone="stack"),
                        Filter(subtypes=("Dragon",), zone="stack"),
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Flamewake Phoenix",
        cost="{1}{R}{R}",
        types=("creature",),
        subtypes=("Phoenix",),
        power=2,
        toughness=2,
        keywords=("flying", "haste"),
        oracle=text("Flamewake Phoenix"),
        abilities=(
            # 508.1d: a requirement on attacking.
            Static(THIS, gains=("attacks each combat if able",)),
            # Ferocious (207.2c): an intervening "if" (603.4) of an ability that functions from
            # the graveyard (113.6k); "if you do" reads the payment (608.2c).
            Triggered(
                "beginning_of_combat",
                MayPayMana("{R}", ReturnToBattlefield(THIS)),
                condition=AtLeast(Count(Each(POWER_4_OR_GREATER_YOU_CONTROL)), 1),
                from_graveyard=True,
            ),
        ),
    ),
    Card(
        name="Frenzied Goblin",
        cost="{R}",
        types=("creature",),
        subtypes=("Goblin", "Berserker"),
        power=1,
        toughness=1,
        oracle=text("Frenzied Goblin"),
        abilities=(
            # The target is chosen as it triggers (603.3d), the payment made as it resolves.
            Triggered(
                "attacks",
                MayPayMana("{R}", Grant(Target(0), "can't block")),
                TARGET_CREATURE,
            ),
        ),
    ),
    Card(
        name="Goblin Boarders",
        cost="{2}{R}",
        types=("creature",),
        subtypes=("Goblin", "Pirate"),
        power=3,
        toughness=2,
        oracle=text("Goblin Boarders"),
        # Raid (207.2c): one counter if you attacked this turn, none if not (614.1c).
        abilities=(EntersWithCounters("+1/+1", YOU_ATTACKED_THIS_TURN),),
    ),
    Card(
        name="Goblin Bushwhacker",
        cost="{R}",
        types=("creature",),
        subtypes=("Goblin", "Warrior"),
        power=1,
        toughness=1,
        oracle=text("Goblin Bushwhacker"),
        abilities=(
            Kicker("{R}"),
            # "if it was kicked" (702.33d): the entering of a kicked permanent.
            Triggered(
                "enters_kicked",
                Seq(
                    Pump(Each(Filter(types=("creature",), controller="you")), 1, 0),
                    Grant(Each(Filter(types=("creature",), controller="you")), "haste"),
                ),
            ),
        ),
    ),
    Card(
        name="Goblin Negotiation",
        cost="{X}{R}{R}",
        types=("sorcery",),
        oracle=text("Goblin Negotiation"),
        abilities=(
            Spell(
                Seq(
                    DealDamage(Target(0), X),
                    CreateToken("Goblin Token 1/1", EXCESS_DAMAGE),
                ),
                TARGET_CREATURE,
            ),
        ),
    ),
    Card(
        name="Goblin Surprise",
        cost="{2}{R}",
        types=("instant",),
        oracle=text("Goblin Surprise"),
        abilities=(
            Spell(Pump(Each(YOUR_CREATURES), 2, 0)),
            Spell(CreateToken("Goblin Token 1/1", 2)),
        ),
    ),
    Card(
        name="Gorehorn Raider",
        cost="{4}{R}",
        types=("creature",),
        subtypes=("Minotaur", "Pirate"),
        power=4,
        toughness=4,
        oracle=text("Gorehorn Raider"),
        abilities=(
            # Raid (207.2c): an intervening "if" (603.4).
            Triggered(
                "enters",
                DealDamage(Target(0), 2),
                targets=ANY,
                condition=AtLeast(YOU_ATTACKED_THIS_TURN, 1),
            ),
        ),
    ),
    Card(
        name="Heartfire Immolator",
        cost="{1}{R}",
        types=("creature",),
        subtypes=("Human", "Wizard"),
        power=2,
        toughness=2,
        oracle=text("Heartfire Immolator"),
        abilities=(
            PROWESS,
            # "It deals damage equal to its power": its last known power (608.2h).
            Activated(
                Cost(mana="{R}", sacrifice=True),
                DealDamage(Target(0), PowerOf(THIS)),
                (TargetSpec(Filter(types=("creature", "planeswalker"))),),
            ),
        ),
    ),
    Card(
        name="Hidetsugu's Second Rite",
        cost="{3}{R}",
        types=("instant",),
        oracle=text("Hidetsugu's Second Rite"),
        abilities=(
            Spell(
                If(Exactly(LifeTotal(Target(0)), 10), DealDamage(Target(0), 10)),
                (TargetSpec(Filter(players=True, objects=False)),),
            ),
        ),
    ),
    Card(
        name="Incinerating Blast",
        cost="{4}{R}",
        types=("sorcery",),
        oracle=text("Incinerating Blast"),
        abilities=(
            Spell(
                Seq(
                    DealDamage(Target(0), 6),
                    # "If you do" (608.2c): the draw only after a card was discarded.
                    May(Seq(Discard(YOU, 1), If(AtLeast(CARDS_DISCARDED, 1), Draw(YOU, 1)))),
                ),
                TARGET_CREATURE,
            ),
        ),
    ),
    Card(
        name="Involuntary Employment",
        cost="{3}{R}",
        types=("sorcery",),
        oracle=text("Involuntary Employment"),
        abilities=(
            Spell(
                Seq(
                    GainControlUntilEndOfTurn(Target(0)),
                    Untap(Target(0)),
                    Grant(Target(0), "haste"),
                    CreateToken("Treasure Token"),
                ),
                TARGET_CREATURE,
            ),
        ),
    ),
    Card(
        name="Kellan, Planar Trailblazer",
        cost="{R}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Human", "Faerie", "Scout"),
        power=2,
        toughness=1,
        oracle=text("Kellan, Planar Trailblazer"),
        abilities=(
            # 608.2c: "If Kellan is a Scout" is read as the ability resolves; 205.1a, 613.1d:
            # the subtypes replace its own, 613.1f: the ability gained, both for as long as it
            # stays (611.2c).
            Activated(
                Cost(mana="{1}{R}"),
                If(
                    AtLeast(Count(Matching(THIS, Filter(subtypes=("Scout",)))), 1),
                    Seq(
                        Becomes(THIS, ("Human", "Faerie", "Detective")),
                        GainsAbility(
                            THIS,
                            Triggered(
                                "deals_combat_damage_to_player",
                                ExileTopMayPlay(1, "end_of_turn"),
                            ),
                        ),
                    ),
                ),
            ),
            # 613.4b: base power and toughness 3/2; 613.1f: double strike; as long as it stays.
            Activated(
                Cost(mana="{2}{R}"),
                If(
                    AtLeast(Count(Matching(THIS, Filter(subtypes=("Detective",)))), 1),
                    Seq(
                        Becomes(THIS, ("Human", "Faerie", "Rogue")),
                        BecomesCreature(THIS, 3, 2, ("double strike",)),
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Krenko, Mob Boss",
        cost="{2}{R}{R}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Goblin", "Warrior"),
        power=3,
        toughness=3,
        oracle=text("Krenko, Mob Boss"),
        abilities=(
            Activated(
                Cost(tap=True),
                # X is counted as the ability resolves (608.2h).
                CreateToken(
                    "Goblin Token 1/1",
                    Count(Each(Filter(subtypes=("Goblin",), controller="you"))),
                ),
            ),
        ),
    ),
    Card(
        name="Rite of the Dragoncaller",
        cost="{4}{R}{R}",
        types=("enchantment",),
        oracle=text("Rite of the Dragoncaller"),
        abilities=(
            Triggered(
                "you_cast", CreateToken("Dragon Token 5/5"), subject=INSTANT_OR_SORCERY_SPELL
            ),
        ),
    ),
    Card(
        name="Searslicer Goblin",
        cost="{1}{R}",
        types=("creature",),
        subtypes=("Goblin", "Warrior"),
        power=2,
        toughness=1,
        oracle=text("Searslicer Goblin"),
        abilities=(
            # Raid (207.2c): an intervening "if" (603.4).
            Triggered(
                "end_step",
                CreateToken("Goblin Token 1/1"),
                condition=AtLeast(YOU_ATTACKED_THIS_TURN, 1),
            ),
        ),
    ),
    Card(
        name="Seismic Rupture",
        cost="{2}{R}",
        types=("sorcery",),
        oracle=text("Seismic Rupture"),
        abilities=(Spell(DealDamage(Each(Filter(types=("creature",), without=("flying",))), 2)),),
    ),
    Card(
        name="Shivan Dragon",
        cost="{4}{R}{R}",
        types=("creature",),
        subtypes=("Dragon",),
        power=5,
        toughness=5,
        keywords=("flying",),
        oracle=text("Shivan Dragon"),
        abilities=(Activated(Cost(mana="{R}"), Pump(THIS, 1, 0)),),
    ),
    Card(
        name="Slagstorm",
        cost="{1}{R}{R}",
        types=("sorcery",),
        oracle=text("Slagstorm"),
        abilities=(
            Spell(DealDamage(Each(Filter(types=("creature",))), 3)),
            Spell(DealDamage(Each(Filter(players=True, objects=False)), 3)),
        ),
    ),
    Card(
        name="Slumbering Cerberus",
        cost="{1}{R}",
        types=("creature",),
        subtypes=("Dog",),
        power=4,
        toughness=2,
        oracle=text("Slumbering Cerberus"),
        abilities=(
            DoesntUntap(),
            # Morbid (207.2c): an intervening "if" (603.4), at every end step (513.1a).
            Triggered(
                "each_end_step",
                Untap(THIS),
                condition=AtLeast(CREATURES_DIED_THIS_TURN, 1),
            ),
        ),
    ),
    Card(
        name="Sower of Chaos",
        cost="{3}{R}",
        types=("creature",),
        subtypes=("Devil",),
        power=4,
        toughness=3,
        oracle=text("Sower of Chaos"),
        abilities=(
            # 509.1a: "can't block" until end of turn (514.2).
            Activated(Cost(mana="{2}{R}"), Grant(Target(0), "can't block"), TARGET_CREATURE),
        ),
    ),
    Card(
        name="Spitfire Lagac",
        cost="{3}{R}",
        types=("creature",),
        subtypes=("Lizard",),
        power=3,
        toughness=4,
        oracle=text("Spitfire Lagac"),
        abilities=(Triggered("enters", DealDamage(EACH_OPPONENT, 1), subject=LANDFALL),),
    ),
    Card(
        name="Strongbox Raider",
        cost="{2}{R}{R}",
        types=("creature",),
        subtypes=("Orc", "Pirate"),
        power=5,
        toughness=2,
        oracle=text("Strongbox Raider"),
        abilities=(
            # Raid (207.2c): an intervening "if" (603.4).
            Triggered(
                "enters",
                ExileTopChooseOne(2, "end_of_next_turn"),
                condition=AtLeast(YOU_ATTACKED_THIS_TURN, 1),
            ),
        ),
    ),
    Card(
        name="Sure Strike",
        cost="{1}{R}",
        types=("instant",),
        oracle=text("Sure Strike"),
        abilities=(
            Spell(Seq(Pump(Target(0), 3, 0), Grant(Target(0), "first strike")), TARGET_CREATURE),
        ),
    ),
    Card(
        name="Thrill of Possibility",
        cost="{1}{R}",
        types=("instant",),
        oracle=text("Thrill of Possibility"),
        # 601.2f-h: the discard is paid as the spell is cast.
        abilities=(AdditionalCost(discard=1), Spell(Draw(YOU, 2))),
    ),
    Card(
        name="Twinflame Tyrant",
        cost="{3}{R}{R}",
        types=("creature",),
        subtypes=("Dragon",),
        power=3,
        toughness=5,
        keywords=("flying",),
        oracle=text("Twinflame Tyrant"),
        # 614.1a: "it deals double that damage instead", a replacement effect of its static
        # ability, live while it is on the battlefield (611.3a).
        abilities=(
            Replacement(
                "damage_times",
                ("opponents", "permanents opponents control"),
                amount=2,
                sources=("sources you control",),
            ),
        ),
    ),
)
