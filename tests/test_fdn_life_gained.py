"""Life gained (119.9) "for the first time each turn" and "for the first time during each of
your turns": Vanguard Seraph and Cat Collector; each card's Oracle text quoted and shown doing
it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _named, _next_turn_of, _words
from test_fdn_duel_modes import _lands

SERAPH = (
    "Flying\nWhenever you gain life for the first time each turn, surveil 1. (Look at the top "
    "card of your library. You may put it into your graveyard.)"
)
COLLECTOR = (
    "When this creature enters, create a Food token. (It's an artifact with \"{2}, {T}, "
    'Sacrifice this token: You gain 3 life.")\nWhenever you gain life for the first time '
    "during each of your turns, create a 1/1 white Cat creature token."
)
LIFE_GAINERS = ["Dazzling Angel", "Vanguard Seraph", "Cat Collector"]


def _board(impl, plains, hand):
    """A duel in the active player's first main phase: Dazzling Angel ("Whenever another
    creature you control enters, you gain 1 life."), Vanguard Seraph and Cat Collector, with
    ``plains`` Plains, on its battlefield and the cards ``hand`` in its hand."""
    oracle("Vanguard Seraph", SERAPH)
    oracle("Cat Collector", COLLECTOR)
    d = _duel(impl, "Plains")
    a = d.active_player()
    _lands(d, a, "Plains", plains)
    for name in LIFE_GAINERS:
        d.add_card(a, name, "battlefield")
    for name in hand:
        d.add_card(a, name, "hand")
    return d, a


def _play_on(d, done):
    """Takes the first legal action until ``done()``; returns the decisions taken on the way
    (a surveil is a ``choose_card`` decision)."""
    seen = []
    for _ in range(40):
        if done():
            return seen
        seen.append(d.decision())
        d.apply_action(d.legal_actions()[0])
    raise AssertionError("never done")


def _can_cast_lions(d, a):
    """a may cast a creature spell: its main phase with the stack empty (307.1)."""
    return d.current_player() == a and any(
        d.action_to_string(x).startswith("cast Savannah Lions") for x in d.legal_actions()
    )


@pytest.mark.parametrize("impl", IMPLS)
def test_the_first_life_gain_of_your_turn_triggers_once_119_9(impl):
    """Savannah Lions enters: Dazzling Angel gains 1 life, the first life gain this turn —
    Vanguard Seraph surveils 1 and Cat Collector creates a Cat. The Cat entering gains 1 life
    more, and a second Lions another: neither triggers them again this turn (one surveil, one
    Cat)."""
    d, a = _board(impl, 4, ["Savannah Lions"] * 2)
    _act(d, "cast Savannah Lions")
    seen = _play_on(d, lambda: d.game.life(a) == 22 and _can_cast_lions(d, a))
    assert seen.count("choose_card") == 1
    assert len(_named(d, a, "Cat Token 1/1")) == 1
    _act(d, "cast Savannah Lions")
    seen = _play_on(
        d, lambda: d.game.life(a) == 23 and _can_cast_lions(d, a) or d.step() != "main1"
    )
    assert d.game.life(a) == 23 and "choose_card" not in seen
    assert len(_named(d, a, "Cat Token 1/1")) == 1


@pytest.mark.parametrize("impl", IMPLS)
def test_a_life_gain_on_an_opponents_turn_119_9(impl):
    """On the opponent's turn its controller flashes in Resolute Reinforcements (the creature
    and its Soldier token: two life gains): Vanguard Seraph ("each turn") surveils once; Cat
    Collector ("during each of your turns") makes no Cat."""
    d, a = _board(impl, 2, ["Resolute Reinforcements"])
    _next_turn_of(d, 1 - a)
    for x in _named(d, a, "Plains"):
        assert not d.is_tapped(x)
    _play_on(d, lambda: d.current_player() == a)
    _act(d, "cast Resolute Reinforcements")
    seen = _play_on(d, lambda: d.game.life(a) == 22 and d.current_player() == 1 - a)
    assert seen.count("choose_card") == 1
    assert _named(d, a, "Cat Token 1/1") == []
    assert len(_named(d, a, "Soldier Token 1/1")) == 1


GAINERS = _deck(
    {"Plains": 9, "Scoured Barrens": 4, "Swamp": 4},
    [
        "Vanguard Seraph",
        "Cat Collector",
        "Dazzling Angel",
        "Savannah Lions",
        "Resolute Reinforcements",
        "Healer's Hawk",
    ],
)


def test_the_life_gain_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(GAINERS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_first_life_gains_play_alike_in_both_duels(seed):
    """Random games of the life gainers: the same legal actions, observations, outcome and
    bytes in both duels."""
    play_alike(GAINERS, ELVES, seed)


PANDA = (
    "Whenever you gain life, put a +1/+1 counter on this creature.\nWhen this creature dies, "
    "return another target non-Bear creature card with mana value less than or equal to this "
    "creature's power from your graveyard to the battlefield."
)


@pytest.mark.parametrize("impl", IMPLS)
def test_fiendish_panda_grows_and_returns_a_card_up_to_its_last_power_608_2h(impl):
    """Fiendish Panda (3/2) gets a +1/+1 counter for a life gain (Dazzling Angel's, as Savannah
    Lions enters: a 4/3). Destroyed (Hero's Downfall), its dies trigger targets another non-Bear
    creature card in its controller's graveyard with mana value at most its last known power,
    4 (608.2h): Cat Collector (3) and Vanguard Seraph (4), not Serra Angel (5) nor the Panda's
    own card (a Bear); the Seraph returns."""
    oracle("Fiendish Panda", PANDA)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    _lands(d, a, "Plains", 1)
    _lands(d, a, "Swamp", 3)
    panda = d.add_card(a, "Fiendish Panda", "battlefield")
    d.add_card(a, "Dazzling Angel", "battlefield")
    for name in ("Cat Collector", "Serra Angel"):
        d.add_card(a, name, "graveyard")
    seraph = d.add_card(a, "Vanguard Seraph", "graveyard")
    d.add_card(a, "Savannah Lions", "hand")
    d.add_card(a, "Hero's Downfall", "hand")
    _act(d, "cast Savannah Lions")
    _play_on(d, lambda: d.current_player() == a and "play Swamp" in " ".join(_words(d)))
    assert d.game.counters(panda) == {"+1/+1": 1} and d.game.power(panda) == 4
    _act(d, "cast Hero's Downfall")
    _act(d, f"target Fiendish Panda ({panda})")
    _play_on(d, lambda: d.decision() == "target")
    names = sorted(w.split(" (")[0] for w in _words(d) if w.startswith("target"))
    assert names == ["target Cat Collector", "target Vanguard Seraph"]
    _act(d, f"target Vanguard Seraph ({seraph})")
    _play_on(d, lambda: bool(_named(d, a, "Vanguard Seraph")))
