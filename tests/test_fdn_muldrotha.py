"""Muldrotha, the Gravetide: "During each of your turns, you may play a land and cast a permanent
spell of each permanent type from your graveyard." (305.1, 601.2a), its Oracle text quoted and
shown in the native and the reference duel alike: one card of each permanent type a turn (a
card of several types uses the first of artifact, creature, enchantment, land, planeswalker,
battle not used yet), a land played this way is the turn's land (305.2), and the permanent
types are counted anew each turn."""

from __future__ import annotations

import duel_support
import pytest
from fdn_support import oracle
from test_fdn_duel import BOROS, _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _pass_until, _words

MULDROTHA = (
    "During each of your turns, you may play a land and cast a permanent spell of each "
    "permanent type from your graveyard. (If a card has multiple permanent types, choose one "
    "as you play it.)"
)


def _muldrotha(impl, muldrotha=True):
    """Player a controls Muldrotha (unless not ``muldrotha``) and four Swamps, has a Swamp in
    hand, and its graveyard holds two Diregraf Ghouls, a Gleaming Barrier (an artifact
    creature), an Adventuring Gear (an artifact) and a Swamp."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    if muldrotha:
        d.add_card(a, "Muldrotha, the Gravetide", "battlefield")
    for _ in range(4):
        d.add_card(a, "Swamp", "battlefield")
    for name in ("Diregraf Ghoul", "Diregraf Ghoul", "Gleaming Barrier", "Adventuring Gear"):
        d.add_card(a, name, "graveyard")
    d.add_card(a, "Swamp", "graveyard")
    return d, a


def _from_graveyard(d):
    """The names of the cards the player with priority may play from its graveyard now."""
    return sorted(w.split(" (")[0].split(" ", 1)[1] for w in _words(d) if "(graveyard slot" in w)


def _resolve(d):
    _pass_until(d, lambda: not d.game.objects("stack"))


def _graveyard(d, p):
    return sorted(d.game.name(x) for x in d.game.objects("graveyard", p))


@pytest.mark.parametrize("impl", IMPLS)
def test_muldrotha_plays_one_card_of_each_permanent_type_from_the_graveyard(impl):
    """Each permanent card of the graveyard is offered (equal cards once). Gleaming Barrier,
    an artifact creature, is cast as the artifact (the first type): Adventuring Gear, an
    artifact, is then not offered, a Diregraf Ghoul still is. Once a Ghoul is cast, the other
    isn't. The Swamp played from the graveyard is the turn's land (305.2): the hand's Swamp
    can't be played after it."""
    oracle("Muldrotha, the Gravetide", MULDROTHA)
    d, a = _muldrotha(impl)
    d.add_card(a, "Swamp", "hand")
    assert _from_graveyard(d) == [
        "Adventuring Gear",
        "Diregraf Ghoul",
        "Gleaming Barrier",
        "Swamp",
    ]
    _act(d, "cast Gleaming Barrier")
    _resolve(d)
    assert _named(d, a, "Gleaming Barrier")
    assert _from_graveyard(d) == ["Diregraf Ghoul", "Swamp"]
    _act(d, "cast Diregraf Ghoul")
    _resolve(d)
    assert len(_named(d, a, "Diregraf Ghoul")) == 1
    assert _from_graveyard(d) == ["Swamp"]
    assert any(w.startswith("play Swamp (hand") for w in _words(d))
    _act(d, "play Swamp (graveyard")
    assert len(_named(d, a, "Swamp")) == 5
    assert _graveyard(d, a) == ["Adventuring Gear", "Diregraf Ghoul"]
    assert _from_graveyard(d) == []
    assert not any(w.startswith("play Swamp") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_a_land_from_the_hand_uses_the_land_drop_305_2(impl):
    """After the hand's Swamp is played, the graveyard's isn't offered (one land a turn);
    its spells still are."""
    d, a = _muldrotha(impl)
    d.add_card(a, "Swamp", "hand")
    _act(d, "play Swamp (hand")
    assert _from_graveyard(d) == ["Adventuring Gear", "Diregraf Ghoul", "Gleaming Barrier"]


@pytest.mark.parametrize("impl", IMPLS)
def test_the_types_are_counted_anew_each_turn_and_need_muldrotha(impl):
    """A Ghoul cast this turn; on its controller's next turn the other Ghoul is offered again.
    Without Muldrotha nothing in the graveyard is."""
    d, a = _muldrotha(impl)
    _act(d, "cast Diregraf Ghoul")
    _resolve(d)
    assert "Diregraf Ghoul" not in _from_graveyard(d)
    _next_turn_of(d, 1 - a)
    _next_turn_of(d, a)
    assert "Diregraf Ghoul" in _from_graveyard(d)
    bare, _ = _muldrotha(impl, muldrotha=False)
    assert _from_graveyard(bare) == []


GRAVETIDE = _deck(
    {"Swamp": 9, "Forest": 4, "Island": 4},
    [
        "Muldrotha, the Gravetide",
        "Diregraf Ghoul",
        "Gleaming Barrier",
        "Adventuring Gear",
        "Muldrotha, the Gravetide",
        "Hungry Ghoul",
    ],
)


@pytest.mark.parametrize("seed", [2, 6])
def test_muldrotha_plays_alike_in_both_duels(seed):
    """Random games playing lands, casting Muldrotha and playing from the graveyard whenever
    possible: the
    same actions, observations and bytes in both duels (a card was played from a graveyard)."""

    def from_graveyard(w):
        return "(graveyard slot" in w

    def prefer(w):
        return w.startswith(("play ", "cast Muldrotha")) or from_graveyard(w)

    _, seen = duel_support.play_alike(
        GRAVETIDE, BOROS, seed, pool="fdn", format="limited", prefer=prefer, counted=from_graveyard
    )
    assert seen > 0


@pytest.mark.parametrize("impl", IMPLS)
def test_only_during_its_controller_s_turns(impl):
    """Spectral Sailor (flash) in the graveyard: offered on its controller's turn, not when
    that player has priority on the opponent's turn."""
    d = _duel(impl, "Island")
    a = d.active_player()
    d.add_card(a, "Muldrotha, the Gravetide", "battlefield")
    d.add_card(a, "Island", "battlefield")
    d.add_card(a, "Spectral Sailor", "graveyard")
    assert _from_graveyard(d) == ["Spectral Sailor"]
    _next_turn_of(d, 1 - a)
    _pass_until(d, lambda: d.current_player() == a)
    assert d.active_player() == 1 - a
    assert _from_graveyard(d) == []
