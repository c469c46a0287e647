"""Impulse draw in the duel, on both implementations: Reckless Impulse, Experimental Synthesizer
and Clockwork Percussionist exile the top cards of their controller's library, which that player
may play (a land as from the hand, 305.1-305.2; a spell with its timing and costs, 307.1, 601.2)
until the end of the turn or of that player's next turn; random games of them play alike."""

from __future__ import annotations

import pytest
from cardstate import cards
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from test_pauper_duel import (
    PAUPER,
    _act,
    _duel,
    _names,
    _play_alike,
    _random_deck,
    _to_main,
    _words,
)

IMPULSE = (
    "Exile the top two cards of your library. Until the end of your next turn, you may play "
    "those cards."
)
SYNTHESIZER = (
    "When this artifact enters or leaves the battlefield, exile the top card of your library. "
    "Until end of turn, you may play that card.\n{2}{R}, Sacrifice this artifact: Create a 2/2 "
    "white Samurai creature token with vigilance. Activate only as a sorcery."
)
PERCUSSIONIST = (
    "Haste\nWhen this creature dies, exile the top card of your library. You may play it until "
    "the end of your next turn."
)


def test_impulse_cards_texts():
    """The Oracle texts, and the cards playable in the pool."""
    assert PAUPER["Reckless Impulse"].card.oracle == IMPULSE
    assert PAUPER["Experimental Synthesizer"].card.oracle == SYNTHESIZER
    assert PAUPER["Clockwork Percussionist"].card.oracle == PERCUSSIONIST
    samurai = PAUPER["Samurai Token 2/2"].card
    assert (samurai.power, samurai.toughness, samurai.keywords) == (2, 2, ("vigilance",))
    for name in ("Reckless Impulse", "Experimental Synthesizer", "Clockwork Percussionist"):
        assert coverage.card_coverage(name, "pauper").playable


def test_reckless_impulse_on_a_bare_game_exiles_the_top_two(game):
    """On a bare ``Game`` (no duel keeps a permission to play), Reckless Impulse exiles the top
    two cards of its controller's library (the lowest library ids), not more."""
    g = game()
    lib = [cards.place(g, name, 0, "library", pool=PAUPER) for name in ("Lightning Bolt",) * 3]
    cards.resolve(g, "Reckless Impulse", 0, [], pool=PAUPER)
    assert [g.name(x) for x in g.objects("exile", 0)] == ["Lightning Bolt"] * 2
    assert g.objects("library") == [lib[2]]


def _exile_words(d):
    return [w for w in _words(d) if "exile slot" in w]


def _pass(d):
    """Passes, or makes the first choice of a decision that can't be passed (a cleanup
    discard, 514.1)."""
    d.apply_action(d.legal_actions()[0])


def _to_priority(d, p):
    while d.current_player() != p:
        _pass(d)


def _resolve_top(d):
    """Both players pass: the top of the stack resolves."""
    d.apply_action(0)
    d.apply_action(0)


def _to_turn(d, turn, step="main1"):
    """Passes to step ``step`` of turn ``turn``, with priority there."""
    while d.turn() != turn or d.step() != step:
        _pass(d)


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_reckless_impulse_plays_a_land_and_a_spell_from_exile(impl):
    """Reckless Impulse: "Exile the top two cards of your library. Until the end of your next
    turn, you may play those cards." The exiled Mountain is played as the turn's land (305.2:
    the land in hand can't be played after it), the exiled Lightning Bolt is cast for its mana
    cost (601.2f-h) and deals 3 damage; a spell cast from exile goes to the graveyard as it
    resolves (608.2n)."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    d.add_card(a, "Mountain", "library")
    d.add_card(a, "Lightning Bolt", "library")
    d.add_card(a, "Reckless Impulse", "hand")
    for _ in range(2):
        d.add_card(a, "Mountain", "battlefield")
    _act(d, "cast Reckless Impulse")
    _resolve_top(d)
    assert _names(d, "exile", a) == ["Lightning Bolt", "Mountain"]
    # The Mountains are tapped for Reckless Impulse: the Bolt can't be paid for yet.
    assert _exile_words(d) == ["play Mountain (exile slot 1)"]
    _act(d, "play Mountain (exile slot 1)")
    assert _names(d, "exile", a) == ["Lightning Bolt"]
    assert not any(w.startswith("play Mountain") for w in _words(d))  # 305.2: one land a turn
    _act(d, "cast Lightning Bolt (exile slot 0)")
    _act(d, f"target player {1 - a}")
    _resolve_top(d)
    assert d.game.life(1 - a) == 17
    assert _names(d, "exile", a) == []
    assert "Lightning Bolt" in _names(d, "graveyard", a)


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_reckless_impulse_lasts_until_the_end_of_your_next_turn(impl):
    """ "Until the end of your next turn": the exiled Lightning Bolt (an instant, 307.1) may be
    cast in the opponent's turn and in its owner's next turn, and not in the turn after; it
    stays in exile."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    turn = d.turn()
    d.add_card(a, "Lightning Bolt", "library")
    d.add_card(a, "Reckless Impulse", "hand")
    for _ in range(3):
        d.add_card(a, "Mountain", "battlefield")
    _act(d, "cast Reckless Impulse")
    _resolve_top(d)
    assert "cast Lightning Bolt (exile slot 0)" in _exile_words(d)
    _to_turn(d, turn + 1)
    _to_priority(d, a)
    assert "cast Lightning Bolt (exile slot 0)" in _exile_words(d)
    _to_turn(d, turn + 2)
    assert "cast Lightning Bolt (exile slot 0)" in _exile_words(d)
    _to_turn(d, turn + 4)
    assert _exile_words(d) == []
    assert _names(d, "exile", a) == ["Lightning Bolt", "Mountain"]


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_experimental_synthesizer_enters_and_leaves(impl):
    """Experimental Synthesizer: "When this artifact enters or leaves the battlefield, exile
    the top card of your library. Until end of turn, you may play that card." and "{2}{R},
    Sacrifice this artifact: Create a 2/2 white Samurai creature token with vigilance.
    Activate only as a sorcery." Entering exiles the top card (playable this turn only);
    sacrificing it makes the Samurai and its leaving exiles the next card (603.6c)."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    turn = d.turn()
    d.add_card(a, "Lightning Bolt", "library")
    d.add_card(a, "Lightning Bolt", "library")
    d.add_card(a, "Experimental Synthesizer", "hand")
    for _ in range(4):
        d.add_card(a, "Mountain", "battlefield")
    _act(d, "cast Experimental Synthesizer")
    _resolve_top(d)  # the artifact spell
    _resolve_top(d)  # its "enters" trigger
    assert _names(d, "exile", a) == ["Lightning Bolt"]
    assert _exile_words(d) == ["cast Lightning Bolt (exile slot 0)"]
    _act(d, "activate Experimental Synthesizer")
    assert "Experimental Synthesizer" in _names(d, "graveyard", a)
    _resolve_top(d)  # its "leaves" trigger, above the ability
    assert _names(d, "exile", a) == ["Lightning Bolt", "Lightning Bolt"]
    _resolve_top(d)
    (samurai,) = [x for x in d.game.objects("battlefield", a) if "Samurai" in d.game.name(x)]
    assert d.game.power(samurai) == 2 and d.game.toughness(samurai) == 2
    assert d.game.has_keyword(samurai, "vigilance")
    # "Until end of turn": the next turn, nothing in exile may be played.
    _to_turn(d, turn + 1)
    _to_priority(d, a)
    assert _exile_words(d) == []


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_experimental_synthesizer_activates_only_as_a_sorcery(impl):
    """ "Activate only as a sorcery" (602.5d): not with a spell on the stack."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    d.add_card(a, "Experimental Synthesizer", "battlefield")
    for _ in range(4):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Lightning Bolt", "hand")
    assert any(w.startswith("activate Experimental Synthesizer") for w in _words(d))
    _act(d, "cast Lightning Bolt")
    _act(d, f"target player {1 - a}")
    assert not any(w.startswith("activate") for w in _words(d))


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_clockwork_percussionist_dies_in_the_opponents_turn(impl):
    """Clockwork Percussionist: "When this creature dies, exile the top card of your library.
    You may play it until the end of your next turn." Killed in its opponent's turn, its
    controller may cast the exiled Lightning Bolt then and in its own next turn, not later."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    b = 1 - a
    turn = d.turn()
    d.add_card(b, "Clockwork Percussionist", "battlefield")
    d.add_card(b, "Lightning Bolt", "library")
    for _ in range(2):
        d.add_card(b, "Mountain", "battlefield")
    d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Lightning Bolt", "hand")
    _act(d, "cast Lightning Bolt")
    _act(d, "target Clockwork Percussionist")
    _resolve_top(d)
    assert "Clockwork Percussionist" in _names(d, "graveyard", b)
    while _names(d, "exile", b) == []:
        _pass(d)
    _to_priority(d, b)
    assert _exile_words(d) == ["cast Lightning Bolt (exile slot 0)"]
    _to_turn(d, turn + 1)
    assert _exile_words(d) == ["cast Lightning Bolt (exile slot 0)"]
    _to_turn(d, turn + 2)
    _to_priority(d, b)
    assert _exile_words(d) == []


IMPULSES = _random_deck(
    {
        "Reckless Impulse": 10,
        "Experimental Synthesizer": 8,
        "Clockwork Percussionist": 8,
        "Lightning Bolt": 8,
        "Goblin Tomb Raider": 6,
        "Great Furnace": 4,
    }
)


@pytest.mark.parametrize("seed", [1, 2])
def test_impulse_draw_plays_alike_in_both_duels(seed):
    """Random games of impulse draw (and of Goblin Tomb Raider, whose static ability reads the
    artifacts its controller controls, 611.3a) play the same in both duels: the same legal
    actions, words, observations, outcome and bytes; cards are played from exile in them."""
    assert _play_alike(IMPULSES, seed, lambda w: "(exile slot" in w) > 0
