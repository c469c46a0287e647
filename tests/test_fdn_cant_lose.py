"""Herald of Eternal Dawn: "You can't lose the game" (104.3) — the kernel's "losing_cant" on
both kernels: a player it affects doesn't lose by 0 life (704.5a), ten poison counters
(704.5c) or a draw from an empty library (704.5b, the duels'); once the effect ends, the next
check finds the player losing. The Oracle text quoted and shown doing it on both bare
implementations and in the native and the reference duel alike; games with it still end (the
turn limit, docs/DUEL.md)."""

from __future__ import annotations

import pytest
from fdn_support import oracle, put
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import IMPLS, _next_turn_of

HERALD = (
    "Flash (You may cast this spell any time you could cast an instant.)\nFlying\n"
    "You can't lose the game and your opponents can't win the game."
)


def test_a_player_who_can_t_lose_doesn_t_lose_704_5a_704_5c(game):
    """With "losing_cant" on player 0, 0 life and ten poison counters make no player lose;
    player 1, unaffected, loses; removing the effect, the next check finds player 0 losing."""
    g = game()
    eid = g.add_replacement_effect("losing_cant", affects="you", controller=0)
    assert not g.can_lose(0) and g.can_lose(1)
    g.lose_life(0, 20)
    g.add_counters(0, "poison", 10)
    g.lose_life(1, 20)
    g.check_state_based_actions()
    assert not g.has_lost(0) and g.has_lost(1)
    g.remove_replacement_effect(eid)
    assert g.can_lose(0)
    g.check_state_based_actions()
    assert g.has_lost(0)


def test_herald_of_eternal_dawn_on_a_bare_game(game):
    """Herald of Eternal Dawn: its controller at 0 life doesn't lose while it is on the
    battlefield (its static ability, 611.3a); destroyed, the player loses at the next check."""
    oracle("Herald of Eternal Dawn", HERALD)
    g = game()
    herald = put(g, "Herald of Eternal Dawn", 0)
    assert g.has_keyword(herald, "flying")
    assert not g.can_lose(0) and g.can_lose(1)
    g.lose_life(0, 25)
    g.check_state_based_actions()
    assert not g.has_lost(0) and g.life(0) == -5
    g.destroy(herald)
    g.check_state_based_actions()
    assert g.has_lost(0) and g.winner() == 1


def test_can_lose_refuses_what_isn_t_a_player(game):
    """Bad input is a ValueError, the game unchanged."""
    g = game()
    card = put(g, "Savannah Lions", 0)
    with pytest.raises(ValueError):
        g.can_lose(card)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("herald", [True, False])
def test_drawing_from_an_empty_library_with_herald_704_5b(impl, herald):
    """A player of an eight-card deck draws from an empty library by its third turn: with
    Herald of Eternal Dawn it doesn't lose and the game goes on (to its next turn's main
    phase); without it, it loses (704.5b)."""
    d = impl(["Plains"] * 8, ["Plains"] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False)
    a = 0
    if herald:
        d.add_card(a, "Herald of Eternal Dawn", "battlefield")
    while d.turn() < 7 and not d.is_terminal():
        d.apply_action(d.legal_actions()[0])
    assert d.library_size(a) == 0
    if herald:
        assert not d.is_terminal()
        _next_turn_of(d, a)
        assert not d.is_terminal() and d.game.can_lose(a) is False
    else:
        assert d.is_terminal() and d.returns()[a] < 0


@pytest.mark.parametrize("seed", [9, 10])
def test_herald_plays_alike_in_both_duels(seed):
    """Random games with Herald of Eternal Dawn play the same in both duels, and end."""
    deck = _deck({"Plains": 16}, ["Herald of Eternal Dawn", "Savannah Lions", "Healer's Hawk"])
    play_alike(deck, BOROS, seed)
