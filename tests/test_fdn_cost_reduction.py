"""A spell's cost reduction (601.2f): Tolarian Terror costs {1} less for each instant and
sorcery card in its caster's graveyard, in the spells the duels offer and in what the caster
pays; in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.cards.compile import compile_card
from cardstate.cards.vocab import Card, CostsLessPerGraveyardCard, EntersWithCountersIfCast
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
