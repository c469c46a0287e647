"""The Foundations and Pauper pools (``cardstate.cards.pools["fdn"]``, ``["pauper"]``;
docs/CARDS.md, "Foundations and Pauper"): every definition's Oracle text and characteristics
are the packaged data's (``oracle.json``, ``card_facts.tsv``), the cards defined and the tokens
they make, the decks, the coverage (which cards are playable and why the others aren't),
pickling by name."""

from __future__ import annotations

import pickle

import pytest
from cardstate.cards import CardPool, coverage, fdn, pauper, pools
from cardstate.cards.cardpool import builtin_pool
from cardstate.cards.fdn.data import card_facts, deck_files, fdn_names, oracle_records
from fdn_support import FDN

RECORDS = oracle_records()
FACTS = card_facts()
DEFINED = sorted(c.name for c in fdn.CARDS)
PAUPER_ONLY = sorted(c.name for c in pauper.CARDS)
PAUPER = pools["pauper"]

SIMPLE_ENGINE = """Aegis Turtle, Anthem of Champions, Ashroot Animist, Axgard Cavalry, Balmor,
Battlemage Captain, Bloodfell Caves, Blossoming Sands, Boltwave, Brazen Scourge, Broken Wings,
Crackling Cyclops, Dauntless Veteran, Day of Judgment, Diregraf Ghoul, Dismal Backwater, Dragon
Trainer, Drakuseth, Maw of Flames, Dwynen, Gilt-Leaf Daen, Empyrean Eagle, End the Festivities,
Essence Scatter, Exsanguinate, Fanatical Firebrand, Felidar Savior, Firebrand Archer, Firespitter
Whelp, Fleeting Distraction, Forest, Giant Growth, Guarded Heir, Guttersnipe, Healer's Hawk,
Helpful Hunter, Hero's Downfall, Heroic Reinforcements, Hidetsugu's Second Rite, Hungry Ghoul,
Infestation Sage, Island, Joust Through, Jungle Hollow, Krenko, Mob Boss, Lightning Bolt, Llanowar
Elves, Lunar Insight, Make Your Move, Meteor Golem, Mountain, Overrun, Phyrexian Arena, Plains,
Preposterous Proportions, Prideful Parent, Quakestrider Ceratops, Rally at the Hornburg, Rite of
the Dragoncaller, Rugged Highlands, Sanguine Syphoner, Savannah Lions, Scoured Barrens, Seismic
Rupture, Serra Angel, Shivan Dragon, Snakeskin Veil, Stab, Stroke of Midnight, Sure Strike, Swamp,
Swiftblade Vindicator, Swiftwater Cliffs, Thornwood Falls, Tranquil Cove, Vampire Nighthawk,
Wind-Scarred Crag"""

TRIGGERS_AND_CONDITIONS = """Ajani's Pridemate, Arahbo, the First Fang, Beast-Kin Ranger, Courageous
Goblin, Crypt Feaster, Dazzling Angel, Dwynen's Elite, Elfsworn Giant, Galvanic Blast, Garruk's
Uprising, Goblin Boarders, Good-Fortune Unicorn, Gorehorn Raider, Marauding Blight-Priest, Mossborn
Hydra, Needletooth Pack, Nessian Hornbeetle, Reclamation Sage, Searslicer Goblin, Skyship Buccaneer,
Spitfire Lagac, Stromkirk Bloodthief, Tatyova, Benthic Druid, Tragic Banshee, Treetop Snarespinner,
Youthful Valkyrie"""
"""The cards of new trigger events, conditions and statics defined so far (tests/
test_fdn_cards_triggers.py)."""

INTERACTION = """Affectionate Indrik, Angel of Finality, Bigfin Bouncer, Bite Down, Burglar Rat,
Elvish Regrower, Felling Blow, Icewind Elemental, Macabre Waltz, Raise the Past, Refute, Run Away
Together, Scavenging Ooze, Strix Lookout, Zombify"""
"""Cards of fights and bites (701.14), discarding (701.9) and zone changes by effect (400.7)."""

FLASH_AND_PROWESS = """Cathar Commando, Elementalist Adept, Heartfire Immolator, Resolute
Reinforcements, Spectral Sailor"""
"""Cards of flash (702.8) and prowess (702.108) (tests/test_fdn_cards_flash.py)."""
MODAL = """Abrade, Apothecary Stomper, Goblin Surprise, Seeker's Folly, Slagstorm, Sylvan
Scavenging, Wardens of the Cycle"""
"""Modal spells, "Choose one —" (700.2a), and modal triggered abilities (603.3c; tests/
test_fdn_duel_modes.py)."""

KNOWN_PARTS = """Aetherize, Ambush Wolf, Bake into a Pie, Eager Trufflesnout, Mischievous Pup,
Ruby, Daring Tracker, Think Twice"""
"""Cards made of parts the duel already plays (tests/test_fdn_cards_known_parts.py)."""

DRAW_TRIGGERS = """Clinquant Skymage, Erudite Wizard, Mischievous Mystic, Scrawling Crawler"""
"""Cards of draw triggers (121.2) (tests/test_fdn_cards_draws.py)."""

EVENTS = """Armasaur Guide, Battlesong Berserker, Vengeful Bloodwitch"""
"""Cards of the other trigger events: dies looking back (603.10a), "whenever you attack"
(508.3d) (tests/test_fdn_cards_events.py)."""

LIBRARY = """Burnished Hart, Evolving Wilds, Grim Tutor, Lightshell Duo, Micromancer,
Rune-Scarred Demon, Rune-Sealed Wall, Solemn Simulacrum, Wary Thespian"""
"""Cards of the library's operations: searching (701.23) and shuffling (701.24), surveilling
(701.25) (tests/test_fdn_cards_library.py)."""
KICKER = """Goblin Bushwhacker"""
"""Cards of kicker (702.33) (tests/test_pauper_kicker.py)."""

ZONES = """Hare Apparent, Kiora, the Rising Tide, Revenge of the Rats"""
"""Cards of named (111.4) and tapped (110.5b) tokens, and of a filter of a name (201.2)
(tests/test_fdn_cards_zones.py)."""

STUN = """Grappling Kraken"""
"""Cards of stun counters (122.1d) (tests/test_fdn_cards_stun.py)."""

DISCARDS = """Incinerating Blast, Thrill of Possibility"""
"""Cards of discarding: "if you do" after a discard (608.2c), a discard as an additional cost
(601.2f-h) (tests/test_fdn_cards_known_parts.py)."""

ARTIFACTS = """Ravenous Amulet"""
"""Artifacts of sacrifice costs (602.2b, 701.21a) (tests/test_fdn_cards_artifacts.py)."""

DELAYED = """Kykar, Zephyr Awakener"""
"""Cards of delayed triggered abilities (603.7) (tests/test_fdn_delayed.py)."""
WARD = """Cackling Prowler, Sire of Seven Deaths"""
"""Cards of ward (702.21a) (tests/test_fdn_cards_ward.py)."""

TREASURES = """An Offer You Can't Refuse, Brass's Bounty, Gleaming Barrier"""
"""Cards that make Treasure tokens (111.10a) (tests/test_fdn_treasure.py)."""
KICKED_SPELLS = """Burst Lightning, Bushwhack, Campus Guide, Grow from the Ashes, Sun-Blessed
Healer"""
"""Kicked spells and permanents (702.33d), Bushwhack and Campus Guide (tests/test_fdn_kicked.py)."""
SPELL_COSTS = """Arcane Epiphany, Archmage of Runes, Claws Out, Luminous Rebuke, Mocking Sprite"""
"""Spells that cost less (601.2f, 702.41a) (tests/test_fdn_spell_costs.py)."""
LIFE_GAINED = """Cat Collector, Vanguard Seraph"""
"""A first life gain of a turn (119.9) (tests/test_fdn_life_gained.py)."""
UP_TO_POWER = """Alesha, Who Laughs at Fate, Fiendish Panda"""
"""A card of mana value up to a creature's power (202.3, 208.1) (tests/test_fdn_raid.py,
tests/test_fdn_life_gained.py)."""
TURNS = """Brineborn Cutthroat, Temporal Manipulation"""
"""An extra turn (500.7) and a spell cast on an opponent's turn (tests/test_fdn_turns.py)."""
LIFE_GAINED_THIS_TURN = """Midnight Snack"""
"""The amount of life gained this turn (119.9) (tests/test_fdn_raid.py)."""
WITH_COUNTERS = """Inspiring Call"""
"""Creatures with a +1/+1 counter on them (122.1) (tests/test_fdn_with_counters.py)."""
SACRIFICE_COST = """Arbiter of Woe, Eaten Alive"""
"""A sacrifice as an additional cost (601.2f-h) (tests/test_fdn_sacrifice_cost.py)."""
ATTACK_SACRIFICE = """High-Society Hunter, Vampire Gourmand"""
"""'You may sacrifice another creature. If you do, …' (tests/test_fdn_attack_sacrifice.py)."""
PLUS_ONE_COUNTERS = """Exemplar of Light, Wildwood Scourge"""
"""+1/+1 counters put as a trigger event (122.6), once each turn (603.2h) (tests/
test_fdn_plus_one_counters.py)."""

LIBRARY_MOVES = """Condemn, Uncharted Voyage"""
"""Cards that put a permanent on the top or bottom of its owner's library (401.4) (tests/
test_fdn_duel_choices.py)."""

COPIES = """Self-Reflection, Homunculus Horde, Extravagant Replication, Electroduplicate"""
"""Cards that create a token that's a copy of a permanent (707.2) (tests/test_fdn_copies.py)."""

MANA_CREATURES = """Elvish Archdruid"""
"""Mana abilities that add several mana (106.4) (tests/test_fdn_mana_creatures.py)."""
STATICS = """Billowing Shriekmass, Cephalid Inkmage, Dreadwing Scavenger, Flamewake Phoenix,
Frenzied Goblin, Gnarlid Colony, Juggernaut, Paradise Druid, Rogue's Passage, Skyknight Squire,
Sower of Chaos, Vampire Soulcaller"""
"""Cards of combat's restrictions and requirements (508.1d, 509.1a-b) and of conditional static
abilities (611.3a) (tests/test_fdn_combat_restrictions.py,
tests/test_fdn_conditional_statics.py)."""
ATTACHMENTS = """Adventuring Gear, Blanchwood Armor, Celestial Armor, Embercleave, Goldvein Pick,
Leyline Axe, Quick-Draw Katana, Swiftfoot Boots, Twinblade Blessing"""
"""Auras and Equipment (301.5, 303.4, 702.5, 702.6) (tests/test_fdn_equipment.py,
tests/test_fdn_auras.py)."""
PLANESWALKERS = """Ajani, Caller of the Pride, Kaito, Cunning Infiltrator, Liliana, Dreadhorde
General, Vivien Reid, Chandra, Flameshaper"""
"""Planeswalkers and their loyalty abilities (306.5b, 606) (tests/test_fdn_planeswalkers.py)."""

BENCHMARK = """Fleeting Flight, Koma, World-Eater, Goblin Negotiation, Faebloom Trick,
Banishing Light, Twinflame Tyrant, Fake Your Own Death"""
"""Cards of the benchmark's decks: prevention on one creature (615.1a), "can't be countered"
(101.2), excess damage (120.10), a reflexive trigger (603.12), exile until a permanent leaves
the battlefield (610.3), doubling damage (614.1a), a triggered ability granted until end of turn
(613.1f) (tests/test_fdn_benchmark_cards.py)."""
SMALL_RULES = """Bulk Up, Ghalta, Primal Hunger, Blasphemous Edict, Time Stop, Zimone, Paradox
Sculptor, High Fae Trickster, Omniscience, Divine Resilience"""
"""Spells and permanents with small rules of their own: doubling a creature's power and the
counters on a permanent (701.10) (tests/test_fdn_double.py), a cost reduction by the total
power of its caster's creatures (601.2f) (tests/test_fdn_cost_reduction.py), an alternative
cost of mana while thirteen creatures are on the battlefield (118.9)
(tests/test_fdn_alternative_mana_cost.py), ending the turn (723.1)
(tests/test_fdn_end_the_turn.py), casting spells as though they had flash (702.8a)
(tests/test_fdn_as_though_flash.py) and without paying their mana costs (118.9)
(tests/test_fdn_without_paying.py), a kicked spell's own targets (702.33d)
(tests/test_fdn_kicked.py)."""

LOOK_AT_TOP = """Gutless Plunderer, Squad Rallier, Curator of Destinies, Strongbox Raider,
Spinner of Souls, Loot, Exuberant Explorer, Inspiration from Beyond, Genesis Wave, Sphinx's
Tutelage"""
"""Cards that look at the top cards of a library and choose one (401.4), separate them into
piles (700.3), exile them and choose one to play or reveal them until a creature card (701.20a);
an additional land each turn (305.2); a graveyard card chosen as a spell resolves (tests/
test_fdn_look_at_top.py)."""

AMOUNTS = """Bloodthirsty Conqueror, Drake Hatcher, Lathril, Blade of the Elves, Niv-Mizzet,
Visionary, Soul-Shackled Zombie, Reassembling Skeleton"""
"""Triggers that carry an amount: "that many", "that much" (603.2, 119.3, 120.2), a cost of
tapping untapped permanents (602.2b), no maximum hand size (402.2), targets from a single
graveyard (601.2c), an ability from a graveyard (113.6k) (tests/test_fdn_amounts.py)."""
RETURNS = """Infernal Vessel, Valkyrie's Call"""
"""A dying creature's card returned with +1/+1 counters (614.1c) and, from the resolving
ability, a keyword (613.1f) and a subtype in addition to its other types (613.1d), "if it wasn't
a Demon" read as it last existed (608.2h) (tests/test_fdn_returns.py)."""
BECOMES = """Mild-Mannered Librarian"""
"""A creature that becomes a creature type (205.1a, 613.1d), an ability activated only once
(602.5b) (tests/test_fdn_librarian.py)."""

DURING_YOUR_TURN = """Inspiring Paladin"""
"""Static abilities "during your turn" (102.1, 611.3a) (tests/test_fdn_during_your_turn.py)."""

ENTER_TAPPED = """Authority of the Consuls"""
"""Replacement effects that make permanents enter tapped (614.12) (tests/
test_fdn_enter_tapped.py)."""

DOESNT_UNTAP = """Slumbering Cerberus"""
"""A creature that doesn't untap during its controller's untap step (502.3) and a trigger at
each end step (513.1a) (tests/test_fdn_doesnt_untap.py)."""

REWRITING_AURAS = """Witness Protection, Imprisoned in the Moon"""
"""Auras that rewrite what a permanent is: its abilities, types, colours, base power and
toughness (613.1d-f, 613.4b) (tests/test_fdn_rewriting_auras.py)."""
EXILE_INSTEAD = """Fiery Annihilation"""
"""A creature exiled if it would die this turn (614.1a) and a target attached to the first
(tests/test_fdn_fiery_annihilation.py)."""

CANT_LOSE = """Herald of Eternal Dawn"""
"""A player who can't lose the game (104.3) (tests/test_fdn_cant_lose.py)."""
CONTROL = """Involuntary Employment, Rise of the Dark Realms"""
"""Gaining control of a creature until end of turn (613.1b, 514.2), putting cards onto the
battlefield under your control (110.2) (tests/test_fdn_control.py)."""

GRAVEYARD_PERMISSION = """Zul Ashur, Lich Lord, Sphinx of Forgotten Lore"""
"""Casting a graveyard card by a permission this turn, ward that costs life (702.21a), flashback
gained until end of turn (702.34a) (tests/test_fdn_graveyard_permission.py)."""
HAND_DISRUPTION = """Pilfer, Painful Quandary, Perforating Artist"""
"""A revealed hand (701.20a) and a card of it chosen by its opponent to be discarded (701.9b);
life lost unless the punished player sacrifices or discards (608.2d), whenever an opponent
casts a spell (601.2i) (tests/test_fdn_hand_disruption.py)."""
DOUBLING_SEASON = """Doubling Season"""
"""Replacement effects that double the tokens created and the counters put by an effect (614.1a)
(tests/test_fdn_doubling_season.py)."""

BLOOM_TENDER = """Bloom Tender"""
"""A mana ability adding one mana of each colour among permanents (105.2, 106.4) (tests/
test_fdn_bloom_tender.py)."""

GIADA = """Giada, Font of Hope"""
"""Counters other permanents enter with (614.1c) and mana spent only on some spells (106.6)
(tests/test_fdn_giada.py)."""

MULDROTHA = """Muldrotha, the Gravetide"""
"""A land and a permanent spell of each permanent type played from the graveyard each turn
(305.1, 305.2, 601.2a; tests/test_fdn_muldrotha.py)."""
HERALDIC_BANNER = """Heraldic Banner"""
"""A colour chosen as a permanent enters (614.12, 607.2), a bonus for creatures of that colour
and mana of it (tests/test_fdn_heraldic_banner.py)."""
ANIMATED_LANDS = """Soulstone Sanctuary"""
"""A land that becomes a creature for as long as it stays, with all creature types (205.1b,
613.4b, 205.3m) (tests/test_fdn_soulstone.py)."""
THOUSAND_YEAR_STORM = """Thousand-Year Storm"""
"""Copies of a spell cast, one for each other instant and sorcery spell cast before it this
turn (707.10) (tests/test_fdn_thousand_year_storm.py)."""
KELLAN = """Kellan, Planar Trailblazer"""
"""A condition on a permanent's own subtype read as its ability resolves (608.2c), subtypes,
base power and toughness and a triggered ability gained for as long as it stays (613.1d,
613.4b, 613.1f, 611.2c) (tests/test_fdn_kellan.py)."""
FISHING_POLE = """Fishing Pole"""
"""An Equipment's ability with the equipped creature's {T} in its cost (302.6) and a trigger
whenever the equipped creature becomes untapped (502.3, 701.26b) (tests/
test_fdn_fishing_pole.py)."""
BARRICADE = """Crystal Barricade"""
"""A player with hexproof (702.11d) and noncombat damage to other creatures prevented (615.1)
(tests/test_fdn_crystal_barricade.py)."""
CONSUMING_ABERRATION = """Consuming Aberration"""
"""A characteristic-defining power and toughness counted continuously (604.3, 613.4a) and cards
revealed until a land card put into a graveyard (701.20a) (tests/
test_fdn_consuming_aberration.py)."""
ETALI = """Etali, Primal Storm"""
"""Spells cast without paying their mana costs from among cards an ability exiled, whoever owns
them (118.9, 608.3a) (tests/test_fdn_etali.py)."""
GREATWURM = """Quilled Greatwurm"""
"""Combat damage during its controller's turn (510.2) and a card cast from its graveyard by
removing counters (601.2a, 601.2f-h) (tests/test_fdn_quilled_greatwurm.py)."""
KINSHIP = """Banner of Kinship, Secluded Courtyard"""
"""A creature type chosen as a permanent enters (614.12, 607.2), counters for the creatures of
that type and a bonus for each (614.1c), and mana spent only on creature spells of that type
(106.6) (tests/test_fdn_banner_of_kinship.py, tests/test_fdn_secluded_courtyard.py)."""
ABYSSAL_HARVESTER = """Abyssal Harvester"""
"""A target put into a graveyard this turn (400.7), a token copy of a card that is a Nightmare
too (707.2, 707.9a) and the other Nightmare tokens exiled (tests/test_fdn_abyssal_harvester.py)."""
PROTECTION = """Akroma's Memorial"""
"""Protection from colours (702.16), granted by a static ability (tests/test_fdn_protection.py)."""
ELENDA = """Elenda, Saint of Dusk"""
"""Hexproof from instants (702.11d) and statics while its controller's life total is above the
starting one (119.1, 103.4) (tests/test_fdn_elenda.py)."""
FIEND_ARTISAN = """Fiend Artisan"""
"""A bonus for each creature card in the graveyard (613.4c), {X} in an activated ability's cost
(107.3, 601.2b, 602.2b) and a search for a mana value X or less (tests/
test_fdn_fiend_artisan.py)."""


def _names(text: str) -> set[str]:
    """Card names from a comma-separated list (a name with a comma comes whole: "Krenko, Mob
    Boss")."""
    parts = [p.strip() for p in " ".join(text.split()).split(",")]
    out, i = set(), 0
    while i < len(parts):
        if parts[i] in RECORDS:
            out.add(parts[i])
            i += 1
        else:
            out.add(f"{parts[i]}, {parts[i + 1]}")
            i += 2
    return out


def test_the_simple_engines_cards_are_all_defined_and_counted():
    """The 74 cards of the simple engine are defined: 70 of Foundations (pools["fdn"]) and the 4
    of the Pauper lists that aren't (pools["pauper"]), the 26 of triggers and conditions (25
    and 1) and the Foundations cards of fights and zone changes; the other Foundations cards of
    the 286 are reported undefined until they are; the cards of flash and prowess; the modal
    spells and triggers; the cards of parts the duel already plays; of discarding; of Treasures."""
    wanted = _names(SIMPLE_ENGINE)
    assert len(wanted) == 74
    later = _names(TRIGGERS_AND_CONDITIONS)
    assert len(later) == 26
    # The Pauper cards of casting from other zones and artifact lands (tests/test_pauper_duel.py).
    pauper_batch_4 = {
        "Faithless Looting",
        "Fireblast",
        "Great Furnace",
        "Lava Dart",
        "Masked Meower",
        "Voldaren Epicure",
    }
    # The Pauper cards of impulse draw (tests/test_pauper_impulse.py).
    pauper_batch_4 |= {"Clockwork Percussionist", "Experimental Synthesizer", "Reckless Impulse"}
    pauper_batch_4 |= {"Goblin Tomb Raider"}  # tests/test_pauper_conditional_static.py
    pauper_batch_4 |= {"Grab the Prize"}  # tests/test_pauper_additional_cost.py
    pauper_batch_4 |= {"Sneaky Snacker"}  # tests/test_pauper_graveyard_trigger.py
    pauper_batch_4 |= {"Fiery Temper"}  # tests/test_pauper_madness.py
    pauper_batch_4 |= {"Highway Robbery"}  # tests/test_pauper_robbery.py
    pauper_batch_4 |= {"Burning-Tree Emissary"}  # tests/test_pauper_mana_pool.py
    pauper_batch_4 |= {"Chain Lightning"}  # tests/test_pauper_copy.py
    assert (
        {n for n in wanted | later if RECORDS[n]["set"] == "PAUPER"}
        == set(PAUPER_ONLY) - pauper_batch_4
        == {
            "End the Festivities",
            "Galvanic Blast",
            "Guttersnipe",
            "Lightning Bolt",
            "Rally at the Hornburg",
        }
    )
    interaction = (
        _names(INTERACTION)
        | _names(FLASH_AND_PROWESS)
        | _names(DRAW_TRIGGERS)
        | _names(EVENTS)
        | _names(MODAL)
        | _names(KNOWN_PARTS)
        | _names(LIBRARY)
        | _names(KICKER)
        | _names(ZONES)
        | _names(STUN)
        | _names(ARTIFACTS)
        | _names(DELAYED)
        | _names(DISCARDS)
        | _names(WARD)
        | _names(TREASURES)
        | _names(COPIES)
        | _names(MANA_CREATURES)
        | _names(ATTACHMENTS)
        | _names(KICKED_SPELLS)
        | _names(SPELL_COSTS)
        | _names(LIFE_GAINED)
        | _names(UP_TO_POWER)
        | _names(TURNS)
        | _names(LIFE_GAINED_THIS_TURN)
        | _names(WITH_COUNTERS)
        | _names(SACRIFICE_COST)
        | _names(ATTACK_SACRIFICE)
        | _names(PLUS_ONE_COUNTERS)
        | _names(BENCHMARK)
        | _names(LIBRARY_MOVES)
        | _names(PLANESWALKERS)
        | _names(RETURNS)
        | _names(BECOMES)
        | {"Nine-Lives Familiar"}  # tests/test_fdn_revival.py
        | {"Tolarian Terror"}  # tests/test_fdn_cost_reduction.py
        | _names(STATICS)
        | _names(SMALL_RULES)
        | _names(LOOK_AT_TOP)
        | _names(AMOUNTS)
        | _names(DURING_YOUR_TURN)
        | _names(ENTER_TAPPED)
        | _names(DOESNT_UNTAP)
        | _names(REWRITING_AURAS)
        | _names(EXILE_INSTEAD)
        | _names(CANT_LOSE)
        | _names(CONTROL)
        | _names(GRAVEYARD_PERMISSION)
        | _names(HAND_DISRUPTION)
        | _names(DOUBLING_SEASON)
        | _names(BLOOM_TENDER)
        | _names(GIADA)
        | _names(MULDROTHA)
        | _names(HERALDIC_BANNER)
        | _names(ANIMATED_LANDS)
        | _names(THOUSAND_YEAR_STORM)
        | _names(BARRICADE)
        | _names(CONSUMING_ABERRATION)
        | _names(KELLAN)
        | _names(GREATWURM)
        | _names(KINSHIP)
        | _names(ABYSSAL_HARVESTER)
        | _names(FISHING_POLE)
        | _names(ETALI)
        | _names(PROTECTION)
        | _names(ELENDA)
        | _names(FIEND_ARTISAN)
    )
    assert not interaction & later
    assert set(DEFINED) == ((wanted | later) - set(PAUPER_ONLY)) | interaction
    assert set(DEFINED) <= set(fdn_names()), "only Foundations cards"
    assert len(fdn_names()) == 286
    assert len(DEFINED) == 70 + 25 + len(interaction) == 284
    assert sorted(fdn.undefined()) == sorted(set(fdn_names()) - set(DEFINED))
    assert len(fdn.undefined()) == 286 - len(DEFINED)
    report = coverage.coverage(fdn_names())
    assert sum(c.name in fdn.undefined() for c in report) == 286 - 284
    for c in report:
        if c.name in fdn.undefined():
            assert c.reasons == ("not a card of the pool 'fdn' (not defined yet)",)


def test_the_pauper_pool_holds_the_lists_cards_defined():
    """pools["pauper"]: the distinct cards of the two mainboards that are defined (Mountain is
    Foundations' definition), the tokens they make; its decks "burn" and "rally" once all
    their cards are defined."""
    names = pauper.list_names()
    assert len(names) == 23 and {"Mountain", "Goblin Bushwhacker"} <= set(names)
    defined = [n for n in names if n in PAUPER_ONLY or n in DEFINED]
    tokens = {"Human Soldier Token 1/1", "Blood Token", "Samurai Token 2/2"}
    assert [n for n in PAUPER if n not in tokens] == defined
    assert set(defined) == {*PAUPER_ONLY, "Mountain", "Goblin Bushwhacker"}
    assert PAUPER["Mountain"].data == FDN["Mountain"].data
    assert "Human Soldier Token 1/1" in PAUPER
    # Burn's cards and Rally's are all defined: their decks are the pool's.
    both = {"burn", "rally"}
    assert PAUPER.builtin and set(PAUPER.decks) == both and set(pauper.decks()) == both
    report = coverage.coverage(names, "pauper")
    assert [c.name for c in report if c.playable] == defined


@pytest.mark.parametrize("name", PAUPER_ONLY)
def test_each_pauper_definition_has_the_cards_text_and_characteristics(name):
    card, record = PAUPER[name].card, RECORDS[name]
    assert card.oracle == record["oracle"]
    assert (card.cost or "") == record["cost"]
    assert card.types == tuple(t.lower() for t in record["types"])
    assert card.subtypes == tuple(record["subtypes"])
    for field in ("power", "toughness", "loyalty"):
        value = getattr(card, field)
        assert (None if value is None else str(value)) == record[field]


@pytest.mark.parametrize("name", DEFINED)
def test_each_definition_has_the_cards_text_and_characteristics(name):
    """The Oracle text exactly as ``oracle.json`` has it (the current wording); cost, types,
    supertypes, subtypes, power, toughness and loyalty as ``oracle.json`` and
    ``card_facts.tsv`` give them (202.1, 205, 208, 209); printed keywords among the tsv's."""
    card, record, facts = FDN[name].card, RECORDS[name], FACTS[name]
    assert card.oracle == record["oracle"]
    assert (card.cost or "") == record["cost"] == facts["mana_cost"]
    assert card.types == tuple(t.lower() for t in record["types"])
    assert card.supertypes == tuple(t.lower() for t in record["supertypes"])
    assert card.subtypes == tuple(record["subtypes"])
    for field in ("power", "toughness", "loyalty"):
        value = getattr(card, field)
        # 604.3: a characteristic-defining "*" is 0 as printed (card_facts.tsv's).
        printed = "0" if record[field] == "*" else record[field]
        assert (None if value is None else str(value)) == printed
        assert ("" if value is None else str(value)) == facts[field]
    tsv = {
        k.lower().replace("doublestrike", "double strike").replace("firststrike", "first strike")
        for k in facts["keywords"].split(",")
        if k
    }
    # The tsv's keywords are XMage's combat keywords: "hexproof from instants" (702.11d) isn't one.
    printed = set(card.keywords) - {"hexproof from instants"}
    assert printed <= tsv, (set(card.keywords), tsv)
    mana = [a for a in FDN[name].data["abilities"] if a["kind"] == "mana"]
    if facts["land_mana"]:
        # All its mana abilities together (Secluded Courtyard's {C} and any colour).
        assert mana and set().union(*(a["produces"] for a in mana)) == set(facts["land_mana"])


def test_the_tokens_are_cards_of_the_pool_named_by_111_4():
    """111.4: an effect that creates a token sets its characteristics; the pool's token cards
    are named by their subtypes, "Token" and their power and toughness (names stay unique); a
    noncreature token by its subtypes and "Token" (111.10a, 111.10b, 111.10g: Treasure, Food,
    Blood); a token the effect names by that name (Scion of the Deep, Koma's Coil). The
    emblems (114) are kept with them, named by their planeswalkers and "Emblem"."""
    emblems = {t.name for t in fdn.TOKENS if not t.types}
    assert emblems == {"Kaito, Cunning Infiltrator Emblem", "Vivien Reid Emblem"}
    names = {t.name for t in fdn.TOKENS} - emblems
    assert names == {
        "Blood Token",
        "Cat Token 1/1",
        "Cat Token 2/2",
        "Dragon Token 4/4",
        "Dragon Token 5/5",
        "Elf Warrior Token 1/1",
        "Faerie Token 1/1",
        "Fish Token 1/1",
        "Food Token",
        "Goblin Token 1/1",
        "Human Token 1/1",
        "Human Soldier Token 1/1",
        "Insect Token 1/1",
        "Knight Token 3/3",
        "Koma's Coil",
        "Ninja Token 2/1",
        "Drake Token 2/2",
        "Rabbit Token 1/1",
        "Raccoon Token 3/3",
        "Rat Token 1/1",
        "Samurai Token 2/2",
        "Scion of the Deep",
        "Soldier Token 1/1",
        "Spirit Token 1/1",
        "Treasure Token",
        "Zombie Token 2/2",
    }
    for t in fdn.TOKENS:
        assert t.name in FDN or t.name in PAUPER
        assert t.cost is None
        if t.name in emblems:
            assert t.subtypes == () and t.power is None and t.toughness is None
        elif t.name == "Scion of the Deep":
            assert t.supertypes == ("legendary",) and (t.power, t.toughness) == (8, 8)
        elif t.name == "Koma's Coil":
            assert t.subtypes == ("Serpent",) and (t.power, t.toughness) == (3, 3)
        elif t.types == ("creature",):
            assert t.name == f"{' '.join(t.subtypes)} Token {t.power}/{t.toughness}"
        else:
            assert t.name == f"{' '.join(t.subtypes)} Token" and t.power is None
    assert FDN["Dragon Token 5/5"].card.keywords == ("flying",)
    assert FDN["Insect Token 1/1"].card.info == {"colours": ["B", "G"]}

    def made(pool):
        return {
            op["card"]
            for c in pool.values()
            for a in c.data["abilities"]
            for op in a.get("program", ())
            if op["op"] == "create_token"
        }

    assert made(FDN) | made(PAUPER) == names, "every token is one a card makes"
    assert made(PAUPER) == {"Human Soldier Token 1/1", "Blood Token", "Samurai Token 2/2"}
    assert made(PAUPER) <= set(PAUPER)
    assert made(FDN) == names & set(FDN), "a pool holds the tokens it makes"


def test_the_pool_is_registered_and_pickles_by_name():
    assert "fdn" in pools and pools["fdn"] is FDN
    assert FDN.builtin and FDN.name == "fdn"
    # Not Rally's Human Soldiers, Voldaren Epicure's Blood nor Experimental Synthesizer's
    # Samurai.
    assert len(FDN) == len(fdn.CARDS) + len(fdn.TOKENS) - 3
    assert pickle.loads(pickle.dumps(FDN)) is FDN
    assert builtin_pool("fdn", FDN.native.fingerprint) is FDN
    # The compiled form reads back through the Rust runtime's checks.
    again = CardPool.from_json(FDN.json, name="again")
    assert again.data == FDN.data


def test_the_decks_are_the_deck_files_whose_cards_are_all_defined():
    """The 20 FDN deck files are in the package; a deck is the pool's (by file stem) once
    every card of it is defined — twenty so far — and each says which of its cards aren't."""
    files = deck_files()
    assert len(files) == 20 and "FDN_top_07961_WR" in files
    lists = fdn.deck_lists()
    assert all(len(cards) >= 40 for cards in lists.values())
    assert (
        set(fdn.decks())
        == set(FDN.decks)
        == {stem for stem, cards in lists.items() if set(cards) <= set(DEFINED)}
    )
    whole = {
        "FDN_top_01766_UR",
        "FDN_top_02581_UR",
        "FDN_top_02819_WU",
        "FDN_top_03286_WR",
        "FDN_top_03361_BG",
        "FDN_top_03615_WB",
        "FDN_top_04406_BR",
        "FDN_top_04956_UG",
        "FDN_top_06330_WB",
        "FDN_top_06402_WB",
        "FDN_top_06683_BR",
        "FDN_top_07760_UBpG",
        "FDN_top_07961_WR",
        "FDN_top_08183_UB",
        "FDN_top_08530_WR",
        "FDN_top_08981_URpW",
        "FDN_top_09446_URpG",
        "FDN_top_09477_WU",
        "FDN_top_09703_UB",
        "FDN_top_20626_WG",
    }
    assert set(FDN.decks) == whole
    assert all(set(c) - set(DEFINED) for stem, c in lists.items() if stem not in whole)


def test_coverage_reports_the_duels_gaps_and_the_declared_ones():
    """A card is playable when it is defined, whole, and every part of it runs in the duel;
    otherwise each reason is given."""
    by_name = {c.name: c for c in coverage.coverage(DEFINED)}
    assert by_name["Stab"] == coverage.CardCoverage("Stab", True, ())
    for name in (
        "Bloodfell Caves",
        "Felidar Savior",
        "Drakuseth, Maw of Flames",
        "Hungry Ghoul",
        "Joust Through",
        "Dwynen, Gilt-Leaf Daen",
        "Macabre Waltz",
    ):
        assert by_name[name].playable, by_name[name]
    assert by_name["Chandra, Flameshaper"].playable and not fdn.GAPS
    unplayable = {n for n, c in by_name.items() if not c.playable}
    gain_lands = {n for n in DEFINED if FACTS[n]["land_mana"] and len(FACTS[n]["land_mana"]) == 2}
    assert len(gain_lands) == 10 and not gain_lands & unplayable
    assert unplayable == set()
    later_batches = (
        EVENTS,
        MODAL,
        KNOWN_PARTS,
        LIBRARY,
        KICKER,
        ZONES,
        STUN,
        ARTIFACTS,
        DELAYED,
        DISCARDS,
        WARD,
        TREASURES,
        COPIES,
        MANA_CREATURES,
        STATICS,
        ATTACHMENTS,
        KICKED_SPELLS,
        SPELL_COSTS,
        LIFE_GAINED,
        UP_TO_POWER,
        TURNS,
        LIFE_GAINED_THIS_TURN,
        WITH_COUNTERS,
        SACRIFICE_COST,
        ATTACK_SACRIFICE,
        PLUS_ONE_COUNTERS,
        BENCHMARK,
        LIBRARY_MOVES,
        PLANESWALKERS,
        SMALL_RULES,
        LOOK_AT_TOP,
        AMOUNTS,
        RETURNS,
        BECOMES,
        DURING_YOUR_TURN,
        ENTER_TAPPED,
        DOESNT_UNTAP,
        REWRITING_AURAS,
        EXILE_INSTEAD,
        CANT_LOSE,
        CONTROL,
        GRAVEYARD_PERMISSION,
        HAND_DISRUPTION,
        DOUBLING_SEASON,
        BLOOM_TENDER,
        GIADA,
        MULDROTHA,
        HERALDIC_BANNER,
        ANIMATED_LANDS,
        THOUSAND_YEAR_STORM,
        BARRICADE,
        CONSUMING_ABERRATION,
        KELLAN,
        GREATWURM,
        KINSHIP,
        ABYSSAL_HARVESTER,
        FISHING_POLE,
        ETALI,
        PROTECTION,
        ELENDA,
        FIEND_ARTISAN,
    )
    # The last 2: Nine-Lives Familiar and Tolarian Terror (tests/test_fdn_revival.py,
    # tests/test_fdn_cost_reduction.py); the 1 after 54: Empyrean Eagle of SIMPLE_ENGINE (a
    # Static with a keyword filter, tests/test_fdn_conditional_statics.py).
    playable = 54 + 1 + 25 + len(_names(INTERACTION)) - 1 + 5 + 16 + 4 + 2
    assert len(DEFINED) - len(unplayable) == playable + sum(len(_names(b)) for b in later_batches)
    assert coverage.card_coverage("Fireblast").reasons == (
        "not a card of the pool 'fdn' (not defined yet)",
    )
    assert coverage.card_coverage("Lightning Bolt", "pauper").playable
    assert coverage.card_coverage("Giant Growth", "core").playable


def test_a_compiled_card_says_what_the_duel_lacks():
    plain = {"python": False, "abilities": []}
    assert coverage.duel_gaps(plain) == []
    assert coverage.duel_gaps({**plain, "python": True}) == [coverage.PYTHON]
    for name in ("Krenko, Mob Boss", "Stroke of Midnight", "Plains"):
        assert coverage.duel_gaps(FDN[name].data) == [], name
    assert coverage.duel_gaps(PAUPER["Lightning Bolt"].data) == []


def test_coverage_reads_deck_files_and_lists_of_names(tmp_path):
    deck = tmp_path / "deck.dck"
    deck.write_text("NAME:x\n2 [FDN:1] Stab\n1 Fireblast\nSIDEBOARD:\n1 Boltwave\n")
    assert coverage.read_names(deck) == ["Stab", "Stab", "Fireblast"]
    names = tmp_path / "names.txt"
    names.write_text("# a list\nStab\n\nKrenko, Mob Boss\n")
    assert coverage.read_names(names) == ["Stab", "Krenko, Mob Boss"]
    report = coverage.coverage(coverage.read_names(deck))
    assert [(c.name, c.playable) for c in report] == [("Stab", True), ("Fireblast", False)]
