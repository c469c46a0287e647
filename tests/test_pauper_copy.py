"""Chain Lightning in the duel, on both implementations: a payment by another player (118.12)
and a copy of a spell on the stack (707.10, 707.10c); random games of the Rally mirror play
alike in both duels."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from test_pauper_duel import PAUPER, _act, _duel, _names, _play_alike, _to_main

CHAIN = (
    "Chain Lightning deals 3 damage to any target. Then that player or that permanent's "
    "controller may pay {R}{R}. If the player does, they may copy this spell and may choose a "
    "new target for that copy."
)


def test_chain_lightning_text():
    """The Oracle text; the card is playable in the Pauper pool, and with it the Rally list's
    deck is the pool's."""
    assert PAUPER["Chain Lightning"].card.oracle == CHAIN
    assert coverage.card_coverage("Chain Lightning", "pauper").playable
    assert set(PAUPER.decks) == {"burn", "rally"}


def _chain(d, target, mine=0, theirs=2):
    """In the active player's first main phase, with a Mountain to cast it, ``mine`` more
    Mountains and ``theirs`` for the opponent, Chain Lightning is cast at ``target`` (words
    of its target action, or a callable of the caster giving them) and both pass: it resolves
    up to its first choice. Returns the caster."""
    _to_main(d)
    a = d.active_player()
    for p, n in ((a, 1 + mine), (1 - a, theirs)):
        for _ in range(n):
            d.add_card(p, "Mountain", "battlefield")
    d.add_card(a, "Chain Lightning", "hand")
    _act(d, "cast Chain Lightning")
    _act(d, target(a) if callable(target) else target)
    d.apply_action(0)
    d.apply_action(0)
    return a


def _untapped(d, p):
    return [x for x in d.game.objects("battlefield", p) if not d.game.is_tapped(x)]


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_the_player_pays_and_copies_it_at_a_new_target_707_10(impl):
    """CR 707.10: "To copy a spell [...] means to put a copy of it onto the stack; a copy of a
    spell isn't cast." The damaged player pays {R}{R} (its decision, its two Mountains
    tapped), puts a copy on the stack under its control and chooses its target (707.10c): the
    caster, who takes 3. Only the card goes to the graveyard: the copy ceases to exist."""
    d = _duel(impl)
    a = _chain(d, lambda a: f"target player {1 - a}")
    o = 1 - a
    assert d.game.life(o) == 17
    assert d.decision() == "yes_no" and d.current_player() == o
    d.apply_action(d.legal_actions()[0])  # yes: pay {R}{R}
    assert _untapped(d, o) == []
    assert d.decision() == "target" and d.current_player() == o
    _act(d, f"target player {a}")
    d.apply_action(0)
    d.apply_action(0)
    assert d.game.life(a) == 17 and d.game.life(o) == 17
    assert d.decision() == "priority"  # the caster can't pay: it isn't asked
    assert _names(d, "graveyard", a) == ["Chain Lightning"] and _names(d, "graveyard", o) == []


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_declining_makes_no_copy(impl):
    """ "If the player does": declining, nothing is paid and no copy is made."""
    d = _duel(impl)
    a = _chain(d, lambda a: f"target player {1 - a}")
    d.apply_action(d.legal_actions()[1])  # no
    assert d.decision() == "priority" and len(_untapped(d, 1 - a)) == 2
    assert not d.game.objects("stack", a) and not d.game.objects("stack", 1 - a)
    assert d.game.life(a) == 20 and _names(d, "graveyard", a) == ["Chain Lightning"]


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_a_player_who_cant_pay_isnt_asked_118_12(impl):
    """With one Mountain, the damaged player can't pay {R}{R}: it isn't asked."""
    d = _duel(impl)
    a = _chain(d, lambda a: f"target player {1 - a}", theirs=1)
    assert d.decision() == "priority" and d.current_player() == a
    assert d.game.life(1 - a) == 17 and len(_untapped(d, 1 - a)) == 1


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_the_permanents_controller_pays_and_the_copies_chain(impl):
    """ "That permanent's controller may pay": Chain Lightning at the opponent's Goblin
    Bushwhacker kills it and its controller copies it at the caster; the caster, with two
    Mountains of its own, may then pay for a copy of that copy, and aims it at the opponent."""
    d = _duel(impl)
    _to_main(d)
    goblin = d.add_card(1 - d.active_player(), "Goblin Bushwhacker", "battlefield")
    a = _chain(d, "target Goblin Bushwhacker", mine=2)
    o = 1 - a
    assert d.decision() == "yes_no" and d.current_player() == o
    d.apply_action(d.legal_actions()[0])
    _act(d, f"target player {a}")
    d.apply_action(0)
    d.apply_action(0)
    assert goblin not in d.game.objects("battlefield", o)
    assert d.game.life(a) == 17
    assert d.decision() == "yes_no" and d.current_player() == a  # the copy's target pays
    d.apply_action(d.legal_actions()[0])
    _act(d, f"target player {o}")
    d.apply_action(0)
    d.apply_action(0)
    assert d.game.life(o) == 17 and d.decision() == "priority"  # o has no Mountain left
    assert _names(d, "graveyard", a) == ["Chain Lightning"]


@pytest.mark.parametrize("seed", [1, 4])
def test_the_rally_mirror_plays_alike_in_both_duels(seed):
    """Random games of the Rally mirror (the registered deck) play the same in both duels:
    the same legal actions, words, observations, outcome and bytes; Chain Lightning is cast
    whenever it is offered, and every offer to pay (for a copy, too) is taken."""

    def prefer(w: str) -> bool:
        return w.startswith("cast Chain Lightning") or w == "yes"

    assert _play_alike("rally", seed, prefer, lambda w: w.startswith("cast Chain Lightning")) > 0
