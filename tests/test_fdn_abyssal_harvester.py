"""Abyssal Harvester: "{T}: Exile target creature card from a graveyard that was put there this
turn. Create a token that's a copy of it, except it's a Nightmare in addition to its other
types. Then exile all other Nightmare tokens you control." — a target that came to its zone
this turn (400.7: a new object each time), a token copy of a card (707.2) with an exception
(707.9a), and the other Nightmare tokens exiled (701.13); in the native and the reference duel
alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _next_turn_of, _words

HARVESTER = "Abyssal Harvester"
TEXT = (
    "{T}: Exile target creature card from a graveyard that was put there this turn. Create a "
    "token that's a copy of it, except it's a Nightmare in addition to its other types. Then "
    "exile all other Nightmare tokens you control."
)


def test_abyssal_harvester_text_and_coverage():
    """The Oracle text; the card is playable."""
    oracle(HARVESTER, TEXT)
    assert coverage.card_coverage(HARVESTER).playable


def _harvesters(impl, n=1, earlier=()):
    """The active player's first main phase of its next turn with ``n`` Abyssal Harvesters
    (since the turn before: no summoning sickness, 302.6); ``earlier``: creature cards put into
    the opponent's graveyard in the turn before."""
    d = _duel(impl)
    a = d.active_player()
    harvesters = [d.add_card(a, HARVESTER, "battlefield") for _ in range(n)]
    for name in earlier:
        d.add_card(1 - a, name, "graveyard")
    _next_turn_of(d, a)
    return d, a, harvesters


def _on_battlefield(d, p):
    return sorted(d.game.name(x) for x in d.game.objects("battlefield", p))


def _harvest(d, target):
    """Activates an untapped Abyssal Harvester at ``target`` (a graveyard card) and passes
    priority until it has resolved (the target is no longer in its graveyard)."""
    first = [w for w in _words(d) if w.startswith(f"activate {HARVESTER}")][0]
    _act(d, first)
    (w,) = [w for w in _words(d) if w.endswith(f"({target})")]
    _act(d, w)
    for _ in range(4):
        if target not in d.game.objects("graveyard"):
            return
        _act(d, "pass")
    raise AssertionError("the ability resolves")


@pytest.mark.parametrize("impl", IMPLS)
def test_only_a_creature_card_put_into_a_graveyard_this_turn_is_a_target_400_7(impl):
    """Vampire Nighthawk went to the opponent's graveyard the turn before: no target, so the
    ability isn't offered; Savannah Lions put there this turn is a target (its own graveyard's
    creature cards put there this turn too, any graveyard's)."""
    oracle(HARVESTER, TEXT)
    d, a, _ = _harvesters(impl, earlier=("Vampire Nighthawk",))
    assert not any(w.startswith(f"activate {HARVESTER}") for w in _words(d))
    lions = d.add_card(1 - a, "Savannah Lions", "graveyard")
    d.add_card(1 - a, "Stab", "graveyard")  # not a creature card
    ours = d.add_card(a, "Fanatical Firebrand", "graveyard")
    _act(d, f"activate {HARVESTER}")
    targets = [w for w in _words(d) if w.startswith("target")]
    assert targets == [w for w in targets if w.endswith((f"({lions})", f"({ours})"))]
    assert len(targets) == 2


@pytest.mark.parametrize("impl", IMPLS)
def test_it_exiles_the_card_and_creates_a_nightmare_token_copy_707_9a(impl):
    """Savannah Lions put into the opponent's graveyard this turn: it is exiled, and the
    Harvester's controller gets a 2/1 Savannah Lions token that is a Cat Soldier and a
    Nightmare (707.9a), untapped."""
    d, a, (harvester,) = _harvesters(impl)
    b = 1 - a
    lions = d.add_card(b, "Savannah Lions", "graveyard")
    _harvest(d, lions)
    assert d.game.is_tapped(harvester)
    assert [d.game.name(x) for x in d.game.objects("exile", b)] == ["Savannah Lions"]
    assert "Savannah Lions" not in [d.game.name(x) for x in d.game.objects("graveyard", b)]
    (token,) = [x for x in d.game.objects("battlefield", a) if d.game.name(x) == "Savannah Lions"]
    assert d.game.is_token(token)
    assert "Nightmare" in d.game.subtypes(token) and "Cat" in d.game.subtypes(token)
    assert (d.game.power(token), d.game.toughness(token)) == (2, 1)


@pytest.mark.parametrize("impl", IMPLS)
def test_then_it_exiles_all_other_nightmare_tokens_you_control_701_13(impl):
    """Two Harvesters: the first copies Savannah Lions, the second Vampire Nighthawk — the
    Lions token, the other Nightmare token, is exiled (it ceases to exist, 704.5d); the
    Nighthawk token stays."""
    d, a, _ = _harvesters(impl, n=2)
    b = 1 - a
    lions = d.add_card(b, "Savannah Lions", "graveyard")
    nighthawk = d.add_card(a, "Vampire Nighthawk", "graveyard")
    _harvest(d, lions)
    assert _on_battlefield(d, a).count("Savannah Lions") == 1
    _harvest(d, nighthawk)
    mine = _on_battlefield(d, a)
    assert "Savannah Lions" not in mine
    assert mine.count("Vampire Nighthawk") == 1
    (token,) = [
        x for x in d.game.objects("battlefield", a) if d.game.name(x) == "Vampire Nighthawk"
    ]
    assert "Nightmare" in d.game.subtypes(token)


HARVESTERS = _deck(
    {"Swamp": 17},
    [HARVESTER, "Stab", "Vampire Nighthawk", "Savannah Lions", "Fanatical Firebrand"],
)


@pytest.mark.parametrize("seed", [1, 3, 7])
def test_abyssal_harvesters_play_alike_in_both_duels(seed):
    """Random games activating Abyssal Harvester whenever offered: the same legal actions,
    observations, outcome and bytes in both duels."""
    _, seen = duel_support.play_alike(
        HARVESTERS,
        HARVESTERS,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: w.startswith((f"activate {HARVESTER}", f"cast {HARVESTER}", "cast Stab")),
        counted=lambda w: w.startswith(f"activate {HARVESTER}"),
    )
    assert seen > 0
