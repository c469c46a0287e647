"""The mana pool in the duel, on both implementations (106.4, 500.4): Burning-Tree Emissary's
"When this creature enters, add {R}{G}." puts mana in its controller's pool, which pays before
any land is tapped and empties as the step ends."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage, load_deck
from cardstate.cards.fdn.data import pauper_files
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from test_pauper_duel import PAUPER, _act, _duel, _names, _play_alike, _to_main, _words

EMISSARY = "When this creature enters, add {R}{G}."


def test_burning_tree_emissary_text():
    """The Oracle text; the card is playable in the Pauper pool."""
    assert PAUPER["Burning-Tree Emissary"].card.oracle == EMISSARY
    assert coverage.card_coverage("Burning-Tree Emissary", "pauper").playable


def _emissary_resolved(d, emissaries=1, bolts=1, lands=2):
    """In the active player's first main phase with ``lands`` Mountains, Burning-Tree Emissary
    is cast (paid with the Mountains) and it and its enters trigger resolve: its controller's
    pool holds {R}{G}. Returns that player."""
    _to_main(d)
    a = d.active_player()
    for _ in range(lands):
        d.add_card(a, "Mountain", "battlefield")
    for name, n in (("Burning-Tree Emissary", emissaries), ("Lightning Bolt", bolts)):
        for _ in range(n):
            d.add_card(a, name, "hand")
    _act(d, "cast Burning-Tree Emissary")
    for _ in range(4):  # the spell resolves, then its trigger
        d.apply_action(0)
    assert d.decision() == "priority" and d.step() == "main1"
    lands_of = [x for x in d.game.objects("battlefield", a) if d.game.name(x) == "Mountain"]
    assert all(d.game.is_tapped(x) for x in lands_of)
    return a


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_mana_in_the_pool_pays_for_the_next_emissary_106_4(impl):
    """CR 106.4: "When an effect instructs a player to add mana, that mana goes into a mana
    pool." With every land tapped, the {R}{G} pays for a second Emissary ({R/G}{R/G}), whose
    own {R}{G} then pays for Lightning Bolt, with {G} left unspent."""
    d = _duel(impl)
    a = _emissary_resolved(d, emissaries=2)
    words = _words(d)
    assert any(w.startswith("cast Burning-Tree Emissary") for w in words)
    assert any(w.startswith("cast Lightning Bolt") for w in words)
    _act(d, "cast Burning-Tree Emissary")
    for _ in range(4):
        d.apply_action(0)
    assert _names(d, "battlefield", a).count("Burning-Tree Emissary") == 2
    _act(d, "cast Lightning Bolt")
    _act(d, f"target player {1 - a}")
    d.apply_action(0)
    d.apply_action(0)
    assert d.game.life(1 - a) == 17
    # {G} is left: nothing of the hand costs {G} alone.
    assert not any(w.startswith("cast") for w in _words(d))


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_the_pool_empties_as_the_step_ends_106_4_500_4(impl):
    """CR 500.4: "When a step or phase ends, any unused mana left in a player's mana pool
    empties." The {R}{G} pays for Lightning Bolt in the main phase; once the phase ends it is
    gone, and with every land tapped Bolt can't be cast in the next step."""
    d = _duel(impl)
    a = _emissary_resolved(d)
    assert any(w.startswith("cast Lightning Bolt") for w in _words(d))
    d.apply_action(0)
    d.apply_action(0)  # both pass with an empty stack: the main phase ends
    assert d.step() == "beginning of combat" and d.current_player() == a
    assert not any(w.startswith("cast Lightning Bolt") for w in _words(d))


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_pool_mana_pays_before_lands_106_4(impl):
    """The automatic payment spends the mana in the pool first (docs/DUEL.md, "Mana"): with a
    third, untapped Mountain, Lightning Bolt is paid with the pool's {R} and the Mountain stays
    untapped."""
    d = _duel(impl)
    a = _emissary_resolved(d, lands=2)
    mountain = d.add_card(a, "Mountain", "battlefield")
    _act(d, "cast Lightning Bolt")
    assert not d.game.is_tapped(mountain)


@pytest.mark.parametrize("seed", [1, 2])
def test_rally_games_with_emissaries_play_alike_in_both_duels(seed):
    """Random games of the Rally list's mainboard (its defined cards) play the same in both
    duels, casting Burning-Tree Emissary whenever it is offered (the pool's mana then pays)."""
    deck = [n for n in load_deck(pauper_files()["rally"]) if n in PAUPER]
    assert deck.count("Burning-Tree Emissary") == 4
    assert _play_alike(deck, seed, lambda w: w.startswith("cast Burning-Tree Emissary")) > 0
