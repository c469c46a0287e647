"""Soulstone Sanctuary: a land that becomes a 3/3 creature with vigilance and all creature
types for as long as it stays (205.1b, 613.4b, 205.3m), in the native and the reference duel
alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.cards import vocab as v
from cardstate.cards.compile import compile_card
from fdn_support import oracle
from test_fdn_duel_choices import IMPLS, _act, _duel, _next_turn_of, _pass_until, _words
from test_fdn_duel_modes import _lands

SANCTUARY = (
    "{T}: Add {C}.\n{4}: This land becomes a 3/3 creature with vigilance and all creature "
    "types. It's still a land."
)


def test_the_oracle_text_and_coverage():
    oracle("Soulstone Sanctuary", SANCTUARY)
    assert coverage.card_coverage("Soulstone Sanctuary").playable


def _animated(impl):
    """A duel whose active player controls an activated Soulstone Sanctuary beside Elvish
    Archdruid ("Other Elf creatures you control get +1/+1"), with the ability resolved."""
    d = _duel(impl, land="Forest")
    a = d.active_player()
    sanctuary = d.add_card(a, "Soulstone Sanctuary", "battlefield")
    d.add_card(a, "Elvish Archdruid", "battlefield")
    _lands(d, a, "Forest", 4)
    assert d.game.types(sanctuary) == ["land"] and d.game.power(sanctuary) is None
    (activate,) = [w for w in _words(d) if w.startswith("activate Soulstone Sanctuary")]
    _act(d, activate)
    _pass_until(d, lambda: d.game.power(sanctuary) is not None)
    return d, a, sanctuary


@pytest.mark.parametrize("impl", IMPLS)
def test_it_becomes_a_3_3_elf_with_vigilance_still_a_land_205_3m(impl):
    """Resolved, it is a creature land (205.1b), a 3/3 (613.4b) with vigilance, and of every
    creature type (205.3m): the Archdruid's Elves get +1/+1, so it is a 4/4. It still taps
    for {C}."""
    d, a, sanctuary = _animated(impl)
    assert sorted(d.game.types(sanctuary)) == ["creature", "land"]
    assert d.game.has_keyword(sanctuary, "vigilance")
    assert (d.game.power(sanctuary), d.game.toughness(sanctuary)) == (4, 4)
    again = type(d).from_bytes(d.to_bytes(), pool="fdn")
    assert (again.game.power(sanctuary), again.game.toughness(sanctuary)) == (4, 4)
    assert again.legal_actions() == d.legal_actions()


@pytest.mark.parametrize("impl", IMPLS)
def test_it_stays_a_creature_and_attacks_untapped_702_20b(impl):
    """No "until end of turn": on its controller's next turn it is still a creature, attacks,
    and stays untapped as it attacks (702.20b); the defending player takes 4."""
    d, a, sanctuary = _animated(impl)
    _next_turn_of(d, a)
    assert "creature" in d.game.types(sanctuary)
    _pass_until(d, lambda: d.decision() == "attack")
    _act(d, "attack with Soulstone Sanctuary")
    while d.decision() == "attack":
        _act(d, "no attack with")
    assert not d.game.is_tapped(sanctuary)
    life = d.game.life(1 - a)
    _pass_until(d, lambda: d.game.life(1 - a) != life, limit=20)
    assert d.game.life(1 - a) == life - 4


@pytest.mark.parametrize("impl", IMPLS)
def test_as_a_creature_it_is_destroyed_and_is_a_land_card_again_400_7(impl):
    """Hero's Downfall ("Destroy target creature or planeswalker.") can target it once it is a
    creature (601.2c); in the graveyard it is a new object (400.7), a land card only."""
    d, a, sanctuary = _animated(impl)
    d.add_card(a, "Hero's Downfall", "hand")
    _lands(d, a, "Swamp", 3)
    _act(d, "cast Hero's Downfall")
    _act(d, f"target Soulstone Sanctuary ({sanctuary})")
    _pass_until(d, lambda: sanctuary not in d.battlefield(a))
    (card,) = [x for x in d.game.objects("graveyard", a) if d.game.name(x) == "Soulstone Sanctuary"]
    assert d.game.types(card) == ["land"] and d.game.power(card) is None


@pytest.mark.parametrize(
    ("effect", "match"),
    [
        (v.BecomesCreature(v.THIS, 3, 3, ("toxic",)), "can't grant keyword 'toxic'"),
        (v.BecomesCreature(v.THIS, 3, 3, ("flier",)), "can't grant keyword 'flier'"),
        (v.BecomesCreature(v.THIS, 2**31, 3), "int power and toughness"),
        (v.BecomesCreature(v.THIS, 3, 3, "vigilance"), "are a tuple of str"),
    ],
)
def test_a_bad_becomes_creature_is_refused_as_it_compiles(effect, match):
    """A keyword the kernel grants, a power and toughness in its range, a tuple of keywords."""
    card = v.Card(
        name="Odd Sanctuary",
        types=("land",),
        abilities=(v.Activated(v.Cost(mana="{4}"), effect),),
    )
    with pytest.raises(ValueError, match=match):
        compile_card(card)
