"""Infernal Vessel and Valkyrie's Call: a dying creature's card returned to the battlefield with
+1/+1 counters (614.1c), and, from the resolving ability, "it has flying and is an Angel in
addition to its other types" (613.1f, 613.1d) for as long as it stays (611.2c); an intervening
"if it wasn't a Demon" read as it last existed (603.4, 608.2h); in the native and the reference
duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _named
from test_fdn_duel_modes import _lands
from test_fdn_revival import _destroy_it

VESSEL = (
    "When this creature dies, if it wasn't a Demon, return it to the battlefield under its "
    "owner's control with two +1/+1 counters on it. It's a Demon in addition to its other "
    "types."
)
CALL = (
    "Whenever a nontoken, non-Angel creature you control dies, return that card to the "
    "battlefield under its owner's control with a +1/+1 counter on it. It has flying and is an "
    "Angel in addition to its other types."
)


def test_the_oracle_texts_and_coverage():
    oracle("Infernal Vessel", VESSEL)
    oracle("Valkyrie's Call", CALL)
    assert coverage.card_coverage("Infernal Vessel").playable
    assert coverage.card_coverage("Valkyrie's Call").playable


def _with(impl, *permanents, downfalls=2):
    """The active player's first main phase with ``permanents`` on its battlefield, six Swamps
    and ``downfalls`` Hero's Downfall in hand; returns the duel and the player."""
    d = _duel(impl)
    a = d.active_player()
    _lands(d, a, "Swamp", 6)
    for name in permanents:
        d.add_card(a, name, "battlefield")
    for _ in range(downfalls):
        d.add_card(a, "Hero's Downfall", "hand")
    return d, a


def _dies_and_returns(d, a, name, p=None):
    """Destroys p's (by default a's) ``name`` with a's Hero's Downfall and lets both players
    pass once (what its death triggered resolves); returns the permanent it came back as (None:
    it stayed in the graveyard)."""
    p = a if p is None else p
    (was,) = _named(d, p, name)
    _destroy_it(d, p, name)
    d.apply_action(0)
    d.apply_action(0)
    back = _named(d, p, name)
    assert was not in back
    return back[0] if back else None


@pytest.mark.parametrize("impl", IMPLS)
def test_infernal_vessel_returns_once_as_a_demon_603_4_608_2h(impl):
    """It dies a Human Cleric: it returns as a new object (400.7) with two +1/+1 counters, a
    4/3 Human Cleric Demon (613.1d). Dying again, it was a Demon as it last existed (608.2h):
    the intervening "if" is false (603.4) and it stays in the graveyard."""
    d, a = _with(impl, "Infernal Vessel")
    vessel = _dies_and_returns(d, a, "Infernal Vessel")
    assert vessel is not None
    assert d.game.counters(vessel) == {"+1/+1": 2}
    assert (d.game.power(vessel), d.game.toughness(vessel)) == (4, 3)
    assert d.game.subtypes(vessel) == ["Human", "Cleric", "Demon"]
    assert _dies_and_returns(d, a, "Infernal Vessel") is None
    assert [d.game.name(x) for x in d.game.objects("graveyard", a)].count("Infernal Vessel") == 1


@pytest.mark.parametrize("impl", IMPLS)
def test_valkyries_call_returns_a_nontoken_non_angel_as_an_angel_with_flying_613_1d_f(impl):
    """Savannah Lions dies: it returns with a +1/+1 counter, a 3/2 Cat Angel with flying (the
    effects of the resolved ability, 611.2c). Dying again it was an Angel: it stays dead."""
    d, a = _with(impl, "Valkyrie's Call", "Savannah Lions")
    lions = _dies_and_returns(d, a, "Savannah Lions")
    assert lions is not None
    assert d.game.counters(lions) == {"+1/+1": 1}
    assert (d.game.power(lions), d.game.toughness(lions)) == (3, 2)
    assert d.game.has_keyword(lions, "flying")
    assert d.game.subtypes(lions) == ["Cat", "Angel"]
    assert _dies_and_returns(d, a, "Savannah Lions") is None


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize(
    ("name", "theirs"),
    [("Serra Angel", False), ("Rat Token 1/1", False), ("Savannah Lions", True)],
)
def test_valkyries_call_returns_no_angel_token_or_opponents_creature(impl, name, theirs):
    """ "A nontoken, non-Angel creature you control": an Angel (Serra Angel), a creature
    token (111.1: a Rat that Revenge of the Rats makes) and the opponent's creature stay
    dead; the same Savannah Lions of its controller's returns (the test above)."""
    d, a = _with(impl, "Valkyrie's Call")
    p = 1 - a if theirs else a
    if name == "Rat Token 1/1":
        d.add_card(a, "Savannah Lions", "graveyard")
        d.add_card(a, "Revenge of the Rats", "hand")
        _lands(d, a, "Swamp", 4)
        _act(d, "cast Revenge of the Rats")
        d.apply_action(0)
        d.apply_action(0)
    else:
        d.add_card(p, name, "battlefield")
    assert _dies_and_returns(d, a, name, p) is None


RETURNS = _deck(
    {"Swamp": 10, "Plains": 7},
    [
        "Infernal Vessel",
        "Valkyrie's Call",
        "Infernal Vessel",
        "Hero's Downfall",
        "Savannah Lions",
        "Stab",
        "Infernal Vessel",
    ],
)


def test_the_returns_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(RETURNS) if not c.playable] == []


@pytest.mark.parametrize("seed", [7, 8])
def test_returns_play_alike_in_both_duels(seed):
    """Random games of the two cards' deck: the same legal actions, observations, outcome and
    bytes in both duels."""
    play_alike(RETURNS, ELVES, seed)
