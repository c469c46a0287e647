"""Auras that rewrite what a permanent is (303.4, 613.1): Witness Protection's "Enchanted
creature loses all abilities and is a green and white Citizen creature with base power and
toughness 1/1 named Legitimate Businessperson." The enchanted creature has no abilities for the
duel either (613.1f: no activated, mana or triggered ability, no keyword), only the Citizen
subtype and the creature type (613.1d), base power and toughness 1/1 with the effects and
counters of later layers on top (613.4b-c); all of it ends as the Aura leaves (611.3a). Each
shown in the native and the reference duel alike."""

from __future__ import annotations

import duel_support
import pytest
from fdn_support import oracle
from test_fdn_auras import _resolve
from test_fdn_duel import BOROS, _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _words
from test_fdn_duel_modes import _lands

PROTECTED = _deck(
    {"Island": 8, "Forest": 5, "Swamp": 2, "Mountain": 2},
    [
        "Witness Protection",
        "Llanowar Elves",
        "Infestation Sage",
        "Witness Protection",
        "Shivan Dragon",
        "Cathar Commando",
        "Giant Growth",
    ],
)
"""Witness Protection with creatures that lose a mana ability, a "dies" trigger, flying and
activated abilities to it, and a way to destroy it."""

WITNESS_PROTECTION = (
    "Enchant creature\n"
    "Enchanted creature loses all abilities and is a green and white Citizen creature with "
    "base power and toughness 1/1 named Legitimate Businessperson. (It loses all other colors, "
    "card types, creature types, and names.)"
)


def _protect(impl, creature, land="Island", lands=1):
    """A duel in the active player's first main phase, a turn after ``creature`` entered its
    battlefield (no summoning sickness), with ``lands`` of ``land`` and an Island, and Witness
    Protection cast on the creature and resolved. Returns the duel, the player, the creature."""
    d = _duel(impl, "Island")
    a = d.active_player()
    x = d.add_card(a, creature, "battlefield")
    _next_turn_of(d, a)
    _lands(d, a, "Island", 1)
    if lands:
        _lands(d, a, land, lands)
    d.add_card(a, "Witness Protection", "hand")
    _act(d, "cast Witness Protection")
    _act(d, f"target {creature}")
    _resolve(d)
    (wp,) = _named(d, a, "Witness Protection")
    assert wp in d.battlefield(a)
    return d, a, x


@pytest.mark.parametrize("impl", IMPLS)
def test_witness_protection_makes_a_vanilla_1_1_citizen_613_1(impl):
    """Witness Protection on Shivan Dragon ("Flying / {R}: This creature gets +1/+0 until end of
    turn."): a 1/1 (7b, 613.4b) Citizen creature (layer 4, 613.1d: no Dragon) without flying
    and without its activated ability (layer 6, 613.1f): "{R}: …" is no longer offered."""
    oracle("Witness Protection", WITNESS_PROTECTION)
    d, a, dragon = _protect(impl, "Shivan Dragon", "Mountain", 2)
    g = d.game
    assert (g.power(dragon), g.toughness(dragon)) == (1, 1)
    assert g.subtypes(dragon) == ["Citizen"]
    assert g.types(dragon) == ["creature"]
    assert not g.has_keyword(dragon, "flying")
    assert not any(w.startswith("activate Shivan Dragon") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_the_dragon_has_its_ability_without_witness_protection(impl):
    """The same board without the Aura (so the test above can fail): "{R}: This creature gets
    +1/+0" is offered and pumps the 5/5 Dragon."""
    d = _duel(impl, "Mountain")
    a = d.active_player()
    dragon = d.add_card(a, "Shivan Dragon", "battlefield")
    _lands(d, a, "Mountain", 1)
    _act(d, "activate Shivan Dragon")
    _resolve(d)
    assert d.game.power(dragon) == 6


@pytest.mark.parametrize("impl", IMPLS)
def test_later_layers_apply_on_top_of_the_base_1_1_613_4c(impl):
    """Witness Protection's base 1/1 is layer 7b: Giant Growth's "+3/+3 until end of turn"
    (7c) applies on top of it, making the Citizen a 4/4 (613.4c; the ruling: effects that
    modify power and toughness still apply)."""
    d, a, dragon = _protect(impl, "Shivan Dragon", "Forest", 1)
    d.add_card(a, "Giant Growth", "hand")
    _act(d, "cast Giant Growth")
    _act(d, "target Shivan Dragon")
    _resolve(d)
    assert (d.game.power(dragon), d.game.toughness(dragon)) == (4, 4)


@pytest.mark.parametrize("impl", IMPLS)
def test_a_mana_creature_without_abilities_adds_no_mana_613_1f(impl):
    """Llanowar Elves ("{T}: Add {G}.") under Witness Protection loses its mana ability: with
    no other green source, Giant Growth ({G}) is offered before the Aura and not after."""
    oracle("Llanowar Elves", "{T}: Add {G}.")
    d = _duel(impl, "Island")
    a = d.active_player()
    d.add_card(a, "Llanowar Elves", "battlefield")
    _next_turn_of(d, a)
    d.add_card(a, "Giant Growth", "hand")
    assert any(w.startswith("cast Giant Growth") for w in _words(d))
    _lands(d, a, "Island", 1)
    d.add_card(a, "Witness Protection", "hand")
    _act(d, "cast Witness Protection")
    _act(d, "target Llanowar Elves")
    _resolve(d)
    assert not any(w.startswith("cast Giant Growth") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("protected", [False, True])
def test_dies_abilities_dont_trigger_without_abilities_603_10a(impl, protected):
    """Infestation Sage: "When this creature dies, create a 1/1 black and green Insect creature
    token with flying." Stab kills it: unprotected, its ability makes the Insect; under Witness
    Protection it had no abilities as it last existed on the battlefield (603.10a), so nothing
    triggers (and the Aura goes to the graveyard, 704.5m)."""
    oracle(
        "Infestation Sage",
        "When this creature dies, create a 1/1 black and green Insect creature token with flying.",
    )
    if protected:
        d, a, sage = _protect(impl, "Infestation Sage", "Swamp", 1)
    else:
        d = _duel(impl, "Swamp")
        a = d.active_player()
        sage = d.add_card(a, "Infestation Sage", "battlefield")
        _lands(d, a, "Swamp", 1)
    d.add_card(a, "Stab", "hand")
    _act(d, "cast Stab")
    _act(d, "target Infestation Sage")
    _resolve(d)
    assert sage not in d.battlefield(a)
    _resolve(d)  # the dies trigger, if any (the duel's stack holds abilities as no object)
    names = [d.game.name(x) for x in d.battlefield(a)]
    assert ("Insect Token" in " ".join(names)) == (not protected), names
    assert "Witness Protection" not in names


@pytest.mark.parametrize("impl", IMPLS)
def test_everything_comes_back_as_the_aura_leaves_611_3a(impl):
    """Cathar Commando's "{1}, Sacrifice this creature: Destroy target artifact or
    enchantment." destroys Witness Protection: the Dragon is a 5/5 flying Dragon again with
    its "{R}: …" offered (611.3a: the Aura's effects end as it leaves)."""
    d, a, dragon = _protect(impl, "Shivan Dragon", "Mountain", 3)
    d.add_card(a, "Cathar Commando", "battlefield")
    _act(d, "activate Cathar Commando")
    _act(d, "target Witness Protection")
    _resolve(d)
    g = d.game
    assert (g.power(dragon), g.toughness(dragon)) == (5, 5)
    assert g.has_keyword(dragon, "flying")
    assert "Dragon" in g.subtypes(dragon)
    assert any(w.startswith("activate Shivan Dragon") for w in _words(d))


@pytest.mark.parametrize("seed", [1, 2])
def test_witness_protection_plays_alike_in_both_duels(seed):
    """Random games that cast Witness Protection whenever they can play the same in both duels
    (the same legal actions, words, observations, outcome and bytes), with it attached to a
    creature for part of the game."""
    attached = []

    def watch(d, words):
        attached.extend(
            line
            for line in str(d).splitlines()
            if "Witness Protection" in line and "attached" in line
        )

    _, seen = duel_support.play_alike(
        PROTECTED,
        BOROS,
        seed,
        pool="fdn",
        prefer=lambda w: w.startswith(("cast Witness Protection", "target")),
        counted=lambda w: w.startswith("cast Witness Protection"),
        watch=watch,
    )
    assert seen > 0 and attached
