"""A spell's cost reduction (601.2f): Tolarian Terror costs {1} less for each instant and
sorcery card in its caster's graveyard, Ghalta, Primal Hunger {X} less for the total power of
its caster's creatures, in the spells the duels offer and in what the caster pays; in the
native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.cards.compile import compile_card
from cardstate.cards.vocab import (
    Card,
    CostsLessByTotalPower,
    CostsLessPerGraveyardCard,
    EntersWithCountersIfCast,
)
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _named, _pass_until, _words
from test_fdn_duel_modes import _lands

TERROR = (
    "This spell costs {1} less to cast for each instant and sorcery card in your graveyard.\n"
    "Ward {2} (Whenever this creature becomes the target of a spell or ability an opponent "
    "controls, counter it unless that player pays {2}.)"
)


def _terror(impl, islands, graveyard):
    """A duel in the active player's first main phase: Tolarian Terror in hand, ``islands``
    Islands on the battlefield and the cards ``graveyard`` in its graveyard."""
    oracle("Tolarian Terror", TERROR)
    d = _duel(impl, "Island")
    a = d.active_player()
    _lands(d, a, "Island", islands)
    for name in graveyard:
        d.add_card(a, name, "graveyard")
    d.add_card(a, "Tolarian Terror", "hand")
    return d, a


def _offered(d):
    return any(w.startswith("cast Tolarian Terror") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_it_costs_one_less_for_each_instant_and_sorcery_card_601_2f(impl):
    """With no instant or sorcery card in the graveyard it costs {6}{U}: six Islands don't
    cast it. With an instant and a sorcery card (and a creature card, which doesn't count)
    there, it costs {4}{U}: five Islands cast it, all five tapped to pay."""
    d, _ = _terror(impl, 6, ["Savannah Lions"])
    assert not _offered(d)
    d, a = _terror(impl, 5, ["Think Twice", "Savannah Lions", "Zombify"])
    assert _offered(d)
    _act(d, "cast Tolarian Terror")
    assert all(d.is_tapped(x) for x in _named(d, a, "Island"))
    _pass_until(d, lambda: bool(_named(d, a, "Tolarian Terror")))


@pytest.mark.parametrize("impl", IMPLS)
def test_it_reduces_only_the_generic_mana_601_2f(impl):
    """With eight instant cards in the graveyard it costs {U}: one Island casts it; its blue
    mana stays however many there are."""
    d, a = _terror(impl, 1, ["Think Twice"] * 8)
    assert _offered(d)
    _act(d, "cast Tolarian Terror")
    _pass_until(d, lambda: bool(_named(d, a, "Tolarian Terror")))
    d, _ = _terror(impl, 0, ["Think Twice"] * 8)
    assert not _offered(d)


@pytest.mark.parametrize("impl", IMPLS)
def test_an_instant_resolving_into_the_graveyard_makes_it_castable(impl):
    """The spells offered follow the graveyard: with a sorcery card there and seven Islands,
    Think Twice ({1}{U}) cast leaves five; as it resolves into the graveyard the Terror costs
    {4}{U}, and is offered."""
    d, a = _terror(impl, 7, ["Zombify"])
    d.add_card(a, "Think Twice", "hand")
    assert _offered(d)
    _act(d, "cast Think Twice")
    assert not _offered(d), "{5}{U} with five Islands untapped"
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert _offered(d)


TERROR_DECK = _deck(
    {"Island": 17},
    ["Tolarian Terror", "Think Twice", "Tolarian Terror", "Think Twice", "Strix Lookout"],
)


def test_the_terror_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(TERROR_DECK) if not c.playable] == []


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_cost_reduction_plays_alike_in_both_duels(seed):
    """Random games of the Terror's deck: the same legal actions, observations, outcome and
    bytes in both duels."""
    play_alike(TERROR_DECK, ELVES, seed)


@pytest.mark.parametrize(
    ("types", "ability", "problem"),
    [
        (("instant",), CostsLessPerGraveyardCard(("instnat",)), "card types"),
        (("instant",), CostsLessPerGraveyardCard(()), "card types"),
        (("land",), CostsLessPerGraveyardCard(("instant",)), "601.2f"),
        (("creature",), EntersWithCountersIfCast("revival", -1), "counters"),
        (("creature",), EntersWithCountersIfCast("+1+1", 1), "+1+1"),
        (("land",), CostsLessByTotalPower(), "601.2f"),
    ],
)
def test_a_bad_cost_reduction_or_counters_if_cast_is_refused(types, ability, problem):
    """The compiler refuses a cost reduction of no or unknown card types, or a land's (a land
    isn't cast, 601.2f), and a negative or misspelt "enters with counters if you cast it",
    naming the card."""
    card = Card(
        name="Bad Serpent",
        cost="{6}{U}",
        types=types,
        power=5,
        toughness=5,
        oracle="",
        abilities=(ability,),
    )
    with pytest.raises(ValueError, match="Bad Serpent") as e:
        compile_card(card)
    assert problem in str(e.value)


GHALTA = (
    "This spell costs {X} less to cast, where X is the total power of creatures you control.\n"
    "Trample (This creature can deal excess combat damage to the player or planeswalker it's "
    "attacking.)"
)


def _ghalta(impl, forests, creatures):
    """A duel in the active player's first main phase: Ghalta in hand, ``forests`` Forests and
    the creatures ``creatures`` on the battlefield (their ids returned)."""
    oracle("Ghalta, Primal Hunger", GHALTA)
    d = _duel(impl, "Forest")
    a = d.active_player()
    _lands(d, a, "Forest", forests)
    ids = [d.add_card(a, name, "battlefield") for name in creatures]
    d.add_card(a, "Ghalta, Primal Hunger", "hand")
    return d, a, ids


def _ghalta_offered(d):
    return any(w.startswith("cast Ghalta") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_ghalta_costs_x_less_for_the_total_power_of_your_creatures_601_2f(impl):
    """Serra Angel (4) and Savannah Lions (2): X is 6, it costs {4}{G}{G}; an opponent's Serra
    Angel doesn't count: five Forests don't cast it, six do, all six tapped, and the 12/12
    enters with trample."""
    d, a, _ = _ghalta(impl, 5, ["Serra Angel", "Savannah Lions"])
    d.add_card(1 - a, "Serra Angel", "battlefield")
    assert not _ghalta_offered(d)
    d, a, _ = _ghalta(impl, 6, ["Serra Angel", "Savannah Lions"])
    _act(d, "cast Ghalta")
    assert all(d.is_tapped(x) for x in _named(d, a, "Forest"))
    _pass_until(d, lambda: bool(_named(d, a, "Ghalta, Primal Hunger")))
    (ghalta,) = _named(d, a, "Ghalta, Primal Hunger")
    assert (d.game.power(ghalta), d.game.toughness(ghalta)) == (12, 12)
    assert d.game.has_keyword(ghalta, "trample")


@pytest.mark.parametrize("impl", IMPLS)
def test_ghalta_reduces_only_the_generic_mana_601_2f(impl):
    """Five Serra Angels (total power 20): it costs {G}{G}, never less: two Forests cast it,
    one doesn't."""
    d, _, _ = _ghalta(impl, 1, ["Serra Angel"] * 5)
    assert not _ghalta_offered(d)
    d, a, _ = _ghalta(impl, 2, ["Serra Angel"] * 5)
    _act(d, "cast Ghalta")
    _pass_until(d, lambda: bool(_named(d, a, "Ghalta, Primal Hunger")))


@pytest.mark.parametrize("impl", IMPLS)
def test_a_negative_power_subtracts_from_the_total_power(impl):
    """The release notes' reading of "total power": a creature of negative power counts its
    negative power. Serra Angel (4) and Savannah Lions made -1/1 by three Fleeting Distractions
    ("Target creature gets -1/-0 until end of turn."): X is 3, it costs {7}{G}{G}: eight
    Forests don't cast it (they would at X = 4), nine do."""
    for forests in (8, 9):
        d, a, (_, lions) = _ghalta(impl, forests, ["Serra Angel", "Savannah Lions"])
        _lands(d, a, "Island", 3)
        for _ in range(3):
            d.add_card(a, "Fleeting Distraction", "hand")
            _act(d, "cast Fleeting Distraction")
            _act(d, "target Savannah Lions")
            while d.game.objects("stack"):
                d.apply_action(0)
        assert d.game.power(lions) == -1
        assert _ghalta_offered(d) == (forests == 9)


GHALTA_DECK = _deck(
    {"Forest": 17},
    ["Ghalta, Primal Hunger", "Llanowar Elves", "Elfsworn Giant", "Quakestrider Ceratops"],
)


def test_the_ghalta_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(GHALTA_DECK) if not c.playable] == []


@pytest.mark.parametrize("seed", [4, 5])
def test_ghalta_plays_alike_in_both_duels(seed):
    """Random games of Ghalta's deck: the same legal actions, observations, outcome and bytes
    in both duels."""
    play_alike(GHALTA_DECK, ELVES, seed)
