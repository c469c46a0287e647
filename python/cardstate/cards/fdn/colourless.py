"""The colourless cards of Foundations other than lands, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import LANDFALL, equip, text, ward
from cardstate.cards.vocab import (
    ATTACHED,
    EACH_OPPONENT,
    THIS,
    TRIGGERING,
    YOU,
    Activated,
    AtLeast,
    AttachedGets,
    BeginOnBattlefield,
    Card,
    ChooseAColour,
    ChooseACreatureType,
    Cost,
    CountersOn,
    CreateToken,
    Destroy,
    Draw,
    Each,
    Filter,
    If,
    LoseLife,
    ManaAbility,
    ManaOfChosenColour,
    Pump,
    PutCounters,
    RemoveCounters,
    Search,
    Seq,
    Static,
    Target,
    TargetSpec,
    Triggered,
)

__all__ = ["CARDS"]

CARDS: tuple[Card, ...] = (
    Card(
        name="Akroma's Memorial",
        cost="{7}",
        types=("artifact",),
        supertypes=("legendary",),
        oracle=text("Akroma's Memorial"),
        # 702.16g: "protection from black and from red" is two protection abilities.
        abilities=(
            Static(
                Filter(types=("creature",), controller="you"),
                gains=(
                    "flying",
                    "first strike",
                    "vigilance",
                    "trample",
                    "haste",
                    "protection from black",
                    "protection from red",
                ),
            ),
        ),
    ),
    Card(
        name="Adventuring Gear",
        cost="{1}",
        types=("artifact",),
        subtypes=("Equipment",),
        oracle=text("Adventuring Gear"),
        abilities=(
            Triggered("enters", Pump(ATTACHED, 2, 2), subject=LANDFALL),
            equip("{1}"),
        ),
    ),
    Card(
        name="Banner of Kinship",
        cost="{5}",
        types=("artifact",),
        oracle=text("Banner of Kinship"),
        abilities=(ChooseACreatureType(counter="fellowship", power=1, toughness=1),),
    ),
    Card(
        name="Burnished Hart",
        cost="{3}",
        types=("artifact", "creature"),
        subtypes=("Elk",),
        power=2,
        toughness=2,
        oracle=text("Burnished Hart"),
        abilities=(
            Activated(
                Cost(mana="{3}", sacrifice=True),
                Search(types=("land",), supertypes=("basic",), to="battlefield", tapped=True, n=2),
            ),
        ),
    ),
    Card(
        name="Campus Guide",
        cost="{2}",
        types=("artifact", "creature"),
        subtypes=("Golem",),
        power=2,
        toughness=1,
        oracle=text("Campus Guide"),
        abilities=(
            Triggered(
                "enters",
                Search(types=("land",), supertypes=("basic",), to="library_top"),
                may=True,
            ),
        ),
    ),
    Card(
        name="Fishing Pole",
        cost="{1}",
        types=("artifact",),
        subtypes=("Equipment",),
        oracle=text("Fishing Pole"),
        abilities=(
            # "Equipped creature has '{1}, {T}, Tap Fishing Pole: …'": offered as the Pole's
            # (docs/DUEL.md), the {T} the equipped creature's (302.6).
            Activated(Cost(mana="{1}", tap=True, tap_attached=True), PutCounters(THIS, "bait", 1)),
            # 502.3, 701.26b; "If you do" (608.2c): only with a bait counter to remove.
            Triggered(
                "becomes_untapped",
                If(
                    AtLeast(CountersOn(THIS, "bait"), 1),
                    Seq(RemoveCounters(THIS, "bait", 1), CreateToken("Fish Token 1/1")),
                ),
                subject=ATTACHED,
            ),
            equip("{2}"),
        ),
    ),
    Card(
        name="Gleaming Barrier",
        cost="{2}",
        types=("artifact", "creature"),
        subtypes=("Wall",),
        power=0,
        toughness=4,
        keywords=("defender",),
        oracle=text("Gleaming Barrier"),
        abilities=(Triggered("dies", CreateToken("Treasure Token")),),
    ),
    Card(
        name="Goldvein Pick",
        cost="{2}",
        types=("artifact",),
        subtypes=("Equipment",),
        oracle=text("Goldvein Pick"),
        abilities=(
            AttachedGets(power=1, toughness=1),
            Triggered(
                "deals_combat_damage_to_player", CreateToken("Treasure Token"), subject=ATTACHED
            ),
            equip("{1}"),
        ),
    ),
    Card(
        name="Heraldic Banner",
        cost="{3}",
        types=("artifact",),
        oracle=text("Heraldic Banner"),
        abilities=(
            ChooseAColour(power=1),
            ManaAbility("WUBRG"),
            ManaOfChosenColour(),
        ),
    ),
    Card(
        name="Leyline Axe",
        cost="{4}",
        types=("artifact",),
        subtypes=("Equipment",),
        oracle=text("Leyline Axe"),
        abilities=(
            BeginOnBattlefield(),
            AttachedGets(power=1, toughness=1, gains=("double strike", "trample")),
            equip("{3}"),
        ),
    ),
    Card(
        name="Meteor Golem",
        cost="{7}",
        types=("artifact", "creature"),
        subtypes=("Golem",),
        power=3,
        toughness=3,
        oracle=text("Meteor Golem"),
        abilities=(
            Triggered(
                "enters",
                Destroy(Target(0)),
                targets=(TargetSpec(Filter(not_types=("land",), controller="opponent")),),
            ),
        ),
    ),
    Card(
        name="Juggernaut",
        cost="{4}",
        types=("artifact", "creature"),
        subtypes=("Juggernaut",),
        power=5,
        toughness=3,
        oracle=text("Juggernaut"),
        # 508.1d: a requirement on attacking; 509.1b: a restriction on blocking.
        abilities=(
            Static(THIS, gains=("attacks each combat if able", "can't be blocked by walls")),
        ),
    ),
    Card(
        name="Quick-Draw Katana",
        cost="{2}",
        types=("artifact",),
        subtypes=("Equipment",),
        oracle=text("Quick-Draw Katana"),
        abilities=(
            AttachedGets(power=2, gains=("first strike",), during_your_turn=True),
            equip("{2}"),
        ),
    ),
    Card(
        name="Ravenous Amulet",
        cost="{2}",
        types=("artifact",),
        oracle=text("Ravenous Amulet"),
        abilities=(
            # "Sacrifice a creature": the Amulet isn't one, so any creature of its controller's.
            Activated(
                Cost(mana="{1}", tap=True, sacrifice_another=Filter(types=("creature",))),
                Seq(Draw(YOU, 1), PutCounters(THIS, "soul")),
                timing="sorcery",
            ),
            # Sacrificed as a cost (602.2b): its counters are read as it last existed (608.2h).
            Activated(
                Cost(mana="{4}", tap=True, sacrifice=True),
                LoseLife(EACH_OPPONENT, CountersOn(THIS, "soul")),
            ),
        ),
    ),
    Card(
        name="Scrawling Crawler",
        cost="{3}",
        types=("artifact", "creature"),
        subtypes=("Phyrexian", "Construct"),
        power=3,
        toughness=2,
        oracle=text("Scrawling Crawler"),
        abilities=(
            Triggered("upkeep", Draw(Each(Filter(players=True, objects=False)), 1)),
            # 121.2: the player who drew is the one the event is about.
            Triggered("opponent_draws", LoseLife(TRIGGERING, 1)),
        ),
    ),
    Card(
        name="Sire of Seven Deaths",
        cost="{7}",
        types=("creature",),
        subtypes=("Eldrazi",),
        power=7,
        toughness=7,
        keywords=("first strike", "vigilance", "menace", "trample", "reach", "lifelink"),
        oracle=text("Sire of Seven Deaths"),
        abilities=(ward(life=7),),
    ),
    Card(
        name="Solemn Simulacrum",
        cost="{4}",
        types=("artifact", "creature"),
        subtypes=("Golem",),
        power=2,
        toughness=2,
        oracle=text("Solemn Simulacrum"),
        abilities=(
            Triggered(
                "enters",
                Search(types=("land",), supertypes=("basic",), to="battlefield", tapped=True),
                may=True,
            ),
            Triggered("dies", Draw(YOU, 1), may=True),
        ),
    ),
    Card(
        name="Swiftfoot Boots",
        cost="{2}",
        types=("artifact",),
        subtypes=("Equipment",),
        oracle=text("Swiftfoot Boots"),
        abilities=(AttachedGets(gains=("hexproof", "haste")), equip("{1}")),
    ),
)
