"""The playable Foundations cards play in the duel: decks of them (every card reported playable
by ``cardstate cards coverage``) play whole games in the native and the reference duel alike,
action by action (the same legal actions, observations and bytes)."""

from __future__ import annotations

from collections import Counter

import duel_support
import pytest
from cardstate import agents
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel


def _deck(lands: dict[str, int], spells: list[str]) -> list[str]:
    out = [name for name, n in lands.items() for _ in range(n)]
    out += [spells[i % len(spells)] for i in range(40 - len(out))]
    return out


BOROS = _deck(
    {"Mountain": 8, "Plains": 8},
    [
        "Fanatical Firebrand",
        "Firebrand Archer",
        "Crackling Cyclops",
        "Krenko, Mob Boss",
        "Axgard Cavalry",
        "Dauntless Veteran",
        "Prideful Parent",
        "Stroke of Midnight",
        "Heroic Reinforcements",
        "Sure Strike",
        "Boltwave",
        "Seismic Rupture",
        "Dragon Trainer",
        "Shivan Dragon",
        "Rite of the Dragoncaller",
        "Firespitter Whelp",
        "Savannah Lions",
        "Healer's Hawk",
        "Swiftblade Vindicator",
        "Serra Angel",
        "Make Your Move",
        "Helpful Hunter",
        "Brazen Scourge",
        "Guarded Heir",
    ],
)
SULTAI = _deck(
    {"Swamp": 6, "Forest": 6, "Island": 5},
    [
        "Diregraf Ghoul",
        "Stab",
        "Exsanguinate",
        "Hero's Downfall",
        "Infestation Sage",
        "Phyrexian Arena",
        "Sanguine Syphoner",
        "Vampire Nighthawk",
        "Llanowar Elves",
        "Giant Growth",
        "Overrun",
        "Broken Wings",
        "Snakeskin Veil",
        "Aegis Turtle",
        "Essence Scatter",
        "Fleeting Distraction",
        "Lunar Insight",
        "Meteor Golem",
        "Preposterous Proportions",
        "Quakestrider Ceratops",
        "Day of Judgment",
        "Hidetsugu's Second Rite",
        "Anthem of Champions",
    ],
)

# The cards of trigger events and conditions (tests/test_fdn_cards_triggers.py).
BANT = _deck(
    {"Forest": 7, "Plains": 6, "Island": 3},
    [
        "Beast-Kin Ranger",
        "Dazzling Angel",
        "Good-Fortune Unicorn",
        "Youthful Valkyrie",
        "Elfsworn Giant",
        "Dwynen's Elite",
        "Garruk's Uprising",
        "Tatyova, Benthic Druid",
        "Llanowar Elves",
        "Serra Angel",
        "Savannah Lions",
        "Prideful Parent",
        "Giant Growth",
        "Quakestrider Ceratops",
        "Mossborn Hydra",
        "Reclamation Sage",
        "Ajani's Pridemate",
        "Nessian Hornbeetle",
        "Needletooth Pack",
        "Treetop Snarespinner",
        "Arahbo, the First Fang",
    ],
)
RAKDOS = _deck(
    {"Mountain": 8, "Swamp": 8},
    [
        "Spitfire Lagac",
        "Crypt Feaster",
        "Fanatical Firebrand",
        "Stab",
        "Boltwave",
        "Vampire Nighthawk",
        "Sanguine Syphoner",
        "Hero's Downfall",
        "Shivan Dragon",
        "Infestation Sage",
        "Diregraf Ghoul",
        "Krenko, Mob Boss",
        "Courageous Goblin",
        "Marauding Blight-Priest",
        "Gorehorn Raider",
        "Searslicer Goblin",
        "Tragic Banshee",
        "Stromkirk Bloodthief",
        "Goblin Boarders",
    ],
)


INTERACTION = _deck(
    {"Forest": 5, "Island": 5, "Swamp": 4, "Plains": 3},
    [
        "Affectionate Indrik",
        "Bite Down",
        "Felling Blow",
        "Elvish Regrower",
        "Bigfin Bouncer",
        "Run Away Together",
        "Zombify",
        "Raise the Past",
        "Burglar Rat",
        "Icewind Elemental",
        "Refute",
        "Strix Lookout",
        "Angel of Finality",
        "Scavenging Ooze",
        "Llanowar Elves",
        "Vampire Nighthawk",
        "Quakestrider Ceratops",
        "Diregraf Ghoul",
        "Stab",
        "Giant Growth",
        "Aegis Turtle",
    ],
)
"""Fights and bites (701.14), returning to a hand (400.3), returning from a graveyard (400.7),
discarding (701.9)."""


def test_the_decks_are_of_playable_cards():
    for deck in (BOROS, SULTAI, BANT, RAKDOS, INTERACTION):
        assert all(c.playable for c in coverage.coverage(deck)), [
            c for c in coverage.coverage(deck) if not c.playable
        ]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_playable_cards_play_alike_in_both_duels(seed):
    play_alike(BOROS, SULTAI, seed)


@pytest.mark.parametrize("seed", [1, 2])
def test_trigger_and_condition_cards_play_alike_in_both_duels(seed):
    play_alike(BANT, RAKDOS, seed)


def play_alike(deck0: list[str], deck1: list[str], seed: int) -> Counter[str]:
    """A random game of the two Foundations decks, action by action in both duels (the same
    legal actions, words, observations, outcome and bytes). Returns how many of each decision
    kind were taken."""
    taken, _ = duel_support.play_alike(deck0, deck1, seed, pool="fdn", format="limited")
    return taken


@pytest.mark.parametrize("seed", [5, 6])
def test_interaction_plays_alike_in_both_duels(seed):
    """Fights, bites, bounce and graveyard targets (graveyard slots as target actions) play
    the same games in both duels."""
    play_alike(INTERACTION, BOROS, seed)


def _to_main(d):
    while d.step() != "main1":
        d.apply_action(0)


def _act(d, words):
    (a,) = [x for x in d.legal_actions() if d.action_to_string(x).startswith(words)]
    d.apply_action(a)


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_a_graveyard_card_is_targeted_by_its_graveyard_slot(impl):
    """CR 115.1, 400.7: Zombify targets a creature card in its caster's graveyard (the duel's
    graveyard slot actions; an instant card there is no legal target); on resolution the card
    is a new object on the battlefield."""
    d = impl(INTERACTION, INTERACTION, pool="fdn", seed=3, auto_pass=False, mulligans=False)
    _to_main(d)
    a = d.active_player()
    for _ in range(4):
        d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, "Zombify", "hand")
    d.add_card(a, "Giant Growth", "graveyard")
    angel = d.add_card(a, "Serra Angel", "graveyard")
    _act(d, "cast Zombify")
    words = [d.action_to_string(x) for x in d.legal_actions()]
    assert words == [f"target Serra Angel ({angel})"]
    d.apply_action(d.legal_actions()[0])
    for _ in range(4):
        if "Serra Angel" in [d.game.name(x) for x in d.game.objects("battlefield", a)]:
            break
        d.apply_action(0)
    names = [d.game.name(x) for x in d.game.objects("battlefield", a)]
    assert "Serra Angel" in names
    assert angel not in d.game.objects("battlefield", a)


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_the_discarding_player_chooses_by_hand_slot_701_9b(impl):
    """CR 701.9b: Burglar Rat's "each opponent discards a card" is the opponent's decision
    (a "discard" decision over its hand slots, one slot of equal cards); the card goes to its
    graveyard; a resample for the Rat's controller keeps the hand's size."""
    d = impl(INTERACTION, INTERACTION, pool="fdn", seed=4, auto_pass=False, mulligans=False)
    _to_main(d)
    a = d.active_player()
    for _ in range(2):
        d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, "Burglar Rat", "hand")
    for name in ("Felling Blow", "Felling Blow", "Refute"):
        d.add_card(1 - a, name, "hand")
    _act(d, "cast Burglar Rat")
    while d.decision() != "discard":
        d.apply_action(0)
    assert d.current_player() == 1 - a
    hand = d.hand(1 - a)
    words = sorted(d.action_to_string(x) for x in d.legal_actions())
    assert len(words) == len(set(hand)) and all(w.startswith("discard ") for w in words)
    _act(d, "discard Refute")
    assert "Refute" in [d.game.name(x) for x in d.game.objects("graveyard", 1 - a)]
    assert len(d.hand(1 - a)) == len(hand) - 1
    assert all(len(d.resample(a, s).hand(1 - a)) == len(hand) - 1 for s in range(5))


@pytest.mark.parametrize("algorithm", ["determinized", "ismcts"])
def test_a_discard_decision_leaks_no_hidden_card_to_search(algorithm):
    """The discarding player's search decides its discard from what it sees: the same
    decisions and statistics on the duel and on a resample for that player (its opponent's
    hidden cards dealt again, its own hand kept)."""
    compared = 0
    for seed in range(40):
        d = Duel(INTERACTION, INTERACTION, pool="fdn", seed=seed, turn_limit=30)
        agent = agents.RandomAgent(seed)
        while not d.is_terminal() and d.decision() != "discard":
            d.apply_action(agent.act(d))
        if d.is_terminal() or len(d.legal_actions()) < 2:
            continue
        q = d.current_player()
        other = d.resample(q, 500 + seed)
        assert other.hand(q) == d.hand(q) and other.legal_actions() == d.legal_actions()
        a, b = (agents.MCTSAgent(simulations=40, seed=seed, algorithm=algorithm) for _ in "ab")
        assert a.act(d) == b.act(other)
        assert a.root_stats() == b.root_stats()
        compared += 1
        if compared == 3:
            break
    assert compared >= 2


@pytest.mark.parametrize("duel", [Duel, ReferenceDuel])
def test_beginning_of_combat_on_your_turn_triggers_507_1(duel):
    """507.1: "at the beginning of combat on your turn" abilities trigger as the beginning of
    combat step begins, only on their controller's turn. Nessian Hornbeetle: "At the beginning
    of combat on your turn, if you control another creature with power 4 or greater, put a
    +1/+1 counter on this creature." """
    d = duel(["Forest"] * 40, ["Forest"] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False)
    while d.step() != "main1":
        d.apply_action(0)
    a = d.active_player()
    mine = d.add_card(a, "Nessian Hornbeetle", "battlefield")
    d.add_card(a, "Serra Angel", "battlefield")
    theirs = d.add_card(1 - a, "Nessian Hornbeetle", "battlefield")
    d.add_card(1 - a, "Serra Angel", "battlefield")
    d.apply_action(0)
    d.apply_action(0)
    assert d.step() == "beginning of combat" and d.current_player() == a
    assert d.game.counters(mine) == {}, "on the stack, not resolved yet"
    d.apply_action(0)
    d.apply_action(0)
    assert d.game.counters(mine) == {"+1/+1": 1} and d.game.counters(theirs) == {}
    turn = d.turn()
    while not (d.turn() == turn + 1 and d.step() == "declare attackers"):
        d.apply_action(d.legal_actions()[0])  # pass, and no attack or block
    assert d.game.counters(mine) == {"+1/+1": 1} and d.game.counters(theirs) == {"+1/+1": 1}


@pytest.mark.parametrize("duel", [Duel, ReferenceDuel])
def test_raid_reads_the_turns_history_207_2c_603_4(duel):
    """Searslicer Goblin: "Raid — At the beginning of your end step, if you attacked this turn,
    create a 1/1 red Goblin creature token." The duel keeps who attacked this turn (508.1) and
    starts each turn with none; the end step's ability is its controller's (513.1a); a Goblin
    Boarders cast after the attack enters with its counter."""
    d = duel(
        ["Mountain"] * 40, ["Mountain"] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False
    )
    while d.step() != "main1":
        d.apply_action(0)
    a, turn = d.active_player(), d.turn()
    d.add_card(a, "Searslicer Goblin", "battlefield")
    d.add_card(a, "Savannah Lions", "battlefield")
    for _ in range(6):
        d.add_card(a, "Mountain", "battlefield")

    def tokens():
        return [x for x in d.battlefield(a) if d.game.name(x) == "Goblin Token 1/1"]

    while d.turn() < turn + 2:
        d.apply_action(d.legal_actions()[0])  # pass, and no attack or block
    assert tokens() == [], "no attack in two turns"
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    # Each candidate is asked in turn (508.1a): the Goblin attacks, the Lions don't.
    (attack,) = [
        x for x in d.legal_actions() if d.action_to_string(x).startswith("attack with Searslicer")
    ]
    d.apply_action(attack)
    while d.step() != "main2":
        d.apply_action(d.legal_actions()[0])
    # Goblin Boarders: "Raid — This creature enters with a +1/+1 counter on it if you attacked
    # this turn." (614.1c)
    d.add_card(a, "Goblin Boarders", "hand")
    (cast,) = [x for x in d.legal_actions() if d.action_to_string(x).startswith("cast Goblin B")]
    d.apply_action(cast)
    d.apply_action(0)
    d.apply_action(0)
    (boarders,) = [x for x in d.battlefield(a) if d.game.name(x) == "Goblin Boarders"]
    assert d.game.counters(boarders) == {"+1/+1": 1}
    while d.turn() == turn + 2:
        d.apply_action(d.legal_actions()[0])
    assert len(tokens()) == 1
    while d.turn() < turn + 5:
        d.apply_action(d.legal_actions()[0])
    assert len(tokens()) == 1, "the history is the turn's"


@pytest.mark.parametrize("duel", [Duel, ReferenceDuel])
def test_activate_only_as_a_sorcery_602_5d(duel):
    """Treetop Snarespinner: "{2}{G}: Put a +1/+1 counter on target creature you control.
    Activate only as a sorcery." — offered in its controller's main phase with an empty stack,
    not in the beginning of combat step (602.5d, 307.1)."""
    d = duel(["Forest"] * 40, ["Forest"] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False)
    while d.step() != "main1":
        d.apply_action(0)
    a = d.active_player()
    d.add_card(a, "Treetop Snarespinner", "battlefield")
    for _ in range(3):
        d.add_card(a, "Forest", "battlefield")

    def offered():
        return [x for x in d.legal_actions() if d.action_to_string(x).startswith("activate")]

    assert len(offered()) == 1
    d.apply_action(0)
    d.apply_action(0)
    assert d.step() == "beginning of combat" and d.current_player() == a
    assert offered() == []


@pytest.mark.parametrize("duel", [Duel, ReferenceDuel])
def test_flash_casts_it_any_time_an_instant_could_be_702_8a(duel):
    """Spectral Sailor: "Flash (You may cast this spell any time you could cast an instant.)"
    — offered to its controller with priority in the opponent's turn (702.8a, 117.1a); a
    creature card without flash is not (307.1: sorcery timing); the Sailor resolves onto the
    battlefield (608.3)."""
    d = duel(["Island"] * 40, ["Island"] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False)
    _to_main(d)
    a = d.active_player()
    b = 1 - a
    d.add_card(b, "Island", "battlefield")
    d.add_card(b, "Spectral Sailor", "hand")
    d.add_card(b, "Aegis Turtle", "hand")

    def offered():
        words = [d.action_to_string(x) for x in d.legal_actions()]
        return [w.split(" (")[0] for w in words if w.startswith("cast")]

    while d.current_player() != b:
        d.apply_action(0)
    assert d.active_player() == a
    assert offered() == ["cast Spectral Sailor"]
    _act(d, "cast Spectral Sailor")
    while "Spectral Sailor" in d.hand(b) or len(d.battlefield(b)) == 1:
        d.apply_action(0)
    assert d.active_player() == a and "Aegis Turtle" in d.hand(b)
    assert len(d.battlefield(b)) == 2


FLASH = _deck(
    {"Island": 8, "Mountain": 5, "Plains": 4},
    [
        "Spectral Sailor",
        "Elementalist Adept",
        "Heartfire Immolator",
        "Cathar Commando",
        "Resolute Reinforcements",
        "Boltwave",
        "Essence Scatter",
        "Fleeting Distraction",
        "Sure Strike",
        "Phyrexian Arena",
        "Savannah Lions",
    ],
)


@pytest.mark.parametrize("seed", [7, 8])
def test_flash_and_prowess_play_alike_in_both_duels(seed):
    """Flash (702.8a) and prowess (702.108a) play the same games in both duels."""
    assert all(c.playable for c in coverage.coverage(FLASH))
    play_alike(FLASH, SULTAI, seed)


@pytest.mark.parametrize("duel", [Duel, ReferenceDuel])
def test_a_sacrifice_ability_needs_a_target_besides_what_it_sacrifices(duel):
    """Heartfire Immolator: "{R}, Sacrifice this creature: It deals damage equal to its power
    to target creature or planeswalker." The duel pays an activated ability's costs before its
    targets are chosen, so the creature sacrificed is never a choice (docs/DUEL.md): with no
    other creature the ability isn't offered (the duel never waits on a target it can't name);
    with one, it is, and its target is that creature."""
    d = duel(
        ["Mountain"] * 40, ["Mountain"] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False
    )
    _to_main(d)
    a = d.active_player()
    d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Heartfire Immolator", "battlefield")

    def activations():
        return [x for x in d.legal_actions() if d.action_to_string(x).startswith("activate")]

    assert activations() == []
    d.add_card(1 - a, "Savannah Lions", "battlefield")
    (x,) = activations()
    d.apply_action(x)
    assert d.decision() == "target"
    words = [d.action_to_string(t) for t in d.legal_actions()]
    assert len(words) == 1 and "Savannah Lions" in words[0], words
