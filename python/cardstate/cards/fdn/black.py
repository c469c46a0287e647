"""The black cards of Foundations, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import (
    TARGET_CREATURE,
    THRESHOLD,
    YOUR_CREATURES,
    loyalty,
    text,
    ward,
    your_graveyard,
)
from cardstate.cards.vocab import (
    CREATURES_DIED_THIS_TURN,
    EACH_OPPONENT,
    LIFE_LOST,
    LIFE_YOU_GAINED_THIS_TURN,
    OPPONENT,
    OPPONENTS_LOST_LIFE_THIS_TURN,
    PERMANENTS_SACRIFICED,
    THAT_MUCH,
    THIS,
    TRIGGERING,
    YOU,
    YOU_ATTACKED_THIS_TURN,
    Activated,
    AdditionalSacrifice,
    AlternativeManaCost,
    AtLeast,
    AtNextEndStep,
    Card,
    Cost,
    Count,
    CountersOn,
    CreateToken,
    CreateTokenCopyExilingOthers,
    Destroy,
    Discard,
    Draw,
    Each,
    EntersTapped,
    EntersWithCountersIfCast,
    Exactly,
    Exile,
    Filter,
    Flashback,
    GainLife,
    GainsWhenDies,
    Grant,
    If,
    KeepOneOfEachType,
    LookAtTop,
    LoseLife,
    LoseLifeUnless,
    Matching,
    May,
    MayCastFromGraveyardThisTurn,
    Mill,
    Pump,
    PutCounters,
    ReturnToBattlefield,
    ReturnToHand,
    ReturnWithFewerCounters,
    RevealHandChooseDiscard,
    Sacrifice,
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

CARDS: tuple[Card, ...] = (
    Card(
        name="Abyssal Harvester",
        cost="{1}{B}{B}",
        types=("creature",),
        subtypes=("Demon", "Warlock"),
        power=3,
        toughness=2,
        oracle=text("Abyssal Harvester"),
        abilities=(
            Activated(
                Cost(tap=True),
                # 707.2: a copy of the card as it last existed in the graveyard (its printed
                # card); 707.9a: "except it's a Nightmare in addition to its other types".
                Seq(Exile(Target(0)), CreateTokenCopyExilingOthers(Target(0), "Nightmare")),
                (
                    TargetSpec(
                        Filter(types=("creature",), zone="graveyard", put_there_this_turn=True)
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Arbiter of Woe",
        cost="{4}{B}{B}",
        types=("creature",),
        subtypes=("Demon",),
        power=5,
        toughness=4,
        keywords=("flying",),
        oracle=text("Arbiter of Woe"),
        abilities=(
            AdditionalSacrifice(Filter(types=("creature",))),
            Triggered(
                "enters",
                Seq(
                    Discard(EACH_OPPONENT, 1),
                    LoseLife(EACH_OPPONENT, 2),
                    Draw(YOU, 1),
                    GainLife(YOU, 2),
                ),
            ),
        ),
    ),
    Card(
        name="Bake into a Pie",
        cost="{2}{B}{B}",
        types=("instant",),
        oracle=text("Bake into a Pie"),
        abilities=(Spell(Seq(Destroy(Target(0)), CreateToken("Food Token")), TARGET_CREATURE),),
    ),
    Card(
        name="Billowing Shriekmass",
        cost="{3}{B}",
        types=("creature",),
        subtypes=("Spirit",),
        power=2,
        toughness=3,
        keywords=("flying",),
        oracle=text("Billowing Shriekmass"),
        abilities=(
            Triggered("enters", Mill(YOU, 3)),
            # Threshold (207.2c), read continuously (611.3a).
            Static(THIS, power=2, toughness=1, as_long_as=THRESHOLD),
        ),
    ),
    Card(
        name="Blasphemous Edict",
        cost="{3}{B}{B}",
        types=("sorcery",),
        oracle=text("Blasphemous Edict"),
        abilities=(
            Spell(
                Sacrifice(
                    Filter(types=("creature",)), Each(Filter(players=True, objects=False)), 13
                )
            ),
            AlternativeManaCost("{B}", creatures_at_least=13),
        ),
    ),
    Card(
        name="Bloodthirsty Conqueror",
        cost="{3}{B}{B}",
        types=("creature",),
        subtypes=("Vampire", "Knight"),
        power=5,
        toughness=5,
        keywords=("flying", "deathtouch"),
        oracle=text("Bloodthirsty Conqueror"),
        # "That much": the life the opponent lost (119.3, the event's amount).
        abilities=(Triggered("opponent_loses_life", GainLife(YOU, THAT_MUCH)),),
    ),
    Card(
        name="Burglar Rat",
        cost="{1}{B}",
        types=("creature",),
        subtypes=("Rat",),
        power=1,
        toughness=1,
        oracle=text("Burglar Rat"),
        abilities=(Triggered("enters", Discard(EACH_OPPONENT, 1)),),
    ),
    Card(
        name="Crypt Feaster",
        cost="{3}{B}",
        types=("creature",),
        subtypes=("Zombie",),
        power=3,
        toughness=4,
        keywords=("menace",),
        oracle=text("Crypt Feaster"),
        abilities=(
            # Threshold (207.2c): an intervening "if" (603.4), checked as it triggers and as it
            # resolves.
            Triggered(
                "attacks",
                Pump(THIS, 2, 0),
                condition=THRESHOLD,
            ),
        ),
    ),
    Card(
        name="Diregraf Ghoul",
        cost="{B}",
        types=("creature",),
        subtypes=("Zombie",),
        power=2,
        toughness=2,
        oracle=text("Diregraf Ghoul"),
        abilities=(EntersTapped(),),
    ),
    Card(
        name="Eaten Alive",
        cost="{B}",
        types=("sorcery",),
        oracle=text("Eaten Alive"),
        abilities=(
            AdditionalSacrifice(Filter(types=("creature",)), or_pay="{3}{B}"),
            Spell(Exile(Target(0)), (TargetSpec(Filter(types=("creature", "planeswalker"))),)),
        ),
    ),
    Card(
        name="Exsanguinate",
        cost="{X}{B}{B}",
        types=("sorcery",),
        oracle=text("Exsanguinate"),
        abilities=(Spell(Seq(LoseLife(EACH_OPPONENT, X), GainLife(YOU, LIFE_LOST))),),
    ),
    Card(
        name="Fake Your Own Death",
        cost="{1}{B}",
        types=("instant",),
        oracle=text("Fake Your Own Death"),
        abilities=(
            Spell(
                Seq(
                    Pump(Target(0), 2, 0),
                    GainsWhenDies(
                        Target(0),
                        Seq(
                            ReturnToBattlefield(TRIGGERING, tapped=True),
                            CreateToken("Treasure Token"),
                        ),
                    ),
                ),
                TARGET_CREATURE,
            ),
        ),
    ),
    Card(
        name="Grim Tutor",
        cost="{1}{B}{B}",
        types=("sorcery",),
        oracle=text("Grim Tutor"),
        abilities=(Spell(Seq(Search(), LoseLife(YOU, 3))),),
    ),
    Card(
        name="Gutless Plunderer",
        cost="{2}{B}",
        types=("creature",),
        subtypes=("Skeleton", "Pirate"),
        power=2,
        toughness=2,
        keywords=("deathtouch",),
        oracle=text("Gutless Plunderer"),
        abilities=(
            # Raid (207.2c): an intervening "if" (603.4); 401.4: the card kept goes back on top.
            Triggered(
                "enters",
                LookAtTop(3, to="library_top", rest="graveyard"),
                condition=AtLeast(YOU_ATTACKED_THIS_TURN, 1),
            ),
        ),
    ),
    Card(
        name="Hero's Downfall",
        cost="{1}{B}{B}",
        types=("instant",),
        oracle=text("Hero's Downfall"),
        abilities=(
            Spell(
                Destroy(Target(0)),
                (TargetSpec(Filter(types=("creature", "planeswalker"))),),
            ),
        ),
    ),
    Card(
        name="High-Society Hunter",
        cost="{3}{B}{B}",
        types=("creature",),
        subtypes=("Vampire", "Noble"),
        power=5,
        toughness=3,
        keywords=("flying",),
        oracle=text("High-Society Hunter"),
        abilities=(
            # "You may sacrifice another creature. If you do, …" (608.2c, 701.21a).
            Triggered(
                "attacks",
                May(
                    Seq(
                        Sacrifice(Filter(types=("creature",), other=True), YOU, 1),
                        If(AtLeast(PERMANENTS_SACRIFICED, 1), PutCounters(THIS, "+1/+1")),
                    )
                ),
            ),
            # Any player's; it looks back in time (603.10a).
            Triggered(
                "dies",
                Draw(YOU, 1),
                subject=Filter(types=("creature",), other=True, nontoken=True),
            ),
        ),
    ),
    Card(
        name="Hungry Ghoul",
        cost="{1}{B}",
        types=("creature",),
        subtypes=("Zombie",),
        power=2,
        toughness=2,
        oracle=text("Hungry Ghoul"),
        abilities=(
            Activated(
                Cost(mana="{1}", sacrifice_another=Filter(types=("creature",), other=True)),
                PutCounters(THIS, "+1/+1"),
            ),
        ),
    ),
    Card(
        name="Infernal Vessel",
        cost="{2}{B}",
        types=("creature",),
        subtypes=("Human", "Cleric"),
        power=2,
        toughness=1,
        oracle=text("Infernal Vessel"),
        abilities=(
            # 603.4, 608.2h: "if it wasn't a Demon" reads it as it last existed.
            Triggered(
                "dies",
                ReturnToBattlefield(TRIGGERING, counters=("+1/+1", 2), is_also=("Demon",)),
                condition=Exactly(Count(Matching(THIS, Filter(subtypes=("Demon",)))), 0),
            ),
        ),
    ),
    Card(
        name="Infestation Sage",
        cost="{B}",
        types=("creature",),
        subtypes=("Elf", "Warlock"),
        power=1,
        toughness=1,
        oracle=text("Infestation Sage"),
        abilities=(Triggered("dies", CreateToken("Insect Token 1/1")),),
    ),
    Card(
        name="Liliana, Dreadhorde General",
        cost="{4}{B}{B}",
        types=("planeswalker",),
        supertypes=("legendary",),
        subtypes=("Liliana",),
        loyalty=6,
        oracle=text("Liliana, Dreadhorde General"),
        abilities=(
            Triggered("dies", Draw(YOU, 1), subject=YOUR_CREATURES),
            loyalty(1, CreateToken("Zombie Token 2/2")),
            loyalty(
                -4,
                Sacrifice(
                    Filter(types=("creature",)), Each(Filter(players=True, objects=False)), 2
                ),
            ),
            loyalty(-9, KeepOneOfEachType(EACH_OPPONENT)),
        ),
    ),
    Card(
        name="Macabre Waltz",
        cost="{1}{B}",
        types=("sorcery",),
        oracle=text("Macabre Waltz"),
        abilities=(
            Spell(
                Seq(ReturnToHand(Target(0)), Discard(YOU, 1)),
                (TargetSpec(your_graveyard("creature"), count=2, up_to=True),),
            ),
        ),
    ),
    Card(
        name="Marauding Blight-Priest",
        cost="{2}{B}",
        types=("creature",),
        subtypes=("Vampire", "Cleric"),
        power=3,
        toughness=2,
        oracle=text("Marauding Blight-Priest"),
        abilities=(Triggered("you_gain_life", LoseLife(EACH_OPPONENT, 1)),),
    ),
    Card(
        name="Midnight Snack",
        cost="{2}{B}",
        types=("enchantment",),
        oracle=text("Midnight Snack"),
        abilities=(
            # Raid (207.2c): an intervening "if" (603.4).
            Triggered(
                "end_step",
                CreateToken("Food Token"),
                condition=AtLeast(YOU_ATTACKED_THIS_TURN, 1),
            ),
            Activated(
                Cost(mana="{2}{B}", sacrifice=True),
                LoseLife(Target(0), LIFE_YOU_GAINED_THIS_TURN),
                (TargetSpec(OPPONENT),),
            ),
        ),
    ),
    Card(
        name="Nine-Lives Familiar",
        cost="{1}{B}{B}",
        types=("creature",),
        subtypes=("Cat",),
        power=1,
        toughness=1,
        oracle=text("Nine-Lives Familiar"),
        abilities=(
            EntersWithCountersIfCast("revival", 8),
            # 603.10a: it looks back in time (the counters it had, 608.2h); 603.7a: the
            # delayed ability returns the card it became (400.7) at the next end step.
            Triggered(
                "dies",
                AtNextEndStep(ReturnWithFewerCounters(TRIGGERING, "revival"), of=TRIGGERING),
                condition=AtLeast(CountersOn(THIS, "revival"), 1),
            ),
        ),
    ),
    Card(
        name="Painful Quandary",
        cost="{3}{B}{B}",
        types=("enchantment",),
        oracle=text("Painful Quandary"),
        # 608.2d: "that player" (the caster, 601.2i) chooses.
        abilities=(Triggered("opponent_casts", LoseLifeUnless(TRIGGERING, 5, discard=True)),),
    ),
    Card(
        name="Phyrexian Arena",
        cost="{1}{B}{B}",
        types=("enchantment",),
        oracle=text("Phyrexian Arena"),
        abilities=(Triggered("upkeep", Seq(Draw(YOU, 1), LoseLife(YOU, 1))),),
    ),
    Card(
        name="Pilfer",
        cost="{1}{B}",
        types=("sorcery",),
        oracle=text("Pilfer"),
        abilities=(Spell(RevealHandChooseDiscard(Target(0)), targets=(TargetSpec(OPPONENT),)),),
    ),
    Card(
        name="Revenge of the Rats",
        cost="{2}{B}{B}",
        types=("sorcery",),
        oracle=text("Revenge of the Rats"),
        abilities=(
            Spell(
                CreateToken("Rat Token 1/1", Count(Each(your_graveyard("creature"))), tapped=True)
            ),
            Flashback("{2}{B}{B}"),
        ),
    ),
    Card(
        name="Rise of the Dark Realms",
        cost="{7}{B}{B}",
        types=("sorcery",),
        oracle=text("Rise of the Dark Realms"),
        abilities=(
            Spell(
                ReturnToBattlefield(
                    Each(Filter(types=("creature",), zone="graveyard")), under_your_control=True
                )
            ),
        ),
    ),
    Card(
        name="Rune-Scarred Demon",
        cost="{5}{B}{B}",
        types=("creature",),
        subtypes=("Demon",),
        power=6,
        toughness=6,
        keywords=("flying",),
        oracle=text("Rune-Scarred Demon"),
        abilities=(Triggered("enters", Search()),),
    ),
    Card(
        name="Reassembling Skeleton",
        cost="{1}{B}",
        types=("creature",),
        subtypes=("Skeleton", "Warrior"),
        power=1,
        toughness=1,
        oracle=text("Reassembling Skeleton"),
        abilities=(
            Activated(
                Cost(mana="{1}{B}"), ReturnToBattlefield(THIS, tapped=True), from_graveyard=True
            ),
        ),
    ),
    Card(
        name="Sanguine Syphoner",
        cost="{1}{B}",
        types=("creature",),
        subtypes=("Vampire", "Warlock"),
        power=1,
        toughness=3,
        oracle=text("Sanguine Syphoner"),
        abilities=(Triggered("attacks", Seq(LoseLife(EACH_OPPONENT, 1), GainLife(YOU, 1))),),
    ),
    Card(
        name="Seeker's Folly",
        cost="{2}{B}",
        types=("sorcery",),
        oracle=text("Seeker's Folly"),
        abilities=(
            Spell(Discard(Target(0), 2), (TargetSpec(OPPONENT),)),
            Spell(Pump(Each(Filter(types=("creature",), controller="opponent")), -1, -1)),
        ),
    ),
    Card(
        name="Soul-Shackled Zombie",
        cost="{3}{B}",
        types=("creature",),
        subtypes=("Zombie",),
        power=4,
        toughness=2,
        oracle=text("Soul-Shackled Zombie"),
        abilities=(
            Triggered(
                "enters",
                # "If at least one creature card was exiled this way": read before they are
                # exiled (only the targets still legal are, 608.2b).
                If(
                    AtLeast(
                        Count(Matching(Target(0), Filter(types=("creature",), zone="graveyard"))),
                        1,
                    ),
                    Seq(Exile(Target(0)), LoseLife(EACH_OPPONENT, 2), GainLife(YOU, 2)),
                    Exile(Target(0)),
                ),
                (TargetSpec(Filter(zone="graveyard"), count=2, up_to=True, single_graveyard=True),),
            ),
        ),
    ),
    Card(
        name="Stab",
        cost="{B}",
        types=("instant",),
        oracle=text("Stab"),
        abilities=(Spell(Pump(Target(0), -2, -2), TARGET_CREATURE),),
    ),
    Card(
        name="Stromkirk Bloodthief",
        cost="{2}{B}",
        types=("creature",),
        subtypes=("Vampire", "Rogue"),
        power=2,
        toughness=2,
        oracle=text("Stromkirk Bloodthief"),
        abilities=(
            # 603.4: "if an opponent lost life this turn", as it triggers and as it resolves.
            Triggered(
                "end_step",
                PutCounters(Target(0), "+1/+1"),
                targets=(
                    TargetSpec(
                        Filter(types=("creature",), subtypes=("Vampire",), controller="you")
                    ),
                ),
                condition=AtLeast(OPPONENTS_LOST_LIFE_THIS_TURN, 1),
            ),
        ),
    ),
    Card(
        name="Tragic Banshee",
        cost="{4}{B}",
        types=("creature",),
        subtypes=("Spirit",),
        power=5,
        toughness=3,
        oracle=text("Tragic Banshee"),
        abilities=(
            # Morbid (207.2c), read as it resolves ("instead": not an intervening "if").
            Triggered(
                "enters",
                If(
                    AtLeast(CREATURES_DIED_THIS_TURN, 1),
                    Pump(Target(0), -13, -13),
                    Pump(Target(0), -1, -1),
                ),
                targets=(TargetSpec(Filter(types=("creature",), controller="opponent")),),
            ),
        ),
    ),
    Card(
        name="Vampire Nighthawk",
        cost="{1}{B}{B}",
        types=("creature",),
        subtypes=("Vampire", "Shaman"),
        power=2,
        toughness=3,
        keywords=("flying", "deathtouch", "lifelink"),
        oracle=text("Vampire Nighthawk"),
    ),
    Card(
        name="Vampire Soulcaller",
        cost="{4}{B}",
        types=("creature",),
        subtypes=("Vampire", "Warlock"),
        power=3,
        toughness=2,
        keywords=("flying",),
        oracle=text("Vampire Soulcaller"),
        abilities=(
            # 509.1a: a restriction on blocking, the kernel's "can't block".
            Static(THIS, gains=("can't block",)),
            Triggered(
                "enters",
                ReturnToHand(Target(0)),
                targets=(TargetSpec(your_graveyard("creature")),),
            ),
        ),
    ),
    Card(
        name="Vampire Gourmand",
        cost="{1}{B}",
        types=("creature",),
        subtypes=("Vampire",),
        power=2,
        toughness=2,
        oracle=text("Vampire Gourmand"),
        abilities=(
            # "You may sacrifice another creature. If you do, …" (608.2c, 701.21a); "can't be
            # blocked this turn" until end of turn (509.1b, 514.2).
            Triggered(
                "attacks",
                May(
                    Seq(
                        Sacrifice(Filter(types=("creature",), other=True), YOU, 1),
                        If(
                            AtLeast(PERMANENTS_SACRIFICED, 1),
                            Seq(Draw(YOU, 1), Grant(THIS, "can't be blocked")),
                        ),
                    )
                ),
            ),
        ),
    ),
    Card(
        name="Vengeful Bloodwitch",
        cost="{1}{B}",
        types=("creature",),
        subtypes=("Vampire", "Warlock"),
        power=1,
        toughness=1,
        oracle=text("Vengeful Bloodwitch"),
        abilities=(
            # 603.10a: it looks back in time, at itself too ("this creature or another").
            Triggered(
                "dies",
                Seq(LoseLife(Target(0), 1), GainLife(YOU, 1)),
                (TargetSpec(OPPONENT),),
                subject=Filter(types=("creature",), controller="you"),
            ),
        ),
    ),
    Card(
        name="Zul Ashur, Lich Lord",
        cost="{1}{B}",
        types=("creature",),
        supertypes=("legendary",),
        subtypes=("Zombie", "Warlock"),
        power=2,
        toughness=2,
        oracle=text("Zul Ashur, Lich Lord"),
        abilities=(
            ward(life=2),
            Activated(
                Cost(tap=True),
                MayCastFromGraveyardThisTurn(Target(0)),
                (
                    TargetSpec(
                        Filter(
                            types=("creature",),
                            subtypes=("Zombie",),
                            controller="you",
                            zone="graveyard",
                        )
                    ),
                ),
            ),
        ),
    ),
    Card(
        name="Zombify",
        cost="{3}{B}",
        types=("sorcery",),
        oracle=text("Zombify"),
        abilities=(
            Spell(ReturnToBattlefield(Target(0)), (TargetSpec(your_graveyard("creature")),)),
        ),
    ),
)
