"""Doubling Season's two replacement effects (614.1a): the tokens an effect creates under its
controller's control and the counters an effect puts on a permanent it controls are doubled —
a planeswalker entering with loyalty counters (306.5b) too, a loyalty ability's cost not (a cost
is no effect, 609.1). Its Oracle text quoted and shown doing it in the native and the reference
duel alike, and on both card-layer implementations."""

from __future__ import annotations

import pytest
from cardstate import cards
from cardstate.cards import coverage
from fdn_support import FDN, ability, battlefield, oracle, put
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _pass_until
from test_fdn_duel_modes import _lands
from test_fdn_planeswalkers import AJANI, _activate, _cast_walker, _loyalty, _resolve

SEASON = "Doubling Season"


def test_doubling_season_oracle_text():
    oracle(
        SEASON,
        "If an effect would create one or more tokens under your control, it creates twice that "
        "many of those tokens instead.\nIf an effect would put one or more counters on a "
        "permanent you control, it puts twice that many of those counters on that permanent "
        "instead.",
    )
    assert coverage.card_coverage(SEASON, "fdn").playable


@pytest.mark.parametrize(("seasons", "tokens"), [(0, 1), (1, 2), (2, 4)])
@pytest.mark.parametrize("impl", IMPLS)
def test_tokens_are_doubled_once_for_each_doubling_season_614_1a(impl, seasons, tokens):
    """Dwynen's Elite's "When this creature enters, if you control another Elf, create a 1/1
    green Elf Warrior creature token." with Llanowar Elves beside it: one token, two under one
    Doubling Season, four under two (the rulings: two Doubling Seasons, four times as many)."""
    d = _duel(impl, "Forest")
    a = d.active_player()
    _lands(d, a, "Forest", 2)
    d.add_card(a, "Llanowar Elves", "battlefield")
    for _ in range(seasons):
        d.add_card(a, SEASON, "battlefield")
    d.add_card(a, "Dwynen's Elite", "hand")
    _act(d, "cast Dwynen's Elite")
    _pass_until(d, lambda: len(_named(d, a, "Elf Warrior Token 1/1")) > 0)
    assert len(_named(d, a, "Elf Warrior Token 1/1")) == tokens


@pytest.mark.parametrize("impl", IMPLS)
def test_loyalty_entering_and_counters_doubled_a_loyalty_cost_not(impl):
    """Under Doubling Season, Ajani, Caller of the Pride (loyalty 4) enters with eight loyalty
    counters (the rulings: a planeswalker enters with double the normal number); his "+1: Put a
    +1/+1 counter on up to one target creature." puts one loyalty counter (a cost, not an
    effect: not doubled) and two +1/+1 counters on Savannah Lions."""
    d = _duel(impl, "Plains")
    a = d.active_player()
    d.add_card(a, SEASON, "battlefield")
    _lands(d, a, "Plains", 3)
    d.add_card(a, AJANI, "hand")
    _act(d, f"cast {AJANI}")
    _resolve(d)
    (ajani,) = _named(d, a, AJANI)
    assert _loyalty(d, ajani) == 8
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    _activate(d, AJANI, 0)
    _act(d, f"target Savannah Lions ({lions})")
    assert _loyalty(d, ajani) == 9
    _resolve(d)
    assert d.game.counters(lions) == {"+1/+1": 2}


@pytest.mark.parametrize("impl", IMPLS)
def test_a_permanent_entering_with_counters_gets_twice_as_many(impl):
    """The rulings: "Doubling Season affects permanents that enter the battlefield with a
    certain number of counters." Mossborn Hydra's "This creature enters with a +1/+1 counter on
    it." cast under Doubling Season: two +1/+1 counters (a 2/2)."""
    d = _duel(impl, "Forest")
    a = d.active_player()
    d.add_card(a, SEASON, "battlefield")
    _lands(d, a, "Forest", 3)
    d.add_card(a, "Mossborn Hydra", "hand")
    _act(d, "cast Mossborn Hydra")
    _pass_until(d, lambda: len(_named(d, a, "Mossborn Hydra")) > 0)
    (hydra,) = _named(d, a, "Mossborn Hydra")
    assert d.game.counters(hydra) == {"+1/+1": 2}
    assert (d.game.power(hydra), d.game.toughness(hydra)) == (2, 2)


@pytest.mark.parametrize("impl", IMPLS)
def test_an_opponents_doubling_season_doubles_nothing_of_yours(impl):
    """ "Under your control", "a permanent you control": the opponent's Doubling Season leaves
    Ajani's loyalty at 4 and his +1/+1 counter at one."""
    d, a, ajani = _cast_walker(impl, AJANI, "Plains", 3)
    d.add_card(1 - a, SEASON, "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    assert _loyalty(d, ajani) == 4
    _activate(d, AJANI, 0)
    _act(d, f"target Savannah Lions ({lions})")
    _resolve(d)
    assert _loyalty(d, ajani) == 5 and d.game.counters(lions) == {"+1/+1": 1}


def test_token_copies_and_counters_are_doubled_on_a_bare_game(game):
    """Extravagant Replication's "create a token that's a copy of another target nonland
    permanent you control" (a token an effect creates, 111.1) under Doubling Season: two
    copies, on both card-layer implementations; none for the opponent."""
    g = game()
    put(g, SEASON)
    lions = put(g, "Savannah Lions")
    x = put(g, "Extravagant Replication")
    cards.resolve(
        g,
        "Extravagant Replication",
        0,
        [lions],
        ability=ability("Extravagant Replication", "triggered"),
        source=x,
        pool=FDN,
    )
    assert len(battlefield(g, 0, "Savannah Lions")) == 3
    assert battlefield(g, 1) == []


SEASONS = _deck(
    {"Forest": 17},
    [SEASON, "Dwynen's Elite", "Llanowar Elves", "Nessian Hornbeetle", "Elvish Archdruid"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_doubling_season_plays_alike_in_both_duels(seed):
    """Random games of Doubling Season: the same legal actions, observations, outcome and bytes
    in both duels."""
    play_alike(SEASONS, BOROS, seed)
