"""The duel's part of Foundations cards whose text asks for a choice of colour (106.1a,
605.1a), "up to N" or "other" targets (601.2c, 115.3), creatures in combat (506.4) or a
permanent to sacrifice (701.21a, 601.2h): each card's Oracle text quoted and shown doing it in
the native and the reference duel alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike

IMPLS = [Duel, ReferenceDuel]


def _duel(impl, land="Swamp"):
    d = impl([land] * 40, [land] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False)
    while d.step() != "main1":
        d.apply_action(0)
    return d


def _words(d):
    return [d.action_to_string(x) for x in d.legal_actions()]


def _act(d, words):
    (a,) = [x for x in d.legal_actions() if d.action_to_string(x).startswith(words)]
    d.apply_action(a)


def _named(d, p, name):
    return [x for x in d.battlefield(p) if d.game.name(x) == name]


def _next_turn_of(d, a):
    """Plays on (passing, attacking and blocking with nothing) to a's next first main phase."""
    t = d.turn()
    while not (d.turn() > t and d.active_player() == a and d.step() == "main1"):
        d.apply_action(d.legal_actions()[0])


def _pass_until(d, done, limit=12):
    for _ in range(limit):
        if done():
            return
        d.apply_action(0)
    assert done()


@pytest.mark.parametrize("impl", IMPLS)
def test_a_gain_land_adds_one_mana_of_either_colour_106_1a_605_1a(impl):
    """Bloodfell Caves: it enters tapped (614.1d), its trigger gains 1 life (603.6a), and its
    mana ability adds {B} or {R} (106.1a, 605.1a): with it alone untapped, both a {R} and a
    {B} spell are offered (601.2g-h: some assignment pays each), and once it pays one, the
    other is no longer payable."""
    oracle(
        "Bloodfell Caves",
        "This land enters tapped.\nWhen this land enters, you gain 1 life.\n{T}: Add {B} or {R}.",
    )
    d = _duel(impl)
    a = d.active_player()
    d.add_card(a, "Bloodfell Caves", "hand")
    _act(d, "play Bloodfell Caves")
    (caves,) = _named(d, a, "Bloodfell Caves")
    assert d.is_tapped(caves)
    _pass_until(d, lambda: d.game.life(a) == 21)
    _next_turn_of(d, a)
    # Only the Caves is a source now: the Swamps drawn stay in hand.
    assert not d.is_tapped(caves)
    d.add_card(a, "Boltwave", "hand")
    d.add_card(a, "Stab", "hand")
    d.add_card(1 - a, "Savannah Lions", "battlefield")  # Stab's target
    words = _words(d)
    assert any(w.startswith("cast Boltwave") for w in words)
    assert any(w.startswith("cast Stab") for w in words)
    _act(d, "cast Boltwave")
    assert d.is_tapped(caves)
    assert not any(w.startswith("cast Stab") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_up_to_two_other_targets_601_2c(impl):
    """Felidar Savior: "When this creature enters, put a +1/+1 counter on each of up to two
    other target creatures you control." The targets are asked one at a time with PASS (no
    more) offered; the Savior itself (other, 115.3 sense of "other target") and an opponent's
    creature are not offered; one target chosen then PASS puts one counter."""
    oracle(
        "Felidar Savior",
        "Lifelink (Damage dealt by this creature also causes you to gain that much life.)\n"
        "When this creature enters, put a +1/+1 counter on each of up to two other target "
        "creatures you control.",
    )
    d = _duel(impl, "Plains")
    a = d.active_player()
    for _ in range(4):
        d.add_card(a, "Plains", "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    hawk = d.add_card(a, "Healer's Hawk", "battlefield")
    theirs = d.add_card(1 - a, "Savannah Lions", "battlefield")
    d.add_card(a, "Felidar Savior", "hand")
    _act(d, "cast Felidar Savior")
    _pass_until(d, lambda: d.decision() == "target")
    assert d.current_player() == a
    words = _words(d)
    assert words == [
        "pass",
        f"target Savannah Lions ({lions})",
        f"target Healer's Hawk ({hawk})",
    ]
    _act(d, "target Savannah Lions")
    assert _words(d) == ["pass", f"target Healer's Hawk ({hawk})"], "chosen once (115.3)"
    _act(d, "pass")
    _pass_until(d, lambda: d.game.counters(lions) != {})
    assert d.game.counters(lions) == {"+1/+1": 1}
    assert d.game.counters(hawk) == {} and d.game.counters(theirs) == {}


@pytest.mark.parametrize("impl", IMPLS)
def test_up_to_targets_with_none_chosen_601_2c_603_3d(impl):
    """ "Up to two" targets: zero is a choice, so the trigger goes on the stack with no other
    creature to target (603.3d removes only an ability whose required targets can't be
    chosen), and passing at once chooses none."""
    d = _duel(impl, "Plains")
    a = d.active_player()
    for _ in range(4):
        d.add_card(a, "Plains", "battlefield")
    d.add_card(a, "Felidar Savior", "hand")
    _act(d, "cast Felidar Savior")
    _pass_until(d, lambda: d.decision() == "target")
    assert _words(d) == ["pass"]
    _act(d, "pass")
    assert d.decision() == "priority", "the ability is on the stack, no target chosen"
    (savior,) = _named(d, a, "Felidar Savior")
    d.apply_action(0)
    d.apply_action(0)
    assert d.game.counters(savior) == {}


@pytest.mark.parametrize("impl", IMPLS)
def test_other_targets_aren_t_the_first_target_115_3(impl):
    """Drakuseth, Maw of Flames: "Whenever Drakuseth attacks, it deals 4 damage to any target
    and 3 damage to each of up to two other targets." The first target isn't offered for the
    other two (115.3); the damage is dealt as chosen."""
    oracle(
        "Drakuseth, Maw of Flames",
        "Flying\nWhenever Drakuseth attacks, it deals 4 damage to any target and 3 damage to "
        "each of up to two other targets.",
    )
    d = _duel(impl, "Mountain")
    a = d.active_player()
    drakuseth = d.add_card(a, "Drakuseth, Maw of Flames", "battlefield")
    angel = d.add_card(1 - a, "Serra Angel", "battlefield")
    lions = d.add_card(1 - a, "Savannah Lions", "battlefield")
    _next_turn_of(d, a)
    _pass_until(d, lambda: d.decision() == "attack")
    _act(d, "attack with Drakuseth")
    _pass_until(d, lambda: d.decision() == "target")
    first = _words(d)
    assert "pass" not in first, "the first target is required"
    _act(d, f"target Serra Angel ({angel})")
    words = _words(d)
    assert words[0] == "pass" and f"target Serra Angel ({angel})" not in words
    assert f"target Savannah Lions ({lions})" in words
    _act(d, f"target Savannah Lions ({lions})")
    _act(d, f"target player {1 - a}")
    life = d.game.life(1 - a)
    _pass_until(d, lambda: d.game.life(1 - a) != life)
    assert d.game.life(1 - a) == life - 3
    gone = d.game.objects("battlefield", 1 - a)
    assert angel not in gone and lions not in gone, "4 to the Angel, 3 to the Lions"
    assert drakuseth in d.battlefield(a)


@pytest.mark.parametrize("impl", IMPLS)
def test_a_target_attacking_or_blocking_creature_506_4(impl):
    """Joust Through: "Joust Through deals 3 damage to target attacking or blocking creature.
    You gain 1 life." Not castable with no creature in combat; once attackers are declared,
    the attacking creature is its only target (a creature that didn't attack isn't)."""
    oracle(
        "Joust Through",
        "Joust Through deals 3 damage to target attacking or blocking creature. You gain 1 life.",
    )
    d = _duel(impl, "Plains")
    a, b = d.active_player(), 1 - d.active_player()
    attacker = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Healer's Hawk", "battlefield")
    d.add_card(b, "Plains", "battlefield")
    _next_turn_of(d, a)
    d.add_card(b, "Joust Through", "hand")
    # b has priority in a's main phase after a passes: nothing in combat yet.
    d.apply_action(0)
    assert d.current_player() == b and d.step() == "main1"
    assert not any(w.startswith("cast Joust Through") for w in _words(d))
    _pass_until(d, lambda: d.decision() == "attack")
    _act(d, "attack with Savannah Lions")
    _act(d, "no attack with Healer's Hawk")
    _pass_until(d, lambda: d.current_player() == b and d.decision() == "priority")
    _act(d, "cast Joust Through")
    assert _words(d) == [f"target Savannah Lions ({attacker})"]
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: attacker not in d.battlefield(a))
    assert d.game.life(b) == 21


@pytest.mark.parametrize("impl", IMPLS)
def test_no_creature_is_attacking_once_combat_ends_511_3(impl):
    """511.3: as the end of combat step ends, creatures stop being attacking creatures: Joust
    Through, castable at the attacking Savannah Lions during combat, is no longer offered in
    the second main phase (the legal actions found during combat aren't kept)."""
    d = _duel(impl, "Plains")
    a, b = d.active_player(), 1 - d.active_player()
    d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(b, "Plains", "battlefield")
    _next_turn_of(d, a)
    d.add_card(b, "Joust Through", "hand")
    _pass_until(d, lambda: d.decision() == "attack")
    _act(d, "attack with Savannah Lions")
    _pass_until(d, lambda: d.current_player() == b and d.decision() == "priority")
    assert any(w.startswith("cast Joust Through") for w in _words(d))
    _pass_until(d, lambda: d.step() == "main2" and d.current_player() == b)
    assert not any(w.startswith("cast Joust Through") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_each_attacking_elf_counts_506_4(impl):
    """Dwynen, Gilt-Leaf Daen: "Whenever Dwynen attacks, you gain 1 life for each attacking
    Elf you control." Dwynen and an attacking Llanowar Elves count; an Elf that didn't attack
    doesn't."""
    oracle(
        "Dwynen, Gilt-Leaf Daen",
        "Reach (This creature can block creatures with flying.)\nOther Elf creatures you "
        "control get +1/+1.\nWhenever Dwynen attacks, you gain 1 life for each attacking Elf "
        "you control.",
    )
    d = _duel(impl, "Forest")
    a = d.active_player()
    d.add_card(a, "Dwynen, Gilt-Leaf Daen", "battlefield")
    d.add_card(a, "Llanowar Elves", "battlefield")
    d.add_card(a, "Infestation Sage", "battlefield")
    _next_turn_of(d, a)
    _pass_until(d, lambda: d.decision() == "attack")
    _act(d, "attack with Dwynen")
    _act(d, "attack with Llanowar Elves")
    _act(d, "no attack with Infestation Sage")
    life = d.game.life(a)
    _pass_until(d, lambda: d.game.life(a) != life)
    assert d.game.life(a) == life + 2


@pytest.mark.parametrize("impl", IMPLS)
def test_sacrificing_another_creature_is_a_decision_701_21a_601_2h(impl):
    """Hungry Ghoul: "{1}, Sacrifice another creature: Put a +1/+1 counter on this creature."
    Not offered without another creature (601.2h: a cost can't be paid with the Ghoul
    itself); with two, the activating player chooses which (a "sacrifice" decision over its
    permanent slots: not the Ghoul, not a land, not an opponent's creature)."""
    oracle("Hungry Ghoul", "{1}, Sacrifice another creature: Put a +1/+1 counter on this creature.")
    d = _duel(impl)
    a = d.active_player()
    d.add_card(a, "Swamp", "battlefield")
    ghoul = d.add_card(a, "Hungry Ghoul", "battlefield")
    d.add_card(1 - a, "Savannah Lions", "battlefield")

    def offered():
        return [w for w in _words(d) if w.startswith("activate Hungry Ghoul")]

    assert offered() == []
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    sage = d.add_card(a, "Infestation Sage", "battlefield")
    assert len(offered()) == 1
    _act(d, "activate Hungry Ghoul")
    assert d.decision() == "sacrifice" and d.current_player() == a
    assert _words(d) == [
        f"sacrifice Savannah Lions ({lions})",
        f"sacrifice Infestation Sage ({sage})",
    ]
    _act(d, "sacrifice Infestation Sage")
    assert sage not in d.battlefield(a) and lions in d.battlefield(a)
    assert "Infestation Sage" in [d.game.name(x) for x in d.game.objects("graveyard", a)]
    # The Sage's "when this dies" trigger goes on the stack above the Ghoul's ability.
    _pass_until(d, lambda: d.game.counters(ghoul) == {"+1/+1": 1})
    insects = _named(d, a, "Insect Token 1/1")
    assert len(insects) == 1


CHOICES = _deck(
    {"Bloodfell Caves": 3, "Scoured Barrens": 3, "Swamp": 5, "Plains": 3, "Mountain": 3},
    [
        "Felidar Savior",
        "Drakuseth, Maw of Flames",
        "Hungry Ghoul",
        "Joust Through",
        "Macabre Waltz",
        "Savannah Lions",
        "Healer's Hawk",
        "Infestation Sage",
        "Fanatical Firebrand",
        "Diregraf Ghoul",
        "Stab",
        "Boltwave",
    ],
)
ELVES = _deck(
    {"Jungle Hollow": 3, "Blossoming Sands": 3, "Forest": 8, "Plains": 3},
    [
        "Dwynen, Gilt-Leaf Daen",
        "Llanowar Elves",
        "Infestation Sage",
        "Felidar Savior",
        "Joust Through",
        "Giant Growth",
        "Savannah Lions",
        "Serra Angel",
        "Quakestrider Ceratops",
    ],
)


def test_the_decks_of_choices_are_of_playable_cards():
    for deck in (CHOICES, ELVES):
        assert [c.name for c in coverage.coverage(deck) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_choices_play_alike_in_both_duels(seed):
    """Random games of gain lands, "up to" and "other" targets, combat filters and a
    sacrifice cost: the same legal actions, observations, outcome and bytes in both duels."""
    play_alike(CHOICES, ELVES, seed)


@pytest.mark.parametrize("impl", IMPLS)
def test_condemn_puts_the_attacker_on_the_bottom_of_its_library_401_4(impl):
    """Condemn: "Put target attacking creature on the bottom of its owner's library. Its
    controller gains life equal to its toughness." The attacking Serra Angel (4/4) leaves the
    battlefield for the bottom of its owner's library (401.4: one card more there, and the next
    card drawn is the top one, not the Angel) before it deals combat damage; its controller
    gains 4 life (608.2h: its toughness as it last existed)."""
    oracle(
        "Condemn",
        "Put target attacking creature on the bottom of its owner's library. Its controller "
        "gains life equal to its toughness.",
    )
    d = _duel(impl, "Plains")
    a, b = d.active_player(), 1 - d.active_player()
    angel = d.add_card(a, "Serra Angel", "battlefield")
    d.add_card(b, "Plains", "battlefield")
    _next_turn_of(d, a)
    d.add_card(b, "Condemn", "hand")
    _pass_until(d, lambda: d.decision() == "attack")
    _act(d, "attack with Serra Angel")
    _pass_until(d, lambda: d.current_player() == b and d.decision() == "priority")
    library = d.library_size(a)
    _act(d, "cast Condemn")
    _act(d, f"target Serra Angel ({angel})")
    _pass_until(d, lambda: angel not in d.battlefield(a))
    assert not _named(d, a, "Serra Angel")
    assert "Serra Angel" not in d.hand(a)
    assert "Serra Angel" not in [d.game.name(x) for x in d.game.objects("graveyard")]
    assert d.library_size(a) == library + 1
    assert d.game.life(a) == 24 and d.game.life(b) == 20
    _next_turn_of(d, a)
    assert "Serra Angel" not in d.hand(a)


@pytest.mark.parametrize("impl", IMPLS)
def test_a_token_put_into_a_library_ceases_to_exist_704_5d(impl):
    """Condemn on an attacking token (Resolute Reinforcements' Soldier): it leaves the
    battlefield for its owner's library, where it ceases to exist (704.5d): the library holds no
    more cards than before; its controller still gains life equal to its toughness (608.2h)."""
    d = _duel(impl, "Plains")
    a, b = d.active_player(), 1 - d.active_player()
    for _ in range(2):
        d.add_card(a, "Plains", "battlefield")
    d.add_card(b, "Plains", "battlefield")
    d.add_card(a, "Resolute Reinforcements", "hand")
    _act(d, "cast Resolute Reinforcements")
    _pass_until(d, lambda: _named(d, a, "Soldier Token 1/1"))
    (soldier,) = _named(d, a, "Soldier Token 1/1")
    _next_turn_of(d, a)
    d.add_card(b, "Condemn", "hand")
    _pass_until(d, lambda: d.decision() == "attack")
    _act(d, "no attack with Resolute Reinforcements")
    _act(d, f"attack with Soldier Token 1/1 ({soldier})")
    _pass_until(d, lambda: d.current_player() == b and d.decision() == "priority")
    library = d.library_size(a)
    _act(d, "cast Condemn")
    _act(d, f"target Soldier Token 1/1 ({soldier})")
    _pass_until(d, lambda: soldier not in d.battlefield(a))
    assert d.library_size(a) == library
    assert d.game.life(a) == 21


VOYAGE = (
    "Target creature's owner puts it on their choice of the top or bottom of their library.\n"
    "Surveil 1. (Look at the top card of your library. You may put it into your graveyard.)"
)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("top", [True, False])
def test_uncharted_voyage_the_owner_chooses_top_or_bottom_401_4(impl, top):
    """Uncharted Voyage: its caster targets the opponent's Serra Angel; the Angel's owner, not
    the caster, decides (yes: the top of its library, no: the bottom); then the caster surveils
    1 (701.25a: its own library). On top, the Angel is the owner's next draw; on the bottom it
    isn't."""
    oracle("Uncharted Voyage", VOYAGE)
    d = _duel(impl, "Island")
    a, b = d.active_player(), 1 - d.active_player()
    angel = d.add_card(b, "Serra Angel", "battlefield")
    for _ in range(4):
        d.add_card(a, "Island", "battlefield")
    d.add_card(a, "Uncharted Voyage", "hand")
    library = d.library_size(b)
    _act(d, "cast Uncharted Voyage")
    _act(d, f"target Serra Angel ({angel})")
    _pass_until(d, lambda: d.decision() == "yes_no")
    assert d.current_player() == b
    assert _words(d) == [
        f"yes, put Serra Angel ({angel}) on top of your library",
        f"no, put Serra Angel ({angel}) on the bottom of your library",
    ]
    _act(d, "yes" if top else "no")
    assert not _named(d, b, "Serra Angel") and d.library_size(b) == library + 1
    assert d.decision() == "choose_card" and d.current_player() == a
    _act(d, "put Island into your graveyard")
    _pass_until(d, lambda: d.decision() == "priority" and not d.game.objects("stack"))
    assert [d.game.name(x) for x in d.game.objects("graveyard")].count("Island") == 1
    _next_turn_of(d, b)
    assert ("Serra Angel" in d.hand(b)) == top


LIBRARY_MOVES = _deck(
    {"Plains": 8, "Island": 9},
    ["Condemn", "Uncharted Voyage", "Savannah Lions", "Serra Angel", "Healer's Hawk"],
)


def test_the_library_moves_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(LIBRARY_MOVES) if not c.playable] == []


def _library_move(words: str) -> bool:
    return words.startswith(("cast Condemn", "cast Uncharted Voyage", "attack with"))


@pytest.mark.parametrize("seed", [3, 4, 6])
def test_library_moves_play_alike_in_both_duels(seed):
    """Random games of Condemn and Uncharted Voyage (401.4: the bottom of a library, the
    owner's choice of top or bottom), cast whenever they can be and attacking whenever
    possible: the same legal actions, observations, outcome and bytes in both duels; Condemn is
    castable and the owner's choice offered (seeds where both happen)."""
    offered: set[str] = set()

    def watch(_duel, words):
        offered.update(w.split(" ")[0] for w in words if w.startswith(("yes, put", "cast Condemn")))

    duel_support.play_alike(
        LIBRARY_MOVES,
        ELVES,
        seed,
        pool="fdn",
        format="limited",
        prefer=_library_move,
        watch=watch,
    )
    assert offered == {"yes,", "cast"}


@pytest.mark.parametrize("impl", IMPLS)
def test_uncharted_voyage_surveils_the_creature_its_caster_put_on_top_701_25a(impl):
    """Uncharted Voyage on its caster's own creature: the caster, its owner, puts it on top of
    its library, then surveils 1: the card looked at is that creature, and the caster may put
    it into its graveyard (701.25a)."""
    d = _duel(impl, "Island")
    a = d.active_player()
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    for _ in range(4):
        d.add_card(a, "Island", "battlefield")
    d.add_card(a, "Uncharted Voyage", "hand")
    _act(d, "cast Uncharted Voyage")
    _act(d, f"target Savannah Lions ({lions})")
    _pass_until(d, lambda: d.decision() == "yes_no")
    assert d.current_player() == a
    _act(d, "yes, put Savannah Lions")
    assert d.decision() == "choose_card"
    _act(d, "put Savannah Lions into your graveyard")
    assert "Savannah Lions" in [d.game.name(x) for x in d.game.objects("graveyard")]
