"""Auras (303.4, 702.5): an Aura spell targets what it will enchant (303.4a) and enters
attached to it (303.4f); with that target illegal as it resolves it doesn't resolve (608.3b);
"enchanted creature gets …" applies to that creature (613.4c, 613.1f); an Aura attached to an
illegal object or to nothing goes to its owner's graveyard (704.5m). Each card's Oracle text
quoted and shown doing it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
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
