"""Nine-Lives Familiar: counters a permanent gets only if it was cast (614.1c), a "when this
dies" trigger reading the counters it had as it last existed (603.10a, 608.2h), and a
delayed triggered ability (603.7a) returning the card it became (400.7) with one fewer of
them; in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _named, _pass_until
from test_fdn_duel_modes import _lands, _to_end_step

NINE_LIVES = (
    "This creature enters with eight revival counters on it if you cast it.\nWhen this "
    "creature dies, if it had a revival counter on it, return it to the battlefield with one "
    "fewer revival counter on it at the beginning of the next end step."
)


def _familiar(impl):
    """A duel in the active player's first main phase: Nine-Lives Familiar and Hero's Downfall
    in hand, six Swamps to cast both."""
    oracle("Nine-Lives Familiar", NINE_LIVES)
    d = _duel(impl)
    a = d.active_player()
    _lands(d, a, "Swamp", 6)
    d.add_card(a, "Nine-Lives Familiar", "hand")
    d.add_card(a, "Hero's Downfall", "hand")
    return d, a


def _graveyard(d, a):
    return [x for x in d.game.objects("graveyard", a) if d.game.name(x) == "Nine-Lives Familiar"]


def _destroy_it(d, a, name="Nine-Lives Familiar"):
    """Casts Hero's Downfall (in a's hand) on a's creature ``name`` and lets it resolve: the
    creature dies."""
    _act(d, "cast Hero's Downfall")
    _pass_until(d, lambda: d.decision() != "priority" or not d.game.objects("stack"))
    if d.decision() != "priority":
        _act(d, f"target {name}")
    _pass_until(d, lambda: not _named(d, a, name))


@pytest.mark.parametrize("impl", IMPLS)
def test_cast_it_enters_with_eight_revival_counters_614_1c(impl):
    """Cast and resolved, the Familiar enters with eight revival counters."""
    d, a = _familiar(impl)
    _act(d, "cast Nine-Lives Familiar")
    _pass_until(d, lambda: bool(_named(d, a, "Nine-Lives Familiar")))
    (cat,) = _named(d, a, "Nine-Lives Familiar")
    assert d.game.counters(cat) == {"revival": 8}


@pytest.mark.parametrize("impl", IMPLS)
def test_it_dies_and_returns_with_one_fewer_at_the_next_end_step_603_7a_608_2h(impl):
    """Destroyed with eight revival counters, it waits in the graveyard until the beginning
    of the end step, then returns as a new object (400.7) with seven."""
    d, a = _familiar(impl)
    _act(d, "cast Nine-Lives Familiar")
    _pass_until(d, lambda: bool(_named(d, a, "Nine-Lives Familiar")))
    (cat,) = _named(d, a, "Nine-Lives Familiar")
    _destroy_it(d, a)
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert d.step() == "main1" and len(_graveyard(d, a)) == 1, "it waits for the end step"
    _to_end_step(d)
    _pass_until(d, lambda: bool(_named(d, a, "Nine-Lives Familiar")))
    (back,) = _named(d, a, "Nine-Lives Familiar")
    assert back != cat and not _graveyard(d, a)
    assert d.game.counters(back) == {"revival": 7}


@pytest.mark.parametrize("impl", IMPLS)
def test_not_cast_it_has_no_counters_and_stays_dead_603_4(impl):
    """Put onto the battlefield without being cast, it has no revival counter; when it dies,
    the intervening "if it had a revival counter on it" is false (603.4): nothing triggers
    and it stays in the graveyard through the end step."""
    d, a = _familiar(impl)
    cat = d.add_card(a, "Nine-Lives Familiar", "battlefield")
    assert d.game.counters(cat) == {}
    _destroy_it(d, a)
    (dead,) = _graveyard(d, a)
    _to_end_step(d)
    while d.active_player() == a:
        d.apply_action(d.legal_actions()[0])
    assert not _named(d, a, "Nine-Lives Familiar") and dead in _graveyard(d, a)


REVIVAL = _deck(
    {"Swamp": 17},
    [
        "Nine-Lives Familiar",
        "Hero's Downfall",
        "Nine-Lives Familiar",
        "Stab",
        "Nine-Lives Familiar",
        "Hungry Ghoul",
        "Vengeful Bloodwitch",
    ],
)


def test_the_revival_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(REVIVAL) if not c.playable] == []


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_revival_plays_alike_in_both_duels(seed):
    """Random games of the Familiar's deck: the same legal actions, observations, outcome and
    bytes in both duels."""
    play_alike(REVIVAL, ELVES, seed)
