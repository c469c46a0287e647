"""Secluded Courtyard: "As this land enters, choose a creature type." (614.12, 607.2), "{T}: Add
{C}." and "{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the
chosen type or activate an ability of a creature source of the chosen type." (106.6: restricted
mana; the duels spend it on spells only, docs/DUEL.md); in the native and the reference duel
alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _pass_until, _words

COURTYARD = "Secluded Courtyard"
ELVES = "Llanowar Elves"  # {G}, an Elf Druid
ELITE = "Dwynen's Elite"  # {1}{G}, an Elf Warrior
COLONY = "Gnarlid Colony"  # {1}{G}, a Beast
LIONS = "Savannah Lions"  # {W}, a Cat
GROWTH = "Giant Growth"  # {G}, an instant


def test_secluded_courtyard_text_and_coverage():
    """The Oracle text; the card is playable."""
    oracle(
        COURTYARD,
        "As this land enters, choose a creature type.\n"
        "{T}: Add {C}.\n"
        "{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the "
        "chosen type or activate an ability of a creature source of the chosen type.",
    )
    assert coverage.card_coverage(COURTYARD).playable


def _courtyard_played(impl, chosen):
    """The active player's first main phase (its library all Swamps), Llanowar Elves, Savannah
    Lions and Giant Growth in its hand; Secluded Courtyard played, creature type ``chosen``
    chosen for it. Returns the duel, the player and the Courtyard."""
    d = _duel(impl)
    a = d.active_player()
    for name in (ELVES, LIONS, GROWTH, COURTYARD):
        d.add_card(a, name, "hand")
    _act(d, f"play {COURTYARD}")
    _pass_until(d, lambda: d.decision() == "option")
    (courtyard,) = _named(d, a, COURTYARD)
    assert d.current_player() == a
    assert _words(d) == [
        f"choose {t} for {COURTYARD} ({courtyard})" for t in ("Cat", "Druid", "Elf")
    ]
    _act(d, f"choose {chosen}")
    assert d.decision() == "priority"
    return d, a, courtyard


@pytest.mark.parametrize("impl", IMPLS)
def test_its_coloured_mana_pays_only_for_a_creature_spell_of_the_chosen_type_106_6(impl):
    """Elf chosen, the Courtyard alone: Llanowar Elves ({G}, an Elf) is offered and cast with
    it; Savannah Lions ({W}, a Cat) and Giant Growth ({G}, no creature) aren't."""
    d, _, courtyard = _courtyard_played(impl, "Elf")
    words = _words(d)
    assert any(w.startswith(f"cast {ELVES}") for w in words)
    assert not any(w.startswith(f"cast {LIONS}") for w in words)
    assert not any(w.startswith(f"cast {GROWTH}") for w in words)
    _act(d, f"cast {ELVES}")
    assert d.game.is_tapped(courtyard)


@pytest.mark.parametrize("impl", IMPLS)
def test_another_type_chosen_pays_for_that_type(impl):
    """Cat chosen: Savannah Lions is offered, Llanowar Elves isn't."""
    d, _, _ = _courtyard_played(impl, "Cat")
    words = _words(d)
    assert any(w.startswith(f"cast {LIONS}") for w in words)
    assert not any(w.startswith(f"cast {ELVES}") for w in words)


@pytest.mark.parametrize("impl", IMPLS)
def test_its_colourless_mana_pays_for_anything(impl):
    """Cat chosen, with a Swamp: Gnarlid Colony ({1}{G}, a Beast) isn't offered (the
    Courtyard's colours aren't for a Beast); with a Forest too it is, the Forest paying {G} and
    the Courtyard's {C} paying {1}."""
    d, a, courtyard = _courtyard_played(impl, "Cat")
    d.add_card(a, COLONY, "hand")
    swamp = d.add_card(a, "Swamp", "battlefield")
    assert not any(w.startswith(f"cast {COLONY}") for w in _words(d))
    d.add_card(a, "Forest", "battlefield")
    assert any(w.startswith(f"cast {COLONY}") for w in _words(d))
    _act(d, f"cast {COLONY}")
    assert d.game.is_tapped(courtyard) and not d.game.is_tapped(swamp)


COURTYARDS = _deck(
    {"Forest": 9, "Plains": 6, COURTYARD: 2},
    [ELVES, ELITE, COLONY, LIONS, GROWTH, "Healer's Hawk"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_secluded_courtyards_play_alike_in_both_duels(seed):
    """Random games playing Secluded Courtyard whenever offered: the same legal actions,
    observations, outcome and bytes in both duels."""
    _, seen = duel_support.play_alike(
        COURTYARDS,
        COURTYARDS,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: w.startswith(f"play {COURTYARD}") or w.startswith("choose Elf"),
    )
    assert seen > 0
