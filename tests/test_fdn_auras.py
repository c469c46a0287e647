"""Auras (303.4, 702.5): an Aura spell targets what it will enchant (303.4a) and enters
attached to it (303.4f); with that target illegal as it resolves it doesn't resolve (608.3b);
"enchanted creature gets …" applies to that creature (613.4c, 613.1f); an Aura attached to an
illegal object or to nothing goes to its owner's graveyard (704.5m). Each card's Oracle text
quoted and shown doing it in the native and the reference duel alike."""

from __future__ import annotations

import copy
import json

import pytest
from cardstate.cards import CardPool, coverage, pools
from cardstate.cards.compile import compile_card
from cardstate.cards.vocab import (
    CREATURE,
    AttachedGets,
    Card,
    CostsLessPerAttackingCreature,
    Enchant,
)
from fdn_support import oracle
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _words
from test_fdn_duel_modes import _lands
from test_fdn_equipment import _attached


def _enchant(impl, aura, land, lands, creature="Savannah Lions"):
    """A duel in the active player's first main phase with ``creature`` and ``lands`` of
    ``land`` on its battlefield and ``aura`` in its hand; the Aura is cast. Returns the duel,
    the player and the creature."""
    d = _duel(impl, land)
    a = d.active_player()
    _lands(d, a, land, lands)
    x = d.add_card(a, creature, "battlefield")
    d.add_card(a, aura, "hand")
    _act(d, f"cast {aura}")
    return d, a, x


def _resolve(d):
    """Both players pass: the top of the stack resolves."""
    d.apply_action(0)
    d.apply_action(0)


@pytest.mark.parametrize("impl", IMPLS)
def test_twinblade_blessing_gives_double_strike(impl):
    """Twinblade Blessing: "Enchant creature / Enchanted creature has double strike." — it
    targets a creature as it is cast (303.4a: either player's), enters attached to Savannah
    Lions (303.4f), and the Lions deal their 2 damage twice (702.4b)."""
    oracle(
        "Twinblade Blessing",
        "Flash (You may cast this spell any time you could cast an instant.)\n"
        "Enchant creature\n"
        "Enchanted creature has double strike. (It deals both first-strike and regular combat "
        "damage.)",
    )
    d = _duel(impl, "Plains")
    a = d.active_player()
    _lands(d, a, "Plains", 3)
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(1 - a, "Healer's Hawk", "battlefield")
    d.add_card(a, "Twinblade Blessing", "hand")
    _act(d, "cast Twinblade Blessing")
    targets = sorted(w for w in _words(d) if w.startswith("target"))
    assert targets == ["target Healer's Hawk (6)", "target Savannah Lions (5)"]
    _act(d, "target Savannah Lions")
    _resolve(d)
    (blessing,) = _named(d, a, "Twinblade Blessing")
    assert _attached(d, blessing) == lions
    assert d.game.has_keyword(lions, "double strike")
    while d.step() != "declare attackers":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")
    while d.game.life(1 - a) == 20 or d.step() != "combat damage":
        d.apply_action(d.legal_actions()[0])
    assert d.game.life(1 - a) == 16


@pytest.mark.parametrize("impl", IMPLS)
def test_an_aura_spell_is_cast_only_with_something_to_enchant_303_4a(impl):
    """With no creature on the battlefield Twinblade Blessing ("Enchant creature") has no
    legal target and isn't offered (601.2c); with one, it is."""
    d = _duel(impl, "Plains")
    a = d.active_player()
    _lands(d, a, "Plains", 3)
    d.add_card(a, "Twinblade Blessing", "hand")
    assert not any(w.startswith("cast Twinblade Blessing") for w in _words(d))
    d.add_card(1 - a, "Savannah Lions", "battlefield")
    assert any(w.startswith("cast Twinblade Blessing") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_an_aura_spell_with_an_illegal_target_doesnt_resolve_608_3b(impl):
    """Twinblade Blessing cast on Savannah Lions; in response Stab gives the Lions -2/-2 and
    they die: the Blessing's target is gone as it resolves, so it goes to its owner's
    graveyard and never enters the battlefield (608.3b)."""
    d, a, lions = _enchant(impl, "Twinblade Blessing", "Plains", 3)
    _act(d, "target Savannah Lions")
    d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, "Stab", "hand")
    _act(d, "cast Stab")
    _act(d, "target Savannah Lions")
    _resolve(d)
    assert _named(d, a, "Savannah Lions") == []
    _resolve(d)
    assert _named(d, a, "Twinblade Blessing") == []
    assert "Twinblade Blessing" in [d.game.name(x) for x in d.game.objects("graveyard", a)]


@pytest.mark.parametrize("impl", IMPLS)
def test_an_aura_goes_to_the_graveyard_when_its_creature_dies_704_5m(impl):
    """Twinblade Blessing on Savannah Lions; Stab kills the Lions: the Aura, attached to
    nothing, is put into its owner's graveyard (704.5m)."""
    d, a, lions = _enchant(impl, "Twinblade Blessing", "Plains", 3)
    _act(d, "target Savannah Lions")
    _resolve(d)
    assert _named(d, a, "Twinblade Blessing")
    d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, "Stab", "hand")
    _act(d, "cast Stab")
    _act(d, "target Savannah Lions")
    _resolve(d)
    assert _named(d, a, "Savannah Lions") == [] and _named(d, a, "Twinblade Blessing") == []
    graveyard = [d.game.name(x) for x in d.game.objects("graveyard", a)]
    assert "Twinblade Blessing" in graveyard and "Savannah Lions" in graveyard


@pytest.mark.parametrize("impl", IMPLS)
def test_an_aura_put_onto_the_battlefield_unattached_goes_to_the_graveyard_704_5m(impl):
    """An Aura put onto the battlefield attached to nothing (set-up: ``add_card``) is put into
    its owner's graveyard at the next check of state-based actions (704.5m)."""
    d = _duel(impl, "Plains")
    a = d.active_player()
    d.add_card(a, "Twinblade Blessing", "battlefield")
    d.apply_action(0)
    assert _named(d, a, "Twinblade Blessing") == []
    assert [d.game.name(x) for x in d.game.objects("graveyard", a)] == ["Twinblade Blessing"]


@pytest.mark.parametrize("impl", IMPLS)
def test_blanchwood_armor_counts_your_forests(impl):
    """Blanchwood Armor: "Enchanted creature gets +1/+1 for each Forest you control." — on
    Savannah Lions (2/1) with three Forests it is 5/4; a fourth Forest played makes it 6/5."""
    oracle(
        "Blanchwood Armor",
        "Enchant creature\nEnchanted creature gets +1/+1 for each Forest you control.",
    )
    d, a, lions = _enchant(impl, "Blanchwood Armor", "Forest", 3)
    _act(d, "target Savannah Lions")
    _resolve(d)
    assert (d.game.power(lions), d.game.toughness(lions)) == (5, 4)
    _act(d, "play Forest")
    assert (d.game.power(lions), d.game.toughness(lions)) == (6, 5)
    _next_turn_of(d, 1 - a)
    assert (d.game.power(lions), d.game.toughness(lions)) == (6, 5)


AURAS = _deck(
    {"Plains": 9, "Forest": 8},
    [
        "Twinblade Blessing",
        "Blanchwood Armor",
        "Savannah Lions",
        "Healer's Hawk",
        "Swiftfoot Boots",
        "Day of Judgment",
    ],
)


def test_the_aura_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(AURAS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_auras_play_alike_in_both_duels(seed):
    """Random games with Auras: the same legal actions, observations, outcome and bytes in both
    duels."""
    taken = play_alike(AURAS, BOROS, seed)
    assert taken["target"] > 0


@pytest.mark.parametrize(
    ("subtypes", "types", "ability", "problem"),
    [
        ((), ("enchantment",), Enchant(CREATURE), "702.5a"),
        (("Aura",), ("enchantment",), Enchant("creature"), "Filter"),
        ((), ("artifact",), AttachedGets(power=1), "303.4, 301.5"),
        (("Equipment",), ("artifact",), AttachedGets(), "must change something"),
        (("Equipment",), ("artifact",), AttachedGets(gains=("flyng",)), "flyng"),
        (("Equipment",), ("artifact",), AttachedGets(power=1, per="Forest"), "per is a Filter"),
        ((), ("land",), CostsLessPerAttackingCreature(), "601.2f"),
    ],
)
def test_a_bad_aura_or_equipment_is_refused(subtypes, types, ability, problem):
    """The compiler refuses "Enchant" on a card that isn't an Aura (702.5a) or with something
    other than a filter, an "equipped creature gets …" ability on a card that is neither an
    Aura nor an Equipment, one that changes nothing or names an unknown keyword, and a cost
    reduction on a land (a land isn't cast, 601.2f), naming the card."""
    card = Card(
        name="Bad Trinket",
        cost="{2}",
        types=types,
        subtypes=subtypes,
        oracle="",
        abilities=(ability,),
    )
    with pytest.raises(ValueError, match="Bad Trinket") as e:
        compile_card(card)
    assert problem in str(e.value)


@pytest.mark.parametrize(
    ("name", "change", "problem"),
    [
        ("Swiftfoot Boots", lambda a: a[0].update(gains={"flyng": 1}), 'unknown keyword "flyng"'),
        ("Twinblade Blessing", lambda a: a[1]["targets"].append(a[1]["targets"][0]), "303.4a"),
    ],
)
def test_the_rust_runtime_refuses_a_bad_compiled_aura_or_equipment(name, change, problem):
    """Compiled JSON read by the Rust runtime (``CardPool.from_json``) is checked as it is
    loaded: an "equipped creature has …" of an unknown keyword, an Aura spell of two targets
    (303.4a) are a ``ValueError`` naming the card and the ability."""
    data = copy.deepcopy(dict(pools["fdn"][name].data))
    change(data["abilities"])
    text = json.dumps({"version": 1, "cards": [data], "decks": {}})
    with pytest.raises(ValueError, match=name) as e:
        CardPool.from_json(text)
    assert problem in str(e.value)
