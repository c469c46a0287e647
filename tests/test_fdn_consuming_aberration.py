"""Consuming Aberration: "Consuming Aberration's power and toughness are each equal to the number
of cards in your opponents' graveyards." (a characteristic-defining ability, 604.3, applied in
layer 7a, 613.4a, counted continuously) and "Whenever you cast a spell, each opponent reveals
cards from the top of their library until they reveal a land card, then puts those cards into
their graveyard." (701.20a); in the native and the reference duel alike, and on a bare game."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from fdn_support import oracle, put
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _next_turn_of, _pass_until

ABERRATION = "Consuming Aberration"
TEXT = (
    "Consuming Aberration's power and toughness are each equal to the number of cards in your "
    "opponents' graveyards.\n"
    "Whenever you cast a spell, each opponent reveals cards from the top of their library "
    "until they reveal a land card, then puts those cards into their graveyard."
)


def test_consuming_aberration_text_and_coverage():
    """The Oracle text; the card is playable."""
    oracle(ABERRATION, TEXT)
    assert coverage.card_coverage(ABERRATION).playable


def _graveyard(d, p):
    return sorted(d.game.name(x) for x in d.game.objects("graveyard", p))


def _pt(d, x):
    return d.game.power(x), d.game.toughness(x)


def _stack_library(d, p, names):
    """Puts ``names`` on top of p's library, the first named on top."""
    for name in reversed(names):
        d.add_card(p, name, "library")


def _resolve_all(d):
    """Passes priority until the stack is empty and a player has priority."""
    for _ in range(20):
        if d.decision() == "priority" and not d.game.objects("stack"):
            return
        d.apply_action(d.legal_actions()[0])
    raise AssertionError("the stack resolves")


def _aberration_in_play(impl, graveyard=("Stab",)):
    """The active player's first main phase: Consuming Aberration on its battlefield with six
    Swamps, its opponent's graveyard holding ``graveyard``."""
    d = _duel(impl)
    a = d.active_player()
    for name in graveyard:
        d.add_card(1 - a, name, "graveyard")
    for _ in range(6):
        d.add_card(a, "Swamp", "battlefield")
    x = d.add_card(a, ABERRATION, "battlefield")
    return d, a, x


@pytest.mark.parametrize("impl", IMPLS)
def test_power_and_toughness_are_the_cards_in_opponents_graveyards_604_3(impl):
    """604.3, 613.4a: with two cards in its opponent's graveyard and three in its own, it is
    2/2 — its controller's own graveyard isn't counted."""
    d, a, x = _aberration_in_play(impl, ("Stab", "Swamp"))
    for name in ("Stab", "Stab", "Swamp"):
        d.add_card(a, name, "graveyard")
    assert _pt(d, x) == (2, 2)


@pytest.mark.parametrize("impl", IMPLS)
def test_casting_a_spell_mills_the_opponent_to_a_land_and_it_grows_701_20a(impl):
    """Its controller casts Stab at the opponent's Savannah Lions: the trigger resolves first —
    the opponent reveals Stab, Vampire Nighthawk and a Swamp (the land) and puts them into its
    graveyard, Grim Tutor staying on top; then the Lions die. Each card the opponent's
    graveyard gets counts as it gets there (611.3a): 1, then 4, then 5. The Stab its controller
    cast, in its own graveyard, doesn't."""
    oracle(ABERRATION, TEXT)
    d, a, x = _aberration_in_play(impl)
    b = 1 - a
    lions = d.add_card(b, "Savannah Lions", "battlefield")
    _stack_library(d, b, ["Stab", "Vampire Nighthawk", "Swamp", "Grim Tutor"])
    d.add_card(a, "Stab", "hand")
    size = d.library_size(b)
    assert _pt(d, x) == (1, 1)
    _act(d, "cast Stab")
    if d.decision() != "priority":
        _act(d, f"target Savannah Lions ({lions})")
    _resolve_all(d)
    assert _graveyard(d, b) == sorted(
        ["Stab", "Stab", "Vampire Nighthawk", "Swamp", "Savannah Lions"]
    )
    assert _graveyard(d, a) == ["Stab"]
    assert d.library_size(b) == size - 3
    assert _pt(d, x) == (5, 5)
    hand = d.hand(b)
    _next_turn_of(d, b)
    assert sorted(d.hand(b)) == sorted([*hand, "Grim Tutor"])


@pytest.mark.parametrize("impl", IMPLS)
def test_with_no_land_the_whole_library_goes_701_20a(impl):
    """An opponent whose library holds no land card (40 Stabs) reveals it all and puts every
    card of it into its graveyard: the Aberration counts them all."""
    d = impl(["Swamp"] * 40, ["Stab"] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False)
    while d.step() != "main1":
        d.apply_action(0)
    a = d.active_player()
    b = 1 - a
    d.add_card(b, "Stab", "graveyard")
    for _ in range(6):
        d.add_card(a, "Swamp", "battlefield")
    x = d.add_card(a, ABERRATION, "battlefield")
    d.add_card(a, "Stab", "hand")
    library = d.library_size(b)
    assert library > 0
    _act(d, "cast Stab")
    if d.decision() != "priority":
        _act(d, f"target {ABERRATION}")
    _resolve_all(d)
    assert d.library_size(b) == 0
    assert _graveyard(d, b) == ["Stab"] * (library + 1)
    # Stab's -2/-2 until end of turn on it (613.4c after 7a).
    assert _pt(d, x) == (library - 1, library - 1)


@pytest.mark.parametrize("impl", IMPLS)
def test_with_no_card_in_opponents_graveyards_it_is_0_0_and_dies_704_5f(impl):
    """604.3: as it is on the battlefield with no card in its opponent's graveyard it is 0/0;
    the state-based actions put it into its owner's graveyard (704.5f)."""
    d, a, x = _aberration_in_play(impl, ())
    assert _pt(d, x) == (0, 0)
    d.add_card(a, "Stab", "hand")
    _pass_until(d, lambda: ABERRATION in _graveyard(d, a))
    assert ABERRATION in _graveyard(d, a)


def test_on_a_bare_game_it_counts_as_it_enters(game):
    """A bare ``Game``: the count as it enters (a host keeps it current)."""
    g = game()
    put(g, "Stab", 1, "graveyard")
    put(g, "Swamp", 1, "graveyard")
    put(g, "Stab", 0, "graveyard")
    x = put(g, ABERRATION, 0, "battlefield")
    assert (g.power(x), g.toughness(x)) == (2, 2)


ABERRATIONS = _deck(
    {"Swamp": 9, "Island": 8},
    [ABERRATION, "Stab", "Think Twice", "Vampire Nighthawk", "Savannah Lions"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_consuming_aberrations_play_alike_in_both_duels(seed):
    """Random games casting Consuming Aberration whenever offered: the same legal actions,
    observations, outcome and bytes in both duels."""
    _, seen = duel_support.play_alike(
        ABERRATIONS,
        ABERRATIONS,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: w.startswith(f"cast {ABERRATION}"),
    )
    assert seen > 0
