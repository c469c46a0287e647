"""Auras that rewrite what a permanent is (303.4, 613.1): Witness Protection's "Enchanted
creature loses all abilities and is a green and white Citizen creature with base power and
toughness 1/1 named Legitimate Businessperson." The enchanted creature has no abilities for the
duel either (613.1f: no activated, mana or triggered ability, no keyword), only the Citizen
subtype and the creature type (613.1d), base power and toughness 1/1 with the effects and
counters of later layers on top (613.4b-c); all of it ends as the Aura leaves (611.3a).
Imprisoned in the Moon's "Enchanted permanent is a colorless land with "{T}: Add {C}" and loses
all other card types and abilities.": a creature stops being one (it can't attack; 302.6 no
longer binds its {T}), a land taps for {C} only, a planeswalker has no loyalty abilities. Each
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
        "Imprisoned in the Moon",
        "Shivan Dragon",
        "Cathar Commando",
        "Giant Growth",
    ],
)
"""Witness Protection and Imprisoned in the Moon with creatures that lose a mana ability, a
"dies" trigger, flying and activated abilities to them, and a way to destroy them."""

WITNESS_PROTECTION = (
    "Enchant creature\n"
    "Enchanted creature loses all abilities and is a green and white Citizen creature with "
    "base power and toughness 1/1 named Legitimate Businessperson. (It loses all other colors, "
    "card types, creature types, and names.)"
)


def _shown(d, a, x):
    """What player a's observation shows of its permanent x: its colours (WUBRG) and whether
    it has activated and triggered abilities."""
    j = d.battlefield(a).index(x)
    obs = d.observation_tensor(a)
    at = {n: i for n, i, _ in d.observation_features()}
    colours = "".join(c for k, c in enumerate("WUBRG") if obs[at[f"mine[{j}].colours"] + k])
    return colours, obs[at[f"mine[{j}].activated"]], obs[at[f"mine[{j}].triggered"]]


def _protect(
    impl, creature, land="Island", lands=1, aura="Witness Protection", islands=1, new=False
):
    """A duel in the active player's first main phase, a turn after ``creature`` entered its
    battlefield (no summoning sickness; with ``new``, this turn), with ``lands`` of ``land`` and
    ``islands`` Islands, and ``aura`` cast on the creature (or permanent) and resolved. Returns
    the duel, the player, the creature."""
    d = _duel(impl, "Island")
    a = d.active_player()
    if not new:
        x = d.add_card(a, creature, "battlefield")
    _next_turn_of(d, a)
    if new:
        x = d.add_card(a, creature, "battlefield")
    _lands(d, a, "Island", islands)
    if lands:
        _lands(d, a, land, lands)
    d.add_card(a, aura, "hand")
    _act(d, f"cast {aura}")
    _act(d, f"target {creature}")
    _resolve(d)
    (enchanting,) = _named(d, a, aura)
    assert enchanting in d.battlefield(a)
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
    # 613.1e-f: observed green and white, without abilities.
    assert _shown(d, a, dragon) == ("WG", 0.0, 0.0)


@pytest.mark.parametrize("impl", IMPLS)
def test_the_dragon_has_its_ability_without_witness_protection(impl):
    """The same board without the Aura (so the test above can fail): "{R}: This creature gets
    +1/+0" is offered and pumps the 5/5 Dragon."""
    d = _duel(impl, "Mountain")
    a = d.active_player()
    dragon = d.add_card(a, "Shivan Dragon", "battlefield")
    _lands(d, a, "Mountain", 1)
    assert _shown(d, a, dragon) == ("R", 1.0, 0.0)
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
@pytest.mark.parametrize("protected", [False, True])
def test_a_replacement_effect_of_its_own_stops_613_1f(impl, protected):
    """Twinflame Tyrant: "If a source you control would deal damage to an opponent or a
    permanent an opponent controls, it deals double that damage instead." Burst Lightning's 2
    damage to the opponent is 4 with it; under Witness Protection the Tyrant has no abilities,
    so the replacement effect of its static ability doesn't apply (613.1f, 614)."""
    oracle(
        "Twinflame Tyrant",
        "Flying\nIf a source you control would deal damage to an opponent or a permanent an "
        "opponent controls, it deals double that damage instead.",
    )
    if protected:
        d, a, _ = _protect(impl, "Twinflame Tyrant", "Mountain", 1)
    else:
        d = _duel(impl, "Mountain")
        a = d.active_player()
        d.add_card(a, "Twinflame Tyrant", "battlefield")
        _lands(d, a, "Mountain", 1)
    d.add_card(a, "Burst Lightning", "hand")
    _act(d, "cast Burst Lightning")
    _act(d, f"target player {1 - a}")
    _resolve(d)
    assert d.game.life(1 - a) == (18 if protected else 16)


@pytest.mark.parametrize("impl", IMPLS)
def test_its_static_abilities_stop_applying_613_1f(impl):
    """Elvish Archdruid: "Other Elf creatures you control get +1/+1." Llanowar Elves is a 2/2
    beside it; with the Archdruid under Witness Protection (no abilities, 613.1f) a 1/1."""
    d, a, druid = _protect(impl, "Elvish Archdruid")
    elves = d.add_card(a, "Llanowar Elves", "battlefield")
    assert d.game.power(elves) == 1
    d2 = _duel(impl, "Island")
    a2 = d2.active_player()
    d2.add_card(a2, "Elvish Archdruid", "battlefield")
    elves2 = d2.add_card(a2, "Llanowar Elves", "battlefield")
    assert d2.game.power(elves2) == 2


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


@pytest.mark.parametrize("seed", [1, 3, 4])
def test_rewriting_auras_play_alike_in_both_duels(seed):
    """Random games that cast Witness Protection and Imprisoned in the Moon whenever they can
    play the same in both duels (the same legal actions, words, observations, outcome and
    bytes), with each attached to a permanent for part of the game."""
    attached = set()

    def watch(d, words):
        for line in str(d).splitlines():
            for part in line.split(", "):
                if "attached to" in part:
                    attached.add(part.split(": ")[-1].split(" (")[0])

    _, seen = duel_support.play_alike(
        PROTECTED,
        BOROS,
        seed,
        pool="fdn",
        prefer=lambda w: w.startswith(
            ("cast Witness Protection", "cast Imprisoned in the Moon", "target")
        ),
        counted=lambda w: w.startswith(("cast Witness Protection", "cast Imprisoned")),
        watch=watch,
    )
    assert seen > 0 and attached == {"Witness Protection", "Imprisoned in the Moon"}, attached


IMPRISONED_IN_THE_MOON = (
    "Enchant creature, land, or planeswalker\n"
    'Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card '
    "types and abilities."
)


def _moon(impl, permanent, new=False):
    """Imprisoned in the Moon cast with three Islands on ``permanent`` of the active player's
    (see ``_protect``)."""
    return _protect(impl, permanent, lands=0, aura="Imprisoned in the Moon", islands=3, new=new)


@pytest.mark.parametrize("impl", IMPLS)
def test_imprisoned_in_the_moon_makes_a_creature_a_land_613_1d(impl):
    """Imprisoned in the Moon on Shivan Dragon: a land and nothing else (613.1d; its creature
    type gone with the creature type, 205.1b), without flying or "{R}: …" (613.1f); not a
    creature, it can't attack (508.1a)."""
    oracle("Imprisoned in the Moon", IMPRISONED_IN_THE_MOON)
    d, a, dragon = _moon(impl, "Shivan Dragon")
    g = d.game
    assert g.types(dragon) == ["land"]
    assert g.subtypes(dragon) == []
    assert not g.has_keyword(dragon, "flying")
    assert _shown(d, a, dragon) == ("", 0.0, 0.0)  # colorless (613.1e)
    while d.step() != "declare attackers":
        d.apply_action(0)
    assert not any("Shivan Dragon" in w for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_the_land_it_became_is_no_creature_to_target_613_1d(impl):
    """Giant Growth's "target creature" reads the current card types (613.1d): the Dragon
    under Imprisoned in the Moon isn't offered, Savannah Lions is."""
    d, a, dragon = _moon(impl, "Shivan Dragon")
    d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Forest", "battlefield")
    d.add_card(a, "Giant Growth", "hand")
    _act(d, "cast Giant Growth")
    targets = [w for w in _words(d) if w.startswith("target")]
    assert targets and all("Savannah Lions" in w for w in targets), targets


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("new", [False, True])
def test_the_land_it_became_taps_for_colourless_302_6(impl, new):
    """The Dragon under Imprisoned in the Moon pays Cathar Commando's "{1}, Sacrifice this
    creature: Destroy target artifact or enchantment." with its "{T}: Add {C}" (the Islands
    tapped for the Aura) — also the turn it entered the battlefield (``new``): summoning
    sickness binds only a creature's {T} (302.6). Destroying the Aura makes it a 5/5 flying
    Dragon creature again (611.3a)."""
    d, a, dragon = _moon(impl, "Shivan Dragon", new=new)
    d.add_card(a, "Cathar Commando", "battlefield")
    _act(d, "activate Cathar Commando")
    _act(d, "target Imprisoned in the Moon")
    assert d.game.is_tapped(dragon)
    _resolve(d)
    g = d.game
    assert g.types(dragon) == ["creature"] and g.subtypes(dragon) == ["Dragon"]
    assert (g.power(dragon), g.toughness(dragon)) == (5, 5) and g.has_keyword(dragon, "flying")


@pytest.mark.parametrize("impl", IMPLS)
def test_an_enchanted_land_taps_for_colourless_only_613_1f(impl):
    """Imprisoned in the Moon on a Forest: it keeps its land type (205.1b) but its "{T}: Add
    {G}" is lost (613.1f) for "{T}: Add {C}": Giant Growth ({G}) isn't offered with it the only
    green source; Cathar Commando's {1} is."""
    d, a, forest = _moon(impl, "Forest")
    assert d.game.subtypes(forest) == ["Forest"]
    d.add_card(a, "Giant Growth", "hand")
    d.add_card(a, "Cathar Commando", "battlefield")
    words = _words(d)
    assert not any(w.startswith("cast Giant Growth") for w in words)
    assert any(w.startswith("activate Cathar Commando") for w in words)


@pytest.mark.parametrize("impl", IMPLS)
def test_an_enchanted_planeswalker_has_no_loyalty_abilities(impl):
    """Imprisoned in the Moon on Ajani, Caller of the Pride: a land, no longer a planeswalker,
    its loyalty abilities not offered (613.1f); before the Aura they are."""
    d = _duel(impl, "Island")
    a = d.active_player()
    d.add_card(a, "Ajani, Caller of the Pride", "battlefield")
    assert any(w.startswith("activate Ajani") for w in _words(d))
    d, a, ajani = _moon(impl, "Ajani, Caller of the Pride")
    assert d.game.types(ajani) == ["land"]
    assert not any(w.startswith("activate Ajani") for w in _words(d))
