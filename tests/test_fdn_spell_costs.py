"""Spells that cost less (601.2f): "Instant and sorcery spells you cast cost {1} less to cast"
(Mocking Sprite, Archmage of Runes), "costs {1} less to cast if you control a Wizard" (Arcane
Epiphany), affinity for Cats (Claws Out, 702.41a) and "costs {3} less to cast if it targets a
tapped creature" (Luminous Rebuke, after its targets are chosen, 601.2c); each card's Oracle
text quoted and shown doing it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.cards.compile import compile_card
from cardstate.cards.vocab import (
    Card,
    CostsLessForPermanents,
    CostsLessIfTargetsTapped,
    Filter,
    SpellsCostLess,
)
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _named, _pass_until, _words
from test_fdn_duel_modes import _lands

SPRITE = "Flying\nInstant and sorcery spells you cast cost {1} less to cast."
ARCHMAGE = (
    "Instant and sorcery spells you cast cost {1} less to cast.\nWhenever you cast an instant "
    "or sorcery spell, draw a card."
)
EPIPHANY = "This spell costs {1} less to cast if you control a Wizard.\nDraw three cards."
CLAWS = (
    "Affinity for Cats (This spell costs {1} less to cast for each Cat you control.)\n"
    "Creatures you control get +2/+2 until end of turn."
)
REBUKE = (
    "This spell costs {3} less to cast if it targets a tapped creature.\nDestroy target creature."
)


def _board(impl, land, lands, mine=(), theirs=(), hand=()):
    """A duel in the active player's first main phase: ``lands`` of ``land``, the permanents
    ``mine`` and the opponent's ``theirs`` on the battlefield, the cards ``hand`` in hand."""
    d = _duel(impl, land)
    a = d.active_player()
    _lands(d, a, land, lands)
    for name in mine:
        d.add_card(a, name, "battlefield")
    for name in theirs:
        d.add_card(1 - a, name, "battlefield")
    for name in hand:
        d.add_card(a, name, "hand")
    return d, a


def _offered(d, name):
    return any(w.startswith(f"cast {name}") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_mocking_sprite_makes_instants_cost_1_less_601_2f(impl):
    """Mocking Sprite: Think Twice ({1}{U}) costs {U} — one Island casts it; two Sprites take
    off only the generic mana (its {U} stays: no Island, no cast); an opponent's Sprite reduces
    nothing of its caster's; a creature spell costs what it costs."""
    oracle("Mocking Sprite", SPRITE)
    d, _ = _board(impl, "Island", 1, hand=["Think Twice"])
    assert not _offered(d, "Think Twice")
    d, _ = _board(impl, "Island", 1, theirs=["Mocking Sprite"], hand=["Think Twice"])
    assert not _offered(d, "Think Twice")
    d, a = _board(
        impl, "Island", 1, mine=["Mocking Sprite"], hand=["Think Twice", "Erudite Wizard"]
    )
    assert _offered(d, "Think Twice") and not _offered(d, "Erudite Wizard")
    _act(d, "cast Think Twice")
    assert all(d.is_tapped(x) for x in _named(d, a, "Island"))
    d, _ = _board(impl, "Island", 0, mine=["Mocking Sprite"] * 2, hand=["Think Twice"])
    assert not _offered(d, "Think Twice")


@pytest.mark.parametrize("impl", IMPLS)
def test_archmage_of_runes_reduces_and_draws_on_each_instant_601_2f_603_2(impl):
    """Archmage of Runes: Think Twice costs {U}; casting it triggers "draw a card" (601.2i),
    which resolves before the spell: two cards drawn in all."""
    oracle("Archmage of Runes", ARCHMAGE)
    d, a = _board(impl, "Island", 1, mine=["Archmage of Runes"], hand=["Think Twice"])
    hand = len(d.hand(a))
    _act(d, "cast Think Twice")
    assert len(d.hand(a)) == hand - 1
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert len(d.hand(a)) == hand + 1


@pytest.mark.parametrize("impl", IMPLS)
def test_arcane_epiphany_costs_1_less_with_a_wizard_601_2f(impl):
    """Arcane Epiphany costs {3}{U}{U}: four Islands don't cast it, nor with the opponent's
    Wizard; with a Wizard of the caster's they do (and two Wizards take off only {1}); it draws
    three cards."""
    oracle("Arcane Epiphany", EPIPHANY)
    d, _ = _board(impl, "Island", 4, theirs=["Erudite Wizard"], hand=["Arcane Epiphany"])
    assert not _offered(d, "Arcane Epiphany")
    d, _ = _board(impl, "Island", 3, mine=["Erudite Wizard"] * 2, hand=["Arcane Epiphany"])
    assert not _offered(d, "Arcane Epiphany")
    d, a = _board(impl, "Island", 4, mine=["Erudite Wizard"], hand=["Arcane Epiphany"])
    hand = len(d.hand(a))
    _act(d, "cast Arcane Epiphany")
    assert all(d.is_tapped(x) for x in _named(d, a, "Island"))
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert len(d.hand(a)) == hand - 1 + 3


@pytest.mark.parametrize("impl", IMPLS)
def test_claws_out_affinity_for_cats_702_41a(impl):
    """Claws Out ({3}{W}{W}) costs {1} less for each Cat its caster controls: with three
    Savannah Lions two Plains cast it (an opponent's Cat doesn't count: with two Lions they
    don't); with five Cats it still costs {W}{W}. Its caster's creatures get +2/+2 until end
    of turn, not the opponent's."""
    oracle("Claws Out", CLAWS)
    d, _ = _board(impl, "Plains", 2, ["Savannah Lions"] * 2, ["Savannah Lions"], hand=["Claws Out"])
    assert not _offered(d, "Claws Out")
    d, _ = _board(impl, "Plains", 1, ["Savannah Lions"] * 5, hand=["Claws Out"])
    assert not _offered(d, "Claws Out")
    d, a = _board(impl, "Plains", 2, ["Savannah Lions"] * 3, ["Savannah Lions"], hand=["Claws Out"])
    _act(d, "cast Claws Out")
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert [d.game.power(x) for x in _named(d, a, "Savannah Lions")] == [4, 4, 4]
    assert [d.game.toughness(x) for x in _named(d, 1 - a, "Savannah Lions")] == [1]


def _rebuke_board(impl, lands):
    """Luminous Rebuke in hand, ``lands`` Plains, and the opponent's Diregraf Ghoul (it enters
    tapped) and untapped Healer's Hawk."""
    d, a = _board(
        impl, "Plains", lands, theirs=["Diregraf Ghoul", "Healer's Hawk"], hand=["Luminous Rebuke"]
    )
    (tapped,) = _named(d, 1 - a, "Diregraf Ghoul")
    (untapped,) = _named(d, 1 - a, "Healer's Hawk")
    assert d.is_tapped(tapped) and not d.is_tapped(untapped)
    return d, a, tapped, untapped


def _rebuke(d, a, target):
    """Casts Luminous Rebuke at ``target`` and resolves it; how many Plains it tapped."""
    _act(d, "cast Luminous Rebuke")
    _act(d, f"target {d.game.name(target)} ({target})")
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert target not in d.battlefield(1 - a)
    return sum(d.is_tapped(x) for x in _named(d, a, "Plains"))


def _targets(d):
    return sorted(w for w in _words(d) if w.startswith("target"))


@pytest.mark.parametrize("impl", IMPLS)
def test_luminous_rebuke_costs_3_less_at_a_tapped_creature_601_2f(impl):
    """Luminous Rebuke ({4}{W}) costs {1}{W} if it targets a tapped creature: with three
    Plains it is offered only while a tapped creature can be targeted, and then only at that
    one; it destroys it, paying two Plains. With six Plains any creature can be targeted: an
    untapped one costs all five mana, a tapped one two."""
    oracle("Luminous Rebuke", REBUKE)
    d, _ = _board(impl, "Plains", 3, theirs=["Healer's Hawk"], hand=["Luminous Rebuke"])
    assert not _offered(d, "Luminous Rebuke")
    d, a, tapped, untapped = _rebuke_board(impl, 3)
    _act(d, "cast Luminous Rebuke")
    assert _targets(d) == [f"target Diregraf Ghoul ({tapped})"]
    d, a, tapped, untapped = _rebuke_board(impl, 3)
    assert _rebuke(d, a, tapped) == 2
    assert untapped in d.battlefield(1 - a)
    d, a, tapped, untapped = _rebuke_board(impl, 6)
    _act(d, "cast Luminous Rebuke")
    assert _targets(d) == [
        f"target Diregraf Ghoul ({tapped})",
        f"target Healer's Hawk ({untapped})",
    ]
    d, a, tapped, untapped = _rebuke_board(impl, 6)
    assert _rebuke(d, a, untapped) == 5
    d, a, tapped, untapped = _rebuke_board(impl, 6)
    assert _rebuke(d, a, tapped) == 2


@pytest.mark.parametrize(
    ("types", "ability", "problem"),
    [
        (("instant",), SpellsCostLess(("instant",)), "permanent"),
        (("creature",), SpellsCostLess(("instnat",)), "card types"),
        (("land",), CostsLessForPermanents(Filter(subtypes=("Cat",))), "601.2f"),
        (("sorcery",), CostsLessIfTargetsTapped(3), "targeted spell"),
        (("sorcery",), CostsLessIfTargetsTapped(0), "1..255"),
    ],
)
def test_a_bad_spell_cost_reduction_is_refused(types, ability, problem):
    """The compiler refuses "spells cost less" on a card that isn't a permanent or of unknown
    card types, and a land's cost reduction, naming the card."""
    card = Card(name="Bad Sprite", types=types, cost="{2}{U}", oracle="", abilities=(ability,))
    if "creature" in types:
        card = Card(
            name="Bad Sprite",
            types=types,
            cost="{2}{U}",
            power=1,
            toughness=1,
            oracle="",
            abilities=(ability,),
        )
    with pytest.raises(ValueError, match="Bad Sprite") as e:
        compile_card(card)
    assert problem in str(e.value)


SPELL_COSTS = _deck(
    {"Island": 9, "Plains": 8},
    [
        "Mocking Sprite",
        "Think Twice",
        "Archmage of Runes",
        "Arcane Epiphany",
        "Erudite Wizard",
        "Claws Out",
        "Savannah Lions",
        "Luminous Rebuke",
    ],
)


def test_the_spell_costs_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(SPELL_COSTS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_spell_cost_reductions_play_alike_in_both_duels(seed):
    """Random games of the cost reductions: the same legal actions, observations, outcome and
    bytes in both duels."""
    play_alike(SPELL_COSTS, ELVES, seed)
