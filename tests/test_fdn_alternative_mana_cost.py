"""An alternative cost of mana under a condition (118.9, 601.2b): Blasphemous Edict's "You may
pay {B} rather than pay this spell's mana cost if there are thirteen or more creatures on the
battlefield", and its "each player sacrifices thirteen creatures" (701.21a); its Oracle text
quoted and shown doing it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.cards.compile import compile_card
from cardstate.cards.vocab import AlternativeManaCost, Card
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _named, _pass_until, _words
from test_fdn_duel_modes import _lands

EDICT = (
    "You may pay {B} rather than pay this spell's mana cost if there are thirteen or more "
    "creatures on the battlefield.\nEach player sacrifices thirteen creatures of their choice."
)


def _edict(impl, swamps, mine, theirs):
    """A duel in the active player's first main phase: Blasphemous Edict in hand, ``swamps``
    Swamps, ``mine`` Savannah Lions on its battlefield and ``theirs`` on the other's."""
    oracle("Blasphemous Edict", EDICT)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    _lands(d, a, "Swamp", swamps)
    _lands(d, a, "Savannah Lions", mine)
    _lands(d, 1 - a, "Savannah Lions", theirs)
    d.add_card(a, "Blasphemous Edict", "hand")
    return d, a


def _offered(d):
    return any(w.startswith("cast Blasphemous Edict") for w in _words(d))


def _resolve(d, a):
    _pass_until(d, lambda: bool(d.game.objects("graveyard", a)) and not d.game.objects("stack"))


@pytest.mark.parametrize("impl", IMPLS)
def test_it_costs_b_with_thirteen_creatures_on_the_battlefield_118_9(impl):
    """With twelve creatures on the battlefield one Swamp doesn't cast it; with thirteen (seven
    of its caster's, six of the other player's: any player's count) it does, for {B} (the mana
    cost can't be paid, so no choice is asked), and each player sacrifices its creatures: with
    fewer than thirteen, all of them, unasked."""
    d, _ = _edict(impl, 1, 6, 6)
    assert not _offered(d)
    d, a = _edict(impl, 1, 7, 6)
    assert _offered(d)
    _act(d, "cast Blasphemous Edict")
    assert d.decision() != "pay_cost"
    _resolve(d, a)
    assert _named(d, a, "Savannah Lions") == _named(d, 1 - a, "Savannah Lions") == []
    assert [d.game.name(x) for x in d.game.objects("graveyard", a)].count("Savannah Lions") == 7


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("alternative", [True, False])
def test_with_both_costs_payable_the_caster_chooses_601_2b(impl, alternative):
    """Five Swamps and thirteen creatures: the caster chooses the {B} (one Swamp tapped) or
    the mana cost {3}{B}{B} (all five)."""
    d, a = _edict(impl, 5, 13, 0)
    _act(d, "cast Blasphemous Edict")
    assert d.decision() == "pay_cost"
    _act(d, "yes, pay the alternative cost" if alternative else "no, pay the mana cost")
    tapped = [x for x in _named(d, a, "Swamp") if d.is_tapped(x)]
    assert len(tapped) == (1 if alternative else 5)


@pytest.mark.parametrize("impl", IMPLS)
def test_a_player_with_more_than_thirteen_chooses_the_ones_it_sacrifices_701_21a(impl):
    """Fourteen creatures of its caster's: it chooses thirteen to sacrifice (the sacrifice
    decision), one is left; the other player's two are sacrificed unasked."""
    d, a = _edict(impl, 1, 14, 2)
    _act(d, "cast Blasphemous Edict")
    chosen = 0
    while not d.game.objects("graveyard", a) or d.game.objects("stack"):
        if d.decision() == "sacrifice":
            assert d.current_player() == a
            chosen += 1
        d.apply_action(d.legal_actions()[0])
    assert chosen == 13
    assert len(_named(d, a, "Savannah Lions")) == 1
    assert _named(d, 1 - a, "Savannah Lions") == []


def test_blasphemous_edict_is_playable():
    assert coverage.card_coverage("Blasphemous Edict", "fdn").playable


EDICTS = _deck({"Swamp": 17}, ["Blasphemous Edict", "Vampire Gourmand", "Stab"])


@pytest.mark.parametrize("seed", [1, 2])
def test_the_edict_plays_alike_in_both_duels(seed):
    """Random games of Blasphemous Edict: the same legal actions, observations, outcome and
    bytes in both duels."""
    play_alike(EDICTS, ELVES, seed)


def test_an_alternative_cost_of_mana_is_a_spells():
    """The compiler refuses it on a land (a land isn't cast, 118.9), naming the card."""
    card = Card(
        name="Bad Edict",
        types=("land",),
        oracle="",
        abilities=(AlternativeManaCost("{B}", creatures_at_least=13),),
    )
    with pytest.raises(ValueError, match="Bad Edict.*118.9"):
        compile_card(card)
